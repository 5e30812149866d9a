//! The makruk family's counting rules: one test per sentence of what
//! Fairy-Stockfish 11.1 does, as probed and written in the headers of
//! `variants/makruk.variant` and `variants/asean.variant`. Every FEN
//! expected after moves is Fairy-Stockfish's own (`position fen F moves M`,
//! then `d`), and every move count its `go perft 1`.

use fairyc_runtime::{EndReason, Game, GameResult, Position, Variant};
use fairyc_tests::shipped;

fn game<'v>(v: &'v Variant, fen: &str, moves: &[&str]) -> Game<'v> {
    let p = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut g = Game::new(p);
    for m in moves {
        let mv = g
            .position()
            .parse_uci(m)
            .unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        g.play(mv).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    g
}

/// The FEN after `moves` from `fen` (played on the position: a count that
/// has run out is a claim, as in Fairy-Stockfish, and does not stop them).
fn fen_after(v: &Variant, fen: &str, moves: &[&str]) -> String {
    let mut p = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = p.parse_uci(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        p.play(mv).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    p.fen()
}

/// Board's honour: with pieces on both sides and no pawn, the side to move
/// counts 64 moves (128 plies) from 0.
/// FSF: `position fen 4k3/8/8/8/8/8/r7/R3K3 w - - 0 1 moves e1d1`, `d`.
#[test]
fn board_honour_counts_64_moves_from_zero() {
    let v = shipped("makruk");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", &["e1d1"]),
        "4k3/8/8/8/8/8/r7/R2K4 b - 128 0 1"
    );
    // It goes on by one ply a move (`… moves e1d1 e8d8`).
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", &["e1d1", "e8d8"]),
        "3k4/8/8/8/8/8/r7/R2K4 w - 128 1 2"
    );
}

/// Pieces' honour: a lone king counts by the opponent's pieces, from the
/// number of pieces on the board: a rook 16 moves (`R3K3 … moves a1a2`),
/// two rooks 8, two khons 22, two knights 32, a khon and a knight 44,
/// two mets 64 (`… moves e1d1`).
#[test]
fn pieces_honour_limits_by_the_opponents_pieces() {
    let v = shipped("makruk");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &["a1a2"]),
        "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1"
    );
    for (pieces, limit) in [("RR", 16), ("SS", 44), ("NN", 64), ("SN", 88), ("MM", 128)] {
        let fen = format!("4k3/8/8/8/8/8/8/{pieces}2K3 w - - 0 1");
        assert_eq!(
            fen_after(&v, &fen, &["e1d1"]),
            format!("4k3/8/8/8/8/8/8/{pieces}1K4 b - {limit} 8 1"),
            "{pieces}"
        );
    }
}

/// A capture that leaves the side to move with its king alone restarts the
/// count as pieces' honour (`4k3/8/8/8/8/8/r7/RN2K3 w - 128 10 1 moves
/// a1a2`: `… b - 32 8 1`); a move without capture lets it run
/// (`… w - 32 10 1 moves b1c3`: `… b - 32 11 1`).
#[test]
fn a_capture_baring_the_king_restarts_the_count() {
    let v = shipped("makruk");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/r7/RN2K3 w - 128 10 1", &["a1a2"]),
        "4k3/8/8/8/8/8/R7/1N2K3 b - 32 8 1"
    );
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/r7/RN2K3 w - 32 10 1", &["b1c3"]),
        "4k3/8/8/8/8/2N5/r7/R3K3 b - 32 11 1"
    );
}

/// No count starts while a pawn is on the board
/// (`4k3/8/8/8/8/P7/8/R3K3 w - - 0 1 moves e1d1`: `… b - - 1 1`), nor for
/// a side facing a lone king
/// (`4k3/8/8/8/8/8/8/R3K3 b - - 0 1 moves e8d8`: `… w - - 1 2`), nor when
/// a lone king takes the last pawn (`4k2r/8/8/8/p7/K7/8/8 w - - 0 1 moves
/// a3a4`: `… b - - 0 1`).
#[test]
fn no_count_with_pawns_or_against_a_lone_king() {
    let v = shipped("makruk");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/P7/8/R3K3 w - - 0 1", &["e1d1"]),
        "4k3/8/8/8/8/P7/8/R2K4 b - - 1 1"
    );
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", &["e8d8"]),
        "3k4/8/8/8/8/8/8/R3K3 w - - 1 2"
    );
    assert_eq!(
        fen_after(&v, "4k2r/8/8/8/p7/K7/8/8 w - - 0 1", &["a3a4"]),
        "4k2r/8/8/8/K7/8/8/8 b - - 0 1"
    );
}

/// A FEN's count is read as written: limit in the en-passant field, ply
/// count in the half-move clock's (`4k3/8/8/8/8/8/8/R3K3 w - 9 0 1 moves
/// e1d1`: `… b - 9 1 1`).
#[test]
fn a_count_is_read_from_the_fen() {
    let v = shipped("makruk");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/8/R3K3 w - 9 0 1", &["e1d1"]),
        "4k3/8/8/8/8/8/8/R2K4 b - 9 1 1"
    );
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1").unwrap();
    assert_eq!(p.counting(), Some((32, 6)));
    // The limit is part of the hash.
    let q = Position::from_fen(&v, "4k3/8/8/8/8/8/R7/4K3 b - 16 6 1").unwrap();
    assert_ne!(p.hash(), q.hash());
    // A limit out of range is refused.
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/R7/4K3 b - 0 6 1").is_err());
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/R7/4K3 b - 5000 6 1").is_err());
}

/// A count past its limit draws the game, but perft ignores it
/// (`4k3/8/8/8/8/8/R7/4K3 b - 32 33 1`: `go perft 1` 5).
#[test]
fn a_count_past_its_limit_draws_but_perft_goes_on() {
    let v = shipped("makruk");
    let draw = Some(GameResult {
        winner: None,
        reason: EndReason::Counting,
    });
    assert_eq!(
        game(&v, "4k3/8/8/8/8/8/R7/4K3 b - 32 32 1", &[]).outcome(),
        None
    );
    assert_eq!(
        game(&v, "4k3/8/8/8/8/8/R7/4K3 b - 32 33 1", &[]).outcome(),
        draw
    );
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/R7/4K3 b - 32 33 1").unwrap();
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves().len(), 5);
    // Checkmate comes first: the mated side loses even past the limit.
    // (`k7/8/1K6/8/8/8/8/7R w - 16 30 1 moves h1h8`: `go perft 1` 0.)
    let mated = game(&v, "k7/8/1K6/8/8/8/8/7R w - 32 32 1", &["h1h8"]);
    assert_eq!(
        mated.outcome().map(|r| r.reason),
        Some(EndReason::Checkmate)
    );
}

/// ASEAN: only a lone king counts, from 0, even against pawns: a rook 16
/// moves (`4k3/8/8/8/8/P7/8/R3K3 w - - 0 1 moves e1d1`: `… b - 32 0 1`),
/// a khon and a met 44, a knight and a met 64; a knight and a khon, or two
/// mets, start no count; no board's honour (`… r7/R3K3 w … moves e1d1`:
/// `… b - - 1 1`).
#[test]
fn asean_counts_only_a_lone_king() {
    let v = shipped("asean");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/P7/8/R3K3 w - - 0 1", &["e1d1"]),
        "4k3/8/8/8/8/P7/8/R2K4 b - 32 0 1"
    );
    for (pieces, after) in [
        ("BQ", "88 0"),
        ("NQ", "128 0"),
        ("NB", "- 1"),
        ("QQ", "- 1"),
    ] {
        let fen = format!("4k3/8/8/8/8/8/8/{pieces}2K3 w - - 0 1");
        assert_eq!(
            fen_after(&v, &fen, &["e1d1"]),
            format!("4k3/8/8/8/8/8/8/{pieces}1K4 b - {after} 1"),
            "{pieces}"
        );
    }
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1", &["e1d1"]),
        "4k3/8/8/8/8/8/r7/R2K4 b - - 1 1"
    );
}

/// ASEAN: a promotion does not restart a running count
/// (`6k1/P7/8/5K2/2R5/8/8/8 w - 32 39 21 moves a7a8r`: `… b - 32 40 21`).
#[test]
fn asean_promotion_does_not_restart_the_count() {
    let v = shipped("asean");
    assert_eq!(
        fen_after(&v, "6k1/P7/8/5K2/2R5/8/8/8 w - 32 39 21", &["a7a8r"]),
        "R5k1/8/8/5K2/2R5/8/8/8 b - 32 40 21"
    );
}
