//! `fairyc play` in a real terminal (tmux): a few moves, a typo, `fen`,
//! `undo`, `quit`. `#[ignore]`d (it needs tmux); `.ci/run` installs tmux and
//! runs it.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::root;

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux").args(args).output().expect("run tmux");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The screen, once it holds `text` `count` times.
fn wait_for(session: &str, text: &str, count: usize) -> String {
    let start = Instant::now();
    loop {
        let screen = tmux(&["capture-pane", "-p", "-S", "-200", "-t", session]);
        if screen.matches(text).count() >= count {
            return screen;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "`{text}` ×{count} never appeared:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn keys(session: &str, text: &str) {
    tmux(&["send-keys", "-t", session, text, "Enter"]);
}

#[test]
#[ignore = "needs tmux: run by .ci/run"]
fn play_a_few_moves_in_tmux() {
    let session = format!("fairyc-play-{}", std::process::id());
    let cmd = format!(
        "cd {} && NO_COLOR=1 {} play chess --side white --time 0.2",
        root().display(),
        env!("CARGO_BIN_EXE_fairyc")
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "50",
        &cmd,
    ]);
    let screen = wait_for(&session, "your move>", 1);
    assert!(screen.contains("white to move"), "{screen}");
    keys(&session, "e2e4");
    let screen = wait_for(&session, "fairyc plays ", 1);
    assert!(screen.contains("black to move"), "{screen}");
    wait_for(&session, "your move>", 2);
    keys(&session, "e2e4");
    let screen = wait_for(&session, "illegal move `e2e4`", 1);
    assert!(
        screen.contains("illegal move `e2e4`: no piece on e2"),
        "{screen}"
    );
    keys(&session, "g1f4");
    let screen = wait_for(&session, "illegal move `g1f4`: ", 1);
    assert!(
        screen.contains("a Knight does not move from g1 to f4; did you mean `g1f3`?"),
        "{screen}"
    );
    keys(&session, "help");
    let screen = wait_for(&session, "  quit    leave the game", 1);
    assert!(screen.contains("Type a move in SAN"), "{screen}");
    // SAN input.
    keys(&session, "Nf3");
    wait_for(&session, "fairyc plays ", 2);
    wait_for(&session, "your move>", 6);
    keys(&session, "undo");
    wait_for(&session, "your move>", 7);
    keys(&session, "fen");
    let screen = wait_for(&session, "your move>", 8);
    // The line after the typed `fen` is the position: after the undo, 1. e4
    // and Black's reply, White to move at move 2.
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.trim_end().ends_with("your move> fen"))
        .expect("the typed fen");
    let fen = lines[at + 1];
    assert!(fen.contains("/4P3/8/PPPP1PPP/RNBQKBNR w KQkq"), "{screen}");
    assert!(fen.trim_end().ends_with(" 2"), "{fen}");
    keys(&session, "quit");
    let start = Instant::now();
    while tmux(&["has-session", "-t", &session]).is_empty()
        && Command::new("tmux")
            .args(["has-session", "-t", &session])
            .status()
            .map(|s| s.success())
            .unwrap_or(false)
    {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "play did not quit"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// `--side black`: the board drawn from Black's side (rank 1 at the top,
/// file h on the left), the engine's first move in SAN.
#[test]
#[ignore = "needs tmux: run by .ci/run"]
fn play_black_in_tmux() {
    let session = format!("fairyc-play-black-{}", std::process::id());
    let cmd = format!(
        "cd {} && NO_COLOR=1 {} play chess --side black --time 0.2",
        root().display(),
        env!("CARGO_BIN_EXE_fairyc")
    );
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "50",
        &cmd,
    ]);
    let screen = wait_for(&session, "your move>", 1);
    assert!(screen.contains("fairyc plays "), "{screen}");
    let lines: Vec<&str> = screen.lines().collect();
    // The last board drawn: the file letters from h to a, then rank 1
    // first and rank 8 last.
    let at = lines
        .iter()
        .rposition(|l| l.trim().starts_with("h  g  f  e  d  c  b  a"))
        .unwrap_or_else(|| panic!("no file letters from h to a:\n{screen}"));
    assert!(lines[at + 1].trim_end().ends_with(" 1"), "{screen}");
    assert!(lines[at + 1].contains("K  Q"), "{screen}");
    assert!(lines[at + 8].trim_end().ends_with(" 8"), "{screen}");
    keys(&session, "e5");
    wait_for(&session, "fairyc plays ", 2);
    keys(&session, "quit");
}
