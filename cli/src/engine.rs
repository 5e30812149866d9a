//! `fairyc uci`, `fairyc xboard` and `fairyc play`: the search behind the
//! two protocols chess GUIs speak, and a game in the terminal.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use fairyc_compiler::compile_with_warnings;
use fairyc_runtime::{perft_divide, Game, Move, Position, Variant, VariantTables};
use fairyc_search::{Engine, Info, Limits, Score};

use crate::files::{self, Fatal};
use crate::library;

/// Transposition table size by default, MiB.
const HASH_MB: usize = 16;

/// Writes one protocol line and flushes it.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Compiles a `.variant` source into a variant; the errors as one line.
fn compile(source: &str) -> Result<Variant, String> {
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

/// Reads standard input on a thread of its own, so that `stop` (and
/// `isready`, `?`) reach a running search: `immediate` sees every line first
/// and returns `true` if it handled it.
fn reader(
    stop: Arc<AtomicBool>,
    searching: Arc<AtomicBool>,
    immediate: fn(&str, &AtomicBool, &AtomicBool) -> bool,
    starts_search: fn(&str) -> bool,
) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            let line = line.trim().to_string();
            if immediate(&line, &stop, &searching) {
                continue;
            }
            // The flag is lowered here, in reading order, so that a `stop`
            // read before its search has started still stops it.
            if starts_search(&line) {
                stop.store(false, Ordering::SeqCst);
            }
            if tx.send(line).is_err() {
                break;
            }
        }
        stop.store(true, Ordering::SeqCst);
        let _ = tx.send("quit".to_string());
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
}

impl Session {
    fn new(default: &str) -> Session {
        let mut s = Session {
            catalogue: Catalogue::new(),
            name: String::new(),
            variant: None,
            engine: None,
            hash: HASH_MB,
            fen: None,
            moves: Vec::new(),
        };
        if let Err(e) = s.set_variant(default) {
            say(&format!("info string {e}"));
        }
        s
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
        let game = build_game(v, self.fen.as_deref(), &self.moves)?;
        if let Some(r) = game.outcome() {
            return Ok((None, Some(r)));
        }
        let history = history_of(v, self.fen.as_deref(), &self.moves);
        let engine = self.engine.get_or_insert_with(|| Engine::new(v, HASH_MB));
        let pos = game.position();
        let report = engine.search(pos, &history, limits, stop, |i| on_info(pos, i));
        Ok((report.best.map(|m| pos.uci(m)), None))
    }
}

// ----------------------------------------------------------------- UCI

fn uci_immediate(line: &str, stop: &AtomicBool, searching: &AtomicBool) -> bool {
    match line {
        "stop" => {
            stop.store(true, Ordering::SeqCst);
            true
        }
        "isready" if searching.load(Ordering::SeqCst) => {
            say("readyok");
            true
        }
        "quit" => {
            stop.store(true, Ordering::SeqCst);
            false
        }
        _ => false,
    }
}

/// Reads `go`'s limits.
fn parse_go(words: &[&str]) -> Result<(Limits, Option<u32>), String> {
    let mut l = Limits::default();
    let mut perft = None;
    let mut i = 0;
    let num = |i: usize| -> Result<u64, String> {
        let w = words
            .get(i + 1)
            .ok_or_else(|| format!("`{}` needs a number", words[i]))?;
        // A clock may be negative after a flag fall: it counts as 0.
        match w.parse::<i64>() {
            Ok(n) => Ok(n.max(0) as u64),
            Err(_) => Err(format!("`{}` needs a number, not `{w}`", words[i])),
        }
    };
    while i < words.len() {
        let ms = |n: u64| Duration::from_millis(n);
        match words[i] {
            "depth" => l.depth = Some(num(i)? as u32),
            "nodes" => l.nodes = Some(num(i)?),
            "movetime" => l.movetime = Some(ms(num(i)?)),
            "wtime" => l.time[0] = Some(ms(num(i)?)),
            "btime" => l.time[1] = Some(ms(num(i)?)),
            "winc" => l.inc[0] = ms(num(i)?),
            "binc" => l.inc[1] = ms(num(i)?),
            "movestogo" => l.movestogo = Some(num(i)? as u32),
            "mate" => l.mate = Some(num(i)? as u32),
            "perft" => perft = Some(num(i)? as u32),
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                i += 1;
                continue;
            }
            w => return Err(format!("unknown go parameter `{w}`")),
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
    let stop = Arc::new(AtomicBool::new(false));
    let searching = Arc::new(AtomicBool::new(false));
    let rx = reader(stop.clone(), searching.clone(), uci_immediate, |l| {
        l == "go" || l.starts_with("go ")
    });
    let mut s = Session::new("chess");
    while let Ok(line) = rx.recv() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        let result: Result<(), String> = match cmd {
            "uci" => {
                say(&format!("id name fairyc {}", env!("CARGO_PKG_VERSION")));
                say("id author the fairyc authors");
                say(&format!(
                    "option name Hash type spin default {HASH_MB} min 1 max 4096"
                ));
                let names = s.catalogue.names();
                let mut combo = format!("option name UCI_Variant type combo default {}", s.name);
                for n in names {
                    combo.push_str(" var ");
                    combo.push_str(n);
                }
                say(&combo);
                say("option name VariantPath type string default <empty>");
                say("uciok");
                Ok(())
            }
            "isready" => {
                say("readyok");
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
            "go" => match parse_go(&words[1..]) {
                Err(e) => Err(e),
                Ok((_, Some(depth))) => uci_perft(&s, depth),
                Ok((limits, None)) => {
                    searching.store(true, Ordering::SeqCst);
                    let r = s.think(&limits, &stop, |pos, info| say(&info_line(pos, info)));
                    // `go infinite` answers only after `stop`.
                    if limits.infinite {
                        while !stop.load(Ordering::SeqCst) {
                            std::thread::sleep(Duration::from_millis(5));
                        }
                    }
                    searching.store(false, Ordering::SeqCst);
                    match r {
                        Ok((Some(m), _)) => {
                            say(&format!("bestmove {m}"));
                            Ok(())
                        }
                        Ok((None, r)) => {
                            if let Some(r) = r {
                                say(&format!("info string game over: {r}"));
                            }
                            say("bestmove (none)");
                            Ok(())
                        }
                        Err(e) => {
                            say(&format!("info string {e}"));
                            say("bestmove (none)");
                            Ok(())
                        }
                    }
                }
            },
            "d" => s
                .variant()
                .and_then(|v| build_game(v, s.fen.as_deref(), &s.moves))
                .map(|g| say(&format!("Fen: {}", g.position().fen()))),
            "stop" | "ponderhit" => Ok(()),
            "quit" => break,
            _ => Err(format!("unknown command `{line}`")),
        };
        if let Err(e) = result {
            say(&format!("info string {}", files::printable(&e, false)));
        }
    }
    Ok(ExitCode::SUCCESS)
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
            let added = s.catalogue.add_path(&PathBuf::from(&value))?;
            say(&format!("info string loaded {}", added.join(" ")));
            Ok(())
        }
        "hash" => {
            let mb: usize = value
                .parse()
                .map_err(|_| format!("Hash needs a number of MiB, not `{value}`"))?;
            s.hash = mb.clamp(1, 4096);
            if let Some(v) = s.variant.as_deref() {
                s.engine = Some(Engine::new(v, s.hash));
            }
            Ok(())
        }
        _ => Err(format!("unknown option `{name}`")),
    }
}

fn uci_perft(s: &Session, depth: u32) -> Result<(), String> {
    let v = s.variant()?;
    let game = build_game(v, s.fen.as_deref(), &s.moves)?;
    let pos = game.position();
    let mut total = 0;
    for (m, n) in perft_divide(pos, depth.max(1)) {
        say(&format!("{}: {n}", pos.uci(m)));
        total += n;
    }
    say("");
    say(&format!("Nodes searched: {total}"));
    Ok(())
}

// -------------------------------------------------------------- XBoard

fn xboard_immediate(line: &str, stop: &AtomicBool, searching: &AtomicBool) -> bool {
    match line {
        "?" => {
            stop.store(true, Ordering::SeqCst);
            true
        }
        "quit" => {
            stop.store(true, Ordering::SeqCst);
            false
        }
        l if l.starts_with("ping ") && searching.load(Ordering::SeqCst) => false,
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
fn xboard_lines(stem: &str, source: &str) -> Result<Vec<String>, String> {
    if XBOARD_KNOWN.iter().any(|(_, s)| *s == stem) {
        return Ok(Vec::new());
    }
    let x = fairyc_compiler::xboard::describe(source).map_err(|e| e.to_string())?;
    let mut lines = vec![x.setup_line()];
    lines.extend(x.piece_lines());
    Ok(lines)
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
    let text = fairyc_compiler::xboard::from_xboard_move(text, height_of(s)).replace('=', "");
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
    let stop = Arc::new(AtomicBool::new(false));
    let searching = Arc::new(AtomicBool::new(false));
    let rx = reader(stop.clone(), searching.clone(), xboard_immediate, |l| {
        l != "quit"
    });
    let mut s = Session::new("chess");
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
    while let Ok(line) = rx.recv() {
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
                say("feature done=0");
                let names: Vec<&str> = s
                    .catalogue
                    .entries
                    .iter()
                    .filter(|(n, src)| xboard_lines(n, src).is_ok())
                    .map(|(n, _)| xboard_name(n))
                    .collect();
                say(&format!(
                    "feature myname=\"fairyc {}\" ping=1 setboard=1 usermove=1 sigint=0 sigterm=0 \
                     san=0 colors=0 analyze=0 variants=\"{}\"",
                    env!("CARGO_PKG_VERSION"),
                    names.join(",")
                ));
                say("feature done=1");
            }
            "ping" => say(&format!("pong {arg}")),
            "new" => {
                let name = s.name.clone();
                if let Err(e) = s.set_variant(&name) {
                    say(&format!("Error (new): {e}"));
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
                    Some(Err(e)) => say(&format!("Error (unsupported variant): {arg}: {e}")),
                    _ => match s.set_variant(&stem) {
                        Err(e) => say(&format!("Error (unknown variant): {arg}: {e}")),
                        Ok(()) => {
                            for l in told.and_then(Result::ok).unwrap_or_default() {
                                say(&l);
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
                    fairyc_compiler::xboard::fen_from_xboard(&words[1..].join(" "), height_of(&s));
                if let Err(e) = s.set_position(Some(fen), Vec::new()) {
                    say(&format!("tellusererror Illegal position: {e}"));
                }
            }
            "usermove" => {
                let mut moves = s.moves.clone();
                moves.push(move_from_xboard(&s, arg));
                match s.set_position(s.fen.clone(), moves) {
                    Ok(()) => think = !force,
                    Err(_) => say(&format!("Illegal move: {arg}")),
                }
            }
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                let keep = s.moves.len().saturating_sub(n);
                s.moves.truncate(keep);
            }
            "time" => {
                if let Ok(cs) = arg.parse::<i64>() {
                    clock_ms = (cs.max(0) as u64) * 10;
                }
            }
            "level" => {
                // level MPS BASE INC: BASE is minutes or minutes:seconds.
                if let (Some(mps), Some(base), Some(inc)) =
                    (words.get(1), words.get(2), words.get(3))
                {
                    let base_s = match base.split_once(':') {
                        Some((m, sec)) => {
                            m.parse::<u64>().unwrap_or(0) * 60 + sec.parse::<u64>().unwrap_or(0)
                        }
                        None => base.parse::<u64>().unwrap_or(1) * 60,
                    };
                    clock_ms = base_s * 1000;
                    inc_ms = (inc.parse::<f64>().unwrap_or(0.0) * 1000.0) as u64;
                    limits.movestogo = mps.parse::<u32>().ok().filter(|&n| n > 0);
                    st = None;
                } else {
                    say(&format!("Error (bad level): {line}"));
                }
            }
            "st" => st = arg.parse::<u64>().ok().map(|x| x * 1000),
            "sd" => sd = arg.parse().ok(),
            "result" => force = true,
            "quit" => break,
            _ => say(&format!("Error (unknown command): {cmd}")),
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
                say(&format!("Error (position): {e}"));
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
        searching.store(true, Ordering::SeqCst);
        let height = height_of(&s);
        let r = s.think(&l, &stop, |pos, info| {
            let pv = fairyc_compiler::xboard::to_xboard_text(&pv_text(pos, &info.pv), height);
            let score = match info.score {
                Score::Cp(c) => c,
                Score::Mate(m) if m > 0 => 100_000 + m,
                Score::Mate(m) => -100_000 + m,
            };
            say(&format!(
                "{} {} {} {}{}",
                info.depth,
                score,
                info.time.as_millis() / 10,
                info.nodes,
                pv
            ));
        });
        searching.store(false, Ordering::SeqCst);
        match r {
            Ok((Some(m), _)) => {
                let mut moves = s.moves.clone();
                moves.push(m.clone());
                if s.set_position(s.fen.clone(), moves).is_ok() {
                    say(&format!(
                        "move {}",
                        fairyc_compiler::xboard::to_xboard_text(&m, height)
                    ));
                    if let Some(res) = s
                        .variant()
                        .ok()
                        .and_then(|v| build_game(v, s.fen.as_deref(), &s.moves).ok())
                        .and_then(|g| g.outcome())
                    {
                        say(&xboard_result(&res));
                    }
                }
            }
            Ok((None, Some(res))) => say(&xboard_result(&res)),
            Ok((None, None)) => {}
            Err(e) => say(&format!("Error (search): {e}")),
        }
    }
    Ok(ExitCode::SUCCESS)
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
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(Fatal(format!(
            "--time must be a positive number of seconds, not {seconds}"
        )));
    }
    let mut engine = Engine::new(&v, HASH_MB);
    let mut game = Game::new(start.clone());
    let mut played: Vec<Move> = Vec::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let never = AtomicBool::new(false);
    loop {
        let pos = game.position().clone();
        say(&crate::show::position_text(&v, &pos.fen())?);
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
            print!("your move> ");
            let _ = std::io::stdout().flush();
            let Some(Ok(line)) = lines.next() else {
                say("");
                return Ok(ExitCode::SUCCESS);
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
                            Some(s) => say(&format!("illegal move `{text}`; did you mean `{s}`?")),
                            None => say(&format!(
                                "illegal move `{text}` (type `moves` for the legal moves)"
                            )),
                        }
                    }
                },
            }
        }
    }
}
