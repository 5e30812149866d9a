//! An en-passant capture never promotes (issue 35), as in Fairy-Stockfish:
//! not where a compulsory promotion zone begins on the square it lands on,
//! nor under a rule that promotes on a capture. The expected moves are
//! pyffish 0.0.90's (`legal_moves` after `load_variant_config` with the
//! sections named in each file's header).

use fairyc_tests::{compile_path, pos, root, sorted, uci_moves};

fn moves_from(stem: &str, fen: &str, from: &str) -> Vec<String> {
    let v = compile_path(&root().join(format!("tests/data/en-passant/{stem}.variant")));
    let p = pos(&v, fen);
    uci_moves(&p)
        .into_iter()
        .filter(|u| u.starts_with(from))
        .collect()
}

#[test]
fn an_en_passant_capture_into_a_compulsory_zone_does_not_promote() {
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(
        moves_from("zone", fen, "e5"),
        sorted(&["e5d6", "e5e6q", "e5e6r", "e5e6b", "e5e6n"])
    );
}

#[test]
fn an_en_passant_capture_does_not_promote_on_capture() {
    let fen = "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1";
    let moves = moves_from("capture", fen, "e5");
    // pyffish: `e5d6` and `e5f6+` (its rule is compulsory where ours may be
    // declined, hence also `e5f6` and the step `e5e6` here).
    assert!(moves.contains(&"e5d6".to_string()), "{moves:?}");
    assert!(moves.contains(&"e5f6+".to_string()), "{moves:?}");
    assert!(!moves.contains(&"e5d6+".to_string()), "{moves:?}");
}

#[test]
fn an_en_passant_capture_made_by_play_does_not_promote() {
    // The same after the double step that creates the square, with the
    // position read back from its FEN.
    let v = compile_path(&root().join("tests/data/en-passant/zone.variant"));
    let mut p = pos(&v, "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
    fairyc_tests::play(&mut p, "d7d5");
    assert!(p.fen().contains(" d6 "), "{}", p.fen());
    assert!(p.parse_uci("e5d6q").is_err(), "e5d6q is legal");
    fairyc_tests::play(&mut p, "e5d6");
    assert_eq!(p.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // The pawn left in the zone is a position its FEN can give.
    assert_eq!(pos(&v, &p.fen()).fen(), p.fen());
}

/// A triple step passes two squares; the FEN holds those an en-passant
/// capture can go to, one after another. pyffish 0.0.90 on the section
/// `[triplestep-imp]` of tests/data/field/imported.ini, which says the same
/// game, writes `a4`, `a3` and `a3a4` for the three positions below. Read
/// back, the FEN gives the same position, with the same captures.
#[test]
fn a_triple_step_writes_the_squares_a_capture_can_go_to() {
    let source = r#"
variant "Triple" { }
board { files a..f; ranks 1..9 }
piece King { letter K; moves K; royal }
piece Queen { letter Q; moves Q }
piece Pawn { letter P; moves mfW cefF; moves ifmnD from double-step; moves ifmnH from triple-step }
setup "3k2/6/6/6/1p4/6/6/P5/3K2 w - - 0 1"
zone double-step { white: rank 2, rank 3; black: rank 8, rank 7 }
zone triple-step { white: rank 2; black: rank 8 }
zone far { white: rank 9; black: rank 1 }
promotion { Pawn -> Queen in far }
end { checkmate loss }
"#;
    let tables = fairyc_compiler::compile(source).expect("compiles");
    let v = fairyc_runtime::Variant::new(tables).expect("loads");
    for (fen, ep) in [
        ("3k2/6/6/6/1p4/6/6/P5/3K2 w - - 0 1", "a4"),
        ("3k2/6/6/6/6/1p4/6/P5/3K2 w - - 0 1", "a3"),
        ("3k2/6/6/6/1p4/1p4/6/P5/3K2 w - - 0 1", "a3a4"),
    ] {
        let mut p = pos(&v, fen);
        let m = p.parse_uci("a2a5").expect("a2a5");
        p.play(m).expect("plays");
        let after = p.fen();
        assert_eq!(after.split(' ').nth(3), Some(ep), "{fen}: {after}");
        let read = pos(&v, &after);
        assert_eq!(read.fen(), after);
        assert_eq!(uci_moves(&read), uci_moves(&p), "{after}");
    }
    // Both captures from the field as Fairy-Stockfish writes it, and the
    // field's squares in either order; a square no pawn passed is refused.
    let both = "3k2/6/6/6/Pp4/1p4/6/6/3K2 b - a3a4 0 1";
    for fen in [both, &both.replace("a3a4", "a4a3")] {
        let moves = uci_moves(&pos(&v, fen));
        for m in ["b4a3", "b5a4"] {
            assert!(moves.contains(&m.to_string()), "{fen}: {moves:?}");
        }
    }
    for bad in ["a3a6", "a3b3", "a3zz"] {
        let fen = both.replace("a3a4", bad);
        assert!(
            fairyc_runtime::Position::from_fen(&v, &fen).is_err(),
            "{fen} read"
        );
    }
}

/// The current Fairy-Stockfish writes a custom pawn's en-passant squares
/// with the move's destination: `d3c4` after Berolina's `e2c4` (pyffish
/// 0.0.90, `get_fen` on `fairyc export berolina`'s section). fairyc reads
/// that field: the square passed, and the victim's own square.
#[test]
fn a_field_with_the_victims_square_reads_as_the_square_passed() {
    let v = fairyc_tests::shipped("berolina");
    // pyffish: d3c4 after e2c4, with a black pawn on d4 that takes on d3
    // (Berolina pawns capture straight ahead), its moves d4c3 d4e3 d4d3.
    let fen = "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1";
    let p = pos(&v, fen);
    let d4: Vec<String> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(d4, sorted(&["d4c3", "d4d3", "d4e3"]), "{fen}");
    assert_eq!(p.fen().split(' ').nth(3), Some("d3"));
    // Only the victim's square may be occupied.
    let bad = fen.replace("d3c4", "d3d4");
    let error = fairyc_runtime::Position::from_fen(&v, &bad)
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some(
            "illegal position: no white move can have left the en-passant squares d3, d4: a move \
             passes over the empty ones, and a listed square with a piece on it must be where \
             that piece stopped"
        ),
        "{bad}"
    );
    // One square alone keeps its message.
    let one = fen.replace("d3c4", "e3");
    let error = fairyc_runtime::Position::from_fen(&v, &one)
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        error.as_deref(),
        Some("illegal position: no white piece can have passed over the en-passant square e3"),
        "{one}"
    );
}

/// Black's Berolina pawns on a5 and c5 could each have passed b6 (from c7
/// and from a7): the square alone leaves the victim in doubt, so the FEN
/// also names the pawn that moved, as the current Fairy-Stockfish does.
/// pyffish 0.0.90 on `fairyc export berolina`'s section writes `c5b6` after
/// `a7c5`, and after `b5b6` takes the c5 pawn.
#[test]
fn a_field_names_the_victim_where_the_squares_passed_leave_it_in_doubt() {
    let v = fairyc_tests::shipped("berolina");
    let before = "3qk1nr/p5b1/n1p5/pP1B1p1p/P3rP1R/P2P1N2/8/RNBK4 b - - 0 31";
    let mut played = pos(&v, before);
    played
        .play(played.parse_uci("a7c5").expect("a7c5"))
        .expect("plays");
    let fen = played.fen();
    assert_eq!(
        fen,
        "3qk1nr/6b1/n1p5/pPpB1p1p/P3rP1R/P2P1N2/8/RNBK4 w - c5b6 0 32"
    );
    let taken = "3qk1nr/6b1/nPp5/p2B1p1p/P3rP1R/P2P1N2/8/RNBK4 b - - 0 32";
    for mut p in [played, pos(&v, &fen)] {
        p.play(p.parse_uci("b5b6").expect("b5b6")).expect("plays");
        assert_eq!(p.fen(), taken);
    }
    // Without the victim's square, the first pawn found (a5) is taken.
    let mut alone = pos(&v, &fen.replace("c5b6", "b6"));
    alone
        .play(alone.parse_uci("b5b6").expect("b5b6"))
        .expect("plays");
    assert_ne!(alone.fen(), taken);
    // Two occupied squares are refused.
    let two = fen.replace("c5b6", "a5c5b6");
    assert!(
        fairyc_runtime::Position::from_fen(&v, &two).is_err(),
        "{two}"
    );
}
