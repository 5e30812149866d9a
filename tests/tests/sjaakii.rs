//! Variants Fairy-Stockfish does not play, compared with Debian's Sjaak II
//! (`/usr/games/sjaakii` 1.4.1; the driver and its dialect are documented in
//! `tests/src/sjaak.rs`).
//!
//! Rows are read from `tests/data/sjaakii/rows.txt`: `<file-stem>
//! <sjaakii-name> [key=value …]`, `#` starts a comment. Keys:
//!
//! | key | meaning | default |
//! |---|---|---|
//! | `games` | seeded random games, at least 100 | 100 |
//! | `plies` | longest game | 60 |
//! | `every` | compare every N plies (at plies N/2, N/2 + N, …) | 20 |
//! | `depth` | perft 1..=depth at each compared position | 3 |
//! | `start-depth` | perft 1..=N of the start position | 3 |
//! | `ours=PATH` | a test-only `.variant` played instead of `variants/<file-stem>.variant`: the shipped file with Sjaak II's difference from the real rules, explained in both files (a named exception) | |
//! | `letters=AB,…` | our FEN letter `A` is its `B` (in FENs and promotions) | |
//! | `skip=NAME` | a named exception below: positions where it holds are not compared, and moves it names are not played | |
//!
//! Named exceptions (differences of Sjaak II's rules or notation, explained
//! in the variant files):
//!
//! - `wildebeest-castling`: Sjaak II lets a king castle only when every
//!   square from it to its farthest castling destination is safe
//!   (Wildebeest: `f1` to `j1` for all four kingside castlings), where the
//!   real rules ask it only of the squares the king crosses; and it reads
//!   `f1a1` as the four-square castling, so a one-square castling (written
//!   king-takes-rook) cannot be sent to it. A position is not compared when
//!   a node of its perft tree where moves are generated has the side to move
//!   holding a castling right while a square of its king's rank from file b
//!   to file j is attacked; the games do not castle from such a node, nor
//!   make a one-square castling.
//!
//! Each game is played from the start position in both engines, move by
//! move (our move text, converted to its square names; it must accept every
//! move we find legal), because Sjaak II's FEN keeps no record of unmoved
//! pawns (after `setboard` it offers Wildebeest's triple step from any
//! square) and names one en-passant square of a triple step. At each
//! compared position the board and side to move of the two FENs must be the
//! same (the other fields differ in dialect: see the driver), then perft
//! 1..=depth; a difference lists the root moves that differ.
//!
//! Ignored by default (they need the engine); `.ci/run` runs them with
//! `cargo test -p fairyc-tests --release --test sjaakii -- --ignored`.
//! `FAIRYC_SJAAKII_ONLY=stem,…` runs only some rows.

use fairyc_runtime::{Color, Move, Position};
use fairyc_tests::sjaak::{board_and_turn, rename_promotion, sjaak_difference, Sjaak};
use fairyc_tests::{compile_path, root};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[derive(Debug)]
struct Row {
    base: fairyc_tests::rows::Row,
    letters: Vec<(char, char)>,
    skip: Option<String>,
}

/// The named exceptions (see the module doc): whether a perft of the given
/// depth from a position could meet the difference (the position is then
/// not compared), and whether a move is not played.
type Skip = (
    &'static str,
    fn(&Position<'_>, u32) -> bool,
    fn(&Position<'_>, Move) -> bool,
);

const SKIPS: &[Skip] = &[(
    "wildebeest-castling",
    |pos, depth| reaches(pos, depth, sjaak_castling_differs),
    |pos, m| match m {
        Move::Castle { from, to, .. } => {
            let v = pos.variant();
            sjaak_castling_differs(pos)
                || pos.uci(m) != format!("{}{}", v.square_name(from), v.square_name(to))
        }
        _ => false,
    },
)];

/// Whether `differs` holds at a node of the perft tree of `depth` where
/// moves are generated (plies 0 to depth - 1).
fn reaches(pos: &Position<'_>, depth: u32, differs: fn(&Position<'_>) -> bool) -> bool {
    if depth == 0 {
        return false;
    }
    if differs(pos) {
        return true;
    }
    depth > 1
        && pos.legal_moves().into_iter().any(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            reaches(&next, depth - 1, differs)
        })
}

/// Wildebeest: the side to move holds a castling right while a square of its
/// king's rank from file b to file j is attacked. Only then may Sjaak II's
/// castling (every square to the farthest destination safe) differ from the
/// real rules (the squares the king crosses).
fn sjaak_castling_differs(pos: &Position<'_>) -> bool {
    let fen = pos.fen();
    let rights = fen.split_whitespace().nth(2).unwrap_or("-");
    let white = pos.turn() == Color::White;
    if !rights
        .chars()
        .any(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == white)
    {
        return false;
    }
    let v = pos.variant();
    let Some(king) = pos.royal_square(pos.turn()) else {
        return false;
    };
    let rank = v
        .square_name(king)
        .trim_start_matches(|c: char| c.is_ascii_lowercase());
    ('b'..='j').any(|f| {
        v.square_by_name(&format!("{f}{rank}"))
            .is_some_and(|s| pos.is_attacked(s, pos.turn().other()) == Some(true))
    })
}

fn read_rows() -> Vec<Row> {
    let path = root().join("tests/data/sjaakii/rows.txt");
    let rows = fairyc_tests::rows::read_rows(&path, "sjaakii-name", 3);
    rows.into_iter()
        .map(|base| {
            let mut row = Row {
                letters: Vec::new(),
                skip: None,
                base,
            };
            let at = row.base.at.clone();
            for (key, value) in std::mem::take(&mut row.base.other) {
                match key.as_str() {
                    "skip" => {
                        assert!(
                            SKIPS.iter().any(|s| s.0 == value),
                            "{at}: no named exception `{value}`"
                        );
                        row.skip = Some(value);
                    }
                    "letters" => {
                        for pair in value.split(',') {
                            let c: Vec<char> = pair.chars().collect();
                            match c[..] {
                                [a, b] if a.is_ascii_uppercase() && b.is_ascii_uppercase() => {
                                    row.letters.push((a, b))
                                }
                                _ => panic!("{at}: `{pair}` is not two upper-case letters"),
                            }
                        }
                    }
                    _ => panic!("{at}: unknown key `{key}`"),
                }
            }
            row
        })
        .collect()
}

/// Compares the FENs' board and side to move, then perft; a description of
/// the first difference.
fn compare(pos: &Position<'_>, sjaak: &mut Sjaak, row: &Row, depth: u32) -> Option<String> {
    let theirs = match sjaak.fen() {
        Ok(f) => f,
        Err(e) => return Some(e),
    };
    let ours = board_and_turn(&pos.fen(), &row.letters);
    if ours != board_and_turn(&theirs, &[]) {
        return Some(format!(
            "FEN differs:\n    ours   {} ({ours})\n    theirs {theirs}",
            pos.fen()
        ));
    }
    sjaak_difference(pos, sjaak, depth, &row.letters).map(|d| format!("{}: {d}", pos.fen()))
}

fn run_row(row: &Row, mismatches: &mut Vec<String>) -> usize {
    let file = row
        .base
        .ours
        .clone()
        .unwrap_or_else(|| root().join(format!("variants/{}.variant", row.base.stem)));
    let variant = compile_path(&file);
    let mut sjaak = Sjaak::start(&row.base.name).expect("/usr/games/sjaakii plays the variant");
    let name = format!("{} ({})", row.base.stem, row.base.name);
    let mut fail = |what: String| mismatches.push(format!("{name}: {what}"));

    let start = Position::new(&variant).expect("start position");
    if let Some(d) = compare(&start, &mut sjaak, row, row.base.start_depth) {
        fail(format!("start position: {d}"));
    }
    let skip = row
        .skip
        .as_ref()
        .and_then(|name| SKIPS.iter().find(|s| s.0 == name));
    let mut positions = 0;
    for seed in 0..row.base.games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::new(&variant).expect("start position");
        sjaak.new_game().expect("a new game");
        let mut played: Vec<String> = Vec::new();
        for ply in 0..row.base.plies {
            if ply % row.base.every == row.base.every / 2
                && !skip.is_some_and(|s| (s.1)(&pos, row.base.depth))
            {
                if let Some(d) = compare(&pos, &mut sjaak, row, row.base.depth) {
                    fail(format!(
                        "seed {seed} ply {ply} after {}: {d}",
                        played.join(" ")
                    ));
                    break;
                }
                positions += 1;
            }
            let mut moves = pos.legal_moves();
            if let Some(s) = skip {
                moves.retain(|&m| !(s.2)(&pos, m));
            }
            if moves.is_empty() || pos.rule_outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            let text = pos.uci(m);
            if let Err(e) = sjaak.play(&rename_promotion(&text, &row.letters)) {
                fail(format!(
                    "seed {seed} ply {ply}: {}: it refuses our move {text}: {e}",
                    pos.fen()
                ));
                break;
            }
            played.push(text);
            pos.play_unchecked(m);
        }
    }
    positions
}

#[test]
#[ignore = "needs /usr/games/sjaakii; run by .ci/run"]
fn sjaakii_agrees() {
    let mut rows = read_rows();
    if let Ok(only) = std::env::var("FAIRYC_SJAAKII_ONLY") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        rows.retain(|r| only.contains(&r.base.stem.as_str()));
        println!("FAIRYC_SJAAKII_ONLY: {} rows run", rows.len());
    }
    let mut mismatches = Vec::new();
    for row in &rows {
        let clock = std::time::Instant::now();
        let positions = run_row(row, &mut mismatches);
        println!(
            "{} ({}): {positions} positions of {} games compared at depth {}, start to depth {} [{:.1} s]",
            row.base.stem,
            row.base.name,
            row.base.games,
            row.base.depth,
            row.base.start_depth,
            clock.elapsed().as_secs_f64(),
        );
        if positions < 100 {
            mismatches.push(format!(
                "{}: only {positions} positions compared (at least 100 needed)",
                row.base.stem
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
