//! A minimal XBoard (CECP v2) driver for the oracle engines that speak it:
//! Fairy-Max (legality: it answers an illegal move with `Illegal move`) and
//! Sjaak II (`perft N`). Every exchange ends with `ping N`, so the lines an
//! engine prints for a command are exactly those before its `pong N`.

use crate::process::Process;

/// Fairy-Max, as the Debian package installs it.
pub const FAIRYMAX: &str = "/usr/games/fairymax";
/// Sjaak II, as the Debian package installs it.
pub const SJAAKII: &str = "/usr/games/sjaakii";

/// A running XBoard engine in force mode (it never moves on its own).
#[derive(Debug)]
pub struct XBoard {
    process: Process,
    variant: String,
}

impl XBoard {
    /// Starts `binary`, says `xboard` and `protover 2`, and sets up a new
    /// game of `variant` in force mode. `None` if the binary is missing.
    pub fn start(binary: &str, variant: &str) -> Option<XBoard> {
        let mut e = XBoard {
            process: Process::spawn(binary, "engine").ok()?,
            variant: variant.to_string(),
        };
        e.send("xboard");
        e.send("protover 2");
        e.new_game();
        Some(e)
    }

    /// Sends one line.
    ///
    /// # Panics
    ///
    /// If the engine has gone.
    pub fn send(&mut self, line: &str) {
        self.process.send(line).expect("write to engine");
    }

    /// Sends `ping N` and returns the lines printed before `pong N`.
    ///
    /// # Panics
    ///
    /// If the engine closes its output first.
    pub fn sync(&mut self) -> Vec<String> {
        self.process.ping().unwrap_or_else(|e| panic!("{e}"))
    }

    /// `new`, `variant V`, `force`: the start position, nobody to move by
    /// the engine.
    pub fn new_game(&mut self) {
        self.send("new");
        let v = self.variant.clone();
        self.send(&format!("variant {v}"));
        self.send("force");
        self.sync();
    }

    /// Plays `mv` if the engine takes it; whether it did.
    pub fn play(&mut self, mv: &str) -> bool {
        self.send(mv);
        !self
            .sync()
            .iter()
            .any(|l| l.starts_with("Illegal move") || l.starts_with("Error"))
    }

    /// Whether the engine takes `mv` in the current position (taken back
    /// at once if it does).
    pub fn accepts(&mut self, mv: &str) -> bool {
        let ok = self.play(mv);
        if ok {
            self.send("undo");
            self.sync();
        }
        ok
    }

    /// `setboard FEN` then `perft depth`: the total the engine reports (the
    /// number of the last line that starts with the depth).
    ///
    /// # Panics
    ///
    /// If the engine refuses the FEN or prints no total.
    pub fn perft(&mut self, fen: &str, depth: u32) -> u64 {
        self.send(&format!("setboard {fen}"));
        let refused = self.sync();
        assert!(
            !refused
                .iter()
                .any(|l| l.starts_with("Error") || l.starts_with("Illegal")),
            "engine refused {fen}: {refused:?}"
        );
        self.send(&format!("perft {depth}"));
        let lines = self.sync();
        lines
            .iter()
            .rev()
            .find_map(|l| {
                let mut w = l.split_whitespace();
                (w.next()? == depth.to_string())
                    .then(|| w.next()?.parse().ok())
                    .flatten()
            })
            .unwrap_or_else(|| panic!("no perft {depth} total for {fen}: {lines:?}"))
    }
}
