//! Conversion (issue 30: `flips`, `must-flip`, `next-to-own`, `first-on`,
//! `unlimited`, `pass when-stuck`, `full-board`, `stalemate points`): one
//! test per sentence probed in pyffish 0.0.90 (the current
//! Fairy-Stockfish); the expected moves, FENs and results are pyffish's
//! answers on the same FENs (`legal_moves`, `get_fen`, `game_result`),
//! written down by hand.

use fairyc_runtime::{Color, EndReason, Position, Variant};
use fairyc_tests::{compile_path, play, pos, root, uci_moves};

fn shipped(stem: &str) -> Variant {
    compile_path(&root().join(format!("variants/{stem}.variant")))
}

const HANDS: &str = "[PPPPPPPPPPpppppppppp]";

#[test]
fn a_drop_flips_along_three_lines_at_once() {
    let v = shipped("flipello");
    let mut p = pos(&v, &format!("8/8/8/3PpP2/3ppp2/3Pp3/8/8{HANDS} w - - 0 1"));
    assert_eq!(uci_moves(&p), ["P@f3"]);
    play(&mut p, "P@f3");
    assert_eq!(
        p.fen(),
        "8/8/8/3PpP2/3pPP2/3PPP2/8/8[PPPPPPPPPpppppppppp] b - - 0 1"
    );
}

#[test]
fn while_a_centre_square_is_empty_drops_go_there_only() {
    // The drop on e4 encloses stones on three lines; d1 and d7 would
    // enclose too, but e4 is a centre square and empty.
    let v = shipped("flipello");
    let p = pos(
        &v,
        &format!("8/8/2p1p1p1/3ppp2/2pp1pP1/3ppp2/2P1p1p1/7P{HANDS} w - - 0 1"),
    );
    assert_eq!(uci_moves(&p), ["P@e4"]);
    let v = shipped("flipersi");
    let p = pos(&v, &format!("8/8/8/8/3P4/8/8/8{HANDS} b - - 0 1"));
    let mut moves = uci_moves(&p);
    moves.sort();
    assert_eq!(moves, ["P@d5", "P@e4", "P@e5"]);
}

#[test]
fn a_player_with_no_drop_passes_at_its_first_stone_and_two_passes_count() {
    let v = shipped("flipello");
    let mut p = pos(&v, &format!("8/8/8/3pp3/3pp3/8/8/P7{HANDS} w - - 0 1"));
    assert_eq!(uci_moves(&p), ["a1a1"]);
    play(&mut p, "a1a1");
    assert_eq!(p.fen(), format!("8/8/8/3pp3/3pp3/8/8/P7{HANDS} b - - 1 1"));
    assert_eq!(uci_moves(&p), ["d4d4"]);
    assert!(p.outcome().is_none());
    play(&mut p, "d4d4");
    let r = p.outcome().expect("two passes end the game");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Black), EndReason::Passes)
    );
}

#[test]
fn a_player_without_stones_cannot_pass_and_loses_by_the_count() {
    let v = shipped("flipello");
    let p = pos(&v, &format!("8/8/8/3pp3/3pp3/8/8/8{HANDS} w - - 0 1"));
    assert!(uci_moves(&p).is_empty());
    let r = p.outcome().expect("stalemate");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Black), EndReason::Stalemate)
    );
}

#[test]
fn an_empty_hand_passes() {
    let v = shipped("flipello");
    let p = pos(&v, "8/8/8/3pP3/3Pp3/8/8/8[p] w - - 0 1");
    assert_eq!(uci_moves(&p), ["d4d4"]);
}

#[test]
fn without_a_pass_a_stuck_player_is_stalemated_and_the_stones_count() {
    let v = shipped("flipersi");
    let p = pos(&v, &format!("8/8/8/3pp3/3pp3/8/8/P7{HANDS} w - - 0 1"));
    assert!(uci_moves(&p).is_empty());
    let r = p.outcome().expect("stalemate");
    assert_eq!(r.winner, Some(Color::Black));
    let p = pos(&v, &format!("8/8/8/3pp3/3pp3/8/8/PPPP4{HANDS} w - - 0 1"));
    let r = p.outcome().expect("stalemate");
    assert_eq!((r.winner, r.reason), (None, EndReason::Stalemate));
}

#[test]
fn a_full_board_is_counted() {
    let v = shipped("flipello");
    let full = "pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPPP[]";
    for turn in ["w", "b"] {
        let p = pos(&v, &format!("{full} {turn} - - 0 1"));
        let r = p.outcome().expect("full board");
        assert_eq!(
            (r.winner, r.reason),
            (Some(Color::Black), EndReason::FullBoard)
        );
    }
    let tie = "pppppppp/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP[]";
    let r = pos(&v, &format!("{tie} w - - 0 1"))
        .outcome()
        .expect("full");
    assert_eq!((r.winner, r.reason), (None, EndReason::FullBoard));
}

#[test]
fn a_clone_and_a_jump_flip_the_stones_around_where_they_land() {
    let v = shipped("ataxx");
    let start = "7/7/7/2pp3/2pP3/7/7 w - - 0 1";
    let p = pos(&v, start);
    assert_eq!(uci_moves(&p).len(), 21);
    let mut q = pos(&v, start);
    play(&mut q, "P@e4");
    assert_eq!(q.fen(), "7/7/7/2pPP2/2pP3/7/7 b - - 0 1");
    let mut q = pos(&v, start);
    play(&mut q, "d3b3");
    assert_eq!(q.fen(), "7/7/7/2Pp3/1PP4/7/7 b - - 1 1");
    let mut q = pos(&v, start);
    play(&mut q, "d3f5");
    assert_eq!(q.fen(), "7/7/5P1/2pp3/2p4/7/7 b - - 1 1");
}

#[test]
fn an_ataxx_stone_walled_in_passes() {
    let v = shipped("ataxx");
    let p = pos(&v, "7/7/7/7/ppp4/ppp4/Ppp4 w - - 0 1");
    assert_eq!(uci_moves(&p), ["a1a1"]);
    let p = pos(&v, "7/7/7/3p3/7/7/7 w - - 0 1");
    assert!(uci_moves(&p).is_empty());
    assert_eq!(p.outcome().expect("no stones").winner, Some(Color::Black));
}

#[test]
fn make_and_unmake_restore_the_flipped_stones_and_the_hash() {
    for (stem, fen) in [
        (
            "flipello",
            format!("8/8/8/3PpP2/3ppp2/3Pp3/8/8{HANDS} w - - 0 1"),
        ),
        ("ataxx", "7/7/7/2pp3/2pP3/7/7 w - - 0 1".to_string()),
    ] {
        let v = shipped(stem);
        let mut p = pos(&v, &fen);
        let (fen, hash) = (p.fen(), p.hash());
        for m in p.legal_moves() {
            let u = p.make(m);
            assert_eq!(p.hash(), pos(&v, &p.fen()).hash(), "{stem} {m:?}");
            p.unmake(u);
            assert_eq!((p.fen(), p.hash()), (fen.clone(), hash));
        }
    }
    let v = shipped("ataxx");
    assert_eq!(
        Position::new(&v).expect("start").fen(),
        "P5p/7/7/7/7/7/p5P w - - 0 1"
    );
}

/// Quadwrangle on 5×5 as Fairy-Stockfish's `[qw5:ataxx]` with `maxRank =
/// maxFile = 5`, `customPiece1 = p:mQ`, `flipEnclosedPieces = quadwrangle`,
/// `enclosingDrop = none` plays it (free drops anywhere, a drop flips only
/// next to a stone of its side, a queen move always flips).
const QUADWRANGLE: &str = r#"
variant "Quadwrangle 5x5" {}
board { files a..e; ranks 1..5 }
piece Stone { letter P; moves mQ }
setup "1PPP1/p3P/p3P/p3P/1ppp1 w - - 0 1"
flips adjacent
drops {
    unlimited
    flips-only-next-to-own
}
pass when-stuck
end {
    stalemate points
    double-pass points
    full-board points
    repetition 3 points
}
scoring { points Stone 1 }
clock { resets drop; limit off }
"#;

/// Snort on 5×5 as Fairy-Stockfish's `[sn5:ataxx]` with `immobile = p`,
/// an empty 5×5 board, `enclosingDrop = snort`, `flipEnclosedPieces =
/// none`, `passOnStalemate = false`, `stalematePieceCount = false` plays it.
const SNORT: &str = r#"
variant "Snort 5x5" {}
board { files a..e; ranks 1..5 }
piece Stone { letter P; immobile }
setup "5/5/5/5/5 w - - 0 1"
drops {
    unlimited
    not-beside-enemy
}
end {
    stalemate loss
    full-board points
}
scoring { points Stone 1 }
clock { resets drop; limit off }
"#;

fn compiled(source: &str) -> Variant {
    Variant::new(fairyc_compiler::compile(source).expect("compiles")).expect("tables")
}

#[test]
fn a_drop_flips_only_next_to_a_stone_of_its_side_a_move_always() {
    // pyffish 0.0.90 on `[qw5:ataxx]`, from `5/5/2p2/5/P4 w`: `P@c2`
    // (no White stone next to c2) flips nothing, `P@b2` (next to a1) and
    // the queen move `a1b2` flip c3.
    let v = compiled(QUADWRANGLE);
    let fen = "5/5/2p2/5/P4 w - - 0 1";
    for (m, after) in [
        ("P@c2", "5/5/2p2/2P2/P4 b - - 0 1"),
        ("P@b2", "5/5/2P2/1P3/P4 b - - 0 1"),
        ("a1b2", "5/5/2P2/1P3/5 b - - 1 1"),
    ] {
        let mut p = pos(&v, fen);
        play(&mut p, m);
        assert_eq!(p.fen(), after, "{m}");
    }
    let p = pos(&v, fen);
    let counts: Vec<u64> = (1..=3).map(|d| fairyc_runtime::perft(&p, d)).collect();
    assert_eq!(counts, [32, 1146, 41966]);
    let start = Position::new(&v).expect("start");
    let counts: Vec<u64> = (1..=3).map(|d| fairyc_runtime::perft(&start, d)).collect();
    assert_eq!(counts, [47, 1850, 76003]);
    // Make and unmake restore the stones and the hash, flipped or not.
    let mut p = pos(&v, "5/1p3/2p2/5/P4 w - - 0 1");
    let (fen, hash) = (p.fen(), p.hash());
    for m in p.legal_moves() {
        let u = p.make(m);
        assert_eq!(p.hash(), pos(&v, &p.fen()).hash(), "{m:?}");
        p.unmake(u);
        assert_eq!((p.fen(), p.hash()), (fen.clone(), hash));
    }
}

#[test]
fn a_drop_never_lands_orthogonally_next_to_an_enemy_stone() {
    // pyffish 0.0.90 on `[sn5:ataxx]`, from `5/5/2p2/5/P4 w`: 19 drops,
    // none on b3, c2, c4 or d3 (beside c3) nor on c3 or a1; perft 19, 330,
    // 4860; with every empty square beside a Black stone White has no
    // move and loses (`game_result` -32000).
    let v = compiled(SNORT);
    let fen = "5/5/2p2/5/P4 w - - 0 1";
    let mut moves = uci_moves(&pos(&v, fen));
    moves.sort();
    assert_eq!(
        moves,
        [
            "P@a2", "P@a3", "P@a4", "P@a5", "P@b1", "P@b2", "P@b4", "P@b5", "P@c1", "P@c5", "P@d1",
            "P@d2", "P@d4", "P@d5", "P@e1", "P@e2", "P@e3", "P@e4", "P@e5"
        ]
    );
    let p = pos(&v, fen);
    let counts: Vec<u64> = (1..=3).map(|d| fairyc_runtime::perft(&p, d)).collect();
    assert_eq!(counts, [19, 330, 4860]);
    let start = Position::new(&v).expect("start");
    let counts: Vec<u64> = (1..=3).map(|d| fairyc_runtime::perft(&start, d)).collect();
    assert_eq!(counts, [25, 520, 10308]);
    let stuck = pos(&v, "1p1p1/p1p1p/1p1p1/p1p1p/1p1p1 w - - 0 1");
    assert!(uci_moves(&stuck).is_empty());
    assert_eq!(
        stuck.outcome().expect("stalemate").winner,
        Some(Color::Black)
    );
}
