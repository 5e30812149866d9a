//! The compiler's one error type: [`CompileError`] = an [`ErrorKind`] + a [`Span`].
//!
//! Errors are data. Each variant carries the names and earlier spans it needs.
//! Everything a kind says lives in one arm of `ErrorKind::text`: its stable
//! code ([`ErrorKind::code`]), its one-line message ([`Display`](fmt::Display)),
//! the text of its primary label, any secondary labels (first definitions, …)
//! and its `help:` notes. [`CompileError::to_diagnostic`] (in
//! [`crate::diagnostic`]) only turns that into a codespan diagnostic.
//! Lowering errors keep theirs in [`crate::lower::LowerError`], warnings in
//! [`crate::warning`].
//!
//! # Adding a diagnostic
//!
//! 1. Add a variant at the end of [`ErrorKind`] (its doc shows an input that
//!    triggers it) and one arm in `ErrorKind::text` with the next free code,
//!    the message, the label and the help, side by side.
//! 2. Explain the code in [`crate::explain`] and in a `### E00NN` section
//!    (and an index row) of `docs/diagnostics.md`; a test checks they agree.
//! 3. Add a fixture that triggers it under `tests/fixtures/` (`parse/err`,
//!    `check/err` or `lower/err`) and review its new snapshot.

use std::fmt;

use crate::ast::Side;
use crate::fix::Fix;
use crate::span::Span;
use crate::statements::Statement;

/// A mistake in a `.variant` file, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where: the primary label of the diagnostic.
    pub span: Span,
    /// An edit of the source that mends it, beyond a "did you mean" (which
    /// [`CompileError::fixes`] adds from the kind): a statement moved to
    /// the item that now holds it.
    pub fix: Option<Fix>,
}

impl CompileError {
    /// An error of this kind at this span.
    pub fn new(kind: ErrorKind, span: Span) -> CompileError {
        CompileError {
            kind,
            span,
            fix: None,
        }
    }

    /// This error with a fix of the source.
    pub fn with_fix(mut self, fix: Option<Fix>) -> CompileError {
        self.fix = fix;
        self
    }

    /// The fixes of the source this error suggests: its own, and the
    /// replacement of its span by the "did you mean" suggestion, if any.
    pub fn fixes(&self) -> Vec<Fix> {
        let suggested = self
            .kind
            .text()
            .suggestion
            .map(|s| Fix::replace(self.span, &s));
        self.fix.iter().cloned().chain(suggested).collect()
    }

    /// The stable code of this error: `E0001` …
    ///
    /// Codes never change meaning; new kinds get new codes.
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)
    }
}

impl std::error::Error for CompileError {}

/// A block of the language, for "unknown statement in …" messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Block {
    /// The top level of the file.
    TopLevel,
    /// `variant "…" { … }`
    Variant,
    /// `board { … }`
    Board,
    /// `piece Name { … }`
    Piece,
    /// `castling { … }`
    Castling,
    /// `zone name { … }`
    Zone,
    /// `promotion { … }`
    Promotion,
    /// `drops { … }`
    Drops,
    /// `gating { … }`
    Gating,
    /// `legality { … }`
    Legality,
    /// `royal { … }`
    Royal,
    /// `blast { … }`
    Blast,
    /// `end { … }`
    End,
    /// `clock { … }`
    Clock,
    /// `scoring { … }`
    Scoring,
}

impl Block {
    /// The keyword that opens the block (`piece`), or `top level`.
    pub fn name(self) -> &'static str {
        match self {
            Block::TopLevel => "top level",
            Block::Variant => "variant",
            Block::Board => "board",
            Block::Piece => "piece",
            Block::Castling => "castling",
            Block::Zone => "zone",
            Block::Promotion => "promotion",
            Block::Drops => "drops",
            Block::Gating => "gating",
            Block::Legality => "legality",
            Block::Royal => "royal",
            Block::Blast => "blast",
            Block::End => "end",
            Block::Clock => "clock",
            Block::Scoring => "scoring",
        }
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What went wrong. Each variant's doc shows an input that triggers it.
///
/// New kinds are added at the end and get the next code.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    // --- syntax errors (parse) ---
    /// `E0001` The file's structure does not parse: `piece King { letter K } }`.
    Syntax {
        /// Human names of what the grammar expected at this point.
        expected: Vec<&'static str>,
    },
    /// `E0002` `alias "zh` — a string with no closing quote on its line.
    UnterminatedString,
    /// `E0003` `piece King { letter K` — a `{` never closed.
    UnclosedBrace,
    /// `E0004` `}` with no `{` to close.
    UnexpectedCloseBrace,
    /// `E0005` `"a\nb"` — only `\"` and `\\` are escapes.
    InvalidEscape {
        /// The character after the backslash.
        escape: char,
    },
    /// `E0006` `repetition 99999999999 draw` — a number that does not fit.
    NumberTooLarge,
    /// `E0051` `board { files a..h ranks 1..8 }` — two complete statements
    /// (or items) on one line with no `;` or newline between them. The span
    /// is the gap between them.
    MissingSeparator {
        /// The first word of the statement that follows.
        next: String,
    },
    /// `E0052` `piece Königin { … }` — a non-ASCII character outside strings
    /// and comments; the span is the first such character of its word.
    NonAscii {
        /// The character.
        character: char,
        /// The word it stands in (`Königin`), or the character alone.
        word: String,
    },
    /// `E0053` `forward white 200 100`, `moves B200`, `ranks 1..4294967295` —
    /// a number outside the range its place allows.
    NumberOutOfRange {
        /// The number as written.
        number: String,
        /// What the number is, for the message ("a `forward` component").
        place: &'static str,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },

    // --- statements ---
    /// `E0007` `pice King { … }`, `lettr K` — a statement the block does not know.
    UnknownStatement {
        /// The block it stands in.
        block: Block,
        /// Its first word.
        keyword: String,
        /// The closest known keyword, if any is close.
        suggestion: Option<&'static str>,
    },
    /// `E0008` `letter` with nothing after it, `royal yes`, `gating Hawk` at
    /// the top level — a known keyword whose statement does not parse.
    MalformedStatement {
        /// Its row of the statement table.
        statement: &'static Statement,
    },
    /// `E0009` `Pawn => Queen` in `promotion`, `Pawn not-on` in `drops` — a
    /// rule of a keyword-less block that does not parse.
    MalformedRule {
        /// The block (`promotion`, `drops`, `castling`, `gating`, `end`).
        block: Block,
        /// The rule it was meant to be, when a word of it tells
        /// (`not-on`); else any rule of the block.
        statement: Option<&'static Statement>,
    },
    /// `E0010` A file without `variant`, `board` or `setup`.
    MissingItem {
        /// The missing item's keyword.
        keyword: &'static str,
    },
    /// `E0011` Two `board { … }` blocks.
    DuplicateItem {
        /// The item's keyword.
        keyword: &'static str,
        /// The first one.
        first: Span,
    },
    /// `E0012` `letter K` twice in one piece, two `stalemate` rules,
    /// `forward white` twice.
    DuplicateStatement {
        /// The statement (`letter`, `stalemate`, `forward white`).
        keyword: &'static str,
        /// The first one.
        first: Span,
    },

    // --- pieces ---
    /// `E0013` Two `piece King { … }`.
    DuplicatePiece {
        /// The name.
        name: String,
        /// The first definition's name.
        first: Span,
    },
    /// `E0014` `letter KING`, `letter 1`, `letter N''`.
    InvalidLetter {
        /// The value given.
        letter: String,
    },
    /// `E0067` `letter Ln`: a symbol of mixed case.
    MixedCaseLetter {
        /// The value given.
        letter: String,
        /// The symbol in upper case.
        suggestion: String,
    },
    /// `E0068` `letter L`, `letter LN` and `letter N` in three pieces: a
    /// FEN could not tell `LN` from `L` and `N`.
    AmbiguousLetter {
        /// The longer symbol.
        letter: String,
        /// Its piece.
        piece: String,
        /// The shorter symbol, the start of the longer.
        shorter: String,
        /// Its piece.
        other: String,
        /// A piece whose symbol starts with the rest of the longer one.
        starts: String,
        /// The shorter symbol's `letter` value.
        first: Span,
    },
    /// `E0069` a 129th `piece` block.
    TooManyPieces {
        /// The most piece types a variant may have.
        max: usize,
    },
    /// `E0015` `letter K` in two pieces (also `K` and `k`, `DE` and `de`).
    DuplicateLetter {
        /// The symbol.
        letter: String,
        /// The piece that has it first.
        other: String,
        /// That piece's `letter` value.
        first: Span,
    },
    /// `E0192` `letter N also H` where `H` is another piece's symbol (or
    /// second symbol), or the piece's own.
    SynonymClash {
        /// The symbol.
        letter: String,
        /// The piece that has it first.
        other: String,
        /// Where that piece has it.
        first: Span,
        /// Whether the symbol reported is this piece's second symbol
        /// (`also H`); otherwise it is a `letter` that another piece's
        /// `also` has.
        second_is_ours: bool,
    },
    /// `E0016` `piece King { moves K }` — no `letter`.
    MissingLetter {
        /// The piece.
        piece: String,
    },
    /// `E0017` `piece King { letter K }` — no `moves`.
    MissingMoves {
        /// The piece.
        piece: String,
    },
    /// `E0018` `moves` with nothing after it.
    EmptyMoves,
    /// `E0019` No piece is `royal`.
    NoRoyalPiece,
    /// `E0020` `captured-as Pawnn`, `Pawn -> Quen in …` — a piece never declared.
    UnknownPiece {
        /// The name used.
        name: String,
        /// The closest declared piece.
        suggestion: Option<String>,
    },

    // --- Betza ---
    /// `E0021` `moves X` — an atom letter that is not supported.
    UnknownBetzaAtom {
        /// The letter.
        atom: char,
    },
    /// `E0022` `moves jR` — a modifier letter that is not supported.
    UnknownBetzaModifier {
        /// The letter.
        modifier: char,
    },
    /// `E0023` `moves hN` — a Betza modifier we know but do not support.
    UnsupportedBetzaModifier {
        /// The letter.
        modifier: char,
    },
    /// `E0024` `moves mcW` — `m` and `c` in one term.
    ConflictingBetzaModes {
        /// The first of the two letters.
        first: Span,
    },
    /// `E0025` `moves mW if enemy-adjacent` — an unknown guard.
    UnknownGuard {
        /// The guard given.
        guard: String,
        /// The closest known guard.
        suggestion: Option<&'static str>,
    },

    // --- zones and square sets ---
    /// `E0026` Two `zone last-rank { … }`.
    DuplicateZone {
        /// The name.
        name: String,
        /// The first definition's name.
        first: Span,
    },
    /// `E0027` `zone z { white: rank 8 }` — no `black:`.
    MissingZoneSide {
        /// The zone.
        zone: String,
        /// The side with no squares.
        side: Side,
    },
    /// `E0028` `in last-rnk` — a name alone in a set that is neither a zone
    /// nor a square.
    UnknownZone {
        /// The name.
        name: String,
        /// The closest declared zone.
        suggestion: Option<String>,
    },
    /// `E0029` `rank 1, last-rank` — a name that is not a square in a list.
    NotASquare {
        /// The name.
        name: String,
        /// Whether it names a zone (zones only stand alone).
        is_zone: bool,
    },

    // --- promotion, end, board, castling ---
    /// `E0030` `Pawn -> Pawn in last-rank`.
    PromotesToItself {
        /// The piece.
        piece: String,
    },
    /// `E0031` `checkmate lose` — outcomes are `win`, `draw`, `loss`.
    UnknownOutcome {
        /// The word given.
        word: String,
        /// The closest outcome.
        suggestion: Option<&'static str>,
    },
    /// `E0060` `draw-odds blue`: a side that is not `white` or `black`.
    UnknownSide {
        /// The word given.
        word: String,
        /// The closest side.
        suggestion: Option<&'static str>,
    },
    /// `E0032` `repetition 1 draw`.
    RepetitionTooSmall {
        /// The count given.
        count: u32,
    },
    /// `E0033` `repetition 3 draw claim 3` — a claim must come before the end.
    InvalidClaim {
        /// The claim count.
        claim: u32,
        /// The repetition count.
        count: u32,
    },
    /// `E0065` `limit 50 claim 50` — a claim must come before the limit.
    InvalidLimitClaim {
        /// The claim, in full moves.
        claim: u32,
        /// The limit, in full moves.
        limit: u32,
    },
    /// `E0034` `fen by-row` — the order is `by-rank` or `by-file`.
    UnknownFenOrder {
        /// The value given.
        value: String,
        /// The closest order.
        suggestion: Option<&'static str>,
    },
    /// `E0035` `KQ: King e1 -> g1, …` — a castling letter must be one ASCII letter.
    InvalidCastlingLetter {
        /// The value given.
        letter: String,
    },
    /// `E0036` Two castling rules with the letter `K`.
    DuplicateCastlingLetter {
        /// The letter.
        letter: char,
        /// The first rule's letter.
        first: Span,
    },
    /// `E0037` `moves Wf` — direction or mode letters after the atom.
    MisplacedBetzaModifier {
        /// The term as written (`Wf`).
        term: String,
        /// The term with its modifiers moved before the atom (`fW`).
        suggestion: String,
    },
    /// `E0038` `moves mfw` — the atom in lower case.
    LowerCaseBetzaAtom {
        /// The term as written (`mfw`).
        term: String,
        /// The term with its atom in upper case (`mfW`).
        suggestion: String,
    },
    /// `E0039` `Pawn -> Queen in rank 8` and `Pawn -> Knight in e8`: two
    /// promotion rules of one piece that share a square.
    ConflictingPromotion {
        /// The piece.
        piece: String,
        /// A square both rules cover.
        square: String,
        /// The earlier rule.
        first: Span,
    },
    /// `E0040` `setup "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"` — a side with more
    /// than one royal piece.
    TooManyRoyals {
        /// The side.
        side: Side,
        /// How many royal pieces it has.
        count: usize,
    },
    /// `E0041` `Pawn -> Queen | King in …` where `King` is royal: a second
    /// royal piece would appear (and could be captured).
    PromotesToRoyal {
        /// The royal target.
        piece: String,
    },
    /// `E0042` `captured-as King` or `-> hand(King)` where `King` is royal:
    /// a royal piece would reach a hand and be dropped.
    RoyalToHand {
        /// The royal piece.
        piece: String,
    },
    /// `E0043` `piece King { royal; captured-as Pawn }`: a royal piece is
    /// never captured, so what it becomes in hand means nothing.
    RoyalCapturedAs {
        /// The royal piece.
        piece: String,
        /// Its `royal` statement.
        royal: Span,
    },
    /// `E0044` `limit 0`, `limit 2147483648` in `clock`.
    MoveLimitOutOfRange {
        /// The limit given.
        moves: u32,
    },
    /// `E0045` `Pawn -> Queen | Queen in …`.
    DuplicatePromotionChoice {
        /// The choice as written.
        choice: String,
        /// Its first mention.
        first: Span,
    },
    /// `E0046` `Pawn -> hand(Queen) in …` in a variant without `drops`.
    HandPromotionWithoutDrops,
    /// `E0047` `King -> Queen in …` where `King` is royal and `Queen` is
    /// not (a royal piece may promote to another royal piece).
    RoyalPromotes {
        /// The royal piece.
        piece: String,
        /// The target as written: a piece that is not royal (or royal for
        /// other sides), or `hand(…)`.
        target: String,
    },
    /// `E0048` `variant "" { }`, or a piece name or board label too long
    /// for a table ([`MAX_NAME_BYTES`](fairyc_runtime::table::MAX_NAME_BYTES)).
    NameLength {
        /// What is named: `variant name`, `piece name`, `label`.
        what: &'static str,
        /// Its length in bytes.
        len: usize,
        /// The most allowed.
        max: usize,
    },
    /// `E0170` `counting bare 0`, `counting board 5000 bare 64`.
    CountingLimitOutOfRange {
        /// The limit given.
        moves: u32,
    },
    /// `E0171` `counting bare 64, Rook -> 16`: a limit after one that
    /// always applies is never used.
    CountingLimitUnreachable {
        /// The limit that always applies.
        always: Span,
    },
    /// `E0145` `checks 0 win`, `checks 1000 win`.
    CheckCountOutOfRange {
        /// The count given.
        count: u32,
    },

    /// `E0054` `Pawn -> Tokin in camp on begin` — a promotion trigger other
    /// than `start`, `end`, `pass` or `entry`, or one named twice.
    UnknownPromotionTrigger {
        /// The word.
        word: String,
        /// The closest trigger, if any is close.
        suggestion: Option<&'static str>,
    },
    /// `E0055` `Pawn -> Tokin in camp except rank 9` — `except` on a
    /// promotion that is not `optional`.
    ExceptWithoutOptional,
    /// `E0056` `Pawn per-file 0` — a per-file drop limit that is 0 or more
    /// than 64.
    PerFileOutOfRange {
        /// The limit given.
        count: u32,
    },
    /// `E0172` `Bishop per-colour 0` — a per-colour drop limit that is 0
    /// or more than 64.
    PerColourOutOfRange {
        /// The limit given.
        count: u32,
    },
    /// `E0173` `turn Pawn -> hand(Pawn) in far-diagonals` — a `turn` rule
    /// with a `hand(…)` target.
    TurnMisuse {
        /// What is wrong, as a short phrase.
        what: &'static str,
    },
    /// `E0194` `Pawn -> none in last-rank optional`: a rule without
    /// targets that the player may decline says nothing.
    DeclinedNone {
        /// The `none`.
        none: Span,
    },
    /// `E0061` `drops { flips-only-next-to-own }` in a variant without
    /// `flips`: nothing is ever flipped.
    FlipsOnlyWithoutFlips,
    /// `E0062` `moves pR to camp` or `moves mpafsW to camp`: `to` keeps
    /// the landing squares of slides and leaps, not of hoppers or moves
    /// of several legs.
    LandingRegion {
        /// `a hopper` or `a move of several legs`.
        what: &'static str,
    },
    /// `E0174` `castling { … by-drop }`, `giving-check by-drop forbidden`
    /// or `checkmate by Pawn drop win` in a variant without drops.
    ByDropWithoutDrops {
        /// The word: `by-drop` or `drop`.
        word: &'static str,
    },
    /// `E0057` `resets drop if irreversible`, `resets capture, capture`: an
    /// entry of `resets` in `clock` that cannot be.
    ClockEvent {
        /// The entry as written.
        word: String,
        /// Whether it is `if irreversible` after an event that is not a
        /// piece's move (else: the entry is there twice).
        irreversible: bool,
    },
    /// `E0178` `move-limit 50` or `resets-clock none` in `end`: the move
    /// clock's statements are in the `clock` block.
    ClockInEnd {
        /// The statement's keyword.
        keyword: &'static str,
        /// What to write instead, in backquotes.
        instead: String,
    },
    /// `E0063` `K: King any -> g1, Rook h1 -> f1` — a free castling
    /// (`any`) for one of its two pieces only.
    CastlingHalfAny,
    /// `E0179` `K: King e1 -> g1, Rook h1 -> f1 ends x` where no rule of
    /// the block has the letter `x`.
    CastlingEndsUnknown {
        /// The letter given.
        letter: String,
    },
    /// `E0049` `repetition 3 points for white`: a repetition decided by the
    /// material has no outcome for a side (`for`).
    RepetitionPointsFor,
    /// `E0150` `Queen max 0` — a promotion limit that is 0 or more than 64.
    PromotionLimitOutOfRange {
        /// The limit given.
        count: u32,
    },
    /// `E0151` `Queen max 1` twice for one piece.
    PromotionLimitTwice {
        /// The piece.
        piece: String,
    },
    /// `E0064` `gating { Hawk on rank 1 }` with a castling `H` — a gate
    /// square whose right the FEN cannot write as its file letter.
    GateNotWritable {
        /// The square.
        square: String,
        /// Why.
        problem: GateProblem,
    },

    // --- lowering errors (added by the lowering) ---
    /// `E0101`… A mistake found while lowering: it needs the board's geometry
    /// or the start position (an unknown square, an empty zone, a direction
    /// that selects no move, an illegal setup, …). See [`crate::lower::LowerError`].
    Lower(crate::lower::LowerError),
    /// `E0159`, `E0160` … `E0169`: `fairyc export` cannot express a
    /// construct for its target Fairy-Stockfish (or does not write it yet).
    Export(
        crate::export_refusal::ExportRefusal,
        crate::export_refusal::ExportTarget,
    ),

    // --- hoppers and the flying general (issue 12) ---
    /// `E0135` `moves pgR` — both hopper modifiers in one term.
    ConflictingHopModes {
        /// The first of the two letters.
        first: Span,
    },
    /// `E0058` `points Rook 100001` or `komi black 20000`: more points than the
    /// tables hold.
    PointsOutOfRange,
    /// `E0059` `cannot-hop Cannon` in a piece without hopper moves.
    CannotHopWithoutHops {
        /// The piece.
        piece: String,
    },
    /// `E0193` `notation as <Piece>` naming the piece itself, or a piece
    /// SAN writes without a symbol or as yet another piece.
    NotationAs {
        /// The piece with the statement.
        piece: String,
        /// The piece it names.
        target: String,
        /// Why SAN cannot write it so.
        reason: NotationAsReason,
    },
    /// `E0137` `cannot-capture King`: a royal piece.
    CannotCaptureRoyal {
        /// The royal piece listed.
        piece: String,
    },
    /// `E0138` `pass allowed` in a variant where a side has no royal piece.
    PassWithoutRoyal,
    /// `E0139` `facing points` without `faces` in a royal piece.
    FacingWithoutFaces,
    /// `E0184` `line 9 win` on an 8 by 8 board, `square 6 win` on a 5 by 5
    /// one: a rule of lines that no line (or square) of the board can hold.
    LineOffBoard {
        /// `line` or `square`.
        rule: &'static str,
        /// The rule's n.
        length: u32,
    },
    /// `E0136` `faces vR` in a piece that is not royal.
    FacesNotRoyal {
        /// The piece.
        piece: String,
    },

    // --- one-time moves (issues 13 and 14) ---
    /// `E0175` `moves fD once` in a piece that starts on two squares of one
    /// file — a one-time move's right that the FEN cannot write as its
    /// square's file letter.
    OnceNotWritable {
        /// The piece.
        piece: String,
        /// The square.
        square: String,
        /// Why.
        problem: GateProblem,
    },
    /// `E0176` `moves pR once` or `moves gQ if not-in-check` — a hopper
    /// move that is one-time or not made in check.
    SpecialHop {
        /// `once` or `if not-in-check`.
        what: &'static str,
    },

    /// `E0191` `allow W0099` or `allow E0012` — a code that is no warning's.
    UnknownWarning {
        /// The code as written.
        code: String,
        /// The closest warning code, if one is close.
        suggestion: Option<&'static str>,
    },

    // --- capture effects (issue 30) ---
    /// `E0195` `blast { immune King }` without `reach`.
    BlastWithoutReach,
    /// `E0196` `blast { reach fK }`, `reach R`: a reach term that is not a
    /// plain leap (a modifier, a range, a slider's atom).
    BlastReachNotLeap,
    /// `E0198` `piece Stone { letter S; moves K; immobile }`.
    ImmobileWithMoves {
        /// The piece.
        piece: String,
    },
    /// `E0197` `blast { immune King }` for a royal `King`.
    BlastImmuneRoyal {
        /// The piece.
        piece: String,
    },

    /// `E0188` `royal { check all; check last }` — two rules for a side's
    /// several royal pieces.
    SeveralRoyalRules {
        /// The first rule's word (`all`, `last` or `any`).
        first: &'static str,
        /// The second one's.
        second: &'static str,
    },

    // --- multi-leg moves (issue 19) ---
    /// `E0180` `moves mafsN` — a multi-leg move (`a`) on an oblique atom.
    LegAtom {
        /// The atom.
        atom: char,
    },
    /// `E0181` `moves cafW` — a modifier that this leg of a multi-leg move
    /// cannot have.
    LegModifier {
        /// The letter.
        modifier: char,
        /// Why not, and what to write.
        why: &'static str,
    },
    /// `E0182` `moves pafR` — a hop leg followed by a leg of more than one
    /// step, or two hop legs.
    LegAfterHop {
        /// Two hop legs (rather than a long leg after the hop).
        twice: bool,
    },

    // --- error recovery (issue 28) ---
    /// `E0118` `setup "4kX2/…"` with no piece `X`: a FEN letter no piece's
    /// symbol starts with. The span is the letter alone.
    UnknownSetupSymbol {
        /// The letter.
        letter: char,
        /// FEN row, from 1.
        row: usize,
        /// Column in the row's text, from 1.
        column: usize,
        /// The pieces' symbols (`+P` for a promoted face) and names.
        known: Vec<(String, String)>,
    },
    /// `E0189` `moves NN2x`, `moves Knight`: a word of a `moves` statement
    /// that is no Betza move. The span is the first character that cannot
    /// stand where it is, or the whole word for a piece name.
    BetzaSyntax {
        /// The word.
        term: String,
        /// The character that cannot stand there; `None` when the word is a
        /// piece name.
        character: Option<char>,
        /// A Betza move to write instead, when one is likely.
        suggestion: Option<String>,
    },

    // --- the language's redesign (issue 28) ---
    /// `E0177` `legality { partial-check allowed }`, `points 7` in a piece,
    /// `on start or end`: a spelling the language had and replaced.
    Retired {
        /// The old spelling, in backquotes.
        old: &'static str,
        /// What to write instead, in backquotes.
        new: String,
    },
}

/// Why a gate right cannot be written in the FEN ([`ErrorKind::GateNotWritable`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GateProblem {
    /// The square's name has no one-letter file.
    NoFile,
    /// Another gate square of the side (named) is on the same file.
    SharedFile(String),
    /// The file letter is one of the side's castling letters.
    CastlingLetter(char),
    /// The side has free castling, whose rights are file letters too.
    FreeCastling,
    /// The variant has gating, whose rights are file letters too (only for
    /// one-time moves' rights).
    Gating,
}

impl GateProblem {
    /// Why, in a label; `other` names what a shared file is shared with.
    fn why(&self, other: &str) -> String {
        match self {
            GateProblem::NoFile => "its name has no one-letter file".to_string(),
            GateProblem::SharedFile(square) => {
                format!("{other} ({square}) is on the same file")
            }
            GateProblem::CastlingLetter(c) => {
                format!("its file letter is the castling letter `{c}`")
            }
            GateProblem::FreeCastling => {
                "the side has free castling, whose rights are file letters too".to_string()
            }
            GateProblem::Gating => {
                "the variant has gating, whose rights are file letters too".to_string()
            }
        }
    }
}

/// `white` / `black`.
pub(crate) fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

/// `` `a`, `b` and `c` `` from `"abc"`.
fn letters(list: &str) -> String {
    let quoted: Vec<String> = list.chars().map(|c| format!("`{c}`")).collect();
    match quoted.split_last() {
        Some((last, init)) if !init.is_empty() => format!("{} and {last}", init.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

/// The `help:` note of a malformed statement: what it does and where the
/// manual documents it, from its row of the statement table.
fn statement_help(statement: &Statement) -> String {
    let keyword = statement.keyword();
    if keyword.starts_with(|c: char| c.is_ascii_alphabetic()) {
        format!("`{keyword}`: {}; see {}", statement.help, statement.doc)
    } else {
        format!("{}; see {}", statement.help, statement.doc)
    }
}

/// Everything an error says, apart from where it is: what
/// [`ErrorKind::text`] returns and [`CompileError::to_diagnostic`] renders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Text {
    /// The stable code (`E0001` …).
    pub(crate) code: &'static str,
    /// The one-line message ([`Display`](fmt::Display)).
    pub(crate) message: String,
    /// The message of the primary label, at [`CompileError::span`].
    pub(crate) label: String,
    /// Secondary labels at related places (an earlier definition, …).
    pub(crate) secondary: Vec<(Span, String)>,
    /// Hints, each printed as a `help: …` note, in order.
    pub(crate) help: Vec<String>,
    /// What the text at [`CompileError::span`] was likely meant to be (the
    /// "did you mean" of a help note).
    pub(crate) suggestion: Option<String>,
}

impl Text {
    /// A code, a message and a primary label; no secondary labels, no help.
    fn new(code: &'static str, message: impl Into<String>, label: impl Into<String>) -> Text {
        Text {
            code,
            message: message.into(),
            label: label.into(),
            secondary: Vec::new(),
            help: Vec::new(),
            suggestion: None,
        }
    }

    /// Adds a secondary label at `span`.
    fn also(mut self, span: Span, label: impl Into<String>) -> Text {
        self.secondary.push((span, label.into()));
        self
    }

    /// Adds a `help:` note.
    fn help(mut self, help: impl Into<String>) -> Text {
        self.help.push(help.into());
        self
    }

    /// Adds ``help: did you mean `…`?`` if there is a suggestion.
    fn did_you_mean(self, suggestion: Option<&str>) -> Text {
        match suggestion {
            Some(s) => self.help(format!("did you mean `{s}`?")).suggest(s),
            None => self,
        }
    }

    /// Records what the text at the error's span was likely meant to be
    /// (a fix replaces it), without a help note of its own.
    fn suggest(mut self, suggestion: &str) -> Text {
        self.suggestion = Some(suggestion.to_owned());
        self
    }
}

impl ErrorKind {
    /// The stable code: `E0001` …
    pub fn code(&self) -> &'static str {
        self.text().code
    }

    /// The code, message, primary label, secondary labels and help of this
    /// error, all in one place: one arm per kind.
    pub(crate) fn text(&self) -> Text {
        match self {
            // --- syntax errors (parse) ---
            ErrorKind::Syntax { expected } => {
                let message = match expected.as_slice() {
                    [] => "syntax error".to_owned(),
                    [one] => format!("expected {one}"),
                    [init @ .., last] => format!("expected {}, or {last}", init.join(", ")),
                };
                Text::new("E0001", message, "unexpected here")
            }
            ErrorKind::UnterminatedString => Text::new(
                "E0002",
                "unterminated string",
                "this string has no closing `\"`",
            )
            .help("strings end on the line they start; write `\\\"` for a quote inside"),
            ErrorKind::UnclosedBrace => {
                Text::new("E0003", "this `{` is never closed", "opened here")
                    .help("add the matching `}`")
            }
            ErrorKind::UnexpectedCloseBrace => {
                Text::new("E0004", "unexpected `}`", "no `{` to close")
                    .help("remove it, or add the missing `{`")
            }
            ErrorKind::InvalidEscape { escape } => Text::new(
                "E0005",
                format!("unknown escape `\\{}` in string", escape.escape_debug()),
                "unknown escape",
            )
            .help("the escapes are `\\\"` and `\\\\`"),
            ErrorKind::NumberTooLarge => {
                Text::new("E0006", "number too large", "does not fit in 32 bits")
            }
            ErrorKind::MissingSeparator { next } => Text::new(
                "E0051",
                format!("expected `;` or a newline before `{next}`"),
                "expected `;` or a newline here",
            )
            .help(
                "each statement ends at the end of its line or at `;`; put the next one on its \
                 own line",
            ),
            ErrorKind::NonAscii { character, word } => {
                let code = u32::from(*character);
                let shown = if character.is_whitespace() || character.is_control() {
                    format!("U+{code:04X}")
                } else {
                    format!("`{character}` (U+{code:04X})")
                };
                let message = if word.chars().count() > 1 {
                    format!("non-ASCII character {shown} in `{word}`: names are ASCII")
                } else {
                    format!(
                        "non-ASCII character {shown} outside a string or comment: names are ASCII"
                    )
                };
                Text::new("E0052", message, "not ASCII").help(
                    "names, keywords, squares and Betza moves are written with ASCII letters, \
                     digits, `_`, `'` and `-`; other text belongs in a string or a comment",
                )
            }
            ErrorKind::NumberOutOfRange {
                number,
                place,
                min,
                max,
            } => Text::new(
                "E0053",
                format!("`{number}` is out of range: {place} is from {min} to {max}"),
                format!("allowed: {min} to {max}"),
            ),

            // --- statements ---
            ErrorKind::UnknownStatement {
                block,
                keyword,
                suggestion,
            } => {
                let message = match block {
                    Block::TopLevel => format!("unknown item `{keyword}`"),
                    Block::End => format!("unknown end rule `{keyword}`"),
                    _ => format!("unknown statement `{keyword}` in `{block}` block"),
                };
                let forms = match block {
                    Block::TopLevel => format!("the top-level items are: {}", block.forms()),
                    _ => format!("the `{block}` block holds: {}", block.forms()),
                };
                Text::new("E0007", message, "not understood")
                    .did_you_mean(*suggestion)
                    .help(forms)
            }
            ErrorKind::MalformedStatement { statement } => Text::new(
                "E0008",
                if Block::TopLevel.statements().contains(statement) {
                    format!("malformed `{}` item", statement.keyword())
                } else {
                    format!("malformed `{}` statement", statement.keyword())
                },
                format!("expected {}", statement.syntax),
            )
            .help(statement_help(statement)),
            ErrorKind::MalformedRule { block, statement } => match statement {
                Some(statement) => Text::new(
                    "E0009",
                    format!("malformed {block} rule"),
                    format!("expected {}", statement.syntax),
                )
                .help(statement_help(statement)),
                None => Text::new(
                    "E0009",
                    format!("malformed {block} rule"),
                    format!("expected {}", block.forms()),
                ),
            },
            ErrorKind::MissingItem { keyword } => {
                let example = match *keyword {
                    "variant" => "variant \"My Chess\" { … }",
                    "board" => "board { files a..h; ranks 1..8 }",
                    _ => "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
                };
                Text::new(
                    "E0010",
                    format!("missing `{keyword}`"),
                    format!("no `{keyword}` in this file"),
                )
                .help(format!("every variant needs one `{keyword}`: `{example}`"))
            }
            ErrorKind::DuplicateItem { keyword, first } => Text::new(
                "E0011",
                format!("`{keyword}` is defined more than once"),
                format!("`{keyword}` defined again here"),
            )
            .also(*first, "first defined here")
            .help(format!(
                "a variant has at most one `{keyword}`; merge the two"
            )),
            ErrorKind::DuplicateStatement { keyword, first } => Text::new(
                "E0012",
                format!("`{keyword}` is given more than once"),
                format!("`{keyword}` given again here"),
            )
            .also(*first, "first given here")
            .help("remove one of them"),

            // --- pieces ---
            ErrorKind::DuplicatePiece { name, first } => Text::new(
                "E0013",
                format!("piece `{name}` is defined more than once"),
                "defined again here",
            )
            .also(*first, "first defined here")
            .help("rename one of the pieces"),
            ErrorKind::InvalidLetter { letter } => Text::new(
                "E0014",
                format!("`{letter}` is not a piece symbol"),
                "expected one to three letters, maybe followed by `'`",
            )
            .help(
                "a symbol is one to three ASCII letters, optionally followed by an apostrophe \
                 (`K`, `DE`, `N'`), after `+` for a promoted face; FEN writes it in upper case \
                 for White and in lower case for Black",
            ),
            ErrorKind::MixedCaseLetter { letter, suggestion } => Text::new(
                "E0067",
                format!("the symbol `{letter}` mixes upper and lower case"),
                "written in one case in FEN",
            )
            .help(format!(
                "FEN writes a symbol in upper case for White and in lower case for Black, so \
                 `{letter}` would read as two pieces; did you mean `{suggestion}`?"
            ))
            .suggest(suggestion),
            ErrorKind::AmbiguousLetter {
                letter,
                piece,
                shorter,
                other,
                starts,
                first,
            } => Text::new(
                "E0068",
                format!(
                    "a FEN could not tell `{piece}` (`{letter}`) from `{other}` (`{shorter}`) followed by `{starts}`"
                ),
                "starts with another piece's symbol",
            )
            .also(*first, format!("`{other}` has `{shorter}`"))
            .help(
                "a FEN reads the longest symbol that matches; change one of the three symbols, \
                 or end the longer one with an apostrophe",
            ),
            ErrorKind::TooManyPieces { max } => Text::new(
                "E0069",
                format!("more than {max} piece types"),
                "one piece type too many",
            )
            .help(format!(
                "a variant has at most {max} piece types (a promoted face such as `+P` is one)"
            )),
            ErrorKind::DuplicateLetter {
                letter,
                other,
                first,
            } => Text::new(
                "E0015",
                format!("letter `{letter}` is already used by `{other}`"),
                "used again here",
            )
            .also(*first, format!("`{other}` has it"))
            .help("symbols must differ, ignoring case, so that FEN can tell pieces apart"),
            ErrorKind::SynonymClash {
                letter,
                other,
                first,
                second_is_ours,
            } => {
                let (message, label) = if *second_is_ours {
                    (
                        format!("second letter `{letter}` is already used by `{other}`"),
                        "`also` gives it again here",
                    )
                } else {
                    (
                        format!("letter `{letter}` is `{other}`'s second letter"),
                        "used again here",
                    )
                };
                Text::new("E0192", message, label)
                    .also(*first, format!("`{other}` has it"))
                    .help(
                        "a second letter (`letter N also H`) is read in FEN and SAN as the \
                         piece: it must differ, ignoring case, from every other symbol and \
                         second letter, and from the piece's own",
                    )
            }
            ErrorKind::MissingLetter { piece } => Text::new(
                "E0016",
                format!("piece `{piece}` has no `letter`"),
                "this piece has no letter",
            )
            .help("add `letter <A-Z>` to the block"),
            ErrorKind::MissingMoves { piece } => Text::new(
                "E0017",
                format!("piece `{piece}` has no `moves`"),
                "this piece cannot move",
            )
            .help("add `moves <Betza>` to the block, e.g. `moves K`"),
            ErrorKind::EmptyMoves => Text::new(
                "E0018",
                "`moves` needs at least one Betza term",
                "no moves given",
            )
            .help("write the moves in Betza notation, e.g. `moves mfW cfF`"),
            ErrorKind::NoRoyalPiece => Text::new(
                "E0019",
                "no piece is `royal`",
                "no royal piece in this file",
            )
            .help(
                "mark the king-like piece with `royal` in its `piece` block, or say how \
                 the game is won without one in `end` (`extinction`, a goal `reaches`, \
                 a `line`, a `connect`, or `stalemate win|loss|fewer-pieces`)",
            ),
            ErrorKind::UnknownPiece { name, suggestion } => {
                let text = Text::new(
                    "E0020",
                    format!("unknown piece `{name}`"),
                    "no piece has this name",
                );
                match suggestion {
                    Some(_) => text.did_you_mean(suggestion.as_deref()),
                    None => text.help("declare it with `piece <Name> { … }`"),
                }
            }

            // --- Betza ---
            ErrorKind::UnknownBetzaAtom { atom } => {
                let text = Text::new(
                    "E0021",
                    format!("unknown Betza atom `{atom}`"),
                    "unknown atom",
                )
                .help(format!(
                    "the supported atoms are {}",
                    letters(crate::check::BETZA_ATOMS)
                ));
                if *atom == 'O' {
                    text.help("castling is declared in a `castling { … }` block")
                } else {
                    text
                }
            }
            ErrorKind::UnknownBetzaModifier { modifier } => Text::new(
                "E0022",
                format!("unknown Betza modifier `{modifier}`"),
                "unknown modifier",
            )
            .help(format!(
                "the supported modifiers are {}",
                letters(crate::check::BETZA_MODIFIERS)
            )),
            ErrorKind::UnsupportedBetzaModifier { modifier } => Text::new(
                "E0023",
                format!("Betza modifier `{modifier}` is not supported"),
                "not supported",
            )
            .help(format!(
                "the supported modifiers are {}",
                letters(crate::check::BETZA_MODIFIERS)
            )),
            ErrorKind::ConflictingBetzaModes { first } => Text::new(
                "E0024",
                "`m` and `c` in the same Betza term",
                "conflicts with the earlier mode",
            )
            .also(*first, "earlier mode")
            .help("a move that may both move and capture needs neither `m` nor `c`"),
            ErrorKind::UnknownGuard { guard, suggestion } => {
                Text::new("E0025", format!("unknown guard `{guard}`"), "unknown guard")
                    .did_you_mean(*suggestion)
                    .help("the only guard is `friend-adjacent`")
            }

            // --- zones and square sets ---
            ErrorKind::DuplicateZone { name, first } => Text::new(
                "E0026",
                format!("zone `{name}` is defined more than once"),
                "defined again here",
            )
            .also(*first, "first defined here")
            .help("rename one of the zones"),
            ErrorKind::MissingZoneSide { zone, side } => {
                let side = side_name(*side);
                Text::new(
                    "E0027",
                    format!("zone `{zone}` has no `{side}:` squares"),
                    format!("no `{side}:` line"),
                )
                .help(format!(
                    "a zone gives squares for both sides: add `{side}: <squares>`"
                ))
            }
            ErrorKind::UnknownZone { name, suggestion } => Text::new(
                "E0028",
                format!("`{name}` is neither a zone nor a square"),
                "not a zone or a square",
            )
            .did_you_mean(suggestion.as_deref())
            .help("a name alone is a zone declared with `zone <name> { … }` or a square like `e4`"),
            ErrorKind::NotASquare { name, is_zone } => Text::new(
                "E0029",
                format!("`{name}` is not a square"),
                "expected a square",
            )
            .help(if *is_zone {
                "a zone must stand alone; list its squares instead"
            } else {
                "squares are named file then rank, like `e4`"
            }),

            // --- promotion, end, board, castling ---
            ErrorKind::PromotesToItself { piece } => Text::new(
                "E0030",
                format!("`{piece}` promotes to itself"),
                "the promoting piece itself",
            )
            .help("to let promotion be declined, add `optional` after the zone"),
            ErrorKind::UnknownOutcome { word, suggestion } => Text::new(
                "E0031",
                format!("unknown outcome `{word}`"),
                "unknown outcome",
            )
            .did_you_mean(*suggestion)
            .help(
                "the outcomes are `win`, `draw` and `loss`; `facing` and `double-pass` also \
                 take `points`",
            ),
            ErrorKind::UnknownSide { word, suggestion } => Text::new(
                "E0060",
                format!("unknown side `{word}`"),
                "not a side",
            )
            .did_you_mean(*suggestion)
            .help("the sides are `white` and `black`"),
            ErrorKind::RepetitionTooSmall { count } => Text::new(
                "E0032",
                format!("repetition count {count} is less than 2"),
                "must be at least 2",
            )
            .help("threefold repetition is `repetition 3 draw`"),
            ErrorKind::InvalidClaim { claim, count } => Text::new(
                "E0033",
                format!("claim {claim} must be at least 2 and less than the count {count}"),
                "invalid claim count",
            )
            .help("e.g. `repetition 5 draw claim 3`: claimable at 3, automatic at 5"),
            ErrorKind::InvalidLimitClaim { claim, limit } => Text::new(
                "E0065",
                format!("claim {claim} must be at least 1 and less than the limit {limit}"),
                "invalid claim",
            )
            .help("e.g. `limit 75 claim 50`: claimable after 50 moves, automatic after 75"),
            ErrorKind::UnknownFenOrder { value, suggestion } => Text::new(
                "E0034",
                format!("unknown FEN order `{value}`"),
                "unknown order",
            )
            .did_you_mean(*suggestion)
            .help("the orders are `by-rank` and `by-file`"),
            ErrorKind::InvalidCastlingLetter { letter } => Text::new(
                "E0035",
                format!("castling letter `{letter}` is not a single ASCII letter"),
                "expected one letter",
            )
            .help("the FEN castling letter: upper case for White, lower case for Black"),
            ErrorKind::DuplicateCastlingLetter { letter, first } => Text::new(
                "E0036",
                format!("castling letter `{letter}` is used more than once"),
                "used again here",
            )
            .also(*first, "first used here"),
            ErrorKind::MisplacedBetzaModifier { term, suggestion } => Text::new(
                "E0037",
                format!("Betza modifiers after the atom in `{term}`"),
                "modifiers must come before the atom",
            )
            .did_you_mean(Some(suggestion.as_str())),
            ErrorKind::LowerCaseBetzaAtom { term, suggestion } => Text::new(
                "E0038",
                format!("the Betza term `{term}` has no upper-case atom"),
                "atoms are upper case",
            )
            .did_you_mean(Some(suggestion.as_str())),
            ErrorKind::ConflictingPromotion {
                piece,
                square,
                first,
            } => Text::new(
                "E0039",
                format!("two promotion rules for `{piece}` both apply on `{square}`"),
                format!("this rule also applies on `{square}`"),
            )
            .also(*first, "the earlier rule")
            .help(
                "list every choice in one rule (`Pawn -> Queen | Knight in …`), give both \
                 rules the same choices and the same `optional`, or make the zones disjoint \
                 (a rule to `none` shares no square with a rule that has targets)",
            ),
            ErrorKind::TooManyRoyals { side, count } => {
                let side = side_name(*side);
                Text::new(
                    "E0040",
                    format!(
                        "{side} has {count} royal pieces in the setup; a side needs exactly one"
                    ),
                    format!("more than one royal {side} piece here"),
                )
                .help(
                    "checkmate needs exactly one royal piece per side; remove the extra ones, \
                     drop `royal` from the piece, or let a side have several with \
                     `royal { check all }`, `royal { check any }` or `royal { check last }`",
                )
            }
            ErrorKind::PromotesToRoyal { piece } => Text::new(
                "E0041",
                format!("promotion to the royal piece `{piece}`"),
                "a royal piece",
            )
            .help(
                "a side has exactly one royal piece; promote to a non-royal piece, or let a side \
                 have several with `royal { check all }`, `royal { check any }` or \
                 `royal { check last }`",
            ),
            ErrorKind::RoyalToHand { piece } => Text::new(
                "E0042",
                format!("the royal piece `{piece}` would go to a hand"),
                "a royal piece",
            )
            .help("a royal piece can never be in a hand; name a non-royal piece here"),
            ErrorKind::RoyalCapturedAs { piece, royal } => Text::new(
                "E0043",
                format!("`captured-as` on the royal piece `{piece}`"),
                "a royal piece is never captured",
            )
            .also(*royal, "royal here")
            .help("remove `captured-as`"),
            ErrorKind::MoveLimitOutOfRange { moves } => {
                let max = crate::check::MAX_MOVE_LIMIT;
                Text::new(
                    "E0044",
                    format!("move limit {moves} is out of range: it must be from 1 to {max}"),
                    format!("expected 1 to {max}"),
                )
                .help("the fifty-move rule is `clock { limit 50 }`; write `limit off` for none")
            }
            ErrorKind::DuplicatePromotionChoice { choice, first } => Text::new(
                "E0045",
                format!("`{choice}` is offered twice in this promotion"),
                "offered again here",
            )
            .also(*first, "first offered here")
            .help("remove the repeated choice"),
            ErrorKind::HandPromotionWithoutDrops => Text::new(
                "E0046",
                "promotion to a hand in a variant without `drops`",
                "goes to a hand",
            )
            .help(
                "add a `drops { }` block so pieces in hand can be dropped, or promote on the \
                 board",
            ),
            ErrorKind::RoyalPromotes { piece, target } => Text::new(
                "E0047",
                format!("the royal piece `{piece}` cannot promote to `{target}`"),
                "not a royal piece",
            )
            .help(
                "promoting to it would leave its side without a royal piece; a royal piece may \
                 promote only to another piece royal for the same sides, on the board",
            ),
            ErrorKind::NameLength { what, len: 0, .. } => {
                Text::new("E0048", format!("the {what} is empty"), "empty").help("give it a name")
            }
            ErrorKind::NameLength { what, len, max } => Text::new(
                "E0048",
                format!("the {what} is {len} bytes long; at most {max} are allowed"),
                "too long",
            )
            .help(format!(
                "names are at most {max} bytes, so that every table can hold them"
            )),

            // --- hoppers and the flying general ---
            ErrorKind::ConflictingHopModes { first } => Text::new(
                "E0135",
                "`p` and `g` in the same Betza term",
                "conflicts with the earlier hopper modifier",
            )
            .also(*first, "earlier hopper modifier")
            .help(
                "`p` lands anywhere beyond the hurdle, `g` directly behind it: choose one, \
                 or write two terms (`pR gR`)",
            ),
            ErrorKind::FacesNotRoyal { piece } => Text::new(
                "E0136",
                format!("`faces` in `{piece}`, which is not royal"),
                "not a royal piece",
            )
            .help(
                "`faces` declares lines on which two royal pieces may not stand facing each \
                 other (the flying-general rule); put it in a `royal` piece",
            ),
            ErrorKind::PointsOutOfRange => Text::new(
                "E0058",
                "too many points",
                format!(
                    "allowed: 0 to {}",
                    f64::from(fairyc_runtime::table::MAX_POINTS) / 10.0
                ),
            )
            .help("points have at most one decimal: janggi's chariot is `points Chariot 13`, Black's komi `komi black 1.5`"),
            ErrorKind::CannotHopWithoutHops { piece } => Text::new(
                "E0059",
                format!("`cannot-hop` in `{piece}`, which has no hopper move"),
                "nothing hops",
            )
            .help(
                "`cannot-hop` names pieces the piece's `p` and `g` moves may not jump over; \
                 give it a hopper move (`moves pR`) or remove the statement",
            ),
            ErrorKind::CannotCaptureRoyal { piece } => Text::new(
                "E0137",
                format!("`cannot-capture` lists `{piece}`, which is royal"),
                "a royal piece",
            )
            .help(
                "a royal piece is never captured: checks and checkmate are about attacking it; \
                 list only pieces that are not royal",
            ),
            ErrorKind::PassWithoutRoyal => Text::new(
                "E0138",
                "`pass allowed` without a royal piece for both sides",
                "a pass needs a royal piece",
            )
            .help(
                "a pass is written as the mover's royal piece's square twice (`e2e2`), and a \
                 player in check may not pass: both sides need one royal piece",
            ),
            ErrorKind::LineOffBoard { rule, length } => Text::new(
                "E0184",
                format!("no `{rule} {length}` fits on the board"),
                "never met",
            )
            .help(format!(
                "the board has no {}: the rule can never end the game; make n smaller, or \
                 the board larger",
                if *rule == "square" {
                    format!("square of {length} by {length} squares")
                } else {
                    format!("rank, file or diagonal (along the axes named) of {length} squares")
                }
            )),
            ErrorKind::FacingWithoutFaces => Text::new(
                "E0139",
                "`facing` without `faces` in a royal piece",
                "no lines to face along",
            )
            .help("declare the lines in the royal piece: `faces vR`"),
            ErrorKind::UnknownPromotionTrigger { word, suggestion } => Text::new(
                "E0054",
                format!("`{word}` is not a promotion trigger"),
                "not `start`, `end`, `pass` or `entry`",
            )
            .did_you_mean(*suggestion)
            .help(
                "`on` lists, each once, which squares of a move make the rule apply: `start` \
                 (where it starts), `end` (where it ends), `pass` (squares it passes over) and \
                 `entry` (it starts outside and ends inside)",
            ),
            ErrorKind::ExceptWithoutOptional => Text::new(
                "E0055",
                "`except` on a promotion that is not `optional`",
                "nothing to except",
            )
            .help(
                "`except <squares>` names where an optional promotion may not be declined; \
                 write `optional except …`, or remove `except`",
            ),
            ErrorKind::PerFileOutOfRange { count } => Text::new(
                "E0056",
                format!("`per-file {count}` is out of range"),
                "allowed: 1 to 64",
            )
            .help("shogi's nifu (no second pawn on a file) is `Pawn per-file 1`"),
            ErrorKind::PerColourOutOfRange { count } => Text::new(
                "E0172",
                format!("`per-colour {count}` is out of range"),
                "allowed: 1 to 64",
            )
            .help("placement's bishops on opposite colours are `Bishop per-colour 1`"),
            ErrorKind::TurnMisuse { what } => Text::new(
                "E0173",
                format!("a promotion by turning {what}"),
                "here",
            )
            .help(
                "a `turn` rule (`turn Pawn -> Met in diagonals`) changes the piece on the board: \
                 its targets are pieces, not `hand(…)`",
            ),
            ErrorKind::DeclinedNone { none } => Text::new(
                "E0194",
                "a promotion to `none` that may be declined",
                "`optional` here",
            )
            .also(*none, "no target")
            .help(
                "`none` forbids the piece to finish such a move; without that rule it may \
                 already: remove the rule, or `optional`",
            ),
            ErrorKind::FlipsOnlyWithoutFlips => Text::new(
                "E0061",
                "`flips-only-next-to-own` in a variant without `flips`",
                "nothing is ever flipped",
            )
            .help("add `flips adjacent` (or `flips enclosed`), or remove `flips-only-next-to-own`"),
            ErrorKind::LandingRegion { what } => Text::new(
                "E0062",
                format!("`to` cannot confine {what}"),
                "this term",
            )
            .help(
                "`to` keeps the landing squares of steps, leaps and slides: give this term its own \
                 `moves` statement with `within`, or without a region",
            ),
            ErrorKind::ByDropWithoutDrops { word } => Text::new(
                "E0174",
                format!("`{word}` in a variant without drops"),
                "nothing is ever dropped",
            )
            .help(format!("add a `drops` block, or remove `{word}`")),
            ErrorKind::ClockEvent { word, irreversible } => {
                if *irreversible {
                    Text::new(
                        "E0057",
                        format!("`{word} if irreversible`: only a piece's move can be irreversible"),
                        "not a piece",
                    )
                    .help(format!(
                        "write `{word}` alone, or `<Piece> if irreversible` for a piece whose moves \
                         reset the clock only when they cannot be undone"
                    ))
                } else {
                    Text::new(
                        "E0057",
                        format!("`{word}` is in `resets` twice"),
                        "already listed",
                    )
                    .help("name each of `capture`, `drop`, `promotion` and each piece once")
                }
            }
            ErrorKind::ClockInEnd { keyword, instead } => Text::new(
                "E0178",
                format!("`{keyword}` is no longer an end rule: the move clock has its own block"),
                "the old spelling",
            )
            .help(format!("write {instead} instead (a top-level item, not inside `end`)"))
            .help("docs/language.md#the-move-clock-clock says what resets the clock"),
            ErrorKind::CastlingHalfAny => Text::new(
                "E0063",
                "`any` for only one piece of a castling",
                "the other piece has a fixed square",
            )
            .help(
                "a free (Chess960) castling leaves both start squares to the position: \
                 `K: King any -> g1, Rook any -> f1`",
            ),
            ErrorKind::CastlingEndsUnknown { letter } => Text::new(
                "E0179",
                format!("`ends {letter}`: no castling rule has the letter `{letter}`"),
                "not a castling right of this block",
            )
            .help(
                "`ends` names the FEN letters of other rules of the block, whose rights a \
                 castling by this rule ends: `K: King e1 -> g1, Rook h1 -> f1 ends k`",
            ),
            ErrorKind::RepetitionPointsFor => Text::new(
                "E0049",
                "a repetition decided by `points` is for no side",
                "the material decides this repetition, whoever is to move",
            )
            .help(
                "`repetition 3 points` gives the game to the side with more points (their \
                 pieces' `points` and `komi`); write an outcome instead of `points` to give \
                 it to one side with `for`",
            ),
            ErrorKind::PromotionLimitOutOfRange { count } => Text::new(
                "E0150",
                format!("`max {count}` is out of range"),
                "allowed: 1 to 64",
            )
            .help(
                "`<Piece> max <n>` lets a piece promote to `<Piece>` only while its side has \
                 fewer than n of them on the board; to forbid it, leave it out of the targets",
            ),
            ErrorKind::PromotionLimitTwice { piece } => Text::new(
                "E0151",
                format!("two promotion limits for `{piece}`"),
                "a second limit",
            )
            .help("keep one `max` statement per piece"),

            ErrorKind::OnceNotWritable {
                piece,
                square,
                problem,
            } => Text::new(
                "E0175",
                format!("the one-time right of `{piece}` on {square} cannot be written in the FEN"),
                problem.why("another square that keeps a one-time right"),
            )
            .help(
                "a one-time move's right is kept on each square where its piece starts, and the \
                 FEN writes it as that square's file letter after the castling letters \
                 (`DEde`): the pieces with `once` moves must start on distinct files per side, \
                 whose letters are not castling letters, in a variant without free castling \
                 or gating",
            ),
            ErrorKind::SpecialHop { what } => Text::new(
                "E0176",
                format!("a hopper move cannot be `{what}`"),
                "a hopper term",
            )
            .help(
                "one-time moves and moves not made in check are steps, leaps and slides: drop \
                 `p`/`g`, or give the hopper move its own `moves` statement",
            ),
            ErrorKind::UnknownWarning { code, suggestion } => Text::new(
                "E0191",
                format!(
                    "`allow` names `{}`, which is no warning",
                    crate::suggest::elide(code)
                ),
                "not a warning's code",
            )
            .did_you_mean(*suggestion)
            .help(format!(
                "`allow` takes the codes of warnings (`W0001` …), which `fairyc explain` \
                 explains: {}; errors cannot be allowed",
                crate::warning::CODES.join(", ")
            )),
            ErrorKind::NotationAs {
                piece,
                target,
                reason,
            } => {
                let (label, why) = match reason {
                    NotationAsReason::Itself => ("the piece itself", "names the piece itself"),
                    NotationAsReason::Pawn => (
                        "written without a symbol",
                        "names a piece that SAN writes without a symbol (`notation pawn`)",
                    ),
                    NotationAsReason::Chain => (
                        "written as another piece",
                        "names a piece that SAN writes as yet another piece",
                    ),
                };
                Text::new(
                    "E0193",
                    format!("`notation as {target}` in `{piece}` {why}"),
                    label,
                )
                .help(format!(
                    "`notation as` writes `{piece}` with the symbol of a piece that SAN writes \
                     with its own symbol; name that piece, or write `notation piece`"
                ))
            }
            ErrorKind::ImmobileWithMoves { piece } => Text::new(
                "E0198",
                format!("the immobile piece `{piece}` has `moves`"),
                "immobile",
            )
            .help("an immobile piece never moves: remove its `moves`, or `immobile`"),
            ErrorKind::BlastWithoutReach => Text::new(
                "E0195",
                "a `blast` block needs a `reach`",
                "this blast reaches nowhere",
            )
            .help(
                "say which squares around the capture square the blast clears, as Betza leaps: \
                 `reach K` clears the eight squares a king's step away (or give `petrify`)",
            ),
            ErrorKind::BlastReachNotLeap => Text::new(
                "E0196",
                "a blast reaches by plain leaps only",
                "not a plain leap",
            )
            .help(
                "write atoms without modifiers or ranges (`K`, `W`, `F`, `D`, `N`, …): \
                 `reach K` is the eight neighbours, `reach KD` adds the squares two steps \
                 away orthogonally",
            ),
            ErrorKind::BlastImmuneRoyal { piece } => Text::new(
                "E0197",
                format!("the royal piece `{piece}` cannot be immune to blasts"),
                "royal and immune",
            )
            .help(
                "a royal piece next to an enemy royal piece is safe because a capture there \
                 would blast the capturer's own; an immune royal piece breaks that rule. \
                 Make the piece not royal and add `end { extinction <Piece> loss }` (atomar's \
                 kings), or leave it out of `immune`",
            ),
            ErrorKind::SeveralRoyalRules { first, second } => Text::new(
                "E0188",
                format!("`check {first}` and `check {second}` cannot both hold"),
                "the second rule for several royal pieces",
            )
            .help(
                "they answer differently when a side with several royal pieces is in check: \
                 `check all` when all are attacked, `check any` when any is, `check last` never \
                 while it has two or more; keep the one the variant plays",
            ),
            ErrorKind::LegAtom { atom } => Text::new(
                "E0180",
                format!("a multi-leg move cannot use the oblique atom `{atom}`"),
                "oblique atom",
            )
            .help(
                "the legs of a multi-leg move (`a`) go along the king's eight directions: use \
                 `W F D A H G K R B Q`, e.g. `mafsW` (one step orthogonally, then one \
                 diagonally outwards) for a lame knight",
            ),
            ErrorKind::LegModifier { modifier, why } => Text::new(
                "E0181",
                format!("`{modifier}` cannot stand on this leg of the move"),
                "not on this leg",
            )
            .help(*why),
            ErrorKind::LegAfterHop { twice } => Text::new(
                "E0182",
                if *twice {
                    "a multi-leg move may hop only once"
                } else {
                    "after a hop leg (`p`, `g`), every leg must be one step"
                },
                "this term",
            )
            .help(
                "a leg that ends on a hurdle may be followed by single steps only (`pafW`: \
                 over an adjacent piece to the square behind); a slide after the hurdle is \
                 the one-leg hopper `pR`",
            ),
            ErrorKind::GateNotWritable { square, problem } => {
                let why = match problem {
                    GateProblem::NoFile => "its name has no one-letter file".to_string(),
                    GateProblem::SharedFile(other) => {
                        format!("the gate square {other} is on the same file")
                    }
                    GateProblem::CastlingLetter(c) => {
                        format!("its file letter is the castling letter `{c}`")
                    }
                    GateProblem::FreeCastling | GateProblem::Gating => problem.why(""),
                };
                Text::new(
                    "E0064",
                    format!("the gate right of {square} cannot be written in the FEN"),
                    why,
                )
                .help(
                    "the FEN writes a gate right as its square's file letter after the side's \
                     castling letters (`KQABCDEFGHkqabcdefgh`): give each side gate squares on \
                     distinct files whose letters are not castling letters",
                )
            }

            // --- lowering errors: E0100 …, kept in `LowerError` ---
            ErrorKind::CountingLimitOutOfRange { moves } => {
                let max = fairyc_runtime::table::MAX_COUNTING_LIMIT;
                Text::new(
                    "E0170",
                    format!("counting limit {moves} is out of range: it must be from 1 to {max} moves"),
                    format!("expected 1 to {max}"),
                )
                .help("makruk's pieces' honour with two rooks is `2 Rook -> 8`")
            }
            ErrorKind::CountingLimitUnreachable { always } => Text::new(
                "E0171",
                "this counting limit is never used".to_string(),
                "never used".to_string(),
            )
            .also(*always, "this limit always applies, so the ones after it never do")
            .help("put the limit without pieces last, or remove the limits after it"),
            ErrorKind::CheckCountOutOfRange { count } => {
                let max = fairyc_runtime::table::MAX_CHECK_COUNT;
                Text::new(
                    "E0145",
                    format!("check count {count} is out of range: it must be from 1 to {max}"),
                    format!("expected 1 to {max}"),
                )
                .help("three-check is `checks 3 win`")
            }
            ErrorKind::Export(e, t) => {
                Text::new(e.code(), e.message(*t), e.label(*t)).help(e.help(*t))
            }
            ErrorKind::UnknownSetupSymbol {
                letter,
                row,
                column,
                known,
            } => {
                let known: Vec<String> = known
                    .iter()
                    .map(|(symbol, name)| format!("`{symbol}` ({name})"))
                    .collect();
                Text::new(
                    "E0118",
                    format!("invalid FEN: unknown piece `{letter}` in row {row} column {column}"),
                    "no piece has this symbol",
                )
                .help(format!(
                    "the pieces' symbols are {}: white's in upper case, black's in lower case",
                    known.join(", ")
                ))
            }
            ErrorKind::BetzaSyntax {
                term,
                character,
                suggestion,
            } => {
                let text = match character {
                    Some(c) if c.is_ascii_lowercase() => Text::new(
                        "E0189",
                        format!("no atom follows the modifiers in the Betza move `{term}`"),
                        "modifiers without an atom",
                    ),
                    Some(c) => Text::new(
                        "E0189",
                        format!("`{c}` cannot stand here in the Betza move `{term}`"),
                        "not Betza",
                    ),
                    None => Text::new(
                        "E0189",
                        format!("`{term}` is a name, not a Betza move"),
                        "a name",
                    ),
                };
                // The label is on the bad character when there is one: the
                // suggestion replaces the whole term, so it is no fix then.
                let text = match (character, suggestion) {
                    (None, _) => text.did_you_mean(suggestion.as_deref()),
                    (Some(_), Some(s)) => text.help(format!("did you mean `{s}`?")),
                    (Some(_), None) => text,
                };
                text.help(
                    "a Betza term is lower-case modifiers, one upper-case atom (`W`, `F`, `D`, \
                     `N`, `A`, `K`, `R`, `B`, `Q`, …), then the atom again for a rider (`NN`) or a \
                     number for a range (`R4`): `mfW`, `cfF`, `NN`; see \
                     docs/language.md#pieces-and-moves",
                )
            }
            ErrorKind::Retired { old, new } => Text::new(
                "E0177",
                format!("{old}: a spelling the language no longer has"),
                "the old spelling",
            )
            .help(format!("write {new} instead"))
            .help("docs/language.md#changes lists what changed"),
            ErrorKind::Lower(e) => {
                let text = Text::new(e.code(), e.to_string(), e.label());
                let text = match e.help() {
                    Some(help) => text.help(help),
                    None => text,
                };
                match e.suggestion() {
                    Some(s) => text.suggest(s),
                    None => text,
                }
            }
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text().message)
    }
}

/// Why a `notation as` cannot be written so (`E0193`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationAsReason {
    /// It names the piece itself.
    Itself,
    /// The piece it names is written without a symbol (`notation pawn`).
    Pawn,
    /// The piece it names is written as yet another piece.
    Chain,
}
