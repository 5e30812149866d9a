//! Sho shogi's crown prince (`royal { check last }`), checked on
//! hand-built positions against the rules (Wikipedia, "Sho shogi": a player
//! must capture both the king and the crown prince). The move lists of the
//! first two positions were also probed in Sjaak II 1.4.1 (`setboard`,
//! `perft 1 1`); the variant is compared with it by `tests/tests/sjaakii.rs`.

use std::sync::OnceLock;

use fairyc_runtime::Variant;
use fairyc_tests::{assert_moves, play, pos, shipped};

fn sho() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("shoshogi"))
}

#[test]
fn with_a_king_and_a_prince_either_may_be_left_attacked() {
    // The rook attacks the first rank, the bishop the prince's diagonal:
    // every move is legal, the king's steps along the rank and the prince's
    // along the diagonal included.
    assert_moves(
        sho(),
        "4k4/7b1/9/9/4+E4/9/9/9/r3K4 w - - 0 1",
        &[
            "e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e5d4", "e5e4", "e5f4", "e5d5", "e5f5", "e5d6",
            "e5e6", "e5f6",
        ],
    );
}

#[test]
fn a_lone_prince_is_a_king() {
    assert_moves(sho(), "4k4/9/9/9/9/9/9/9/r7+E w - - 0 1", &["i1h2", "i1i2"]);
}

#[test]
fn making_a_prince_answers_a_check() {
    // The king is in check from the rook: the elephant may promote (a second
    // royal piece) but not step without promoting.
    assert_moves(
        sho(),
        "4k4/9/9/4E4/9/9/9/9/r3K4 w - - 0 1",
        &["e1d2", "e1e2", "e1f2", "e6d7+", "e6e7+", "e6f7+"],
    );
}

#[test]
fn the_game_goes_on_when_the_king_is_taken() {
    let mut p = pos(sho(), "4k4/9/9/9/4+E4/9/9/9/r3K4 b - - 0 1");
    play(&mut p, "a1e1");
    assert_eq!(p.fen(), "4k4/9/9/9/4+E4/9/9/9/4r4 w - - 0 2");
    assert_eq!(p.rule_outcome(), None);
    // The prince is now White's king, in check on the e-file.
    assert!(p.is_check());
    assert_moves(
        sho(),
        &p.fen(),
        &["e5d4", "e5f4", "e5d5", "e5f5", "e5d6", "e5f6"],
    );
}

#[test]
fn without_the_statement_a_royal_target_is_refused() {
    let src = std::fs::read_to_string(fairyc_tests::root().join("variants/shoshogi.variant"))
        .expect("source")
        .replace("royal { check last }", "");
    let errors = fairyc_compiler::compile(&src).expect_err("E0041");
    assert!(
        errors.iter().any(|e| e.code() == "E0041"),
        "{:?}",
        errors.iter().map(|e| e.code()).collect::<Vec<_>>()
    );
}
