//! The rows files of the random-game oracle harnesses
//! (`tests/data/field/*.txt`, `tests/data/sjaakii/rows.txt`): one row a
//! line, `<file-stem> <engine's name> [key=value …]`, `#` starting a
//! comment.

use std::path::{Path, PathBuf};

use crate::root;

/// What every harness reads from a row: the variant and how to walk it.
#[derive(Debug)]
pub struct Row {
    /// Its line number.
    pub line: usize,
    /// `path:line`, for messages.
    pub at: String,
    /// The variant's file stem.
    pub stem: String,
    /// The engine's name for the variant.
    pub name: String,
    /// `games=`: random games played (at least 100, 100 if not given).
    pub games: u64,
    /// `plies=`: each game's length (60).
    pub plies: usize,
    /// `every=`: compare every Nth ply (20).
    pub every: usize,
    /// `depth=`: perft depth of the compared positions (3).
    pub depth: u32,
    /// `start-depth=`: perft depth of the start position (the harness's
    /// default).
    pub start_depth: u32,
    /// `ours=`: another variant file than `variants/STEM.variant`.
    pub ours: Option<PathBuf>,
    /// The other `key=value` settings, in order, for the harness to read.
    pub other: Vec<(String, String)>,
}

/// Reads the rows of `path`; `name` says what its second word is in the
/// message for a short row (`fsf-name`), `start_depth` is the default of
/// `start-depth=`.
///
/// # Panics
///
/// On a malformed row, a row of fewer than 100 games, or no rows.
pub fn read_rows(path: &Path, name: &str, start_depth: u32) -> Vec<Row> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let at = format!("{}:{}", path.display(), i + 1);
        let mut words = line.split_whitespace();
        let (Some(stem), Some(engine_name)) = (words.next(), words.next()) else {
            panic!("{at}: a row is `<file-stem> <{name}> [key=value …]`");
        };
        let mut row = Row {
            line: i + 1,
            at: at.clone(),
            stem: stem.to_string(),
            name: engine_name.to_string(),
            games: 100,
            plies: 60,
            every: 20,
            depth: 3,
            start_depth,
            ours: None,
            other: Vec::new(),
        };
        for word in words {
            let (key, value) = word
                .split_once('=')
                .unwrap_or_else(|| panic!("{at}: `{word}` is not key=value"));
            let number = || -> u64 {
                value
                    .parse()
                    .unwrap_or_else(|_| panic!("{at}: {key}={value} is not a number"))
            };
            match key {
                "games" => row.games = number(),
                "plies" => row.plies = number() as usize,
                "every" => row.every = number().max(1) as usize,
                "depth" => row.depth = number() as u32,
                "start-depth" => row.start_depth = number() as u32,
                "ours" => row.ours = Some(root().join(value)),
                _ => row.other.push((key.to_string(), value.to_string())),
            }
        }
        assert!(row.games >= 100, "{at}: the proof needs at least 100 games");
        rows.push(row);
    }
    assert!(!rows.is_empty(), "{} has no rows", path.display());
    rows
}
