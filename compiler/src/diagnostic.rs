//! Errors → codespan-reporting diagnostics.
//!
//! [`CompileError::to_diagnostic`] builds plain data (labels, notes,
//! suggestions); only the CLI and the tests print it. [`render_plain`] is the
//! tests' printer: no colour, stable output for snapshots.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

use crate::check::{BETZA_ATOMS, BETZA_MODIFIERS};
use crate::error::{side_name, Block, CompileError, ErrorKind};
use crate::warning::Warning;

impl CompileError {
    /// This error as a diagnostic for the file `file`: a primary label at
    /// [`CompileError::span`], secondary labels at related places, and
    /// `help:` notes.
    pub fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        let severity = Severity::Error;
        let primary =
            |message: String| Label::primary(file, self.span.range()).with_message(message);
        let secondary = |span: crate::span::Span, message: &str| {
            Label::secondary(file, span.range()).with_message(message.to_owned())
        };
        let did_you_mean = |suggestion: &Option<String>| -> Vec<String> {
            suggestion
                .iter()
                .map(|s| format!("help: did you mean `{s}`?"))
                .collect()
        };
        let did_you_mean_static = |suggestion: &Option<&'static str>| -> Vec<String> {
            suggestion
                .iter()
                .map(|s| format!("help: did you mean `{s}`?"))
                .collect()
        };

        let (labels, notes): (Vec<Label<FileId>>, Vec<String>) = match &self.kind {
            ErrorKind::Lower(e) => (
                vec![primary(e.label().into())],
                e.help().map(|h| format!("help: {h}")).into_iter().collect(),
            ),
            ErrorKind::Syntax { .. } => (vec![primary("unexpected here".into())], vec![]),
            ErrorKind::UnterminatedString => (
                vec![primary("this string has no closing `\"`".into())],
                vec![
                    "help: strings end on the line they start; write `\\\"` for a quote inside"
                        .into(),
                ],
            ),
            ErrorKind::UnclosedBrace => (
                vec![primary("opened here".into())],
                vec!["help: add the matching `}`".into()],
            ),
            ErrorKind::UnexpectedCloseBrace => (
                vec![primary("no `{` to close".into())],
                vec!["help: remove it, or add the missing `{`".into()],
            ),
            ErrorKind::InvalidEscape { .. } => (
                vec![primary("unknown escape".into())],
                vec!["help: the escapes are `\\\"` and `\\\\`".into()],
            ),
            ErrorKind::NumberTooLarge => (vec![primary("does not fit in 32 bits".into())], vec![]),
            ErrorKind::MissingSeparator { .. } => (
                vec![primary("expected `;` or a newline here".into())],
                vec![
                    "help: each statement ends at the end of its line or at `;`; \
                     put the next one on its own line"
                        .into(),
                ],
            ),
            ErrorKind::NonAscii { .. } => (
                vec![primary("not ASCII".into())],
                vec![
                    "help: names, keywords, squares and Betza moves are written with ASCII \
                     letters, digits, `_`, `'` and `-`; other text belongs in a string or a \
                     comment"
                        .into(),
                ],
            ),
            ErrorKind::NumberOutOfRange { min, max, .. } => {
                (vec![primary(format!("allowed: {min} to {max}"))], vec![])
            }
            ErrorKind::UnknownStatement {
                block, suggestion, ..
            } => {
                let mut notes = did_you_mean_static(suggestion);
                let forms = match block {
                    Block::TopLevel => format!("help: the top-level items are {}", block.forms()),
                    _ => format!("help: the `{block}` block holds {}", block.forms()),
                };
                notes.push(forms);
                (vec![primary("not understood".into())], notes)
            }
            ErrorKind::MalformedStatement { syntax, .. } => {
                (vec![primary(format!("expected {syntax}"))], vec![])
            }
            ErrorKind::MalformedRule { syntax, .. } => {
                (vec![primary(format!("expected {syntax}"))], vec![])
            }
            ErrorKind::MissingItem { keyword } => {
                let example = match *keyword {
                    "variant" => "variant \"My Chess\" { … }",
                    "board" => "board { files a..h; ranks 1..8 }",
                    _ => "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
                };
                (
                    vec![primary(format!("no `{keyword}` in this file"))],
                    vec![format!(
                        "help: every variant needs one `{keyword}`: `{example}`"
                    )],
                )
            }
            ErrorKind::DuplicateItem { keyword, first } => (
                vec![
                    primary(format!("`{keyword}` defined again here")),
                    secondary(*first, "first defined here"),
                ],
                vec![format!(
                    "help: a variant has at most one `{keyword}`; merge the two"
                )],
            ),
            ErrorKind::DuplicateStatement { keyword, first } => (
                vec![
                    primary(format!("`{keyword}` given again here")),
                    secondary(*first, "first given here"),
                ],
                vec!["help: remove one of them".into()],
            ),
            ErrorKind::DuplicatePiece { first, .. } => (
                vec![
                    primary("defined again here".into()),
                    secondary(*first, "first defined here"),
                ],
                vec!["help: rename one of the pieces".into()],
            ),
            ErrorKind::InvalidLetter { .. } => (
                vec![primary("expected one letter `A`-`Z`".into())],
                vec![
                    "help: the letter is used in FEN: upper case for White, lower case for Black"
                        .into(),
                ],
            ),
            ErrorKind::DuplicateLetter { other, first, .. } => (
                vec![
                    primary("used again here".into()),
                    secondary(*first, &format!("`{other}` has it")),
                ],
                vec![
                    "help: letters must differ, ignoring case, so that FEN can tell pieces apart"
                        .into(),
                ],
            ),
            ErrorKind::MissingLetter { .. } => (
                vec![primary("this piece has no letter".into())],
                vec!["help: add `letter <A-Z>` to the block".into()],
            ),
            ErrorKind::MissingMoves { .. } => (
                vec![primary("this piece cannot move".into())],
                vec!["help: add `moves <Betza>` to the block, e.g. `moves K`".into()],
            ),
            ErrorKind::EmptyMoves => (
                vec![primary("no moves given".into())],
                vec!["help: write the moves in Betza notation, e.g. `moves mfW cfF`".into()],
            ),
            ErrorKind::NoRoyalPiece => (
                vec![primary("no royal piece in this file".into())],
                vec!["help: mark the king-like piece with `royal` in its `piece` block".into()],
            ),
            ErrorKind::UnknownPiece { suggestion, .. } => {
                let mut notes = did_you_mean(suggestion);
                if notes.is_empty() {
                    notes.push("help: declare it with `piece <Name> { … }`".into());
                }
                (vec![primary("no piece has this name".into())], notes)
            }
            ErrorKind::UnknownBetzaAtom { atom } => {
                let mut notes = vec![format!(
                    "help: the supported atoms are {}",
                    letters(BETZA_ATOMS)
                )];
                if *atom == 'O' {
                    notes.push("help: castling is declared in a `castling { … }` block".into());
                }
                (vec![primary("unknown atom".into())], notes)
            }
            ErrorKind::UnknownBetzaModifier { .. } => (
                vec![primary("unknown modifier".into())],
                vec![format!(
                    "help: the supported modifiers are {}",
                    letters(BETZA_MODIFIERS)
                )],
            ),
            ErrorKind::UnsupportedBetzaModifier { .. } => (
                vec![primary("not supported".into())],
                vec![format!(
                    "help: the supported modifiers are {}",
                    letters(BETZA_MODIFIERS)
                )],
            ),
            ErrorKind::ConflictingBetzaModes { first } => (
                vec![
                    primary("conflicts with the earlier mode".into()),
                    secondary(*first, "earlier mode"),
                ],
                vec![
                    "help: a move that may both move and capture needs neither `m` nor `c`".into(),
                ],
            ),
            ErrorKind::UnknownGuard { suggestion, .. } => {
                let mut notes = did_you_mean_static(suggestion);
                notes.push("help: the only guard is `friend-adjacent`".into());
                (vec![primary("unknown guard".into())], notes)
            }
            ErrorKind::DuplicateZone { first, .. } => (
                vec![
                    primary("defined again here".into()),
                    secondary(*first, "first defined here"),
                ],
                vec!["help: rename one of the zones".into()],
            ),
            ErrorKind::MissingZoneSide { side, .. } => (
                vec![primary(format!("no `{}:` line", side_name(*side)))],
                vec![format!(
                    "help: a zone gives squares for both sides: add `{}: <squares>`",
                    side_name(*side)
                )],
            ),
            ErrorKind::UnknownZone { suggestion, .. } => {
                let mut notes = did_you_mean(suggestion);
                notes.push("help: a name alone is a zone declared with `zone <name> { … }` or a square like `e4`".into());
                (vec![primary("not a zone or a square".into())], notes)
            }
            ErrorKind::NotASquare { is_zone, .. } => {
                let note = if *is_zone {
                    "help: a zone must stand alone; list its squares instead"
                } else {
                    "help: squares are named file then rank, like `e4`"
                };
                (vec![primary("expected a square".into())], vec![note.into()])
            }
            ErrorKind::PromotesToItself { .. } => (
                vec![primary("the promoting piece itself".into())],
                vec!["help: to let promotion be declined, add `optional` after the zone".into()],
            ),
            ErrorKind::UnknownOutcome { suggestion, .. } => {
                let mut notes = did_you_mean_static(suggestion);
                notes.push("help: the outcomes are `win`, `draw` and `loss`".into());
                (vec![primary("unknown outcome".into())], notes)
            }
            ErrorKind::RepetitionTooSmall { .. } => (
                vec![primary("must be at least 2".into())],
                vec!["help: threefold repetition is `repetition 3 draw`".into()],
            ),
            ErrorKind::InvalidClaim { .. } => (
                vec![primary("invalid claim count".into())],
                vec![
                    "help: e.g. `repetition 5 draw claim 3`: claimable at 3, automatic at 5".into(),
                ],
            ),
            ErrorKind::UnknownFenOrder { suggestion, .. } => {
                let mut notes = did_you_mean_static(suggestion);
                notes.push("help: the orders are `by-rank` and `by-file`".into());
                (vec![primary("unknown order".into())], notes)
            }
            ErrorKind::InvalidCastlingLetter { .. } => (
                vec![primary("expected one letter".into())],
                vec![
                    "help: the FEN castling letter: upper case for White, lower case for Black"
                        .into(),
                ],
            ),
            ErrorKind::DuplicateCastlingLetter { first, .. } => (
                vec![
                    primary("used again here".into()),
                    secondary(*first, "first used here"),
                ],
                vec![],
            ),
            ErrorKind::MisplacedBetzaModifier { suggestion, .. } => (
                vec![primary("modifiers must come before the atom".into())],
                vec![format!("help: did you mean `{suggestion}`?")],
            ),
            ErrorKind::LowerCaseBetzaAtom { suggestion, .. } => (
                vec![primary("atoms are upper case".into())],
                vec![format!("help: did you mean `{suggestion}`?")],
            ),
            ErrorKind::ConflictingPromotion { square, first, .. } => (
                vec![
                    primary(format!("this rule also applies on `{square}`")),
                    secondary(*first, "the earlier rule"),
                ],
                vec![
                    "help: list every choice in one rule (`Pawn -> Queen | Knight in …`), or \
                     make the zones disjoint"
                        .into(),
                ],
            ),
            ErrorKind::TooManyRoyals { side, .. } => (
                vec![primary(format!(
                    "more than one royal {} piece here",
                    side_name(*side)
                ))],
                vec![
                    "help: checkmate needs exactly one royal piece per side; remove the extra \
                     ones or drop `royal` from the piece"
                        .into(),
                ],
            ),
            ErrorKind::PromotesToRoyal { .. } => (
                vec![primary("a royal piece".into())],
                vec![
                    "help: a side has exactly one royal piece; promote to a non-royal piece".into(),
                ],
            ),
            ErrorKind::RoyalToHand { .. } => (
                vec![primary("a royal piece".into())],
                vec![
                    "help: a royal piece can never be in a hand; name a non-royal piece here"
                        .into(),
                ],
            ),
            ErrorKind::RoyalCapturedAs { royal, .. } => (
                vec![
                    primary("a royal piece is never captured".into()),
                    secondary(*royal, "royal here"),
                ],
                vec!["help: remove `captured-as`".into()],
            ),
            ErrorKind::MoveLimitOutOfRange { .. } => (
                vec![primary(format!(
                    "expected 1 to {}",
                    crate::check::MAX_MOVE_LIMIT
                ))],
                vec![
                    "help: the fifty-move rule is `move-limit 50`; write `move-limit off` for none"
                        .into(),
                ],
            ),
            ErrorKind::DuplicatePromotionChoice { first, .. } => (
                vec![
                    primary("offered again here".into()),
                    secondary(*first, "first offered here"),
                ],
                vec!["help: remove the repeated choice".into()],
            ),
            ErrorKind::HandPromotionWithoutDrops => (
                vec![primary("goes to a hand".into())],
                vec![
                    "help: add a `drops { }` block so pieces in hand can be dropped, or promote \
                     on the board"
                        .into(),
                ],
            ),
            ErrorKind::RoyalPromotes { .. } => (
                vec![primary("a royal piece".into())],
                vec![
                    "help: promoting would leave its side without a royal piece; remove the rule"
                        .into(),
                ],
            ),
            ErrorKind::NameLength { len: 0, .. } => (
                vec![primary("empty".into())],
                vec!["help: give it a name".into()],
            ),
            ErrorKind::NameLength { max, .. } => (
                vec![primary("too long".into())],
                vec![format!(
                    "help: names are at most {max} bytes, so that every table can hold them"
                )],
            ),
        };
        Diagnostic::new(severity)
            .with_code(self.code())
            .with_message(self.to_string())
            .with_labels(labels)
            .with_notes(notes)
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

/// Anything that prints as a diagnostic: a [`CompileError`], a [`Warning`]
/// or a [`Finding`] (either).
pub trait Report {
    /// The stable code (`E0001`, `W0001`, …).
    fn code(&self) -> &'static str;
    /// Whether it is a warning (it does not stop compilation).
    fn is_warning(&self) -> bool;
    /// Where it points.
    fn span(&self) -> crate::span::Span;
    /// As a codespan-reporting diagnostic for the file `file`.
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId>;
}

impl Report for CompileError {
    fn code(&self) -> &'static str {
        CompileError::code(self)
    }
    fn is_warning(&self) -> bool {
        false
    }
    fn span(&self) -> crate::span::Span {
        self.span
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        CompileError::to_diagnostic(self, file)
    }
}

impl Report for Warning {
    fn code(&self) -> &'static str {
        Warning::code(self)
    }
    fn is_warning(&self) -> bool {
        true
    }
    fn span(&self) -> crate::span::Span {
        self.span
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        Warning::to_diagnostic(self, file)
    }
}

/// An error or a warning, for printers that show both in one list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// An error.
    Error(CompileError),
    /// A warning.
    Warning(Warning),
}

impl Finding {
    /// What compiling `source` reports: its errors, or else its warnings.
    pub fn of(source: &str) -> Vec<Finding> {
        match crate::compile_with_warnings(source) {
            Ok(compiled) => compiled
                .warnings
                .into_iter()
                .map(Finding::Warning)
                .collect(),
            Err(errors) => errors.into_iter().map(Finding::Error).collect(),
        }
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::Error(e) => e.fmt(f),
            Finding::Warning(w) => w.fmt(f),
        }
    }
}

impl Report for Finding {
    fn code(&self) -> &'static str {
        match self {
            Finding::Error(e) => e.code(),
            Finding::Warning(w) => w.code(),
        }
    }
    fn is_warning(&self) -> bool {
        matches!(self, Finding::Warning(_))
    }
    fn span(&self) -> crate::span::Span {
        match self {
            Finding::Error(e) => e.span,
            Finding::Warning(w) => w.span,
        }
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        match self {
            Finding::Error(e) => e.to_diagnostic(file),
            Finding::Warning(w) => w.to_diagnostic(file),
        }
    }
}

/// Renders errors or warnings as plain text (no colour), one diagnostic
/// after another, as the tests snapshot them.
///
/// ```
/// use fairyc_compiler::{diagnostic::render_plain, parse::parse};
///
/// let source = "piece King {\n";
/// let errors = parse(source).err().unwrap_or_default();
/// let text = render_plain("king.variant", source, &errors);
/// assert!(text.contains("error[E0003]"));
/// ```
pub fn render_plain<R: Report>(name: &str, source: &str, reports: &[R]) -> String {
    let file = SimpleFile::new(name, source);
    let config = Config::default();
    let mut out = String::new();
    for report in reports {
        match term::emit_into_string(&config, &file, &report.to_diagnostic(())) {
            Ok(text) => out.push_str(&text),
            Err(err) => out.push_str(&format!("{} (cannot render: {err})\n", report.code())),
        }
    }
    out
}
