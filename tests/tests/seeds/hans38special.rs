//! Hans 38Special (`variants/hans-38special.variant`) against its rules
//! (`docs/rules/hans-38special.md`, every reading of §7).
//!
//! Each rule test is a position and the exact legal moves or result, worked
//! out by hand from the spec; the comment beside each says how.
//!
//! Coordinates: files a–f, ranks 0–7; the 6×6 block a1–f6 plus e0 (White's
//! extra square, Black's citadel) and b7 (Black's extra square, White's
//! citadel). FEN rows run from rank 7 (one square, b7) down to rank 0 (one
//! square, e0). Letters: K King, E Berolina, P Shatranj pawn, C Chinese pawn,
//! A Across, D Dabbabah, N kNightrider, B Short Bishop, S Silver, G Gold,
//! W Wazir, F Firzan, R Rook, X Bishop, T Tiger, O Wolf, U Gold′.

use std::time::Instant;

use fairyc_runtime::{
    describe, perft, Color, EndReason, Game, GameResult, PieceType, Position, Variant,
    VariantTables,
};
use fairyc_tests::{
    assert_moves, assert_turn_symmetric, play, pos, random_positions, shipped, sorted, turned,
    uci_moves,
};

fn variant() -> Variant {
    shipped("hans-38special")
}

fn piece(v: &Variant, letter: char) -> PieceType {
    v.piece_by_letter(letter).expect("piece letter")
}

/// Letter and colour of what stands on `sq` (`'C'` White, `'c'` Black).
fn on(p: &Position<'_>, sq: &str) -> Option<char> {
    let v = p.variant();
    p.piece_at(v.square_by_name(sq).expect("square")).map(|x| {
        let l = v.piece_letter(x.piece);
        if x.color == Color::White {
            l
        } else {
            l.to_ascii_lowercase()
        }
    })
}

const WHITE_MATES: GameResult = GameResult {
    winner: Some(Color::White),
    reason: EndReason::Checkmate,
};

const BLACK_MATES: GameResult = GameResult {
    winner: Some(Color::Black),
    reason: EndReason::Checkmate,
};

// ---------------------------------------------------------------------------
// The start position.

#[test]
fn the_legal_first_moves() {
    // Spec §2 setup. White's pieces on rank 1 are all hemmed in: the Silver
    // (b1), King (c1), Gold (d1) and both Short Bishops (e1, e0) only reach
    // squares of their own side or off the board; the kNightrider on f1 needs
    // f2 or e1 empty for its orthogonal first step, and g1/f0 do not exist.
    // What moves:
    // * Dabbabah a1: its mW steps hit a2/b1 (own), its D leap goes over a2
    //   to the empty a3 (c1 is the King).
    // * Berolina a2, f2: non-capturing diagonal step forward, b3 and e3.
    // * Shatranj pawns b2, e2: straight step forward, b3 and e3.
    // * Chinese pawns c2, d2: straight forward, c3 and d3 (rank 3 is not past
    //   the middle, so no Across).
    // No hands, so no drops.
    let v = variant();
    let p = Position::new(&v).expect("start position");
    assert_eq!(p.fen(), "b/nbgksd/epccpe/6/6/EPCCPE/DSKGBN/B[] w - - 0 1");
    assert_eq!(
        uci_moves(&p),
        sorted(&["a1a3", "a2b3", "b2b3", "c2c3", "d2d3", "e2e3", "f2e3"])
    );
}

#[test]
fn perft_from_the_start() {
    // Depth 1: the 7 moves above. Depth 2: 7 × 7, because none of White's
    // first moves reaches rank 4 or beyond, so Black's 7 replies (the mirror
    // image of White's) are never blocked, attacked or added to.
    // Deeper depths have no independent reference figures yet, so they are
    // not asserted here (a test may not pin the engine's own output).
    let v = variant();
    let p = Position::new(&v).expect("start position");
    let expected = [7u64, 49];
    for (d, &n) in (1u32..).zip(&expected) {
        let t = Instant::now();
        let got = perft(&p, d);
        println!("hans-38special perft {d}: {got} ({:?})", t.elapsed());
        assert_eq!(got, n, "perft {d}");
    }
}

// ---------------------------------------------------------------------------
// Pieces and their moves (spec §3).

#[test]
fn mao_rider_leg_blocked_at_its_occupied_orthogonal_square() {
    // N on c3 with a friendly Shatranj pawn on c4: both legs that start
    // c3→c4 (to b5 and d5) are blocked. Left: via c2 to b1/d1, via d3 to
    // e2/e4, via b3 to a2/a4; each second leg leaves the board (d0, b0 do not
    // exist; g1, g5 and the cells west of file a are off it). The pawn steps
    // to c5, an enemy setup square, and becomes a Firzan. King e0: d1 e1 f1.
    let v = variant();
    assert_moves(
        &v,
        "k/6/6/2P3/2N3/6/6/K[] w - - 0 1",
        &[
            "c3a2", "c3a4", "c3b1", "c3d1", "c3e2", "c3e4", "c4c5f", "e0d1", "e0e1", "e0f1",
        ],
    );
}

#[test]
fn mao_rider_leg_blocked_at_a_missing_orthogonal_square() {
    // N on e0 (the extra square): the leg to c1 would step first to d0,
    // which does not exist, so it is impossible although c1 is empty (a
    // leaping knight would go there). Via e1 it reaches f2 (the next leg
    // leaves the board at g4) and d2, and from d2 it rides on: c4 (via d3),
    // b6 (via c5), which is an enemy setup square, so the Nightrider becomes
    // a Tiger there; from b6 the next leg would step to b7 and land on a8,
    // which does not exist. King a1: a2 b1 b2.
    let v = variant();
    assert_moves(
        &v,
        "1/5k/6/6/6/6/K5/N[] w - - 0 1",
        &["a1a2", "a1b1", "a1b2", "e0b6t", "e0c4", "e0d2", "e0f2"],
    );
}

#[test]
fn mao_rider_running_two_legs_and_capturing() {
    // N on a1. Leg a1→b3 (via a2) then b3→c5 (via b4) captures the Chinese
    // pawn on c5, an enemy setup square: it becomes a Tiger (`a1c5t`). The
    // other direction captures on its first leg (a1→c2 via b1, the Wazir) and
    // stops there, so e3 is not reached. King e0: d1 e1 f1 (the Wazir on c2
    // guards b2 c1 c3 d2, none of them).
    let v = variant();
    assert_moves(
        &v,
        "k/6/2c3/6/6/2w3/N5/K[] w - - 0 1",
        &["a1b3", "a1c2", "a1c5t", "e0d1", "e0e1", "e0f1"],
    );
}

#[test]
fn check_by_a_mao_rider_and_its_evasions() {
    // White's N a1 checks the King on c5 along a1-(a2)-b3-(b4)-c5. Black can
    // block on either orthogonal square (a2, b4) or the landing square b3 by
    // dropping the Gold from hand, or move the King to any of its 8
    // neighbours (none is attacked: the Nightrider's other ray is c2-e3).
    let v = variant();
    let p = pos(&v, "1/6/2k3/6/6/6/N5/K[g] b - - 0 1");
    assert!(p.is_check());
    assert_eq!(
        uci_moves(&p),
        sorted(&[
            "G@a2", "G@b3", "G@b4", "c5b4", "c5b5", "c5b6", "c5c4", "c5c6", "c5d4", "c5d5", "c5d6",
        ])
    );
}

#[test]
fn dabbabah_leaps_and_its_step_does_not_capture() {
    // D on c3 (spec §3, §7 item 5: it leaps). D leaps: over the own pawn on
    // c4 to capture on c5 (an enemy setup square: it becomes a Rook), over
    // the Wazir on b3 to a3, and to c1, e3. Its W step is move-only: c2 and
    // d3, not b3 (enemy) nor c4 (own). The Chinese pawn c4 captures forward
    // on c5 and, being past the middle, becomes an Across. King e0: d1 e1 f1.
    let v = variant();
    assert_moves(
        &v,
        "k/6/2c3/2C3/1wD3/6/6/K[] w - - 0 1",
        &[
            "c3a3", "c3c1", "c3c2", "c3c5r", "c3d3", "c3e3", "c4c5a", "e0d1", "e0e1", "e0f1",
        ],
    );
}

// ---------------------------------------------------------------------------
// Promotion (spec §4).

#[test]
fn chinese_pawn_becomes_an_across_on_crossing_the_middle() {
    // White: a Chinese pawn that finishes on rank 4 or higher becomes an
    // Across (c3c4a, and d4d5a for one already past the middle, as after a
    // drop); a2a3 stays a pawn. Black's cross on rank 3 or lower: d4d3a, but
    // f5f4 stays a pawn (rank 4 is still Black's half).
    let v = variant();
    assert_moves(
        &v,
        "k/6/6/3C2/2C3/C5/6/K[] w - - 0 1",
        &["a2a3", "c3c4a", "d4d5a", "e0d1", "e0e1", "e0f1"],
    );
    assert_moves(
        &v,
        "k/6/5c/3c2/6/6/6/K[] b - - 0 1",
        &["b7a6", "b7b6", "b7c6", "d4d3a", "f5f4"],
    );
}

#[test]
fn promotion_on_each_kind_of_zone_square() {
    // The zone is the 13 enemy setup squares (§4.1, §7 item 1): the enemy
    // pawn rank, the enemy back rank and the enemy extra square. A Dabbabah
    // on b5 (already in the zone) promotes to a Rook on every move that ends
    // in it: a5/c5 (pawn rank), b6 (back rank), b7 (extra square, by the D
    // leap), d5 (leap); not on b4 (step) or b3 (leap). Promotion is
    // compulsory, so the plain moves do not exist.
    let v = variant();
    assert_moves(
        &v,
        "1/5k/1D4/6/6/6/6/K[] w - - 0 1",
        &[
            "b5a5r", "b5b3", "b5b4", "b5b6r", "b5b7r", "b5c5r", "b5d5r", "e0d1", "e0e1", "e0f1",
        ],
    );
    // The same position turned 180°, Black to move: Black's zone is rank 2,
    // rank 1 and e0.
    assert_moves(
        &v,
        "k/6/6/6/6/4d1/K5/1[] b - - 0 1",
        &[
            "b7a6", "b7b6", "b7c6", "e2c2r", "e2d2r", "e2e0r", "e2e1r", "e2e3", "e2e4", "e2f2r",
        ],
    );
}

#[test]
fn silver_promotes_to_gold_prime_which_promotes_no_further() {
    // Silver c4 (FfW): into the zone on c5, b5, d5 it becomes Gold′ (`u`);
    // back to b3, d3 it stays. The Gold′ on a5 moves as a Gold (a6 a4 b5 W,
    // b6 fF) without promoting although a6, b5, b6 are zone squares (§7 item
    // 10), whereas the Gold on e4 becomes a Wolf on e5, d5, f5.
    let v = variant();
    let fen = "1/5k/U5/2S1G1/6/6/6/K[] w - - 0 1";
    assert_moves(
        &v,
        fen,
        &[
            "a5a4", "a5a6", "a5b5", "a5b6", "c4b3", "c4b5u", "c4c5u", "c4d3", "c4d5u", "e0d1",
            "e0e1", "e0f1", "e4d4", "e4d5o", "e4e3", "e4e5o", "e4f4", "e4f5o",
        ],
    );
    // After c4c5u the new Gold′ moves inside the zone without promoting.
    let mut p = pos(&v, fen);
    play(&mut p, "c4c5u");
    assert_eq!(on(&p, "c5"), Some('U'));
    play(&mut p, "f6e6");
    let from_c5: Vec<String> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c5"))
        .collect();
    assert_eq!(
        from_c5,
        sorted(&["c5b5", "c5b6", "c5c4", "c5c6", "c5d5", "c5d6"])
    );
}

#[test]
fn the_citadel_sends_an_across_to_hand() {
    // §4.3: a White Across that ends a move on b7 captures what stands there
    // and goes to White's hand as a Chinese pawn: `b6b7@c`. Its sideways
    // steps a6, c6 are ordinary.
    let v = variant();
    let fen = "b/1A3k/6/6/6/6/6/K[] w - - 0 1";
    assert_moves(&v, fen, &["b6a6", "b6b7@c", "b6c6", "e0d1", "e0e1", "e0f1"]);
    let mut p = pos(&v, fen);
    play(&mut p, "b6b7@c");
    assert_eq!(on(&p, "b7"), None);
    assert_eq!(on(&p, "b6"), None);
    assert_eq!(p.hand_count(Color::White, piece(&v, 'C')), 1);
    assert_eq!(p.hand_count(Color::White, piece(&v, 'B')), 1);
    assert_eq!(p.hand_count(Color::White, piece(&v, 'A')), 0);

    // Black's citadel is e0, entered from e1.
    assert_moves(
        &v,
        "1/5k/6/6/6/6/K3a1/B[] b - - 0 1",
        &["e1d1", "e1e0@c", "e1f1", "f6e5", "f6e6", "f6f5"],
    );
}

#[test]
fn a_chinese_pawn_stepping_into_the_citadel_stays_as_an_across() {
    // §4.3 [rec]: only a piece that was an Across when it moved goes to hand.
    // A Chinese pawn (dropped on b6) stepping to b7 becomes an Across by the
    // crossing rule and stays; there it has no move (a7, c7, b8 are not
    // squares).
    let v = variant();
    let fen = "1/1C3k/6/6/6/6/6/K[] w - - 0 1";
    assert_moves(&v, fen, &["b6b7a", "e0d1", "e0e1", "e0f1"]);
    let mut p = pos(&v, fen);
    play(&mut p, "b6b7a");
    assert_eq!(on(&p, "b7"), Some('A'));
    play(&mut p, "f6f5");
    assert_eq!(uci_moves(&p), sorted(&["e0d1", "e0e1", "e0f1"]));
}

// ---------------------------------------------------------------------------
// Captures and drops (spec §5).

#[test]
fn captured_promoted_pieces_go_to_hand_unpromoted() {
    // §5: Wazir → Berolina, Firzan → Shatranj pawn, Across → Chinese pawn,
    // Rook → Dabbabah, Bishop → Short Bishop, Tiger → kNightrider, Gold′ →
    // Silver, Wolf → Gold; an unpromoted piece stays itself.
    let v = variant();
    let cases = [
        ('w', 'E'),
        ('f', 'P'),
        ('a', 'C'),
        ('r', 'D'),
        ('x', 'B'),
        ('t', 'N'),
        ('u', 'S'),
        ('o', 'G'),
        ('g', 'G'),
        ('s', 'S'),
    ];
    for (black, in_hand) in cases {
        // White Wazir d2 captures forward on d3.
        let fen = format!("k/6/6/6/3{black}2/3W2/6/K[] w - - 0 1");
        let mut p = pos(&v, &fen);
        play(&mut p, "d2d3");
        let hand: Vec<(char, u8)> = v
            .pieces()
            .map(|q| (v.piece_letter(q), p.hand_count(Color::White, q)))
            .filter(|&(_, n)| n > 0)
            .collect();
        assert_eq!(hand, vec![(in_hand, 1)], "capturing {black}");
    }
}

#[test]
fn drops_on_any_empty_square() {
    // §5, §7 item 7: a piece in hand may be dropped on any empty square, the
    // extra squares and the last ranks included (a Chinese pawn on a6 could
    // never move: allowed). Two kinds in hand, 36 empty squares: 72 drops,
    // plus the King's three steps.
    let v = variant();
    let p = pos(&v, "k/6/6/6/6/6/6/K[NC] w - - 0 1");
    let mut expected: Vec<String> = vec!["e0d1".into(), "e0e1".into(), "e0f1".into()];
    for s in v.squares() {
        let name = v.square_name(s);
        if name != "e0" && name != "b7" {
            expected.push(format!("N@{name}"));
            expected.push(format!("C@{name}"));
        }
    }
    expected.sort();
    assert_eq!(expected.len(), 75);
    assert_eq!(uci_moves(&p), expected);
}

#[test]
fn a_dropped_pawn_is_not_promoted_until_it_moves() {
    // §4.1, §7 item 7: drops never promote; a Chinese pawn dropped past the
    // middle becomes an Across when it next moves.
    let v = variant();
    let mut p = pos(&v, "k/6/6/6/6/6/6/K[C] w - - 0 1");
    play(&mut p, "C@c5");
    assert_eq!(on(&p, "c5"), Some('C'));
    play(&mut p, "b7a6");
    let from_c5: Vec<String> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("c5"))
        .collect();
    assert_eq!(from_c5, sorted(&["c5c6a"]));
}

#[test]
fn a_drop_may_give_checkmate() {
    // §5: no pawn-drop-mate rule. C@b6 checks the King on b7; b6 is guarded
    // by the Gold b5 (W), a6 and c6 by its forward diagonals.
    let v = variant();
    let mut p = pos(&v, "k/6/1G4/6/6/6/6/K[C] w - - 0 1");
    play(&mut p, "C@b6");
    assert_eq!(p.outcome(), Some(WHITE_MATES));
}

// ---------------------------------------------------------------------------
// End of game (spec §6).

#[test]
fn mate_on_the_extra_squares() {
    // Black King on b7: its only neighbours are a6, b6, c6. The Bishop e4
    // checks along d5-c6, so c6 is covered too; the Gold a5 covers a6 (W) and
    // b6 (fF). Black has nothing to block or capture with.
    let v = variant();
    let p = pos(&v, "k/6/G5/4X1/6/6/6/K[] b - - 0 1");
    assert!(p.is_check());
    assert_eq!(uci_moves(&p), Vec::<String>::new());
    assert_eq!(p.outcome(), Some(WHITE_MATES));

    // White King on e0, the same turned 180°: Bishop b3 checks along c2-d1,
    // the Black Gold f2 covers f1 (W) and e1 (forward diagonal, down).
    let p = pos(&v, "k/6/6/6/1x4/5g/6/K[] w - - 0 1");
    assert_eq!(p.outcome(), Some(BLACK_MATES));

    // With a Chinese pawn in hand White can interpose on c2 or d1: no mate.
    let p = pos(&v, "k/6/6/6/1x4/5g/6/K[C] w - - 0 1");
    assert_eq!(uci_moves(&p), sorted(&["C@c2", "C@d1"]));
    assert_eq!(p.outcome(), None);
}

#[test]
fn stalemate_is_a_draw() {
    // Black King b7, not in check; a6, b6, c6 all covered by the Gold b5.
    let v = variant();
    let p = pos(&v, "k/6/1G4/6/6/6/6/K[] b - - 0 1");
    assert!(!p.is_check());
    assert_eq!(
        p.outcome(),
        Some(GameResult {
            winner: None,
            reason: EndReason::Stalemate
        })
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    // The Dabbabahs leap out and back twice: the start position occurs for
    // the third time after 8 plies.
    let v = variant();
    let mut g = Game::new(Position::new(&v).expect("start"));
    for (i, uci) in ["a1a3", "f6f4", "a3a1", "f4f6"]
        .iter()
        .cycle()
        .take(8)
        .enumerate()
    {
        assert_eq!(g.outcome(), None, "before ply {i}");
        let m = g.position().parse_uci(uci).expect("legal");
        g.play(m).expect("legal");
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(GameResult {
            winner: None,
            reason: EndReason::Repetition
        })
    );
}

// ---------------------------------------------------------------------------
// Symmetry: the rules are the same for both sides under the 180° turn.

/// The 180° turn: file a..f reversed, rank r → 7 − r (b7 ↔ e0).
fn turn_name(name: &str) -> String {
    let mut chars = name.chars();
    let file = chars.next().expect("file") as u8;
    let rank: u32 = chars.as_str().parse().expect("rank");
    format!("{}{}", (b'a' + b'f' - file) as char, 7 - rank)
}

#[test]
fn perft_is_symmetric_under_the_180_degree_turn() {
    let v = variant();
    let start = Position::new(&v).expect("start");
    let turned_start = turned(&v, &start.to_setup(), turn_name);
    // The start position turned is itself with Black to move.
    assert_eq!(
        Position::from_setup(&v, &turned_start)
            .expect("turned start")
            .fen(),
        "b/nbgksd/epccpe/6/6/EPCCPE/DSKGBN/B[] b - - 0 1"
    );
    let fens = random_positions(&v, 8, 60, 10);
    assert!(fens.len() >= 30, "{} positions", fens.len());
    assert_turn_symmetric(&v, &fens, 3, turn_name);
}

// ---------------------------------------------------------------------------
// The compiled table, rendered for review.

#[test]
fn compiled_table_snapshot() {
    // Read back from the JSON that `fairyc compile` writes.
    let v = variant();
    let tables = VariantTables::from_json(&v.tables().to_json()).expect("round trip");
    insta::assert_snapshot!(describe(&tables, &["b7", "e0", "c3"]));
}
