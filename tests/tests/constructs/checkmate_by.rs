//! Shatar's end rules (`checkmate by`, `checkmate needs`, `extinction all
//! 1 draw`): one test per sentence of what Fairy-Stockfish 11.1 does, as
//! probed and written in the header of `variants/shatar.variant`. A game's
//! result is FSF's `go depth 1` on the final position (`position fen F
//! moves M`): `info depth 0 score mate 0` is decisive, `score cp 0` drawn;
//! move counts are its `go perft N`.

use fairyc_runtime::{perft, Color, EndReason, GameResult, Position, Variant};
use fairyc_tests::shipped;

/// The position after `moves` from `fen`.
fn after<'v>(v: &'v Variant, fen: &str, moves: &[&str]) -> Position<'v> {
    let mut p = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves {
        let mv = p.parse_uci(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        p.play(mv).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    p
}

fn result(winner: Option<Color>, reason: EndReason) -> Option<GameResult> {
    Some(GameResult { winner, reason })
}

/// The start (`rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1`,
/// perft 1–3 20, 400, 8426), pawns without a double step (`4k3/7p/8/8/8/8/
/// P7/4K2R w - - 0 1`: `a2a3` only) promoting to a Bers only (`4k3/P6p/…`:
/// `a7a8j` only).
#[test]
fn start_pawns_and_promotion() {
    let v = shipped("shatar");
    let start = Position::new(&v).unwrap();
    assert_eq!(
        start.fen(),
        "rnbjkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBJKBNR w - - 0 1"
    );
    assert_eq!([1, 2, 3].map(|d| perft(&start, d)), [20, 400, 8426]);
    let uci = |fen: &str, from: &str| -> Vec<String> {
        let p = Position::from_fen(&v, fen).unwrap();
        p.legal_moves()
            .into_iter()
            .map(|m| p.uci(m))
            .filter(|m| m.starts_with(from))
            .collect()
    };
    assert_eq!(uci("4k3/7p/8/8/8/8/P7/4K2R w - - 0 1", "a2"), ["a2a3"]);
    assert_eq!(uci("4k3/P6p/8/8/8/8/8/4K2R w - - 0 1", "a7"), ["a7a8j"]);
}

/// A mate by a rook counts, also when read from a FEN
/// (`R6k/6pp/8/8/8/8/8/K7 b - - 0 1`: `score mate 0`).
#[test]
fn a_rook_mate_counts() {
    let v = shipped("shatar");
    let p = after(&v, "R6k/6pp/8/8/8/8/8/K7 b - - 0 1", &[]);
    assert_eq!(
        p.outcome(),
        result(Some(Color::White), EndReason::Checkmate)
    );
}

/// A mate by a bishop counts after a shak in the mater's last run of
/// checks: a rook's check (`6k1/p6p/8/8/8/4B3/8/K1R5 w - - 0 1 moves c1g1
/// g8h8 e3d4`: `score mate 0`), a knight's (`6k1/p6p/8/5N2/8/4B3/8/K7 w - -
/// 0 1 moves f5h6 g8h8 e3d4`) or the Bers's (`…/K1J5 w - - 0 1 moves c1g1
/// g8h8 e3d4`).
#[test]
fn a_bishop_mate_counts_after_a_shak() {
    let v = shipped("shatar");
    let white = result(Some(Color::White), EndReason::Checkmate);
    for (fen, moves) in [
        (
            "6k1/p6p/8/8/8/4B3/8/K1R5 w - - 0 1",
            ["c1g1", "g8h8", "e3d4"],
        ),
        (
            "6k1/p6p/8/5N2/8/4B3/8/K7 w - - 0 1",
            ["f5h6", "g8h8", "e3d4"],
        ),
        (
            "6k1/p6p/8/8/8/4B3/8/K1J5 w - - 0 1",
            ["c1g1", "g8h8", "e3d4"],
        ),
    ] {
        assert_eq!(after(&v, fen, &moves).outcome(), white, "{fen} {moves:?}");
    }
}

/// Without a shak in the run it is a draw ("niol"): a quiet move breaks the
/// run (`6k1/p6p/8/8/8/4B3/8/K1R5 w - - 0 1 moves c1g1 g8h8 a1b1 a7a6 e3d4`:
/// `score cp 0`), and a FEN has no earlier checks
/// (`7k/p6p/8/8/3B4/8/8/K5R1 b - - 0 1`: `score cp 0`).
#[test]
fn a_mate_without_a_shak_draws() {
    let v = shipped("shatar");
    let draw = result(None, EndReason::CheckmateWithoutNeededCheck);
    let p = after(
        &v,
        "6k1/p6p/8/8/8/4B3/8/K1R5 w - - 0 1",
        &["c1g1", "g8h8", "a1b1", "a7a6", "e3d4"],
    );
    assert!(p.legal_moves().is_empty() && p.is_check());
    assert_eq!(p.outcome(), draw);
    let p = after(&v, "7k/p6p/8/8/3B4/8/8/K5R1 b - - 0 1", &[]);
    assert_eq!(p.outcome(), draw);
    // The same position reached with the rook's check before is a mate.
    let p = after(
        &v,
        "6k1/p6p/8/8/8/4B3/8/K1R5 w - - 0 1",
        &["c1g1", "g8h8", "e3d4"],
    );
    assert_eq!(p.fen(), "7k/p6p/8/8/3B4/8/8/K5R1 b - - 3 2");
    assert_eq!(
        p.outcome(),
        result(Some(Color::White), EndReason::Checkmate)
    );
}

/// A mate by knights alone loses for the mater: `6rk/5Npp/8/8/8/8/8/K7 b -
/// - 0 1` is decisive (`score mate 0`), and from `6rk/6pp/8/6N1/8/8/8/K7 w
/// - - 0 1` FSF prefers `g5h7` at −300 to `g5f7` (chess: `g5f7`, mate in 1).
#[test]
fn a_knight_mate_loses() {
    let v = shipped("shatar");
    let p = after(&v, "6rk/5Npp/8/8/8/8/8/K7 b - - 0 1", &[]);
    assert_eq!(
        p.outcome(),
        result(Some(Color::Black), EndReason::CheckmateBy)
    );
    let p = after(&v, "6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", &["g5f7"]);
    assert_eq!(
        p.outcome(),
        result(Some(Color::Black), EndReason::CheckmateBy)
    );
}

/// A king left alone draws at once ("robado"): `go perft 1` is 0 on
/// `4k3/8/8/8/8/8/8/R3K3 w - - 0 1` and on the same with Black to move.
#[test]
fn a_bare_king_draws() {
    let v = shipped("shatar");
    for fen in [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
    ] {
        let p = after(&v, fen, &[]);
        assert_eq!(p.outcome(), result(None, EndReason::Extinction), "{fen}");
        assert_eq!(perft(&p, 1), 0, "{fen}");
    }
}
