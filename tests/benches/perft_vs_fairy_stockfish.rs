//! Perft throughput of fairyc's runtime against Fairy-Stockfish, side by side
//! on the same positions in the same run.
//!
//! `cargo bench -p fairyc-tests --bench perft_vs_fairy_stockfish`
//!
//! For each position both engines count the same perft; the table shows
//! leaves per second for each and the ratio fairyc / Fairy-Stockfish
//! (above 1: fairyc is faster). Each measurement is the best of three runs,
//! which damps the noise of a shared machine. Fairy-Stockfish's time includes
//! one UCI round trip (well under a millisecond).
//!
//! `FSF_BIN` names the Fairy-Stockfish binary to compare with (Debian's
//! `/usr/games/fairy-stockfish` by default), e.g. a native build of the
//! current master: `FSF_BIN=/path/to/stockfish cargo bench -p fairyc-tests
//! --bench perft_vs_fairy_stockfish`. `FSF_BIN_LARGE`, if set, names the
//! binary for boards wider or taller than 8 (Fairy-Stockfish's
//! `largeboards=yes` build, which plays every board but is slower on 8×8),
//! so that each row meets the engine at its fastest. A row whose variant the
//! binary does not play (Chu shogi, Hans 38Special) shows fairyc alone.
//!
//! A second table compares search speed: each family's start position
//! searched for one second by fairyc's engine (`fairyc-search`, one
//! thread) and by Fairy-Stockfish (`go movetime 1000`, one thread), nodes
//! per second each and their ratio. The engines count nodes and evaluate
//! differently, so this ratio says how fast each walks its own tree, not
//! which plays better.

use fairyc_runtime::{perft, Position};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use fairyc_tests::{best_of, shipped, Engine, FAIRY_STOCKFISH};

/// `(variant file stem, Fairy-Stockfish name, position, FEN, depth)`; an
/// empty FEN is the variant's start position, an empty name a variant
/// Fairy-Stockfish does not play.
const POSITIONS: &[(&str, &str, &str, &str, u32)] = &[
    (
        "crazyhouse",
        "crazyhouse",
        "start position",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        5,
    ),
    (
        "crazyhouse",
        "crazyhouse",
        "middle game, pockets QPp",
        "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1",
        4,
    ),
    (
        "crazyhouse",
        "crazyhouse",
        "middle game, full pockets",
        "r1bq1rk1/ppp2ppp/2np1n2/4p3/2B1P3/2NP1N2/PPP2PPP/R2QK2R[QRBNPqrbnp] w KQ - 0 1",
        3,
    ),
    (
        "chess",
        "chess",
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    (
        "capablanca",
        "capablanca",
        "start position",
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
        4,
    ),
    // Hoppers and the flying general: legality by playing every move.
    (
        "xiangqi",
        "xiangqi",
        "start position",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        4,
    ),
    (
        "xiangqi",
        "xiangqi",
        "middle game",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
        4,
    ),
    // Janggi: palace lines, restricted cannons, passing, bikjang.
    (
        "janggi",
        "janggi",
        "start position",
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
        4,
    ),
    // Shogi: drops of seven types, shogi-style promotion, per-file drops.
    (
        "shogi",
        "shogi",
        "start position",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        4,
    ),
    // The families of issue 34, from their start positions.
    ("janggi", "janggi", "start position", "", 5),
    ("xiangqi", "xiangqi", "start position", "", 5),
    ("3check", "3check", "start position", "", 5),
    ("chess", "chess", "start position", "", 5),
    ("seirawan", "seirawan", "start position", "", 5),
    ("antichess", "antichess", "start position", "", 5),
    ("shatranj", "shatranj", "start position", "", 6),
    ("makruk", "makruk", "start position", "", 6),
    ("cambodian", "cambodian", "start position", "", 5),
    ("capablanca", "capablanca", "start position", "", 5),
    ("shogi", "shogi", "start position", "", 5),
    ("chu", "", "start position", "", 3),
    ("hans-38special", "", "start position", "", 4),
    // Chess960 castling rights named by the rook's file.
    (
        "fischerandom",
        "fischerandom",
        "a shuffled start",
        "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        4,
    ),
];

/// `(variant file stem, Fairy-Stockfish name)` of the search table.
const SEARCHES: &[(&str, &str)] = &[
    ("chess", "chess"),
    ("crazyhouse", "crazyhouse"),
    ("3check", "3check"),
    ("seirawan", "seirawan"),
    ("antichess", "antichess"),
    ("shatranj", "shatranj"),
    ("makruk", "makruk"),
    ("capablanca", "capablanca"),
    ("shogi", "shogi"),
    ("xiangqi", "xiangqi"),
    ("janggi", "janggi"),
];

/// How long each engine searches each position of the search table.
const SEARCH_MILLIS: u64 = 1000;

/// The search table (see the module's notes).
fn searches(program: &Path, large: Option<&Path>) {
    println!();
    println!(
        "{:<12} {:>14} {:>14} {:>7}",
        "search 1 s", "fairyc nps", "fairy-sf nps", "ratio"
    );
    for &(stem, fsf) in SEARCHES {
        let variant = shipped(stem);
        let board = &variant.tables().parts().board;
        let program = match large {
            Some(l) if board.width > 8 || board.height > 8 => l,
            _ => program,
        };
        let pos = Position::new(&variant).expect("start position");
        let mut engine = fairyc_search::Engine::new(&variant, 16);
        let limits = fairyc_search::Limits {
            movetime: Some(Duration::from_millis(SEARCH_MILLIS)),
            ..Default::default()
        };
        let report = engine.search(&pos, &[], &limits, &AtomicBool::new(false), |_| {});
        let ours = report.nodes as f64 / report.time.as_secs_f64();
        let theirs = Engine::start_program(program, &[("UCI_Variant", fsf), ("Threads", "1")])
            .and_then(|mut e| e.search_nodes(&pos.fen(), SEARCH_MILLIS))
            .filter(|&(_, ms)| ms > 0)
            .map(|(n, ms)| n as f64 * 1000.0 / ms as f64);
        println!(
            "{:<12} {:>14.0} {:>14} {:>7}",
            stem,
            ours,
            theirs.map_or("-".into(), |r| format!("{r:.0}")),
            theirs.map_or("-".into(), |r| format!("{:.2}", ours / r)),
        );
    }
}

fn main() {
    println!(
        "{:<12} {:<28} {:>5} {:>12} {:>14} {:>14} {:>7}",
        "variant", "position", "depth", "leaves", "fairyc/s", "fairy-sf/s", "ratio"
    );
    let program =
        std::env::var_os("FSF_BIN").map_or_else(|| PathBuf::from(FAIRY_STOCKFISH), PathBuf::from);
    let large = std::env::var_os("FSF_BIN_LARGE").map(PathBuf::from);
    println!("Fairy-Stockfish: {}", program.display());
    if let Some(l) = &large {
        println!("Fairy-Stockfish for boards over 8×8: {}", l.display());
    }
    let mut current: Option<(&str, fairyc_runtime::Variant, Option<Engine>)> = None;
    for &(stem, fsf, name, fen, depth) in POSITIONS {
        if current.as_ref().is_none_or(|(s, _, _)| *s != stem) {
            let variant = shipped(stem);
            let board = &variant.tables().parts().board;
            let program = match &large {
                Some(l) if board.width > 8 || board.height > 8 => l,
                _ => &program,
            };
            let engine = if fsf.is_empty() {
                None
            } else {
                let engine =
                    Engine::start_program(program, &[("UCI_Variant", fsf), ("Threads", "1")]);
                if engine.is_none() {
                    println!(
                        "({} does not start: showing fairyc only)",
                        program.display()
                    );
                }
                engine
            };
            current = Some((stem, variant, engine));
        }
        let Some((_, variant, engine)) = current.as_mut() else {
            unreachable!("set just above");
        };
        let pos = if fen.is_empty() {
            Position::new(variant).expect("start position")
        } else {
            Position::from_fen(variant, fen).expect("benchmark FEN")
        };
        let start = pos.fen();
        let fen = start.as_str();
        let (ours, t_ours) = best_of(3, || perft(&pos, depth));
        let rate_ours = ours as f64 / t_ours.as_secs_f64();
        let (theirs, rate_theirs) = match engine.as_mut() {
            Some(e) => {
                let ((_, n), t) = best_of(3, || e.perft(fen, depth));
                (Some(n), Some(n as f64 / t.as_secs_f64()))
            }
            None => (None, None),
        };
        // Engines that count differently play different rules there: the
        // row says so instead of a ratio (the field tests name the rule).
        if let Some(n) = theirs.filter(|&n| n != ours) {
            println!(
                "{stem:<12} {name:<28} {depth:>5} {ours:>12} (Fairy-Stockfish counts {n}: the engines disagree)"
            );
            continue;
        }
        println!(
            "{:<12} {:<28} {:>5} {:>12} {:>14.0} {:>14} {:>7}",
            stem,
            name,
            depth,
            ours,
            rate_ours,
            rate_theirs.map_or("-".into(), |r| format!("{r:.0}")),
            rate_theirs.map_or("-".into(), |r| format!("{:.2}", rate_ours / r)),
        );
    }
    searches(&program, large.as_deref());
}
