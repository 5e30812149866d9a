//! `fairyc export --to fairy-stockfish`: the boundary of what exports and
//! the proof that an exported section plays the same game in
//! Fairy-Stockfish 11.1 as the `.variant` file in fairyc.
//!
//! [`boundary`] (run by default) exports every shipped variant and checks
//! which export and which are refused with which codes. [`fsf_plays_exports`]
//! (ignored: it needs `/usr/games/fairy-stockfish`; `.ci/run` runs it) loads
//! each exported section with `setoption name VariantPath` and compares the
//! start FEN and perft 1..=3 along 50 seeded random games, every 20 plies,
//! as the field harness does.

use std::path::PathBuf;

use fairyc_runtime::Variant;
use fairyc_tests::{fsf_agrees, fsf_agrees_as, root, Compare, Engine};

/// The shipped variants that export.
const EXPORTS: &[&str] = &[
    "3check",
    "5check",
    "almost",
    "amazon",
    "antichess",
    "breakthrough",
    "capablanca",
    "capahouse",
    "centaur",
    "chancellor",
    "chess",
    "chigorin",
    "clobber",
    "clobber10",
    "crazyhouse",
    "embassy",
    "fairy",
    "gothic",
    "hoppelpoppel",
    "janus",
    "jesonmor",
    "kingofthehill",
    "losers",
    "misere",
    "modern",
    "newzealand",
    "nocastle",
    "orda",
    "pocketknight",
    "racingkings",
    "threekings",
];

/// The shipped variants refused, with the codes of the refusals (sorted,
/// each once).
const REFUSED: &[(&str, &[&str])] = &[
    // Variants of the current Fairy-Stockfish that 11.1 does not know
    // (issue 31): custom pieces (a pawn without the double step, or with
    // another move, is one), promotion per side, a chancellor castling as
    // the rook, promoted pieces of their own.
    ("chaturanga", &["E0161"]),
    ("coregal", &["E0163"]),
    // The house variants of Fairy-Stockfish's variants.ini: their
    // families' pieces (makruk's and grand chess's pawns without the
    // double step from the second rank; xiangqi's and janggi's palaces),
    // and makhouse's drops and counting behind them.
    ("grandhouse", &["E0161"]),
    ("janggihouse", &["E0161", "E0163"]),
    ("makhouse", &["E0161"]),
    ("xiangqihouse", &["E0161", "E0163"]),
    // Chak: custom pieces (the shaman, the jumping quetzal, the pawn,
    // the immobile temple), the king's promoted face (a second royal type)
    // and the warrior's.
    ("chak", &["E0161", "E0163", "E0168"]),
    // Armageddon: draw odds (`materialCounting`, newer than 11.1).
    ("armageddon", &["E0167"]),
    // Cannon shogi: the cannons and the soldier (no 11.1 type), promoted
    // faces.
    ("cannonshogi", &["E0161", "E0168"]),
    // Shogun chess: promoted faces (the queen is the fers's `+F`).
    ("shogun", &["E0168"]),
    ("fox-and-hounds", &["E0161"]),
    // The atomic family: 11.1 does not read `blastOnCapture` (E0167); its
    // castling king is not the royal piece where the king is not royal
    // (E0166; antiatomic does not castle), and atomar's king and 6x6atom's
    // pawn (no double step) are no 11.1 type (E0161; the exporter stops at
    // 6x6atom's pieces).
    ("atomic", &["E0167"]),
    ("nocheckatomic", &["E0166", "E0167"]),
    ("atomar", &["E0161", "E0166", "E0167"]),
    ("atomic-giveaway", &["E0166", "E0167"]),
    ("antiatomic", &["E0167"]),
    ("atomiczh", &["E0167"]),
    ("6x6atom", &["E0161"]),
    ("georgian", &["E0161"]),
    ("legan", &["E0161"]),
    ("nightrider", &["E0161"]),
    ("opulent", &["E0161"]),
    ("paradigm", &["E0161"]),
    ("pawnsideways", &["E0161"]),
    ("pawnback", &["E0161"]),
    ("dragon", &["E0165", "E0167"]),
    ("checkshogi", &["E0168"]),
    ("gorogoroplus", &["E0168"]),
    ("okisakishogi", &["E0161", "E0168"]),
    ("yarishogi", &["E0161", "E0168"]),
    ("torishogi", &["E0161", "E0168"]),
    ("perfect", &["E0166"]),
    ("raazuvaa", &["E0161"]),
    ("sortofalmost", &["E0164"]),
    ("tencubed", &["E0161"]),
    ("torpedo", &["E0161"]),
    ("wolf", &["E0161", "E0168"]),
    // Sections of Fairy-Stockfish's variants.ini (issue 31): pieces that
    // move and capture differently, the scout, a pawn for one side only;
    // Empire's kings may not face each other along ranks either.
    ("empire", &["E0161", "E0163"]),
    ("khans", &["E0161"]),
    ("ordamirror", &["E0161"]),
    // Synochess: the janggi cannon, a pawn for White only, and kings that
    // may not face each other along ranks either (`faces R`).
    ("synochess", &["E0161", "E0163"]),
    // Shinobi chess and Shinobi plus: the Clan's promoted faces (`+P`,
    // `+L`, `+H`, `+M`).
    ("shinobi", &["E0168"]),
    ("shinobiplus", &["E0168"]),
    // Mansindam: promoted faces that go to hand as their base piece.
    ("mansindam", &["E0168"]),
    // Chennis: a king kept to its court (E0163), and pieces that turn
    // over after every move and go to hand as their first face.
    ("chennis", &["E0163", "E0168"]),
    // Lines of N (issue 30): custom or immobile pieces, which 11.1 has
    // not (the lines and drops that fall are refused after them).
    ("tictactoe", &["E0161"]),
    ("cfour", &["E0161"]),
    ("cfour-misere", &["E0161"]),
    ("allqueenschess", &["E0161"]),
    ("asimplegame", &["E0161"]),
    ("roll-ing-to-four", &["E0161"]),
    ("picaria", &["E0161"]),
    ("nineholes", &["E0161"]),
    // Petrified: pawns that step sideways (a custom pawn, not written).
    ("petrified", &["E0161"]),
    // Free (Chess960) castling.
    // One-time moves (E0169); a pawn without a double step.
    ("cambodian", &["E0161", "E0169"]),
    ("caparandom", &["E0166"]),
    // Promoted queens, rooks and bishops go to hand as pawns (`captured-as`).
    ("chessgi", &["E0168"]),
    // Castling with a king that is not royal (FSF 11.1 castles its `king` only).
    ("codrus", &["E0166"]),
    // A pawn without a double step.
    ("courier", &["E0161"]),
    // The a- and h-files join (`wrap files`).
    ("cylinder", &["E0160"]),
    // Drops only on the back rank, must-drop, bishops on both colours,
    // castling rights granted by dropping king and rook.
    ("placement", &["E0165", "E0166"]),
    // Holes in the board.
    ("crazy-38s", &["E0160"]),
    // The pawn promotes on passing; no FSF piece moves like it.
    ("crazy-elephant", &["E0161"]),
    ("dobutsu", &["E0168"]),
    ("euroshogi", &["E0168"]),
    ("extinction", &["E0166"]),
    ("fischerandom", &["E0166"]),
    // A pawn without a double step.
    ("gardner", &["E0161"]),
    // A hexagonal board on an 11×11 axial grid.
    ("glinski", &["E0160"]),
    ("giveaway", &["E0166"]),
    ("gorogoro", &["E0168"]),
    // A pawn whose double step starts on the third rank.
    ("grand", &["E0161"]),
    ("hans-38special", &["E0160"]),
    ("horde", &["E0161", "E0163"]),
    // Palace-bound pieces, restricted cannons, passing and bikjang.
    ("janggi", &["E0161", "E0163"]),
    ("janggicasual", &["E0161", "E0163"]),
    ("janggimodern", &["E0161", "E0163"]),
    ("janggitraditional", &["E0161", "E0163"]),
    ("judkins", &["E0168"]),
    ("karouk", &["E0161", "E0169"]),
    ("kinglet", &["E0166"]),
    ("knightmate", &["E0163"]),
    ("kyotoshogi", &["E0168"]),
    ("loop", &["E0168"]),
    ("losalamos", &["E0161"]),
    ("manchu", &["E0161", "E0163"]),
    ("micro", &["E0168"]),
    ("minishogi", &["E0168"]),
    ("minixiangqi", &["E0163"]),
    // Four wizard squares outside a 10×10 board: not rectangular.
    ("omega", &["E0160"]),
    // Walls (`*`): exported to the current Fairy-Stockfish only (gustav3;
    // the pawns of omicron and troitzky double-step from their third rank,
    // which the exporter does not write yet).
    ("gustav3", &["E0160"]),
    // Walls placed by moves (E0167: 11.1 has no `wallingRule`, which the
    // export to the current engine writes), and pieces that never capture
    // (`mK`, `mN`, `mQ`: no 11.1 type; the refusal of the pieces stops
    // the export, so duck's castling king that is not royal goes unsaid).
    ("snailtrail", &["E0161", "E0167"]),
    ("joust", &["E0161", "E0167"]),
    ("duck", &["E0167"]),
    ("isolation", &["E0161", "E0167"]),
    ("isolation7x7", &["E0161", "E0167"]),
    ("amazons", &["E0161", "E0167"]),
    ("omicron", &["E0160"]),
    ("troitzky", &["E0160"]),
    // Conversion (E0167, for both engines: the current one's
    // `flipEnclosedPieces`, `enclosingDrop`, `freeDrops`,
    // `passOnStalemate`, `adjudicateFullBoard` and `stalematePieceCount`
    // are not written yet), and stones that never move or only jump (no
    // 11.1 type).
    ("flipello", &["E0161", "E0167"]),
    ("flipello10", &["E0161", "E0167"]),
    ("flipello6", &["E0161", "E0167"]),
    ("flipersi", &["E0161", "E0167"]),
    ("ataxx", &["E0161", "E0167"]),
    // Gating.
    ("seirawan", &["E0167"]),
    ("shako", &["E0161"]),
    ("shatranj", &["E0161"]),
    ("shogi", &["E0168"]),
    ("shouse", &["E0167"]),
    // Stalemate by material.
    ("suicide", &["E0167"]),
    // A pawn without a double step (the counting rule, E0167, is refused
    // too once the pieces pass: the exporter stops at the pieces).
    ("ai-wok", &["E0161"]),
    ("asean", &["E0161"]),
    ("makruk", &["E0161"]),
    // Makruk's pieces; its `royal { fleeing forbidden }` (E0167) is refused too.
    ("makpong", &["E0161"]),
    // Makruk's pawn (the exporter stops at the pieces, before its placement
    // phase and its promotion as a move of its own).
    ("sittuyin", &["E0161"]),
    // A pawn without a double step; its mate rules (E0167) are refused too.
    ("shatar", &["E0161"]),
    ("xiangqi", &["E0161", "E0163"]),
    // Fairy-Stockfish 11.1 has no custom pieces (later versions play these
    // three, built in or from a variants.ini: tests/data/field/beyond.*).
    // Berolina pawns, which move diagonally and capture straight ahead.
    ("berolina", &["E0161"]),
    // The grasshopper (`gQ`), and a pawn without a double step.
    ("grasshopper", &["E0161"]),
    // The Spartan pieces (and, once the pieces pass, the two kings of
    // `royal { check all }`, E0167; the exporter stops at the pieces).
    ("spartan", &["E0161"]),
    // 11×11: larger than Fairy-Stockfish's boards.
    ("washogi", &["E0160"]),
    // 12×12: larger than Fairy-Stockfish's boards (the exporter stops at
    // the board).
    ("chu", &["E0160"]),
    // The drunk elephant, a second royal piece, no drops for a shogi.
    ("shoshogi", &["E0161", "E0163", "E0168"]),
    // The camel and the wildebeest (FSF 11.1 has no type for them).
    ("wildebeest", &["E0161"]),
];

fn shipped_stems() -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "variant")
                .then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    stems.sort();
    stems
}

fn source(stem: &str) -> String {
    std::fs::read_to_string(root().join(format!("variants/{stem}.variant"))).expect("source")
}

#[test]
fn boundary() {
    let mut wrong = Vec::new();
    for stem in shipped_stems() {
        let result = fairyc_interop::export::export(&source(&stem), &format!("fairyc-{stem}"));
        let expected = REFUSED.iter().find(|(s, _)| *s == stem).map(|(_, c)| *c);
        match (result, expected) {
            (Ok(_), None) if EXPORTS.contains(&stem.as_str()) => {}
            (Ok(_), _) => wrong.push(format!("{stem}: exports, expected {expected:?}")),
            (Err(errors), Some(codes)) => {
                let mut got: Vec<&str> = errors.iter().map(|e| e.code()).collect();
                got.sort_unstable();
                got.dedup();
                if got != codes {
                    wrong.push(format!("{stem}: refused with {got:?}, expected {codes:?}"));
                }
            }
            (Err(errors), None) => wrong.push(format!(
                "{stem}: refused with {:?}, expected to export",
                errors.iter().map(|e| e.to_string()).collect::<Vec<_>>()
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A piece symbol of more than one character is refused (`E0159`), and
/// only that: Fairy-Stockfish 11.1 writes each piece with one letter. The
/// same variant with one-letter symbols exports. XBoard is refused too.
#[test]
fn symbols_of_more_than_one_letter_are_refused() {
    let chess = source("chess");
    assert!(fairyc_interop::export::export(&chess, "fairyc-chess").is_ok());
    for symbol in ["QU", "Q'"] {
        let renamed = chess
            .replace("letter Q\n", &format!("letter {symbol}\n"))
            .replace("letter Q;", &format!("letter {symbol};"))
            .replace("rnbqkbnr/", &format!("rnb{}kbnr/", symbol.to_lowercase()))
            .replace("/RNBQKBNR", &format!("/RNB{symbol}KBNR"));
        assert_ne!(renamed, chess);
        let errors = fairyc_interop::export::export(&renamed, "x").expect_err(symbol);
        let codes: Vec<&str> = errors.iter().map(|e| e.code()).collect();
        assert_eq!(codes, ["E0159"], "{symbol}");
        assert!(errors[0]
            .to_string()
            .contains(&format!("`Queen` is written `{symbol}`")));
        let xboard = fairyc_interop::xboard::describe(&renamed).expect_err("xboard");
        assert!(
            xboard.to_string().contains("one letter per piece"),
            "{xboard}"
        );
    }
}

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn fsf_plays_exports() {
    const GAMES: u64 = 50;
    const PLIES: usize = 60;
    const EVERY: usize = 20;
    const DEPTH: u32 = 3;
    let dir: PathBuf = std::env::temp_dir().join(format!("fairyc-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let only = std::env::var("FAIRYC_EXPORT_ONLY").ok();
    let mut mismatches = Vec::new();
    for &stem in EXPORTS {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|s| s == stem))
        {
            continue;
        }
        let section = format!("fairyc-{stem}");
        let text = source(stem);
        let ini = fairyc_interop::export::export(&text, &section).expect("exports");
        let path = dir.join(format!("{stem}.ini"));
        std::fs::write(&path, ini).expect("write the section");
        let tables = fairyc_compiler::compile(&text).expect("compiles");
        let variant = Variant::new(tables).expect("valid tables");
        let mut engine = Engine::start(&[
            ("VariantPath", path.to_str().expect("UTF-8 path")),
            ("UCI_Variant", &section),
        ])
        .expect("/usr/games/fairy-stockfish is installed");
        let (positions, wrong) = fsf_agrees(&variant, &mut engine, GAMES, PLIES, EVERY, DEPTH);
        mismatches.extend(wrong.into_iter().map(|w| format!("{stem}: {w}")));
        println!(
            "{stem}: start and {positions} positions of {GAMES} games compared at depth {DEPTH}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// The shipped variants that export to the current Fairy-Stockfish
/// (`--to fairy-stockfish`): the 11.1 ones, and those whose pieces are
/// custom pieces (`customPieceN`, a custom royal `king = k:Betza`) or whose
/// pawns have no double step (`doubleStep = false`).
const CURRENT_EXPORTS: &[&str] = &[
    "3check",
    "armageddon",
    "5check",
    "allqueenschess",
    "almost",
    "amazon",
    "antichess",
    "asimplegame",
    "breakthrough",
    "cannonshogi",
    "capablanca",
    "capahouse",
    "centaur",
    "cfour",
    "cfour-misere",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "crazyhouse",
    "dobutsu",
    "embassy",
    "empire",
    "extinction",
    "fairy",
    "flipello",
    "flipello10",
    "flipello6",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "giveaway",
    "gothic",
    "grand",
    "grandhouse",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "janggi",
    "janggicasual",
    "janggihouse",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "kingofthehill",
    "kinglet",
    "knightmate",
    "losalamos",
    "losers",
    "manchu",
    "minixiangqi",
    "mansindam",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "okisakishogi",
    "omicron",
    "opulent",
    "orda",
    "ordamirror",
    "paradigm",
    "raazuvaa",
    "shako",
    "tencubed",
    "racingkings",
    "roll-ing-to-four",
    "threekings",
    "xiangqi",
    "tictactoe",
    "torishogi",
    "torpedo",
    "troitzky",
    "yarishogi",
    "duck",
    "amazons",
    "isolation",
    "isolation7x7",
    "joust",
    "snailtrail",
    "atomic",
    "nocheckatomic",
    "antiatomic",
    "atomic-giveaway",
    "atomiczh",
    "6x6atom",
    "shatranj",
    "courier",
    "seirawan",
    "picaria",
    "nineholes",
    "suicide",
    "perfect",
    "sortofalmost",
    "berolina",
    "georgian",
    "pawnsideways",
    "pawnback",
    "horde",
];

fn export_current(stem: &str) -> Result<String, Vec<fairyc_compiler::error::CompileError>> {
    fairyc_interop::export::export_for(
        &source(stem),
        &format!("fairyc-{stem}"),
        fairyc_interop::export::Target::Current,
    )
}

/// Exactly [`CURRENT_EXPORTS`] export to the current Fairy-Stockfish, and
/// every variant that exports to 11.1 exports to it too but pocket knight.
#[test]
fn current_boundary() {
    let mut wrong = Vec::new();
    for stem in shipped_stems() {
        let expected = CURRENT_EXPORTS.contains(&stem.as_str());
        match (export_current(&stem), expected) {
            (Ok(_), true) | (Err(_), false) => {}
            (Ok(_), false) => wrong.push(format!("{stem}: exports, expected a refusal")),
            (Err(errors), true) => wrong.push(format!(
                "{stem}: refused with {:?}",
                errors.iter().map(|e| e.to_string()).collect::<Vec<_>>()
            )),
        }
    }
    // Pocket knight keeps 11.1's clock (pawns and captures reset it) with
    // a move limit, where the current engine resets it at every drop too.
    const ONLY_11: &[&str] = &["pocketknight"];
    for stem in EXPORTS {
        assert!(
            CURRENT_EXPORTS.contains(stem) != ONLY_11.contains(stem),
            "{stem}"
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A refusal names its target: for 11.1 what that engine cannot express,
/// for the current engine what the export does not write (its format says
/// more), never "11.1" for an export to the current engine.
#[test]
fn refusals_name_their_target() {
    let text = |errors: Vec<fairyc_compiler::error::CompileError>| {
        errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Bare king and a counting rule: makruk.
    let current = text(export_current("makruk").expect_err("makruk exports"));
    assert!(
        current.contains(
            "the export to the current Fairy-Stockfish does not cover this rule: a counting rule"
        ),
        "{current}"
    );
    assert!(!current.contains("11.1"), "{current}");
    // Draw odds: a key of the current engine only.
    let old = text(fairyc_interop::export::export(&source("armageddon"), "a").expect_err("11.1"));
    assert!(
        old.contains("Fairy-Stockfish 11.1 cannot express this rule: draw odds"),
        "{old}"
    );
    // A board larger than both engines hold is the engine's limit.
    let chu = text(export_current("chu").expect_err("chu exports"));
    assert!(
        chu.contains("the current Fairy-Stockfish cannot hold this board: it is 12×12"),
        "{chu}"
    );
    // Horde's king, royal for Black only, with a white king set up (which
    // the engine's `king` would make royal).
    let source = source("horde").replace("PPPPPPPP w kq - 0 1", "PPPPKPPP w kq - 0 1");
    let horde = text(
        fairyc_interop::export::export_for(&source, "h", fairyc_interop::export::Target::Current)
            .expect_err("horde with a white king exports"),
    );
    assert!(
        horde.contains(
            "the export to the current Fairy-Stockfish does not cover this royal piece: it is royal for one side only, and the other side has one too"
        ),
        "{horde}"
    );
    assert!(!horde.contains("11.1"), "{horde}");
    // A mating pawn drop, which Fairy-Stockfish plays and scores.
    let minishogi = text(export_current("minishogi").expect_err("minishogi exports"));
    assert!(
        minishogi.contains("`shogiPawnDropMateIllegal` lets the drop be played"),
        "{minishogi}"
    );
}

/// Promoted faces are promoted piece types (`promotedPieceType`), a face
/// moving as no plain piece a type of its own under a free letter (check
/// shogi's horse); pieces kept to a region are `mobilityRegion…`, the
/// flying general `flyingGeneral`, the soldier `soldierPromotionRank`
/// (xiangqi).
#[test]
fn current_export_writes_faces_and_regions() {
    let shogi = export_current("checkshogi").expect("exports");
    for key in [
        "dragonHorse = a",
        "bers = c",
        "promotedPieceType = p:g l:g n:g s:g b:a r:c",
        "mandatoryPiecePromotion = false",
        "immobilityIllegal = true",
        "dropNoDoubled = p",
        "promotionRegionWhite = a7 b7 c7 d7 e7 f7 g7 h7 i7 a8 b8 c8 d8 e8 f8 g8 h8 i8 a9 b9 c9 d9 e9 f9 g9 h9 i9",
    ] {
        assert!(shogi.lines().any(|l| l == key), "{key}:\n{shogi}");
    }
    let xiangqi = export_current("xiangqi").expect("exports");
    for key in [
        "king = k:W",
        "mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3",
        "mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10",
        "flyingGeneral = true",
        "soldier = p",
        "soldierPromotionRank = 6",
    ] {
        assert!(xiangqi.lines().any(|l| l == key), "{key}:\n{xiangqi}");
    }
    // 11.1 writes neither.
    for stem in ["checkshogi", "xiangqi"] {
        assert!(
            fairyc_interop::export::export(&source(stem), "x").is_err(),
            "{stem}"
        );
    }
}

/// The janggi family is written as children of the current engine's
/// built-in `janggi` (whose general, guards and cannons no standalone
/// section can write), with the keys of its rules; a variant that plays
/// otherwise (here a cannon counted 6, a soldier without its sideways
/// step) is refused at its pieces as before, and 11.1 refuses them all.
#[test]
fn janggi_exports_as_a_child_of_the_built_in() {
    for (stem, bikjang, counting, drops, repetition, limit) in [
        ("janggi", true, "janggi", false, 3, 50),
        ("janggicasual", false, "none", false, 3, 50),
        ("janggihouse", true, "janggi", true, 3, 50),
        ("janggimodern", false, "janggi", false, 0, 0),
        ("janggitraditional", true, "none", false, 3, 50),
    ] {
        let ini = export_current(stem).expect("exports");
        let keys = [
            format!("[fairyc-{stem}:janggi]"),
            format!("bikjangRule = {bikjang}"),
            format!("materialCounting = {counting}"),
            format!("nFoldRule = {repetition}"),
            format!("nMoveRule = {limit}"),
        ];
        for key in &keys {
            assert!(ini.lines().any(|l| l == key), "{key}:\n{ini}");
        }
        assert_eq!(
            ini.lines().any(|l| l == "pieceDrops = true"),
            drops,
            "{ini}"
        );
        assert!(
            fairyc_interop::export::export(&source(stem), "x").is_err(),
            "{stem}"
        );
    }
    let janggi = source("janggi");
    for (from, to) in [("Cannon 7", "Cannon 6"), ("moves fsW", "moves fW")] {
        assert!(janggi.contains(from), "{from}");
        let text = janggi.replace(from, to);
        let codes = codes(fairyc_interop::export::export_for(
            &text,
            "j",
            fairyc_interop::export::Target::Current,
        ));
        assert!(codes.contains(&"E0161".to_string()), "{to}: {codes:?}");
    }
}

/// The custom pieces are written in Fairy-Stockfish's Betza dialect: the
/// nightrider as `NN`, a knight-royal as `king = k:N`, the grasshopper's
/// hops, a pawn without a double step as `doubleStep = false`, Berolina's
/// pawn as a custom piece made the pawn (`pawnTypes`), Georgian's pawn
/// never taken en passant as `enPassantRegion = -`, pawn-back's backward
/// step kept to its ranks as the piece's region and its clock, which no
/// pawn move resets, as `nMoveRuleTypes = -`.
#[test]
fn current_export_writes_custom_pieces() {
    let nightrider = export_current("nightrider").expect("exports");
    assert!(
        nightrider
            .lines()
            .any(|l| l.starts_with("customPiece1 = ") && l.ends_with(":NN")),
        "{nightrider}"
    );
    let knightmate = export_current("knightmate").expect("exports");
    assert!(knightmate.contains("\nking = k:N\n"), "{knightmate}");
    let gardner = export_current("gardner").expect("exports");
    assert!(gardner.contains("\ndoubleStep = false\n"), "{gardner}");
    assert!(!gardner.contains("doubleStepRank"), "{gardner}");
    // A pawn with other moves: a custom piece made the pawn, its initial
    // moves from the double-step region; a pawn never taken en passant.
    let berolina = export_current("berolina").expect("exports");
    for key in [
        "\ncustomPiece1 = p:mfFcefWifmnA\n",
        "\npawnTypes = p\n",
        "\ndoubleStepRegionWhite = a2 b2 c2 d2 e2 f2 g2 h2\n",
        "\ndoubleStepRegionBlack = a7 b7 c7 d7 e7 f7 g7 h7\n",
    ] {
        assert!(berolina.contains(key), "{berolina}");
    }
    let georgian = export_current("georgian").expect("exports");
    assert!(georgian.contains("\npawn = p\n"), "{georgian}");
    assert!(georgian.contains("\nenPassantRegion = -\n"), "{georgian}");
    let pawnback = export_current("pawnback").expect("exports");
    for key in [
        "\ncustomPiece1 = p:mfWcefFmbWifmnD\n",
        "\npawnTypes = p\n",
        "\nmobilityRegionWhiteCustomPiece1 = a2 ",
        "\nnMoveRuleTypes = -\n",
    ] {
        assert!(pawnback.contains(key), "{pawnback}");
    }
    // 11.1 has neither.
    for stem in ["nightrider", "knightmate", "gardner", "berolina"] {
        assert!(
            fairyc_interop::export::export(&source(stem), "x").is_err(),
            "{stem}"
        );
    }
}

/// Each section [`CURRENT_EXPORTS`] writes, loaded into pyffish 0.0.90 (the
/// current Fairy-Stockfish, through `tests/oracle/ffish_uci.py`), gives the
/// start FEN and perft 1..=3 that fairyc gives at the start (pyffish's
/// perft is a Python walk: about a minute per variant at depth 3).
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_plays_current_exports() {
    const EVERY: usize = 20;
    const DEPTH: u32 = 3;
    // `FAIRYC_EXPORT_GAMES=N`: also N seeded random games of 60 plies,
    // compared every 20 (FEN and perft), as `fsf_plays_exports` does.
    let games: u64 = std::env::var("FAIRYC_EXPORT_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(0);
    let plies = if games == 0 { 0 } else { 60 };
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fairyc-export-current-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let only = std::env::var("FAIRYC_EXPORT_ONLY").ok();
    let mut mismatches = Vec::new();
    for &stem in CURRENT_EXPORTS {
        if only
            .as_deref()
            .is_some_and(|o| !o.split(',').any(|s| s == stem))
        {
            continue;
        }
        let section = format!("fairyc-{stem}");
        let ini = export_current(stem).expect("exports");
        let path = dir.join(format!("{stem}.ini"));
        std::fs::write(&path, ini).expect("write the section");
        let tables = fairyc_compiler::compile(&source(stem)).expect("compiles");
        let variant = Variant::new(tables).expect("valid tables");
        let mut engine = Engine::start_program(
            &root().join("tests/oracle/ffish_uci.py"),
            &[
                ("VariantPath", path.to_str().expect("UTF-8 path")),
                ("UCI_Variant", &section),
            ],
        )
        .expect("python3 and pyffish are installed");
        // With `limit off` the half-move clock decides nothing, and these
        // keep fairyc's (not reset by drops), which the engine resets at
        // every drop: along games their FENs' clock fields differ (and
        // nothing else: docs/export.md), and are not compared.
        const CLOCK_FIELD_DIFFERS: &[&str] = &["capahouse", "crazyhouse", "dobutsu"];
        // Walls placed by every move: duck and amazons have about a
        // thousand moves a position, isolation hundreds (a billion and
        // tens of millions of leaves at depth 3).
        const SHALLOW: &[&str] = &["amazons", "duck", "isolation", "isolation7x7"];
        let depth = if SHALLOW.contains(&stem) { 2 } else { DEPTH };
        // When a blast takes a royal piece the game is over, and the
        // engine, whose atomic king is a pseudo-royal commoner, puts it in
        // the opponent's hand with the other pieces blasted (src/position.cpp,
        // `do_move`); fairyc's royal piece never goes to hand. Those
        // finished positions' FENs differ (docs/export.md).
        const FINISHED_DIFFERS: &[&str] = &["atomiczh"];
        // The current engine leaves out of the castling field the gates
        // that its castling letters imply (`KQBCDFG`, where fairyc writes
        // Fairy-Stockfish 11.1's `KQABCDEFGH`): the same position, compared
        // as fairyc reads the engine's FEN (docs/export.md).
        const GATES_WRITTEN_OTHERWISE: &[&str] = &["seirawan"];
        let how = Compare {
            finished: !FINISHED_DIFFERS.contains(&stem),
            read_back: GATES_WRITTEN_OTHERWISE.contains(&stem),
            clock: !CLOCK_FIELD_DIFFERS.contains(&stem),
        };
        let (positions, wrong) =
            fsf_agrees_as(&variant, &mut engine, (games, plies, EVERY, depth), how);
        mismatches.extend(wrong.into_iter().map(|w| format!("{stem}: {w}")));
        println!(
            "{stem}: start and {positions} positions of {games} games compared at depth {depth}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// A board with walls (`*` in `cells`) whose every hole is a wall: a
/// rectangle of the current Fairy-Stockfish with its wall squares in the
/// start FEN.
const WALLED: &str = r#"
variant "Walled" {}

board {
    files a..f
    ranks 1..6
    cells {
        "......"
        "*....*"
        "*.**.*"
        "*....*"
        "*....*"
        "......"
    }
}

piece King   { letter K; moves K; royal }
piece Queen  { letter Q; moves Q }
piece Knight { letter N; moves N }
piece Rook   { letter R; moves R }
setup "rn1qk1/*4*/*1**1*/*4*/*4*/RN1QK1 w - - 0 1"
end { checkmate loss; stalemate draw }
"#;

/// Walls export to the current Fairy-Stockfish as its wall squares, and
/// only there; with a hopper (which Fairy-Stockfish lets hop over a wall,
/// where fairyc's line ends) they are refused.
#[test]
fn walls_export_to_the_current_engine_only() {
    use fairyc_interop::export::{export_for, Target};
    let ini = export_for(WALLED, "fairyc-walled", Target::Current).expect("exports");
    assert!(ini.contains("maxFile = 6"), "{ini}");
    assert!(
        ini.contains("startFen = rn1qk1/*4*/*1**1*/*4*/*4*/RN1QK1 w - - 0 1"),
        "{ini}"
    );
    assert_eq!(
        codes(export_for(WALLED, "fairyc-walled", Target::Fsf11)),
        ["E0160"]
    );
    let hopper = WALLED.replace("moves R }", "moves R; moves pR }");
    assert_eq!(
        codes(export_for(&hopper, "fairyc-walled", Target::Current)),
        ["E0160"]
    );
}

/// The codes of an export's errors (none when it exports).
fn codes(r: Result<String, Vec<fairyc_compiler::error::CompileError>>) -> Vec<String> {
    r.err()
        .unwrap_or_default()
        .iter()
        .map(|e| e.code().to_string())
        .collect()
}

/// The walled board's exported section, loaded into pyffish 0.0.90, gives
/// fairyc's start FEN and perft 1..=4 (11, 92, 1128, 11076 in both).
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_plays_an_exported_walled_board() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fairyc-export-walls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let ini = fairyc_interop::export::export_for(
        WALLED,
        "fairyc-walled",
        fairyc_interop::export::Target::Current,
    )
    .expect("exports");
    let path = dir.join("walled.ini");
    std::fs::write(&path, ini).expect("write the section");
    let variant = Variant::new(fairyc_compiler::compile(WALLED).expect("compiles")).expect("valid");
    let mut engine = Engine::start_program(
        &root().join("tests/oracle/ffish_uci.py"),
        &[
            ("VariantPath", path.to_str().expect("UTF-8 path")),
            ("UCI_Variant", "fairyc-walled"),
        ],
    )
    .expect("python3 and pyffish are installed");
    let (_, wrong) = fsf_agrees(&variant, &mut engine, 0, 0, 20, 4);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A goal of several pieces at once is `flagPieceCount` (and
/// `flagPieceBlockedWin` for `or-full`) for the current engine; 11.1's
/// export refuses it.
#[test]
fn goals_of_several_pieces_export_to_the_current_engine() {
    let source = std::fs::read_to_string(root().join("tests/data/goals/runners.variant"))
        .expect("tests/data/goals/runners.variant");
    let ini = fairyc_interop::export::export_for(
        &source,
        "runners",
        fairyc_interop::export::Target::Current,
    )
    .expect("exports");
    for key in [
        "flagPiece = p",
        "flagPieceCount = 5",
        "flagPieceBlockedWin = true",
    ] {
        assert!(ini.lines().any(|l| l == key), "{key}:\n{ini}");
    }
    // A commoner is one of 11.1's types: only the goal is refused.
    let commoners = source.replace("mFmW", "K");
    let errors = fairyc_interop::export::export(&commoners, "runners").expect_err("11.1");
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(
        text[0].contains("cannot express this rule: a goal of several pieces at once"),
        "{text:?}"
    );
}

/// A repetition's outcome for one side (`repetition 3 loss for black`) is
/// the current Fairy-Stockfish's `nFoldValueAbsolute`, whose value is
/// White's (here a win); 11.1's export refuses it. pyffish 0.0.90 on the
/// exported section, after the knights out and back twice (8 plies, White
/// to move): an optional end of +32000; one ply more (Black to move):
/// -32000. Both are Black's loss.
#[test]
fn a_repetition_for_one_side_exports_as_an_absolute_value() {
    let source =
        source("chess").replace("repetition 5 draw claim 3", "repetition 3 loss for black");
    assert!(source.contains("loss for black"));
    let ini = fairyc_interop::export::export_for(
        &source,
        "chrep",
        fairyc_interop::export::Target::Current,
    )
    .expect("exports");
    for key in [
        "nFoldRule = 3",
        "nFoldValue = win",
        "nFoldValueAbsolute = true",
    ] {
        assert!(ini.lines().any(|l| l == key), "{key}:\n{ini}");
    }
    let errors = fairyc_interop::export::export(&source, "chrep").expect_err("11.1");
    assert!(
        errors.iter().any(|e| e.to_string().contains("`for`")),
        "{errors:?}"
    );
}

/// A goal that must be safe is `flagPieceSafe` for the current engine;
/// 11.1's export refuses it.
#[test]
fn safe_goals_export_to_the_current_engine() {
    let source = std::fs::read_to_string(root().join("tests/data/goals/saferooks.variant"))
        .expect("tests/data/goals/saferooks.variant");
    let ini = fairyc_interop::export::export_for(
        &source,
        "saferooks",
        fairyc_interop::export::Target::Current,
    )
    .expect("exports");
    for key in ["flagPiece = r", "flagPieceSafe = true", "flagMove = false"] {
        assert!(ini.lines().any(|l| l == key), "{key}:\n{ini}");
    }
    let errors = fairyc_interop::export::export(&source, "saferooks").expect_err("11.1");
    let text: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(
        text[0].contains("cannot express this rule: a goal reached only when safe"),
        "{text:?}"
    );
}

/// A castling that ends the opponent's right on the same side (`ends`) is
/// the current Fairy-Stockfish's `oppositeCastling`; 11.1's export refuses
/// it, and so does the current one when the rules end other rights.
/// pyffish 0.0.90 on Fairy-Stockfish's own `[opposite-castling:chess]`
/// from `r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1`: perft 25,
/// 623, 15121 (fairyc without `ends`: 15206 at depth 3).
#[test]
fn castling_that_ends_the_opponents_right_exports_as_opposite_castling() {
    use fairyc_interop::export::{export_for, Target};
    let mut text = source("chess");
    for (rule, ends) in [
        ("K: King e1 -> g1, Rook h1 -> f1", " ends k"),
        ("Q: King e1 -> c1, Rook a1 -> d1", " ends q"),
        ("k: King e8 -> g8, Rook h8 -> f8", " ends K"),
        ("q: King e8 -> c8, Rook a8 -> d8", " ends Q"),
    ] {
        assert!(text.contains(rule), "{rule}");
        text = text.replace(rule, &format!("{rule}{ends}"));
    }
    let ini = export_for(&text, "opposite", Target::Current).expect("exports");
    assert!(ini.lines().any(|l| l == "oppositeCastling = true"), "{ini}");
    assert_eq!(
        codes(export_for(&text, "opposite", Target::Fsf11)),
        ["E0166"]
    );
    let own_side = text.replace("f1 ends k", "f1 ends Q");
    assert_eq!(
        codes(export_for(&own_side, "opposite", Target::Current)),
        ["E0166"]
    );
    let variant = Variant::new(fairyc_compiler::compile(&text).expect("compiles")).expect("valid");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let pos = fairyc_runtime::Position::from_fen(&variant, fen).expect("the FEN reads");
    let counts: Vec<u64> = (1..=3).map(|d| fairyc_runtime::perft(&pos, d)).collect();
    assert_eq!(counts, [25, 623, 15121]);
}

/// Shatranj's `bare-king loss after-reply`, exported as the current
/// engine's claimed extinction (`extinctionClaim`), plays as fairyc's at
/// positions where a king is bared: a reply that bares the other king
/// (two bare kings play on), a reply that cannot, a bared side whose
/// opponent has two pieces (lost at once) and a bared king's opponent
/// to move (won). Perft 1..=3 from each, against pyffish 0.0.90 loading
/// the exported section.
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_plays_an_exported_bare_king() {
    use fairyc_runtime::Position;
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fairyc-export-bare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let ini = export_current("shatranj").expect("exports");
    assert!(ini.contains("extinctionClaim = true"), "{ini}");
    let path = dir.join("shatranj.ini");
    std::fs::write(&path, ini).expect("write the section");
    let variant = Variant::new(fairyc_compiler::compile(&source("shatranj")).expect("compiles"))
        .expect("valid");
    let mut engine = Engine::start_program(
        &root().join("tests/oracle/ffish_uci.py"),
        &[
            ("VariantPath", path.to_str().expect("UTF-8 path")),
            ("UCI_Variant", "fairyc-shatranj"),
        ],
    )
    .expect("python3 and pyffish are installed");
    let fens = [
        // Black is bare; its king may take the rook and bare White too.
        "8/8/8/8/8/3R4/2k5/6K1 b - - 0 1",
        // Black is bare and cannot bare White in one reply.
        "4k3/8/8/8/8/8/8/R3K3 b - - 0 1",
        // Black is bare against two pieces: lost at once.
        "4k3/8/8/8/8/8/8/R3K2R b - - 0 1",
        // White to move, Black bare after its reply: White has won.
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        // One move from baring Black (Rxa8).
        "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    ];
    let mut wrong = Vec::new();
    for fen in fens {
        let pos = Position::from_fen(&variant, fen).expect("a FEN we read");
        if let Some(d) =
            (1..=3).find_map(|d| fairyc_tests::perft_difference(&pos, fen, &mut engine, d))
        {
            wrong.push(format!("{fen}: {d}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Walls placed by moves, blasts and shatranj's bare king are the current
/// engine's `wallingRule`, `blastOnCapture` and claimed extinction; what
/// those keys cannot say stays refused at the rule, and 11.1 refuses them
/// all.
#[test]
fn walls_blasts_and_bare_kings_export_to_the_current_engine() {
    use fairyc_interop::export::{export_for, Target};
    for (stem, keys) in [
        ("duck", &["wallingRule = duck"][..]),
        ("amazons", &["wallingRule = arrow"]),
        ("joust", &["wallingRule = past"]),
        (
            "isolation",
            &["wallingRule = static", "wallingRegion = a1 b1 d1 e1"],
        ),
        (
            "atomic",
            &[
                "commoner = k",
                "castlingKingPiece = k",
                "extinctionPseudoRoyal = true",
                "extinctionPieceTypes = k",
                "blastOnCapture = true",
            ],
        ),
        (
            "shatranj",
            &[
                "extinctionValue = loss",
                "extinctionClaim = true",
                "extinctionPieceTypes = *",
                "extinctionPieceCount = 1",
                "extinctionOpponentPieceCount = 2",
            ],
        ),
    ] {
        let ini = export_current(stem).expect("exports");
        for key in keys {
            assert!(ini.contains(key), "{stem}: no `{key}` in\n{ini}");
        }
        assert!(
            codes(export_for(&source(stem), "x", Target::Fsf11)).contains(&"E0167".to_string())
                || stem == "shatranj",
            "{stem} for 11.1"
        );
    }
    // A nocheckatomic king is not royal: no pseudo-royalty.
    let ini = export_current("nocheckatomic").expect("exports");
    assert!(!ini.contains("extinctionPseudoRoyal"), "{ini}");
    let atomic = source("atomic");
    for (from, to) in [
        // A blast of other squares than a king's step.
        ("    reach K\n", "    reach N\n"),
        // A blast that spares no pawn (the engine's spares its pawns).
        ("    spared Pawn\n", ""),
        // The royal king's loss is not the one extinction rule.
        ("    extinction King loss\n", ""),
    ] {
        assert!(atomic.contains(from), "{from}");
        let changed = atomic.replace(from, to);
        assert_eq!(
            codes(export_for(&changed, "x", Target::Current)),
            ["E0167"],
            "{to:?}"
        );
    }
    // Crazy elephant's bare king, without `after-reply`: two bare kings
    // draw, which the engine's extinction does not say.
    assert!(codes(export_current("crazy-elephant")).contains(&"E0167".to_string()));
    // Shatranj's bare king with drops: the engine counts pieces in hand.
    let shatranj = source("shatranj").replace("zone last-rank", "drops { }\n\nzone last-rank");
    assert!(codes(export_for(&shatranj, "x", Target::Current)).contains(&"E0167".to_string()));
}

/// Suicide's `stalemate fewer-pieces`, exported as the current engine's
/// `stalematePieceCount` with `stalemateValue = win`: the stalemated side
/// wins with fewer pieces, loses with more and draws with as many, in
/// pyffish 0.0.90 (`game_result` on the exported section) as in fairyc.
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_judges_an_exported_stalemate_by_material() {
    use fairyc_runtime::{Color, Position};
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fairyc-export-suicide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let ini = export_current("suicide").expect("exports");
    assert!(ini.contains("stalematePieceCount = true"), "{ini}");
    let path = dir.join("suicide.ini");
    std::fs::write(&path, ini).expect("write the section");
    let fens = [
        "8/8/8/8/8/p7/P7/8 w - - 0 1",
        "8/8/8/8/8/p7/P7/7n w - - 0 1",
        "8/8/8/8/8/1p6/1P6/B7 w - - 0 1",
    ];
    let script = format!(
        "import pyffish as sf\nsf.load_variant_config(open({:?}).read())\n\
         for f in {:?}:\n    print(sf.game_result('fairyc-suicide', f, []))\n",
        path.to_str().expect("UTF-8 path"),
        fens
    );
    let out = std::process::Command::new("python3")
        .args(["-c", &script])
        .output()
        .expect("python3 and pyffish are installed");
    let _ = std::fs::remove_dir_all(&dir);
    let theirs: Vec<i64> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().parse().expect("a game result"))
        .collect();
    let variant = Variant::new(fairyc_compiler::compile(&source("suicide")).expect("compiles"))
        .expect("valid");
    for (fen, theirs) in fens.iter().zip(&theirs) {
        let ours = Position::from_fen(&variant, fen)
            .expect("a FEN we read")
            .outcome()
            .expect("stalemate");
        // pyffish's value is for the side to move, White in each.
        let want = match theirs.signum() {
            1 => Some(Color::White),
            -1 => Some(Color::Black),
            _ => None,
        };
        assert_eq!(ours.winner, want, "{fen}: pyffish {theirs}");
    }
    assert_eq!(
        theirs.len(),
        fens.len(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Horde's export (`royal { only black }` as the engine's `king` with no
/// white king, `enPassantRegionWhite/Black`): after `a1a3` next to a black
/// pawn pyffish 0.0.90 makes no en-passant square and after `a2a4` one
/// (and Black's `a7a5` next to a white pawn), as fairyc; the FENs and legal
/// moves after them, and the results with White's last piece gone, agree.
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_plays_an_exported_horde() {
    use fairyc_runtime::Position;
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fairyc-export-horde-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let ini = export_current("horde").expect("exports");
    let path = dir.join("horde.ini");
    std::fs::write(&path, ini).expect("write the section");
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/1p6/8/P7 w kq - 0 1", "a1a3"),
        ("rnbqkbnr/pppppppp/8/8/1p6/8/P7/8 w kq - 0 1", "a2a4"),
        ("rnbqkbnr/pppppppp/8/1P6/8/8/8/8 b kq - 0 1", "a7a5"),
        ("rnbqkbnr/ppp1pppp/8/8/8/8/8/3P4 b kq - 0 1", "d8d1"),
    ];
    let script = format!(
        "import pyffish as sf\nsf.load_variant_config(open({:?}).read())\nv = 'fairyc-horde'\n\
         for f, m in {:?}:\n    print(sf.get_fen(v, f, [m]))\n    \
         print(' '.join(sorted(sf.legal_moves(v, f, [m]))))\n    \
         print(sf.game_result(v, f, [m]) if not sf.legal_moves(v, f, [m]) else 'on')\n",
        path.to_str().expect("UTF-8 path"),
        cases
    );
    let out = std::process::Command::new("python3")
        .args(["-c", &script])
        .output()
        .expect("python3 and pyffish are installed");
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let theirs: Vec<&str> = text.lines().collect();
    assert_eq!(
        theirs.len(),
        3 * cases.len(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let variant =
        Variant::new(fairyc_compiler::compile(&source("horde")).expect("compiles")).expect("valid");
    for (i, (fen, m)) in cases.iter().enumerate() {
        let mut p = Position::from_fen(&variant, fen).expect("a FEN we read");
        let mv = p.parse_uci(m).expect("a legal move");
        p.play(mv).expect("legal");
        assert_eq!(p.fen(), theirs[3 * i], "{fen} {m}");
        let mut ours: Vec<String> = p.legal_moves().into_iter().map(|x| p.uci(x)).collect();
        ours.sort();
        assert_eq!(ours.join(" "), theirs[3 * i + 1], "{fen} {m}");
        let result = match p.outcome() {
            None => "on".to_string(),
            // pyffish's value is for the side to move.
            Some(r) => match (r.winner, p.turn()) {
                (None, _) => "0".into(),
                (Some(w), t) if w == t => "32000".into(),
                (Some(_), _) => "-32000".into(),
            },
        };
        assert_eq!(result, theirs[3 * i + 2], "{fen} {m}");
    }
    // The en-passant squares: none after `a1a3`, `a3` after `a2a4`, `a6`
    // after `a7a5` (asserted by the FENs above; here that they differ).
    assert!(theirs[0].contains(" kq - "), "{}", theirs[0]);
    assert!(theirs[3].contains(" kq a3 "), "{}", theirs[3]);
    assert!(theirs[6].contains(" kq a6 "), "{}", theirs[6]);
    assert_eq!(theirs[11], "-32000", "White without a piece loses");
}

/// A goal of connection (`connect … one-way`) is the current
/// Fairy-Stockfish's `connectRegion1White` … `connectRegion2Black`; 11.1's
/// export refuses it, and so does the current one without `one-way` (the
/// engine follows a chain east and north only).
#[test]
fn connections_export_as_regions_to_the_current_engine() {
    let chains = std::fs::read_to_string(root().join("tests/data/goals/chains.variant"))
        .expect("tests/data/goals/chains.variant");
    let ini = fairyc_interop::export::export_for(
        &chains,
        "chains",
        fairyc_interop::export::Target::Current,
    )
    .expect("exports");
    for key in [
        "connectRegion1White = a1 a2 a3 a4 a5",
        "connectRegion2White = e1 e2 e3 e4 e5",
        "connectRegion1Black = a1 b1 c1 d1 e1",
        "connectRegion2Black = a5 b5 c5 d5 e5",
        "connectValue = win",
        "connectDiagonal = false",
    ] {
        assert!(ini.lines().any(|l| l == key), "{key}:\n{ini}");
    }
    let both_ways = chains.replace(" one-way win", " win");
    assert_ne!(both_ways, chains);
    let refused = |source: &str, target| {
        let errors =
            fairyc_interop::export::export_for(source, "chains", target).expect_err("refused");
        errors.iter().map(ToString::to_string).collect::<Vec<_>>()
    };
    let text = refused(&both_ways, fairyc_interop::export::Target::Current);
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(text[0].contains("without `one-way`"), "{text:?}");
    // Chess with a connection: 11.1 has no such key.
    let chess = source("chess").replace(
        "end {",
        "zone west { white: file a; black: rank 1 }\n\
         zone east { white: file h; black: rank 8 }\n\
         end {\n    connect west to east one-way win",
    );
    let text = refused(&chess, fairyc_interop::export::Target::Fsf11);
    assert_eq!(text.len(), 1, "{text:?}");
    assert!(text[0].contains("a goal of connection"), "{text:?}");
}

/// The file `data` (under tests/data) exported to the current engine and
/// loaded into pyffish 0.0.90 plays as fairyc does: FEN and perft 1..=3
/// along `games` random games; the number of positions compared.
fn pyffish_plays_exported(data: &str, games: u64) -> usize {
    let source = std::fs::read_to_string(root().join("tests/data").join(data)).expect(data);
    let stem = data
        .rsplit('/')
        .next()
        .and_then(|f| f.strip_suffix(".variant"))
        .expect("a .variant file");
    let name = format!("fairyc-{stem}");
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fairyc-export-{stem}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let ini =
        fairyc_interop::export::export_for(&source, &name, fairyc_interop::export::Target::Current)
            .expect("exports");
    let path = dir.join(format!("{stem}.ini"));
    std::fs::write(&path, ini).expect("write the section");
    let variant =
        Variant::new(fairyc_compiler::compile(&source).expect("compiles")).expect("valid");
    let mut engine = Engine::start_program(
        &root().join("tests/oracle/ffish_uci.py"),
        &[
            ("VariantPath", path.to_str().expect("UTF-8 path")),
            ("UCI_Variant", &name),
        ],
    )
    .expect("python3 and pyffish are installed");
    let (compared, wrong) = fsf_agrees(&variant, &mut engine, games, 30, 3, 3);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    compared
}

/// The chains' exported section, loaded into pyffish 0.0.90, plays as
/// fairyc does: FEN and perft 1..=3 along 40 random games.
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_plays_exported_connections() {
    let compared = pyffish_plays_exported("goals/chains.variant", 40);
    assert!(compared > 100, "{compared} positions compared");
}

/// Regions with holes (`to`) are the current engine's `mobilityRegion…`:
/// the exported keys, and pyffish 0.0.90 playing them as fairyc does along
/// 40 random games.
#[test]
#[ignore = "needs pyffish (python3 -c 'import pyffish')"]
fn pyffish_plays_exported_landing_regions() {
    let compared = pyffish_plays_exported("regions/landing.variant", 40);
    assert!(compared > 100, "{compared} positions compared");
}

/// `to` exports as `mobilityRegion…` (the engine keeps destinations to
/// the region, passing any square), while `within` on the same lines,
/// which ends a slide at the region's edge, is refused; 11.1 has no
/// regions.
#[test]
fn landing_regions_export_to_the_current_engine() {
    let landing = std::fs::read_to_string(root().join("tests/data/regions/landing.variant"))
        .expect("tests/data/regions/landing.variant");
    let ini = fairyc_interop::export::export_for(
        &landing,
        "landing",
        fairyc_interop::export::Target::Current,
    )
    .expect("exports");
    let black_rook = ini
        .lines()
        .find_map(|l| l.strip_prefix("mobilityRegionBlackRook = "))
        .expect("Black's rook has a region");
    assert!(
        black_rook.contains("a5") && black_rook.contains("a7"),
        "{black_rook}"
    );
    assert!(!black_rook.contains("a6"), "{black_rook}");
    let refused = |source: &str, target| {
        fairyc_interop::export::export_for(source, "landing", target)
            .expect_err("refused")
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    let within = landing.replace("moves R to rook-land", "moves R within rook-land");
    assert_ne!(within, landing);
    let text = refused(&within, fairyc_interop::export::Target::Current);
    assert!(text.iter().any(|t| t.contains("`Rook`")), "{text:?}");
    let text = refused(&landing, fairyc_interop::export::Target::Fsf11);
    assert!(!text.is_empty());
}

/// Conversion for the current engine: a quadwrangle-like board with
/// stones in hand (`flips adjacent` with `flips-only-next-to-own`, no
/// drop condition) is `flipEnclosedPieces = quadwrangle`, and snort's
/// `not-beside-enemy` is `enclosingDrop = snort`; ataxx's `unlimited`
/// hands (the engine's `freeDrops`, which no key sets) are refused, and so
/// is all of it for 11.1.
#[test]
fn conversion_exports_to_the_current_engine() {
    let current = fairyc_interop::export::Target::Current;
    let flipping = source("flipello6")
        .replace("flips enclosed", "flips adjacent")
        .replace("    must-flip\n", "    flips-only-next-to-own\n")
        .replace("    first-on c3, d3, c4, d4\n", "");
    assert!(flipping.contains("flips-only-next-to-own") && !flipping.contains("first-on"));
    let ini = fairyc_interop::export::export_for(&flipping, "quad", current).expect("exports");
    for key in ["flipEnclosedPieces = quadwrangle", "passOnStalemate = true"] {
        assert!(ini.lines().any(|l| l == key), "{key}:\n{ini}");
    }
    assert!(!ini.contains("enclosingDrop"), "{ini}");
    let snort = source("flipello6")
        .replace("    must-flip\n", "    not-beside-enemy\n")
        .replace("    first-on c3, d3, c4, d4\n", "");
    let ini = fairyc_interop::export::export_for(&snort, "snort", current).expect("exports");
    assert!(ini.lines().any(|l| l == "enclosingDrop = snort"), "{ini}");
    let errors = fairyc_interop::export::export_for(&source("ataxx"), "ataxx", current)
        .expect_err("unlimited hands");
    assert!(
        errors.iter().any(|e| e.to_string().contains("`freeDrops`")),
        "{errors:?}"
    );
    let errors =
        fairyc_interop::export::export(&source("flipello6"), "flipello6").expect_err("11.1");
    assert!(
        errors.iter().any(|e| e.to_string().contains("conversion")),
        "{errors:?}"
    );
}
