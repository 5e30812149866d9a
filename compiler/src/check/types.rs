//! The checked file: what [`super::check`] returns and [`crate::lower`]
//! reads, every name resolved to an index.

use fairyc_runtime::table::{
    CheckCountRule, ConnectRule, CountingRule, DropRules, GateRule, Legality, LineRule, MateRule,
    Notation, Outcome, PromotionChoice, RepetitionRule, Verdict, ZoneTable,
};
use std::collections::HashSet;

use crate::betza::MoveSpec;
use crate::geometry::{Cell, Geometry, Sq};
use crate::span::Span;

/// A file that passed every check, with every name resolved: pieces are
/// indices into [`Checked::pieces`], squares indices into the geometry's
/// squares, zones per side (`[white, black]`), outcomes decided.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The variant's name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The pieces, in the order declared.
    pub pieces: Vec<CheckedPiece>,
    /// The start position.
    pub setup: CheckedSetup,
    /// The promotion rules, in the order written (rules with no choice are
    /// left out).
    pub promotions: Vec<CheckedPromotion>,
    /// The drop rules, if the variant has drops.
    pub drops: Option<DropRules>,
    /// The castling rules.
    pub castling: Vec<CheckedCastling>,
    /// The gating rules, as the tables hold them.
    pub gating: Vec<GateRule>,
    /// The end rules.
    pub end: CheckedEnd,
    /// The move clock.
    pub clock: crate::clock::CheckedClock,
    /// The legality rules.
    pub legality: Legality,
    /// The declared zones with their squares, in the order declared.
    pub zones: Vec<ZoneTable>,
    /// The `blast` block's table part.
    pub blast: Option<fairyc_runtime::BlastTable>,
    /// The `walls` item's table part.
    pub walling: Option<fairyc_runtime::WallingTable>,
    /// The `flips` item's table part, with the drop rules that go with it.
    pub flipping: Option<fairyc_runtime::FlippingTable>,
}

/// A checked piece.
#[derive(Clone, Debug)]
pub struct CheckedPiece {
    /// Its name.
    pub name: String,
    /// Its FEN symbol, upper case (`K`, `DE`, `N'`).
    pub letter: String,
    /// Whether it is royal.
    pub royal: bool,
    /// `royal { only white|black }`: royal for that side only (0 White, 1 Black).
    pub royal_side: Option<u8>,
    /// What it becomes in hand when captured, if not itself.
    pub captured_as: Option<u8>,
    /// What it becomes in hand when captured, if it is only ever promoted to.
    pub demotes_to: Option<u8>,
    /// Whether its symbol is written after a `+` (`letter +P`).
    pub plus: bool,
    /// Its second symbol, upper case (`letter N also H`): read in FEN and
    /// SAN as this piece, written in SAN.
    pub synonym: Option<String>,
    /// `<Piece> max <n>`: promotion to it only while its side has fewer
    /// than n on the board.
    pub promotion_limit: Option<u8>,
    /// Its Betza terms.
    pub moves: Vec<CheckedMove>,
    /// `cannot-capture`: the pieces it never captures.
    pub cannot_capture: Vec<u8>,
    /// `cannot-hop`: the pieces its hoppers may not jump.
    pub cannot_hop: Vec<u8>,
    /// `points`, in tenths.
    pub points: u32,
    /// `notation pawn` or `notation piece`: how SAN writes its moves.
    pub notation: Option<Notation>,
}

/// One Betza term of a piece.
#[derive(Clone, Debug)]
pub struct CheckedMove {
    /// Its move specifications.
    pub specs: Vec<MoveSpec>,
    /// `if friend-adjacent`.
    pub guarded: bool,
    /// `once`: made only from a square whose right the side holds (the
    /// squares where the variant's pieces with `once` moves start).
    pub once: bool,
    /// `if not-in-check`: not made while the side is in check.
    pub unchecked: bool,
    /// `within <set>`: per side, the squares every step must land on
    /// (`None`: anywhere).
    pub within: Option<[Vec<Sq>; 2]>,
    /// `from <set>`: per side, the squares the move may start from.
    pub from: Option<[Vec<Sq>; 2]>,
    /// `to <set>`: per side, the squares the move may land on; it passes
    /// the others (`None`: anywhere).
    pub to: Option<[Vec<Sq>; 2]>,
    /// From `faces`: the path only attacks (an enemy royal piece).
    pub attack_only: bool,
}

/// The checked start position.
#[derive(Clone, Debug)]
pub struct CheckedSetup {
    /// The FEN.
    pub fen: String,
    /// The FEN string's place in the source.
    pub span: Span,
    /// `squares[piece][side]`: where each piece stands at the start.
    pub squares: Vec<[Vec<Sq>; 2]>,
}

/// A checked promotion rule.
#[derive(Clone, Debug)]
pub struct CheckedPromotion {
    /// The promoting piece.
    pub piece: u8,
    /// Where it promotes, per side.
    pub zone: [Vec<Sq>; 2],
    /// What it may promote to.
    pub choices: Vec<PromotionChoice>,
    /// Whether promotion may be declined.
    pub optional: bool,
    /// `on start`, `on end`, `on pass`: which squares of a move make the
    /// rule apply (`end` alone by default).
    pub on_start: bool,
    /// …
    pub on_end: bool,
    /// …
    pub on_pass: bool,
    /// `on entry`: a move that starts outside the squares and ends on one.
    pub on_entry: bool,
    /// `if capture`: only a capturing move promotes.
    pub capture_only: bool,
    /// `except <squares>`, per side: where an optional rule may not be
    /// declined, as written (lowering adds the squares where the piece
    /// could never move, unless `always`).
    pub except: [Vec<Sq>; 2],
    /// `optional always`: no squares are added to `except`.
    pub always: bool,
    /// `turn`: a move of its own, where the piece stands or one step on.
    pub turn: bool,
    /// `alone`: anywhere while the piece is its side's only one.
    pub alone: bool,
    /// `no-check`: may not give check.
    pub no_check: bool,
    /// `no-attack`: the new piece may not attack an enemy piece.
    pub no_attack: bool,
}

/// A checked castling rule.
#[derive(Clone, Debug)]
pub struct CheckedCastling {
    /// 0 for White (upper-case letter), 1 for Black.
    pub side: u8,
    /// The FEN letter.
    pub letter: char,
    /// The king piece.
    pub king: u8,
    /// Its squares.
    pub king_from: Sq,
    /// …
    pub king_to: Sq,
    /// The rook piece.
    pub rook: u8,
    /// Its squares.
    pub rook_from: Sq,
    /// …
    pub rook_to: Sq,
    /// A free (Chess960) castling (`any`): the line of its start squares,
    /// in order; empty otherwise.
    pub line: Vec<Sq>,
    /// `by-drop`: a drop completing its king and rook grants the right.
    pub by_drop: bool,
    /// `ends`: the rights (FEN letters) a castling by it ends besides its own.
    pub ends: Vec<char>,
}

/// The checked end rules.
#[derive(Clone, Debug)]
pub struct CheckedEnd {
    /// For the checkmated player.
    pub checkmate: Outcome,
    /// For the stalemated player.
    pub stalemate: Outcome,
    /// The repetition rule.
    pub repetition: Option<RepetitionRule>,
    /// The bare-king rule.
    pub bare_king: Option<Outcome>,
    /// `bare-king … after-reply`.
    pub bare_king_after_reply: bool,
    /// The goals.
    pub reach: Vec<CheckedReach>,
    /// `stalemate fewer-pieces`.
    pub stalemate_fewer_pieces: bool,
    /// `stalemate points`.
    pub stalemate_points: bool,
    /// `full-board`.
    pub full_board: Option<Verdict>,
    /// The check counter: `checks N outcome`.
    pub check_count: Option<CheckCountRule>,
    /// The extinction rules: `(piece, or None for all pieces; at most this
    /// many left; outcome; at least this many for the opponent, 0: any)`.
    pub extinction: Vec<(Option<u8>, u32, Outcome, u32)>,
    /// The counting rule.
    pub counting: Option<CountingRule>,
    /// `double-pass`.
    pub double_pass: Option<Verdict>,
    /// `facing`.
    pub facing: Option<Verdict>,
    /// `komi`, in tenths (White, Black).
    pub komi: [u32; 2],
    /// `draw-odds`.
    pub draw_odds: Option<fairyc_runtime::table::Side>,
    /// `checkmate by`.
    pub checkmate_by: Option<MateRule>,
    /// `checkmate needs`.
    pub checkmate_needs: Option<MateRule>,
    /// The `line` rules, their lines found on the board.
    pub lines: Vec<LineRule>,
    /// The `connect` rules, their steps found on the board.
    pub connections: Vec<ConnectRule>,
}

/// The cell steps of the axes named (`files`, `ranks`, `diagonals`; none
/// named: all three), as [`lines_of`] and [`whole_lines_of`] follow them.
fn axis_steps(axes: &[&str]) -> Vec<Cell> {
    let all = axes.is_empty();
    let mut steps: Vec<Cell> = Vec::new();
    if all || axes.contains(&"ranks") {
        steps.push((1, 0));
    }
    if all || axes.contains(&"files") {
        steps.push((0, 1));
    }
    if all || axes.contains(&"diagonals") {
        steps.extend([(1, 1), (1, -1)]);
    }
    steps
}

/// The steps of a `connect` rule along the axes named (`files`, `ranks`,
/// `diagonals`; none named: all three), each `[from, to]`, from the first
/// cell of each square to the square one cell on: both ways, or with
/// `one_way` only east, north, north-east and south-east.
pub fn connect_steps(geo: &Geometry, axes: &[&str], one_way: bool) -> Vec<[u16; 2]> {
    let mut steps = axis_steps(axes);
    if !one_way {
        let back: Vec<Cell> = steps.iter().map(|&(dx, dy)| (-dx, -dy)).collect();
        steps.extend(back);
    }
    let mut out = Vec::new();
    for (from, info) in geo.squares.iter().enumerate() {
        let (Some(&(x, y)), Ok(from)) = (info.cells.first(), u16::try_from(from)) else {
            continue;
        };
        for &(dx, dy) in &steps {
            if let Some(to) = geo.square_at((x + dx, y + dy)).filter(|&to| to != from) {
                out.push([from, to]);
            }
        }
    }
    out
}

/// Every run of `length` squares along the axes named (`files`, `ranks`,
/// `diagonals`; none named: all three), each once, in the order of its first
/// square: squares whose cells follow one another along the axis.
pub fn lines_of(geo: &Geometry, length: u32, axes: &[&str]) -> Vec<Vec<u16>> {
    let steps = axis_steps(axes);
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut seen = HashSet::new();
    for info in &geo.squares {
        let Some(&start) = info.cells.first() else {
            continue;
        };
        for &(dx, dy) in &steps {
            let line: Option<Vec<u16>> = (0..length as i32)
                .map(|k| geo.square_at((start.0 + k * dx, start.1 + k * dy)))
                .collect();
            let Some(line) = line else { continue };
            keep_new(line, &mut seen, &mut out);
        }
    }
    out
}

/// The whole ranks, files and diagonals along the axes named (as
/// [`lines_of`]) that hold at least `length` squares, each once, from the
/// edge of the board to the other (holes in the board are skipped): the
/// lines of `line <n> with-gaps`.
pub fn whole_lines_of(geo: &Geometry, length: u32, axes: &[&str]) -> Vec<Vec<u16>> {
    let steps = axis_steps(axes);
    let inside = |(x, y): Cell| x >= 0 && y >= 0 && x < geo.width && y < geo.height;
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut seen = HashSet::new();
    for info in &geo.squares {
        let Some(&start) = info.cells.first() else {
            continue;
        };
        for &(dx, dy) in &steps {
            if inside((start.0 - dx, start.1 - dy)) {
                continue;
            }
            let line: Vec<u16> = (0..)
                .map(|k| (start.0 + k * dx, start.1 + k * dy))
                .take_while(|&c| inside(c))
                .filter_map(|c| geo.square_at(c))
                .collect();
            if line.len() >= length as usize {
                keep_new(line, &mut seen, &mut out);
            }
        }
    }
    out
}

/// Every square of `size` by `size` squares on the board, each once, in the
/// order of its first square (its lowest file and rank): the lines of
/// `square <n>`.
pub fn squares_of(geo: &Geometry, size: u32) -> Vec<Vec<u16>> {
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut seen = HashSet::new();
    let n = size as i32;
    for info in &geo.squares {
        let Some(&start) = info.cells.first() else {
            continue;
        };
        let block: Option<Vec<u16>> = (0..n)
            .flat_map(|dy| (0..n).map(move |dx| (start.0 + dx, start.1 + dy)))
            .map(|c| geo.square_at(c))
            .collect();
        let Some(block) = block else { continue };
        keep_new(block, &mut seen, &mut out);
    }
    out
}

/// Adds `line` to `out` if its squares are distinct and no line of the
/// same squares was added before (`seen`: each added line's squares,
/// sorted).
fn keep_new(line: Vec<u16>, seen: &mut HashSet<Vec<u16>>, out: &mut Vec<Vec<u16>>) {
    let mut key = line.clone();
    key.sort_unstable();
    key.dedup();
    if key.len() == line.len() && seen.insert(key) {
        out.push(line);
    }
}

/// A checked `<Piece> reaches <squares> <outcome>` rule.
#[derive(Clone, Debug)]
pub struct CheckedReach {
    /// The piece.
    pub piece: u8,
    /// The squares, per side.
    pub squares: [Vec<Sq>; 2],
    /// `| Knight | …`: more pieces, counted with `piece`.
    pub also: Vec<u8>,
    /// `count N`: how many of the pieces at once (1 without it).
    pub count: u16,
    /// `or-full`.
    pub or_full: bool,
    /// `safe`.
    pub safe: bool,
    /// The outcome.
    pub outcome: Outcome,
    /// `after-reply`.
    pub after_reply: bool,
}

/// The longest `line`.
pub const MAX_LINE: u32 = 64;

/// The largest `move-limit`.
pub const MAX_MOVE_LIMIT: u32 = 1_000_000;
