//! Match harness (`#[ignore]`d; `.ci/run` runs it in release): fairyc plays
//! itself in every shipped variant, and Fairy-Stockfish
//! (`/usr/games/fairy-stockfish`) in crazyhouse and king of the hill, over
//! UCI with real clocks. Every move is checked with the runtime; an illegal
//! move, a crash, a missing reply or a flag fall fails the test. Results and
//! nodes per second are printed.
//!
//! Crazy Elephant is not a Fairy-Stockfish built-in and `fairyc export`
//! refuses it (its pawn moves like no FSF piece type, E0161), so the second
//! game against Fairy-Stockfish is king of the hill, which the field test
//! shows plays the same in both.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use fairyc_runtime::{Game, Position, Variant};

struct Uci {
    name: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    nodes: u64,
    millis: u64,
}

impl Uci {
    fn start(program: &Path, args: &[&str], name: &str) -> Uci {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", program.display()));
        let input = child.stdin.take().expect("stdin");
        let out = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = Uci {
            name: name.to_string(),
            child,
            input,
            lines,
            nodes: 0,
            millis: 0,
        };
        e.send("uci");
        e.wait_for("uciok", Duration::from_secs(20));
        e
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("engine alive");
        self.input.flush().expect("flush");
    }

    fn wait_for(&mut self, prefix: &str, within: Duration) -> String {
        let end = Instant::now() + within;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("{}: no `{prefix}` in time (crashed?)", self.name));
            if let Some(rest) = line.strip_prefix("info ") {
                let w: Vec<&str> = rest.split_whitespace().collect();
                let get = |k: &str| {
                    w.iter()
                        .position(|x| *x == k)
                        .and_then(|i| w.get(i + 1))
                        .and_then(|x| x.parse::<u64>().ok())
                };
                if let (Some(n), Some(t)) = (get("nodes"), get("time")) {
                    self.nodes = n;
                    self.millis = t;
                }
            }
            if line.starts_with(prefix) {
                return line;
            }
        }
    }

    fn ready(&mut self) {
        self.send("isready");
        self.wait_for("readyok", Duration::from_secs(20));
    }

    fn quit(mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn compile(stem: &str) -> Variant {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let source = std::fs::read_to_string(root.join(format!("variants/{stem}.variant")))
        .expect("a shipped variant");
    Variant::new(fairyc_compiler::compile(&source).expect("it compiles")).expect("valid tables")
}

/// Plays one game; the result text. `clock_ms` each, `inc_ms` per move,
/// `max_plies` at most.
fn play(
    stem: &str,
    engines: &mut [Uci; 2],
    clock_ms: u64,
    inc_ms: u64,
    max_plies: usize,
    stats: &mut [(u64, u64); 2],
) -> String {
    let v = compile(stem);
    let mut game = Game::new(Position::new(&v).expect("start position"));
    let mut moves: Vec<String> = Vec::new();
    let mut clocks = [clock_ms as i64, clock_ms as i64];
    for e in engines.iter_mut() {
        e.send("ucinewgame");
        e.ready();
    }
    for ply in 0..max_plies {
        if let Some(r) = game.outcome() {
            return r.to_string();
        }
        let side = game.position().turn().index();
        // White's engine is engines[0] on even games of the pair.
        let e = &mut engines[side];
        let mut cmd = String::from("position startpos");
        if !moves.is_empty() {
            cmd.push_str(" moves ");
            cmd.push_str(&moves.join(" "));
        }
        e.send(&cmd);
        let t = Instant::now();
        e.send(&format!(
            "go wtime {} btime {} winc {inc_ms} binc {inc_ms}",
            clocks[0].max(0),
            clocks[1].max(0)
        ));
        let limit = Duration::from_millis(clocks[side].max(0) as u64 + 2000);
        let line = e.wait_for("bestmove", limit);
        let used = t.elapsed().as_millis() as i64;
        clocks[side] += inc_ms as i64 - used;
        assert!(
            clocks[side] > -100,
            "{stem}: {} lost on time at ply {ply} ({} ms over)",
            e.name,
            -clocks[side]
        );
        stats[side].0 += e.nodes;
        stats[side].1 += e.millis;
        let mv = line
            .split_whitespace()
            .nth(1)
            .unwrap_or_else(|| panic!("{stem}: bad reply {line}"));
        let m = game
            .position()
            .parse_uci(mv)
            .unwrap_or_else(|err| panic!("{stem}: {} played an illegal move {mv}: {err}", e.name));
        game.play(m).expect("legal");
        moves.push(mv.to_string());
    }
    match game.outcome() {
        Some(r) => r.to_string(),
        None => format!("unfinished after {max_plies} plies"),
    }
}

fn fairyc_engine(name: &str) -> Uci {
    Uci::start(Path::new(env!("CARGO_BIN_EXE_fairyc")), &["uci"], name)
}

fn nps(s: (u64, u64)) -> u64 {
    s.0 * 1000 / s.1.max(1)
}

#[test]
#[ignore = "plays games: run by .ci/run in release"]
fn fairyc_plays_itself_in_every_shipped_variant() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants");
    let mut stems: Vec<String> = std::fs::read_dir(&root)
        .expect("variants/")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let p = e.path();
            if p.extension()? != "variant" {
                return None;
            }
            Some(p.file_stem()?.to_string_lossy().into_owned())
        })
        .collect();
    stems.sort();
    let mut engines = [
        fairyc_engine("fairyc (white)"),
        fairyc_engine("fairyc (black)"),
    ];
    let mut total = [(0, 0); 2];
    for stem in &stems {
        for e in engines.iter_mut() {
            e.send(&format!("setoption name UCI_Variant value {stem}"));
        }
        let mut stats = [(0, 0); 2];
        let r = play(stem, &mut engines, 600, 10, 30, &mut stats);
        println!(
            "{stem:<20} {r:<50} nps {}",
            nps((stats[0].0 + stats[1].0, stats[0].1 + stats[1].1))
        );
        for i in 0..2 {
            total[i].0 += stats[i].0;
            total[i].1 += stats[i].1;
        }
    }
    println!(
        "{} games, fairyc nps overall {}",
        stems.len(),
        nps((total[0].0 + total[1].0, total[0].1 + total[1].1))
    );
    for e in engines {
        e.quit();
    }
}

#[test]
#[ignore = "needs /usr/games/fairy-stockfish: run by .ci/run in release"]
fn fairyc_plays_fairy_stockfish() {
    let fsf = Path::new("/usr/games/fairy-stockfish");
    assert!(fsf.exists(), "Fairy-Stockfish is not installed");
    for (stem, fsf_name) in [
        ("crazyhouse", "crazyhouse"),
        ("kingofthehill", "kingofthehill"),
    ] {
        for fairyc_white in [true, false] {
            let mut f = fairyc_engine("fairyc");
            let mut s = Uci::start(fsf, &[], "Fairy-Stockfish");
            f.send(&format!("setoption name UCI_Variant value {stem}"));
            s.send(&format!("setoption name UCI_Variant value {fsf_name}"));
            s.send("setoption name Threads value 1");
            let mut engines = if fairyc_white { [f, s] } else { [s, f] };
            let mut stats = [(0, 0); 2];
            let r = play(stem, &mut engines, 3000, 50, 80, &mut stats);
            let (fi, si) = if fairyc_white { (0, 1) } else { (1, 0) };
            println!(
                "{stem:<14} fairyc {}: {r:<50} nps fairyc {} fairy-stockfish {}",
                if fairyc_white { "white" } else { "black" },
                nps(stats[fi]),
                nps(stats[si])
            );
            let [a, b] = engines;
            a.quit();
            b.quit();
        }
    }
}
