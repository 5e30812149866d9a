//! The checker: a parsed file becomes a [`Checked`] file, or every error.
//!
//! [`check`] runs in two passes over the tree. The first checks names
//! (statements, pieces, zones, Betza letters, outcomes, …) and needs no
//! board. The second builds the board's
//! [`Geometry`](crate::geometry::Geometry) and resolves everything to
//! indices: pieces, squares, zones per side, moves, castling, promotions,
//! drops, end rules and the start position. Each problem is reported once,
//! where it is: a part that refers to something already found wrong is
//! skipped, not reported again. The result is what [`crate::lower`] needs,
//! and nothing else.
//!
//! One module a pass, and in the second one a module a part:
//!
//! - `names`: the first pass (declarations, each item's own checks; the
//!   `piece` and `end` blocks, Betza terms and unknown or malformed
//!   statements in modules of their own); what it learns that the second
//!   pass needs is a `Names`.
//! - `resolve`: the second pass, its `Resolver` and the pieces; it calls
//!   `zones` (square sets), `setup` (the start position), `moves`,
//!   `castling` (and the rights the FEN writes as file letters), `gating`,
//!   `drops` (with `flips` and `walls`), `promotions`, `blast` and `end`.
//!   `blast` holds both passes of its block.
//! - `types`: the checked file, [`Checked`] and its parts.
//!
//! This module holds the entry points and the words both passes know.

use fairyc_runtime::table::{Outcome, Verdict};

use crate::ast::{self, Side};
use crate::betza;
use crate::error::{CompileError, ErrorKind};
use crate::lower::LowerError;
use crate::span::Span;

mod blast;
mod castling;
mod drops;
mod end;
mod gating;
mod moves;
mod names;
mod promotions;
mod resolve;
mod setup;
mod types;
mod zones;

use names::Checker;
use resolve::resolve;
pub use types::{
    lines_of, Checked, CheckedCastling, CheckedEnd, CheckedMove, CheckedPiece, CheckedPromotion,
    CheckedReach, CheckedSetup, MAX_LINE, MAX_MOVE_LIMIT,
};

/// The Betza atoms we support.
pub const BETZA_ATOMS: &str = "WFDNAHCZGKRBQ";

/// The Betza modifiers we support.
pub const BETZA_MODIFIERS: &str = betza::MODIFIERS;

/// The guards that may follow `if` in `moves`.
pub const GUARDS: &[&str] = &["friend-adjacent", "not-in-check"];

/// The outcome words.
pub const OUTCOMES: &[&str] = &["win", "draw", "loss"];

/// The values of `fen` in `board`.
pub const FEN_ORDERS: &[&str] = &["by-rank", "by-file"];

/// The promotion triggers of `on`: which squares of a move make a rule apply.
pub const PROMOTION_TRIGGERS: &[&str] = &["start", "end", "pass", "entry"];

/// Checks a parsed file: the [`Checked`] file, or every error found,
/// sorted by place.
///
/// # Errors
///
/// Every mistake in the file, each reported once.
///
/// # Examples
///
/// ```
/// use fairyc_compiler::{check::check, parse::parse};
///
/// let file = parse("piece King {\n  lettr K\n}\n").expect("it parses");
/// let errors = check(&file).err().unwrap_or_default();
/// // `variant`, `board` and `setup` are missing, `lettr` is unknown, the King
/// // has no letter and no moves, and nothing is royal.
/// assert!(errors.iter().any(|e| e.code() == "E0007"));
/// ```
pub fn check(file: &ast::File) -> Result<Checked, Vec<CompileError>> {
    check_source(file, "")
}

/// [`check`], with the source text the file was parsed from: malformed
/// `moves` statements then get a corrected Betza term where one is
/// obvious (`Wf` → `fW`, `mfw` → `mfW`), and a setup error points at its
/// FEN row.
///
/// # Errors
///
/// As [`check`].
pub fn check_source(file: &ast::File, source: &str) -> Result<Checked, Vec<CompileError>> {
    let mut checker = Checker {
        source,
        ..Checker::default()
    };
    checker.file(file);
    let names = Names {
        letters_sound: !checker.letters_unsound,
        moves_sound: checker.moves_sound,
        unsound_zones: checker
            .unsound_zones
            .iter()
            .map(|z| z.to_string())
            .collect(),
    };
    let mut errors = checker.errors;
    let checked = resolve(file, source, &names, &mut errors);
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    match checked {
        Some(checked) if errors.is_empty() => Ok(checked),
        _ => {
            if errors.is_empty() && file.broken.is_empty() {
                // Never fail silently: a resolution that gave up without an
                // error is a bug (unless a part of the file did not parse:
                // its syntax error is the reason, reported by the parser).
                errors.push(CompileError::new(
                    ErrorKind::Lower(LowerError::Table(
                        "the checker gave up without an error".into(),
                    )),
                    Span::default(),
                ));
            }
            Err(errors)
        }
    }
}

/// Whether a name looks like a square: `[a-z]+[0-9]+` (`e4`, `a10`, `e0`).
pub fn is_square_name(name: &str) -> bool {
    let letters = name.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = name.len() - letters;
    letters > 0
        && digits > 0
        && name
            .get(letters..)
            .is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_digit()))
}

/// The span of `keyword` at the start of `span`.
fn first_word(span: Span, keyword: &str) -> Span {
    span.sub(0, keyword.len())
}

/// What the first pass learnt that the second needs.
struct Names {
    /// The pieces' letters are sound (the tables can be built).
    letters_sound: bool,
    /// Per piece, whether its `moves` statements are well formed.
    moves_sound: Vec<bool>,
    /// The zones with a mistake (uses of them stay quiet).
    unsound_zones: Vec<String>,
}

/// A `double-pass` or `facing` verdict (an outcome word or `points`). The outcome words are for the
/// player to move when the game ends, as every outcome word is for the
/// player the rule happens to; the table's verdict is for the player who
/// made the last move, the other one.
fn verdict_of(word: &str) -> Option<Verdict> {
    match word {
        POINTS => Some(Verdict::Points),
        _ => outcome_of(word).map(|o| match o {
            Outcome::Win => Verdict::Loss,
            Outcome::Draw => Verdict::Draw,
            Outcome::Loss => Verdict::Win,
        }),
    }
}

/// `facing points`, `double-pass points`: decided by counting the material.
const POINTS: &str = "points";

/// An outcome word (`win`, `draw`, `loss`).
fn outcome_of(word: &str) -> Option<Outcome> {
    match word {
        "win" => Some(Outcome::Win),
        "draw" => Some(Outcome::Draw),
        "loss" => Some(Outcome::Loss),
        _ => None,
    }
}

/// A side's index in per-side pairs (`[white, black]`).
fn side_index(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

/// `stalemate fewer-pieces`: the player with fewer pieces on the board wins.
const FEWER_PIECES: &str = "fewer-pieces";

/// The largest count of an `extinction` rule that the runtime tells apart
/// (no side has more pieces of a kind).
const MAX_HAND_LEFT: u32 = 255;

/// `white` or `black` as a side a rule names.
fn side_of(word: &str) -> Option<fairyc_runtime::table::Side> {
    match word {
        "white" => Some(fairyc_runtime::table::Side::White),
        "black" => Some(fairyc_runtime::table::Side::Black),
        _ => None,
    }
}
