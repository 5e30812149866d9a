//! [`FenReader`]: the FEN reader of a variant whose rules are not all known
//! yet (a compiler checking a start position), built from what a FEN can
//! say and nothing else.

use crate::error::{ParseFenError, PositionError, TableError};
use crate::ids::PieceType;
use crate::table::{
    BoardTable, CastlingRule, CheckCountRule, CountingLimit, CountingRule, DropRules, EndRules,
    GateRule, HandSupply, Legality, PieceTable, SeveralRoyals, TableParts, MAX_NAME_BYTES,
};
use crate::types::Color;
use crate::variant::Variant;
use crate::walling::WallingTable;

use super::Setup;

/// Whether a variant's FENs have hands, and which kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenHands {
    /// No hands (captured pieces leave the game).
    None,
    /// Hands that hold what they are given; a royal piece may be among it
    /// (a placement phase).
    Counted,
    /// Every piece always in hand without limit: the FEN writes no hands.
    Unlimited,
}

/// What reading a FEN needs: the board, the pieces' symbols and royalty,
/// and the rights and counters the FEN may write. How pieces move matters
/// only for one-time moves (their paths tell the squares that keep rights,
/// see [`PieceTable::moves`]); how a game ends not at all.
#[derive(Clone, Debug)]
pub struct FenParts {
    /// The board.
    pub board: BoardTable,
    /// The piece types. Their names, and what a piece becomes when it is
    /// captured or demoted, do not matter.
    pub pieces: Vec<PieceTable>,
    /// The castling rules (the FEN's castling letters).
    pub castling: Vec<CastlingRule>,
    /// The gating rules (gate rights in the castling field).
    pub gating: Vec<GateRule>,
    /// The hands.
    pub hands: FenHands,
    /// Whether checks are counted (a `3+3` field).
    pub check_count: Option<CheckCountRule>,
    /// Whether a count may run (its limit in the en-passant field).
    pub counting: bool,
    /// Whether a side may have more than one royal piece.
    pub several_royals: bool,
    /// Walls placed by moves (`*` on the board).
    pub walling: Option<WallingTable>,
}

/// A FEN reader built from [`FenParts`].
#[derive(Clone, Debug)]
pub struct FenReader {
    variant: Variant,
}

impl FenReader {
    /// Prepares the reader.
    ///
    /// # Errors
    ///
    /// The [`TableError`] of parts that no variant could have (a castling
    /// rule off the board, a gate square that is no square, …).
    pub fn new(parts: FenParts) -> Result<FenReader, TableError> {
        let FenParts {
            board,
            pieces,
            castling,
            gating,
            hands,
            check_count,
            counting,
            several_royals,
            walling,
        } = parts;
        let np = pieces.len();
        let royal: Vec<bool> = pieces.iter().map(|p| p.royal.is_royal()).collect();
        let pieces = pieces
            .into_iter()
            .enumerate()
            .map(|(i, mut p)| {
                p.name = fit_name(p.name, || format!("piece {i}"));
                // A royal piece named there would make the tables invalid;
                // reading a FEN needs neither.
                if p.captured_as
                    .is_some_and(|q| royal.get(q as usize) == Some(&true))
                {
                    p.captured_as = None;
                }
                if p.demotes_to
                    .is_some_and(|q| royal.get(q as usize) == Some(&true))
                {
                    p.demotes_to = Some(i as u8);
                }
                p
            })
            .collect();
        let parts = TableParts {
            name: "variant".to_owned(),
            board,
            pieces,
            promotions: Vec::new(),
            drops: (hands != FenHands::None).then(|| DropRules {
                royal_in_hand: true,
                supply: if hands == FenHands::Unlimited {
                    HandSupply::Unlimited
                } else {
                    HandSupply::Captures
                },
                ..DropRules::none(np)
            }),
            castling,
            gating,
            end: EndRules {
                check_count,
                counting: counting.then(|| CountingRule {
                    without: Vec::new(),
                    board: 0,
                    bare: vec![CountingLimit {
                        needs: Vec::new(),
                        moves: 1,
                    }],
                    from_pieces: false,
                }),
                ..EndRules::none()
            },
            legality: Legality {
                several_royals: if several_royals {
                    SeveralRoyals::AllAttacked
                } else {
                    SeveralRoyals::One
                },
                ..Legality::default()
            },
            zones: Vec::new(),
            blast: None,
            walling,
            flipping: None,
            // Not read: the start is what `read` is given.
            start: String::new(),
        };
        let variant = Variant::new(crate::VariantTables::new(parts)?)?;
        Ok(FenReader { variant })
    }

    /// Reads a FEN.
    ///
    /// # Errors
    ///
    /// See [`Setup::from_fen`].
    pub fn read(&self, fen: &str) -> Result<Setup, ParseFenError> {
        Setup::from_fen(&self.variant, fen)
    }

    /// Whether `piece` is royal for `side`.
    pub fn is_royal_for(&self, piece: PieceType, side: Color) -> bool {
        self.variant.is_royal_for(piece, side)
    }

    /// Whether `side` may have `count` royal pieces on the board (see
    /// [`crate::check_royal_count`]).
    ///
    /// # Errors
    ///
    /// [`PositionError::TooManyRoyals`] (or too few) when it may not.
    pub fn check_royal_count(&self, side: Color, count: usize) -> Result<(), PositionError> {
        crate::check_royal_count(&self.variant, side, count)
    }
}

/// A name the tables can hold: `name`, or a stand-in when it is empty or too
/// long (the compiler reports such names itself).
fn fit_name(name: String, stand_in: impl FnOnce() -> String) -> String {
    if name.is_empty() || name.len() > MAX_NAME_BYTES {
        stand_in()
    } else {
        name
    }
}
