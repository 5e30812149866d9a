//! `fen-only` pieces (Fairy-Stockfish's `fairy`): pieces that never appear
//! from the setup but may stand in positions given by FEN. The move lists
//! are Fairy-Stockfish 11.1's `go perft 1` after
//! `setoption name UCI_Variant value fairy` and `position fen <FEN>`.

use fairyc_compiler::compile_with_warnings;
use fairyc_tests::{assert_moves, shipped};

#[test]
fn fairy_silver_and_fers_move_from_a_fen() {
    let v = shipped("fairy");
    // FSF: 16 moves; the Silver steps diagonally or straight forward, the
    // Fers diagonally, the pawn promotes to q, r, b or n.
    assert_moves(
        &v,
        "4k3/1P6/8/8/3S4/8/5F2/4K3 w - - 0 1",
        &[
            "b7b8q", "b7b8r", "b7b8b", "b7b8n", "f2g1", "f2e3", "f2g3", "d4c3", "d4e3", "d4c5",
            "d4d5", "d4e5", "e1d1", "e1f1", "e1d2", "e1e2",
        ],
    );
    // FSF: 14 moves; Black's Silver steps forward down the board (d4d3).
    assert_moves(
        &v,
        "4k3/1P6/8/8/3s4/8/6f1/4K3 b - - 0 1",
        &[
            "g2f1", "g2h1", "g2f3", "g2h3", "d4c3", "d4d3", "d4e3", "d4c5", "d4e5", "e8d7", "e8e7",
            "e8f7", "e8d8", "e8f8",
        ],
    );
}

const BASE: &str = r#"
variant "Mini" {}
board { files a..h; ranks 1..8 }
piece King { letter K; moves K; royal }
"#;

#[test]
fn fen_only_silences_the_unused_piece_warning() {
    let with = format!("{BASE}piece Silver {{ letter S; moves FfW; fen-only }}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n");
    let compiled = compile_with_warnings(&with).expect("it compiles");
    assert!(compiled.warnings.is_empty(), "{:?}", compiled.warnings);
    let without = with.replace("; fen-only", "");
    let compiled = compile_with_warnings(&without).expect("it compiles");
    let codes: Vec<_> = compiled.warnings.iter().map(|w| w.code()).collect();
    assert_eq!(codes, ["W0001"]);
}

#[test]
fn fen_only_on_a_piece_of_the_game_is_w0011() {
    // In the setup.
    let src = format!("{BASE}piece Silver {{ letter S; moves FfW; fen-only }}\nsetup \"s3k3/8/8/8/8/8/8/S3K3 w - - 0 1\"\n");
    let compiled = compile_with_warnings(&src).expect("it compiles");
    let codes: Vec<_> = compiled.warnings.iter().map(|w| w.code()).collect();
    assert_eq!(codes, ["W0011"]);
    // A promotion target.
    let src = format!(
        "{BASE}piece Pawn {{ letter P; moves mfW }}\npiece Silver {{ letter S; moves FfW; fen-only }}\n\
         setup \"p3k3/8/8/8/8/8/8/P3K3 w - - 0 1\"\n\
         zone last {{ white: rank 8; black: rank 1 }}\npromotion {{ Pawn -> Silver in last }}\n"
    );
    let compiled = compile_with_warnings(&src).expect("it compiles");
    let codes: Vec<_> = compiled.warnings.iter().map(|w| w.code()).collect();
    assert_eq!(codes, ["W0011"]);
}

#[test]
fn fen_only_twice_is_an_error() {
    let src = format!("{BASE}piece Silver {{ letter S; moves FfW; fen-only; fen-only }}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n");
    assert!(compile_with_warnings(&src).is_err());
}
