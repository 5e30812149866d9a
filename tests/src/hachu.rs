//! A driver for HaChu (Debian's `/usr/games/hachu`, version 0.21-29), H.G.
//! Muller's engine for Chu shogi and related games, spoken to over the
//! xboard protocol. It has no perft; what it offers is its list of moves.
//!
//! Probed by hand (`xboard`, `protover 2`, `memory 16`, `new`,
//! `variant NAME`, `force`):
//!
//! - Its variants: `chu`, `sho`, `dai`, `tenjiku`, `shatranj`, `makruk`,
//!   `lion`, `wa-shogi` and more (its `feature variants=` line).
//! - **The move list.** After every position change (at the top of its input
//!   loop) it searches the position briefly and keeps the root's move list,
//!   but only once a hash table exists: `memory N` must come first, or the
//!   list stays empty. When a `usermove` is not in that list it prints the
//!   whole list, one `# N. MOVE TARGET TEXT` line per entry (`MOVE` its
//!   internal code in hex, `TEXT` the move), before `Illegal move`. The list
//!   may hold an entry twice (the search moves its best move to the front)
//!   and entries of code `00000000` (moves the search struck out); the
//!   driver drops both.
//! - **What the list is.** Every pseudo-legal move: moves that leave one's
//!   own king attacked are listed (it plays by king capture). With the
//!   option `Allow repeats` off (its default) a move repeating an earlier
//!   position is struck out; the driver turns it on. A Lion capture that
//!   Chu's Lion rules forbid is struck out too (the rule, not a quirk).
//!   Where the side to move can take the opponent's king its search stops
//!   at once and the list it keeps is the previous position's: ask it to
//!   move instead ([`HaChu::reply`] takes the king).
//! - In makruk it lists (and plays) a pawn's move to the sixth rank without
//!   the promotion too, as a shogi-style deferral.
//! - **Move text.** `e2e4`; a promotion gets `+` (shogi variants), `m` in
//!   makruk, `q` in shatranj; a Lion's two-step move that captures on its
//!   first step is written `f7g8,g8f8` (first leg, second leg), igui as
//!   `f7g8,g8f7`. It reads the same notation.
//! - **Its FEN** (`setboard`) is read up to the end of the board field only:
//!   anything after the board (` w - - 0 1`) is taken for pieces and it
//!   exits with `tellusererror Unknown piece ' '`. Without that field it
//!   sets White to move. It gives every position set up this way the same
//!   hash key, so its hash table carries a move of the previous position
//!   into the next one's list; [`HaChu::setboard`] therefore starts a fresh
//!   engine and makes its hash table after the `setboard`. Compare positions reached by playing the game's moves
//!   ([`HaChu::play`]), which it keys and records properly.
//! - Its Chu FEN letters are its own one-letter codes (`lfcsgekgscfl/…`,
//!   `n` the Lion, `q` the Free King, `x` the Phoenix, `o` the Kirin, `+`
//!   before a promoted piece), not the two-letter names.

use std::collections::BTreeSet;

use crate::process::Process;

/// The Debian package's engine binary.
pub const HACHU: &str = "/usr/games/hachu";

/// A running HaChu playing one variant, in force mode.
#[derive(Debug)]
pub struct HaChu {
    /// Every line sent is kept, for the error message when it dies.
    process: Process,
    variant: String,
    /// The board it was set up with, if not the start position.
    board: Option<String>,
    /// The moves played since the start position.
    played: Vec<String>,
}

impl HaChu {
    /// Starts the engine on `variant` (its name: `chu`, `sho`, `makruk`,
    /// `shatranj`) at the variant's start position. `Err` if the binary is
    /// missing, does not answer or does not play the variant.
    pub fn start(variant: &str) -> Result<HaChu, String> {
        HaChu::spawn(variant, None)
    }

    /// Starts the engine on `variant` with the board given (`board`: its
    /// FEN's board field), then makes it a hash table: one made before
    /// would hold a move of the start position under the key it gives every
    /// set-up position.
    fn spawn(variant: &str, board: Option<&str>) -> Result<HaChu, String> {
        let mut h = HaChu {
            process: Process::spawn(HACHU, "hachu")?.keep_sent(),
            variant: variant.to_string(),
            board: board.map(str::to_string),
            played: Vec::new(),
        };
        h.send("xboard");
        h.send("protover 2");
        let features = h.process.wait_for(|l| l.contains("feature done=1"))?;
        let known = features
            .iter()
            .find_map(|l| l.strip_prefix("feature variants=\""))
            .map(|l| l.trim_end_matches('"').split(',').any(|v| v == variant))
            .unwrap_or(false);
        if !known {
            return Err(format!("hachu does not play `{variant}`"));
        }
        h.command("option Allow repeats=1")?;
        h.reset()?;
        h.command("memory 16")?;
        Ok(h)
    }

    /// Back to the position it was started on, in force mode.
    fn reset(&mut self) -> Result<(), String> {
        let variant = self.variant.clone();
        self.command(&format!("new\nvariant {variant}\nforce"))?;
        if let Some(board) = self.board.clone() {
            self.command(&format!("setboard {board}"))?;
        }
        self.played.clear();
        Ok(())
    }

    fn send(&mut self, line: &str) {
        // A closed pipe shows as a read error on the next wait.
        let _ = self.process.send(line);
    }

    /// Sends `command`, then a `ping`, and returns what it printed before
    /// the `pong`; `Err` with the line if it printed an error.
    fn command(&mut self, command: &str) -> Result<Vec<String>, String> {
        self.send(command);
        let lines = self.process.ping()?;
        match lines
            .iter()
            .find(|l| l.starts_with("Error") || l.starts_with("tellusererror"))
        {
            Some(e) => Err(format!("`{command}`: {e}")),
            None => Ok(lines),
        }
    }

    /// Sets up a position from the board field of a FEN in its dialect,
    /// White to move, in a fresh engine (see the module doc: its hash table
    /// would otherwise leak a move of the previous position). `Err` if the
    /// FEN has Black to move, which it cannot be told.
    pub fn setboard(&mut self, fen: &str) -> Result<(), String> {
        let mut words = fen.split_whitespace();
        let board = words.next().unwrap_or("");
        if words.next().is_some_and(|t| t != "w") {
            return Err(format!("hachu's setboard sets White to move only: {fen}"));
        }
        *self = HaChu::spawn(&self.variant.clone(), Some(board))?;
        Ok(())
    }

    /// Plays a move (`e2e4`, `f7g8,g8f8`, `a7a8+`); `Err` if it refuses it.
    pub fn play(&mut self, mv: &str) -> Result<(), String> {
        let lines = self.command(&format!("usermove {mv}"))?;
        match lines.iter().find(|l| l.starts_with("Illegal move")) {
            Some(l) => Err(format!("hachu refuses {mv}: {l}")),
            None => {
                self.played.push(mv.to_string());
                Ok(())
            }
        }
    }

    /// Takes the last `n` moves back: sets the position up anew and
    /// replays the others. (Its own `undo` does the same inside the engine,
    /// but after some twenty of them in one game it crashes with a
    /// segmentation fault; `new` does not.)
    pub fn take_back(&mut self, n: usize) -> Result<(), String> {
        let mut moves = std::mem::take(&mut self.played);
        moves.truncate(moves.len().saturating_sub(n));
        self.reset()?;
        for m in &moves {
            self.play(m)?;
        }
        Ok(())
    }

    /// Lets it choose and play a move for the side to move (a search of
    /// depth 1: `sd 1`, `go`), then puts it back in force mode; returns the
    /// move as it wrote it, which counts as played ([`HaChu::take_back`]).
    /// Where the opponent's king can be taken it takes it at once
    /// (`move b7d8`, then `1-0 {king capture}`): the way to ask it whether
    /// a move left a king attacked. A Lion's two-leg move, which it writes
    /// on two lines (`move d3e2,`, `move e2f1`), is joined (`d3e2,e2f1`).
    /// `Err` if it ends the game without a move.
    pub fn reply(&mut self) -> Result<String, String> {
        self.send("sd 1");
        self.send("go");
        let (_, line) = self
            .process
            .read_until(|l| l.starts_with("move ") || is_result(l))?;
        let mut mv = line.strip_prefix("move ").map(|m| m.trim().to_string());
        // A two-leg move comes on two lines: `move d3e2,` then `move e2f1`.
        while let Some(m) = mv.as_mut().filter(|m| m.ends_with(',')) {
            let (_, next) = self.process.read_until(|l| l.starts_with("move "))?;
            m.push_str(next.trim_start_matches("move ").trim());
        }
        self.command("force")?;
        match mv {
            Some(m) => {
                self.played.push(m.clone());
                Ok(m)
            }
            None => Err(format!("hachu ends the game without a move: {line}")),
        }
    }

    /// Its list of moves in the current position, sorted, without repeats:
    /// pseudo-legal (see the module doc). `empty` names a square with no
    /// piece on it: a move from there is sure to be refused, which makes it
    /// print the list (a move from a square to itself is its null move).
    pub fn moves(&mut self, empty: &str) -> Result<Vec<String>, String> {
        let lines = self.command(&format!("usermove {empty}{empty}"))?;
        if !lines.iter().any(|l| l.starts_with("Illegal move")) {
            return Err(format!("hachu took {empty}{empty} as a move"));
        }
        // The list's entries are numbered consecutively; the moves it struck
        // out for repeating or for the Lion rules follow, numbered from 0.
        let mut moves = BTreeSet::new();
        let mut last: Option<i64> = None;
        for l in &lines {
            let Some(rest) = l.strip_prefix("# ") else {
                continue;
            };
            let w: Vec<&str> = rest.split_whitespace().collect();
            let [n, code, _, text] = w[..] else {
                continue;
            };
            let Some(Ok(n)) = n.strip_suffix('.').map(str::parse::<i64>) else {
                continue;
            };
            if last.is_some_and(|k| n != k + 1) {
                break;
            }
            last = Some(n);
            let code =
                u32::from_str_radix(code, 16).map_err(|_| format!("unexpected list line `{l}`"))?;
            if code != 0 {
                moves.insert(text.to_string());
            }
        }
        Ok(moves.into_iter().collect())
    }
}

/// Whether a line is a game result (`1-0 {king capture}`, `1/2-1/2`).
fn is_result(line: &str) -> bool {
    ["1-0", "0-1", "1/2-1/2"]
        .iter()
        .any(|r| line.starts_with(r))
}

/// The square a move given as text lands on: the last square named in it
/// (`f7g8,g8f8` lands on `f8`), without a promotion suffix.
pub fn destination(mv: &str) -> &str {
    let last = mv.rsplit(',').next().unwrap_or(mv);
    let body = last.trim_end_matches(|c: char| !c.is_ascii_digit());
    // The second square starts at the second run of letters.
    let second = body
        .char_indices()
        .skip(1)
        .find(|&(i, c)| c.is_ascii_lowercase() && body[..i].ends_with(|d: char| d.is_ascii_digit()))
        .map_or(0, |(i, _)| i);
    &body[second..]
}

/// The square a move given as text starts from (`f7` for `f7g8,g8f8`).
pub fn origin(mv: &str) -> &str {
    let first = mv.split(',').next().unwrap_or(mv);
    let end = first
        .char_indices()
        .skip(1)
        .find(|&(i, c)| {
            c.is_ascii_lowercase() && first[..i].ends_with(|d: char| d.is_ascii_digit())
        })
        .map_or(first.len(), |(i, _)| i);
    &first[..end]
}

#[cfg(test)]
mod tests {
    use super::{destination, origin};

    #[test]
    fn squares_of_move_texts() {
        assert_eq!(destination("e2e4"), "e4");
        assert_eq!(destination("a7a8+"), "a8");
        assert_eq!(destination("a5a6m"), "a6");
        assert_eq!(destination("f7g8,g8f8"), "f8");
        assert_eq!(destination("k11l12+"), "l12");
        assert_eq!(origin("f7g8,g8f8"), "f7");
        assert_eq!(origin("k11l12+"), "k11");
        assert_eq!(origin("e2e4"), "e2");
    }
}
