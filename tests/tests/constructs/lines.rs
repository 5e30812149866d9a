//! Lines of N (`line` in `end`) and drops that fall (`falls` in `drops`),
//! issue 30: one test per sentence of what the current Fairy-Stockfish
//! (pyffish 0.0.90, with its variants.ini loaded) does, each a position and
//! the exact legal moves or the exact result, as probed there.

use fairyc_runtime::{Color, EndReason, GameResult, Position, Variant};
use fairyc_tests::shipped;

fn pos<'v>(v: &'v Variant, fen: &str) -> Position<'v> {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after<'v>(v: &'v Variant, fen: &str, moves: &[&str]) -> Position<'v> {
    let mut p = pos(v, fen);
    for m in moves {
        let mv = p.parse_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    p
}

fn moves(p: &Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

fn words(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

fn wins(color: Color) -> Option<GameResult> {
    Some(GameResult {
        winner: Some(color),
        reason: EndReason::Line,
    })
}

const TICTACTOE: &str = "3/3/3[PPPPPpppp] w - - 0 1";
const CFOUR: &str = "7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1";

/// pyffish: after P@a1 P@a3 P@b1 P@b3 P@c1 no legal move, game_result
/// -32000 for Black to move, FEN `pp1/3/PPP[PPpp] b - - 0 3`.
#[test]
fn three_in_a_row_wins_for_the_player_who_made_it() {
    let v = shipped("tictactoe");
    let p = after(&v, TICTACTOE, &["P@a1", "P@a3", "P@b1", "P@b3", "P@c1"]);
    assert_eq!(p.outcome(), wins(Color::White));
    assert_eq!(fairyc_runtime::perft(&p, 1), 0);
    assert_eq!(p.fen(), "pp1/3/PPP[PPpp] b - - 0 3");
}

/// pyffish: `PPP/3/pp1[Pppp] w - - 0 1` goes on (P@c1 P@a2 P@b2 P@c2):
/// the side to move's line is not judged.
#[test]
fn the_side_to_moves_line_is_not_judged() {
    let v = shipped("tictactoe");
    let p = pos(&v, "PPP/3/pp1[Pppp] w - - 0 1");
    assert_eq!(p.outcome(), None);
    assert_eq!(moves(&p), words("P@c1 P@a2 P@b2 P@c2"));
}

/// pyffish: `ppp/3/PP1[PPPp] w - - 0 1` has no move, -32000 for White.
#[test]
fn the_line_of_the_player_who_moved_ends_the_game() {
    let v = shipped("tictactoe");
    assert_eq!(
        pos(&v, "ppp/3/PP1[PPPp] w - - 0 1").outcome(),
        wins(Color::Black)
    );
}

/// pyffish: the start's drops are P@a1 … P@g1; after P@a1, Black's are b1
/// … g1 and a2.
#[test]
fn a_drop_falls_to_the_lowest_empty_square_of_its_file() {
    let v = shipped("cfour");
    assert_eq!(
        moves(&pos(&v, CFOUR)),
        words("P@a1 P@b1 P@c1 P@d1 P@e1 P@f1 P@g1")
    );
    assert_eq!(
        moves(&after(&v, CFOUR, &["P@a1"])),
        words("P@b1 P@c1 P@d1 P@e1 P@f1 P@g1 P@a2")
    );
}

/// A line made by drops that fall: four on the a-file win for White in
/// cfour (pyffish: -32000 for Black to move) and lose in cfour-misere
/// (+32000 for Black to move).
#[test]
fn four_in_a_row_by_drops_that_fall() {
    let line = ["P@a1", "P@b1", "P@a2", "P@b2", "P@a3", "P@b3", "P@a4"];
    let v = shipped("cfour");
    assert_eq!(after(&v, CFOUR, &line).outcome(), wins(Color::White));
    let v = shipped("cfour-misere");
    let p = after(&v, CFOUR, &line);
    assert_eq!(
        p.outcome(),
        Some(GameResult {
            winner: Some(Color::Black),
            reason: EndReason::Line,
        })
    );
}

/// pyffish: in picaria `P2/1P1/2P[ppp] b - - 0 1` has no move (-32000);
/// in nineholes (connectDiagonal = false) the diagonal does not count and
/// Black drops on the six empty squares.
#[test]
fn a_diagonal_counts_only_along_diagonals() {
    let fen = "P2/1P1/2P[ppp] b - - 0 1";
    let v = shipped("picaria");
    assert_eq!(pos(&v, fen).outcome(), wins(Color::White));
    let v = shipped("nineholes");
    let p = pos(&v, fen);
    assert_eq!(p.outcome(), None);
    assert_eq!(moves(&p), words("P@a1 P@b1 P@a2 P@c2 P@b3 P@c3"));
}
