//! Makpong's rule (`royal { fleeing forbidden }`): one test per
//! sentence of what Fairy-Stockfish 11.1 does, as probed and written in the
//! header of `variants/makpong.variant`. Every move list is its
//! `go perft 1` (`setoption name UCI_Variant value makpong`, then
//! `position fen F`), and makruk's the same with `UCI_Variant makruk`.

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::shipped;

/// The legal moves from `fen`, in UCI, sorted.
fn moves(v: &Variant, fen: &str) -> Vec<String> {
    let p = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut out: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    out.sort();
    out
}

/// The king in check takes its checker: `4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1`
/// has only `e1e2` (makruk also `e1d1`, `e1f1`).
#[test]
fn the_king_in_check_may_only_take_the_checker() {
    let fen = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1";
    assert_eq!(moves(&shipped("makpong"), fen), ["e1e2"]);
    assert_eq!(moves(&shipped("makruk"), fen), ["e1d1", "e1e2", "e1f1"]);
}

/// A defended checker cannot be taken, so the king is mated where makruk's
/// could step away: `4k3/8/8/8/8/4r3/4r3/R3K3 w - - 0 1` has no move
/// (makruk `e1d1`, `e1f1`).
#[test]
fn a_defended_checker_mates() {
    let fen = "4k3/8/8/8/8/4r3/4r3/R3K3 w - - 0 1";
    let v = shipped("makpong");
    assert!(moves(&v, fen).is_empty());
    let p = Position::from_fen(&v, fen).unwrap();
    assert!(p.is_check());
    assert_eq!(moves(&shipped("makruk"), fen), ["e1d1", "e1f1"]);
}

/// In check, the king may not take another piece
/// (`4k3/8/8/4r3/8/8/5n2/4K3 w - - 0 1`: no move; makruk `e1d2`, `e1f1`,
/// `e1f2`), nor a checker when two pieces give check
/// (`4k3/8/8/8/8/3n4/4r3/4K3 w - - 0 1`: no move; makruk `e1d1`, `e1e2`,
/// `e1f1`).
#[test]
fn no_other_capture_and_nothing_in_double_check() {
    let v = shipped("makpong");
    let m = shipped("makruk");
    let other = "4k3/8/8/4r3/8/8/5n2/4K3 w - - 0 1";
    assert!(moves(&v, other).is_empty());
    assert_eq!(moves(&m, other), ["e1d2", "e1f1", "e1f2"]);
    let double = "4k3/8/8/8/8/3n4/4r3/4K3 w - - 0 1";
    assert!(moves(&v, double).is_empty());
    assert_eq!(moves(&m, double), ["e1d1", "e1e2", "e1f1"]);
}

/// Other pieces answer a check as usual (`4k3/4r3/8/8/8/8/R7/4K3 w - - 0
/// 1`: only `a2e2`; makruk also four king moves), and a king not in check
/// moves freely (`4k3/8/8/8/8/8/4n3/R3K3 w - - 0 1`: 15 moves in both).
#[test]
fn other_pieces_block_and_a_king_not_in_check_moves() {
    let v = shipped("makpong");
    let m = shipped("makruk");
    let block = "4k3/4r3/8/8/8/8/R7/4K3 w - - 0 1";
    assert_eq!(moves(&v, block), ["a2e2"]);
    assert_eq!(moves(&m, block).len(), 5);
    let free = "4k3/8/8/8/8/8/4n3/R3K3 w - - 0 1";
    assert_eq!(moves(&v, free).len(), 15);
    assert_eq!(moves(&v, free), moves(&m, free));
}

/// The start and the counting rules are makruk's: perft 3 from the start is
/// the same (FSF: 273026 at depth 4 in both), and `4k3/8/8/8/8/8/r7/R3K3 w
/// - - 0 1` after `e1d1` reads `4k3/8/8/8/8/8/r7/R2K4 b - 128 0 1`.
#[test]
fn start_and_counting_are_makruks() {
    let v = shipped("makpong");
    let m = shipped("makruk");
    let start = Position::new(&v).unwrap();
    assert_eq!(
        start.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    );
    assert_eq!(perft(&start, 3), perft(&Position::new(&m).unwrap(), 3));
    let mut p = Position::from_fen(&v, "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1").unwrap();
    let mv = p.parse_uci("e1d1").unwrap();
    p.play(mv).unwrap();
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/r7/R2K4 b - 128 0 1");
}
