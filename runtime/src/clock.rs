//! The half-move clock's rules beyond "a move of these pieces resets it":
//! which kinds of move reset it (captures, drops, promotions), and the
//! pieces whose moves reset it only when they cannot be undone.
//!
//! The table says them in [`crate::table::EndRules::resets_on`] and
//! [`crate::table::EndRules::resets_irreversible`]; [`ClockRules`] is what a
//! prepared variant keeps of them, `None` when only captures and the pieces
//! of `resets_move_limit` reset the clock (the rule of most variants, played
//! without looking here).

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::bits::{mask_of, Bits, Width};
use crate::variant::{Mask, Set};

/// A kind of move that resets the half-move clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockEvent {
    /// A move that captures.
    Capture,
    /// A drop from the hand.
    Drop,
    /// A move that promotes the moving piece.
    Promotion,
}

impl ClockEvent {
    /// Every event, in the order a table writes them.
    pub const ALL: [ClockEvent; 3] = [ClockEvent::Capture, ClockEvent::Drop, ClockEvent::Promotion];

    /// The event's name in a table: `"capture"`, `"drop"`, `"promotion"`.
    pub fn name(self) -> &'static str {
        match self {
            ClockEvent::Capture => "capture",
            ClockEvent::Drop => "drop",
            ClockEvent::Promotion => "promotion",
        }
    }
}

/// A set of [`ClockEvent`]s, written in a table as a list of their names
/// without repeats (`["capture", "drop"]`), in the order of
/// [`ClockEvent::ALL`]. The default is captures alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockEvents(u8);

impl ClockEvents {
    /// Captures alone: the default.
    pub const CAPTURE: ClockEvents = ClockEvents(1);
    /// No event.
    pub const NONE: ClockEvents = ClockEvents(0);

    /// The set with `e` added.
    pub fn with(self, e: ClockEvent) -> ClockEvents {
        ClockEvents(self.0 | 1 << e as u8)
    }

    /// Whether the set holds `e`.
    pub fn has(self, e: ClockEvent) -> bool {
        self.0 & 1 << e as u8 != 0
    }

    /// Whether this is the default (captures alone), which a table leaves
    /// out.
    pub fn is_default(&self) -> bool {
        *self == ClockEvents::CAPTURE
    }
}

impl Default for ClockEvents {
    fn default() -> ClockEvents {
        ClockEvents::CAPTURE
    }
}

impl Serialize for ClockEvents {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let events = ClockEvent::ALL.into_iter().filter(|&e| self.has(e));
        let mut seq = s.serialize_seq(Some(events.clone().count()))?;
        for e in events {
            seq.serialize_element(e.name())?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for ClockEvents {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ClockEvents, D::Error> {
        struct Events;
        impl<'de> Visitor<'de> for Events {
            type Value = ClockEvents;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of \"capture\", \"drop\", \"promotion\", each at most once")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ClockEvents, A::Error> {
                let mut out = ClockEvents::NONE;
                // Each name at most once, so the list is short: a fourth
                // element is a repeat or an unknown name, and stops it.
                while let Some(name) = seq.next_element::<&str>()? {
                    let Some(e) = ClockEvent::ALL.into_iter().find(|e| e.name() == name) else {
                        return Err(de::Error::unknown_variant(
                            name,
                            &["capture", "drop", "promotion"],
                        ));
                    };
                    if out.has(e) {
                        return Err(de::Error::custom(format_args!("\"{name}\" twice")));
                    }
                    out = out.with(e);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(Events)
    }
}

/// The clock rules a prepared variant plays, when they are not the common
/// ones (see the module's documentation).
#[derive(Clone, Debug)]
pub(crate) struct ClockRules<W: Width> {
    /// Which kinds of move reset the clock.
    pub events: ClockEvents,
    /// Pieces whose moves reset it when they cannot be undone.
    pub irreversible: Mask<W>,
    /// `back[(piece * 2 + side) * nsq + sq]`: for a piece of `irreversible`,
    /// the squares its non-capturing moves reach from `sq` on an empty board;
    /// a move from `a` to `b` can be undone when `a` is in the set of `b`.
    back: Vec<Set<W>>,
    nsq: usize,
}

impl<W: Width> ClockRules<W> {
    /// The rules of a table, or `None` when they are the common ones.
    /// `quiet_reach(piece, side, sq)` gives the squares a piece's
    /// non-capturing moves reach from `sq` on an empty board.
    pub fn new(
        events: ClockEvents,
        irreversible: &[u8],
        npieces: usize,
        nsq: usize,
        quiet_reach: impl Fn(usize, usize, usize) -> Set<W>,
    ) -> Option<ClockRules<W>> {
        if events.is_default() && irreversible.is_empty() {
            return None;
        }
        let mut back = Vec::new();
        if !irreversible.is_empty() {
            back = vec![Set::<W>::EMPTY; npieces * 2 * nsq];
            for &p in irreversible {
                let p = p as usize;
                for side in 0..2 {
                    for sq in 0..nsq {
                        back[(p * 2 + side) * nsq + sq] = quiet_reach(p, side, sq);
                    }
                }
            }
        }
        Some(ClockRules {
            events,
            irreversible: mask_of(irreversible),
            back,
            nsq,
        })
    }

    /// Whether a board move of `piece` (of `side`) from `from` to `to`
    /// resets the clock by these rules: it captured, promoted, or cannot be
    /// undone by a piece of `irreversible`.
    pub fn board_move(
        &self,
        piece: usize,
        side: usize,
        from: usize,
        to: usize,
        captured: bool,
        promoted: bool,
    ) -> bool {
        (captured && self.events.has(ClockEvent::Capture))
            || (promoted && self.events.has(ClockEvent::Promotion))
            || (self.irreversible.has(piece)
                && !self.back[(piece * 2 + side) * self.nsq + to].has(from))
    }
}
