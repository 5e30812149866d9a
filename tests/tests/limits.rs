//! Resource limits (docs/limits.md): a small input never costs unbounded
//! time or memory. Multi-leg moves, large boards and long lists at and over
//! the limits end with the limit's diagnostic, and the work counted while
//! generating moves bounds what is generated. No test here times anything:
//! the figures measured before and after are in the issue notes.

use fairyc_compiler::check::check_source;
use fairyc_compiler::diagnostic::{render_plain, MAX_SNIPPET_LINE};
use fairyc_compiler::geometry::{Budget, MAX_LEGS, MAX_MOVE_WORK};
use fairyc_compiler::lower::{moves_with_rights, once_squares};
use fairyc_compiler::parse::parse;
use fairyc_compiler::{compile, CompileError, Finding};
use fairyc_interop::import::ini::{MAX_INI_ENTRIES, MAX_INI_SECTIONS};
use fairyc_interop::import::{import, MAX_SUGGESTED_KEYS};
use proptest::prelude::*;

/// `n` distinct file labels (`aa`, `ab`, …).
fn files(n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                "{}{}",
                (b'a' + (i / 26) as u8) as char,
                (b'a' + (i % 26) as u8) as char
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A `side`×`side` board with a king per side and one piece per move in
/// `moves` (letters A, B, …), White's pieces on the first rank.
fn variant(side: usize, moves: &[String]) -> String {
    let letters: Vec<char> = "ABCDEFGHIJLMNOPQRSTUVWXYZ"
        .chars()
        .take(moves.len())
        .collect();
    let mut src = format!(
        "variant \"Limits\" {{}}\nboard {{ files {}; ranks 1..{side} }}\n\
         piece King {{ letter K; moves K; royal }}\n",
        files(side)
    );
    for (c, m) in letters.iter().zip(moves) {
        src.push_str(&format!("piece P{c} {{ letter {c}; moves {m} }}\n"));
    }
    let first: String = letters.iter().collect();
    let rest = side - 1 - first.len();
    let last = if rest > 0 {
        format!("{first}K{rest}")
    } else {
        format!("{first}K")
    };
    let mut rows = vec![format!("k{}", side - 1)];
    rows.extend(std::iter::repeat_n(side.to_string(), side - 2));
    rows.push(last);
    // Black to move: White's pieces may attack its king.
    src.push_str(&format!("setup \"{} b - - 0 1\"\n", rows.join("/")));
    src
}

fn codes(errors: &[CompileError]) -> Vec<&'static str> {
    errors.iter().map(CompileError::code).collect()
}

/// A multi-leg term: `legs` legs of `atom`, each after the first with the
/// direction letters `dirs[i]`.
fn leg_term(legs: usize, dirs: &[usize], atom: char) -> String {
    const DIRS: [&str; 6] = ["", "f", "s", "fs", "v", "l"];
    let mut t = String::new();
    for i in 1..legs {
        t.push_str(DIRS[dirs[i % dirs.len()] % DIRS.len()]);
        t.push_str("ma");
    }
    t.push(atom);
    t
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Multi-leg moves on boards of 4×4 to 32×32: more than [`MAX_LEGS`]
    /// legs is `E0190` before anything is walked; otherwise the paths are
    /// generated within a budget, and what they hold never exceeds the
    /// work counted.
    #[test]
    fn multi_leg_moves_stay_within_the_counted_work(
        legs in 1usize..=12,
        dirs in proptest::collection::vec(0usize..6, 1..12),
        atom in prop::sample::select(vec!['K', 'W', 'F', 'R', 'B', 'Q']),
        side in 4usize..=32,
        limit in (1usize << 8)..(1 << 16),
    ) {
        let term = leg_term(legs, &dirs, atom);
        let src = variant(side, std::slice::from_ref(&term));
        let file = parse(&src).expect("parses");
        let checked = match check_source(&file, &src) {
            Ok(c) => c,
            Err(errors) => {
                let codes = codes(&errors);
                prop_assert!(!codes.contains(&"E0199"), "{codes:?}");
                if legs > MAX_LEGS {
                    prop_assert!(codes.contains(&"E0190"), "{codes:?}");
                }
                return Ok(());
            }
        };
        prop_assert!(legs <= MAX_LEGS, "{term}: {legs} legs accepted");
        let rights = once_squares(&checked);
        let mut budget = Budget::new(limit);
        let piece = &checked.pieces[1];
        match moves_with_rights(&checked.geometry, piece, &checked.setup.squares[1], &rights, &mut budget) {
            Ok(moves) => {
                let held: usize = moves
                    .iter()
                    .flatten()
                    .flatten()
                    .map(|p| p.steps.iter().map(|s| 1 + s.block.len()).sum::<usize>())
                    .sum();
                prop_assert!(held <= budget.spent(), "{held} held, {} counted", budget.spent());
                prop_assert!(budget.spent() <= limit);
            }
            Err((span, _)) => {
                // The error points at the term being generated.
                prop_assert_eq!(&src[span.range()], term.as_str());
            }
        }
    }


    /// Large boards with sliders (and sliders that turn), several pieces
    /// sharing one budget (the file's): generation ends within the budget
    /// or at the term that spent it, and the paths held never exceed the
    /// work counted. (The whole pipeline at the real limits:
    /// `tests/fixtures/lower/err/move_tables_too_large.variant`.)
    #[test]
    fn large_boards_stay_within_the_counted_work(
        side in 16usize..=32,
        moves in proptest::collection::vec(
            prop::sample::select(vec!["R", "Q", "asR", "B", "afsR"]), 1..5),
        limit in (1usize << 12)..(1 << 17),
    ) {
        let moves: Vec<String> = moves.into_iter().map(str::to_string).collect();
        let src = variant(side, &moves);
        let file = parse(&src).expect("parses");
        let checked = check_source(&file, &src).expect("checks");
        let rights = once_squares(&checked);
        let mut budget = Budget::new(limit);
        let mut held = 0;
        for (i, piece) in checked.pieces.iter().enumerate() {
            match moves_with_rights(&checked.geometry, piece, &checked.setup.squares[i], &rights, &mut budget) {
                Ok(m) => {
                    held += m
                        .iter()
                        .flatten()
                        .flatten()
                        .map(|p| p.steps.iter().map(|s| 1 + s.block.len()).sum::<usize>())
                        .sum::<usize>();
                }
                Err((span, _)) => {
                    let term = if i == 0 { "K" } else { moves[i - 1].as_str() };
                    prop_assert_eq!(&src[span.range()], term);
                    break;
                }
            }
        }
        prop_assert!(held <= budget.spent(), "{held} held, {} counted", budget.spent());
        prop_assert!(budget.spent() <= limit);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// A `moves` statement with a term written many times generates it
    /// once: the same tables as the term once.
    #[test]
    fn repeated_terms_are_generated_once(
        term in prop::sample::select(vec!["W", "Q", "fmW", "N", "mafsW"]),
        times in 1usize..2000,
    ) {
        let once = compile(&variant(8, &[term.to_string()])).expect("compiles");
        let many = vec![term; times].join(" ");
        let src = variant(8, &[many]);
        let checked = check_source(&parse(&src).expect("parses"), &src).expect("checks");
        prop_assert_eq!(checked.pieces[1].moves.len(), 1);
        let tables = compile(&src).expect("compiles");
        prop_assert_eq!(tables.parts().pieces[1].moves.clone(), once.parts().pieces[1].moves.clone());
    }

    /// `variants.ini` files at and over the section and line limits:
    /// `E0213` exactly when over, and then nothing is imported.
    #[test]
    fn ini_lists_at_and_over_the_limits(extra in 0usize..3, sections in any::<bool>()) {
        let text = if sections {
            (0..MAX_INI_SECTIONS + extra).map(|i| format!("[s{i}]\n")).collect::<String>()
        } else {
            format!("[s]\n{}", "maxFile = 8\n".repeat(MAX_INI_ENTRIES + extra))
        };
        let result = import(&text, &[]);
        let over = result.diagnostics.iter().any(|d| d.code == "E0213");
        prop_assert_eq!(over, extra > 0);
        if over {
            prop_assert!(result.sections.is_empty());
            prop_assert_eq!(result.diagnostics.len(), 1);
        }
    }
}

/// The issue's inputs: each is refused with `E0190` at the move.
#[test]
fn the_issues_multi_leg_moves_are_refused_at_the_move() {
    for term in [
        "mamamamamamamamamamamamamamamamamaK",
        "asasasasasasasasasasasasR",
        "yayayayayayayayayayayayafsQ",
        "mamamaK",
        "asasasasR",
    ] {
        let src = variant(8, &[term.to_string()]);
        let errors = compile(&src).expect_err(term);
        assert_eq!(codes(&errors), vec!["E0190"], "{term}");
        assert_eq!(&src[errors[0].span.range()], term);
    }
}

/// The budget is a real bound: the shipped variants need far less (so the
/// limit is no nuisance), measured with the same counting.
#[test]
fn shipped_variants_need_a_fraction_of_the_budget() {
    let mut most = 0;
    for shipped in fairyc_tests::shipped_for_import() {
        let source = shipped.source;
        let file = parse(&source).expect("parses");
        let checked = check_source(&file, &source).expect("checks");
        let rights = once_squares(&checked);
        let mut budget = Budget::default();
        for (i, piece) in checked.pieces.iter().enumerate() {
            moves_with_rights(
                &checked.geometry,
                piece,
                &checked.setup.squares[i],
                &rights,
                &mut budget,
            )
            .expect("within the limits");
        }
        most = most.max(budget.spent());
    }
    assert!(
        most < MAX_MOVE_WORK / 8,
        "a shipped variant needs {most} units"
    );
}

/// A 1 MiB line gives snippets of a few lines, not the line: windows
/// around the label joined by `...`.
#[test]
fn long_lines_are_elided_in_snippets() {
    let long = format!("variant \"X\" {{}} {} board", "piece ".repeat(200_000));
    let found = Finding::of(&long);
    assert!(!found.is_empty());
    let text = render_plain("long.variant", &long, &found);
    for line in text.lines() {
        assert!(
            line.len() < MAX_SNIPPET_LINE + 40,
            "{} bytes: {}…",
            line.len(),
            &line[..80]
        );
    }
    assert!(text.contains("..."), "{text}");
    // The column is the column in the whole line.
    assert!(text.contains("long.variant:1:"), "{text}");
}

/// A long unknown key is quoted short, and not compared for "did you
/// mean" (which costs the product of the lengths).
#[test]
fn long_ini_names_are_elided_in_messages() {
    let key = "k".repeat(100_000);
    let text = format!("[mine]\n{key} = 1\n");
    let result = import(&text, &[]);
    let d = result
        .diagnostics
        .iter()
        .find(|d| d.code == "W0020")
        .expect("unknown key");
    assert!(d.message.len() < 120, "{}", d.message);
    assert!(d.message.contains("100000 bytes"), "{}", d.message);
    let rendered = render_plain("mine.ini", &text, &result.diagnostics);
    assert!(rendered.len() < 2_000, "{} bytes rendered", rendered.len());
}

/// Many unknown keys: each is reported, the first
/// [`MAX_SUGGESTED_KEYS`] with a "did you mean" (each costs an edit
/// distance to every known key), the rest without.
#[test]
fn did_you_mean_is_bounded_per_file() {
    let text = format!(
        "[mine:chess]\n{}",
        (0..300)
            .map(|i| format!("maxFile{i} = 8\n"))
            .collect::<String>()
    );
    let result = import(&text, &fairyc_tests::shipped_for_import());
    let unknown: Vec<_> = result
        .diagnostics
        .iter()
        .filter(|d| d.code == "W0020")
        .collect();
    assert_eq!(unknown.len(), 300);
    let suggested = unknown
        .iter()
        .filter(|d| d.notes.iter().any(|n| n.contains("did you mean")))
        .count();
    assert_eq!(suggested, MAX_SUGGESTED_KEYS);
}
