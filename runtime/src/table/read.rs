//! Bounded reading: every list's length checked while it is read (a list
//! longer than its limit is refused before it is stored), the path of the
//! value being read kept for error messages, and the JSON forms of paths
//! and steps read.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

use super::*;
use crate::error::Limit;

/// One segment of the JSON path of the value being read.
#[derive(Clone, Copy, Debug)]
pub(super) enum Seg {
    Field(&'static str),
    Index(usize),
}

/// What the reader knows while it reads: where it is, how many steps it may
/// still read, and which limit was broken.
#[derive(Debug, Default)]
pub(super) struct Trace {
    pub(super) path: Vec<Seg>,
    /// `Some` while [`VariantTables::from_json`] reads: steps left.
    pub(super) steps_left: Option<usize>,
    pub(super) breach: Option<Limit>,
    /// `Some` while [`VariantTables::from_json`] reads: the table's format
    /// version (version 4's fields are read only in a table of version 4).
    pub(super) format: Option<u32>,
}

thread_local! {
    static TRACE: RefCell<Trace> = RefCell::new(Trace::default());
}

pub(super) fn trace<R>(f: impl FnOnce(&mut Trace) -> R) -> R {
    TRACE.with(|t| f(&mut t.borrow_mut()))
}

/// Reads a value at `seg`: on success the segment is popped again, on error
/// it stays, so that the path of the innermost error remains.
pub(super) fn at<T, E>(seg: Seg, f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    trace(|t| t.path.push(seg));
    let r = f();
    if r.is_ok() {
        trace(|t| t.path.pop());
    }
    r
}

pub(super) fn path_text(path: &[Seg]) -> String {
    let mut out = String::new();
    for s in path {
        match s {
            Seg::Field(f) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(f);
            }
            Seg::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

pub(super) fn breach<E: de::Error>(limit: Limit) -> E {
    trace(|t| t.breach = Some(limit));
    E::custom(format_args!("more than {} entries", limit.max()))
}

/// A limit on a list's length, as a type.
pub(super) trait Bound {
    const LIMIT: Limit;
}

macro_rules! bounds {
    ($($name:ident => $limit:ident),* $(,)?) => {
        $(
            #[derive(Debug)]
            pub(super) struct $name;
            impl Bound for $name {
                const LIMIT: Limit = Limit::$limit;
            }
        )*
    };
}

bounds! {
    LSquares => Squares,
    LPieces => Pieces,
    LCells => Cells,
    LPaths => PathsPerSquare,
    LSteps => StepsPerPath,
    LRules => Rules,
    LCastling => Castling,
    LLabels => Labels,
    LChoices => Choices,
    LGating => GatingRules,
}

/// A list read with a length limit and each element's index traced.
pub(super) struct BVec<T, B>(Vec<T>, PhantomData<B>);

pub(super) fn read_seq<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
    mut seq: A,
    limit: Limit,
) -> Result<Vec<T>, A::Error> {
    let mut v = Vec::new();
    loop {
        let i = v.len();
        if i == limit.max() {
            // One more element is one too many: look without storing it.
            return match seq.next_element::<IgnoredAny>()? {
                Some(_) => Err(at(Seg::Index(i), || Err(breach(limit)))?),
                None => Ok(v),
            };
        }
        match at(Seg::Index(i), || seq.next_element::<T>())? {
            Some(x) => v.push(x),
            None => return Ok(v),
        }
    }
}

impl<'de, T: Deserialize<'de>, B: Bound> Deserialize<'de> for BVec<T, B> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T, B>(PhantomData<(T, B)>);
        impl<'de, T: Deserialize<'de>, B: Bound> Visitor<'de> for V<T, B> {
            type Value = BVec<T, B>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "an array of at most {} entries", B::LIMIT.max())
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                read_seq(seq, B::LIMIT).map(|v| BVec(v, PhantomData))
            }
        }
        d.deserialize_seq(V(PhantomData))
    }
}

/// `[white, black]`, each element's index traced.
pub(super) struct Pair<T>([T; 2]);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Pair<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Pair<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array [white, black] of two entries")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let white = at(Seg::Index(0), || seq.next_element::<T>())?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let black = at(Seg::Index(1), || seq.next_element::<T>())?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                if seq.next_element::<IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(3, &self));
                }
                Ok(Pair([white, black]))
            }
        }
        d.deserialize_seq(V(PhantomData))
    }
}

/// Field readers: each names its field in the trace and bounds its lists.
macro_rules! field {
    ($fn:ident, $name:literal, $read:ty, $out:ty, $conv:expr) => {
        pub(super) fn $fn<'de, D: Deserializer<'de>>(d: D) -> Result<$out, D::Error> {
            at(Seg::Field($name), || <$read>::deserialize(d)).map($conv)
        }
    };
    ($fn:ident, $name:literal, $ty:ty) => {
        pub(super) fn $fn<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
            at(Seg::Field($name), || <$ty>::deserialize(d))
        }
    };
}

pub(super) fn unb<T, B>(v: BVec<T, B>) -> Vec<T> {
    v.0
}

pub(super) fn unb_pair<T, B>(p: Pair<BVec<T, B>>) -> [Vec<T>; 2] {
    let [a, b] = p.0;
    [a.0, b.0]
}

pub(super) fn unb_lists<T, B, C>(v: BVec<BVec<T, B>, C>) -> Vec<Vec<T>> {
    v.0.into_iter().map(|x| x.0).collect()
}

field!(de_parts, "parts", TableParts);
field!(de_board, "board", BoardTable);
field!(de_drops, "drops", Option<DropRules>);
field!(de_end, "end", EndRules);
field!(de_legality, "legality", Legality);
field!(de_squares, "squares", BVec<SquareInfo, LSquares>, Vec<SquareInfo>, unb);
field!(de_cells, "cells", BVec<[u8; 2], LCells>, Vec<[u8; 2]>, unb);
field!(de_holes, "holes", BVec<[u8; 2], LCells>, Vec<[u8; 2]>, unb);
field!(de_walls, "walls", BVec<[u16; 2], LSquares>, Vec<[u16; 2]>, unb);
field!(de_files, "files", BVec<String, LLabels>, Vec<String>, unb);
field!(de_ranks, "ranks", BVec<String, LLabels>, Vec<String>, unb);
field!(
    de_fen_rows,
    "fen_rows",
    BVec<BVec<u16, LSquares>, LSquares>,
    Vec<Vec<u16>>,
    unb_lists
);
field!(de_pieces, "pieces", BVec<PieceTable, LPieces>, Vec<PieceTable>, unb);
field!(
    de_moves,
    "moves",
    Pair<BVec<BVec<Path, LPaths>, LSquares>>,
    [Vec<Vec<Path>>; 2],
    |p: Pair<BVec<BVec<Path, LPaths>, LSquares>>| {
        let [a, b] = p.0;
        [unb_lists(a), unb_lists(b)]
    }
);
field!(
    de_promotions,
    "promotions",
    BVec<PromotionRule, LRules>,
    Vec<PromotionRule>,
    unb
);
field!(
    de_zone,
    "zone",
    Pair<BVec<u16, LSquares>>,
    [Vec<u16>; 2],
    unb_pair
);
field!(
    de_choices,
    "choices",
    BVec<PromotionChoice, LChoices>,
    Vec<PromotionChoice>,
    unb
);
field!(
    de_forbidden,
    "forbidden",
    BVec<Pair<BVec<u16, LSquares>>, LPieces>,
    Vec<[Vec<u16>; 2]>,
    |v: BVec<Pair<BVec<u16, LSquares>>, LPieces>| v.0.into_iter().map(unb_pair).collect()
);
field!(de_no_mate, "no_mate", BVec<bool, LPieces>, Vec<bool>, unb);
field!(
    de_forced,
    "forced",
    Pair<BVec<u16, LSquares>>,
    [Vec<u16>; 2],
    unb_pair
);
field!(de_per_file, "per_file", BVec<u8, LPieces>, Vec<u8>, unb);
field!(de_per_colour, "per_colour", BVec<u8, LPieces>, Vec<u8>, unb);
field!(
    de_also_as,
    "also_as",
    BVec<Option<u8>, LPieces>,
    Vec<Option<u8>>,
    unb
);
field!(
    de_castling,
    "castling",
    BVec<CastlingRule, LCastling>,
    Vec<CastlingRule>,
    unb
);
field!(de_gating, "gating", BVec<GateRule, LGating>, Vec<GateRule>, unb);
field!(
    de_gate_squares,
    "squares",
    Pair<BVec<u16, LSquares>>,
    [Vec<u16>; 2],
    unb_pair
);
field!(de_empty, "empty", BVec<u16, LSquares>, Vec<u16>, unb);
field!(de_safe, "safe", BVec<u16, LSquares>, Vec<u16>, unb);
field!(de_line, "line", BVec<u16, LSquares>, Vec<u16>, unb);
field!(de_zones, "zones", BVec<ZoneTable, LRules>, Vec<ZoneTable>, unb);
field!(de_reach, "reach", BVec<ReachRule, LRules>, Vec<ReachRule>, unb);
field!(
    de_reach_squares,
    "squares",
    Pair<BVec<u16, LSquares>>,
    [Vec<u16>; 2],
    unb_pair
);
field!(
    de_resets,
    "resets_move_limit",
    BVec<u8, LPieces>,
    Vec<u8>,
    unb
);
field!(
    de_resets_irreversible,
    "resets_irreversible",
    BVec<u8, LPieces>,
    Vec<u8>,
    unb
);

pub(super) const PATH_FIELDS: &[&str] = &[
    "steps",
    "role",
    "en_passant",
    "creates_en_passant",
    "friend_on",
    "hop",
    "once",
    "not_in_check",
    "locust",
    "returns",
];

/// A path's fields in version 4, which spelt `role` as three flags.
pub(super) const PATH_FIELDS_4: &[&str] = &[
    "steps",
    "quiet",
    "capture",
    "en_passant",
    "creates_en_passant",
    "friend_on",
    "hop",
    "attack_only",
    "once",
    "not_in_check",
    "locust",
    "returns",
];

/// Sets `slot` from the map's next value, refusing a field given twice.
pub(super) fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
    name: &'static str,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(at(Seg::Field(name), || map.next_value::<T>())?);
    Ok(())
}

impl<'de> Deserialize<'de> for Path {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Path, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Path;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a path: an array of steps, or an object {\"steps\": [...], \"role\", \
                     \"en_passant\", \"creates_en_passant\", \"friend_on\", \"hop\", \"once\", \
                     \"not_in_check\", \"locust\", \"returns\"}",
                )
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Path, A::Error> {
                Ok(Path {
                    steps: read_seq(seq, Limit::StepsPerPath)?,
                    role: PathRole::MoveOrCapture,
                    en_passant: false,
                    creates_en_passant: false,
                    friend_on: Vec::new(),
                    hop: None,
                    once: false,
                    not_in_check: false,
                    locust: false,
                    returns: false,
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Path, A::Error> {
                let mut steps: Option<BVec<Step, LSteps>> = None;
                let (mut quiet, mut capture, mut ep, mut creates) = (None, None, None, None);
                let mut friend_on: Option<BVec<u16, LSquares>> = None;
                let mut hop: Option<u16> = None;
                let mut attack_only: Option<bool> = None;
                let mut role: Option<PathRole> = None;
                let legacy = super::compat::legacy();
                let fields = if legacy { PATH_FIELDS_4 } else { PATH_FIELDS };
                let (mut one_time, mut not_in_check): (Option<bool>, Option<bool>) = (None, None);
                let (mut locust, mut returns): (Option<bool>, Option<bool>) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "steps" => once(&mut map, &mut steps, "steps")?,
                        "role" if !legacy => once(&mut map, &mut role, "role")?,
                        "quiet" if legacy => once(&mut map, &mut quiet, "quiet")?,
                        "capture" if legacy => once(&mut map, &mut capture, "capture")?,
                        "en_passant" => once(&mut map, &mut ep, "en_passant")?,
                        "creates_en_passant" => once(&mut map, &mut creates, "creates_en_passant")?,
                        "friend_on" => once(&mut map, &mut friend_on, "friend_on")?,
                        "hop" => once(&mut map, &mut hop, "hop")?,
                        "attack_only" if legacy => once(&mut map, &mut attack_only, "attack_only")?,
                        "once" => once(&mut map, &mut one_time, "once")?,
                        "not_in_check" => once(&mut map, &mut not_in_check, "not_in_check")?,
                        "locust" => once(&mut map, &mut locust, "locust")?,
                        "returns" => once(&mut map, &mut returns, "returns")?,
                        other => return Err(de::Error::unknown_field(other, fields)),
                    }
                }
                if legacy {
                    role = PathRole::of_flags(
                        quiet.unwrap_or(true),
                        capture.unwrap_or(true),
                        attack_only.unwrap_or(false),
                    );
                    if role.is_none() {
                        return Err(de::Error::custom(
                            "a path with `quiet` and `capture` both false and no `attack_only`: \
                             version 5 has no such path (fairyc never wrote one)",
                        ));
                    }
                }
                Ok(Path {
                    steps: steps.ok_or_else(|| de::Error::missing_field("steps"))?.0,
                    role: role.unwrap_or_default(),
                    en_passant: ep.unwrap_or(false),
                    creates_en_passant: creates.unwrap_or(false),
                    friend_on: friend_on.map(|b| b.0).unwrap_or_default(),
                    hop,
                    once: one_time.unwrap_or(false),
                    not_in_check: not_in_check.unwrap_or(false),
                    locust: locust.unwrap_or(false),
                    returns: returns.unwrap_or(false),
                })
            }
        }
        d.deserialize_any(V)
    }
}
pub(super) fn count_step<E: de::Error>() -> Result<(), E> {
    let over = trace(|t| match &mut t.steps_left {
        Some(0) => true,
        Some(n) => {
            *n -= 1;
            false
        }
        None => false,
    });
    if over {
        Err(breach(Limit::Steps))
    } else {
        Ok(())
    }
}

impl<'de> Deserialize<'de> for Step {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Step, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Step;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "a step: a square number 0..=65535, or an object {\"to\": square, \
                     \"block\": [squares]}",
                )
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Step, E> {
                let to = u16::try_from(v)
                    .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))?;
                count_step()?;
                Ok(Step {
                    to,
                    block: Vec::new(),
                })
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Step, A::Error> {
                let mut to: Option<u16> = None;
                let mut block: Option<BVec<u16, LSquares>> = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "to" => once(&mut map, &mut to, "to")?,
                        "block" => once(&mut map, &mut block, "block")?,
                        other => return Err(de::Error::unknown_field(other, &["to", "block"])),
                    }
                }
                count_step()?;
                Ok(Step {
                    to: to.ok_or_else(|| de::Error::missing_field("to"))?,
                    block: block.map(|b| b.0).unwrap_or_default(),
                })
            }
        }
        d.deserialize_any(V)
    }
}
