//! `fairyc pgn`: a game read from PGN, its moves checked and printed in SAN
//! and coordinates; `fairyc moves --san`.

mod common;

use common::{fairyc, stderr, stdout};

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn a_chess_game_is_read_with_comments_and_variations() {
    let path = write(
        "scholar.pgn",
        "[Event \"test\"]\n[Variant \"Standard\"]\n\n1. e4 {best by test} e5 2. Bc4 (2. Nf3) Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n",
    );
    let o = fairyc(&["pgn", path.to_str().expect("a UTF-8 path")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("e4 e2e4\ne5 e7e5\nBc4 f1c4\n"), "{out}");
    assert!(out.contains("Qxf7# h5f7\n"), "{out}");
    assert!(
        out.contains("fen: r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"),
        "{out}"
    );
    assert!(out.contains("result: "), "{out}");
}

#[test]
fn a_crazyhouse_game_from_a_fen_with_a_drop() {
    let path = write(
        "zh.pgn",
        "[Variant \"crazyhouse\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1\"]\n\n1. P@e4 P@e5 *\n",
    );
    let o = fairyc(&["pgn", path.to_str().expect("a UTF-8 path")]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("P@e4 P@e4\nP@e5 P@e5\n"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn an_illegal_or_ambiguous_move_is_an_error_naming_its_ply() {
    let path = write("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    let o = fairyc(&["pgn", path.to_str().expect("a UTF-8 path")]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("ply 3") && err.contains("`Ke3` is not a legal move"),
        "{err}"
    );
    let path = write("unknown.pgn", "[Variant \"nosuchvariant\"]\n\n1. e4 *\n");
    let o = fairyc(&["pgn", path.to_str().expect("a UTF-8 path")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no shipped variant is called `nosuchvariant`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn moves_san_prints_san_then_coordinates() {
    let o = fairyc(&["moves", "chess", "--san"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.lines().any(|l| l == "Nf3 g1f3"), "{out}");
    assert!(out.lines().any(|l| l == "e4 e2e4"), "{out}");
    assert_eq!(out.lines().count(), 20);
}
