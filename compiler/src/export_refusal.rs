//! Why a variant cannot be exported to Fairy-Stockfish (`E0159`, `E0160` …
//! `E0169`): the refusals `fairyc-interop`'s export reports, kept here
//! because they are [`crate::ErrorKind::Export`] compile errors, rendered
//! and explained like every other code.

/// The Fairy-Stockfish an export is written for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportTarget {
    /// The current Fairy-Stockfish (pyffish 0.0.90, ffish.js): besides
    /// 11.1's keys, custom pieces (`customPiece1 = a:Betza`, `king =
    /// k:Betza`, in its Betza dialect), walls and the newer rule keys.
    #[default]
    Current,
    /// Fairy-Stockfish 11.1 (Debian's): predefined piece types only.
    Fsf11,
}

/// Why a variant cannot be exported: one construct the target cannot
/// express, or that the export does not write for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportRefusal {
    /// `E0160`: a board FSF cannot hold (holes, multi-cell squares, labels
    /// other than `a..` × `1..`, more than 12 files or 10 ranks).
    Board {
        /// What is wrong.
        why: String,
    },
    /// `E0161`: a piece that moves like none of FSF 11.1's piece types.
    Piece {
        /// The piece.
        piece: String,
    },
    /// `E0162`: two pieces that would be the same FSF piece type.
    SameType {
        /// The piece.
        piece: String,
        /// The other piece.
        other: String,
        /// The FSF type.
        fsf: &'static str,
    },
    /// `E0163`: a royal piece FSF cannot play (several, one side only,
    /// not moving like a king).
    Royal {
        /// What is wrong.
        why: String,
    },
    /// `E0164`: a promotion rule FSF cannot express.
    Promotion {
        /// What is wrong.
        why: String,
    },
    /// `E0165`: a drop rule FSF cannot express.
    Drops {
        /// What is wrong.
        why: String,
    },
    /// `E0166`: castling FSF cannot express.
    Castling {
        /// What is wrong.
        why: String,
    },
    /// `E0167`: an end or legality rule FSF cannot express.
    Rule {
        /// What is wrong.
        why: String,
    },
    /// `E0168`: a promoted face (`letter +P`) or a piece going to hand as
    /// another (`captured-as`).
    Face {
        /// The piece.
        piece: String,
    },
    /// `E0159`: a piece symbol of more than one character (`letter DE`,
    /// `letter N'`).
    Symbol {
        /// The piece.
        piece: String,
        /// Its symbol.
        symbol: String,
    },
    /// `E0169`: a one-time move (`once`) or a move not made in check (`if
    /// not-in-check`).
    OneTime {
        /// The piece.
        piece: String,
    },
}

impl ExportRefusal {
    /// The code.
    pub fn code(&self) -> &'static str {
        match self {
            ExportRefusal::Board { .. } => "E0160",
            ExportRefusal::Piece { .. } => "E0161",
            ExportRefusal::SameType { .. } => "E0162",
            ExportRefusal::Royal { .. } => "E0163",
            ExportRefusal::Promotion { .. } => "E0164",
            ExportRefusal::Drops { .. } => "E0165",
            ExportRefusal::Castling { .. } => "E0166",
            ExportRefusal::Rule { .. } => "E0167",
            ExportRefusal::Face { .. } => "E0168",
            ExportRefusal::OneTime { .. } => "E0169",
            ExportRefusal::Symbol { .. } => "E0159",
        }
    }

    /// The one-line message for an export to `target`. For 11.1 a refusal
    /// is what that engine cannot express; for the current engine, whose
    /// format says more, it is what the export does not write (yet), and
    /// the board's limits, which are the engine's.
    pub fn message(&self, target: ExportTarget) -> String {
        let current = target == ExportTarget::Current;
        // "Fairy-Stockfish 11.1 cannot express this rule" or "the export to
        // the current Fairy-Stockfish does not cover this rule".
        let refused = |what: &str, why: &str| {
            if current {
                format!("the export to the current Fairy-Stockfish does not cover {what}: {why}")
            } else {
                format!("Fairy-Stockfish 11.1 cannot {what}: {why}")
            }
        };
        match self {
            ExportRefusal::Board { why } if current => {
                format!("the current Fairy-Stockfish cannot hold this board: {why}")
            }
            ExportRefusal::Board { why } => {
                format!("Fairy-Stockfish 11.1 cannot hold this board: {why}")
            }
            ExportRefusal::Piece { piece } if current => format!(
                "`{piece}` has a move the export cannot write in Fairy-Stockfish's Betza notation"
            ),
            ExportRefusal::Piece { piece } => {
                format!("`{piece}` moves like none of Fairy-Stockfish 11.1's piece types")
            }
            ExportRefusal::SameType { piece, other, fsf } => format!(
                "`{piece}` and `{other}` would both be Fairy-Stockfish's `{fsf}`"
            ),
            ExportRefusal::Royal { why } if current => refused("this royal piece", why),
            ExportRefusal::Royal { why } => {
                format!("Fairy-Stockfish 11.1 cannot play this royal piece: {why}")
            }
            ExportRefusal::Promotion { why } if current => refused("this promotion", why),
            ExportRefusal::Promotion { why } => refused("express this promotion", why),
            ExportRefusal::Drops { why } if current => refused("these drops", why),
            ExportRefusal::Drops { why } => refused("express these drops", why),
            ExportRefusal::Castling { why } if current => refused("this castling", why),
            ExportRefusal::Castling { why } => refused("express this castling", why),
            ExportRefusal::Rule { why } if current => refused("this rule", why),
            ExportRefusal::Rule { why } => refused("express this rule", why),
            ExportRefusal::Face { piece } => format!(
                "`{piece}` is a promoted face or goes to hand as another piece, which the export to {} does not cover",
                target.engine()
            ),
            ExportRefusal::Symbol { piece, symbol } => format!(
                "`{piece}` is written `{symbol}`, and Fairy-Stockfish writes each piece with one letter"
            ),
            ExportRefusal::OneTime { piece } if current => format!(
                "`{piece}` has a one-time move or a move not made in check, which the export to the current Fairy-Stockfish does not cover"
            ),
            ExportRefusal::OneTime { piece } => format!(
                "`{piece}` has a one-time move or a move not made in check, which Fairy-Stockfish 11.1 cannot express"
            ),
        }
    }

    /// The primary label.
    pub fn label(&self, target: ExportTarget) -> &'static str {
        match self {
            ExportRefusal::Board { .. } => "this board",
            ExportRefusal::Piece { .. } if target == ExportTarget::Current => {
                "no Betza spelling exported for this"
            }
            ExportRefusal::Piece { .. } => "no FSF piece moves like this",
            ExportRefusal::SameType { .. } => "same FSF type as an earlier piece",
            ExportRefusal::Royal { .. } => "this royal piece",
            ExportRefusal::Promotion { .. } => "this promotion",
            ExportRefusal::Drops { .. } => "these drops",
            ExportRefusal::Castling { .. } => "this castling",
            ExportRefusal::Rule { .. } | ExportRefusal::OneTime { .. }
                if target == ExportTarget::Current =>
            {
                "not exported"
            }
            ExportRefusal::Rule { .. } | ExportRefusal::OneTime { .. } => {
                "no FSF 11.1 key for this"
            }
            ExportRefusal::Face { .. } => "this piece",
            ExportRefusal::Symbol { .. } => "more than one letter",
        }
    }

    /// The help note for an export to `target`.
    pub fn help(&self, target: ExportTarget) -> String {
        let text = match (self, target) {
            (ExportRefusal::Board { .. }, ExportTarget::Current) => "the current Fairy-Stockfish (built for large boards, as pyffish and ffish.js are) plays rectangular boards of up to 12 files (a..l) and 10 ranks (1..10), one cell per square; walls (`*`) are written in its FEN",
            (ExportRefusal::Board { .. }, ExportTarget::Fsf11) => "FSF 11.1 plays rectangular boards of up to 12 files (a..l) and 10 ranks (1..10), one cell per square, no holes",
            (ExportRefusal::Piece { .. }, ExportTarget::Current) => "a piece that moves like no predefined type is written as a custom piece in Fairy-Stockfish's Betza dialect; the export writes a move only where that spelling plays exactly as fairyc does (docs/export.md lists what it writes), and `--to fairy-stockfish-11` cannot write custom pieces at all",
            (ExportRefusal::Piece { .. }, ExportTarget::Fsf11) => "FSF 11.1 has no custom pieces; each piece must move exactly like one of its types (`fairyc explain E0161` lists them); the current Fairy-Stockfish (`--to fairy-stockfish`) has custom pieces",
            (ExportRefusal::SameType { .. }, _) => "FSF gives each piece type one letter, so two pieces cannot share a type",
            (ExportRefusal::Royal { .. }, ExportTarget::Current) => "the export writes one royal piece type, royal for both sides: Fairy-Stockfish's `king`, or a custom `king = k:Betza` whose moves it can spell",
            (ExportRefusal::Royal { .. }, ExportTarget::Fsf11) => "FSF 11.1 plays at most one royal piece type, moving like a chess king, royal for both sides",
            (ExportRefusal::Promotion { .. }, ExportTarget::Current) => "the export promotes Fairy-Stockfish's pawn (on finishing a move in its zone, compulsorily or where it has no move, to the types of `promotionPieceTypes`) and pieces to their promoted faces (`promotedPieceType`, one zone, on a move that starts or ends there)",
            (ExportRefusal::Promotion { .. }, ExportTarget::Fsf11) => "the export promotes Fairy-Stockfish's pawn only: compulsorily, on finishing a move on the ranks from `promotionRank` on, to the types of `promotionPieceTypes`",
            (ExportRefusal::Drops { .. }, ExportTarget::Current) => "the export drops any piece anywhere, except pawns on the first rank (`firstRankPawnDrops`) and in the promotion zone (`promotionZonePawnDrops`), pieces where they have no move (`immobilityIllegal`), and one piece per file (`dropNoDoubled`)",
            (ExportRefusal::Drops { .. }, ExportTarget::Fsf11) => "the export drops any piece anywhere, except pawns on the first rank (`firstRankPawnDrops`) and in the promotion zone (`promotionZonePawnDrops`)",
            (ExportRefusal::Castling { .. }, _) => "the export castles a king from its castling rank with the corner rooks, the king going to the files of `castlingKingsideFile` and `castlingQueensideFile`, the rook beside it",
            (ExportRefusal::Rule { .. }, _) => "the export covers checkmate, stalemate, repetition, the move limit, check counting, compulsory capture, forbidden checks, the winning goals of one piece and extinction rules with one count and outcome (`fairyc explain E0167` lists what else the current engine's export writes)",
            (ExportRefusal::Face { .. }, ExportTarget::Current) => "the export writes a `+` face that goes to hand as the one plain piece promoting to it, and promotes no further, as that piece's promoted type (`promotedPieceType`); other faces and `captured-as` are not written",
            (ExportRefusal::Face { .. }, ExportTarget::Fsf11) => "Fairy-Stockfish 11.1's export writes no promoted faces; the current Fairy-Stockfish (`--to fairy-stockfish`) has `promotedPieceType`",
            (ExportRefusal::Symbol { .. }, _) => "give the piece a one-letter symbol (Fairy-Stockfish's FEN and `pieceToCharTable` have one character per piece, and its `+` marks a promoted piece)",
            (ExportRefusal::OneTime { .. }, _) => "Fairy-Stockfish's built-in `cambodian` and `karouk` hard-code the king's leap and the met's double step; the export writes no one-time move",
        };
        text.to_string()
    }
}

impl ExportTarget {
    /// The engine's name in a sentence.
    pub fn engine(self) -> &'static str {
        match self {
            ExportTarget::Current => "the current Fairy-Stockfish",
            ExportTarget::Fsf11 => "Fairy-Stockfish 11.1",
        }
    }
}
