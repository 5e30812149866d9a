//! Standard Algebraic Notation (`Position::san`, `Position::parse_san`):
//! every legal move along random games of every shipped variant is written
//! once (no two moves share a SAN) and read back as itself; and the SAN
//! equals Fairy-Stockfish's (pyffish 0.0.90 through
//! `tests/oracle/ffish_uci.py`, `san`) on every variant of the field's rows,
//! except, by design, the shogi marks of `+` faces in the variants of its
//! shogi template (see `SHOGI_TEMPLATE`), which are counted.
//!
//! The default run plays 2 games of 30 plies a variant; the release run (`--ignored`,
//! from `.ci/run`) plays 50 of 80 and compares with pyffish (some ten
//! minutes; `FAIRYC_SAN_ONLY=<stem>,…` compares only those files' rows).

use std::collections::HashMap;

use fairyc_runtime::{Position, Variant};
use fairyc_tests::rows::read_rows;
use fairyc_tests::{compile_path, root, Engine};
use rand::{Rng, SeedableRng};

/// The shipped variants, by file stem.
fn shipped() -> Vec<(String, Variant)> {
    let mut stems: Vec<_> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "variant"))
        .collect();
    stems.sort();
    stems
        .iter()
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            (stem, compile_path(p))
        })
        .collect()
}

/// Plays `games` seeded random games of up to `plies` plies, calling `each`
/// on every position before its move.
fn walk(v: &Variant, games: u64, plies: usize, mut each: impl FnMut(&Position<'_>)) {
    for seed in 0..games {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut p = Position::new(v).expect("start");
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() || p.rule_outcome().is_some() {
                break;
            }
            each(&p);
            p.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
}

/// Write → read on every legal move; returns the moves checked.
fn round_trip(stem: &str, v: &Variant, games: u64, plies: usize) -> (usize, Vec<String>) {
    let mut checked = 0;
    let mut failures = Vec::new();
    walk(v, games, plies, |p| {
        let sans = p.san_moves();
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for (i, (m, san)) in sans.iter().enumerate() {
            checked += 1;
            if let Some(j) = seen.insert(san.as_str(), i) {
                failures.push(format!(
                    "{stem} {}: `{}` and `{}` are both written `{san}`",
                    p.fen(),
                    p.uci(sans[j].0),
                    p.uci(*m)
                ));
                continue;
            }
            match p.parse_san(san) {
                Ok(back) if back == *m => {}
                Ok(back) => failures.push(format!(
                    "{stem} {}: `{san}` ({}) reads back as {}",
                    p.fen(),
                    p.uci(*m),
                    p.uci(back)
                )),
                Err(e) => failures.push(format!("{stem} {}: {} → {e}", p.fen(), p.uci(*m))),
            }
            // Without its check mark too.
            let mut next = p.clone();
            next.play_unchecked(*m);
            if next.is_check() {
                let bare = &san[..san.len() - 1];
                if let Ok(back) = p.parse_san(bare) {
                    if back != *m {
                        failures.push(format!(
                            "{stem} {}: `{bare}` (for `{san}`) reads as {}",
                            p.fen(),
                            p.uci(back)
                        ));
                    }
                }
            }
        }
    });
    (checked, failures)
}

fn round_trip_all(games: u64, plies: usize) {
    let mut failures = Vec::new();
    let mut total = 0;
    let all = shipped();
    for (stem, v) in &all {
        let (n, f) = round_trip(stem, v, games, plies);
        total += n;
        failures.extend(f);
    }
    eprintln!(
        "{} variants, {games} games of {plies} plies each: {total} moves written and read back",
        all.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn san_round_trips_on_a_few_games_of_every_shipped_variant() {
    round_trip_all(2, 30);
}

#[test]
#[ignore = "release: 50 games of every shipped variant"]
fn san_round_trips_on_fifty_games_of_every_shipped_variant() {
    round_trip_all(50, 80);
}

#[test]
fn chess_san_is_standard() {
    let v = fairyc_tests::shipped("chess");
    let mut p = Position::new(&v).unwrap();
    let mut sans = Vec::new();
    for m in [
        "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5",
    ] {
        let m = p.parse_uci(m).unwrap();
        sans.push(p.san(m));
        p.play_unchecked(m);
    }
    assert_eq!(sans, ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5"]);
    let m = p.parse_san("exd5").unwrap();
    assert_eq!(p.uci(m), "e4d5");
    assert_eq!(p.parse_san("e4xd5").unwrap(), m);
    assert_eq!(p.parse_san("ed5").unwrap(), m);
    assert_eq!(p.parse_san("O-O").map(|m| p.uci(m)).unwrap(), "e1g1");
    assert_eq!(p.parse_san("0-0").map(|m| p.uci(m)).unwrap(), "e1g1");
    let e = p.parse_san("Nf4").unwrap_err().to_string();
    assert!(e.contains("`Nf4` is not a legal move"), "{e}");
    assert!(p.parse_san("").is_err());
    // Two knights can reach d2: the ambiguity is named.
    let p = Position::from_fen(
        &v,
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPP2PPP/RNBQK2R w KQkq - 0 1",
    )
    .unwrap();
    let e = p.parse_san("Nd2").unwrap_err().to_string();
    assert!(e.contains("`Nbd2`") && e.contains("`Nfd2`"), "{e}");
    assert_eq!(p.parse_san("Nbd2").map(|m| p.uci(m)).unwrap(), "b1d2");
    assert_eq!(p.parse_san("Nb1d2").map(|m| p.uci(m)).unwrap(), "b1d2");
}

#[test]
fn mate_promotion_and_drop_marks() {
    let v = fairyc_tests::shipped("chess");
    let p = Position::from_fen(&v, "6k1/1P3ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let m = p.parse_uci("a1a8").unwrap();
    assert_eq!(p.san(m), "Ra8#");
    let m = p.parse_uci("b7b8q").unwrap();
    assert_eq!(p.san(m), "b8=Q#");
    assert_eq!(p.parse_san("b8Q").unwrap(), m);
    let v = fairyc_tests::shipped("crazyhouse");
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").unwrap();
    let m = p.parse_uci("P@e4").unwrap();
    assert_eq!(p.san(m), "P@e4");
    assert_eq!(p.parse_san("P@e4").unwrap(), m);
}

/// The field's rows whose engine is pyffish or that Fairy-Stockfish plays
/// built in: (rows file, stem, engine name, variant path, ini).
fn oracle_rows() -> Vec<(String, String, Option<std::path::PathBuf>, Option<String>)> {
    let mut out = Vec::new();
    for family in [
        "chess", "makruk", "shogi", "xiangqi", "current", "rules", "beyond",
    ] {
        let path = root().join(format!("tests/data/field/{family}.txt"));
        for row in read_rows(&path, "fsf-name", 3) {
            let ini = row
                .other
                .iter()
                .find(|(k, _)| k == "ini")
                .map(|(_, v)| v.clone());
            out.push((row.stem.clone(), row.name.clone(), row.ours.clone(), ini));
        }
    }
    out
}

/// The Fairy-Stockfish variants (`fsf-name`s of the field rows) of its
/// shogi template (`variantTemplate = "shogi"`), whose default notation is
/// shogi's, not SAN.
const SHOGI_TEMPLATE: &[&str] = &[
    "shogi",
    "minishogi",
    "mini",
    "euroshogi",
    "judkins",
    "gorogoro",
    "dobutsu",
    "kyotoshogi",
    "micro",
    "checkshogi",
    "shoshogi",
    "yarishogi",
    "okisakishogi",
    "torishogi",
    // From Fairy-Stockfish's variants.ini: `[gorogoroplus:gorogoro]`, and
    // the sections that set `variantTemplate = shogi`.
    "gorogoroplus",
    "shinobi",
    "mansindam",
    "shogun",
    // `[cannonshogi:shogi]` inherits shogi's template.
    "cannonshogi",
];

/// Rows whose check marks are compared without them, by design:
/// Fairy-Stockfish's SAN marks a check only against its `KING` piece type,
/// and these variants' royal pieces are, there, other types that merely
/// must not be lost (pseudo-royal extinction pieces): the atomic family's
/// kings (atomiczh's too), petrified's and Spartan chess's are its
/// commoners, so it never writes `+`;
/// coregal's queens are, so it writes `+` against the king only; chak's
/// king and divine king are custom pieces made pseudo-royal
/// (`extinctionPseudoRoyal`), so it never writes `+` there. fairyc's
/// `+` says that a royal piece is attacked, whatever its type. The current
/// `dobutsu` lets a lion be left attacked (capturing it wins), where
/// fairyc's, as Fairy-Stockfish 11.1 (its field row's engine), keeps the
/// lion royal. The moves themselves are compared.
const NO_CHECK_THERE: &[&str] = &[
    "dobutsu",
    "atomic",
    "nocheckatomic",
    "atomar",
    "6x6atom",
    "spartan",
    "spartan-ini",
    "coregal",
    "chak",
    "atomiczh",
    "petrified",
];

#[test]
#[ignore = "release: compares with pyffish 0.0.90 (tests/oracle/ffish_uci.py)"]
fn san_equals_pyffish() {
    let program = root().join("tests/oracle/ffish_uci.py");
    let mut report = Vec::new();
    let mut total = 0;
    let mut differ = 0;
    let mut skipped = 0;
    // `FAIRYC_SAN_ONLY=dobutsu,judkins`: only the rows of those file stems.
    let only = std::env::var("FAIRYC_SAN_ONLY").ok();
    for (stem, name, ours, ini) in oracle_rows() {
        if only
            .as_ref()
            .is_some_and(|o| !o.split(',').any(|s| s == stem))
        {
            continue;
        }
        let path = ours.unwrap_or_else(|| root().join(format!("variants/{stem}.variant")));
        if !path.exists() {
            continue;
        }
        let v = compile_path(&path);
        let ini = ini.map(|i| root().join(i).display().to_string());
        let chess960 = if v.free_castling() { "true" } else { "false" };
        let mut options = vec![("UCI_Chess960", chess960)];
        if let Some(i) = &ini {
            options.push(("VariantPath", i.as_str()));
        }
        options.push(("UCI_Variant", name.as_str()));
        let Some(mut engine) = Engine::start_program(&program, &options) else {
            panic!("cannot start {}", program.display());
        };
        let mut here = 0;
        let mut first = None;
        let shogi_marks = SHOGI_TEMPLATE.contains(&name.as_str());
        let no_check = NO_CHECK_THERE.contains(&name.as_str());
        walk(&v, 3, 40, |p| {
            let sans = p.san_moves();
            let ucis: Vec<String> = sans.iter().map(|(m, _)| p.uci(*m)).collect();
            let theirs = engine.san(&p.fen(), &ucis);
            for (i, (_, ours)) in sans.iter().enumerate() {
                // Without its check mark (`#`, or `+` after a move that
                // gives check).
                let bare = match ours.strip_suffix('#') {
                    Some(b) => b,
                    None => ours
                        .strip_suffix('+')
                        .filter(|_| {
                            let mut next = p.clone();
                            next.play_unchecked(sans[i].0);
                            next.is_check()
                        })
                        .unwrap_or(ours),
                };
                // By design (docs/engine.md, "Notation"): in a variant of
                // Fairy-Stockfish's shogi template, a `+` face's promotion,
                // its declining or demotion and the face's moves keep
                // shogi's marks (`Bxh8+`, `Bg7=`, `+Ba2`), where its SAN
                // names an engine type that several faces share
                // (`Bxh8=H`; the tokin and promoted silver are both `G`).
                if shogi_marks && (ours.starts_with('+') || bare.ends_with(['+', '=', '-'])) {
                    skipped += 1;
                    continue;
                }
                let ours = if no_check { bare } else { ours.as_str() };
                // Theirs without its marks too (coregal's `+` against the
                // king), except in the shogi template, whose `+` promotes.
                let theirs_i = theirs.get(i).map(|t| {
                    if no_check && !shogi_marks {
                        t.trim_end_matches(['+', '#']).to_string()
                    } else {
                        t.clone()
                    }
                });
                total += 1;
                if theirs_i.as_deref() != Some(ours) {
                    here += 1;
                    first.get_or_insert_with(|| {
                        format!(
                            "{} {}: ours `{ours}`, pyffish `{}`",
                            p.fen(),
                            ucis[i],
                            theirs.get(i).map_or("?", String::as_str)
                        )
                    });
                }
            }
        });
        differ += here;
        eprintln!("{stem} ({name}): {here} differ");
        if let Some(f) = first {
            report.push(format!("{stem} ({name}): {here} differ; first: {f}"));
        }
    }
    eprintln!("{total} moves compared, {differ} differ, {skipped} not compared");
    assert!(report.is_empty(), "{}", report.join("\n"));
}

/// A piece's second letter (`letter N also H`): SAN writes it and reads
/// either, a FEN may use it (written back with the first); a `+` face with
/// one (`letter +P also E`) promotes as `=E`, declines without a mark and
/// moves as `E`. The pyffish comparison checks the same on random games.
#[test]
fn second_letters() {
    let v = compile_path(&root().join("variants/xiangqi.variant"));
    let p = Position::new(&v).expect("start");
    let m = p.parse_uci("b1c3").expect("legal");
    assert_eq!(p.san(m), "Hc3");
    assert_eq!(p.parse_san("Hc3"), Ok(m));
    assert_eq!(p.parse_san("Nc3"), Ok(m));
    let e = p.parse_uci("c1e3").expect("legal");
    assert_eq!(p.san(e), "Ece3");
    assert_eq!(p.parse_san("Bce3"), Ok(e));
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let q = Position::from_fen(&v, &start.replace("RNBAKABNR", "RHEAKAEHR")).expect("FEN");
    assert_eq!(q.fen(), start);

    let v = compile_path(&root().join("variants/wolf.variant"));
    let p = Position::from_fen(&v, "k7/2P5/8/8/8/8/8/8/8/K7 w - - 0 1").expect("FEN");
    let promote = p.parse_uci("c9c10+").expect("legal");
    assert_eq!(p.san(promote).trim_end_matches(['+', '#']), "c10=E");
    assert_eq!(p.parse_san("c10=E"), Ok(promote));
    let e = Position::from_fen(&v, "k7/8/8/8/8/8/8/8/8/K1E5 w - - 0 1").expect("FEN");
    let m = e.parse_uci("c1c2").expect("legal");
    assert_eq!(e.san(m), "Ec2");
    assert_eq!(e.parse_san("+Pc2"), Ok(m));
}

/// A king that may castle to several squares on one side (wildebeest: one
/// to four squares towards the rook) has the king's square after each
/// castling (`O-O/g1` …), since `O-O` alone would fit all (and `Kg1` is
/// also the king's step); SAN reads each back, and `O-O` is then
/// ambiguous.
#[test]
fn castlings_to_several_squares_are_king_moves() {
    let v = compile_path(&root().join("variants/wildebeest.variant"));
    let fen = "rnc1wkq3r/1p1p1p1pp1p/2p6p1/p1c3p4/4p3B2/5b1P1P1/8n2/2W1b1C2NP/\
               PPPP1PP3C/RNB1QK4R w KQkq - 0 16";
    let p = Position::from_fen(&v, fen).expect("FEN");
    let mut castles: Vec<(String, String)> = p
        .san_moves()
        .into_iter()
        .filter(|(m, _)| matches!(m, fairyc_runtime::Move::Castle { .. }))
        .map(|(m, san)| (p.uci(m), san))
        .collect();
    castles.sort();
    let sans: Vec<&str> = castles.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(sans, ["O-O/h1", "O-O/i1", "O-O/g1"], "{castles:?}");
    for (uci, san) in &castles {
        assert_eq!(
            p.parse_san(san).map(|m| p.uci(m)).as_deref(),
            Ok(uci.as_str())
        );
    }
    assert!(p.parse_san("O-O").is_err());
}

/// `notation piece` writes a pawn with its letter (Legan's pawn, as
/// Fairy-Stockfish writes its custom pawns), `notation pawn` without one
/// (shinobi's pawn, which promotes only to its own `+` face); without
/// `notation`, chess's pawn is written without its letter and shogi's with
/// it. Each reads back.
#[test]
fn notation_says_which_piece_is_a_pawn() {
    let cases = [
        ("legan", "", "d1c2", "Pc2"),
        ("shinobi", "", "a2a3", "a3"),
        ("chess", "", "e2e4", "e4"),
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - - 0 1",
            "e3e4",
            "Pe4",
        ),
    ];
    for (stem, fen, uci, san) in cases {
        let v = compile_path(&root().join(format!("variants/{stem}.variant")));
        let p = if fen.is_empty() {
            Position::new(&v).expect("start")
        } else {
            Position::from_fen(&v, fen).expect("FEN")
        };
        let m = p.parse_uci(uci).expect("legal");
        assert_eq!(p.san(m), san, "{stem} {uci}");
        assert_eq!(p.parse_san(san), Ok(m), "{stem} {san}");
    }
    // A capture by a `notation piece` pawn names the piece, not the file.
    let v = compile_path(&root().join("variants/berolina.variant"));
    let p = Position::from_fen(&v, "4k3/8/8/8/3p4/3P4/8/4K3 w - - 0 1").expect("FEN");
    let m = p
        .parse_uci("d3d4")
        .expect("Berolina's pawn captures straight ahead");
    assert_eq!(p.san(m), "Pxd4");
}

/// `notation as`: Shinobi plus's promoted faces are written as the pieces
/// they play as, as pyffish 0.0.90 writes them (`get_san` on these FENs
/// with the section of tests/data/field/current.ini): a promotion `=C`,
/// `=R`, and the promoted pawn's moves with the captain's `C`, told apart
/// from the captain's by their squares.
#[test]
fn notation_as_writes_another_pieces_symbol() {
    let v = compile_path(&root().join("variants/shinobiplus.variant"));
    let cases = [
        ("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", "b7b8+", "b8=C"),
        ("4k3/8/8/8/1L6/8/8/4K3[] w - - 0 1", "b4b7+", "Lb7=R"),
        (
            "rnbqkbnr/pppppp2/7p/8/2DH2p1/3F4/PPPPPPPP/2M1K3[JLC] b kq - 0 4",
            "g4g3+",
            "g3=C",
        ),
        ("4k3/8/8/3C4/8/2+P5/8/4K3[] w - - 0 1", "c3c4", "Ccc4"),
        ("4k3/8/8/3C4/8/2+P5/8/4K3[] w - - 0 1", "d5c4", "Cdc4"),
        ("4k3/8/8/3C4/8/2+P5/8/4K3[] w - - 0 1", "c3b2", "Cb2"),
        ("4k3/8/8/3C4/8/2+P5/8/4K3[] w - - 0 1", "d5e6", "Ce6"),
    ];
    for (fen, uci, san) in cases {
        let p = Position::from_fen(&v, fen).expect("FEN");
        let m = p.parse_uci(uci).expect("legal");
        assert_eq!(p.san(m), san, "{fen} {uci}");
        assert_eq!(p.parse_san(san), Ok(m), "{fen} {san}");
    }
}
