//! Tables are untrusted input: hand-edited JSON that breaks an invariant is
//! refused with a precise [`TableError`], never played, never a panic, and
//! never after unbounded time or memory.

use std::time::{Duration, Instant};

use fairyc_runtime::table::{
    PromotionChoice, MAX_ATTACK_WORK, MAX_PATHS_PER_SQUARE, MAX_STEPS_PER_PATH, MAX_TABLE_BYTES,
};
use fairyc_runtime::{
    perft, CastlingProblem, Field, HandRoute, Limit, NameOf, Position, TableError, Variant,
    VariantTables,
};
use fairyc_tests::shipped;
use serde_json::{json, Value};

/// Crazyhouse's table as JSON: pieces K Q R B N P (0..6), squares a1 = 0 …
/// h8 = 63, castling[0] is White's e1g1 with the rook h1f1.
fn zh() -> Value {
    serde_json::from_str(&shipped("crazyhouse").tables().to_json()).expect("our JSON")
}

fn load(v: &Value) -> Result<VariantTables, TableError> {
    VariantTables::from_json(&v.to_string())
}

fn castling_error(edit: impl Fn(&mut Value)) -> TableError {
    let mut v = zh();
    edit(&mut v["parts"]["castling"][0]);
    load(&v).expect_err("refused")
}

#[test]
fn castling_king_and_rook_on_one_square_is_refused() {
    // Old: accepted, then movegen indexed out of bounds.
    let e = castling_error(|c| {
        c["rook"] = json!(0);
        c["rook_from"] = json!(4);
    });
    assert_eq!(
        e,
        TableError::Castling {
            rule: 0,
            problem: CastlingProblem::SameStart
        }
    );
}

#[test]
fn castling_over_pieces_that_would_vanish_is_refused() {
    // Old: with `empty` empty, e1g1 was played over f1 and g1, and the
    // bishop and knight there vanished.
    let e = castling_error(|c| c["empty"] = json!([]));
    assert_eq!(
        e,
        TableError::Castling {
            rule: 0,
            problem: CastlingProblem::KingToNotEmpty
        }
    );
    let e = castling_error(|c| c["empty"] = json!([6]));
    assert_eq!(
        e,
        TableError::Castling {
            rule: 0,
            problem: CastlingProblem::RookToNotEmpty
        }
    );
}

#[test]
fn castling_onto_an_enemy_piece_or_one_square_is_refused() {
    // king_to on e8, the black king.
    let e = castling_error(|c| c["king_to"] = json!(60));
    assert!(matches!(
        e,
        TableError::Castling {
            problem: CastlingProblem::KingToNotEmpty,
            ..
        }
    ));
    let e = castling_error(|c| c["rook_to"] = json!(6));
    assert_eq!(
        e,
        TableError::Castling {
            rule: 0,
            problem: CastlingProblem::SameEnd
        }
    );
}

#[test]
fn castling_letters_and_sides_are_checked() {
    let e = castling_error(|c| c["fen"] = json!("Q"));
    assert!(matches!(
        e,
        TableError::Castling {
            problem: CastlingProblem::SameLetter { .. },
            ..
        }
    ));
    // `ends` names a right no rule has.
    let e = castling_error(|c| c["ends"] = json!(["x"]));
    assert!(matches!(
        e,
        TableError::Castling {
            problem: CastlingProblem::EndsUnknown('x'),
            ..
        }
    ));
    let e = castling_error(|c| c["fen"] = json!("-"));
    assert!(matches!(
        e,
        TableError::Castling {
            problem: CastlingProblem::Letter('-'),
            ..
        }
    ));
    let e = castling_error(|c| c["side"] = json!(2));
    assert!(matches!(
        e,
        TableError::Castling {
            problem: CastlingProblem::Side(2),
            ..
        }
    ));
}

#[test]
fn a_valid_chess960_style_castling_still_loads() {
    // The king lands on the rook's start square: allowed.
    let mut v = zh();
    let c = &mut v["parts"]["castling"][0];
    c["king_from"] = json!(5);
    c["king_to"] = json!(6);
    c["rook_from"] = json!(6);
    c["rook_to"] = json!(5);
    c["empty"] = json!([]);
    load(&v).expect("a king and rook that swap squares are fine");
}

/// A path of `n` steps that loops between b1 and c1 (squares 1 and 2).
fn looping_path(n: usize) -> Value {
    json!((0..n).map(|i| 1 + i % 2).collect::<Vec<_>>())
}

#[test]
fn a_very_long_path_is_refused_while_reading_and_quickly() {
    // Old: a 20,000-step path took 4 s to load (quadratic), 200,000 more
    // than a minute.
    let mut v = zh();
    v["parts"]["pieces"][0]["moves"][0][0] = json!([looping_path(200_000)]);
    let start = Instant::now();
    let e = load(&v).expect_err("refused");
    assert!(start.elapsed() < Duration::from_secs(2));
    assert_eq!(
        e,
        TableError::TooMany {
            at: format!("parts.pieces[0].moves[0][0][0][{MAX_STEPS_PER_PATH}]"),
            limit: Limit::StepsPerPath
        }
    );
}

#[test]
fn paths_at_the_limits_load_in_bounded_time() {
    // As many longest looping paths as the attack-work limit allows.
    let per_path = MAX_STEPS_PER_PATH * (MAX_STEPS_PER_PATH + 1) / 2;
    let n = MAX_ATTACK_WORK / per_path;
    let mut v = zh();
    let paths: Vec<Value> = (0..n).map(|_| looping_path(MAX_STEPS_PER_PATH)).collect();
    v["parts"]["pieces"][0]["moves"][0][0] = json!(paths);
    let start = Instant::now();
    let t = load(&v).expect("within the limits");
    let variant = Variant::new(t).expect("plays");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let pos = Position::new(&variant).expect("start");
    assert_eq!(perft(&pos, 2), 400);
    // One path more is too much work.
    let mut paths = paths;
    paths.push(looping_path(MAX_STEPS_PER_PATH));
    v["parts"]["pieces"][0]["moves"][0][0] = json!(paths);
    assert!(matches!(
        load(&v),
        Err(TableError::TooBig {
            limit: Limit::AttackWork,
            ..
        })
    ));
}

#[test]
fn too_many_paths_are_refused_before_they_are_stored() {
    let mut v = zh();
    let paths: Vec<Value> = (0..MAX_PATHS_PER_SQUARE + 1).map(|_| json!([1])).collect();
    v["parts"]["pieces"][5]["moves"][1][9] = json!(paths);
    assert_eq!(
        load(&v),
        Err(TableError::TooMany {
            at: format!("parts.pieces[5].moves[1][9][{MAX_PATHS_PER_SQUARE}]"),
            limit: Limit::PathsPerSquare
        })
    );
}

#[test]
fn too_many_pieces_are_refused_before_they_are_read() {
    // Old: every piece was read (a 200 MB table reached 4 GB) before the
    // count was checked.
    let mut v = zh();
    let piece = v["parts"]["pieces"][1].clone();
    let many: Vec<Value> = (0..140).map(|_| piece.clone()).collect();
    v["parts"]["pieces"] = json!(many);
    assert!(matches!(
        load(&v),
        Err(TableError::TooMany {
            limit: Limit::Pieces,
            ..
        })
    ));
}

#[test]
fn a_text_over_the_size_limit_is_refused_unread() {
    let text = " ".repeat(MAX_TABLE_BYTES + 1);
    assert_eq!(
        VariantTables::from_json(&text),
        Err(TableError::TooLarge {
            bytes: MAX_TABLE_BYTES + 1
        })
    );
}

#[test]
fn the_total_step_count_is_limited() {
    let mut v = zh();
    // 16 paths of 1,024 steps from each of 64 squares: more than 2^20 steps.
    let paths: Vec<Value> = (0..16)
        .map(|_| json!({"steps": looping_path(MAX_STEPS_PER_PATH), "role": "quiet"}))
        .collect();
    let all: Vec<Value> = (0..64).map(|_| json!(paths)).collect();
    v["parts"]["pieces"][1]["moves"][0] = json!(all);
    assert!(matches!(
        load(&v),
        Err(TableError::TooMany {
            limit: Limit::Steps,
            ..
        })
    ));
}

fn end_error(edit: impl Fn(&mut Value)) -> TableError {
    let mut v = zh();
    edit(&mut v["parts"]["end"]);
    load(&v).expect_err("refused")
}

#[test]
fn nonsense_end_rules_are_refused() {
    for count in [0, 1] {
        let e = end_error(|e| e["repetition"] = json!({"count": count, "outcome": "draw"}));
        assert_eq!(e, TableError::RepetitionCount(count));
    }
    let e = end_error(|e| e["repetition"] = json!({"count": 3, "outcome": "draw", "claim": 1}));
    assert_eq!(e, TableError::RepetitionClaim { claim: 1, count: 3 });
    let e = end_error(|e| e["move_limit"] = json!(0));
    assert_eq!(e, TableError::MoveLimit(0));
    // Old: accepted, and the runtime doubled it in 32-bit arithmetic.
    let e = end_error(|e| e["move_limit"] = json!(2_147_483_648u32));
    assert_eq!(e, TableError::MoveLimit(2_147_483_648));
    let mut v = zh();
    v["parts"]["end"]["move_limit"] = json!(50);
    load(&v).expect("50 moves is fine");
}

#[test]
fn mate_rules_name_real_pieces() {
    for field in ["checkmate_by", "checkmate_needs"] {
        let e = end_error(|e| e[field] = json!({"pieces": [], "outcome": "draw"}));
        assert_eq!(e, TableError::EmptyMateRule, "{field}");
        let e = end_error(|e| e[field] = json!({"pieces": [4, 9], "outcome": "win"}));
        assert_eq!(
            e,
            TableError::PieceIndex {
                at: Field::MateRule,
                piece: 9
            },
            "{field}"
        );
        let mut v = zh();
        v["parts"]["end"][field] = json!({"pieces": [4], "outcome": "win"});
        load(&v).expect("a knight is a piece");
    }
    // Only `checkmate_by` judges the move that mated.
    let e = end_error(|e| {
        e["checkmate_needs"] = json!({"pieces": [4], "outcome": "win", "drop": true})
    });
    assert_eq!(e, TableError::MateNeedsDrop);
    let mut v = zh();
    v["parts"]["end"]["checkmate_by"] = json!({"pieces": [4], "outcome": "win", "drop": true});
    load(&v).expect("a mate by a dropped knight");
}

fn promotion_error(edit: impl Fn(&mut Value)) -> TableError {
    let mut v = zh();
    edit(&mut v["parts"]);
    load(&v).expect_err("refused")
}

#[test]
fn nonsense_promotions_are_refused() {
    // Old: Pawn -> Queen | Queen counted e7e8q twice in perft.
    let e =
        promotion_error(|p| p["promotions"][0]["choices"] = json!([{"piece": 1}, {"piece": 1}]));
    assert_eq!(
        e,
        TableError::DuplicatePromotionChoice {
            rule: 0,
            choice: PromotionChoice::Piece(1)
        }
    );
    let e = promotion_error(|p| {
        p.as_object_mut().expect("object").remove("drops");
        p["promotions"][0]["choices"] = json!([{"hand": 1}]);
    });
    assert_eq!(e, TableError::HandWithoutDrops { rule: 0 });
    let e = promotion_error(|p| p["promotions"][0]["piece"] = json!(0));
    assert_eq!(e, TableError::RoyalPromotes { rule: 0, piece: 0 });
    // Old: e7e8k into check, and the new King was then captured.
    let e = promotion_error(|p| p["promotions"][0]["choices"] = json!([{"piece": 0}]));
    assert_eq!(e, TableError::PromotionToRoyal { rule: 0, piece: 0 });
    // A rule without choices is `Pawn -> none`: compulsory, not a turn.
    let e = promotion_error(|p| {
        p["promotions"][0]["choices"] = json!([]);
        p["promotions"][0]["optional"] = json!(true);
    });
    assert_eq!(e, TableError::NoPromotionChoice { rule: 0 });
    let e = promotion_error(|p| {
        let rule = p["promotions"][0].as_object_mut().expect("object");
        rule.remove("on");
        rule.insert("choices".into(), json!([]));
        rule.insert("turn".into(), json!({}));
    });
    assert_eq!(e, TableError::NoPromotionChoice { rule: 0 });
    let mut v = zh();
    v["parts"]["promotions"][0]["choices"] = json!([]);
    load(&v).expect("a compulsory rule without choices");
}

#[test]
fn a_royal_piece_never_reaches_a_hand() {
    let e = promotion_error(|p| p["pieces"][5]["captured_as"] = json!(0));
    assert_eq!(
        e,
        TableError::RoyalInHand {
            via: HandRoute::CapturedAs(5),
            piece: 0
        }
    );
    let e = promotion_error(|p| p["pieces"][1]["demotes_to"] = json!(0));
    assert_eq!(
        e,
        TableError::RoyalInHand {
            via: HandRoute::DemotesTo(1),
            piece: 0
        }
    );
    let e = promotion_error(|p| p["promotions"][0]["choices"] = json!([{"hand": 0}]));
    assert_eq!(
        e,
        TableError::RoyalInHand {
            via: HandRoute::Promotion(0),
            piece: 0
        }
    );
}

fn board_error(edit: impl Fn(&mut Value)) -> TableError {
    let mut v = zh();
    edit(&mut v["parts"]["board"]);
    load(&v).expect_err("refused")
}

#[test]
fn broken_boards_are_refused() {
    // Old: accepted; `show` panicked on the square without cells.
    let e = board_error(|b| b["squares"][3]["cells"] = json!([]));
    assert_eq!(e, TableError::SquareWithoutCells { square: 3 });
    let e = board_error(|b| b["squares"][3]["cells"] = json!([[8, 0]]));
    assert_eq!(
        e,
        TableError::CellOutsideGrid {
            square: Some(3),
            cell: [8, 0]
        }
    );
    // Old: `show` drew `-inf` on a 0×0 grid.
    let e = board_error(|b| {
        b["width"] = json!(0);
        b["height"] = json!(0);
    });
    assert_eq!(
        e,
        TableError::EmptyGrid {
            width: 0,
            height: 0
        }
    );
    let e = board_error(|b| b["squares"][3]["cells"] = json!([[2, 0]]));
    assert_eq!(e, TableError::DuplicateCell { cell: [2, 0] });
    let e = board_error(|b| b["squares"][3]["name"] = json!("a1"));
    assert_eq!(
        e,
        TableError::DuplicateSquareName {
            first: 0,
            second: 3,
            name: "a1".into()
        }
    );
    let e = board_error(|b| b["holes"] = json!([[3, 0]]));
    assert_eq!(e, TableError::DuplicateCell { cell: [3, 0] });
    let e = board_error(|b| b["files"] = json!(["a", "b"]));
    assert_eq!(
        e,
        TableError::LabelCount {
            files: true,
            len: 2,
            expected: 8
        }
    );
}

#[test]
fn an_index_out_of_range_names_its_place() {
    let mut v = zh();
    v["parts"]["pieces"][2]["moves"][1][10] = json!([[3, 99]]);
    assert_eq!(
        load(&v),
        Err(TableError::SquareIndex {
            at: Field::Path {
                piece: 2,
                side: 1,
                from: 10,
                path: 0
            },
            square: 99
        })
    );
}

#[test]
fn an_unknown_field_is_an_error_naming_it() {
    // Old: a misspelt optional field was silently ignored.
    let mut v = zh();
    v["parts"]["pieces"][0]["royl"] = json!(true);
    match load(&v) {
        Err(TableError::Json { at, message, .. }) => {
            assert_eq!(at, "parts.pieces[0]");
            assert!(message.contains("unknown field `royl`"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    let mut v = zh();
    v["parts"]["pieces"][5]["moves"][0][8][0] = json!({"steps": [16], "qiet": false});
    match load(&v) {
        Err(TableError::Json { at, message, .. }) => {
            assert_eq!(at, "parts.pieces[5].moves[0][8][0]");
            assert!(message.contains("unknown field `qiet`"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_bad_path_error_names_where_and_what_a_path_is() {
    // Old: "data did not match any variant of untagged enum PathRepr".
    let mut v = zh();
    v["parts"]["pieces"][3]["moves"][0][12][2] = json!("north");
    match load(&v) {
        Err(e @ TableError::Json { .. }) => {
            let text = e.to_string();
            assert!(
                text.contains("at parts.pieces[3].moves[0][12][2]:"),
                "{text}"
            );
            assert!(text.contains("a path: an array of steps"), "{text}");
            assert!(!text.contains("untagged"), "{text}");
        }
        other => panic!("{other:?}"),
    }
    let mut v = zh();
    v["parts"]["pieces"][3]["moves"][0][12][0] = json!([9, 70000]);
    match load(&v) {
        Err(TableError::Json { at, message, .. }) => {
            assert_eq!(at, "parts.pieces[3].moves[0][12][0][1]");
            assert!(message.contains("a step"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn variant_lookups_are_total() {
    let v = shipped("crazyhouse");
    // Old: `is_royal(32)` overflowed the shift (and answered for piece 0 in
    // release builds). A piece number is now a `PieceType` that only a
    // variant makes, in range: out of range is `None`, and a piece type of
    // a variant with more pieces answers as no piece.
    let n = v.piece_count();
    assert_eq!(v.piece(n), None);
    assert_eq!(v.piece(usize::MAX), None);
    let big = shipped("hans-38special");
    let foreign = big.piece(n).expect("hans-38special has more pieces");
    assert!(!v.is_royal(foreign));
    assert!(!v.is_royal_for(foreign, fairyc_runtime::Color::White));
    assert_eq!(v.piece_name(foreign), "?");
    assert_eq!(v.piece_letter(foreign), '?');
    let king = v.piece_by_letter('K').expect("king");
    assert!(v.is_royal(king));
    assert!(v.pieces().filter(|&p| p != king).all(|p| !v.is_royal(p)));
}

#[test]
fn errors_are_data_with_readable_text() {
    let e = castling_error(|c| c["empty"] = json!([]));
    assert_eq!(
        e.to_string(),
        "castling[0]: king_to must be in `empty` or be king_from or rook_from (the king would \
         land on another piece)"
    );
    assert_eq!(
        TableError::TooMany {
            at: "parts.pieces".into(),
            limit: Limit::Pieces
        }
        .to_string(),
        "parts.pieces: more than 128 pieces (the limit of the table format)"
    );
}

#[test]
fn another_version_is_refused_as_such_even_with_new_fields() {
    let mut v = zh();
    v["format"] = json!(6);
    v["parts"]["pieces"][0]["a_field_of_version_6"] = json!(1);
    assert_eq!(load(&v), Err(TableError::Version(6)));
}

/// The choices of version 5 take only their words, and version 4's flags
/// are refused in a version-5 table with both versions' fields named.
#[test]
fn a_bad_choice_word_or_a_version_4_flag_is_refused_naming_it() {
    let refused = |edit: &dyn Fn(&mut Value), at: &str, what: &str| {
        let mut v = zh();
        edit(&mut v);
        match load(&v) {
            Err(TableError::Json {
                at: got, message, ..
            }) => {
                assert_eq!(got, at, "{message}");
                assert!(message.contains(what), "{message}");
            }
            other => panic!("{other:?}"),
        }
    };
    let path = "parts.pieces[5].moves[0][8][0]";
    refused(
        &|v| v["parts"]["pieces"][5]["moves"][0][8][0] = json!({"steps": [16], "role": "hop"}),
        &format!("{path}.role"),
        "invalid value: string \"hop\", expected \"quiet\", \"capture\" or \"attack\"",
    );
    refused(
        &|v| v["parts"]["pieces"][5]["moves"][0][8][0] = json!({"steps": [16], "role": true}),
        &format!("{path}.role"),
        "invalid type: boolean `true`",
    );
    refused(
        &|v| v["parts"]["pieces"][5]["moves"][0][8][0] = json!({"steps": [16], "capture": false}),
        path,
        "unknown field `capture`",
    );
    refused(
        &|v| {
            v["parts"]["pieces"][5]["moves"][0][8][0] = json!({"steps": [16], "attack_only": true})
        },
        path,
        "unknown field `attack_only`",
    );
    refused(
        &|v| v["parts"]["drops"]["supply"] = json!("captured"),
        "parts.drops",
        "invalid value: string \"captured\", expected \"setup\" or \"unlimited\"",
    );
    refused(
        &|v| v["parts"]["drops"]["captures_to_hand"] = json!(false),
        "parts.drops",
        "`captures_to_hand` is a field of format version 4; version 5 writes `supply`",
    );
    refused(
        &|v| v["parts"]["drops"]["unlimited"] = json!(true),
        "parts.drops",
        "`unlimited` is a field of format version 4; version 5 writes `supply`",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"giving_check": "by_drop"}),
        "parts.legality",
        "invalid value: string \"by_drop\", expected \"forbidden\" or \"forbidden_by_drop\"",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"giving_check_forbidden": true}),
        "parts.legality",
        "`giving_check_forbidden` is a field of format version 4; version 5 writes `giving_check`",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"pass": true}),
        "parts.legality",
        "`pass` is \"allowed\" or \"when_stuck\" in format version 5",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"pass": "sometimes"}),
        "parts.legality",
        "\"allowed\" or \"when_stuck\"",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"pass_when_stuck": true}),
        "parts.legality",
        "`pass_when_stuck` is a field of format version 4; version 5 writes `pass`",
    );
}

/// Version 4 spelt as one value what versions 1 to 3 spelt as flags: a
/// version-1 table is refused as such (its version named), not misread.
#[test]
fn a_version_1_table_is_refused_naming_its_version() {
    let mut v = zh();
    v["format"] = json!(1);
    assert_eq!(load(&v), Err(TableError::Version(1)));
}

#[test]
fn zones_name_real_squares_and_have_names() {
    let mut v = zh();
    v["parts"]["zones"] = json!([{"name": "palace", "squares": [[3, 4], [59, 60]]}]);
    let t = load(&v).expect("a valid zone loads");
    assert_eq!(t.parts().zones[0].squares, [vec![3, 4], vec![59, 60]]);

    v["parts"]["zones"] = json!([
        {"name": "palace", "squares": [[3], [60]]},
        {"name": "river", "squares": [[64], []]}
    ]);
    assert_eq!(
        load(&v),
        Err(TableError::SquareIndex {
            at: Field::Zone { zone: 1 },
            square: 64
        })
    );
    v["parts"]["zones"] = json!([{"name": "", "squares": [[], []]}]);
    assert!(matches!(
        load(&v),
        Err(TableError::Name {
            of: NameOf::Zone(0),
            len: 0
        })
    ));
}

/// A piece's `letter` is a symbol a FEN can read back (format 3): one to
/// three letters of one case and maybe an apostrophe, unique per `plus`,
/// none the start of another whose rest starts a symbol. Anything else is
/// refused before a FEN could be misread.
#[test]
fn piece_symbols_a_fen_could_not_read_are_refused() {
    let with = |letters: &[(usize, &str)]| {
        let mut v = zh();
        for &(p, l) in letters {
            v["parts"]["pieces"][p]["letter"] = json!(l);
        }
        load(&v)
    };
    // Crazyhouse's pieces are K Q R B N P.
    for bad in [
        "", "Qu", "QUEEN", "Q1", "Q+", "Q~", "Q/", "Q[", "'", "Q''", "'Q", "Q'Q", "É", "Q ",
    ] {
        assert_eq!(
            with(&[(1, bad)]),
            Err(TableError::BadLetter {
                piece: 1,
                letter: bad.to_string()
            }),
            "{bad:?}"
        );
    }
    // A hostile long letter is cut in the error.
    let long = "Q".repeat(100_000);
    assert!(matches!(
        with(&[(1, &long)]),
        Err(TableError::BadLetter { letter, .. }) if letter.len() == 5
    ));
    assert_eq!(
        with(&[(1, "kq")]).map(|_| ()),
        Ok(()),
        "`KQ`: its rest `Q` starts no other symbol"
    );
    assert_eq!(
        with(&[(2, "k")]),
        Err(TableError::DuplicateLetter {
            first: 0,
            second: 2
        })
    );
    // `K` and `KB`, with a Bishop `B`: `KB` could be a King and a Bishop.
    assert_eq!(
        with(&[(1, "KB")]),
        Err(TableError::AmbiguousLetter {
            first: 0,
            second: 1
        })
    );
    // `N` and `N'`: an apostrophe starts no symbol.
    let v = with(&[(1, "N'")]).expect("N and N'");
    let v = Variant::new(v).expect("variant");
    let p = Position::from_fen(
        &v,
        "rnbn'kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBN'KBNR[N'n] w KQkq - 0 1",
    )
    .expect("fen");
    assert_eq!(
        p.fen(),
        "rnbn'kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBN'KBNR[N'n] w KQkq - 0 1"
    );
    // Renaming the Queen changes no move: the same count as crazyhouse's.
    let zh = shipped("crazyhouse");
    let q = Position::from_fen(
        &zh,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1",
    )
    .expect("fen");
    assert_eq!(perft(&p, 2), perft(&q, 2));
}

#[test]
fn too_many_gating_rules_are_called_gating_rules() {
    // Issue 35: "more than 128 pieces".
    let mut v = zh();
    let rule = json!({"piece": 1, "squares": [[0], [56]]});
    v["parts"]["gating"] = json!(vec![rule; 129]);
    let e = load(&v).expect_err("refused");
    assert!(
        matches!(
            e,
            TableError::TooMany {
                limit: Limit::GatingRules,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("more than 128 gating rules"), "{e}");
}

#[test]
fn two_zones_with_one_name_are_refused() {
    let mut v = zh();
    let zone = json!({"name": "camp", "squares": [[0], [63]]});
    v["parts"]["zones"] = json!([zone.clone(), {"name": "other", "squares": [[1], [62]]}, zone]);
    let e = load(&v).expect_err("refused");
    assert_eq!(
        e,
        TableError::DuplicateZoneName {
            first: 0,
            second: 2,
            name: "camp".into()
        }
    );
    // Distinct names still load.
    v["parts"]["zones"][2]["name"] = "camp2".into();
    load(&v).expect("distinct zone names load");
}

/// `notation: {"as": q}` is read; a `q` that is the piece itself, a piece
/// written without its symbol or as another piece, or no piece at all is
/// refused.
#[test]
fn notation_as_must_name_another_lettered_piece() {
    let with = |edit: &dyn Fn(&mut Value)| {
        let mut v = zh();
        edit(&mut v["parts"]["pieces"]);
        load(&v)
    };
    // The queen (1) written as the rook (2): read, and round-trips.
    let t = with(&|p| p[1]["notation"] = json!({"as": 2})).expect("accepted");
    assert!(t.to_json().contains(r#""notation":{"as":2}"#));
    // Itself.
    let e = with(&|p| p[1]["notation"] = json!({"as": 1})).expect_err("refused");
    assert!(
        matches!(
            e,
            TableError::NotationAs {
                piece: 1,
                target: 1
            }
        ),
        "{e}"
    );
    // A pawn-notated piece, and a chain.
    let e = with(&|p| {
        p[5]["notation"] = json!("pawn");
        p[1]["notation"] = json!({"as": 5});
    })
    .expect_err("refused");
    assert!(
        matches!(
            e,
            TableError::NotationAs {
                piece: 1,
                target: 5
            }
        ),
        "{e}"
    );
    let e = with(&|p| {
        p[2]["notation"] = json!({"as": 3});
        p[1]["notation"] = json!({"as": 2});
    })
    .expect_err("refused");
    assert!(
        matches!(
            e,
            TableError::NotationAs {
                piece: 1,
                target: 2
            }
        ),
        "{e}"
    );
    // Out of range, and not an object of one `as`.
    assert!(with(&|p| p[1]["notation"] = json!({"as": 40})).is_err());
    assert!(with(&|p| p[1]["notation"] = json!({"as": 2, "to": 3})).is_err());
    assert!(with(&|p| p[1]["notation"] = json!({"like": 2})).is_err());
}
