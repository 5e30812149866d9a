//! The compiler's one error type: [`CompileError`] = an [`ErrorKind`] + a [`Span`].
//!
//! Errors are data. Each variant carries the names and earlier spans it needs;
//! [`Display`](fmt::Display) gives the one-line message and
//! [`CompileError::to_diagnostic`] (in [`crate::diagnostic`]) adds labels,
//! notes and suggestions. Every kind has a stable code ([`CompileError::code`]).

use std::fmt;

use crate::ast::Side;
use crate::span::Span;

/// A mistake in a `.variant` file, at a place in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompileError {
    /// What is wrong.
    pub kind: ErrorKind,
    /// Where: the primary label of the diagnostic.
    pub span: Span,
}

impl CompileError {
    /// An error of this kind at this span.
    pub fn new(kind: ErrorKind, span: Span) -> CompileError {
        CompileError { kind, span }
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
    /// `end { … }`
    End,
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
            Block::End => "end",
        }
    }

    /// The statement keywords the block knows, for suggestions.
    pub fn keywords(self) -> &'static [&'static str] {
        match self {
            Block::TopLevel => &[
                "variant",
                "board",
                "piece",
                "setup",
                "castling",
                "zone",
                "promotion",
                "drops",
                "end",
            ],
            Block::Variant => &["alias", "description", "source"],
            Block::Board => &["files", "ranks", "cells", "forward", "fen"],
            Block::Piece => &["letter", "moves", "royal", "captured-as"],
            Block::Castling => &[],
            Block::Zone => &["white", "black"],
            Block::Promotion => &[],
            Block::Drops => &[],
            Block::End => &[
                "checkmate",
                "stalemate",
                "repetition",
                "move-limit",
                "bare-king",
            ],
        }
    }

    /// What a statement of the block looks like, for `help:` notes.
    pub fn forms(self) -> &'static str {
        match self {
            Block::TopLevel => {
                "`variant`, `board`, `piece`, `setup`, `castling`, `zone`, `promotion`, `drops` \
                 or `end`"
            }
            Block::Variant => "`alias \"…\"`, `description \"…\"` or `source \"…\"`",
            Block::Board => {
                "`files a..h`, `ranks 1..8`, `cells { … }`, `forward <side> <dx> <dy>` or `fen \
                 by-rank`"
            }
            Block::Piece => "`letter <A-Z>`, `moves <Betza>`, `royal` or `captured-as <Piece>`",
            Block::Castling => "`<letter>: <King> <from> -> <to>, <Rook> <from> -> <to>`",
            Block::Zone => "`white: <squares>` and `black: <squares>`",
            Block::Promotion => "`<Piece> -> <Piece> | … in <squares> [optional]`",
            Block::Drops => "`<Piece> not-on <squares>` or `<Piece> no-drop-mate`",
            Block::End => {
                "`checkmate <outcome>`, `stalemate <outcome>`, `repetition <n> <outcome> [claim \
                 <n>]`, `move-limit <n|off>`, `bare-king <outcome>` or `<Piece> reaches \
                 <squares> <outcome>`"
            }
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
    /// `E0008` `letter` with nothing after it, `royal yes` — a known keyword
    /// whose statement does not parse.
    MalformedStatement {
        /// The keyword.
        keyword: &'static str,
        /// What the statement should look like.
        syntax: &'static str,
    },
    /// `E0009` `Pawn => Queen` in `promotion` — a rule of a keyword-less block
    /// that does not parse.
    MalformedRule {
        /// The block (`promotion`, `drops`, `castling`, `end`).
        block: Block,
        /// What a rule should look like.
        syntax: &'static str,
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
    /// `E0014` `letter KK`, `letter 1`.
    InvalidLetter {
        /// The value given.
        letter: String,
    },
    /// `E0015` `letter K` in two pieces (also `K` and `k`).
    DuplicateLetter {
        /// The letter.
        letter: char,
        /// The piece that has it first.
        other: String,
        /// That piece's `letter` value.
        first: Span,
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
    /// `E0022` `moves pR` — a modifier letter that is not supported.
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
    /// `E0044` `move-limit 0`, `move-limit 2147483648`.
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
    /// `E0047` `King -> Queen in …` where `King` is royal.
    RoyalPromotes {
        /// The royal piece.
        piece: String,
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

    // --- lowering errors (added by the lowering) ---
    /// `E0101`… A mistake found while lowering: it needs the board's geometry
    /// or the start position (an unknown square, an empty zone, a direction
    /// that selects no move, an illegal setup, …). See [`crate::lower::LowerError`].
    Lower(crate::lower::LowerError),
}

impl ErrorKind {
    /// The stable code: `E0001` …
    pub fn code(&self) -> &'static str {
        match self {
            ErrorKind::Syntax { .. } => "E0001",
            ErrorKind::UnterminatedString => "E0002",
            ErrorKind::UnclosedBrace => "E0003",
            ErrorKind::UnexpectedCloseBrace => "E0004",
            ErrorKind::InvalidEscape { .. } => "E0005",
            ErrorKind::NumberTooLarge => "E0006",
            ErrorKind::MissingSeparator { .. } => "E0051",
            ErrorKind::NonAscii { .. } => "E0052",
            ErrorKind::NumberOutOfRange { .. } => "E0053",
            ErrorKind::UnknownStatement { .. } => "E0007",
            ErrorKind::MalformedStatement { .. } => "E0008",
            ErrorKind::MalformedRule { .. } => "E0009",
            ErrorKind::MissingItem { .. } => "E0010",
            ErrorKind::DuplicateItem { .. } => "E0011",
            ErrorKind::DuplicateStatement { .. } => "E0012",
            ErrorKind::DuplicatePiece { .. } => "E0013",
            ErrorKind::InvalidLetter { .. } => "E0014",
            ErrorKind::DuplicateLetter { .. } => "E0015",
            ErrorKind::MissingLetter { .. } => "E0016",
            ErrorKind::MissingMoves { .. } => "E0017",
            ErrorKind::EmptyMoves => "E0018",
            ErrorKind::NoRoyalPiece => "E0019",
            ErrorKind::UnknownPiece { .. } => "E0020",
            ErrorKind::UnknownBetzaAtom { .. } => "E0021",
            ErrorKind::UnknownBetzaModifier { .. } => "E0022",
            ErrorKind::UnsupportedBetzaModifier { .. } => "E0023",
            ErrorKind::ConflictingBetzaModes { .. } => "E0024",
            ErrorKind::UnknownGuard { .. } => "E0025",
            ErrorKind::DuplicateZone { .. } => "E0026",
            ErrorKind::MissingZoneSide { .. } => "E0027",
            ErrorKind::UnknownZone { .. } => "E0028",
            ErrorKind::NotASquare { .. } => "E0029",
            ErrorKind::PromotesToItself { .. } => "E0030",
            ErrorKind::UnknownOutcome { .. } => "E0031",
            ErrorKind::RepetitionTooSmall { .. } => "E0032",
            ErrorKind::InvalidClaim { .. } => "E0033",
            ErrorKind::UnknownFenOrder { .. } => "E0034",
            ErrorKind::InvalidCastlingLetter { .. } => "E0035",
            ErrorKind::DuplicateCastlingLetter { .. } => "E0036",
            ErrorKind::MisplacedBetzaModifier { .. } => "E0037",
            ErrorKind::LowerCaseBetzaAtom { .. } => "E0038",
            ErrorKind::ConflictingPromotion { .. } => "E0039",
            ErrorKind::TooManyRoyals { .. } => "E0040",
            ErrorKind::PromotesToRoyal { .. } => "E0041",
            ErrorKind::RoyalToHand { .. } => "E0042",
            ErrorKind::RoyalCapturedAs { .. } => "E0043",
            ErrorKind::MoveLimitOutOfRange { .. } => "E0044",
            ErrorKind::DuplicatePromotionChoice { .. } => "E0045",
            ErrorKind::HandPromotionWithoutDrops => "E0046",
            ErrorKind::RoyalPromotes { .. } => "E0047",
            ErrorKind::NameLength { .. } => "E0048",
            // --- lowering errors: E0100 … ---
            ErrorKind::Lower(e) => e.code(),
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

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Lower(e) => fmt::Display::fmt(e, f),
            ErrorKind::Syntax { expected } => match expected.as_slice() {
                [] => write!(f, "syntax error"),
                [one] => write!(f, "expected {one}"),
                [init @ .., last] => write!(f, "expected {}, or {last}", init.join(", ")),
            },
            ErrorKind::UnterminatedString => write!(f, "unterminated string"),
            ErrorKind::UnclosedBrace => write!(f, "this `{{` is never closed"),
            ErrorKind::UnexpectedCloseBrace => write!(f, "unexpected `}}`"),
            ErrorKind::InvalidEscape { escape } => {
                write!(f, "unknown escape `\\{}` in string", escape.escape_debug())
            }
            ErrorKind::NumberTooLarge => write!(f, "number too large"),
            ErrorKind::MissingSeparator { next } => {
                write!(f, "expected `;` or a newline before `{next}`")
            }
            ErrorKind::NonAscii { character, word } => {
                let code = u32::from(*character);
                let shown = if character.is_whitespace() || character.is_control() {
                    format!("U+{code:04X}")
                } else {
                    format!("`{character}` (U+{code:04X})")
                };
                if word.chars().count() > 1 {
                    write!(
                        f,
                        "non-ASCII character {shown} in `{word}`: names are ASCII"
                    )
                } else {
                    write!(
                        f,
                        "non-ASCII character {shown} outside a string or comment: \
                         names are ASCII"
                    )
                }
            }
            ErrorKind::NumberOutOfRange {
                number,
                place,
                min,
                max,
            } => write!(
                f,
                "`{number}` is out of range: {place} is from {min} to {max}"
            ),
            ErrorKind::UnknownStatement { block, keyword, .. } => match block {
                Block::TopLevel => write!(f, "unknown item `{keyword}`"),
                Block::End => write!(f, "unknown end rule `{keyword}`"),
                _ => write!(f, "unknown statement `{keyword}` in `{block}` block"),
            },
            ErrorKind::MalformedStatement { keyword, .. } => {
                write!(f, "malformed `{keyword}` statement")
            }
            ErrorKind::MalformedRule { block, .. } => write!(f, "malformed {block} rule"),
            ErrorKind::MissingItem { keyword } => write!(f, "missing `{keyword}`"),
            ErrorKind::DuplicateItem { keyword, .. } => {
                write!(f, "`{keyword}` is defined more than once")
            }
            ErrorKind::DuplicateStatement { keyword, .. } => {
                write!(f, "`{keyword}` is given more than once")
            }
            ErrorKind::DuplicatePiece { name, .. } => {
                write!(f, "piece `{name}` is defined more than once")
            }
            ErrorKind::InvalidLetter { letter } => {
                write!(f, "`{letter}` is not a single ASCII letter")
            }
            ErrorKind::DuplicateLetter { letter, other, .. } => {
                write!(f, "letter `{letter}` is already used by `{other}`")
            }
            ErrorKind::MissingLetter { piece } => write!(f, "piece `{piece}` has no `letter`"),
            ErrorKind::MissingMoves { piece } => write!(f, "piece `{piece}` has no `moves`"),
            ErrorKind::EmptyMoves => write!(f, "`moves` needs at least one Betza term"),
            ErrorKind::NoRoyalPiece => write!(f, "no piece is `royal`"),
            ErrorKind::UnknownPiece { name, .. } => write!(f, "unknown piece `{name}`"),
            ErrorKind::UnknownBetzaAtom { atom } => write!(f, "unknown Betza atom `{atom}`"),
            ErrorKind::UnknownBetzaModifier { modifier } => {
                write!(f, "unknown Betza modifier `{modifier}`")
            }
            ErrorKind::UnsupportedBetzaModifier { modifier } => {
                write!(f, "Betza modifier `{modifier}` is not supported")
            }
            ErrorKind::ConflictingBetzaModes { .. } => {
                write!(f, "`m` and `c` in the same Betza term")
            }
            ErrorKind::UnknownGuard { guard, .. } => write!(f, "unknown guard `{guard}`"),
            ErrorKind::DuplicateZone { name, .. } => {
                write!(f, "zone `{name}` is defined more than once")
            }
            ErrorKind::MissingZoneSide { zone, side } => {
                write!(f, "zone `{zone}` has no `{}:` squares", side_name(*side))
            }
            ErrorKind::UnknownZone { name, .. } => {
                write!(f, "`{name}` is neither a zone nor a square")
            }
            ErrorKind::NotASquare { name, .. } => write!(f, "`{name}` is not a square"),
            ErrorKind::PromotesToItself { piece } => {
                write!(f, "`{piece}` promotes to itself")
            }
            ErrorKind::UnknownOutcome { word, .. } => write!(f, "unknown outcome `{word}`"),
            ErrorKind::RepetitionTooSmall { count } => {
                write!(f, "repetition count {count} is less than 2")
            }
            ErrorKind::InvalidClaim { claim, count } => {
                write!(
                    f,
                    "claim {claim} must be at least 2 and less than the count {count}"
                )
            }
            ErrorKind::UnknownFenOrder { value, .. } => {
                write!(f, "unknown FEN order `{value}`")
            }
            ErrorKind::InvalidCastlingLetter { letter } => {
                write!(f, "castling letter `{letter}` is not a single ASCII letter")
            }
            ErrorKind::DuplicateCastlingLetter { letter, .. } => {
                write!(f, "castling letter `{letter}` is used more than once")
            }
            ErrorKind::MisplacedBetzaModifier { term, .. } => {
                write!(f, "Betza modifiers after the atom in `{term}`")
            }
            ErrorKind::LowerCaseBetzaAtom { term, .. } => {
                write!(f, "the Betza term `{term}` has no upper-case atom")
            }
            ErrorKind::ConflictingPromotion { piece, square, .. } => write!(
                f,
                "two promotion rules for `{piece}` both apply on `{square}`"
            ),
            ErrorKind::TooManyRoyals { side, count } => write!(
                f,
                "{} has {count} royal pieces in the setup; a side needs exactly one",
                side_name(*side)
            ),
            ErrorKind::PromotesToRoyal { piece } => {
                write!(f, "promotion to the royal piece `{piece}`")
            }
            ErrorKind::RoyalToHand { piece } => {
                write!(f, "the royal piece `{piece}` would go to a hand")
            }
            ErrorKind::RoyalCapturedAs { piece, .. } => {
                write!(f, "`captured-as` on the royal piece `{piece}`")
            }
            ErrorKind::MoveLimitOutOfRange { moves } => write!(
                f,
                "move limit {moves} is out of range: it must be from 1 to {}",
                crate::check::MAX_MOVE_LIMIT
            ),
            ErrorKind::DuplicatePromotionChoice { choice, .. } => {
                write!(f, "`{choice}` is offered twice in this promotion")
            }
            ErrorKind::HandPromotionWithoutDrops => {
                write!(f, "promotion to a hand in a variant without `drops`")
            }
            ErrorKind::RoyalPromotes { piece } => {
                write!(f, "the royal piece `{piece}` cannot promote")
            }
            ErrorKind::NameLength { what, len: 0, .. } => write!(f, "the {what} is empty"),
            ErrorKind::NameLength { what, len, max } => {
                write!(
                    f,
                    "the {what} is {len} bytes long; at most {max} are allowed"
                )
            }
        }
    }
}
