//! `captures-to-hand off` (Pocket Knight): the rule, one test per sentence of
//! what Fairy-Stockfish 11.1 does (`UCI_Variant pocketknight`, probed).

use fairyc_runtime::{Color, Position, VariantTables};
use fairyc_tests::{assert_moves, play, pos, shipped};

/// "Each side has a knight in hand at the start, which it may drop on any
/// empty square instead of a move": 20 moves and 32 drops.
#[test]
fn the_start_has_twenty_moves_and_thirty_two_knight_drops() {
    let v = shipped("pocketknight");
    let start = Position::new(&v).expect("start");
    let moves = start.legal_moves();
    assert_eq!(moves.len(), 52);
    let drops = moves.iter().filter(|m| m.from().is_none()).count();
    assert_eq!(drops, 32);
}

/// "A captured piece does not go to the capturer's hand."
#[test]
fn a_capture_leaves_the_hands_as_they_were() {
    let v = shipped("pocketknight");
    let mut p = Position::new(&v).expect("start");
    for m in ["e2e4", "d7d5", "e4d5"] {
        play(&mut p, m);
    }
    assert_eq!(
        p.fen(),
        "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[Nn] b KQkq - 0 2"
    );
}

/// "The knight is dropped once: the hand is then empty, and nothing a side
/// captures refills it."
#[test]
fn a_dropped_knight_is_gone_from_the_hand_for_good() {
    let v = shipped("pocketknight");
    let mut p = Position::new(&v).expect("start");
    play(&mut p, "N@e4");
    play(&mut p, "d7d5");
    play(&mut p, "e4f6");
    play(&mut p, "e7f6");
    assert!(p.fen().contains("[n]"), "{}", p.fen());
    assert_eq!(p.turn(), Color::White);
    assert!(p.legal_moves().iter().all(|m| m.from().is_some()));
    let knight = v.piece_by_letter('N').expect("knight");
    assert_eq!(p.hand_count(Color::White, knight), 0);
}

/// "A pawn promotes as in chess, and the promoted piece is not marked: with no
/// hands to go back to, a promotion is final."
#[test]
fn a_promoted_piece_carries_no_mark() {
    let v = shipped("pocketknight");
    let mut p = pos(&v, "7k/P7/8/8/8/8/8/K7[] w - - 0 1");
    play(&mut p, "a7a8q");
    assert_eq!(p.fen(), "Q6k/8/8/8/8/8/8/K7[] b - - 0 1");
    assert!(Position::from_fen(&v, "Q~6k/8/8/8/8/8/8/K7[] b - - 0 1").is_err());
}

/// Drops still obey check: in check, a knight drop must block.
#[test]
fn a_drop_in_check_must_block() {
    let v = shipped("pocketknight");
    assert_moves(
        &v,
        "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1",
        &["e1d2", "e1e2", "e1f2", "N@b1", "N@c1", "N@d1"],
    );
}

/// The table says it, and says nothing when captures go to hand.
#[test]
fn the_table_carries_the_rule_only_where_it_is_off() {
    let pk = shipped("pocketknight");
    let json = pk.tables().to_json();
    assert!(json.contains("\"supply\":\"setup\""), "{json}");
    let back = VariantTables::from_json(&json).expect("reads back");
    assert_eq!(&back, pk.tables());
    let zh = shipped("crazyhouse");
    assert!(!zh.tables().to_json().contains("supply"));
}
