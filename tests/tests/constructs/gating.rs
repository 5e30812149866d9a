//! Gating (issue 14, part B): `gating { Hawk | Elephant on back-rank }`. A
//! piece in hand enters on the square a piece has just left, as part of that
//! move, while the side has that square's gate right.
//!
//! Every move list, FEN and count here was probed with Debian's
//! fairy-stockfish 11.1: `setoption name UCI_Variant value seirawan` (or
//! `shouse`), `position fen <FEN> [moves …]`, `d` and `go perft N`.

use std::sync::OnceLock;

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::{assert_moves, play, pos, shipped};

fn seirawan() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("seirawan"))
}

fn shouse() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("shouse"))
}

/// The FEN after playing `moves` from `fen`.
fn after(v: &Variant, fen: &str, moves: &[&str]) -> String {
    let mut p = pos(v, fen);
    for m in moves {
        play(&mut p, m);
    }
    p.fen()
}

const START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQABCDEFGHkqabcdefgh - 0 1";

#[test]
fn the_start_writes_each_gate_by_its_file() {
    // `position startpos`, `d`: the FEN below; `go perft 1..4`: 28, 784,
    // 24830, 782599 (the 4th is left to the field test).
    let p = Position::new(seirawan()).expect("start");
    assert_eq!(p.fen(), START);
    for (depth, nodes) in [(1, 28), (2, 784), (3, 24830)] {
        assert_eq!(perft(&p, depth), nodes, "seirawan perft {depth}");
    }
    // `UCI_Variant shouse`, `go perft 1..3`: 92, 7944, 546694.
    let p = Position::new(shouse()).expect("start");
    assert_eq!(p.fen(), START);
    for (depth, nodes) in [(1, 92), (2, 7944)] {
        assert_eq!(perft(&p, depth), nodes, "shouse perft {depth}");
    }
}

#[test]
fn a_piece_leaving_its_gate_may_bring_in_a_piece_from_hand() {
    // `position startpos`, `go perft 1`: each knight move three times.
    assert_moves(
        seirawan(),
        START,
        &[
            "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3", "h2h3", "a2a4", "b2b4", "c2c4",
            "d2d4", "e2e4", "f2f4", "g2g4", "h2h4", "b1a3", "b1a3h", "b1a3e", "b1c3", "b1c3h",
            "b1c3e", "g1f3", "g1f3h", "g1f3e", "g1h3", "g1h3h", "g1h3e",
        ],
    );
}

#[test]
fn a_gate_closes_when_a_move_starts_or_ends_on_it() {
    // `position startpos moves b1c3`: the B gate is gone.
    assert_eq!(
        after(seirawan(), START, &["b1c3"]),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR[EHeh] b KQACDEFGHkqabcdefgh - 1 1"
    );
    // `moves b1c3h g8f6e`: the hawk stands on b1, the elephant on g8.
    assert_eq!(
        after(seirawan(), START, &["b1c3h", "g8f6e"]),
        "rnbqkber/pppppppp/5n2/8/8/2N5/PPPPPPPP/RHBQKBNR[Eh] w KQACDEFGHkqabcdefh - 2 2"
    );
    // A capture on a gate square closes the opponent's gate there (and a
    // captured rook takes its castling right): `moves g6f8`, `moves g6h8`.
    let fen = "rnbqkbnr/pppppp1p/6N1/8/8/8/PPPPPPPP/RNBQKB1R[EHeh] w KQABCDEFGHkqabcdefgh - 0 1";
    assert_eq!(
        after(seirawan(), fen, &["g6f8"]),
        "rnbqkNnr/pppppp1p/8/8/8/8/PPPPPPPP/RNBQKB1R[EHeh] b KQABCDEFGHkqabcdegh - 0 1"
    );
    assert_eq!(
        after(seirawan(), fen, &["g6h8"]),
        "rnbqkbnN/pppppp1p/8/8/8/8/PPPPPPPP/RNBQKB1R[EHeh] b KQABCDEFGHqabcdefg - 0 1"
    );
}

#[test]
fn an_empty_hand_closes_every_gate_unless_captures_refill_it() {
    // seirawan `moves b1c3h g8f6e g1f3e`: White's hand is empty, its gates
    // are not written; shouse keeps them (a capture may refill the hand).
    let moves = ["b1c3h", "g8f6e", "g1f3e"];
    assert_eq!(
        after(seirawan(), START, &moves),
        "rnbqkber/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/RHBQKBER[h] b KQkqabcdefh - 3 2"
    );
    assert_eq!(
        after(shouse(), START, &moves),
        "rnbqkber/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/RHBQKBER[h] b KQACDEFHkqabcdefh - 3 2"
    );
    // `position fen …[] w KQABCDEFGHkqabcdefgh - 0 1`, `d`: `w KQkq` in
    // seirawan, unchanged in shouse.
    let empty = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQABCDEFGHkqabcdefgh - 0 1";
    assert_eq!(
        pos(seirawan(), empty).fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
    assert_eq!(pos(shouse(), empty).fen(), empty);
}

#[test]
fn a_castling_letter_opens_its_king_and_rook_gates() {
    // `position fen …[EHeh] w KQkq - 0 1`, `d`: `w KQAEHkqaeh`; `BCkq`:
    // `BCkqaeh`.
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh]";
    assert_eq!(
        pos(seirawan(), &format!("{board} w KQkq - 0 1")).fen(),
        format!("{board} w KQAEHkqaeh - 0 1")
    );
    assert_eq!(
        pos(seirawan(), &format!("{board} w BCkq - 0 1")).fen(),
        format!("{board} w BCkqaeh - 0 1")
    );
}

#[test]
fn castling_gates_on_the_king_or_the_rook_square() {
    // `go perft 1`: 82 moves; castling plain (`e1g1`), gating on the king's
    // square (`e1g1h`), or on the rook's square written rook-takes-king
    // (`h1e1h`).
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQABCDEFGHkqabcdefgh - 0 1";
    let p = pos(seirawan(), fen);
    assert_eq!(perft(&p, 1), 82);
    let moves = fairyc_tests::uci_moves(&p);
    for m in [
        "e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e", "e1c1", "e1c1h", "e1c1e", "a1e1h", "a1e1e",
    ] {
        assert!(moves.iter().any(|x| x == m), "{m} missing from {moves:?}");
    }
    // `moves e2e4 e7e5 g1f3 g8f6 f1e2 f8e7 h1e1h`, `d`: the hawk on h1.
    let start_moves = ["e2e4", "e7e5", "g1f3", "g8f6", "f1e2", "f8e7"];
    let mut m = start_moves.to_vec();
    m.push("h1e1h");
    assert_eq!(
        after(seirawan(), START, &m),
        "rnbqk2r/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1RKH[Eeh] b ABCDkqabcdeh - 5 4"
    );
    let mut m = start_moves.to_vec();
    m.push("e1g1");
    assert_eq!(
        after(seirawan(), START, &m),
        "rnbqk2r/ppppbppp/5n2/4p3/4P3/5N2/PPPPBPPP/RNBQ1RK1[EHeh] b ABCDkqabcdeh - 5 4"
    );
}

#[test]
fn the_entering_piece_does_not_make_an_illegal_move_legal() {
    // A knight pinned along the first rank may not move with gating either:
    // `… w G`, `go perft 1`: h1h2 h1g2 only.
    assert_moves(
        seirawan(),
        "4k3/8/8/8/8/8/8/r5NK[EHeh] w G - 0 1",
        &["h1h2", "h1g2"],
    );
    // With the H gate the king gates on h1: 6 moves.
    assert_moves(
        seirawan(),
        "4k3/8/8/8/8/8/8/r5NK[EHeh] w H - 0 1",
        &["h1h2", "h1h2h", "h1h2e", "h1g2", "h1g2h", "h1g2e"],
    );
    // A king in check may not step along the checking line, gate or not:
    // no e1f1e.
    assert_moves(
        seirawan(),
        "4k3/8/8/8/8/8/3P4/r3K3[EHeh] w E - 0 1",
        &["e1e2", "e1e2h", "e1e2e", "e1f2", "e1f2h", "e1f2e"],
    );
}

#[test]
fn shouse_gates_any_piece_in_hand_but_a_pawn() {
    // `position fen … [QP] w KQAEHkqabceh - 1 26`, `go perft 1`: 107 moves,
    // among them `a1b1q` and `e1e2q`, but no pawn gating.
    let fen =
        "rnbhk1qr/1pppp1bp/4ppp1/4P1B1/2PE1P2/Ne1P1N1P/P2H2Pn/R3KB1R[QP] w KQAEHkqabceh - 1 26";
    let p = pos(shouse(), fen);
    assert_eq!(perft(&p, 1), 107);
    let moves = fairyc_tests::uci_moves(&p);
    assert!(moves.iter().any(|m| m == "a1b1q"));
    assert!(moves.iter().any(|m| m == "e1e2q"));
    assert!(!moves.iter().any(|m| m == "a1b1p"));
}

#[test]
fn gated_moves_unmake_exactly() {
    let mut p = pos(
        seirawan(),
        "r3k2r/8/8/8/8/8/8/R3K2R[EHeh] w KQABCDEFGHkqabcdefgh - 0 1",
    );
    let before = (p.fen(), p.hash());
    for m in p.legal_moves() {
        let u = p.make(m);
        let fresh = Position::from_fen(seirawan(), &p.fen()).expect("reads back");
        assert_eq!(fresh.hash(), p.hash(), "hash after {}", fresh.fen());
        p.unmake(u);
        assert_eq!((p.fen(), p.hash()), before);
    }
}

#[test]
fn a_gating_rule_for_a_piece_a_fen_may_put_in_hand_is_no_warning() {
    let source = |hand: &str| {
        format!(
            "variant \"Mini\" {{}}\n\
             board {{ files a..h; ranks 1..8 }}\n\
             piece King {{ letter K; moves K; royal }}\n\
             piece Hawk {{ letter H; moves BN }}\n\
             setup \"4k3/8/8/8/8/8/8/4K3[{hand}] w - - 0 1\"\n\
             zone home {{ white: rank 1; black: rank 8 }}\n\
             gating {{ Hawk on home }}\n"
        )
    };
    let codes = |src: &str| -> Vec<&'static str> {
        fairyc_compiler::compile_with_warnings(src)
            .expect("compiles")
            .warnings
            .iter()
            .map(|w| w.code())
            .collect()
    };
    assert!(!codes(&source("Hh")).contains(&"W0003"));
    // Not in the start hand, nor captured into one, but a FEN may put a
    // Hawk in hand (issue 35): the rule is kept.
    assert!(!codes(&source("")).contains(&"W0003"));
}
