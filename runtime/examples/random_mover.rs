//! A random mover that speaks minimal UCI: a starting point for an engine
//! over any variant's move table.
//!
//! ```sh
//! fairyc compile variants/shogi.variant -o shogi.json
//! cargo run --release -p fairyc-runtime --example random_mover -- shogi.json
//! ```
//!
//! It understands `uci`, `isready`, `ucinewgame`, `position startpos|fen
//! FEN [moves M…]`, `go …` (answered at once with `bestmove`), `d` (the
//! FEN) and `quit`. Moves are in fairyc's notation (`docs/table-format.md`,
//! "Move notation"): `e2e4`, `e7e8q`, `N@f3`. An engine would replace
//! [`choose`] with a search; everything else stays.

use std::io::{BufRead, Write};

use fairyc_runtime::{Game, Move, Position, Variant, VariantTables};

/// A small deterministic generator (xorshift64*), so that the example needs
/// no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// The engine's choice among the legal moves: here, any.
fn choose(_pos: &Position<'_>, moves: &[Move], rng: &mut Rng) -> Move {
    moves[rng.below(moves.len())]
}

/// Sets up `position startpos|fen FEN [moves M…]`.
fn set_position<'v>(v: &'v Variant, words: &[&str]) -> Result<Game<'v>, String> {
    let (start, rest) = match words {
        ["startpos", rest @ ..] => (Position::new(v).map_err(|e| e.to_string())?, rest),
        ["fen", rest @ ..] => {
            let end = rest
                .iter()
                .position(|&w| w == "moves")
                .unwrap_or(rest.len());
            let fen = rest[..end].join(" ");
            let pos = Position::from_fen(v, &fen).map_err(|e| format!("{fen}: {e}"))?;
            (pos, &rest[end..])
        }
        _ => return Err("position needs startpos or fen".to_string()),
    };
    let mut game = Game::new(start);
    if let ["moves", moves @ ..] = rest {
        for text in moves {
            let m = game.position().parse_uci(text).map_err(|e| e.to_string())?;
            game.play(m).map_err(|e| e.to_string())?;
        }
    }
    Ok(game)
}

fn main() -> std::process::ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: random_mover TABLE.json");
        return std::process::ExitCode::from(2);
    };
    let variant = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|json| VariantTables::from_json(&json).map_err(|e| e.to_string()))
        .and_then(|t| Variant::new(t).map_err(|e| e.to_string()))
    {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: {path}: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut game = match Position::new(&variant) {
        Ok(p) => Game::new(p),
        Err(e) => {
            eprintln!("error: the table's start position: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let reply = match words.as_slice() {
            ["uci"] => format!(
                "id name fairyc random mover ({})\nid author fairyc\nuciok",
                variant.name()
            ),
            ["isready"] => "readyok".to_string(),
            ["ucinewgame"] => continue,
            ["position", rest @ ..] => match set_position(&variant, rest) {
                Ok(g) => {
                    game = g;
                    continue;
                }
                Err(e) => format!("info string error: {e}"),
            },
            ["go", ..] => {
                let pos = game.position();
                let moves = pos.legal_moves();
                if game.outcome().is_some() || moves.is_empty() {
                    "bestmove (none)".to_string()
                } else {
                    format!("bestmove {}", pos.uci(choose(pos, &moves, &mut rng)))
                }
            }
            ["d"] => format!("Fen: {}", game.position().fen()),
            ["quit"] => break,
            [] => continue,
            _ => format!("info string unknown command: {line}"),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            break;
        }
    }
    std::process::ExitCode::SUCCESS
}
