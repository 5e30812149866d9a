//! Crazy Elephant: one test per rule sentence of
//! `docs/rules/crazy-elephant.md`, each a position (FEN) and
//! the exact legal moves (sorted UCI strings) or the exact result.
//!
//! Letters as in `variants/crazy-elephant.variant` (SchemingMind,
//! Fairy-Stockfish): `Q` is the Firzan, `B` the Alfil, `~` a promoted Firzan.
//! Every move list here was also checked against Fairy-Stockfish's
//! `go perft 1` for the same FEN.

use std::sync::OnceLock;

use fairyc_runtime::{Color, EndReason, Game, GameResult, Position, Variant};
use fairyc_tests::{root, shipped};

fn ce() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("crazy-elephant"))
}

fn pos(fen: &str) -> Position<'static> {
    Position::from_fen(ce(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sorted(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = v.into_iter().collect();
    v.sort();
    v
}

fn words(s: &str) -> Vec<String> {
    sorted(s.split_whitespace().map(str::to_string))
}

/// The legal moves of a position whose game is not over, sorted.
fn legal(fen: &str) -> Vec<String> {
    let p = pos(fen);
    assert_eq!(p.outcome(), None, "{fen}: the game should go on");
    sorted(p.legal_moves().into_iter().map(|m| p.uci(m)))
}

/// `X@sq` for every empty square of `fen`, except those in `except`.
fn drops_on_empty(fen: &str, letter: char, except: &[&str]) -> Vec<String> {
    let p = pos(fen);
    let v = p.variant();
    v.squares()
        .filter(|&s| p.piece_at(s).is_none() && !except.contains(&v.square_name(s)))
        .map(|s| format!("{letter}@{}", v.square_name(s)))
        .collect()
}

/// The squares of ranks 1 and 8, where pawns may not be dropped.
fn ranks_1_and_8() -> Vec<&'static str> {
    vec![
        "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", //
        "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
    ]
}

/// The position after playing `moves` (UCI) from `fen`.
fn after(fen: &str, moves: &[&str]) -> Position<'static> {
    let mut p = pos(fen);
    for m in moves {
        let mv = p.parse_uci(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        p.play_unchecked(mv);
    }
    p
}

/// A game from `fen` with `moves` played through [`Game::play`].
fn game(fen: &str, moves: &[&str]) -> Game<'static> {
    let mut g = Game::new(pos(fen));
    for m in moves {
        let mv = g
            .position()
            .parse_uci(m)
            .unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        g.play(mv).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    g
}

fn win(c: Color, reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        winner: Some(c),
        reason,
    })
}

fn draw(reason: EndReason) -> Option<GameResult> {
    Some(GameResult {
        winner: None,
        reason,
    })
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1";

// ---------------------------------------------------------------- §1 setup

/// §1: the chess array with Alfils on the bishops' squares and the Firzan on
/// the queen's; the King on the e-file, the Firzan on the d-file; White moves
/// first; both hands start empty.
#[test]
fn start_position_is_the_chess_array_with_king_on_e_and_firzan_on_d() {
    let p = Position::new(ce()).expect("start position");
    assert_eq!(p.fen(), START);
    let v = ce();
    let at = |sq: &str| {
        let s = v.square_by_name(sq).expect("square");
        p.piece_at(s)
            .map(|x| (v.piece_name(x.piece).to_string(), x.color))
    };
    assert_eq!(at("e1"), Some(("King".into(), Color::White)));
    assert_eq!(at("d1"), Some(("Firzan".into(), Color::White)));
    assert_eq!(at("c1"), Some(("Alfil".into(), Color::White)));
    assert_eq!(at("f1"), Some(("Alfil".into(), Color::White)));
    assert_eq!(at("e8"), Some(("King".into(), Color::Black)));
    assert_eq!(at("d8"), Some(("Firzan".into(), Color::Black)));
    assert_eq!(p.turn(), Color::White);
    for side in [Color::White, Color::Black] {
        for piece in v.pieces() {
            assert_eq!(p.hand_count(side, piece), 0);
        }
    }
    assert_eq!(
        legal(START),
        words(
            "a2a3 b2b3 c2c3 d2d3 e2e3 f2f3 g2g3 h2h3 b1a3 b1c3 g1f3 g1h3 \
             c1a3 c1e3 f1d3 f1h3"
        )
    );
}

// --------------------------------------------------------------- §2 pieces

/// §2: the King steps one square in any direction; there is no castling.
#[test]
fn king_steps_one_square_and_never_castles() {
    let fen = "r3k2r/p6p/8/8/8/8/P6P/R3K2R[] w - - 0 1";
    assert_eq!(
        legal(fen),
        words("e1d1 e1d2 e1e2 e1f2 e1f1 a1b1 a1c1 a1d1 h1g1 h1f1 a2a3 h2h3")
    );
    // No castling rule exists, so a FEN cannot grant one.
    assert!(Position::from_fen(ce(), "r3k2r/p6p/8/8/8/8/P6P/R3K2R[] w KQkq - 0 1").is_err());
}

/// §2: the Rukh moves as the chess rook.
#[test]
fn rook_moves_as_the_chess_rook() {
    assert_eq!(
        legal("4k3/p6p/8/3p4/1P1R2p1/8/7P/4K3[] w - - 0 1"),
        words(
            "d4d5 d4d3 d4d2 d4d1 d4c4 d4e4 d4f4 d4g4 b4b5 h2h3 \
             e1d1 e1d2 e1e2 e1f2 e1f1"
        )
    );
}

/// §2: the Faras moves as the chess knight.
#[test]
fn knight_moves_as_the_chess_knight() {
    assert_eq!(
        legal("4k3/p6p/8/8/3N4/8/4P3/4K3[] w - - 0 1"),
        words("d4b3 d4b5 d4c2 d4c6 d4e6 d4f3 d4f5 e2e3 e1d1 e1d2 e1f1 e1f2")
    );
}

/// §2: the Firzan steps one square diagonally.
#[test]
fn firzan_steps_one_square_diagonally() {
    assert_eq!(
        legal("4k3/p6p/8/4p3/3Q4/2P5/8/4K3[] w - - 0 1"),
        words("d4c5 d4e3 d4e5 c3c4 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
}

/// §2: the Alfil leaps exactly two squares diagonally, over whatever stands
/// between.
#[test]
fn alfil_leaps_two_squares_diagonally_over_anything() {
    // c5 (own), e5 and c3 (enemy) stand between and do not block; b2 (own) is
    // not a destination, f6 (enemy) is captured.
    assert_eq!(
        legal("4k3/p6p/5n2/2P1p3/3B4/2p5/1P6/4K3[] w - - 0 1"),
        words("d4b6 d4f2 d4f6 b2b3 b2c3 c5c6 e1d1 e1e2 e1f1 e1f2")
    );
}

/// §2: the pawn moves one square forward and captures one square diagonally
/// forward; no double step.
#[test]
fn pawn_steps_one_forward_and_captures_diagonally_without_double_step() {
    assert_eq!(
        legal("4k3/p6p/8/8/8/3n1b2/4P3/K7[] w - - 0 1"),
        words("e2e3 e2d3 e2f3 a1a2 a1b1")
    );
    assert_eq!(
        legal("4k3/p6p/8/8/8/8/4P3/K7[] b - - 0 1"),
        words("a7a6 h7h6 e8d8 e8d7 e8e7 e8f7 e8f8")
    );
}

/// §2: no double step also for dropped pawns.
#[test]
fn dropped_pawn_has_no_double_step_either() {
    let p = after("4k3/p6p/8/8/8/8/7P/K7[P] w - - 0 1", &["P@d2", "a7a6"]);
    let d2: Vec<String> = sorted(
        p.legal_moves()
            .into_iter()
            .map(|m| p.uci(m))
            .filter(|m| m.starts_with("d2")),
    );
    assert_eq!(d2, words("d2d3"));
}

/// §2: no double step, hence no en passant: no en-passant square can be set.
#[test]
fn there_is_no_en_passant() {
    assert!(Position::from_fen(ce(), "4k3/p7/8/3pP3/8/8/7P/4K3[] w - d6 0 1").is_err());
    assert_eq!(
        legal("4k3/p7/8/3pP3/8/8/7P/4K3[] w - - 0 1"),
        words("e5e6 h2h3 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
}

// ------------------------------------------------------------ §3 promotion

/// §3: a pawn reaching the last rank always becomes a Firzan: compulsory, no
/// other choice.
#[test]
fn pawn_on_last_rank_always_becomes_a_firzan() {
    assert_eq!(
        legal("r3k3/1P5p/8/8/8/8/7P/4K3[] w - - 0 1"),
        words("b7a8q b7b8q h2h3 e1d1 e1d2 e1e2 e1f1 e1f2")
    );
    assert_eq!(
        legal("4k3/p6p/8/8/8/8/1p5P/4K2R[] b - - 0 1"),
        words("b2b1q a7a6 h7h6 e8d7 e8d8 e8e7 e8f7 e8f8")
    );
}

/// §3: the promoted Firzan is marked (`~`).
#[test]
fn promoted_firzan_is_marked() {
    let p = after("r3k3/1P5p/8/8/8/8/7P/4K3[] w - - 0 1", &["b7b8q"]);
    assert_eq!(p.fen(), "rQ~2k3/7p/8/8/8/8/7P/4K3[] b - - 0 1");
}

// ---------------------------------------------------------------- §4 drops

/// §4: a captured piece changes sides and goes to the capturer's hand.
#[test]
fn captured_piece_changes_sides_into_the_capturers_hand() {
    let p = after("4k3/p7/8/3n4/8/8/7P/3RK3[] w - - 0 1", &["d1d5"]);
    assert_eq!(p.fen(), "4k3/p7/8/3R4/8/8/7P/4K3[N] b - - 0 1");
    let p = after("4k3/p7/8/3N4/8/8/6KP/3r4[] b - - 0 1", &["d1d5"]);
    assert_eq!(p.fen(), "4k3/p7/8/3r4/8/8/6KP/8[n] w - - 0 2");
}

/// §4: a captured promoted Firzan goes into hand as a pawn.
#[test]
fn captured_promoted_firzan_goes_to_hand_as_a_pawn() {
    let p = after("4k3/p7/8/3q~4/8/8/7P/3RK3[] w - - 0 1", &["d1d5"]);
    assert_eq!(p.fen(), "4k3/p7/8/3R4/8/8/7P/4K3[P] b - - 0 1");
}

/// §4: an original Firzan goes into hand as a Firzan.
#[test]
fn captured_original_firzan_goes_to_hand_as_a_firzan() {
    let p = after("4k3/p7/8/3q4/8/8/7P/3RK3[] w - - 0 1", &["d1d5"]);
    assert_eq!(p.fen(), "4k3/p7/8/3R4/8/8/7P/4K3[Q] b - - 0 1");
}

/// §4: a drop goes on any empty square.
#[test]
fn drop_goes_on_any_empty_square() {
    let fen = "7k/6pp/8/8/8/8/P7/4K3[R] w - - 0 1";
    let mut want = drops_on_empty(fen, 'R', &[]);
    want.extend(words("a2a3 e1d1 e1d2 e1e2 e1f1 e1f2"));
    assert_eq!(want.len(), 65);
    assert_eq!(legal(fen), sorted(want));
}

/// §4: a drop may give check or checkmate (no rule against drop mate).
#[test]
fn drop_may_give_check_and_checkmate() {
    let fen = "7k/6pp/8/8/8/8/P7/4K3[R] w - - 0 1";
    let p = after(fen, &["R@a8"]);
    assert!(p.is_check());
    assert_eq!(p.outcome(), win(Color::White, EndReason::Checkmate));
    // A pawn drop may mate too.
    let p = after("7k/4N2p/5Q2/8/8/8/8/4K3[P] w - - 0 1", &["P@g7"]);
    assert_eq!(p.outcome(), win(Color::White, EndReason::Checkmate));
}

/// §4: pawns may not be dropped on rank 1 or rank 8 (either colour).
#[test]
fn pawns_are_not_dropped_on_first_or_last_rank() {
    let fen = "4k3/p7/8/8/8/8/P7/4K3[Pp] w - - 0 1";
    let except = ranks_1_and_8();
    let mut want = drops_on_empty(fen, 'P', &except);
    want.extend(words("a2a3 e1d1 e1d2 e1e2 e1f1 e1f2"));
    assert_eq!(want.len(), 52);
    assert_eq!(legal(fen), sorted(want));
    let fen = "4k3/p7/8/8/8/8/P7/4K3[Pp] b - - 0 1";
    let mut want = drops_on_empty(fen, 'P', &except);
    want.extend(words("a7a6 e8d7 e8d8 e8e7 e8f7 e8f8"));
    assert_eq!(legal(fen), sorted(want));
}

/// §4: a drop may not leave one's own king in check: in check from a slider
/// only the squares between can take a drop.
#[test]
fn drop_may_not_leave_own_king_in_check() {
    assert_eq!(
        legal("k3r3/8/8/8/8/8/P7/4K3[N] w - - 0 1"),
        words("N@e2 N@e3 N@e4 N@e5 N@e6 N@e7 e1d1 e1d2 e1f1 e1f2")
    );
    // Against a knight's check no drop helps.
    assert_eq!(
        legal("k7/8/8/8/8/3n4/P7/4K3[N] w - - 0 1"),
        words("e1d1 e1d2 e1e2 e1f1")
    );
}

// ------------------------------------------------------------- §5 game end

/// §5: checkmate wins.
#[test]
fn checkmate_wins() {
    let p = pos("k6R/pp6/8/8/8/8/P7/K7[] b - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), win(Color::White, EndReason::Checkmate));
}

/// §5 (§6 item 3): "no legal move" includes drops: a check that a drop can
/// block is not mate.
#[test]
fn check_that_a_drop_can_block_is_not_checkmate() {
    assert_eq!(
        legal("k6R/pp6/8/8/8/8/P7/K7[n] b - - 0 1"),
        words("N@b8 N@c8 N@d8 N@e8 N@f8 N@g8")
    );
}

/// §5: stalemate is a win for the player who stalemated the opponent.
#[test]
fn stalemate_is_a_win_for_the_stalemating_player() {
    let p = pos("k7/P7/1K6/8/8/7p/7P/8[] b - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert!(!p.is_check());
    assert_eq!(p.outcome(), win(Color::White, EndReason::Stalemate));
}

/// §5 (§6 item 3): with a piece in hand there is a legal drop, so no
/// stalemate.
#[test]
fn a_piece_in_hand_prevents_stalemate() {
    let fen = "k7/P7/1K6/8/8/7p/7P/8[p] b - - 0 1";
    assert_eq!(
        legal(fen),
        sorted(drops_on_empty(fen, 'P', &ranks_1_and_8()))
    );
}

/// §5 (§6 item 1): a King is bare when its side has no other piece on the
/// board; pieces in hand do not count.
#[test]
fn bare_king_counts_board_pieces_only() {
    // Black holds a Rook and a Firzan in hand, but has only the King on the
    // board: bared.
    let p = pos("4k3/8/8/8/8/8/8/RR2K3[qr] b - - 0 1");
    assert_eq!(p.outcome(), win(Color::White, EndReason::BareKing));
}

/// §5 procedure 1: if the bared side is checkmated, checkmate decides.
#[test]
fn bare_king_procedure_1_checkmate_comes_first() {
    let p = pos("k7/2K5/8/8/8/8/8/R7[] b - - 0 1");
    assert_eq!(p.outcome(), win(Color::White, EndReason::Checkmate));
}

/// §5 procedure 1: if the bared side is stalemated, stalemate decides.
#[test]
fn bare_king_procedure_1_stalemate_comes_first() {
    let p = pos("k7/P7/1K6/8/8/8/8/8[] b - - 0 1");
    assert_eq!(p.outcome(), win(Color::White, EndReason::Stalemate));
}

/// §5 procedure 2: baring the King while keeping two or more pieces on the
/// board wins at once, even if the bared side could capture one of them.
#[test]
fn bare_king_procedure_2_two_pieces_left_win_at_once() {
    let p = after("4k3/3p4/8/8/8/8/8/1N1RK3[q] w - - 0 1", &["d1d7"]);
    assert_eq!(p.outcome(), win(Color::White, EndReason::BareKing));
    // The same for Black.
    let p = after("1n1rk3/8/8/8/8/8/3P4/4K3[Q] b - - 0 1", &["d8d2"]);
    assert_eq!(p.outcome(), win(Color::Black, EndReason::BareKing));
}

/// §5 procedure 2: with exactly one piece left that the bared side cannot
/// capture, the baring side wins at once: a drop in reply does not save.
#[test]
fn bare_king_procedure_2_last_piece_out_of_reach_wins_at_once() {
    let p = after("4k3/8/8/3p4/8/8/8/3RK3[q] w - - 0 1", &["d1d5"]);
    assert_eq!(p.outcome(), win(Color::White, EndReason::BareKing));
    // Black has legal drops, but the game is already over.
    assert!(p.legal_moves().iter().any(|m| p.uci(*m) == "Q@e7"));
    // Next to the bared King but protected: it cannot be captured either.
    let p = after("2K1k3/3p4/8/8/8/8/8/3R4[q] w - - 0 1", &["d1d7"]);
    assert_eq!(p.outcome(), win(Color::White, EndReason::BareKing));
}

/// After White's Rd1xd7 Black is bare and White's last piece stands next to
/// the black King, unprotected: Black may reply.
const COUNTER: &str = "4k3/3p4/8/8/8/8/8/3RK3[q] w - - 0 1";

/// §5 procedure 2: when the last piece can be captured, the game goes on for
/// one reply.
#[test]
fn bare_king_procedure_2_one_reply_allowed_when_the_last_piece_can_be_taken() {
    let fen = "4k3/3R4/8/8/8/8/8/4K3[Pq] b - - 0 1";
    let p = after(COUNTER, &["d1d7"]);
    assert_eq!(p.fen(), fen);
    assert_eq!(p.outcome(), None);
    let mut want = drops_on_empty(fen, 'Q', &[]);
    want.extend(words("e8d7 e8f8"));
    assert_eq!(legal(fen), sorted(want));
}

/// §5 procedure 2: if the reply captures the last piece, both Kings are bare:
/// a draw.
#[test]
fn bare_king_procedure_2_counter_bare_draws() {
    let p = after(COUNTER, &["d1d7", "e8d7"]);
    assert_eq!(p.outcome(), draw(EndReason::BothBare));
}

/// §5 procedure 2: if after the reply the bared side is still bare and the
/// other is not, the baring side wins.
#[test]
fn bare_king_procedure_2_still_bare_after_the_reply_loses() {
    let p = after(COUNTER, &["d1d7", "e8f8"]);
    assert_eq!(p.outcome(), win(Color::White, EndReason::BareKing));
}

/// §5 procedure 2: a drop in reply ends the bareness and play goes on.
#[test]
fn bare_king_procedure_2_drop_in_reply_restores_play() {
    let p = after(COUNTER, &["d1d7", "Q@e7"]);
    assert_eq!(p.outcome(), None);
    let fen = p.fen();
    let mut want = drops_on_empty(&fen, 'P', &ranks_1_and_8());
    want.extend(words(
        "d7a7 d7b7 d7c7 d7d8 d7d6 d7d5 d7d4 d7d3 d7d2 d7d1 d7e7 \
         e1d1 e1d2 e1e2 e1f1 e1f2",
    ));
    assert_eq!(legal(&fen), sorted(want));
}

/// §5 procedure 3: a bare King capturing the opponent's last piece leaves
/// two bare Kings: a draw.
#[test]
fn two_bare_kings_draw() {
    let fen = "4k3/8/8/8/8/8/3n4/4K3[Q] w - - 0 1";
    assert_eq!(
        legal(fen),
        sorted(
            words("e1d2 e1d1 e1e2 e1f2")
                .into_iter()
                .chain(drops_on_empty(fen, 'Q', &[]))
        )
    );
    let p = after(fen, &["e1d2"]);
    assert_eq!(p.outcome(), draw(EndReason::BothBare));
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1").outcome(),
        draw(EndReason::BothBare)
    );
}

/// §5: threefold repetition is a draw.
#[test]
fn threefold_repetition_draws() {
    let cycle = ["b1c3", "b8c6", "c3b1", "c6b8"];
    let g = game(START, &cycle);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    let g = game(START, &[cycle, cycle].concat());
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
}

/// §5: the repetition key counts board, hands, side to move, and the
/// promoted marks.
#[test]
fn repetition_key_includes_hands_and_promoted_marks() {
    // The same board and side to move, the knight first in White's hand, then
    // (after N@a3 Rxa3 Kd1 Ra5 Ke1 Ra8) in Black's.
    let fen = "r3k3/7p/8/8/8/8/7P/4K3[N] w - - 0 1";
    let transfer = ["N@a3", "a8a3", "e1d1", "a3a5", "d1e1", "a5a8"];
    let g = game(fen, &transfer);
    assert_eq!(g.position().fen(), "r3k3/7p/8/8/8/8/7P/4K3[n] w - - 4 4");
    assert_eq!(g.repetitions(), 1);
    let shuffle = ["e1d1", "e8d8", "d1e1", "d8e8"];
    let g = game(fen, &[&transfer[..], &shuffle].concat());
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    let g = game(fen, &[&transfer[..], &shuffle, &shuffle].concat());
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
    // Promoted marks: the same board with and without the mark differs.
    let marked = pos("4k3/7p/8/3Q~4/8/8/7P/4K3[] w - - 0 1");
    let plain = pos("4k3/7p/8/3Q4/8/8/7P/4K3[] w - - 0 1");
    assert_ne!(marked.hash(), plain.hash());
}

/// §5: the fifty-move rule (on in the shipped file).
#[test]
fn fifty_move_rule_draws() {
    let fen = "4k3/p7/8/8/8/8/P7/4K3[] w - - 99 60";
    assert_eq!(game(fen, &[]).outcome(), None);
    assert_eq!(game(fen, &["e1d1"]).outcome(), draw(EndReason::MoveLimit));
    // A pawn move resets the count.
    assert_eq!(game(fen, &["a2a3"]).outcome(), None);
}

/// §5: the fifty-move rule is switchable (`clock { limit off }`).
#[test]
fn fifty_move_rule_can_be_switched_off() {
    let path = root().join("variants/crazy-elephant.variant");
    let source = std::fs::read_to_string(path).expect("read variant");
    assert!(source.contains("limit 50"));
    let off = source.replace("limit 50", "limit off");
    let tables = fairyc_compiler::compile(&off).expect("compiles");
    let v = Variant::new(tables).expect("tables");
    let p = Position::from_fen(&v, "4k3/p7/8/8/8/8/P7/4K3[] w - - 120 60").expect("fen");
    let mut g = Game::new(p);
    let m = g.position().parse_uci("e1d1").expect("legal");
    g.play(m).expect("plays");
    assert_eq!(g.outcome(), None);
}

/// §5: no insufficient-material draw apart from two bare Kings.
#[test]
fn no_insufficient_material_draw() {
    let fen = "q3k3/8/8/8/8/8/8/B3K3[] w - - 0 1";
    assert_eq!(game(fen, &[]).outcome(), None);
    assert_eq!(legal(fen).len(), 6);
}
