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

fn codes(source: &str) -> Vec<&'static str> {
    compile_with_warnings(source)
        .unwrap_or_else(|e| panic!("{source}: {e:?}"))
        .warnings
        .iter()
        .map(|w| w.code())
        .collect()
}

#[test]
fn a_goal_of_a_fen_only_piece_is_not_reported_as_never_triggering() {
    // A FEN places the Silver, and then it may reach the far rank (issue 35:
    // W0004 said the rule could never trigger).
    let source = format!(
        "{BASE}piece Silver {{ letter S; moves FfW; fen-only }}\n\
         setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\
         zone far {{ white: rank 8; black: rank 1 }}\n\
         end {{ checkmate loss; Silver reaches far win }}\n"
    );
    assert_eq!(codes(&source), Vec::<&str>::new());
    // A piece of the setup that cannot get there still warns.
    let source = format!(
        "{BASE}piece Silver {{ letter S; moves FfW }}\n\
         setup \"4k3/8/8/8/8/8/8/S3K3 w - - 0 1\"\n\
         zone back {{ white: rank 1; black: rank 8 }}\n\
         end {{ checkmate loss; Silver reaches back win }}\n"
    );
    assert!(codes(&source).contains(&"W0004"), "{source}");
}

#[test]
fn a_drop_rule_for_a_piece_only_a_fen_puts_in_hand_is_kept() {
    // No capture goes to hand and the start hand is empty, but a FEN may
    // give a Silver in hand (issue 35: W0003 asked to remove the rule).
    let source = format!(
        "{BASE}piece Silver {{ letter S; moves FfW; fen-only }}\n\
         setup \"4k3/8/8/8/8/8/8/4K3[] w - - 0 1\"\n\
         drops {{ captures-to-hand off; Silver not-on rank 8 }}\n"
    );
    assert_eq!(codes(&source), Vec::<&str>::new());
    let v = fairyc_runtime::Variant::new(fairyc_compiler::compile(&source).expect("compiles"))
        .expect("variant");
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/8/8/8/4K3[S] w - - 0 1");
    assert!(p.legal_moves().into_iter().any(|m| p.uci(m) == "S@a1"));
    assert!(!p.legal_moves().into_iter().any(|m| p.uci(m) == "S@a8"));
    // A royal piece is in no hand, whatever the FEN.
    let royal = source.replace("Silver not-on rank 8", "King not-on rank 8");
    assert!(codes(&royal).contains(&"W0003"), "{royal}");
}
