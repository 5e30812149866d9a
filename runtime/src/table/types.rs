//! The table's types: plain data with public fields, and their JSON forms
//! (docs/table-format.md).

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::read::*;
pub use crate::clock::{ClockEvent, ClockEvents};

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
    #[serde(
        default,
        skip_serializing_if = "Legality::is_none",
        deserialize_with = "de_legality"
    )]
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
    /// Capture effects: what a capture removes besides the captured piece
    /// (see [`crate::blast::BlastTable`]). Absent: nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blast: Option<crate::blast::BlastTable>,
    /// Walls placed by moves: each move also puts a wall on an empty
    /// square (see [`crate::walling::WallingTable`]). Absent: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walling: Option<crate::walling::WallingTable>,
    /// Conversion: moves that flip enemy pieces, and the drop conditions
    /// that go with it (see [`crate::flipping::FlippingTable`]). Absent:
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flipping: Option<crate::flipping::FlippingTable>,
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
    /// Walls: `[group, index]`, a `*` the FEN writes in group `group` of
    /// the board field before the group's `index`-th square (`index` =
    /// the group's length: after its last square), in the order written.
    /// A wall is a hole (its cell is in `holes`) that a FEN marks, as
    /// Fairy-Stockfish writes its wall squares. Optional: empty if none.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_walls"
    )]
    pub walls: Vec<[u16; 2]>,
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
    /// Whether the cells are hexagons (`shape hex`): the grid's columns are
    /// the files and a cell's six neighbours are the steps (0,±1), (±1,0),
    /// (1,-1) and (-1,1). Only drawings use it. Optional: `false` if absent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hex: bool,
}

pub(super) fn no_wrap(w: &[bool; 2]) -> bool {
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
    /// Its symbol in FEN and notation ([`is_symbol`](super::is_symbol)): one to three ASCII
    /// letters, optionally followed by an apostrophe (`K`, `DE`, `N'`),
    /// in one case (upper case in the tables fairyc writes; readers fold
    /// case). White's pieces are written with it in upper case, Black's in
    /// lower case (the whole symbol).
    pub letter: String,
    /// Whether, and for which sides, pieces of this type are royal: a royal
    /// piece may not be left attacked; checkmate is about royals. A side
    /// for which no type is royal has no royal piece at all.
    #[serde(default, skip_serializing_if = "Royal::is_no")]
    pub royal: Royal,
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
    /// A second symbol, always a plain one (without `+`, also for a `+`
    /// face), which FEN and SAN read as this piece and SAN writes instead
    /// of `letter` (Fairy-Stockfish's xiangqi horse, `N` in FEN and `H` in
    /// SAN; wolf chess's elephant, `+P` in FEN and `E` in SAN). FEN is
    /// written with `letter`. Unique among the plain symbols.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synonym: Option<String>,
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
    /// How SAN writes the piece's moves (`notation pawn` / `notation
    /// piece` / `notation as Captain`); `None`: as a pawn's when it is
    /// lettered `P` and promotes into other pieces, else with its symbol.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<Notation>,
}

/// How SAN writes a piece's moves ([`PieceTable::notation`]). In JSON
/// `"pawn"`, `"piece"` or `{"as": q}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Notation {
    /// Without its symbol; a capture names the origin's file (`exd5`).
    Pawn,
    /// With its symbol (`Pc2`), also when it is lettered `P`.
    Piece,
    /// As piece `q`: with `q`'s symbol (its second one if it has one),
    /// told apart from `q`'s moves by their squares, and a promotion to
    /// the piece is written `=` and that symbol. Piece `q` is another
    /// piece written with its own symbol.
    As(u8),
}

/// Which sides' pieces of a type are royal ([`PieceTable::royal`]). In
/// JSON `"both"`, `"white"` or `"black"`; absent: none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Royal {
    /// An ordinary piece (JSON: the field is absent).
    #[default]
    No,
    /// Royal for both sides.
    Both,
    /// Royal for White only; Black's pieces of the type are ordinary.
    White,
    /// Royal for Black only; White's pieces of the type are ordinary.
    Black,
}

impl Royal {
    /// Whether the type is royal for some side.
    pub fn is_royal(self) -> bool {
        self != Royal::No
    }

    /// Whether the type is royal for `side` (0 White, 1 Black).
    pub fn for_side(self, side: usize) -> bool {
        match self {
            Royal::No => false,
            Royal::Both => true,
            Royal::White => side == 0,
            Royal::Black => side == 1,
        }
    }

    /// Royal for `side` alone (0 White, else Black).
    pub fn only(side: usize) -> Royal {
        if side == 0 {
            Royal::White
        } else {
            Royal::Black
        }
    }

    fn is_no(&self) -> bool {
        *self == Royal::No
    }
}

/// A path: a sequence of steps walked in order, for one move direction.
///
/// Walking a path: for each step in turn, if any square of `block` is occupied
/// the walk ends; if the step's `to` square is occupied, the piece may capture
/// there (if its `role` captures) and the walk ends; otherwise it may move
/// there (if its `role` moves quietly) and the walk goes on to the next step. A leap is a path of one
/// step, a slider's ray a path of many, a lame leap a step with `block`
/// squares, the Mao-rider a path whose steps each have a `block` square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "PathRepr")]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// What the path is for: quiet moves, captures, both, or attacks alone
    /// (JSON `role`, default [`PathRole::MoveOrCapture`]).
    pub role: PathRole,
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
pub(super) enum PathRepr {
    Steps(Vec<Step>),
    Full(PathFields),
}

#[derive(Clone, Debug, Serialize)]
pub(super) struct PathFields {
    steps: Vec<Step>,
    #[serde(skip_serializing_if = "PathRole::is_default")]
    role: PathRole,
    #[serde(skip_serializing_if = "is_false")]
    en_passant: bool,
    #[serde(skip_serializing_if = "is_false")]
    creates_en_passant: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    friend_on: Vec<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hop: Option<u16>,
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
        if p.role == PathRole::MoveOrCapture
            && !p.en_passant
            && !p.creates_en_passant
            && p.friend_on.is_empty()
            && p.hop.is_none()
            && !p.once
            && !p.not_in_check
            && !p.locust
            && !p.returns
        {
            PathRepr::Steps(p.steps)
        } else {
            PathRepr::Full(PathFields {
                steps: p.steps,
                role: p.role,
                en_passant: p.en_passant,
                creates_en_passant: p.creates_en_passant,
                friend_on: p.friend_on,
                hop: p.hop,
                once: p.once,
                not_in_check: p.not_in_check,
                locust: p.locust,
                returns: p.returns,
            })
        }
    }
}

/// What a [`Path`] is for ([`Path::role`]). In JSON `"quiet"`,
/// `"capture"` or `"attack"`; absent: `"move_or_capture"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PathRole {
    /// The piece may move to an empty square and capture an enemy piece
    /// (JSON: the field is absent).
    #[default]
    MoveOrCapture,
    /// The piece may only move to an empty square (Betza `m`).
    Quiet,
    /// The piece may only capture an enemy piece (Betza `c`).
    Capture,
    /// The path is no move: it only attacks (an enemy royal piece may not
    /// stand where it reaches, walked like a capture; the flying-general
    /// rule, `faces`).
    Attack,
}

impl PathRole {
    /// Whether the piece may move along the path to an empty square.
    pub fn quiet(self) -> bool {
        matches!(self, PathRole::MoveOrCapture | PathRole::Quiet)
    }

    /// Whether the piece may capture along the path (an [`PathRole::Attack`]
    /// path attacks but makes no capture).
    pub fn capture(self) -> bool {
        matches!(self, PathRole::MoveOrCapture | PathRole::Capture)
    }

    /// Whether the path only attacks.
    pub fn attack_only(self) -> bool {
        self == PathRole::Attack
    }

    /// The role of version 4's flags `quiet`, `capture` and `attack_only`;
    /// `None` for a path that neither moves nor captures nor attacks,
    /// which version 5 cannot write (fairyc never wrote one).
    pub(super) fn of_flags(quiet: bool, capture: bool, attack_only: bool) -> Option<PathRole> {
        Some(match (attack_only, quiet, capture) {
            (true, _, _) => PathRole::Attack,
            (false, true, true) => PathRole::MoveOrCapture,
            (false, true, false) => PathRole::Quiet,
            (false, false, true) => PathRole::Capture,
            (false, false, false) => return None,
        })
    }

    fn is_default(&self) -> bool {
        *self == PathRole::MoveOrCapture
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

/// Counts one step against [`MAX_TOTAL_STEPS`](super::MAX_TOTAL_STEPS) while
/// [`VariantTables::from_json`] reads.
/// A promotion rule: `piece`, on a square of `zone`, becomes one of
/// `choices`, either as part of a move ([`PromotionKind::Move`]) or by a
/// move of its own ([`PromotionKind::Turn`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "PromotionRepr", try_from = "PromotionRepr")]
pub struct PromotionRule {
    /// The piece that promotes.
    pub piece: u8,
    /// `zone[side]`: the side's promotion squares.
    pub zone: [Vec<u16>; 2],
    /// The choices.
    pub choices: Vec<PromotionChoice>,
    /// Whether the rule is part of a move or a move of its own, with what
    /// each kind says.
    pub kind: PromotionKind,
}

impl PromotionRule {
    /// What the rule says if it is part of a move.
    pub fn as_move(&self) -> Option<&MovePromotion> {
        match &self.kind {
            PromotionKind::Move(m) => Some(m),
            PromotionKind::Turn(_) => None,
        }
    }

    /// What the rule says if it is a move of its own (`turn`).
    pub fn as_turn(&self) -> Option<&TurnPromotion> {
        match &self.kind {
            PromotionKind::Move(_) => None,
            PromotionKind::Turn(t) => Some(t),
        }
    }
}

/// The two kinds of promotion rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromotionKind {
    /// Part of a move: a move of the piece that meets `on` promotes.
    Move(MovePromotion),
    /// `turn`: a move of its own, not part of one: a piece standing on a
    /// zone square turns into a choice where it stands, or with one move of
    /// the choice to an empty square (no capture); the piece's other moves
    /// are untouched, and a choice's limit (`limits`) applies. Always
    /// optional; its choices are pieces, never `hand`.
    Turn(TurnPromotion),
}

/// What a promotion that is part of a move says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePromotion {
    /// Which squares of a move make the rule apply (`[end]` by default).
    pub on: Triggers,
    /// Whether the player may decline.
    pub optional: bool,
    /// `if capture`: the rule applies only to a move that captures
    /// (en passant included).
    pub capture_only: bool,
    /// `forced[side]`: destinations where an `optional` rule may not be
    /// declined (the piece could never move from there). Empty unless
    /// `optional`.
    pub forced: [Vec<u16>; 2],
}

impl Default for MovePromotion {
    fn default() -> MovePromotion {
        MovePromotion {
            on: Triggers::END,
            optional: false,
            capture_only: false,
            forced: [Vec::new(), Vec::new()],
        }
    }
}

/// What a promotion that is a move of its own (`turn`) says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnPromotion {
    /// `alone`: a piece that is its side's only one of its type on the
    /// board may turn on any square. Absent means `false`.
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

/// One square of a move that can make a promotion rule apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// The move starts on a zone square.
    Start,
    /// The move finishes on a zone square.
    End,
    /// The move passes over a zone square (an earlier step of its path
    /// lands there).
    Pass,
    /// The move starts outside the zone and finishes on a zone square.
    Entry,
}

impl Trigger {
    /// Every trigger, in the order a [`Triggers`] is written.
    pub const ALL: [Trigger; 4] = [Trigger::Start, Trigger::End, Trigger::Pass, Trigger::Entry];

    /// Its JSON name.
    pub fn name(self) -> &'static str {
        match self {
            Trigger::Start => "start",
            Trigger::End => "end",
            Trigger::Pass => "pass",
            Trigger::Entry => "entry",
        }
    }
}

/// A set of [`Trigger`]s, never empty in a valid table. In JSON a list
/// (`["start", "end"]`) without repeats, in the order of [`Trigger::ALL`]
/// when written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Triggers(u8);

impl Triggers {
    /// No trigger (a rule that never applies: refused in a table).
    pub const EMPTY: Triggers = Triggers(0);
    /// `on end` alone, the default.
    pub const END: Triggers = Triggers(1 << Trigger::End as u8);

    /// The set of these triggers.
    pub fn of(triggers: &[Trigger]) -> Triggers {
        Triggers(triggers.iter().fold(0, |b, &t| b | 1 << t as u8))
    }

    /// Whether `t` is in the set.
    pub fn has(self, t: Trigger) -> bool {
        self.0 & 1 << t as u8 != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The triggers in the set, in the order of [`Trigger::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Trigger> {
        Trigger::ALL.into_iter().filter(move |&t| self.has(t))
    }
}

impl Serialize for Triggers {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Triggers {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Triggers, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Triggers;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of \"start\", \"end\", \"pass\", \"entry\", each at most once")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Triggers, A::Error> {
                let mut set = Triggers::EMPTY;
                let mut i = 0;
                while let Some(t) = at(Seg::Index(i), || seq.next_element::<Trigger>())? {
                    if set.has(t) {
                        return Err(at(Seg::Index(i), || {
                            Err(de::Error::custom(format_args!(
                                "the trigger \"{}\" twice",
                                t.name()
                            )))
                        })?);
                    }
                    set = Triggers(set.0 | Triggers::of(&[t]).0);
                    i += 1;
                }
                Ok(set)
            }
        }
        d.deserialize_seq(V)
    }
}

/// The JSON form of a [`PromotionRule`]: the kinds' fields side by side;
/// `turn` present makes a turn rule, which takes none of the move fields.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PromotionRepr {
    piece: u8,
    #[serde(deserialize_with = "de_zone")]
    zone: [Vec<u16>; 2],
    #[serde(deserialize_with = "de_choices")]
    choices: Vec<PromotionChoice>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "de_on"
    )]
    on: Option<Triggers>,
    #[serde(default, skip_serializing_if = "is_false")]
    optional: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    capture_only: bool,
    #[serde(
        default,
        skip_serializing_if = "pair_is_empty",
        deserialize_with = "de_forced"
    )]
    forced: [Vec<u16>; 2],
    #[serde(default, skip_serializing_if = "Option::is_none")]
    turn: Option<TurnPromotion>,
}

pub(super) fn de_on<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Triggers>, D::Error> {
    at(Seg::Field("on"), || Triggers::deserialize(d)).map(Some)
}

impl From<PromotionRule> for PromotionRepr {
    fn from(r: PromotionRule) -> PromotionRepr {
        let mut out = PromotionRepr {
            piece: r.piece,
            zone: r.zone,
            choices: r.choices,
            on: None,
            optional: false,
            capture_only: false,
            forced: [Vec::new(), Vec::new()],
            turn: None,
        };
        match r.kind {
            PromotionKind::Move(m) => {
                out.on = (m.on != Triggers::END).then_some(m.on);
                out.optional = m.optional;
                out.capture_only = m.capture_only;
                out.forced = m.forced;
            }
            PromotionKind::Turn(t) => out.turn = Some(t),
        }
        out
    }
}

impl TryFrom<PromotionRepr> for PromotionRule {
    type Error = String;
    fn try_from(r: PromotionRepr) -> Result<PromotionRule, String> {
        let kind = match r.turn {
            Some(t) => {
                let move_fields = [
                    ("on", r.on.is_some()),
                    ("optional", r.optional),
                    ("capture_only", r.capture_only),
                    ("forced", !pair_is_empty(&r.forced)),
                ];
                if let Some((field, _)) = move_fields.iter().find(|(_, set)| *set) {
                    return Err(format!(
                        "a `turn` promotion rule takes no `{field}` (a field of promotions \
                         that are part of a move)"
                    ));
                }
                PromotionKind::Turn(t)
            }
            None => PromotionKind::Move(MovePromotion {
                on: r.on.unwrap_or(Triggers::END),
                optional: r.optional,
                capture_only: r.capture_only,
                forced: r.forced,
            }),
        };
        Ok(PromotionRule {
            piece: r.piece,
            zone: r.zone,
            choices: r.choices,
            kind,
        })
    }
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

/// Drop rules: pieces in hand can be dropped; where the hands come from
/// is [`DropRules::supply`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "super::compat::DropRulesRepr")]
pub struct DropRules {
    /// `forbidden[piece][side]`: squares where that side may not drop that piece.
    pub forbidden: Vec<[Vec<u16>; 2]>,
    /// `no_mate[piece]`: dropping that piece may not checkmate.
    pub no_mate: Vec<bool>,
    /// Where the pieces in hand come from (JSON default `"captures"`).
    #[serde(default, skip_serializing_if = "HandSupply::is_captures")]
    pub supply: HandSupply,
    /// `per_file[piece]`: if not 0, a side may not drop that piece on a
    /// file (a column of the cell grid) that already holds this many of its
    /// own pieces of that type (shogi's nifu is 1). Empty: no such limit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub per_file: Vec<u8>,
    /// `also_as[q]`: if not `null`, a piece `q` in hand may also be dropped
    /// as that piece (a promoted face, as kyoto shogi drops `+L`); the drop
    /// takes a `q` from the hand. Empty: no such drops.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_as: Vec<Option<u8>>,
    /// `per_colour[piece]`: if not 0, a side may not drop that piece on a
    /// square of a colour (the parity of its cell's `x + y`) that already
    /// holds this many of its own pieces of that type; and a drop of
    /// another piece may not leave too few free squares, where this piece
    /// may be dropped, for the ones still in hand (placement's bishops on
    /// opposite colours are 1). Empty: no such limit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
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
    /// `falls`: a drop lands only on the lowest empty square of its column
    /// (toward row 0): a square whose cell below is no square, or holds a
    /// piece or a wall. Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub falls: bool,
}

/// Where the pieces in hand come from ([`DropRules::supply`]). In JSON
/// `"setup"` or `"unlimited"`; absent: `"captures"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandSupply {
    /// A captured piece goes to the capturer's hand (JSON: the field is
    /// absent), as well as the hands of the start position (or a FEN).
    #[default]
    Captures,
    /// `captures-to-hand off`: captured pieces leave the game; only the
    /// pieces in hand in the start position (or a FEN) are ever dropped.
    Setup,
    /// `unlimited`: each side always holds every piece that is not royal,
    /// without limit: a drop takes nothing from the hand, captures do not
    /// go there, and FENs write no hands (Fairy-Stockfish's `freeDrops`).
    Unlimited,
}

impl HandSupply {
    /// Whether captured pieces go to the capturer's hand.
    pub fn captures_to_hand(self) -> bool {
        self == HandSupply::Captures
    }

    /// Whether the hands are unlimited.
    pub fn unlimited(self) -> bool {
        self == HandSupply::Unlimited
    }

    fn is_captures(&self) -> bool {
        *self == HandSupply::Captures
    }
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
    /// `ends`: the rights (FEN letters of other rules) that a castling by
    /// this rule ends besides its own, as Fairy-Stockfish's
    /// `oppositeCastling` takes the opponent's right on the same side.
    /// Absent means none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ends: Vec<char>,
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

/// A side named by a rule (`draw-odds black`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// White, who moves first.
    White,
    /// Black.
    Black,
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
    pub stalemate: Stalemate,
    /// Repetition rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<RepetitionRule>,
    /// The n-move rule: this many full moves (2n plies) without a capture or
    /// a move of a piece that resets the counter ends the game in a draw.
    /// From 1 to [`MAX_MOVE_LIMIT`](super::MAX_MOVE_LIMIT).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit: Option<u32>,
    /// The n-move rule's game is decided by the material (`limit 50
    /// points`), as [`RepetitionRule::points`], not drawn. Absent means
    /// `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub move_limit_points: bool,
    /// Full moves (from 1 to `move_limit`) from which the side to move may
    /// claim the n-move rule's end (`limit 75 claim 50`); absent: no claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit_claim: Option<u32>,
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
    pub bare_king: Option<BareKingRule>,
    /// Goals: a player whose piece stands on one of its target squares.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "de_reach"
    )]
    pub reach: Vec<ReachRule>,
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
    /// A full board (no empty square) ends the game, for the player to
    /// move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_board: Option<Verdict>,
    /// Facing royal pieces (the [`PathRole::Attack`] paths of a royal piece
    /// reach the enemy royal piece) stop being illegal: a move may leave
    /// them facing; the player to move while they face must end it or pass
    /// (passing is then legal even in check), and if they face before and
    /// after a move the game ends. The attack paths are then no attacks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Verdict>,
    /// Points added to each side's total (White, Black) when the material is
    /// counted, in tenths of a point.
    #[serde(default, skip_serializing_if = "is_zero_pair")]
    pub komi: [u32; 2],
    /// Draw odds: every game that would end in a draw (by any rule) is won
    /// by this side instead (`draw-odds black`, armageddon).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_odds: Option<Side>,
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
    /// Lines of N: after a move, the player who made it and has a piece on
    /// every square of one of a rule's lines gets its outcome.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineRule>,
    /// Connections: after a move, the player who made it and has a chain of
    /// pieces from a square of a rule's `from` to one of its `to` gets its
    /// outcome.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub connections: Vec<ConnectRule>,
}

/// A goal of connection (`connect west to east win`): the player who has
/// just moved gets the outcome when a piece of his on a square of `to` is
/// reached from a piece of his on a square of `from` by one or more of the
/// `steps`, each from a square of his pieces to another. The opponent's
/// chains are not judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectRule {
    /// The piece types that count; empty: every piece.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<u8>,
    /// Where a chain starts, per side (White, Black).
    pub from: [Vec<u16>; 2],
    /// Where it ends, per side.
    pub to: [Vec<u16>; 2],
    /// The steps of a chain, each `[from, to]`: one way; a step both ways is
    /// listed twice.
    pub steps: Vec<[u16; 2]>,
    /// For the player who made the chain.
    pub outcome: Outcome,
}

/// A goal of lines (`line 4 win`, `square 2 win`): the player who has just
/// moved and holds every square of one of the lines (or `count` of them),
/// with pieces of the listed types, gets the outcome. The opponent's lines
/// are not judged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineRule {
    /// The piece types that count; empty: every piece.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<u8>,
    /// The lines, each a list of squares.
    pub lines: Vec<Vec<u16>>,
    /// How many squares of a line must be held (`line 3 with-gaps`: the
    /// lines are whole ranks, files or diagonals); `None`: all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u16>,
    /// For the player who made the line.
    pub outcome: Outcome,
}

/// How a stalemate ends: for the stalemated player, or by material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stalemate {
    /// The stalemated player wins.
    Win,
    /// The game is drawn.
    Draw,
    /// The stalemated player loses.
    Loss,
    /// Decided by material: the stalemated player wins with fewer pieces
    /// on the board than the opponent, loses with more, draws with as many.
    FewerPieces,
    /// Decided by material, as [`Verdict::Points`] counts it.
    Points,
}

impl Stalemate {
    /// The fixed outcome for the stalemated player, if there is one.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            Stalemate::Win => Some(Outcome::Win),
            Stalemate::Draw => Some(Outcome::Draw),
            Stalemate::Loss => Some(Outcome::Loss),
            Stalemate::FewerPieces | Stalemate::Points => None,
        }
    }
}

impl From<Outcome> for Stalemate {
    fn from(o: Outcome) -> Stalemate {
        match o {
            Outcome::Win => Stalemate::Win,
            Outcome::Draw => Stalemate::Draw,
            Outcome::Loss => Stalemate::Loss,
        }
    }
}

/// The bare-royal rule: a player whose royal piece is alone on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BareKingRule {
    /// For the bared player.
    pub outcome: Outcome,
    /// The bared player may reply once while the opponent has a single
    /// piece besides royals (`bare-king … after-reply`). Absent means
    /// `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_reply: bool,
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
    /// In `checkmate_by` only: the rule holds only when the mating move
    /// was a drop (`checkmate by Pawn drop win`: a mate given by dropping
    /// a pawn loses for the player who dropped it). Absent means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub drop: bool,
}

pub(super) fn is_zero_pair(x: &[u32; 2]) -> bool {
    *x == [0, 0]
}

/// Rules that remove moves from the legal ones, and the pass (all off by
/// default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "super::compat::LegalityRepr")]
pub struct Legality {
    /// Which moves may not give check (JSON default `"allowed"`).
    #[serde(default, skip_serializing_if = "GivingCheck::is_allowed")]
    pub giving_check: GivingCheck,
    /// When a capture (en passant included) is legal, only captures are.
    #[serde(default, skip_serializing_if = "is_false")]
    pub capture_compulsory: bool,
    /// Whether and when a player may pass (JSON default `"never"`).
    #[serde(default, skip_serializing_if = "PassRule::is_never")]
    pub pass: PassRule,
    /// A royal piece in check may move only to capture the piece that gives
    /// it check, and not at all when several do; other pieces still block
    /// or capture (`fleeing-check forbidden`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub fleeing_check_forbidden: bool,
    /// Whether a side may have several royal pieces, and what protects
    /// them then.
    #[serde(default, skip_serializing_if = "SeveralRoyals::is_one")]
    pub several_royals: SeveralRoyals,
}

/// Which moves may not give check ([`Legality::giving_check`]). In JSON
/// `"forbidden"` or `"forbidden_by_drop"`; absent: `"allowed"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GivingCheck {
    /// Any move may give check (JSON: the field is absent).
    #[default]
    Allowed,
    /// `giving-check forbidden`: a move that leaves the opponent's royal
    /// piece attacked is illegal.
    Forbidden,
    /// `giving-check by-drop forbidden`: a drop that leaves the opponent's
    /// royal piece attacked is illegal; moves on the board may give check.
    ForbiddenByDrop,
}

impl GivingCheck {
    fn is_allowed(&self) -> bool {
        *self == GivingCheck::Allowed
    }
}

/// Whether and when a player may pass ([`Legality::pass`]). In JSON
/// `"allowed"` or `"when_stuck"`; absent: `"never"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PassRule {
    /// No pass (JSON: the field is absent).
    #[default]
    Never,
    /// `pass allowed`: a player may pass (when not in check): the move
    /// changes nothing but the side to move and the clocks, and is written
    /// as the royal piece's square twice (`e2e2`). Needs exactly one royal
    /// piece per side.
    Allowed,
    /// `pass when-stuck`: a player not in check who has no legal move
    /// passes (and only then): written as its royal piece's square twice,
    /// or without one as the square of its first piece (lowest row, then
    /// lowest column); a player without pieces cannot pass.
    WhenStuck,
}

impl PassRule {
    fn is_never(&self) -> bool {
        *self == PassRule::Never
    }
}

/// Whether a side may have several royal pieces ([`Legality::several_royals`]).
/// In JSON `"all_attacked"`, `"unprotected"` or `"any_attacked"`; absent:
/// one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeveralRoyals {
    /// At most one royal piece a side (JSON: the field is absent).
    #[default]
    One,
    /// Several; a side is in check only when all of them are attacked, and
    /// a move may leave some of them attacked, never all (Spartan chess's
    /// duple check).
    AllAttacked,
    /// Several on the board (a promotion may make one); while a side has
    /// two or more, none is protected: any may be left attacked and
    /// captured, and the side is never in check. Its last one is royal as
    /// usual (sho shogi's crown prince).
    Unprotected,
    /// Several; a side is in check when any of them is attacked, and no
    /// move may leave any of them attacked: each is royal as a lone king is
    /// (coregal chess's royal queens beside the king).
    AnyAttacked,
}

impl SeveralRoyals {
    fn is_one(&self) -> bool {
        *self == SeveralRoyals::One
    }
}

/// Reads one of some words (a field whose absence is the remaining value).
pub(super) fn read_word<'de, D: Deserializer<'de>, T: Copy>(
    d: D,
    words: &'static [(&'static str, T)],
    expecting: &'static str,
) -> Result<T, D::Error> {
    struct V<T: 'static>(&'static [(&'static str, T)], &'static str);
    impl<'de, T: Copy> Visitor<'de> for V<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.1)
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
            self.0
                .iter()
                .find(|(w, _)| *w == s)
                .map(|&(_, x)| x)
                .ok_or_else(|| E::invalid_value(de::Unexpected::Str(s), &self))
        }
    }
    d.deserialize_str(V(words, expecting))
}

impl<'de> Deserialize<'de> for Royal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Royal, D::Error> {
        const WORDS: &[(&str, Royal)] = &[
            ("both", Royal::Both),
            ("white", Royal::White),
            ("black", Royal::Black),
        ];
        read_word(
            d,
            WORDS,
            "\"both\", \"white\" or \"black\" (absent: not royal)",
        )
    }
}

impl<'de> Deserialize<'de> for Notation {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Notation, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Notation;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(
                    "\"pawn\", \"piece\" or {\"as\": <piece>} (absent: a `P` that promotes \
                     into other pieces is a pawn)",
                )
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Notation, E> {
                match s {
                    "pawn" => Ok(Notation::Pawn),
                    "piece" => Ok(Notation::Piece),
                    _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                }
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Notation, A::Error> {
                #[derive(Deserialize)]
                #[serde(rename_all = "snake_case")]
                enum Key {
                    As,
                }
                let Some(Key::As) = map.next_key::<Key>()? else {
                    return Err(de::Error::invalid_length(0, &self));
                };
                let q: u8 = map.next_value()?;
                if map.next_key::<Key>()?.is_some() {
                    return Err(de::Error::duplicate_field("as"));
                }
                Ok(Notation::As(q))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for SeveralRoyals {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeveralRoyals, D::Error> {
        const WORDS: &[(&str, SeveralRoyals)] = &[
            ("all_attacked", SeveralRoyals::AllAttacked),
            ("unprotected", SeveralRoyals::Unprotected),
            ("any_attacked", SeveralRoyals::AnyAttacked),
        ];
        read_word(
            d,
            WORDS,
            "\"all_attacked\", \"unprotected\" or \"any_attacked\" (absent: one royal piece)",
        )
    }
}

impl<'de> Deserialize<'de> for PathRole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PathRole, D::Error> {
        const WORDS: &[(&str, PathRole)] = &[
            ("move_or_capture", PathRole::MoveOrCapture),
            ("quiet", PathRole::Quiet),
            ("capture", PathRole::Capture),
            ("attack", PathRole::Attack),
        ];
        read_word(
            d,
            WORDS,
            "\"quiet\", \"capture\" or \"attack\" (absent: \"move_or_capture\")",
        )
    }
}

impl<'de> Deserialize<'de> for HandSupply {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<HandSupply, D::Error> {
        const WORDS: &[(&str, HandSupply)] = &[
            ("captures", HandSupply::Captures),
            ("setup", HandSupply::Setup),
            ("unlimited", HandSupply::Unlimited),
        ];
        read_word(
            d,
            WORDS,
            "\"setup\" or \"unlimited\" (absent: \"captures\")",
        )
    }
}

impl<'de> Deserialize<'de> for GivingCheck {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GivingCheck, D::Error> {
        const WORDS: &[(&str, GivingCheck)] = &[
            ("allowed", GivingCheck::Allowed),
            ("forbidden", GivingCheck::Forbidden),
            ("forbidden_by_drop", GivingCheck::ForbiddenByDrop),
        ];
        read_word(
            d,
            WORDS,
            "\"forbidden\" or \"forbidden_by_drop\" (absent: \"allowed\")",
        )
    }
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
    /// The rule applies only while the opponent has at least this many
    /// (of the same type, or pieces; 0: always).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opponent: u32,
}

/// Repetition: the same position (board, promoted marks, hands, side to move,
/// castling and en-passant rights) occurring `count` times ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionRule {
    /// Occurrences that end the game (at least 2).
    pub count: u32,
    /// The outcome, for the player to move.
    pub outcome: Outcome,
    /// The side `outcome` is for, whoever is to move (`for white`);
    /// without it, the player to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// Occurrences from which a player may claim it, if claims exist (from 2
    /// to `count`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<u32>,
    /// The outcome for a player who gave check on every move of the
    /// repeated stretch, when only one did (`perpetual-check`); both did:
    /// a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perpetual_check: Option<Outcome>,
    /// The material decides (`repetition 3 points`): each side's pieces on
    /// the board by their `points`, plus its `komi`; the higher total wins,
    /// equal totals draw (`outcome` is then `draw` and unused). Absent
    /// means `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub points: bool,
}

/// A goal: a piece reaching one of its side's target squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReachRule {
    /// The piece.
    pub piece: u8,
    /// More pieces, counted together with `piece` (JSON default empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<u8>,
    /// `squares[side]`: the targets of that side.
    #[serde(deserialize_with = "de_reach_squares")]
    pub squares: [Vec<u16>; 2],
    /// How many of the side's pieces `piece` must stand on its targets at
    /// once (JSON default 1; at least 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u16,
    /// Also reached when every target square is occupied (by any pieces)
    /// and at least one holds the side's `piece` (JSON default `false`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub or_full: bool,
    /// With exactly `count` of the pieces on the targets, the goal is
    /// reached only if the opponent attacks none of them; without
    /// `after_reply` it is judged for both players after every move (both
    /// safe: a draw), with it the side that moved wins at once if safe,
    /// and otherwise after the reply as without `safe` (JSON default
    /// `false`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub safe: bool,
    /// For the player who reaches.
    pub outcome: Outcome,
    /// The opponent gets one reply first: the rule is judged at the start
    /// of the reaching player's next turn; if the opponent has reached its
    /// own targets by then and the reaching player is White, it is a draw.
    #[serde(default, skip_serializing_if = "is_false")]
    pub after_reply: bool,
}

pub(super) fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn one() -> u16 {
    1
}

fn is_one(n: &u16) -> bool {
    *n == 1
}

pub(super) fn is_false(b: &bool) -> bool {
    !*b
}

pub(super) fn pair_is_empty(p: &[Vec<u16>; 2]) -> bool {
    p[0].is_empty() && p[1].is_empty()
}

impl DropRules {
    /// Drops with no rule beyond the hands themselves, for `np` piece
    /// types: no forbidden square, no limit, captures to hand.
    pub fn none(np: usize) -> DropRules {
        DropRules {
            forbidden: vec![[Vec::new(), Vec::new()]; np],
            no_mate: vec![false; np],
            supply: HandSupply::Captures,
            per_file: Vec::new(),
            also_as: Vec::new(),
            per_colour: Vec::new(),
            must_drop: false,
            royal_in_hand: false,
            falls: false,
        }
    }
}

impl EndRules {
    /// A game that ends only by checkmate (a loss) or stalemate (a draw).
    pub fn none() -> EndRules {
        EndRules {
            checkmate: Outcome::Loss,
            stalemate: Stalemate::Draw,
            repetition: None,
            move_limit: None,
            move_limit_points: false,
            move_limit_claim: None,
            resets_move_limit: Vec::new(),
            resets_on: Default::default(),
            resets_irreversible: Vec::new(),
            bare_king: None,
            reach: Vec::new(),
            check_count: None,
            extinction: Vec::new(),
            counting: None,
            double_pass: None,
            full_board: None,
            facing: None,
            komi: [0, 0],
            draw_odds: None,
            checkmate_by: None,
            checkmate_needs: None,
            lines: Vec::new(),
            connections: Vec::new(),
        }
    }
}
