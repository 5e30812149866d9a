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

// ---------------------------------------------------------------------------
// E0199 is the runtime's own check of the lowered tables: no input may reach
// it. Mutations here work on words and lines (deleting, repeating, swapping,
// replacing a word by another word of the corpus), so that they reach the
// checker and the lowering with well-formed but wrong files, not only the
// parser.
// ---------------------------------------------------------------------------

/// Every `.variant` file under `tests/fixtures/` and `variants/`.
fn corpus() -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "variant") {
                out.push(std::fs::read_to_string(&path).expect("readable"));
            }
        }
    }
    let mut out = shipped();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
        &mut out,
    );
    out
}

/// Fails if the front end reports the internal-bug code for `source`.
fn no_internal_error(source: &str) -> Result<(), TestCaseError> {
    if let Err(errors) = compile_with_warnings(source) {
        let internal: Vec<_> = errors.iter().filter(|e| e.code() == "E0199").collect();
        prop_assert!(
            internal.is_empty(),
            "E0199 from user input:\n{source}\n{}",
            render_plain("input.variant", source, &errors)
        );
    }
    Ok(())
}

/// One word- or line-level edit of `source`.
fn edit(source: &str, words: &[&str], op: u8, a: usize, b: usize, w: usize) -> String {
    let lines: Vec<&str> = source.lines().collect();
    let n = lines.len().max(1);
    let (i, j) = (a % n, b % n);
    let word = words.get(w % words.len().max(1)).copied().unwrap_or("x");
    let mut out: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    match op {
        // Delete a line.
        0 if !out.is_empty() => {
            out.remove(i);
        }
        // Repeat a line.
        1 if !out.is_empty() => {
            let line = out[i].clone();
            out.insert(j, line);
        }
        // Swap two lines.
        2 if !out.is_empty() => out.swap(i, j),
        // Replace a word of a line by a word of the corpus.
        3 if !out.is_empty() => {
            let mut ws: Vec<String> = out[i].split(' ').map(str::to_owned).collect();
            let k = j % ws.len().max(1);
            if let Some(slot) = ws.get_mut(k) {
                if !slot.is_empty() {
                    *slot = word.to_owned();
                }
            }
            out[i] = ws.join(" ");
        }
        // Insert a word after a word of a line.
        4 if !out.is_empty() => {
            let mut ws: Vec<String> = out[i].split(' ').map(str::to_owned).collect();
            let k = j % (ws.len() + 1);
            ws.insert(k, word.to_owned());
            out[i] = ws.join(" ");
        }
        // Repeat a word in place (`files a b c` → `files a b b c`).
        5 if !out.is_empty() => {
            let mut ws: Vec<String> = out[i].split(' ').map(str::to_owned).collect();
            let k = j % ws.len().max(1);
            if let Some(w) = ws.get(k).cloned() {
                ws.insert(k, w);
            }
            out[i] = ws.join(" ");
        }
        // Delete a word.
        _ if !out.is_empty() => {
            let mut ws: Vec<String> = out[i].split(' ').map(str::to_owned).collect();
            let k = j % ws.len().max(1);
            if ws.get(k).is_some_and(|s| !s.is_empty()) {
                ws.remove(k);
            }
            out[i] = ws.join(" ");
        }
        _ => {}
    }
    out.join("\n")
}

/// How many cases the E0199 search runs: `FAIRYC_E0199_CASES`, else 64.
fn e0199_cases() -> u32 {
    std::env::var("FAIRYC_E0199_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(e0199_cases()))]

    /// Up to four word- or line-level edits of a shipped variant or a
    /// fixture never reach E0199. For a long search:
    /// `FAIRYC_E0199_CASES=20000 cargo test -p fairyc-tests --release --test
    /// robustness no_input_reaches_e0199`.
    #[test]
    fn no_input_reaches_e0199(
        which in any::<prop::sample::Index>(),
        edits in proptest::collection::vec((0..7u8, any::<usize>(), any::<usize>(), any::<usize>()), 1..5),
    ) {
        let corpus = corpus();
        let source = which.get(&corpus);
        let words: Vec<&str> = corpus
            .iter()
            .flat_map(|s| s.split_whitespace())
            .filter(|w| !w.starts_with("//"))
            .collect();
        let mut mutated = source.clone();
        for (op, a, b, w) in edits {
            mutated = edit(&mutated, &words, op, a, b, w);
        }
        no_internal_error(&mutated)?;
    }
}

// ---------------------------------------------------------------------------
// Suggestions: only what would itself pass the check.
// ---------------------------------------------------------------------------

/// A small variant whose `Test` piece moves by `moves`.
/// A file whose Test piece moves by `moves`. Black moves first, so the
/// setup is legal however far the piece reaches (a multi-leg term may
/// reach the black king from d4).
fn with_moves(moves: &str) -> String {
    format!(
        "variant \"T\" {{}}\nboard {{ files a..h; ranks 1..8 }}\n\
         piece King {{ letter K; moves K; royal }}\n\
         piece Test {{\n    letter T\n    moves {moves}\n}}\n\
         setup \"4k3/8/8/8/3T4/8/8/4K3 b - - 0 1\"\n"
    )
}

/// The suggestions the diagnostics of `source` offer, with their codes.
fn offered(source: &str) -> Vec<(&'static str, String)> {
    let Err(errors) = compile_with_warnings(source) else {
        return Vec::new();
    };
    errors
        .iter()
        .filter_map(|e| {
            use fairyc_compiler::ErrorKind;
            let s = match &e.kind {
                ErrorKind::MisplacedBetzaModifier { suggestion, .. }
                | ErrorKind::LowerCaseBetzaAtom { suggestion, .. } => suggestion.clone(),
                _ => return None,
            };
            Some((e.code(), s))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// A Betza fix is a term that compiles: substituted for the slip, it
    /// leaves no error at all.
    #[test]
    fn every_betza_fix_compiles(word in "[a-z]{0,4}[A-Z]?[0-9]?[a-z]{0,3}") {
        if let Some(fix) = fairyc_compiler::suggest::betza_fix(&word) {
            let source = with_moves(fix.term());
            if let Err(errors) = compile_with_warnings(&source) {
                prop_assert!(
                    false,
                    "`{word}` → `{}` does not compile:\n{}",
                    fix.term(),
                    render_plain("input.variant", &source, &errors)
                );
            }
        }
    }

    /// `did_you_mean` only ever answers one of its candidates.
    #[test]
    fn did_you_mean_answers_a_candidate(
        name in "[a-zA-Z-]{0,8}",
        candidates in proptest::collection::vec("[a-zA-Z-]{1,8}", 0..6),
    ) {
        let found = fairyc_compiler::suggest::did_you_mean(&name, candidates.iter().map(String::as_str));
        if let Some(found) = found {
            prop_assert!(candidates.iter().any(|c| c == found));
            prop_assert_ne!(found, name.as_str());
        }
    }

    /// Every Betza suggestion the diagnostics offer is a term that passes
    /// the check: substituted for the slip, the file compiles (it once
    /// offered `xyZ` for `xyz`, `ueenQ` for `Queen` and `xN` for `Nx`, which
    /// fail again with E0022).
    #[test]
    fn every_offered_betza_suggestion_passes_the_check(word in "[a-z]{0,4}[A-Z]?[0-9]?[a-z]{0,3}") {
        let source = with_moves(&word);
        for (code, suggestion) in offered(&source) {
            let fixed = with_moves(&suggestion);
            if let Err(errors) = compile_with_warnings(&fixed) {
                prop_assert!(
                    false,
                    "`{word}` → `{suggestion}` ({code}) does not pass the check:\n{}",
                    render_plain("input.variant", &fixed, &errors)
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Small random variants built from statement templates: well-formed files
// whose parts disagree (labels, squares, pieces, rules), to reach the
// checker's and the lowering's corners. None may reach E0199.
// ---------------------------------------------------------------------------

/// Picks `xs[i % len]`.
fn pick<'a>(xs: &[&'a str], i: usize) -> &'a str {
    xs[i % xs.len()]
}

/// A random small variant, from the choices in `r`.
fn random_variant(r: &[usize]) -> String {
    let mut r = r.iter().copied().cycle();
    let mut next = move || r.next().unwrap_or(0);
    let labels_f = [
        "a..c", "a..d", "a b c", "a b b c", "a a", "a..h", "b..a", "x y z w",
    ];
    let labels_r = [
        "1..3",
        "1..4",
        "1 2 3",
        "1 2 2 3",
        "0 1 2 3 4",
        "1..8",
        "3..1",
    ];
    let betza = [
        "K", "W", "F", "mfW", "cfF", "ifmnD", "N", "R", "B", "Q", "fsW", "ffN", "bW", "mW cF",
        "WW", "R2", "mR", "cK", "eW", "nA", "lrW",
    ];
    let squares = ["a1", "b1", "c1", "a2", "c3", "d4", "h8", "a3", "b2"];
    let pieces = ["King", "Queen", "Pawn", "Rook"];
    let fens = [
        "k2/3/K2 w - - 0 1",
        "k1q/3/K2 w - - 0 1",
        "kp1/3/KP1 w - - 0 1",
        "k2/3/2K w - - 0 1",
        "k2/1r1/R1K w - - 0 1",
        "k2/3/K2[Qq] w - - 0 1",
        "kr1/3/K1R w Kk - 0 1",
        "k3/4/4/K3 w - - 0 1",
    ];
    let mut out = String::from("variant \"R\" {}\n");
    out.push_str(&format!(
        "board {{\n    files {}\n    ranks {}\n",
        pick(&labels_f, next()),
        pick(&labels_r, next())
    ));
    if next() % 4 == 0 {
        out.push_str(&format!(
            "    forward white {} {}\n",
            next() % 3,
            next() % 3
        ));
    }
    out.push_str("}\n");
    out.push_str("piece King { letter K; moves K; royal }\n");
    let extra = next() % 4;
    let letters = ["Q", "P", "R"];
    for (i, name) in ["Queen", "Pawn", "Rook"].iter().take(extra).enumerate() {
        out.push_str(&format!(
            "piece {name} {{ letter {}; moves {}{} }}\n",
            letters[i],
            pick(&betza, next()),
            if next() % 5 == 0 { "; royal" } else { "" }
        ));
        if next() % 6 == 0 {
            out.push_str(&format!(
                "piece {name}2 {{ letter {}; moves K; captured-as {} }}\n",
                ["X", "Y", "Z"][i],
                pick(&pieces, next())
            ));
        }
    }
    out.push_str(&format!("setup \"{}\"\n", pick(&fens, next())));
    if next() % 3 == 0 {
        out.push_str(&format!(
            "castling {{ K: King {} -> {}, {} {} -> {} }}\n",
            pick(&squares, next()),
            pick(&squares, next()),
            pick(&pieces, next()),
            pick(&squares, next()),
            pick(&squares, next())
        ));
    }
    if next() % 2 == 0 {
        out.push_str(&format!(
            "zone far {{ white: {}; black: {} }}\n",
            pick(
                &[
                    "rank 3",
                    "rank 4",
                    "c3",
                    "rank 1, rank 2",
                    "setup white",
                    "files a..b"
                ],
                next()
            ),
            pick(
                &["rank 1", "a1", "rank 9", "setup black King", "ranks 1..2"],
                next()
            ),
        ));
        if next() % 2 == 0 {
            out.push_str(&format!(
                "promotion {{ {} -> {} | {} in far{} }}\n",
                pick(&pieces, next()),
                pick(
                    &["Queen", "Rook", "hand(Queen)", "hand(Pawn)", "King"],
                    next()
                ),
                pick(&["Rook", "Queen", "hand(Rook)"], next()),
                if next() % 2 == 0 { " optional" } else { "" }
            ));
        }
    }
    if next() % 2 == 0 {
        out.push_str(&format!(
            "drops {{ {} not-on {} }}\n",
            pick(&pieces, next()),
            pick(&["rank 1", "a1, b1", "rank 3", "setup white"], next())
        ));
    }
    out.push_str(&format!(
        "end {{ checkmate {}; stalemate draw{}{} }}\n",
        pick(&["loss", "win", "draw"], next()),
        pick(
            &[
                "",
                "; repetition 3 draw",
                "; bare-king draw",
                "; bare-king loss"
            ],
            next()
        ),
        pick(
            &["", "; King reaches c3 win", "; Queen reaches far win"],
            next()
        ),
    ));
    out.push_str(pick(
        &[
            "",
            "clock { limit 1 }\n",
            "clock { resets capture, drop, promotion, King if irreversible }\n",
        ],
        next(),
    ));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(e0199_cases()))]

    /// Random small variants never reach E0199 (same case count as
    /// [`no_input_reaches_e0199`]).
    #[test]
    fn no_random_variant_reaches_e0199(r in proptest::collection::vec(any::<usize>(), 40)) {
        no_internal_error(&random_variant(&r))?;
    }
}
