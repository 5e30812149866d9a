//! Xiangqi and the constructs it needs (issue 12): hoppers (`p`, `g`), moves
//! confined to a region (`within`, `from`) and the flying general (`faces`).
//! One test per sentence of the rules, each a position (FEN) and the exact
//! legal moves, as `tests/tests/seeds/crazy_elephant.rs` does.
//!
//! Every xiangqi move list here was first probed with Debian's
//! fairy-stockfish 11.1 (`UCI_Variant xiangqi`, `position fen …`,
//! `go perft 1`) and agrees with it. The Crazy 38's and grasshopper lists,
//! which Fairy-Stockfish cannot play, are derived by hand from the ray table
//! of `docs/rules/crazy-38s.md` §2.2 (kept in
//! `tests/data/crazy-38s/rook-rays.txt`) and from XBetza's definition of `g`.

use std::sync::OnceLock;

use fairyc_runtime::{Position, Variant, VariantTables};
use fairyc_tests::{assert_moves, pos, root, shipped, sorted};

fn xq() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("xiangqi"))
}

fn compile(source: &str) -> Variant {
    let tables = fairyc_compiler::compile(source).unwrap_or_else(|e| panic!("{e:?}"));
    Variant::new(tables).expect("valid tables")
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(v: &Variant, fen: &str, from: &str) -> Vec<String> {
    let p = pos(v, fen);
    let mut out: Vec<String> = p
        .legal_moves()
        .into_iter()
        .map(|m| p.uci(m))
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect();
    out.sort();
    out
}

// --- the cannon: `mR cpR` -------------------------------------------------

#[test]
fn a_cannon_check_is_answered_by_a_second_piece_or_by_moving_the_screen() {
    // Black's cannon e9 checks the White general e1 over White's horse e6.
    // The rook may add a second piece to the line (a3e3); the horse may
    // leave it (the screen goes); the general may step aside to f1 (d1 would
    // face Black's general on d10; e2 is still behind one screen).
    let fen = "3k5/4c4/9/9/4N4/9/9/R8/9/4K4 w - - 0 1";
    assert!(pos(xq(), fen).is_check());
    assert_moves(
        xq(),
        fen,
        &[
            "a3e3", "e1f1", "e6c5", "e6c7", "e6d4", "e6d8", "e6f4", "e6f8", "e6g5", "e6g7",
        ],
    );
}

#[test]
fn a_move_that_becomes_a_screen_is_illegal() {
    // Nothing stands between Black's cannon e8 and White's general e1: the
    // rook a4 may go anywhere on its rank but e4, where it would become the
    // screen of a check.
    assert_moves(
        xq(),
        "5k3/9/4c4/9/9/9/R8/9/9/4K4 w - - 0 1",
        &[
            "a4a1", "a4a10", "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4a9", "a4b4",
            "a4c4", "a4d4", "a4f4", "a4g4", "a4h4", "a4i4", "e1d1", "e1e2",
        ],
    );
}

#[test]
fn a_cannon_moves_like_a_rook_and_captures_only_over_one_screen() {
    // White's cannon e5 slides to empty points; it captures nothing: over
    // the horse g5 stands its own rook i5, and no screen stands before a5.
    let fen = "3k5/9/9/9/9/c3C1n1R/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        moves_from(xq(), fen, "e5"),
        sorted(&[
            "e5b5", "e5c5", "e5d5", "e5e10", "e5e2", "e5e3", "e5e4", "e5e6", "e5e7", "e5e8",
            "e5e9", "e5f5",
        ])
    );
    // A screen may be of either side: Black's cannon a5 jumps its own horse
    // g5 and takes the rook i5.
    let fen = "3k5/9/9/9/9/c5n1R/9/9/9/4K4 b - - 0 1";
    assert!(moves_from(xq(), fen, "a5").contains(&"a5i5".to_string()));
}

#[test]
fn a_cannon_gives_check_through_exactly_one_piece() {
    // Black's cannon e7 checks over White's soldier e5. The soldier cannot
    // leave the file (it has not crossed the river), d1 faces Black's
    // general and e2 is still behind one screen: only e1f1.
    let fen = "3k5/9/9/4c4/9/4P4/9/9/9/4K4 w - - 0 1";
    assert!(pos(xq(), fen).is_check());
    assert_moves(xq(), fen, &["e1f1"]);
    // With a second screen there is no check.
    let fen = "3k5/9/9/4c4/4N4/4P4/9/9/9/4K4 w - - 0 1";
    assert!(!pos(xq(), fen).is_check());
}

// --- the flying general: `faces vR` ----------------------------------------

#[test]
fn a_flying_general_is_exposed_by_a_move_off_the_file() {
    // The horse e5 stands between the two generals: it may not leave the file.
    assert_moves(
        xq(),
        "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1",
        &["e1d1", "e1e2", "e1f1"],
    );
    // With the general on d1 the horse is free, and the general may step
    // onto the horse's file.
    assert_moves(
        xq(),
        "4k4/9/9/9/9/4N4/9/9/9/3K5 w - - 0 1",
        &[
            "d1d2", "d1e1", "e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6",
        ],
    );
}

#[test]
fn facing_generals_are_check() {
    // Two generals on one open file attack each other: a position where the
    // side not to move is so attacked cannot arise, and is refused.
    assert!(Position::from_fen(xq(), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").is_err());
    assert!(Position::from_fen(xq(), "2bak4/9/9/9/9/9/9/9/9/4K4 b - - 0 1").is_err());
    // A general may not step onto the other's open file.
    assert_moves(
        xq(),
        "4k4/4a4/4c4/9/9/9/9/9/4R4/3K5 b - - 0 1",
        &[
            "e10f10", "e8a8", "e8b8", "e8c8", "e8d8", "e8e3", "e8e4", "e8e5", "e8e6", "e8e7",
            "e8f8", "e8g8", "e8h8", "e8i8", "e9d10", "e9d8", "e9f10", "e9f8",
        ],
    );
}

// --- regions: `within`, `from` ----------------------------------------------

#[test]
fn general_and_advisors_stay_in_the_palace() {
    // The advisor e2 reaches the palace's four corners; the general e1 may
    // not leave the palace (d1 is free, but faces Black's general on d10).
    assert_moves(
        xq(),
        "3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1",
        &["e1f1", "e2d1", "e2d3", "e2f1", "e2f3"],
    );
}

#[test]
fn elephants_do_not_cross_and_soldiers_step_sideways_after_the_river() {
    // The elephant c5 may not cross to a7 or e7; the soldier e6 has crossed
    // (forward and sideways), the soldier g5 has not (forward only).
    assert_moves(
        xq(),
        "3k5/9/9/9/4P4/2B3P2/9/9/9/3AK4 w - - 0 1",
        &[
            "c5a3", "c5e3", "d1e2", "e1e2", "e1f1", "e6d6", "e6e7", "e6f6", "g5g6",
        ],
    );
}

#[test]
fn the_start_position_reads_and_writes_fairy_stockfish_fen() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let p = Position::new(xq()).expect("start");
    assert_eq!(p.fen(), fen);
    // Moves to the tenth rank are written as Fairy-Stockfish writes them.
    assert!(p.legal_moves().iter().any(|&m| p.uci(m) == "h3h10"));
}

// --- hoppers on any board -----------------------------------------------------

/// Crazy 38's with a cannon (`X`, `mR cpR`) and a hopper (`Y`, `pR`) added.
fn crazy38s_with_hoppers() -> Variant {
    let source = std::fs::read_to_string(root().join("variants/crazy-38s.variant"))
        .expect("crazy-38s.variant");
    let source = format!(
        "{source}\npiece Cannon {{ letter X; moves mR cpR }}\npiece Hopper {{ letter Y; moves pR }}\n"
    );
    compile(&source)
}

#[test]
fn a_cannon_on_the_crazy_38s_rook_loop() {
    // White: King a3, cannon c6. Black: King d8, pawns e6 and h4. From c6 the
    // loop runs d6-e6-f6-h6-h4-h3-h1-f1-e1-c1-c3-c4-c5 one way and the
    // reverse the other way (rook-rays.txt). One way the pawn e6 is the
    // screen and the pawn h4 is taken; the other way h4 is the screen and e6
    // is taken. Its quiet moves are a rook's.
    let v = crazy38s_with_hoppers();
    let fen = "K3/2/4X2/5k/5p/7/2/2p1[] w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "c6"),
        sorted(&[
            "c6a6", "c6b6", "c6c1", "c6c3", "c6c4", "c6c5", "c6c7", "c6c8", "c6d6", "c6e1", "c6f1",
            "c6h1", "c6h3", "c6e6", "c6h4",
        ])
    );
    // A hopper that may also land quietly reaches f6 and h6 both ways round
    // the loop: each is one move.
    let fen = "K3/2/4Y2/5k/5p/7/2/2p1[] w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "c6"),
        sorted(&["c6e6", "c6f6", "c6h4", "c6h6"])
    );
}

#[test]
fn a_grasshopper_lands_directly_behind_its_hurdle() {
    let v = compile(
        "variant \"G\" {}\nboard { files a..h; ranks 1..8 }\n\
         piece King { letter K; moves K; royal }\n\
         piece Grasshopper { letter G; moves gQ }\n\
         piece Pawn { letter P; moves fW }\n\
         setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n",
    );
    // G d4; hurdles d6 (own pawn: lands d7), f6 (enemy: lands g7), b4
    // (lands a4), d2 (behind it d1), f4 and g4 (behind f4 stands g4, an
    // enemy: captured). No hurdle on the other lines: no move there.
    let fen = "4k3/8/3P1p2/8/1P1G1pp1/8/3P4/K7 w - - 0 1";
    assert_eq!(
        moves_from(&v, fen, "d4"),
        sorted(&["d4a4", "d4d1", "d4d7", "d4g4", "d4g7"])
    );
}

#[test]
fn hopper_paths_survive_the_json_table() {
    let v = xq();
    let json = v.tables().to_json();
    assert!(
        json.contains("\"hop\":0"),
        "the cannon's capture is a hopper path"
    );
    assert!(json.contains("\"role\":\"attack\""), "the flying general");
    let back = VariantTables::from_json(&json).expect("reads back");
    assert_eq!(&back, v.tables());
}

#[test]
fn a_king_may_not_castle_across_a_square_a_cannon_hits_beyond_its_screen() {
    // Shako: Black's cannon g5 hits g3, g2 and g1 over White's pawn g4 (the
    // squares are empty: a king standing there would be taken). Castling
    // f2h2 passes g2, so it is illegal; Fairy-Stockfish 11.1 agrees.
    let v = shipped("shako");
    let fen = "c2q1n2e1/er1b1kb1r1/pppp1p1p1p/4p1p3/1n6p1/PP2P1c3/1R1N1PPPN1/2PPQB2P1/E2B1K2RE/C8C w Kkq - 4 17";
    assert!(!moves_from(&v, fen, "f2").contains(&"f2h2".to_string()));
    assert_eq!(moves_from(&v, fen, "f2"), sorted(&["f2e1", "f2e2", "f2f1"]));
}

#[test]
fn alone_on_the_board_a_cannon_only_slides() {
    // `fairyc show` and `describe` draw a piece alone on the board: the
    // cannon's captures need a hurdle, so it reaches its rook squares by
    // moving only; the general's `faces` lines are no moves.
    let v = xq();
    let e5 = v.square_by_name("e5").expect("e5");
    let cannon = v.piece_by_letter('C').expect("cannon");
    let reach = fairyc_runtime::reach(v, cannon, fairyc_runtime::Color::White, e5).expect("reach");
    assert_eq!(reach.len(), 17);
    assert!(reach.values().all(|r| r.quiet && !r.capture));
    let e1 = v.square_by_name("e1").expect("e1");
    let general = v.piece_by_letter('K').expect("general");
    let reach = fairyc_runtime::reach(v, general, fairyc_runtime::Color::White, e1).expect("reach");
    assert_eq!(reach.len(), 3, "d1, f1 and e2: the palace");
}

// --- `to`: landing squares only ---------------------------------------------
//
// The expectations below follow from the rule as docs/language.md states
// it: a `to` move lands only on the set's squares and passes the others,
// which must be empty; the same lines under `within` end at the first
// square outside. The field test (`landing-imp`, `stardust-imp`) and the
// export test (`tests/data/regions/landing.variant`) compare the rule with
// pyffish 0.0.90's `mobilityRegion…`.

/// A 5×5 board whose queens land anywhere but on rank 3 (except c3), with
/// `clause` (`to` or `within`) before the zone.
fn camp(clause: &str) -> Variant {
    compile(&format!(
        "variant \"Camp\" {{}}\n\
         board {{ files a..e; ranks 1..5 }}\n\
         zone camp {{ white: ranks 1..2, c3, ranks 4..5; black: ranks 1..2, c3, ranks 4..5 }}\n\
         piece King {{ letter K; moves K; royal }}\n\
         piece Queen {{ letter Q; moves Q {clause} camp }}\n\
         setup \"3k1/5/5/5/Q3K w - - 0 1\"\n"
    ))
}

#[test]
fn a_to_slide_passes_squares_outside_its_set_and_lands_beyond() {
    // From a1 up the file: a2, over a3 (outside) to a4 and a5; along rank
    // 1 to d1 (the king stands on e1); the diagonal b2, c3, d4, e5.
    assert_eq!(
        moves_from(&camp("to"), "3k1/5/5/5/Q3K w - - 0 1", "a1"),
        sorted(&["a1a2", "a1a4", "a1a5", "a1b1", "a1c1", "a1d1", "a1b2", "a1c3", "a1d4", "a1e5"])
    );
}

#[test]
fn within_ends_the_same_slide_at_the_first_square_outside() {
    assert_eq!(
        moves_from(&camp("within"), "3k1/5/5/5/Q3K w - - 0 1", "a1"),
        sorted(&["a1a2", "a1b1", "a1c1", "a1d1", "a1b2", "a1c3", "a1d4", "a1e5"])
    );
}

#[test]
fn a_piece_on_a_passed_square_blocks_the_slide() {
    // White's king on a3, outside the set: the queen stops at a2.
    assert_eq!(
        moves_from(&camp("to"), "3k1/5/K4/5/Q4 w - - 0 1", "a1"),
        sorted(&["a1a2", "a1b1", "a1c1", "a1d1", "a1e1", "a1b2", "a1c3", "a1d4", "a1e5"])
    );
}

#[test]
fn a_to_slide_attacks_over_a_passed_square() {
    // Black's queen a5 checks White's king a1 over a3: the king must leave
    // the file (b1, b2); a2 stays on it.
    let v = camp("to");
    let p = pos(&v, "q2k1/5/5/5/K4 w - - 0 1");
    assert!(p.is_check());
    assert_moves(&v, "q2k1/5/5/5/K4 w - - 0 1", &["a1b1", "a1b2"]);
}

#[test]
fn to_confines_no_hopper_and_no_move_of_several_legs() {
    for moves in ["mRcpR to ranks 1..4", "mafsW to ranks 1..4"] {
        let source = format!(
            "variant \"V\" {{}}\nboard {{ files a..e; ranks 1..5 }}\n\
             piece King {{ letter K; moves K; royal }}\n\
             piece Cannon {{ letter C; moves {moves} }}\n\
             setup \"4k/5/5/5/C3K w - - 0 1\"\n"
        );
        let errors = fairyc_compiler::compile(&source).expect_err("refused");
        assert!(
            errors.iter().any(|e| e.code() == "E0062"),
            "{moves}: {errors:?}"
        );
    }
}
