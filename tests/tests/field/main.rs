//! The field: every variant of a family that Fairy-Stockfish 11.1 knows,
//! compared with Debian's `/usr/games/fairy-stockfish` (see `docs/field.md`,
//! "Proof for every variant"), and variants it cannot
//! play compared with a current Fairy-Stockfish (`engine=`: the `beyond`
//! family, and the `current` family of its built-in variants that 11.1
//! lacks).
//!
//! Each family reads its rows from `tests/data/field/<family>.txt`. A row is
//! `<file-stem> <fsf-name> [key=value …]`; `#` starts a comment. Keys:
//!
//! | key | meaning | default |
//! |---|---|---|
//! | `games` | seeded random games, at least 100 | 100 |
//! | `plies` | longest game | 60 |
//! | `every` | compare every N plies (at plies N/2, N/2 + N, …) | 20 |
//! | `depth` | perft 1..=depth at each compared position | 3 |
//! | `start-depth` | perft 1..=N of the start position | 0 |
//! | `ours=PATH` | a test-only `.variant` played instead of `variants/<file-stem>.variant` (an honest difference, explained in that file) | |
//! | `ini=PATH` | a variants.ini Fairy-Stockfish loads (`VariantPath`) | |
//! | `engine=PATH` | another program speaking the same UCI commands, for variants Fairy-Stockfish 11.1 cannot play (`tests/oracle/ffish_uci.py`: a current Fairy-Stockfish, PyPI's `pyffish`) | `/usr/games/fairy-stockfish` |
//! | `skip=NAME` | a predicate of the family module: positions where it holds are not compared (a known, documented difference within reach) | |
//! | `fens=PATH` | fixed FENs, one per line, compared besides the games | |
//! | `starts=PATH` | start FENs for the games, one per line: game `seed` starts from line `seed % count` (Chess960 starts) | the variant's start |
//!
//! Paths are relative to the workspace root. At each compared position the
//! harness asks Fairy-Stockfish for its FEN of the game so far (played with
//! our move notation, which it must accept), requires ours to be the same
//! string up to the order of the pieces in hand (see [`same_fen`]), reads
//! that FEN with our parser unchanged, and compares perft 1..=depth from it,
//! listing the moves that differ on a mismatch.
//!
//! Ignored by default (they need the engine); `.ci/run` runs them with
//! `cargo test -p fairyc-tests --release --test field -- --ignored`. Set
//! `FAIRYC_FIELD_ONLY=stem,…` to run only some rows while working on them.

mod beyond;
mod chess;
mod current;
mod imported;
mod makruk;
mod results;
mod rules;
mod shogi;
mod xiangqi;

use std::path::PathBuf;

use fairyc_runtime::{Position, Variant};
use fairyc_tests::{compile_path, perft_difference, root, Engine};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A named predicate: whether a perft of the given depth from the position
/// could reach a node where a documented difference between the two engines
/// shows.
pub type Skip = fn(&Position<'_>, u32) -> bool;

/// One row of a family's data file.
#[derive(Debug)]
struct Row {
    base: fairyc_tests::rows::Row,
    ini: Option<PathBuf>,
    engine: Option<PathBuf>,
    skip: Option<String>,
    fens: Option<PathBuf>,
    starts: Option<PathBuf>,
}

fn read_rows(family: &str) -> Vec<Row> {
    let path = root().join(format!("tests/data/field/{family}.txt"));
    let rows = fairyc_tests::rows::read_rows(&path, "fsf-name", 0);
    rows.into_iter()
        .map(|base| {
            let mut row = Row {
                ini: None,
                engine: None,
                skip: None,
                fens: None,
                starts: None,
                base,
            };
            for (key, value) in std::mem::take(&mut row.base.other) {
                match key.as_str() {
                    "ini" => row.ini = Some(root().join(value)),
                    "engine" => row.engine = Some(root().join(value)),
                    "skip" => row.skip = Some(value),
                    "fens" => row.fens = Some(root().join(value)),
                    "starts" => row.starts = Some(root().join(value)),
                    _ => panic!("{}: unknown key `{key}`", row.base.at),
                }
            }
            row
        })
        .collect()
}

/// Whether two FENs are the same up to the order of the pieces inside the
/// hand brackets: Fairy-Stockfish lists them in the order of its internal
/// piece types, which a variant file cannot know and which means nothing.
fn same_fen(a: &str, b: &str) -> bool {
    fn sort_hands(fen: &str) -> String {
        let mut out = String::new();
        let mut rest = fen;
        while let Some(open) = rest.find('[') {
            let Some(len) = rest[open..].find(']') else {
                break;
            };
            let mut hand: Vec<char> = rest[open + 1..open + len].chars().collect();
            hand.sort_unstable();
            out.push_str(&rest[..=open]);
            out.extend(hand);
            rest = &rest[open + len..];
        }
        out.push_str(rest);
        out
    }
    sort_hands(a) == sort_hands(b)
}

/// Compares perft 1..=depth of `fen` (read by us) with Fairy-Stockfish's.
/// Returns a description of the first difference.
fn compare_perft(variant: &Variant, engine: &mut Engine, fen: &str, depth: u32) -> Option<String> {
    let pos = match Position::from_fen(variant, fen) {
        Ok(pos) => pos,
        Err(e) => return Some(format!("we refuse its FEN: {e}")),
    };
    for d in 1..=depth {
        if let Some(d) = perft_difference(&pos, fen, engine, d) {
            return Some(d);
        }
    }
    None
}

/// What one row compared.
struct Tally {
    positions: usize,
    skipped: usize,
    fixed: usize,
}

fn run_row(row: &Row, skips: &[(&str, Skip)], mismatches: &mut Vec<String>) -> Tally {
    let file = row
        .base
        .ours
        .clone()
        .unwrap_or_else(|| root().join(format!("variants/{}.variant", row.base.stem)));
    let variant = compile_path(&file);
    let skip: Option<Skip> = row.skip.as_ref().map(|name| {
        skips
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("line {}: no skip predicate `{name}`", row.base.line))
            .1
    });
    let ini = row
        .ini
        .as_ref()
        .map(|p| p.to_str().expect("UTF-8 path").to_string());
    let mut options: Vec<(&str, &str)> = Vec::new();
    if let Some(ini) = &ini {
        options.push(("VariantPath", ini));
    }
    options.push(("UCI_Variant", &row.base.name));
    let mut engine = match &row.engine {
        Some(program) => {
            require_native_perft(program);
            Engine::start_program(program, &options)
                .unwrap_or_else(|| panic!("cannot start {}", program.display()))
        }
        None => Engine::start(&options).expect("/usr/games/fairy-stockfish is installed"),
    };
    let name = format!("{} ({})", row.base.stem, row.base.name);
    let mut fail = |what: String| mismatches.push(format!("{name}: {what}"));

    // The start position: the same FEN, the same perft.
    let start = Position::new(&variant).expect("start position");
    let their_start = engine.fen("startpos");
    if !same_fen(&start.fen(), &their_start)
        && !fairyc_tests::same_fen_in(&variant, &start.fen(), &their_start)
    {
        fail(format!(
            "start FEN differs:\n    ours   {}\n    theirs {their_start}",
            start.fen()
        ));
    }
    if let Some(d) = compare_perft(&variant, &mut engine, &their_start, row.base.start_depth) {
        fail(format!("start position {their_start}: {d}"));
    }

    let mut tally = Tally {
        positions: 0,
        skipped: 0,
        fixed: 0,
    };
    let starts: Vec<String> = match &row.starts {
        Some(path) => std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|fen| format!("fen {fen}"))
            .collect(),
        None => vec!["startpos".to_string()],
    };
    for seed in 0..row.base.games {
        let mut rng = StdRng::seed_from_u64(seed);
        let origin = &starts[seed as usize % starts.len()];
        let mut pos = match origin.strip_prefix("fen ") {
            Some(fen) => Position::from_fen(&variant, fen).expect("a start FEN we read"),
            None => Position::new(&variant).expect("start position"),
        };
        let mut played: Vec<String> = Vec::new();
        for ply in 0..row.base.plies {
            // Mid-way through each stretch of `every` plies: the start
            // position itself is compared once, above.
            if ply % row.base.every == row.base.every / 2 {
                let theirs = if played.is_empty() {
                    engine.fen(origin)
                } else {
                    engine.fen(&format!("{origin} moves {}", played.join(" ")))
                };
                if !same_fen(&pos.fen(), &theirs)
                    && !fairyc_tests::same_fen_in(&variant, &pos.fen(), &theirs)
                {
                    fail(format!(
                        "seed {seed} ply {ply}: FEN differs after {}:\n    ours   {}\n    theirs {theirs}",
                        played.join(" "),
                        pos.fen()
                    ));
                    break;
                }
                if skip.is_some_and(|f| f(&pos, row.base.depth)) {
                    tally.skipped += 1;
                } else {
                    if let Some(d) = compare_perft(&variant, &mut engine, &theirs, row.base.depth) {
                        fail(format!("seed {seed} ply {ply}: {theirs}: {d}"));
                    }
                    tally.positions += 1;
                }
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.rule_outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            played.push(pos.uci(m));
            pos.play_unchecked(m);
        }
    }

    if let Some(path) = &row.fens {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for fen in text.lines().map(str::trim) {
            if fen.is_empty() || fen.starts_with('#') {
                continue;
            }
            let theirs = engine.fen(&format!("fen {fen}"));
            if !same_fen(&theirs, fen) {
                fail(format!(
                    "fixed FEN is not as Fairy-Stockfish writes it:\n    file   {fen}\n    theirs {theirs}"
                ));
            }
            if let Some(d) = compare_perft(&variant, &mut engine, fen, row.base.depth) {
                fail(format!("fixed {fen}: {d}"));
            }
            tally.fixed += 1;
        }
    }
    tally
}

/// The rows played against `tests/oracle/ffish_uci.py` need its perft in
/// the engine built from pyffish's own source (`FAIRYC_FSF_CURRENT`, see
/// `docs/field.md`): its perft keeps the game's history as Fairy-Stockfish's
/// own does (the Python walk goes from FEN to FEN and forgets a pass, so it
/// plays on after two passes), and at depth 3 the Python walk would take
/// hours.
fn require_native_perft(program: &std::path::Path) {
    if program.ends_with("ffish_uci.py") && std::env::var_os("FAIRYC_FSF_CURRENT").is_none() {
        panic!(
            "{} needs FAIRYC_FSF_CURRENT: build the engine with \
             `bash tests/oracle/build_current_engine.sh 0.0.90 target/fsf-current` and set \
             FAIRYC_FSF_CURRENT=$PWD/target/fsf-current/fairy-stockfish (as .ci/run does)",
            program.display()
        );
    }
}

/// Runs every row of `tests/data/field/<family>.txt`; `skips` names the
/// family's skip predicates.
///
/// While working on one variant, `FAIRYC_FIELD_ONLY=stem,stem` runs only those
/// rows (CI never sets it).
pub fn run_family(family: &str, skips: &[(&str, Skip)]) {
    let mut rows = read_rows(family);
    if let Ok(only) = std::env::var("FAIRYC_FIELD_ONLY") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        rows.retain(|r| only.contains(&r.base.stem.as_str()));
        println!("FAIRYC_FIELD_ONLY: {} rows of {family} run", rows.len());
    }
    let mut mismatches = Vec::new();
    for row in &rows {
        let clock = std::time::Instant::now();
        let t = run_row(row, skips, &mut mismatches);
        println!(
            "{} ({}): {} positions of {} games compared at depth {} ({} skipped{}), \
             {} fixed positions, start to depth {} [{:.1} s]",
            row.base.stem,
            row.base.name,
            t.positions,
            row.base.games,
            row.base.depth,
            t.skipped,
            row.skip
                .as_ref()
                .map(|s| format!(" by `{s}`"))
                .unwrap_or_default(),
            t.fixed,
            row.base.start_depth,
            clock.elapsed().as_secs_f64(),
        );
        if t.positions < 100 {
            mismatches.push(format!(
                "{}: only {} positions compared (at least 100 needed)",
                row.base.stem, t.positions
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
