//! Games in PGN: written by `fairyc play` (`pgn`, `--pgn FILE`) and read by
//! `fairyc pgn FILE`.
//!
//! The tags are the seven of the standard (`Event` … `Result`), `Variant`
//! with the variant's name, and `SetUp "1"` with `FEN` when the game did not
//! start from the variant's start position. A variant that fairyc does not
//! ship travels with the game: its `.variant` source follows the tags, each
//! line after `; ` (a PGN comment to the end of the line), between the
//! lines `; fairyc variant source` and `; end of variant source`.

use std::path::Path;
use std::process::ExitCode;

use fairyc_runtime::{Game, Position, Variant};

use crate::files::{self, print, Fatal};

const SOURCE_START: &str = "; fairyc variant source";
const SOURCE_END: &str = "; end of variant source";

/// A tag's value with `\` and `"` escaped.
fn tag_value(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The PGN of a game of `v` from `start_fen` (a set-up position if
/// `set_up`), its moves in SAN, with `source` carried along if given.
pub fn write(
    v: &Variant,
    start_fen: &str,
    set_up: bool,
    sans: &[String],
    source: Option<&str>,
) -> String {
    let mut pos = match Position::from_fen(v, start_fen) {
        Ok(p) => p,
        Err(_) => return String::new(),
    };
    let first_black = pos.turn() == fairyc_runtime::Color::Black;
    let mut number: u64 = start_fen
        .split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let mut game = Game::new(pos.clone());
    let mut text = String::new();
    for (i, san) in sans.iter().enumerate() {
        let black = pos.turn() == fairyc_runtime::Color::Black;
        if !black {
            text.push_str(&format!("{number}. "));
        } else if i == 0 && first_black {
            text.push_str(&format!("{number}... "));
        }
        text.push_str(san);
        text.push(' ');
        if black {
            number += 1;
        }
        match pos.parse_san(san) {
            Ok(m) => {
                if game.play(m).is_err() {
                    break;
                }
                pos = game.position().clone();
            }
            Err(_) => break,
        }
    }
    let result = match game.outcome() {
        Some(r) => match r.winner {
            Some(fairyc_runtime::Color::White) => "1-0",
            Some(fairyc_runtime::Color::Black) => "0-1",
            None => "1/2-1/2",
        },
        None => "*",
    };
    let mut out = String::new();
    for (tag, value) in [
        ("Event", "fairyc play"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", result),
        ("Variant", v.name()),
    ] {
        out.push_str(&format!("[{tag} \"{}\"]\n", tag_value(value)));
    }
    if set_up {
        out.push_str("[SetUp \"1\"]\n");
        out.push_str(&format!("[FEN \"{}\"]\n", tag_value(start_fen)));
    }
    out.push('\n');
    if let Some(src) = source {
        out.push_str(SOURCE_START);
        out.push('\n');
        for line in src.lines() {
            out.push_str("; ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(SOURCE_END);
        out.push('\n');
    }
    out.push_str(&text);
    out.push_str(result);
    out.push('\n');
    out
}

/// A game read from PGN: its tags, the variant's source if it carries one,
/// and the move text's SAN tokens.
#[derive(Debug, Default)]
pub struct Read {
    /// `(name, value)` in order.
    pub tags: Vec<(String, String)>,
    /// The variant source between the source comment lines.
    pub source: Option<String>,
    /// The moves, in SAN (numbers, comments, variations, NAGs and the
    /// result left out).
    pub moves: Vec<String>,
}

/// Reads the first game of a PGN text.
///
/// # Errors
///
/// A malformed tag line (with its line number).
pub fn read(text: &str) -> Result<Read, String> {
    let mut game = Read::default();
    let mut source: Option<Vec<String>> = None;
    let mut movetext = String::new();
    let mut seen_moves = false;
    for (i, line) in text.lines().enumerate() {
        if let Some(src) = &mut source {
            if line.trim_end() == SOURCE_END {
                game.source = Some(src.join("\n") + "\n");
                source = None;
            } else {
                let l = line.strip_prefix("; ").or_else(|| line.strip_prefix(';'));
                src.push(l.unwrap_or(line).to_string());
            }
            continue;
        }
        let t = line.trim();
        if t == SOURCE_START {
            source = Some(Vec::new());
            continue;
        }
        if t.starts_with('[') && !seen_moves {
            let inner = t
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .ok_or_else(|| format!("line {}: a tag is `[Name \"value\"]`", i + 1))?;
            let (name, value) = inner
                .split_once(' ')
                .ok_or_else(|| format!("line {}: a tag is `[Name \"value\"]`", i + 1))?;
            let value = value
                .trim()
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| format!("line {}: a tag's value is in quotes", i + 1))?;
            game.tags.push((
                name.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
            continue;
        }
        if t.starts_with('%') || t.starts_with(';') {
            continue;
        }
        if !t.is_empty() {
            seen_moves = true;
        }
        // A `;` comment runs to the end of the line.
        movetext.push_str(t.split(';').next().unwrap_or(""));
        movetext.push('\n');
    }
    if source.is_some() {
        return Err(format!("`{SOURCE_START}` has no `{SOURCE_END}`"));
    }
    // Comments `{…}` and variations `(…)` are left out.
    let mut depth = 0usize;
    let mut in_comment = false;
    let mut clean = String::new();
    for c in movetext.chars() {
        match c {
            '{' if !in_comment => in_comment = true,
            '}' if in_comment => in_comment = false,
            _ if in_comment => {}
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => clean.push(c),
        }
    }
    for word in clean.split_whitespace() {
        // `12.` and `12...` and `12.e4`.
        let word = match word.split_once('.') {
            Some((n, rest)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                rest.trim_start_matches('.')
            }
            _ => word,
        };
        if word.is_empty()
            || word.starts_with('$')
            || matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
        {
            continue;
        }
        game.moves.push(word.to_string());
    }
    Ok(game)
}

/// `fairyc pgn FILE [--variant V]`: reads a game, checks every move, and
/// prints each move in SAN and coordinates, the final FEN and the result.
pub fn pgn_cmd(file: &Path, variant: Option<&Path>) -> Result<ExitCode, Fatal> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Fatal(format!("cannot read {}: {e}", file.display())))?;
    let game = read(&text).map_err(|e| Fatal(format!("{}: {e}", file.display())))?;
    let tag = |name: &str| {
        game.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    };
    let tables = if let Some(path) = variant {
        files::load_tables(path)?
    } else if let Some(src) = &game.source {
        match fairyc_compiler::compile(src) {
            Ok(t) => Some(t),
            Err(errors) => {
                eprint!(
                    "{}",
                    fairyc_compiler::diagnostic::render_plain(
                        &format!("{} (variant source)", file.display()),
                        src,
                        &errors
                    )
                );
                None
            }
        }
    } else {
        let name = tag("Variant").unwrap_or("chess");
        let name = if name.eq_ignore_ascii_case("standard") {
            "chess"
        } else {
            name
        };
        match fairyc_library::find(name) {
            Some(e) => files::load_tables(Path::new(e.stem))?,
            None => {
                let hint = fairyc_library::closest(name)
                    .map(|c| format!(" (did you mean `{c}`?)"))
                    .unwrap_or_default();
                return Err(Fatal(format!(
                    "{}: no shipped variant is called `{name}`{hint}; give its file with --variant",
                    file.display()
                )));
            }
        }
    };
    let Some(tables) = tables else {
        return Ok(ExitCode::from(1));
    };
    let v = Variant::new(tables)?;
    let start = match tag("FEN") {
        Some(f) => files::position(&v, Some(f))?,
        None => Position::new(&v)?,
    };
    let mut g = Game::new(start.clone());
    let mut out = String::new();
    for (i, san) in game.moves.iter().enumerate() {
        let pos = g.position().clone();
        let m = pos.parse_san(san).map_err(|e| {
            Fatal(format!(
                "{}: move {} (ply {}): {e}",
                file.display(),
                san,
                i + 1
            ))
        })?;
        out.push_str(&format!("{} {}\n", pos.san(m), pos.uci(m)));
        g.play(m)
            .map_err(|e| Fatal(format!("{}: ply {}: {e}", file.display(), i + 1)))?;
    }
    out.push_str(&format!("fen: {}\n", g.position().fen()));
    if let Some(r) = g.outcome() {
        out.push_str(&format!("result: {r}\n"));
    }
    print(&files::printable(&out, true))?;
    Ok(ExitCode::SUCCESS)
}
