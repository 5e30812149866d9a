//! `fairyc uci`, `fairyc xboard` and `fairyc play`: the search behind the
//! two protocols chess GUIs speak, and a game in the terminal.
//!
//! The protocol loops ([`uci_session`], [`xboard_session`]) read any reader
//! and write any writer, so that the fuzz target drives them as the command
//! line does. Input is read a line at a time and at most [`MAX_LINE`] bytes
//! of a line are kept; a longer line, or one that is not UTF-8, is reported
//! and the session goes on. Everything written back has its control
//! characters escaped.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use fairyc_compiler::compile_with_warnings;
use fairyc_runtime::{perft, Game, Move, Position, Variant, VariantTables};
use fairyc_search::{Engine, Info, Limits, Score};

use crate::files::{self, Fatal};
use crate::library;

/// Transposition table size by default, MiB.
const HASH_MB: usize = 16;

/// The largest transposition table `Hash` may ask for, MiB.
const MAX_HASH_MB: usize = 4096;

/// The longest input line read by `uci`, `xboard` and `play`, in bytes
/// (256 KiB: a `position … moves` line of some 35,000 plies). A longer line
/// is dropped and reported, never echoed.
pub const MAX_LINE: usize = 256 << 10;

/// The longest time `go` (or XBoard's clock) is taken at, in milliseconds:
/// 10^12 ms, about 31 years; a longer time counts as this, with a note.
pub const MAX_MS: u64 = 1_000_000_000_000;

/// At most this much of a line is quoted back in a message, in characters.
const QUOTE: usize = 64;

/// `text`, cut to [`QUOTE`] characters with `…` if it is longer.
fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// Where a session writes its lines. Shared by the thread that reads input
/// (it answers `isready` while a search runs) and the session.
#[derive(Clone)]
pub struct Out(Arc<Mutex<Box<dyn Write + Send>>>);

impl std::fmt::Debug for Out {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Out")
    }
}

impl Out {
    /// Lines to `w`.
    pub fn new(w: impl Write + Send + 'static) -> Out {
        Out(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes one line and flushes it; control characters (an ESC echoed
    /// from input, a newline in a name) are escaped (`\u{1b}`).
    fn say(&self, line: &str) {
        self.write(&files::printable(line, false), true);
    }

    /// Writes text of several lines (a board), control characters other
    /// than newlines escaped; `newline` ends it with one.
    fn write(&self, text: &str, newline: bool) {
        let mut w = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = w.write_all(text.as_bytes());
        if newline {
            let _ = w.write_all(b"\n");
        }
        let _ = w.flush();
    }
}

/// Bounds on the work a session may be asked for. The command line sets
/// none; the fuzz target caps every search and perft.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The deepest search (`go depth`, XBoard's `sd`); also ends `go
    /// infinite` and searches with no depth there.
    pub max_depth: Option<u32>,
    /// The most nodes a search visits.
    pub max_nodes: Option<u64>,
    /// The deepest `go perft`.
    pub max_perft: Option<u32>,
    /// Whether `setoption name VariantPath` may read files.
    pub files: bool,
    /// The largest `Hash`, MiB.
    pub max_hash_mb: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            max_depth: None,
            max_nodes: None,
            max_perft: None,
            files: true,
            max_hash_mb: MAX_HASH_MB,
        }
    }
}

impl Options {
    /// The limits with this session's caps applied.
    fn cap(&self, mut l: Limits) -> Limits {
        if let Some(d) = self.max_depth {
            l.depth = Some(l.depth.map_or(d, |x| x.min(d)));
            l.infinite = false;
        }
        if let Some(n) = self.max_nodes {
            l.nodes = Some(l.nodes.map_or(n, |x| x.min(n)));
            l.infinite = false;
        }
        l
    }
}

/// One line of input: its text (without the line end), or why it was
/// dropped.
enum Input {
    Line(String),
    /// Longer than [`MAX_LINE`] bytes.
    TooLong,
    /// Not UTF-8.
    NotUtf8,
}

impl Input {
    /// The report of a dropped line.
    fn problem(&self) -> Option<String> {
        match self {
            Input::Line(_) => None,
            Input::TooLong => Some(format!("a line longer than {MAX_LINE} bytes was ignored")),
            Input::NotUtf8 => Some("a line that is not UTF-8 was ignored".to_string()),
        }
    }
}

/// Reads one line, keeping at most `max` bytes of it: a longer line is read
/// to its end and dropped ([`Input::TooLong`]). `None` at the end of input
/// (or when reading fails).
fn read_line(r: &mut dyn BufRead, max: usize) -> Option<Input> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let (used, ended) = {
            let chunk = match r.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let end = chunk.iter().position(|&b| b == b'\n');
            let part = &chunk[..end.unwrap_or(chunk.len())];
            if !too_long {
                if buf.len() + part.len() > max {
                    too_long = true;
                    buf = Vec::new();
                } else {
                    buf.extend_from_slice(part);
                }
            }
            (end.map_or(chunk.len(), |i| i + 1), end.is_some())
        };
        r.consume(used);
        if ended {
            break;
        }
    }
    if !any {
        return None;
    }
    if too_long {
        return Some(Input::TooLong);
    }
    Some(match String::from_utf8(buf) {
        Ok(s) => Input::Line(s),
        Err(_) => Input::NotUtf8,
    })
}
/// Compiles a `.variant` source into a variant; the errors as one line.
/// The last few sources compiled are kept (`ucinewgame`, XBoard's `new` and
/// `variant` load the same variant again).
fn compile(source: &str) -> Result<Variant, String> {
    type Compiled = Result<Variant, String>;
    /// The most variants kept.
    const KEPT: usize = 8;
    static COMPILED: std::sync::OnceLock<Mutex<std::collections::HashMap<String, Compiled>>> =
        std::sync::OnceLock::new();
    let cache = COMPILED.get_or_init(Default::default);
    if let Some(known) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(source) {
        return known.clone();
    }
    let compiled = compile_uncached(source);
    let mut kept = cache.lock().unwrap_or_else(|e| e.into_inner());
    if kept.len() >= KEPT {
        kept.clear();
    }
    kept.insert(source.to_string(), compiled.clone());
    compiled
}

fn compile_uncached(source: &str) -> Result<Variant, String> {
    match compile_with_warnings(source) {
        Ok(c) => Variant::new(c.tables).map_err(|e| e.to_string()),
        Err(errors) => Err(format!(
            "{} error(s), the first: {}",
            errors.len(),
            errors
                .first()
                .map(|e| e.to_diagnostic(0).message)
                .unwrap_or_default()
        )),
    }
}

/// The variants a protocol session offers: the shipped ones, then those
/// loaded from `VariantPath` files.
struct Catalogue {
    /// `(name, source)`; names are the file stems.
    entries: Vec<(String, String)>,
}

impl Catalogue {
    fn new() -> Catalogue {
        Catalogue {
            entries: library::entries()
                .into_iter()
                .map(|e| (e.stem.to_string(), e.source.to_string()))
                .collect(),
        }
    }

    fn names(&self) -> Vec<&str> {
        self.entries.iter().map(|(n, _)| n.as_str()).collect()
    }

    /// The source of the variant called `stem`.
    fn source(&self, stem: &str) -> Option<&str> {
        self.entries
            .iter()
            .rev()
            .find(|(n, _)| n == stem)
            .map(|(_, s)| s.as_str())
    }

    /// The variant named `name` (a stem, or a shipped variant's name or alias).
    fn load(&self, name: &str) -> Result<(String, Variant), String> {
        let found = self
            .entries
            .iter()
            .rev()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(n, s)| (n.clone(), s.clone()))
            .or_else(|| library::find(name).map(|e| (e.stem.to_string(), e.source.to_string())));
        match found {
            Some((n, source)) => compile(&source)
                .map(|v| (n.clone(), v))
                .map_err(|e| format!("variant {n}: {e}")),
            None => Err(match crate::library::closest(name) {
                Some(c) => format!("unknown variant `{name}` (did you mean `{c}`?)"),
                None => format!("unknown variant `{name}`"),
            }),
        }
    }

    /// Adds the `.variant` files of a file or folder; their names, or why not.
    fn add_path(&mut self, path: &Path) -> Result<Vec<String>, String> {
        let paths = files::expand(&[path.to_path_buf()]).map_err(|Fatal(m)| m)?;
        let mut added = Vec::new();
        for p in paths {
            let source = files::read(&p).map_err(|Fatal(m)| m)?;
            compile(&source).map_err(|e| format!("{}: {e}", p.display()))?;
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            self.entries.push((stem.clone(), source));
            added.push(stem);
        }
        if added.is_empty() {
            return Err(format!("no .variant file in {}", path.display()));
        }
        Ok(added)
    }
}

/// Plays `moves` (in the runtime's notation) from `fen` (the start if
/// `None`); the game, or why not.
fn build_game<'v>(v: &'v Variant, fen: Option<&str>, moves: &[String]) -> Result<Game<'v>, String> {
    let pos = match fen {
        Some(f) => Position::from_fen_or_sfen(v, f).map_err(|e| format!("bad FEN: {e}"))?,
        None => Position::new(v).map_err(|e| e.to_string())?,
    };
    let mut game = Game::new(pos);
    for text in moves {
        let m = game
            .position()
            .parse_uci(text)
            .map_err(|e| format!("illegal move {text}: {e}"))?;
        game.play(m)
            .map_err(|e| format!("illegal move {text}: {e}"))?;
    }
    Ok(game)
}

/// The hashes of the game's positions before the current one.
fn history_of(v: &Variant, fen: Option<&str>, moves: &[String]) -> Vec<u64> {
    let mut out = Vec::new();
    let Ok(mut g) = build_game(v, fen, &[]) else {
        return out;
    };
    for text in moves {
        out.push(g.position().hash());
        match g.position().parse_uci(text) {
            Ok(m) if g.play(m).is_ok() => {}
            _ => break,
        }
    }
    out
}

/// What the thread that reads input shares with the session.
#[derive(Clone)]
struct Flags {
    /// Raised to stop a search or perft (`stop`, `quit`, the end of input).
    stop: Arc<AtomicBool>,
    /// How many `go` the session has been sent and not yet answered
    /// (UCI; `isready` is answered at once while there are any).
    searches: Arc<AtomicUsize>,
    out: Out,
}

impl Flags {
    fn new(out: Out) -> Flags {
        Flags {
            stop: Arc::new(AtomicBool::new(false)),
            searches: Arc::new(AtomicUsize::new(0)),
            out,
        }
    }
}

/// Reads `input` on a thread of its own, so that `stop` (and `isready`,
/// `?`) reach a running search: `immediate` sees every line first and
/// returns `true` if it handled it. The end of input raises `stop` and
/// sends `quit`.
fn reader(
    mut input: Box<dyn BufRead + Send>,
    flags: Flags,
    immediate: fn(&str, &Flags) -> bool,
    starts_search: fn(&str) -> bool,
    is_go: fn(&str) -> bool,
) -> mpsc::Receiver<Input> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        while let Some(read) = read_line(&mut *input, MAX_LINE) {
            let read = match read {
                Input::Line(line) => {
                    let line = line.trim().to_string();
                    if immediate(&line, &flags) {
                        continue;
                    }
                    // The flag is lowered here, in reading order, so that a
                    // `stop` read before its search has started still stops
                    // it.
                    if starts_search(&line) {
                        flags.stop.store(false, Ordering::SeqCst);
                    }
                    if is_go(&line) {
                        flags.searches.fetch_add(1, Ordering::SeqCst);
                    }
                    Input::Line(line)
                }
                bad => bad,
            };
            if tx.send(read).is_err() {
                return;
            }
        }
        flags.stop.store(true, Ordering::SeqCst);
        let _ = tx.send(Input::Line("quit".to_string()));
    });
    rx
}

fn uci_score(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}

/// The principal variation as moves in UCI notation, each after a space.
fn pv_text(pos: &Position, line: &[Move]) -> String {
    let mut pv = String::new();
    let mut p = pos.clone();
    for &m in line {
        pv.push(' ');
        pv.push_str(&p.uci(m));
        p.play_unchecked(m);
    }
    pv
}

fn info_line(pos: &Position, info: &Info) -> String {
    let ms = info.time.as_millis().max(1);
    let nps = u128::from(info.nodes) * 1000 / ms;
    let pv = pv_text(pos, &info.pv);
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv{}",
        info.depth,
        info.seldepth,
        uci_score(info.score),
        info.nodes,
        nps,
        info.time.as_millis(),
        pv
    )
}

/// The state of a protocol session.
struct Session {
    catalogue: Catalogue,
    name: String,
    variant: Option<Box<Variant>>,
    engine: Option<Engine>,
    hash: usize,
    fen: Option<String>,
    moves: Vec<String>,
    out: Out,
    options: Options,
}

impl Session {
    fn new(default: &str, out: Out, options: Options) -> Session {
        let mut s = Session {
            catalogue: Catalogue::new(),
            name: String::new(),
            variant: None,
            engine: None,
            hash: HASH_MB.min(options.max_hash_mb).max(1),
            fen: None,
            moves: Vec::new(),
            out,
            options,
        };
        if let Err(e) = s.set_variant(default) {
            s.out.say(&format!("info string {e}"));
        }
        s
    }

    fn say(&self, line: &str) {
        self.out.say(line);
    }

    fn set_variant(&mut self, name: &str) -> Result<(), String> {
        let (n, v) = self.catalogue.load(name)?;
        self.engine = Some(Engine::new(&v, self.hash));
        self.variant = Some(Box::new(v));
        self.name = n;
        self.fen = None;
        self.moves.clear();
        Ok(())
    }

    fn variant(&self) -> Result<&Variant, String> {
        self.variant
            .as_deref()
            .ok_or_else(|| "no variant is loaded".to_string())
    }

    /// Sets the position, checking it and its moves first.
    fn set_position(&mut self, fen: Option<String>, moves: Vec<String>) -> Result<(), String> {
        build_game(self.variant()?, fen.as_deref(), &moves)?;
        self.fen = fen;
        self.moves = moves;
        Ok(())
    }

    /// Searches the current position; the best move (text) if any, and the
    /// game's result text if the game is over.
    fn think(
        &mut self,
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Position, &Info),
    ) -> Result<(Option<String>, Option<fairyc_runtime::GameResult>), String> {
        let Some(v) = self.variant.as_deref() else {
            return Err("no variant is loaded".to_string());
        };
        let limits = self.options.cap(limits.clone());
        let game = build_game(v, self.fen.as_deref(), &self.moves)?;
        if let Some(r) = game.outcome() {
            return Ok((None, Some(r)));
        }
        let history = history_of(v, self.fen.as_deref(), &self.moves);
        let engine = self.engine.get_or_insert_with(|| Engine::new(v, self.hash));
        let pos = game.position();
        let report = engine.search(pos, &history, &limits, stop, |i| on_info(pos, i));
        Ok((report.best.map(|m| pos.uci(m)), None))
    }
}

// ----------------------------------------------------------------- UCI

fn uci_immediate(line: &str, flags: &Flags) -> bool {
    match line {
        "stop" => {
            flags.stop.store(true, Ordering::SeqCst);
            true
        }
        "isready" if flags.searches.load(Ordering::SeqCst) > 0 => {
            flags.out.say("readyok");
            true
        }
        "quit" => {
            flags.stop.store(true, Ordering::SeqCst);
            false
        }
        _ => false,
    }
}

/// A number as `go` reads it: a negative one counts as 0 (a clock after a
/// flag fall), one too large for 64 bits as the largest; `None` for no
/// number.
fn go_number(w: &str) -> Option<u64> {
    if let Ok(n) = w.parse::<i64>() {
        return Some(n.max(0) as u64);
    }
    let (sign, digits) = match w.strip_prefix('-') {
        Some(d) => (-1, d),
        None => (1, w.strip_prefix('+').unwrap_or(w)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(if sign < 0 { 0 } else { u64::MAX })
}

/// `n` (read from `word`), or `max` with a note if it is larger.
fn at_most(what: &str, word: &str, n: u64, max: u64, notes: &mut Vec<String>) -> u64 {
    if n > max {
        notes.push(format!(
            "{what} {} is more than {max}: taken as {max}",
            quote(word)
        ));
        max
    } else {
        n
    }
}

/// The most a `u32` parameter (`depth`, `movestogo`, `mate`) is taken at.
const MAX_U32: u64 = u32::MAX as u64;

/// Reads `go`'s limits, and the perft depth of `go perft`; a number too
/// large for its parameter is taken at the most it may be, with a note in
/// `notes`.
fn parse_go(words: &[&str], notes: &mut Vec<String>) -> Result<(Limits, Option<u32>), String> {
    let mut l = Limits::default();
    let mut perft = None;
    let mut i = 0;
    while i < words.len() {
        let what = words[i];
        match what {
            "infinite" | "ponder" => {
                l.infinite |= what == "infinite";
                i += 1;
                continue;
            }
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            | "mate" | "perft" => {}
            w => return Err(format!("unknown go parameter `{}`", quote(w))),
        }
        let Some(&word) = words.get(i + 1) else {
            return Err(format!("`{what}` needs a number"));
        };
        let n = go_number(word)
            .ok_or_else(|| format!("`{what}` needs a number, not `{}`", quote(word)))?;
        let count = |notes: &mut Vec<String>| at_most(what, word, n, MAX_U32, notes) as u32;
        let ms =
            |notes: &mut Vec<String>| Duration::from_millis(at_most(what, word, n, MAX_MS, notes));
        match what {
            "depth" => l.depth = Some(count(notes)),
            "nodes" => l.nodes = Some(n),
            "movetime" => l.movetime = Some(ms(notes)),
            "wtime" => l.time[0] = Some(ms(notes)),
            "btime" => l.time[1] = Some(ms(notes)),
            "winc" => l.inc[0] = ms(notes),
            "binc" => l.inc[1] = ms(notes),
            "movestogo" => l.movestogo = Some(count(notes)),
            "mate" => l.mate = Some(count(notes)),
            _ => {
                if n > MAX_U32 {
                    return Err(format!(
                        "perft depth {} is more than {MAX_U32}",
                        quote(word)
                    ));
                }
                perft = Some(n as u32);
            }
        }
        i += 2;
    }
    Ok((l, perft))
}

/// Reads `position`'s arguments: the FEN (`None` for startpos) and moves.
fn parse_position(words: &[&str]) -> Result<(Option<String>, Vec<String>), String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (head, tail) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let fen = match head.first() {
        Some(&"startpos") if head.len() == 1 => None,
        Some(&"fen") if head.len() > 1 => Some(head[1..].join(" ")),
        _ => return Err("position needs `startpos` or `fen FEN`".to_string()),
    };
    Ok((fen, tail.iter().map(|s| s.to_string()).collect()))
}

/// `fairyc uci`.
pub fn uci() -> Result<ExitCode, Fatal> {
    let stdin = std::io::BufReader::new(std::io::stdin());
    uci_session(
        Box::new(stdin),
        Out::new(std::io::stdout()),
        Options::default(),
    );
    Ok(ExitCode::SUCCESS)
}

/// A UCI session reading `input` and answering on `out`, until `quit` or
/// the end of input.
pub fn uci_session(input: Box<dyn BufRead + Send>, out: Out, options: Options) {
    let flags = Flags::new(out.clone());
    let is_go = |l: &str| l == "go" || l.starts_with("go ");
    let rx = reader(input, flags.clone(), uci_immediate, is_go, is_go);
    let mut s = Session::new("chess", out, options);
    while let Ok(read) = rx.recv() {
        let line = match read {
            Input::Line(line) => line,
            bad => {
                s.say(&format!(
                    "info string {}",
                    bad.problem().unwrap_or_default()
                ));
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        let result: Result<(), String> = match cmd {
            "uci" => {
                s.say(&format!("id name fairyc {}", env!("CARGO_PKG_VERSION")));
                s.say("id author the fairyc authors");
                s.say(&format!(
                    "option name Hash type spin default {} min 1 max {}",
                    HASH_MB.min(s.options.max_hash_mb),
                    s.options.max_hash_mb
                ));
                let names = s.catalogue.names();
                let mut combo = format!("option name UCI_Variant type combo default {}", s.name);
                for n in names {
                    combo.push_str(" var ");
                    combo.push_str(n);
                }
                s.say(&combo);
                s.say("option name VariantPath type string default <empty>");
                s.say("uciok");
                Ok(())
            }
            "isready" => {
                s.say("readyok");
                Ok(())
            }
            "ucinewgame" => {
                if let Some(e) = s.engine.as_mut() {
                    e.clear();
                }
                s.fen = None;
                s.moves.clear();
                Ok(())
            }
            "setoption" => set_option(&mut s, &words),
            "position" => parse_position(&words[1..]).and_then(|(f, m)| s.set_position(f, m)),
            "go" => {
                let mut notes = Vec::new();
                let parsed = parse_go(&words[1..], &mut notes);
                for n in notes {
                    s.say(&format!("info string {n}"));
                }
                let r = match parsed {
                    Ok((_, Some(depth))) => uci_perft(&s, depth, &flags.stop),
                    Ok((limits, None)) => {
                        uci_go(&mut s, &limits, &flags);
                        Ok(())
                    }
                    Err(e) => {
                        // A GUI waits for `bestmove` after every `go`.
                        s.say(&format!("info string {e}"));
                        s.say("bestmove (none)");
                        Ok(())
                    }
                };
                // This `go` is answered: `isready` waits its turn again.
                let _ = flags
                    .searches
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
                r
            }
            "d" => s
                .variant()
                .and_then(|v| build_game(v, s.fen.as_deref(), &s.moves))
                .map(|g| s.say(&format!("Fen: {}", g.position().fen()))),
            "stop" | "ponderhit" => Ok(()),
            "quit" => break,
            _ => Err(format!("unknown command `{}`", quote(&line))),
        };
        if let Err(e) = result {
            s.say(&format!("info string {e}"));
        }
    }
}

/// `go` with these limits: the search, then always `bestmove`.
fn uci_go(s: &mut Session, limits: &Limits, flags: &Flags) {
    let out = s.out.clone();
    let r = s.think(limits, &flags.stop, |pos, info| {
        out.say(&info_line(pos, info))
    });
    // `go infinite` answers only after `stop`.
    if limits.infinite {
        while !flags.stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    match r {
        Ok((Some(m), _)) => s.say(&format!("bestmove {m}")),
        Ok((None, r)) => {
            if let Some(r) = r {
                s.say(&format!("info string game over: {r}"));
            }
            s.say("bestmove (none)");
        }
        Err(e) => {
            s.say(&format!("info string {e}"));
            s.say("bestmove (none)");
        }
    }
}

fn set_option(s: &mut Session, words: &[&str]) -> Result<(), String> {
    let value_at = words.iter().position(|w| *w == "value");
    if words.get(1) != Some(&"name") {
        return Err("setoption needs `name NAME [value VALUE]`".to_string());
    }
    let name = words[2..value_at.unwrap_or(words.len())].join(" ");
    let value = value_at
        .map(|i| words[i + 1..].join(" "))
        .unwrap_or_default();
    match name.to_ascii_lowercase().as_str() {
        "uci_variant" => s.set_variant(&value),
        "variantpath" => {
            if value.is_empty() || value == "<empty>" {
                return Ok(());
            }
            if !s.options.files {
                return Err("VariantPath reads no files in this session".to_string());
            }
            let added = s.catalogue.add_path(&PathBuf::from(&value))?;
            s.say(&format!("info string loaded {}", added.join(" ")));
            Ok(())
        }
        "hash" => {
            let mb: usize = value
                .parse()
                .map_err(|_| format!("Hash needs a number of MiB, not `{}`", quote(&value)))?;
            s.hash = mb.clamp(1, s.options.max_hash_mb.max(1));
            if let Some(v) = s.variant.as_deref() {
                s.engine = Some(Engine::new(v, s.hash));
            }
            Ok(())
        }
        _ => Err(format!("unknown option `{}`", quote(&name))),
    }
}

/// Perft that gives up (`None`) soon after `stop` is raised; the last two
/// plies are counted by the runtime's perft at once.
fn perft_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if pos.rule_outcome().is_some() {
        return Some(0);
    }
    let mut total: u64 = 0;
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        total = total.saturating_add(perft_until(&next, depth - 1, stop)?);
    }
    Some(total)
}

/// `go perft N`: a line per root move, then the total; `stop`, `quit` or
/// the end of input end it early (with a note, and no total).
fn uci_perft(s: &Session, depth: u32, stop: &AtomicBool) -> Result<(), String> {
    let depth = match s.options.max_perft {
        Some(most) if depth > most => {
            s.say(&format!(
                "info string perft depth {depth} is more than {most} here: taken as {most}"
            ));
            most
        }
        _ => depth,
    };
    let v = s.variant()?;
    let game = build_game(v, s.fen.as_deref(), &s.moves)?;
    let pos = game.position();
    let mut total: u64 = 0;
    let depth = depth.max(1);
    if pos.rule_outcome().is_none() {
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let Some(n) = perft_until(&next, depth - 1, stop) else {
                s.say("info string perft stopped");
                return Ok(());
            };
            s.say(&format!("{}: {n}", pos.uci(m)));
            total = total.saturating_add(n);
        }
    }
    s.say("");
    s.say(&format!("Nodes searched: {total}"));
    Ok(())
}

// -------------------------------------------------------------- XBoard

fn xboard_immediate(line: &str, flags: &Flags) -> bool {
    match line {
        "?" => {
            flags.stop.store(true, Ordering::SeqCst);
            true
        }
        "quit" => {
            flags.stop.store(true, Ordering::SeqCst);
            false
        }
        _ => false,
    }
}

/// The variants XBoard knows by name and plays by its own rules (so they
/// get no `setup`), with the stem of ours that plays them; the same list as
/// Fairy-Stockfish's.
const XBOARD_KNOWN: &[(&str, &str)] = &[
    ("normal", "chess"),
    ("nocastle", "nocastle"),
    ("fischerandom", "fischerandom"),
    ("knightmate", "knightmate"),
    ("3check", "3check"),
    ("makruk", "makruk"),
    ("shatranj", "shatranj"),
    ("asean", "asean"),
    ("seirawan", "seirawan"),
    ("crazyhouse", "crazyhouse"),
    ("suicide", "suicide"),
    ("giveaway", "giveaway"),
    ("losers", "losers"),
    ("capablanca", "capablanca"),
    ("gothic", "gothic"),
    ("janus", "janus"),
    ("caparandom", "caparandom"),
    ("grand", "grand"),
    ("shogi", "shogi"),
    ("xiangqi", "xiangqi"),
];

/// XBoard's own name for one of our variants, if it has one.
fn xboard_name(stem: &str) -> &str {
    XBOARD_KNOWN
        .iter()
        .find(|(_, s)| *s == stem)
        .map_or(stem, |(x, _)| x)
}

/// What XBoard is told about a variant: nothing for one it knows, else
/// the `setup` and `piece` lines, or why it cannot be told.
///
/// Each source is described once per process: `protover` asks about every
/// variant, and a session may ask again.
fn xboard_lines(stem: &str, source: &str) -> Result<Vec<String>, String> {
    type Described = Result<Vec<String>, String>;
    static DESCRIBED: std::sync::OnceLock<Mutex<std::collections::HashMap<String, Described>>> =
        std::sync::OnceLock::new();
    if XBOARD_KNOWN.iter().any(|(_, s)| *s == stem) {
        return Ok(Vec::new());
    }
    let cache = DESCRIBED.get_or_init(Default::default);
    if let Some(known) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(source) {
        return known.clone();
    }
    let described = fairyc_interop::xboard::describe(source)
        .map_err(|e| e.to_string())
        .map(|x| {
            let mut lines = vec![x.setup_line()];
            lines.extend(x.piece_lines());
            lines
        });
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(source.to_string(), described.clone());
    described
}

/// The board height of the session's variant (XBoard renames ranks from
/// ten ranks up).
fn height_of(s: &Session) -> u32 {
    s.variant
        .as_deref()
        .map_or(8, |v| u32::from(v.tables().parts().board.height))
}

/// A move XBoard sends, in the runtime's notation: ranks renamed, and a
/// promotion without its suffix (or with XBoard's `=`) completed when only
/// one legal move fits.
fn move_from_xboard(s: &Session, text: &str) -> String {
    let text = fairyc_interop::xboard::from_xboard_move(text, height_of(s)).replace('=', "");
    let Ok(game) = s
        .variant()
        .and_then(|v| build_game(v, s.fen.as_deref(), &s.moves))
    else {
        return text;
    };
    let pos = game.position();
    let legal: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    if legal.contains(&text) {
        return text;
    }
    let lower = text.to_ascii_lowercase();
    if legal.contains(&lower) {
        return lower;
    }
    let longer: Vec<&String> = legal
        .iter()
        .filter(|m| m.len() == text.len() + 1 && m.starts_with(&text))
        .collect();
    match longer.as_slice() {
        [one] => (*one).clone(),
        _ => text,
    }
}

/// `fairyc xboard`.
pub fn xboard() -> Result<ExitCode, Fatal> {
    let stdin = std::io::BufReader::new(std::io::stdin());
    xboard_session(
        Box::new(stdin),
        Out::new(std::io::stdout()),
        Options::default(),
    );
    Ok(ExitCode::SUCCESS)
}

/// An XBoard session reading `input` and answering on `out`, until `quit`
/// or the end of input.
pub fn xboard_session(input: Box<dyn BufRead + Send>, out: Out, options: Options) {
    let flags = Flags::new(out.clone());
    let rx = reader(
        input,
        flags.clone(),
        xboard_immediate,
        |l| l != "quit",
        |_| false,
    );
    let mut s = Session::new("chess", out, options);
    let mut force = false;
    let mut engine_side: Option<fairyc_runtime::Color> = Some(fairyc_runtime::Color::Black);
    let mut limits = Limits {
        time: [Some(Duration::from_secs(60)); 2],
        ..Limits::default()
    };
    let mut clock_ms: u64 = 60_000;
    let mut inc_ms: u64 = 0;
    let mut st: Option<u64> = None;
    let mut sd: Option<u32> = None;
    while let Ok(read) = rx.recv() {
        let line = match read {
            Input::Line(line) => line,
            bad => {
                s.say(&format!(
                    "Error (bad line): {}",
                    bad.problem().unwrap_or_default()
                ));
                continue;
            }
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        let arg = words.get(1).copied().unwrap_or("");
        let mut think = false;
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "post" | "nopost" | "hard" | "easy"
            | "computer" | "name" | "rating" | "ics" | "otim" | "white" | "black" => {}
            "protover" => {
                // `done=0` first: finding the variants XBoard can be told
                // compiles each of them.
                s.say("feature done=0");
                let names: Vec<&str> = s
                    .catalogue
                    .entries
                    .iter()
                    .filter(|(n, src)| xboard_lines(n, src).is_ok())
                    .map(|(n, _)| xboard_name(n))
                    .collect();
                s.say(&format!(
                    "feature myname=\"fairyc {}\" ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 \
                     san=0 colors=0 analyze=0 variants=\"{}\"",
                    env!("CARGO_PKG_VERSION"),
                    names.join(",")
                ));
                s.say("feature done=1");
            }
            "ping" => s.say(&format!("pong {}", quote(arg))),
            "new" => {
                let name = s.name.clone();
                if let Err(e) = s.set_variant(&name) {
                    s.say(&format!("Error (new): {e}"));
                }
                if let Some(e) = s.engine.as_mut() {
                    e.clear();
                }
                force = false;
                engine_side = Some(fairyc_runtime::Color::Black);
                st = None;
                sd = None;
            }
            "variant" => {
                let stem = s
                    .catalogue
                    .names()
                    .into_iter()
                    .find(|n| xboard_name(n) == arg)
                    .map(str::to_string)
                    .unwrap_or_else(|| arg.to_string());
                let told = s
                    .catalogue
                    .source(&stem)
                    .map(|src| xboard_lines(&stem, src));
                match told {
                    Some(Err(e)) => {
                        s.say(&format!("Error (unsupported variant): {}: {e}", quote(arg)))
                    }
                    _ => match s.set_variant(&stem) {
                        Err(e) => s.say(&format!("Error (unknown variant): {}: {e}", quote(arg))),
                        Ok(()) => {
                            for l in told.and_then(Result::ok).unwrap_or_default() {
                                s.say(&l);
                            }
                        }
                    },
                }
            }
            "force" => {
                force = true;
                engine_side = None;
            }
            "go" => {
                force = false;
                think = true;
            }
            "playother" => {
                force = false;
                engine_side = None;
            }
            "setboard" => {
                let fen =
                    fairyc_interop::xboard::fen_from_xboard(&words[1..].join(" "), height_of(&s));
                if let Err(e) = s.set_position(Some(fen), Vec::new()) {
                    s.say(&format!("tellusererror Illegal position: {e}"));
                }
            }
            "usermove" => {
                let mut moves = s.moves.clone();
                moves.push(move_from_xboard(&s, arg));
                match s.set_position(s.fen.clone(), moves) {
                    Ok(()) => think = !force,
                    Err(_) => s.say(&format!("Illegal move: {}", quote(arg))),
                }
            }
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                let keep = s.moves.len().saturating_sub(n);
                s.moves.truncate(keep);
            }
            "time" => {
                if let Ok(cs) = arg.parse::<i64>() {
                    clock_ms = (cs.max(0) as u64).saturating_mul(10).min(MAX_MS);
                }
            }
            "level" => {
                // level MPS BASE INC: BASE is minutes or minutes:seconds.
                if let (Some(mps), Some(base), Some(inc)) =
                    (words.get(1), words.get(2), words.get(3))
                {
                    let base_s = match base.split_once(':') {
                        Some((m, sec)) => m
                            .parse::<u64>()
                            .unwrap_or(0)
                            .saturating_mul(60)
                            .saturating_add(sec.parse::<u64>().unwrap_or(0)),
                        None => base.parse::<u64>().unwrap_or(1).saturating_mul(60),
                    };
                    clock_ms = base_s.saturating_mul(1000).min(MAX_MS);
                    // `as` saturates (and takes NaN as 0).
                    inc_ms = ((inc.parse::<f64>().unwrap_or(0.0) * 1000.0) as u64).min(MAX_MS);
                    limits.movestogo = mps.parse::<u32>().ok().filter(|&n| n > 0);
                    st = None;
                } else {
                    s.say(&format!("Error (bad level): {}", quote(&line)));
                }
            }
            "st" => {
                st = arg
                    .parse::<u64>()
                    .ok()
                    .map(|x| x.saturating_mul(1000).min(MAX_MS))
            }
            "sd" => sd = arg.parse().ok(),
            "result" => force = true,
            "quit" => break,
            _ => s.say(&format!("Error (unknown command): {}", quote(cmd))),
        }
        if !think {
            continue;
        }
        let turn = match s
            .variant()
            .and_then(|v| build_game(v, s.fen.as_deref(), &s.moves))
        {
            Ok(g) => g.position().turn(),
            Err(e) => {
                s.say(&format!("Error (position): {e}"));
                continue;
            }
        };
        if cmd == "go" {
            engine_side = Some(turn);
        }
        if engine_side != Some(turn) {
            continue;
        }
        let mut l = Limits {
            depth: sd,
            movestogo: limits.movestogo,
            ..Limits::default()
        };
        match st {
            Some(ms) => l.movetime = Some(Duration::from_millis(ms)),
            None => {
                l.time[turn.index()] = Some(Duration::from_millis(clock_ms));
                l.inc[turn.index()] = Duration::from_millis(inc_ms);
            }
        }
        let height = height_of(&s);
        let out = s.out.clone();
        let r = s.think(&l, &flags.stop, |pos, info| {
            let pv = fairyc_interop::xboard::to_xboard_text(&pv_text(pos, &info.pv), height);
            let score = match info.score {
                Score::Cp(c) => c,
                Score::Mate(m) if m > 0 => 100_000 + m,
                Score::Mate(m) => -100_000 + m,
            };
            out.say(&format!(
                "{} {} {} {}{}",
                info.depth,
                score,
                info.time.as_millis() / 10,
                info.nodes,
                pv
            ));
        });
        match r {
            Ok((Some(m), _)) => {
                let mut moves = s.moves.clone();
                moves.push(m.clone());
                if s.set_position(s.fen.clone(), moves).is_ok() {
                    s.say(&format!(
                        "move {}",
                        fairyc_interop::xboard::to_xboard_text(&m, height)
                    ));
                    if let Some(res) = s
                        .variant()
                        .ok()
                        .and_then(|v| build_game(v, s.fen.as_deref(), &s.moves).ok())
                        .and_then(|g| g.outcome())
                    {
                        s.say(&xboard_result(&res));
                    }
                }
            }
            Ok((None, Some(res))) => s.say(&xboard_result(&res)),
            Ok((None, None)) => {}
            Err(e) => s.say(&format!("Error (search): {e}")),
        }
    }
}

fn result_score(r: &fairyc_runtime::GameResult) -> &'static str {
    match r.winner {
        Some(fairyc_runtime::Color::White) => "1-0",
        Some(fairyc_runtime::Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

fn xboard_result(r: &fairyc_runtime::GameResult) -> String {
    let why = match r.winner {
        Some(c) => format!("{} wins by {}", c.name(), r.reason),
        None => format!("draw by {}", r.reason),
    };
    format!("{} {{{why}}}", result_score(r))
}

// ---------------------------------------------------------------- play

/// The longest time `play --time` takes, in seconds (a day).
pub const MAX_PLAY_SECONDS: f64 = 86_400.0;

/// `play --time`: a number of seconds above 0 and at most
/// [`MAX_PLAY_SECONDS`].
pub fn play_seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_PLAY_SECONDS => Ok(s),
        Ok(s) if s.is_finite() && s > MAX_PLAY_SECONDS => Err(format!(
            "the time must be at most {MAX_PLAY_SECONDS} seconds (a day), not {text}"
        )),
        _ => Err(format!(
            "the time must be a number of seconds above 0 (at most {MAX_PLAY_SECONDS}), not `{text}`"
        )),
    }
}

/// `fairyc play FILE`.
pub fn play(file: &Path, fen: Option<&str>, white: bool, seconds: f64) -> Result<ExitCode, Fatal> {
    let tables: VariantTables = match files::load_tables(file)? {
        Some(t) => t,
        None => return Ok(ExitCode::from(1)),
    };
    let v = Variant::new(tables)?;
    let start = files::position(&v, fen)?;
    let human = if white {
        fairyc_runtime::Color::White
    } else {
        fairyc_runtime::Color::Black
    };
    let seconds = play_seconds(&seconds.to_string()).map_err(Fatal)?;
    let mut engine = Engine::new(&v, HASH_MB);
    let mut game = Game::new(start.clone());
    let mut played: Vec<Move> = Vec::new();
    let mut stdin = std::io::stdin().lock();
    let out = Out::new(std::io::stdout());
    let say = |line: &str| out.say(line);
    let never = AtomicBool::new(false);
    loop {
        let pos = game.position().clone();
        out.write(
            &files::printable(&crate::show::position_text(&v, &pos.fen())?, true),
            true,
        );
        if let Some(r) = game.outcome() {
            say(&format!("game over: {r}"));
            return Ok(ExitCode::SUCCESS);
        }
        if pos.turn() != human {
            let mut hist = Vec::new();
            let mut g = Game::new(start.clone());
            for &m in &played {
                hist.push(g.position().hash());
                let _ = g.play(m);
            }
            let limits = Limits {
                movetime: Some(Duration::from_secs_f64(seconds)),
                ..Limits::default()
            };
            let report = engine.search(&pos, &hist, &limits, &never, |_| {});
            let Some(m) = report.best else {
                return Err(Fatal("the engine found no move".to_string()));
            };
            say(&format!("fairyc plays {}", pos.uci(m)));
            game.play(m)?;
            played.push(m);
            continue;
        }
        loop {
            out.write("your move> ", false);
            let line = match read_line(&mut stdin, MAX_LINE) {
                None => {
                    say("");
                    return Ok(ExitCode::SUCCESS);
                }
                Some(Input::Line(line)) => line,
                Some(bad) => {
                    say(&bad.problem().unwrap_or_default());
                    continue;
                }
            };
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "exit" => return Ok(ExitCode::SUCCESS),
                "fen" => say(&pos.fen()),
                "moves" => {
                    let list: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
                    say(&list.join(" "));
                }
                "undo" => {
                    // Take back the engine's reply and the player's move.
                    let n = if played.len() >= 2 { 2 } else { played.len() };
                    if n == 0 {
                        say("nothing to undo");
                        continue;
                    }
                    played.truncate(played.len() - n);
                    game = Game::new(start.clone());
                    for &m in &played {
                        game.play(m)?;
                    }
                    break;
                }
                _ => match pos.parse_uci(text) {
                    Ok(m) => {
                        game.play(m)?;
                        played.push(m);
                        break;
                    }
                    Err(_) => {
                        let list: Vec<String> =
                            pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
                        match fairyc_compiler::suggest::did_you_mean(
                            text,
                            list.iter().map(String::as_str),
                        ) {
                            Some(s) => say(&format!(
                                "illegal move `{}`; did you mean `{s}`?",
                                quote(text)
                            )),
                            None => say(&format!(
                                "illegal move `{}` (type `moves` for the legal moves)",
                                quote(text)
                            )),
                        }
                    }
                },
            }
        }
    }
}
