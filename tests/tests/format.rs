//! The formatter (`fairyc fmt`, fairyc_compiler::format): over every
//! shipped variant, every `.variant` file of tests/data and every fixture
//! that parses, formatting twice gives what formatting once gives, and the
//! formatted file means what the source meant: the same move tables when
//! it compiles, the same diagnostics (codes and messages) when it does
//! not. A property test lays the shipped files out at random (indentation,
//! spaces at line ends and around braces) and expects the one layout back.

use std::path::{Path, PathBuf};

use fairyc_compiler::format::format;
use fairyc_compiler::{compile, Finding, Report};
use proptest::prelude::*;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn variant_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for e in entries {
        if e.is_dir() {
            variant_files(&e, out);
        } else if e.extension().is_some_and(|x| x == "variant") {
            out.push(e);
        }
    }
}

fn shipped() -> Vec<PathBuf> {
    let mut files = Vec::new();
    variant_files(&root().join("variants"), &mut files);
    variant_files(&root().join("tests/data"), &mut files);
    files
}

fn fixtures() -> Vec<PathBuf> {
    let mut files = Vec::new();
    variant_files(&root().join("tests/fixtures"), &mut files);
    files
}

/// Codes and messages of a source's diagnostics, in order.
fn diagnostics(source: &str) -> Vec<(String, String)> {
    Finding::of(source)
        .iter()
        .map(|f| {
            let d = f.to_diagnostic(());
            (d.code.unwrap_or_default(), d.message)
        })
        .collect()
}

/// Formats `source` and checks the properties; returns whether it was
/// formatted (it parses).
fn check_file(path: &Path, source: &str) -> bool {
    let Ok(once) = format(source) else {
        return false;
    };
    let twice =
        format(&once).unwrap_or_else(|e| panic!("{}: formatted text refused: {e}", path.display()));
    assert_eq!(
        once,
        twice,
        "{}: formatting is not idempotent",
        path.display()
    );
    match compile(source) {
        Ok(tables) => assert_eq!(
            compile(&once).ok().as_ref(),
            Some(&tables),
            "{}: the tables differ after formatting",
            path.display()
        ),
        Err(_) => assert_eq!(
            diagnostics(&once),
            diagnostics(source),
            "{}: the diagnostics differ after formatting",
            path.display()
        ),
    }
    true
}

#[test]
fn shipped_files_format_idempotently_to_the_same_tables() {
    let files = shipped();
    assert!(files.len() >= 98, "{} files", files.len());
    for path in &files {
        let source = std::fs::read_to_string(path).expect("readable");
        assert!(
            check_file(path, &source),
            "{}: not formatted",
            path.display()
        );
        assert!(compile(&source).is_ok(), "{}", path.display());
    }
}

#[test]
fn fixtures_format_idempotently_with_the_same_meaning() {
    let files = fixtures();
    let formatted = files
        .iter()
        .filter(|path| {
            let source = std::fs::read_to_string(path).expect("readable");
            check_file(path, &source)
        })
        .count();
    // Most fixtures parse (only the parse/recover errors do not).
    assert!(
        formatted * 10 >= files.len() * 8,
        "{formatted} of {}",
        files.len()
    );
}

#[test]
fn shipped_files_are_formatted() {
    let unformatted: Vec<String> = shipped()
        .iter()
        .filter(|path| {
            let source = std::fs::read_to_string(path).expect("readable");
            format(&source).ok().as_deref() != Some(source.as_str())
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(unformatted.is_empty(), "run `fairyc fmt`: {unformatted:?}");
}

#[test]
fn layout_is_canonical() {
    let source = "// A test.\n\n\n\nvariant \"T\"{alias   \"t\" ;description \"a  b\"}\n\
                  board{files a .. h\n   ranks 1..8 # eight\n\n\n}\n\
                  piece King{letter K;moves K ;royal}\npiece Rook { letter R; moves R }\n\
                  castling {\n K:King e1->g1 ,Rook h1->f1\n}\n\
                  zone z { white : rank 8,\n rank 7; black: rank 1 }\n";
    let expected = "// A test.\n\nvariant \"T\" { alias \"t\"; description \"a  b\" }\n\
                    board {\n    files a..h\n    ranks 1..8  # eight\n}\n\
                    piece King { letter K; moves K; royal }\npiece Rook { letter R; moves R }\n\
                    castling {\n    K: King e1 -> g1, Rook h1 -> f1\n}\n\
                    zone z {\n    white: rank 8,\n        rank 7\n    black: rank 1\n}\n";
    assert_eq!(format(source).as_deref(), Ok(expected));
}

#[test]
fn comments_are_kept_where_they_stand() {
    let source = "// head\nend {  // after the brace\n    // own line\n    checkmate loss  // after\n\n    // before the last\n    stalemate draw\n    // at the end\n}  // after the item\n// the last line\n";
    assert_eq!(format(source).as_deref(), Ok(source));
}

#[test]
fn unparsable_and_ambiguous_files_are_refused() {
    assert!(format("piece King { letter K\n").is_err());
    assert!(format("variant \"x\n").is_err());
    // Two statements on one line without a `;`: refused, not guessed.
    let e = format("board { files a..h ranks 1..8 }\n").expect_err("refused");
    assert!(e.message.contains("missing"), "{e}");
}

#[test]
fn line_ends_and_byte_order_mark_are_kept() {
    let source = "\u{FEFF}board {\r\n  files a..h\r\n}\r\n";
    assert_eq!(
        format(source).as_deref(),
        Ok("\u{FEFF}board {\r\n    files a..h\r\n}\r\n")
    );
}

/// A shipped file laid out at random: indentation, spaces at line ends and
/// after `{` changed (never inside a string or a comment).
fn scramble(source: &str, seeds: &[u8]) -> String {
    let mut out = String::new();
    for (i, line) in source.lines().enumerate() {
        let seed = seeds[i % seeds.len()] as usize;
        let trimmed = line.trim_start();
        let plain = !trimmed.contains(['"', '#']) && !trimmed.contains("//");
        out.push_str(
            &[" ", "\t", "  \t", "", "        "][seed % 5]
                .repeat(seed % 3 + usize::from(trimmed.is_empty())),
        );
        if plain && seed.is_multiple_of(2) {
            out.push_str(&trimmed.replace("{ ", "{   ").replace(" }", " \t}"));
        } else {
            out.push_str(trimmed);
        }
        if plain {
            out.push_str(&" ".repeat(seed % 4));
        }
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_layout_formats_to_the_one_layout(file in 0usize..1000, seeds in prop::collection::vec(any::<u8>(), 1..16)) {
        let files = shipped();
        let path = &files[file % files.len()];
        let source = std::fs::read_to_string(path).expect("readable");
        let canonical = format(&source).expect("a shipped file formats");
        let scrambled = scramble(&source, &seeds);
        prop_assert_eq!(format(&scrambled).expect("a scrambled file formats"), canonical);
    }
}
