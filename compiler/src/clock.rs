//! The `clock` block: what resets the half-move clock and what count ends
//! the game (`docs/language.md`, "The move clock").
//!
//! [`check`] is the first pass over the block (statements once, entries
//! that cannot be, the piece names to look up), [`resolve`] the second (the
//! checked rules, pieces by index), and [`old_spelling`] answers the end
//! rules the block replaced (`move-limit`, `resets-clock`) with what to
//! write instead.

use fairyc_runtime::table::{ClockEvent, ClockEvents};

use crate::ast::{ClockDecl, ClockRule, Unknown};
use crate::check::{CheckedPromotion, MAX_MOVE_LIMIT};
use crate::error::{Block, CompileError, ErrorKind};
use crate::span::{Span, Spanned};

/// The checked `clock` block.
#[derive(Clone, Debug, Default)]
pub struct CheckedClock {
    /// `limit`: full moves without a reset that end the game in a draw.
    pub limit: Option<u32>,
    /// `limit … points`: the material decides that game instead.
    pub points: bool,
    /// `limit … claim <n>`: full moves from which the side to move may
    /// claim that end.
    pub claim: Option<u32>,
    /// The kinds of move that reset the clock.
    pub events: ClockEvents,
    /// Pieces whose every move and drop resets it.
    pub pieces: Vec<u8>,
    /// Pieces whose moves reset it when they cannot be undone.
    pub irreversible: Vec<u8>,
}

/// What the first pass found in a `clock` block.
#[derive(Debug)]
pub struct ClockRefs<'a> {
    /// Its errors.
    pub errors: Vec<CompileError>,
    /// The piece names it uses, for the checker to look up.
    pub pieces: Vec<&'a Spanned<String>>,
    /// Its statements that did not parse.
    pub unknown: Vec<&'a Unknown>,
}

/// The event a word of `resets` names, if it is not a piece.
fn event_of(word: &str) -> Option<ClockEvent> {
    ClockEvent::ALL.into_iter().find(|e| e.name() == word)
}

/// The first pass over a `clock` block.
pub fn check(decl: &ClockDecl) -> ClockRefs<'_> {
    let mut out = ClockRefs {
        errors: Vec::new(),
        pieces: Vec::new(),
        unknown: Vec::new(),
    };
    let mut seen: Vec<(&'static str, Span)> = Vec::new();
    let mut once = |errors: &mut Vec<CompileError>, keyword: &'static str, span: Span| {
        let head = Span::new(span.start as usize, span.start as usize + keyword.len());
        match seen.iter().find(|(k, _)| *k == keyword) {
            Some(&(_, first)) => errors.push(CompileError::new(
                ErrorKind::DuplicateStatement { keyword, first },
                head,
            )),
            None => seen.push((keyword, head)),
        }
    };
    for rule in &decl.rules {
        match rule {
            ClockRule::Limit {
                span, moves, claim, ..
            } => {
                once(&mut out.errors, "limit", *span);
                if let Some(n) = moves.node.filter(|&n| n == 0 || n > MAX_MOVE_LIMIT) {
                    out.errors.push(CompileError::new(
                        ErrorKind::MoveLimitOutOfRange { moves: n },
                        moves.span,
                    ));
                }
                if let (Some(c), Some(n)) = (claim, moves.node) {
                    if c.node == 0 || c.node >= n {
                        out.errors.push(CompileError::new(
                            ErrorKind::InvalidLimitClaim {
                                claim: c.node,
                                limit: n,
                            },
                            c.span,
                        ));
                    }
                }
            }
            ClockRule::Resets { span, events } => {
                once(&mut out.errors, "resets", *span);
                let mut listed: Vec<&str> = Vec::new();
                for e in events {
                    let word = e.name.node.as_str();
                    if listed.contains(&word) {
                        out.errors.push(CompileError::new(
                            ErrorKind::ClockEvent {
                                word: word.to_owned(),
                                irreversible: false,
                            },
                            e.name.span,
                        ));
                        continue;
                    }
                    listed.push(word);
                    if event_of(word).is_some() {
                        if let Some(at) = e.irreversible {
                            out.errors.push(CompileError::new(
                                ErrorKind::ClockEvent {
                                    word: word.to_owned(),
                                    irreversible: true,
                                },
                                Span::new(e.name.span.start as usize, at.end as usize),
                            ));
                        }
                    } else {
                        out.pieces.push(&e.name);
                    }
                }
            }
            ClockRule::Unknown(u) => out.unknown.push(u),
        }
    }
    out
}

/// The second pass: the checked rules. `piece` gives a declared piece's
/// index (`None` for a name the first pass reported). Without a `clock`
/// block, or without `resets` in it, captures and the moves and drops of
/// the pieces that promote reset the clock.
pub fn resolve(
    decl: Option<&ClockDecl>,
    piece: impl Fn(&str) -> Option<u8>,
    promotions: &[CheckedPromotion],
) -> CheckedClock {
    let mut out = CheckedClock::default();
    let mut resets = false;
    for rule in decl.map(|d| d.rules.as_slice()).unwrap_or_default() {
        match rule {
            ClockRule::Limit {
                moves,
                points,
                claim,
                ..
            } => {
                out.limit = moves.node;
                out.points = *points;
                out.claim = claim.as_ref().map(|c| c.node);
            }
            ClockRule::Resets { events, .. } => {
                resets = true;
                out.events = ClockEvents::NONE;
                for e in events {
                    match (event_of(&e.name.node), piece(&e.name.node)) {
                        (Some(event), _) => out.events = out.events.with(event),
                        (None, Some(p)) if e.irreversible.is_some() => out.irreversible.push(p),
                        (None, Some(p)) => out.pieces.push(p),
                        (None, None) => {}
                    }
                }
            }
            ClockRule::Unknown(_) => {}
        }
    }
    if !resets {
        out.pieces = promotions.iter().map(|r| r.piece).collect();
    }
    for list in [&mut out.pieces, &mut out.irreversible] {
        list.sort_unstable();
        list.dedup();
    }
    out
}

/// `move-limit …` or `resets-clock …` in `end` (the spellings before the
/// `clock` block): the error saying what to write instead. `text` is the
/// statement as written.
pub fn old_spelling(block: Block, unknown: &Unknown, text: &str) -> Option<CompileError> {
    if block != Block::End {
        return None;
    }
    let keyword = unknown.keyword.node.as_str();
    let rest = text
        .get(keyword.len()..)
        .unwrap_or_default()
        .trim()
        .trim_end_matches(';')
        .trim();
    let (keyword, instead) = match keyword {
        "move-limit" => {
            let value = if rest.is_empty() { "<moves>" } else { rest };
            ("move-limit", format!("`clock {{ limit {value} }}`"))
        }
        "resets-clock" => {
            let list = match rest {
                "" => "capture, <Piece>, …".to_owned(),
                "none" => "capture".to_owned(),
                pieces => format!("capture, {pieces}"),
            };
            ("resets-clock", format!("`clock {{ resets {list} }}`"))
        }
        _ => return None,
    };
    Some(CompileError::new(
        ErrorKind::ClockInEnd { keyword, instead },
        unknown.span,
    ))
}
