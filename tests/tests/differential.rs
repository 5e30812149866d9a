//! Differential tests against Debian's `fairy-stockfish` (an independent
//! engine): seeded random games, perft 1–3 compared at positions along them.
//!
//! (Chess and Crazyhouse are compared by the field harness, `tests/tests/field/`.)
//!
//! These need `/usr/games/fairy-stockfish` (`apt-get install fairy-stockfish`)
//! and are ignored by default; `.ci/run` installs the package and runs them
//! with `cargo test -p fairyc-tests --release --test differential -- --ignored`.

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::{perft_difference, shipped, Engine};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Plays `games` seeded random games of up to `plies` plies and compares perft
/// 1..=`depth` every `every` plies. `skip` filters positions out (with a
/// reason given by the caller's docs). Returns the number of positions
/// compared.
fn compare(
    variant: &Variant,
    engine: &mut Engine,
    games: u64,
    plies: usize,
    every: usize,
    depth: u32,
    skip: impl Fn(&Position<'_>) -> bool,
) -> usize {
    let mut compared = 0;
    let mut mismatches = Vec::new();
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::new(variant).expect("start position");
        for ply in 0..plies {
            if ply % every == 0 && !skip(&pos) {
                let fen = pos.fen();
                for d in 1..=depth {
                    if let Some(diff) = perft_difference(&pos, &fen, engine, d) {
                        mismatches.push(format!("seed {seed} ply {ply}: {fen}: {diff}"));
                        break;
                    }
                }
                compared += 1;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.rule_outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(m);
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
    compared
}

/// Fairy-Stockfish's definition of Crazy Elephant: its Shatranj with drops.
/// Debian's fairy-stockfish 11.1 knows every key (checked: perft 1 of the
/// start is 16, pawn drops skip ranks 1 and 8 for both colours, perft 1–6 of
/// the start agree).
const CRAZY_ELEPHANT_INI: &str = "\
[crazyelephant:shatranj]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1
pieceDrops = true
capturesToHand = true
firstRankPawnDrops = false
promotionZonePawnDrops = false
doubleStep = false
castling = false
promotionPieceTypes = q
stalemateValue = loss
";

/// Whether a perft of `depth` from `pos` can reach a node where the two
/// engines' bare-king rules differ, so that the position must be skipped.
///
/// Both engines end the game (no moves in perft) at a bare-king decision, but
/// they differ on purpose:
///
/// * Fairy-Stockfish counts pieces in hand: a King with a piece in hand is
///   not bare there; ours is (`docs/rules/crazy-elephant.md` §6 item 1).
///   `4k3/8/8/8/8/8/8/R3K3[p] w - - 0 1`: perft 1 is 15 for Fairy-Stockfish,
///   0 for us (White has won).
/// * Its Shatranj rule (`bareKingMove`) always gives the bared side one reply,
///   where ours wins at once when the last piece cannot be captured (rules
///   §5). `4k3/8/8/8/8/8/8/R3K3[] b - - 0 1`: 5 for Fairy-Stockfish, 0 for
///   us.
/// * Two bare Kings: `4k3/8/8/8/8/8/8/4K3[] w - - 0 1` is 5 for
///   Fairy-Stockfish, 0 (a draw) for us.
///
/// Both rules only look at a side with its King alone on the board, and
/// perft asks for the result at every node it expands, down to ply `depth - 1`.
/// Up to that ply the side to move captures on plies 1, 3, … and the other
/// side on plies 2, 4, …, so a position is safe when each side has more
/// pieces besides its King on the board than it can lose there. The skipped
/// positions are those where a side has only its King, or could be left with
/// only it inside the perft tree.
fn bare_king_within_reach(pos: &Position<'_>, depth: u32) -> bool {
    let v = pos.variant();
    let mut others = [0u32; 2];
    for s in v.squares() {
        if let Some(p) = pos.piece_at(s) {
            if !v.is_royal(p.piece) {
                others[p.color.index()] += 1;
            }
        }
    }
    let expanded = depth.saturating_sub(1);
    let lost_by_them = expanded.div_ceil(2);
    let lost_by_us = expanded / 2;
    let us = pos.turn().index();
    others[us] <= lost_by_us || others[us ^ 1] <= lost_by_them
}

/// Fixed Crazy Elephant positions compared besides the random games.
const CRAZY_ELEPHANT_FENS: &[&str] = &[
    // Promotion by move and by capture, for both sides.
    "r3k3/1P5p/8/8/8/8/1p5P/R3K3[] w - - 0 1",
    "r3k3/1P5p/8/8/8/8/1p5P/R3K3[] b - - 0 1",
    // Promoted Firzans on the board, pieces in both hands.
    "r2qk3/1P3q~2/8/8/8/8/3Q~3P/4K3[Pp] w - - 0 1",
    "r2qk3/1P3q~2/8/8/8/8/3Q~3P/4K3[Pp] b - - 0 1",
    // Drop mate and drops against a slider's check.
    "7k/p3N2p/5Q2/8/8/8/P7/4K3[P] w - - 0 1",
    "k3r3/p7/8/8/8/8/P6P/4K3[Nn] w - - 0 1",
    // Alfils and Firzans in a thin endgame; stalemate traps.
    "8/2b2p2/3k4/8/3K4/8/2B2P2/8[Qq] w - - 0 1",
    "k7/P7/1K6/8/8/7p/7P/2b1b3[] b - - 0 1",
];

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn crazy_elephant_matches_fairy_stockfish() {
    let variant = shipped("crazy-elephant");
    let ini = std::env::temp_dir().join(format!("fairyc-crazyelephant-{}.ini", std::process::id()));
    std::fs::write(&ini, CRAZY_ELEPHANT_INI).expect("write the variant ini");
    let ini_path = ini.to_str().expect("utf-8 temp path");
    let mut engine = Engine::start(&[("VariantPath", ini_path), ("UCI_Variant", "crazyelephant")])
        .expect("/usr/games/fairy-stockfish is installed");
    let start = Position::new(&variant).expect("start position");
    assert_eq!(
        engine.perft(&start.fen(), 1).1,
        16,
        "Fairy-Stockfish did not load the definition"
    );
    const DEPTH: u32 = 3;
    let skipped = std::cell::Cell::new(0usize);
    let n = compare(&variant, &mut engine, 100, 120, 4, DEPTH, |pos| {
        let skip = bare_king_within_reach(pos, DEPTH);
        skipped.set(skipped.get() + usize::from(skip));
        skip
    });
    // Random games keep much material on the board; these reach promotion,
    // promoted pieces, drops against check and thin endgames.
    let mut fixed = 0;
    for fen in CRAZY_ELEPHANT_FENS {
        let pos = Position::from_fen(&variant, fen).expect("FEN");
        assert!(!bare_king_within_reach(&pos, DEPTH), "{fen}");
        for d in 1..=DEPTH {
            assert_eq!(perft(&pos, d), engine.perft(fen, d).1, "{fen} depth {d}");
        }
        fixed += 1;
    }
    let _ = std::fs::remove_file(&ini);
    println!(
        "compared {n} positions of random games (skipped {}: bare king within reach) \
         and {fixed} fixed positions",
        skipped.get()
    );
    assert!(n >= 100);
}
