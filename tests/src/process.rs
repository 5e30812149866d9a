//! The process plumbing every oracle driver shares ([`crate::Engine`],
//! [`crate::xboard::XBoard`], [`crate::sjaak::Sjaak`],
//! [`crate::hachu::HaChu`]): a child spoken to line by line over its piped
//! stdin and stdout, told `quit` when dropped.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A running engine, read and written a line at a time.
#[derive(Debug)]
pub struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// What it is called in error messages (`engine`, `hachu`).
    name: String,
    /// The last `ping N` sent (xboard's `ping`/`pong`).
    ping: u32,
    /// Every line sent, where kept ([`Process::keep_sent`]).
    sent: Option<Vec<String>>,
}

impl Process {
    /// Starts `program` with piped stdin and stdout (stderr dropped), called
    /// `name` in error messages. `Err` if it cannot be started.
    pub fn spawn(program: impl AsRef<OsStr>, name: &str) -> Result<Process, String> {
        let program = program.as_ref();
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.to_string_lossy()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Process {
            child,
            stdin,
            stdout,
            name: name.to_string(),
            ping: 0,
            sent: None,
        })
    }

    /// Keeps every line sent from now on, to show them all when it closes
    /// its output.
    pub fn keep_sent(mut self) -> Process {
        self.sent = Some(Vec::new());
        self
    }

    /// Sends one line. `Err` if the engine has gone.
    pub fn send(&mut self, line: &str) -> std::io::Result<()> {
        if let Some(sent) = &mut self.sent {
            sent.push(line.to_string());
        }
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()
    }

    /// Reads lines (trimmed) until `done` holds for one; returns the lines
    /// before it and that one. `Err` if reading fails or the engine closes
    /// its output first.
    pub fn read_until(
        &mut self,
        done: impl Fn(&str) -> bool,
    ) -> Result<(Vec<String>, String), String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .map_err(|e| format!("read from {}: {e}", self.name))?;
            if n == 0 {
                return Err(match &self.sent {
                    Some(sent) => format!(
                        "{} closed its output; it was sent:\n{}\nand printed last: {:?}",
                        self.name,
                        sent.join("\n"),
                        lines.iter().rev().take(5).collect::<Vec<_>>()
                    ),
                    None => format!("{} closed its output; last lines: {lines:?}", self.name),
                });
            }
            let line = line.trim().to_string();
            if done(&line) {
                return Ok((lines, line));
            }
            lines.push(line);
        }
    }

    /// [`Process::read_until`] without the line that ended it.
    pub fn wait_for(&mut self, done: impl Fn(&str) -> bool) -> Result<Vec<String>, String> {
        self.read_until(done).map(|(lines, _)| lines)
    }

    /// Sends xboard's `ping N` (a new N each time) and returns the lines
    /// printed before its `pong N`: all the engine printed for the lines
    /// sent before the ping.
    pub fn ping(&mut self) -> Result<Vec<String>, String> {
        self.ping += 1;
        let ping = self.ping;
        let pong = format!("pong {ping}");
        // A closed pipe shows as an error of the wait.
        let _ = self.send(&format!("ping {ping}"));
        self.wait_for(|l| l == pong)
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}
