//! The syntax tree of a `.variant` file.
//!
//! Every node owns its [`Span`]; nothing here borrows from pest. The parser
//! ([`crate::parse`]) builds it, the checker ([`crate::check`]) validates it and
//! the lowering ([`crate::lower`]) turns it into runtime tables.
//!
//! Names (pieces, zones, squares, keywords used as values) are kept as strings
//! with spans so that the checker can say "unknown … did you mean …".

use crate::span::{Span, Spanned};

/// A whole `.variant` file: its items in source order.
#[derive(Clone, Debug, PartialEq)]
pub struct File {
    /// The top-level items, in source order.
    pub items: Vec<Item>,
    /// The parts of the file that did not parse, each already reported as
    /// a syntax error (see [`crate::parse::parse_recovering`]): their first
    /// word and their span. The checker reports nothing about them and
    /// nothing about names they may have declared.
    pub broken: Vec<Unknown>,
}

/// A top-level item.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// `variant "Name" { … }`
    Variant(VariantDecl),
    /// `board { … }`
    Board(BoardDecl),
    /// `piece Name { … }`
    Piece(PieceDecl),
    /// `setup "FEN"`
    Setup(SetupDecl),
    /// `castling { … }`
    Castling(CastlingDecl),
    /// `zone name { white: … black: … }`
    Zone(ZoneDecl),
    /// `promotion { … }`
    Promotion(PromotionDecl),
    /// `drops { … }`
    Drops(DropsDecl),
    /// `gating { … }`
    Gating(GatingDecl),
    /// `end { … }`
    End(EndDecl),
    /// `clock { … }`
    Clock(ClockDecl),
    /// `legality { … }`
    Legality(LegalityDecl),
    /// `royal { … }`
    Royal(RoyalDecl),
    /// `pass allowed`: the whole item.
    Pass(Span),
    /// `walls past`, `walls anywhere on <squares>`, …
    Walls(WallsDecl),
    /// `pass when-stuck`: the whole item.
    PassWhenStuck(Span),
    /// `flips enclosed | adjacent`
    Flips(FlipsDecl),
    /// `scoring { … }`
    Scoring(ScoringDecl),
    /// `allow W0002, W0007`
    Allow(AllowDecl),
    /// `blast { … }`
    Blast(BlastDecl),
    /// Anything else at the top level: `keyword …` up to the end of its block
    /// or line. Kept so that the checker can report it with a suggestion.
    Unknown(Unknown),
}

/// A statement the grammar did not recognise, kept for the checker.
#[derive(Clone, Debug, PartialEq)]
pub struct Unknown {
    /// The first word of the statement (`lettr` in `lettr K`).
    pub keyword: Spanned<String>,
    /// The whole statement.
    pub span: Span,
}

/// `variant "Crazyhouse" { alias "zh" description "…" source "…" }`
#[derive(Clone, Debug, PartialEq)]
pub struct VariantDecl {
    /// The whole item.
    pub span: Span,
    /// The display name (string literal, without quotes).
    pub name: Spanned<String>,
    /// The properties in the block.
    pub props: Vec<VariantProp>,
}

/// A property of the `variant` block.
#[derive(Clone, Debug, PartialEq)]
pub enum VariantProp {
    /// `alias "zh"`
    Alias(Spanned<String>),
    /// `description "…"`
    Description(Spanned<String>),
    /// `source "…"`
    Source(Spanned<String>),
    /// Anything else.
    Unknown(Unknown),
}

/// `board { files a..h ranks 1..8 … }`
#[derive(Clone, Debug, PartialEq)]
pub struct BoardDecl {
    /// The whole item.
    pub span: Span,
    /// The properties in the block.
    pub props: Vec<BoardProp>,
}

/// Labels of the files or ranks.
#[derive(Clone, Debug, PartialEq)]
pub enum Labels {
    /// `a..h` or `0..7`: an inclusive range of letters or of numbers.
    Range {
        /// First label.
        from: Spanned<String>,
        /// Last label.
        to: Spanned<String>,
    },
    /// `a b c d`: labels listed one by one.
    List(Vec<Spanned<String>>),
}

/// A side of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `white`
    White,
    /// `black`
    Black,
}

/// A property of the `board` block.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardProp {
    /// `files a..h`: the labels of the grid's columns, left to right.
    Files(Spanned<Labels>),
    /// `ranks 1..8`: the labels of the grid's rows, bottom to top.
    Ranks(Spanned<Labels>),
    /// `cells { "…" "…" }`: the board drawn as a character map, top row first.
    ///
    /// One character per cell: `.` a square, `-` a cell off the board, `#` a
    /// hole; an upper-case letter names a multi-cell square at that cell and the
    /// same letter in lower case marks its other cells.
    Cells(Vec<Spanned<String>>),
    /// `forward white 0 1`: a side's forward vector on the cell grid.
    Forward {
        /// The side.
        side: Spanned<Side>,
        /// Column component.
        dx: Spanned<i32>,
        /// Row component.
        dy: Spanned<i32>,
    },
    /// `fen by-rank` or `fen by-file`: the order of squares in FEN.
    Fen(Spanned<String>),
    /// `wrap files`, `wrap ranks`, `wrap files ranks`: the board's left and
    /// right edges (files) or bottom and top edges (ranks) join.
    Wrap {
        /// The whole statement.
        span: Span,
        /// The axes, as written: `files` or `ranks`.
        axes: Vec<Spanned<String>>,
    },
    /// `shape square` or `shape hex`: the cells' shape (drawings only).
    Shape {
        /// The whole statement.
        span: Span,
        /// `square` or `hex`.
        kind: Spanned<String>,
    },
    /// `name a0 w1`: the square the labels name `a0` is called `w1`.
    Name {
        /// The square, by the name its labels give it.
        square: Spanned<String>,
        /// Its own name.
        name: Spanned<String>,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// `piece Pawn { letter P moves mfWcfF … }`
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDecl {
    /// The whole item.
    pub span: Span,
    /// The piece's name.
    pub name: Spanned<String>,
    /// The properties in the block.
    pub props: Vec<PieceProp>,
}

/// A property of a `piece` block.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceProp {
    /// `letter K`: the FEN and notation letter (upper case; Black's is lower case).
    Letter(Spanned<String>),
    /// `also H` after `letter N`: a second symbol, which FEN and SAN also
    /// read and SAN writes (Fairy-Stockfish's xiangqi horse `N`, `H`).
    Also(Spanned<String>),
    /// `moves mfWcfF [if friend-adjacent]`
    Moves {
        /// The Betza string.
        betza: Betza,
        /// The guard after `if`, if any.
        guard: Option<Spanned<String>>,
        /// `within <set>`, `from <set>` and `to <set>` clauses, in order.
        regions: Vec<MoveRegion>,
        /// `once`: a one-time move, made while the side holds the right of
        /// the square the piece stands on.
        once: Option<Span>,
        /// The whole statement.
        span: Span,
    },
    /// `royal`
    Royal(Span),
    /// `captured-as Pawn`: what this piece becomes in the capturer's hand.
    CapturedAs(Spanned<String>),
    /// `faces vR`: lines on which this royal piece and an enemy royal piece
    /// may not stand with nothing between (the flying-general rule).
    Faces {
        /// The Betza string of the lines.
        betza: Betza,
        /// The whole statement.
        span: Span,
    },
    /// `fen-only`: the piece is meant to appear only in positions given by
    /// FEN, never from the setup (silences `W0001`).
    FenOnly(Span),
    /// `immobile`: the piece has no moves, on purpose.
    Immobile(Span),
    /// `notation pawn`, `notation piece` or `notation as Captain`: how SAN
    /// writes the piece's moves (without its symbol, with it, or as that
    /// piece's).
    Notation {
        /// The whole statement.
        span: Span,
        /// Which.
        kind: NotationKind,
    },
    /// `cannot-capture Cannon`: enemy pieces this piece never captures.
    CannotCapture {
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// The whole statement.
        span: Span,
    },
    /// `cannot-hop Cannon`: pieces its hopper moves may not jump over.
    CannotHop {
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// The whole statement.
        span: Span,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// A region clause of a `moves` statement.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRegion {
    /// `within` (every square of the move lies in the set), `from` (the
    /// move exists only from the set's squares) or `to` (it lands only on
    /// them).
    pub kind: RegionKind,
    /// The squares (a zone name gives each side its own).
    pub set: SquareSet,
    /// The whole clause.
    pub span: Span,
}

/// Which region clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// `within`
    Within,
    /// `from`
    From,
    /// `to`: the move lands only on the set's squares; it may pass others.
    To,
}

/// A Betza string: `mfWcefFifmnD`, terms optionally separated by spaces.
#[derive(Clone, Debug, PartialEq)]
pub struct Betza {
    /// The whole string.
    pub span: Span,
    /// Its terms, in order.
    pub terms: Vec<BetzaTerm>,
}

/// One Betza term: modifiers, an atom and an optional range: `ifmnD`, `B2`, `NN`.
#[derive(Clone, Debug, PartialEq)]
pub struct BetzaTerm {
    /// The whole term.
    pub span: Span,
    /// The lower-case modifier letters, each with its span (`i`, `f`, `m`, `n`).
    pub mods: Vec<Spanned<char>>,
    /// The upper-case atom letter (`D`).
    pub atom: Spanned<char>,
    /// `B2` (at most 2 steps), `R0`/`NN` (unlimited), or none (the atom's own range).
    pub range: Option<Spanned<BetzaRange>>,
}

/// How far a Betza atom goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BetzaRange {
    /// `N0` or `NN`: any number of steps.
    Unlimited,
    /// `B2`: at most this many steps (at least 1).
    Steps(u32),
}

/// `setup "rnbqkbnr/… w KQkq - 0 1"`
#[derive(Clone, Debug, PartialEq)]
pub struct SetupDecl {
    /// The whole item.
    pub span: Span,
    /// The FEN (string literal, without quotes).
    pub fen: Spanned<String>,
}

/// `castling { K: King e1 -> g1, Rook h1 -> f1 … }`
#[derive(Clone, Debug, PartialEq)]
pub struct CastlingDecl {
    /// The whole item.
    pub span: Span,
    /// The castling moves.
    pub rules: Vec<CastlingRule>,
    /// `by-drop`: a drop that completes a rule's king and rook on their
    /// start squares grants its right.
    pub by_drop: Vec<Span>,
    /// Statements not understood.
    pub unknown: Vec<Unknown>,
}

/// `K: King e1 -> g1, Rook h1 -> f1`
#[derive(Clone, Debug, PartialEq)]
pub struct CastlingRule {
    /// The whole rule.
    pub span: Span,
    /// The FEN castling letter: upper case for White, lower case for Black.
    pub fen: Spanned<String>,
    /// The king-like piece.
    pub king: Spanned<String>,
    /// Its start square.
    pub king_from: Spanned<String>,
    /// Its destination.
    pub king_to: Spanned<String>,
    /// The rook-like piece.
    pub rook: Spanned<String>,
    /// Its start square.
    pub rook_from: Spanned<String>,
    /// Its destination.
    pub rook_to: Spanned<String>,
    /// `ends k, …`: the rights (FEN letters) a castling by it ends besides
    /// its own.
    pub ends: Vec<Spanned<String>>,
}

/// `zone last-rank { white: rank 8  black: rank 1 }`
#[derive(Clone, Debug, PartialEq)]
pub struct ZoneDecl {
    /// The whole item.
    pub span: Span,
    /// The zone's name.
    pub name: Spanned<String>,
    /// One square set per side.
    pub sides: Vec<(Spanned<Side>, SquareSet)>,
    /// Statements not understood.
    pub unknown: Vec<Unknown>,
}

/// A union of square-set items separated by commas: `rank 1, rank 8, e0`.
///
/// Where a zone is expected, a set consisting of one bare name that names a
/// declared zone refers to that zone (per side); otherwise a set is the same
/// for both sides.
#[derive(Clone, Debug, PartialEq)]
pub struct SquareSet {
    /// The whole set.
    pub span: Span,
    /// Its items.
    pub items: Vec<Spanned<SetItem>>,
}

/// One item of a [`SquareSet`].
#[derive(Clone, Debug, PartialEq)]
pub enum SetItem {
    /// `rank 8`
    Rank(Spanned<String>),
    /// `ranks 6..8`
    Ranks(Spanned<String>, Spanned<String>),
    /// `file a`
    File(Spanned<String>),
    /// `files a..c`
    Files(Spanned<String>, Spanned<String>),
    /// `setup black` or `setup black King`: the squares a side (or one of its
    /// piece types) occupies in the start position.
    Setup {
        /// Whose pieces.
        side: Spanned<Side>,
        /// Only this piece type, if given.
        piece: Option<Spanned<String>>,
    },
    /// A bare name: a square (`e4`) or, alone in a set, a zone (`last-rank`).
    Name(Spanned<String>),
    /// `none`: no square (a zone's side that has none).
    None,
}

/// `promotion { Pawn -> Queen | Rook in last-rank … }`
#[derive(Clone, Debug, PartialEq)]
pub struct PromotionDecl {
    /// The whole item.
    pub span: Span,
    /// The rules.
    pub rules: Vec<PromotionRule>,
    /// `Queen max 1` statements.
    pub limits: Vec<PromotionLimit>,
    /// Statements not understood.
    pub unknown: Vec<Unknown>,
}

/// `Queen max 1`: a piece promotes to a Queen only while its side has
/// fewer than one on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct PromotionLimit {
    /// The whole statement.
    pub span: Span,
    /// The promotion target limited.
    pub piece: Spanned<String>,
    /// How many of it a side may have on the board after promoting.
    pub count: Spanned<u32>,
}

/// `Pawn -> Queen | Rook | Bishop | Knight in last-rank [optional]`
#[derive(Clone, Debug, PartialEq)]
pub struct PromotionRule {
    /// The whole rule.
    pub span: Span,
    /// The piece that promotes.
    pub piece: Spanned<String>,
    /// What it may become; empty after `none`.
    pub targets: Vec<Spanned<PromotionTarget>>,
    /// `none` in place of the targets: the piece may not finish such a
    /// move.
    pub none: Option<Span>,
    /// Where: the piece promotes on finishing a move there.
    pub zone: SquareSet,
    /// `optional`: the player may also decline.
    pub optional: Option<Span>,
    /// `on start | end`: the words naming which squares of a move make
    /// the rule apply (`start`, `end`, `pass`, `entry`); empty means `end`.
    pub on: Vec<Spanned<String>>,
    /// `except <squares>`: destinations where an optional rule may not be
    /// declined.
    pub except: Option<SquareSet>,
    /// `optional always`: optional even where the piece could never move
    /// again.
    pub always: Option<Span>,
    /// `if capture`: the rule applies only to a capturing move.
    pub if_capture: Option<Span>,
    /// A `turn` statement's `turn` (first) and its `alone`, `no-check` and
    /// `no-attack`, in order; empty for an ordinary rule.
    pub flags: Vec<Spanned<String>>,
}

/// A promotion choice.
#[derive(Clone, Debug, PartialEq)]
pub enum PromotionTarget {
    /// `Queen`: the piece becomes this piece.
    Piece(Spanned<String>),
    /// `hand(ChinesePawn)`: the piece leaves the board into its owner's hand as this.
    Hand(Spanned<String>),
}

/// `drops { Pawn not-on rank 1, rank 8 … }`: captured pieces go to the
/// capturer's hand and may be dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct DropsDecl {
    /// The whole item.
    pub span: Span,
    /// The restrictions.
    pub rules: Vec<DropRule>,
}

/// `gating { Hawk | Elephant on back-rank }`: pieces in hand that may enter
/// on the square a piece has just left.
#[derive(Clone, Debug, PartialEq)]
pub struct GatingDecl {
    /// The whole item.
    pub span: Span,
    /// The rules.
    pub rules: Vec<GatingRule>,
}

/// `walls past | anywhere | reach | moving [on <squares>]`: each move also
/// puts a wall on an empty square.
#[derive(Clone, Debug, PartialEq)]
pub struct WallsDecl {
    /// The whole item.
    pub span: Span,
    /// Where the wall goes: `past`, `anywhere`, `reach` or `moving`.
    pub place: Spanned<String>,
    /// `on <squares>`: where walls may go (every square if absent).
    pub squares: Option<SquareSet>,
}

/// `flips enclosed | adjacent`: every move and drop turns enemy pieces
/// into the mover's.
#[derive(Clone, Debug, PartialEq)]
pub struct FlipsDecl {
    /// The whole item.
    pub span: Span,
    /// Which pieces: `enclosed` or `adjacent`.
    pub kind: Spanned<String>,
}

/// A gating rule.
#[derive(Clone, Debug, PartialEq)]
pub enum GatingRule {
    /// `Hawk | Elephant on back-rank`
    Gate {
        /// The whole rule.
        span: Span,
        /// The pieces that may gate.
        pieces: Vec<Spanned<String>>,
        /// The gate squares.
        squares: SquareSet,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// `clock { resets capture, Pawn; limit 50 }`: when the half-move clock
/// starts again, and the count of full moves that ends the game.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockDecl {
    /// The whole item.
    pub span: Span,
    /// The statements.
    pub rules: Vec<ClockRule>,
}

/// A statement of the `clock` block.
#[derive(Clone, Debug, PartialEq)]
pub enum ClockRule {
    /// `limit 50` (full moves), `limit 50 points`, `limit 75 claim 50` or
    /// `limit off`.
    Limit {
        /// The whole statement.
        span: Span,
        /// The limit, or `None` for `off`.
        moves: Spanned<Option<u32>>,
        /// `points`: the material decides the game, not a draw.
        points: bool,
        /// `claim <n>`: the side to move may end the game from n full moves.
        claim: Option<Spanned<u32>>,
    },
    /// `resets capture, drop, promotion, Pawn if irreversible`.
    Resets {
        /// The whole statement.
        span: Span,
        /// What resets the clock, in order.
        events: Vec<ClockEvent>,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// One entry of `resets`: `capture`, `drop`, `promotion` or a piece name,
/// the last perhaps with `if irreversible`.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockEvent {
    /// The word or piece name.
    pub name: Spanned<String>,
    /// `if irreversible`: only a move the piece could not undo.
    pub irreversible: Option<Span>,
}

/// `legality { giving-check forbidden; capture compulsory }`: rules that
/// remove moves from the legal ones.
#[derive(Clone, Debug, PartialEq)]
pub struct LegalityDecl {
    /// The whole item.
    pub span: Span,
    /// The rules.
    pub rules: Vec<LegalityRule>,
}

/// `blast { reach K; immune King; spared Pawn }`: what a capture removes
/// besides the captured piece.
#[derive(Clone, Debug, PartialEq)]
pub struct BlastDecl {
    /// The whole item.
    pub span: Span,
    /// Its statements.
    pub rules: Vec<BlastRule>,
}

/// A statement of a `blast` block.
#[derive(Clone, Debug, PartialEq)]
pub enum BlastRule {
    /// `reach K`: the squares reached, as leaps from the capture square.
    Reach {
        /// The Betza leaps.
        betza: Betza,
        /// The whole statement.
        span: Span,
    },
    /// `petrify King`: a capturing piece of these types turns into a wall
    /// on the square it captured on.
    Petrify {
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// The whole statement.
        span: Span,
    },
    /// `immune King`: pieces no blast removes.
    Immune {
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// The whole statement.
        span: Span,
    },
    /// `spared Pawn`: pieces a blast removes only as the capturer.
    Spared {
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// The whole statement.
        span: Span,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// A legality rule.
#[derive(Clone, Debug, PartialEq)]
pub enum LegalityRule {
    /// `giving-check forbidden`, `giving-check by-drop forbidden`
    GivingCheckForbidden {
        /// The whole statement.
        span: Span,
        /// `by-drop`: only drops that give check are illegal.
        by_drop: Option<Span>,
    },
    /// `capture compulsory`
    CaptureCompulsory(Span),
    /// Anything else.
    Unknown(Unknown),
}

/// `royal { check all; only black; fleeing forbidden }`: how the royal
/// pieces are royal.
#[derive(Clone, Debug, PartialEq)]
pub struct RoyalDecl {
    /// The whole item.
    pub span: Span,
    /// The rules.
    pub rules: Vec<RoyalRule>,
}

/// `allow W0002, W0007`: warnings the variant raises on purpose, which
/// compiling it does not report.
#[derive(Clone, Debug, PartialEq)]
pub struct AllowDecl {
    /// The whole item.
    pub span: Span,
    /// The codes, as written.
    pub codes: Vec<Spanned<String>>,
}

/// How a side with several royal pieces is in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoyalCheck {
    /// `check all`: when all of them are attacked; none may be left so.
    All,
    /// `check last`: only its last royal piece is protected.
    Last,
    /// `check any`: when any of them is attacked; none may be left so.
    Any,
}

impl RoyalCheck {
    /// The word after `check`.
    pub fn word(self) -> &'static str {
        match self {
            RoyalCheck::All => "all",
            RoyalCheck::Last => "last",
            RoyalCheck::Any => "any",
        }
    }
}

/// A rule of the `royal` block.
#[derive(Clone, Debug, PartialEq)]
pub enum RoyalRule {
    /// `check all`, `check last` or `check any`; the span is the whole
    /// statement.
    Check(Spanned<RoyalCheck>),
    /// `only black`: only that side's royal pieces are royal; the span is
    /// the whole statement.
    Only(Spanned<Side>),
    /// `fleeing forbidden`
    FleeingForbidden(Span),
    /// Anything else.
    Unknown(Unknown),
}

/// `scoring { points Cannon 7; komi black 1.5 }`: how material is counted.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoringDecl {
    /// The whole item.
    pub span: Span,
    /// The rules.
    pub rules: Vec<ScoringRule>,
}

/// A rule of the `scoring` block.
#[derive(Clone, Debug, PartialEq)]
pub enum ScoringRule {
    /// `points Cannon 7, Soldier 2`: pieces and their worth, in tenths.
    Points {
        /// The whole statement.
        span: Span,
        /// Each piece and its points.
        pieces: Vec<(Spanned<String>, Spanned<u32>)>,
    },
    /// `komi black 1.5`: points added to a side's material count.
    Komi {
        /// The whole statement.
        span: Span,
        /// The side.
        side: Spanned<Side>,
        /// The points, in tenths.
        points: Spanned<u32>,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// A drop restriction.
#[derive(Clone, Debug, PartialEq)]
pub enum DropRule {
    /// `captures-to-hand off`: captured pieces leave the game.
    CapturesOff {
        /// The statement.
        span: Span,
    },
    /// `Pawn not-on rank 1, rank 8`
    NotOn {
        /// The whole rule.
        span: Span,
        /// The piece.
        piece: Spanned<String>,
        /// The forbidden squares.
        squares: SquareSet,
    },
    /// `must-drop`: while a side has a legal drop, it may not move on the
    /// board.
    MustDrop {
        /// The statement.
        span: Span,
    },
    /// `first-on <squares>`: while a square of the set is empty, drops go
    /// there only.
    FirstOn {
        /// The whole rule.
        span: Span,
        /// The squares.
        squares: SquareSet,
    },
    /// `must-flip`: a drop must flip an enemy piece.
    MustFlip {
        /// The statement.
        span: Span,
    },
    /// `next-to-own`: a drop must land next to a piece of the side.
    NextToOwn {
        /// The statement.
        span: Span,
    },
    /// `flips-only-next-to-own`: a drop flips only where it lands next to
    /// a piece of the side (a move on the board always flips).
    FlipsOnlyNextToOwn {
        /// The statement.
        span: Span,
    },
    /// `not-beside-enemy`: a drop must not land orthogonally next to an
    /// enemy piece.
    NotBesideEnemy {
        /// The statement.
        span: Span,
    },
    /// `unlimited`: hands never run out.
    Unlimited {
        /// The statement.
        span: Span,
    },
    /// `falls`: a drop lands only on the lowest empty square of its file.
    Falls {
        /// The statement.
        span: Span,
    },
    /// `Rook only-on rank 1`: the only squares the piece may be dropped on.
    OnlyOn {
        /// The whole rule.
        span: Span,
        /// The piece.
        piece: Spanned<String>,
        /// The allowed squares.
        squares: SquareSet,
    },
    /// `Bishop per-colour 1`: no drop on a square colour already holding
    /// this many of the side's own pieces of that type, and no other drop
    /// that leaves too little room for those still in hand.
    PerColour {
        /// The whole rule.
        span: Span,
        /// The piece.
        piece: Spanned<String>,
        /// The limit.
        count: Spanned<u32>,
    },
    /// `Pawn no-drop-mate`: dropping this piece may not checkmate.
    NoMate {
        /// The whole rule.
        span: Span,
        /// The piece.
        piece: Spanned<String>,
    },
    /// `Pawn per-file 1`: no drop on a file already holding this many of
    /// the side's own pieces of that type.
    PerFile {
        /// The whole rule.
        span: Span,
        /// The piece.
        piece: Spanned<String>,
        /// The limit.
        count: Spanned<u32>,
    },
    /// `Pawn also-as PromotedPawn`: a piece in hand may also be dropped as
    /// another piece (its other face).
    AlsoAs {
        /// The whole rule.
        span: Span,
        /// The piece in hand.
        piece: Spanned<String>,
        /// What it may be dropped as.
        face: Spanned<String>,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// `end { checkmate loss  stalemate draw … }`
#[derive(Clone, Debug, PartialEq)]
pub struct EndDecl {
    /// The whole item.
    pub span: Span,
    /// The rules.
    pub rules: Vec<EndRule>,
}

/// An end-of-game rule. Outcomes (`win`, `draw`, `loss`) are kept as words for
/// the checker and are seen from the player the rule happens to: the mated or
/// stalemated player, the player whose king is bared, the player who reaches.
#[derive(Clone, Debug, PartialEq)]
pub enum EndRule {
    /// `checkmate loss`
    Checkmate {
        /// The whole rule.
        span: Span,
        /// For the mated player.
        outcome: Spanned<String>,
    },
    /// `checkmate by Knight win`: a checkmate given by pieces of these
    /// types alone; `checkmate by Pawn drop win`: by a drop of one.
    CheckmateBy {
        /// The whole rule.
        span: Span,
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// `drop`: only a mate given by a drop.
        drop: Option<Span>,
        /// For the mated player.
        outcome: Spanned<String>,
    },
    /// `checkmate needs Rook | Knight else draw`: a checkmate counts only
    /// if the mating player's last run of checks holds a check by one of
    /// these pieces.
    CheckmateNeeds {
        /// The whole rule.
        span: Span,
        /// The pieces.
        pieces: Vec<Spanned<String>>,
        /// For the mated player when no such check was given.
        outcome: Spanned<String>,
    },
    /// `stalemate draw`
    Stalemate {
        /// The whole rule.
        span: Span,
        /// For the stalemated player.
        outcome: Spanned<String>,
    },
    /// `repetition 3 draw` or `repetition 5 draw claim 3`
    Repetition {
        /// The whole rule.
        span: Span,
        /// How many times the same position ends the game.
        count: Spanned<u32>,
        /// The outcome.
        outcome: Spanned<String>,
        /// `for <side>`: the outcome is that side's, whoever is to move.
        side: Option<Spanned<String>>,
        /// From how many times a player may claim it.
        claim: Option<Spanned<u32>>,
        /// `perpetual-check <outcome>`: for the player who gave check on
        /// every move of the repeated stretch.
        perpetual_check: Option<Spanned<String>>,
    },
    /// `bare-king loss`: a player whose royal piece stands alone on the board.
    BareKing {
        /// The whole rule.
        span: Span,
        /// For the bared player.
        outcome: Spanned<String>,
        /// `after-reply`: a bared player whose opponent has one piece left
        /// may reply once (to bare him back) before the rule is judged.
        after_reply: bool,
    },
    /// `checks 3 win`: a player who has given that many checks.
    Checks {
        /// The whole rule.
        span: Span,
        /// How many checks.
        count: Spanned<u32>,
        /// For the player who has given them.
        outcome: Spanned<String>,
    },
    /// `counting without Pawn board 64 bare 2 Rook -> 8, 64 from pieces`:
    /// a count of moves that draws the game when it runs out.
    Counting {
        /// The whole rule.
        span: Span,
        /// `without Pawn, …`: counting starts only while none of these is on
        /// the board.
        without: Vec<Spanned<String>>,
        /// `board 64`: the limit of a side that has more than one piece.
        board: Option<Spanned<u32>>,
        /// `bare …`: the limits of a side left with one piece, the first
        /// whose needs the opponent's pieces meet.
        limits: Vec<CountingLimit>,
        /// `from pieces`: a bare side's count starts at the number of pieces
        /// on the board (else at 0).
        from_pieces: bool,
    },
    /// `extinction all loss` or `extinction Pawn loss`: a player with no
    /// piece left (of that type), on the board or in hand.
    Extinction {
        /// The whole rule.
        span: Span,
        /// `all` or a piece name.
        piece: Spanned<String>,
        /// At most this many left (`extinction King 2 loss`); 0 if not given.
        left: Option<Spanned<u32>>,
        /// For the player whose pieces are extinct.
        outcome: Spanned<String>,
        /// `if opponent-has <n>`: only while the opponent has at least n of
        /// them.
        opponent: Option<Spanned<u32>>,
    },
    /// `double-pass draw`: two passes in a row end the game.
    DoublePass {
        /// The whole rule.
        span: Span,
        /// `win`, `draw`, `loss` (for the player to move) or `points`.
        outcome: Spanned<String>,
    },
    /// `full-board points`: a board without an empty square ends the game.
    FullBoard {
        /// The whole rule.
        span: Span,
        /// `win`, `draw`, `loss` (for the player to move) or `points`.
        outcome: Spanned<String>,
    },
    /// `facing points`: royal pieces facing before and after a move.
    Facing {
        /// The whole rule.
        span: Span,
        /// `win`, `draw`, `loss` (for the player to move) or `points`.
        outcome: Spanned<String>,
    },
    /// `draw-odds black`: every draw is a win for that side.
    DrawOdds {
        /// The whole rule.
        span: Span,
        /// `white` or `black`.
        side: Spanned<String>,
    },
    /// `line 4 win`: the player who has just moved and holds n squares in
    /// a row (of these pieces, along these axes) gets the outcome; `line 3
    /// with-gaps …`: n on one rank, file or diagonal; `square 2 win`: an n
    /// by n square.
    Line {
        /// The whole rule.
        span: Span,
        /// A row, a row with gaps or a square.
        shape: LineShape,
        /// How many squares in a row (the side of a square).
        length: Spanned<u32>,
        /// `of Stone | …`: the pieces that count (empty: every piece).
        pieces: Vec<Spanned<String>>,
        /// `along files, …`: `files`, `ranks`, `diagonals` (empty: all).
        axes: Vec<Spanned<String>>,
        /// For the player who made the line.
        outcome: Spanned<String>,
    },
    /// `connect west to east along ranks, files win`: the player who has
    /// just moved and has a chain of pieces from a square of `from` to one
    /// of `to`, each a step from the next along the axes, gets the outcome.
    Connect {
        /// The whole rule.
        span: Span,
        /// Where the chain starts (a zone or a set).
        from: SquareSet,
        /// Where it ends.
        to: SquareSet,
        /// `of Stone | …`: the pieces that count (empty: every piece).
        pieces: Vec<Spanned<String>>,
        /// `along files, …`: `files`, `ranks`, `diagonals` (empty: all).
        axes: Vec<Spanned<String>>,
        /// `one-way`: east, north, north-east and south-east steps only.
        one_way: bool,
        /// For the player who made the chain.
        outcome: Spanned<String>,
    },
    /// `King reaches enemy-home win`
    Reach {
        /// The whole rule.
        span: Span,
        /// The piece.
        piece: Spanned<String>,
        /// `| Knight | …`: more pieces, counted together with `piece`.
        also: Vec<Spanned<String>>,
        /// The target squares (a zone or a set).
        squares: SquareSet,
        /// `count N`: how many of the pieces must stand on the squares at
        /// once (one without it).
        count: Option<Spanned<u32>>,
        /// `or-full` (after a count): also reached when the squares are all
        /// occupied, by any pieces, and one of them is such a piece.
        or_full: Option<Span>,
        /// `safe`: when exactly the count stand there, none of them may be
        /// attacked by the opponent.
        safe: Option<Span>,
        /// For the player who reaches.
        outcome: Spanned<String>,
        /// `after-reply`: the opponent gets one more move first.
        after_reply: bool,
    },
    /// Anything else.
    Unknown(Unknown),
}

/// The squares a `line` rule wants held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineShape {
    /// `line n`: n squares in a row.
    Row,
    /// `line n with-gaps`: n squares of one rank, file or diagonal.
    Gaps,
    /// `square n`: an n by n square.
    Square,
}

/// One limit of a `counting` rule: `2 Rook -> 8`, `Khon + Met -> 44`, `64`.
#[derive(Clone, Debug, PartialEq)]
pub struct CountingLimit {
    /// The limit as written.
    pub span: Span,
    /// What the opponent must have (all of it); empty: always.
    pub needs: Vec<CountingNeed>,
    /// The limit, in moves.
    pub moves: Spanned<u32>,
}

/// `2 Rook` or `Rook` in a counting limit.
#[derive(Clone, Debug, PartialEq)]
pub struct CountingNeed {
    /// The piece.
    pub piece: Spanned<String>,
    /// At least this many (1 if not given).
    pub count: Option<Spanned<u32>>,
}

/// The value of a piece's `notation` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationKind {
    /// `pawn`: without the piece's symbol, a capture naming its file.
    Pawn,
    /// `piece`: always with the piece's symbol.
    Piece,
    /// `as Captain`: as that piece, with its symbol (Fairy-Stockfish's SAN
    /// names a promoted face by the piece type it plays as).
    As(Spanned<String>),
}
