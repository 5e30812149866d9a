//! Hostile FENs and setups (issue 10): errors are data, one validation path
//! for `Setup` and FEN, bounded hands and clocks, a total public API, and
//! perft that allocates only as deep as the tree goes.

use fairyc_runtime::table::{TableParts, MAX_MOVE_LIMIT};
use fairyc_runtime::{
    perft, Color, Game, ParseFenError, Placed, PlayErrorReason, Position, PositionError, Setup,
    Variant, VariantTables, MAX_FULLMOVE, MAX_HALFMOVE, MAX_HAND,
};
use fairyc_tests::shipped;

/// Crazyhouse with its tables changed by `edit`.
fn edited(edit: impl FnOnce(&mut TableParts)) -> Variant {
    let mut parts = shipped("crazyhouse").tables().parts().clone();
    edit(&mut parts);
    Variant::new(VariantTables::new(parts).expect("tables")).expect("variant")
}

fn fen_error(v: &Variant, fen: &str) -> ParseFenError {
    match Position::from_fen(v, fen) {
        Err(PositionError::Fen(e)) => e,
        other => panic!("{fen}: expected a FEN error, got {other:?}"),
    }
}

fn position_error(v: &Variant, fen: &str) -> PositionError {
    match Position::from_fen(v, fen) {
        Err(PositionError::Fen(e)) => panic!("{fen}: the FEN reads, but: {e}"),
        Err(e) => e,
        Ok(_) => panic!("{fen}: accepted"),
    }
}

#[test]
fn fen_errors_are_data_with_row_and_column() {
    let v = shipped("crazyhouse");
    assert_eq!(fen_error(&v, "  "), ParseFenError::Empty);
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ[] w - - 0 1"
        ),
        ParseFenError::UnknownPiece {
            row: 8,
            column: 8,
            letter: 'Z'
        }
    );
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPP~PPPP/RNBQKBNR[] w - - 0 1"
        ),
        ParseFenError::MarkNotAllowed {
            row: 7,
            column: 4,
            letter: "P".into()
        }
    );
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/pppppppp/8/3!4/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"
        ),
        ParseFenError::UnexpectedChar {
            row: 4,
            column: 2,
            found: '!'
        }
    );
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR[] w - - 0 1"
        ),
        ParseFenError::RowTooShort {
            row: 6,
            described: 7,
            squares: 8
        }
    );
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"
        ),
        ParseFenError::RowTooLong {
            row: 2,
            column: 9,
            squares: 8
        }
    );
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1 x"
        ),
        ParseFenError::ExtraField("x".into())
    );
    assert_eq!(
        fen_error(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x"),
        ParseFenError::BadTurn("x".into())
    );
    let e = fen_error(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkqX - 0 1",
    );
    assert_eq!(e, ParseFenError::UnknownCastling('X'));
    assert_eq!(e.row(), None);
    assert_eq!(
        ParseFenError::ZeroRun { row: 3, column: 1 }.row(),
        Some(3),
        "the compiler reads the row from here, not from the text"
    );
}

#[test]
fn empty_runs_do_not_wrap() {
    let v = shipped("crazyhouse");
    // 2^64 + 8 once read as 8.
    let e = fen_error(
        &v,
        "rnbqkbnr/pppppppp/18446744073709551624/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
    );
    assert_eq!(
        e,
        ParseFenError::RunTooLong {
            row: 3,
            column: 1,
            text: "18446744073709551624".into(),
            squares: 8
        }
    );
    // 2^64 - 1 after a piece once wrapped back onto the piece's square and
    // replaced it.
    let e = fen_error(
        &v,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R18446744073709551615NBQKBNR[] w - - 0 1",
    );
    assert!(
        matches!(
            e,
            ParseFenError::RunTooLong {
                row: 8,
                column: 2,
                ..
            }
        ),
        "{e:?}"
    );
    // A run one longer than what is left of the row.
    let e = fen_error(&v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK4[] w - - 0 1");
    assert!(
        matches!(
            e,
            ParseFenError::RunTooLong {
                row: 8,
                column: 6,
                ..
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        fen_error(
            &v,
            "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"
        ),
        ParseFenError::ZeroRun { row: 3, column: 1 }
    );
}

#[test]
fn from_setup_refuses_what_from_fen_refuses() {
    let v = shipped("crazyhouse");
    let start = Position::new(&v).expect("start").to_setup();
    let pawn = v.piece_by_letter('P').expect("pawn");

    // A mark on a piece that cannot carry it.
    let mut marked = start.clone();
    let e2 = v.square_by_name("e2").expect("e2");
    marked.board[e2.index()] = Some(Placed {
        piece: pawn,
        color: Color::White,
        promoted: true,
    });
    assert!(matches!(
        Position::from_setup(&v, &marked),
        Err(PositionError::MarkNotAllowed { .. })
    ));

    // A hand in a variant without drops.
    let no_drops = edited(|p| p.drops = None);
    let mut hand = Position::new(&no_drops).expect("start").to_setup();
    hand.hands[Color::White][pawn.index()] = 1;
    assert_eq!(
        Position::from_setup(&no_drops, &hand).map(|_| ()),
        Err(PositionError::HandWithoutDrops)
    );
    assert!(matches!(
        fen_error(
            &no_drops,
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w - - 0 1"
        ),
        ParseFenError::HandWithoutDrops
    ));

    // A hand entry for a piece the variant does not have.
    let mut unknown = start.clone();
    unknown.hands[Color::Black].push(1);
    unknown.hands[Color::Black].resize(40, 1);
    assert!(matches!(
        Position::from_setup(&v, &unknown),
        Err(PositionError::UnknownPiece(_))
    ));

    // Clocks out of range.
    let mut clock = start.clone();
    clock.halfmove = u32::MAX;
    assert_eq!(
        Position::from_setup(&v, &clock).map(|_| ()),
        Err(PositionError::Halfmove(u32::MAX))
    );
    let mut number = start;
    number.fullmove = 0;
    assert_eq!(
        Position::from_setup(&v, &number).map(|_| ()),
        Err(PositionError::Fullmove(0))
    );
}

#[test]
fn a_piece_cannot_stand_where_it_must_have_promoted() {
    let v = shipped("crazyhouse");
    assert!(matches!(
        position_error(&v, "P3k3/8/8/8/8/8/8/4K3[] w - - 0 1"),
        PositionError::PromotionZone { .. }
    ));
    assert!(matches!(
        position_error(&v, "4k3/8/8/8/8/8/8/p3K3[] w - - 0 1"),
        PositionError::PromotionZone { .. }
    ));
    // A Black pawn on rank 8 is only unusual, not impossible to describe.
    Position::from_fen(&v, "p3k3/8/8/8/8/8/8/4K3[] w - - 0 1").expect("legal");
}

/// The FEN of a position with `n` of `letter` in White's hand.
fn with_hand(board: &str, letter: char, n: usize, rest: &str) -> String {
    format!("{board}[{}] {rest}", letter.to_string().repeat(n))
}

#[test]
fn hands_are_bounded_and_make_unmake_is_exact_at_the_maximum() {
    let v = shipped("crazyhouse");
    let max = MAX_HAND as usize;
    // More than the maximum of a kind is refused in the FEN.
    assert_eq!(
        fen_error(
            &v,
            &with_hand("4k3/8/8/8/8/8/8/4K3", 'P', max + 1, "w - - 0 1")
        ),
        ParseFenError::HandTooLarge { letter: "P".into() }
    );
    // So is a position whose hands could outgrow it: the maximum of pawns
    // in hand and a pawn to capture (make/unmake once clamped at the
    // maximum and lost a pawn).
    assert_eq!(
        position_error(
            &v,
            &with_hand("4k3/8/8/8/8/8/3p4/4K3", 'P', max, "w - - 0 1")
        ),
        PositionError::TooMuchMaterial(max + 1)
    );

    // At the maximum: the capture brings White's hand to the maximum.
    let fen = with_hand("4k3/8/8/8/8/8/3p4/4K3", 'P', max - 1, "w - - 0 1");
    let mut pos = Position::from_fen(&v, &fen).expect("legal");
    let before = (pos.fen(), pos.hash());
    let capture = pos.parse_uci("e1d2").expect("Kxd2");
    let undo = pos.make(capture);
    let pawn = v.piece_by_letter('P').expect("pawn");
    assert_eq!(pos.hand_count(Color::White, pawn), MAX_HAND);
    let after = (pos.fen(), pos.hash());
    let fresh = Position::from_fen(&v, &after.0).expect("our own FEN reads back");
    assert_eq!(fresh.hash(), after.1);
    // Black moves, then White drops from the full hand, and all is taken back.
    let reply = pos.legal_moves()[0];
    let u2 = pos.make(reply);
    let drop = pos.parse_uci("P@d4").expect("a drop");
    let u3 = pos.make(drop);
    assert_eq!(pos.hand_count(Color::White, pawn), MAX_HAND - 1);
    pos.unmake(u3);
    pos.unmake(u2);
    assert_eq!((pos.fen(), pos.hash()), after);
    pos.unmake(undo);
    assert_eq!((pos.fen(), pos.hash()), before);
}

#[test]
fn the_public_api_is_total() {
    let v = shipped("crazyhouse");
    let pos = Position::new(&v).expect("start");
    let e1 = v.square_by_name("e1").expect("e1");
    let d1 = v.square_by_name("d1").expect("d1");
    // Out of range cannot be expressed: a variant makes its squares and
    // pieces, and past its last one there is none.
    assert_eq!(v.square(64), None);
    assert_eq!(v.square(usize::MAX), None);
    assert_eq!(v.piece(v.piece_count()), None);
    // A square or piece of a larger variant is none here.
    let grand = shipped("grand");
    let far = grand.square(99).expect("grand has 100 squares");
    assert_eq!(pos.is_attacked(far, Color::White), None);
    assert_eq!(pos.is_attacked(far, Color::Black), None);
    assert_eq!(pos.piece_at(far), None);
    assert_eq!(v.square_name(far), "?");
    let shogi = shipped("shogi");
    let extra = shogi.piece(13).expect("shogi has 14 pieces");
    assert_eq!(pos.hand_count(Color::White, extra), 0);
    assert_eq!(pos.hand_count(Color::Black, extra), 0);
    assert_eq!(pos.is_attacked(d1, Color::White), Some(true));
    assert_eq!(pos.is_attacked(e1, Color::Black), Some(false));
}

#[test]
fn clocks_are_bounded() {
    let v = shipped("crazyhouse");
    for fen in [
        "4k3/8/8/8/8/8/8/4K3[] w - - 4294967295 1",
        "4k3/8/8/8/8/8/8/4K3[] w - - 1000000001 1",
        "4k3/8/8/8/8/8/8/4K3[] w - - -1 1",
    ] {
        assert!(
            matches!(fen_error(&v, fen), ParseFenError::BadHalfmove(_)),
            "{fen}"
        );
    }
    for fen in [
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 4294967295",
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 0",
    ] {
        assert!(
            matches!(fen_error(&v, fen), ParseFenError::BadFullmove(_)),
            "{fen}"
        );
    }
    // At the maximum both clocks stop there: no overflow, and the FEN reads back.
    let fen = format!("4k3/8/8/8/8/8/8/4K3[] b - - {MAX_HALFMOVE} {MAX_FULLMOVE}");
    let mut pos = Position::from_fen(&v, &fen).expect("legal");
    let m = pos.parse_uci("e8e7").expect("a king move");
    pos.play(m).expect("legal");
    assert_eq!(pos.halfmove(), MAX_HALFMOVE);
    Position::from_fen(&v, &pos.fen()).expect("our own FEN reads back");
}

#[test]
fn a_huge_move_limit_does_not_draw_at_once() {
    // `2 * limit` once overflowed 32 bits: 2^31 doubled to 0, a draw at once.
    // Such a limit is now refused with the table; the largest allowed one
    // draws exactly when the half-move clock reaches twice the limit.
    let mut parts = shipped("crazyhouse").tables().parts().clone();
    parts.end.move_limit = Some(1 << 31);
    assert!(
        VariantTables::new(parts).is_err(),
        "2^31 is above the limit"
    );
    let v = edited(|p| p.end.move_limit = Some(MAX_MOVE_LIMIT));
    let game = Game::new(Position::new(&v).expect("start"));
    assert_eq!(game.outcome(), None);
    let at = |clock: u32| {
        let fen = format!("4k3/8/8/8/8/8/8/4K3[] w - - {clock} 1");
        Game::new(Position::from_fen(&v, &fen).expect("legal")).outcome()
    };
    assert_eq!(at(2 * MAX_MOVE_LIMIT - 1), None);
    assert!(at(2 * MAX_MOVE_LIMIT).is_some(), "the limit is reached");
    assert!(at(MAX_HALFMOVE).is_some(), "the clock is past the limit");
}

#[test]
fn play_errors_say_why_as_data() {
    let v = shipped("crazyhouse");
    // Fool's mate without drops to block it.
    let pos = Position::from_fen(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3",
    )
    .expect("legal");
    let e = pos.parse_uci("e2e4").expect_err("mated");
    assert_eq!(e.reason, PlayErrorReason::Illegal);
    let mut game = Game::new(Position::new(&v).expect("start"));
    let m = game.position().legal_moves()[0];
    let mut mated = Game::new(pos);
    let e = mated.play(m).expect_err("the game is over");
    assert!(matches!(e.reason, PlayErrorReason::GameOver(_)), "{e:?}");
    game.play(m).expect("legal");
}

#[test]
fn perft_allocates_only_as_deep_as_the_tree_goes() {
    let v = shipped("crazyhouse");
    let mated = Position::from_fen(
        &v,
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[] w KQkq - 1 3",
    )
    .expect("legal");
    // Once a buffer per ply was allocated up front: 4 billion of them.
    assert_eq!(perft(&mated, u32::MAX), 0);
    assert_eq!(perft(&mated, 1_000_000), 0);
    let start = Position::new(&v).expect("start");
    assert_eq!(perft(&start, 2), 400);
}

#[test]
fn two_royals_for_a_side_are_refused_as_the_compiler_refuses_them() {
    let v = shipped("crazyhouse");
    assert_eq!(
        position_error(&v, "4k3/8/8/8/8/8/8/3KK3[] w - - 0 1"),
        PositionError::TooManyRoyals {
            color: Color::White,
            count: 2
        }
    );
    assert_eq!(
        position_error(&v, "8/8/8/8/8/8/8/4K3[] w - - 0 1"),
        PositionError::NoRoyal(Color::Black)
    );
    // The compiler calls the same rule (E0040).
    let mut s = Setup::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1").expect("reads");
    let king = v.piece_by_letter('K').expect("king");
    s.board[0] = Some(Placed {
        piece: king,
        color: Color::Black,
        promoted: false,
    });
    assert!(matches!(
        Position::from_setup(&v, &s),
        Err(PositionError::TooManyRoyals {
            color: Color::Black,
            count: 2
        })
    ));
}

#[test]
fn a_fen_with_too_few_rows_says_ranks_and_what_it_found() {
    let v = shipped("chess");
    let e = fen_error(&v, "8 w - - 0 1");
    assert_eq!(
        e,
        ParseFenError::RowCount {
            expected: 8,
            found: 1
        }
    );
    let text = e.to_string();
    assert!(
        text.contains("the FEN's board has 1 row, this board has 8 (one per rank"),
        "{text}"
    );
}

#[test]
fn an_sfen_with_a_bad_hand_gets_its_own_error_not_the_fens() {
    // Issue 35: these reported "unknown castling right `9`" (the text read
    // as a FEN, the hands field as castling rights).
    let v = shipped("shogi");
    let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b";
    let sfen_error =
        |hands: &str| match Position::from_fen_or_sfen(&v, &format!("{board} {hands} 1")) {
            Err(PositionError::Fen(e)) => e,
            other => panic!("{hands}: {other:?}"),
        };
    assert_eq!(
        sfen_error("99999999999999999999P"),
        ParseFenError::HandTooLarge { letter: "P".into() }
    );
    assert_eq!(
        sfen_error("256P"),
        ParseFenError::HandTooLarge { letter: "P".into() }
    );
    assert_eq!(sfen_error("2K"), ParseFenError::RoyalInHand("K".into()));
    assert_eq!(sfen_error("2"), ParseFenError::BadSfenHand("2".into()));
    assert_eq!(sfen_error("0P"), ParseFenError::BadSfenHand("0P".into()));
    for hands in ["99999999999999999999P", "2K", "2"] {
        assert!(
            !sfen_error(hands).to_string().contains("castling"),
            "{hands}"
        );
    }
    // A good one still reads.
    let p = Position::from_fen_or_sfen(&v, &format!("{board} 2P 1")).expect("SFEN reads");
    assert!(p.fen().contains("[PP]"), "{}", p.fen());
}
