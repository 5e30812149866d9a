//! [`Position`] and [`Undo`]: the public face of a position, whatever the
//! width its variant is played at (see [`crate::Variant::new`]). Each call
//! dispatches once to the position of that width ([`Pos`]), whose code is
//! monomorphic inside (perft and the move generator never dispatch again).

use crate::bits::{Mid, Narrow, Small, Wide};
use crate::error::{PlayError, PositionError};
use crate::ids::{ByColor, PieceType, Square, SquareIter};
use crate::movelist::MoveList;
use crate::position::{Pos, UndoAt as UndoOf};
use crate::setup::{Placed, Setup};
use crate::types::{Color, GameResult, Move};
use crate::variant::{Inner, Variant};

/// A legal position of a variant: board, promoted marks, hands, side to move,
/// castling and en-passant rights, clocks and an incremental Zobrist hash.
///
/// Obtained only through [`Position::from_setup`] (or [`Position::new`]),
/// which validates once.
#[derive(Clone, Debug)]
pub struct Position<'v> {
    variant: &'v Variant,
    pub(crate) at: At<'v>,
}

/// A position at its variant's width. A mid or wide one is boxed, so that
/// a narrow position stays as small as it was (and is copied without an
/// allocation).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // the narrow one inline, on purpose
pub(crate) enum At<'v> {
    Small(Pos<'v, Small>),
    Narrow(Pos<'v, Narrow>),
    Mid(Box<Pos<'v, Mid>>),
    Wide(Box<Pos<'v, Wide>>),
}

/// What [`Position::unmake`] needs to take a move back.
#[derive(Clone, Debug)]
pub struct Undo(UndoAt);

#[derive(Clone, Debug)]
enum UndoAt {
    Small(UndoOf<Small>),
    Narrow(UndoOf<Narrow>),
    Mid(Box<UndoOf<Mid>>),
    Wide(Box<UndoOf<Wide>>),
}

/// Evaluates `$e` with `$p` bound to the position at its width.
macro_rules! with_pos {
    ($s:expr, $p:ident => $e:expr) => {
        match &$s.at {
            At::Small($p) => $e,
            At::Narrow($p) => $e,
            At::Mid($p) => $e,
            At::Wide($p) => $e,
        }
    };
}

/// [`with_pos`] for a call that changes the position.
macro_rules! with_pos_mut {
    ($s:expr, $p:ident => $e:expr) => {
        match &mut $s.at {
            At::Small($p) => $e,
            At::Narrow($p) => $e,
            At::Mid($p) => $e,
            At::Wide($p) => $e,
        }
    };
}

impl<'v> Position<'v> {
    /// The variant's start position.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] if the tables' start FEN is not a legal position.
    pub fn new(v: &'v Variant) -> Result<Position<'v>, PositionError> {
        Position::from_fen(v, v.start_fen())
    }

    /// Reads and validates a FEN.
    ///
    /// # Errors
    ///
    /// [`PositionError::Fen`] if the FEN cannot be read, otherwise the
    /// reason the position is illegal (as [`Position::from_setup`]).
    pub fn from_fen(v: &'v Variant, fen: &str) -> Result<Position<'v>, PositionError> {
        let setup = Setup::from_fen(v, fen)?;
        Position::from_setup(v, &setup)
    }

    /// Validates a setup. This is the one place where the rules below are
    /// checked: [`Position::from_fen`] comes here too.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] if the board or a hand names a piece, square or
    /// castling right the variant does not have; a piece carries the
    /// promoted mark that it cannot carry; a piece stands where it must have
    /// promoted; hands are not empty without drops, hold a royal piece or
    /// more than [`MAX_HAND`](crate::MAX_HAND) of a kind; a variant with drops has more than
    /// [`MAX_HAND`](crate::MAX_HAND) pieces besides royal ones; a side of a variant with
    /// royal pieces has none or more than one; the side not to move is in
    /// check; a castling right has no king or rook in place; the en-passant
    /// square was not passed over by an enemy move; or a clock is out of
    /// range ([`crate::MAX_HALFMOVE`], [`crate::MAX_FULLMOVE`]).
    pub fn from_setup(v: &'v Variant, s: &Setup) -> Result<Position<'v>, PositionError> {
        let at = match &v.0 {
            Inner::Small(r) => At::Small(Pos::from_setup(r, s)?),
            Inner::Narrow(r) => At::Narrow(Pos::from_setup(r, s)?),
            Inner::Mid(r) => At::Mid(Box::new(Pos::from_setup(r, s)?)),
            Inner::Wide(r) => At::Wide(Box::new(Pos::from_setup(r, s)?)),
        };
        Ok(Position { variant: v, at })
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        with_pos!(self, p => p.to_setup())
    }

    /// The position as FEN.
    pub fn fen(&self) -> String {
        with_pos!(self, p => p.fen())
    }

    /// The variant.
    pub fn variant(&self) -> &'v Variant {
        self.variant
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        with_pos!(self, p => p.turn())
    }

    /// The Zobrist hash: board, promoted marks, hands, side to move, castling
    /// rights and en-passant square.
    pub fn hash(&self) -> u64 {
        with_pos!(self, p => p.hash())
    }

    /// What a repetition compares: the [`Position::hash`] without the
    /// rights to gate or to make a one-time move (the letters of the FEN's
    /// castling field that name a square, `seirawan`'s `H`, `cambodian`'s
    /// `E`). Positions that differ only in those rights count as the same,
    /// as in Fairy-Stockfish, whose key leaves them out; castling rights
    /// count.
    pub fn repetition_key(&self) -> u64 {
        with_pos!(self, p => p.repetition_key())
    }

    /// What stands on square `s`; `None` for an empty square (or a square
    /// of another variant that is none here).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{Color, Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// let e1 = variant.square_by_name("e1").expect("a square");
    /// let king = pos.piece_at(e1).expect("the white king");
    /// assert_eq!((variant.piece_name(king.piece), king.color), ("King", Color::White));
    /// assert_eq!(pos.royal_square(Color::White), Some(e1));
    /// assert_eq!(pos.piece_at(variant.square_by_name("e4").expect("a square")), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_at(&self, s: Square) -> Option<Placed> {
        with_pos!(self, p => p.piece_at(s))
    }

    /// Whether a wall placed during play stands on `s` (a variant whose
    /// moves place walls, or whose capturing pieces turn to stone; `*` in
    /// the FEN). Such a square holds no piece, and no piece may enter or
    /// pass it. The board's own walls (`*` in `cells`) are not squares.
    pub fn is_wall(&self, s: Square) -> bool {
        with_pos!(self, p => p.is_wall(s))
    }

    /// How many of piece `p` the side holds in hand (at most
    /// [`MAX_HAND`](crate::MAX_HAND)); `0` for a piece of another variant that is none here.
    pub fn hand_count(&self, side: Color, p: PieceType) -> u8 {
        with_pos!(self, x => x.hand_count(side, p))
    }

    /// The side's hand: each piece type it holds, with how many, in the
    /// table's order of pieces (nothing in a variant without hands).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{Color, Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// assert_eq!(pos.hand(Color::White).count(), 0); // chess has no hands
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self, side: Color) -> impl Iterator<Item = (PieceType, u8)> + '_ {
        with_pos!(self, p => p.hand(side).collect::<Vec<_>>()).into_iter()
    }

    /// The squares holding `side`'s pieces, lowest index first: for
    /// programs that walk the pieces, such as an evaluation.
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{Color, Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// let black: Vec<&str> = pos
    ///     .occupied_by(Color::Black)
    ///     .map(|s| variant.square_name(s))
    ///     .collect();
    /// assert_eq!(black.len(), 16);
    /// assert_eq!((black[0], black[15]), ("a7", "h8"));
    /// let kings: Vec<_> = pos.royal_squares(Color::Black).collect();
    /// assert_eq!(kings, [variant.square_by_name("e8").expect("a square")]);
    /// assert_eq!(pos.ep_squares().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn occupied_by(&self, side: Color) -> SquareIter {
        with_pos!(self, p => p.occupied_by(side))
    }

    /// The squares of `side`'s royal pieces (none in a variant without
    /// them; one in a legal position of a variant with them).
    pub fn royal_squares(&self, side: Color) -> SquareIter {
        with_pos!(self, p => p.royal_squares(side))
    }

    /// The square of `side`'s royal piece (its king), if it has exactly one.
    pub fn royal_square(&self, side: Color) -> Option<Square> {
        with_pos!(self, p => p.royal_square(side))
    }

    /// The en-passant squares: those a piece may take en passant on in
    /// this move (none, or those the last move passed over).
    pub fn ep_squares(&self) -> SquareIter {
        with_pos!(self, p => p.ep_squares())
    }

    /// In a variant that counts checks, how many checks `side` still has
    /// to give; `None` in other variants.
    pub fn checks_left(&self, side: Color) -> Option<u8> {
        with_pos!(self, p => p.checks_left(side))
    }

    /// Plies since the last capture, or the last move or drop of a piece
    /// that resets the counter (`end.resets_move_limit` of the table).
    pub fn halfmove(&self) -> u32 {
        with_pos!(self, p => p.halfmove())
    }

    /// Whether the side to move has a royal piece under attack.
    pub fn is_check(&self) -> bool {
        with_pos!(self, p => p.is_check())
    }

    /// Whether side `by` attacks square `s` in this position (with any of
    /// its pieces' capturing paths, hoppers included); `None` for a square
    /// of another variant that is none here.
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{Color, Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// let f3 = variant.square_by_name("f3").expect("a square");
    /// let f6 = variant.square_by_name("f6").expect("a square");
    /// assert_eq!(pos.is_attacked(f3, Color::White), Some(true));
    /// assert_eq!(pos.is_attacked(f3, Color::Black), Some(false));
    /// assert_eq!(pos.is_attacked(f6, Color::Black), Some(true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_attacked(&self, s: Square, by: Color) -> Option<bool> {
        with_pos!(self, p => p.is_attacked(s, by))
    }

    /// Plays a legal move like [`Position::play_unchecked`] and returns what
    /// [`Position::unmake`] needs to take it back.
    ///
    /// # Panics
    ///
    /// As [`Position::play_unchecked`], for a move that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json).unwrap()).unwrap();
    /// let mut pos = Position::new(&variant).unwrap();
    /// let (before, hash) = (pos.fen(), pos.hash());
    /// let m = pos.parse_uci("e2e4").unwrap();
    /// let undo = pos.make(m);
    /// assert_ne!(pos.fen(), before);
    /// pos.unmake(undo);
    /// assert_eq!((pos.fen(), pos.hash()), (before, hash));
    /// ```
    pub fn make(&mut self, m: Move) -> Undo {
        match &mut self.at {
            At::Small(p) => Undo(UndoAt::Small(p.make(m))),
            At::Narrow(p) => Undo(UndoAt::Narrow(p.make(m))),
            At::Mid(p) => Undo(UndoAt::Mid(Box::new(p.make(m)))),
            At::Wide(p) => Undo(UndoAt::Wide(Box::new(p.make(m)))),
        }
    }

    /// Takes back the move that [`Position::make`] played. An [`Undo`]
    /// of another variant's position is ignored (it never panics).
    pub fn unmake(&mut self, u: Undo) {
        match (&mut self.at, u.0) {
            (At::Small(p), UndoAt::Small(u)) => p.unmake(u),
            (At::Narrow(p), UndoAt::Narrow(u)) => p.unmake(u),
            (At::Mid(p), UndoAt::Mid(u)) => p.unmake(*u),
            (At::Wide(p), UndoAt::Wide(u)) => p.unmake(*u),
            _ => {}
        }
    }

    /// Plays a move that must be legal here (from [`Position::legal_moves`]).
    ///
    /// # Panics
    ///
    /// A move that is not legal here may corrupt the position or panic, now
    /// or in a later call (the move is not checked, for speed); use
    /// [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, m: Move) {
        with_pos_mut!(self, p => p.play_unchecked(m))
    }

    /// A counting rule's running count, `(limit, ply count)` in plies.
    pub fn counting(&self) -> Option<(u32, u32)> {
        with_pos!(self, p => p.counting())
    }

    /// Whether the royal pieces face each other here (a variant with the
    /// `facing` end rule).
    pub fn royals_facing(&self) -> bool {
        with_pos!(self, p => p.royals_facing())
    }

    /// Plays a move if it is legal.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is not legal here; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        with_pos_mut!(self, p => p.play(m))
    }

    /// Writes a move in UCI-like notation: `e2e4`, `e7e8q`, `N@f3`; a move to
    /// hand ends in `@` and the hand piece (`b6b7@p`).
    pub fn uci(&self, m: Move) -> String {
        with_pos!(self, p => p.uci(m))
    }

    /// Reads a move in the notation of [`Position::uci`] and checks it is legal.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the text names no legal move.
    pub fn parse_uci(&self, text: &str) -> Result<Move, PlayError> {
        with_pos!(self, p => p.parse_uci(text))
    }

    /// The result if the game has ended by a rule that is decided by the
    /// position alone before any move is generated (a goal reached); `None`
    /// otherwise. Checkmate and stalemate are found by [`Position::outcome`].
    pub fn rule_outcome(&self) -> Option<GameResult> {
        with_pos!(self, p => p.rule_outcome())
    }

    /// Each side's material count, in tenths of a point: its pieces on the
    /// board by their `points`, plus its `komi`.
    pub fn points(&self) -> ByColor<u64> {
        with_pos!(self, p => p.points())
    }

    /// All legal moves, drops included, in a new vector: the convenient
    /// form. [`Position::legal_moves_into`] fills a [`MoveList`] on the
    /// stack instead, without allocating (what a search or perft should use).
    pub fn legal_moves(&self) -> Vec<Move> {
        with_pos!(self, p => p.legal_moves())
    }

    /// The legal moves as [`Position::legal_moves`] lists them, each one
    /// found legal by playing it (no pins, checks or screen lines read from
    /// the tables): the reference the differential tests compare the
    /// generator's fast paths with. Slow; not for play.
    #[doc(hidden)]
    pub fn legal_moves_by_playing(&self) -> Vec<Move> {
        with_pos!(self, p => p.legal_moves_by_playing())
    }

    /// Replaces the contents of `out` with the legal moves, drops included,
    /// in the order of [`Position::legal_moves`]: move generation without
    /// allocating. A [`MoveList`] holds [`crate::MOVE_LIST_INLINE`] moves on
    /// the stack; only a position with more moves than that moves the list
    /// to the heap (and a list reused from ply to ply keeps that buffer).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{MoveList, Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// let mut moves = MoveList::new();
    /// pos.legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 20);
    /// assert!(!moves.spilled());
    /// assert_eq!(moves.to_vec(), pos.legal_moves());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        with_pos!(self, p => p.legal_moves_into(out))
    }

    /// The number of legal moves, counted as [`crate::perft`] counts its
    /// last ply: drops in bulk where no drop needs a test. `buf` is scratch
    /// space (its contents are replaced).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{MoveList, Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// let mut buf = MoveList::new();
    /// assert_eq!(pos.count_legal_moves(&mut buf), 20);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count_legal_moves(&self, buf: &mut MoveList) -> u64 {
        with_pos!(self, p => p.count_legal_moves(buf))
    }

    /// Whether `m` captures a piece (en passant included).
    pub fn is_capture(&self, m: Move) -> bool {
        with_pos!(self, p => p.is_capture(m))
    }

    /// Reads a FEN or, where the board is shogi-shaped, an SFEN.
    ///
    /// # Errors
    ///
    /// The error of [`Position::from_fen`] when the text is neither.
    pub fn from_fen_or_sfen(v: &'v Variant, text: &str) -> Result<Position<'v>, PositionError> {
        match Position::from_fen(v, text) {
            Ok(p) => Ok(p),
            // A text shaped as an SFEN is judged as one: its own error (a
            // bad hand, a royal piece in hand) rather than the FEN's.
            Err(e) => match crate::usi::read_sfen(v, text) {
                Some(Ok(fen)) => Position::from_fen(v, &fen),
                Some(Err(sfen)) => Err(sfen.into()),
                None => Err(e),
            },
        }
    }

    /// The result if the game is over here (goal, checkmate, stalemate);
    /// `None` if the side to move has a legal move. Repetition and the n-move
    /// rule need the game's history: see [`crate::Game`].
    pub fn outcome(&self) -> Option<GameResult> {
        with_pos!(self, p => p.outcome())
    }

    /// The move in USI notation (`7g7f`, `7g7f+`, `P*5e`) where the board
    /// is shogi-shaped; `None` elsewhere.
    pub fn usi(&self, m: Move) -> Option<String> {
        with_pos!(self, p => p.usi(m))
    }
}
