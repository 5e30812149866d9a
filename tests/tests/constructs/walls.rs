//! Walls placed by moves (issue 30, the `walls` item): one test per
//! sentence probed in pyffish 0.0.90 (the current Fairy-Stockfish); the
//! expected moves and FENs are pyffish's answers on the same FENs
//! (`legal_moves`, `get_fen`), written down by hand.

use fairyc_runtime::{Position, Variant};
use fairyc_tests::{compile_path, play, pos, root, uci_moves};

fn shipped(stem: &str) -> Variant {
    compile_path(&root().join(format!("variants/{stem}.variant")))
}

#[test]
fn a_snail_walled_in_but_for_one_square_has_one_move() {
    let v = shipped("snailtrail");
    let p = pos(&v, "p6/**5/7/7/7/7/P6 b - - 0 1");
    assert_eq!(uci_moves(&p), ["a7b7,b7a7"]);
}

#[test]
fn the_duck_moves_to_another_square_and_frees_its_own() {
    let v = shipped("duck");
    let mut p = pos(&v, "4k3/8/8/8/8/8/8/3*K3 w - - 0 1");
    let moves = uci_moves(&p);
    assert_eq!(moves.len(), 244);
    assert!(!moves.iter().any(|m| m.ends_with("d1")), "the duck stays");
    play(&mut p, "e1e2,e2a8");
    assert_eq!(p.fen(), "*3k3/8/8/8/8/8/4K3/8 b - - 1 1");
}

#[test]
fn the_duck_on_the_square_passed_over_leaves_no_en_passant() {
    let v = shipped("duck");
    let start = "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1";
    let mut p = pos(&v, start);
    play(&mut p, "e2e4,e4e3");
    assert_eq!(p.fen(), "4k3/8/8/8/3pP3/4*3/8/4K3 b - - 0 1");
    let mut q = pos(&v, start);
    play(&mut q, "e2e4,e4a1");
    assert_eq!(q.fen(), "4k3/8/8/8/3pP3/8/8/*3K3 b - e3 0 1");
    assert!(uci_moves(&q).iter().any(|m| m.starts_with("d4e3,")));
}

#[test]
fn an_arrow_flies_from_where_the_queen_stopped() {
    // The wall on b2 stops the diagonal; the arrow may land on the square
    // the queen left.
    let v = shipped("amazons");
    let p = pos(&v, "10/10/10/10/10/10/10/10/1*8/Q9 w - - 0 1");
    let moves = uci_moves(&p);
    assert_eq!(moves.len(), 464);
    assert!(moves.contains(&"a1a10,a10a1".to_string()));
    assert!(!moves.iter().any(|m| m.starts_with("a1c3")));
}

#[test]
fn make_and_unmake_restore_the_walls_and_the_hash() {
    let v = shipped("duck");
    let mut p = pos(&v, "4k3/8/8/8/8/8/8/3*K3 w - - 0 1");
    let (fen, hash) = (p.fen(), p.hash());
    for m in p.legal_moves() {
        let u = p.make(m);
        assert_ne!(p.fen(), fen);
        p.unmake(u);
        assert_eq!((p.fen(), p.hash()), (fen.clone(), hash));
    }
    // The hash of a position reached by moves is that of its FEN.
    let mut q = Position::new(&v).expect("start");
    play(&mut q, "e2e4,e4e3");
    play(&mut q, "e7e5,e5e6");
    assert_eq!(q.hash(), pos(&v, &q.fen()).hash());
}

#[test]
fn a_wall_on_a_square_is_refused_where_moves_place_none() {
    let v = shipped("chess");
    assert!(Position::from_fen(&v, "4k3/8/8/8/8/8/8/3*K3 w - - 0 1").is_err());
}
