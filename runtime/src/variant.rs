//! [`Variant`]: the tables plus the flat arrays the move generator reads.
//!
//! Everything here is derived from [`VariantTables`] once, when a variant is
//! loaded: forward move arrays, the inverse attack tries, promotion and drop
//! masks, castling data and Zobrist keys.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::bits::{bit, mask_of, set_of, Bits, Mid, Narrow, Small, Sq, Squares, Wide, Width};
use crate::error::TableError;
use crate::ids::{PieceType, Square};
use crate::table::{Outcome, PassRule, PromotionChoice, PromotionKind, Trigger, VariantTables};

/// A set of squares at width `W`.
pub(crate) type Set<W> = <W as Width>::Set;
/// A set of piece types at width `W`.
pub(crate) type Mask<W> = <W as Width>::Mask;

/// A path in the flat move arrays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FlatPath<W: Width> {
    pub steps: (u32, u32),
    pub quiet: bool,
    pub capture: bool,
    pub en_passant: bool,
    /// Guard: empty = none, else at least one friend on these squares.
    pub friend_on: Set<W>,
    /// A one-time move: only from a square whose right the side holds.
    pub once: bool,
    /// Not made while the side is in check.
    pub not_in_check: bool,
}

/// A step in the flat move arrays.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FlatStep<W: Width> {
    pub to: Sq,
    pub block: Set<W>,
}

/// A node of an inverse attack trie, in preorder.
///
/// Walking from a target square `s`: a node may be visited only if its `edge`
/// squares are empty; if its square is occupied, the piece there attacks `s`
/// iff it belongs to the attacking side and its type is in `types`; either way
/// the walk skips the node's subtree. If the square is empty, the walk goes on
/// to the node's children.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TrieNode<W: Width> {
    pub sq: Sq,
    pub types: Mask<W>,
    /// Index (relative to the trie's start) of the first node after this
    /// node's subtree.
    pub skip: u32,
    pub edge: Set<W>,
    /// Squares strictly between the root and this node, edges included.
    pub between: Set<W>,
}

/// Promotion data of one piece.
#[derive(Clone, Debug, Default)]
pub(crate) struct PromoInfo<W: Width> {
    /// `zone[side]`: destinations that make a rule of this piece apply, all
    /// rules together.
    pub zone: [Set<W>; 2],
    /// `start[side]`, `pass[side]`: the same for origins and squares passed
    /// over.
    pub start: [Set<W>; 2],
    pub pass: [Set<W>; 2],
    /// The rules.
    pub rules: Vec<PromoRule<W>>,
}

/// One promotion rule with its square sets.
#[derive(Clone, Debug, Default)]
pub(crate) struct PromoRule<W: Width> {
    /// Destinations, origins and passed squares (per side) that make it apply.
    pub end: [Set<W>; 2],
    pub start: [Set<W>; 2],
    pub pass: [Set<W>; 2],
    /// `on entry`: the zone, where a move ending in it applies only if it
    /// starts outside.
    pub entry: [Set<W>; 2],
    pub choices: Vec<PromotionChoice>,
    pub optional: bool,
    /// Destinations where an optional rule may not be declined.
    pub forced: [Set<W>; 2],
    /// Only a capturing move promotes (`if capture`).
    pub capture_only: bool,
}

impl<W: Width> PromoRule<W> {
    /// Whether the rule applies to a move of `side` from `from` over
    /// `passed` to `to` (as bit sets).
    #[inline(always)]
    pub fn applies(&self, side: usize, from: Set<W>, passed: Set<W>, to: Set<W>) -> bool {
        ((self.end[side] & to) | (self.start[side] & from) | (self.pass[side] & passed)).any()
            || (self.entry[side] & to).any() && (self.entry[side] & from).is_empty()
    }
}

/// A promotion that is a move of its own (`turn`): a piece on a zone
/// square becomes a choice where it stands or with one quiet move of the
/// choice.
#[derive(Clone, Debug)]
pub(crate) struct TurnRule<W: Width> {
    pub piece: u8,
    pub zone: [Set<W>; 2],
    pub choices: Vec<u8>,
    /// Anywhere while it is its side's only one of its type.
    pub alone: bool,
    /// The promotion may not give check.
    pub no_check: bool,
    /// The new piece may not attack an enemy piece.
    pub no_attack: bool,
}

/// The rules of a placement phase and its kin, kept out of line: a variant
/// without them pays one pointer test where it matters.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlaceRules<W: Width> {
    /// `must-drop`: board moves are illegal while a legal drop exists.
    pub must_drop: bool,
    /// `colour_limit[p]`: the per-colour drop limit of piece `p` (0: none).
    pub colour_limit: Vec<u8>,
    /// Bit `p` set if `colour_limit[p]` is not 0.
    pub per_colour: Mask<W>,
    /// The squares of each colour (the parity of a square's first cell).
    pub colour_masks: [Set<W>; 2],
    /// Castling rules (bits) granted by a drop (`by-drop`).
    pub by_drop: u16,
    /// Promotions that are moves of their own.
    pub turns: Vec<TurnRule<W>>,
}

/// A castling rule with its square sets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FlatCastle<W: Width> {
    pub side: usize,
    pub fen: char,
    pub king: u8,
    pub king_from: Sq,
    pub king_to: Sq,
    pub rook: u8,
    pub rook_from: Sq,
    pub rook_to: Sq,
    pub empty: Set<W>,
    pub safe: Set<W>,
    /// A free (Chess960) castling: the king and rook squares come from the
    /// position; `Variant::castle_lines[rule]` holds the line.
    pub free: bool,
    /// The rights (rule bits) a castling by it ends besides its own.
    pub ends: u16,
}

/// Zobrist keys.
#[derive(Clone, Debug)]
pub(crate) struct Keys {
    /// `piece_sq[code * nsq + sq]` for board codes.
    pub piece_sq: Vec<u64>,
    /// `promoted[sq]`.
    pub promoted: Vec<u64>,
    /// `hand[(piece * 2 + side) * 256 + count]`.
    pub hand: Vec<u64>,
    pub black: u64,
    pub castling: [u64; 16],
    pub ep: Vec<u64>,
    /// `checks[side * 256 + n]`: `side` has `n` checks left to give.
    pub checks: Vec<u64>,
    /// `gates[side * nsq + sq]`: `side` has the gate right of `sq`.
    pub gates: Vec<u64>,
    /// `counting[limit]`: a count with this limit (in plies) runs; empty
    /// without a counting rule.
    pub counting: Vec<u64>,
}

/// A variant's rules prepared at width `W`: its tables and everything
/// derived from them.
#[derive(Clone, Debug)]
pub(crate) struct Rules<W: Width> {
    pub(crate) tables: VariantTables,
    pub(crate) nsq: usize,
    pub(crate) npieces: usize,
    pub(crate) all: Set<W>,
    /// `entries[(piece * 2 + side) * nsq + sq]` = range into `paths`.
    pub(crate) entries: Vec<(u32, u32)>,
    /// Whether the paths of an entry can reach one square twice.
    pub(crate) dedup: Vec<bool>,
    pub(crate) paths: Vec<FlatPath<W>>,
    pub(crate) steps: Vec<FlatStep<W>>,
    /// Like `entries`, for the hopper paths (kept apart so that variants
    /// without hoppers never look at them).
    pub(crate) hop_entries: Vec<(u32, u32)>,
    /// `hop_limit[i]`: for a hopper path `paths[i]`, the most squares beyond
    /// the hurdle (0: any). Kept apart so that `FlatPath` stays as it was.
    pub(crate) hop_limit: Vec<u16>,
    /// Like `entries`, for the attack-only paths.
    pub(crate) attack_entries: Vec<(u32, u32)>,
    /// Whether some piece has a hopper path.
    pub(crate) has_hops: bool,
    /// Like `entries`, for the special paths: one-time moves (`once`) and
    /// moves not made in check. Kept apart so that variants without them
    /// never look at them.
    pub(crate) special_entries: Vec<(u32, u32)>,
    /// Whether some piece has a special path.
    pub(crate) has_special: bool,
    /// Like `entries`, for the multi-leg paths that capture on the way
    /// (`locust`) or may return to their start square (`returns`); kept
    /// apart so that variants without them never look at them.
    pub(crate) leg_entries: Vec<(u32, u32)>,
    /// `path_locust[i]`: whether `paths[i]` captures on its first step
    /// (kept apart, like `hop_limit`).
    pub(crate) path_locust: Vec<bool>,
    /// Whether some piece has such a path.
    pub(crate) has_legs: bool,
    /// Whether some piece has a one-time move: its rights are kept per
    /// square (in `gate_squares`) and written as file letters in the FEN.
    pub(crate) once: bool,
    /// Bit `p` set if piece `p` attacks along paths the tries do not hold
    /// (hopper captures, attack-only paths): attack detection scans these
    /// pieces, and legality is tested by playing every move.
    pub(crate) slow_types: Mask<W>,
    /// Whether some attack other than a one-time capture escapes the tries:
    /// legality is then always tested by playing every move.
    pub(crate) slow_static: bool,
    /// Per side, the squares with a one-time capture path: while the side
    /// holds the right of one, the other side's moves are tested by playing
    /// them (the tries do not hold that attack).
    pub(crate) once_attacks: [Set<W>; 2],
    /// Whether the attacks that escape the tries are only hopper captures
    /// and attack-only paths (and facing royal pieces): the move generator
    /// then finds the lines they attack the royal piece along once per node
    /// and tests by playing only the moves that touch them
    /// ([`Pos::ctx`](crate::position::Pos)).
    pub(crate) screened: bool,
    /// With `screened`, per entry (as `entries`): the squares along the
    /// entry's hopper captures and attack-only paths that attack; empty
    /// otherwise.
    pub(crate) slow_reach: Vec<Set<W>>,
    /// `trie_ranges[side * nsq + sq]`: the trie of squares from which `side`
    /// attacks `sq`.
    pub(crate) trie_ranges: Vec<(u32, u32)>,
    pub(crate) trie: Vec<TrieNode<W>>,
    /// Bit `p` set if piece `p` is royal (for either side).
    pub(crate) royal_types: Mask<W>,
    /// `royal_of[side]`: bit `p` set if that side's piece `p` is royal.
    pub(crate) royal_of: [Mask<W>; 2],
    pub(crate) promo: Vec<PromoInfo<W>>,
    /// Some promotion makes a royal piece (spartan's hoplite may become a
    /// king): with `royal { check all }` a side with one royal piece may
    /// then answer a check by promoting, so its moves are tested by playing.
    pub(crate) royal_promotion: bool,
    /// Bit `p` set if piece `p` has a promotion rule.
    pub(crate) promoting: Mask<W>,
    /// Bit `p` set if a promotion rule of piece `p` applies by the origin
    /// or by squares passed over (not only by the destination).
    pub(crate) promo_start_pass: Mask<W>,
    /// Per piece: a promotion makes it only while the side has fewer than
    /// this many on the board (0: no limit); `limited` has a bit per such
    /// piece (0 in most variants: nothing is counted).
    pub(crate) promo_limit: Vec<u8>,
    pub(crate) limited: Mask<W>,
    /// Bit `p` set if piece `p` has a drop limit per file.
    pub(crate) per_file: Mask<W>,
    /// `file_limit[p]`: the limit (0: none).
    pub(crate) file_limit: Vec<u8>,
    /// The squares of each column of the cell grid (by a square's first cell).
    pub(crate) file_masks: Vec<Set<W>>,
    /// `hand_of[p]`: the piece in hand that a drop of `p` takes (`p` itself,
    /// or the piece `p` is a face of: `drops.also_as`).
    pub(crate) hand_of: Vec<u8>,
    /// Pieces that are marked promoted when they are promoted to.
    pub(crate) marks: Mask<W>,
    /// `to_hand[p]`: what piece `p` becomes in hand when captured unmarked.
    pub(crate) to_hand: Vec<u8>,
    /// `demote[p]`: what piece `p` becomes in hand when captured marked.
    pub(crate) demote: Vec<u8>,
    pub(crate) drops: bool,
    /// Hands exist: drops or gating.
    pub(crate) hands: bool,
    /// Gating rules exist.
    pub(crate) gating: bool,
    /// Gating, and captures do not go to hand: an empty hand closes gates.
    pub(crate) gates_need_hand: bool,
    /// Free castling or gating: a board move may lose rights kept by
    /// square (looked at out of line).
    pub(crate) rights_by_square: bool,
    /// `gate_to[piece * 2 + side]`: where `side` may gate `piece` in.
    pub(crate) gate_to: Vec<Set<W>>,
    /// `gate_squares[side]`: all of the side's gate squares.
    pub(crate) gate_squares: [Set<W>; 2],
    /// Captured pieces go to the capturer's hand (drops whose `supply` is
    /// `captures`).
    pub(crate) captures_to_hand: bool,
    /// `drops.supply` unlimited: hands never run out and FENs write none.
    pub(crate) unlimited: bool,
    /// `drop_to[p * 2 + side]`: where that side may drop piece `p`.
    pub(crate) drop_to: Vec<Set<W>>,
    pub(crate) no_mate: Mask<W>,
    pub(crate) castles: Vec<FlatCastle<W>>,
    /// `castle_clear[sq]`: castling-right bits lost when a move starts or ends there.
    pub(crate) castle_clear: Vec<u16>,
    /// `castle_lines[rule]`: a free castling's line, in order (else empty).
    pub(crate) castle_lines: Vec<Vec<Sq>>,
    /// `free_castles[side]`: the side's free castling rules (bits). A
    /// variant without any plays no free-castling code at all.
    pub(crate) free_castles: [u16; 2],
    /// Per piece, side and square: the quiet moves that create
    /// en-passant squares.
    pub(crate) ep_creators: Vec<Vec<EpCreator<W>>>,
    pub(crate) creates_ep: Mask<W>,
    /// Bit `p` set if piece `p` has a path that captures en passant.
    pub(crate) takes_ep: Mask<W>,
    /// `ep_sources[side * nsq + sq]`: the squares from which a piece of
    /// `side` has an en-passant path through `sq` (blockers ignored), so that
    /// finding who could take en passant looks at those squares alone.
    pub(crate) ep_sources: Vec<Set<W>>,
    pub(crate) resets: Mask<W>,
    /// What else resets the half-move clock (`None`: captures alone).
    pub(crate) clock: Option<Box<crate::clock::ClockRules<W>>>,
    pub(crate) reach: Vec<ReachRule<W>>,
    /// Legality rules that filter the generated moves (decided at load
    /// time: variants without them never look at the filter).
    pub(crate) legality: crate::table::Legality,
    /// Whether any legality rule is on (or a placement rule that filters:
    /// `must-drop`, a `no-check` promotion).
    pub(crate) filters: bool,
    /// Placement rules (`must-drop`, per-colour limits, castling by drop,
    /// promotions by turning); `None` in most variants.
    pub(crate) place: Option<Box<PlaceRules<W>>>,
    /// Bit `p` set if piece `p` has a per-colour drop limit, or if drops of
    /// `p` must leave room for such a piece (every piece, then); 0 in most
    /// variants.
    pub(crate) colour_checked: Mask<W>,
    /// A royal piece may be in hand.
    pub(crate) royal_in_hand: bool,
    /// Check counting.
    pub(crate) check_count: Option<CheckCount>,
    /// Extinction rules.
    pub(crate) extinction: Vec<ExtinctionRule>,
    /// Drops that fall (`drops.falls`); `None` in most variants.
    pub(crate) falls: Option<Box<Falls<W>>>,
    /// Lines of N (`end.lines`); empty in most variants.
    pub(crate) lines: Vec<LineGoal<W>>,
    /// Connections (`end.connections`); empty in most variants.
    pub(crate) connections: Vec<ConnectGoal<W>>,
    /// Captures that blast (see [`crate::blast`]); `None` in most variants.
    pub(crate) blast: Option<Box<crate::blast::Blast<W>>>,
    /// Walls placed by moves (see [`crate::walling`]); `None` in most
    /// variants.
    pub(crate) walling: Option<Box<crate::walling::Walling<W>>>,
    /// Moves that flip enemy pieces (see [`crate::flipping`]); `None` in
    /// most variants.
    pub(crate) flipping: Option<Box<crate::flipping::Flipping<W>>>,
    /// The counting rule.
    pub(crate) counting: Option<crate::table::CountingRule>,
    /// `checkmate by`.
    pub(crate) mate_by: Option<MateRule<W>>,

    pub(crate) keys: Keys,
    pub(crate) square_names: Vec<String>,
    /// `no_capture[p]`: bit `q` set if piece `p` may not capture piece `q`.
    pub(crate) no_capture: Vec<Mask<W>>,
    /// Bit `p` set if `no_capture[p]` is not empty (the move generator
    /// looks at this mask, not at the list).
    pub(crate) sparing: Mask<W>,
    /// `no_hurdle[p]`: bit `q` set if piece `q` is no hurdle for `p`'s hoppers.
    pub(crate) no_hurdle: Vec<Mask<W>>,
    /// Rules that look at the moves before the position (passing, facing
    /// royal pieces): the position keeps their state, and the generator adds
    /// a pass.
    pub(crate) history: Option<Box<HistoryRules<W>>>,
}

/// A variant ready to play: its tables and everything derived from them.
///
/// The tables are prepared once, at the narrowest width that holds the
/// board and the pieces (see [`Variant::new`]); every call dispatches once
/// to the code built for that width.
#[derive(Clone, Debug)]
pub struct Variant(pub(crate) Inner);

/// The prepared rules at the width chosen by [`Variant::new`] (made once per
/// variant: their size does not matter, one indirection less does).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub(crate) enum Inner {
    /// At most [`Small::MAX_SQUARES`] squares and [`Small::MAX_PIECES`]
    /// piece types.
    Small(Rules<Small>),
    /// At most [`Narrow::MAX_SQUARES`] squares and [`Narrow::MAX_PIECES`]
    /// piece types.
    Narrow(Rules<Narrow>),
    /// At most [`Mid::MAX_SQUARES`] squares otherwise.
    Mid(Rules<Mid>),
    /// Larger boards.
    Wide(Rules<Wide>),
}

/// Evaluates `$e` with `$r` bound to the variant's [`Rules`], whatever
/// their width.
macro_rules! with_rules {
    ($v:expr, $r:ident => $e:expr) => {
        match &$v.0 {
            $crate::variant::Inner::Small($r) => $e,
            $crate::variant::Inner::Narrow($r) => $e,
            $crate::variant::Inner::Mid($r) => $e,
            $crate::variant::Inner::Wide($r) => $e,
        }
    };
}
pub(crate) use with_rules;

impl Variant {
    /// Prepares tables for play. Loading takes time linear in the table's
    /// size and its attack-table work (bounded by
    /// [`crate::table::MAX_ATTACK_WORK`]).
    ///
    /// A board of at most 64 squares with at most 32 piece types is played
    /// with `u64` square sets and `u32` piece masks; one of at most 128
    /// squares (all but the largest of the shipped variants) with `u128`
    /// square sets; one of at most 256 squares with 256-bit square sets and
    /// `u128` piece masks; a larger one (up to [`crate::table::MAX_SQUARES`]
    /// squares and [`crate::table::MAX_PIECES`] piece types) with 1024-bit
    /// sets. The choice is made here, once: the move generator is compiled
    /// for each.
    ///
    /// # Errors
    ///
    /// A [`TableError`] for tables this runtime cannot play. Every check is
    /// made by [`VariantTables::new`] and [`VariantTables::from_json`], so
    /// today this never fails; the `Result` leaves room for runtimes that
    /// cannot play everything the format allows.
    pub fn new(tables: VariantTables) -> Result<Variant, TableError> {
        Variant::new_at_least(tables, 0)
    }

    /// [`Variant::new`], played with square sets of at least `bits` bits
    /// (64, 128, 256 or 1024; more if the board needs them): for tests that
    /// compare the widths on one variant. Not part of the stable API.
    ///
    /// # Errors
    ///
    /// As [`Variant::new`].
    #[doc(hidden)]
    pub fn new_at_least(tables: VariantTables, bits: usize) -> Result<Variant, TableError> {
        let p = tables.parts();
        let (squares, pieces) = (p.board.squares.len().max(bits), p.pieces.len());
        Ok(Variant(
            if squares <= Small::MAX_SQUARES && pieces <= Small::MAX_PIECES {
                Inner::Small(Rules::new(tables)?)
            } else if squares <= Narrow::MAX_SQUARES && pieces <= Narrow::MAX_PIECES {
                Inner::Narrow(Rules::new(tables)?)
            } else if squares <= Mid::MAX_SQUARES && pieces <= Mid::MAX_PIECES {
                Inner::Mid(Rules::new(tables)?)
            } else {
                Inner::Wide(Rules::new(tables)?)
            },
        ))
    }

    /// Whether the variant is played with wide square sets (a board of
    /// more than 128 squares, or more than 32 piece types).
    pub fn is_wide(&self) -> bool {
        !matches!(self.0, Inner::Small(_) | Inner::Narrow(_))
    }

    /// The number of bits of the square sets the variant is played with:
    /// 64, 128, 256 or 1024 (see [`Variant::new`]). Not part of the stable API.
    #[doc(hidden)]
    pub fn set_bits(&self) -> usize {
        match self.0 {
            Inner::Small(_) => Small::MAX_SQUARES,
            Inner::Narrow(_) => Narrow::MAX_SQUARES,
            Inner::Mid(_) => Mid::MAX_SQUARES,
            Inner::Wide(_) => Wide::MAX_SQUARES,
        }
    }

    /// The tables this variant was built from.
    pub fn tables(&self) -> &VariantTables {
        with_rules!(self, r => r.tables())
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        with_rules!(self, r => r.name())
    }

    /// The number of squares.
    pub fn square_count(&self) -> usize {
        with_rules!(self, r => r.square_count())
    }

    /// The number of piece types.
    pub fn piece_count(&self) -> usize {
        with_rules!(self, r => r.piece_count())
    }

    /// The square with index `index` (its place in the table's list of
    /// squares); `None` past the last square.
    #[inline]
    pub fn square(&self, index: usize) -> Option<Square> {
        with_rules!(self, r => r.square(index))
    }

    /// Every square, in the table's order.
    pub fn squares(&self) -> impl ExactSizeIterator<Item = Square> + '_ {
        (0..self.square_count()).map(|s| Square::raw_new(s as Sq))
    }

    /// The piece type with index `index` (its place in the table's list of
    /// pieces); `None` past the last piece.
    #[inline]
    pub fn piece(&self, index: usize) -> Option<PieceType> {
        with_rules!(self, r => r.piece(index))
    }

    /// Every piece type, in the table's order.
    pub fn pieces(&self) -> impl ExactSizeIterator<Item = PieceType> + '_ {
        (0..self.piece_count()).map(|p| PieceType::raw_new(p as u8))
    }

    /// The name of square `s`; `"?"` for a square of another variant that
    /// is none here (it never panics).
    pub fn square_name(&self, s: Square) -> &str {
        with_rules!(self, r => r.square_name(s))
    }

    /// The square called `name`.
    pub fn square_by_name(&self, name: &str) -> Option<Square> {
        with_rules!(self, r => r.square_by_name(name))
    }

    /// The first letter of piece `p`'s symbol (upper case): the whole
    /// symbol for a piece written with one letter (see
    /// [`Variant::piece_symbol`]); `'?'` for a piece of another variant that
    /// is none here (it never panics; symbols start with an ASCII letter,
    /// so `'?'` is never a real one).
    pub fn piece_letter(&self, p: PieceType) -> char {
        with_rules!(self, r => r.piece_letter(p))
    }

    /// The symbol of piece `p` as its table holds it, without `+`: one to
    /// three letters, maybe followed by an apostrophe (`K`, `DE`, `N'`;
    /// upper case in the tables fairyc writes); `"?"` for a piece of
    /// another variant that is none here.
    pub fn piece_symbol(&self, p: PieceType) -> &str {
        with_rules!(self, r => r.piece_symbol(p))
    }

    /// The piece whose symbol is the one letter `c` (either case), among
    /// the pieces written without `+`.
    pub fn piece_by_letter(&self, c: char) -> Option<PieceType> {
        with_rules!(self, r => r.piece_by_letter(c))
    }

    /// The piece whose symbol is the one letter `c` (either case), after a
    /// `+` if `plus`.
    pub fn piece_by_token(&self, c: char, plus: bool) -> Option<PieceType> {
        with_rules!(self, r => r.piece_by_token(c, plus))
    }

    /// The piece written `token` (either case): its symbol, after `+` for
    /// a promoted face (`"DE"`, `"n'"`, `"+P"`).
    pub fn piece_by_symbol(&self, token: &str) -> Option<PieceType> {
        with_rules!(self, r => r.piece_by_symbol(token))
    }

    /// The piece called `name` (as in the source: `Knight`).
    pub fn piece_by_name(&self, name: &str) -> Option<PieceType> {
        with_rules!(self, r => r.piece_by_name(name))
    }

    /// Whether piece `p` is written with a `+` before its letter (a
    /// promoted face, as shogi's `+P`); `false` for a piece of another
    /// variant that is none here.
    pub fn is_plus(&self, p: PieceType) -> bool {
        with_rules!(self, r => r.is_plus(p))
    }

    /// How piece `p` is written for White: its symbol in upper case, after
    /// `+` if it is a promoted face (`"+P"`, `"DE"`); `"?"` for a piece of another variant that is
    /// none here.
    pub fn piece_token(&self, p: PieceType) -> String {
        with_rules!(self, r => r.piece_token(p))
    }

    /// The name of piece `p`; `"?"` for a piece of another variant that is
    /// none here (it never panics).
    pub fn piece_name(&self, p: PieceType) -> &str {
        with_rules!(self, r => r.piece_name(p))
    }

    /// Whether piece `p` is royal (for either side); `false` for a piece of
    /// another variant that is none here (no such piece is royal).
    pub fn is_royal(&self, p: PieceType) -> bool {
        with_rules!(self, r => r.is_royal(p))
    }

    /// Whether `side`'s piece `p` is royal (`royal white` / `royal black`
    /// make a type royal for one side only); `false` for a piece of another
    /// variant that is none here.
    pub fn is_royal_for(&self, p: PieceType, side: crate::types::Color) -> bool {
        with_rules!(self, r => r.is_royal_for(p, side))
    }

    /// Whether `side` has a royal piece type at all (a side without one is
    /// never in check and may make every pseudo-legal move).
    pub fn has_royal(&self, side: crate::types::Color) -> bool {
        with_rules!(self, r => r.has_royal(side))
    }

    /// The check count, if the variant counts checks: each side has this
    /// many to give.
    pub fn check_count(&self) -> Option<u8> {
        with_rules!(self, r => r.check_count())
    }

    /// Whether the variant has free (Chess960) castling: its FEN names
    /// castling rooks by file (`HAha`) and its castling moves are written
    /// king-takes-rook (`e1h1`).
    pub fn free_castling(&self) -> bool {
        with_rules!(self, r => r.free_castling())
    }

    /// The start position's FEN.
    pub fn start_fen(&self) -> &str {
        with_rules!(self, r => r.start_fen())
    }
}

/// The rules that look at the moves before the position: passing, facing
/// royal pieces, `checkmate needs` and `checkmate by … drop` (only
/// variants that have them pay for them).
#[derive(Clone, Debug)]
pub(crate) struct HistoryRules<W: Width> {
    /// A player may pass.
    pub pass: bool,
    /// Two passes in a row end the game.
    pub double_pass: Option<crate::table::Verdict>,
    /// A full board ends the game.
    pub full_board: Option<crate::table::Verdict>,
    /// A player with no legal move passes.
    pub pass_when_stuck: bool,
    /// Facing royal pieces before and after a move end the game.
    pub facing: Option<crate::table::Verdict>,
    /// `points[p]`: what piece `p` counts, in tenths.
    pub points: Vec<u32>,
    /// Added to each side's count.
    pub komi: [u32; 2],
    /// `checkmate needs`: the position then keeps each side's run of
    /// checks.
    pub mate_needs: Option<MateRule<W>>,
}

/// Which of an entry's path lists a path is kept in. Each kind is kept
/// apart so that variants without it never look at it; within an entry the
/// kinds come in this order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum PathKind {
    /// Steps, slides and leaps (`entries`).
    Plain,
    /// Hoppers (`hop_entries`).
    Hop,
    /// Attack-only paths (`attack_entries`).
    AttackOnly,
    /// One-time moves and moves not made in check (`special_entries`).
    Special,
    /// Multi-leg paths that capture on the way or may return to their start
    /// square (`leg_entries`).
    Legs,
}

impl PathKind {
    /// Every kind, in the order of an entry.
    const ALL: [PathKind; 5] = [
        PathKind::Plain,
        PathKind::Hop,
        PathKind::AttackOnly,
        PathKind::Special,
        PathKind::Legs,
    ];

    /// The list a table path goes to.
    fn of(path: &crate::table::Path) -> PathKind {
        if path.locust || path.returns {
            PathKind::Legs
        } else if path.once || path.not_in_check {
            PathKind::Special
        } else if path.role.attack_only() {
            PathKind::AttackOnly
        } else if path.hop.is_some() {
            PathKind::Hop
        } else {
            PathKind::Plain
        }
    }
}

/// A quiet move that creates en-passant squares: its destination and the
/// squares it passes over.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EpCreator<W: Width> {
    pub to: Sq,
    pub passed: Set<W>,
}

/// A goal of reaching squares (`end.reach`), with its square sets.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReachRule<W: Width> {
    /// The piece and the pieces counted with it.
    pub types: Mask<W>,
    pub squares: [Set<W>; 2],
    /// How many of the pieces at once.
    pub count: u32,
    /// Also reached when the squares are all occupied.
    pub or_full: bool,
    /// Reached only if not attacked (with exactly `count` there).
    pub safe: bool,
    pub outcome: Outcome,
    /// Judged only after the opponent's reply.
    pub after_reply: bool,
}

/// Drops that fall to the lowest empty square of a column.
#[derive(Clone, Debug)]
pub(crate) struct Falls<W: Width> {
    /// The squares with no square below them.
    pub floor: Set<W>,
    /// `above[s]`: the square above `s` (empty if none).
    pub above: Vec<Set<W>>,
}

impl<W: Width> Falls<W> {
    fn build(p: &crate::table::TableParts) -> Option<Box<Falls<W>>> {
        if !p.drops.as_ref().is_some_and(|d| d.falls) {
            return None;
        }
        let at = |c: [u8; 2]| {
            p.board
                .squares
                .iter()
                .position(|i| i.cells.first() == Some(&c))
        };
        let mut floor = Set::<W>::EMPTY;
        let mut above = vec![Set::<W>::EMPTY; p.board.squares.len()];
        for (s, info) in p.board.squares.iter().enumerate() {
            let Some(&[c, r]) = info.cells.first() else {
                continue;
            };
            match r.checked_sub(1).and_then(|r| at([c, r])) {
                Some(b) => above[b] |= bit(s),
                None => floor |= bit(s),
            }
        }
        Some(Box::new(Falls { floor, above }))
    }
}

/// A goal of lines (`end.lines`), with its square sets.
#[derive(Clone, Debug)]
pub(crate) struct LineGoal<W: Width> {
    /// The piece types that count; `None`: every piece.
    pub pieces: Option<Mask<W>>,
    /// The lines (none empty).
    pub lines: Vec<Set<W>>,
    /// How many squares of a line must be held; `None`: all of them.
    pub count: Option<u32>,
    pub outcome: Outcome,
}

impl<W: Width> LineGoal<W> {
    /// The goal of a table's `line` rule: its pieces and its non-empty lines.
    fn new(r: &crate::table::LineRule) -> LineGoal<W> {
        LineGoal {
            pieces: (!r.pieces.is_empty()).then(|| mask_of(&r.pieces)),
            lines: r
                .lines
                .iter()
                .filter(|l| !l.is_empty())
                .map(|l| set_of(l))
                .collect(),
            count: r.count.map(u32::from),
            outcome: r.outcome,
        }
    }
}

/// A goal of connection (`end.connections`), with its square sets.
#[derive(Clone, Debug)]
pub(crate) struct ConnectGoal<W: Width> {
    /// The piece types that count; `None`: every piece.
    pub pieces: Option<Mask<W>>,
    /// Where a chain starts, per side.
    pub from: [Set<W>; 2],
    /// Where it ends, per side.
    pub to: [Set<W>; 2],
    /// The squares one step on from each square.
    pub next: Vec<Set<W>>,
    pub outcome: Outcome,
}

impl<W: Width> ConnectGoal<W> {
    /// The goal of a table's `connect` rule, on a board of `squares`.
    fn new(r: &crate::table::ConnectRule, squares: usize) -> ConnectGoal<W> {
        let mut next = vec![Set::<W>::default(); squares];
        for &[a, b] in &r.steps {
            if let Some(n) = next.get_mut(usize::from(a)) {
                *n |= bit::<Set<W>>(b);
            }
        }
        ConnectGoal {
            pieces: (!r.pieces.is_empty()).then(|| mask_of(&r.pieces)),
            from: [set_of(&r.from[0]), set_of(&r.from[1])],
            to: [set_of(&r.to[0]), set_of(&r.to[1])],
            next,
            outcome: r.outcome,
        }
    }
}

/// An extinction rule (`end.extinction`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExtinctionRule {
    /// The piece counted, or every piece.
    pub piece: Option<u8>,
    /// The rule applies when at most this many are left.
    pub left: u32,
    pub outcome: Outcome,
    /// And only while the opponent has at least this many.
    pub opponent: u32,
}

/// Check counting: each side has `count` checks to give.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CheckCount {
    pub count: u8,
    pub outcome: Outcome,
}

/// A mate rule (`checkmate by`, `checkmate needs`) as a bit set of piece
/// types, with the outcome for the mated side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MateRule<W: Width> {
    pub pieces: Mask<W>,
    pub outcome: Outcome,
    /// Only a mate given by a drop (`checkmate by … drop`).
    pub drop: bool,
}

impl<W: Width> MateRule<W> {
    fn new(r: &crate::table::MateRule) -> MateRule<W> {
        MateRule {
            pieces: mask_of(&r.pieces),
            outcome: r.outcome,
            drop: r.drop,
        }
    }
}

/// The flat move arrays and what the move generator learns from them.
struct PathArrays<W: Width> {
    entries: Vec<(u32, u32)>,
    dedup: Vec<bool>,
    paths: Vec<FlatPath<W>>,
    steps: Vec<FlatStep<W>>,
    hop_entries: Vec<(u32, u32)>,
    hop_limit: Vec<u16>,
    attack_entries: Vec<(u32, u32)>,
    has_hops: bool,
    special_entries: Vec<(u32, u32)>,
    has_special: bool,
    leg_entries: Vec<(u32, u32)>,
    path_locust: Vec<bool>,
    has_legs: bool,
    /// Per side, the squares with a one-time move.
    once_squares: [Set<W>; 2],
    slow_types: Mask<W>,
    /// `slow_types` but for one-time captures, which attack only while
    /// their square's right is held (`once_attacks`).
    slow_static: Mask<W>,
    once_attacks: [Set<W>; 2],
    /// Pieces in `slow_types` by a special or multi-leg capture: attacks
    /// the screen lines of `Rules::screened` do not describe.
    slow_scanned: Mask<W>,
    ep_creators: Vec<Vec<EpCreator<W>>>,
    creates_ep: Mask<W>,
    takes_ep: Mask<W>,
    ep_sources: Vec<Set<W>>,
}

impl<W: Width> PathArrays<W> {
    /// The squares a piece's plain non-capturing paths reach from `sq` on an
    /// empty board (every step of a slide; hoppers, one-time and multi-leg
    /// paths aside): what [`crate::clock::ClockRules`] asks whether a move
    /// can be undone.
    fn quiet_reach(&self, piece: usize, side: usize, sq: usize, nsq: usize) -> Set<W> {
        let (start, end) = self.entries[(piece * 2 + side) * nsq + sq];
        let mut out = Set::<W>::EMPTY;
        for path in &self.paths[start as usize..end as usize] {
            if path.quiet {
                let (a, b) = path.steps;
                for step in &self.steps[a as usize..b as usize] {
                    out |= bit(step.to);
                }
            }
        }
        out
    }

    /// Flattens every piece's paths, entry by entry (piece, side, square),
    /// each entry's paths grouped by [`PathKind`].
    fn build(p: &crate::table::TableParts, nsq: usize) -> Result<PathArrays<W>, TableError> {
        let n = p.pieces.len() * 2 * nsq;
        let mut a = PathArrays {
            entries: Vec::with_capacity(n),
            dedup: Vec::with_capacity(n),
            paths: Vec::new(),
            steps: Vec::new(),
            hop_entries: Vec::with_capacity(n),
            hop_limit: Vec::new(),
            attack_entries: Vec::with_capacity(n),
            has_hops: false,
            special_entries: Vec::with_capacity(n),
            has_special: false,
            leg_entries: Vec::with_capacity(n),
            path_locust: Vec::new(),
            has_legs: false,
            once_squares: [Set::<W>::EMPTY; 2],
            slow_types: Mask::<W>::EMPTY,
            slow_static: Mask::<W>::EMPTY,
            once_attacks: [Set::<W>::EMPTY; 2],
            slow_scanned: Mask::<W>::EMPTY,
            ep_creators: vec![Vec::new(); n],
            creates_ep: Mask::<W>::EMPTY,
            takes_ep: Mask::<W>::EMPTY,
            ep_sources: vec![Set::<W>::EMPTY; 2 * nsq],
        };
        // With `facing`, the attack-only paths are no attacks: the facing
        // rule reads them.
        let facing = p.end.facing.is_some();
        for (pi, piece) in p.pieces.iter().enumerate() {
            for side in 0..2 {
                for sq in 0..nsq {
                    let list = &piece.moves[side][sq];
                    let mut seen = Set::<W>::EMPTY;
                    let mut twice = false;
                    let mut bounds = [0u32; 6];
                    bounds[0] = a.paths.len() as u32;
                    for (k, kind) in PathKind::ALL.into_iter().enumerate() {
                        for path in list.iter().filter(|x| PathKind::of(x) == kind) {
                            let at = (pi, side, sq);
                            a.classify(at, kind, path, facing)?;
                            twice |= a.push(at, nsq, path, &mut seen);
                        }
                        bounds[k + 1] = a.paths.len() as u32;
                    }
                    a.entries.push((bounds[0], bounds[1]));
                    a.hop_entries.push((bounds[1], bounds[2]));
                    a.attack_entries.push((bounds[2], bounds[3]));
                    a.special_entries.push((bounds[3], bounds[4]));
                    a.leg_entries.push((bounds[4], bounds[5]));
                    a.dedup.push(twice);
                }
            }
        }
        Ok(a)
    }

    /// Notes what a path of `kind` of piece `pi` (at `side`, `sq`) asks of
    /// attack detection and legality.
    fn classify(
        &mut self,
        (pi, side, sq): (usize, usize, usize),
        kind: PathKind,
        path: &crate::table::Path,
        facing: bool,
    ) -> Result<(), TableError> {
        match kind {
            PathKind::Plain => {}
            PathKind::Hop | PathKind::AttackOnly => {
                self.has_hops |= kind == PathKind::Hop;
                if path.role.capture() && kind == PathKind::Hop
                    || kind == PathKind::AttackOnly && !facing
                {
                    self.slow_types |= bit(pi);
                    self.slow_static |= bit(pi);
                }
            }
            PathKind::Special => {
                // A special capture attacks only at times: attack detection
                // scans it.
                if path.hop.is_some() || path.role.attack_only() {
                    return Err(TableError::SpecialPath {
                        piece: pi as u8,
                        side: side as u8,
                        from: sq as Sq,
                    });
                }
                if path.role.capture() {
                    self.slow_types |= bit(pi);
                    self.slow_scanned |= bit(pi);
                    if path.once && !path.not_in_check {
                        self.once_attacks[side] |= bit(sq);
                    } else {
                        self.slow_static |= bit(pi);
                    }
                }
                self.has_special = true;
                if path.once {
                    self.once_squares[side] |= bit(sq);
                }
            }
            PathKind::Legs => {
                // Multi-leg paths: moves tested by playing, attacks scanned
                // (`legs.rs`).
                self.has_legs = true;
                if path.role.capture() || path.locust {
                    self.slow_types |= bit(pi);
                    self.slow_static |= bit(pi);
                    self.slow_scanned |= bit(pi);
                }
            }
        }
        Ok(())
    }

    /// With the attacks that escape the tries all screened (see
    /// [`Rules::screened`]), [`Self::slow_reach`]; else `None`.
    fn screened_reach(&self, facing: bool) -> Option<Vec<Set<W>>> {
        let screened = self.slow_types.any() && self.slow_scanned.is_empty();
        screened.then(|| self.slow_reach(facing))
    }

    /// What resets the halfmove clock besides captures, with the moves
    /// the rules call irreversible read off the quiet paths (`None`:
    /// captures alone).
    fn clock(&self, p: &crate::table::TableParts) -> Option<Box<crate::clock::ClockRules<W>>> {
        let nsq = p.board.squares.len();
        crate::clock::ClockRules::new(
            p.end.resets_on,
            &p.end.resets_irreversible,
            p.pieces.len(),
            nsq,
            |piece, side, sq| self.quiet_reach(piece, side, sq, nsq),
        )
        .map(Box::new)
    }

    /// Per entry, the squares its hopper captures and (without `facing`)
    /// attack-only paths pass: where it may attack a royal piece from.
    fn slow_reach(&self, facing: bool) -> Vec<Set<W>> {
        let along = |(a, b): (u32, u32), hop: bool| {
            self.paths[a as usize..b as usize]
                .iter()
                .filter(|x| !hop || x.capture)
                .flat_map(|x| &self.steps[x.steps.0 as usize..x.steps.1 as usize])
                .fold(Set::<W>::EMPTY, |m, st| m | bit(st.to))
        };
        (0..self.entries.len())
            .map(|e| {
                let hops = along(self.hop_entries[e], true);
                if facing {
                    hops
                } else {
                    hops | along(self.attack_entries[e], false)
                }
            })
            .collect()
    }

    /// Appends a path and its steps; whether it reaches a square of `seen`
    /// (the entry's squares so far) again.
    fn push(
        &mut self,
        (pi, side, sq): (usize, usize, usize),
        nsq: usize,
        path: &crate::table::Path,
        seen: &mut Set<W>,
    ) -> bool {
        let mut twice = false;
        self.path_locust.push(path.locust);
        if path.en_passant {
            self.takes_ep |= bit(pi);
        }
        let s0 = self.steps.len() as u32;
        let mut passed = Set::<W>::EMPTY;
        for st in &path.steps {
            let b = set_of(&st.block);
            passed |= b;
            self.steps.push(FlatStep {
                to: st.to,
                block: b,
            });
            if path.en_passant {
                self.ep_sources[side * nsq + st.to as usize] |= bit(sq);
            }
            twice |= (*seen & bit(st.to)).any();
            *seen |= bit(st.to);
            if path.creates_en_passant && path.role.quiet() {
                self.ep_creators[(pi * 2 + side) * nsq + sq].push(EpCreator { to: st.to, passed });
                self.creates_ep |= bit(pi);
            }
            passed |= bit(st.to);
        }
        self.hop_limit.push(path.hop.unwrap_or(0));
        self.paths.push(FlatPath {
            steps: (s0, self.steps.len() as u32),
            quiet: path.role.quiet(),
            capture: path.role.capture(),
            en_passant: path.en_passant,
            friend_on: set_of(&path.friend_on),
            once: path.once,
            not_in_check: path.not_in_check,
        });
        twice
    }
}

/// Royal pieces, and what captured pieces become in hand.
struct Captures<W: Width> {
    royal_types: Mask<W>,
    royal_of: [Mask<W>; 2],
    to_hand: Vec<u8>,
    demote: Vec<u8>,
    marks: Mask<W>,
}

impl<W: Width> Captures<W> {
    fn build(p: &crate::table::TableParts) -> Captures<W> {
        let n = p.pieces.len();
        let mut c = Captures {
            royal_types: Mask::<W>::EMPTY,
            royal_of: [Mask::<W>::EMPTY; 2],
            to_hand: Vec::with_capacity(n),
            demote: Vec::with_capacity(n),
            marks: Mask::<W>::EMPTY,
        };
        for (i, piece) in p.pieces.iter().enumerate() {
            if piece.royal.is_royal() {
                c.royal_types |= bit(i);
                for (side, bits) in c.royal_of.iter_mut().enumerate() {
                    if piece.royal.for_side(side) {
                        *bits |= bit(i);
                    }
                }
            }
            c.to_hand.push(piece.captured_as.unwrap_or(i as u8));
            c.demote.push(piece.demotes_to.unwrap_or(i as u8));
            if piece.demotes_to.is_some() {
                c.marks |= bit(i);
            }
        }
        c
    }
}

/// The promotion rules with their square sets (promotions that are moves
/// of their own go to the placement rules).
struct Promotions<W: Width> {
    promo: Vec<PromoInfo<W>>,
    promoting: Mask<W>,
    promo_start_pass: Mask<W>,
    promo_limit: Vec<u8>,
    limited: Mask<W>,
}

impl<W: Width> Promotions<W> {
    fn build(p: &crate::table::TableParts, place: &mut PlaceRules<W>) -> Promotions<W> {
        let mut promo = vec![PromoInfo::<W>::default(); p.pieces.len()];
        let mut promoting = Mask::<W>::EMPTY;
        let mut promo_start_pass = Mask::<W>::EMPTY;
        for r in &p.promotions {
            let z = [set_of(&r.zone[0]), set_of(&r.zone[1])];
            let m = match &r.kind {
                PromotionKind::Move(m) => m,
                PromotionKind::Turn(t) => {
                    place.turns.push(TurnRule {
                        piece: r.piece,
                        zone: z,
                        choices: r
                            .choices
                            .iter()
                            .filter_map(|c| match *c {
                                PromotionChoice::Piece(x) => Some(x),
                                PromotionChoice::Hand(_) => None,
                            })
                            .collect(),
                        alone: t.alone,
                        no_check: t.no_check,
                        no_attack: t.no_attack,
                    });
                    continue;
                }
            };
            let when = |t: Trigger| if m.on.has(t) { z } else { [Set::<W>::EMPTY; 2] };
            let rule = PromoRule {
                end: when(Trigger::End),
                start: when(Trigger::Start),
                pass: when(Trigger::Pass),
                entry: when(Trigger::Entry),
                choices: r.choices.clone(),
                optional: m.optional,
                forced: [set_of(&m.forced[0]), set_of(&m.forced[1])],
                capture_only: m.capture_only,
            };
            let info = &mut promo[r.piece as usize];
            for side in 0..2 {
                info.zone[side] |= rule.end[side] | rule.entry[side];
                info.start[side] |= rule.start[side];
                info.pass[side] |= rule.pass[side];
            }
            info.rules.push(rule);
            promoting |= bit(r.piece);
            if m.on.has(Trigger::Start) || m.on.has(Trigger::Pass) {
                promo_start_pass |= bit(r.piece);
            }
        }
        let promo_limit: Vec<u8> = p
            .pieces
            .iter()
            .map(|x| x.promotion_limit.unwrap_or(0))
            .collect();
        let limited = promo_limit
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .fold(Mask::<W>::EMPTY, |acc, (i, _)| acc | bit(i));
        Promotions {
            promo,
            promoting,
            promo_start_pass,
            promo_limit,
            limited,
        }
    }

    /// Whether some promotion may turn a piece into one of `royal`.
    fn makes_royal(&self, royal: Mask<W>) -> bool {
        self.promo.iter().any(|info| {
            info.rules.iter().any(|r| {
                r.choices.iter().any(|c| {
                    matches!(c, crate::table::PromotionChoice::Piece(x)
                        if royal.has(*x as usize))
                })
            })
        })
    }
}

/// Where each piece may be dropped, and the drop limits (per-colour limits
/// go to the placement rules).
struct DropRules<W: Width> {
    drop_to: Vec<Set<W>>,
    no_mate: Mask<W>,
    per_file: Mask<W>,
    file_limit: Vec<u8>,
    file_masks: Vec<Set<W>>,
    hand_of: Vec<u8>,
}

impl<W: Width> DropRules<W> {
    fn build(p: &crate::table::TableParts, all: Set<W>, place: &mut PlaceRules<W>) -> DropRules<W> {
        let npieces = p.pieces.len();
        let mut r = DropRules {
            drop_to: vec![Set::<W>::EMPTY; npieces * 2],
            no_mate: Mask::<W>::EMPTY,
            per_file: Mask::<W>::EMPTY,
            file_limit: vec![0u8; npieces],
            file_masks: vec![Set::<W>::EMPTY; p.board.width as usize],
            hand_of: (0..npieces as u8).collect(),
        };
        for (s, info) in p.board.squares.iter().enumerate() {
            if let Some(m) = info
                .cells
                .first()
                .and_then(|c| r.file_masks.get_mut(c[0] as usize))
            {
                *m |= bit(s);
            }
        }
        let Some(d) = &p.drops else {
            return r;
        };
        for (q, x) in d.also_as.iter().enumerate() {
            if let Some(x) = *x {
                r.hand_of[x as usize] = q as u8;
            }
        }
        for (pi, &n) in d.per_file.iter().enumerate() {
            if n > 0 {
                r.per_file |= bit(pi);
                r.file_limit[pi] = n;
            }
        }
        place.must_drop = d.must_drop;
        place.colour_limit = vec![0; npieces];
        for (pi, &n) in d.per_colour.iter().enumerate() {
            if n > 0 {
                place.per_colour |= bit(pi);
                place.colour_limit[pi] = n;
            }
        }
        for (s, info) in p.board.squares.iter().enumerate() {
            if let Some(c) = info.cells.first() {
                place.colour_masks[((c[0] as usize) + (c[1] as usize)) % 2] |= bit(s);
            }
        }
        for pi in 0..npieces {
            for side in 0..2 {
                r.drop_to[pi * 2 + side] = all & !set_of::<Set<W>>(&d.forbidden[pi][side]);
            }
            if d.no_mate[pi] {
                r.no_mate |= bit(pi);
            }
        }
        r
    }
}

/// The castling rules with their square sets (castling granted by a drop
/// goes to the placement rules).
struct Castling<W: Width> {
    castles: Vec<FlatCastle<W>>,
    castle_clear: Vec<u16>,
    castle_lines: Vec<Vec<Sq>>,
    free_castles: [u16; 2],
}

impl<W: Width> Castling<W> {
    fn build(p: &crate::table::TableParts, place: &mut PlaceRules<W>) -> Castling<W> {
        let mut r = Castling {
            castles: Vec::new(),
            castle_clear: vec![0u16; p.board.squares.len()],
            castle_lines: Vec::new(),
            free_castles: [0u16; 2],
        };
        for (i, c) in p.castling.iter().enumerate() {
            r.castles.push(FlatCastle {
                side: c.side as usize,
                fen: c.fen,
                king: c.king,
                king_from: c.king_from,
                king_to: c.king_to,
                rook: c.rook,
                rook_from: c.rook_from,
                rook_to: c.rook_to,
                empty: set_of(&c.empty),
                safe: set_of(&c.safe),
                free: !c.line.is_empty(),
                ends: p
                    .castling
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| c.ends.contains(&o.fen))
                    .fold(0u16, |bits, (j, _)| bits | 1 << j),
            });
            r.castle_lines.push(c.line.clone());
            if c.by_drop {
                place.by_drop |= 1 << i;
            }
            if c.line.is_empty() {
                r.castle_clear[c.king_from as usize] |= 1 << i;
                r.castle_clear[c.rook_from as usize] |= 1 << i;
            } else {
                r.free_castles[c.side as usize] |= 1 << i;
            }
        }
        r
    }
}

/// Rights kept per square: gates and one-time moves, written in the FEN as
/// file letters.
struct GateRights<W: Width> {
    gate_to: Vec<Set<W>>,
    gate_squares: [Set<W>; 2],
    /// Some piece has a one-time move.
    once: bool,
}

impl<W: Width> GateRights<W> {
    /// # Errors
    ///
    /// A table whose rights a FEN could not write apart (two gate squares
    /// of one file, a file letter that is also a castling letter, one-time
    /// moves with gating or free castling).
    fn build(
        p: &crate::table::TableParts,
        once_squares: [Set<W>; 2],
    ) -> Result<GateRights<W>, TableError> {
        let free_castling = p.castling.iter().any(|c| !c.line.is_empty());
        let mut gate_to = vec![Set::<W>::EMPTY; p.pieces.len() * 2];
        let mut gate_squares = [Set::<W>::EMPTY; 2];
        for (rule, g) in p.gating.iter().enumerate() {
            for side in 0..2 {
                let set = set_of(&g.squares[side]);
                gate_to[g.piece as usize * 2 + side] |= set;
                gate_squares[side] |= set;
            }
            if free_castling {
                return Err(TableError::GateFen { rule });
            }
        }
        let once = once_squares.iter().any(|s| s.any());
        if once && !p.gating.is_empty() {
            return Err(TableError::OnceWithGating);
        }
        if once && free_castling {
            let square = Squares(once_squares[0] | once_squares[1])
                .next()
                .unwrap_or(0);
            return Err(TableError::OnceFen { square });
        }
        for side in 0..2 {
            gate_squares[side] |= once_squares[side];
        }
        for (side, &set) in gate_squares.iter().enumerate() {
            let mut files = Vec::new();
            for s in Squares(set) {
                let f = gate_file(&p.board.squares[s as usize].name);
                let clash = p
                    .castling
                    .iter()
                    .any(|c| c.side as usize == side && Some(c.fen.to_ascii_lowercase()) == f);
                match f {
                    Some(f) if !clash && !files.contains(&f) => files.push(f),
                    _ if once => return Err(TableError::OnceFen { square: s }),
                    _ => {
                        let rule = p
                            .gating
                            .iter()
                            .position(|g| g.squares[side].contains(&s))
                            .unwrap_or(0);
                        return Err(TableError::GateFen { rule });
                    }
                }
            }
        }
        Ok(GateRights {
            gate_to,
            gate_squares,
            once,
        })
    }
}

/// The end rules the position judges, with their square and piece sets.
struct EndState<W: Width> {
    resets: Mask<W>,
    reach: Vec<ReachRule<W>>,
    extinction: Vec<ExtinctionRule>,
    check_count: Option<CheckCount>,
    mate_by: Option<MateRule<W>>,
}

impl<W: Width> EndState<W> {
    fn build(p: &crate::table::TableParts) -> EndState<W> {
        let end = &p.end;
        EndState {
            resets: mask_of(&end.resets_move_limit),
            reach: end
                .reach
                .iter()
                .map(|r| ReachRule {
                    types: mask_of::<Mask<W>>(&r.also) | bit::<Mask<W>>(r.piece),
                    squares: [set_of(&r.squares[0]), set_of(&r.squares[1])],
                    count: u32::from(r.count),
                    or_full: r.or_full,
                    safe: r.safe,
                    outcome: r.outcome,
                    after_reply: r.after_reply,
                })
                .collect(),
            extinction: end
                .extinction
                .iter()
                .map(|r| ExtinctionRule {
                    piece: r.piece,
                    left: r.left,
                    outcome: r.outcome,
                    opponent: r.opponent,
                })
                .collect(),
            check_count: end.check_count.map(|c| CheckCount {
                count: c.count.min(255) as u8,
                outcome: c.outcome,
            }),
            mate_by: end.checkmate_by.as_ref().map(MateRule::new),
        }
    }
}

/// The placement rules (per-colour drop limits, drops that grant castling,
/// promotions that are turns of their own) as play keeps them, with what
/// follows from them for the move filters.
struct Placing<W: Width> {
    /// The rules, `None` in variants without any.
    place: Option<Box<PlaceRules<W>>>,
    /// The piece types whose drops are checked against the per-colour
    /// limits (every type where there are any, none without).
    colour_checked: Mask<W>,
    /// Whether legal moves need a filter past the pseudo-legal ones
    /// (a legality rule, a forced drop, a turn that may not check).
    filters: bool,
}

impl<W: Width> Placing<W> {
    fn new(place: PlaceRules<W>, p: &crate::table::TableParts) -> Placing<W> {
        let no_check_turns = place.turns.iter().any(|t| t.no_check || t.no_attack);
        let placing = place.must_drop
            || place.per_colour.any()
            || place.by_drop != 0
            || !place.turns.is_empty();
        let colour_checked = if place.per_colour.any() {
            Mask::<W>::below(p.pieces.len()) | place.per_colour
        } else {
            Mask::<W>::EMPTY
        };
        Placing {
            filters: !p.legality.is_none() || place.must_drop || no_check_turns,
            place: placing.then(|| Box::new(place)),
            colour_checked,
        }
    }
}

/// Where the pieces in hand come from and go: drops, gating, an unlimited
/// supply, captures that go to the hand.
struct HandFlags {
    /// Pieces are dropped.
    drops: bool,
    /// The position keeps hands (drops or gating, from a limited supply).
    hands: bool,
    /// Dropped pieces come from an unlimited supply.
    unlimited: bool,
    /// Pieces are gated in.
    gating: bool,
    /// Captured pieces go to the captor's hand (never with an unlimited
    /// supply).
    captures_to_hand: bool,
    /// A royal piece may be in hand.
    royal_in_hand: bool,
}

impl HandFlags {
    fn new(p: &crate::table::TableParts) -> HandFlags {
        let drops = p.drops.as_ref();
        let unlimited = drops.is_some_and(|d| d.supply.unlimited());
        let gating = !p.gating.is_empty();
        HandFlags {
            drops: drops.is_some(),
            hands: (drops.is_some() || gating) && !unlimited,
            unlimited,
            gating,
            captures_to_hand: drops.is_some_and(|d| d.supply.captures_to_hand()),
            royal_in_hand: drops.is_some_and(|d| d.royal_in_hand),
        }
    }
}

/// What each piece may not capture or hop over.
struct CaptureLimits<W: Width> {
    /// The piece types that may not capture some type.
    sparing: Mask<W>,
    /// Per piece type, the types it may not capture.
    no_capture: Vec<Mask<W>>,
    /// Per piece type, the types it may not hop over.
    no_hurdle: Vec<Mask<W>>,
}

impl<W: Width> CaptureLimits<W> {
    fn build(p: &crate::table::TableParts) -> CaptureLimits<W> {
        CaptureLimits {
            sparing: p
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, x)| !x.cannot_capture.is_empty())
                .fold(Mask::<W>::EMPTY, |m, (i, _)| m | bit(i)),
            no_capture: p
                .pieces
                .iter()
                .map(|x| mask_of(&x.cannot_capture))
                .collect(),
            no_hurdle: p.pieces.iter().map(|x| mask_of(&x.cannot_hop)).collect(),
        }
    }
}

impl<W: Width> HistoryRules<W> {
    /// The rules that look at the moves before the position; `None` in
    /// variants without them.
    fn build(p: &crate::table::TableParts) -> Option<Box<HistoryRules<W>>> {
        let needed = p.legality.pass != PassRule::Never
            || p.end.full_board.is_some()
            || p.end.stalemate == crate::table::Stalemate::Points
            || p.end.double_pass.is_some()
            || p.end.repetition.is_some_and(|r| r.points)
            || p.end.move_limit_points
            || p.end.facing.is_some()
            || p.end.checkmate_needs.is_some()
            || p.end.checkmate_by.as_ref().is_some_and(|r| r.drop);
        needed.then(|| {
            Box::new(HistoryRules {
                pass: p.legality.pass == PassRule::Allowed,
                double_pass: p.end.double_pass,
                full_board: p.end.full_board,
                pass_when_stuck: p.legality.pass == PassRule::WhenStuck,
                facing: p.end.facing,
                points: p.pieces.iter().map(|x| x.points).collect(),
                komi: p.end.komi,
                mate_needs: p.end.checkmate_needs.as_ref().map(MateRule::new),
            })
        })
    }
}

impl<W: Width> Rules<W> {
    /// Whether walls may appear during play: moves place them (`walling`)
    /// or capturing pieces turn into them (`blast.petrify`); a FEN may
    /// then hold placed walls.
    pub(crate) fn places_walls(&self) -> bool {
        self.walling.is_some() || self.blast.as_ref().is_some_and(|b| b.petrify.any())
    }

    /// Prepares tables for play at width `W` (see [`Variant::new`]).
    fn new(tables: VariantTables) -> Result<Rules<W>, TableError> {
        let p = tables.parts().clone();
        let nsq = p.board.squares.len();
        let npieces = p.pieces.len();
        let all = Set::<W>::below(nsq);

        let mut moves = PathArrays::<W>::build(&p, nsq)?;
        let (trie_ranges, trie) = build_tries(&p, nsq);
        let history = HistoryRules::build(&p);
        let captures = Captures::<W>::build(&p);
        // Facing royal pieces are judged by playing every move.
        if p.end.facing.is_some() {
            moves.slow_types |= captures.royal_types;
            moves.slow_static |= captures.royal_types;
        }
        let mut place = PlaceRules::<W>::default();
        let promotions = Promotions::<W>::build(&p, &mut place);
        let drops = DropRules::<W>::build(&p, all, &mut place);
        let castling = Castling::<W>::build(&p, &mut place);
        let rights = GateRights::<W>::build(&p, moves.once_squares)?;
        let once = rights.once;
        let end = EndState::<W>::build(&p);
        let clock = moves.clock(&p);
        let slow_reach = moves.screened_reach(p.end.facing.is_some());
        let placing = Placing::new(place, &p);
        let hands = HandFlags::new(&p);
        let limits = CaptureLimits::<W>::build(&p);

        Ok(Rules {
            place: placing.place,
            colour_checked: placing.colour_checked,
            royal_in_hand: hands.royal_in_hand,
            nsq,
            npieces,
            all,
            entries: moves.entries,
            dedup: moves.dedup,
            paths: moves.paths,
            steps: moves.steps,
            hop_entries: moves.hop_entries,
            special_entries: moves.special_entries,
            leg_entries: moves.leg_entries,
            path_locust: moves.path_locust,
            has_legs: moves.has_legs,
            has_special: moves.has_special,
            once,
            hop_limit: moves.hop_limit,
            attack_entries: moves.attack_entries,
            has_hops: moves.has_hops,
            slow_types: moves.slow_types,
            slow_static: moves.slow_static.any(),
            once_attacks: moves.once_attacks,
            screened: slow_reach.is_some(),
            slow_reach: slow_reach.unwrap_or_default(),
            trie_ranges,
            trie,
            royal_types: captures.royal_types,
            royal_of: captures.royal_of,
            royal_promotion: promotions.makes_royal(captures.royal_types),
            promo: promotions.promo,
            promoting: promotions.promoting,
            promo_start_pass: promotions.promo_start_pass,
            promo_limit: promotions.promo_limit,
            limited: promotions.limited,
            per_file: drops.per_file,
            file_limit: drops.file_limit,
            file_masks: drops.file_masks,
            hand_of: drops.hand_of,
            marks: captures.marks,
            to_hand: captures.to_hand,
            demote: captures.demote,
            drops: hands.drops,
            hands: hands.hands,
            unlimited: hands.unlimited,
            gating: hands.gating,
            gates_need_hand: hands.gating && !hands.captures_to_hand,
            rights_by_square: hands.gating || once || castling.free_castles != [0, 0],
            gate_to: rights.gate_to,
            gate_squares: rights.gate_squares,
            captures_to_hand: hands.captures_to_hand,
            drop_to: drops.drop_to,
            no_mate: drops.no_mate,
            castles: castling.castles,
            castle_clear: castling.castle_clear,
            castle_lines: castling.castle_lines,
            free_castles: castling.free_castles,
            ep_creators: moves.ep_creators,
            creates_ep: moves.creates_ep,
            takes_ep: moves.takes_ep,
            ep_sources: moves.ep_sources,
            resets: end.resets,
            clock,
            reach: end.reach,
            legality: p.legality,
            filters: placing.filters,
            check_count: end.check_count,
            extinction: end.extinction,
            falls: Falls::build(&p),
            lines: p.end.lines.iter().map(LineGoal::new).collect(),
            connections: p
                .end
                .connections
                .iter()
                .map(|r| ConnectGoal::new(r, nsq))
                .collect(),
            blast: crate::blast::Blast::build(&p),
            walling: crate::walling::Walling::build(&p),
            flipping: crate::flipping::Flipping::build(&p),
            counting: p.end.counting.clone(),
            mate_by: end.mate_by,

            keys: make_keys(nsq, npieces, p.end.counting.is_some()),
            square_names: p.board.squares.iter().map(|s| s.name.clone()).collect(),
            sparing: limits.sparing,
            no_capture: limits.no_capture,
            no_hurdle: limits.no_hurdle,
            history,
            tables,
        })
    }

    /// See [`Variant::tables`].
    pub fn tables(&self) -> &VariantTables {
        &self.tables
    }

    /// See [`Variant::name`].
    pub fn name(&self) -> &str {
        &self.tables.parts.name
    }

    /// See [`Variant::square_count`].
    pub fn square_count(&self) -> usize {
        self.nsq
    }

    /// See [`Variant::piece_count`].
    pub fn piece_count(&self) -> usize {
        self.npieces
    }

    /// See [`Variant::square`].
    #[inline]
    pub fn square(&self, index: usize) -> Option<Square> {
        (index < self.nsq).then(|| Square::raw_new(index as Sq))
    }

    /// See [`Variant::piece`].
    #[inline]
    pub fn piece(&self, index: usize) -> Option<PieceType> {
        (index < self.npieces).then(|| PieceType::raw_new(index as u8))
    }

    /// See [`Variant::square_name`].
    pub fn square_name(&self, s: Square) -> &str {
        self.square_names
            .get(s.index())
            .map(String::as_str)
            .unwrap_or("?")
    }

    pub(crate) fn sq_name(&self, s: Sq) -> &str {
        self.square_name(Square::raw_new(s))
    }

    /// See [`Variant::square_by_name`].
    pub fn square_by_name(&self, name: &str) -> Option<Square> {
        self.square_names
            .iter()
            .position(|n| n == name)
            .map(|i| Square::raw_new(i as Sq))
    }

    /// See [`Variant::piece_letter`].
    pub fn piece_letter(&self, p: PieceType) -> char {
        self.piece_symbol(p)
            .chars()
            .next()
            .map_or('?', |c| c.to_ascii_uppercase())
    }

    /// See [`Variant::piece_symbol`].
    pub fn piece_symbol(&self, p: PieceType) -> &str {
        self.symbol(p.raw())
    }

    /// The symbol of piece `p` as the table holds it (upper case for the
    /// tables fairyc writes; [`Rules::token`] and the FEN fold case).
    pub(crate) fn symbol(&self, p: u8) -> &str {
        self.tables
            .parts
            .pieces
            .get(p as usize)
            .map_or("?", |x| x.letter.as_str())
    }

    /// See [`Variant::piece_by_letter`].
    pub fn piece_by_letter(&self, c: char) -> Option<PieceType> {
        self.piece_by_token(c, false)
    }

    /// See [`Variant::piece_by_token`].
    pub fn piece_by_token(&self, c: char, plus: bool) -> Option<PieceType> {
        let mut buf = [0u8; 4];
        self.piece_by_symbol_text(c.encode_utf8(&mut buf), plus)
    }

    /// See [`Variant::piece_by_symbol`].
    pub fn piece_by_symbol(&self, token: &str) -> Option<PieceType> {
        match token.strip_prefix('+') {
            Some(rest) => self.piece_by_symbol_text(rest, true),
            None => self.piece_by_symbol_text(token, false),
        }
    }

    fn piece_by_symbol_text(&self, symbol: &str, plus: bool) -> Option<PieceType> {
        self.tables
            .parts
            .pieces
            .iter()
            .position(|p| {
                (p.plus == plus && p.letter.eq_ignore_ascii_case(symbol))
                    || (!plus
                        && p.synonym
                            .as_deref()
                            .is_some_and(|s| s.eq_ignore_ascii_case(symbol)))
            })
            .map(|i| PieceType::raw_new(i as u8))
    }

    /// Reads one piece from the start of `text` (after its `+`, if `plus`):
    /// the longest symbol that matches, in upper case for White or lower
    /// case for Black (an apostrophe has no case). Returns the piece, its
    /// side (0 White, 1 Black) and the bytes read; `None` if no symbol
    /// matches. The checker and the table's validation refuse symbols for
    /// which the longest match would not be the only reading
    /// ([`crate::table::symbol_clashes`]).
    pub(crate) fn read_symbol(&self, text: &[u8], plus: bool) -> Option<(u8, usize, usize)> {
        let side = match text.first() {
            Some(c) if c.is_ascii_uppercase() => 0,
            Some(c) if c.is_ascii_lowercase() => 1,
            _ => return None,
        };
        let fits = |sym: &[u8]| {
            sym.len() <= text.len()
                && sym.iter().zip(text).all(|(&s, &t)| {
                    if s.is_ascii_alphabetic() {
                        let want = if side == 0 {
                            s.to_ascii_uppercase()
                        } else {
                            s.to_ascii_lowercase()
                        };
                        t == want
                    } else {
                        t == s
                    }
                })
        };
        // A piece's second symbol (`synonym`, a plain symbol even for a
        // `+` face) reads as the piece too.
        self.tables
            .parts
            .pieces
            .iter()
            .enumerate()
            .flat_map(|(i, p)| {
                std::iter::once(p.letter.as_str())
                    .filter(move |_| p.plus == plus)
                    .chain(p.synonym.as_deref().filter(|_| !plus))
                    .map(move |s| (i, s))
            })
            .filter(|(_, s)| fits(s.as_bytes()))
            .max_by_key(|(_, s)| s.len())
            .map(|(i, s)| (i as u8, side, s.len()))
    }

    /// See [`Variant::piece_by_name`].
    pub fn piece_by_name(&self, name: &str) -> Option<PieceType> {
        self.tables
            .parts
            .pieces
            .iter()
            .position(|p| p.name == name)
            .map(|i| PieceType::raw_new(i as u8))
    }

    /// See [`Variant::is_plus`].
    pub fn is_plus(&self, p: PieceType) -> bool {
        self.plus(p.raw())
    }

    pub(crate) fn plus(&self, p: u8) -> bool {
        self.tables
            .parts
            .pieces
            .get(p as usize)
            .is_some_and(|x| x.plus)
    }

    /// See [`Variant::piece_token`].
    pub fn piece_token(&self, p: PieceType) -> String {
        self.token(p.raw())
    }

    pub(crate) fn token(&self, p: u8) -> String {
        let l = self.symbol(p).to_ascii_uppercase();
        if self.plus(p) {
            format!("+{l}")
        } else {
            l
        }
    }

    /// See [`Variant::piece_name`].
    pub fn piece_name(&self, p: PieceType) -> &str {
        self.pname(p.raw())
    }

    pub(crate) fn pname(&self, p: u8) -> &str {
        self.tables
            .parts
            .pieces
            .get(p as usize)
            .map(|x| x.name.as_str())
            .unwrap_or("?")
    }

    /// See [`Variant::is_royal`].
    pub fn is_royal(&self, p: PieceType) -> bool {
        self.royal(p.raw())
    }

    pub(crate) fn royal(&self, p: u8) -> bool {
        (p as usize) < self.npieces && self.royal_types.has(p)
    }

    /// See [`Variant::is_royal_for`].
    pub fn is_royal_for(&self, p: PieceType, side: crate::types::Color) -> bool {
        p.index() < self.npieces && self.royal_of[side.index()].has(p.raw())
    }

    /// See [`Variant::has_royal`].
    pub fn has_royal(&self, side: crate::types::Color) -> bool {
        self.royal_of[side.index()].any()
    }

    /// See [`Variant::check_count`].
    pub fn check_count(&self) -> Option<u8> {
        self.check_count.map(|c| c.count)
    }

    /// See [`Variant::free_castling`].
    pub fn free_castling(&self) -> bool {
        self.free_castles != [0, 0]
    }

    /// See [`Variant::start_fen`].
    pub fn start_fen(&self) -> &str {
        &self.tables.parts.start
    }

    #[inline(always)]
    pub(crate) fn entry(&self, piece: usize, side: usize, sq: usize) -> usize {
        (piece * 2 + side) * self.nsq + sq
    }

    #[inline(always)]
    pub(crate) fn trie_at(&self, side: usize, sq: usize) -> &[TrieNode<W>] {
        let (a, b) = self.trie_ranges[side * self.nsq + sq];
        &self.trie[a as usize..b as usize]
    }
}

/// A trie node under construction, in an arena; children in insertion order.
struct BuildNode<W: Width> {
    sq: Sq,
    edge: Set<W>,
    types: Mask<W>,
    first_child: u32,
    last_child: u32,
    next_sibling: u32,
}

const NONE: u32 = u32::MAX;

/// The tries of all targets under construction: one arena, and an index
/// `(parent, square, edge) -> child` so that each insertion costs the length
/// of its chain, whatever the number of siblings.
struct Builder<W: Width> {
    nodes: Vec<BuildNode<W>>,
    index: HashMap<(u32, Sq, Set<W>), u32, BuildHasherDefault<IndexHasher>>,
}

/// The hasher of [`Builder::index`]: its keys are a few integers, and
/// SipHash (the default) cost more than the rest of loading a variant, a
/// cost that moved with how the compiler happened to inline it.
/// Multiply-rotate, as rustc's own maps hash; the same on every run.
#[derive(Default)]
struct IndexHasher(u64);

impl IndexHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for IndexHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u8(&mut self, x: u8) {
        self.add(u64::from(x));
    }
    #[inline]
    fn write_u16(&mut self, x: u16) {
        self.add(u64::from(x));
    }
    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.add(u64::from(x));
    }
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }
    #[inline]
    fn write_u128(&mut self, x: u128) {
        self.add(x as u64);
        self.add((x >> 64) as u64);
    }
    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
}

impl<W: Width> Builder<W> {
    fn node(&mut self, sq: Sq, edge: Set<W>) -> u32 {
        self.nodes.push(BuildNode {
            sq,
            edge,
            types: Mask::<W>::EMPTY,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
        });
        (self.nodes.len() - 1) as u32
    }

    fn child(&mut self, parent: u32, sq: Sq, edge: Set<W>) -> u32 {
        if let Some(&c) = self.index.get(&(parent, sq, edge)) {
            return c;
        }
        let c = self.node(sq, edge);
        self.index.insert((parent, sq, edge), c);
        let p = &mut self.nodes[parent as usize];
        if p.last_child == NONE {
            p.first_child = c;
        } else {
            let last = p.last_child as usize;
            self.nodes[last].next_sibling = c;
        }
        self.nodes[parent as usize].last_child = c;
        c
    }

    /// Appends the subtrees of `parent`'s children to `out` in preorder.
    fn flatten(&self, parent: u32, out: &mut Vec<TrieNode<W>>) {
        // (node, `between` of its parent's children, index of its TrieNode)
        let mut stack: Vec<(u32, Set<W>, Option<usize>)> = Vec::new();
        let first = self.nodes[parent as usize].first_child;
        if first != NONE {
            stack.push((first, Set::<W>::EMPTY, None));
        }
        // Each node is pushed once to emit it and once more (with its index)
        // to close its subtree once its children are done.
        while let Some((n, between, done)) = stack.pop() {
            if let Some(here) = done {
                out[here].skip = out.len() as u32;
                continue;
            }
            let node = &self.nodes[n as usize];
            let here = out.len();
            let b = between | node.edge;
            out.push(TrieNode {
                sq: node.sq,
                types: node.types,
                skip: 0,
                edge: node.edge,
                between: b,
            });
            if node.next_sibling != NONE {
                stack.push((node.next_sibling, between, None));
            }
            stack.push((n, Set::<W>::EMPTY, Some(here)));
            if node.first_child != NONE {
                stack.push((node.first_child, b | bit(node.sq), None));
            }
        }
    }
}

fn build_tries<W: Width>(
    p: &crate::table::TableParts,
    nsq: usize,
) -> (Vec<(u32, u32)>, Vec<TrieNode<W>>) {
    let mut b = Builder::<W> {
        nodes: Vec::new(),
        index: HashMap::default(),
    };
    // roots[side * nsq + target]
    let roots: Vec<u32> = (0..2 * nsq).map(|_| b.node(0, Set::<W>::EMPTY)).collect();
    for (pi, piece) in p.pieces.iter().enumerate() {
        for side in 0..2 {
            for (from, paths) in piece.moves[side].iter().enumerate() {
                for path in paths.iter().filter(|x| {
                    x.role.capture()
                        && x.hop.is_none()
                        && !x.once
                        && !x.not_in_check
                        && !x.locust
                        && !x.returns
                }) {
                    for k in 0..path.steps.len() {
                        let target = path.steps[k].to as usize;
                        // Chain from the target back to the origin: the square
                        // before each step, with that step's block squares.
                        let mut at = roots[side * nsq + target];
                        for j in (0..=k).rev() {
                            let sq = if j == 0 {
                                from as Sq
                            } else {
                                path.steps[j - 1].to
                            };
                            at = b.child(at, sq, set_of(&path.steps[j].block));
                        }
                        b.nodes[at as usize].types |= bit(pi);
                    }
                }
            }
        }
    }
    let mut ranges = Vec::with_capacity(2 * nsq);
    let mut all = Vec::new();
    for &root in &roots {
        let mut local = Vec::new();
        b.flatten(root, &mut local);
        let start = all.len() as u32;
        all.extend(local);
        ranges.push((start, all.len() as u32));
    }
    (ranges, all)
}

/// SplitMix64: deterministic keys, the same for every run and machine.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn make_keys(nsq: usize, npieces: usize, counting: bool) -> Keys {
    let mut s = 0x0000_fa1c_0de5_eed5_u64;
    let codes = npieces * 2 + 1;
    Keys {
        piece_sq: (0..codes * nsq).map(|_| splitmix(&mut s)).collect(),
        promoted: (0..nsq).map(|_| splitmix(&mut s)).collect(),
        hand: (0..2 * npieces * 256).map(|_| splitmix(&mut s)).collect(),
        black: splitmix(&mut s),
        castling: std::array::from_fn(|_| splitmix(&mut s)),
        ep: (0..nsq).map(|_| splitmix(&mut s)).collect(),
        checks: (0..512).map(|_| splitmix(&mut s)).collect(),
        gates: (0..2 * nsq).map(|_| splitmix(&mut s)).collect(),
        counting: if counting {
            let n = 2 * crate::table::MAX_COUNTING_LIMIT as usize + 1;
            (0..n).map(|_| splitmix(&mut s)).collect()
        } else {
            Vec::new()
        },
    }
}

/// The one-letter file of a square name (`h` for `h1`), lowercase, if it has one.
pub(crate) fn gate_file(name: &str) -> Option<char> {
    let mut letters = name.chars().take_while(char::is_ascii_alphabetic);
    match (letters.next(), letters.next()) {
        (Some(f), None) => Some(f.to_ascii_lowercase()),
        _ => None,
    }
}
