//! The lowered move table: the contract between the compiler and the runtime.
//!
//! A [`VariantTables`] is plain data that serialises to the documented,
//! versioned JSON format of `docs/table-format.md`. It is built only through
//! [`VariantTables::new`] (or read with [`VariantTables::from_json`]), which
//! checks every index and invariant, so the runtime never has to.
//!
//! Squares are numbered `0..board.squares.len()`, pieces `0..pieces.len()`,
//! sides `0` (White, moves first) and `1` (Black).
//!
//! Tables are untrusted input. Reading one checks its size before parsing,
//! every list's length while parsing (a list longer than its limit is refused
//! before it is stored), and every invariant after. The limits are the
//! `MAX_*` constants below, far above any real variant (25×25 boards and
//! 128 piece types fit), and every limit is named here, in one place.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

pub use crate::clock::{ClockEvent, ClockEvents};
use crate::error::{CastlingProblem, Field, HandRoute, Limit, NameOf, TableError};

/// The version of the table format written by this crate. Readers reject other
/// major versions.
pub const FORMAT_VERSION: u32 = 3;

/// The oldest format version this crate still reads (its tables are valid
/// tables of the current version: version 2 only added optional fields,
/// and version 3 let a piece's `letter` be a symbol of more than one
/// character).
pub const OLDEST_FORMAT_VERSION: u32 = 1;

/// The largest number of squares a board may have (boards of more than
/// 128 squares or 32 piece types are played with wide square sets).
/// Also the longest list of squares anywhere in a table.
pub const MAX_SQUARES: usize = 1024;

/// The largest number of piece types.
pub const MAX_PIECES: usize = 128;

/// The longest piece symbol in bytes: three letters and an apostrophe.
pub const MAX_SYMBOL_BYTES: usize = 4;

/// Whether `s` is a piece symbol: one to three ASCII letters, all of one
/// case, optionally followed by an apostrophe (`K`, `DE`, `fk`, `N'`).
///
/// A FEN writes White's pieces with the symbol in upper case and Black's
/// in lower case, so a symbol of mixed case (`Ln`) could not be told from
/// two pieces of different sides; digits, `+`, `~`, `/`, `[`, `]`, `@` and
/// `-` have their own meanings in a FEN or a move.
///
/// ```
/// use fairyc_runtime::table::is_symbol;
/// assert!(is_symbol("K") && is_symbol("DE") && is_symbol("n'") && is_symbol("FKX"));
/// assert!(!is_symbol("Ln") && !is_symbol("KNIG") && !is_symbol("'") && !is_symbol("P1"));
/// ```
pub fn is_symbol(s: &str) -> bool {
    let b = s.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let rest = b.get(letters..).unwrap_or_default();
    (1..=3).contains(&letters)
        && (rest.is_empty() || rest == b"'")
        && (b[..letters].iter().all(u8::is_ascii_uppercase)
            || b[..letters].iter().all(u8::is_ascii_lowercase))
}

/// The pairs of symbols a FEN could not tell apart, as `(shorter,
/// longer)` indices into `symbols` (each a symbol and whether it is
/// written after `+`): the shorter is the start of the longer, in the same
/// `+` class, and the longer goes on with a letter that starts a symbol
/// written without `+` (so `L` then `N` could be read as `LN`). A FEN is
/// read by taking the longest symbol that matches; where no pair clashes,
/// that reading is the only one. Case is ignored; duplicates are not
/// reported here.
///
/// ```
/// use fairyc_runtime::table::symbol_clashes;
/// // Chu shogi's Lance and Lion: `LN` goes on with `N`, which starts no symbol.
/// assert!(symbol_clashes(&[("L", false), ("LN", false), ("K", false)]).is_empty());
/// // With a Knight `N`, `LN` could be a Lance and a Knight.
/// assert_eq!(symbol_clashes(&[("L", false), ("LN", false), ("N", false)]), vec![(0, 1)]);
/// // An apostrophe starts no symbol: `N` and `N'` are told apart.
/// assert!(symbol_clashes(&[("N", false), ("N'", false)]).is_empty());
/// ```
pub fn symbol_clashes(symbols: &[(&str, bool)]) -> Vec<(usize, usize)> {
    let starts = |c: u8| {
        symbols.iter().any(|&(s, plus)| {
            !plus
                && s.as_bytes()
                    .first()
                    .is_some_and(|f| f.eq_ignore_ascii_case(&c))
        })
    };
    let mut out = Vec::new();
    for (i, &(short, short_plus)) in symbols.iter().enumerate() {
        for (j, &(long, long_plus)) in symbols.iter().enumerate() {
            let (s, l) = (short.as_bytes(), long.as_bytes());
            if i != j
                && short_plus == long_plus
                && s.len() < l.len()
                && l[..s.len()].eq_ignore_ascii_case(s)
                && starts(l[s.len()])
            {
                out.push((i, j));
            }
        }
    }
    out
}

/// The longest table text [`VariantTables::from_json`] reads, in bytes
/// (16 MiB; the shipped variants' tables are under 64 KiB).
pub const MAX_TABLE_BYTES: usize = 16 << 20;

/// The most cells one square may cover, and the most holes.
pub const MAX_CELLS: usize = 4096;

/// The most file or rank labels (the grid is at most 255 cells wide).
pub const MAX_LABELS: usize = 256;

/// The longest name (variant, piece, square) or label, in bytes.
pub const MAX_NAME_BYTES: usize = 256;

/// The most paths of one piece from one square (shipped variants: 16).
pub const MAX_PATHS_PER_SQUARE: usize = 256;

/// The most steps in one path (shipped variants: 18).
pub const MAX_STEPS_PER_PATH: usize = 1024;

/// The most steps in the whole table (shipped variants: under 8,000).
pub const MAX_TOTAL_STEPS: usize = 1 << 20;

/// The most work to build the attack tables: a capturing path of `n` steps
/// costs `n (n + 1) / 2` nodes (shipped variants: under 40,000).
pub const MAX_ATTACK_WORK: usize = 1 << 22;

/// The most promotion rules, and the most goal (`reach`) rules.
pub const MAX_RULES: usize = 256;

/// The most choices of one promotion rule.
pub const MAX_CHOICES: usize = 2 * MAX_PIECES;

/// The most castling rules (castling rights are a 16-bit set).
pub const MAX_CASTLING: usize = 16;

/// The most gating rules.
pub const MAX_GATING_RULES: usize = 128;

/// The largest `end.move_limit` (in full moves).
pub const MAX_MOVE_LIMIT: u32 = 1_000_000;

// ---------------------------------------------------------------------------
// Reading with limits and locations
// ---------------------------------------------------------------------------

/// One segment of the JSON path of the value being read.
#[derive(Clone, Copy, Debug)]
enum Seg {
    Field(&'static str),
    Index(usize),
}

/// What the reader knows while it reads: where it is, how many steps it may
/// still read, and which limit was broken.
#[derive(Debug, Default)]
struct Trace {
    path: Vec<Seg>,
    /// `Some` while [`VariantTables::from_json`] reads: steps left.
    steps_left: Option<usize>,
    breach: Option<Limit>,
}

thread_local! {
    static TRACE: RefCell<Trace> = RefCell::new(Trace::default());
}

fn trace<R>(f: impl FnOnce(&mut Trace) -> R) -> R {
    TRACE.with(|t| f(&mut t.borrow_mut()))
}

/// Reads a value at `seg`: on success the segment is popped again, on error
/// it stays, so that the path of the innermost error remains.
fn at<T, E>(seg: Seg, f: impl FnOnce() -> Result<T, E>) -> Result<T, E> {
    trace(|t| t.path.push(seg));
    let r = f();
    if r.is_ok() {
        trace(|t| t.path.pop());
    }
    r
}

fn path_text(path: &[Seg]) -> String {
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

fn breach<E: de::Error>(limit: Limit) -> E {
    trace(|t| t.breach = Some(limit));
    E::custom(format_args!("more than {} entries", limit.max()))
}

/// A limit on a list's length, as a type.
trait Bound {
    const LIMIT: Limit;
}

macro_rules! bounds {
    ($($name:ident => $limit:ident),* $(,)?) => {
        $(
            #[derive(Debug)]
            struct $name;
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
struct BVec<T, B>(Vec<T>, PhantomData<B>);

fn read_seq<'de, A: SeqAccess<'de>, T: Deserialize<'de>>(
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
struct Pair<T>([T; 2]);

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
        fn $fn<'de, D: Deserializer<'de>>(d: D) -> Result<$out, D::Error> {
            at(Seg::Field($name), || <$read>::deserialize(d)).map($conv)
        }
    };
    ($fn:ident, $name:literal, $ty:ty) => {
        fn $fn<'de, D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
            at(Seg::Field($name), || <$ty>::deserialize(d))
        }
    };
}

fn unb<T, B>(v: BVec<T, B>) -> Vec<T> {
    v.0
}

fn unb_pair<T, B>(p: Pair<BVec<T, B>>) -> [Vec<T>; 2] {
    let [a, b] = p.0;
    [a.0, b.0]
}

fn unb_lists<T, B, C>(v: BVec<BVec<T, B>, C>) -> Vec<Vec<T>> {
    v.0.into_iter().map(|x| x.0).collect()
}

field!(de_parts, "parts", TableParts);
field!(de_board, "board", BoardTable);
field!(de_drops, "drops", Option<DropRules>);
field!(de_end, "end", EndRules);
field!(de_squares, "squares", BVec<SquareInfo, LSquares>, Vec<SquareInfo>, unb);
field!(de_cells, "cells", BVec<[u8; 2], LCells>, Vec<[u8; 2]>, unb);
field!(de_holes, "holes", BVec<[u8; 2], LCells>, Vec<[u8; 2]>, unb);
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

// ---------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------

/// Everything the runtime needs to play a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantTables {
    /// Format version, [`FORMAT_VERSION`].
    pub(crate) format: u32,
    #[serde(deserialize_with = "de_parts")]
    pub(crate) parts: TableParts,
}

/// The content of a [`VariantTables`], as plain data with public fields.
///
/// The compiler fills one in and hands it to [`VariantTables::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableParts {
    /// The variant's display name.
    pub name: String,
    /// The board: squares, their cells and FEN order.
    #[serde(deserialize_with = "de_board")]
    pub board: BoardTable,
    /// The piece types; `pieces[p]` is piece `p`.
    #[serde(deserialize_with = "de_pieces")]
    pub pieces: Vec<PieceTable>,
    /// Promotion rules, any number per piece.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_promotions"
    )]
    pub promotions: Vec<PromotionRule>,
    /// Drop rules; `None` if captured pieces leave the game.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_drops"
    )]
    pub drops: Option<DropRules>,
    /// Castling moves.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_castling"
    )]
    pub castling: Vec<CastlingRule>,
    /// Gating rules: a piece in hand may enter on the square a piece has
    /// just left, as part of that move, while that square's gate right
    /// lasts. Empty: no gating.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_gating"
    )]
    pub gating: Vec<GateRule>,
    /// How the game ends.
    #[serde(deserialize_with = "de_end")]
    pub end: EndRules,
    /// Rules that remove moves from the legal ones.
    #[serde(default, skip_serializing_if = "Legality::is_none")]
    pub legality: Legality,
    /// The start position in this variant's FEN.
    pub start: String,
    /// The named zones of the source, for pictures and other programs (a
    /// palace, a river's two halves); the rules above already hold their
    /// squares wherever a rule uses them.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_zones"
    )]
    pub zones: Vec<ZoneTable>,
}

/// A named zone: a set of squares per side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneTable {
    /// Its name, as declared.
    pub name: String,
    /// `squares[side]`: that side's squares.
    #[serde(deserialize_with = "de_zone")]
    pub squares: [Vec<u16>; 2],
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// Cell-grid width (columns).
    pub width: u8,
    /// Cell-grid height (rows).
    pub height: u8,
    /// `squares[s]` is square `s`.
    #[serde(deserialize_with = "de_squares")]
    pub squares: Vec<SquareInfo>,
    /// The FEN board field: one group of squares per `/`-separated field, in
    /// order; within a group, squares in order.
    #[serde(deserialize_with = "de_fen_rows")]
    pub fen_rows: Vec<Vec<u16>>,
    /// `forward[side]`: the side's forward vector `[dx, dy]` on the cell grid
    /// (White `[0, 1]` and Black `[0, -1]` on ordinary boards). Drawings put
    /// White's forward vector up.
    pub forward: [[i8; 2]; 2],
    /// Holes: cells `[column, row]` inside the board that are no square
    /// (sliders stop there; drawings show them as holes, not as off the
    /// board). Optional: empty if none.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_holes"
    )]
    pub holes: Vec<[u8; 2]>,
    /// File labels, one per column left to right (`a`, `b`, …). Optional:
    /// empty if unknown; otherwise exactly `width` labels (a label may be
    /// empty).
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_files"
    )]
    pub files: Vec<String>,
    /// Rank labels, one per row bottom to top (`1`, `2`, …). Optional: empty
    /// if unknown; otherwise exactly `height` labels.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_ranks"
    )]
    pub ranks: Vec<String>,
    /// `[files, ranks]`: whether the grid's left and right edges join, and
    /// whether its bottom and top edges join. Paths already cross the seam;
    /// only drawings use it. Optional: `[false, false]` if absent.
    #[serde(default, skip_serializing_if = "no_wrap")]
    pub wrap: [bool; 2],
}

fn no_wrap(w: &[bool; 2]) -> bool {
    !w[0] && !w[1]
}

/// One square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquareInfo {
    /// Its name, e.g. `e4`.
    pub name: String,
    /// The grid cells it covers, as `[column, row]` from the bottom left; the
    /// first is the cell that names it.
    #[serde(deserialize_with = "de_cells")]
    pub cells: Vec<[u8; 2]>,
}

/// One piece type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceTable {
    /// The piece's name.
    pub name: String,
    /// Its symbol in FEN and notation ([`is_symbol`]): one to three ASCII
    /// letters, optionally followed by an apostrophe (`K`, `DE`, `N'`),
    /// in one case (upper case in the tables fairyc writes; readers fold
    /// case). White's pieces are written with it in upper case, Black's in
    /// lower case (the whole symbol).
    pub letter: String,
    /// A royal piece may not be left attacked; checkmate is about royals.
    #[serde(default, skip_serializing_if = "is_false")]
    pub royal: bool,
    /// With `royal`: only this side's (0 White, 1 Black) pieces of this type
    /// are royal; the other side's are ordinary pieces, and that side has no
    /// royal piece at all if no other type is royal for it. `None`: both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub royal_side: Option<u8>,
    /// What the piece becomes in the capturer's hand when it is captured
    /// without a promoted mark; `None` means itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_as: Option<u8>,
    /// What the piece becomes in hand when captured while marked promoted
    /// (`~` in FEN). `None` if this piece never carries the mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demotes_to: Option<u8>,
    /// Written `+` and its symbol in FEN and notation (a promoted face, as
    /// shogi writes `+P`): symbols are unique among the pieces with `plus`
    /// and among those without.
    #[serde(default, skip_serializing_if = "is_false")]
    pub plus: bool,
    /// A promotion makes this piece only while the promoting side has
    /// fewer than this many of it on the board (`Queen max 1`); `None`:
    /// no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promotion_limit: Option<u8>,
    /// `moves[side][square]` lists the piece's paths from that square.
    #[serde(deserialize_with = "de_moves")]
    pub moves: [Vec<Vec<Path>>; 2],
    /// Piece types (indices) this piece never captures, on any of its
    /// paths. None of them is royal.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cannot_capture: Vec<u8>,
    /// Piece types (indices) its hopper paths may not use as a hurdle: a
    /// hopper path whose first occupied square holds one gives no move.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cannot_hop: Vec<u8>,
    /// What the piece is worth when the material is counted (`points` end
    /// verdicts), in tenths of a point.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub points: u32,
}

/// A path: a sequence of steps walked in order, for one move direction.
///
/// Walking a path: for each step in turn, if any square of `block` is occupied
/// the walk ends; if the step's `to` square is occupied, the piece may capture
/// there (if `capture`) and the walk ends; otherwise it may move there (if
/// `quiet`) and the walk goes on to the next step. A leap is a path of one
/// step, a slider's ray a path of many, a lame leap a step with `block`
/// squares, the Mao-rider a path whose steps each have a `block` square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "PathRepr")]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The piece may move to an empty square (JSON default `true`).
    pub quiet: bool,
    /// The piece may capture an enemy piece (JSON default `true`).
    pub capture: bool,
    /// The piece may capture en passant on this path: when a step's `to` is
    /// the en-passant square, the piece that created it is captured.
    pub en_passant: bool,
    /// A quiet move along this path creates en-passant squares: the squares
    /// passed over (earlier steps' `to` and all `block` squares up to the
    /// destination).
    pub creates_en_passant: bool,
    /// A guard: if not empty, the move is allowed only when a friendly piece
    /// stands on at least one of these squares (judged before the move).
    pub friend_on: Vec<u16>,
    /// A hopper (XBetza `p`, `g`): the walk passes over exactly one occupied
    /// square (the hurdle) before it may land; `Some(n)`: at most `n` squares
    /// beyond the hurdle (`g` is `Some(1)`), `Some(0)` any number.
    pub hop: Option<u16>,
    /// The path is no move: it only attacks (an enemy royal piece may not
    /// stand where it reaches; the flying-general rule).
    pub attack_only: bool,
    /// A one-time move (`once`): made only while the mover's side holds the
    /// right of the square it starts from (rights are kept per square, lost
    /// once a move starts or ends there; JSON default `false`).
    pub once: bool,
    /// Not made while the mover's side is in check (`if not-in-check`;
    /// JSON default `false`).
    pub not_in_check: bool,
    /// A capture on the way (XBetza `c` on a leg before the last; JSON
    /// default `false`): the first step's square must hold an enemy piece,
    /// which the move captures; the piece goes on along the later steps,
    /// which are its landing squares.
    pub locust: bool,
    /// A step may be the start square (JSON default `false`): it is empty
    /// while the piece moves, and landing there the piece ends where it
    /// started (a pass, or with `locust` a capture without moving).
    pub returns: bool,
}

/// The JSON form of a [`Path`] when written: its steps alone
/// (`[27, 36, 45]`) when every flag has its default, an object otherwise.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
enum PathRepr {
    Steps(Vec<Step>),
    Full(PathFields),
}

#[derive(Clone, Debug, Serialize)]
struct PathFields {
    steps: Vec<Step>,
    #[serde(skip_serializing_if = "is_true")]
    quiet: bool,
    #[serde(skip_serializing_if = "is_true")]
    capture: bool,
    #[serde(skip_serializing_if = "is_false")]
    en_passant: bool,
    #[serde(skip_serializing_if = "is_false")]
    creates_en_passant: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    friend_on: Vec<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hop: Option<u16>,
    #[serde(skip_serializing_if = "is_false")]
    attack_only: bool,
    #[serde(skip_serializing_if = "is_false")]
    once: bool,
    #[serde(skip_serializing_if = "is_false")]
    not_in_check: bool,
    #[serde(skip_serializing_if = "is_false")]
    locust: bool,
    #[serde(skip_serializing_if = "is_false")]
    returns: bool,
}

impl From<Path> for PathRepr {
    fn from(p: Path) -> PathRepr {
        if p.quiet
            && p.capture
            && !p.en_passant
            && !p.creates_en_passant
            && p.friend_on.is_empty()
            && p.hop.is_none()
            && !p.attack_only
            && !p.once
            && !p.not_in_check
            && !p.locust
            && !p.returns
        {
            PathRepr::Steps(p.steps)
        } else {
            PathRepr::Full(PathFields {
                steps: p.steps,
                quiet: p.quiet,
                capture: p.capture,
                en_passant: p.en_passant,
                creates_en_passant: p.creates_en_passant,
                friend_on: p.friend_on,
                hop: p.hop,
                attack_only: p.attack_only,
                once: p.once,
                not_in_check: p.not_in_check,
                locust: p.locust,
                returns: p.returns,
            })
        }
    }
}

const PATH_FIELDS: &[&str] = &[
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
fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
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
                    "a path: an array of steps, or an object {\"steps\": [...], \"quiet\", \
                     \"capture\", \"en_passant\", \"creates_en_passant\", \"friend_on\", \"hop\", \
                     \"attack_only\", \"once\", \"not_in_check\", \"locust\", \"returns\"}",
                )
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Path, A::Error> {
                Ok(Path {
                    steps: read_seq(seq, Limit::StepsPerPath)?,
                    quiet: true,
                    capture: true,
                    en_passant: false,
                    creates_en_passant: false,
                    friend_on: Vec::new(),
                    hop: None,
                    attack_only: false,
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
                let (mut one_time, mut not_in_check): (Option<bool>, Option<bool>) = (None, None);
                let (mut locust, mut returns): (Option<bool>, Option<bool>) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "steps" => once(&mut map, &mut steps, "steps")?,
                        "quiet" => once(&mut map, &mut quiet, "quiet")?,
                        "capture" => once(&mut map, &mut capture, "capture")?,
                        "en_passant" => once(&mut map, &mut ep, "en_passant")?,
                        "creates_en_passant" => once(&mut map, &mut creates, "creates_en_passant")?,
                        "friend_on" => once(&mut map, &mut friend_on, "friend_on")?,
                        "hop" => once(&mut map, &mut hop, "hop")?,
                        "attack_only" => once(&mut map, &mut attack_only, "attack_only")?,
                        "once" => once(&mut map, &mut one_time, "once")?,
                        "not_in_check" => once(&mut map, &mut not_in_check, "not_in_check")?,
                        "locust" => once(&mut map, &mut locust, "locust")?,
                        "returns" => once(&mut map, &mut returns, "returns")?,
                        other => return Err(de::Error::unknown_field(other, PATH_FIELDS)),
                    }
                }
                Ok(Path {
                    steps: steps.ok_or_else(|| de::Error::missing_field("steps"))?.0,
                    quiet: quiet.unwrap_or(true),
                    capture: capture.unwrap_or(true),
                    en_passant: ep.unwrap_or(false),
                    creates_en_passant: creates.unwrap_or(false),
                    friend_on: friend_on.map(|b| b.0).unwrap_or_default(),
                    hop,
                    attack_only: attack_only.unwrap_or(false),
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

/// One step of a [`Path`]. In JSON a step without `block` squares is written
/// as its `to` square alone (`27`), otherwise as `{"to": 27, "block": [19]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "StepRepr")]
pub struct Step {
    /// The square the step lands on.
    pub to: u16,
    /// Squares that must be empty for the step to be taken.
    pub block: Vec<u16>,
}

/// The JSON form of a [`Step`] when written.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
enum StepRepr {
    To(u16),
    Full { to: u16, block: Vec<u16> },
}

impl From<Step> for StepRepr {
    fn from(s: Step) -> StepRepr {
        if s.block.is_empty() {
            StepRepr::To(s.to)
        } else {
            StepRepr::Full {
                to: s.to,
                block: s.block,
            }
        }
    }
}

/// Counts one step against [`MAX_TOTAL_STEPS`] while
/// [`VariantTables::from_json`] reads.
fn count_step<E: de::Error>() -> Result<(), E> {
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

/// A promotion rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionRule {
    /// The piece that promotes.
    pub piece: u8,
    /// `zone[side]`: a move of this piece that finishes on one of these
    /// squares promotes.
    #[serde(deserialize_with = "de_zone")]
    pub zone: [Vec<u16>; 2],
    /// The choices.
    #[serde(deserialize_with = "de_choices")]
    pub choices: Vec<PromotionChoice>,
    /// Whether the player may decline.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
    /// The rule applies to a move that starts on a zone square.
    #[serde(default, skip_serializing_if = "is_false")]
    pub on_start: bool,
    /// The rule applies to a move that finishes on a zone square (the
    /// default).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub on_end: bool,
    /// The rule applies to a move that passes over a zone square (an
    /// earlier step of its path lands there).
    #[serde(default, skip_serializing_if = "is_false")]
    pub on_pass: bool,
    /// `on entry`: the rule applies to a move that starts outside the zone
    /// and finishes on a zone square.
    #[serde(default, skip_serializing_if = "is_false")]
    pub on_entry: bool,
    /// `if capture`: the rule applies only to a move that captures
    /// (en passant included). Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub capture_only: bool,
    /// `forced[side]`: destinations where an `optional` rule may not be
    /// declined (the piece could never move from there).
    #[serde(
        default,
        skip_serializing_if = "pair_is_empty",
        deserialize_with = "de_forced"
    )]
    pub forced: [Vec<u16>; 2],
    /// `turn`: the rule is a move of its own, not part of one: a piece
    /// standing on a zone square turns into a choice where it stands, or
    /// with one move of the choice to an empty square (no capture); the
    /// piece's other moves are untouched, and a choice's limit (`limits`)
    /// applies. Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub turn: bool,
    /// `alone` (with `turn`): a piece that is its side's only one of its
    /// type on the board may turn on any square. Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub alone: bool,
    /// `no-check`: a promotion by this rule may not give check. Absent
    /// means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_check: bool,
    /// `no-attack`: a promotion by this rule may not leave the new piece
    /// attacking an enemy piece (with one of its capturing moves, from the
    /// square where it ends). Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub no_attack: bool,
}

/// What a promoting piece becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionChoice {
    /// It becomes this piece on the square.
    Piece(u8),
    /// It leaves the board into its owner's hand as this piece.
    Hand(u8),
}

/// Drop rules: captured pieces go to the capturer's hand and can be dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropRules {
    /// `forbidden[piece][side]`: squares where that side may not drop that piece.
    #[serde(deserialize_with = "de_forbidden")]
    pub forbidden: Vec<[Vec<u16>; 2]>,
    /// `no_mate[piece]`: dropping that piece may not checkmate.
    #[serde(deserialize_with = "de_no_mate")]
    pub no_mate: Vec<bool>,
    /// Captured pieces go to the capturer's hand (JSON default `true`); if
    /// `false`, they leave the game and only the pieces in hand in the start
    /// position (or a FEN) are ever dropped.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub captures_to_hand: bool,
    /// `per_file[piece]`: if not 0, a side may not drop that piece on a
    /// file (a column of the cell grid) that already holds this many of its
    /// own pieces of that type (shogi's nifu is 1). Empty: no such limit.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_per_file"
    )]
    pub per_file: Vec<u8>,
    /// `also_as[q]`: if not `null`, a piece `q` in hand may also be dropped
    /// as that piece (a promoted face, as kyoto shogi drops `+L`); the drop
    /// takes a `q` from the hand. Empty: no such drops.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_also_as"
    )]
    pub also_as: Vec<Option<u8>>,
    /// `per_colour[piece]`: if not 0, a side may not drop that piece on a
    /// square of a colour (the parity of its cell's `x + y`) that already
    /// holds this many of its own pieces of that type; and a drop of
    /// another piece may not leave too few free squares, where this piece
    /// may be dropped, for the ones still in hand (placement's bishops on
    /// opposite colours are 1). Empty: no such limit.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_per_colour"
    )]
    pub per_colour: Vec<u8>,
    /// `must-drop`: while a side has pieces in hand and a legal drop, its
    /// board moves are not legal. Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub must_drop: bool,
    /// A royal piece may be in hand (the setup puts it there): it enters
    /// by a drop, and until then its side has no royal piece on the board.
    /// A side then has one royal piece on the board and in hand together.
    /// Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub royal_in_hand: bool,
}

/// A gating rule: `piece`, in its owner's hand, may enter on a square of
/// `squares[side]` that a piece of the side has just left (by a move or
/// castling), while the side has the gate right of that square. A side has
/// the right of each of its gate squares until a move starts or ends there;
/// in a variant where captures do not go to hand, a side with an empty hand
/// has no gate rights. The FEN writes a right as the square's file letter
/// after the side's castling letters (`KQABCDEFGH`, black lowercase), and a
/// castling letter also grants the rights of its king's and rook's squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GateRule {
    /// The piece that may gate.
    pub piece: u8,
    /// `squares[side]`: the side's gate squares for it.
    #[serde(deserialize_with = "de_gate_squares")]
    pub squares: [Vec<u16>; 2],
}

/// A castling move.
///
/// Playing it takes the king-like piece from `king_from` and the rook-like
/// piece from `rook_from`, then puts them on `king_to` and `rook_to`. So a
/// valid rule has `king_from != rook_from`, `king_to != rook_to`, and each
/// of `king_to` and `rook_to` either in `empty` or one of the two start
/// squares; [`VariantTables::new`] refuses any other.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingRule {
    /// Whose move it is: 0 White, 1 Black.
    pub side: u8,
    /// Its letter in the FEN castling field.
    pub fen: char,
    /// The king-like piece.
    pub king: u8,
    /// Where it stands.
    pub king_from: u16,
    /// Where it goes.
    pub king_to: u16,
    /// The rook-like piece.
    pub rook: u8,
    /// Where it stands.
    pub rook_from: u16,
    /// Where it goes.
    pub rook_to: u16,
    /// Squares that must be empty (other than the two pieces' own).
    #[serde(deserialize_with = "de_empty")]
    pub empty: Vec<u16>,
    /// Squares that must not be attacked (the king's start, path and end).
    #[serde(deserialize_with = "de_safe")]
    pub safe: Vec<u16>,
    /// A *free* castling (Chess960): the king and the rook start anywhere on
    /// these squares (the whole line through `king_to` and `rook_to`, in
    /// order), the rook on the side of the king away from which `rook_to`
    /// lies from `king_to`. The position names the two squares; then
    /// `king_from` is `king_to` and `rook_from` is `rook_to`, `empty` and
    /// `safe` are empty. Empty for an ordinary castling.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_line"
    )]
    pub line: Vec<u16>,
    /// `by-drop`: the right is granted when a drop puts the king on
    /// `king_from` while the rook stands on `rook_from`, or the rook on
    /// `rook_from` while the king stands on `king_from` (placement).
    /// Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub by_drop: bool,
}

/// An outcome for the player a rule happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// That player wins.
    Win,
    /// The game is drawn.
    Draw,
    /// That player loses.
    Loss,
}

/// How a game that ends by passing or by facing royal pieces is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The player who made the last move wins.
    Win,
    /// The game is drawn.
    Draw,
    /// The player who made the last move loses.
    Loss,
    /// The material is counted: each side's pieces on the board by their
    /// `points`, plus its `komi`; the higher total wins, equal totals draw.
    Points,
}

/// How the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndRules {
    /// For the checkmated player.
    pub checkmate: Outcome,
    /// For the stalemated player.
    pub stalemate: Outcome,
    /// Repetition rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<RepetitionRule>,
    /// The n-move rule: this many full moves (2n plies) without a capture or
    /// a move of a piece that resets the counter ends the game in a draw.
    /// From 1 to [`MAX_MOVE_LIMIT`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit: Option<u32>,
    /// Pieces whose every move and drop resets the n-move counter.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_resets"
    )]
    pub resets_move_limit: Vec<u8>,
    /// The kinds of move that reset the n-move counter (captures alone by
    /// default; a table leaves the default out).
    #[serde(default, skip_serializing_if = "ClockEvents::is_default")]
    pub resets_on: ClockEvents,
    /// Pieces whose moves reset the n-move counter when they cannot be
    /// undone: the piece's own non-capturing moves, from where it lands on
    /// an empty board, do not reach the square it came from.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_resets_irreversible"
    )]
    pub resets_irreversible: Vec<u8>,
    /// Bare-royal rule: for the player whose royal piece is alone on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bare_king: Option<Outcome>,
    /// With `bare_king`: the bared player may reply once while the opponent
    /// has a single piece besides royals (`bare-king … after-reply`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub bare_king_after_reply: bool,
    /// Goals: a player whose piece stands on one of its target squares.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_reach"
    )]
    pub reach: Vec<ReachRule>,
    /// Stalemate is decided by material instead of `stalemate`: the
    /// stalemated player wins with fewer pieces on the board than the
    /// opponent, loses with more, draws with as many.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stalemate_fewer_pieces: bool,
    /// Check counting: a player who has given `count` checks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_count: Option<CheckCountRule>,
    /// Extinction: a player with no piece left (of one type), board and
    /// hand together.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extinction: Vec<ExtinctionRule>,
    /// A count of moves that draws the game when it runs out (makruk's
    /// board's and pieces' honour).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counting: Option<CountingRule>,
    /// Two passes in a row (see [`Legality::pass`]) end the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_pass: Option<Verdict>,
    /// Facing royal pieces (the `attack_only` paths of a royal piece reach
    /// the enemy royal piece) stop being illegal: a move may leave them
    /// facing; the player to move while they face must end it or pass
    /// (passing is then legal even in check), and if they face before and
    /// after a move the game ends. The `attack_only` paths are then no
    /// attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Verdict>,
    /// Points added to each side's total (White, Black) when the material is
    /// counted, in tenths of a point.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub komi: [u32; 2],
    /// A checkmate given by pieces of these types alone (every piece that
    /// gives check is one) ends with this outcome for the mated player
    /// instead of `checkmate` (`checkmate by Knight win`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkmate_by: Option<MateRule>,
    /// A checkmate counts only if the mating player's last run of checks
    /// (the mating move and the checking moves of his just before it, as far
    /// back as the position's history goes) holds a check by a piece of
    /// these types; otherwise it ends with this outcome for the mated
    /// player (`checkmate needs Rook | Knight else draw`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkmate_needs: Option<MateRule>,
}

/// A rule on the pieces that give a checkmate: see
/// [`EndRules::checkmate_by`] and [`EndRules::checkmate_needs`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MateRule {
    /// The piece types (indices into `pieces`), at least one.
    pub pieces: Vec<u8>,
    /// For the mated player.
    pub outcome: Outcome,
}

fn is_zero_pair(x: &[u32; 2]) -> bool {
    *x == [0, 0]
}

/// Rules that remove moves from the legal ones (all off by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Legality {
    /// A move that leaves the opponent's royal piece attacked is illegal.
    #[serde(default, skip_serializing_if = "is_false")]
    pub giving_check_forbidden: bool,
    /// When a capture (en passant included) is legal, only captures are.
    #[serde(default, skip_serializing_if = "is_false")]
    pub capture_compulsory: bool,
    /// A player may pass (when not in check): the move changes nothing but
    /// the side to move and the clocks, and is written as the royal piece's
    /// square twice (`e2e2`). Needs exactly one royal piece per side.
    #[serde(default, skip_serializing_if = "is_false")]
    pub pass: bool,
    /// A royal piece in check may move only to capture the piece that gives
    /// it check, and not at all when several do; other pieces still block
    /// or capture (`fleeing-check forbidden`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fleeing_check_forbidden: bool,
    /// A side may have several royal pieces; it is in check only when all
    /// of them are attacked, and a move may leave some of them attacked,
    /// never all (`partial-check allowed`; Spartan chess's duple check).
    #[serde(default, skip_serializing_if = "is_false")]
    pub partial_check_allowed: bool,
    /// A side may have several royal pieces on the board (a promotion may
    /// make one); while it has two or more, none is protected: any may be
    /// left attacked and captured, and the side is never in check. Its last
    /// one is royal as usual (`several-royals allowed`, sho shogi's crown
    /// prince).
    #[serde(default, skip_serializing_if = "is_false")]
    pub several_royals: bool,
}

impl Legality {
    /// Whether no rule is on.
    pub fn is_none(&self) -> bool {
        *self == Legality::default()
    }
}

/// Check counting: each side has `count` checks to give; a player who has
/// given them all gets `outcome`. The counts left are part of the position,
/// its hash and its FEN (`3+3` after the en-passant field, White first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckCountRule {
    /// Checks to give, from 1 to [`MAX_CHECK_COUNT`].
    pub count: u32,
    /// For the player who has given them.
    pub outcome: Outcome,
}

/// A counting rule. After each move, while a count runs its ply count grows
/// by one; then, for the side to move, if no count runs yet (or the move
/// captured and left that side with a single piece) and the
/// side has a limit here, a count starts: the limit is twice the side's
/// limit in moves, and the ply count starts at 0, or at twice the number of
/// pieces on the board for a side with a single piece when `from_pieces`.
/// A side has no limit while a piece of `without` is on the board or the
/// opponent has a single piece; a side with more than one piece has
/// `board`; a side with one piece has the first of `bare` whose needs the
/// opponent's pieces meet. When the ply count exceeds the limit and the
/// player to move is not checkmated, the game is drawn. The count is
/// part of the position and its FEN: the limit in plies in place of the
/// en-passant field, the ply count in place of the half-move clock; the
/// limit is part of the hash, the ply count (a clock) is not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountingRule {
    /// Piece types that stop counting while on the board (either side).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub without: Vec<u8>,
    /// The limit in moves of a side with more than one piece; 0: none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub board: u32,
    /// The limits of a side with a single piece, the first that applies.
    pub bare: Vec<CountingLimit>,
    /// A bare side's ply count starts at twice the number of pieces on the
    /// board (else at 0).
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_pieces: bool,
}

/// One limit of a [`CountingRule`]: it applies when the opponent has, of
/// each `(piece, count)` of `needs`, at least `count` on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountingLimit {
    /// What the opponent must have; empty: always.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<(u8, u32)>,
    /// The limit in moves, from 1 to [`MAX_COUNTING_LIMIT`].
    pub moves: u32,
}

/// The largest limit of a [`CountingRule`], in moves.
pub const MAX_COUNTING_LIMIT: u32 = 1000;

/// The largest `points` of a piece and `komi` of a side, in tenths.
pub const MAX_POINTS: u32 = 100_000;

/// The largest check count of a [`CheckCountRule`].
pub const MAX_CHECK_COUNT: u32 = 100;

/// Extinction: a player who has no piece of `piece` (of any type if `None`)
/// on the board or in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionRule {
    /// The piece type; `None` for all pieces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<u8>,
    /// The rule applies when at most this many are left (0: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub left: u32,
    /// For the player whose pieces are extinct.
    pub outcome: Outcome,
}

/// Repetition: the same position (board, promoted marks, hands, side to move,
/// castling and en-passant rights) occurring `count` times ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionRule {
    /// Occurrences that end the game (at least 2).
    pub count: u32,
    /// The outcome.
    pub outcome: Outcome,
    /// Occurrences from which a player may claim it, if claims exist (from 2
    /// to `count`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<u32>,
}

/// A goal: a piece reaching one of its side's target squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReachRule {
    /// The piece.
    pub piece: u8,
    /// `squares[side]`: the targets of that side.
    #[serde(deserialize_with = "de_reach_squares")]
    pub squares: [Vec<u16>; 2],
    /// For the player who reaches.
    pub outcome: Outcome,
    /// The opponent gets one reply first: the rule is judged at the start
    /// of the reaching player's next turn; if the opponent has reached its
    /// own targets by then and the reaching player is White, it is a draw.
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_reply: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn yes() -> bool {
    true
}

fn pair_is_empty(p: &[Vec<u16>; 2]) -> bool {
    p[0].is_empty() && p[1].is_empty()
}

impl VariantTables {
    /// Builds tables from their parts, checking every invariant.
    ///
    /// # Errors
    ///
    /// A [`TableError`] naming the first broken invariant: an index out of
    /// range, a board too large, a duplicate letter, a castling rule that
    /// would put a piece on another, … (`docs/table-format.md`, "What a
    /// reader must refuse").
    pub fn new(parts: TableParts) -> Result<VariantTables, TableError> {
        validate(&parts)?;
        Ok(VariantTables {
            format: FORMAT_VERSION,
            parts,
        })
    }

    /// Reads tables from the JSON format of `docs/table-format.md`.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] for a text over [`MAX_TABLE_BYTES`] (before
    /// reading it), [`TableError::TooMany`] for a list over its limit (as
    /// soon as it is seen), [`TableError::Json`] if the text is not valid
    /// JSON of the right shape (an unknown field included),
    /// [`TableError::Version`] for another format version, or the invariant
    /// errors of [`VariantTables::new`].
    pub fn from_json(json: &str) -> Result<VariantTables, TableError> {
        if json.len() > MAX_TABLE_BYTES {
            return Err(TableError::TooLarge { bytes: json.len() });
        }
        // The version first (skipping the rest without storing it), so that
        // a table of another version is refused as such, not for a field
        // this version does not know.
        #[derive(Deserialize)]
        struct Head {
            format: u32,
        }
        if let Ok(Head { format }) = serde_json::from_str::<Head>(json) {
            if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&format) {
                return Err(TableError::Version(format));
            }
        }
        trace(|t| {
            *t = Trace {
                path: Vec::new(),
                steps_left: Some(MAX_TOTAL_STEPS),
                breach: None,
            }
        });
        let read = serde_json::from_str::<VariantTables>(json);
        let trace = trace(std::mem::take);
        let tables = match read {
            Ok(t) => t,
            Err(e) => {
                let at = path_text(&trace.path);
                return Err(match trace.breach {
                    Some(limit) => TableError::TooMany { at, limit },
                    None => TableError::Json {
                        at,
                        line: e.line(),
                        column: e.column(),
                        message: e.to_string(),
                    },
                });
            }
        };
        if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&tables.format) {
            return Err(TableError::Version(tables.format));
        }
        validate(&tables.parts)?;
        Ok(tables)
    }

    /// Writes the tables as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Writes the tables as indented JSON, for reading.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The parts, read-only.
    pub fn parts(&self) -> &TableParts {
        &self.parts
    }

    /// The format version.
    pub fn format(&self) -> u32 {
        self.format
    }
}

/// The attack-table work of a table: `n (n + 1) / 2` per capturing path of
/// `n` steps (the runtime's inverse tries hold one chain per step).
pub(crate) fn attack_work(p: &TableParts) -> usize {
    let mut work = 0usize;
    for piece in &p.pieces {
        for side in &piece.moves {
            for path in side.iter().flatten().filter(|x| x.capture) {
                let n = path.steps.len();
                work = work.saturating_add(n.saturating_mul(n + 1) / 2);
            }
        }
    }
    work
}

fn name(of: NameOf, s: &str, may_be_empty: bool) -> Result<(), TableError> {
    if s.len() > MAX_NAME_BYTES || (s.is_empty() && !may_be_empty) {
        return Err(TableError::Name { of, len: s.len() });
    }
    Ok(())
}

fn validate(p: &TableParts) -> Result<(), TableError> {
    let nsq = p.board.squares.len();
    if nsq == 0 || nsq > MAX_SQUARES {
        return Err(TableError::BoardSize(nsq));
    }
    let np = p.pieces.len();
    if np == 0 || np > MAX_PIECES {
        return Err(TableError::PieceCount(np));
    }
    name(NameOf::Variant, &p.name, false)?;
    let sq = |s: u16, at: Field| -> Result<(), TableError> {
        if (s as usize) < nsq {
            Ok(())
        } else {
            Err(TableError::SquareIndex { at, square: s })
        }
    };
    let pc = |x: u8, at: Field| -> Result<(), TableError> {
        if (x as usize) < np {
            Ok(())
        } else {
            Err(TableError::PieceIndex { at, piece: x })
        }
    };
    validate_board(&p.board)?;
    for (g, row) in p.board.fen_rows.iter().enumerate() {
        for &s in row {
            sq(s, Field::FenRows { group: g })?;
        }
    }
    let mut seen = vec![false; nsq];
    for &s in p.board.fen_rows.iter().flatten() {
        if std::mem::replace(&mut seen[s as usize], true) {
            return Err(TableError::FenRowsTwice { square: s });
        }
    }
    if let Some(s) = seen.iter().position(|x| !x) {
        return Err(TableError::FenRowsMissing { square: s as u16 });
    }

    validate_pieces(p, &sq, &pc)?;
    validate_promotions(p, &sq, &pc)?;
    validate_drops_castling_gating(p, &sq, &pc)?;
    validate_end(p, &sq, &pc)?;
    validate_zones_points(p, &sq, &pc)?;
    Ok(())
}

/// [`validate`]: the pieces: names, symbols, paths and their limits.
fn validate_pieces(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let nsq = p.board.squares.len();
    let np = p.pieces.len();
    let mut letters: Vec<(&str, bool)> = Vec::with_capacity(np);
    let mut total_steps = 0usize;
    for (i, piece) in p.pieces.iter().enumerate() {
        let i8 = i as u8;
        name(NameOf::Piece(i8), &piece.name, false)?;
        if !is_symbol(&piece.letter) {
            return Err(TableError::BadLetter {
                piece: i8,
                letter: piece.letter.chars().take(MAX_SYMBOL_BYTES + 1).collect(),
            });
        }
        let plus = piece.plus;
        if let Some(first) = letters
            .iter()
            .position(|&(l, f)| l.eq_ignore_ascii_case(&piece.letter) && f == plus)
        {
            return Err(TableError::DuplicateLetter {
                first: first as u8,
                second: i8,
            });
        }
        letters.push((&piece.letter, plus));
        if let Some(x) = piece.captured_as {
            pc(x, Field::CapturedAs { piece: i8 })?;
        }
        if let Some(x) = piece.demotes_to {
            pc(x, Field::DemotesTo { piece: i8 })?;
        }
        for (side, by_square) in piece.moves.iter().enumerate() {
            if by_square.len() != nsq {
                return Err(TableError::MovesPerSquare {
                    piece: i8,
                    side: side as u8,
                    len: by_square.len(),
                });
            }
            for (from, paths) in by_square.iter().enumerate() {
                for (k, path) in paths.iter().enumerate() {
                    let at = Field::Path {
                        piece: i8,
                        side: side as u8,
                        from: from as u16,
                        path: k,
                    };
                    if path.steps.is_empty() {
                        return Err(TableError::EmptyPath {
                            piece: i8,
                            side: side as u8,
                            from: from as u16,
                            path: k,
                        });
                    }
                    if !path.friend_on.is_empty() && path.capture {
                        return Err(TableError::GuardedCapture {
                            piece: i8,
                            side: side as u8,
                            from: from as u16,
                            path: k,
                        });
                    }
                    total_steps = total_steps.saturating_add(path.steps.len());
                    for step in &path.steps {
                        sq(step.to, at)?;
                        for &b in &step.block {
                            sq(b, at)?;
                        }
                    }
                    for &f in &path.friend_on {
                        sq(f, at)?;
                    }
                }
            }
        }
    }
    if let Some((first, second)) = symbol_clashes(&letters).into_iter().next() {
        return Err(TableError::AmbiguousLetter {
            first: first as u8,
            second: second as u8,
        });
    }
    if total_steps > MAX_TOTAL_STEPS {
        return Err(TableError::TooBig {
            limit: Limit::Steps,
            needed: total_steps,
        });
    }
    let work = attack_work(p);
    if work > MAX_ATTACK_WORK {
        return Err(TableError::TooBig {
            limit: Limit::AttackWork,
            needed: work,
        });
    }
    Ok(())
}

/// [`validate`]: royal pieces never reach a hand; the promotion rules.
fn validate_promotions(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let royal = |x: u8| p.pieces[x as usize].royal;
    // A royal piece never reaches a hand: no piece is captured as one or
    // demotes to one (royal pieces themselves are never captured).
    for (i, piece) in p.pieces.iter().enumerate() {
        let i = i as u8;
        if let Some(x) = piece.captured_as.filter(|&x| royal(x)) {
            return Err(TableError::RoyalInHand {
                via: HandRoute::CapturedAs(i),
                piece: x,
            });
        }
        if let Some(x) = piece.demotes_to.filter(|&x| royal(x)) {
            return Err(TableError::RoyalInHand {
                via: HandRoute::DemotesTo(i),
                piece: x,
            });
        }
    }

    if p.promotions.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.promotions.len(),
        });
    }
    for (rule, r) in p.promotions.iter().enumerate() {
        let at = Field::Promotion { rule };
        pc(r.piece, at)?;
        for &s in r.zone.iter().flatten() {
            sq(s, at)?;
        }
        for &s in r.forced.iter().flatten() {
            sq(s, at)?;
        }
        if r.choices.is_empty() {
            return Err(TableError::NoPromotionChoice { rule });
        }
        if r.choices.len() > MAX_CHOICES {
            return Err(TableError::TooBig {
                limit: Limit::Choices,
                needed: r.choices.len(),
            });
        }
        // A royal piece promotes only to a piece royal for the same sides,
        // on the board: its side keeps its one royal piece.
        let same_royalty = |x: u8| {
            let (a, b) = (&p.pieces[r.piece as usize], p.pieces.get(x as usize));
            b.is_some_and(|b| b.royal && b.royal_side == a.royal_side)
        };
        if royal(r.piece)
            && r.choices
                .iter()
                .any(|c| !matches!(*c, PromotionChoice::Piece(x) if same_royalty(x)))
        {
            return Err(TableError::RoyalPromotes {
                rule,
                piece: r.piece,
            });
        }
        for (k, c) in r.choices.iter().enumerate() {
            if r.choices[..k].contains(c) {
                return Err(TableError::DuplicatePromotionChoice { rule, choice: *c });
            }
            match *c {
                PromotionChoice::Piece(x) => {
                    pc(x, at)?;
                    // A side may have several royal pieces only with
                    // `partial-check allowed` or `several-royals allowed`.
                    if royal(x)
                        && !royal(r.piece)
                        && !p.legality.partial_check_allowed
                        && !p.legality.several_royals
                    {
                        return Err(TableError::PromotionToRoyal { rule, piece: x });
                    }
                }
                PromotionChoice::Hand(x) => {
                    pc(x, at)?;
                    if p.drops.is_none() {
                        return Err(TableError::HandWithoutDrops { rule });
                    }
                    if royal(x) {
                        return Err(TableError::RoyalInHand {
                            via: HandRoute::Promotion(rule),
                            piece: x,
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

/// [`validate`]: the drop, castling and gating rules.
fn validate_drops_castling_gating(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let royal = |x: u8| p.pieces[x as usize].royal;
    let np = p.pieces.len();
    if let Some(d) = &p.drops {
        if !(d.per_file.is_empty() || d.per_file.len() == np) {
            return Err(TableError::DropPerFile {
                len: d.per_file.len(),
            });
        }
        if !(d.also_as.is_empty() || d.also_as.len() == np) {
            return Err(TableError::DropPerFile {
                len: d.also_as.len(),
            });
        }
        if !(d.per_colour.is_empty() || d.per_colour.len() == np) {
            return Err(TableError::DropPerFile {
                len: d.per_colour.len(),
            });
        }
        for (q, x) in d.also_as.iter().enumerate() {
            if let Some(x) = *x {
                pc(x, Field::Drops { piece: q as u8 })?;
                if royal(x) {
                    return Err(TableError::RoyalInHand {
                        via: HandRoute::CapturedAs(q as u8),
                        piece: x,
                    });
                }
            }
        }
        if d.forbidden.len() != np || d.no_mate.len() != np {
            return Err(TableError::DropLists {
                forbidden: d.forbidden.len(),
                no_mate: d.no_mate.len(),
            });
        }
        for (piece, f) in d.forbidden.iter().enumerate() {
            for &s in f.iter().flatten() {
                sq(s, Field::Drops { piece: piece as u8 })?;
            }
        }
    }
    validate_castling(p, &sq, &pc)?;
    for (rule, g) in p.gating.iter().enumerate() {
        let at = Field::Gating { rule };
        pc(g.piece, at)?;
        if royal(g.piece) {
            return Err(TableError::RoyalGates { rule });
        }
        for &s in g.squares.iter().flatten() {
            sq(s, at)?;
        }
    }
    Ok(())
}

/// [`validate`]: the end rules.
fn validate_end(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    if let Some(r) = p.end.repetition {
        if r.count < 2 {
            return Err(TableError::RepetitionCount(r.count));
        }
        if let Some(claim) = r.claim.filter(|&c| c < 2 || c > r.count) {
            return Err(TableError::RepetitionClaim {
                claim,
                count: r.count,
            });
        }
    }
    if let Some(n) = p.end.move_limit.filter(|&n| n == 0 || n > MAX_MOVE_LIMIT) {
        return Err(TableError::MoveLimit(n));
    }
    if p.end.reach.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.end.reach.len(),
        });
    }
    for (rule, r) in p.end.reach.iter().enumerate() {
        let at = Field::Reach { rule };
        pc(r.piece, at)?;
        for &s in r.squares.iter().flatten() {
            sq(s, at)?;
        }
    }
    for &x in &p.end.resets_move_limit {
        pc(x, Field::ResetsMoveLimit)?;
    }
    for &x in &p.end.resets_irreversible {
        pc(x, Field::ResetsIrreversible)?;
    }
    if let Some(c) = p
        .end
        .check_count
        .filter(|c| c.count == 0 || c.count > MAX_CHECK_COUNT)
    {
        return Err(TableError::CheckCount(c.count));
    }
    if let Some(c) = &p.end.counting {
        for &x in &c.without {
            pc(x, Field::Counting)?;
        }
        if c.bare.len() > MAX_RULES {
            return Err(TableError::TooBig {
                limit: Limit::Rules,
                needed: c.bare.len(),
            });
        }
        for l in &c.bare {
            for &(x, _) in &l.needs {
                pc(x, Field::Counting)?;
            }
        }
        let limits = c.bare.iter().map(|l| l.moves);
        let bad = |n: u32| n == 0 || n > MAX_COUNTING_LIMIT;
        if let Some(n) = limits
            .chain((c.board != 0).then_some(c.board))
            .find(|&n| bad(n))
        {
            return Err(TableError::CountingLimit(n));
        }
    }
    if p.end.extinction.len() > MAX_RULES {
        return Err(TableError::TooBig {
            limit: Limit::Rules,
            needed: p.end.extinction.len(),
        });
    }
    for (rule, r) in p.end.extinction.iter().enumerate() {
        if let Some(x) = r.piece {
            pc(x, Field::Extinction { rule })?;
        }
    }
    for r in p.end.checkmate_by.iter().chain(&p.end.checkmate_needs) {
        if r.pieces.is_empty() {
            return Err(TableError::EmptyMateRule);
        }
        if r.pieces.len() > MAX_PIECES {
            return Err(TableError::TooBig {
                limit: Limit::Rules,
                needed: r.pieces.len(),
            });
        }
        for &x in &r.pieces {
            pc(x, Field::MateRule)?;
        }
    }
    Ok(())
}

/// [`validate`]: the zones, the points and the rules that need a royal piece.
fn validate_zones_points(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    for (zone, z) in p.zones.iter().enumerate() {
        name(NameOf::Zone(zone), &z.name, false)?;
        // Zones are found by name (`fairyc show --zone`): one zone a name.
        if let Some(first) = p.zones[..zone].iter().position(|y| y.name == z.name) {
            return Err(TableError::DuplicateZoneName {
                first,
                second: zone,
                name: z.name.clone(),
            });
        }
        for &s in z.squares.iter().flatten() {
            sq(s, Field::Zone { zone })?;
        }
    }
    for (i, piece) in p.pieces.iter().enumerate() {
        if let Some(side) = piece.royal_side.filter(|&s| s > 1 || !piece.royal) {
            return Err(TableError::RoyalSide {
                piece: i as u8,
                side,
            });
        }
        for &x in piece.cannot_capture.iter().chain(&piece.cannot_hop) {
            pc(x, Field::CannotCapture { piece: i as u8 })?;
        }
        if let Some(&royal) = piece
            .cannot_capture
            .iter()
            .find(|&&x| p.pieces[x as usize].royal)
        {
            return Err(TableError::CannotCaptureRoyal {
                piece: i as u8,
                royal,
            });
        }
        if piece.points > MAX_POINTS {
            return Err(TableError::Points(piece.points));
        }
    }
    if let Some(&k) = p.end.komi.iter().find(|&&k| k > MAX_POINTS) {
        return Err(TableError::Points(k));
    }
    if p.legality.pass && !p.pieces.iter().any(|x| x.royal && x.royal_side.is_none()) {
        return Err(TableError::PassWithoutRoyal);
    }
    Ok(())
}

/// The board: the grid, squares' names and cells, holes and labels.
fn validate_board(b: &BoardTable) -> Result<(), TableError> {
    let (w, h) = (b.width as usize, b.height as usize);
    if w == 0 || h == 0 {
        return Err(TableError::EmptyGrid {
            width: b.width,
            height: b.height,
        });
    }
    let mut used = vec![false; w * h];
    let mut claim = |cell: [u8; 2], square: Option<u16>| -> Result<(), TableError> {
        let (x, y) = (cell[0] as usize, cell[1] as usize);
        if x >= w || y >= h {
            return Err(TableError::CellOutsideGrid { square, cell });
        }
        if std::mem::replace(&mut used[y * w + x], true) {
            return Err(TableError::DuplicateCell { cell });
        }
        Ok(())
    };
    let mut names: std::collections::HashMap<&str, u16> = std::collections::HashMap::new();
    for (i, s) in b.squares.iter().enumerate() {
        let i = i as u16;
        name(NameOf::Square(i), &s.name, false)?;
        if let Some(&first) = names.get(s.name.as_str()) {
            return Err(TableError::DuplicateSquareName {
                first,
                second: i,
                name: s.name.clone(),
            });
        }
        names.insert(&s.name, i);
        if s.cells.is_empty() {
            return Err(TableError::SquareWithoutCells { square: i });
        }
        for &c in &s.cells {
            claim(c, Some(i))?;
        }
    }
    for &c in &b.holes {
        claim(c, None)?;
    }
    for (files, labels, expected) in [(true, &b.files, w), (false, &b.ranks, h)] {
        if !labels.is_empty() && labels.len() != expected {
            return Err(TableError::LabelCount {
                files,
                len: labels.len(),
                expected,
            });
        }
        for (k, l) in labels.iter().enumerate() {
            let of = if files {
                NameOf::File(k as u8)
            } else {
                NameOf::Rank(k as u8)
            };
            name(of, l, true)?;
        }
    }
    Ok(())
}

/// Castling rules: see [`CastlingRule`] for the invariant.
fn validate_castling(
    p: &TableParts,
    sq: &dyn Fn(u16, Field) -> Result<(), TableError>,
    pc: &dyn Fn(u8, Field) -> Result<(), TableError>,
) -> Result<(), TableError> {
    if p.castling.len() > MAX_CASTLING {
        return Err(TableError::CastlingCount(p.castling.len()));
    }
    for (rule, c) in p.castling.iter().enumerate() {
        let at = Field::Castling { rule };
        let bad = |problem| Err(TableError::Castling { rule, problem });
        if c.side > 1 {
            return bad(CastlingProblem::Side(c.side));
        }
        if !c.fen.is_ascii_alphabetic() {
            return bad(CastlingProblem::Letter(c.fen));
        }
        pc(c.king, at)?;
        pc(c.rook, at)?;
        for s in [c.king_from, c.king_to, c.rook_from, c.rook_to] {
            sq(s, at)?;
        }
        for &s in c.empty.iter().chain(&c.safe).chain(&c.line) {
            sq(s, at)?;
        }
        if !c.line.is_empty() {
            let on = |s: u16| c.line.contains(&s);
            let distinct = c
                .line
                .iter()
                .enumerate()
                .all(|(i, s)| !c.line[..i].contains(s));
            if !distinct
                || !on(c.king_to)
                || !on(c.rook_to)
                || c.king_from != c.king_to
                || c.rook_from != c.rook_to
                || !c.empty.is_empty()
                || !c.safe.is_empty()
            {
                return bad(CastlingProblem::FreeLine);
            }
        }
        if c.king_from == c.rook_from {
            return bad(CastlingProblem::SameStart);
        }
        if c.king_to == c.rook_to {
            return bad(CastlingProblem::SameEnd);
        }
        let free = |s: u16| s == c.king_from || s == c.rook_from || c.empty.contains(&s);
        if !free(c.king_to) {
            return bad(CastlingProblem::KingToNotEmpty);
        }
        if !free(c.rook_to) {
            return bad(CastlingProblem::RookToNotEmpty);
        }
        for (other, o) in p.castling[..rule].iter().enumerate() {
            // One letter may name one right of several moves: ordinary
            // rules of the same pieces from the same squares.
            let same_right = o.side == c.side
                && o.line.is_empty()
                && c.line.is_empty()
                && o.king == c.king
                && o.rook == c.rook
                && o.king_from == c.king_from
                && o.rook_from == c.rook_from;
            if o.fen == c.fen && !same_right {
                return bad(CastlingProblem::SameLetter { other });
            }
            if o.side == c.side && o.king_from == c.king_from && o.king_to == c.king_to {
                return bad(CastlingProblem::SameMove { other });
            }
        }
    }
    Ok(())
}
