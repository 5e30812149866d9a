//! Cambodian chess and Kar Ouk: one test per sentence of what
//! Fairy-Stockfish 11.1 does, as probed and written in the headers of
//! `variants/cambodian.variant` and `variants/karouk.variant` (rules:
//! Wikipedia's "Makruk: Cambodian chess"; 11.1's `cambodian` is makruk with
//! `gating` and `cambodianMoves`, `karouk` cambodian with check counting).
//! Every move list is Fairy-Stockfish's `go perft 1` of the FEN (`UCI_Variant
//! cambodian`), and every FEN after moves its own (`position fen F moves M`,
//! then `d`).

use fairyc_runtime::{perft, EndReason, Position};
use fairyc_tests::{assert_moves, play, pos, shipped};

fn fen_after(v: &fairyc_runtime::Variant, fen: &str, moves: &[&str]) -> String {
    let mut p = pos(v, fen);
    for m in moves {
        play(&mut p, m);
    }
    p.fen()
}

/// The start: kings on d1 and e8, Mets on e1 and d8, and their rights
/// `DEde` in the castling field; 25 moves, makruk's 23 and the king's
/// leaps d1b2, d1f2. FSF: `position startpos`, `d`, `go perft 1`.
#[test]
fn the_start_keeps_four_rights() {
    let v = shipped("cambodian");
    let start = Position::new(&v).unwrap();
    assert_eq!(
        start.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"
    );
    assert_moves(
        &v,
        &start.fen(),
        &[
            "a3a4", "b3b4", "c3c4", "d3d4", "e3e4", "f3f4", "g3g4", "h3h4", "b1d2", "g1e2", "a1a2",
            "h1h2", "e1d2", "e1f2", "c1b2", "c1c2", "c1d2", "f1e2", "f1f2", "f1g2", "d1c2", "d1d2",
            "d1e2", "d1b2", "d1f2",
        ],
    );
    // FSF's `go perft 2`, `3`, `4`.
    assert_eq!(perft(&start, 2), 625);
    assert_eq!(perft(&start, 3), 15031);
}

/// The king's leap goes two files aside to the rank ahead, to an empty
/// square only: not onto an enemy (`4k3/8/8/8/8/8/1s6/3K4 w D - 0 1`) nor
/// a friend (`…/1P6/3K4 w D`).
#[test]
fn the_kings_leap_needs_an_empty_square() {
    let v = shipped("cambodian");
    assert_moves(
        &v,
        "4k3/8/8/8/8/8/1s6/3K4 w D - 0 1",
        &["d1f2", "d1e1", "d1c2", "d1d2", "d1e2"],
    );
    assert_moves(
        &v,
        "4k3/8/8/8/8/8/1P6/3K4 w D - 0 1",
        &["b2b3", "d1c1", "d1e1", "d1c2", "d1d2", "d1e2", "d1f2"],
    );
}

/// The king does not leap out of check (`3rk3/8/8/8/8/8/8/3KM3 w DE - 0 1`),
/// nor to an attacked square (`4k3/8/8/8/8/8/5r2/3K4 w D - 0 1`).
#[test]
fn the_king_does_not_leap_in_check_or_into_it() {
    let v = shipped("cambodian");
    assert_moves(
        &v,
        "3rk3/8/8/8/8/8/8/3KM3 w DE - 0 1",
        &["d1c1", "d1c2", "d1e2", "e1d2"],
    );
    assert_moves(&v, "4k3/8/8/8/8/8/5r2/3K4 w D - 0 1", &["d1c1", "d1e1"]);
}

/// The Met's double step leaps over the square between
/// (`4k3/8/8/8/8/8/4P3/3KM3 w DE - 0 1`: e1e3) and may capture
/// (`4k3/8/8/8/8/4s3/8/3KM3 w DE - 0 1`: e1e3).
#[test]
fn the_mets_double_step_leaps_and_captures() {
    let v = shipped("cambodian");
    assert_moves(
        &v,
        "4k3/8/8/8/8/8/4P3/3KM3 w DE - 0 1",
        &[
            "e2e3", "e1d2", "e1f2", "d1c1", "d1c2", "d1d2", "d1b2", "d1f2", "e1e3",
        ],
    );
    assert_moves(
        &v,
        "4k3/8/8/8/8/4s3/8/3KM3 w DE - 0 1",
        &["e1d2", "e1f2", "d1c1", "d1c2", "e1e3", "d1b2"],
    );
}

/// The Met's double step may answer a check, by blocking it
/// (`4k3/8/8/8/8/K6r/8/4M3 w E - 0 1`: e1e3).
#[test]
fn the_mets_double_step_answers_a_check() {
    let v = shipped("cambodian");
    assert_moves(
        &v,
        "4k3/8/8/8/8/K6r/8/4M3 w E - 0 1",
        &["a3a2", "a3b2", "a3a4", "a3b4", "e1e3"],
    );
}

/// While its right is kept the Met's double step attacks: a king may not
/// step there (`8/8/8/8/8/3k4/8/2K1M3 b E - 0 1`: no d3e3; without `E`,
/// d3e3).
#[test]
fn the_mets_double_step_is_an_attack_while_its_right_is_kept() {
    let v = shipped("cambodian");
    assert_moves(
        &v,
        "8/8/8/8/8/3k4/8/2K1M3 b E - 0 1",
        &["d3e4", "d3d4", "d3e2", "d3c3", "d3c4"],
    );
    assert_moves(
        &v,
        "8/8/8/8/8/3k4/8/2K1M3 b - - 0 1",
        &["d3e4", "d3d4", "d3e2", "d3c3", "d3e3", "d3c4"],
    );
}

/// A right is lost once a move starts on its square, and stays lost when
/// the piece comes back (`startpos moves d1d2`: `Ede`; `moves d1c2 a6a5
/// c2d1`: `Ede`, and no leap), or ends on it (`4k3/8/8/8/8/8/4r3/3KM3 b DE
/// - 0 1 moves e2e1`: `D`).
#[test]
fn a_right_is_lost_by_a_move_from_or_to_its_square() {
    let v = shipped("cambodian");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    assert_eq!(
        fen_after(&v, start, &["d1d2"]),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/3K4/RNS1MSNR b Ede - 1 1"
    );
    let back = fen_after(&v, start, &["d1c2", "a6a5", "c2d1"]);
    assert_eq!(
        back,
        "rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/8/RNSKMSNR b Ede - 1 2"
    );
    let mut p = pos(&v, &back);
    play(&mut p, "a5a4");
    let moves = fairyc_tests::uci_moves(&p);
    assert!(!moves.contains(&"d1b2".to_string()), "{moves:?}");
    assert_eq!(
        fen_after(&v, "4k3/8/8/8/8/8/4r3/3KM3 b DE - 0 1", &["e2e1"]),
        "4k3/8/8/8/8/8/8/3Kr3 w D 32 6 2"
    );
}

/// Being checked loses no right, nor does an enemy rook on the king's file
/// (`4k3/r7/8/8/8/8/8/3K4 b Dd - 0 1 moves a7d7`: `Dd`, and with a blocker
/// `…/3P4/8/3K4 b Dd` the king still leaps).
#[test]
fn a_check_loses_no_right() {
    let v = shipped("cambodian");
    assert_eq!(
        fen_after(&v, "4k3/r7/8/8/8/8/8/3K4 b Dd - 0 1", &["a7d7"]),
        "4k3/3r4/8/8/8/8/8/3K4 w Dd 32 6 2"
    );
    let after = fen_after(&v, "4k3/r7/8/8/8/3P4/8/3K4 b Dd - 0 1", &["a7d7"]);
    assert_eq!(after, "4k3/3r4/8/8/8/3P4/8/3K4 w Dd - 1 2");
    assert_moves(
        &v,
        &after,
        &[
            "d3d4", "d1c1", "d1e1", "d1c2", "d1d2", "d1e2", "d1b2", "d1f2",
        ],
    );
}

/// The rights are part of the position's hash.
#[test]
fn rights_are_hashed() {
    let v = shipped("cambodian");
    let a = pos(&v, "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    let b = pos(&v, "4k3/8/8/8/8/8/8/3KM3 w D - 0 1");
    assert_ne!(a.hash(), b.hash());
}

/// The right belongs to the square: a king on the Met's square with its
/// right leaps, a Met on the king's square double-steps
/// (`4k3/8/8/8/8/8/8/3MK3 w DE - 0 1`).
#[test]
fn the_right_belongs_to_the_square() {
    let v = shipped("cambodian");
    assert_moves(
        &v,
        "4k3/8/8/8/8/8/8/3MK3 w DE - 0 1",
        &[
            "d1c2", "d1e2", "e1f1", "e1d2", "e1e2", "e1f2", "e1c2", "e1g2", "d1d3",
        ],
    );
}

/// An honest difference on crafted positions: FSF keeps a right on any
/// back-rank square a FEN names (`4k3/8/8/8/8/8/8/3K4 w A - 0 1` reads
/// back as written), fairyc only on the start squares of the pieces with
/// one-time moves, and refuses the FEN.
#[test]
fn rights_only_on_start_squares() {
    let v = shipped("cambodian");
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/3K4 w A - 0 1").is_err());
    // A right whose piece is gone is kept as written, as FSF does.
    assert_eq!(
        pos(&v, "4k3/8/8/8/8/8/8/3K4 w DEde - 0 1").fen(),
        "4k3/8/8/8/8/8/8/3K4 w DEde - 0 1"
    );
}

/// Kar Ouk: the FEN carries the checks still to give, `1+1` at the start
/// (`UCI_Variant karouk`, `position startpos`, `d`), with cambodian's moves.
#[test]
fn karouk_starts_with_one_check_each() {
    let v = shipped("karouk");
    let start = Position::new(&v).unwrap();
    assert_eq!(
        start.fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 1+1 0 1"
    );
    assert_eq!(start.legal_moves().len(), 25);
}

/// Kar Ouk: the first check wins (`4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1 moves
/// a1a8`: `R3k3/8/8/8/8/8/8/3K4 b - 32 0+1 6 1`, perft 0); a move that
/// gives no check counts nothing (`moves a1a7`: `… b - 32 1+1 6 1`, 2
/// moves).
#[test]
fn karouk_first_check_wins() {
    let v = shipped("karouk");
    let fen = "4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1";
    let checked = fen_after(&v, fen, &["a1a8"]);
    assert_eq!(checked, "R3k3/8/8/8/8/8/8/3K4 b - 32 0+1 6 1");
    let p = pos(&v, &checked);
    assert_eq!(perft(&p, 1), 0);
    assert_eq!(p.outcome().map(|r| r.reason), Some(EndReason::Checks));
    let quiet = fen_after(&v, fen, &["a1a7"]);
    assert_eq!(quiet, "4k3/R7/8/8/8/8/8/3K4 b - 32 1+1 6 1");
    assert_eq!(pos(&v, &quiet).legal_moves().len(), 2);
}
