//! A royal piece may promote to another royal piece (issue 35): its side
//! keeps exactly one royal piece, and the runtime follows the royal piece
//! through the promotion. The counts are by hand (see each comment).

use fairyc_runtime::{perft, Variant};
use fairyc_tests::{play, pos, sorted, uci_moves};

/// A 4×4 board: a king that must become an emperor (a royal queen) on the
/// far rank.
const TINY: &str = r#"
variant "Emperors" {}
board { files a..d; ranks 1..4 }
piece King    { letter K; moves K; royal }
piece Emperor { letter E; moves Q; royal }
setup "3k/4/K3/4 w - - 0 1"
zone far-rank { white: rank 4; black: rank 1 }
promotion { King -> Emperor in far-rank }
end { checkmate loss; stalemate draw }
"#;

fn tiny() -> Variant {
    let tables = fairyc_compiler::compile(TINY).unwrap_or_else(|e| {
        panic!(
            "{}",
            fairyc_compiler::diagnostic::render_plain("tiny", TINY, &e)
        )
    });
    Variant::new(tables).expect("variant")
}

#[test]
fn a_king_promotes_to_an_emperor_and_stays_royal() {
    let v = tiny();
    // White K b3, Black k d4 (which guards c4, c3, d3). White: a4 and b4
    // promote (compulsory), a3, a2, b2, c2: 6.
    let fen = "3k/1K2/4/4 w - - 0 1";
    let p = pos(&v, fen);
    assert_eq!(
        uci_moves(&p),
        sorted(&["b3a4e", "b3b4e", "b3a3", "b3a2", "b3b2", "b3c2"])
    );
    assert_eq!(perft(&p, 1), 6);
    // Black's replies (k d4 to c4, c3, d3): after Ea4 (checks along the
    // rank) c3 d3 = 2; after Eb4 (checks; covers c4, c3) d3 = 1; after Ka3
    // 3; Ka2 3; Kb2 (covers c3) 2; Kc2 (covers c3, d3) 1: 12.
    assert_eq!(perft(&p, 2), 12);
    // After b3b4e d4d3 the emperor is White's royal piece: it may not go
    // next to the black king (c4, d4, c3, d2), leaving a4, b3, b2, b1, a3.
    let mut q = pos(&v, fen);
    play(&mut q, "b3b4e");
    play(&mut q, "d4d3");
    assert!(q.fen().starts_with("1E2/3k/4/4 w "), "{}", q.fen());
    assert_eq!(
        uci_moves(&q),
        sorted(&["b4a4", "b4b3", "b4b2", "b4b1", "b4a3"])
    );
    // Unmade and made again by perft: the same counts from the FEN.
    assert_eq!(perft(&pos(&v, &q.fen()), 1), 5);
}

#[test]
fn a_royal_piece_still_may_not_promote_to_a_piece_that_is_not_royal() {
    for (rule, target) in [
        ("King -> Queen in far-rank", "`Queen`"),
        ("King -> Emperor | Queen in far-rank", "`Queen`"),
        ("King -> hand(Queen) in far-rank", "`hand(Queen)`"),
    ] {
        let source = TINY.replace(
            "promotion { King -> Emperor in far-rank }",
            &format!("piece Queen {{ letter Q; moves Q }}\ndrops {{ }}\npromotion {{ {rule} }}"),
        );
        let errors = fairyc_compiler::compile(&source).expect_err(rule);
        let text = fairyc_compiler::diagnostic::render_plain("tiny", &source, &errors);
        assert!(text.contains("error[E0047]"), "{rule}: {text}");
        assert!(
            text.contains(&format!("cannot promote to {target}")),
            "{rule}: {text}"
        );
        assert!(!text.contains("E0041"), "{rule}: {text}");
    }
}

/// Spartan chess (`royal { check all }`): a hoplite may become a king
/// while the Spartans have one. Probed in pyffish 0.0.90 (`legal_moves` of
/// this FEN in its built-in `spartan`): Black's last king on e7 is in check
/// from the queen on d8, and besides the king's four moves the hoplite on b2
/// may take c1 and become a second king, after which only one of two kings
/// is attacked.
#[test]
fn a_promotion_to_a_second_king_answers_a_check_in_spartan_chess() {
    let v = fairyc_tests::shipped("spartan");
    let p = pos(
        &v,
        "3Qc1wl/g3k2h/3ch3/1h2P1PP/1Q2l2R/P5PB/1hP1PK2/RN4N1 b - - 0 24",
    );
    assert!(p.is_check());
    assert_eq!(
        uci_moves(&p),
        sorted(&["b2c1k", "e7d8", "e7f7", "e7f8", "e8d8"])
    );
}
