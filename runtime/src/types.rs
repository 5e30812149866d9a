//! Small value types: sides, moves, results.

use std::fmt;

use crate::ids::{PieceType, Square};

/// A side: White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline(always)]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side with this index (`0` White, anything else Black).
    #[inline(always)]
    pub fn from_index(i: usize) -> Color {
        if i == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

/// What a promoting piece becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promote {
    /// No promotion.
    None,
    /// It becomes this piece.
    Piece(PieceType),
    /// It leaves the board into its owner's hand as this piece.
    Hand(PieceType),
    /// No promotion; this piece from the mover's hand enters on the square
    /// the piece has just left (gating).
    Gate(PieceType),
}

/// A piece from hand that enters, as part of a castling, on the square the
/// king or the rook has just left (gating). Two bytes, and
/// `Option<CastleGate>` too, so that a [`Move`] stays as small as without
/// gating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastleGate {
    piece: PieceType,
    on_rook: bool,
}

impl CastleGate {
    /// Piece type `piece` enters on the rook's start square if `on_rook`,
    /// else on the king's.
    #[inline(always)]
    pub fn new(piece: PieceType, on_rook: bool) -> CastleGate {
        CastleGate { piece, on_rook }
    }

    /// The piece type from hand.
    #[inline(always)]
    pub fn piece(self) -> PieceType {
        self.piece
    }

    /// Whether it enters on the rook's start square (else the king's).
    #[inline(always)]
    pub fn on_rook(self) -> bool {
        self.on_rook
    }
}

/// A move. Small and `Copy`; drops are moves too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves (and maybe captures, maybe promotes).
    Normal {
        /// From square.
        from: Square,
        /// To square.
        to: Square,
        /// Promotion.
        promote: Promote,
    },
    /// An en-passant capture: the captured piece is not on `to`.
    EnPassant {
        /// From square.
        from: Square,
        /// To square (the en-passant square).
        to: Square,
        /// Promotion.
        promote: Promote,
    },
    /// Castling by rule `rule` of the tables; written as the king's move,
    /// or king-takes-rook for a free (Chess960) castling.
    Castle {
        /// Index into the tables' castling rules.
        rule: u8,
        /// The king's start square.
        from: Square,
        /// The king's destination; for a free castling, the rook's start
        /// square (the destinations are the rule's).
        to: Square,
        /// A piece gated in, if any.
        gate: Option<CastleGate>,
    },
    /// A piece from hand is put on an empty square.
    Drop {
        /// The piece type.
        piece: PieceType,
        /// The square.
        to: Square,
    },
    /// A move that captures on its way (a multi-leg move, XBetza `c` on a
    /// leg before the last): the piece captures the enemy piece on `via`
    /// and ends on `to` (capturing what stands there too), which may be
    /// `from` (it captured without moving). Written `e5f6,f6e7` (the two
    /// legs, as XBoard writes the lion's double moves).
    Locust {
        /// From square.
        from: Square,
        /// The square captured on the way.
        via: Square,
        /// Where the piece ends.
        to: Square,
    },
    /// The player passes (`legality { pass allowed }`); written as the
    /// square of its royal piece twice (`e2e2`), as Fairy-Stockfish does.
    Pass {
        /// The mover's royal piece's square.
        at: Square,
    },
    /// A move that also puts a wall on an empty square (the `walls` item,
    /// the table's `walling`): the move `base` says, from `from` to `to`, then
    /// the wall on `wall`. Written as the move, a comma and its destination
    /// with the wall's square (`a1b1,b1a1`), as Fairy-Stockfish does.
    Walled {
        /// From square.
        from: Square,
        /// To square (as the move without its wall has it).
        to: Square,
        /// Where the wall goes.
        wall: Square,
        /// What kind of move it is.
        base: WallBase,
    },
}

/// What a [`Move::Walled`] is without its wall, in one byte (so that a
/// [`Move`] stays eight bytes): an ordinary move, unpromoted or promoting
/// on the board; an unpromoted en-passant capture; or a castling without a
/// gate. No variant places walls with the other moves ([`Move::with_wall`]
/// refuses them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WallBase(u8);

impl WallBase {
    /// `0` a plain move, `1` en passant, `2..18` castling rule `0..16`,
    /// `18 + p` a move promoting to piece `p`.
    const EN_PASSANT: u8 = 1;
    const CASTLE: u8 = 2;
    const PROMOTE: u8 = 18;
}

impl Move {
    /// The destination square.
    #[inline]
    pub fn to(self) -> Square {
        match self {
            Move::Normal { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Castle { to, .. }
            | Move::Locust { to, .. }
            | Move::Drop { to, .. }
            | Move::Walled { to, .. } => to,
            Move::Pass { at } => at,
        }
    }

    /// The origin square, `None` for a drop.
    #[inline]
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. }
            | Move::EnPassant { from, .. }
            | Move::Castle { from, .. }
            | Move::Locust { from, .. }
            | Move::Walled { from, .. } => Some(from),
            Move::Pass { at } => Some(at),
            Move::Drop { .. } => None,
        }
    }

    /// The promotion, if any.
    pub fn promotion(self) -> Promote {
        match self {
            Move::Normal { promote, .. } | Move::EnPassant { promote, .. } => promote,
            Move::Walled { .. } => self.unwalled().0.promotion(),
            _ => Promote::None,
        }
    }

    /// The move without its wall, and the wall's square (`None` for a
    /// move that places none).
    #[inline]
    pub fn unwalled(self) -> (Move, Option<Square>) {
        let Move::Walled {
            from,
            to,
            wall,
            base: WallBase(b),
        } = self
        else {
            return (self, None);
        };
        let m = match b {
            0 => Move::Normal {
                from,
                to,
                promote: Promote::None,
            },
            WallBase::EN_PASSANT => Move::EnPassant {
                from,
                to,
                promote: Promote::None,
            },
            b if b < WallBase::PROMOTE => Move::Castle {
                rule: b - WallBase::CASTLE,
                from,
                to,
                gate: None,
            },
            b => Move::Normal {
                from,
                to,
                promote: Promote::Piece(PieceType::raw_new(b - WallBase::PROMOTE)),
            },
        };
        (m, Some(wall))
    }

    /// `self` with a wall put on `wall`; `None` for a move that cannot
    /// carry one (see [`WallBase`]).
    pub fn with_wall(self, wall: Square) -> Option<Move> {
        let (from, to, b) = match self {
            Move::Normal {
                from,
                to,
                promote: Promote::None,
            } => (from, to, 0),
            Move::Normal {
                from,
                to,
                promote: Promote::Piece(p),
            } => (from, to, WallBase::PROMOTE.checked_add(p.raw())?),
            Move::EnPassant {
                from,
                to,
                promote: Promote::None,
            } => (from, to, WallBase::EN_PASSANT),
            Move::Castle {
                rule,
                from,
                to,
                gate: None,
            } if rule < WallBase::PROMOTE - WallBase::CASTLE => (from, to, WallBase::CASTLE + rule),
            _ => return None,
        };
        Some(Move::Walled {
            from,
            to,
            wall,
            base: WallBase(b),
        })
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// A side's royal piece stands alone on the board.
    BareKing,
    /// Both royal pieces stand alone on the board.
    BothBare,
    /// A piece reached its goal squares.
    Reach,
    /// The same position occurred the given number of times.
    Repetition,
    /// The n-move rule.
    MoveLimit,
    /// A count of moves (a counting rule) ran out.
    Counting,
    /// A side has no piece left (of the type an extinction rule names).
    Extinction,
    /// A side has given the number of checks the variant counts.
    Checks,
    /// Two passes in a row.
    Passes,
    /// The royal pieces faced each other before and after a move.
    Facing,
    /// A checkmate given only by pieces of the types `checkmate by` names.
    CheckmateBy,
    /// A checkmate without a check by a piece `checkmate needs` names in
    /// the mating player's last run of checks.
    CheckmateWithoutNeededCheck,
    /// The board is full (`full-board`).
    FullBoard,
    /// A side's pieces stand on every square of a line (`end.lines`).
    Line,
    /// A side's pieces join two sets of squares (`end.connections`).
    Connection,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::BareKing => "bare king",
            EndReason::BothBare => "both kings bare",
            EndReason::Reach => "goal reached",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move limit",
            EndReason::Counting => "counting",
            EndReason::Extinction => "extinction",
            EndReason::Checks => "checks given",
            EndReason::Passes => "two passes",
            EndReason::Facing => "royal pieces facing",
            EndReason::CheckmateBy => "checkmate by a piece that may not give it",
            EndReason::CheckmateWithoutNeededCheck => "checkmate without a needed check",
            EndReason::FullBoard => "full board",
            EndReason::Line => "line",
            EndReason::Connection => "connection",
        })
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Why.
    pub reason: EndReason,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        match self.winner {
            Some(c) => write!(f, "{score} ({} wins by {})", c.name(), self.reason),
            None => write!(f, "{score} (draw by {})", self.reason),
        }
    }
}

// A move list holds hundreds of moves on the stack: a `Move` stays at most
// eight bytes, with squares that hold up to 65 536 squares.
const _: () = assert!(std::mem::size_of::<Move>() <= 8);
const _: () = assert!(std::mem::size_of::<Option<CastleGate>>() <= 2);
