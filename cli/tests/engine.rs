//! Scripted sessions of `fairyc uci` and `fairyc xboard`: every reply is
//! checked. Perft figures are Fairy-Stockfish 11.1's (`go perft`), or the
//! reference files in `tests/perft/`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use common::{fairyc, root, stdout};

/// A running engine process spoken to line by line.
struct Session {
    child: Child,
    /// `None` once closed.
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// A session left behind by a failed test ends with it.
impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const WAIT: Duration = Duration::from_secs(30);

impl Session {
    fn start(protocol: &str) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
            .arg(protocol)
            .current_dir(root())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fairyc");
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
        Session {
            child,
            input: Some(input),
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let input = self.input.as_mut().expect("input open");
        writeln!(input, "{line}").expect("write to fairyc");
        input.flush().expect("flush");
    }

    fn next(&mut self) -> String {
        self.lines
            .recv_timeout(WAIT)
            .expect("a reply from fairyc in time")
    }

    /// Every line up to and including the first that starts with `end`.
    /// The move of the engine's next `move …` line (XBoard).
    fn xboard_move(&mut self) -> String {
        let reply = self.until("move ");
        let last = reply.last().expect("a reply");
        last.strip_prefix("move ").expect("a move").to_string()
    }

    fn until(&mut self, end: &str) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.next();
            let done = l.starts_with(end);
            out.push(l);
            if done {
                return out;
            }
        }
    }

    /// Writes raw bytes (a line that is not UTF-8, a very long one).
    fn send_bytes(&mut self, bytes: &[u8]) {
        let input = self.input.as_mut().expect("input open");
        input.write_all(bytes).expect("write to fairyc");
        input.flush().expect("flush");
    }

    /// Closes standard input and waits for the process to end: whether it
    /// ended within `WAIT` (a guard against a hang, not a measurement).
    fn ends_after_input(mut self) -> bool {
        self.input = None;
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "fairyc exited with {status}");
                return true;
            }
            if start.elapsed() > WAIT {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// No line arrives within `d`.
    fn silent_for(&mut self, d: Duration) -> Option<String> {
        self.lines.recv_timeout(d).ok()
    }

    fn quit(mut self) {
        self.send("quit");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "fairyc exited with {status}");
                return;
            }
            assert!(start.elapsed() < WAIT, "fairyc did not quit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// The shipped variants' file stems.
fn shipped_stems() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("variants"))
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
    v.sort();
    v
}

/// The legal moves of a position, from `fairyc moves`.
fn legal(variant: &str, fen: Option<&str>) -> Vec<String> {
    let mut args = vec!["moves", variant];
    if let Some(f) = fen {
        args.push("--fen");
        args.push(f);
    }
    stdout(&fairyc(&args)).lines().map(str::to_string).collect()
}

/// Checks a search's replies: `info depth` lines, then `bestmove M` with M
/// in `legal`; the move.
fn check_search(lines: &[String], legal: &[String]) -> String {
    let (last, infos) = lines.split_last().expect("lines");
    assert!(!infos.is_empty(), "no info line before {last}");
    for (i, l) in infos.iter().enumerate() {
        let w: Vec<&str> = l.split_whitespace().collect();
        assert_eq!(w.get(..2), Some(&["info", "depth"][..]), "{l}");
        assert_eq!(w[2], (i + 1).to_string(), "depths in order: {l}");
        for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(w.contains(&key), "{key} missing in {l}");
        }
        let pv_at = w.iter().position(|x| *x == "pv").expect("pv");
        assert!(
            legal.iter().any(|m| m == w[pv_at + 1]),
            "the pv starts with an illegal move: {l}"
        );
    }
    let best = last.strip_prefix("bestmove ").expect("bestmove");
    let best = best.split_whitespace().next().expect("a move");
    assert!(legal.iter().any(|m| m == best), "illegal bestmove {best}");
    best.to_string()
}

#[test]
fn uci_handshake_lists_every_shipped_variant_and_the_options() {
    let mut s = Session::start("uci");
    s.send("uci");
    let lines = s.until("uciok");
    assert!(lines[0].starts_with("id name fairyc"), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    assert_eq!(
        lines[2],
        "option name Hash type spin default 16 min 1 max 4096"
    );
    let combo = &lines[3];
    assert!(
        combo.starts_with("option name UCI_Variant type combo default chess var "),
        "{combo}"
    );
    let vars: Vec<&str> = combo.split(" var ").skip(1).collect();
    assert_eq!(vars, shipped_stems(), "{combo}");
    assert_eq!(
        lines[4],
        "option name VariantPath type string default <empty>"
    );
    assert_eq!(
        lines[5],
        "option name UCI_Chess960 type check default false"
    );
    assert_eq!(lines[6], "uciok");
    assert_eq!(lines.len(), 7);
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.quit();
}

#[test]
fn uci_positions_moves_and_perft() {
    let mut s = Session::start("uci");
    s.send("position startpos");
    s.send("go perft 2");
    let lines = s.until("Nodes searched");
    // 20 root moves of 20 replies each, a blank line, the total (chess
    // perft 2 = 400, tests/perft/chess.perft).
    assert_eq!(lines.len(), 22, "{lines:?}");
    for l in &lines[..20] {
        assert!(l.ends_with(": 20"), "{l}");
    }
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 400");
    // After 1. e4 d5 2. exd5 Qxd5: 29 moves (Fairy-Stockfish `go perft 1`).
    s.send("position startpos moves e2e4 d7d5 e4d5 d8d5");
    s.send("go perft 1");
    assert_eq!(
        s.until("Nodes searched").last().map(String::as_str),
        Some("Nodes searched: 29")
    );
    // A drop in a crazyhouse FEN (Fairy-Stockfish: 9014).
    s.send("setoption name UCI_Variant value crazyhouse");
    s.send("position fen r3k2r/8/8/8/8/8/8/R3K1q~R[PNpb] w KQkq - 0 1 moves N@f1");
    s.send("go perft 2");
    assert_eq!(
        s.until("Nodes searched").last().map(String::as_str),
        Some("Nodes searched: 9014")
    );
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.quit();
}

#[test]
fn uci_go_depth_nodes_movetime_and_a_mate() {
    let mut s = Session::start("uci");
    s.send("ucinewgame");
    s.send("position startpos moves e2e4");
    s.send("go depth 3");
    let lines = s.until("bestmove");
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    check_search(&lines, &legal("chess", Some(fen)));
    assert_eq!(lines.len(), 4, "depths 1 to 3: {lines:?}");
    s.send("go movetime 200");
    let t = Instant::now();
    let lines = s.until("bestmove");
    check_search(&lines, &legal("chess", Some(fen)));
    assert!(
        t.elapsed() < Duration::from_secs(3),
        "movetime 200 took {:?}",
        t.elapsed()
    );
    s.send("go nodes 5000");
    check_search(&s.until("bestmove"), &legal("chess", Some(fen)));
    s.send("go wtime 1000 btime 1000 winc 10 binc 10");
    check_search(&s.until("bestmove"), &legal("chess", Some(fen)));
    // Mate in one: the score says so and the move is the mate.
    s.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    s.send("go depth 4");
    let lines = s.until("bestmove");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove a1a8"));
    assert!(lines[0].contains(" score mate 1 "), "{lines:?}");
    // A finished game: no move.
    s.send("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1");
    s.send("go depth 2");
    assert_eq!(
        s.next(),
        "info string game over: 1-0 (white wins by checkmate)"
    );
    assert_eq!(s.next(), "bestmove (none)");
    s.quit();
}

#[test]
fn uci_stop_ends_an_infinite_search() {
    let mut s = Session::start("uci");
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.send("position startpos");
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // Only info lines until `stop`; `isready` is answered during the search.
    s.send("isready");
    let mut before = Vec::new();
    loop {
        let l = s.next();
        if l == "readyok" {
            break;
        }
        assert!(l.starts_with("info depth "), "{l}");
        before.push(l);
    }
    s.send("stop");
    let mut lines = before;
    lines.extend(s.until("bestmove"));
    check_search(&lines, &legal("chess", None));
    s.quit();
}

#[test]
fn uci_errors_are_info_strings_and_the_engine_goes_on() {
    let mut s = Session::start("uci");
    s.send("position fen not/a/fen");
    let l = s.next();
    // One prefix, the runtime's: not `bad FEN: invalid FEN: …`.
    assert!(l.starts_with("info string invalid FEN: "), "{l}");
    assert!(!l.contains("FEN: invalid FEN"), "{l}");
    s.send("position startpos moves e2e4 e7e5 e1e3");
    assert_eq!(
        s.next(),
        "info string illegal move e1e3: cannot play `e1e3`: not a legal move here"
    );
    s.send("setoption name UCI_Variant value crazyhuose");
    assert_eq!(
        s.next(),
        "info string unknown variant `crazyhuose` (did you mean `crazyhouse`?)"
    );
    s.send("setoption name Colour value red");
    assert_eq!(s.next(), "info string unknown option `Colour`");
    s.send("go depth x");
    assert_eq!(s.next(), "info string `depth` needs a number, not `x`");
    // A GUI waits for `bestmove` after every `go`.
    assert_eq!(s.next(), "bestmove (none)");
    s.send("frobnicate");
    assert_eq!(s.next(), "info string unknown command `frobnicate`");
    s.send("setoption name VariantPath value /nonexistent/x.variant");
    let l = s.next();
    assert!(l.starts_with("info string "), "{l}");
    // The position is still the start: the bad commands changed nothing.
    s.send("go perft 1");
    assert_eq!(
        s.until("Nodes searched").last().map(String::as_str),
        Some("Nodes searched: 20")
    );
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.quit();
}

#[test]
fn uci_variant_path_loads_a_variant_file() {
    let dir = std::env::temp_dir().join(format!("fairyc-uci-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("myhouse.variant");
    std::fs::copy(root().join("variants/crazyhouse.variant"), &file).expect("copy");
    let mut s = Session::start("uci");
    s.send(&format!(
        "setoption name VariantPath value {}",
        file.display()
    ));
    assert_eq!(s.next(), "info string loaded myhouse");
    s.send("setoption name UCI_Variant value myhouse");
    s.send("position startpos");
    s.send("go perft 3");
    // Crazyhouse perft 3 = 8902 (tests/perft/crazyhouse.perft).
    assert_eq!(
        s.until("Nodes searched").last().map(String::as_str),
        Some("Nodes searched: 8902")
    );
    s.send("go depth 2");
    check_search(&s.until("bestmove"), &legal("crazyhouse", None));
    s.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xboard_session() {
    let mut s = Session::start("xboard");
    s.send("xboard");
    s.send("protover 2");
    assert_eq!(s.next(), "feature done=0");
    let f = s.next();
    assert!(f.starts_with("feature myname=\"fairyc "), "{f}");
    assert!(f.contains(" ping=1 setboard=1 usermove=1 "), "{f}");
    assert_eq!(s.next(), "feature done=1");
    let variants = f
        .split("variants=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("variants");
    let names: Vec<&str> = variants.split(',').collect();
    assert!(names.contains(&"normal"), "{variants}");
    assert!(names.contains(&"crazyhouse"), "{variants}");
    assert!(names.contains(&"crazy-elephant"), "{variants}");
    // XBoard cannot be told a move confined to squares (crazy-38s' Home
    // squares, the janggi palace), so those are not announced.
    assert!(!names.contains(&"crazy-38s"), "{variants}");
    assert!(!names.contains(&"janggi"), "{variants}");
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(
        unique.len(),
        names.len(),
        "a name announced twice: {variants}"
    );
    assert!(names.len() < shipped_stems().len());
    s.send("ping 7");
    assert_eq!(s.next(), "pong 7");
    // The engine answers the user's move (it plays Black after `new`).
    s.send("new");
    s.send("variant crazyhouse");
    s.send("sd 3");
    s.send("usermove e2e4");
    let mv = loop {
        let l = s.next();
        if let Some(m) = l.strip_prefix("move ") {
            break m.to_string();
        }
        // Thinking output: depth score time nodes pv.
        let w: Vec<&str> = l.split_whitespace().collect();
        assert!(
            w.len() >= 5 && w[..4].iter().all(|x| x.parse::<i64>().is_ok()),
            "{l}"
        );
    };
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1";
    assert!(
        legal("crazyhouse", Some(fen)).contains(&mv),
        "illegal reply {mv}"
    );
    // An illegal move is refused and changes nothing.
    s.send("usermove e2e5");
    assert_eq!(s.next(), "Illegal move: e2e5");
    s.send("setboard 8/8/8");
    assert!(s.next().starts_with("tellusererror Illegal position: "));
    // Force mode: no reply; then `go` plays the side to move and the mate
    // ends the game.
    s.send("force");
    s.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1[] w - - 0 1");
    s.send("ping 8");
    assert_eq!(s.next(), "pong 8");
    s.send("st 1");
    s.send("go");
    let lines = s.until("move ");
    assert_eq!(lines.last().map(String::as_str), Some("move a1a8"));
    assert_eq!(s.next(), "1-0 {white wins by checkmate}");
    s.send("level 40 0:30 0");
    s.send("time 3000");
    s.send("otim 3000");
    s.send("result 1-0 {White mates}");
    s.send("frobnicate");
    assert_eq!(s.next(), "Error (unknown command): frobnicate");
    assert!(s.silent_for(Duration::from_millis(100)).is_none());
    s.quit();
}

/// The engine's reply to `variant NAME`, up to `pong`.
fn variant_reply(s: &mut Session, name: &str) -> Vec<String> {
    s.send(&format!("variant {name}"));
    s.send("ping 1");
    let mut lines = s.until("pong 1");
    lines.pop();
    lines
}

#[test]
fn xboard_setup_and_piece_commands_describe_fairy_variants() {
    let mut s = Session::start("xboard");
    s.send("xboard");
    s.send("protover 2");
    s.until("feature done=1");
    // Crazy Elephant: XBoard's queen, bishop types stand for the Firzan and
    // the Alfil (the letters of the FEN); five kinds of piece in hand.
    assert_eq!(
        variant_reply(&mut s, "crazy-elephant"),
        [
            "setup (PNBRQ................Kpnbrq................k) 8x8+5_fairy \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
            "piece K& K",
            "piece Q& F",
            "piece R& R",
            "piece B& A",
            "piece N& N",
            "piece P& mfWcfF",
        ]
    );
    // Minishogi: each promoted face sits eleven types after its base (`+`).
    assert_eq!(
        variant_reply(&mut s, "minishogi"),
        [
            "setup (PSBR.......++++G.....Kpsbr.......++++g.....k) 5x5+5_fairy \
             rbsgk/4p/5/P4/KGSBR[] w - - 0 1",
            "piece B& B",
            "piece R& R",
            "piece S& FfW",
            "piece P& fW",
            "piece G& WfF",
            "piece K& K",
            "piece +B& BW",
            "piece +R& RF",
            "piece +S& WfF",
            "piece +P& WfF",
        ]
    );
    // Capablanca is XBoard's own: nothing to tell. Capahouse is not: the
    // king castles three squares (`O3`), the pawn keeps its double step.
    assert!(variant_reply(&mut s, "capablanca").is_empty());
    let capahouse = variant_reply(&mut s, "capahouse");
    assert_eq!(
        capahouse[0],
        "setup (PNBRQ..AC............Kpnbrq..ac............k) 10x8+7_fairy \
         rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1"
    );
    assert!(
        capahouse.contains(&"piece K& KO3".to_string()),
        "{capahouse:?}"
    );
    assert!(
        capahouse.contains(&"piece P& mfWcefFifmnD".to_string()),
        "{capahouse:?}"
    );
    // A palace XBoard cannot be told: refused, and the variant stays.
    assert_eq!(
        variant_reply(&mut s, "janggi"),
        [
            "Error (unsupported variant): janggi: XBoard cannot be told how the General \
          moves: a move is confined to squares (`within`, `from`)"
        ]
    );
    s.quit();
}

#[test]
fn xboard_plays_drops_promotions_and_ten_ranks() {
    let mut s = Session::start("xboard");
    s.send("xboard");
    s.send("protover 2");
    s.until("feature done=1");
    // A drop and a compulsory promotion that XBoard sends without its
    // suffix (Crazy Elephant's pawn always becomes a Firzan).
    variant_reply(&mut s, "crazy-elephant");
    s.send("new");
    s.send("force");
    s.send("setboard 4k2r/1P6/8/8/8/8/8/4K3[N] w - - 0 1");
    s.send("usermove b7b8");
    s.send("usermove e8d7");
    s.send("usermove N@c5");
    s.send("sd 1");
    s.send("go");
    let mv = s.xboard_move();
    let fen = "1Q5r/3k4/8/2N5/8/8/8/4K3[] b - - 1 2";
    assert!(legal("crazy-elephant", Some(fen)).contains(&mv), "{mv}");
    s.send("usermove e9e8");
    assert_eq!(s.next(), "Illegal move: e9e8");
    // Shako, ten ranks: XBoard counts them from 0, both ways.
    variant_reply(&mut s, "shako");
    s.send("new");
    s.send("force");
    s.send("usermove e2e3");
    s.send("ping 2");
    assert_eq!(s.next(), "pong 2");
    s.send("usermove e1e2");
    assert_eq!(s.next(), "Illegal move: e1e2");
    s.send("sd 1");
    s.send("go");
    let mv = s.xboard_move();
    let mv = mv.as_str();
    // Black's pieces stand on ranks 7..9 in XBoard's names (8..10 in ours).
    let from_rank = mv.chars().nth(1).expect("a rank");
    assert!(('7'..='9').contains(&from_rank), "{mv}");
    let ours = format!(
        "{}{}{}{}",
        &mv[0..1],
        from_rank.to_digit(10).expect("a digit") + 1,
        &mv[2..3],
        mv[3..4].parse::<u32>().expect("a digit") + 1
    );
    let fen = "c8c/ernbqkbnre/pppppppppp/10/10/10/4P5/PPPP1PPPPP/ERNBQKBNRE/C8C b KQkq - 0 1";
    assert!(legal("shako", Some(fen)).contains(&ours), "{mv} = {ours}");
    s.quit();
}

/// `go perft 9` (some 2.4 trillion leaves) ends at `stop`, `quit` and the
/// end of input, and `isready` is answered while it runs.
#[test]
fn uci_perft_ends_at_stop_quit_and_the_end_of_input() {
    // `stop`: the session goes on.
    let mut s = Session::start("uci");
    s.send("position startpos");
    s.send("go perft 9");
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.send("stop");
    assert_eq!(s.next(), "info string perft stopped");
    s.send("go perft 2");
    assert_eq!(
        s.until("Nodes searched").last().map(String::as_str),
        Some("Nodes searched: 400")
    );
    s.quit();
    // `quit`.
    let mut s = Session::start("uci");
    s.send("position startpos");
    s.send("go perft 9");
    s.send("quit");
    assert!(s.ends_after_input(), "`quit` did not end `go perft 9`");
    // The end of input.
    let mut s = Session::start("uci");
    s.send("position startpos");
    s.send("go perft 9");
    assert!(
        s.ends_after_input(),
        "the end of input did not end `go perft 9`"
    );
}

/// Numbers too large for `go`'s parameters are taken at their most with a
/// note (they wrapped to 1 before); every `go` that is not perft is
/// answered with `bestmove`.
#[test]
fn uci_go_numbers_out_of_range_are_reported_and_answered() {
    let legal = legal("chess", None);
    let mut s = Session::start("uci");
    s.send("position startpos");
    s.send("go depth 4294967297");
    assert_eq!(
        s.next(),
        "info string depth 4294967297 is more than 4294967295: taken as 4294967295"
    );
    // A search deeper than one ply: it ends only at `stop`.
    let first = s.next();
    assert!(first.starts_with("info depth 1 "), "{first}");
    let second = s.next();
    assert!(second.starts_with("info depth 2 "), "{second}");
    s.send("stop");
    let reply = s.until("bestmove");
    let best = reply.last().expect("bestmove");
    assert!(
        legal.iter().any(|m| best == &format!("bestmove {m}")),
        "{best}"
    );
    s.send("go perft 4294967297");
    assert_eq!(
        s.next(),
        "info string perft depth 4294967297 is more than 4294967295"
    );
    assert_eq!(s.next(), "bestmove (none)");
    s.send("go movetime 99999999999999999999");
    assert_eq!(
        s.next(),
        "info string movetime 99999999999999999999 is more than 1000000000000: taken as 1000000000000"
    );
    s.send("stop");
    let reply = s.until("bestmove");
    let best = reply.last().expect("bestmove");
    assert!(
        legal.iter().any(|m| best == &format!("bestmove {m}")),
        "{best}"
    );
    s.send("go depth abc");
    assert_eq!(s.next(), "info string `depth` needs a number, not `abc`");
    assert_eq!(s.next(), "bestmove (none)");
    s.send("go wtime -5 btime 100 depth 1");
    let reply = s.until("bestmove");
    assert!(reply.len() >= 2, "{reply:?}");
    s.quit();
}

/// A line longer than the limit is dropped with a short note naming the
/// limit (it was echoed whole); the session goes on.
#[test]
fn uci_and_xboard_drop_an_overlong_line() {
    let long = format!("position startpos moves {}\n", "e2e4 ".repeat(60_000));
    let mut s = Session::start("uci");
    s.send_bytes(long.as_bytes());
    let l = s.next();
    assert_eq!(l, "info string a line longer than 262144 bytes was ignored");
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.send("go perft 1");
    assert_eq!(
        s.until("Nodes searched").last().map(String::as_str),
        Some("Nodes searched: 20")
    );
    s.quit();
    let mut s = Session::start("xboard");
    s.send_bytes(long.as_bytes());
    assert_eq!(
        s.next(),
        "Error (bad line): a line longer than 262144 bytes was ignored"
    );
    s.send("ping 7");
    assert_eq!(s.next(), "pong 7");
    s.quit();
}

/// A line that is not UTF-8 is reported and the session goes on (it ended
/// UCI and XBoard silently).
#[test]
fn uci_and_xboard_go_on_after_a_line_that_is_not_utf8() {
    let mut s = Session::start("uci");
    s.send_bytes(b"isready \xff\xfe\n");
    assert_eq!(s.next(), "info string a line that is not UTF-8 was ignored");
    s.send("isready");
    assert_eq!(s.next(), "readyok");
    s.quit();
    let mut s = Session::start("xboard");
    s.send_bytes(b"ping \xc3\x28\n");
    assert_eq!(
        s.next(),
        "Error (bad line): a line that is not UTF-8 was ignored"
    );
    s.send("ping 8");
    assert_eq!(s.next(), "pong 8");
    s.quit();
}

/// Control characters are never written back raw: XBoard's `ping` echoed an
/// ESC, UCI's unknown command too.
#[test]
fn control_characters_are_escaped_in_replies() {
    let mut s = Session::start("xboard");
    s.send("ping 1\u{1b}[2J");
    assert_eq!(s.next(), "pong 1\\u{1b}[2J");
    s.send("frob\u{7}nicate");
    assert_eq!(s.next(), "Error (unknown command): frob\\u{7}nicate");
    s.quit();
    let mut s = Session::start("uci");
    s.send("x\u{1b}]0;title\u{7}");
    assert_eq!(
        s.next(),
        "info string unknown command `x\\u{1b}]0;title\\u{7}`"
    );
    s.quit();
}

/// Output collected from a session run through the library.
#[derive(Clone, Default)]
struct Collect(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl Write for Collect {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("lock").extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs a session as the fuzz target `uci` does (searches capped, no files)
/// over `input`; its output.
fn library_session(xboard: bool, input: &[u8]) -> String {
    use fairyc_cli::engine::{uci_session, xboard_session, Options, Out};
    let options = Options {
        max_depth: Some(2),
        max_nodes: Some(2_000),
        max_perft: Some(2),
        files: false,
        max_hash_mb: 1,
    };
    let out = Collect::default();
    let input = Box::new(std::io::Cursor::new(input.to_vec()));
    if xboard {
        xboard_session(input, Out::new(out.clone()), options);
    } else {
        uci_session(input, Out::new(out.clone()), options);
    }
    let bytes = out.0.lock().expect("lock").clone();
    String::from_utf8(bytes).expect("UTF-8 output")
}

/// The loops run over any reader and writer, as the fuzz target drives
/// them: the caps hold (`go infinite` ends at the end of input, perft and
/// depth are capped, Hash is capped, no file is read).
#[test]
fn the_protocol_loops_run_as_a_library_with_caps() {
    let out = library_session(
        false,
        b"uci\nsetoption name Hash value 4096\nsetoption name VariantPath value variants\n\
          position startpos\ngo perft 5\ngo infinite\ngo depth 9\nisready\n",
    );
    assert!(
        out.contains("option name Hash type spin default 1 min 1 max 1"),
        "{out}"
    );
    assert!(
        out.contains("info string VariantPath reads no files in this session"),
        "{out}"
    );
    assert!(
        out.contains("info string perft depth 5 is more than 2 here: taken as 2"),
        "{out}"
    );
    assert!(out.contains("Nodes searched: 400"), "{out}");
    assert_eq!(out.matches("bestmove ").count(), 2, "{out}");
    assert!(!out.contains("info depth 3 "), "{out}");
    assert!(out.contains("readyok"), "{out}");
    let out = library_session(
        true,
        b"xboard\nprotover 2\nnew\nusermove e2e4\nsd 9\nping \x1b1\n",
    );
    assert!(out.contains("move "), "{out}");
    assert!(out.contains("pong \\u{1b}1"), "{out}");
    assert!(!out.contains('\u{1b}'), "{out}");
}

/// A file loaded with `VariantPath` is found by its file stem, its name and
/// its alias, and the `UCI_Variant` combo is printed again with it at once.
#[test]
fn uci_variant_path_by_name_and_alias_in_the_combo() {
    let dir = std::env::temp_dir().join(format!("fairyc-uci-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("myhouse.variant");
    let source = std::fs::read_to_string(root().join("variants/crazyhouse.variant"))
        .expect("crazyhouse")
        .replace("variant \"Crazyhouse\"", "variant \"Myhouse Test\"")
        .replace("alias \"zh\"", "alias \"myzh\"");
    std::fs::write(&file, source).expect("write");
    let mut s = Session::start("uci");
    s.send(&format!(
        "setoption name VariantPath value {}",
        file.display()
    ));
    assert_eq!(s.next(), "info string loaded myhouse");
    let combo = s.next();
    assert!(
        combo.starts_with("option name UCI_Variant type combo") && combo.ends_with(" var myhouse"),
        "{combo}"
    );
    for name in ["Myhouse Test", "myzh", "myhouse"] {
        s.send(&format!("setoption name UCI_Variant value {name}"));
        s.send("position startpos moves e2e4 d7d5 e4d5 d8d5");
        s.send("go perft 1");
        // White's hand holds the pawn taken: drops are legal moves.
        let lines = s.until("Nodes searched");
        assert!(
            lines.iter().any(|l| l.starts_with("P@")),
            "{name}: {lines:?}"
        );
    }
    s.quit();
    let _ = std::fs::remove_dir_all(&dir);
}

/// `UCI_Chess960` as Fairy-Stockfish has it: a check option, false by
/// default; when true, castling is read as the king taking its rook
/// (`e1h1`), and the position reached is Fairy-Stockfish's.
#[test]
fn uci_chess960_reads_castling_as_fairy_stockfish() {
    let mut s = Session::start("uci");
    let moves = "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1";
    s.send("setoption name UCI_Chess960 value true");
    s.send(&format!("position startpos moves {moves}"));
    s.send("d");
    s.send("isready");
    let lines = s.until("readyok");
    let fen = lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .unwrap_or_else(|| panic!("no Fen: line: {lines:?}"))
        .to_string();
    assert!(
        fen.starts_with("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b"),
        "{fen}"
    );
    s.send("setoption name UCI_Chess960 value maybe");
    let e = s.next();
    assert!(
        e.starts_with("info string") && e.contains("UCI_Chess960"),
        "{e}"
    );
    s.quit();
    if let Some(mut fsf) = fairyc_tests_fsf() {
        let theirs = fsf(&format!(
            "uci\nsetoption name UCI_Chess960 value true\nposition startpos moves {moves}\nd\nquit\n"
        ));
        let line = theirs
            .lines()
            .find_map(|l| l.strip_prefix("Fen: "))
            .expect("Fairy-Stockfish's Fen: line")
            .to_string();
        // The placement and the side to move (its castling field is
        // Shredder-FEN's under UCI_Chess960).
        let first = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
        assert_eq!(first(&line), first(&fen));
    }
}

/// Fairy-Stockfish, if installed: a function that sends it a script and
/// returns what it printed.
fn fairyc_tests_fsf() -> Option<impl FnMut(&str) -> String> {
    let path = std::path::Path::new("/usr/games/fairy-stockfish");
    path.exists().then_some({
        move |script: &str| {
            let mut child = Command::new(path)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("start Fairy-Stockfish");
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(script.as_bytes())
                .expect("write");
            let out = child.wait_with_output().expect("run");
            String::from_utf8_lossy(&out.stdout).into_owned()
        }
    })
}
