//! Chu shogi's promotion (`variants/chu.variant`): a piece may promote when
//! it enters the zone (`on entry`) or when it captures with its start or
//! its end in the zone (`on start | end if capture`), and not on a
//! non-capturing move inside the zone; the two rules offer the promotion
//! once. Each position's expected list is HaChu 0.21's (`xboard`,
//! `protover 2`, `new`, `variant chu`, `force`, `setboard BOARD`,
//! `memory 16`, then an illegal `usermove a5a5` prints its list), except
//! where a test names the one difference, HaChu's left-out deferrals (see
//! `tests/tests/hachu.rs`). The differential test there compares whole
//! random games.

use std::sync::OnceLock;

use fairyc_runtime::Variant;
use fairyc_tests::{assert_moves, shipped};

fn chu() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("chu"))
}

/// The start position: HaChu lists 36 moves (`hachu_lists_moves` in
/// `tests/tests/hachu.rs` reads them).
#[test]
fn start_position_has_thirty_six_moves() {
    assert_eq!(
        fairyc_tests::uci_moves(&fairyc_tests::pos(chu(), chu().start_fen())).len(),
        36
    );
}

/// A Gold on c9 (in the zone) and one on e8 (outside it); Black pawns on
/// b10, e9 and c8. Inside the zone only captures promote (`c9b10+`, and
/// `c9c8+` leaving the zone with a capture, not `c9c10`, `c9d9`); from e8
/// every move into the zone may promote, capturing (`e8e9+`) or not
/// (`e8d9+`, `e8f9+`); its moves staying outside do not. HaChu's list,
/// exactly.
#[test]
fn promotion_on_entry_or_on_a_capture_touching_the_zone() {
    assert_moves(
        chu(),
        "6k5/12/1p10/2G1p7/2p1G7/12/12/12/12/12/12/6K5 w - - 0 1",
        &[
            "c9b10", "c9b10+", "c9b9", "c9c10", "c9c8", "c9c8+", "c9d10", "c9d9", "e8d8", "e8d9",
            "e8d9+", "e8e7", "e8e9", "e8e9+", "e8f8", "e8f9", "e8f9+", "g1f1", "g1f2", "g1g2",
            "g1h1", "g1h2",
        ],
    );
}

/// A Pawn on c11 capturing on c12 must promote (it could never move
/// again); a Lance entering the zone from a7 may promote, and must on the
/// last rank. HaChu lists `a7a9+ a7a10+ a7a11+` without the plain moves,
/// which it plays when asked (`a7a9` leaves a Lance on a9): the named
/// difference of the differential test.
#[test]
fn pawn_and_lance_promote_where_they_could_not_move_again() {
    assert_moves(
        chu(),
        "2g3k5/2P9/12/12/12/L11/12/12/12/12/12/6K5 w - - 0 1",
        &[
            "a7a8", "a7a9", "a7a9+", "a7a10", "a7a10+", "a7a11", "a7a11+", "a7a12+", "c11c12+",
            "g1f1", "g1f2", "g1g2", "g1h1", "g1h2",
        ],
    );
}

/// A Pawn stepping from c11 to an empty c12 moves inside the zone without a
/// capture: no rule applies, and it stays a Pawn that cannot move again
/// (HaChu lists `c11c12` and refuses `c11c12+`).
#[test]
fn a_quiet_step_inside_the_zone_does_not_promote() {
    assert_moves(
        chu(),
        "6k5/2P9/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
        &["c11c12", "g1f1", "g1f2", "g1g2", "g1h1", "g1h2"],
    );
}
