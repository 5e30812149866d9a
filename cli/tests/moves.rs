//! `fairyc moves` prints the legal moves, then the game's result with its
//! reason when the game is over.

mod common;

use common::fairyc;

/// Runs `fairyc moves FILE --fen FEN`; returns stdout's lines.
fn moves(variant: &str, fen: &str) -> Vec<String> {
    let out = fairyc(&["moves", variant, "--fen", fen]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(str::to_string)
        .collect()
}

const CE: &str = "variants/crazy-elephant.variant";

#[test]
fn bare_king_result_is_printed() {
    // Black holds pieces in hand but has only its King on the board.
    let lines = moves(CE, "4k3/8/8/8/8/8/8/RR2K3[qr] b - - 0 1");
    // The game is over, so no move is listed.
    assert_eq!(lines, ["result: 1-0 (white wins by bare king)"]);
}

#[test]
fn stalemate_result_is_printed_after_no_moves() {
    let lines = moves(CE, "k7/P7/1K6/8/8/7p/7P/8[] b - - 0 1");
    assert_eq!(lines, ["result: 1-0 (white wins by stalemate)"]);
}

#[test]
fn two_bare_kings_result_is_printed() {
    let lines = moves(CE, "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1");
    assert_eq!(lines, ["result: 1/2-1/2 (draw by both kings bare)"]);
}

#[test]
fn no_result_line_while_the_game_goes_on() {
    let lines = moves(
        CE,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
    );
    assert_eq!(lines.len(), 16);
    assert!(lines.iter().all(|l| !l.starts_with("result:")));
}

#[test]
fn past_the_move_limit_the_moves_are_listed_with_the_result() {
    // Chess's move limit (75 moves, 150 plies) has passed: the game is
    // drawn, but perft does not judge the move limit and counts the moves;
    // `moves` lists the same moves, then the result. By hand: the king has
    // d1, d2, e2, f2, f1 and the rook a2–a8, b1, c1, d1 (d1 once each).
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 160 100";
    let lines = moves("chess", fen);
    let (last, listed) = lines.split_last().expect("output");
    assert_eq!(last, "result: 1/2-1/2 (draw by move limit)");
    assert_eq!(listed.len(), 15, "{lines:?}");
    assert!(listed.iter().all(|l| !l.starts_with("result:")));
    let perft = fairyc(&["perft", "chess", "--depth", "1", "--fen", fen]);
    assert_eq!(String::from_utf8_lossy(&perft.stdout).trim(), "nodes: 15");
    // Below the limit: the moves alone.
    let lines = moves("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    assert_eq!(lines.len(), 15, "{lines:?}");
}
