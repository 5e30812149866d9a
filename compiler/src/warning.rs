//! Warnings (`W0001` …): the file compiles, but part of it can never matter.
//!
//! A [`Warning`] is its own type, not an error: it never stops compilation
//! (unless the caller denies warnings). Each kind keeps its code, message,
//! label and help here, together.

use std::fmt;

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};

use crate::ast::Side;
use crate::error::side_name;
use crate::span::Span;

/// A warning, at a place in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// What can never matter.
    pub kind: WarningKind,
    /// Where: the primary label of the diagnostic.
    pub span: Span,
}

/// What a warning is about. Each variant's doc shows an input that
/// triggers it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WarningKind {
    /// `W0001` `piece Camel { … }` that is neither in the setup nor a
    /// promotion or `captured-as` target: it can never appear in a game.
    UnusedPiece {
        /// The piece.
        piece: String,
    },
    /// `W0002` A board square no piece can move to and nothing can be dropped on.
    UnreachableSquares {
        /// The squares' names.
        squares: Vec<String>,
    },
    /// `W0003` `drops { King not-on rank 1 }` for a piece that no position
    /// can hold in hand: a royal piece.
    NeverInHand {
        /// The piece.
        piece: String,
    },
    /// `W0004` `King reaches e9-zone win` where the piece can never stand on
    /// any of the squares in a game from the start position (not reported
    /// for a `fen-only` piece).
    GoalUnreachable {
        /// The piece.
        piece: String,
        /// The side that can never reach.
        side: Side,
    },
    /// `W0005` `Pawn not-on ranks 1..8`: a drop restriction that forbids
    /// every square, so the piece can never be dropped.
    NeverDroppable {
        /// The piece.
        piece: String,
    },
    /// `W0006` `captured-as Pawn` in a variant without `drops`: the hand is
    /// never used, so the statement has no effect.
    CapturedAsWithoutDrops,
    /// `W0013` `drops { unlimited; captures-to-hand off }`: with an
    /// unlimited supply no captured piece goes to a hand anyway.
    CapturesOffWithUnlimited,
    /// `W0007` `piece Pawn { moves fW }` without promotion: a piece can
    /// reach squares from which it can never move again.
    DeadEnd {
        /// The piece.
        piece: String,
        /// The side.
        side: Side,
        /// The squares' names.
        squares: Vec<String>,
    },
    /// `W0008` A setup where the side to move is already checkmated or
    /// stalemated, or another end rule already holds.
    OverAtStart {
        /// Why the game is over (`checkmate`, `stalemate`, …).
        reason: String,
    },
    /// `W0011` `piece Silver { …; fen-only }` where the piece can appear in
    /// a game anyway (in the setup, a promotion target, or what a captured
    /// piece becomes): the mark is wrong.
    FenOnlyInGame {
        /// The piece.
        piece: String,
    },
    /// `W0009` `end { double-pass draw }` without the item `pass allowed`:
    /// nobody can pass, so the rule never triggers.
    DoublePassWithoutPass,
    /// `W0012` `allow W0007` in a file that raises no `W0007`: the item
    /// hides nothing (the rules changed, or the code is wrong).
    AllowedNotRaised {
        /// The code.
        code: &'static str,
    },
}

/// The codes of the warnings compiling a `.variant` file may raise, which
/// the item `allow` may name.
pub const CODES: &[&str] = &[
    "W0001", "W0002", "W0003", "W0004", "W0005", "W0006", "W0007", "W0008", "W0009", "W0011",
    "W0012", "W0013",
];

impl Warning {
    /// A warning of this kind at this span.
    pub fn new(kind: WarningKind, span: Span) -> Warning {
        Warning { kind, span }
    }

    /// The stable code: `W0001` …
    pub fn code(&self) -> &'static str {
        match self.kind {
            WarningKind::UnusedPiece { .. } => "W0001",
            WarningKind::UnreachableSquares { .. } => "W0002",
            WarningKind::NeverInHand { .. } => "W0003",
            WarningKind::GoalUnreachable { .. } => "W0004",
            WarningKind::NeverDroppable { .. } => "W0005",
            WarningKind::CapturedAsWithoutDrops => "W0006",
            WarningKind::DeadEnd { .. } => "W0007",
            WarningKind::OverAtStart { .. } => "W0008",
            WarningKind::FenOnlyInGame { .. } => "W0011",
            WarningKind::DoublePassWithoutPass => "W0009",
            WarningKind::AllowedNotRaised { .. } => "W0012",
            WarningKind::CapturesOffWithUnlimited => "W0013",
        }
    }

    /// The primary label and the `help:` note.
    fn label_and_help(&self) -> (&'static str, &'static str) {
        match self.kind {
            WarningKind::UnusedPiece { .. } => (
                "defined here",
                "place it in the setup, make it a promotion target, or remove it",
            ),
            WarningKind::UnreachableSquares { .. } => (
                "on this board",
                "check the board drawing and the pieces' moves; a square nothing can reach is \
                 usually a mistake in one of them",
            ),
            WarningKind::NeverInHand { .. } => (
                "a royal piece is never in hand",
                "a royal piece is never captured, and no position (not even one given as a FEN) \
                 holds one in hand unless the start position does; remove the rule",
            ),
            WarningKind::GoalUnreachable { .. } => (
                "never reached",
                "check the squares and the piece's moves (a position given as a FEN may \
                     still put the piece there)",
            ),
            WarningKind::NeverDroppable { .. } => (
                "forbids every square of the board",
                "forbid fewer squares; a piece that may not be dropped anywhere stays in hand for \
                 ever",
            ),
            WarningKind::CapturedAsWithoutDrops => (
                "never used",
                "add a `drops { }` block (without `captures-to-hand off`), or remove `captured-as`",
            ),
            WarningKind::CapturesOffWithUnlimited => (
                "has no effect",
                "remove `captures-to-hand off`: with `unlimited` the hands are not used",
            ),
            WarningKind::DeadEnd { .. } => (
                "this piece",
                "give it a move out of those squares, or a promotion rule there",
            ),
            WarningKind::FenOnlyInGame { .. } => (
                "marked `fen-only` here",
                "remove `fen-only`, or take the piece out of the setup, the promotion targets \
                 and `captured-as`",
            ),
            WarningKind::DoublePassWithoutPass => (
                "never triggers",
                "add the item `pass allowed` (or `pass when-stuck`), or remove the rule",
            ),
            WarningKind::AllowedNotRaised { .. } => (
                "allowed here",
                "remove the code from `allow`: the file does not raise this warning, and an \
                 `allow` that hides nothing would hide a new one unnoticed",
            ),
            WarningKind::OverAtStart { .. } => (
                "the game is over here",
                "check the setup: the side to move should have a legal move and no end rule \
                 should hold yet",
            ),
        }
    }

    /// This warning as a diagnostic for the file `file`.
    pub fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        let (label, help) = self.label_and_help();
        Diagnostic::new(Severity::Warning)
            .with_code(self.code())
            .with_message(self.to_string())
            .with_labels(vec![
                Label::primary(file, self.span.range()).with_message(label)
            ])
            .with_notes(vec![format!("help: {help}")])
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            WarningKind::UnusedPiece { piece } => write!(
                f,
                "piece `{piece}` can never appear in a game: it is not in the setup, not a \
                 promotion target and not what a captured piece becomes"
            ),
            WarningKind::UnreachableSquares { squares } => match squares.as_slice() {
                [one] => write!(f, "no piece can ever reach square `{one}`"),
                many => write!(
                    f,
                    "no piece can ever reach {} squares: {}",
                    many.len(),
                    many.join(", ")
                ),
            },
            WarningKind::NeverInHand { piece } => {
                write!(f, "drop rule for `{piece}`, which can never be in a hand")
            }
            WarningKind::GoalUnreachable { piece, side } => write!(
                f,
                "this end rule can never trigger in a game from the start position: a {} \
                 `{piece}` can never get to these squares",
                side_name(*side)
            ),
            WarningKind::NeverDroppable { piece } => {
                write!(f, "`{piece}` may not be dropped on any square")
            }
            WarningKind::CapturedAsWithoutDrops => {
                write!(
                    f,
                    "`captured-as` has no effect: no captured piece goes to a hand"
                )
            }
            WarningKind::DeadEnd {
                piece,
                side,
                squares,
            } => write!(
                f,
                "a {} `{piece}` can reach {} from which it can never move again and does not \
                 promote: {}",
                side_name(*side),
                if squares.len() == 1 {
                    "a square"
                } else {
                    "squares"
                },
                squares.join(", ")
            ),
            WarningKind::OverAtStart { reason } => {
                write!(f, "the game is over in the start position: {reason}")
            }
            WarningKind::FenOnlyInGame { piece } => write!(
                f,
                "piece `{piece}` is marked `fen-only` but can appear in a game: it is in the \
                 setup, a promotion target or what a captured piece becomes"
            ),
            WarningKind::DoublePassWithoutPass => {
                write!(f, "`double-pass` can never trigger: no player may pass")
            }
            WarningKind::AllowedNotRaised { code } => {
                write!(f, "`allow {code}`: this file raises no `{code}`")
            }
            WarningKind::CapturesOffWithUnlimited => write!(
                f,
                "`captures-to-hand off` has no effect: with `unlimited` no captured piece goes \
                 to a hand"
            ),
        }
    }
}
