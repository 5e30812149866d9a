//! Why a variant cannot be exported to Fairy-Stockfish (`E0159`, `E0160` …
//! `E0169`): the refusals `fairyc-interop`'s export reports, kept here
//! because they are [`crate::ErrorKind::Export`] compile errors, rendered
//! and explained like every other code.

/// Why a variant cannot be exported: one construct FSF 11.1 cannot express.
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

    /// The one-line message.
    pub fn message(&self) -> String {
        match self {
            ExportRefusal::Board { why } => format!("Fairy-Stockfish 11.1 cannot hold this board: {why}"),
            ExportRefusal::Piece { piece } => {
                format!("`{piece}` moves like none of Fairy-Stockfish 11.1's piece types")
            }
            ExportRefusal::SameType { piece, other, fsf } => format!(
                "`{piece}` and `{other}` would both be Fairy-Stockfish's `{fsf}`"
            ),
            ExportRefusal::Royal { why } => {
                format!("Fairy-Stockfish 11.1 cannot play this royal piece: {why}")
            }
            ExportRefusal::Promotion { why } => {
                format!("Fairy-Stockfish 11.1 cannot express this promotion: {why}")
            }
            ExportRefusal::Drops { why } => {
                format!("Fairy-Stockfish 11.1 cannot express these drops: {why}")
            }
            ExportRefusal::Castling { why } => {
                format!("Fairy-Stockfish 11.1 cannot express this castling: {why}")
            }
            ExportRefusal::Rule { why } => {
                format!("Fairy-Stockfish 11.1 cannot express this rule: {why}")
            }
            ExportRefusal::Face { piece } => format!(
                "`{piece}` is a promoted face or goes to hand as another piece, which Fairy-Stockfish 11.1's export does not cover"
            ),
            ExportRefusal::Symbol { piece, symbol } => format!(
                "`{piece}` is written `{symbol}`, and Fairy-Stockfish 11.1 writes each piece with one letter"
            ),
            ExportRefusal::OneTime { piece } => format!(
                "`{piece}` has a one-time move or a move not made in check, which Fairy-Stockfish 11.1 cannot express"
            ),
        }
    }

    /// The primary label.
    pub fn label(&self) -> &'static str {
        match self {
            ExportRefusal::Board { .. } => "this board",
            ExportRefusal::Piece { .. } => "no FSF piece moves like this",
            ExportRefusal::SameType { .. } => "same FSF type as an earlier piece",
            ExportRefusal::Royal { .. } => "this royal piece",
            ExportRefusal::Promotion { .. } => "this promotion",
            ExportRefusal::Drops { .. } => "these drops",
            ExportRefusal::Castling { .. } => "this castling",
            ExportRefusal::Rule { .. } => "no FSF 11.1 key for this",
            ExportRefusal::Face { .. } => "this piece",
            ExportRefusal::OneTime { .. } => "no FSF 11.1 key for this",
            ExportRefusal::Symbol { .. } => "more than one letter",
        }
    }

    /// The help note.
    pub fn help(&self) -> String {
        let text = match self {
            ExportRefusal::Board { .. } => "FSF 11.1 plays rectangular boards of up to 12 files (a..l) and 10 ranks (1..10), one cell per square, no holes",
            ExportRefusal::Piece { .. } => "FSF 11.1 has no custom pieces; each piece must move exactly like one of its types (`fairyc explain E0161` lists them)",
            ExportRefusal::SameType { .. } => "FSF gives each piece type one letter, so two pieces cannot share a type",
            ExportRefusal::Royal { .. } => "FSF 11.1 plays at most one royal piece type, moving like a chess king, royal for both sides",
            ExportRefusal::Promotion { .. } => "FSF 11.1 promotes its pawn only: compulsorily, on finishing a move on the ranks from `promotionRank` on, to the types of `promotionPieceTypes`",
            ExportRefusal::Drops { .. } => "FSF 11.1 drops any piece anywhere, except pawns on the first rank (`firstRankPawnDrops`) and in the promotion zone (`promotionZonePawnDrops`)",
            ExportRefusal::Castling { .. } => "FSF 11.1 castles a king from its castling rank with the corner rooks, the king going to the files of `castlingKingsideFile` and `castlingQueensideFile`, the rook beside it",
            ExportRefusal::Rule { .. } => "the export covers checkmate, stalemate, repetition, the move limit, check counting, compulsory capture, forbidden checks, the winning goals of one piece and extinction rules with one count and outcome",
            ExportRefusal::Face { .. } => "shogi-style promoted pieces are not exported yet",
            ExportRefusal::Symbol { .. } => "give the piece a one-letter symbol (FSF 11.1's FEN and `pieceToCharTable` have one character per piece, and its `+` marks a promoted piece)",
            ExportRefusal::OneTime { .. } => "FSF 11.1 has no one-time moves in its variants.ini: its `cambodian` and `karouk` hard-code the king's leap and the met's double step",
        };
        text.to_string()
    }
}
