//! Promotion limited by material (`Queen max 1`, Grand chess). The pawn
//! moves are Fairy-Stockfish 11.1's `go perft 1` after
//! `setoption name UCI_Variant value grand` and `position fen <FEN>`, the
//! moves of the pawn only.

use fairyc_runtime::Position;
use fairyc_tests::{shipped, uci_moves};

fn pawn_moves(fen: &str, from: &str) -> Vec<String> {
    let v = shipped("grand");
    let p = Position::from_fen(&v, fen).expect("FEN");
    uci_moves(&p)
        .into_iter()
        .filter(|u| u.starts_with(from))
        .collect()
}

#[test]
fn grand_with_all_pieces_a_pawn_may_not_reach_the_last_rank() {
    // FSF: 122 moves, none of the pawn on b9.
    let fen = "4k5/1P8/10/10/10/10/10/10/1NBQKCABN1/R8R w - - 0 1";
    assert!(pawn_moves(fen, "b9").is_empty());
}

#[test]
fn grand_a_pawn_promotes_only_to_a_lost_piece_and_may_decline_before_the_last_rank() {
    // FSF: without the queen, b8b9 and b8b9q.
    let fen = "4k5/10/1P8/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1";
    assert_eq!(pawn_moves(fen, "b8"), ["b8b9", "b8b9q"]);
    // FSF: without a knight (two is the limit), b7b8 and b7b8n.
    let fen = "4k5/10/10/1P8/10/10/10/10/1NBQKCAB2/R8R w - - 0 1";
    assert_eq!(pawn_moves(fen, "b7"), ["b7b8", "b7b8n"]);
}

#[test]
fn grand_on_the_last_rank_the_promotion_is_compulsory() {
    // FSF: without a bishop, only b9b10b.
    let fen = "4k5/1P8/10/10/10/10/10/10/1N1QKCABN1/R8R w - - 0 1";
    assert_eq!(pawn_moves(fen, "b9"), ["b9b10b"]);
}
