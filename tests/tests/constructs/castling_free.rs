//! Free (Chess960) castling (issue 14, part B): `K: King any -> g1, Rook any
//! -> f1`. The king and rook start where the position puts them; the FEN
//! names rights by rook file (Shredder FEN); moves are written
//! king-takes-rook.
//!
//! Every move list and FEN here was probed with Debian's fairy-stockfish
//! 11.1: `setoption name UCI_Variant value fischerandom` (or `caparandom`),
//! `position fen <FEN> [moves …]`, `d` and `go perft 1`.

use std::sync::OnceLock;

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::{assert_moves, play, pos, shipped};

fn fr() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("fischerandom"))
}

fn crc() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("caparandom"))
}

/// The FEN after playing `moves` from `fen`.
fn after(v: &Variant, fen: &str, moves: &[&str]) -> String {
    let mut p = pos(v, fen);
    for m in moves {
        play(&mut p, m);
    }
    p.fen()
}

#[test]
fn the_start_is_the_chess_start_with_rights_named_by_rook_files() {
    // `position startpos` then `d`: `… w HAha - 0 1`.
    let p = Position::new(fr()).expect("start");
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    );
}

#[test]
fn kqkq_reads_as_the_outermost_rooks() {
    // `position fen … w KQkq - 2 9` is written `… w HFhf - 2 9`.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    assert_eq!(
        pos(fr(), fen).fen(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
    );
    // `position fen 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1`: `w HA`.
    assert_eq!(
        pos(fr(), "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").fen(),
        "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1"
    );
}

#[test]
fn castling_is_written_king_takes_rook() {
    // FSF: e1h1 and e1a1 among the 26 moves.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1";
    assert_moves(
        fr(),
        fen,
        &[
            "a1b1", "a1c1", "a1d1", "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "h1f1",
            "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8", "e1d1", "e1f1", "e1d2",
            "e1e2", "e1f2", "e1h1", "e1a1",
        ],
    );
}

#[test]
fn a_king_already_on_its_square_castles_in_place() {
    // King g1, rooks b1 and h1: g1h1 leaves the king on g1 and puts the rook
    // on f1; g1b1 takes the king to c1 and the rook to d1.
    let fen = "4k3/8/8/8/8/8/8/1R4KR w HB - 0 1";
    assert_moves(
        fr(),
        fen,
        &[
            "b1a1", "b1c1", "b1d1", "b1e1", "b1f1", "b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7",
            "b1b8", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8", "g1f1", "g1f2", "g1g2",
            "g1h2", "g1h1", "g1b1",
        ],
    );
    assert_eq!(
        after(fr(), fen, &["g1h1"]),
        "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1"
    );
    assert_eq!(
        after(fr(), fen, &["g1b1"]),
        "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"
    );
}

#[test]
fn a_rook_that_stays_put_still_castles() {
    // King b1, rook a1: b1a1 puts the king on c1 and the rook on d1.
    let fen = "4k3/8/8/8/8/8/8/RK6 w A - 0 1";
    assert_moves(
        fr(),
        fen,
        &[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "b1c1", "b1a2", "b1b2", "b1c2",
            "b1a1",
        ],
    );
    assert_eq!(
        after(fr(), fen, &["b1a1"]),
        "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"
    );
}

#[test]
fn the_rook_may_not_shield_the_kings_destination() {
    // King e1, rooks b1 and g1; Black's g8 rook attacks g1 through White's
    // own rook, so e1g1 is illegal; e1b1 is legal (16 + 9 = 25 moves).
    let fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
    assert_moves(
        fr(),
        fen,
        &[
            "b1a1", "b1c1", "b1d1", "b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7", "b1b8", "g1f1",
            "g1h1", "g1g2", "g1g3", "g1g4", "g1g5", "g1g6", "g1g7", "g1g8", "e1d1", "e1f1", "e1d2",
            "e1e2", "e1f2", "e1b1",
        ],
    );
}

#[test]
fn a_piece_on_the_path_blocks_castling() {
    // King e1, knight f1, rook g1: no castling.
    let fen = "4k3/8/8/8/8/8/8/4KNR1 w G - 0 1";
    assert_moves(
        fr(),
        fen,
        &[
            "f1d2", "f1h2", "f1e3", "f1g3", "g1h1", "g1g2", "g1g3", "g1g4", "g1g5", "g1g6", "g1g7",
            "g1g8", "e1d1", "e1d2", "e1e2", "e1f2",
        ],
    );
}

#[test]
fn a_rook_move_loses_only_its_own_right() {
    // `position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves h1h2`:
    // `… b Aha - 1 1`.
    assert_eq!(
        after(fr(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &["h1h2"]),
        "r3k2r/8/8/8/8/8/7R/R3K3 b Aha - 1 1"
    );
}

#[test]
fn published_chess960_perft() {
    // Chess960 perft suite (also FSF 11.1 `go perft 4`): 21, 528, 12189, 326672.
    let p = pos(
        fr(),
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [21, 528, 12189, 326672]);
}

#[test]
fn capablanca_random_castles_to_i_and_c() {
    // caparandom, `… R3K4R w KQkq`: written `JAja`; e1j1 puts the king on
    // i1 and the rook on h1, e1a1 the king on c1 and the rook on d1.
    let fen = "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1";
    assert_eq!(
        pos(crc(), fen).fen(),
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w JAja - 0 1"
    );
    assert_eq!(
        after(crc(), fen, &["e1j1"]),
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b ja - 1 1"
    );
    assert_eq!(
        after(crc(), fen, &["e1a1"]),
        "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR5R b ja - 1 1"
    );
}

#[test]
fn any_for_one_piece_only_is_e0063() {
    let source = std::fs::read_to_string(
        fairyc_tests::root().join("tests/fixtures/check/err/castling_half_any.variant"),
    )
    .expect("fixture");
    let errors = fairyc_compiler::compile(&source).expect_err("E0063");
    assert!(
        format!("{errors:?}").contains("CastlingHalfAny"),
        "{errors:?}"
    );
}

#[test]
fn rights_go_with_the_king_or_with_their_rook() {
    // `position fen 4k3/8/8/8/8/8/6b1/R3K2R b HA - 0 1 moves g2h1`: `w A`.
    assert_eq!(
        after(fr(), "4k3/8/8/8/8/8/6b1/R3K2R b HA - 0 1", &["g2h1"]),
        "4k3/8/8/8/8/8/8/R3K2b w A - 0 2"
    );
    // `… R3K2R w HA - 0 1 moves e1e2`: `b -`.
    assert_eq!(
        after(fr(), "4k3/8/8/8/8/8/8/R3K2R w HA - 0 1", &["e1e2"]),
        "4k3/8/8/8/8/8/4K3/R6R b - - 1 1"
    );
    // A rook that moves to the corner does not bring a right with it:
    // `1rk3r1/… w GBgb - 0 1 moves g1h1 g8h8`: `w Bb`.
    assert_eq!(
        after(
            fr(),
            "1rk3r1/8/8/8/8/8/8/1RK3R1 w GBgb - 0 1",
            &["g1h1", "g8h8"]
        ),
        "1rk4r/8/8/8/8/8/8/1RK4R w Bb - 2 2"
    );
}
