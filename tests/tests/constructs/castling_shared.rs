//! Wildebeest chess's two constructs, checked on hand-built positions
//! against the rules (R. W. Schmittberger; The Chess Variant Pages): one
//! castling right of several king moves (rules sharing a letter), and the
//! pawn's double step from the third rank (`i` with `from`), which creates
//! en-passant squares. The castling results after a move were also probed in
//! Sjaak II 1.4.1 (`setboard`, `f0k0`, `fen`: `R4RK4`); the rest of the
//! variant is compared with it by `tests/tests/sjaakii.rs`.

use std::sync::OnceLock;

use fairyc_runtime::Variant;
use fairyc_tests::{assert_moves, play, pos, shipped, uci_moves};

fn w() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("wildebeest"))
}

fn after(fen: &str, moves: &[&str]) -> String {
    let mut p = pos(w(), fen);
    for m in moves {
        play(&mut p, m);
    }
    p.fen()
}

const ROOKS: &str = "4k6/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1";

#[test]
fn the_start_fen_writes_each_shared_letter_once() {
    let start = "rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w KQkq - 0 1";
    assert_eq!(pos(w(), start).fen(), start);
    assert_eq!(after(ROOKS, &[]), ROOKS);
}

#[test]
fn the_king_castles_one_to_four_squares_each_way() {
    let castlings: Vec<String> = uci_moves(&pos(w(), ROOKS))
        .into_iter()
        .filter(|m| m.starts_with("f1") && m[2..].ends_with('1') && m != "f1e1" && m != "f1g1")
        .collect();
    // The one-square castlings are written king-takes-rook: `f1g1` and
    // `f1e1` are the king's own steps.
    assert_eq!(
        castlings,
        ["f1a1", "f1b1", "f1c1", "f1d1", "f1h1", "f1i1", "f1j1", "f1k1"]
    );
    // The rook lands next to the king, on the other side.
    assert_eq!(
        after(ROOKS, &["f1k1"]),
        "4k6/11/11/11/11/11/11/11/11/R4RK4 b - - 1 1"
    );
    assert_eq!(
        after(ROOKS, &["f1j1"]),
        "4k6/11/11/11/11/11/11/11/11/R7RK1 b - - 1 1"
    );
    assert_eq!(
        after(ROOKS, &["f1a1"]),
        "4k6/11/11/11/11/11/11/11/11/4KR4R b - - 1 1"
    );
    assert_eq!(
        after(ROOKS, &["f1b1"]),
        "4k6/11/11/11/11/11/11/11/11/1KR7R b - - 1 1"
    );
    // The king's step keeps the rook where it is and loses both rights.
    assert_eq!(
        after(ROOKS, &["f1g1"]),
        "4k6/11/11/11/11/11/11/11/11/R5K3R b - - 1 1"
    );
}

#[test]
fn only_the_squares_the_king_crosses_must_be_safe() {
    // A black rook on i10 attacks i1: castling to g1 and h1 stays legal, to
    // i1 and j1 not (Sjaak II forbids all four: its named exception).
    let fen = "4k3r2/11/11/11/11/11/11/11/11/5K4R w K - 0 1";
    let castlings: Vec<String> = uci_moves(&pos(w(), fen))
        .into_iter()
        .filter(|m| ["f1k1", "f1h1", "f1i1", "f1j1"].contains(&m.as_str()))
        .collect();
    assert_eq!(castlings, ["f1h1", "f1k1"]);
}

#[test]
fn a_third_rank_pawn_double_steps_and_may_be_taken_en_passant() {
    let fen = "4k6/11/11/11/11/3p7/11/4P6/11/5K5 w - - 0 1";
    let p = pos(w(), fen);
    let pawn: Vec<String> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("e3"))
        .collect();
    assert_eq!(pawn, ["e3e4", "e3e5"]);
    let after_double = after(fen, &["e3e5"]);
    assert_eq!(after_double, "4k6/11/11/11/11/3pP6/11/11/11/5K5 b - e4 0 1");
    assert!(uci_moves(&pos(w(), &after_double)).contains(&"d5e4".to_string()));
}

#[test]
fn a_triple_step_may_be_taken_on_either_square_passed() {
    // Black's d9 pawn goes to d6, passing d8 and d7: the e7 pawn takes on
    // d8, the e6 pawn on d7.
    let fen = "4k6/3p7/11/4P6/4P6/11/11/11/11/5K5 b - - 0 1";
    let mut p = pos(w(), fen);
    play(&mut p, "d9d6");
    let moves = uci_moves(&p);
    assert!(moves.contains(&"e7d8".to_string()), "{moves:?}");
    assert!(moves.contains(&"e6d7".to_string()), "{moves:?}");
    // A pawn that has left its second rank has no triple step.
    assert_moves(
        w(),
        "4k6/11/11/11/11/11/4P6/11/11/5K5 w - - 0 1",
        &["e4e5", "f1e1", "f1e2", "f1f2", "f1g1", "f1g2"],
    );
}

#[test]
fn two_rules_of_one_letter_need_the_same_squares() {
    let src = std::fs::read_to_string(fairyc_tests::root().join("variants/wildebeest.variant"))
        .expect("source")
        .replace(
            "Q: King f1 -> b1, Rook a1 -> c1",
            "K: King f1 -> b1, Rook a1 -> c1",
        );
    let errors = fairyc_compiler::compile(&src).expect_err("E0036");
    assert!(
        errors.iter().any(|e| e.code() == "E0036"),
        "{:?}",
        errors.iter().map(|e| e.code()).collect::<Vec<_>>()
    );
}
