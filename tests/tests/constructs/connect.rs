//! Connections (`connect` in `end`): a chain of the mover's pieces joining
//! two sets of squares. The `one-way` rule is Fairy-Stockfish's
//! `connectRegion…`: each expected result below was probed with pyffish
//! 0.0.90 loading the same game as a variants.ini section (5×5, stones
//! dropped, White joining file a to file e, Black rank 1 to rank 5, no
//! diagonal steps: `is_immediate_game_end` and `legal_moves`). The rules
//! without `one-way` have no oracle: their expectations follow from the
//! rule as docs/language.md states it, each in a position the one-way rule
//! judges differently.

use fairyc_runtime::{Color, EndReason, GameResult, Variant};
use fairyc_tests::pos;

fn compile(source: &str) -> Variant {
    let tables = fairyc_compiler::compile(source).unwrap_or_else(|e| panic!("{e:?}"));
    Variant::new(tables).expect("valid tables")
}

/// A 5×5 board of dropped stones with one `connect` rule (`rule` is what
/// follows `connect`).
fn game(rule: &str) -> Variant {
    compile(&format!(
        "variant \"Connect\" {{}}\n\
         board {{\n    files a..e\n    ranks 1..5\n}}\n\
         piece Stone {{ letter P; immobile }}\n\
         piece Rock {{ letter R; immobile }}\n\
         setup \"5/5/5/5/5[PPPPPPPPPPPPPPPpppppppppppppp] w - - 0 1\"\n\
         drops {{ captures-to-hand off }}\n\
         zone west {{ white: file a; black: rank 1 }}\n\
         zone east {{ white: file e; black: rank 5 }}\n\
         end {{\n    stalemate loss\n    connect {rule}\n}}\n"
    ))
}

fn won_by(color: Color) -> Option<GameResult> {
    Some(GameResult {
        winner: Some(color),
        reason: EndReason::Connection,
    })
}

const ONE_WAY: &str = "west to east along ranks, files one-way win";
const BOTH_WAYS: &str = "west to east along ranks, files win";

/// pyffish: a row of White stones across rank 3, Black to move: the game
/// is over, lost by Black.
#[test]
fn a_straight_chain_wins_for_the_player_who_made_it() {
    let v = game(ONE_WAY);
    let p = pos(&v, "5/5/PPPPP/5/5[PPPPPpppp] b - - 0 1");
    assert_eq!(p.outcome(), won_by(Color::White));
    assert_eq!(fairyc_runtime::perft(&p, 1), 0);
}

/// pyffish: the same row with White to move goes on: the side to move's
/// chain is not judged.
#[test]
fn the_side_to_moves_chain_is_not_judged() {
    let v = game(ONE_WAY);
    let p = pos(&v, "5/5/PPPPP/5/5[PPPPPpppp] w - - 0 1");
    assert_eq!(p.outcome(), None);
}

/// pyffish: a4 b4 b3 c3 d3 e3 does not end the game (the chain turns
/// south at b), a3 b3 b4 c4 d4 e4 does (it turns north); Black's c1 c2
/// b2 b3 b4 b5 does not (it turns west), b1 b2 c2 c3 c4 c5 does.
#[test]
fn one_way_chains_go_east_and_north_only() {
    let v = game(ONE_WAY);
    assert_eq!(
        pos(&v, "5/PP3/1PPPP/5/5[PPPPPpppp] b - - 0 1").outcome(),
        None
    );
    assert_eq!(
        pos(&v, "5/1PPPP/PP3/5/5[PPPPPpppp] b - - 0 1").outcome(),
        won_by(Color::White)
    );
    assert_eq!(
        pos(&v, "1p3/1p3/1p3/1pp2/2p2[PPPPPpppp] w - - 0 1").outcome(),
        None
    );
    assert_eq!(
        pos(&v, "2p2/2p2/2p2/1pp2/1p3[PPPPPpppp] w - - 0 1").outcome(),
        won_by(Color::Black)
    );
}

/// Without `one-way`, the chains the one-way rule rejects above join the
/// edges too.
#[test]
fn chains_without_one_way_turn_any_way() {
    let v = game(BOTH_WAYS);
    assert_eq!(
        pos(&v, "5/PP3/1PPPP/5/5[PPPPPpppp] b - - 0 1").outcome(),
        won_by(Color::White)
    );
    assert_eq!(
        pos(&v, "1p3/1p3/1p3/1pp2/2p2[PPPPPpppp] w - - 0 1").outcome(),
        won_by(Color::Black)
    );
}

/// Steps follow the axes named: a diagonal chain joins nothing along ranks
/// and files, and joins the edges along the diagonals.
#[test]
fn steps_follow_the_axes_named() {
    let fen = "4P/3P1/2P2/1P3/P4[PPPPPpppp] b - - 0 1";
    assert_eq!(pos(&game(BOTH_WAYS), fen).outcome(), None);
    let v = game("west to east along diagonals win");
    assert_eq!(pos(&v, fen).outcome(), won_by(Color::White));
}

/// `of` counts only those pieces: a chain through a Rock joins nothing
/// when only Stones count.
#[test]
fn only_the_pieces_named_count() {
    let fen = "5/5/PPRPP/5/5[PPPPPpppp] b - - 0 1";
    assert_eq!(pos(&game(BOTH_WAYS), fen).outcome(), won_by(Color::White));
    let v = game("west to east of Stone along ranks, files win");
    assert_eq!(pos(&v, fen).outcome(), None);
}

/// The outcome is the chain maker's: `loss` loses for White.
#[test]
fn the_outcome_is_the_chain_makers() {
    let v = game("west to east along ranks, files loss");
    let p = pos(&v, "5/5/PPPPP/5/5[PPPPPpppp] b - - 0 1");
    assert_eq!(p.outcome(), won_by(Color::Black));
}

/// A single piece on a square of both sets joins nothing by itself: on a
/// one-file board White's edges are the same file.
#[test]
fn one_piece_on_both_sets_joins_nothing_alone() {
    let src = "variant \"Narrow\" {}\n\
               board {\n    files a..a\n    ranks 1..3\n}\n\
               piece Stone { letter P; immobile }\n\
               setup \"1/1/1[PPpp] w - - 0 1\"\n\
               drops { captures-to-hand off }\n\
               end {\n    stalemate draw\n    connect file a to file a along files win\n}\n";
    let v = compile(src);
    assert_eq!(pos(&v, "1/1/P[Ppp] b - - 0 1").outcome(), None);
    assert_eq!(
        pos(&v, "1/P/P[Ppp] b - - 0 1").outcome(),
        won_by(Color::White)
    );
}
