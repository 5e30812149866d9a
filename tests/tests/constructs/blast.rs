//! Capture effects (issue 30, `blast { … }`): one test per sentence probed
//! in pyffish 0.0.90 (the current Fairy-Stockfish) for the atomic family;
//! the expected moves and FENs are pyffish's answers on the same FENs
//! (`legal_moves`, `get_fen`, `game_result`), written down by hand.

use fairyc_runtime::{perft, Color, EndReason, Position, Variant};
use fairyc_tests::{compile_path, play, pos, root, sorted, uci_moves};

fn shipped(stem: &str) -> Variant {
    compile_path(&root().join(format!("variants/{stem}.variant")))
}

/// The winner once the game has ended by a rule.
fn winner(p: &Position<'_>) -> Option<Color> {
    let r = p.rule_outcome().expect("the game is over");
    assert_eq!(r.reason, EndReason::Extinction, "{}", p.fen());
    r.winner
}

#[test]
fn a_blast_removes_the_capturer_and_non_pawns_around_of_both_colours() {
    // Nb6xa8: the knight, the rook on a8 go; the pawns on a7 and b7 stay;
    // Black's queen-side castling right goes with the rook.
    let v = shipped("atomic");
    let mut p = pos(&v, "r3k2r/Pp6/1N6/8/8/8/8/R3K2R w KQkq - 0 1");
    play(&mut p, "b6a8");
    assert_eq!(p.fen(), "4k2r/Pp6/8/8/8/8/8/R3K2R b KQk - 0 1");
}

#[test]
fn a_capture_next_to_both_kings_is_illegal_in_atomic() {
    // Qxd7 would blow up both kings: one's own king may not go.
    let v = shipped("atomic");
    let p = pos(&v, "4k3/3p4/2K5/8/8/8/8/3Q4 w - - 0 1");
    assert!(!uci_moves(&p).contains(&"d1d7".to_string()));
}

#[test]
fn a_king_never_captures_in_atomic() {
    let v = shipped("atomic");
    let p = pos(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    assert!(!uci_moves(&p).contains(&"e1d2".to_string()));
}

#[test]
fn blowing_up_the_enemy_king_is_legal_in_check_and_wins() {
    // White is in check from h1; Qxd7 blows up the king on e8 anyway.
    let v = shipped("atomic");
    let mut p = pos(&v, "4k3/3p4/8/8/8/8/8/3QK2r w - - 0 1");
    assert!(p.is_check());
    assert_eq!(uci_moves(&p), sorted(&["d1d7", "e1d2", "e1e2", "e1f2"]));
    play(&mut p, "d1d7");
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/4K2r b - - 0 1");
    assert_eq!(winner(&p), Some(Color::White));
    assert_eq!(perft(&p, 1), 0);
}

#[test]
fn kings_that_touch_give_no_check() {
    // The rook on a1 attacks e1 … but White's king on e5 touches d5: it may
    // stay on the rook's rank, and may not capture the king.
    let v = shipped("atomic");
    let p = pos(&v, "8/8/8/3kK3/8/8/8/r7 w - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        uci_moves(&p),
        sorted(&["e5d4", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"])
    );
    // Apart, the rook's check is a check.
    let q = pos(&v, "8/8/8/3k4/8/8/8/r3K3 w - - 0 1");
    assert!(q.is_check());
    assert_eq!(uci_moves(&q), sorted(&["e1d2", "e1e2", "e1f2"]));
}

#[test]
fn en_passant_blasts_around_the_landing_square() {
    // e5xd6 e.p.: the pawn on d5 is captured, the knight on c7 and the
    // bishop on e7 (neighbours of d6) go with the capturer.
    let v = shipped("atomic");
    let mut p = pos(&v, "4k3/2n1b3/8/3pP3/8/8/8/4K3 w - d6 0 1");
    play(&mut p, "e5d6");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

#[test]
fn make_and_unmake_restore_a_blast() {
    let v = shipped("atomic");
    let fen = "r3k2r/Pp6/1N6/8/8/8/8/R3K2R w KQkq - 0 1";
    let mut p = pos(&v, fen);
    let hash = p.hash();
    let m = p.parse_uci("b6a8").expect("a move");
    let undo = p.make(m);
    assert_eq!(p.fen(), "4k2r/Pp6/8/8/8/8/8/R3K2R b KQk - 0 1");
    p.unmake(undo);
    assert_eq!((p.fen().as_str(), p.hash()), (fen, hash));
}

#[test]
fn without_check_a_blast_of_both_kings_loses_for_its_maker() {
    let v = shipped("nocheckatomic");
    let mut p = pos(&v, "4k3/3p4/2K5/8/8/8/8/3Q4 w - - 0 1");
    play(&mut p, "d1d7");
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(winner(&p), Some(Color::Black));
}

#[test]
fn without_check_a_king_may_capture_and_blow_itself_up() {
    let v = shipped("nocheckatomic");
    let mut p = pos(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    play(&mut p, "e1d2");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(winner(&p), Some(Color::Black));
    // And kings may touch and be left attacked: e5d5 captures the king.
    let q = pos(&v, "8/8/8/3kK3/8/8/8/r7 w - - 0 1");
    assert_eq!(
        uci_moves(&q),
        sorted(&["e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"])
    );
}

#[test]
fn an_immune_king_survives_blasts_and_its_own_captures() {
    let v = shipped("atomar");
    let mut p = pos(&v, "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1");
    play(&mut p, "e1d2");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
    let mut q = pos(&v, "4k3/3p4/2K5/8/8/8/8/3Q4 w - - 0 1");
    play(&mut q, "d1d7");
    assert_eq!(q.fen(), "4k3/8/2K5/8/8/8/8/8 b - - 0 1");
}

#[test]
fn atomar_kings_may_not_capture_each_other() {
    let v = shipped("atomar");
    let p = pos(&v, "8/8/8/3kK3/8/8/8/r7 w - - 0 1");
    assert_eq!(
        uci_moves(&p),
        sorted(&["e5d4", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"])
    );
}

#[test]
fn a_giveaway_blast_that_empties_both_sides_wins_for_its_maker() {
    let v = shipped("atomic-giveaway");
    let mut p = pos(&v, "8/8/8/8/8/8/1p6/B7 w - - 0 1");
    play(&mut p, "a1b2");
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(winner(&p), Some(Color::White));
}

#[test]
fn six_by_six_atomic_promotes_without_double_steps() {
    let v = shipped("6x6atom");
    let start = Position::new(&v).expect("start");
    assert_eq!(start.fen(), "rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w - - 0 1");
    assert_eq!(perft(&start, 1), 6);
    let p = pos(&v, "3k2/P5/6/6/6/3K2 w - - 0 1");
    assert_eq!(
        uci_moves(&p),
        sorted(&["a5a6b", "a5a6n", "a5a6q", "a5a6r", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"])
    );
}

#[test]
fn a_position_whose_king_was_blown_up_reads_and_is_over() {
    // Black's king went in White's last capture; the white king stands
    // attacked by the queen, which no longer matters.
    let v = shipped("atomic");
    let p = pos(&v, "8/8/p2p2p1/8/PPP5/R4PP1/4K2q/R7 b - - 0 23");
    assert_eq!(winner(&p), Some(Color::White));
    assert_eq!(perft(&p, 1), 0);
}

// Petrification (`blast { petrify … }`), probed in pyffish 0.0.90's
// built-in `petrified` (see the header of variants/petrified.variant).

#[test]
fn a_capturing_rook_turns_to_stone_where_it_captured() {
    let v = shipped("petrified");
    let mut p = pos(&v, "4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    play(&mut p, "d1d5");
    assert_eq!(p.fen(), "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_capturing_pawn_stays_a_pawn() {
    let v = shipped("petrified");
    let mut p = pos(&v, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    play(&mut p, "e4d5");
    assert_eq!(p.fen(), "4k3/8/8/3P4/8/8/8/4K3 b - - 0 1");
}

#[test]
fn a_petrified_square_stops_a_rider_before_it() {
    let v = shipped("petrified");
    let p = pos(&v, "4k3/8/8/3*4/8/8/8/3RK3 w - - 0 1");
    let rook: Vec<String> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    assert_eq!(
        rook,
        sorted(&["d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1d4"])
    );
}

#[test]
fn a_king_may_not_capture_as_it_would_petrify() {
    let v = shipped("petrified");
    let p = pos(&v, "8/8/8/3k4/8/3p4/3K4/8 w - - 0 1");
    assert_eq!(
        uci_moves(&p),
        sorted(&["d2c1", "d2c3", "d2d1", "d2e1", "d2e3"])
    );
}

#[test]
fn kings_attack_nothing_and_may_stand_side_by_side() {
    let v = shipped("petrified");
    let p = pos(&v, "8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    assert_eq!(
        uci_moves(&p),
        sorted(&["d3c2", "d3c3", "d3c4", "d3d2", "d3d4", "d3e2", "d3e3", "d3e4"])
    );
}

#[test]
fn a_queen_next_to_the_king_still_gives_check() {
    let v = shipped("petrified");
    let p = pos(&v, "8/8/8/3k4/8/8/3K4/3q4 w - - 0 1");
    assert!(p.is_check());
    assert_eq!(uci_moves(&p), sorted(&["d2c3", "d2e3"]));
}
