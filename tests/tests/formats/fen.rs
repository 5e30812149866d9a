//! FEN reading and writing, position validation, and the incremental Zobrist
//! hash, on Crazyhouse.

use fairyc_runtime::{Position, Setup};
use fairyc_tests::shipped;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn bracket_and_ninth_rank_pockets_read_the_same() {
    let v = shipped("crazyhouse");
    let bracket = "r3k2r/8/8/8/8/8/8/R3K1q~R[PNpb] w KQkq - 0 1";
    let ninth = "r3k2r/8/8/8/8/8/8/R3K1q~R/PNpb w KQkq - 0 1";
    let a = Setup::from_fen(&v, bracket).expect("bracket form");
    let b = Setup::from_fen(&v, ninth).expect("ninth-rank form");
    assert_eq!(a, b);
    // Written back in brackets, White first, lichess's order P N B R Q.
    let pos = Position::from_setup(&v, &a).expect("legal");
    assert_eq!(pos.fen(), bracket);
}

#[test]
fn pockets_in_any_order_are_written_in_the_canonical_order() {
    let v = shipped("crazyhouse");
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[qQpNPrB] w - - 0 1").expect("legal");
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3[PNBQprq] w - - 0 1");
}

#[test]
fn empty_pockets_have_three_spellings() {
    let v = shipped("crazyhouse");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let forms = [
        format!("{start}[] w KQkq - 0 1"),
        format!("{start}[-] w KQkq - 0 1"),
        format!("{start}/ w KQkq - 0 1"),
    ];
    let setups: Vec<Setup> = forms
        .iter()
        .map(|f| Setup::from_fen(&v, f).expect("empty pockets"))
        .collect();
    assert_eq!(setups[0], setups[1]);
    assert_eq!(setups[0], setups[2]);
}

#[test]
fn bad_fens_are_refused_with_a_reason() {
    let v = shipped("crazyhouse");
    let cases = [
        ("", "empty"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]",
            "side to move",
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "rows"),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "row 3",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ[] w KQkq - 0 1",
            "`Z`",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1",
            "side to move",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkqX - 0 1",
            "castling",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq z9 0 1",
            "z9",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
            "royal",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP~P/RNBQKBNR[] w KQkq - 0 1",
            "promoted",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR[] w kq - 0 1",
            "royal piece",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[] w KQkq - 0 1",
            "castling right `K`",
        ),
        (
            "4k3/8/8/8/8/8/8/4R1K1[] w - - 0 1",
            "in check but it is white's move",
        ),
        ("4k3/8/8/8/8/8/8/4K3[] w - e6 0 1", "en-passant"),
        ("4k3/8/8/8/8/8/8/4K3[] w - - x 1", "half-move"),
    ];
    for (fen, reason) in cases {
        let err = Position::from_fen(&v, fen).expect_err(fen).to_string();
        assert!(
            err.contains(reason),
            "{fen}: `{err}` should mention {reason}"
        );
    }
}

#[test]
fn en_passant_from_fen_and_after_a_double_step() {
    let v = shipped("crazyhouse");
    let pos = Position::from_fen(&v, "4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 2").expect("legal");
    let moves: Vec<String> = pos.legal_moves().iter().map(|&m| pos.uci(m)).collect();
    assert!(moves.contains(&"e5d6".to_string()), "{moves:?}");
    let mut next = pos.clone();
    next.play(pos.parse_uci("e5d6").expect("legal"))
        .expect("legal");
    assert_eq!(next.fen(), "4k3/8/3P4/8/8/8/8/4K3[P] b - - 0 2");
    // A double step creates an en-passant square only where a pawn can take.
    let start = Position::new(&v).expect("start");
    let mut next = start.clone();
    next.play(start.parse_uci("e2e4").expect("legal"))
        .expect("legal");
    assert!(next.fen().contains(" b KQkq - "), "{}", next.fen());
    // An en-passant square in a FEN that nothing can use is dropped.
    let p = Position::from_fen(&v, "4k3/8/8/8/4P3/8/8/4K3[] b - e3 0 1").expect("legal");
    assert_eq!(p.fen(), "4k3/8/8/8/4P3/8/8/4K3[] b - - 0 1");
    // A drop never creates an en-passant square; a double step does.
    let pos = Position::from_fen(&v, "4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1").expect("legal");
    let mut next = pos.clone();
    next.play(pos.parse_uci("e2e4").expect("legal"))
        .expect("legal");
    assert!(next.fen().contains(" b - e3 "), "{}", next.fen());
    assert!(next.legal_moves().iter().any(|&m| next.uci(m) == "d4e3"));
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_as_a_pawn() {
    let v = shipped("crazyhouse");
    let pos = Position::from_fen(&v, "4k3/8/8/8/8/8/8/R3K1q~R[] w - - 0 1").expect("legal");
    let mut next = pos.clone();
    next.play(pos.parse_uci("h1g1").expect("legal"))
        .expect("legal");
    assert_eq!(next.fen(), "4k3/8/8/8/8/8/8/R3K1R1[P] b - - 0 1");
}

#[test]
fn the_incremental_hash_equals_the_hash_of_the_fen() {
    let v = shipped("crazyhouse");
    for seed in 0..20u64 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut pos = Position::new(&v).expect("start");
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            let fresh = Position::from_fen(&v, &pos.fen()).expect("our own FEN reads back");
            assert_eq!(fresh.fen(), pos.fen());
            assert_eq!(fresh.hash(), pos.hash(), "seed {seed}: {}", pos.fen());
        }
    }
}

#[test]
fn the_hash_tells_hands_and_promoted_marks_apart() {
    let v = shipped("crazyhouse");
    let h = |fen: &str| Position::from_fen(&v, fen).expect(fen).hash();
    let base = h("4k3/8/8/8/8/8/8/4K2Q[] w - - 0 1");
    assert_ne!(base, h("4k3/8/8/8/8/8/8/4K2Q~[] w - - 0 1"));
    assert_ne!(base, h("4k3/8/8/8/8/8/8/4K2Q[P] w - - 0 1"));
    assert_ne!(
        h("4k3/8/8/8/8/8/8/4K2Q[P] w - - 0 1"),
        h("4k3/8/8/8/8/8/8/4K2Q[p] w - - 0 1")
    );
    assert_ne!(
        h("4k3/8/8/8/8/8/8/4K2Q[P] w - - 0 1"),
        h("4k3/8/8/8/8/8/8/4K2Q[PP] w - - 0 1")
    );
    assert_ne!(base, h("4k3/8/8/8/8/8/8/4K2Q[] b - - 0 1"));
}

#[test]
fn unmake_restores_the_position_exactly() {
    for stem in [
        "crazyhouse",
        "crazy-elephant",
        "hans-38special",
        "crazy-38s",
    ] {
        let v = shipped(stem);
        for seed in 0..10u64 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Position::new(&v).expect("start");
            for _ in 0..100 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Every legal move is made and taken back.
                for &m in &moves {
                    let (fen, hash) = (pos.fen(), pos.hash());
                    let undo = pos.make(m);
                    pos.unmake(undo);
                    assert_eq!(pos.fen(), fen, "{stem}: {} taken back", pos.uci(m));
                    assert_eq!(pos.hash(), hash, "{stem}: {fen}");
                    assert_eq!(pos.legal_moves(), moves, "{stem}: {fen}");
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}

/// Fairy-Stockfish's short FENs, as its startFen values write variants
/// without castling or en passant (pyffish 0.0.90's `start_fen("shogi")`
/// is `…[-] w 0 1`): the two clocks straight after the side to move, and
/// `-` for a clock. Every shipped variant whose start position has no
/// castling, gate or en-passant rights reads its short form as its long one.
#[test]
fn fairy_stockfish_short_fens_read_as_the_long_ones() {
    let dir = fairyc_tests::root().join("variants");
    let mut stems: Vec<String> = std::fs::read_dir(&dir)
        .expect("variants/")
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".variant").map(str::to_string)
        })
        .collect();
    stems.sort();
    let mut read = 0;
    for stem in &stems {
        let v = shipped(stem);
        let start = Setup::from_fen(&v, v.start_fen()).expect("the start FEN");
        let fields: Vec<&str> = v.start_fen().split_whitespace().collect();
        // Board, side, `-`, `-`, clocks: the forms Fairy-Stockfish writes.
        let [board, side, "-", "-", half, full] = fields[..] else {
            continue;
        };
        // Without clocks, the clocks are 0 and 1 (chennis starts at `1 1`:
        // Fairy-Stockfish reads the `0` of its section's startFen, which has
        // no en-passant field, as that field).
        let unclocked = Setup::from_fen(&v, &format!("{board} {side} - - 0 1"))
            .unwrap_or_else(|e| panic!("{stem}: {e}"));
        for (short, long) in [
            (format!("{board} {side} {half} {full}"), &start),
            (format!("{board} {side} - - - -"), &unclocked),
            (format!("{board} {side}"), &unclocked),
        ] {
            let s = Setup::from_fen(&v, &short).unwrap_or_else(|e| panic!("{stem}: {short}: {e}"));
            assert_eq!(&s, long, "{stem}: {short}");
        }
        read += 1;
    }
    assert!(read > 30, "{read} variants with a short form");

    // The clocks are read, not dropped.
    let v = shipped("shogi");
    let s = Setup::from_fen(
        &v,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 7 12",
    )
    .expect("pyffish's shogi start FEN with other clocks");
    assert_eq!((s.halfmove, s.fullmove), (7, 12));
    let pos = Position::from_setup(&v, &s).expect("legal");
    assert!(pos.fen().ends_with(" w - - 7 12"), "{}", pos.fen());

    // What pyffish 0.0.90 refuses (`validate_fen` < 1), fairyc refuses:
    // a castling field followed by the clocks without an en-passant field.
    let v = shipped("chess");
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - 0 1",
    ] {
        assert!(Setup::from_fen(&v, bad).is_err(), "{bad}");
    }
    // And what it accepts, fairyc reads as it does (`get_fen` writes the
    // long form: castling rights kept, the clocks 0 and 1).
    for (short, long) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - - -",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
        ),
    ] {
        let pos = Position::from_fen(&v, short).unwrap_or_else(|e| panic!("{short}: {e}"));
        assert_eq!(pos.fen(), long, "{short}");
    }
}
