//! Shared helpers for fairyc's integration tests and benchmarks: loading the
//! shipped variants, reading perft data files, talking UCI to
//! Fairy-Stockfish and xboard to Sjaak II ([`sjaak`]).

use std::path::{Path, PathBuf};

use fairyc_runtime::{Variant, VariantTables};

pub mod hachu;
pub mod process;
pub mod rows;
pub mod sjaak;
pub mod xboard;

/// The workspace root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// Compiles a shipped variant by file stem (`crazyhouse`).
///
/// # Panics
///
/// If the file is missing or does not compile: tests want to stop there.
pub fn shipped(stem: &str) -> Variant {
    compile_path(&root().join("variants").join(format!("{stem}.variant")))
}

/// Compiles a `.variant` file into a playable variant.
///
/// # Panics
///
/// If the file is missing or does not compile (with its diagnostics).
pub fn compile_path(path: &Path) -> Variant {
    let source = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let tables: VariantTables = fairyc_compiler::compile(&source).unwrap_or_else(|errors| {
        panic!(
            "{}",
            fairyc_compiler::diagnostic::render_plain(
                &path.display().to_string(),
                &source,
                &errors
            )
        )
    });
    Variant::new(tables).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One position of a perft data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// Its `id`.
    pub id: String,
    /// Its `epd` (a FEN).
    pub fen: String,
    /// `(depth, nodes)` pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft data file: `id NAME`, `epd FEN`, `perft DEPTH NODES` lines;
/// `#` starts a comment line.
///
/// # Panics
///
/// On a malformed line.
pub fn read_perft_file(path: &Path) -> Vec<PerftCase> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut cases: Vec<PerftCase> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(PerftCase {
                id: rest.trim().to_string(),
                fen: String::new(),
                counts: Vec::new(),
            }),
            "epd" => {
                if let Some(c) = cases.last_mut() {
                    c.fen = rest.trim().to_string();
                }
            }
            "perft" => {
                let mut it = rest.split_whitespace();
                let depth = it.next().and_then(|d| d.parse().ok());
                let nodes = it.next().and_then(|d| d.parse().ok());
                match (depth, nodes, cases.last_mut()) {
                    (Some(d), Some(nodes), Some(c)) => c.counts.push((d, nodes)),
                    _ => panic!("{}:{}: malformed perft line", path.display(), n + 1),
                }
            }
            _ => panic!("{}:{}: unknown line `{line}`", path.display(), n + 1),
        }
    }
    cases
}

/// The Debian package's engine binary.
pub const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// A running Fairy-Stockfish, spoken to over UCI.
/// The end of a game as the engine judges it ([`Engine::result`]); each
/// value is from the side to move's view: positive if it wins, negative if
/// it loses, 0 for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineEnd {
    /// The game is over by a rule (or the side to move has no legal move).
    pub immediate: Option<i64>,
    /// A player may end the game (repetition, the n-move rule, counting).
    pub optional: Option<i64>,
    /// The number of legal moves.
    pub legal: usize,
}

#[derive(Debug)]
pub struct Engine {
    process: process::Process,
}

impl Engine {
    /// Starts the engine with `options` (`(name, value)` pairs, in order) and
    /// waits for `uciok`. `None` if the binary is not installed.
    pub fn start(options: &[(&str, &str)]) -> Option<Engine> {
        Engine::start_program(Path::new(FAIRY_STOCKFISH), options)
    }

    /// [`Engine::start`] with another program that speaks the same UCI
    /// commands (`tests/oracle/ffish_uci.py`: a current Fairy-Stockfish).
    pub fn start_program(program: &Path, options: &[(&str, &str)]) -> Option<Engine> {
        let mut e = Engine {
            process: process::Process::spawn(program, "engine").ok()?,
        };
        e.send("uci");
        e.wait_for(|l| l == "uciok");
        for (name, value) in options {
            e.send(&format!("setoption name {name} value {value}"));
        }
        e.send("isready");
        e.wait_for(|l| l == "readyok");
        Some(e)
    }

    /// Sets an option (`setoption name … value …`) and waits until the
    /// engine is ready: another variant for the same process.
    pub fn set_option(&mut self, name: &str, value: &str) {
        self.send(&format!("setoption name {name} value {value}"));
        self.send("isready");
        self.wait_for(|l| l == "readyok");
    }

    fn send(&mut self, line: &str) {
        self.process.send(line).expect("write to engine");
    }

    fn wait_for(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        self.process
            .wait_for(done)
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The FEN Fairy-Stockfish writes for a position given as the argument of
    /// its `position` command (`startpos moves e2e4`, `fen … moves …`).
    ///
    /// A move it does not know ends its move list without a word, so compare
    /// the FEN with one's own to find such a move.
    ///
    /// # Panics
    ///
    /// If the engine prints no `Fen:` line.
    pub fn fen(&mut self, position: &str) -> String {
        self.send(&format!("position {position}"));
        self.send("d");
        self.send("isready");
        let lines = self.wait_for(|l| l == "readyok");
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .unwrap_or_else(|| panic!("no Fen: line for `position {position}`: {lines:?}"))
            .to_string()
    }

    /// How the engine judges the end of the game after the moves of
    /// `position` (`result` of `tests/oracle/ffish_uci.py`: pyffish's
    /// `is_immediate_game_end`, `is_optional_game_end` and, without a
    /// legal move, `game_result`).
    ///
    /// # Panics
    ///
    /// If the engine prints no well-formed `result` line.
    pub fn result(&mut self, position: &str) -> EngineEnd {
        self.send(&format!("position {position}"));
        self.send("result");
        self.send("isready");
        let lines = self.wait_for(|l| l == "readyok");
        let line = lines
            .iter()
            .find_map(|l| l.strip_prefix("result "))
            .unwrap_or_else(|| panic!("no result line for `position {position}`: {lines:?}"));
        let n: Vec<i64> = line
            .split_whitespace()
            .map(|w| w.parse().unwrap_or_else(|_| panic!("result line `{line}`")))
            .collect();
        let [immediate, immediate_value, optional, optional_value, legal] = n[..] else {
            panic!("result line `{line}`");
        };
        EngineEnd {
            immediate: (immediate != 0 || legal == 0).then_some(immediate_value),
            optional: (optional != 0).then_some(optional_value),
            legal: legal as usize,
        }
    }

    /// Each move's SAN from a FEN (`san` of `tests/oracle/ffish_uci.py`).
    pub fn san(&mut self, fen: &str, moves: &[String]) -> Vec<String> {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("san {}", moves.join(" ")));
        let (_, line) = self
            .process
            .read_until(|l| l.starts_with("san:"))
            .unwrap_or_else(|e| panic!("{e}"));
        line["san:".len()..]
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }

    /// Searches a FEN for `millis` milliseconds (`go movetime`): the nodes
    /// and the time of its last `info` line with both, as it reports them.
    pub fn search_nodes(&mut self, fen: &str, millis: u64) -> Option<(u64, u64)> {
        self.send("ucinewgame");
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go movetime {millis}"));
        let lines = self.wait_for(|l| l.starts_with("bestmove"));
        lines.iter().rev().find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let after = |key: &str| {
                words
                    .iter()
                    .position(|w| *w == key)
                    .and_then(|i| words.get(i + 1))
                    .and_then(|n| n.parse::<u64>().ok())
            };
            Some((after("nodes")?, after("time")?))
        })
    }

    /// `go perft depth` from a FEN: the per-move counts and the total.
    pub fn perft(&mut self, fen: &str, depth: u32) -> (Vec<(String, u64)>, u64) {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        let mut total = 0;
        let lines = self.wait_for(|l| l.starts_with("Nodes searched:"));
        // The total is on the line that ended the wait; read it again from the
        // moves, which sum to it.
        let mut moves = Vec::new();
        for l in lines {
            if let Some((m, n)) = l.split_once(':') {
                if let Ok(n) = n.trim().parse::<u64>() {
                    moves.push((m.trim().to_string(), n));
                    total += n;
                }
            }
        }
        (moves, total)
    }
}

/// Compares perft `depth` of `pos` (whose FEN is `fen`) with
/// Fairy-Stockfish's; on a difference, the totals and each root move whose
/// count differs or that only one engine has.
pub fn perft_difference(
    pos: &fairyc_runtime::Position<'_>,
    fen: &str,
    engine: &mut Engine,
    depth: u32,
) -> Option<String> {
    let ours: Vec<(String, u64)> = fairyc_runtime::perft_divide(pos, depth)
        .into_iter()
        .map(|(m, n)| (pos.uci(m), n))
        .collect();
    let our_total: u64 = ours.iter().map(|x| x.1).sum();
    let (theirs, their_total) = engine.perft(fen, depth);
    if our_total == their_total {
        return None;
    }
    Some(divide_difference(
        depth,
        (&ours, our_total),
        (&theirs, their_total),
    ))
}

/// A perft difference at `depth` described: both totals, then each root
/// move whose count differs or that only one side has.
pub fn divide_difference(
    depth: u32,
    (ours, our_total): (&[(String, u64)], u64),
    (theirs, their_total): (&[(String, u64)], u64),
) -> String {
    let mut diff = Vec::new();
    for (m, n) in ours {
        match theirs.iter().find(|t| &t.0 == m) {
            Some(t) if t.1 == *n => {}
            Some(t) => diff.push(format!("{m}: ours {n}, theirs {}", t.1)),
            None => diff.push(format!("{m}: only ours ({n})")),
        }
    }
    for (m, n) in theirs {
        if !ours.iter().any(|o| &o.0 == m) {
            diff.push(format!("{m}: only theirs ({n})"));
        }
    }
    format!(
        "perft {depth}: ours {our_total}, theirs {their_total}\n    {}",
        diff.join("\n    ")
    )
}

/// The legal moves of `pos` in UCI-like notation ([`fairyc_runtime::Position::uci`]), sorted.
pub fn uci_moves(pos: &fairyc_runtime::Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().into_iter().map(|m| pos.uci(m)).collect();
    v.sort();
    v
}

/// `s` seen from the other side: every square `x` moves to the square named
/// `rename(x)` (a board symmetry such as the 180° turn), colours and hands
/// are swapped and so is the side to move. Castling rights are dropped.
///
/// # Panics
///
/// If `rename` gives a name that is not a square.
pub fn turned(
    v: &Variant,
    s: &fairyc_runtime::Setup,
    rename: impl Fn(&str) -> String,
) -> fairyc_runtime::Setup {
    let image = |sq: fairyc_runtime::Square| -> fairyc_runtime::Square {
        let name = rename(v.square_name(sq));
        v.square_by_name(&name)
            .unwrap_or_else(|| panic!("no square {name}"))
    };
    let mut out = s.clone();
    for (sq, p) in s.board.iter().enumerate() {
        let sq = v.square(sq).expect("a square of the variant");
        out.board[image(sq).index()] = p.map(|p| fairyc_runtime::Placed {
            color: p.color.other(),
            ..p
        });
    }
    out.hands = s.hands.clone().into_flipped();
    out.turn = s.turn.other();
    out.castling.clear();
    out.castling_rooks.clear();
    out.ep = s.ep.iter().map(|&e| image(e)).collect();
    out
}

/// Reads a position, panicking with the FEN and the reason if it is refused.
pub fn pos<'v>(v: &'v Variant, fen: &str) -> fairyc_runtime::Position<'v> {
    fairyc_runtime::Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The moves as owned strings, sorted.
pub fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Asserts the exact set of legal moves of `fen`.
pub fn assert_moves(v: &Variant, fen: &str, expected: &[&str]) {
    assert_eq!(
        uci_moves(&pos(v, fen)),
        sorted(expected),
        "legal moves of {fen}"
    );
}

/// Plays a move given in UCI-like notation, which must be legal.
pub fn play(p: &mut fairyc_runtime::Position<'_>, uci: &str) {
    let m = p
        .parse_uci(uci)
        .unwrap_or_else(|e| panic!("{uci} in {}: {e}", p.fen()));
    p.play_unchecked(m);
}

/// FENs of positions reached by seeded random play from the start: `games`
/// games of at most `plies` plies, one position every `every` plies.
pub fn random_positions(v: &Variant, games: u64, plies: usize, every: usize) -> Vec<String> {
    use rand::{Rng, SeedableRng};
    let mut out = Vec::new();
    for seed in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut p = fairyc_runtime::Position::new(v).expect("start");
        for ply in 0..plies {
            if ply % every == 0 {
                out.push(p.fen());
            }
            let moves = p.legal_moves();
            if moves.is_empty() || p.rule_outcome().is_some() {
                break;
            }
            p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

/// Asserts that perft 1..=`depth` of each position equals that of its image
/// under the board symmetry `rename` (colours, hands and side to move
/// swapped), and that the bulk count of the last ply equals the move list.
pub fn assert_turn_symmetric(
    v: &Variant,
    fens: &[String],
    depth: u32,
    rename: impl Fn(&str) -> String + Copy,
) {
    for fen in fens {
        let p = pos(v, fen);
        let t = fairyc_runtime::Position::from_setup(v, &turned(v, &p.to_setup(), rename))
            .unwrap_or_else(|e| panic!("turned {fen}: {e}"));
        if p.rule_outcome().is_none() {
            assert_eq!(
                fairyc_runtime::perft(&p, 1),
                p.legal_moves().len() as u64,
                "{fen}"
            );
        }
        for d in 1..=depth {
            assert_eq!(
                fairyc_runtime::perft(&p, d),
                fairyc_runtime::perft(&t, d),
                "perft {d} of {fen} and of its turn {}",
                t.fen()
            );
        }
    }
}

/// A random legal move that is a capture half the time when one exists, so
/// that random games fill the hands; `None` if there is no legal move.
pub fn random_move_favouring_captures(
    pos: &fairyc_runtime::Position<'_>,
    rng: &mut impl rand::Rng,
) -> Option<fairyc_runtime::Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let captures: Vec<_> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m))
        .collect();
    Some(if !captures.is_empty() && rng.random_bool(0.5) {
        captures[rng.random_range(0..captures.len())]
    } else {
        moves[rng.random_range(0..moves.len())]
    })
}

/// Two FENs equal up to the order of the pieces in hand (Fairy-Stockfish
/// lists them in its internal type order).
pub fn same_fen(a: &str, b: &str) -> bool {
    fn sort_hands(fen: &str) -> String {
        match (fen.find('['), fen.find(']')) {
            (Some(o), Some(c)) if o < c => {
                let mut hand: Vec<char> = fen[o + 1..c].chars().collect();
                hand.sort_unstable();
                format!(
                    "{}{}{}",
                    &fen[..=o],
                    hand.into_iter().collect::<String>(),
                    &fen[c..]
                )
            }
            _ => fen.to_string(),
        }
    }
    sort_hands(a) == sort_hands(b)
}

/// [`same_fen`], or fairyc reads the engine's FEN as `ours`: the same
/// position written otherwise. The current Fairy-Stockfish leaves out of
/// the castling field the gate rights its castling letters imply
/// (`KQBCDFG` where fairyc, as Fairy-Stockfish 11.1, writes
/// `KQABCDEFGH`), and lists a custom pawn's destination among its
/// en-passant squares (`d3c4`), which fairyc writes only where the squares
/// passed leave the victim in doubt.
pub fn same_fen_in(variant: &Variant, ours: &str, theirs: &str) -> bool {
    same_fen(ours, theirs)
        || fairyc_runtime::Position::from_fen(variant, theirs)
            .is_ok_and(|p| same_fen(ours, &p.fen()))
}

/// Compares a variant with a Fairy-Stockfish engine that plays it (its
/// `UCI_Variant` set): the start FEN, then perft 1..=`depth` at the start
/// and at every `every` plies (from `every / 2`) along `games` seeded random
/// games of at most `plies` plies, both sides' FENs compared first. Returns
/// the number of positions compared and the differences found.
pub fn fsf_agrees(
    variant: &Variant,
    engine: &mut Engine,
    games: u64,
    plies: usize,
    every: usize,
    depth: u32,
) -> (usize, Vec<String>) {
    let how = Compare {
        finished: true,
        read_back: false,
        clock: true,
    };
    fsf_agrees_as(variant, engine, (games, plies, every, depth), how)
}

/// How [`fsf_agrees_as`] compares, for variants whose differences by
/// design are named where it is called.
#[derive(Clone, Copy, Debug)]
pub struct Compare {
    /// Compare a game's position after the game has ended too.
    pub finished: bool,
    /// Compare the engine's FEN as fairyc reads it (then writes it), not
    /// its text: for FENs whose fields the engine writes otherwise, the
    /// same position.
    pub read_back: bool,
    /// Compare the FENs' half-move clock fields (the field before the
    /// move number).
    pub clock: bool,
}

/// A FEN without its half-move clock (the next-to-last field).
fn without_clock(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() >= 6 {
        fields.remove(fields.len() - 2);
    }
    fields.join(" ")
}

/// [`fsf_agrees`] with `(games, plies, every, depth)`, compared as `how`
/// says.
pub fn fsf_agrees_as(
    variant: &Variant,
    engine: &mut Engine,
    (games, plies, every, depth): (u64, usize, usize, u32),
    how: Compare,
) -> (usize, Vec<String>) {
    use fairyc_runtime::Position;
    let same = |ours: &str, theirs: &str| {
        let (ours, theirs) = if how.clock {
            (ours.to_string(), theirs.to_string())
        } else {
            (without_clock(ours), without_clock(theirs))
        };
        same_fen_in(variant, &ours, &theirs)
            || (how.read_back
                && Position::from_fen(variant, &theirs).is_ok_and(|p| {
                    let back = if how.clock {
                        p.fen()
                    } else {
                        without_clock(&p.fen())
                    };
                    same_fen(&ours, &back)
                }))
    };
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let compare = |engine: &mut Engine, fen: &str| -> Option<String> {
        let pos = match Position::from_fen(variant, fen) {
            Ok(pos) => pos,
            Err(e) => return Some(format!("we refuse its FEN: {e}")),
        };
        (1..=depth).find_map(|d| perft_difference(&pos, fen, engine, d))
    };
    let mut wrong = Vec::new();
    let start = Position::new(variant).expect("start position");
    let theirs = engine.fen("startpos");
    if !same(&start.fen(), &theirs) {
        wrong.push(format!("start FEN: ours {}, theirs {theirs}", start.fen()));
        return (0, wrong);
    }
    if let Some(d) = compare(engine, &theirs) {
        wrong.push(format!("start: {d}"));
    }
    let mut positions = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::new(variant).expect("start position");
        let mut played: Vec<String> = Vec::new();
        for ply in 0..plies {
            if ply % every == every / 2 && (how.finished || pos.rule_outcome().is_none()) {
                let theirs = engine.fen(&format!("startpos moves {}", played.join(" ")));
                if !same(&pos.fen(), &theirs) {
                    wrong.push(format!(
                        "seed {seed} ply {ply}: FEN ours {}, theirs {theirs}",
                        pos.fen()
                    ));
                    break;
                }
                if let Some(d) = compare(engine, &theirs) {
                    wrong.push(format!("seed {seed} ply {ply}: {theirs}: {d}"));
                }
                positions += 1;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.rule_outcome().is_some() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            played.push(pos.uci(m));
            pos.play_unchecked(m);
        }
    }
    (positions, wrong)
}

/// The shipped variants as parents for `fairyc import` (file stem, display
/// name and aliases), read from `variants/`.
pub fn shipped_for_import() -> Vec<fairyc_interop::import::Shipped> {
    use fairyc_compiler::ast::{Item, VariantProp};
    let mut out = Vec::new();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .collect();
    paths.sort();
    for path in paths {
        let source = std::fs::read_to_string(&path).expect("readable");
        let mut names = vec![path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()];
        if let Ok(file) = fairyc_compiler::parse::parse(&source) {
            for item in &file.items {
                if let Item::Variant(v) = item {
                    names.push(v.name.node.clone());
                    for p in &v.props {
                        if let VariantProp::Alias(a) = p {
                            names.push(a.node.clone());
                        }
                    }
                }
            }
        }
        out.push(fairyc_interop::import::Shipped { names, source });
    }
    out
}

/// Runs `f` `runs` times (at least once) and returns its last result and
/// its best time: the benchmarks' measure, least disturbed by a noisy
/// machine.
pub fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (T, std::time::Duration) {
    let mut best = std::time::Duration::MAX;
    let mut out = None;
    for _ in 0..runs.max(1) {
        let t = std::time::Instant::now();
        let r = f();
        best = best.min(t.elapsed());
        out = Some(r);
    }
    (out.expect("at least one run"), best)
}
