//! Any input gives diagnostics or tables, never a panic or a hang: random
//! bytes, truncations and one-character mutations of every shipped variant,
//! and a few hostile inputs (empty, huge, deeply nested).
//!
//! The `cargo fuzz` target `fuzz/fuzz_targets/front_end.rs` runs the same
//! pipeline for longer.

use std::path::Path;

use fairyc_compiler::diagnostic::render_plain;
use fairyc_compiler::{compile_with_warnings, Finding, Report};
use proptest::prelude::*;

/// Runs the whole front end and renders whatever it reports; panics (the
/// failure) only through a bug.
fn run(source: &str) {
    if let Err(errors) = compile_with_warnings(source) {
        assert!(!errors.is_empty(), "an Err without errors");
    }
    let found = Finding::of(source);
    for d in &found {
        let span = d.span();
        assert!(span.start <= span.end, "{d}: span {span:?}");
        assert!(span.end as usize <= source.len(), "{d}: span {span:?}");
    }
    let _ = render_plain("input.variant", source, &found);
}

fn shipped() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    let mut out: Vec<String> = std::fs::read_dir(&dir)
        .expect("variants/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .map(|p| std::fs::read_to_string(p).expect("readable"))
        .collect();
    out.sort();
    assert!(!out.is_empty());
    out
}

/// The largest char boundary at or before `i`.
fn floor(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Characters that matter to the grammar, and a few that do not.
const ALPHABET: &[char] = &[
    '{', '}', '"', '\\', ';', '\n', ' ', ':', ',', '|', '-', '>', '.', '/', '#', '[', ']', '~',
    '0', '1', '9', 'a', 'h', 'z', 'K', 'W', 'X', 'f', 'm', 'c', 'é', '\u{0}', '\t', '\r',
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        run(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_text(text in "[a-zA-Z0-9 {};:\"\n.,|>-]{0,300}") {
        run(&text);
    }

    #[test]
    fn truncations(which in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let variants = shipped();
        let source = which.get(&variants);
        let at = floor(source, cut.index(source.len() + 1));
        run(source.get(..at).unwrap_or_default());
    }

    #[test]
    fn mutations(
        which in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        op in 0..3u8,
        c in prop::sample::select(ALPHABET),
    ) {
        let variants = shipped();
        let source = which.get(&variants);
        let i = floor(source, at.index(source.len() + 1));
        let mut mutated = String::with_capacity(source.len() + 4);
        mutated.push_str(source.get(..i).unwrap_or_default());
        let rest = source.get(i..).unwrap_or_default();
        let mut chars = rest.chars();
        match op {
            0 => {
                mutated.push(c);
                chars.next();
            }
            1 => mutated.push(c),
            _ => {
                chars.next();
            }
        }
        mutated.push_str(chars.as_str());
        run(&mutated);
    }
}

#[test]
fn every_truncation_of_the_smallest_variant() {
    let variants = shipped();
    let source = variants.iter().min_by_key(|s| s.len()).expect("one");
    // Every line boundary and every 7th byte: the cuts that matter most.
    let cuts = source
        .match_indices('\n')
        .map(|(i, _)| i)
        .chain((0..source.len()).step_by(7));
    for cut in cuts {
        run(source.get(..floor(source, cut)).unwrap_or_default());
    }
}

#[test]
fn empty_and_blank_files() {
    for source in ["", " ", "\n", "\u{feff}", "//", "#", "\r\n\r\n", "\0"] {
        run(source);
    }
}

#[test]
fn deeply_nested_braces() {
    run(&"{".repeat(100_000));
    run(&"piece A { ".repeat(20_000));
    run(&"}".repeat(100_000));
    run(&"\"".repeat(100_000));
}

/// A big file of comments and a big file of mistakes (one error per line):
/// linear time, no stack overflow.
fn big_files(bytes: usize) {
    let line = "// a comment line that goes on and on and on and on and on\n";
    run(&line.repeat(bytes / line.len()));
    let mut junk = "lettr K\n".repeat(bytes / 4 / 8);
    junk.insert_str(0, "piece King {\n");
    run(&junk);
}

#[test]
fn a_one_megabyte_file() {
    big_files(1024 * 1024);
}

/// The full 10 MB (about a minute in a debug build, seconds in release):
/// `cargo test -p fairyc-tests --release --test robustness -- --ignored`.
#[test]
#[ignore]
fn a_ten_megabyte_file() {
    big_files(10 * 1024 * 1024);
}
