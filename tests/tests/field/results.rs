//! How games end, compared with the current Fairy-Stockfish (pyffish
//! 0.0.90 through `tests/oracle/ffish_uci.py`): the rules perft never
//! judges, above all repetition (a draw, a loss for one side, a perpetual
//! check), the n-move rule and counting.
//!
//! Every shipped variant of the field's families that pyffish knows by the
//! same name plays random games in which the players shuffle a piece back
//! and forth (the positions repeat every four plies, checks preferred, so
//! that perpetual checks come up), and after every ply the game's end as
//! fairyc's [`Game`] judges it is compared with the engine's:
//!
//! - over (`Game::outcome`) or a draw that may be claimed
//!   (`Game::claimable`: a repetition or a move limit) against the engine's
//!   `is_immediate_game_end`, `is_optional_game_end` (which a player may
//!   claim, and which pychess-variants ends the game with) and, without a
//!   legal move, `game_result`;
//! - the winner against the sign of the engine's value.
//!
//! `results.txt` names what differs by design (rows marked `skip=`).

use fairyc_runtime::{Game, Move, Position, Variant};
use fairyc_tests::{compile_path, root, Engine, EngineEnd};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Games per variant.
const GAMES: u64 = 9;
/// Random plies before the shuffle, at most.
const PREFIX: usize = 24;
/// Shuffle cycles of four plies (five make a fivefold repetition).
const CYCLES: usize = 5;

/// What a game's end is, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The game goes on.
    On,
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// A draw.
    Draw,
}

fn from_value(v: i64) -> End {
    match v.signum() {
        1 => End::Win,
        -1 => End::Loss,
        _ => End::Draw,
    }
}

/// The engine's verdict: over by a rule first, else one a player may
/// claim.
fn theirs(e: EngineEnd) -> End {
    match (e.immediate, e.optional) {
        (Some(v), _) | (None, Some(v)) => from_value(v),
        (None, None) => End::On,
    }
}

/// fairyc's verdict: over, else what the side to move may claim.
fn ours(game: &Game<'_>) -> End {
    let turn = game.position().turn();
    match game.outcome().or_else(|| game.claimable()) {
        Some(r) => match r.winner {
            None => End::Draw,
            Some(c) if c == turn => End::Win,
            Some(_) => End::Loss,
        },
        None => End::On,
    }
}

/// `fen` with its half-move clock (the next-to-last field) set to `n`.
fn with_clock(fen: &str, n: u32) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    let at = fields.len().saturating_sub(2);
    fields[at] = n.to_string();
    fields.join(" ")
}

/// The legal move from `m`'s destination back to its origin, if there is
/// one (a quiet step or slide of a piece that can go back).
fn reverse(pos: &Position<'_>, m: Move) -> Option<Move> {
    let from = m.from()?;
    pos.legal_moves()
        .into_iter()
        .find(|r| r.from() == Some(m.to()) && r.to() == from && !pos.is_capture(*r))
}

/// The quiet moves of the side to move that leave a square for another
/// (no capture, drop or promotion), in random order, checking moves first
/// half of the time.
fn quiet_moves(pos: &Position<'_>, rng: &mut StdRng) -> Vec<Move> {
    let mut moves: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            m.from().is_some_and(|f| f != m.to())
                && !pos.is_capture(m)
                && matches!(m.promotion(), fairyc_runtime::Promote::None)
        })
        .collect();
    moves.shuffle(rng);
    if rng.random_bool(0.5) {
        moves.sort_by_key(|&m| {
            let mut after = pos.clone();
            after.play_unchecked(m);
            !after.is_check()
        });
    }
    moves
}

/// Four moves that bring the position back: a quiet move of each side,
/// then each one's way back; `None` if the first candidates have none.
fn shuffle(pos: &Position<'_>, rng: &mut StdRng) -> Option<[Move; 4]> {
    for m in quiet_moves(pos, rng).into_iter().take(24) {
        let mut one = pos.clone();
        one.play_unchecked(m);
        for n in quiet_moves(&one, rng).into_iter().take(24) {
            let mut two = one.clone();
            two.play_unchecked(n);
            let Some(back) = reverse(&two, m) else {
                continue;
            };
            let mut three = two.clone();
            three.play_unchecked(back);
            if let Some(back_n) = reverse(&three, n) {
                return Some([m, n, back, back_n]);
            }
        }
    }
    None
}

/// Plays `games` games of `variant` (without `clock`, only those whose
/// clock starts at 0) and compares every ply's end with the engine's; the
/// number of positions compared and the differences.
fn compare(
    variant: &Variant,
    engine: &mut Engine,
    games: u64,
    clock: bool,
) -> (usize, Vec<String>) {
    let mut wrong = Vec::new();
    let mut compared = 0;
    for seed in (0..games).filter(|s| clock || s % 3 == 0) {
        let mut rng = StdRng::seed_from_u64(seed);
        // Two games in three start with the half-move clock near a move
        // limit (50 or 100 moves), so that the limits and their claims
        // come up within a short game.
        let start = Position::new(variant).expect("start position").fen();
        let fen = match seed % 3 {
            0 => start,
            k => with_clock(&start, if k == 1 { 92 } else { 192 }),
        };
        let Ok(pos) = Position::from_fen(variant, &fen) else {
            wrong.push(format!("seed {seed}: fairyc refuses {fen}"));
            continue;
        };
        let mut game = Game::new(pos);
        let mut played: Vec<String> = Vec::new();
        let prefix = rng.random_range(0..=PREFIX);
        // The moves of the cycle: two plies out, two back.
        let mut cycle: Option<[Move; 4]> = None;
        let mut ply = 0;
        loop {
            let verdict = ours(&game);
            let engine_end = engine.result(&format!("fen {fen} moves {}", played.join(" ")));
            compared += 1;
            if verdict != theirs(engine_end) {
                wrong.push(format!(
                    "seed {seed} after {:?}: fairyc {verdict:?} ({:?}), Fairy-Stockfish {engine_end:?} ({})",
                    played.join(" "),
                    game.outcome(),
                    game.position().fen()
                ));
                break;
            }
            if game.outcome().is_some() {
                break;
            }
            let pos = game.position().clone();
            let m = if ply < prefix {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                moves[rng.random_range(0..moves.len())]
            } else {
                if ply - prefix >= 4 * CYCLES {
                    break;
                }
                if cycle.is_none() {
                    cycle = shuffle(&pos, &mut rng);
                }
                let Some(m) = cycle
                    .map(|c| c[(ply - prefix) % 4])
                    .filter(|m| pos.legal_moves().contains(m))
                else {
                    break;
                };
                m
            };
            played.push(pos.uci(m));
            if game.play(m).is_err() {
                break;
            }
            ply += 1;
        }
    }
    (compared, wrong)
}

/// How `results.txt` names a variant's difference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    /// Left out.
    Skip,
    /// Only the games whose clock starts at 0.
    NoClock,
}

/// The named differences of `results.txt`.
fn named() -> Vec<(String, Named)> {
    let path = root().join("tests/data/field/results.txt");
    let text = std::fs::read_to_string(&path).expect("tests/data/field/results.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let what = match words[..] {
            [_, "skip"] => Named::Skip,
            [_, "no-clock"] => Named::NoClock,
            _ => panic!(
                "{}:{}: a row is `<file-stem> skip|no-clock`",
                path.display(),
                i + 1
            ),
        };
        out.push((words[0].to_string(), what));
    }
    out
}

/// The shipped variants of the field's families that pyffish knows by
/// the same name (rows without a variants.ini of their own), less those
/// `results.txt` leaves out, each with whether its games may start near a
/// move limit.
fn rows() -> Vec<(String, String, bool)> {
    let named = named();
    let mut out: Vec<(String, String, bool)> = Vec::new();
    for family in ["chess", "makruk", "shogi", "xiangqi", "rules", "current"] {
        let path = root().join(format!("tests/data/field/{family}.txt"));
        for row in fairyc_tests::rows::read_rows(&path, "fsf-name", 0) {
            let what = named.iter().find(|(s, _)| *s == row.stem).map(|(_, w)| *w);
            if row.other.iter().any(|(k, _)| k == "ini")
                || what == Some(Named::Skip)
                || out.iter().any(|(s, _, _)| *s == row.stem)
            {
                continue;
            }
            out.push((row.stem, row.name, what != Some(Named::NoClock)));
        }
    }
    for (stem, _) in &named {
        assert!(
            std::path::Path::new(&root().join(format!("variants/{stem}.variant"))).exists(),
            "results.txt names `{stem}`, no shipped variant"
        );
    }
    out
}

#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish'); run by .ci/run"]
fn results() {
    let mut rows = rows();
    if let Ok(only) = std::env::var("FAIRYC_FIELD_ONLY") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        rows.retain(|(stem, _, _)| only.contains(&stem.as_str()));
    }
    let program = root().join("tests/oracle/ffish_uci.py");
    let mut mismatches = Vec::new();
    let mut total = 0;
    let mut engine =
        Engine::start_program(&program, &[]).expect("python3 and pyffish are installed");
    for (stem, name, clock) in &rows {
        let variant = compile_path(&root().join(format!("variants/{stem}.variant")));
        engine.set_option("UCI_Variant", name);
        let (compared, wrong) = compare(&variant, &mut engine, GAMES, *clock);
        println!(
            "{stem} ({name}): {compared} positions, {} differ",
            wrong.len()
        );
        total += compared;
        mismatches.extend(wrong.into_iter().map(|w| format!("{stem}: {w}")));
    }
    println!("{} variants, {total} positions compared", rows.len());
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}

/// The import, measured the same way: every section of
/// `tests/data/field/imported.ini`, imported as the `imported` test does,
/// against pyffish loading the same file; `results.txt` names none of
/// them, so every difference in how a game ends is the import's.
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish'); run by .ci/run"]
fn imported_results() {
    use fairyc_interop::import::{import_for, Target};
    let ini = root().join("tests/data/field/imported.ini");
    let text = std::fs::read_to_string(&ini).expect("imported.ini");
    let result = import_for(&text, &fairyc_tests::shipped_for_import(), Target::Current);
    let only = std::env::var("FAIRYC_FIELD_ONLY").ok();
    let program = root().join("tests/oracle/ffish_uci.py");
    let mut engine = Engine::start_program(
        &program,
        &[("VariantPath", ini.to_str().expect("UTF-8 path"))],
    )
    .expect("python3 and pyffish are installed");
    let mut mismatches = Vec::new();
    let mut total = 0;
    for section in &result.sections {
        if only
            .as_ref()
            .is_some_and(|o| !o.split(',').any(|n| n.trim() == section.name))
        {
            continue;
        }
        let tables = fairyc_compiler::compile(&section.source)
            .unwrap_or_else(|e| panic!("[{}] compiles: {e:?}", section.name));
        let variant = Variant::new(tables).expect("valid tables");
        engine.set_option("UCI_Variant", &section.name);
        let (compared, wrong) = compare(&variant, &mut engine, 6, true);
        println!(
            "[{}]: {compared} positions, {} differ",
            section.name,
            wrong.len()
        );
        total += compared;
        mismatches.extend(
            wrong
                .into_iter()
                .map(|w| format!("[{}]: {w}", section.name)),
        );
    }
    println!(
        "{} sections, {total} positions compared",
        result.sections.len()
    );
    assert!(
        mismatches.is_empty(),
        "{} mismatches:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
