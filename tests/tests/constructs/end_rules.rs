//! End and legality rules (issue 13): one test per sentence of what
//! Fairy-Stockfish 11.1 does, each a position (FEN) and the exact legal moves
//! (sorted UCI strings) or the exact result. Every move list was checked
//! against Fairy-Stockfish 11.1's `go perft 1` for the same FEN and variant.

use fairyc_runtime::{Color, EndReason, GameResult, Position, Variant};
use fairyc_tests::shipped;

fn sorted(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = v.into_iter().collect();
    v.sort();
    v
}

fn words(s: &str) -> Vec<String> {
    sorted(s.split_whitespace().map(str::to_string))
}

fn pos<'v>(v: &'v Variant, fen: &str) -> Position<'v> {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal moves of a position whose game is not over, sorted.
fn legal(v: &Variant, fen: &str) -> Vec<String> {
    let p = pos(v, fen);
    assert_eq!(p.outcome(), None, "{fen}: the game should go on");
    sorted(p.legal_moves().into_iter().map(|m| p.uci(m)))
}

fn after<'v>(v: &'v Variant, fen: &str, moves: &[&str]) -> Position<'v> {
    let mut p = pos(v, fen);
    for m in moves {
        let mv = p.parse_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    p
}

fn wins(color: Color, reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        winner: Some(color),
        reason,
    })
}

// --- a side without a royal piece (horde) ---------------------------------

#[test]
fn horde_white_has_no_royal_and_is_never_in_check() {
    let v = shipped("horde");
    // The black queen attacks e1 and a1; White may move every pawn anyway.
    assert_eq!(
        legal(&v, "4k3/8/8/8/8/8/3q4/P3P3 w - - 0 1"),
        words("a1a2 a1a3 e1d2 e1e2 e1e3")
    );
    assert!(!pos(&v, "4k3/8/8/8/8/8/3q4/P3P3 w - - 0 1").is_check());
}

#[test]
fn horde_double_step_from_the_first_rank_creates_no_en_passant_square() {
    let v = shipped("horde");
    let p = after(&v, "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", &["a1a3"]);
    assert_eq!(p.fen(), "4k3/8/8/8/8/Pp6/8/8 b - - 0 1");
    let moves = sorted(p.legal_moves().into_iter().map(|m| p.uci(m)));
    assert!(!moves.contains(&"b3a2".to_string()), "{moves:?}");
}

#[test]
fn horde_double_step_from_the_second_rank_creates_one() {
    let v = shipped("horde");
    let p = after(&v, "4k3/8/8/8/1p6/8/P7/8 w - - 0 1", &["a2a4"]);
    assert_eq!(p.fen(), "4k3/8/8/8/Pp6/8/8/8 b - a3 0 1");
    assert!(p.legal_moves().iter().any(|&m| p.uci(m) == "b4a3"));
}

#[test]
fn horde_white_with_no_piece_left_loses_whoever_is_to_move() {
    let v = shipped("horde");
    for fen in ["4k3/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/8 b - - 0 1"] {
        assert_eq!(
            pos(&v, fen).outcome(),
            wins(Color::Black, EndReason::Extinction)
        );
    }
}

// --- check counting (3check) -------------------------------------------------

#[test]
fn three_check_counts_each_check_in_the_fen() {
    let v = shipped("3check");
    let start = v.start_fen().to_string();
    let p = after(&v, &start, &["e2e4", "f7f6", "d1h5"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2"
    );
}

#[test]
fn three_check_the_third_check_wins_at_once() {
    let v = shipped("3check");
    let fen = "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1+3 1 2";
    let p = after(&v, fen, &["g7g6", "h5g6"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/ppppp2p/5pQ1/8/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0+3 0 3"
    );
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Checks));
    assert!(
        p.legal_moves().len() == 1,
        "the position itself still has a move"
    );
}

#[test]
fn three_check_the_counts_are_part_of_the_hash() {
    let v = shipped("3check");
    let a = pos(&v, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1");
    let b = pos(&v, "4k3/8/8/8/8/8/8/4K3 w - - 2+3 0 1");
    assert_ne!(a.hash(), b.hash());
}

// --- moves that give check are illegal; goals after a reply (racingkings) -----

#[test]
fn racing_kings_moves_that_give_check_are_illegal() {
    let v = shipped("racingkings");
    assert_eq!(
        legal(&v, "8/8/8/8/8/k7/8/K1R5 w - - 0 1"),
        words("a1b1 c1b1 c1d1 c1e1 c1f1 c1g1 c1h1 c1c2 c1c4 c1c5 c1c6 c1c7 c1c8")
    );
}

#[test]
fn racing_kings_white_reaching_first_leaves_black_one_reply() {
    let v = shipped("racingkings");
    assert_eq!(
        legal(&v, "K7/8/8/8/8/8/8/7k b - - 0 1"),
        words("h1g1 h1g2 h1h2")
    );
}

#[test]
fn racing_kings_both_kings_on_the_last_rank_with_white_to_move_draw() {
    let v = shipped("racingkings");
    let r = pos(&v, "K6k/8/8/8/8/8/8/8 w - - 0 1").outcome();
    assert_eq!(
        r,
        Some(GameResult {
            winner: None,
            reason: EndReason::Reach
        })
    );
}

#[test]
fn racing_kings_a_king_still_alone_there_after_the_reply_wins() {
    let v = shipped("racingkings");
    assert_eq!(
        pos(&v, "K7/8/8/8/8/8/8/7k w - - 0 1").outcome(),
        wins(Color::White, EndReason::Reach)
    );
    // Black reached first: White still moves (as in 11.1), then Black wins.
    assert!(!legal(&v, "7k/8/8/8/8/8/8/K7 w - - 0 1").is_empty());
    assert_eq!(
        pos(&v, "7k/8/8/8/8/8/8/K7 b - - 0 1").outcome(),
        wins(Color::Black, EndReason::Reach)
    );
}

#[test]
fn king_of_the_hill_a_king_on_the_centre_wins_at_once() {
    let v = shipped("kingofthehill");
    assert_eq!(
        pos(&v, "8/8/8/3K4/8/8/8/7k b - - 0 1").outcome(),
        wins(Color::White, EndReason::Reach)
    );
}

// --- forced capture, a king that is no royal piece (antichess family) ---------

#[test]
fn antichess_a_capture_is_compulsory() {
    let v = shipped("antichess");
    assert_eq!(
        legal(
            &v,
            "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"
        ),
        words("e4d5")
    );
}

#[test]
fn antichess_the_king_may_move_into_attack() {
    let v = shipped("antichess");
    assert_eq!(
        legal(&v, "8/8/8/8/8/8/r7/4K3 w - - 0 1"),
        words("e1d1 e1f1 e1d2 e1e2 e1f2")
    );
}

#[test]
fn antichess_losing_every_piece_or_being_stalemated_wins() {
    let v = shipped("antichess");
    assert_eq!(
        pos(&v, "8/8/8/8/8/8/8/R3K2R b - - 0 1").outcome(),
        wins(Color::Black, EndReason::Extinction)
    );
    assert_eq!(
        pos(&v, "8/8/8/8/8/p7/P7/K7 b - - 0 1").outcome(),
        wins(Color::Black, EndReason::Stalemate)
    );
}

#[test]
fn suicide_a_stalemate_goes_to_the_player_with_fewer_pieces() {
    let v = shipped("suicide");
    assert_eq!(
        pos(&v, "8/8/8/8/8/p7/P7/K7 b - - 0 1").outcome(),
        wins(Color::Black, EndReason::Stalemate)
    );
    // As many pieces on each side: a draw.
    assert_eq!(
        pos(&v, "8/8/8/8/8/p7/P7/8 b - - 0 1").outcome(),
        Some(GameResult {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn giveaway_the_king_castles_through_attack() {
    let v = shipped("giveaway");
    assert_eq!(
        legal(&v, "5r2/8/8/8/8/8/8/4K2R w K - 0 1"),
        words("h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8 e1d1 e1f1 e1d2 e1e2 e1f2 e1g1")
    );
}

#[test]
fn losers_a_forced_capture_that_is_also_a_check_evasion() {
    let v = shipped("losers");
    // In check from e8: d2xc3 is a capture but leaves the king attacked.
    assert_eq!(
        legal(&v, "R3r2k/8/8/8/8/2b5/3P4/4K3 w - - 0 1"),
        words("a8e8")
    );
}

#[test]
fn losers_a_capture_that_leaves_the_king_attacked_forces_nothing() {
    let v = shipped("losers");
    assert_eq!(
        legal(&v, "4r2k/8/8/8/8/2b5/3P4/4K3 w - - 0 1"),
        words("e1d1 e1f1 e1f2")
    );
}

#[test]
fn losers_a_player_with_only_the_king_left_wins() {
    let v = shipped("losers");
    assert_eq!(
        pos(&v, "7k/8/8/8/8/8/p7/K7 w - - 0 1").outcome(),
        wins(Color::White, EndReason::Extinction)
    );
}

// --- extinction of one of several types, of all but n (extinction family) -----

#[test]
fn extinction_the_king_castles_through_attack() {
    // FSF 11.1 `extinction`, `go perft 1`: 23 moves, e1g1 among them.
    let v = shipped("extinction");
    let moves = legal(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPr2/RNBQK2R w KQkq - 0 1");
    assert_eq!(moves.len(), 23);
    assert!(moves.contains(&"e1g1".to_string()), "{moves:?}");
}

#[test]
fn extinction_a_pawn_promotes_to_any_piece_the_king_included() {
    // FSF 11.1 `extinction`, `go perft 1`: a7b8k a7b8q a7b8r a7b8b a7b8n.
    let v = shipped("extinction");
    let moves = legal(&v, "rnbqkbnr/Pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1");
    let promotions: Vec<_> = moves.iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(promotions, ["a7b8b", "a7b8k", "a7b8n", "a7b8q", "a7b8r"]);
}

#[test]
fn extinction_losing_the_last_piece_of_any_type_loses() {
    let v = shipped("extinction");
    // White takes Black's only queen (FSF 11.1: perft 0 after e2d3).
    let p = after(
        &v,
        "rnb1kbnr/pppppppp/8/8/8/3q4/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &["e2d3"],
    );
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Extinction));
    // White promotes its last pawn: its pawns are extinct (FSF 11.1: perft 0
    // after a7b8q, although Black still has a knight).
    let p = after(
        &v,
        "1nbqkbnr/Pppppppp/8/8/8/8/8/RNBQKBNR w K - 0 1",
        &["a7b8q"],
    );
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::Extinction));
}

#[test]
fn kinglet_pawns_promote_to_a_king_only_and_the_last_pawn_decides() {
    // FSF 11.1 `kinglet`, `go perft 1`: a7a8k e1d1 e1f1 e1d2 e1e2 e1f2.
    let v = shipped("kinglet");
    assert_eq!(
        legal(&v, "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"),
        words("a7a8k e1d1 e1f1 e1d2 e1e2 e1f2")
    );
    // Taking Black's last pawn wins (FSF 11.1: `searchmoves e4d5` scores
    // mate 1).
    let p = after(&v, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", &["e4d5"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Extinction));
}

#[test]
fn three_kings_a_king_may_be_captured_and_losing_one_loses() {
    let v = shipped("threekings");
    // FSF 11.1 `threekings`, `go perft 1`: the kings step next to the queen.
    assert_eq!(
        legal(&v, "k3k2k/8/8/8/8/8/2q5/K3K2K w - - 0 1"),
        words("a1a2 a1b1 a1b2 e1d1 e1d2 e1e2 e1f1 e1f2 h1g1 h1g2 h1h2")
    );
    // Capturing a king wins (FSF 11.1: `searchmoves c1e1` scores mate 1).
    let p = after(&v, "k3k2k/8/8/8/8/8/8/K1q1K2K b - - 0 1", &["c1e1"]);
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::Extinction));
}

#[test]
fn codrus_losing_the_king_wins_and_nothing_else_ends_the_game() {
    let v = shipped("codrus");
    // FSF 11.1 `codrus`, `searchmoves e1f1` scores mate 1: Black must take
    // the king, and White wins.
    let p = after(&v, "4k3/8/8/8/8/8/8/4K2r w - - 0 1", &["e1f1", "h1f1"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Extinction));
    // Only the king left: the game goes on (FSF 11.1: perft 1 = 5).
    assert_eq!(legal(&v, "8/8/8/8/8/5k2/8/4K3 w - - 0 1").len(), 5);
}

// --- games without a royal piece: goals and stalemate (breakthrough, clobber,
// jeson mor) ---------------------------------------------------------------

#[test]
fn breakthrough_pawns_step_straight_or_diagonally_and_capture_diagonally() {
    // FSF 11.1 `breakthrough`, `go perft 1`.
    let v = shipped("breakthrough");
    assert_eq!(
        legal(&v, "8/8/8/2ppp3/3P4/8/8/8 b - - 0 1"),
        words("c5b4 c5c4 c5d4 d5c4 d5e4 e5d4 e5e4 e5f4")
    );
}

#[test]
fn breakthrough_reaching_the_far_rank_wins_at_once() {
    let v = shipped("breakthrough");
    // FSF 11.1: `searchmoves a2b1` scores mate 1; perft 0 after it.
    let p = after(&v, "8/8/8/8/8/8/p7/1P6 b - - 0 1", &["a2b1"]);
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::Reach));
    // A side with no piece left, to move: it cannot move and loses (FSF
    // 11.1: perft 0; with the other side to move, perft 1 = 2).
    assert_eq!(
        pos(&v, "8/8/8/8/8/8/8/7P b - - 0 1").outcome(),
        wins(Color::White, EndReason::Stalemate)
    );
    assert_eq!(legal(&v, "8/8/8/8/8/8/8/7P w - - 0 1"), words("h1g2 h1h2"));
}

#[test]
fn clobber_every_move_captures_and_who_cannot_move_loses() {
    let v = shipped("clobber");
    // FSF 11.1 `clobber`, `go perft 1`.
    assert_eq!(
        legal(&v, "5/5/2p2/1pPp1/2p2/5 w - - 0 1"),
        words("c3c2 c3b3 c3d3 c3c4")
    );
    // FSF 11.1: `searchmoves c3d3` scores mate 1.
    let p = after(&v, "5/5/5/2Pp1/5/5 w - - 0 1", &["c3d3"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Stalemate));
}

#[test]
fn jeson_mor_a_knight_on_the_centre_wins_after_the_reply() {
    let v = shipped("jesonmor");
    // White on e5, Black to move: Black still replies (FSF 11.1: perft 1 =
    // 2); with White to move the game is over (perft 0).
    assert_eq!(
        legal(&v, "n8/9/9/9/4N4/9/9/9/8N b - - 0 1"),
        words("a9b7 a9c8")
    );
    assert_eq!(
        pos(&v, "n8/9/9/9/4N4/9/9/9/8N w - - 0 1").outcome(),
        wins(Color::White, EndReason::Reach)
    );
    // FSF 11.1: `searchmoves f3e5` scores mate 1 (Black cannot take it).
    let p = after(&v, "n8/9/9/9/9/9/5N3/9/8N w - - 0 1", &["f3e5", "a9b7"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Reach));
    // A black knight on e5 with White to move: White replies (perft 1 = 2).
    assert_eq!(legal(&v, "n8/9/9/9/4n4/9/9/9/8N w - - 0 1").len(), 2);
}

// --- bare king with a reply (shatranj, courier) ------------------------------
// Each figure is Fairy-Stockfish 11.1's `go perft 1` after
// `setoption name UCI_Variant value shatranj` and `position fen <FEN>`
// (0 when the game is over).

#[test]
fn bare_king_after_reply_the_side_to_move_wins_against_a_bare_king() {
    let v = shipped("shatranj");
    // FSF: 0 moves.
    let p = pos(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::BareKing));
}

#[test]
fn bare_king_after_reply_one_piece_left_lets_the_bared_king_reply() {
    let v = shipped("shatranj");
    // FSF: 5 moves, though the rook is out of reach.
    assert_eq!(
        legal(&v, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1"),
        words("e8d7 e8d8 e8e7 e8f7 e8f8")
    );
    // FSF: 2 moves, one of them takes the last piece.
    assert_eq!(
        legal(&v, "4k3/3R4/8/8/8/8/8/4K3 b - - 0 1"),
        words("e8d7 e8f8")
    );
    // The reply that does not bare White loses.
    let p = after(&v, "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", &["e8e7"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::BareKing));
}

#[test]
fn bare_king_after_reply_two_pieces_left_win_at_once() {
    let v = shipped("shatranj");
    // FSF: 0 moves.
    let p = pos(&v, "4k3/8/8/8/8/8/3PP3/4K3 b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::BareKing));
    let p = pos(&v, "4k3/3R4/8/8/8/8/8/R3K3 b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::BareKing));
}

#[test]
fn bare_king_after_reply_two_bare_kings_play_on() {
    let v = shipped("shatranj");
    // FSF: 5 moves; taking the last piece back leaves two bare kings.
    assert_eq!(
        legal(&v, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        words("e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    let p = after(&v, "4k3/3R4/8/8/8/8/8/4K3 b - - 0 1", &["e8d7"]);
    assert_eq!(p.outcome(), None);
}

#[test]
fn bare_king_after_reply_on_a_12_by_8_board() {
    let v = shipped("courier");
    // `setoption name UCI_Variant value courier`: 0, 5 and 0 moves.
    let p = pos(&v, "5k6/12/12/12/12/12/3PP7/5K6 b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::BareKing));
    assert_eq!(
        legal(&v, "5k6/12/12/12/12/12/3P8/5K6 b - - 0 1"),
        words("f8e7 f8e8 f8f7 f8g7 f8g8")
    );
    let p = pos(&v, "5k6/12/12/12/12/12/3P8/5K6 w - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::BareKing));
}

// --- draw odds (armageddon) ------------------------------------------------
// Each result probed in pyffish 0.0.90's built-in `armageddon`
// (`game_result`, `is_optional_game_end`): every draw is a win for Black.

#[test]
fn armageddon_a_stalemate_is_a_win_for_black_whoever_is_stalemated() {
    let v = shipped("armageddon");
    // pyffish: -32000 for White, to move and stalemated.
    assert_eq!(
        pos(&v, "k7/8/8/8/8/8/5q2/7K w - - 0 1").outcome(),
        wins(Color::Black, EndReason::Stalemate)
    );
    // pyffish: +32000 for Black, to move and stalemated.
    assert_eq!(
        pos(&v, "K7/8/8/8/8/8/5Q2/7k b - - 0 1").outcome(),
        wins(Color::Black, EndReason::Stalemate)
    );
    // Chess itself draws the first.
    let chess = shipped("chess");
    let drawn = pos(&chess, "k7/8/8/8/8/8/5q2/7K w - - 0 1").outcome();
    assert_eq!(drawn.map(|r| r.winner), Some(None));
}

#[test]
fn armageddon_repetition_and_the_move_limit_are_wins_for_black() {
    use fairyc_runtime::Game;
    let v = shipped("armageddon");
    // The knights out and back: pyffish's optional end after the second
    // return is -32000 for White to move, +32000 for Black to move.
    let mut g = Game::new(pos(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ));
    let mut result = None;
    for _ in 0..4 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            let mv = g.position().parse_uci(m).expect("legal");
            g.play(mv).expect("legal");
            result = result.or(g.outcome());
        }
    }
    assert_eq!(result, wins(Color::Black, EndReason::Repetition));
    // pyffish: `k7/8/8/8/8/8/8/R6K w - - 99 80` after `a1a2` is a win for
    // Black at the move rule; ours ends at 75 moves, as chess.variant.
    let g = Game::new(pos(&v, "k7/8/8/8/8/8/8/1R5K b - - 150 80"));
    assert_eq!(g.outcome(), wins(Color::Black, EndReason::MoveLimit));
}

// --- extinction while the opponent has pieces (antiatomic) -----------------
// Probed in pyffish 0.0.90 with the [antiatomic:giveaway] section of
// tests/data/field/atomic.ini loaded (`game_result`, `is_immediate_game_end`).

#[test]
fn antiatomic_a_blast_that_empties_both_sides_leaves_a_stalemate() {
    let v = shipped("antiatomic");
    // pyffish after c1c2: `8/8/8/8/8/8/8/8 b`, no immediate end, +32000
    // for Black to move (stalemated, and a stalemate wins).
    let p = after(&v, "8/8/8/8/8/8/2p5/2R5 w - - 0 1", &["c1c2"]);
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/8 b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::Stalemate));
    // With a black king left, White has lost every piece while Black has
    // one: pyffish ends it at once, -32000 for Black.
    let p = after(&v, "7k/8/8/8/8/8/2p5/2R5 w - - 0 1", &["c1c2"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Extinction));
    // Atomic giveaway, without the opponent's count, gives the empty board
    // to the player who set the blast off (the extinction of the side that
    // moved is judged first): pyffish's atomic-giveaway ends it at once,
    // -32000 for Black.
    let g = shipped("atomic-giveaway");
    let p = after(&g, "8/8/8/8/8/8/2p5/2R5 w - - 0 1", &["c1c2"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Extinction));
}

// --- perpetual check (`repetition … perpetual-check loss`) -----------------
// Probed in pyffish 0.0.90 with `[pc:chess] perpetualCheckIllegal = true`
// (`is_optional_game_end`) from `7k/8/8/8/8/8/8/K3Q3 w - - 0 1`: the queen
// checking from e8 and e4 while the king steps h8-h7 ends the game at the
// third occurrence (ply 9, Black to move) with +32000, a win for Black; the
// same section without the key: a draw there.

fn perpetual(rule: &str, moves: &[&str]) -> Option<GameResult> {
    use fairyc_runtime::Game;
    let source = format!(
        r#"variant "perpetual" {{}}
board {{ files a..h; ranks 1..8 }}
piece King {{ letter K; moves K; royal }}
piece Queen {{ letter Q; moves Q }}
setup "7k/8/8/8/8/8/8/K3Q3 w - - 0 1"
end {{ {rule} }}
"#
    );
    let tables = fairyc_compiler::compile(&source).expect("compiles");
    let v = Variant::new(tables).expect("tables");
    let mut g = Game::new(pos(&v, "7k/8/8/8/8/8/8/K3Q3 w - - 0 1"));
    let mut result = None;
    for m in moves {
        let mv = g.position().parse_uci(m).expect("legal");
        g.play(mv).expect("legal");
        result = result.or(g.outcome());
    }
    result
}

const CHECKS: [&str; 9] = [
    "e1e8", "h8h7", "e8e4", "h7h8", "e4e8", "h8h7", "e8e4", "h7h8", "e4e8",
];

#[test]
fn perpetual_check_loses_for_the_checking_player() {
    let rule = "repetition 3 draw perpetual-check loss";
    assert_eq!(
        perpetual(rule, &CHECKS),
        wins(Color::Black, EndReason::Repetition)
    );
    // One ply short of the third occurrence: not over.
    assert_eq!(perpetual(rule, &CHECKS[..8]), None);
}

#[test]
fn a_repetition_without_perpetual_check_keeps_its_outcome() {
    // Without the clause: a draw at the same ply.
    let drawn = perpetual("repetition 3 draw", &CHECKS).map(|r| r.winner);
    assert_eq!(drawn, Some(None));
    // With it, but quiet moves in the stretch: the repetition's own outcome.
    let quiet = [
        "e1e2", "h8h7", "e2e1", "h7h8", "e1e2", "h8h7", "e2e1", "h7h8",
    ];
    let r = perpetual("repetition 3 draw perpetual-check loss", &quiet);
    assert_eq!(
        r.map(|r| (r.winner, r.reason)),
        Some((None, EndReason::Repetition))
    );
}

// --- a mate given by a drop (`checkmate by <Piece> drop`) -----------------
// Probed in pyffish 0.0.90 (the current Fairy-Stockfish, whose shogi rule
// makes a pawn drop that mates a legal move that loses): `legal_moves` and
// `game_result` on the same FENs and moves.

#[test]
fn a_pawn_drop_that_mates_is_legal_and_loses_for_the_dropper() {
    let v = shipped("okisakishogi");
    let fen = "3lkl4/10/4G5/10/10/10/10/10/10/K9[P] w - - 0 1";
    assert!(pos(&v, fen)
        .legal_moves()
        .iter()
        .any(|&m| pos(&v, fen).uci(m) == "P@e9"));
    let p = after(&v, fen, &["P@e9"]);
    assert_eq!(p.legal_moves().len(), 0);
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::CheckmateBy));
}

#[test]
fn the_same_mate_read_from_a_fen_has_no_drop_behind_it() {
    // Without the move that led to it, a mate is a mate (pyffish's
    // `game_result` of the FEN alone: a loss for the mated player).
    let v = shipped("okisakishogi");
    let p = pos(&v, "3lkl4/4P5/4G5/10/10/10/10/10/10/K9[] b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Checkmate));
}

#[test]
fn a_pawn_move_that_mates_wins_as_any_mate() {
    let v = shipped("okisakishogi");
    let p = after(
        &v,
        "3lkl4/10/3GPS4/10/10/10/10/10/10/K9[] w - - 0 1",
        &["e8e9"],
    );
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Checkmate));
}

#[test]
fn a_swallow_drop_that_mates_loses_in_tori_shogi() {
    let v = shipped("torishogi");
    let p = after(&v, "2sks2/7/3C3/7/7/7/K6[S] w 0 1", &["S@d6"]);
    assert_eq!(p.fen(), "2sks2/3S3/3C3/7/7/7/K6[] b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::CheckmateBy));
}

#[test]
fn in_check_shogi_a_mating_pawn_drop_is_legal_and_its_check_wins() {
    let v = shipped("checkshogi");
    let p = after(&v, "3lkl3/9/4G4/9/9/9/9/9/K8[P] w - - 1+1 0 1", &["P@e8"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Checks));
}

// --- goals of several pieces at once (`count`, `or-full`) ------------------

/// Five runners, each side's region its far rank and two more squares; a
/// count of five, or a full region with one of one's own (Fairy-Stockfish's
/// `flagPieceCount = 5`, `flagPieceBlockedWin = true`, as its `kono`). The
/// move counts and results are pyffish 0.0.90's (`legal_moves`,
/// `game_result`) on the section `[flagblocked-imp]` of
/// tests/data/field/imported.ini, which says the same game.
/// tests/data/goals/runners.variant.
fn runners_source() -> String {
    std::fs::read_to_string(fairyc_tests::root().join("tests/data/goals/runners.variant"))
        .expect("tests/data/goals/runners.variant")
}

fn runners() -> Variant {
    let tables = fairyc_compiler::compile(&runners_source()).expect("the runners compile");
    Variant::new(tables).expect("the runners load")
}

#[test]
fn a_full_region_with_one_own_piece_is_a_goal() {
    let v = runners();
    // a4 and e4 white, a5..e5 black: White's region is full.
    let p = pos(&v, "ppppp/P3P/5/5/1PPP1 b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Reach));
    // The game is over: perft has no moves (pyffish: no legal move).
    assert_eq!(fairyc_runtime::perft(&p, 1), 0);
}

#[test]
fn a_region_one_square_short_of_full_is_no_goal() {
    let v = runners();
    // e4 empty: 17 moves for White, 11 for Black (pyffish).
    assert_eq!(legal(&v, "ppppp/P4/5/4P/1PPP1 w - - 0 1").len(), 17);
    assert_eq!(legal(&v, "ppppp/P4/5/4P/1PPP1 b - - 0 1").len(), 11);
    // e5 empty, a black runner on e2 (in Black's region, not White's).
    assert_eq!(legal(&v, "pppp1/P3P/5/4p/1PPP1 b - - 0 1").len(), 13);
}

#[test]
fn a_count_of_pieces_is_a_goal_without_a_full_region() {
    let tables = fairyc_compiler::compile(&runners_source().replace("count 5 or-full", "count 2"))
        .expect("compiles");
    let v = Variant::new(tables).expect("loads");
    // Two white runners on White's region (a4, e4): White has won.
    let p = pos(&v, "1ppp1/P3P/5/5/1PPP1 b - - 0 1");
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Reach));
    // One is not enough.
    assert_eq!(pos(&v, "1ppp1/P4/5/5/1PPP1 b - - 0 1").outcome(), None);
}

// --- goals reached only when safe (`safe`) ---------------------------------

/// tests/data/goals/saferooks.variant, with `after-reply` when `reply`.
/// The results and move counts are pyffish 0.0.90's (`is_immediate_game_end`,
/// `legal_moves`) on the same game as an ini section (`flagPiece = r`,
/// `flagPieceSafe = true`, and `flagMove = true` for `reply`).
fn safe_rooks(reply: bool) -> Variant {
    let source =
        std::fs::read_to_string(fairyc_tests::root().join("tests/data/goals/saferooks.variant"))
            .expect("tests/data/goals/saferooks.variant");
    let source = if reply {
        source.replace("safe win", "safe win after-reply")
    } else {
        source
    };
    let tables = fairyc_compiler::compile(&source).expect("the safe rooks compile");
    Variant::new(tables).expect("the safe rooks load")
}

fn drawn(reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        winner: None,
        reason,
    })
}

#[test]
fn a_safe_goal_wins_at_once_and_an_attacked_one_waits() {
    for reply in [false, true] {
        let v = safe_rooks(reply);
        // Ra5: no black piece attacks a5, White wins.
        let p = after(&v, "3k1/5/5/R4/4K w - - 0 1", &["a2a5"]);
        assert_eq!(p.outcome(), wins(Color::White, EndReason::Reach));
        // Rc5: the king on d5 attacks it; Black has 3 moves (pyffish).
        let p = after(&v, "3k1/5/5/2R2/4K w - - 0 1", &["c2c5"]);
        assert_eq!(p.outcome(), None);
        assert_eq!(p.legal_moves().len(), 3);
        // The king steps away: the rook is safe, White wins on his turn.
        let p = after(&v, "3k1/5/5/2R2/4K w - - 0 1", &["c2c5", "d5e4"]);
        assert_eq!(p.outcome(), wins(Color::White, EndReason::Reach));
        // The king takes it: the game goes on.
        let p = after(&v, "3k1/5/5/2R2/4K w - - 0 1", &["c2c5", "d5c5"]);
        assert_eq!(p.outcome(), None);
    }
}

#[test]
fn an_attacked_goal_wins_after_the_reply_only_with_after_reply() {
    // Kd4 still attacks c5: play goes on (11 moves for White, pyffish)…
    let v = safe_rooks(false);
    let p = after(&v, "3k1/5/5/2R2/4K w - - 0 1", &["c2c5", "d5d4"]);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves().len(), 11);
    // … but after a reply the rook that stayed wins, attacked or not.
    let v = safe_rooks(true);
    let p = after(&v, "3k1/5/5/2R2/4K w - - 0 1", &["c2c5", "d5d4"]);
    assert_eq!(p.outcome(), wins(Color::White, EndReason::Reach));
}

#[test]
fn two_safe_goals_draw_without_a_reply() {
    // Rc5 leaves Black's rook on a1 unattacked: both rooks stand safe on
    // their goals.
    let v = safe_rooks(false);
    assert_eq!(legal(&v, "k4/5/5/4K/r1R2 w - - 0 1").len(), 13);
    let p = after(&v, "k4/5/5/4K/r1R2 w - - 0 1", &["c1c5"]);
    assert_eq!(p.outcome(), drawn(EndReason::Reach));
    // After a reply Black's rook, there since before, wins first.
    let v = safe_rooks(true);
    let p = after(&v, "k4/5/5/4K/r1R2 w - - 0 1", &["c1c5"]);
    assert_eq!(p.outcome(), wins(Color::Black, EndReason::Reach));
}

#[test]
fn safe_goals_perft_as_pyffish() {
    // pyffish 0.0.90's perft 1–3, stopping where `is_immediate_game_end`.
    let cases: [(&str, [u64; 3], [u64; 3]); 3] = [
        ("3k1/5/5/2R2/4K w - - 0 1", [11, 37, 370], [11, 37, 359]),
        ("k4/5/5/4K/r1R2 w - - 0 1", [13, 66, 578], [13, 2, 26]),
        ("3k1/5/5/R4/4K w - - 0 1", [11, 42, 465], [11, 42, 465]),
    ];
    for reply in [false, true] {
        let v = safe_rooks(reply);
        for (fen, plain, after_reply) in cases {
            let want = if reply { after_reply } else { plain };
            for (d, n) in (1..).zip(want) {
                assert_eq!(
                    fairyc_runtime::perft(&pos(&v, fen), d),
                    n,
                    "{fen} {d} {reply}"
                );
            }
        }
    }
}

// --- a repetition and the move limit decided by points ---------------------
// The current Fairy-Stockfish's janggi decides a threefold repetition and
// its 50-move rule by janggi's count (`materialCounting = janggi`), probed
// in pyffish 0.0.90 (`is_optional_game_end` on its built-in `janggi`).

/// Shipped janggi, which has the current engine's repetition and move
/// limit (`repetition 3 points perpetual-check loss`, `limit 50 points`).
fn counted_janggi() -> Variant {
    shipped("janggi")
}

#[test]
fn a_repetition_by_points_goes_to_the_higher_count() {
    use fairyc_runtime::Game;
    let v = counted_janggi();
    // The horses out and back twice: pyffish -32000 for White to move
    // (equal material, Black's komi 1.5 wins the count), not over one ply
    // before.
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let mut g = Game::new(pos(&v, start));
    let moves = ["b1c3", "b10c8", "c3b1", "c8b10"].repeat(2);
    for (i, m) in moves.iter().enumerate() {
        let mv = g.position().parse_uci(m).expect("legal");
        g.play(mv).expect("legal");
        let over = g.outcome();
        if i + 1 < moves.len() {
            assert_eq!(over, None, "after {} plies", i + 1);
        } else {
            assert_eq!(over, wins(Color::Black, EndReason::Repetition));
        }
    }
}

#[test]
fn a_move_limit_by_points_goes_to_the_higher_count() {
    use fairyc_runtime::Game;
    let v = counted_janggi();
    let at = |fen: &str| {
        let mut g = Game::new(pos(&v, fen));
        assert_eq!(g.outcome(), None, "{fen}");
        let mv = g.position().parse_uci("b1c3").expect("legal");
        g.play(mv).expect("legal");
        g.outcome()
    };
    // pyffish after `b1c3` at 99 plies: +32000 for Black to move (equal
    // material), +32000 without White's a1 chariot, -32000 without Black's
    // a10 chariot.
    assert_eq!(
        at("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 99 60"),
        wins(Color::Black, EndReason::MoveLimit)
    );
    assert_eq!(
        at("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/1NBA1ABNR w - - 99 60"),
        wins(Color::Black, EndReason::MoveLimit)
    );
    assert_eq!(
        at("1nba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 99 60"),
        wins(Color::White, EndReason::MoveLimit)
    );
}

// --- claims: `repetition … claim`, `limit … claim` -----------------------
//
// The expectations follow from the rules as docs/language.md states them
// (FIDE's articles 9.2, 9.3 and 9.6: a threefold repetition and fifty
// moves may be claimed, a fivefold repetition and seventy-five moves end
// the game); tests/tests/field/results.rs compares the same claims with
// pyffish 0.0.90's `is_optional_game_end` along random games.

fn game_after<'v>(v: &'v Variant, fen: &str, moves: &[&str]) -> fairyc_runtime::Game<'v> {
    let mut g = fairyc_runtime::Game::new(pos(v, fen));
    for m in moves {
        let p = g.position().clone();
        let mv = p
            .legal_moves()
            .into_iter()
            .find(|&x| p.uci(x) == *m)
            .unwrap_or_else(|| panic!("{m} is not legal in {}", p.fen()));
        g.play(mv).expect("legal");
    }
    g
}

#[test]
fn fifty_moves_may_be_claimed_and_seventy_five_end_the_game() {
    let v = shipped("chess");
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    let g = game_after(&v, fen, &[]);
    assert_eq!(g.claimable(), None);
    let g = game_after(&v, fen, &["a1a2"]);
    assert!(g.can_claim_move_limit());
    assert_eq!(g.claimable(), drawn(EndReason::MoveLimit));
    assert_eq!(g.outcome(), None);
    let g = game_after(&v, "4k3/8/8/8/8/8/8/R3K3 w - - 149 80", &["a1a2"]);
    assert_eq!(g.outcome(), drawn(EndReason::MoveLimit));
    // Over, nothing is left to claim.
    assert_eq!(g.claimable(), None);
}

#[test]
fn a_claimed_draw_is_black_s_win_under_draw_odds() {
    let v = shipped("armageddon");
    let dance = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let moves: Vec<&str> = dance.iter().chain(dance.iter()).copied().collect();
    let g = game_after(&v, start, &moves);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    assert_eq!(
        g.claimable(),
        Some(GameResult {
            winner: Some(Color::Black),
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn a_limit_claim_must_come_before_the_limit() {
    for (clock, ok) in [
        ("limit 75 claim 50", true),
        ("limit 50 claim 50", false),
        ("limit 50 claim 0", false),
    ] {
        let source = format!(
            "variant \"V\" {{}}\nboard {{ files a..e; ranks 1..5 }}\n\
             piece King {{ letter K; moves K; royal }}\n\
             setup \"4k/5/5/5/K4 w - - 0 1\"\n\
             clock {{ {clock} }}\n"
        );
        match fairyc_compiler::compile(&source) {
            Ok(t) => {
                assert!(ok, "{clock} compiled");
                assert_eq!(t.parts().end.move_limit_claim, Some(50));
                assert_eq!(t.parts().end.move_limit, Some(75));
            }
            Err(errors) => {
                assert!(!ok, "{clock}: {errors:?}");
                assert!(errors.iter().any(|e| e.code() == "E0065"), "{errors:?}");
            }
        }
    }
}

/// Rights to gate do not count for repetition, as in Fairy-Stockfish's key
/// (probed with pyffish 0.0.90: `is_optional_game_end` is a draw after
/// these moves, where the position after `g8h6e`, with White's right to
/// gate on b1, comes back without it twice).
#[test]
fn a_right_to_gate_does_not_count_for_repetition() {
    let v = shipped("seirawan");
    let start = fairyc_runtime::Position::new(&v).expect("start").fen();
    let moves = [
        "c2c3", "g8h6e", "b1a3", "h6f5", "a3b1", "f5h6", "b1a3", "h6f5", "a3b1", "f5h6",
    ];
    let g = game_after(&v, &start, &moves);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable(), drawn(EndReason::Repetition));
    // The hash itself still tells the rights apart.
    let before = game_after(&v, &start, &moves[..2]);
    assert_ne!(before.position().hash(), g.position().hash());
    assert_eq!(
        before.position().repetition_key(),
        g.position().repetition_key()
    );
}
