//! Commands against hostile or unusual input (issue 10): names with control
//! characters from a table, tables given to every command, help texts, the
//! square lookup, the cap on printed diagnostics.

mod common;

use std::path::{Path, PathBuf};

use common::{fairyc, stderr, stdout};

const ZH: &str = "variants/crazyhouse.variant";

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-cmd-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The crazyhouse table, written to `dir/zh.json`.
fn table(dir: &Path) -> (PathBuf, serde_json::Value) {
    let o = fairyc(&["compile", ZH]);
    assert!(o.status.success(), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("a table");
    let path = dir.join("zh.json");
    std::fs::write(&path, stdout(&o)).expect("write");
    (path, json)
}

#[test]
fn names_from_a_table_cannot_drive_the_terminal() {
    let dir = temp("ansi");
    let (_, mut json) = table(&dir);
    let parts = &mut json["parts"];
    parts["name"] = "\u{1b}[2J\u{1b}[31mEvil".into();
    parts["pieces"][0]["name"] = "King\u{1b}[5m".into();
    let squares = parts["board"]["squares"].as_array_mut().expect("squares");
    for sq in squares.iter_mut() {
        if sq["name"] == "e3" {
            sq["name"] = "e\u{1b}3".into();
        }
    }
    let evil = dir.join("evil.json");
    std::fs::write(&evil, json.to_string()).expect("write");
    let e = s(&evil);
    for args in [
        vec!["show", e],
        vec!["show", e, "--piece", "K", "--from", "e1"],
        vec!["show", e, "--piece", "P", "--from", "e2"],
        vec!["show", e, "--piece", "P", "--from", "zz"],
        vec!["moves", e],
        vec!["perft", e, "--depth", "1", "--divide"],
        vec!["compile", e, "--format", "text"],
        vec!["check", e],
    ] {
        let o = fairyc(&args);
        let (out, err) = (stdout(&o), stderr(&o));
        assert!(!out.contains('\u{1b}'), "{args:?}: {out}");
        assert!(!err.contains('\u{1b}'), "{args:?}: {err}");
        assert_ne!(o.status.code(), Some(101), "{args:?}: {err}");
    }
    let o = fairyc(&["show", e]);
    assert!(
        stdout(&o).starts_with("\\u{1b}[2J\\u{1b}[31mEvil\n"),
        "{}",
        stdout(&o)
    );
    let o = fairyc(&["moves", e]);
    assert!(stdout(&o).contains("e2e\\u{1b}3"), "{}", stdout(&o));
    // In SVG, the names are escaped so that the file is well-formed XML.
    let o = fairyc(&["show", e, "--svg", "-"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert!(svg.contains("\\u{1b}[2J"), "{svg}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_and_compile_take_a_table() {
    let dir = temp("tables");
    let (path, mut json) = table(&dir);
    let p = s(&path);
    let o = fairyc(&["check", p]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stderr(&o), "checked 1 file: no errors\n");
    // Re-exported as it is, or described.
    let o = fairyc(&["compile", p]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        std::fs::read_to_string(&path).expect("the table")
    );
    let o = fairyc(&["compile", p, "--format", "text", "--squares", "e2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Pawn"), "{}", stdout(&o));
    // A broken table: one short line, exit 1, not the table echoed back.
    json["parts"]["pieces"][0]["letter"] = "K1".into();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, json.to_string()).expect("write");
    let o = fairyc(&["check", s(&bad), ZH]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(lines[0].starts_with("error: ") && lines[0].contains("bad.json: invalid table"));
    assert!(lines[0].len() < 300, "{err}");
    assert_eq!(
        lines[1],
        "checked 2 files: 1 error, 0 warnings (1 file failed)"
    );
    let o = fairyc(&["check", "--format", "json", s(&bad)]);
    let obj: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one object");
    assert_eq!(obj["code"], serde_json::Value::Null);
    assert!(obj["message"]
        .as_str()
        .is_some_and(|m| m.contains("invalid table")));
    let o = fairyc(&["compile", s(&bad)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_help_lists_the_commands_that_exist() {
    let o = fairyc(&["--help"]);
    assert!(o.status.success());
    let help = stdout(&o);
    let about = help.lines().next().unwrap_or_default();
    for command in [
        "check", "explain", "compile", "build", "perft", "moves", "show", "export", "import",
        "play", "uci", "xboard", "fmt", "lsp",
    ] {
        assert!(about.contains(command), "{command}: {about}");
    }
    let commands = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "));
    for line in commands {
        let name = line.split_whitespace().next().unwrap_or_default();
        assert!(
            name == "help" || about.contains(name),
            "{name} is not in: {about}"
        );
    }
}

#[test]
fn a_negative_depth_is_a_clear_error() {
    let o = fairyc(&["perft", ZH, "--depth", "-1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains("the depth must be 0 or more plies"), "{err}");
    assert!(!err.contains("-- -1"), "{err}");
}

#[test]
fn squares_and_from_share_one_lookup() {
    // Case is ignored where unambiguous, for both.
    let o = fairyc(&["compile", ZH, "--format", "text", "--squares", "E2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("e2"), "{}", stdout(&o));
    let o = fairyc(&["show", ZH, "--piece", "P", "--from", "E2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The same error and suggestion for a square that does not exist.
    let o = fairyc(&["compile", ZH, "--format", "text", "--squares", "e22"]);
    assert_eq!(o.status.code(), Some(2));
    let compile_err = stderr(&o);
    let o = fairyc(&["show", ZH, "--piece", "P", "--from", "e22"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(compile_err, stderr(&o));
    assert!(compile_err.contains("did you mean"), "{compile_err}");
}

#[test]
fn diagnostics_printed_per_file_are_capped() {
    let dir = temp("many");
    let file = dir.join("many.variant");
    let text: String = (1..=60).map(|i| format!("bogus{i} 1\n")).collect();
    std::fs::write(&file, text).expect("write");
    let o = fairyc(&["check", s(&file)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    // At least the 60 unknown items; the summary counts all of them.
    let total: usize = err
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("checked 1 file: "))
        .and_then(|l| l.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a summary");
    assert!(total >= 60, "{err}");
    assert_eq!(err.matches("error[E").count(), 50, "{err}");
    assert!(
        err.contains(&format!("… and {} more errors in {}", total - 50, s(&file))),
        "{err}"
    );
    // JSON lists them all.
    let o = fairyc(&["check", "--format", "json", s(&file)]);
    assert_eq!(stdout(&o).lines().count(), total);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_writes_a_fairy_stockfish_section_or_refuses() {
    // A shipped variant by alias: the section is named after its file stem.
    let o = fairyc(&["export", "zh", "--to", "fairy-stockfish"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("[fairyc-crazyhouse]\n"), "{out}");
    assert!(out.contains("pieceDrops = true\n"), "{out}");
    // What the export does not write: a diagnostic with its code, exit 1
    // (shogi's `no-drop-mate`, which Fairy-Stockfish plays otherwise).
    let o = fairyc(&["export", "shogi", "--to", "fairy-stockfish"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error[E0165]"), "{}", stderr(&o));
    assert!(stderr(&o).contains("Pawn no-drop-mate"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    // A section name that would break the file.
    let o = fairyc(&[
        "export",
        "chess",
        "--to",
        "fairy-stockfish",
        "--name",
        "a]b",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("section name"), "{}", stderr(&o));
}

#[test]
fn export_targets_the_current_fairy_stockfish_or_11() {
    // The current Fairy-Stockfish: the nightrider is a custom piece.
    let o = fairyc(&["export", "nightrider", "--to", "fairy-stockfish"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("customPiece1 = "), "{out}");
    assert!(out.contains("Fairy-Stockfish (current"), "{out}");
    // 11.1 has no custom pieces: refused at the piece.
    let o = fairyc(&["export", "nightrider", "--to", "fairy-stockfish-11"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("error[E0161]"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let o = fairyc(&["export", "chess", "--to", "fairy-stockfish-11"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("for Fairy-Stockfish 11.1\n"));
}

#[test]
fn export_of_a_table_asks_for_the_source() {
    // A table is not read as `.variant` source (E0001 at its first brace):
    // the refusal says what export needs, on one line, and writes nothing.
    let dir = temp("export-table");
    let (path, _) = table(&dir);
    let out = dir.join("out.ini");
    let o = fairyc(&["export", s(&path), "--to", "fairy-stockfish", "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(!err.contains("E0001"), "{err}");
    assert!(err.contains("is a move table"), "{err}");
    assert!(err.contains("needs the `.variant` source"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(stdout(&o).is_empty());
    assert!(!out.exists(), "export wrote {}", out.display());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_writes_variants_never_over_an_existing_file() {
    let dir = temp("import");
    let ini = dir.join("v.ini");
    std::fs::write(
        &ini,
        "[small:chess]\nmaxFile = 6\nstartFen = rnbqkr/pppppp/6/6/6/6/PPPPPP/RNBQKR w - - 0 1\n",
    )
    .expect("write");
    let out = dir.join("out");
    let run = |extra: &[&str]| {
        let mut args = vec!["import", s(&ini), "-o", s(&out)];
        args.extend_from_slice(extra);
        fairyc(&args)
    };
    let checked = run(&["--check"]);
    assert_eq!(checked.status.code(), Some(0), "{}", stderr(&checked));
    assert!(!out.join("small.variant").exists(), "--check wrote a file");
    let first = run(&[]);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    let written = std::fs::read_to_string(out.join("small.variant")).expect("written");
    assert!(written.contains("files a..f"), "{written}");
    std::fs::write(out.join("small.variant"), "// mine\n").expect("write");
    let again = run(&[]);
    assert_eq!(again.status.code(), Some(1), "{}", stderr(&again));
    assert!(stderr(&again).contains("--force"), "{}", stderr(&again));
    // The summary counts the file not written (issue 35: "0 errors").
    assert!(
        stderr(&again).contains("1 with errors; 1 error, 0 warnings; 0 written"),
        "{}",
        stderr(&again)
    );
    assert_eq!(
        std::fs::read_to_string(out.join("small.variant")).expect("kept"),
        "// mine\n",
        "an existing file was replaced"
    );
    let forced = run(&["--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert!(std::fs::read_to_string(out.join("small.variant"))
        .expect("replaced")
        .contains("files a..f"));
    let unknown = run(&["--variant", "smal"]);
    assert_eq!(unknown.status.code(), Some(2), "{}", stderr(&unknown));
    assert!(
        stderr(&unknown).contains("did you mean `small`"),
        "{}",
        stderr(&unknown)
    );
    // A bad value: an error at its place, as JSON too; nothing written.
    std::fs::write(&ini, "[typo:chess]\ncastling = yes\nmaxFiel = 6\n").expect("write");
    let bad = run(&["--check", "--format", "json"]);
    assert_eq!(bad.status.code(), Some(1), "{}", stderr(&bad));
    let lines: Vec<serde_json::Value> = stdout(&bad)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    let codes: Vec<&str> = lines.iter().filter_map(|l| l["code"].as_str()).collect();
    assert_eq!(codes, ["E0202", "W0020"], "{lines:?}");
    assert_eq!(lines[0]["labels"][0]["line_start"], 2);
    assert_eq!(lines[0]["labels"][0]["column_start"], 12);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_into_something_that_is_not_a_folder_says_so() {
    let dir = temp("import-not-folder");
    let ini = dir.join("v.ini");
    std::fs::write(&ini, "[small:chess]\nmaxFile = 6\n").expect("write");
    let afile = dir.join("afile");
    std::fs::write(&afile, "mine").expect("write");
    for out in [s(&afile), "/dev/full"] {
        let o = fairyc(&["import", s(&ini), "-o", out]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        let err = stderr(&o);
        assert!(!err.contains("File exists"), "{err}");
        assert!(err.contains(&format!("{out} is not a folder")), "{err}");
    }
    assert_eq!(std::fs::read_to_string(&afile).expect("kept"), "mine");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bidirectional_overrides_are_printed_escaped() {
    // U+202E (right-to-left override) in a source's diagnostics and in
    // names read from a table (issue 35): made visible, never printed raw.
    let dir = temp("bidi");
    let source = dir.join("bidi.variant");
    std::fs::write(
        &source,
        "variant \"Evil\u{202e}\" {}\nboard { files a..h; ranks 1..8 }\npiece King\u{202e} { letter K; moves K; royal }\n",
    )
    .expect("write");
    let o = fairyc(&["check", s(&source)]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(!err.contains('\u{202e}'), "{err}");
    assert!(
        err.contains("error[E0052]") && err.contains("\\u{202e}"),
        "{err}"
    );
    // The snippet keeps its columns: the label still points under the
    // character's place (column 11).
    assert!(err.contains("bidi.variant:3:11"), "{err}");

    let (_, mut json) = table(&dir);
    json["parts"]["name"] = "Evil\u{202e}Name".into();
    json["parts"]["pieces"][0]["name"] = "King\u{2067}".into();
    let evil = dir.join("evil.json");
    std::fs::write(&evil, json.to_string()).expect("write");
    for args in [
        vec!["show", s(&evil)],
        vec!["compile", s(&evil), "--format", "text"],
        vec!["show", s(&evil), "--piece", "King\u{2067}", "--from", "e1"],
    ] {
        let o = fairyc(&args);
        let (out, err) = (stdout(&o), stderr(&o));
        for c in ['\u{202e}', '\u{2067}'] {
            assert!(!out.contains(c), "{args:?}: {out}");
            assert!(!err.contains(c), "{args:?}: {err}");
        }
    }
    let o = fairyc(&["show", s(&evil)]);
    assert!(stdout(&o).contains("Evil\\u{202e}Name"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
