//! Cylinder chess (`variants/cylinder.variant`) against Fairy-Max 5.0
//! (`variant cylinder`), which takes no positions (no `setboard`) and has no
//! perft, but refuses an illegal move. So legality is probed move by move:
//! in the start position and along seeded random games, every candidate
//! move of the side to move — each own piece to each other square, with
//! each promotion letter where a pawn reaches the last rank — is legal
//! here exactly when Fairy-Max takes it (taken back at once with `undo`).
//!
//! Named exception (`OWN_KING`): Fairy-Max takes a move onto the square of
//! the mover's own king (a king "captured" by its own side), and its `undo`
//! of such a move leaves a broken position. Such moves are illegal here by
//! construction (no move captures its own side's piece), so they are not
//! probed; moves onto any other piece of one's own are.
//!
//! Known differences, by design: none in the positions probed. Fairy-Max
//! knows no seventy-five-move or fivefold-repetition end; the games stop
//! before either (40 plies at most, and at any end of ours).
//!
//! Run by `.ci/run`: `cargo test -p fairyc-tests --release --test topology -- --ignored`.

use fairyc_runtime::{Color, Position, Variant};
use fairyc_tests::shipped;
use fairyc_tests::xboard::{XBoard, FAIRYMAX};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Every from-to pair of the side to move (with promotion letters for a
/// pawn reaching its last rank), in UCI notation.
fn candidates(v: &Variant, p: &Position<'_>) -> Vec<String> {
    let last = if p.turn() == Color::White { "8" } else { "1" };
    let mut out = Vec::new();
    for from in p.occupied_by(p.turn()) {
        let pawn = p
            .piece_at(from)
            .is_some_and(|q| v.piece_letter(q.piece) == 'P');
        for to in v.squares() {
            // OWN_KING: see the module doc.
            if to == from || p.royal_square(p.turn()) == Some(to) {
                continue;
            }
            let text = format!("{}{}", v.square_name(from), v.square_name(to));
            if pawn && v.square_name(to).ends_with(last) {
                for c in ["q", "r", "b", "n"] {
                    out.push(format!("{text}{c}"));
                }
            } else {
                out.push(text);
            }
        }
    }
    out
}

/// Compares the legal moves of `p` with what Fairy-Max, standing in the
/// same position, takes; returns the differences.
fn compare(v: &Variant, p: &Position<'_>, fm: &mut XBoard, line: &[String]) -> Vec<String> {
    let ours = fairyc_tests::uci_moves(p);
    let mut diff = Vec::new();
    for c in candidates(v, p) {
        let mine = ours.contains(&c);
        let theirs = fm.accepts(&c);
        if mine != theirs {
            diff.push(format!(
                "{c}: ours {}, Fairy-Max {} after `{}` ({})",
                if mine { "legal" } else { "illegal" },
                if theirs { "takes it" } else { "refuses it" },
                line.join(" "),
                p.fen()
            ));
        }
    }
    // Every legal move of ours is a candidate.
    for m in &ours {
        assert!(candidates(v, p).contains(m), "{m} is no candidate");
    }
    diff
}

#[test]
#[ignore = "needs fairymax; run by .ci/run"]
fn cylinder_agrees_with_fairymax() {
    let v = shipped("cylinder");
    let Some(mut fm) = XBoard::start(FAIRYMAX, "cylinder") else {
        panic!("{FAIRYMAX} is not installed (apt-get install fairymax)");
    };
    let games: u64 = std::env::var("FAIRYC_CYLINDER_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let mut diffs = Vec::new();
    let mut probed = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Position::new(&v).expect("start");
        fm.new_game();
        let mut line: Vec<String> = Vec::new();
        for _ in 0..40 {
            diffs.extend(compare(&v, &p, &mut fm, &line));
            probed += 1;
            if p.rule_outcome().is_some() {
                break;
            }
            let Some(m) = fairyc_tests::random_move_favouring_captures(&p, &mut rng) else {
                break;
            };
            let text = p.uci(m);
            assert!(fm.play(&text), "Fairy-Max refuses {text} after {line:?}");
            p.play_unchecked(m);
            line.push(text);
        }
        assert!(
            diffs.is_empty(),
            "{} differences:\n{}",
            diffs.len(),
            diffs.join("\n")
        );
    }
    eprintln!("cylinder: {probed} positions of {games} games agree with Fairy-Max");
}

/// The seam, without an oracle: the moves that exist only because the a- and
/// h-files join.
#[test]
fn cylinder_lines_and_leaps_cross_the_seam() {
    let v = shipped("cylinder");
    // A rook on a1 reaches h1 both ways round; a knight on h4 reaches a2,
    // a6, b3 and b5 across the seam.
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/7N/8/8/R3K3 w - - 0 1");
    let moves = fairyc_tests::uci_moves(&p);
    for m in [
        "a1h1", "a1b1", "a1d1", "h4a2", "h4a6", "h4b3", "h4b5", "e1d2",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    // The rook stops before its own square: 3 squares right (to d1, the
    // king on e1 blocks), 3 squares left round the seam (h1, g1, f1), 7 up.
    let rook: Vec<_> = moves.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(rook.len(), 3 + 3 + 7, "{rook:?}");
    // A pawn on a2 captures on h3 across the seam.
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/8/7p/P7/4K3 w - - 0 1");
    assert!(fairyc_tests::uci_moves(&p).contains(&"a2h3".to_string()));
    // The king on a1 is in check from a rook on h1's far side: h1 adjoins a1.
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/8/8/8/K6r w - - 0 1");
    assert!(p.is_check());
}
