//! Import a Fairy-Stockfish `variants.ini` as `.variant` sources.
//!
//! The target is Fairy-Stockfish 11.1 (Debian's `/usr/games/fairy-stockfish`):
//! its keys, its predefined piece types (11.1 has no custom pieces) and its
//! defaults (a section without a parent is chess without pieces). [`import`]
//! reads every section ([`ini::parse`]), resolves `[name:parent]` among the
//! sections before it and among the shipped variants (the shipped source,
//! exported with [`crate::export::export`], is the parent; for the current
//! Fairy-Stockfish, the built-ins of `BUILTINS` are read from their own
//! definition instead), writes a
//! commented `.variant` source for it and compiles that source, so that every
//! import is checked by the real checker; an error of the generated source is
//! reported at the key it came from. Every key 11.1 reads either maps to the
//! language or is refused ("cannot express KEY yet", `E0201`) unless it has
//! its default value; unknown keys are warnings with did-you-mean. See
//! `docs/import.md`.

pub(crate) mod betza;
pub mod ini;

use std::collections::{BTreeMap, HashMap, HashSet};

use fairyc_compiler::suggest::elide;

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};

use fairyc_compiler::diagnostic::Report;
use fairyc_compiler::span::Span;
use ini::{Ignored, Section};

/// The Fairy-Stockfish whose `variants.ini` is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Target {
    /// The current Fairy-Stockfish (pyffish 0.0.90, ffish.js): custom
    /// pieces (`customPiece1 = a:fN`, `king = k:…`); every key it reads that
    /// the language cannot say is an error at its line.
    #[default]
    Current,
    /// Fairy-Stockfish 11.1 (Debian's): no custom pieces; keys only newer
    /// versions read are warned about (`W0021`) and ignored, as 11.1 does.
    Fsf11,
}

/// One diagnostic of an import, about the `.ini` text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportDiagnostic {
    /// `E0200` … or `W0020` ….
    pub code: &'static str,
    /// The one-line message.
    pub message: String,
    /// Where it points in the `.ini`.
    pub span: Span,
    /// The primary label.
    pub label: String,
    /// `help: …` and other notes.
    pub notes: Vec<String>,
    /// The section it belongs to (index into [`Import::sections`]), if any.
    pub section: Option<usize>,
}

impl Report for ImportDiagnostic {
    fn code(&self) -> &'static str {
        self.code
    }
    fn is_warning(&self) -> bool {
        self.code.starts_with('W')
    }
    fn span(&self) -> Span {
        self.span
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        let severity = if self.is_warning() {
            Severity::Warning
        } else {
            Severity::Error
        };
        Diagnostic::new(severity)
            .with_code(self.code)
            .with_message(self.message.clone())
            .with_labels(vec![
                Label::primary(file, self.span.range()).with_message(self.label.clone())
            ])
            .with_notes(self.notes.clone())
    }
}

/// A shipped variant a section may inherit from: the names it is found by
/// (Fairy-Stockfish's name among them) and its source.
#[derive(Clone, Debug)]
pub struct Shipped {
    /// File stem, display name and aliases.
    pub names: Vec<String>,
    /// The `.variant` source.
    pub source: String,
}

/// One imported section.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The section (variant) name.
    pub name: String,
    /// Where its header is.
    pub span: Span,
    /// The generated `.variant` source, even when it has errors.
    pub source: String,
    /// Whether the section has errors (then `source` must not be written).
    pub failed: bool,
}

/// The result of [`import`].
#[derive(Clone, Debug)]
pub struct Import {
    /// Every section, in file order.
    pub sections: Vec<Imported>,
    /// Every diagnostic, sorted by place.
    pub diagnostics: Vec<ImportDiagnostic>,
}

/// A predefined piece type of Fairy-Stockfish 11.1.
struct PieceType {
    key: &'static str,
    name: &'static str,
    /// fairyc's Betza (`None`: not expressible yet).
    betza: Option<&'static str>,
}

/// FSF 11.1's piece types, in the order the generated file lists them.
const PIECE_TYPES: &[PieceType] = &[
    PieceType {
        key: "king",
        name: "King",
        betza: Some("K"),
    },
    PieceType {
        key: "queen",
        name: "Queen",
        betza: Some("Q"),
    },
    PieceType {
        key: "rook",
        name: "Rook",
        betza: Some("R"),
    },
    PieceType {
        key: "bishop",
        name: "Bishop",
        betza: Some("B"),
    },
    PieceType {
        key: "knight",
        name: "Knight",
        betza: Some("N"),
    },
    PieceType {
        key: "fers",
        name: "Fers",
        betza: Some("F"),
    },
    PieceType {
        key: "alfil",
        name: "Alfil",
        betza: Some("A"),
    },
    PieceType {
        key: "fersAlfil",
        name: "FersAlfil",
        betza: Some("FA"),
    },
    PieceType {
        key: "silver",
        name: "Silver",
        betza: Some("FfW"),
    },
    PieceType {
        key: "aiwok",
        name: "Aiwok",
        betza: Some("RNF"),
    },
    PieceType {
        key: "bers",
        name: "Bers",
        betza: Some("RF"),
    },
    PieceType {
        key: "archbishop",
        name: "Archbishop",
        betza: Some("BN"),
    },
    PieceType {
        key: "chancellor",
        name: "Chancellor",
        betza: Some("RN"),
    },
    PieceType {
        key: "amazon",
        name: "Amazon",
        betza: Some("QN"),
    },
    PieceType {
        key: "knibis",
        name: "Knibis",
        betza: Some("mNcB"),
    },
    PieceType {
        key: "biskni",
        name: "Biskni",
        betza: Some("mBcN"),
    },
    PieceType {
        key: "kniroo",
        name: "Kniroo",
        betza: Some("mNcR"),
    },
    PieceType {
        key: "rookni",
        name: "Rookni",
        betza: Some("mRcN"),
    },
    PieceType {
        key: "shogiPawn",
        name: "ShogiPawn",
        betza: Some("fW"),
    },
    PieceType {
        key: "lance",
        name: "Lance",
        betza: Some("fR"),
    },
    PieceType {
        key: "shogiKnight",
        name: "ShogiKnight",
        betza: Some("ffN"),
    },
    PieceType {
        key: "euroshogiKnight",
        name: "EuroshogiKnight",
        betza: Some("ffNsW"),
    },
    PieceType {
        key: "gold",
        name: "Gold",
        betza: Some("WfF"),
    },
    PieceType {
        key: "dragonHorse",
        name: "DragonHorse",
        betza: Some("BW"),
    },
    PieceType {
        key: "clobber",
        name: "Clobber",
        betza: Some("cW"),
    },
    PieceType {
        key: "breakthrough",
        name: "Breakthrough",
        betza: Some("mfW fF"),
    },
    PieceType {
        key: "cannon",
        name: "Cannon",
        betza: Some("mR cpR"),
    },
    PieceType {
        key: "soldier",
        name: "Soldier",
        betza: Some("fsW"),
    },
    PieceType {
        key: "horse",
        name: "Horse",
        betza: Some("nN"),
    },
    PieceType {
        key: "elephant",
        name: "Elephant",
        betza: Some("nA"),
    },
    PieceType {
        key: "wazir",
        name: "Wazir",
        betza: Some("W"),
    },
    PieceType {
        key: "commoner",
        name: "Commoner",
        betza: Some("K"),
    },
    PieceType {
        key: "centaur",
        name: "Centaur",
        betza: Some("KN"),
    },
    PieceType {
        key: "pawn",
        name: "Pawn",
        betza: Some("mfW cefF"),
    },
    PieceType {
        key: "immobile",
        name: "Immobile",
        // No moves: written `immobile`.
        betza: Some(""),
    },
    PieceType {
        key: "janggiCannon",
        name: "JanggiCannon",
        // Neither hops nor captures a cannon of its type (either side's):
        // written `cannot-hop` and `cannot-capture` on the piece.
        betza: Some("pR"),
    },
    PieceType {
        key: "janggiElephant",
        name: "JanggiElephant",
        betza: Some("nZ"),
    },
    PieceType {
        key: "banner",
        name: "Banner",
        betza: None,
    },
];

/// The piece-type keys fairyc imports (each moves as in [`crate::export`]'s table).
pub const PIECE_KEYS: &[&str] = &[
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "fers",
    "alfil",
    "fersAlfil",
    "silver",
    "aiwok",
    "bers",
    "archbishop",
    "chancellor",
    "amazon",
    "knibis",
    "biskni",
    "kniroo",
    "rookni",
    "shogiPawn",
    "lance",
    "shogiKnight",
    "euroshogiKnight",
    "gold",
    "dragonHorse",
    "clobber",
    "breakthrough",
    "cannon",
    "soldier",
    "horse",
    "elephant",
    "wazir",
    "commoner",
    "centaur",
    "pawn",
];

/// The rule keys fairyc imports.
pub const SUPPORTED: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRank",
    "promotionPieceTypes",
    "mandatoryPawnPromotion",
    "doubleStep",
    "doubleStepRank",
    "firstRankDoubleSteps",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingRookPiece",
    "checking",
    "dropChecks",
    "materialCounting",
    "mustCapture",
    "makpongRule",
    "pieceDrops",
    "capturesToHand",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "stalemateValue",
    "checkmateValue",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "flagPiece",
    "whiteFlag",
    "blackFlag",
    "flagMove",
    "checkCounting",
    "flyingGeneral",
];

/// Keys that change only how FSF shows or evaluates a game, not its rules:
/// kept as comments.
pub const DISPLAY_ONLY: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "endgameEval",
];

/// The other keys FSF 11.1 reads, with their default value: a key with its
/// default is accepted; any other value cannot be expressed yet (`E0201`).
/// `None`: no value is the default (every value changes the rules).
pub const NOT_YET: &[(&str, Option<&str>)] = &[
    ("chess960", Some("false")),
    ("twoBoards", Some("false")),
    ("sittuyinPromotion", Some("false")),
    ("promotionLimit", None),
    ("promotedPieceType", None),
    ("piecePromotionOnCapture", Some("false")),
    ("mandatoryPiecePromotion", Some("false")),
    ("pieceDemotion", Some("false")),
    ("castlingDroppedPiece", Some("false")),
    ("kingType", None),
    ("mustDrop", Some("false")),
    ("mustDropType", Some("*")),
    ("dropLoop", Some("false")),
    ("dropOnTop", Some("false")),
    ("whiteDropRegion", None),
    ("blackDropRegion", None),
    ("sittuyinRookDrop", Some("false")),
    ("dropOppositeColoredBishop", Some("false")),
    ("dropPromoted", Some("false")),
    ("shogiDoubledPawn", Some("true")),
    ("immobilityIllegal", Some("false")),
    ("gating", Some("false")),
    ("seirawanGating", Some("false")),
    ("cambodianMoves", Some("false")),
    ("diagonalLines", None),
    ("kingPass", Some("false")),
    ("kingPassOnStalemate", Some("false")),
    ("soldierPromotionRank", Some("1")),
    ("nFoldValueAbsolute", Some("false")),
    ("perpetualCheckIllegal", Some("false")),
    ("shogiPawnDropMateIllegal", Some("false")),
    ("shatarMateRule", Some("false")),
    ("bikjangRule", Some("false")),
    ("extinctionClaim", Some("false")),
    ("countingRule", Some("none")),
    // Read for the current Fairy-Stockfish only (`line`): 11.1's lines are
    // not compared.
    ("connectN", Some("0")),
];

/// Keys that newer Fairy-Stockfish versions document but 11.1 does not read
/// (it ignores them without a word): warned about (`W0021`).
pub const NEWER: &[&str] = &[
    "pawnTypes",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "petrifyOnCapture",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "enPassantRegion",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "enclosingDrop",
    "enclosingDropStart",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "arrowGating",
    "duckGating",
    "staticGating",
    "staticGatingRegion",
    "pastGating",
    "pass",
    "passOnStalemate",
    "flipEnclosedPieces",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "moveRepetitionIllegal",
    "chasingRule",
    "stalematePieceCount",
    "extinctionPseudoRoyal",
    "dupleCheck",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "connectVertical",
    "connectHorizontal",
    "connectDiagonal",
    "pieceValueMg",
    "pieceValueEg",
    "adjudicateFullBoard",
    "castlingKingPieceBlack",
    "castlingKingPieceWhite",
    "castlingRookPiecesBlack",
    "castlingRookPiecesWhite",
    "castlingWins",
    "collinearN",
    "connectNxN",
    "connectPieceTypes",
    "connectRegion1Black",
    "connectRegion1White",
    "connectRegion2Black",
    "connectRegion2White",
    "connectValue",
    "doubleStepRankMin",
    "dropRegionBlack",
    "dropRegionWhite",
    "enPassantRegionBlack",
    "enPassantRegionWhite",
    "flagPieceSafe",
    "oppositeCastling",
    "passBlack",
    "passOnStalemateBlack",
    "passOnStalemateWhite",
    "passWhite",
    "petrifyBlastPieces",
    "petrifyOnCaptureTypes",
    "wallOrMove",
    "wallingRegion",
    "wallingRegionBlack",
    "wallingRegionWhite",
    "wallingRule",
];

/// Keys only newer Fairy-Stockfish versions read that the import reads for
/// the current one (ignored, with `W0021`, for 11.1).
pub const IMPORTED_NEWER: &[&str] = &[
    "oppositeCastling",
    "pawnTypes",
    "promotionPawnTypes",
    "petrifyOnCaptureTypes",
    "connectPieceTypes",
    "connectVertical",
    "connectHorizontal",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
    "connectValue",
    "connectNxN",
    "collinearN",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "extinctionPseudoRoyal",
    "castlingKingPiece",
    "castlingRookPieces",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "flagPieceSafe",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "dropRegionWhite",
    "dropRegionBlack",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "pass",
    "passOnStalemate",
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "flipEnclosedPieces",
    "enclosingDrop",
    "enclosingDropStart",
    "stalematePieceCount",
    "adjudicateFullBoard",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
];

/// Keys Fairy-Stockfish 11.1 reads too, refused for 11.1 (`NOT_YET`), that
/// the import reads for the current Fairy-Stockfish (whose meaning of them
/// was probed with pyffish 0.0.90).
pub const IMPORTED_CURRENT: &[&str] = &[
    "mustDrop",
    "promotedPieceType",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    "piecePromotionOnCapture",
    "dropPromoted",
    "immobilityIllegal",
    "perpetualCheckIllegal",
    "shogiPawnDropMateIllegal",
    "dropOppositeColoredBishop",
    "castlingDroppedPiece",
    "promotionLimit",
    "nFoldValueAbsolute",
    "diagonalLines",
    "soldierPromotionRank",
    "bikjangRule",
    "extinctionClaim",
    "gating",
    "seirawanGating",
];

/// Whether `value` is the current Fairy-Stockfish's default for a key only
/// newer versions read (the key then changes nothing and is accepted).
fn newer_default(key: &str, value: &str) -> bool {
    // Read by the import itself (the current names of 11.1's keys).
    if IMPORTED_NEWER.contains(&key) {
        return true;
    }
    const OFF: &[&str] = &[
        "blastOnCapture",
        "petrifyBlastPieces",
        "arrowGating",
        "duckGating",
        "staticGating",
        "pastGating",
        "pass",
        "passWhite",
        "passBlack",
        "passOnStalemate",
        "passOnStalemateWhite",
        "passOnStalemateBlack",
        "flipEnclosedPieces",
        "moveRepetitionIllegal",
        "extinctionPseudoRoyal",
        "dupleCheck",
        "flagPieceBlockedWin",
        "flagPieceSafe",
        "adjudicateFullBoard",
        "oppositeCastling",
        "wallOrMove",
        "dropNoDoubled",
    ];
    const NONE: &[&str] = &[
        "castlingWins",
        "blastImmuneTypes",
        "mutuallyImmuneTypes",
        "petrifyOnCaptureTypes",
    ];
    const ON: &[&str] = &["connectVertical", "connectHorizontal", "connectDiagonal"];
    (OFF.contains(&key) && (value == "false" || (key == "dropNoDoubled" && value == "-")))
        || (NONE.contains(&key) && value == "-")
        || (ON.contains(&key) && value == "true")
        || (key == "enclosingDrop" && matches!(value, "none" | "top"))
}

/// Not a Fairy-Stockfish key: the `maxRank` of the section that set
/// `promotionRank`. The current Fairy-Stockfish turns `promotionRank` into
/// regions when it reads the key, on that section's board, and a child
/// section inherits the regions, not the rank (`[x:chess]` with `maxRank =
/// 10` promotes White's pawns on rank 8 only).
const PROMOTION_RANKS: &str = "\u{0}promotionRank maxRank";

/// Not a Fairy-Stockfish key: the `maxRank` of the section that set
/// `doubleStepRank` (its regions are made then, as [`PROMOTION_RANKS`]).
const DOUBLE_STEP_RANKS: &str = "\u{0}doubleStepRank maxRank";

/// Not a Fairy-Stockfish key: the drops of a built-in parent that never
/// take from a hand (`freeDrops`, which only Fairy-Stockfish's own
/// definitions set: no key of `variants.ini` does, and a section that
/// writes `freeDrops` gets the unknown key's warning). Its value is the
/// built-in's name; a child inherits it, read as `unlimited`.
const FREE_DROPS: &str = "\u{0}freeDrops";

/// Records [`PROMOTION_RANKS`] and [`DOUBLE_STEP_RANKS`] when `entries` set
/// the rank keys.
fn note_promotion_ranks<'e>(keys: &mut Keys, entries: impl Iterator<Item = &'e str>) {
    let entries: Vec<&str> = entries.collect();
    for (key, note) in [
        ("promotionRank", PROMOTION_RANKS),
        ("doubleStepRank", DOUBLE_STEP_RANKS),
        ("doubleStepRankMin", DOUBLE_STEP_RANKS),
    ] {
        if entries.contains(&key) {
            let max_rank = keys
                .get("maxRank")
                .map_or_else(|| "8".to_string(), |v| v.value.clone());
            let span = keys.get(key).map_or_else(Span::default, |v| v.span);
            keys.insert(
                note.into(),
                Val {
                    value: max_rank,
                    span,
                    from: From::Here,
                },
            );
        }
    }
}

/// A square as (file, rank), from 0.
type Square = (usize, usize);

/// A square's name (`a1`, `c10`) as (file, rank) from 0.
fn square_at(name: &str) -> Option<Square> {
    let file = name.bytes().next().filter(u8::is_ascii_lowercase)?;
    let rank = name.get(1..)?.parse::<usize>().ok()?.checked_sub(1)?;
    Some((usize::from(file - b'a'), rank))
}

/// The name of the square at (file, rank) from 0.
fn square_name((file, rank): Square) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// Not a Fairy-Stockfish key: the piece keys of the parent by letter
/// (`q=queen j=archbishop …`). Fairy-Stockfish reads a set of pieces
/// (`promotionPieceTypes = qj`) as piece types when the section that gives
/// it is read; a child that removes a type (`queen = -`) or gives it
/// another letter (`archbishop = a`) keeps the set of types.
const PARENT_LETTERS: &str = "\u{0}parent letters";

/// Records [`PARENT_LETTERS`] of the parent's `keys`, before the section's
/// own are added.
fn note_parent_letters(keys: &mut Keys) {
    let letters: Vec<String> = keys
        .iter()
        .filter(|(k, _)| {
            PIECE_TYPES.iter().any(|t| t.key == k.as_str()) || custom_index(k).is_some()
        })
        .filter_map(|(k, v)| {
            let c = v.value.chars().next().filter(char::is_ascii_alphabetic)?;
            Some(format!("{}={k}", c.to_ascii_lowercase()))
        })
        .collect();
    keys.insert(
        PARENT_LETTERS.into(),
        Val {
            value: letters.join(" "),
            span: Span::default(),
            from: From::Here,
        },
    );
}

/// FSF 11.1's default start position.
const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How a key is read by FSF 11.1.
enum KeyClass {
    Piece(&'static PieceType),
    Supported,
    Display,
    NotYet(Option<&'static str>),
    /// `mobilityRegion…`: read for the current Fairy-Stockfish (`within`
    /// on the piece's moves), refused for 11.1.
    Mobility,
    /// `customPiece1` … `customPiece25`.
    Custom,
    Newer,
    Unknown,
}

fn classify(key: &str) -> KeyClass {
    if let Some(t) = PIECE_TYPES.iter().find(|t| t.key == key) {
        return KeyClass::Piece(t);
    }
    if SUPPORTED.contains(&key) {
        return KeyClass::Supported;
    }
    if DISPLAY_ONLY.contains(&key) {
        return KeyClass::Display;
    }
    if let Some(&(_, default)) = NOT_YET.iter().find(|(k, _)| *k == key) {
        return KeyClass::NotYet(default);
    }
    if key.starts_with("mobilityRegion") && key.len() > "mobilityRegion".len() {
        return KeyClass::Mobility;
    }
    if custom_index(key).is_some() {
        return KeyClass::Custom;
    }
    if NEWER.contains(&key) {
        return KeyClass::Newer;
    }
    KeyClass::Unknown
}

/// `n` of `customPieceN` (1 to 25).
fn custom_index(key: &str) -> Option<u32> {
    key.strip_prefix("customPiece")
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|n| (1..=25).contains(n) && !key.ends_with(|c: char| !c.is_ascii_digit()))
}

/// Every key name known, for did-you-mean.
fn known_keys() -> impl Iterator<Item = &'static str> {
    PIECE_TYPES
        .iter()
        .map(|t| t.key)
        .chain(SUPPORTED.iter().copied())
        .chain(DISPLAY_ONLY.iter().copied())
        .chain(NOT_YET.iter().map(|(k, _)| *k))
        .chain(NEWER.iter().copied())
}

/// Where a resolved value comes from.
#[derive(Clone, Debug)]
enum From {
    /// A key of a section of this file.
    Here,
    /// A shipped variant (its exported section).
    Shipped(String),
}

/// A resolved value.
#[derive(Clone, Debug)]
struct Val {
    value: String,
    /// The value's place in this `.ini` (for a shipped parent: the parent's
    /// name in the header).
    span: Span,
    from: From,
}

type Keys = BTreeMap<String, Val>;

/// Imports every section of a `variants.ini` text.
///
/// `shipped` are the variants a section may inherit from by name (file stem,
/// display name or alias), after the sections of the file itself.
///
/// ```
/// let ini = "[tiny]\nmaxFile = 4\nmaxRank = 4\nking = k\nrook = r\n\
///            startFen = k3/4/4/1R1K w - - 0 1\n";
/// let import = fairyc_interop::import::import(ini, &[]);
/// assert!(import.diagnostics.is_empty(), "{:?}", import.diagnostics);
/// let source = &import.sections[0].source;
/// assert!(source.contains("piece Rook"));
/// fairyc_compiler::compile(source).expect("the import compiles");
/// ```
pub fn import(text: &str, shipped: &[Shipped]) -> Import {
    import_for(text, shipped, Target::Current)
}

/// [`import`] for the given Fairy-Stockfish ([`Target::Fsf11`]: what Debian's
/// 11.1 reads).
pub fn import_for(text: &str, shipped: &[Shipped], target: Target) -> Import {
    let file = ini::parse(text);
    if let Some((span, limit)) = file.over {
        // Nothing is imported from a file that is not read to its end.
        let (max, what) = limit.describe();
        return Import {
            sections: Vec::new(),
            diagnostics: vec![ImportDiagnostic {
                code: "E0213",
                message: format!("this file has more than {max} {what}"),
                span,
                label: "reading stopped here".into(),
                notes: vec![format!(
                    "help: a `variants.ini` may have at most {} bytes, {} sections and {} \
                     `key = value` lines; split the file",
                    ini::MAX_INI_BYTES,
                    ini::MAX_INI_SECTIONS,
                    ini::MAX_INI_ENTRIES
                )],
                section: None,
            }],
        };
    }
    let mut diagnostics = Vec::new();
    for &(span, why) in &file.ignored {
        let (message, help) = match why {
            Ignored::BeforeSection => (
                "Fairy-Stockfish ignores this line: it comes before the first section",
                "put it after a `[name]` header, or start it with `#` to make it a comment",
            ),
            Ignored::NoEquals => (
                "Fairy-Stockfish ignores this line: it has no `=`",
                "write `key = value`, or start the line with `#` to make it a comment",
            ),
            Ignored::NoValue => (
                "Fairy-Stockfish ignores this line: there is no value after `=`",
                "give the key a value, or remove the line",
            ),
            Ignored::NoKey => (
                "Fairy-Stockfish ignores this line: there is no key before `=`",
                "write `key = value`",
            ),
        };
        diagnostics.push(ImportDiagnostic {
            code: "W0022",
            message: message.into(),
            span,
            label: "ignored".into(),
            notes: vec![format!("help: {help}")],
            section: None,
        });
    }
    let mut resolved: Vec<Option<Keys>> = Vec::new();
    let mut sections = Vec::new();
    // Sections by name (the first, and the latest so far), and the keys of
    // each shipped parent, exported once however many sections inherit
    // from it.
    let mut first_named: HashMap<&str, usize> = HashMap::new();
    let mut latest_named: HashMap<&str, usize> = HashMap::new();
    let mut parents = Parents::default();
    let mut suggestions_left = MAX_SUGGESTED_KEYS;
    for (index, section) in file.sections.iter().enumerate() {
        let mut out = Diags {
            list: Vec::new(),
            section: index,
            seen: HashSet::new(),
            errors: false,
            target,
        };
        let earlier = file.sections.get(..index).unwrap_or_default();
        let first = first_named
            .get(section.name.as_str())
            .map(|&i| &file.sections[i]);
        first_named.entry(section.name.as_str()).or_insert(index);
        if let Some(first) = first {
            out.error(
                "E0212",
                format!("a second section `{}`", elide(&section.name)),
                section.name_span,
                "defined again here",
                vec![format!(
                    "help: the first is at byte {}; Fairy-Stockfish would keep only one of them: rename one",
                    first.name_span.start
                )],
            );
        }
        if section.name.is_empty() {
            out.error(
                "E0212",
                "a section without a name".into(),
                section.header_span,
                "no name",
                vec!["help: write `[name]` or `[name:parent]`".into()],
            );
        }
        check_keys(section, &mut out, &mut suggestions_left);
        let base = resolve_parent(
            section,
            earlier,
            &latest_named,
            &resolved,
            shipped,
            &mut parents,
            &mut out,
        );
        latest_named.insert(section.name.as_str(), index);
        let mut imported = Imported {
            name: section.name.clone(),
            span: section.header_span,
            source: String::new(),
            failed: true,
        };
        match base {
            Some(mut keys) => {
                note_parent_letters(&mut keys);
                if out.target == Target::Current {
                    // Fairy-Stockfish's default regions (promotion on ranks
                    // 8 and 1, double steps from ranks 2 and 7) are made
                    // for a board of 8 ranks, whatever this one's height.
                    for note in [PROMOTION_RANKS, DOUBLE_STEP_RANKS] {
                        keys.entry(note.into()).or_insert_with(|| Val {
                            value: "8".into(),
                            span: section.header_span,
                            from: From::Here,
                        });
                    }
                }
                for e in &section.entries {
                    if e.key == "promotedPieceType" {
                        if let Some(inherited) = keys.get(&e.key) {
                            // Fairy-Stockfish adds a section's promoted
                            // types to the parent's: the parent's pairs for
                            // the pieces the section does not name stay.
                            let named: Vec<char> = e
                                .value
                                .split_whitespace()
                                .filter_map(|w| w.chars().next())
                                .map(|c| c.to_ascii_lowercase())
                                .collect();
                            let kept = inherited.value.split_whitespace().filter(|w| {
                                w.chars()
                                    .next()
                                    .is_some_and(|c| !named.contains(&c.to_ascii_lowercase()))
                            });
                            let value = kept
                                .chain(e.value.split_whitespace())
                                .collect::<Vec<_>>()
                                .join(" ");
                            keys.insert(
                                e.key.clone(),
                                Val {
                                    value,
                                    span: e.value_span,
                                    from: From::Here,
                                },
                            );
                            continue;
                        }
                    }
                    keys.insert(
                        e.key.clone(),
                        Val {
                            value: e.value.clone(),
                            span: e.value_span,
                            from: From::Here,
                        },
                    );
                }
                note_promotion_ranks(&mut keys, section.entries.iter().map(|e| e.key.as_str()));
                let mut generated = Generator::new(section, &keys, &mut out).run();
                let mut stuck_found = None;
                let immobility = out.target == Target::Current
                    && keys
                        .get("immobilityIllegal")
                        .is_some_and(|v| v.value == "true");
                if immobility && !out.has_errors() {
                    // A second pass, with the squares the first one's
                    // pieces could never move from (its diagnostics are
                    // reported once).
                    match stuck_squares(&generated.text) {
                        Ok(stuck) => {
                            let mut again = Generator::new(section, &keys, &mut out);
                            again.stuck = Some(stuck.clone());
                            generated = again.run();
                            stuck_found = Some(stuck);
                        }
                        Err(why) => {
                            let span = keys
                                .get("immobilityIllegal")
                                .map_or(section.header_span, |v| v.span);
                            out.cannot("immobilityIllegal", span, &why);
                        }
                    }
                }
                if !out.has_errors() {
                    // A piece whose lines pass squares outside its region
                    // is written `to` (it lands only there) where its
                    // moves allow it: no hopper, no move of several legs.
                    let mut landing = Vec::new();
                    while let Err((key, why, zone)) = regions_check(&generated, &landing) {
                        let text = generated
                            .text
                            .replace(&format!(" within {zone}"), &format!(" to {zone}"));
                        if fairyc_compiler::compile(&text).is_ok() {
                            generated.text = text;
                            landing.push(zone);
                            continue;
                        }
                        let span = keys.get(&key).map_or(section.header_span, |v| v.span);
                        out.cannot(&key, span, &why);
                        break;
                    }
                }
                if !out.has_errors() {
                    // Pieces whose every move leaves the board (an
                    // inherited bishop on one rank) never move in
                    // Fairy-Stockfish: a last pass writes them `immobile`.
                    let no_moves = cannot_move(&generated.text);
                    if !no_moves.is_empty() {
                        let mut again = Generator::new(section, &keys, &mut out);
                        again.stuck = stuck_found;
                        again.no_moves = no_moves;
                        generated = again.run();
                    }
                    compile_check(section, &generated, &mut out);
                }
                imported.source = generated.text;
                imported.failed = out.has_errors();
                resolved.push((!imported.failed).then_some(keys));
            }
            _ => resolved.push(None),
        }
        sections.push(imported);
        diagnostics.extend(out.list);
    }
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    Import {
        sections,
        diagnostics,
    }
}

/// Diagnostics of one section.
struct Diags {
    list: Vec<ImportDiagnostic>,
    section: usize,
    /// `(code, span, message)` of each in `list`: a diagnostic is reported
    /// once, found by lookup rather than by a scan of the list.
    seen: HashSet<(&'static str, Span, String)>,
    /// Whether `list` holds an error.
    errors: bool,
    /// The engine the file is written for.
    target: Target,
}

impl Diags {
    fn error(
        &mut self,
        code: &'static str,
        message: String,
        span: Span,
        label: &str,
        notes: Vec<String>,
    ) {
        if !self.seen.insert((code, span, message.clone())) {
            return;
        }
        self.errors |= !code.starts_with('W');
        self.list.push(ImportDiagnostic {
            code,
            message,
            span,
            label: label.into(),
            notes,
            section: Some(self.section),
        });
    }

    fn has_errors(&self) -> bool {
        self.errors
    }

    /// `E0201`: a key fairyc cannot express yet.
    fn cannot(&mut self, key: &str, span: Span, why: &str) {
        self.error(
            "E0201",
            format!("cannot express `{}` yet", elide(key)),
            span,
            "not expressible in the .variant language yet",
            vec![format!("note: {why}")],
        );
    }
}

/// Why the current Fairy-Stockfish's value of a key 11.1 reads too cannot
/// be said yet, where more is known than that the language lacks it.
fn not_yet_why(key: &str) -> Option<&'static str> {
    Some(match key {
        "countingRule" => "the language's `counting` says Fairy-Stockfish 11.1's makruk counting; the current Fairy-Stockfish (src/position.cpp) also starts a count when a lone king captures the last pawn, and the import does not write `counting` yet",
        _ => return None,
    })
}

/// The most unknown keys of one file that get a "did you mean" (each costs
/// an edit distance to every known key); later ones are reported without.
pub const MAX_SUGGESTED_KEYS: usize = 256;

/// The keys of a section: unknown, newer, repeated, or not expressible.
/// `suggestions_left`: how many more unknown keys may get a suggestion.
fn check_keys(section: &Section, out: &mut Diags, suggestions_left: &mut usize) {
    let mut seen: HashSet<&str> = HashSet::new();
    for e in &section.entries {
        if !seen.insert(e.key.as_str()) {
            out.error(
                "W0024",
                format!("`{}` is given twice in this section", elide(&e.key)),
                e.key_span,
                "this value replaces the earlier one",
                vec!["help: Fairy-Stockfish uses the last value: remove the other line".into()],
            );
        }
        match classify(&e.key) {
            KeyClass::Piece(t) if t.betza.is_none() && e.value != "-" => out.cannot(
                &e.key,
                e.key_span,
                &format!(
                    "fairyc has no move notation for Fairy-Stockfish's `{}` yet",
                    t.key
                ),
            ),
            KeyClass::NotYet(_)
                if out.target == Target::Current && IMPORTED_CURRENT.contains(&e.key.as_str()) => {}
            // Keys 11.1 reads that the import reads for the current
            // Fairy-Stockfish only.
            KeyClass::NotYet(_) if out.target == Target::Current && e.key == "connectN" => {}
            KeyClass::NotYet(default) if default != Some(e.value.as_str()) => {
                let known = (out.target == Target::Current)
                    .then(|| not_yet_why(&e.key))
                    .flatten();
                let why = match (known, default) {
                    (Some(why), _) => why.to_string(),
                    (None, Some(d)) => format!(
                        "only its default value `{d}` is imported; the .variant language has no construct for this rule yet"
                    ),
                    (None, None) => "the .variant language has no construct for this rule yet".to_string(),
                };
                out.cannot(&e.key, e.key_span, &why);
            }
            KeyClass::Mobility if out.target == Target::Current => {}
            KeyClass::Mobility => out.cannot(
                &e.key,
                e.key_span,
                "the import reads the regions of pieces for the current Fairy-Stockfish only",
            ),
            // Custom pieces are read by the generator; a key only newer
            // versions read is accepted with its default value.
            KeyClass::Custom if out.target == Target::Current => {}
            KeyClass::Newer
                if out.target == Target::Current && !newer_default(&e.key, &e.value) =>
            {
                let why = match e.key.as_str() {
                    "chasingRule" => "the Asian rules against perpetual chasing, which Fairy-Stockfish applies when it judges a repetition; the language's `repetition` has no chasing rule",
                    _ => "the current Fairy-Stockfish reads this key; the .variant language (or the import) has no construct for it yet",
                };
                out.cannot(&e.key, e.key_span, why);
            }
            KeyClass::Newer if out.target == Target::Current => {}
            KeyClass::Newer | KeyClass::Custom => out.error(
                "W0021",
                format!("Fairy-Stockfish 11.1 does not know `{}`", elide(&e.key)),
                e.key_span,
                "ignored by Fairy-Stockfish 11.1",
                vec![
                    "note: newer Fairy-Stockfish versions read this key; 11.1 ignores it, and so does the import".into(),
                ],
            ),
            KeyClass::Unknown => {
                let mut notes =
                    vec!["note: Fairy-Stockfish ignores unknown keys without a word, and so does the import".to_string()];
                let suggestion = if *suggestions_left > 0 {
                    *suggestions_left -= 1;
                    fairyc_compiler::suggest::did_you_mean(e.key.trim(), known_keys())
                } else {
                    None
                };
                if let Some(s) = suggestion {
                    notes.insert(0, format!("help: did you mean `{s}`?"));
                } else if e.key != e.key.trim() {
                    notes.insert(0, "help: remove the spaces before the key".into());
                }
                out.error(
                    "W0020",
                    format!("unknown key `{}`", elide(e.key.trim())),
                    e.key_span,
                    "Fairy-Stockfish does not know this key",
                    notes,
                );
            }
            _ => {}
        }
    }
}

/// A built-in variant of the current Fairy-Stockfish read as a parent by
/// its own definition (src/variant.cpp), written as the keys of a section
/// without a parent, rather than through fairyc's shipped variant and its
/// export.
struct Builtin {
    name: &'static str,
    keys: &'static str,
    /// A rule of the definition that no key of `variants.ini` sets (the
    /// parent is refused with it), if any.
    unsaid: Option<&'static str>,
    /// Whether its drops never take from a hand (`freeDrops`, which no key
    /// of `variants.ini` sets): its children inherit [`FREE_DROPS`].
    free_drops: bool,
}

/// Chess's pieces, the start of every `chess_variant_base()` definition,
/// and their promotion types (a section without a parent has none).
macro_rules! chess_pieces {
    () => {
        "pawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\nking = k\n\
         promotionPieceTypes = qrbn\n"
    };
}

/// Seirawan chess (`seirawan_variant()`): chess's pieces with the hawk
/// (`archbishop`) and the elephant (`chancellor`) in hand, gated.
macro_rules! seirawan_base {
    () => {
        concat!(
            chess_pieces!(),
            "archbishop = h\nchancellor = e\n",
            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1\n",
            "gating = true\nseirawanGating = true\npromotionPieceTypes = heqrbn\n"
        )
    };
}

/// The shogi family's base (`minishogi_variant_base()`): shogi's pieces on
/// 5×5, drops, shogi promotions, and the shogi rules of drops and
/// repetition.
macro_rules! minishogi_base {
    () => {
        "maxRank = 5\nmaxFile = 5\nshogiPawn = p\nsilver = s\ngold = g\nbishop = b\n\
         dragonHorse = h\nrook = r\nbers = d\nking = k\n\
         startFen = rbsgk/4p/5/P4/KGSBR[-] w 0 1\npieceDrops = true\ncapturesToHand = true\n\
         promotionRegionWhite = *5\npromotionRegionBlack = *1\ndoubleStep = false\n\
         castling = false\npromotedPieceType = p:g s:g b:h r:d\ndropNoDoubled = p\n\
         immobilityIllegal = true\nshogiPawnDropMateIllegal = true\nstalemateValue = loss\n\
         nFoldRule = 4\nnMoveRule = 0\nperpetualCheckIllegal = true\n"
    };
}

/// The xiangqi family's base (`xiangqi_variant_base()`, from
/// `minixiangqi_variant()`): the general steps as a wazir in its palace,
/// the advisors in it too, the elephants on their own half.
macro_rules! xiangqi_base {
    () => {
        "maxRank = 10\nmaxFile = 9\nrook = r\nhorse = n\nking = k:W\ncannon = c\nsoldier = p\n\
         elephant = b\nfers = a\n\
         startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n\
         mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3\n\
         mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10\n\
         mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3\n\
         mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10\n\
         mobilityRegionWhiteElephant = *1 *2 *3 *4 *5\n\
         mobilityRegionBlackElephant = *6 *7 *8 *9 *10\n\
         doubleStep = false\ncastling = false\nstalemateValue = loss\n\
         perpetualCheckIllegal = true\nflyingGeneral = true\nsoldierPromotionRank = 6\n"
    };
}

/// The built-ins read by their own definition, each written as the keys
/// that say it. `chess`: the defaults with chess's pieces, so that a child
/// keeps Fairy-Stockfish's threefold repetition and fifty moves rather
/// than fairyc's shipped chess's fivefold and seventy-five.
/// `nocheckatomic`: chess with a commoner `k` (the castling king) whose
/// extinction loses, and a blast on every capture; `atomic`: the same with
/// the commoner pseudo-royal. The display keys
/// (`pieceToCharTable`, `pocketSize`) are left out.
const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "chess",
        keys: concat!("[chess]\n", chess_pieces!()),
        unsaid: None,
        free_drops: false,
    },
    // Read by its own definition, not through the shipped crazyhouse,
    // which follows lichess (no fifty-move rule): Fairy-Stockfish's keeps
    // chess's `nMoveRule = 50`.
    Builtin {
        name: "crazyhouse",
        keys: concat!(
            "[crazyhouse]\n",
            chess_pieces!(),
            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n",
            "pieceDrops = true\ncapturesToHand = true\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "nocheckatomic",
        keys: "[nocheckatomic]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\n\
               promotionPieceTypes = qrbn\n\
               commoner = k\ncastlingKingPiece = k\nextinctionValue = loss\n\
               extinctionPieceTypes = k\nblastOnCapture = true\n",
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "atomic",
        keys: "[atomic]\npawn = p\nknight = n\nbishop = b\nrook = r\nqueen = q\n\
               promotionPieceTypes = qrbn\n\
               commoner = k\ncastlingKingPiece = k\nextinctionValue = loss\n\
               extinctionPieceTypes = k\nblastOnCapture = true\nextinctionPseudoRoyal = true\n",
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "makruk",
        keys: concat!(
            "[makruk]\npawn = p\nknight = n\nrook = r\nking = k\nsilver = s\nfers = m\n",
            "startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\n",
            "promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *1 *2 *3\n",
            "promotionPieceTypes = m\ndoubleStep = false\ncastling = false\nnMoveRule = 0\n",
            "countingRule = makruk\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "xiangqi",
        keys: concat!("[xiangqi]\n", xiangqi_base!(), "chasingRule = axf\n"),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "janggi",
        keys: concat!(
            "[janggi]\n",
            xiangqi_base!(),
            "fers = -\ncannon = -\nelephant = -\nwazir = a\njanggiCannon = c\njanggiElephant = b\n",
            "startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1\n",
            "mobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3\n",
            "mobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10\n",
            "soldierPromotionRank = 1\nflyingGeneral = false\nbikjangRule = true\n",
            "materialCounting = janggi\ndiagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10\n",
            "pass = true\nnFoldValue = draw\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "flipello",
        keys: concat!(
            "[flipello]\nimmobile = p\n",
            "startFen = 8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w 0 1\n",
            "pieceDrops = true\ndoubleStep = false\ncastling = false\nimmobilityIllegal = false\n",
            "stalemateValue = loss\nstalematePieceCount = true\npassOnStalemate = true\n",
            "enclosingDrop = reversi\nenclosingDropStart = d4 e4 d5 e5\n",
            "flipEnclosedPieces = reversi\nmaterialCounting = unweighted\n",
            "adjudicateFullBoard = true\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "grand",
        keys: concat!(
            "[grand]\n",
            chess_pieces!(),
            "archbishop = a\nchancellor = c\nmaxRank = 10\nmaxFile = 10\n",
            "startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\n",
            "promotionPieceTypes = acqrbn\n",
            "promotionRegionWhite = *8 *9 *10\npromotionRegionBlack = *1 *2 *3\n",
            "promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2\nmandatoryPawnPromotion = false\n",
            "immobilityIllegal = true\ndoubleStepRegionWhite = *3\ndoubleStepRegionBlack = *8\n",
            "castling = false\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "pocketknight",
        keys: concat!(
            "[pocketknight]\n",
            chess_pieces!(),
            "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1\n",
            "pieceDrops = true\ncapturesToHand = false\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "seirawan",
        keys: concat!("[seirawan]\n", seirawan_base!()),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "shouse",
        keys: concat!(
            "[shouse]\n",
            seirawan_base!(),
            "pieceDrops = true\ncapturesToHand = true\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "placement",
        keys: concat!(
            "[placement]\n",
            chess_pieces!(),
            "startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1\n",
            "mustDrop = true\npieceDrops = true\ncapturesToHand = false\n",
            "dropRegionWhite = *1\ndropRegionBlack = *8\n",
            "dropOppositeColoredBishop = true\ncastlingDroppedPiece = true\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "minishogi",
        keys: concat!(
            "[minishogi]\n",
            minishogi_base!(),
            "nFoldValue = loss\nnFoldValueAbsolute = true\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "gorogoro",
        keys: concat!(
            "[gorogoro]\n",
            minishogi_base!(),
            "maxRank = 6\nstartFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1\n",
            "promotionRegionWhite = *5 *6\npromotionRegionBlack = *1 *2\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "shogi",
        keys: concat!(
            "[shogi]\n",
            minishogi_base!(),
            "maxRank = 9\nmaxFile = 9\nlance = l\nshogiKnight = n\n",
            "startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1\n",
            "promotionRegionWhite = *7 *8 *9\npromotionRegionBlack = *1 *2 *3\n",
            "promotedPieceType = p:g s:g b:h r:d l:g n:g\n"
        ),
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "amazons",
        keys: "[amazons]\nmaxRank = 10\nmaxFile = 10\ncustomPiece1 = q:mQ\n\
               startFen = 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1\n\
               stalemateValue = loss\nwallingRule = arrow\n",
        unsaid: None,
        free_drops: false,
    },
    Builtin {
        name: "ataxx",
        keys: "[ataxx]\nmaxRank = 7\nmaxFile = 7\ncustomPiece1 = p:mDmNmA\n\
               startFen = P5p/7/7/7/7/7/p5P w 0 1\npieceDrops = true\ndoubleStep = false\n\
               castling = false\nimmobilityIllegal = false\nstalemateValue = loss\n\
               stalematePieceCount = true\npassOnStalemate = true\nenclosingDrop = ataxx\n\
               flipEnclosedPieces = ataxx\nmaterialCounting = unweighted\n\
               adjudicateFullBoard = true\nnMoveRule = 0\n",
        unsaid: None,
        free_drops: true,
    },
    Builtin {
        name: "snailtrail",
        keys: "[snailtrail]\nmaxRank = 7\nmaxFile = 7\ncustomPiece1 = p:mK\n\
               startFen = 6p/7/7/7/7/7/P6 w - - 0 1\nstalemateValue = loss\nwallingRule = past\n",
        unsaid: None,
        free_drops: false,
    },
];

/// What `connectN` and `connectRegion…` share ([`Generator::connect_shared`]).
struct ConnectShared {
    /// `ranks`, `files`, `diagonals`: the directions on.
    axes: Vec<&'static str>,
    /// ` of A | B`, or nothing for every piece.
    of: String,
    /// ` along …`, or nothing for all three axes.
    along: String,
    /// For the player who connects.
    outcome: String,
    /// How the keys were said: `connectPieceTypes`, `connectVertical`,
    /// `connectHorizontal`, `connectDiagonal`, `connectValue`.
    said: [String; 5],
}

/// The shipped parents exported so far: their `variants.ini` text, or the
/// first errors of the export.
#[derive(Default)]
struct Parents(HashMap<String, Result<String, Vec<String>>>);

/// The keys inherited from the parent (empty without one), or `None` if the
/// parent cannot be used (the error is reported).
#[allow(clippy::too_many_arguments)]
fn resolve_parent(
    section: &Section,
    earlier: &[Section],
    latest_named: &HashMap<&str, usize>,
    resolved: &[Option<Keys>],
    shipped: &[Shipped],
    parents: &mut Parents,
    out: &mut Diags,
) -> Option<Keys> {
    let Some((parent, span)) = &section.parent else {
        return Some(Keys::new());
    };
    if let Some(&i) = latest_named.get(parent.as_str()) {
        return match resolved.get(i) {
            Some(Some(keys)) => Some(keys.clone()),
            _ => {
                out.error(
                    "E0209",
                    format!(
                        "cannot inherit from `{}`: that section has errors",
                        elide(parent)
                    ),
                    *span,
                    "the parent section has errors",
                    vec!["help: fix the parent section first".into()],
                );
                None
            }
        };
    }
    if let Some(b) = BUILTINS.iter().find(|b| b.name == parent.as_str()) {
        if out.target == Target::Current {
            let ini = ini::parse(b.keys);
            // The definition's keys are read as a section's would be: a
            // key the import cannot say refuses the parent, with its line
            // of the definition.
            let mut check = Diags {
                list: Vec::new(),
                section: out.section,
                seen: HashSet::new(),
                errors: false,
                target: out.target,
            };
            let mut no_suggestions = 0;
            for s in &ini.sections {
                check_keys(s, &mut check, &mut no_suggestions);
            }
            let mut notes: Vec<String> = check
                .list
                .iter()
                .filter(|d| !d.code.starts_with('W'))
                .map(|d| {
                    let line = b.keys.get(d.span.range()).unwrap_or_default();
                    let line = ini
                        .sections
                        .iter()
                        .flat_map(|s| &s.entries)
                        .find(|e| e.key == line)
                        .map_or_else(|| line.to_string(), |e| format!("{} = {}", e.key, e.value));
                    let why = d
                        .notes
                        .first()
                        .map_or("", |n| n.trim_start_matches("note: "));
                    format!("note: its `{line}`: {}: {why}", d.message)
                })
                .collect();
            if let Some(unsaid) = b.unsaid {
                notes.push(format!("note: its rule of {unsaid}"));
            }
            if notes.is_empty() {
                let mut keys = parent_keys(&ini, parent, *span);
                if b.free_drops {
                    keys.insert(
                        FREE_DROPS.into(),
                        Val {
                            value: parent.clone(),
                            span: *span,
                            from: From::Shipped(parent.to_owned()),
                        },
                    );
                }
                return Some(keys);
            }
            notes.push(
                "help: the parent is read from Fairy-Stockfish's own definition of it (src/variant.cpp); write the section in full instead".into(),
            );
            out.error(
                "E0209",
                format!(
                    "cannot inherit from `{parent}` yet: Fairy-Stockfish's built-in `{parent}` has rules the import cannot say"
                ),
                *span,
                "this parent",
                notes,
            );
            return None;
        }
    }
    if let Some(s) = shipped.iter().find(|s| s.names.iter().any(|n| n == parent)) {
        let exported = parents.0.entry(parent.clone()).or_insert_with(|| {
            // The current Fairy-Stockfish's export (custom pieces, pawns
            // without a double step) for the current target; 11.1's for 11.1.
            let target = match out.target {
                Target::Current => crate::export::Target::Current,
                Target::Fsf11 => crate::export::Target::Fsf11,
            };
            crate::export::export_for(&s.source, parent, target)
                .map_err(|errors| errors.iter().take(4).map(ToString::to_string).collect())
        });
        return match exported {
            Ok(text) => {
                let ini = ini::parse(text);
                let mut keys = parent_keys(&ini, parent, *span);
                let entries = ini.sections.iter().flat_map(|s| &s.entries);
                note_promotion_ranks(&mut keys, entries.map(|e| e.key.as_str()));
                Some(keys)
            }
            Err(errors) => {
                let mut notes: Vec<String> = errors
                    .iter()
                    .map(|e| format!("note: the shipped `{parent}`: {e}"))
                    .collect();
                notes.push(
                    "help: the parent's rules are read from fairyc's shipped variant through `fairyc export`; write the section in full instead".into(),
                );
                out.error(
                    "E0209",
                    format!(
                        "cannot inherit from `{parent}` yet: its rules cannot be written as Fairy-Stockfish{} keys",
                        if out.target == Target::Fsf11 { " 11.1" } else { "" }
                    ),
                    *span,
                    "this parent",
                    notes,
                );
                None
            }
        };
    }
    let names = earlier.iter().map(|s| s.name.as_str()).chain(
        shipped
            .iter()
            .flat_map(|s| s.names.iter().map(String::as_str)),
    );
    let mut notes = Vec::new();
    if let Some(s) = fairyc_compiler::suggest::did_you_mean(parent, names) {
        notes.push(format!("help: did you mean `{s}`?"));
    }
    notes.push("note: a parent is a section earlier in this file or a variant fairyc ships (`fairyc variants` lists them)".into());
    out.error(
        "E0208",
        format!("unknown parent variant `{}`", elide(parent)),
        *span,
        "no section before this one and no shipped variant has this name",
        notes,
    );
    None
}

/// The keys of a parent read from Fairy-Stockfish's definition or from a
/// shipped variant's export, each marked as the parent's (`span`: the
/// section's parent name, where its errors point).
fn parent_keys(ini: &ini::Ini, parent: &str, span: Span) -> Keys {
    let mut keys = Keys::new();
    for e in ini.sections.iter().flat_map(|s| &s.entries) {
        keys.insert(
            e.key.clone(),
            Val {
                value: e.value.clone(),
                span,
                from: From::Shipped(parent.to_owned()),
            },
        );
    }
    keys
}

/// A generated `.variant` source and, per line, the `.ini` place it comes from.
struct Generated {
    text: String,
    /// (byte range of a line in `text`, its origin in the `.ini`)
    origins: Vec<(usize, usize, Span)>,
    /// The pieces confined to a region (`mobilityRegion…`).
    regions: Vec<Region>,
}

/// A piece confined to its `mobilityRegion…` squares: its moves are
/// written `within` the zone.
#[derive(Clone, Debug)]
struct Region {
    /// The piece's name.
    piece: String,
    /// The zone's name.
    zone: String,
    /// White's and Black's squares (all of the board for a side without
    /// a region).
    squares: [Vec<String>; 2],
    /// White's and Black's squares in the start position.
    starts: [Vec<String>; 2],
    /// The key given (White's, else Black's), for a refusal.
    key: String,
}

/// A piece of the section.
#[derive(Clone, Debug)]
struct Piece {
    name: String,
    key: String,
    betza: String,
    letter: char,
}

/// The piece of a goal (`flagPiece`).
enum Flag {
    /// None (`-`, or no key).
    None,
    /// Any piece (`*`).
    Any,
    /// One piece type.
    One(Piece),
}

/// Builds the `.variant` source of one section.
struct Generator<'a> {
    section: &'a Section,
    keys: &'a Keys,
    out: &'a mut Diags,
    gen: Generated,
    pieces: Vec<Piece>,
    files: usize,
    ranks: usize,
    /// Whether a promotion rule was written (its pawn then resets the
    /// half-move clock by default).
    promotes: bool,
    /// The letters of `extinctionPseudoRoyal`'s pieces (royal, `check any`).
    pseudo_royal: Vec<char>,
    /// Whether [`Self::pseudo_royal`] is `check last` (several of one type
    /// at the start) rather than `check any`.
    pseudo_royal_last: bool,
    /// Each side's promoting piece (White's, Black's): [`Self::promoting`]
    /// unless `promotionPawnTypesWhite/Black` says otherwise.
    promoting_side: [Option<Piece>; 2],
    /// Each side's piece whose irreversible moves reset the clock:
    /// [`Self::clock_pawn`] unless `nMoveRuleTypes…` says otherwise.
    clock_side: [Option<Piece>; 2],
    /// `materialCounting = unweighted`: the pieces on the board decide,
    /// each counting one.
    unweighted: bool,
    /// Whether an `end` line says `points`: the `scoring` item counts every
    /// piece as one (Fairy-Stockfish's piece count).
    points: bool,
    /// The letters of `mutuallyImmuneTypes` (`cannot-capture` themselves).
    mutual: Vec<char>,
    /// `flyingGeneral = true`: the `king` `faces R`.
    flying: bool,
    /// `promotedPieceType`: each base piece and the piece it promotes to,
    /// written as the base's promoted face `+B` with the target's moves.
    faces: Vec<(Piece, Piece)>,
    /// The piece whose promotions are written: Fairy-Stockfish's `pawn`,
    /// or the piece `promotionPawnTypes` / `pawnTypes` name.
    promoting: Option<Piece>,
    /// The piece whose irreversible moves reset the clock: the `pawn`, or
    /// the piece `pawnTypes` names.
    clock_pawn: Option<Piece>,
    /// `immobilityIllegal = true`, second pass: each piece's squares from
    /// which it has no move at all (White's, Black's), found by compiling
    /// the first pass; `None` on the first pass.
    stuck: Option<Vec<Stuck>>,
    /// The pieces whose moves all leave this board (a bishop on one rank),
    /// found by compiling an earlier pass: written `immobile`, which is
    /// what Fairy-Stockfish plays them as.
    no_moves: Vec<String>,
    /// More `moves` lines of a piece or promoted face, by name (`; moves
    /// …`): the soldier's sideways step (`soldierPromotionRank`) and the
    /// moves along `diagonalLines`.
    extra: Vec<(String, String)>,
    /// `bikjangRule = true`: the `king` `faces R`, and `facing` ends the
    /// game.
    bikjang: bool,
    /// `materialCounting = janggi`, or `unweighted` with pieces that move:
    /// the rules that end a game as a draw (a repetition, the move limit)
    /// are decided by the count (`points`, the `scoring` item): janggi's,
    /// or one a piece with [`Self::unweighted`].
    counted: bool,
    /// One promoting piece with other types for each side
    /// (`promotionPieceTypesWhite/Black`): a rule per side, each in a zone
    /// of that side's squares only.
    split_promotion: bool,
    /// The zone of the pawn's double steps that make no en-passant square
    /// (the current Fairy-Stockfish's `enPassantRegion…`): `moves mfnD
    /// from` it.
    quiet_double: Option<String>,
}

/// A piece's name and the squares it could never move from, White's and
/// Black's (`immobilityIllegal`).
type Stuck = (String, [Vec<String>; 2]);

/// A parsed value: ok, or an error already reported.
type Got<T> = Option<T>;

impl<'a> Generator<'a> {
    fn new(section: &'a Section, keys: &'a Keys, out: &'a mut Diags) -> Self {
        Generator {
            section,
            keys,
            out,
            gen: Generated {
                text: String::new(),
                origins: Vec::new(),
                regions: Vec::new(),
            },
            pieces: Vec::new(),
            files: 8,
            ranks: 8,
            promotes: false,
            pseudo_royal: Vec::new(),
            pseudo_royal_last: false,
            promoting_side: [None, None],
            clock_side: [None, None],
            unweighted: false,
            points: false,
            mutual: Vec::new(),
            flying: false,
            faces: Vec::new(),
            promoting: None,
            clock_pawn: None,
            stuck: None,
            no_moves: Vec::new(),
            extra: Vec::new(),
            bikjang: false,
            counted: false,
            split_promotion: false,
            quiet_double: None,
        }
    }

    /// Appends a line; `origin` is the key it comes from.
    fn line(&mut self, text: &str, origin: Option<&str>) {
        let start = self.gen.text.len();
        self.gen.text.push_str(text);
        let end = self.gen.text.len();
        self.gen.text.push('\n');
        let span = origin
            .and_then(|k| self.keys.get(k))
            .map_or(self.section.header_span, |v| v.span);
        self.gen.origins.push((start, end, span));
    }

    /// `key = value` as a comment, with where the value comes from.
    /// `E0201` at `key` (at the section's header when the key is not
    /// given), saying why.
    fn refuse_key(&mut self, key: &str, why: &str) {
        let span = self.raw(key).map_or(self.section.header_span, |v| v.span);
        self.out.cannot(key, span, why);
    }

    fn said(&self, key: &str, default: &str) -> String {
        match self.keys.get(key) {
            Some(v) => match &v.from {
                From::Here => format!("{key} = {}", v.value),
                From::Shipped(p) => format!("{key} = {} (from {p})", v.value),
            },
            None => format!("{key} = {default} (default)"),
        }
    }

    fn raw(&self, key: &str) -> Option<&'a Val> {
        self.keys.get(key)
    }

    fn bad(&mut self, key: &str, code: &'static str, what: &str, help: &str) {
        let span = self.raw(key).map_or(self.section.header_span, |v| v.span);
        let value = self.raw(key).map(|v| v.value.clone()).unwrap_or_default();
        self.out.error(
            code,
            format!("`{key} = {}`: {what}", elide(&value)),
            span,
            "bad value",
            vec![format!("help: {help}")],
        );
    }

    fn bool(&mut self, key: &str, default: bool) -> Got<bool> {
        match self.raw(key).map(|v| v.value.as_str()) {
            None => Some(default),
            Some("true") => Some(true),
            Some("false") => Some(false),
            Some(_) => {
                self.bad(key, "E0202", "not a bool", "write `true` or `false`");
                None
            }
        }
    }

    fn int(&mut self, key: &str, default: u64, min: u64, max: u64) -> Got<u64> {
        let Some(v) = self.raw(key) else {
            return Some(default);
        };
        match v.value.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) && v.value.bytes().all(|b| b.is_ascii_digit()) => {
                Some(n)
            }
            _ => {
                self.bad(
                    key,
                    "E0203",
                    "not a number in range",
                    &format!("write a whole number from {min} to {max}"),
                );
                None
            }
        }
    }

    /// A file: `a`…, or a number from 1; as an index from 0.
    fn file(&mut self, key: &str, default: usize) -> Got<usize> {
        let Some(v) = self.raw(key) else {
            return Some(default);
        };
        let value = v.value.as_str();
        let index = match value.as_bytes() {
            [c @ b'a'..=b'l'] => Some(usize::from(c - b'a')),
            _ => value
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=12).contains(n) && value.bytes().all(|b| b.is_ascii_digit()))
                .map(|n| n - 1),
        };
        if index.is_none() {
            self.bad(
                key,
                "E0203",
                "not a file",
                "write a file letter from `a` to `l`, or a number from 1 to 12",
            );
        }
        index
    }

    /// `win`, `loss`, `draw` (and `none` where allowed).
    fn outcome(&mut self, key: &str, default: &'static str, none: bool) -> Got<String> {
        let Some(v) = self.raw(key) else {
            return Some(default.to_string());
        };
        match v.value.as_str() {
            "win" | "loss" | "draw" => Some(v.value.clone()),
            "none" if none => Some("none".into()),
            _ => {
                let help = if none {
                    "write `win`, `loss`, `draw` or `none`"
                } else {
                    "write `win`, `loss` or `draw`"
                };
                self.bad(key, "E0207", "not a game result", help);
                None
            }
        }
    }

    /// The piece a letter names.
    fn piece_of(&self, letter: char) -> Option<&Piece> {
        self.pieces
            .iter()
            .find(|p| p.letter == letter.to_ascii_uppercase())
    }

    /// The piece a letter of `key`'s value names. A value inherited from
    /// the parent names the parent's piece types: a letter of a type this
    /// section removed names none (`Some(None)`), one of a type it gave
    /// another letter names that piece. `None`: no piece (an error if the
    /// value is the section's own).
    fn set_member(&self, key: &str, c: char) -> Option<Option<Piece>> {
        let inherited = self.raw(key).is_some_and(|v| {
            matches!(v.from, From::Shipped(_)) || v.span.start < self.section.header_span.start
        });
        if let (Some(p), false) = (self.piece_of(c), inherited) {
            return Some(Some(p.clone()));
        }
        if !inherited {
            return None;
        }
        let parent = self.raw(PARENT_LETTERS)?;
        let lower = c.to_ascii_lowercase();
        let Some(type_key) = parent
            .value
            .split_whitespace()
            .find_map(|w| w.strip_prefix(&format!("{lower}=")))
        else {
            return self.piece_of(c).cloned().map(Some);
        };
        Some(self.pieces.iter().find(|p| p.key == type_key).cloned())
    }

    /// A key holding one piece letter.
    /// The key naming the castling rook: the current Fairy-Stockfish's
    /// `castlingRookPieces` (read after the older `castlingRookPiece`, the
    /// same setting), or `castlingRookPiece`.
    fn rook_key(&self) -> &'static str {
        if self.out.target == Target::Current && self.raw("castlingRookPieces").is_some() {
            "castlingRookPieces"
        } else {
            "castlingRookPiece"
        }
    }

    fn piece_key(&mut self, key: &str) -> Got<Option<Piece>> {
        let Some(v) = self.raw(key) else {
            return Some(None);
        };
        let mut chars = v.value.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => match self.piece_of(c) {
                Some(p) => Some(Some(p.clone())),
                None => {
                    self.no_piece(key, v.span, c);
                    None
                }
            },
            _ => {
                self.bad(
                    key,
                    "E0204",
                    "not one piece letter",
                    "write the letter of one of the section's pieces",
                );
                None
            }
        }
    }

    fn no_piece(&mut self, key: &str, span: Span, c: char) {
        let letters: String = self
            .pieces
            .iter()
            .map(|p| p.letter.to_ascii_lowercase())
            .collect();
        self.out.error(
            "E0205",
            format!("`{key}`: no piece of this variant has the letter `{c}`"),
            span,
            "not a piece of the variant",
            vec![format!("help: the pieces' letters are `{letters}`")],
        );
    }

    fn run(mut self) -> Generated {
        self.header();
        self.board();
        self.read_pieces();
        let mut fen = self.fen();
        if let Some(f) = fen.as_mut() {
            let drops = self.bool("pieceDrops", false) == Some(true);
            if drops && self.out.target == Target::Current && self.raw(FREE_DROPS).is_some() {
                // Free drops (`unlimited`): Fairy-Stockfish reads no hands,
                // and the FEN writes none.
                if let Some((board, _)) = f.placement.split_once('[') {
                    f.placement = board.to_string();
                }
            } else if drops && !f.placement.contains('[') {
                f.placement.push_str("[]");
            }
            if self.bool("castling", true) == Some(false) {
                f.castling = "-".into();
            }
        }
        self.pawn_types(fen.as_ref());
        self.pseudo_royals(fen.as_ref());
        self.mutual = self.letters("mutuallyImmuneTypes").unwrap_or_default();
        self.flying_general();
        self.bikjang();
        self.read_promoted();
        self.mobility_regions(fen.as_ref());
        self.palace_lines();
        self.write_pieces(fen.as_ref());
        if let Some(fen) = &fen {
            self.line(&format!("setup \"{}\"", fen.text()), Some("startFen"));
            self.line("", None);
            self.castling(fen);
        }
        self.promotion();
        self.drops(fen.as_ref());
        self.gating(fen.as_ref());
        self.flips();
        self.blast();
        self.pass();
        self.walls();
        self.end(fen.as_ref());
        self.gen
    }

    fn header(&mut self) {
        let s = self.section;
        let title = match &s.parent {
            Some((p, _)) => format!("[{}:{p}]", s.name),
            None => format!("[{}]", s.name),
        };
        self.line(
            &format!(
                "// Imported by `fairyc import` from the Fairy-Stockfish{} section {title}.",
                if self.out.target == Target::Fsf11 {
                    " 11.1"
                } else {
                    ""
                }
            ),
            None,
        );
        let base = match &s.parent {
            Some((p, _)) => {
                let shipped = self
                    .keys
                    .values()
                    .any(|v| matches!(&v.from, From::Shipped(x) if x == p));
                if shipped && self.out.target == Target::Current && BUILTINS.iter().any(|b| b.name == p.as_str()) {
                    format!("// Keys the section does not give come from Fairy-Stockfish's built-in `{p}` (its own definition; other keys take Fairy-Stockfish's defaults).")
                } else if shipped {
                    format!("// Keys the section does not give come from the shipped variant `{p}` (as `fairyc export` writes it).")
                } else {
                    format!("// Keys the section does not give come from the section `{p}` before it.")
                }
            }
            None => "// Keys the section does not give take Fairy-Stockfish's defaults (chess without pieces).".into(),
        };
        self.line(&base, None);
        self.line(
            "// Each comment `key = value` names the key a line comes from.",
            None,
        );
        let display: Vec<String> = DISPLAY_ONLY
            .iter()
            .filter_map(|k| self.keys.get(*k).map(|v| format!("{k} = {}", v.value)))
            .collect();
        for d in display {
            self.line(&format!("// Display only, not imported: {d}"), None);
        }
        self.line("", None);
        let name = s.name.replace('\\', "\\\\").replace('"', "\\\"");
        self.line(&format!("variant \"{name}\" {{"), None);
        self.line(
            &format!(
                "    source \"Fairy-Stockfish variants.ini, section {}\"",
                title.replace('\\', "\\\\").replace('"', "\\\"")
            ),
            None,
        );
        self.line("}", None);
        self.line("", None);
    }

    fn board(&mut self) {
        let files = self.int_file_count();
        let ranks = self.int("maxRank", 8, 1, 10);
        self.files = files.unwrap_or(8);
        self.ranks = ranks.map_or(8, |r| r as usize);
        let last = (b'a' + self.files as u8 - 1) as char;
        let fc = self.said("maxFile", "8");
        let rc = self.said("maxRank", "8");
        self.line("board {", None);
        self.line(&format!("    files a..{last}    // {fc}"), Some("maxFile"));
        self.line(
            &format!("    ranks 1..{}    // {rc}", self.ranks),
            Some("maxRank"),
        );
        // The start position's walls (`*`), Fairy-Stockfish's wall squares,
        // are the board's walls.
        let walls = self
            .raw("startFen")
            .and_then(|v| Fen::read(&v.value, self.files, self.ranks))
            .filter(|f| f.grid.iter().flatten().any(|&c| c == Some('*')));
        if let Some(fen) = walls {
            self.line("    cells {", Some("startFen"));
            for y in (0..self.ranks).rev() {
                let row: String = (0..self.files)
                    .map(|x| if fen.at(x, y) == Some('*') { '*' } else { '.' })
                    .collect();
                self.line(&format!("        \"{row}\""), Some("startFen"));
            }
            self.line("    }", Some("startFen"));
        }
        self.line("}", None);
        self.line("", None);
    }

    fn int_file_count(&mut self) -> Got<usize> {
        self.file("maxFile", 7).map(|i| i + 1)
    }

    fn read_pieces(&mut self) {
        let current = self.out.target == Target::Current;
        for t in PIECE_TYPES {
            let Some(v) = self.raw(t.key) else { continue };
            let Some(betza) = t.betza else { continue };
            let value = v.value.clone();
            let span = v.span;
            if value == "-" {
                continue;
            }
            let mut chars = value.chars();
            let first = chars.next();
            let rest: String = chars.collect();
            let (letter, betza) = match first {
                Some(c) if c.is_ascii_alphabetic() && rest.is_empty() => {
                    (c.to_ascii_uppercase(), betza.to_string())
                }
                Some(c)
                    if c.is_ascii_alphabetic()
                        && rest.starts_with(':')
                        && current
                        && t.key == "king" =>
                {
                    let Some(betza) = self.custom_betza(t.key, c, &rest[1..], span) else {
                        continue;
                    };
                    (c.to_ascii_uppercase(), betza)
                }
                Some(c) if c.is_ascii_alphabetic() && rest.starts_with(':') => {
                    let (message, label, note) = if current {
                        (
                            format!("`{} = {}`: Fairy-Stockfish reads only the letter", t.key, elide(&value)),
                            "Fairy-Stockfish ignores the moves after `:`",
                            format!("note: only `king` and `customPiece1` … take moves after `:`; `{}` always moves as its type ({betza} in fairyc's Betza)", t.key),
                        )
                    } else {
                        (
                            format!("`{} = {}`: Fairy-Stockfish 11.1 reads only the letter", t.key, elide(&value)),
                            "11.1 ignores the moves after `:`",
                            format!("note: 11.1 has no custom pieces: `{}` always moves as its type ({betza} in fairyc's Betza); newer versions read `letter:Betza`", t.key),
                        )
                    };
                    self.out.error(
                        "E0204",
                        message,
                        span,
                        label,
                        vec![note, format!("help: write `{} = {c}`", t.key)],
                    );
                    continue;
                }
                _ => {
                    self.not_a_letter(t.key, &value, span);
                    continue;
                }
            };
            self.add_piece(t.key, t.name, betza, letter, span);
        }
        if current {
            self.read_custom_pieces();
        }
    }

    /// `customPiece1` … `customPiece25 = a:Betza` (the current Fairy-Stockfish).
    fn read_custom_pieces(&mut self) {
        for n in 1..=25 {
            let key = format!("customPiece{n}");
            let Some(v) = self.raw(&key) else { continue };
            let (value, span) = (v.value.clone(), v.span);
            if value == "-" {
                continue;
            }
            let mut chars = value.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), Some(':')) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                _ => {
                    self.not_a_letter(&key, &value, span);
                    continue;
                }
            };
            let Some(betza) = self.custom_betza(&key, letter, chars.as_str(), span) else {
                continue;
            };
            self.add_piece(&key, &format!("Custom{n}"), betza, letter, span);
        }
    }

    /// fairyc's Betza for the Betza of a custom piece, or an error at it.
    /// Whether some move may make an en-passant square: a `pawn` (its
    /// double step), or a custom piece with an initial move (`i`), unless
    /// `enPassantRegion = -`.
    fn makes_en_passant(&self) -> bool {
        if self.no_en_passant() {
            return false;
        }
        let custom = (1..=25)
            .map(|n| format!("customPiece{n}"))
            .chain(["king".to_string()])
            .filter_map(|k| self.raw(&k))
            .any(|v| {
                v.value
                    .split_once(':')
                    .is_some_and(|(_, b)| b.contains('i'))
            });
        self.pawn().is_some() || custom
    }

    /// The key that gives `side`'s en-passant region (the side that
    /// captures): `enPassantRegionWhite` or `…Black`, unless inherited
    /// where the section itself gives `enPassantRegion` (the engine reads
    /// a section's `enPassantRegion` before its sides' keys, on top of the
    /// parent's, src/parser.cpp), else `enPassantRegion`; `None`: every
    /// square, Fairy-Stockfish's default.
    fn en_passant_key(&self, side: usize) -> Option<&'static str> {
        let own = ["enPassantRegionWhite", "enPassantRegionBlack"][side];
        let replaced = self.inherited(own)
            && self.raw("enPassantRegion").is_some()
            && !self.inherited("enPassantRegion");
        if self.raw(own).is_some() && !replaced {
            return Some(own);
        }
        self.raw("enPassantRegion").map(|_| "enPassantRegion")
    }

    /// Whether no move makes an en-passant square: both sides' en-passant
    /// regions are `-`.
    fn no_en_passant(&self) -> bool {
        (0..2).all(|side| {
            self.en_passant_key(side)
                .and_then(|k| self.raw(k))
                .is_some_and(|v| v.value.trim() == "-")
        })
    }

    /// The current Fairy-Stockfish's en-passant regions, by the side that
    /// captures, as (file, rank) from 0: a move makes an en-passant square
    /// only on a square of the opponent's region (src/position.cpp,
    /// `do_move`). `None` for a side: every square (no key, or 11.1, which
    /// reads none of the keys).
    fn en_passant_regions(&mut self) -> Got<[Option<Vec<Square>>; 2]> {
        let mut out = [None, None];
        if self.out.target != Target::Current {
            return Some(out);
        }
        for (side, region) in out.iter_mut().enumerate() {
            let Some(key) = self.en_passant_key(side) else {
                continue;
            };
            let squares = self.squares(key)?;
            *region = Some(squares.iter().filter_map(|s| square_at(s)).collect());
        }
        Some(out)
    }

    /// The piece captures en passant when its Betza has an `e` anywhere or
    /// `pawnTypes` names it (Fairy-Stockfish's `enPassantTypes`, which
    /// `pawnTypes` replaces: an `e` piece it leaves out is refused).
    fn custom_betza(&mut self, key: &str, letter: char, fsf: &str, span: Span) -> Option<String> {
        let pawn_types = self.raw("pawnTypes").map(|v| v.value.clone());
        let named = pawn_types.as_ref().is_some_and(|t| {
            t.chars()
                .any(|c| c == '*' || c.eq_ignore_ascii_case(&letter))
        });
        if fsf.contains('e') && pawn_types.is_some() && !named {
            self.out.cannot(
                key,
                span,
                "an `e` piece that `pawnTypes` leaves out: Fairy-Stockfish's `pawnTypes` replaces the en-passant types the `e` made",
            );
            return None;
        }
        let en_passant = fsf.contains('e') || named;
        // Without a move that makes an en-passant square, no capture is
        // ever en passant: an `e` the import cannot place changes nothing.
        let translated = match betza::translate(fsf, en_passant) {
            Err(_) if en_passant && !self.makes_en_passant() => betza::translate(fsf, false),
            t => t,
        };
        match translated {
            Ok(b) => Some(b),
            Err(why) => {
                self.out.error(
                    "E0201",
                    format!("cannot express `{}` yet", elide(key)),
                    span,
                    "these moves",
                    vec![
                        format!("note: {why}"),
                        "note: docs/import.md lists how Fairy-Stockfish's Betza differs from fairyc's".into(),
                    ],
                );
                None
            }
        }
    }

    fn not_a_letter(&mut self, key: &str, value: &str, span: Span) {
        let help = if key.starts_with("customPiece") {
            format!("help: write a letter, `:` and the moves in Betza notation (`{key} = a:fN`)")
        } else {
            "help: write one letter (`knight = n`), or `-` to remove an inherited piece".into()
        };
        self.out.error(
            "E0204",
            format!("`{key} = {}`: not a piece letter", elide(value)),
            span,
            "not one letter",
            vec![help],
        );
    }

    /// Whether `key` comes from the parent (a shipped variant, or a section
    /// earlier in the file) rather than from this section.
    fn inherited(&self, key: &str) -> bool {
        self.raw(key).is_some_and(|v| {
            matches!(v.from, From::Shipped(_)) || v.span.start < self.section.header_span.start
        })
    }

    fn add_piece(&mut self, key: &str, name: &str, betza: String, letter: char, span: Span) {
        // The current Fairy-Stockfish reads a section's keys on top of its
        // parent's variant, and a piece type given the letter of another
        // removes that one: `customPiece1 = p:mWcF` in `[x:chess]` replaces
        // the pawn.
        // A key of a section read earlier (a shipped parent first, then the
        // file's sections in order) is replaced; two of this section stay
        // an error.
        let read_at = |k: &str| match self.raw(k) {
            Some(Val {
                from: From::Shipped(_),
                ..
            }) => 0,
            Some(v) if self.inherited(k) => 1 + v.span.start as usize,
            _ => usize::MAX,
        };
        // A key read before the piece that now has the letter was replaced
        // by it (`immobile = p` in `[x:ataxx]` replaces the parent's
        // `customPiece1 = p:…`, whichever the import reads first).
        if self.out.target == Target::Current
            && self
                .pieces
                .iter()
                .any(|p| p.letter == letter && read_at(key) < read_at(&p.key))
        {
            return;
        }
        if let Some(i) = self.pieces.iter().position(|p| {
            p.letter == letter
                && self.out.target == Target::Current
                && read_at(&p.key) < read_at(key)
        }) {
            self.pieces.remove(i);
        }
        if let Some(other) = self.pieces.iter().find(|p| p.letter == letter) {
            let other = other.key.clone();
            self.out.error(
                "E0206",
                format!(
                    "`{key}` and `{other}` both have the letter `{}`",
                    letter.to_ascii_lowercase()
                ),
                span,
                "letter already taken",
                vec!["help: give each piece type its own letter".into()],
            );
            return;
        }
        self.pieces.push(Piece {
            name: name.into(),
            key: key.into(),
            betza,
            letter,
        });
    }

    fn fen(&mut self) -> Option<Fen> {
        let (text, span) = match self.raw("startFen") {
            Some(v) => (v.value.clone(), v.span),
            None => (CHESS_FEN.to_string(), self.section.header_span),
        };
        let fen = Fen::read(&text, self.files, self.ranks);
        if fen.is_none() {
            let from = match self.raw("startFen").map(|v| &v.from) {
                Some(From::Shipped(p)) => {
                    format!("note: `startFen` comes from `{p}`: give the section its own")
                }
                Some(From::Here) => {
                    "note: the rows are separated by `/`, a number counts empty squares".into()
                }
                None => "note: the default `startFen` is chess's: give the section its own".into(),
            };
            self.out.error(
                "E0211",
                "`startFen` is not a FEN this board can hold".into(),
                span,
                "bad FEN",
                vec![
                    from,
                    format!(
                        "help: write the {} rows of the {}×{} board, top first, then the side to move",
                        self.ranks, self.files, self.ranks
                    ),
                ],
            );
        }
        fen
    }

    fn pawn(&self) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.key == "pawn")
    }

    fn king(&self) -> Option<&Piece> {
        self.pieces.iter().find(|p| p.key == "king")
    }

    fn write_pieces(&mut self, fen: Option<&Fen>) {
        let double = self.double_step(fen);
        let triple = self.triple_step();
        let demoted: Vec<char> = if self.bool("pieceDemotion", false) == Some(true)
            && self.bool("pieceDrops", false) == Some(true)
            && self.bool("capturesToHand", false) == Some(true)
        {
            self.faces.iter().map(|(b, _)| b.letter).collect()
        } else {
            Vec::new()
        };
        let mut pieces = self.pieces.clone();
        // `enPassantRegion = -`: Fairy-Stockfish makes no en-passant
        // square, so no capture is ever en passant.
        if self.out.target == Target::Current && self.no_en_passant() {
            for p in &mut pieces {
                p.betza = p
                    .betza
                    .split_whitespace()
                    .map(|t| {
                        let atom = t.find(|c: char| c.is_ascii_uppercase()).unwrap_or(t.len());
                        let (mods, rest) = t.split_at(atom);
                        format!("{}{rest}", mods.replace('e', ""))
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
            }
        }
        for p in &pieces {
            let said = if p.key.starts_with("customPiece") || (p.key == "king" && p.betza != "K") {
                self.said(&p.key, "")
            } else {
                format!("{} = {}", p.key, p.letter.to_ascii_lowercase())
            };
            let royal = if p.key == "king" || self.pseudo_royal.contains(&p.letter) {
                "; royal"
            } else {
                ""
            };
            let within = self.within(&p.name);
            // A custom piece's initial moves (`i`, fairyc's `i` terms) are
            // made from the double-step region, as the pawn's double step.
            let (initial, plain): (Vec<&str>, Vec<&str>) =
                p.betza.split_whitespace().partition(|t| t.starts_with('i'));
            // The pawn's triple step (`tripleStepRegion…`): lame, making
            // en-passant squares on both squares passed, as its double step.
            let triple_moves = match (&triple, p.key.as_str()) {
                (Some(zone), "pawn") => format!("; moves ifmnH{within} from {zone}"),
                _ => String::new(),
            };
            // The double steps that make no en-passant square.
            let quiet = match &self.quiet_double {
                Some(zone) => format!("; moves mfnD{within} from {zone}"),
                None => String::new(),
            };
            let moves = match (&double, p.key.as_str()) {
                (Some(zone), "pawn") => {
                    format!(
                        "{}{within}; moves ifmnD{within} from {zone}{quiet}{triple_moves}",
                        p.betza
                    )
                }
                (None, "pawn") if !triple_moves.is_empty() => {
                    format!("{}{within}{triple_moves}", p.betza)
                }
                (Some(zone), _) if !initial.is_empty() => {
                    let plain = if plain.is_empty() {
                        String::new()
                    } else {
                        format!("{}{within}; moves ", plain.join(" "))
                    };
                    format!("{plain}{}{within} from {zone}", initial.join(" "))
                }
                // Without a double-step region there are no initial moves.
                (None, _) if !initial.is_empty() => format!("{}{within}", plain.join(" ")),
                _ => format!("{}{within}", p.betza),
            };
            let name = &p.name;
            // `mutuallyImmuneTypes`: a piece of such a type never captures
            // one of its own type.
            // `flyingGeneral`: Fairy-Stockfish's kings may not face each
            // other on a file or rank with nothing between.
            let faces = if p.key == "king" && self.flying {
                "; faces R"
            } else {
                ""
            };
            let said = if faces.is_empty() {
                said
            } else if self.bikjang {
                format!("{said}, {}", self.said("bikjangRule", "false"))
            } else {
                format!("{said}, {}", self.said("flyingGeneral", "false"))
            };
            // `janggiCannon`: it neither hops over nor captures a cannon
            // of its type, either side's (probed with pyffish 0.0.90).
            let mut immune = if p.key == "janggiCannon" {
                format!("; cannot-hop {name}; cannot-capture {name}")
            } else if self.mutual.contains(&p.letter) {
                format!("; cannot-capture {name}")
            } else {
                String::new()
            };
            // A piece demoted back from its face (`pieceDemotion`) is no
            // promoted piece: it returns to hand as itself, unmarked.
            if demoted.contains(&p.letter) && royal.is_empty() {
                immune.push_str(&format!("; captured-as {name}"));
            }
            let moves = if p.betza.is_empty() {
                "immobile".to_string()
            } else if self.no_moves.contains(name) {
                // Every move of the piece leaves the board.
                "immobile".to_string()
            } else {
                format!("moves {moves}{}", self.extra_moves(name))
            };
            let said = if self.no_moves.contains(name) {
                format!("{said} (its moves `{}` leave this board)", p.betza)
            } else {
                said
            };
            let line = format!(
                "piece {name} {{ letter {}; {moves}{royal}{faces}{immune} }}    // {said}",
                p.letter
            );
            self.line(&line, Some(p.key.as_str()));
        }
        // The promoted faces: each a type of its own, with the moves of the
        // type Fairy-Stockfish promotes to, returned to hand as its base.
        let to_hand = self.bool("pieceDrops", false) == Some(true)
            && self.bool("capturesToHand", false) == Some(true);
        for (base, target) in self.faces.clone() {
            // A royal face is never captured.
            let royal_face = self.pseudo_royal.contains(&base.letter)
                && self.pseudo_royal.contains(&target.letter);
            let back = if to_hand && !royal_face {
                format!("; captured-as {}", base.name)
            } else {
                String::new()
            };
            let within = self.within(&Self::face_name(&base));
            let extra = self.extra_moves(&Self::face_name(&base));
            // Both pseudo-royal ([`Self::read_promoted`]): the face is too.
            let royal = if royal_face { "; royal" } else { "" };
            // A face of a type without moves (`immobile`) has none either.
            let moves = if target.betza.is_empty() {
                "immobile".to_string()
            } else {
                format!("moves {}{within}{extra}", target.betza)
            };
            let line = format!(
                "piece {} {{ letter +{}; {moves}{royal}{back} }}    // promotedPieceType {}:{}",
                Self::face_name(&base),
                base.letter,
                base.letter.to_ascii_lowercase(),
                target.letter.to_ascii_lowercase()
            );
            self.line(&line, Some("promotedPieceType"));
        }
        self.line("", None);
    }

    /// ` within <zone>` for a piece confined to a region, else nothing.
    fn within(&self, piece: &str) -> String {
        self.gen
            .regions
            .iter()
            .find(|r| r.piece == piece)
            .map_or_else(String::new, |r| format!(" within {}", r.zone))
    }

    /// `mobilityRegionWhite<Type>`, `mobilityRegionBlack<Type>` (the current
    /// Fairy-Stockfish): the only squares a piece of that type may move to,
    /// capture on, attack or be dropped on, wherever it stands (probed with
    /// pyffish 0.0.90: a piece outside its region may move into it, a rook
    /// slides over squares outside it). A zone per piece, written `within`
    /// on each of its moves and `only-on` in `drops`; a promoted face takes
    /// its type's region. A side without a region (or an empty one) may use
    /// the whole board. `within` ends a line at its first square outside:
    /// a line that leaves the region and comes back is checked after the
    /// section is compiled ([`regions_check`]).
    fn mobility_regions(&mut self, fen: Option<&Fen>) {
        if self.out.target != Target::Current {
            return;
        }
        let mut owners: Vec<(String, String)> = self
            .pieces
            .iter()
            .map(|p| (p.name.clone(), p.key.clone()))
            .collect();
        owners.extend(
            self.faces
                .iter()
                .map(|(b, t)| (Self::face_name(b), t.key.clone())),
        );
        let castles = fen.is_some_and(|f| f.castling != "-");
        let rook = self
            .raw(self.rook_key())
            .and_then(|v| v.value.chars().next())
            .map_or('R', |c| c.to_ascii_uppercase());
        for (name, key) in owners {
            let mut type_name = key.clone();
            if let Some(first) = type_name.get_mut(..1) {
                first.make_ascii_uppercase();
            }
            let keys = [
                format!("mobilityRegionWhite{type_name}"),
                format!("mobilityRegionBlack{type_name}"),
            ];
            let Some(given) = keys.iter().find(|k| self.raw(k).is_some()).cloned() else {
                continue;
            };
            let mut squares: [Vec<String>; 2] = [Vec::new(), Vec::new()];
            for (side, k) in keys.iter().enumerate() {
                let Some(mut s) = self.squares(k) else {
                    return;
                };
                let mut seen = HashSet::new();
                s.retain(|q| seen.insert(q.clone()));
                if s.is_empty() {
                    // Fairy-Stockfish: no region, the whole board.
                    s = (1..=self.ranks)
                        .flat_map(|r| {
                            (0..self.files).map(move |f| format!("{}{r}", (b'a' + f as u8) as char))
                        })
                        .collect();
                }
                squares[side] = s;
            }
            let letter = self
                .pieces
                .iter()
                .find(|p| p.name == name)
                .map(|p| p.letter);
            if castles && (key == "king" || letter == Some(rook)) {
                self.refuse_key(
                    &given,
                    "a region for a piece that castles: fairyc's castling does not look at regions",
                );
                return;
            }
            let mut starts: [Vec<String>; 2] = [Vec::new(), Vec::new()];
            if let (Some(fen), Some(letter)) = (fen, letter) {
                for (rank, row) in fen.grid.iter().enumerate() {
                    for (file, c) in row.iter().enumerate() {
                        let side = match c {
                            Some(c) if *c == letter => 0,
                            Some(c) if *c == letter.to_ascii_lowercase() => 1,
                            _ => continue,
                        };
                        starts[side].push(format!("{}{}", (b'a' + file as u8) as char, rank + 1));
                    }
                }
            }
            let zone = format!("{}-region", name.to_ascii_lowercase());
            let line = format!(
                "zone {zone} {{ white: {}; black: {} }}    // {}, {}",
                squares[0].join(", "),
                squares[1].join(", "),
                self.said(&keys[0], "-"),
                self.said(&keys[1], "-")
            );
            self.line(&line, Some(&given));
            self.gen.regions.push(Region {
                piece: name,
                zone,
                squares,
                starts,
                key: given,
            });
        }
    }

    /// `flyingGeneral = true`: a move may not leave the two `king`s on one
    /// file or rank with only empty squares between (Fairy-Stockfish tests
    /// the king type's rook lines only), fairyc's `faces R` on the king.
    fn flying_general(&mut self) {
        if self.bool("flyingGeneral", false) != Some(true) || self.king().is_none() {
            return;
        }
        if !self.pseudo_royal.is_empty() {
            self.refuse_key(
                "flyingGeneral",
                "with pseudo-royal pieces: Fairy-Stockfish's generals face only its `king`s, fairyc's `faces` every royal piece",
            );
            return;
        }
        self.flying = true;
    }

    /// `bikjangRule = true` (the current Fairy-Stockfish): a move may leave
    /// the two `king`s facing on a file or rank with only empty squares
    /// between; the player to move must then part them or pass, and if
    /// they still face after that move the game ends (a draw, or counted
    /// with `materialCounting`): the king `faces R` and `facing` in `end`.
    fn bikjang(&mut self) {
        if self.out.target != Target::Current
            || self.bool("bikjangRule", false) != Some(true)
            || self.king().is_none()
        {
            return;
        }
        if self.flying {
            // A move may then never leave the kings facing.
            self.refuse_key(
                "bikjangRule",
                "with `flyingGeneral = true`: Fairy-Stockfish forbids every move that leaves the kings facing and still lets a player in check pass when they face in the start position; the language's `facing` lets the move be made",
            );
            return;
        }
        if !self.pseudo_royal.is_empty() {
            self.refuse_key(
                "bikjangRule",
                "with pseudo-royal pieces: Fairy-Stockfish's bikjang looks at its `king`s only, fairyc's `faces` at every royal piece",
            );
            return;
        }
        self.flying = true;
        self.bikjang = true;
    }

    /// The `; moves …` lines [`Self::palace_lines`] gave the piece or face
    /// `name`.
    fn extra_moves(&self, name: &str) -> String {
        self.extra
            .iter()
            .filter(|(n, _)| n == name)
            .map(|(_, m)| m.as_str())
            .collect()
    }

    /// Whether the `king` is a built-in's whose king type is Fairy-Stockfish's
    /// wazir (xiangqi's and janggi's general, written `king = k:W` in
    /// [`BUILTINS`]), which takes the diagonal lines' moves as the `wazir`
    /// does; a section's own `king = k:W` is a custom royal piece, which
    /// does not.
    fn wazir_king(&self) -> bool {
        self.raw("king").is_some_and(|v| {
            v.value == "k:W"
                && matches!(&v.from, From::Shipped(p) if BUILTINS
                    .iter()
                    .any(|b| b.name == p.as_str() && b.keys.contains("king = k:W\n")))
        })
    }

    /// `soldierPromotionRank` and `diagonalLines` (the current
    /// Fairy-Stockfish, src/position.h `moves_from`, probed with pyffish
    /// 0.0.90). A `soldier` steps sideways only from that rank on (counted
    /// from its side): `moves fW` and `moves sW from <zone>`. On the
    /// squares of `diagonalLines`, five piece types also move from one of
    /// them to another diagonally: the `wazir` (and a built-in's wazir-type
    /// general) one step, the `soldier` one step forward, the `rook`
    /// sliding and the `janggiCannon` hopping (over no cannon); custom
    /// pieces and every other type do not. Written `moves F within
    /// <lines> from diagonal-lines`, the lines cut to the piece's region.
    fn palace_lines(&mut self) {
        if self.out.target != Target::Current {
            return;
        }
        let Some(rank) = self.int("soldierPromotionRank", 1, 1, 10) else {
            return;
        };
        let rank = rank as usize;
        let soldier = self.pieces.iter().position(|p| p.key == "soldier");
        let lines = match self.squares("diagonalLines") {
            Some(mut l) => {
                let mut seen = HashSet::new();
                l.retain(|q| seen.insert(q.clone()));
                l
            }
            None => return,
        };
        if rank > 1 {
            if self.faces.iter().any(|(_, t)| t.key == "soldier") {
                self.refuse_key(
                    "soldierPromotionRank",
                    "a promoted face with the soldier's moves: fairyc's face would not keep the soldier's rank rule",
                );
                return;
            }
            if soldier.is_some() && !lines.is_empty() {
                self.refuse_key(
                    "soldierPromotionRank",
                    "with `diagonalLines`: Fairy-Stockfish's soldier steps forward along the lines below that rank but does not attack so there, a check the language cannot leave out",
                );
                return;
            }
        }
        if let (Some(i), true) = (soldier, rank > 1) {
            let name = self.pieces[i].name.clone();
            self.pieces[i].betza = "fW".into();
            if rank <= self.ranks {
                let zone = format!("{}-sideways", name.to_ascii_lowercase());
                let line = format!(
                    "zone {zone} {{ white: ranks {rank}..{}; black: ranks 1..{} }}    // {}",
                    self.ranks,
                    self.ranks + 1 - rank,
                    self.said("soldierPromotionRank", "1")
                );
                self.line(&line, Some("soldierPromotionRank"));
                let within = self.within(&name);
                self.extra
                    .push((name, format!("; moves sW{within} from {zone}")));
            }
        }
        if lines.is_empty() {
            return;
        }
        let kind = |key: &str, wazir_king: bool| match key {
            "wazir" => Some("F"),
            "king" if wazir_king => Some("F"),
            "soldier" => Some("fF"),
            "rook" => Some("B"),
            "janggiCannon" => Some("pB"),
            _ => None,
        };
        let wazir_king = self.wazir_king();
        let mut movers: Vec<(String, &'static str)> = self
            .pieces
            .iter()
            .filter_map(|p| Some((p.name.clone(), kind(&p.key, wazir_king)?)))
            .collect();
        movers.extend(
            self.faces
                .iter()
                .filter_map(|(b, t)| Some((Self::face_name(b), kind(&t.key, false)?))),
        );
        if self.faces.iter().any(|(_, t)| t.key == "janggiCannon") {
            self.refuse_key(
                "promotedPieceType",
                "a promoted face with the janggi cannon's moves: Fairy-Stockfish's promoted cannon is a cannon, which no cannon hops over or captures",
            );
            return;
        }
        if movers.is_empty() {
            return;
        }
        let all = format!(
            "zone diagonal-lines {{ white: {list}; black: {list} }}    // {}",
            self.said("diagonalLines", "-"),
            list = lines.join(", ")
        );
        self.line(&all, Some("diagonalLines"));
        for (name, betza) in movers {
            // A piece with a region moves along the lines inside it only.
            let region = self
                .gen
                .regions
                .iter()
                .find(|r| r.piece == name)
                .map(|r| (r.squares.clone(), r.starts.clone()));
            if let Some((sides, starts)) = &region {
                // Fairy-Stockfish's test of attacks (`attackers_to`) takes
                // the diagonal moves whatever the piece's region: a line
                // square outside it that the piece reaches is attacked,
                // though the piece may not move there.
                if let Some(why) = self.attacked_outside(&lines, betza, sides, starts) {
                    self.refuse_key(
                        "diagonalLines",
                        &format!("`{name}` {why}: Fairy-Stockfish takes a diagonal move out of a piece's region as an attack (a king may not step there) that is no move, which the language cannot say"),
                    );
                    return;
                }
            }
            let (zone, squares) = match region.map(|(sides, _)| sides) {
                Some(sides) => {
                    let cut = sides.map(|s| {
                        lines
                            .iter()
                            .filter(|q| s.contains(q))
                            .cloned()
                            .collect::<Vec<_>>()
                    });
                    if cut.iter().any(Vec::is_empty) {
                        // No diagonal move for a side whose region holds
                        // none of the lines' squares: an empty zone is not
                        // written.
                        if cut.iter().all(Vec::is_empty) {
                            continue;
                        }
                        self.refuse_key(
                            "diagonalLines",
                            &format!("`{name}` has a region that holds the lines' squares for one side only"),
                        );
                        return;
                    }
                    let zone = format!("{}-lines", name.to_ascii_lowercase());
                    let line = format!(
                        "zone {zone} {{ white: {}; black: {} }}    // diagonalLines inside {name}'s region",
                        cut[0].join(", "),
                        cut[1].join(", ")
                    );
                    self.line(&line, Some("diagonalLines"));
                    (zone, cut)
                }
                None => ("diagonal-lines".to_string(), [lines.clone(), lines.clone()]),
            };
            if matches!(betza, "B" | "pB") {
                if let Some(why) = self.reentry(&lines, &squares) {
                    self.refuse_key(
                        "diagonalLines",
                        &format!("`{name}` {why}: Fairy-Stockfish allows that move, fairyc's `within` ends the line at the first square outside"),
                    );
                    return;
                }
            }
            self.extra.push((
                name,
                format!("; moves {betza} within {zone} from diagonal-lines"),
            ));
        }
    }

    /// A line square outside a side's region `sides` that the piece's
    /// diagonal move `betza` (`F`, `fF`, `B`, `pB`) reaches from a line
    /// square it may stand on (in its region, or where it starts), said as
    /// `from d4 reaches e5, outside its region`.
    fn attacked_outside(
        &self,
        lines: &[String],
        betza: &str,
        sides: &[Vec<String>; 2],
        starts: &[Vec<String>; 2],
    ) -> Option<String> {
        let at = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        let slides = matches!(betza, "B" | "pB");
        for side in 0..2 {
            let forward = if side == 0 { 1 } else { -1 };
            for from in lines {
                if !sides[side].contains(from) && !starts[side].contains(from) {
                    continue;
                }
                let mut chars = from.chars();
                let f0 = i32::from(chars.next()? as u8 - b'a');
                let r0 = chars.as_str().parse::<i32>().ok()? - 1;
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if betza == "fF" && dr != forward {
                        continue;
                    }
                    let (mut f, mut r) = (f0 + df, r0 + dr);
                    while (0..self.files as i32).contains(&f) && (0..self.ranks as i32).contains(&r)
                    {
                        let sq = at(f, r);
                        if !lines.contains(&sq) {
                            break;
                        }
                        if !sides[side].contains(&sq) {
                            return Some(format!("from {from} reaches {sq}, outside its region"));
                        }
                        if !slides {
                            break;
                        }
                        f += df;
                        r += dr;
                    }
                }
            }
        }
        None
    }

    /// A diagonal line from one of `lines` that leaves `squares` (a side's)
    /// and comes back to them, as Fairy-Stockfish's rook or cannon may
    /// follow it (only where it lands is looked at), said as `from a1
    /// passes b2, outside the lines, to reach c3`.
    fn reentry(&self, lines: &[String], squares: &[Vec<String>; 2]) -> Option<String> {
        let at = |f: i32, r: i32| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        for from in lines {
            let mut chars = from.chars();
            let f0 = i32::from(chars.next()? as u8 - b'a');
            let r0 = chars.as_str().parse::<i32>().ok()? - 1;
            for side in squares {
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (mut f, mut r) = (f0 + df, r0 + dr);
                    let mut outside: Option<String> = None;
                    while (0..self.files as i32).contains(&f) && (0..self.ranks as i32).contains(&r)
                    {
                        let sq = at(f, r);
                        match (side.contains(&sq), &outside) {
                            (true, Some(o)) => {
                                return Some(format!(
                                    "from {from} passes {o}, outside the lines, to reach {sq}"
                                ))
                            }
                            (false, None) => outside = Some(sq),
                            _ => {}
                        }
                        f += df;
                        r += dr;
                    }
                }
            }
        }
        None
    }

    /// The pieces of a piece-set key of the current Fairy-Stockfish (`-`:
    /// none); `None` (reported) when a letter names no piece.
    fn letters(&mut self, key: &str) -> Option<Vec<char>> {
        if self.out.target != Target::Current {
            return Some(Vec::new());
        }
        let Some(v) = self.raw(key) else {
            return Some(Vec::new());
        };
        let (value, span) = (v.value.clone(), v.span);
        let mut letters = Vec::new();
        for c in value.chars().filter(|&c| c != '-') {
            match self.set_member(key, c) {
                Some(Some(p)) => letters.push(p.letter),
                Some(None) => {}
                None => {
                    self.no_piece(key, span, c);
                    return None;
                }
            }
        }
        Some(letters)
    }

    /// `pass`, `passOnStalemate` (the current Fairy-Stockfish, both sides
    /// alike): `pass allowed` (a player not in check may pass), `pass
    /// when-stuck` (only when it has no other legal move).
    fn pass(&mut self) {
        if self.out.target != Target::Current {
            return;
        }
        let (Some(pass), Some(stuck)) = (
            self.bool("pass", false),
            self.bool("passOnStalemate", false),
        ) else {
            return;
        };
        let line = match (pass, stuck) {
            (true, _) => "pass allowed",
            (false, true) => "pass when-stuck",
            (false, false) => return,
        };
        let said = [
            self.said("pass", "false"),
            self.said("passOnStalemate", "false"),
        ]
        .join(", ");
        let key = if pass { "pass" } else { "passOnStalemate" };
        self.line(&format!("{line}    // {said}"), Some(key));
        self.line("", None);
    }

    /// `gating = true` with `seirawanGating = true` (the current
    /// Fairy-Stockfish): the `gating` item. The engine lets any piece in
    /// hand enter on a gate square its side's piece has just left, where
    /// the piece may be dropped (src/movegen.cpp, `make_move_and_gating`);
    /// the gates are the first-rank letters of the FEN's castling field. So
    /// every piece that can be in hand (the start's, and with
    /// `capturesToHand` every piece but a royal one) gates on its side's
    /// first rank, a pawn only with `firstRankPawnDrops`. One key without
    /// the other, or drop regions beside them: `E0201`.
    fn gating(&mut self, fen: Option<&Fen>) {
        if self.out.target != Target::Current {
            return;
        }
        let (Some(gating), Some(seirawan)) = (
            self.bool("gating", false),
            self.bool("seirawanGating", false),
        ) else {
            return;
        };
        if !gating && !seirawan {
            return;
        }
        if gating != seirawan {
            let key = if gating { "gating" } else { "seirawanGating" };
            self.refuse_key(
                key,
                "gates without Seirawan's gating moves, or Seirawan's gating without gates: the language's `gating` is the two together",
            );
            return;
        }
        let region = [
            "dropRegion",
            "dropRegionWhite",
            "dropRegionBlack",
            "whiteDropRegion",
            "blackDropRegion",
        ]
        .into_iter()
        .find(|k| self.raw(k).is_some());
        if let Some(key) = region {
            self.refuse_key(
                key,
                "drop regions beside gating: the engine gates a piece where it may be dropped, which is not compared yet",
            );
            return;
        }
        let Some(fen) = fen else {
            return;
        };
        let hand: Vec<char> = fen
            .placement
            .split_once('[')
            .map(|(_, h)| h.trim_end_matches(']').chars().collect())
            .unwrap_or_default();
        let to_hand = self.bool("capturesToHand", false) == Some(true);
        let first_rank_pawns = self.bool("firstRankPawnDrops", false) == Some(true);
        let pawn = self.pawn().map(|p| p.letter);
        let king = self.king().map(|p| p.letter);
        let names: Vec<String> = self
            .pieces
            .iter()
            .filter(|p| Some(p.letter) != king && !self.pseudo_royal.contains(&p.letter))
            .filter(|p| to_hand || hand.iter().any(|c| c.eq_ignore_ascii_case(&p.letter)))
            .filter(|p| Some(p.letter) != pawn || first_rank_pawns)
            .map(|p| p.name.clone())
            .collect();
        let said = [
            self.said("gating", "false"),
            self.said("seirawanGating", "false"),
        ]
        .join(", ");
        if names.is_empty() {
            self.line(
                &format!("// no gating: no piece can be in hand    // {said}"),
                Some("seirawanGating"),
            );
            self.line("", None);
            return;
        }
        self.line(
            &format!("zone gates {{ white: rank 1; black: rank {} }}", self.ranks),
            Some("seirawanGating"),
        );
        self.line(&format!("gating {{    // {said}"), Some("seirawanGating"));
        self.line(
            &format!("    {} on gates", names.join(" | ")),
            Some("seirawanGating"),
        );
        self.line("}", Some("seirawanGating"));
        self.line("", None);
    }

    /// `wallingRule`, `wallingRegion…` (the current Fairy-Stockfish): the
    /// `walls` item. `arrow` is `reach`, `past` is `past`, `static` is
    /// `anywhere`, `duck` is `moving`; the region (every square by default)
    /// is `on`. `edge` (a wall at the board's edge or beside a wall) has no
    /// place in the language yet (`E0201`).
    fn walls(&mut self) {
        if self.out.target != Target::Current {
            return;
        }
        let Some(rule) = self.raw("wallingRule").map(|v| v.value.trim().to_string()) else {
            return;
        };
        let place = match rule.as_str() {
            "none" => return,
            "arrow" => "reach",
            "past" => "past",
            "static" => "anywhere",
            "duck" => "moving",
            _ => {
                self.refuse_key(
                    "wallingRule",
                    "a wall on a square at the board's edge or beside a wall (`edge`): the language's `walls` has no such place yet",
                );
                return;
            }
        };
        let all = self.files * self.ranks;
        let mut regions = Vec::new();
        for (key, side) in [
            ("wallingRegionWhite", "wallingRegion"),
            ("wallingRegionBlack", "wallingRegion"),
        ] {
            // The later of the two keys a side's region is read from wins,
            // as Fairy-Stockfish reads `wallingRegion` after the sides'.
            let key = if self.raw(side).is_some() { side } else { key };
            let Some(squares) = self.squares(key) else {
                return;
            };
            let squares = if self.raw(key).is_none() {
                None
            } else {
                Some(squares)
            };
            regions.push((key, squares));
        }
        let on = match (&regions[0].1, &regions[1].1) {
            (None, None) => String::new(),
            (Some(w), Some(b)) if w == b && w.len() == all => String::new(),
            (Some(w), Some(b)) if w == b => format!(" on {}", w.join(", ")),
            _ => {
                let key = regions
                    .iter()
                    .find_map(|(k, s)| s.as_ref().map(|_| *k))
                    .unwrap_or("wallingRegion");
                self.refuse_key(
                    key,
                    "a walling region for one side only, or different for the two sides: not imported yet",
                );
                return;
            }
        };
        let mut said = vec![self.said("wallingRule", "none")];
        for (key, squares) in &regions {
            if squares.is_some() && !said.iter().any(|s| s.starts_with(&format!("{key} ="))) {
                said.push(self.said(key, "all"));
            }
        }
        self.line(
            &format!("walls {place}{on}    // {}", said.join(", ")),
            Some("wallingRule"),
        );
        self.line("", None);
    }

    /// `blastOnCapture`, `blastImmuneTypes` (the current Fairy-Stockfish):
    /// `blast { reach K; spared Pawn; immune … }`. Fairy-Stockfish spares
    /// its `pawn` type only; its blast beside a royal piece is not compared
    /// yet (`E0201`).
    fn blast(&mut self) {
        if self.out.target != Target::Current {
            return;
        }
        let Some(petrify) = self.letters("petrifyOnCaptureTypes") else {
            return;
        };
        let petrify: Vec<String> = petrify
            .iter()
            .filter_map(|&c| self.piece_of(c).map(|p| p.name.clone()))
            .collect();
        let petrify_line = (!petrify.is_empty()).then(|| {
            let said = self.said("petrifyOnCaptureTypes", "-");
            format!("    petrify {}    // {said}", petrify.join(", "))
        });
        let blasts = self.raw("blastOnCapture").map(|v| v.span);
        if blasts.is_none() || self.bool("blastOnCapture", false) != Some(true) {
            if let Some(l) = petrify_line {
                self.line("blast {", Some("petrifyOnCaptureTypes"));
                self.line(&l, Some("petrifyOnCaptureTypes"));
                self.line("}", Some("petrifyOnCaptureTypes"));
                self.line("", None);
            }
            return;
        }
        let span = blasts.unwrap_or(self.section.header_span);
        if petrify_line.is_some() && !self.pseudo_royal.is_empty() {
            // Probed with pyffish 0.0.90 on `nuclear`: `e5d4` is illegal
            // where the Commoner on d7 would stand on the open d-file.
            self.refuse_key(
                "petrifyOnCaptureTypes",
                "a petrifying capture that blasts, beside pseudo-royal pieces: Fairy-Stockfish's legality test takes the capture square as emptied by the blast and does not see the wall the capturer leaves there (fairyc's does)",
            );
            return;
        }
        // Pseudo-royal pieces meet a blast as fairyc's royal pieces do
        // (probed with `atomic`, `atomiczh`, `6x6atom`: a blast may not
        // take one's own, and one that takes the enemy's ends the game by
        // its extinction, [`Self::end`]); Fairy-Stockfish's `king` is
        // another matter.
        if self.king().is_some() {
            self.out.cannot(
                "blastOnCapture",
                span,
                "a blast in a variant with a `king`: how Fairy-Stockfish's royal king meets a blast is not compared with fairyc's yet (a pseudo-royal piece, `extinctionPseudoRoyal`, is)",
            );
            return;
        }
        let Some(immune) = self.letters("blastImmuneTypes") else {
            return;
        };
        let mut lines = vec!["    reach K".to_string()];
        if let Some(p) = self.pawn() {
            lines.push(format!("    spared {}", p.name));
        }
        let names: Vec<String> = immune
            .iter()
            .filter_map(|&c| self.piece_of(c).map(|p| p.name.clone()))
            .collect();
        let said = self.said("blastOnCapture", "false");
        self.line(&format!("// {said}"), Some("blastOnCapture"));
        self.line("blast {", Some("blastOnCapture"));
        for l in lines {
            self.line(&l, Some("blastOnCapture"));
        }
        if !names.is_empty() {
            let said = self.said("blastImmuneTypes", "-");
            self.line(
                &format!("    immune {}    // {said}", names.join(", ")),
                Some("blastImmuneTypes"),
            );
        }
        if let Some(l) = petrify_line {
            self.line(&l, Some("petrifyOnCaptureTypes"));
        }
        self.line("}", Some("blastOnCapture"));
        self.line("", None);
    }

    /// Whether captures blast (`blastOnCapture = true`, the current
    /// Fairy-Stockfish).
    fn blasts(&self) -> bool {
        self.out.target == Target::Current
            && self
                .raw("blastOnCapture")
                .is_some_and(|v| v.value == "true")
    }

    /// `extinctionPseudoRoyal = true` (the current Fairy-Stockfish): a piece
    /// of `extinctionPieceTypes` is pseudo-royal while its side has at most
    /// `extinctionPieceCount + 1` of its type; none may be left attacked, and
    /// a side without a move with one attacked is checkmated (FSF's
    /// `stalemate_value`). That is fairyc's `royal` with `royal { check any }`
    /// when the count can never pass that bound: each side starts within it,
    /// none is in hand and no promotion makes one. Otherwise `E0201`.
    fn pseudo_royals(&mut self, fen: Option<&Fen>) {
        if self.out.target != Target::Current {
            return;
        }
        let Some(v) = self.raw("extinctionPseudoRoyal") else {
            return;
        };
        let span = v.span;
        if self.bool("extinctionPseudoRoyal", false) != Some(true) {
            return;
        }
        let Some(fen) = fen else { return };
        let key = "extinctionPseudoRoyal";
        // Pseudo-royalty reads `extinctionPieceTypes` whatever
        // `extinctionValue` is; without types it changes nothing.
        let Some(types) = self.raw("extinctionPieceTypes").map(|v| v.value.clone()) else {
            return;
        };
        if types == "*" {
            self.out.cannot(
                key,
                span,
                "pseudo-royal pieces of every type (`extinctionPieceTypes = *`)",
            );
            return;
        }
        let n = match self.raw("extinctionPieceCount") {
            None => 0,
            Some(v) => match v.value.parse::<u64>() {
                Ok(n) => n,
                // `extinction` reports the value.
                Err(_) => return,
            },
        };
        let bound = usize::try_from(n).unwrap_or(usize::MAX).saturating_add(1);
        let on_board = |side: char| {
            fen.grid
                .iter()
                .flatten()
                .filter(|x| **x == Some(side))
                .count()
        };
        // More than one piece of a type, with a count of 0: none is
        // pseudo-royal until captures leave one, which is fairyc's `check
        // last`, where no side holds a `king` beside them (`check last`
        // counts every royal piece of a side, Fairy-Stockfish each type).
        // With several types the two counts agree while each side holds
        // pieces of one type only and no capture puts one of another type
        // in its hand.
        let kinds: Option<Vec<char>> = types
            .chars()
            .map(|c| self.piece_of(c).map(|p| p.letter))
            .collect();
        let king = self.king().map(|k| k.letter);
        let in_hand = self
            .raw("capturesToHand")
            .is_some_and(|v| v.value == "true");
        let last = n == 0
            && !self.blasts()
            && kinds.as_ref().is_some_and(|kinds| {
                (kinds.len() == 1 || !in_hand)
                    && kinds.iter().any(|&l| {
                        on_board(l.to_ascii_uppercase()) > 1 || on_board(l.to_ascii_lowercase()) > 1
                    })
                    && [true, false].iter().all(|&white| {
                        let case = |l: char| {
                            if white {
                                l.to_ascii_uppercase()
                            } else {
                                l.to_ascii_lowercase()
                            }
                        };
                        let held = kinds.iter().filter(|&&l| on_board(case(l)) > 0).count();
                        held == 0 || (held == 1 && king.is_none_or(|k| on_board(case(k)) == 0))
                    })
            });
        let mut letters = Vec::new();
        for c in types.chars() {
            let Some(letter) = self.piece_of(c).map(|p| p.letter) else {
                self.out.cannot(
                    key,
                    span,
                    &format!("`extinctionPieceTypes` names `{c}`, no piece of this variant"),
                );
                return;
            };
            for side in [letter, letter.to_ascii_lowercase()] {
                let count = on_board(side);
                if count > bound && !last {
                    self.out.cannot(key, span, &format!("a side starts with {count} pieces `{side}`, more than `extinctionPieceCount + 1`: they are not pseudo-royal until captures leave {bound}, a rule fairyc's `royal` has no word for"));
                    return;
                }
            }
            let hand = fen.placement.split_once('[').map_or("", |(_, h)| h);
            if hand.chars().any(|h| h.eq_ignore_ascii_case(&letter)) {
                self.out.cannot(key, span, &format!("a piece `{letter}` in hand could be dropped beyond `extinctionPieceCount + 1`"));
                return;
            }
            let promotions = self.raw("promotionPieceTypes").map_or_else(
                || self.default_promotion_types().to_string(),
                |v| v.value.clone(),
            );
            if (self.pawn().is_some() || self.promoting.is_some())
                && promotions.chars().any(|t| t.eq_ignore_ascii_case(&letter))
            {
                self.out.cannot(key, span, &format!("a promotion to `{letter}` can make one beyond `extinctionPieceCount + 1`, which then is not pseudo-royal"));
                return;
            }
            letters.push(letter);
        }
        for (k, default) in [
            ("checking", "true"),
            ("checkCounting", "false"),
            ("makpongRule", "false"),
            ("dropChecks", "true"),
        ] {
            // Without a `king` Fairy-Stockfish's move gives no check
            // (`Position::gives_check`): `checking` and `dropChecks`
            // change nothing ([`Self::legality`] writes neither).
            let no_check = self.king().is_none() && matches!(k, "checking" | "dropChecks");
            if !no_check && self.raw(k).is_some_and(|v| v.value != default) {
                self.out.cannot(key, span, &format!("with `{k}`: Fairy-Stockfish's check there is the king's alone, fairyc's every royal piece's"));
                return;
            }
        }
        self.pseudo_royal = letters;
        self.pseudo_royal_last = last;
    }

    /// `pawnTypes` (the current Fairy-Stockfish's pawns for promotion, en
    /// passant and the clock) and `promotionPawnTypes` (for promotion):
    /// which piece promotes ([`Self::promotion`]) and which resets the
    /// clock on its irreversible moves ([`Self::clock`]); without them,
    /// the `pawn`. Fairy-Stockfish's `pawn` type keeps its own promotions,
    /// double steps and en-passant captures whatever the keys say (probed
    /// in its move generator), so a `pawn` in the start position (board or
    /// hand) that the keys leave out is refused, and so are several types
    /// (one piece plays the pawn's roles here). The en-passant role is read
    /// with the piece's Betza ([`Self::custom_betza`]).
    fn pawn_types(&mut self, fen: Option<&Fen>) {
        self.promoting = self.pawn().cloned();
        self.clock_pawn = self.pawn().cloned();
        if self.out.target != Target::Current {
            return;
        }
        let in_play = |p: &Piece| {
            fen.is_some_and(|f| {
                f.placement
                    .chars()
                    .any(|c| c.eq_ignore_ascii_case(&p.letter))
            })
        };
        let mut roles: Vec<(&str, Option<Piece>)> = Vec::new();
        for key in ["pawnTypes", "promotionPawnTypes"] {
            if self.raw(key).is_none() {
                continue;
            }
            let Some(letters) = self.letters(key) else {
                return;
            };
            if letters.len() > 1 {
                self.refuse_key(
                    key,
                    "several pawn types: the import writes one piece with the pawn's promotions and clock",
                );
                return;
            }
            let piece = letters.first().and_then(|&c| self.piece_of(c).cloned());
            if let Some(pawn) = self.pawn().filter(|p| in_play(p)) {
                if piece.as_ref().map(|p| p.letter) != Some(pawn.letter) {
                    self.refuse_key(
                        key,
                        "leaves out the `pawn`, which is in play: Fairy-Stockfish's `pawn` type keeps its promotions and en-passant captures whatever this key says",
                    );
                    return;
                }
            }
            roles.push((key, piece));
        }
        // `promotionPawnTypes` is read after `pawnTypes` in a section; a
        // child's `pawnTypes` sets both again.
        let pawn_types = roles.iter().find(|(k, _)| *k == "pawnTypes").cloned();
        let promotion = roles
            .iter()
            .find(|(k, _)| *k == "promotionPawnTypes")
            .filter(|_| {
                !(self.inherited("promotionPawnTypes")
                    && pawn_types.is_some()
                    && !self.inherited("pawnTypes"))
            })
            .cloned()
            .or_else(|| pawn_types.clone());
        if let Some((_, p)) = pawn_types {
            self.clock_pawn = p;
        }
        if let Some((_, p)) = promotion {
            self.promoting = p;
        }
        self.side_types();
    }

    /// `promotionPawnTypesWhite/Black`, `nMoveRuleTypes` and
    /// `nMoveRuleTypesWhite/Black` (the current Fairy-Stockfish): one
    /// side's promoting piece and clock piece (one each; a side's key given
    /// by a parent yields to the section's own key for both sides).
    fn side_types(&mut self) {
        self.promoting_side = [self.promoting.clone(), self.promoting.clone()];
        self.clock_side = [self.clock_pawn.clone(), self.clock_pawn.clone()];
        if self.out.target != Target::Current {
            return;
        }
        let one = |s: &mut Self, key: &str| -> Option<Option<Piece>> {
            let letters = s.letters(key)?;
            if letters.len() > 1 {
                s.refuse_key(
                    key,
                    "several pieces of one side: the import writes one piece with the pawn's promotions and clock",
                );
                return None;
            }
            Some(letters.first().and_then(|&c| s.piece_of(c).cloned()))
        };
        if self.raw("nMoveRuleTypes").is_some()
            && (!self.inherited("nMoveRuleTypes") || self.inherited("pawnTypes"))
        {
            let Some(p) = one(self, "nMoveRuleTypes") else {
                return;
            };
            self.clock_side = [p.clone(), p];
        }
        for (side, (promoting, clock, generic)) in [
            (
                "promotionPawnTypesWhite",
                "nMoveRuleTypesWhite",
                "promotionPawnTypes",
            ),
            (
                "promotionPawnTypesBlack",
                "nMoveRuleTypesBlack",
                "promotionPawnTypes",
            ),
        ]
        .into_iter()
        .enumerate()
        {
            if self.raw(promoting).is_some()
                && (!self.inherited(promoting) || self.inherited(generic))
            {
                let Some(p) = one(self, promoting) else {
                    return;
                };
                self.promoting_side[side] = p;
            }
            if self.raw(clock).is_some()
                && (!self.inherited(clock) || self.inherited("nMoveRuleTypes"))
            {
                let Some(p) = one(self, clock) else {
                    return;
                };
                self.clock_side[side] = p;
            }
        }
    }

    /// The zone of the pawn's double steps, if it has them. Fairy-Stockfish
    /// lets any pawn standing in its side's double-step region step two
    /// squares, as fairyc's `ifmnD from <zone>` does (an `i` term with
    /// `from` starts on those squares, whether or not the pawn started
    /// there).
    /// `tripleStepRegionWhite`, `tripleStepRegionBlack` (the current
    /// Fairy-Stockfish): the squares from which its `pawn` type may also go
    /// three squares straight on, through empty squares (src/movegen.cpp);
    /// the name of the zone written, if the section gives a region and has
    /// a pawn.
    fn triple_step(&mut self) -> Option<String> {
        let keys = ["tripleStepRegionWhite", "tripleStepRegionBlack"];
        if self.out.target != Target::Current || keys.iter().all(|k| self.raw(k).is_none()) {
            return None;
        }
        self.pawn()?;
        let white = self.squares(keys[0])?;
        let black = self.squares(keys[1])?;
        if white.is_empty() && black.is_empty() {
            return None;
        }
        let side = |s: &[String]| {
            if s.is_empty() {
                "none".to_string()
            } else {
                s.join(", ")
            }
        };
        let said = [self.said(keys[0], ""), self.said(keys[1], "")].join(", ");
        self.line(&format!("// {said}"), Some(keys[0]));
        self.line(
            &format!(
                "zone triple-step {{ white: {}; black: {} }}",
                side(&white),
                side(&black)
            ),
            Some(keys[0]),
        );
        Some("triple-step".into())
    }

    fn double_step(&mut self, fen: Option<&Fen>) -> Option<String> {
        fen?;
        let initial = self
            .pieces
            .iter()
            .find(|p| p.key != "pawn" && p.betza.split_whitespace().any(|t| t.starts_with('i')))
            .map(|p| p.key.clone());
        if self.pawn().is_none() && initial.is_none() {
            return None;
        }
        let on = self.bool("doubleStep", true)?;
        let rank = self.int("doubleStepRank", 2, 1, self.ranks as u64)? as usize;
        let first = self.bool("firstRankDoubleSteps", false)?;
        if !on {
            return None;
        }
        let current = self.out.target == Target::Current;
        // The current Fairy-Stockfish's regions, given as squares.
        let mut regions = [None, None];
        for (side, key) in ["doubleStepRegionWhite", "doubleStepRegionBlack"]
            .into_iter()
            .enumerate()
        {
            if current && self.raw(key).is_some() {
                regions[side] = Some(self.squares(key)?);
            }
        }
        let made_on = self
            .raw(DOUBLE_STEP_RANKS)
            .and_then(|v| v.value.parse::<usize>().ok())
            .unwrap_or(self.ranks);
        // The current Fairy-Stockfish makes the double-step regions when it
        // reads `doubleStepRank`, on that section's board: a child on a
        // board of another height keeps Black's on the parent's rank.
        let black_rank = if current {
            made_on + 1 - rank.min(made_on)
        } else {
            self.ranks + 1 - rank
        };
        let mut zone = [format!("rank {rank}"), format!("rank {black_rank}")];
        for (side, region) in regions.clone().into_iter().enumerate() {
            if let Some(squares) = region {
                if squares.is_empty() {
                    let key = ["doubleStepRegionWhite", "doubleStepRegionBlack"][side];
                    let span = self.raw(key).map_or(self.section.header_span, |v| v.span);
                    self.out
                        .cannot(key, span, "no double steps for one side only");
                    return None;
                }
                zone[side] = squares.join(", ");
            } else if !(1..=self.ranks).contains(&[rank, black_rank][side]) {
                // A rank off this board (one inherited from a board of
                // another height, where Fairy-Stockfish made the region):
                // no double steps for that side.
                zone[side] = "none".into();
            }
        }
        // A double step from the first rank (`firstRankDoubleSteps`) makes
        // no en-passant square in FSF: `mfnD from` that rank, any square.
        let first_rank = first && rank != 1;
        if let (true, Some(key)) = (first_rank, &initial) {
            // Fairy-Stockfish adds the first rank to the region, where a
            // custom piece's initial move makes en-passant squares.
            let key = key.clone();
            self.refuse_key(
                &key,
                "an initial move (`i`) with `firstRankDoubleSteps = true`: Fairy-Stockfish's first-rank double steps make en-passant squares for a custom piece, fairyc's `mfnD from` the first rank none",
            );
            return None;
        }
        // The current Fairy-Stockfish's `enPassantRegion…`: a double step
        // makes an en-passant square only where the square it passes is in
        // the opponent's region (horde's from the first rank makes none):
        // the double steps that pass another square are `mfnD` from a zone
        // of their own.
        let ep = self.en_passant_regions()?;
        let regioned = ep.iter().any(Option::is_some) && !self.no_en_passant();
        let mut ep_keys: Vec<&str> = (0..2)
            .filter_map(|side| self.en_passant_key(side))
            .collect();
        ep_keys.dedup();
        if regioned {
            let key = ep_keys.first().copied().unwrap_or("enPassantRegion");
            // The engine reads a start position's en-passant square only
            // on the region of the side to move (src/position.cpp, `set`).
            let to_move = usize::from(fen.is_some_and(|f| f.side == "b"));
            let dropped = fen.is_some_and(|f| {
                f.ep != "-"
                    && ep[to_move]
                        .as_ref()
                        .is_some_and(|r| square_at(&f.ep).is_none_or(|s| !r.contains(&s)))
            });
            let triple = ["tripleStepRegionWhite", "tripleStepRegionBlack"]
                .iter()
                .any(|k| {
                    self.raw(k)
                        .is_some_and(|v| !matches!(v.value.trim(), "" | "-"))
                });
            let why = if initial.is_some() {
                Some("an en-passant region beside a custom piece's initial move (`i`): fairyc's `i` makes every square it passes an en-passant square, the engine only those of the region")
            } else if triple {
                Some("an en-passant region beside a triple step (`tripleStepRegion…`): fairyc's makes both squares it passes en-passant squares, the engine only those of the region")
            } else if first_rank {
                Some("an en-passant region beside `firstRankDoubleSteps = true`")
            } else if dropped {
                Some("an en-passant square in `startFen` outside the region of the side to move, which the engine does not read")
            } else {
                None
            };
            if let Some(why) = why {
                self.refuse_key(key, why);
                return None;
            }
        }
        let quiet = if regioned {
            let starts: [Vec<Square>; 2] = [0, 1].map(|side| match &regions[side] {
                Some(squares) => squares.iter().filter_map(|s| square_at(s)).collect(),
                None => {
                    let r = [rank, black_rank][side];
                    if (1..=self.ranks).contains(&r) {
                        (0..self.files).map(|f| (f, r - 1)).collect()
                    } else {
                        Vec::new()
                    }
                }
            });
            let mut split = [[Vec::new(), Vec::new()], [Vec::new(), Vec::new()]];
            for side in 0..2 {
                for &(f, r) in &starts[side] {
                    let passed = if side == 0 {
                        Some(r + 1)
                    } else {
                        r.checked_sub(1)
                    };
                    let makes = match (&ep[1 - side], passed) {
                        (Some(region), Some(p)) => region.contains(&(f, p)),
                        _ => true,
                    };
                    split[usize::from(!makes)][side].push(square_name((f, r)));
                }
            }
            let [makes, quiet] = split;
            if quiet.iter().all(Vec::is_empty) {
                None
            } else {
                let side = |s: &[String]| {
                    if s.is_empty() {
                        "none".to_string()
                    } else {
                        s.join(", ")
                    }
                };
                zone = [side(&makes[0]), side(&makes[1])];
                Some([side(&quiet[0]), side(&quiet[1])])
            }
        } else {
            None
        };
        let [white, black] = zone;
        let white = [white];
        let black = [black];
        let said = [
            self.said("doubleStep", "true"),
            self.said("doubleStepRank", "2"),
            self.said("firstRankDoubleSteps", "false"),
        ]
        .join(", ");
        self.line(&format!("// {said}"), Some("doubleStepRank"));
        self.line(
            &format!(
                "zone double-step {{ white: {}; black: {} }}",
                white.join(", "),
                black.join(", ")
            ),
            Some("doubleStepRank"),
        );
        if let Some([white, black]) = quiet {
            let key = ep_keys.first().copied().unwrap_or("enPassantRegion");
            let said: Vec<String> = ep_keys.iter().map(|k| self.said(k, "")).collect();
            let said = said.join(", ");
            self.line(
                &format!("// {said}: these double steps make no en-passant square"),
                Some(key),
            );
            self.line(
                &format!("zone quiet-double-step {{ white: {white}; black: {black} }}"),
                Some(key),
            );
            self.quiet_double = Some("quiet-double-step".into());
        }
        if first_rank {
            self.line(
                &format!(
                    "zone first-rank {{ white: rank 1; black: rank {} }}",
                    self.ranks
                ),
                Some("firstRankDoubleSteps"),
            );
            return Some("double-step; moves mfnD from first-rank".into());
        }
        Some("double-step".into())
    }

    fn castling(&mut self, fen: &Fen) {
        let on = self.bool("castling", true);
        // `castlingDroppedPiece` (the current Fairy-Stockfish): a drop of
        // the king on its file and of a rook on a corner of the castling
        // rank gives the right; the four rules are written from those
        // squares (`by-drop`), whatever rights the start position has.
        let by_drop = self.out.target == Target::Current
            && on == Some(true)
            && self.bool("pieceDrops", false) == Some(true)
            && self.bool("castlingDroppedPiece", false) == Some(true);
        let rights = if by_drop {
            "KQkq".to_string()
        } else {
            fen.castling.clone()
        };
        if rights == "-" {
            return;
        }
        if on == Some(false) {
            return;
        }
        if by_drop && (fen.castling != "-" || self.raw("castlingKingFile").is_some()) {
            self.refuse_key(
                "castlingDroppedPiece",
                "castling rights by drop beside rights in the start position, or with `castlingKingFile`: not imported yet",
            );
            return;
        }
        let Some(kf) = self.file("castlingKingsideFile", 6) else {
            return;
        };
        let Some(qf) = self.file("castlingQueensideFile", 2) else {
            return;
        };
        let Some(rank) = self.int("castlingRank", 1, 1, self.ranks as u64) else {
            return;
        };
        let rank = rank as usize;
        let rook_key = self.rook_key();
        // `castlingRookPieces` (the current Fairy-Stockfish) may name several
        // types: a right castles the outermost piece of any of them on its
        // side of the king, as the engine finds it in the start FEN.
        let several = rook_key == "castlingRookPieces"
            && self
                .raw(rook_key)
                .is_some_and(|v| v.value.trim().chars().count() > 1);
        let rooks: Vec<Piece> = if several {
            let Some(letters) = self.letters(rook_key) else {
                return;
            };
            letters
                .iter()
                .filter_map(|&c| self.piece_of(c).cloned())
                .collect()
        } else {
            Vec::new()
        };
        let rook = match self.raw(rook_key) {
            _ if !rooks.is_empty() => rooks[0].clone(),
            Some(_) => match self.piece_key(rook_key) {
                Some(Some(p)) => p,
                _ => return,
            },
            None => match self.pieces.iter().find(|p| p.key == "rook") {
                Some(p) => p.clone(),
                None => {
                    self.out.cannot(
                        "castling",
                        self.fen_span(),
                        "the start position has castling rights but the variant has no `rook` (`castlingRookPiece` defaults to it)",
                    );
                    return;
                }
            },
        };
        let king_piece = match self.raw("castlingKingPiece") {
            Some(_) if self.out.target == Target::Current => {
                match self.piece_key("castlingKingPiece") {
                    Some(Some(p)) => Some(p),
                    _ => return,
                }
            }
            _ => self.king().cloned(),
        };
        let Some(king) = king_piece else {
            self.out.cannot(
                "castling",
                self.fen_span(),
                "the start position has castling rights but the variant has no `king` (FSF 11.1 castles its king only)",
            );
            return;
        };
        let mut rules = Vec::new();
        // With Seirawan's gating, a file letter is a gate right, which the
        // `gating` item reads from the same field ([`Self::gating`]).
        let gates = self.out.target == Target::Current
            && self.bool("gating", false) == Some(true)
            && self.bool("seirawanGating", false) == Some(true);
        for right in rights.chars() {
            let (white, kingside) = match right {
                'K' => (true, true),
                'Q' => (true, false),
                'k' => (false, true),
                'q' => (false, false),
                c if gates && c.is_ascii_alphabetic() => continue,
                _ => {
                    self.out.cannot(
                        "startFen",
                        self.fen_span(),
                        &format!(
                            "castling right `{right}`: only `KQkq` are imported (not rook files)"
                        ),
                    );
                    return;
                }
            };
            let y = if white { rank - 1 } else { self.ranks - rank };
            let case = |c: char| {
                if white {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            };
            let kl = case(king.letter);
            let candidates: Vec<Piece> = if rooks.is_empty() {
                vec![rook.clone()]
            } else {
                rooks.clone()
            };
            let is_rook = |c: Option<char>| candidates.iter().any(|p| c == Some(case(p.letter)));
            let found = if by_drop {
                // The king's file (e) and the rook's corner.
                Some(4).filter(|&x| x < self.files)
            } else {
                (0..self.files).find(|&x| fen.at(x, y) == Some(kl))
            };
            let Some(kx) = found else {
                self.out.cannot(
                    "castling",
                    self.fen_span(),
                    &format!("castling right `{right}`, but no king on the castling rank"),
                );
                return;
            };
            let rx = if by_drop {
                Some(if kingside { self.files - 1 } else { 0 })
            } else if kingside {
                (kx + 1..self.files).rev().find(|&x| is_rook(fen.at(x, y)))
            } else {
                (0..kx).find(|&x| is_rook(fen.at(x, y)))
            };
            let Some(rx) = rx else {
                self.out.cannot(
                    "castling",
                    self.fen_span(),
                    &format!(
                        "castling right `{right}`, but no `{}` on that side of the king",
                        rook.key
                    ),
                );
                return;
            };
            let (kto, rto) = if kingside {
                (kf, kf.wrapping_sub(1))
            } else {
                (qf, qf + 1)
            };
            if rto >= self.files || kto >= self.files {
                self.bad(
                    "castlingKingsideFile",
                    "E0203",
                    "not a file where castling fits",
                    "give files inside the board",
                );
                return;
            }
            let sq = |x: usize| format!("{}{}", (b'a' + x as u8) as char, y + 1);
            // `oppositeCastling` (the current Fairy-Stockfish): a castling
            // takes the opponent's right on the same side.
            let opposite = if right.is_ascii_uppercase() {
                right.to_ascii_lowercase()
            } else {
                right.to_ascii_uppercase()
            };
            let ends = if self.out.target == Target::Current
                && self.bool("oppositeCastling", false) == Some(true)
                && rights.contains(opposite)
            {
                format!(" ends {opposite}")
            } else {
                String::new()
            };
            let castled = candidates
                .iter()
                .find(|p| fen.at(rx, y) == Some(case(p.letter)))
                .unwrap_or(&rook);
            rules.push(format!(
                "    {right}: {} {} -> {}, {} {} -> {}{ends}",
                king.name,
                sq(kx),
                sq(kto),
                castled.name,
                sq(rx),
                sq(rto)
            ));
        }
        let mut said = vec![
            self.said("castling", "true"),
            self.said("castlingKingsideFile", "g"),
            self.said("castlingQueensideFile", "c"),
            self.said("castlingRank", "1"),
        ];
        if self.out.target == Target::Current && self.raw("oppositeCastling").is_some() {
            said.push(self.said("oppositeCastling", "false"));
        }
        let said = said.join(", ");
        self.line(&format!("// {said}"), Some("castling"));
        self.line("castling {", Some("castling"));
        for r in rules {
            self.line(&r, Some("castling"));
        }
        if by_drop {
            let said = self.said("castlingDroppedPiece", "false");
            self.line(
                &format!("    by-drop    // {said}"),
                Some("castlingDroppedPiece"),
            );
        }
        self.line("}", Some("castling"));
        self.line("", None);
    }

    fn fen_span(&self) -> Span {
        self.raw("startFen")
            .map_or(self.section.header_span, |v| v.span)
    }

    fn promotion_rank(&mut self) -> Got<usize> {
        // A rank beyond the board (chess's default 8 on a smaller board)
        // makes an empty promotion region: the pawn never promotes.
        self.int("promotionRank", 8, 1, 1000).map(|r| r as usize)
    }

    /// `promotedPieceType = p:g n:e …` (the current Fairy-Stockfish): each
    /// base piece and the piece type it turns into. fairyc writes the result
    /// as the base's promoted face `+B`, a type of its own with the target's
    /// moves, as Fairy-Stockfish writes it in FENs (`+P`).
    fn read_promoted(&mut self) {
        if self.out.target != Target::Current {
            return;
        }
        let Some(v) = self.raw("promotedPieceType") else {
            return;
        };
        let (value, span) = (v.value.clone(), v.span);
        let key = "promotedPieceType";
        let mut faces: Vec<(Piece, Piece)> = Vec::new();
        for word in value.split_whitespace().filter(|w| *w != "-") {
            let mut chars = word.chars();
            let (Some(b), Some(':'), Some(t), None) =
                (chars.next(), chars.next(), chars.next(), chars.next())
            else {
                self.bad(
                    key,
                    "E0204",
                    &format!("`{}` is not `piece:promoted`", elide(word)),
                    "write pairs of letters, the piece and the type it promotes to (`p:g n:e`)",
                );
                return;
            };
            let (Some(base), Some(target)) = (self.piece_of(b).cloned(), self.piece_of(t).cloned())
            else {
                let c = if self.piece_of(b).is_none() { b } else { t };
                self.no_piece(key, span, c);
                return;
            };
            if faces.iter().any(|(x, _)| x.letter == base.letter) {
                self.bad(
                    key,
                    "E0204",
                    &format!("`{}` is given two promoted types", b.to_ascii_lowercase()),
                    "give each piece one promoted type",
                );
                return;
            }
            faces.push((base, target));
        }
        let royal = |p: &Piece| p.key == "king" || self.pseudo_royal.contains(&p.letter);
        // A pseudo-royal piece promoting to another pseudo-royal type stays
        // its side's one royal piece (Fairy-Stockfish's legality test moves
        // its pseudo-royalty with it): the face is `royal` too.
        let royal_face = |b: &Piece, t: &Piece| {
            !self.blasts()
                && !self.pseudo_royal_last
                && self.pseudo_royal.contains(&b.letter)
                && self.pseudo_royal.contains(&t.letter)
        };
        // `extinctionPieceTypes = *` counts every piece, a promoted one too,
        // as `extinction all` does: only named types (and a flag piece
        // `*`, which the import writes type by type) tell a face apart.
        // Pseudo-royal types have no extinction rule (they are never
        // captured), and a named flag piece's goal counts its faces
        // ([`Self::flag`]).
        let pseudo = !self.pseudo_royal.is_empty() && !self.blasts();
        let special: Vec<char> = [
            "extinctionPieceTypes",
            "flagPiece",
            "flagPieceWhite",
            "flagPieceBlack",
        ]
        .iter()
        .filter(|k| !(pseudo && **k == "extinctionPieceTypes"))
        .filter_map(|k| self.raw(k).map(|v| (*k, v)))
        .flat_map(|(k, v)| {
            let flag = k.starts_with("flagPiece");
            v.value
                .chars()
                .filter(|c| {
                    (c.is_ascii_alphabetic() && !flag) || (*c == '*' && k != "extinctionPieceTypes")
                })
                .collect::<Vec<_>>()
        })
        .map(|c| c.to_ascii_uppercase())
        .collect();
        for (base, target) in &faces {
            let why = if (royal(base) || royal(target)) && !royal_face(base, target) {
                Some(format!(
                    "`{}` promoting to `{}`: a royal or pseudo-royal piece in a shogi-style promotion to or from a piece that is not pseudo-royal",
                    base.letter.to_ascii_lowercase(),
                    target.letter.to_ascii_lowercase()
                ))
            } else if base.letter == target.letter
                || faces.iter().any(|(b, _)| b.letter == target.letter)
            {
                Some(format!(
                    "`{}` promotes to a piece that promotes again: fairyc's promoted face `+{}` does not",
                    base.letter.to_ascii_lowercase(),
                    base.letter
                ))
            } else if target.key == "pawn" || self.mutual.contains(&target.letter) {
                Some(format!(
                    "the promoted `{}` keeps rules of its type (a pawn's, or mutual immunity) that fairyc's promoted face `+{}` would not have",
                    target.letter.to_ascii_lowercase(),
                    base.letter
                ))
            } else if special.contains(&target.letter) || special.contains(&'*') {
                Some(format!(
                    "Fairy-Stockfish counts a promoted `{}` as a `{}` in its extinction rule or a goal of any piece; fairyc's promoted face `+{}` is a type of its own",
                    base.letter.to_ascii_lowercase(),
                    target.letter.to_ascii_lowercase(),
                    base.letter
                ))
            } else {
                None
            };
            if let Some(why) = why {
                self.out.cannot(key, span, &why);
                return;
            }
        }
        // Fairy-Stockfish counts pseudo-royal pieces type by type: a
        // promotion between two such types keeps each within the bound
        // only where a side's pseudo-royal pieces of all types together
        // are within it (`check any` then says the same).
        if faces.iter().any(|(b, t)| royal_face(b, t)) {
            let bound = self
                .raw("extinctionPieceCount")
                .and_then(|v| v.value.parse::<usize>().ok())
                .unwrap_or(0)
                .saturating_add(1);
            let placement = self
                .raw("startFen")
                .map(|v| v.value.split(['[', ' ']).next().unwrap_or("").to_string())
                .unwrap_or_default();
            for white in [true, false] {
                let count = placement
                    .chars()
                    .filter(|c| c.is_uppercase() == white)
                    .filter(|c| self.pseudo_royal.contains(&c.to_ascii_uppercase()))
                    .count();
                if count > bound {
                    let why = format!("a pseudo-royal piece promoting to another pseudo-royal type, where a side starts with {count} of them: Fairy-Stockfish counts each type alone, fairyc's `royal` all of them");
                    self.out.cannot(key, span, &why);
                    return;
                }
            }
        }
        self.faces = faces;
    }

    /// `promotionPieceTypes` when no section of the chain gives it: none
    /// for the current Fairy-Stockfish (a section without a parent has its
    /// pieces reset), chess's four for 11.1.
    fn default_promotion_types(&self) -> &'static str {
        if self.out.target == Target::Current {
            "-"
        } else {
            "nbrq"
        }
    }

    /// The name of the promoted face of `base` ([`Self::read_promoted`]).
    fn face_name(base: &Piece) -> String {
        format!("Promoted{}", base.name)
    }

    /// The `promotion-zone` squares of White and Black, from
    /// `promotionRank` or the current Fairy-Stockfish's regions; the lines
    /// of `said` explain it.
    fn promotion_zone(&mut self, said: &mut Vec<String>) -> Got<[String; 2]> {
        let rank = self.promotion_rank()?;
        let regions = self.out.target == Target::Current
            && (self.raw("promotionRegionWhite").is_some()
                || self.raw("promotionRegionBlack").is_some());
        // The board the regions were made on (the current Fairy-Stockfish).
        let made_on = if self.out.target == Target::Current {
            self.raw(PROMOTION_RANKS)
                .and_then(|v| v.value.parse::<usize>().ok())
                .unwrap_or(self.ranks)
        } else {
            self.ranks
        };
        if rank > made_on && !regions {
            // Fairy-Stockfish measures Black's region from the far side:
            // beyond the board, White's is empty but Black's is not (pyffish
            // 0.0.90 promotes Black's pawns on their first step).
            self.refuse_key(
                "promotionRank",
                "a promotion rank beyond the board: Fairy-Stockfish then promotes Black's pawns anywhere but White's nowhere",
            );
            return None;
        }
        let n = self.ranks;
        let ranks = |from: usize, to: usize| {
            if from == to {
                format!("rank {from}")
            } else {
                format!("ranks {from}..{to}")
            }
        };
        said.push(self.said("promotionRank", "8"));
        let mut zone = [String::new(), String::new()];
        for (side, key) in ["promotionRegionWhite", "promotionRegionBlack"]
            .into_iter()
            .enumerate()
        {
            zone[side] = if regions && self.raw(key).is_some() {
                said.push(self.said(key, ""));
                match self.squares(key) {
                    Some(squares) if !squares.is_empty() => squares.join(", "),
                    Some(_) => {
                        let span = self.raw(key).map_or(self.section.header_span, |v| v.span);
                        self.out
                            .cannot(key, span, "an empty promotion region for one side");
                        return None;
                    }
                    None => return None,
                }
            } else if rank > made_on {
                self.refuse_key("promotionRank", "a promotion region for one side only");
                return None;
            } else if side == 0 && rank > n {
                // White's region, made on a taller board, is off this one.
                "none".into()
            } else if side == 0 {
                ranks(rank, made_on.min(n))
            } else {
                ranks(1, (made_on + 1 - rank).min(n))
            };
        }
        Some(zone)
    }

    /// The promotion types of `promotionPieceTypes` (or its `White`/`Black`
    /// form `key`): none after `-`; without the key, none for the current
    /// Fairy-Stockfish (it reads a section without a parent with its pieces
    /// reset, promotion types included, `Variant::reset_pieces`: none
    /// unless a section of the chain gives them, as its `chess` built-in
    /// does), chess's four for 11.1. `None` after an error.
    fn promotion_targets(&mut self, key: &str) -> Option<Vec<Piece>> {
        let Some(v) = self.raw(key) else {
            if self.out.target == Target::Current {
                return Some(Vec::new());
            }
            return Some(
                ["queen", "rook", "bishop", "knight"]
                    .iter()
                    .filter_map(|k| self.pieces.iter().find(|p| p.key == *k).cloned())
                    .collect(),
            );
        };
        let (value, span) = (v.value.clone(), v.span);
        if value.trim() == "-" {
            return Some(Vec::new());
        }
        let mut t: Vec<Piece> = Vec::new();
        for c in value.chars() {
            match self.set_member(key, c) {
                Some(Some(p)) if !t.iter().any(|q| q.letter == p.letter) => t.push(p),
                Some(_) => {}
                None => {
                    self.no_piece(key, span, c);
                    return None;
                }
            }
        }
        Some(t)
    }

    /// Each side's promoting piece and its promotion types: one pair when
    /// both sides promote alike; two with the current Fairy-Stockfish's
    /// `promotionPawnTypesWhite/Black` or `promotionPieceTypesWhite/Black`
    /// (khans), written as one rule per piece, which says the same only
    /// where each side's promoting piece is its own (no side starts with
    /// the other's, no drops bring it, no promotion makes it) and the two
    /// pieces differ. `None` after an error.
    /// Whether a side may hold the other side's piece of a pair written as
    /// one rule per piece: Black starts with `white`'s type or White with
    /// `black`'s (board or hand of `startFen`), or drops may bring one.
    fn crossing(&mut self, white: &Piece, black: &Piece) -> bool {
        let placement = self
            .raw("startFen")
            .map(|v| v.value.split_whitespace().next().unwrap_or("").to_string())
            .unwrap_or_default();
        self.bool("pieceDrops", false) == Some(true)
            || placement.contains(white.letter.to_ascii_lowercase())
            || placement.contains(black.letter.to_ascii_uppercase())
    }

    fn promoting_sides(
        &mut self,
        pawn: Option<&Piece>,
        faces: bool,
    ) -> Option<Vec<(Piece, Vec<Piece>)>> {
        let generic = self.promotion_targets("promotionPieceTypes")?;
        let per_side = |s: &Self, key: &str| {
            s.out.target == Target::Current
                && s.raw(key).is_some()
                && (!s.inherited(key) || s.inherited("promotionPieceTypes"))
        };
        let mut targets = [generic.clone(), generic];
        for (side, key) in ["promotionPieceTypesWhite", "promotionPieceTypesBlack"]
            .into_iter()
            .enumerate()
        {
            if per_side(self, key) {
                targets[side] = self.promotion_targets(key)?;
            }
        }
        let pawns = self.promoting_side.clone();
        let letters = |t: &[Piece]| t.iter().map(|p| p.letter).collect::<Vec<_>>();
        let same = pawns[0].as_ref().map(|p| p.letter) == pawns[1].as_ref().map(|p| p.letter)
            && letters(&targets[0]) == letters(&targets[1]);
        if same {
            let [white, _] = targets;
            return Some(pawn.map(|p| (p.clone(), white)).into_iter().collect());
        }
        let key = if pawns[0].as_ref().map(|p| p.letter) != pawns[1].as_ref().map(|p| p.letter) {
            "promotionPawnTypesBlack"
        } else {
            "promotionPieceTypesBlack"
        };
        let own = match (&pawns[0], &pawns[1]) {
            (Some(w), Some(b)) if w.letter != b.letter => Some((w.clone(), b.clone())),
            _ => None,
        };
        let Some((white, black)) = own else {
            // One piece, other types for each side: a rule per side.
            let one = match (&pawns[0], &pawns[1]) {
                (Some(w), Some(b)) if w.letter == b.letter && !faces => Some(w.clone()),
                _ => None,
            };
            let Some(piece) = one else {
                self.refuse_key(
                    key,
                    "one piece promoting to different types for each side, beside promoted faces: not imported yet",
                );
                return None;
            };
            self.split_promotion = true;
            let [w, b] = targets;
            return Some(vec![(piece.clone(), w), (piece, b)]);
        };
        let crossed = self.crossing(&white, &black);
        let made = targets
            .iter()
            .flatten()
            .any(|t| t.letter == white.letter || t.letter == black.letter);
        if faces || crossed || made {
            self.refuse_key(
                key,
                "each side's promoting piece written as one rule per piece: only where neither side can have the other's (no drops, promoted faces or promotions make one)",
            );
            return None;
        }
        let [w, b] = targets;
        Some(vec![(white, w), (black, b)])
    }

    fn promotion(&mut self) {
        let mandatory = self.bool("mandatoryPawnPromotion", true);
        let pieces_mandatory = self.bool("mandatoryPiecePromotion", false);
        let on_capture = self.bool("piecePromotionOnCapture", false);
        let demotion = self.bool("pieceDemotion", false);
        let immobility = self.bool("immobilityIllegal", false);
        let (
            Some(mandatory),
            Some(pieces_mandatory),
            Some(on_capture),
            Some(demotion),
            Some(immobility),
        ) = (
            mandatory,
            pieces_mandatory,
            on_capture,
            demotion,
            immobility,
        )
        else {
            return;
        };
        let faces = self.faces.clone();
        let pawn = self.promoting.clone();
        let pawn_face = pawn
            .as_ref()
            .and_then(|p| faces.iter().find(|(b, _)| b.letter == p.letter))
            .map(|(b, _)| Self::face_name(b));
        let mut rules: Vec<String> = Vec::new();
        let mut pawn_promotes = false;
        let Some(sides) = self.promoting_sides(pawn.as_ref(), !faces.is_empty()) else {
            return;
        };
        for (i, (pawn, targets)) in sides.iter().enumerate() {
            let zone = if self.split_promotion {
                ["promotion-zone-white", "promotion-zone-black"][i]
            } else {
                "promotion-zone"
            };
            pawn_promotes |= !targets.is_empty();
            let mut names: Vec<String> = targets.iter().map(|p| p.name.clone()).collect();
            if targets.is_empty() && pawn_face.is_none() && mandatory {
                // No promotion types and a promotion it may not decline:
                // Fairy-Stockfish's pawn has no move into the region.
                rules.push(format!("    {} -> none in {zone}", pawn.name));
            } else if targets.is_empty() && pawn_face.is_none() {
                // `-`: no promotion types; the pawn stays a pawn on the last ranks.
                let said = self.said("promotionPieceTypes", self.default_promotion_types());
                self.line(
                    &format!("// {said}: no promotion"),
                    Some("promotionPieceTypes"),
                );
                self.line("", None);
            } else if let (Some(face), true) = (&pawn_face, on_capture && !targets.is_empty()) {
                // The pawn's own promotions on every move, its face on captures only.
                let optional = if mandatory { "" } else { " optional" };
                rules.push(format!(
                    "    {} -> {} in {zone}{optional}",
                    pawn.name,
                    names.join(" | ")
                ));
                rules.push(format!(
                    "    {} -> {face} in {zone} if capture{optional}",
                    pawn.name
                ));
            } else {
                // Fairy-Stockfish promotes a pawn (to its types or its
                // promoted type) on a move that ends in the zone;
                // `mandatoryPawnPromotion` says whether it may stay.
                let capture = if on_capture && targets.is_empty() {
                    " if capture"
                } else {
                    ""
                };
                names.extend(pawn_face.clone());
                rules.push(format!(
                    "    {} -> {} in {zone}{capture}{}",
                    pawn.name,
                    names.join(" | "),
                    if mandatory { "" } else { " optional" }
                ));
            }
        }
        // Shogi-style promotion of the other pieces: a move that starts or
        // ends in the zone; compulsory with `mandatoryPiecePromotion`, and
        // otherwise forced only where the piece could never move again,
        // with `immobilityIllegal` (Fairy-Stockfish allows the move there
        // without it).
        let capture = if on_capture { " if capture" } else { "" };
        let optional = match (pieces_mandatory, immobility) {
            (true, _) => "",
            (false, true) => " optional",
            (false, false) => " optional always",
        };
        for (base, _) in faces
            .iter()
            .filter(|(b, _)| Some(b.letter) != pawn.as_ref().map(|p| p.letter))
        {
            rules.push(format!(
                "    {} -> {} in promotion-zone on start | end{capture}{optional}",
                base.name,
                Self::face_name(base)
            ));
        }
        // `pieceDemotion`: a promoted piece turns back the same way.
        let to_hand = self.bool("capturesToHand", false) == Some(true);
        if demotion && to_hand && pawn_promotes {
            // A pawn promoted in a variant with captures to hand is marked
            // promoted too (`Q~`), and pyffish 0.0.90 demotes it into a wall.
            self.refuse_key(
                "pieceDemotion",
                "with pawn promotions and captures to hand: Fairy-Stockfish also demotes a promoted pawn (`Q~`), leaving a wall (pyffish 0.0.90)",
            );
            return;
        }
        if demotion {
            for (base, _) in &faces {
                rules.push(format!(
                    "    {} -> {} in promotion-zone on start | end{capture}{optional}",
                    Self::face_name(base),
                    base.name
                ));
            }
        }
        if rules.is_empty() {
            return;
        }
        // `promotionLimit` (the current Fairy-Stockfish): a pawn promotes
        // to a type only while its side has fewer than the limit on the
        // board (`0`: no limit), as `max` says.
        let mut limits = Vec::new();
        if let Some(v) = self
            .raw("promotionLimit")
            .filter(|_| self.out.target == Target::Current)
        {
            let (value, span) = (v.value.clone(), v.span);
            // The plain letters of the start position (a `+X` is a face).
            let placement = self
                .raw("startFen")
                .map(|v| v.value.split(' ').next().unwrap_or("").to_string())
                .unwrap_or_default();
            let plain: Vec<char> = placement
                .chars()
                .scan(false, |plus, c| {
                    let was = *plus;
                    *plus = c == '+';
                    Some((was, c))
                })
                .filter(|(was, c)| !was && c.is_ascii_alphabetic())
                .map(|(_, c)| c.to_ascii_uppercase())
                .collect();
            let pawn_targets: Vec<char> = sides
                .iter()
                .flat_map(|(_, t)| t.iter().map(|p| p.letter))
                .collect();
            for word in value.split_whitespace() {
                let limit = word.split_once(':').and_then(|(l, n)| {
                    let mut chars = l.chars();
                    match (chars.next(), chars.next(), n.parse::<u64>()) {
                        (Some(c), None, Ok(n)) if n <= 64 => Some((c, n)),
                        _ => None,
                    }
                });
                let Some((c, n)) = limit else {
                    self.bad(
                        "promotionLimit",
                        "E0204",
                        &format!("`{}` is not `piece:count`", elide(word)),
                        "write pairs of a letter and a count (`q:1 r:2`)",
                    );
                    return;
                };
                let Some(piece) = self.piece_of(c).cloned() else {
                    self.no_piece("promotionLimit", span, c);
                    return;
                };
                // Fairy-Stockfish counts a type's promoted faces as the
                // type: a limit on a face's type is the face's own limit
                // where the face is the only way to the type (no plain one
                // starts, none is a pawn's promotion, one face leads to
                // it) and is not the pawn's (whose promotion to its face
                // Fairy-Stockfish makes whatever the limit).
                let to: Vec<&(Piece, Piece)> = faces
                    .iter()
                    .filter(|(_, t)| t.letter == piece.letter)
                    .collect();
                let name = match to.as_slice() {
                    [] => piece.name.clone(),
                    [(base, _)]
                        if !plain.contains(&piece.letter)
                            && !pawn_targets.contains(&piece.letter)
                            && pawn.as_ref().is_none_or(|p| p.letter != base.letter) =>
                    {
                        Self::face_name(base)
                    }
                    _ => {
                        self.refuse_key(
                            "promotionLimit",
                            &format!("a limit on `{}`, which a promoted face and another way lead to: Fairy-Stockfish counts them together, fairyc's `max` one piece", c.to_ascii_lowercase()),
                        );
                        return;
                    }
                };
                if n > 0 {
                    limits.push(format!("    {name} max {n}"));
                }
            }
        }
        rules.extend(limits);
        let mut said = Vec::new();
        let Some(zone) = self.promotion_zone(&mut said) else {
            return;
        };
        said.extend([
            self.said("promotionPieceTypes", self.default_promotion_types()),
            self.said("mandatoryPawnPromotion", "true"),
        ]);
        for key in [
            "pawnTypes",
            "promotionPawnTypes",
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
        ] {
            if self.out.target == Target::Current && self.raw(key).is_some() {
                said.push(self.said(key, "p"));
            }
        }
        if !faces.is_empty() {
            said.extend([
                self.said("promotedPieceType", "-"),
                self.said("mandatoryPiecePromotion", "false"),
                self.said("piecePromotionOnCapture", "false"),
                self.said("pieceDemotion", "false"),
                self.said("immobilityIllegal", "false"),
            ]);
        }
        self.line(&format!("// {}", said.join(", ")), Some("promotionRank"));
        if self.split_promotion {
            // A rule per side (`promotionPieceTypesWhite/Black`).
            self.line(
                &format!(
                    "zone promotion-zone-white {{ white: {}; black: none }}",
                    zone[0]
                ),
                Some("promotionPieceTypesWhite"),
            );
            self.line(
                &format!(
                    "zone promotion-zone-black {{ white: none; black: {} }}",
                    zone[1]
                ),
                Some("promotionPieceTypesBlack"),
            );
        } else {
            self.line(
                &format!(
                    "zone promotion-zone {{ white: {}; black: {} }}",
                    zone[0], zone[1]
                ),
                Some("promotionRank"),
            );
        }
        self.line("promotion {", Some("promotionPieceTypes"));
        for rule in rules {
            self.line(&rule, Some("promotionPieceTypes"));
        }
        self.line("}", Some("promotionPieceTypes"));
        self.line("", None);
        self.promotes = true;
    }

    /// `enclosingDrop` and `enclosingDropStart` (the current
    /// Fairy-Stockfish), inside `drops`: `reversi` is `must-flip` (a drop
    /// encloses enemy pieces on a line), `ataxx` is `next-to-own`, and the
    /// start squares are `first-on` (while one of them is empty, drops go
    /// there only; Fairy-Stockfish reads them with any enclosing rule).
    /// `snort` is `not-beside-enemy`, `top` is `falls` ([`Self::drops`]);
    /// `anyside` has no statement yet. `flipEnclosedPieces = quadwrangle`
    /// adds `flips-only-next-to-own` (the item is `flips adjacent`,
    /// [`Self::flips`]). Returns false after an error.
    fn conversion_drops(&mut self) -> bool {
        if self.out.target != Target::Current {
            return true;
        }
        let rule = self
            .raw("enclosingDrop")
            .map_or_else(|| "none".to_string(), |v| v.value.trim().to_string());
        let said = self.said("enclosingDrop", "none");
        match rule.as_str() {
            "reversi" => self.line(
                &format!("    must-flip    // {said}"),
                Some("enclosingDrop"),
            ),
            "ataxx" => self.line(
                &format!("    next-to-own    // {said}"),
                Some("enclosingDrop"),
            ),
            "snort" => self.line(
                &format!("    not-beside-enemy    // {said}"),
                Some("enclosingDrop"),
            ),
            "none" | "top" => {}
            "anyside" | "quadwrangle" => {
                let what = match rule.as_str() {
                    "anyside" => "a drop that slides in from any edge of the board (`anyside`)",
                    _ => "`quadwrangle` as a drop rule (Fairy-Stockfish plays it as `ataxx`, by an unchecked fallback)",
                };
                self.refuse_key("enclosingDrop", what);
                return false;
            }
            other => {
                self.bad(
                    "enclosingDrop",
                    "E0202",
                    &format!("`{}` is not an enclosing rule", elide(other)),
                    "write `none`, `reversi`, `ataxx`, `top`, `snort`, `anyside` or `quadwrangle`",
                );
                return false;
            }
        }
        if self
            .raw("flipEnclosedPieces")
            .is_some_and(|v| v.value.trim() == "quadwrangle")
        {
            let said = self.said("flipEnclosedPieces", "none");
            self.line(
                &format!("    flips-only-next-to-own    // {said}"),
                Some("flipEnclosedPieces"),
            );
        }
        if self.raw("enclosingDropStart").is_none() {
            return true;
        }
        let Some(start) = self.squares("enclosingDropStart") else {
            return false;
        };
        match (rule.as_str(), start.is_empty()) {
            // Fairy-Stockfish reads the start squares only with a rule.
            ("none", _) | (_, true) => {}
            ("top", false) => {
                self.refuse_key(
                    "enclosingDropStart",
                    "start squares with drops that fall (`enclosingDrop = top`)",
                );
                return false;
            }
            _ => {
                let said = self.said("enclosingDropStart", "-");
                self.line(
                    &format!("    first-on {}    // {said}", start.join(", ")),
                    Some("enclosingDropStart"),
                );
            }
        }
        true
    }

    /// `flipEnclosedPieces` (the current Fairy-Stockfish): `reversi` is
    /// `flips enclosed`, `ataxx` is `flips adjacent`, and so is
    /// `quadwrangle` (a drop flips only next to an own piece, a move
    /// always), whose drops say `flips-only-next-to-own`
    /// ([`Self::conversion_drops`]).
    fn flips(&mut self) {
        if self.out.target != Target::Current {
            return;
        }
        let Some(rule) = self
            .raw("flipEnclosedPieces")
            .map(|v| v.value.trim().to_string())
        else {
            return;
        };
        let item = match rule.as_str() {
            "none" => return,
            "reversi" => "enclosed",
            "ataxx" | "quadwrangle" => "adjacent",
            other => {
                self.bad(
                    "flipEnclosedPieces",
                    "E0202",
                    &format!("`{}` is not a flipping rule", elide(other)),
                    "write `none`, `reversi`, `ataxx` or `quadwrangle`",
                );
                return;
            }
        };
        let said = self.said("flipEnclosedPieces", "none");
        self.line(
            &format!("flips {item}    // {said}"),
            Some("flipEnclosedPieces"),
        );
        self.line("", None);
    }

    fn drops(&mut self, fen: Option<&Fen>) {
        let drops = self.bool("pieceDrops", false);
        let to_hand = self.bool("capturesToHand", false);
        let first = self.bool("firstRankPawnDrops", false);
        let zone = self.bool("promotionZonePawnDrops", false);
        let promoted = self.bool("dropPromoted", false);
        let (Some(drops), Some(to_hand), Some(first), Some(zone), Some(promoted)) =
            (drops, to_hand, first, zone, promoted)
        else {
            return;
        };
        if !drops {
            if to_hand {
                self.refuse_key(
                "capturesToHand",
                "captured pieces going to a hand they can never be dropped from (`pieceDrops = false`)",
                );
            }
            return;
        }
        // Free drops (a child of a built-in with `freeDrops`): every piece
        // type may always be dropped, as `unlimited` says for each piece
        // that is not royal; Fairy-Stockfish drops a king too.
        let free = self.out.target == Target::Current && self.raw(FREE_DROPS).is_some();
        if free {
            if let Some(k) = self
                .pieces
                .iter()
                .find(|p| p.key == "king" || self.pseudo_royal.contains(&p.letter))
            {
                let key = k.key.clone();
                self.refuse_key(
                    &key,
                    "a king dropped from a hand that never runs out (`freeDrops` of the built-in parent): `unlimited` holds only the pieces that are not royal",
                );
                return;
            }
        }
        let said = [
            self.said("pieceDrops", "false"),
            self.said("capturesToHand", "false"),
            self.said("firstRankPawnDrops", "false"),
            self.said("promotionZonePawnDrops", "false"),
        ]
        .join(", ");
        self.line(&format!("// {said}"), Some("pieceDrops"));
        let pawn = self.pawn().cloned();
        let rank = self.promotion_rank();
        let n = self.ranks;
        let mut white = Vec::new();
        let mut black = Vec::new();
        if pawn.is_some() {
            if !first {
                white.push("rank 1".to_string());
                black.push(format!("rank {n}"));
            }
            let regions = self.out.target == Target::Current
                && (self.raw("promotionRegionWhite").is_some()
                    || self.raw("promotionRegionBlack").is_some());
            if !zone && regions {
                // Pawn drops barred from the promotion regions.
                let Some([w, b]) = self.promotion_zone(&mut Vec::new()) else {
                    return;
                };
                white.push(w);
                black.push(b);
            } else if let (false, Some(r)) = (zone, rank.filter(|&r| r <= n)) {
                white.push(format!("ranks {r}..{n}"));
                black.push(format!("ranks 1..{}", n + 1 - r));
            }
        }
        if !white.is_empty() {
            self.line(
                &format!(
                    "zone no-pawn-drops {{ white: {}; black: {} }}",
                    white.join(", "),
                    black.join(", ")
                ),
                Some("firstRankPawnDrops"),
            );
        }
        // The pieces that can be in a hand: those of the start's hands, and
        // with captures to hand every piece but a royal one (a promoted face
        // returns as its base).
        let hand: String = fen
            .and_then(|f| f.placement.split_once('['))
            .map(|(_, h)| h.trim_end_matches(']').to_ascii_uppercase())
            .unwrap_or_default();
        let mut droppable: Vec<Piece> = self
            .pieces
            .iter()
            .filter(|p| {
                hand.contains(p.letter)
                    || ((to_hand || free)
                        && p.key != "king"
                        && !self.pseudo_royal.contains(&p.letter))
            })
            .cloned()
            .collect();
        // `dropPromoted`: a piece in hand may be dropped as its promoted
        // face, where the face itself may be dropped.
        let also: Vec<(String, String)> = self
            .faces
            .iter()
            .filter(|(b, _)| promoted && droppable.iter().any(|p| p.letter == b.letter))
            .map(|(b, _)| (b.name.clone(), Self::face_name(b)))
            .collect();
        for (_, face) in &also {
            droppable.push(Piece {
                name: face.clone(),
                key: "promotedPieceType".into(),
                betza: String::new(),
                letter: '+',
            });
        }
        // `dropRegionWhite`/`Black` (the current Fairy-Stockfish): the only
        // squares any piece is dropped on.
        let mut region = [None, None];
        for (side, key) in ["dropRegionWhite", "dropRegionBlack"]
            .into_iter()
            .enumerate()
        {
            if self.out.target == Target::Current && self.raw(key).is_some() {
                let Some(squares) = self.squares(key) else {
                    return;
                };
                region[side] = Some(squares);
            }
        }
        let region = match region {
            [None, None] => None,
            [w, b] => {
                let all = |s: Option<Vec<String>>| {
                    s.map_or_else(
                        || format!("ranks 1..{n}"),
                        |v| {
                            if v.is_empty() {
                                "none".into()
                            } else {
                                v.join(", ")
                            }
                        },
                    )
                };
                Some((all(w), all(b)))
            }
        };
        if let Some((w, b)) = &region {
            if w == "none" || b == "none" {
                let span = self
                    .raw("dropRegionWhite")
                    .or(self.raw("dropRegionBlack"))
                    .map_or(self.section.header_span, |v| v.span);
                self.out
                    .cannot("dropRegionWhite", span, "an empty drop region for one side");
                return;
            }
            self.line(
                &format!(
                    "zone drop-region {{ white: {w}; black: {b} }}    // {}, {}",
                    self.said("dropRegionWhite", "*"),
                    self.said("dropRegionBlack", "*")
                ),
                Some("dropRegionWhite"),
            );
        }
        let no_doubled = match self
            .raw("dropNoDoubled")
            .filter(|_| self.out.target == Target::Current)
        {
            Some(v) if v.value.trim() != "-" => {
                let Some(Some(p)) = self.piece_key("dropNoDoubled") else {
                    return;
                };
                let Some(count) = self.int("dropNoDoubledCount", 1, 0, 64) else {
                    return;
                };
                Some((p, count))
            }
            _ => None,
        };
        // `immobilityIllegal`: no drop where the piece could never move.
        let mut stuck_zones = Vec::new();
        for (name, [w, b]) in self.stuck.clone().unwrap_or_default() {
            if !droppable.iter().any(|p| p.name == name) || (w.is_empty() && b.is_empty()) {
                continue;
            }
            if w.is_empty() || b.is_empty() {
                self.refuse_key(
                "immobilityIllegal",
                &format!("`{name}` could never move from some squares of one side only: a zone needs squares for both sides"),
                );
                return;
            }
            let zone = format!("{}-stuck", name.to_ascii_lowercase());
            self.line(
                &format!(
                    "zone {zone} {{ white: {}; black: {} }}    // no move from there",
                    w.join(", "),
                    b.join(", ")
                ),
                Some("immobilityIllegal"),
            );
            stuck_zones.push((name, zone));
        }
        self.line("drops {", Some("pieceDrops"));
        if free {
            let parent = self.raw(FREE_DROPS).map_or("", |v| v.value.as_str());
            self.line(
                &format!("    unlimited    // freeDrops of Fairy-Stockfish's built-in `{parent}`"),
                Some(FREE_DROPS),
            );
        } else if !to_hand {
            self.line("    captures-to-hand off", Some("capturesToHand"));
        }
        // `mustDrop` (the current Fairy-Stockfish; `mustDropType` other
        // than `*` is refused): while a side has pieces in hand, a board
        // move is illegal if any drop is legal, as `must-drop` says.
        if self.out.target == Target::Current && self.bool("mustDrop", false) == Some(true) {
            let said = self.said("mustDrop", "false");
            self.line(&format!("    must-drop    // {said}"), Some("mustDrop"));
        }
        if !self.conversion_drops() {
            return;
        }
        if self.out.target == Target::Current
            && self.raw("enclosingDrop").is_some_and(|v| v.value == "top")
        {
            let said = self.said("enclosingDrop", "none");
            self.line(&format!("    falls    // {said}"), Some("enclosingDrop"));
        }
        if let (Some(p), false) = (&pawn, white.is_empty()) {
            self.line(
                &format!("    {} not-on no-pawn-drops", p.name),
                Some("firstRankPawnDrops"),
            );
        }
        if region.is_some() {
            for p in &droppable {
                self.line(
                    &format!("    {} only-on drop-region", p.name),
                    Some("dropRegionWhite"),
                );
            }
        }
        for p in &droppable {
            if let Some(r) = self.gen.regions.iter().find(|r| r.piece == p.name) {
                let (zone, key) = (r.zone.clone(), r.key.clone());
                self.line(
                    &format!("    {} only-on {zone}    // {key}", p.name),
                    Some(&key),
                );
            }
        }
        if let Some((p, count)) = no_doubled {
            // Fairy-Stockfish forbids a file holding `dropNoDoubledCount`
            // or more of the piece (src/position.h): with `0`, every file.
            let rule = if count == 0 {
                format!("not-on ranks 1..{}", self.ranks)
            } else {
                format!("per-file {count}")
            };
            self.line(
                &format!(
                    "    {} {rule}    // {}, {}",
                    p.name,
                    self.said("dropNoDoubled", "-"),
                    self.said("dropNoDoubledCount", "1")
                ),
                Some("dropNoDoubled"),
            );
        }
        // `dropOppositeColoredBishop` (the current Fairy-Stockfish): a
        // side's `bishop`s go on both colours, half of them (rounded up) at
        // most on each.
        if self.out.target == Target::Current
            && self.bool("dropOppositeColoredBishop", false) == Some(true)
        {
            if let Some(b) = droppable.iter().find(|p| p.key == "bishop").cloned() {
                let placement = fen.map(|f| f.placement.clone()).unwrap_or_default();
                let white = placement.chars().filter(|&c| c == b.letter).count();
                let black = placement
                    .chars()
                    .filter(|&c| c == b.letter.to_ascii_lowercase())
                    .count();
                if white != black {
                    self.refuse_key(
                        "dropOppositeColoredBishop",
                        "sides with different numbers of bishops: `per-colour` gives both sides one limit",
                    );
                    return;
                }
                let n = white.div_ceil(2).max(1);
                let said = self.said("dropOppositeColoredBishop", "false");
                self.line(
                    &format!("    {} per-colour {n}    // {said}", b.name),
                    Some("dropOppositeColoredBishop"),
                );
            }
        }
        for (base, face) in &also {
            self.line(
                &format!("    {base} also-as {face}    // dropPromoted = true"),
                Some("dropPromoted"),
            );
        }
        for (name, zone) in &stuck_zones {
            self.line(
                &format!("    {name} not-on {zone}    // immobilityIllegal = true"),
                Some("immobilityIllegal"),
            );
        }
        self.line("}", Some("pieceDrops"));
        self.line("", None);
    }

    fn squares(&mut self, key: &str) -> Got<Vec<String>> {
        let Some(v) = self.raw(key) else {
            return Some(Vec::new());
        };
        let (value, span) = (v.value.clone(), v.span);
        let mut out = Vec::new();
        for word in value.split_whitespace() {
            if word == "-" {
                break;
            }
            // The current Fairy-Stockfish's `*8` (a rank) and `a*` (a file).
            if let Some(rank) = word.strip_prefix('*').and_then(|r| r.parse::<usize>().ok()) {
                if (1..=self.ranks).contains(&rank) {
                    out.extend(
                        (0..self.files).map(|f| format!("{}{rank}", (b'a' + f as u8) as char)),
                    );
                }
                continue;
            }
            if let Some(file) = word.strip_suffix('*').filter(|f| f.len() == 1) {
                let f = file.as_bytes()[0].to_ascii_lowercase();
                if f.is_ascii_lowercase() && usize::from(f - b'a') < self.files {
                    out.extend((1..=self.ranks).map(|r| format!("{}{r}", f as char)));
                }
                continue;
            }
            let mut chars = word.chars();
            let file = chars.next().map(|c| c as usize);
            let rank = chars.as_str().parse::<usize>().ok();
            let ok = match (file, rank) {
                (Some(f), Some(r)) => {
                    (b'a' as usize..b'a' as usize + self.files).contains(&f)
                        && (1..=self.ranks).contains(&r)
                        && chars.as_str().bytes().all(|b| b.is_ascii_digit())
                }
                _ => false,
            };
            if !ok {
                self.out.error(
                    "E0210",
                    format!("`{key}`: `{word}` is not a square of this board"),
                    span,
                    "bad square",
                    vec![format!(
                        "help: squares are `a1` to `{}{}`, separated by spaces",
                        (b'a' + self.files as u8 - 1) as char,
                        self.ranks
                    )],
                );
                return None;
            }
            out.push(word.to_string());
        }
        Some(out)
    }

    /// The `end` block (and the `clock`, `legality` and `royal` blocks,
    /// and the goal zone of a flag piece) of the section's end keys.
    fn end(&mut self, fen: Option<&Fen>) {
        let mut lines = self.draw_and_mate();
        let clock = self.clock();
        self.check_counting(fen, &mut lines);
        self.extinction(&mut lines);
        self.connect(&mut lines);
        let connect_zones = self.connect_regions(&mut lines);
        let mut zones = self.flag(&mut lines);
        zones.extend(connect_zones);
        let (legality, mut royal) = self.legality();
        if let Some(side) = self.royal_only(fen) {
            let (has, missing) = [("white", "Black"), ("black", "White")][side];
            let letter = self.king().map_or('k', |k| k.letter.to_ascii_lowercase());
            let letter = if side == 1 {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
            royal.push((
                format!("only {has}    // startFen: {missing} has no king (`{letter}`), and no promotion makes one"),
                "startFen",
            ));
        }
        for (z, k) in zones {
            self.line(&z, Some(k));
        }
        self.line("end {", None);
        for (l, k) in lines {
            self.line(&format!("    {l}"), Some(k));
        }
        self.line("}", None);
        if self.counted && !self.unweighted {
            self.janggi_scoring();
        } else if self.points || self.counted {
            let points: Vec<String> = self
                .pieces
                .iter()
                .map(|p| format!("{} 1", p.name))
                .collect();
            self.line("", None);
            self.line("scoring {", None);
            self.line(
                &format!(
                    "    points {}    // every piece counts one",
                    points.join(", ")
                ),
                None,
            );
            self.line("}", None);
        }
        for (block, rules) in [("clock", clock), ("legality", legality), ("royal", royal)] {
            if rules.is_empty() {
                continue;
            }
            self.line("", None);
            self.line(&format!("{block} {{"), None);
            for (l, k) in rules {
                self.line(&format!("    {l}"), Some(k));
            }
            self.line("}", None);
        }
    }

    /// `materialCounting = janggi`: each side's rooks count 13, janggi
    /// cannons 7, horses 5, janggi elephants 3, wazirs 3 and soldiers 2
    /// (by type, a promoted face as the type it moves as; other pieces
    /// nothing), and White wins with 2 more (src/position.h
    /// `material_counting_result`): `komi black 1.5`.
    fn janggi_scoring(&mut self) {
        let weight = |key: &str| match key {
            "rook" => Some(13),
            "janggiCannon" => Some(7),
            "horse" => Some(5),
            "janggiElephant" | "wazir" => Some(3),
            "soldier" => Some(2),
            _ => None,
        };
        let mut points: Vec<String> = self
            .pieces
            .iter()
            .filter_map(|p| Some(format!("{} {}", p.name, weight(&p.key)?)))
            .collect();
        points.extend(
            self.faces
                .iter()
                .filter_map(|(b, t)| Some(format!("{} {}", Self::face_name(b), weight(&t.key)?))),
        );
        self.line("", None);
        self.line("scoring {", None);
        if !points.is_empty() {
            self.line(
                &format!("    points {}    // janggi's count", points.join(", ")),
                Some("materialCounting"),
            );
        }
        self.line(
            "    komi black 1.5    // White needs 2 more to win",
            Some("materialCounting"),
        );
        self.line("}", None);
    }

    /// `connectN`, `connectNxN`, `collinearN`, `connectPieceTypes`,
    /// `connectVertical`, `connectHorizontal`, `connectDiagonal`,
    /// `connectValue` (the current Fairy-Stockfish): `line <n> [of …] [along
    /// …] <outcome>`, `square <n> [of …] <outcome>` and `line <n> with-gaps
    /// …`, one rule a key, the pieces and the outcome shared. Fairy-Stockfish
    /// 11.1's `connectN` is not compared, and refused.
    fn connect(&mut self, lines: &mut Vec<(String, &'static str)>) {
        let mut sizes: Vec<(&'static str, u64)> = Vec::new();
        for key in ["connectN", "connectNxN", "collinearN"] {
            let Some(n) = self.int(key, 0, 0, 64) else {
                return;
            };
            if n > 0 {
                sizes.push((key, n));
            }
        }
        if sizes.is_empty() {
            return;
        }
        // For 11.1 `connectN` is refused as not imported yet (`NOT_YET`),
        // the others as keys it does not know.
        if self.out.target != Target::Current {
            return;
        }
        let Some(shared) = self.connect_shared() else {
            return;
        };
        for (key, n) in sizes {
            let span = self.raw(key).map_or(self.section.header_span, |v| v.span);
            let (of, along) = (&shared.of, &shared.along);
            // A square ignores the directions; a square of one is any piece.
            let (rule, directed) = match key {
                "connectNxN" => (format!("square {n}{of}"), false),
                "collinearN" => (format!("line {n} with-gaps{of}{along}"), true),
                _ => (format!("line {n}{of}{along}"), true),
            };
            if n < 2 {
                self.out.cannot(
                    key,
                    span,
                    "a line (or square) of one piece: the .variant language's `line` and `square` are at least 2 long",
                );
                continue;
            }
            if directed && shared.axes.is_empty() {
                self.out.cannot(
                    key,
                    span,
                    "lines along no direction (connectVertical, connectHorizontal and connectDiagonal all false)",
                );
                continue;
            }
            let mut said = vec![self.said(key, "0")];
            said.push(shared.said[0].clone());
            if directed {
                said.extend(shared.said[1..4].iter().cloned());
            }
            said.push(shared.said[4].clone());
            lines.push((
                format!("{rule} {}    // {}", shared.outcome, said.join(", ")),
                key,
            ));
        }
    }

    /// `connectRegion1White`, `connectRegion2White`, `connectRegion1Black`
    /// and `connectRegion2Black` (the current Fairy-Stockfish), with the
    /// keys `line` shares: `connect from-region to to-region [of …] [along
    /// …] one-way <outcome>` and its two zones. Fairy-Stockfish follows a
    /// chain east, north, north-east and south-east only (its
    /// `connectDirections`), which is `one-way`; a side without both
    /// regions has no such goal (`none`).
    fn connect_regions(
        &mut self,
        lines: &mut Vec<(String, &'static str)>,
    ) -> Vec<(String, &'static str)> {
        const KEYS: [[&str; 2]; 2] = [
            ["connectRegion1White", "connectRegion2White"],
            ["connectRegion1Black", "connectRegion2Black"],
        ];
        if self.out.target != Target::Current
            || KEYS.iter().flatten().all(|k| self.raw(k).is_none())
        {
            return Vec::new();
        }
        // [side][region]
        let mut regions: [[Vec<String>; 2]; 2] = Default::default();
        for (side, keys) in KEYS.iter().enumerate() {
            for (i, key) in keys.iter().enumerate() {
                if self.raw(key).is_none() {
                    continue;
                }
                let Some(squares) = self.squares(key) else {
                    return Vec::new();
                };
                regions[side][i] = squares;
            }
            if regions[side].iter().any(Vec::is_empty) {
                regions[side] = Default::default();
            }
        }
        let Some(shared) = self.connect_shared() else {
            return Vec::new();
        };
        // Without a direction, or a side with both regions, no chain is
        // ever made: Fairy-Stockfish's keys do nothing.
        if shared.axes.is_empty() || regions.iter().all(|r| r[0].is_empty()) {
            return Vec::new();
        }
        let squares = |s: &[String]| {
            if s.is_empty() {
                "none".to_string()
            } else {
                s.join(", ")
            }
        };
        let said = |i: usize| {
            format!(
                "{}, {}",
                self.said(KEYS[0][i], "-"),
                self.said(KEYS[1][i], "-")
            )
        };
        let given = |i: usize| {
            if self.raw(KEYS[0][i]).is_some() {
                KEYS[0][i]
            } else {
                KEYS[1][i]
            }
        };
        let zones = ["connect-from", "connect-to"]
            .iter()
            .enumerate()
            .map(|(i, zone)| {
                let line = format!(
                    "zone {zone} {{ white: {}; black: {} }}    // {}",
                    squares(&regions[0][i]),
                    squares(&regions[1][i]),
                    said(i)
                );
                (line, given(i))
            })
            .collect();
        let said = [
            shared.said[0].clone(),
            shared.said[1].clone(),
            shared.said[2].clone(),
            shared.said[3].clone(),
            shared.said[4].clone(),
        ]
        .join(", ");
        let key = given(0);
        lines.push((
            format!(
                "connect connect-from to connect-to{}{} one-way {}    // {said}; Fairy-Stockfish follows a chain east, north, north-east and south-east only",
                shared.of, shared.along, shared.outcome
            ),
            key,
        ));
        zones
    }

    /// What `connectN` and `connectRegion…` share: the directions, the
    /// pieces and the outcome (`None` after an error).
    fn connect_shared(&mut self) -> Option<ConnectShared> {
        let (Some(vertical), Some(horizontal), Some(diagonal)) = (
            self.bool("connectVertical", true),
            self.bool("connectHorizontal", true),
            self.bool("connectDiagonal", true),
        ) else {
            return None;
        };
        let outcome = self.outcome("connectValue", "win", false)?;
        let types = match self.raw("connectPieceTypes").map(|v| v.value.trim()) {
            None | Some("*") => Vec::new(),
            Some(_) => self.letters("connectPieceTypes")?,
        };
        let mut axes = Vec::new();
        if horizontal {
            axes.push("ranks");
        }
        if vertical {
            axes.push("files");
        }
        if diagonal {
            axes.push("diagonals");
        }
        let of = if types.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = types
                .iter()
                .filter_map(|&c| self.piece_of(c).map(|p| p.name.clone()))
                .collect();
            format!(" of {}", names.join(" | "))
        };
        let along = if axes.len() == 3 {
            String::new()
        } else {
            format!(" along {}", axes.join(", "))
        };
        let said = [
            self.said("connectPieceTypes", "*"),
            self.said("connectVertical", "true"),
            self.said("connectHorizontal", "true"),
            self.said("connectDiagonal", "true"),
            self.said("connectValue", "win"),
        ];
        Some(ConnectShared {
            axes,
            of,
            along,
            outcome,
            said,
        })
    }

    /// `checkmateValue`, `stalemateValue`, `nFoldRule`, `nFoldValue` and
    /// `materialCounting`'s draw odds.
    fn draw_and_mate(&mut self) -> Vec<(String, &'static str)> {
        let mut lines: Vec<(String, &'static str)> = Vec::new();
        if let Some(v) = self.raw("materialCounting") {
            let side = match v.value.as_str() {
                "none" => None,
                "whitedrawodds" => Some("white"),
                "blackdrawodds" => Some("black"),
                // Every draw is decided by counting the pieces on the
                // board. Where no piece moves (every move a drop or a
                // pass) no draw is reached but by a stalemate, two passes
                // or a full board, whose lines say `points`; where pieces
                // move, a repetition and the move limit say `points` too,
                // as janggi's count does (pyffish 0.0.90, quadwrangle).
                "unweighted" if self.out.target == Target::Current => {
                    self.unweighted = true;
                    self.counted = self.pieces.iter().any(|p| !p.betza.is_empty());
                    None
                }
                // Janggi's count decides two passes, facing kings (bikjang)
                // and a full board, which say `points`, and a repetition
                // or the n-move rule that would draw: `repetition … points`
                // and `limit … points` ([`Self::clock`]), probed with
                // pyffish 0.0.90 on its `janggi` (src/position.cpp,
                // `is_optional_game_end`).
                "janggi" if self.out.target == Target::Current => {
                    self.counted = true;
                    None
                }
                _ => {
                    self.out.cannot(
                        "materialCounting",
                        v.span,
                        "only draw odds (`whitedrawodds`, `blackdrawodds`: `draw-odds <side>`) and, where no piece moves, `unweighted` are expressible; janggi's material counting is not",
                    );
                    None
                }
            };
            if let Some(side) = side {
                lines.push((
                    format!(
                        "draw-odds {side}    // {}",
                        self.said("materialCounting", "none")
                    ),
                    "materialCounting",
                ));
            }
        }
        if let Some(v) = self.outcome("checkmateValue", "loss", false) {
            lines.push((
                format!(
                    "checkmate {v}    // {}",
                    self.said("checkmateValue", "loss")
                ),
                "checkmateValue",
            ));
        }
        if let Some(line) = self.drop_mate() {
            lines.push(line);
        }
        if let Some(v) = self.outcome("stalemateValue", "draw", false) {
            // `stalematePieceCount` (the current Fairy-Stockfish): the
            // value for the side with fewer pieces on the board, its
            // opposite for the side with more, a draw (counted, with
            // `materialCounting`) for as many.
            let count = self.out.target == Target::Current
                && self.bool("stalematePieceCount", false) == Some(true);
            let mut said = vec![self.said("stalemateValue", "draw")];
            let v = match v.as_str() {
                "loss" if count => "points",
                "win" if count && self.unweighted => {
                    self.refuse_key(
                        "stalematePieceCount",
                        "a stalemate won with fewer pieces and other draws counted for the side with more",
                    );
                    "win"
                }
                "win" if count => "fewer-pieces",
                "draw" if self.unweighted => "points",
                _ => v.as_str(),
            };
            if count {
                said.push(self.said("stalematePieceCount", "false"));
            }
            if v == "points" {
                self.points = true;
            }
            lines.push((
                format!("stalemate {v}    // {}", said.join(", ")),
                "stalemateValue",
            ));
        }
        // Two passes in a row and a full board (`adjudicateFullBoard`) end
        // the game in the current Fairy-Stockfish, as a draw or counted.
        let verdict = if self.unweighted || self.counted {
            "points"
        } else {
            "draw"
        };
        let said = self.said("materialCounting", "none");
        if self.bikjang {
            lines.push((
                format!(
                    "facing {verdict}    // {}: kings facing after the reply end the game; {said}",
                    self.said("bikjangRule", "false")
                ),
                "bikjangRule",
            ));
        }
        if self.out.target == Target::Current
            && (self.bool("pass", false) == Some(true)
                || self.bool("passOnStalemate", false) == Some(true))
        {
            self.points |= self.unweighted;
            lines.push((
                format!("double-pass {verdict}    // two passes end the game; {said}"),
                "pass",
            ));
        }
        if self.out.target == Target::Current
            && self.bool("adjudicateFullBoard", false) == Some(true)
        {
            self.points |= self.unweighted;
            lines.push((
                format!(
                    "full-board {verdict}    // {}, {said}",
                    self.said("adjudicateFullBoard", "false")
                ),
                "adjudicateFullBoard",
            ));
        }
        if self.raw("nFoldRule").is_some_and(|v| v.value == "0") {
            // `nFoldRule = 0`: no repetition ends the game.
            lines.push((
                format!("// {}: no repetition rule", self.said("nFoldRule", "3")),
                "nFoldRule",
            ));
        } else {
            let n = self.int("nFoldRule", 3, 2, 1000);
            let v = self.outcome("nFoldValue", "draw", false);
            // `perpetualCheckIllegal` (the current Fairy-Stockfish): a
            // repetition reached by one side's checks on every move loses
            // for that side.
            let perpetual = if self.out.target == Target::Current {
                self.bool("perpetualCheckIllegal", false)
            } else {
                Some(false)
            };
            // `nFoldValueAbsolute` (the current Fairy-Stockfish): the value
            // is White's whoever is to move (a perpetual check is judged
            // first).
            let absolute = if self.out.target == Target::Current {
                self.bool("nFoldValueAbsolute", false)
            } else {
                Some(false)
            };
            if let (Some(n), Some(v), Some(perpetual), Some(absolute)) = (n, v, perpetual, absolute)
            {
                let mut said = vec![self.said("nFoldRule", "3"), self.said("nFoldValue", "draw")];
                let v = if self.counted && v == "draw" {
                    // The count decides it.
                    said.push(self.said("materialCounting", "none"));
                    "points".to_string()
                } else if absolute && v != "draw" {
                    said.push(self.said("nFoldValueAbsolute", "false"));
                    format!("{v} for white")
                } else {
                    v
                };
                let check = if perpetual {
                    said.push(self.said("perpetualCheckIllegal", "false"));
                    " perpetual-check loss"
                } else {
                    ""
                };
                lines.push((
                    format!("repetition {n} {v}{check}    // {}", said.join(", ")),
                    "nFoldRule",
                ));
            }
        }
        lines
    }

    /// `shogiPawnDropMateIllegal = true` for the current Fairy-Stockfish
    /// (probed with pyffish 0.0.90): a mate given by dropping a piece of
    /// the `shogiPawn` type is a legal move after which the mated player
    /// wins, `checkmate by <Pawn> drop win`. Without such a piece, or
    /// without drops, no mate is ever given so and nothing is written but
    /// the note.
    fn drop_mate(&mut self) -> Option<(String, &'static str)> {
        const KEY: &str = "shogiPawnDropMateIllegal";
        if self.out.target != Target::Current || self.bool(KEY, false) != Some(true) {
            return None;
        }
        let said = self.said(KEY, "false");
        let drops = self.bool("pieceDrops", false) == Some(true);
        let line = match self.pieces.iter().find(|p| p.key == "shogiPawn") {
            Some(p) if drops => format!("checkmate by {} drop win    // {said}", p.name),
            _ => format!("// {said}: no shogi pawn is ever dropped here"),
        };
        Some((line, KEY))
    }

    /// The `clock` block: `nMoveRule`, and the pawn whose moves reset the
    /// half-move clock.
    fn clock(&mut self) -> Vec<(String, &'static str)> {
        let mut clock: Vec<(String, &'static str)> = Vec::new();
        if self.out.target == Target::Current {
            // The current Fairy-Stockfish resets the clock on captures, drops
            // and promotions (not on the shogi-style ones of a variant with
            // `pieceDemotion`), and on its pawns' moves that cannot be
            // undone (the quiet moves from where the pawn lands do not lead
            // back). A pawn's promotion is such a move.
            let drops = self.bool("pieceDrops", false) == Some(true);
            let demotion = self.bool("pieceDemotion", false) == Some(true);
            let mut events = vec!["capture".to_string()];
            if drops {
                events.push("drop".into());
            }
            if self.promotes && !demotion {
                events.push("promotion".into());
            }
            // Each side's clock piece; one that differs from the other
            // side's is never the other side's (`promoting_sides` checks
            // the promoting pieces so; the clock's are compared here).
            let [white, black] = self.clock_side.clone();
            if let (Some(w), Some(b)) = (&white, &black) {
                if w.letter != b.letter && self.crossing(w, b) {
                    self.refuse_key(
                        "nMoveRuleTypesBlack",
                        "each side's clock piece written as one per piece: only where neither side can have the other's",
                    );
                }
            }
            for pawn in white.iter().chain(
                black
                    .iter()
                    .filter(|b| white.as_ref().is_none_or(|w| w.letter != b.letter)),
            ) {
                events.push(format!("{} if irreversible", pawn.name));
            }
            clock.push((
                format!(
                    "resets {}    // as the current Fairy-Stockfish does",
                    events.join(", ")
                ),
                "nMoveRule",
            ));
        } else if let (false, Some(pawn)) = (self.promotes, self.pawn()) {
            // Fairy-Stockfish 11.1 resets the clock on every pawn move;
            // fairyc by default on the moves of the pieces that promote.
            clock.push((
                format!(
                    "resets capture, {}    // pawn moves reset the half-move clock",
                    pawn.name
                ),
                "nMoveRule",
            ));
        }
        if let Some(m) = self.int("nMoveRule", 50, 0, 1_000_000) {
            let mut said = self.said("nMoveRule", "50");
            let rule = if m == 0 {
                "limit off".to_string()
            } else if self.counted {
                // The count decides it.
                said = format!("{said}, {}", self.said("materialCounting", "none"));
                format!("limit {m} points")
            } else {
                format!("limit {m}")
            };
            clock.push((format!("{rule}    // {said}"), "nMoveRule"));
        }
        clock
    }

    /// `checkCounting`, with the checks of `startFen`.
    fn check_counting(&mut self, fen: Option<&Fen>, lines: &mut Vec<(String, &'static str)>) {
        if let Some(true) = self.bool("checkCounting", false) {
            match fen.and_then(|f| f.checks) {
                Some((w, b)) if w == b && (1..=100).contains(&w) => {
                    lines.push((
                        format!(
                            "checks {w} win    // {} and `{w}+{b}` in startFen",
                            self.said("checkCounting", "false")
                        ),
                        "checkCounting",
                    ));
                }
                Some(_) => {
                    let span = self.fen_span();
                    self.out.cannot(
                        "checkCounting",
                        span,
                        "the two sides have different numbers of checks to give (or more than 100)",
                    );
                }
                None => {
                    let span = self
                        .raw("checkCounting")
                        .map_or(self.section.header_span, |v| v.span);
                    self.out.error(
                        "E0211",
                        "`checkCounting = true` but `startFen` gives no checks to give".into(),
                        span,
                        "no `3+3` field in the start position",
                        vec!["help: write the checks after the en-passant field of `startFen`: `… KQkq - 3+3 0 1`".into()],
                    );
                }
            }
        }
    }

    /// `extinctionClaim = true` (the current Fairy-Stockfish): an extinction
    /// the side to move claims, which asks one piece more of a bared
    /// player's opponent when that player is to move (src/position.cpp,
    /// `is_immediate_game_end`). With all pieces counted
    /// (`extinctionPieceTypes = *`), one left (`extinctionPieceCount = 1`)
    /// and two for the opponent (`extinctionOpponentPieceCount = 2`), as its
    /// shatranj and courier say it, that is `bare-king <value> after-reply`
    /// where each side has one king and no pieces in hand (the engine
    /// counts them). Any other use is `E0201`.
    fn bare_king(&mut self, lines: &mut Vec<(String, &'static str)>) {
        let value = self.outcome("extinctionValue", "none", true);
        let count = self.int("extinctionPieceCount", 0, 0, 64);
        let opponent = self.int("extinctionOpponentPieceCount", 0, 0, 64);
        let (Some(value), Some(count), Some(opponent)) = (value, count, opponent) else {
            return;
        };
        let types = self
            .raw("extinctionPieceTypes")
            .map(|v| v.value.trim().to_string());
        let hands = self.bool("pieceDrops", false) == Some(true)
            || self.bool("capturesToHand", false) == Some(true);
        let one_king = self.king().is_some() && self.pseudo_royal.is_empty() && !self.blasts();
        let why = if value == "none" {
            None
        } else if types.as_deref() != Some("*") || count != 1 || opponent != 2 {
            Some("a claimed extinction other than a bare king's (`extinctionPieceTypes = *`, `extinctionPieceCount = 1`, `extinctionOpponentPieceCount = 2`): the language's `bare-king … after-reply` says that one only")
        } else if hands {
            Some("a claimed bare king with pieces in hand, which Fairy-Stockfish counts and `bare-king` does not")
        } else if !one_king {
            Some("a claimed bare king without one royal `king` per side")
        } else {
            None
        };
        if let Some(why) = why {
            self.refuse_key("extinctionClaim", why);
            return;
        }
        if value == "none" {
            return;
        }
        let said = [
            self.said("extinctionValue", "none"),
            self.said("extinctionClaim", "false"),
            self.said("extinctionPieceTypes", ""),
            self.said("extinctionPieceCount", "0"),
            self.said("extinctionOpponentPieceCount", "0"),
        ]
        .join(", ");
        lines.push((
            format!("bare-king {value} after-reply    // {said}"),
            "extinctionClaim",
        ));
    }

    /// `extinctionValue`, `extinctionPieceTypes`, `extinctionPieceCount`,
    /// `extinctionOpponentPieceCount`.
    fn extinction(&mut self, lines: &mut Vec<(String, &'static str)>) {
        if self.out.target == Target::Current && self.bool("extinctionClaim", false) == Some(true) {
            self.bare_king(lines);
            return;
        }
        if let Some(value) = self.outcome("extinctionValue", "none", true) {
            let count = self.int("extinctionPieceCount", 0, 0, 64);
            let opponent = match self.int("extinctionOpponentPieceCount", 0, 0, 64) {
                Some(0) | None => String::new(),
                Some(m) => format!(" if opponent-has {m}"),
            };
            let types = self
                .raw("extinctionPieceTypes")
                .map(|v| (v.value.clone(), v.span));
            if types.is_some() && value == "none" {
                // Fairy-Stockfish judges no extinction without a value.
                let said = [
                    self.said("extinctionPieceTypes", ""),
                    self.said("extinctionValue", "none"),
                ]
                .join(", ");
                lines.push((
                    format!("// no extinction rule: it has no outcome    // {said}"),
                    "extinctionPieceTypes",
                ));
                return;
            }
            if let (Some(count), Some((types, span)), false) = (count, types, value == "none") {
                let mut said = vec![
                    self.said("extinctionValue", "none"),
                    self.said("extinctionPieceTypes", ""),
                    self.said("extinctionPieceCount", "0"),
                ];
                if !opponent.is_empty() {
                    said.push(self.said("extinctionOpponentPieceCount", "0"));
                }
                let said = said.join(", ");
                if !self.pseudo_royal.is_empty() && !self.blasts() {
                    // FSF applies no extinction to pseudo-royal pieces: they
                    // are never captured (`royal` here), only blown up.
                    lines.push((
                        format!("// no extinction: its pieces are royal    // {said}"),
                        "extinctionPieceTypes",
                    ));
                    return;
                }
                let n = if count == 0 {
                    String::new()
                } else {
                    format!(" {count}")
                };
                if types == "*" {
                    lines.push((
                        format!("extinction all{n} {value}{opponent}    // {said}"),
                        "extinctionPieceTypes",
                    ));
                } else {
                    for c in types.chars() {
                        match self.piece_of(c) {
                            Some(p) => lines.push((
                                format!("extinction {}{n} {value}{opponent}    // {said}", p.name),
                                "extinctionPieceTypes",
                            )),
                            None => self.no_piece("extinctionPieceTypes", span, c),
                        }
                    }
                }
            }
        }
    }

    /// `flagPiece`, `whiteFlag`, `blackFlag`, `flagMove`: the goal zone (returned)
    /// and the end rule (added to `lines`).
    fn flag(&mut self, lines: &mut Vec<(String, &'static str)>) -> Vec<(String, &'static str)> {
        let mut zones: Vec<(String, &'static str)> = Vec::new();
        // A named flag piece's promoted faces are of its type for
        // Fairy-Stockfish (chak's divine king is a promoted king): one goal
        // of the piece and those faces together (`King | PromotedPawn reaches`).
        let mut together = false;
        let flags: Vec<String> = match self.flag_piece() {
            Some(Flag::One(p)) => {
                let mut names = vec![p.name.clone()];
                names.extend(
                    self.faces
                        .iter()
                        .filter(|(_, t)| t.letter == p.letter)
                        .map(|(b, _)| Self::face_name(b)),
                );
                together = names.len() > 1;
                names
            }
            // `*`: any piece of the side (Fairy-Stockfish's `ALL_PIECES`),
            // one goal per piece type; a promoted face is a type too.
            Some(Flag::Any) => self
                .pieces
                .iter()
                .map(|p| p.name.clone())
                .chain(self.faces.iter().map(|(base, _)| Self::face_name(base)))
                .collect(),
            Some(Flag::None) | None => Vec::new(),
        };
        if !flags.is_empty() {
            let (wkey, bkey) = (self.region_key(0), self.region_key(1));
            let white = self.squares(wkey);
            let black = self.squares(bkey);
            let after = self.bool("flagMove", false);
            // Fairy-Stockfish's goal needs one flag piece in the region
            // whatever its count: 0 counts as 1.
            let (count, full, safe) = if self.out.target == Target::Current {
                (
                    self.int("flagPieceCount", 1, 0, u64::from(u16::MAX)),
                    self.bool("flagPieceBlockedWin", false),
                    self.bool("flagPieceSafe", false),
                )
            } else {
                (Some(1), Some(false), Some(false))
            };
            if let (Some(white), Some(black), Some(after), Some(count), Some(full), Some(safe)) =
                (white, black, after, count, full, safe)
            {
                if white.is_empty() && black.is_empty() {
                    // No region: no goal.
                } else {
                    let default = if self.out.target == Target::Current {
                        "*"
                    } else {
                        "-"
                    };
                    let said = [
                        self.said("flagPiece", default),
                        self.said(wkey, ""),
                        self.said(bkey, ""),
                        self.said("flagMove", "false"),
                    ]
                    .join(", ");
                    // A side without a region has no goal (`none`).
                    let squares = |s: &[String]| {
                        if s.is_empty() {
                            "none".to_string()
                        } else {
                            s.join(", ")
                        }
                    };
                    zones.push((
                        format!(
                            "zone goal {{ white: {}; black: {} }}    // {said}",
                            squares(&white),
                            squares(&black)
                        ),
                        wkey,
                    ));
                    if flags.len() > 1 && count > 1 && !together {
                        let span = self
                            .raw("flagPieceCount")
                            .map_or(self.section.header_span, |v| v.span);
                        self.out.cannot(
                            "flagPieceCount",
                            span,
                            "a count of flag pieces of any type (`flagPiece = *`): fairyc's `count` counts one piece type",
                        );
                        return zones;
                    }
                    // With `flagMove` a king's goal has Fairy-Stockfish's
                    // racing-kings draw, which `safe` leaves out.
                    // Fairy-Stockfish counts the flag pieces of every type
                    // together: with two on the goal no safety is asked.
                    // One goal of all the types (`Rook | Knight reaches`)
                    // says so; one per type would ask it of each.
                    let flags = if (safe || together) && flags.len() > 1 {
                        vec![flags.join(" | ")]
                    } else {
                        flags
                    };
                    let king = self.king().map(|k| k.name.clone());
                    if safe && after && flags.len() == 1 && flags.first() == king.as_ref() {
                        self.refuse_key(
                            "flagPieceSafe",
                            "a safe goal of the king with `flagMove`: Fairy-Stockfish's draw when White's king reached first and Black's follows",
                        );
                        return zones;
                    }
                    // `or-full` says something only with a count above 1.
                    let mut counted = match (count.max(1), full) {
                        (1, _) => String::new(),
                        (n, false) => format!(" count {n}"),
                        (n, true) => format!(" count {n} or-full"),
                    };
                    if safe {
                        counted.push_str(" safe");
                    }
                    for flag in flags {
                        lines.push((
                            format!(
                                "{flag} reaches goal{counted} win{}",
                                if after { " after-reply" } else { "" }
                            ),
                            "flagPiece",
                        ));
                    }
                }
            }
        }
        zones
    }

    /// The key of a side's flag region: the current `flagRegionWhite`, its
    /// `flagRegion` for both sides, or 11.1's `whiteFlag` (`side` 0: White).
    fn region_key(&self, side: usize) -> &'static str {
        let (own, old) = if side == 0 {
            ("flagRegionWhite", "whiteFlag")
        } else {
            ("flagRegionBlack", "blackFlag")
        };
        if self.out.target == Target::Fsf11 {
            old
        } else if self.raw(own).is_some() {
            own
        } else if self.raw("flagRegion").is_some() {
            "flagRegion"
        } else {
            old
        }
    }

    /// `mustCapture`, `makpongRule`, `checking`: the `legality` and the
    /// `royal` blocks' lines.
    #[allow(clippy::type_complexity)]
    fn legality(&mut self) -> (Vec<(String, &'static str)>, Vec<(String, &'static str)>) {
        let mut legality: Vec<(String, &'static str)> = Vec::new();
        if let Some(true) = self.bool("mustCapture", false) {
            legality.push((
                format!(
                    "capture compulsory    // {}",
                    self.said("mustCapture", "false")
                ),
                "mustCapture",
            ));
        }
        let mut royal = Vec::new();
        if !self.pseudo_royal.is_empty() {
            let word = if self.pseudo_royal_last {
                "last"
            } else {
                "any"
            };
            royal.push((
                format!(
                    "check {word}    // {}",
                    self.said("extinctionPseudoRoyal", "false")
                ),
                "extinctionPseudoRoyal",
            ));
        }
        if let Some(true) = self.bool("makpongRule", false) {
            royal.push((
                format!(
                    "fleeing forbidden    // {}",
                    self.said("makpongRule", "false")
                ),
                "makpongRule",
            ));
        }
        // Without a `king` Fairy-Stockfish's moves give no check
        // (`Position::gives_check`): with pseudo-royal pieces only,
        // `checking` and `dropChecks` change nothing.
        let no_check = self.out.target == Target::Current
            && self.king().is_none()
            && !self.pseudo_royal.is_empty();
        if let (Some(false), false) = (self.bool("checking", true), no_check) {
            legality.push((
                format!(
                    "giving-check forbidden    // {}",
                    self.said("checking", "true")
                ),
                "checking",
            ));
        }
        // Without drops FSF never asks, and fairyc refuses the rule (`E0174`).
        if let (Some(false), Some(true), false) = (
            self.bool("dropChecks", true),
            self.bool("pieceDrops", false),
            no_check,
        ) {
            legality.push((
                format!(
                    "giving-check by-drop forbidden    // {}",
                    self.said("dropChecks", "true")
                ),
                "dropChecks",
            ));
        }
        (legality, royal)
    }

    /// The side whose `king` is royal when the other has none (the current
    /// Fairy-Stockfish's `horde`: White has no king in the start position):
    /// that side, never in check, may make every pseudo-legal move, as
    /// fairyc's `royal { only <side> }` says (probed with pyffish 0.0.90 on
    /// its `horde`). Only where the side without a king can never get one:
    /// none in its hand, and no promotion to the `king` type
    /// (`promotionPieceTypes…`, `promotedPieceType`), which would make it
    /// royal in the engine and not in fairyc. `None` otherwise (each side
    /// has a king, or neither: the start position is then refused as
    /// before).
    fn royal_only(&self, fen: Option<&Fen>) -> Option<usize> {
        if self.out.target != Target::Current || !self.pseudo_royal.is_empty() {
            return None;
        }
        let fen = fen?;
        let king = self.king()?.letter.to_ascii_uppercase();
        let hand = fen.placement.split_once('[').map_or("", |(_, h)| h);
        let has = |side: usize| {
            let c = if side == 0 {
                king
            } else {
                king.to_ascii_lowercase()
            };
            fen.grid.iter().flatten().any(|&x| x == Some(c)) || hand.contains(c)
        };
        let side = match (has(0), has(1)) {
            (true, false) => 0,
            (false, true) => 1,
            _ => return None,
        };
        let promoted = [
            "promotionPieceTypes",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
        ]
        .iter()
        .filter_map(|k| self.raw(k))
        .any(|v| {
            v.value
                .chars()
                .any(|c| c == '*' || c.eq_ignore_ascii_case(&king))
        }) || self.raw("promotedPieceType").is_some_and(|v| {
            v.value.split_whitespace().any(|pair| {
                pair.split_once(':')
                    .is_some_and(|(_, t)| t.chars().any(|c| c.eq_ignore_ascii_case(&king)))
            })
        });
        (!promoted).then_some(side)
    }

    /// `flagPiece`: `None` on error. Without the key the current
    /// Fairy-Stockfish's flag piece is any piece (its default, `*`); 11.1's
    /// none.
    fn flag_piece(&mut self) -> Option<Flag> {
        match self.raw("flagPiece").map(|v| v.value.trim()) {
            None if self.out.target == Target::Current => Some(Flag::Any),
            None | Some("-") => Some(Flag::None),
            Some("*") => Some(Flag::Any),
            Some(_) => self
                .piece_key("flagPiece")
                .map(|p| p.map_or(Flag::None, Flag::One)),
        }
    }
}

/// An FSF FEN, read and normalised for fairyc's `setup`.
#[derive(Clone, Debug)]
struct Fen {
    /// The placement (with the hand, `[…]`).
    placement: String,
    /// Letters per square: `grid[rank][file]`, rank 0 the first.
    grid: Vec<Vec<Option<char>>>,
    side: String,
    castling: String,
    ep: String,
    checks: Option<(u64, u64)>,
    clocks: String,
}

impl Fen {
    fn read(text: &str, files: usize, ranks: usize) -> Option<Fen> {
        let mut words = text.split_whitespace();
        let placement = words.next()?.to_string();
        let board = placement.split('[').next().unwrap_or_default();
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != ranks {
            return None;
        }
        let mut grid = vec![vec![None; files]; ranks];
        for (i, row) in rows.iter().enumerate() {
            let y = ranks - 1 - i;
            let mut x: usize = 0;
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    x = x.saturating_add(digits.parse::<usize>().ok()?);
                    digits.clear();
                }
                if c.is_ascii_alphabetic() || c == '*' {
                    if x >= files {
                        return None;
                    }
                    if let Some(cell) = grid.get_mut(y).and_then(|r| r.get_mut(x)) {
                        *cell = Some(c);
                    }
                    x += 1;
                } else if c != '+' && c != '~' {
                    return None;
                }
            }
            if !digits.is_empty() {
                x = x.saturating_add(digits.parse::<usize>().ok()?);
            }
            if x != files {
                return None;
            }
        }
        let side = words.next().unwrap_or("w").to_string();
        let rest: Vec<&str> = words.collect();
        let mut castling = "-".to_string();
        let mut ep = "-".to_string();
        let mut checks = None;
        let mut clocks: Vec<&str> = Vec::new();
        let mut i = 0;
        let is_number = |w: &str| w.bytes().all(|b| b.is_ascii_digit());
        if let Some(w) = rest.first() {
            if !is_number(w) && !w.contains('+') {
                castling = w.to_string();
                i = 1;
            }
        }
        if let Some(w) = rest.get(i) {
            if !is_number(w) && !w.contains('+') {
                ep = w.to_string();
                i += 1;
            }
        }
        for w in rest.get(i..).unwrap_or_default() {
            if let Some((a, b)) = w.split_once('+') {
                checks = Some((a.parse().ok()?, b.parse().ok()?));
            } else {
                clocks.push(w);
            }
        }
        let clocks = if clocks.is_empty() {
            "0 1".into()
        } else {
            clocks.join(" ")
        };
        Some(Fen {
            placement,
            grid,
            side,
            castling,
            ep,
            checks,
            clocks,
        })
    }

    fn at(&self, file: usize, rank: usize) -> Option<char> {
        self.grid.get(rank)?.get(file).copied().flatten()
    }

    fn text(&self) -> String {
        format!(
            "{} {} {} {} {}",
            self.placement, self.side, self.castling, self.ep, self.clocks
        )
    }
}

/// Compiles the generated source; its errors are reported at the keys the
/// lines come from (`E0211`).
/// `immobilityIllegal = true`: the squares each piece of the compiled
/// `text` could never move from, White's and Black's, by name; or why fairyc
/// cannot say the rule for these pieces. Fairy-Stockfish forbids a drop or a
/// plain move to a square from which the piece has no quiet move on an empty
/// board; fairyc forbids the drops with `not-on`, and a plain move there only
/// through a promotion that is compulsory there (an `optional` rule is forced
/// where the piece has no move at all). Nothing if `text` does not compile
/// (the compile check reports it).
fn stuck_squares(text: &str) -> Result<Vec<Stuck>, String> {
    use fairyc_runtime::table::Trigger;
    let Ok(tables) = fairyc_compiler::compile(text) else {
        return Ok(Vec::new());
    };
    let parts = tables.parts();
    let name = |sq: usize| parts.board.squares[sq].name.clone();
    let mut out = Vec::new();
    for (p, piece) in parts.pieces.iter().enumerate() {
        let mut stuck: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for (side, squares) in stuck.iter_mut().enumerate() {
            for (sq, paths) in piece.moves[side].iter().enumerate() {
                let fsf = !paths.iter().any(|x| x.role.quiet() && !x.once);
                if fsf != paths.is_empty() {
                    return Err(format!(
                        "`{}` has no quiet move from {} but captures there: Fairy-Stockfish counts it as stuck, fairyc's forced promotion does not",
                        piece.name,
                        name(sq)
                    ));
                }
                if fsf {
                    squares.push(sq);
                }
            }
        }
        let covered = |side: usize, t: u16| {
            parts.promotions.iter().any(|r| {
                r.piece as usize == p
                    && r.zone[side].contains(&t)
                    && r.as_move().is_some_and(|m| {
                        m.on.has(Trigger::End)
                            && !m.capture_only
                            && (!m.optional || m.forced[side].contains(&t))
                    })
            })
        };
        for (side, squares) in stuck.iter().enumerate() {
            for path in piece.moves[side].iter().flatten() {
                for step in &path.steps {
                    if squares.contains(&(step.to as usize)) && !covered(side, step.to) {
                        return Err(format!(
                            "`{}` can move to {} and never move from there without promoting: Fairy-Stockfish forbids that move; fairyc forbids it only through a promotion compulsory there",
                            piece.name,
                            name(step.to as usize)
                        ));
                    }
                }
            }
        }
        let [w, b] = stuck.map(|s| s.into_iter().map(name).collect());
        out.push((piece.name.clone(), [w, b]));
    }
    Ok(out)
}

/// Whether `within` confines each region's piece as Fairy-Stockfish's
/// region does ([`Generator::mobility_regions`]): Fairy-Stockfish keeps
/// every landing square in the region, fairyc's `within` ends a line at
/// its first square outside. They agree when no line of the piece (its
/// moves compiled without `within`) passes a square outside the region
/// before one inside, from a square where the piece can stand: its region,
/// its start squares, and anywhere for a piece that a promotion makes;
/// otherwise the key given, why, and the zone. The zones of `landing` are
/// already written `to`, which says Fairy-Stockfish's rule.
fn regions_check(
    generated: &Generated,
    landing: &[String],
) -> Result<(), (String, String, String)> {
    use fairyc_runtime::table::PromotionChoice;
    if generated.regions.is_empty() {
        return Ok(());
    }
    let mut text = generated.text.clone();
    for r in &generated.regions {
        text = text.replace(&format!(" within {}", r.zone), "");
        text = text.replace(&format!(" to {}", r.zone), "");
    }
    let Ok(tables) = fairyc_compiler::compile(&text) else {
        // The section's own errors are reported by `compile_check`.
        return Ok(());
    };
    let parts = tables.parts();
    let name = |sq: u16| parts.board.squares[sq as usize].name.clone();
    for r in generated
        .regions
        .iter()
        .filter(|r| !landing.contains(&r.zone))
    {
        let Some(index) = parts.pieces.iter().position(|p| p.name == r.piece) else {
            continue;
        };
        let piece = &parts.pieces[index];
        // Where a promotion makes the piece: a move promoting in the zone
        // ends there or, starting there, on one of the promoting piece's
        // steps from it; a promotion of its own (`turn`) anywhere.
        let makers: Vec<_> = parts
            .promotions
            .iter()
            .filter(|rule| {
                rule.choices
                    .iter()
                    .any(|c| matches!(c, PromotionChoice::Piece(p) if *p as usize == index))
            })
            .collect();
        let anywhere = makers.iter().any(|rule| rule.as_move().is_none());
        let made = |side: usize, at: u16| {
            makers.iter().any(|rule| {
                let zone = &rule.zone[side];
                zone.contains(&at)
                    || parts.pieces[rule.piece as usize].moves[side]
                        .iter()
                        .enumerate()
                        .filter(|(from, _)| zone.contains(&(*from as u16)))
                        .any(|(_, paths)| paths.iter().any(|p| p.steps.iter().any(|s| s.to == at)))
            })
        };
        for (side, squares) in r.squares.iter().enumerate() {
            for (from, paths) in piece.moves[side].iter().enumerate() {
                let at = name(from as u16);
                if !anywhere
                    && !made(side, from as u16)
                    && !squares.contains(&at)
                    && !r.starts[side].contains(&at)
                {
                    continue;
                }
                for path in paths {
                    let mut outside = None;
                    for step in &path.steps {
                        let to = name(step.to);
                        match (squares.contains(&to), &outside) {
                            (false, None) => outside = Some(to),
                            (true, Some(o)) => {
                                return Err((
                                    r.key.clone(),
                                    format!(
                                        "`{}` from {} passes {o}, outside its region, to reach {to}: Fairy-Stockfish allows that move, fairyc's `within` ends the line at the region's edge, and `to`, which would not, confines no hopper or move of several legs",
                                        r.piece,
                                        name(from as u16)
                                    ),
                                    r.zone.clone(),
                                ));
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// The pieces the compiler finds cannot move from any square of the
/// board (`E0116`).
fn cannot_move(text: &str) -> Vec<String> {
    let Err(errors) = fairyc_compiler::compile(text) else {
        return Vec::new();
    };
    errors
        .iter()
        .filter_map(|e| match &e.kind {
            fairyc_compiler::error::ErrorKind::Lower(
                fairyc_compiler::lower::LowerError::PieceCannotMove(name),
            ) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

fn compile_check(section: &Section, generated: &Generated, out: &mut Diags) {
    let Err(errors) = fairyc_compiler::compile(&generated.text) else {
        return;
    };
    for e in errors {
        let at = e.span.start as usize;
        let origin = generated
            .origins
            .iter()
            .find(|(s, end, _)| (*s..=*end).contains(&at))
            .map(|o| o.2);
        let line = generated
            .text
            .get(..at)
            .map_or(0, |t| t.matches('\n').count())
            + 1;
        let text = generated
            .text
            .lines()
            .nth(line - 1)
            .unwrap_or_default()
            .trim()
            .to_string();
        out.error(
            "E0211",
            format!("this section does not make a valid variant: {e}"),
            origin.unwrap_or(section.header_span),
            "from here",
            vec![
                format!("note: line {line} of the generated .variant: `{text}`"),
                format!(
                    "help: `fairyc explain {}` says more about {}",
                    e.code(),
                    e.code()
                ),
            ],
        );
    }
}

/// The file name (without `.variant`) to write a section to: its name, with
/// anything but letters, digits, `-`, `_` and `.` replaced by `-`.
pub fn file_stem(section: &str) -> String {
    let stem: String = section
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let stem = stem.trim_start_matches('.').to_string();
    if stem.is_empty() {
        "variant".into()
    } else {
        stem
    }
}
