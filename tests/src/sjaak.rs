//! A driver for Sjaak II (Debian's `/usr/games/sjaakii`, version 1.4.1), an
//! independent engine with perft built in, spoken to over the xboard
//! protocol.
//!
//! Probed by hand (`xboard`, `protover 2`, `new`, `variant NAME`, `force`):
//!
//! - `perft N` prints one line per depth `1..=N`: `depth nodes time nps`.
//!   `perft N 1` also prints, before each of those lines, one line per root
//!   move: `move nodes running-total`.
//! - Its moves are printed as `Nb1-c3`, `e2-e4`, `Kf1xe2`, `a9-a10Q`,
//!   `Pa7-a8+` (a shogi promotion), `+Pa7-b8` (a promoted piece), castling as
//!   `O-O`/`O-O-O` (several king destinations print the same text). It reads
//!   moves as `e2e4`, `a9a10q`, `a7a8+`, castling as the king's `f1h1`.
//! - On a board of **exactly ten ranks** (xboard's convention) every square
//!   name it reads or writes counts ranks from 0 (`a0` is our `a1`), its
//!   FEN's en-passant field included; on 9 or 11 ranks they count from 1.
//!   [`Sjaak::to_theirs`] and [`Sjaak::to_ours`] convert.
//! - Its FEN: `setboard` reads `… w KQkq - 0 1` and a shogi FEN with or
//!   without `[]`; `fen` writes shogi-like variants as `… w 0 1` (no castling
//!   or en-passant field). It keeps **no record of unmoved pieces** but the
//!   castling field: after `setboard` every piece counts as unmoved, so a
//!   pawn's `Initial:` move (Wildebeest's triple step) is offered from any
//!   square. After a triple step its FEN names one en-passant square (the
//!   one next to the pawn) although it lets both be taken. Compare positions
//!   reached by playing the game's moves (`play`), not by `setboard`, where
//!   a variant has such moves.
//! - A refused move prints `Error (Illegal move or unknown command): …`; a
//!   refused FEN `Error: … (bad FEN …)`; an unknown variant
//!   `Error (cannot start variant game): …`.

use crate::process::Process;
pub use crate::xboard::SJAAKII;

/// A running Sjaak II playing one variant, in force mode.
#[derive(Debug)]
pub struct Sjaak {
    process: Process,
    variant: String,
    files: u32,
    ranks: u32,
    pieces: Vec<(String, String)>,
}

impl Sjaak {
    /// Starts the engine on `variant` (its name, as in its `variants`
    /// feature: `wildebeest`, `shoshogi`, `wa-shogi`). `Err` if the binary is
    /// missing or refuses the variant.
    pub fn start(variant: &str) -> Result<Sjaak, String> {
        let mut s = Sjaak {
            process: Process::spawn(SJAAKII, "sjaakii")?,
            variant: variant.to_string(),
            files: 0,
            ranks: 0,
            pieces: Vec::new(),
        };
        s.send("xboard");
        s.send("protover 2");
        s.process.wait_for(|l| l.contains("feature done=1"))?;
        s.new_game()?;
        Ok(s)
    }

    fn send(&mut self, line: &str) {
        self.process.send(line).expect("write to sjaakii");
    }

    /// Sends `command`, then a `ping`, and returns what it printed before
    /// the `pong`; `Err` with the line if it printed an error.
    fn command(&mut self, command: &str) -> Result<Vec<String>, String> {
        self.send(command);
        let lines = self.process.ping()?;
        match lines
            .iter()
            .find(|l| l.starts_with("Error") || l.starts_with("Illegal"))
        {
            Some(e) => Err(format!("`{command}`: {e}")),
            None => Ok(lines),
        }
    }

    /// Starts a new game of the variant from its start position, in force
    /// mode (it plays neither side).
    pub fn new_game(&mut self) -> Result<(), String> {
        let variant = self.variant.clone();
        let lines = self.command(&format!("new\nvariant {variant}\nforce"))?;
        // `piece N& N`: each piece's letter and its XBetza.
        self.pieces = lines
            .iter()
            .filter_map(|l| l.strip_prefix("piece "))
            .filter_map(|l| l.split_once("& "))
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        // The board's size, from its FEN (a `setup` line is only sent for
        // variants xboard does not know).
        let fen = self.fen()?;
        let board = fen.split_whitespace().next().unwrap_or("");
        let first = board.split('/').next().unwrap_or("");
        let mut files = 0;
        let mut number = String::new();
        for c in first.chars().chain(std::iter::once('/')) {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            files += number.parse::<u32>().unwrap_or(0);
            number.clear();
            if c.is_ascii_alphabetic() {
                files += 1;
            }
        }
        self.files = files;
        self.ranks = board.split('/').count() as u32;
        Ok(())
    }

    /// Its board's files and ranks.
    pub fn size(&self) -> (u32, u32) {
        (self.files, self.ranks)
    }

    /// Each piece's letter (`+P` for a promoted one) and its XBetza, as it
    /// announces them to xboard: a quick look at its rules.
    pub fn pieces(&self) -> &[(String, String)] {
        &self.pieces
    }

    /// Whether its square names count ranks from 0 (ten ranks).
    fn zero_based(&self) -> bool {
        self.ranks == 10
    }

    fn shift_ranks(&self, text: &str, by: i64) -> String {
        if !self.zero_based() {
            return text.to_string();
        }
        let mut out = String::new();
        let mut chars = text.chars().peekable();
        let mut after_file = false;
        while let Some(c) = chars.next() {
            if c.is_ascii_digit() && after_file {
                let mut number = c.to_string();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    number.push(*d);
                    chars.next();
                }
                let n: i64 = number.parse().unwrap_or(0);
                out.push_str(&(n + by).to_string());
                after_file = false;
            } else {
                after_file = c.is_ascii_lowercase();
                out.push(c);
            }
        }
        out
    }

    /// A move or square in our notation (`a9a10q`, `f1h1`) as it reads it.
    pub fn to_theirs(&self, text: &str) -> String {
        self.shift_ranks(text, -1)
    }

    /// A move it printed (`Nb0-c2`, `a8-a9Q`, `Pa7-a8+`, `+Pa7-b8`, `O-O`) in
    /// our notation (`b1c3`, `a9a10q`, `a7a8+`, `a7b8`); castling stays
    /// `O-O`/`O-O-O`.
    pub fn to_ours(&self, text: &str) -> String {
        if text.starts_with("O-O") {
            return text.to_string();
        }
        // Drop the piece letter (and its `+`) before the first square.
        let start = text
            .char_indices()
            .find(|&(i, c)| {
                c.is_ascii_lowercase() && text[i + 1..].starts_with(|d: char| d.is_ascii_digit())
            })
            .map_or(0, |(i, _)| i);
        let body: String = text[start..]
            .chars()
            .filter(|&c| c != '-' && c != 'x' && c != '=')
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            })
            .collect();
        self.shift_ranks(&body, 1)
    }

    /// Sets up a FEN in its dialect (see the module doc).
    pub fn setboard(&mut self, fen: &str) -> Result<(), String> {
        self.command(&format!("setboard {fen}")).map(|_| ())
    }

    /// Plays a move given in our notation ([`Sjaak::to_theirs`] converts).
    pub fn play(&mut self, ours: &str) -> Result<(), String> {
        let theirs = self.to_theirs(ours);
        self.command(&theirs).map(|_| ())
    }

    /// Its FEN of the current position, as it writes it.
    pub fn fen(&mut self) -> Result<String, String> {
        let lines = self.command("fen")?;
        lines
            .into_iter()
            .rfind(|l| l.contains('/'))
            .ok_or_else(|| "no FEN printed".to_string())
    }

    /// Perft of the current position at depths `1..=depth`.
    pub fn perft(&mut self, depth: u32) -> Result<Vec<u64>, String> {
        let lines = self.command(&format!("perft {depth}"))?;
        let totals: Vec<u64> = lines
            .iter()
            .filter_map(|l| summary(l))
            .map(|x| x.1)
            .collect();
        if totals.len() != depth as usize {
            return Err(format!("perft {depth}: unexpected output {lines:?}"));
        }
        Ok(totals)
    }

    /// Perft `depth` of the current position per root move, moves in our
    /// notation ([`Sjaak::to_ours`]), and the total.
    pub fn divide(&mut self, depth: u32) -> Result<(Vec<(String, u64)>, u64), String> {
        let lines = self.command(&format!("perft {depth} 1"))?;
        let mut block = Vec::new();
        for l in &lines {
            if let Some((d, total)) = summary(l) {
                if d == depth {
                    return Ok((block, total));
                }
                block.clear();
            } else {
                let w: Vec<&str> = l.split_whitespace().collect();
                if let [m, n, _] = w[..] {
                    if let Ok(n) = n.parse::<u64>() {
                        block.push((self.to_ours(m), n));
                    }
                }
            }
        }
        Err(format!("perft {depth} 1: unexpected output {lines:?}"))
    }
}

/// A perft summary line: `depth nodes time nps`.
fn summary(line: &str) -> Option<(u32, u64)> {
    let w: Vec<&str> = line.split_whitespace().collect();
    match w[..] {
        [d, n, _, nps] if nps.ends_with("nps") => Some((d.parse().ok()?, n.parse().ok()?)),
        _ => None,
    }
}

/// The first two FEN fields (board and side to move) with every piece
/// letter renamed by `letters` (`(ours, theirs)` pairs, upper case; the
/// lower case follows): the part of a FEN both engines write alike.
pub fn board_and_turn(fen: &str, letters: &[(char, char)]) -> String {
    let mut words = fen.split_whitespace();
    let board: String = words
        .next()
        .unwrap_or("")
        .split('[')
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| rename(c, letters))
        .collect();
    format!("{board} {}", words.next().unwrap_or(""))
}

/// A piece letter renamed by `(ours, theirs)` pairs, either case.
pub fn rename(c: char, letters: &[(char, char)]) -> char {
    for &(a, b) in letters {
        if c == a {
            return b;
        }
        if c == a.to_ascii_lowercase() {
            return b.to_ascii_lowercase();
        }
    }
    c
}

/// A move in our notation with the promotion letter after its last square
/// renamed by `letters`.
pub fn rename_promotion(uci: &str, letters: &[(char, char)]) -> String {
    let cut = uci.rfind(|c: char| c.is_ascii_digit()).map_or(0, |i| i + 1);
    let tail: String = uci[cut..].chars().map(|c| rename(c, letters)).collect();
    format!("{}{tail}", &uci[..cut])
}

/// Compares perft 1..=`depth` of `pos` with Sjaak II's of the position it
/// holds (the same one); on a difference, the depth, both totals and each
/// root move whose count differs or that only one side has (castling is
/// `O-O` on its side, the king's move on ours).
pub fn sjaak_difference(
    pos: &fairyc_runtime::Position<'_>,
    sjaak: &mut Sjaak,
    depth: u32,
    letters: &[(char, char)],
) -> Option<String> {
    let theirs = match sjaak.perft(depth) {
        Ok(t) => t,
        Err(e) => return Some(e),
    };
    for (d, &their_total) in (1..=depth).zip(&theirs) {
        let our_total = fairyc_runtime::perft(pos, d);
        if our_total == their_total {
            continue;
        }
        let ours: Vec<(String, u64)> = fairyc_runtime::perft_divide(pos, d)
            .into_iter()
            .map(|(m, n)| (rename_promotion(&pos.uci(m), letters), n))
            .collect();
        let (theirs, _) = match sjaak.divide(d) {
            Ok(t) => t,
            Err(e) => return Some(e),
        };
        return Some(crate::divide_difference(
            d,
            (&ours, our_total),
            (&theirs, their_total),
        ));
    }
    None
}
