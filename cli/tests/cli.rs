//! The command line as scripts use it: output forms and exit codes.

mod common;

use common::{fairyc, stderr, stdout};

const ZH: &str = "variants/crazyhouse.variant";

#[test]
fn perft_ends_with_the_node_count() {
    let o = fairyc(&["perft", ZH, "--depth", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("nodes: 400"));
}

#[test]
fn perft_divide_prints_one_line_per_root_move() {
    let o = fairyc(&["perft", ZH, "--depth", "2", "--divide"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.contains(&"e2e4: 20"));
    let sum: u64 = lines[..20]
        .iter()
        .map(|l| {
            l.rsplit(": ")
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .expect("MOVE: COUNT")
        })
        .sum();
    assert_eq!(sum, 400);
    assert_eq!(lines[20], "nodes: 400");
}

#[test]
fn moves_lists_drops_and_evasions() {
    let fen = "r3k2r/1P6/8/8/8/8/8/R3K1q~R[PNpb] w KQkq - 0 1";
    let o = fairyc(&["moves", ZH, "--fen", fen]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // In check from the promoted queen on g1 along the first rank: capture
    // it with the rook, block on f1 with the knight (a pawn may not be
    // dropped on rank 1), or step to d2 or e2 (d1 stays on the queen's rank,
    // f2 is on her diagonal). Promoting on b8 does not parry the check.
    let mut got: Vec<&str> = out.lines().collect();
    got.sort_unstable();
    assert_eq!(got, ["N@f1", "e1d2", "e1e2", "h1g1"]);
}

#[test]
fn moves_prints_the_result_of_a_finished_game() {
    // Fool's mate.
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3";
    let o = fairyc(&["moves", ZH, "--fen", fen]);
    assert!(o.status.success());
    assert_eq!(stdout(&o).trim(), "result: 0-1 (black wins by checkmate)");
}

#[test]
fn a_bad_fen_is_a_one_line_error_with_exit_code_2() {
    for fen in [
        "",
        "8/8/8 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX[] w KQkq - 0 1",
    ] {
        let o = fairyc(&["moves", ZH, "--fen", fen]);
        assert_eq!(o.status.code(), Some(2), "{fen}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: "), "{err}");
    }
}

#[test]
fn a_missing_file_is_exit_code_2() {
    let o = fairyc(&["check", "no/such/file.variant"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/file.variant"));
}

#[test]
fn a_bad_flag_is_exit_code_2() {
    let o = fairyc(&["perft", ZH, "--depht", "2"]);
    assert_eq!(o.status.code(), Some(2));
    let o = fairyc(&["perft", ZH, "--depth", "two"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn check_passes_the_shipped_variants() {
    let o = fairyc(&["check", "variants/"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn compile_refuses_to_overwrite_a_variant_source() {
    let dir = std::env::temp_dir().join(format!("fairyc-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let target = dir.join("mine.variant");
    std::fs::write(&target, "precious").expect("write");
    let o = fairyc(&["compile", ZH, "-o", target.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(&target).expect("still there"),
        "precious"
    );
    let out = dir.join("zh.json");
    let o = fairyc(&["compile", ZH, "-o", out.to_str().expect("utf-8 path")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = fairyc(&["perft", out.to_str().expect("utf-8 path"), "--depth", "3"]);
    assert_eq!(stdout(&o).lines().last(), Some("nodes: 8902"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compile_as_text_lists_where_pieces_go() {
    let o = fairyc(&[
        "compile",
        "variants/crazy-38s.variant",
        "--format",
        "text",
        "--squares",
        "f3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // The rook on f3 runs round the loop (docs/rules/crazy-38s.md §2.2): every square of both
    // rays through the L1 cycle, and the tails.
    let rook = out
        .lines()
        .find(|l| l.contains("Rook") && l.contains("white"))
        .expect("a rook line");
    for sq in ["a8", "c8", "d8", "f8", "a3", "c3", "g3", "h3", "f1", "f2"] {
        assert!(rook.split_whitespace().any(|w| w == sq), "{sq} in {rook}");
    }
    let o = fairyc(&[
        "compile",
        "variants/crazy-38s.variant",
        "--format",
        "text",
        "--squares",
        "b4",
    ]);
    assert_eq!(o.status.code(), Some(2), "b4 is a hole");
}

/// `play --time` beyond a day, or no number of seconds, is a usage error
/// (1e20 panicked converting to a duration).
#[test]
fn play_time_is_checked_by_the_argument_parser() {
    for bad in [
        "1e20",
        "1e30",
        "18446744073709551616",
        "86400.5",
        "0",
        "-1",
        "nan",
        "inf",
        "x",
    ] {
        let o = fairyc(&["play", "chess", &format!("--time={bad}")]);
        assert_eq!(o.status.code(), Some(2), "--time {bad}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("the time must be"), "--time {bad}: {err}");
        assert!(!err.contains("panicked"), "--time {bad}: {err}");
    }
}

/// A line that is not UTF-8 is reported and `play` goes on (it ended the
/// game silently).
#[test]
fn play_goes_on_after_a_line_that_is_not_utf8() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(["play", "chess", "--time", "0.05"])
        .current_dir(common::root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run fairyc");
    let mut input = child.stdin.take().expect("stdin");
    input.write_all(b"e2\xffe4\nfen\nquit\n").expect("write");
    drop(input);
    let o = child.wait_with_output().expect("wait");
    let out = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        out.contains("a line that is not UTF-8 was ignored"),
        "{out}"
    );
    // The next line was still read: `fen` printed the start position.
    assert!(
        out.contains("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "{out}"
    );
}

/// Every command that writes a file says `wrote PATH` on standard error,
/// the same way (`compile -o` and `export -o` said nothing).
#[test]
fn writing_a_file_says_wrote_path() {
    let dir = std::env::temp_dir().join(format!("fairyc-wrote-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let p = |n: &str| dir.join(n).to_str().expect("utf-8").to_string();
    let runs: Vec<(Vec<String>, String)> = vec![
        (
            vec!["compile".into(), "chess".into(), "-o".into(), p("c.json")],
            p("c.json"),
        ),
        (
            vec![
                "export".into(),
                "chess".into(),
                "--to".into(),
                "fairy-stockfish".into(),
                "-o".into(),
                p("c.ini"),
            ],
            p("c.ini"),
        ),
        (
            vec!["show".into(), "chess".into(), "--svg".into(), p("c.svg")],
            p("c.svg"),
        ),
    ];
    for (args, path) in runs {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = fairyc(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), format!("wrote {path}\n"), "{args:?}");
        assert!(std::path::Path::new(&path).is_file(), "{path}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `build -o DIR` is `build --out-dir DIR`; its columns are aligned on the
/// longest name, and counts of one are singular ("1 pieces" before).
#[test]
fn build_takes_dash_o_aligns_its_columns_and_counts_in_words() {
    let dir = std::env::temp_dir().join(format!("fairyc-buildcols-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let long = dir.join("a-variant-with-a-file-name-longer-than-the-old-column.variant");
    std::fs::copy(common::root().join("variants/clobber.variant"), &long).expect("copy");
    std::fs::copy(
        common::root().join("variants/chess.variant"),
        dir.join("c.variant"),
    )
    .expect("copy");
    let out = dir.join("bd");
    let o = fairyc(&[
        "build",
        dir.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(out.join("c.json").is_file(), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(" ok: ")).collect();
    assert_eq!(rows.len(), 2, "{text}");
    let at: Vec<usize> = rows.iter().map(|r| r.find(" ok: ").expect("ok")).collect();
    assert_eq!(at[0], at[1], "the columns are not aligned:\n{text}");
    let clobber = rows
        .iter()
        .find(|r| r.contains("longer-than"))
        .expect("the clobber row");
    assert!(clobber.contains(" 1 piece,"), "{clobber}");
    assert!(!text.contains(" 1 pieces"), "{text}");
    assert!(text.contains("built 2 of 2 variants"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// FILE is described one way in every command's help, and `show --side`
/// states its default.
#[test]
fn help_describes_file_one_way() {
    let wording = "The variant: a `.variant` file, a table `.json` or a shipped variant's name";
    for cmd in ["compile", "perft", "moves", "show", "play"] {
        let o = fairyc(&[cmd, "--help"]);
        let help = stdout(&o);
        assert!(help.contains(wording), "{cmd} --help:\n{help}");
    }
    // `export` needs the source: the same words, without the table.
    let help = stdout(&fairyc(&["export", "--help"]));
    assert!(
        help.contains("The variant: a `.variant` file or a shipped variant's name (not a"),
        "export --help:\n{help}"
    );
    let help = stdout(&fairyc(&["show", "--help"]));
    assert!(
        help.contains("Whose piece it is (default: white)"),
        "{help}"
    );
    let help = stdout(&fairyc(&["build", "--help"]));
    assert!(help.contains("-o, --out-dir <DIR>"), "{help}");
}
