//! `fairyc show T.json` reads the table only and draws what
//! `fairyc show T.variant` draws: holes and labels travel in the table.

mod common;

use std::path::{Path, PathBuf};

use common::root;

fn fairyc(args: &[&str]) -> (i32, String, String) {
    let out = common::fairyc(args);
    (
        out.status.code().unwrap_or(-1),
        common::stdout(&out),
        common::stderr(&out),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairyc-show-table-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A board whose hole touches the rim and whose off cell is enclosed, with
/// rank labels that are not numbers: nothing a drawing could guess from the
/// squares alone.
const HOLES: &str = r##"
variant "Holes" {}
board {
    files a b c
    ranks x y z
    cells {
        "#.."
        ".-."
        "..."
    }
}
piece King { letter K; moves K; royal }
setup "1k/2/K2 w - - 0 1"
"##;

/// Compiles `source` to `dir/t.json`.
fn compile_into(source: &Path, dir: &Path) -> PathBuf {
    let json = dir.join("t.json");
    let (code, _, err) = fairyc(&[
        "compile",
        source.to_str().expect("path"),
        "-o",
        json.to_str().expect("path"),
    ]);
    assert_eq!(code, 0, "{err}");
    json
}

fn same_drawing(source: &Path, dir: &Path, extra: &[&str]) {
    let json = compile_into(source, dir);
    let mut a = vec!["show", source.to_str().expect("path")];
    a.extend_from_slice(extra);
    let mut b = vec!["show", json.to_str().expect("path")];
    b.extend_from_slice(extra);
    let (ca, from_source, ea) = fairyc(&a);
    let (cb, from_table, eb) = fairyc(&b);
    assert_eq!((ca, cb), (0, 0), "{ea}{eb}");
    assert_eq!(from_source, from_table, "{}", source.display());
}

#[test]
fn a_table_draws_the_same_board_as_its_source() {
    let dir = temp_dir("holes");
    let source = dir.join("holes.variant");
    std::fs::write(&source, HOLES).expect("write");
    same_drawing(&source, &dir, &[]);
    let (_, drawing, _) = fairyc(&["show", dir.join("t.json").to_str().expect("path")]);
    // The rim hole is a hole, the enclosed `-` is off the board, and the
    // ranks are labelled.
    assert!(drawing.contains(" z  #  ·  k"), "{drawing}");
    assert!(drawing.contains(" y  ·     ·"), "{drawing}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn shipped_tables_draw_the_same_boards_and_pieces_as_their_sources() {
    for (v, piece, from) in [
        ("crazyhouse", "Pawn", "e2"),
        ("crazy-elephant", "Alfil", "d4"),
        ("hans-38special", "Berolina", "c2"),
        ("crazy-38s", "Queen", "d4"),
    ] {
        let dir = temp_dir(v);
        let source = root().join("variants").join(format!("{v}.variant"));
        same_drawing(&source, &dir, &[]);
        same_drawing(&source, &dir, &["--piece", piece, "--from", from]);
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn a_square_without_cells_is_refused_not_drawn() {
    let dir = temp_dir("nocells");
    let source = dir.join("holes.variant");
    std::fs::write(&source, HOLES).expect("write");
    let json = compile_into(&source, &dir);
    let text = std::fs::read_to_string(&json).expect("table");
    let broken = text.replacen("\"cells\":[[1,0]]", "\"cells\":[]", 1);
    assert_ne!(broken, text, "the table has square b x");
    std::fs::write(&json, broken).expect("write");
    let (code, out, err) = fairyc(&["show", json.to_str().expect("path")]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("covers no cell"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
