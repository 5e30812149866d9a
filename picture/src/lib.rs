//! The picture of a board that `fairyc show` draws — a position, or where a
//! piece moves from a square — built from the move table alone, and its
//! rendering as a standalone SVG document ([`svg::render`]).
//!
//! Everything is derived from the table: its geometry (squares as sets of
//! grid cells, holes, file and rank labels, White's forward vector), so a
//! table `.json` draws what its `.variant` source draws. No variant is
//! special-cased. The command line draws a [`Picture`] in the terminal too;
//! the WebAssembly package hands its SVG to JavaScript.
//!
//! ```
//! // `fairyc compile variants/chess.variant` writes this table.
//! let json = include_str!("../../runtime/examples/chess.json");
//! let tables = fairyc_runtime::VariantTables::from_json(json).expect("a table");
//! let variant = fairyc_runtime::Variant::new(tables).expect("valid tables");
//! let pos = fairyc_runtime::Position::new(&variant).expect("start position");
//! let board = fairyc_picture::board_of(variant.tables().parts());
//! let picture = fairyc_picture::position_picture(&variant, board, &pos);
//! let svg = fairyc_picture::svg::render(&picture);
//! assert!(svg.starts_with("<svg") && svg.contains(r#"id="sq-e4""#));
//! ```

use std::collections::BTreeMap;
use std::fmt;

use fairyc_runtime::suggest::did_you_mean;
use fairyc_runtime::table::{GivingCheck, Outcome, SeveralRoyals, Stalemate, TableParts};
use fairyc_runtime::{Color, Game, PieceType, Position, Variant};

pub mod svg;

/// A piece or square that is not there, with a did-you-mean and the list
/// of what there is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureError(pub String);

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PictureError {}

/// What a cell of the grid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellUse {
    /// Part of square `s`.
    Square(u16),
    /// A hole inside the board: no square, sliders stop.
    Hole,
    /// Outside the board.
    Off,
}

/// A square: its name and its cells, the first naming it.
#[derive(Clone, Debug)]
pub struct Sq {
    pub name: String,
    pub cells: Vec<(i32, i32)>,
}

/// The board as drawn: a grid of cells, the squares on it, labels, and White's
/// forward vector (which the drawing puts up).
#[derive(Clone, Debug)]
pub struct Board {
    pub width: i32,
    pub height: i32,
    /// `cells[y * width + x]`.
    pub cells: Vec<CellUse>,
    pub squares: Vec<Sq>,
    /// File labels, left to right (empty where unknown).
    pub files: Vec<String>,
    /// Rank labels, bottom to top (empty where unknown).
    pub ranks: Vec<String>,
    pub forward: (i32, i32),
    /// `[files, ranks]`: whether the left and right edges join, and whether
    /// the bottom and top edges join.
    pub wrap: [bool; 2],
    /// Whether the cells are hexagons (`shape hex`): columns are files, a
    /// cell's neighbours the steps (0,±1), (±1,0), (1,-1) and (-1,1).
    pub hex: bool,
}

impl Board {
    /// What the cell `(x, y)` is; off the board outside the grid.
    pub fn cell(&self, x: i32, y: i32) -> CellUse {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return CellUse::Off;
        }
        self.cells[(y * self.width + x) as usize]
    }

    /// Whether square `s` is a light square: by the colour of its naming cell
    /// (the chess colouring, with `a1` dark).
    pub fn is_light(&self, s: usize) -> bool {
        let (x, y) = self.squares[s].cells[0];
        (x + y) % 2 == 1
    }

    /// The screen basis `(right, up)` as unit vectors on the cell grid:
    /// `up` is White's forward vector, `right` its right-hand perpendicular.
    pub fn basis(&self) -> ((f64, f64), (f64, f64)) {
        let (fx, fy) = (self.forward.0 as f64, self.forward.1 as f64);
        let len = (fx * fx + fy * fy).sqrt();
        if len == 0.0 {
            return ((1.0, 0.0), (0.0, 1.0));
        }
        ((fy / len, -fx / len), (fx / len, fy / len))
    }

    /// The integer screen basis `(right, up)` when the forward vector runs
    /// along the grid or along a grid diagonal; `None` for any other angle.
    pub fn grid_basis(&self) -> Option<((i32, i32), (i32, i32))> {
        let (fx, fy) = self.forward;
        let g = gcd(fx.abs(), fy.abs());
        if g == 0 {
            return None;
        }
        let (ux, uy) = (fx / g, fy / g);
        (ux.abs() <= 1 && uy.abs() <= 1).then_some(((uy, -ux), (ux, uy)))
    }

    /// The positions where labels go: rank `y`'s label on the virtual cell
    /// `(-1, y)`, file `x`'s on `(x, -1)`, so they follow any rotation.
    pub fn labels(&self) -> Vec<((i32, i32), &str)> {
        let mut out = Vec::new();
        for (y, r) in self.ranks.iter().enumerate() {
            if !r.is_empty() {
                out.push(((-1, y as i32), r.as_str()));
            }
        }
        for (x, f) in self.files.iter().enumerate() {
            if !f.is_empty() {
                out.push(((x as i32, -1), f.as_str()));
            }
        }
        out
    }

    /// The seam markers of joined edges, on virtual cells beside the board:
    /// `~` right of each row whose edge cells join (`wrap files`), above
    /// each column whose edge cells join (`wrap ranks`). The left and bottom
    /// sides hold the labels; the marker on one side stands for both.
    pub fn seams(&self) -> Vec<((i32, i32), &'static str)> {
        let on = |x: i32, y: i32| self.cell(x, y) != CellUse::Off;
        let mut out = Vec::new();
        if self.wrap[0] {
            for y in 0..self.height {
                if on(0, y) || on(self.width - 1, y) {
                    out.push(((self.width, y), "~"));
                }
            }
        }
        if self.wrap[1] {
            for x in 0..self.width {
                if on(x, 0) || on(x, self.height - 1) {
                    out.push(((x, self.height), "~"));
                }
            }
        }
        out
    }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// How a piece reaches a target square from its square on an empty board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    /// It may move there and capture there.
    Both,
    /// It may only move there (an empty square).
    Quiet,
    /// It may only capture there.
    Capture,
    /// It may move there only when the guard holds (a friendly piece on one
    /// of the guard squares).
    Guarded,
    /// It may capture there, and move there only when the guard holds.
    GuardedCapture,
}

impl Reach {
    /// All kinds, in legend order.
    pub const ALL: [Reach; 5] = [
        Reach::Both,
        Reach::Quiet,
        Reach::Capture,
        Reach::Guarded,
        Reach::GuardedCapture,
    ];

    /// The terminal marker.
    pub fn symbol(self) -> char {
        match self {
            Reach::Both => '●',
            Reach::Quiet => '○',
            Reach::Capture => '×',
            Reach::Guarded => '◌',
            Reach::GuardedCapture => '⊗',
        }
    }

    /// What it means, for legends.
    pub fn meaning(self) -> &'static str {
        match self {
            Reach::Both => "move or capture",
            Reach::Quiet => "move only",
            Reach::Capture => "capture only",
            Reach::Guarded => "move only, guarded",
            Reach::GuardedCapture => "capture; move only, guarded",
        }
    }
}

/// What is drawn on a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing.
    Empty,
    /// A piece: its symbol (upper case: `K`, `DE`, `N'`), side and
    /// promoted mark; `plus` if it is written `+` and its symbol (a
    /// promoted face).
    Piece {
        letter: String,
        white: bool,
        promoted: bool,
        plus: bool,
    },
    /// A square the shown piece reaches.
    Target(Reach),
    /// A wall placed during play (`*` in the FEN: a duck, an arrow, a
    /// petrified piece): no piece may enter or pass it.
    Wall,
}

/// Everything both renderers draw.
#[derive(Clone, Debug)]
pub struct Picture {
    pub title: String,
    pub subtitle: String,
    pub board: Board,
    /// `marks[s]`: what square `s` shows.
    pub marks: Vec<Mark>,
    /// Lines above the board (Black's hand).
    pub above: Vec<String>,
    /// Lines below the board (White's hand, side to move, result; or the
    /// legend of a piece diagram).
    pub below: Vec<String>,
    /// The move kinds to explain in a legend (piece diagrams).
    pub legend: Vec<Reach>,
    /// How the game ends and which moves are taken away, where the variant
    /// differs from chess (text output only, after `below`).
    pub rules: Vec<String>,
    /// `shaded[s]`: square `s` belongs to a zone asked for with `--zone`.
    pub shaded: Vec<bool>,
}

/// The board of a table, with its holes and labels. A table written before
/// the board carried labels has neither: then a missing cell enclosed by
/// squares (not connected to the rim through missing cells) is a hole, and
/// the labels are read from the square names.
pub fn board_of(parts: &TableParts) -> Board {
    let (w, h) = (parts.board.width as i32, parts.board.height as i32);
    let mut cells = vec![CellUse::Off; (w * h) as usize];
    let squares: Vec<Sq> = parts
        .board
        .squares
        .iter()
        .map(|s| Sq {
            name: s.name.clone(),
            cells: s.cells.iter().map(|c| (c[0] as i32, c[1] as i32)).collect(),
        })
        .collect();
    for (s, sq) in squares.iter().enumerate() {
        for &(x, y) in &sq.cells {
            if x < w && y < h {
                cells[(y * w + x) as usize] = CellUse::Square(s as u16);
            }
        }
    }
    let f = parts.board.forward[0];
    let mut board = Board {
        width: w,
        height: h,
        cells,
        squares,
        files: vec![String::new(); w as usize],
        ranks: vec![String::new(); h as usize],
        forward: (f[0] as i32, f[1] as i32),
        wrap: parts.board.wrap,
        hex: parts.board.hex,
    };
    let t = &parts.board;
    if t.files.is_empty() && t.ranks.is_empty() {
        mark_enclosed_holes(&mut board);
        labels_from_names(&mut board);
        return board;
    }
    for &[x, y] in &t.holes {
        let (x, y) = (x as i32, y as i32);
        if x < w && y < h {
            board.cells[(y * w + x) as usize] = CellUse::Hole;
        }
    }
    if !t.files.is_empty() {
        board.files = t.files.clone();
    }
    if !t.ranks.is_empty() {
        board.ranks = t.ranks.clone();
    }
    // A label no square's name is made of (a column or row holding only
    // squares with names of their own, such as Omega's wizard squares)
    // would name nothing: leave it out.
    for x in 0..w {
        let used = board
            .squares
            .iter()
            .any(|s| s.cells[0].0 == x && s.name.starts_with(board.files[x as usize].as_str()));
        if !used {
            board.files[x as usize].clear();
        }
    }
    for y in 0..h {
        let used = board
            .squares
            .iter()
            .any(|s| s.cells[0].1 == y && s.name.ends_with(board.ranks[y as usize].as_str()));
        if !used {
            board.ranks[y as usize].clear();
        }
    }
    board
}

fn mark_enclosed_holes(b: &mut Board) {
    let (w, h) = (b.width, b.height);
    let mut outside = vec![false; b.cells.len()];
    let mut todo: Vec<(i32, i32)> = (0..w)
        .flat_map(|x| [(x, 0), (x, h - 1)])
        .chain((0..h).flat_map(|y| [(0, y), (w - 1, y)]))
        .collect();
    while let Some((x, y)) = todo.pop() {
        if x < 0 || y < 0 || x >= w || y >= h {
            continue;
        }
        let i = (y * w + x) as usize;
        if outside[i] || matches!(b.cells[i], CellUse::Square(_)) {
            continue;
        }
        outside[i] = true;
        todo.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
    }
    for (i, c) in b.cells.iter_mut().enumerate() {
        if *c == CellUse::Off && !outside[i] {
            *c = CellUse::Hole;
        }
    }
}

/// Square names are file label then rank label of the naming cell: split
/// each at its first digit (`a10` → `a`, `10`) and keep consistent labels.
fn labels_from_names(b: &mut Board) {
    let mut files: Vec<Option<String>> = vec![None; b.width as usize];
    let mut ranks: Vec<Option<String>> = vec![None; b.height as usize];
    let mut ok = true;
    for sq in &b.squares {
        let Some(at) = sq.name.find(|c: char| c.is_ascii_digit()) else {
            ok = false;
            break;
        };
        let (file, rank) = sq.name.split_at(at);
        let (x, y) = sq.cells[0];
        for (slot, label) in [
            (files.get_mut(x as usize), file),
            (ranks.get_mut(y as usize), rank),
        ] {
            match slot {
                Some(slot @ None) => *slot = Some(label.to_string()),
                Some(Some(l)) if l == label => {}
                _ => ok = false,
            }
        }
    }
    if ok && !files.is_empty() {
        b.files = files.into_iter().map(Option::unwrap_or_default).collect();
        b.ranks = ranks.into_iter().map(Option::unwrap_or_default).collect();
    }
}

fn letter_of(variant: &Variant, p: PieceType) -> String {
    variant.piece_symbol(p).to_ascii_uppercase()
}

/// The picture of a position: the pieces, the hands, whose turn, the result
/// of a finished game and the rules that differ from chess.
pub fn position_picture(variant: &Variant, board: Board, pos: &Position<'_>) -> Picture {
    let parts = variant.tables().parts();
    let marks = (0..board.squares.len())
        .map(|s| match variant.square(s).and_then(|s| pos.piece_at(s)) {
            Some(p) => Mark::Piece {
                letter: letter_of(variant, p.piece),
                white: p.color == Color::White,
                promoted: p.promoted,
                plus: variant.is_plus(p.piece),
            },
            None if variant.square(s).is_some_and(|s| pos.is_wall(s)) => Mark::Wall,
            None => Mark::Empty,
        })
        .collect();
    let hand = |side: Color| -> String {
        let items: Vec<String> = variant
            .pieces()
            .filter_map(|p| {
                let n = pos.hand_count(side, p);
                let l = variant.piece_token(p);
                let l = if side == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                };
                match n {
                    0 => None,
                    1 => Some(l.to_string()),
                    n => Some(format!("{l}×{n}")),
                }
            })
            .collect();
        let text = if items.is_empty() {
            "—".to_string()
        } else {
            items.join(" ")
        };
        format!("{} in hand: {text}", side.name())
    };
    let has_hands = parts.drops.is_some()
        || !parts.gating.is_empty()
        || variant
            .pieces()
            .any(|p| pos.hand_count(Color::White, p) + pos.hand_count(Color::Black, p) > 0);
    let mut above = Vec::new();
    let mut below = Vec::new();
    if has_hands {
        above.push(hand(Color::Black));
        below.push(hand(Color::White));
    }
    let turn = pos.turn();
    below.push(format!(
        "{} to move{}",
        turn.name(),
        if pos.is_check() { ", in check" } else { "" }
    ));
    let subtitle = pos.fen();
    if let Some(r) = Game::new(pos.clone()).outcome() {
        below.push(format!("result: {r}"));
    }
    Picture {
        title: variant.name().to_string(),
        subtitle,
        board,
        marks,
        above,
        below,
        legend: Vec::new(),
        rules: rule_lines(parts),
        shaded: Vec::new(),
    }
}

/// The end and legality rules where they differ from chess (checkmate
/// loses, stalemate draws, one royal piece each), one sentence a line, each
/// starting with `rule: `. Repetition and the move limit are left out.
fn rule_lines(parts: &TableParts) -> Vec<String> {
    let name = |p: u8| {
        parts
            .pieces
            .get(p as usize)
            .map_or("?", |t| t.name.as_str())
    };
    let outcome = |o: Outcome| match o {
        Outcome::Win => "wins",
        Outcome::Draw => "draws",
        Outcome::Loss => "loses",
    };
    let squares = |set: &[u16]| -> String {
        let names: Vec<&str> = set
            .iter()
            .filter_map(|&s| parts.board.squares.get(s as usize).map(|q| q.name.as_str()))
            .collect();
        match names.as_slice() {
            [] => "no square".to_string(),
            [one] => (*one).to_string(),
            many if many.len() <= 4 => many.join(", "),
            many => format!("{}, … ({} squares)", many[..3].join(", "), many.len()),
        }
    };
    let mut out = Vec::new();
    let t = &parts.board;
    let edge = |labels: &[String], a: &str, b: &str| match (labels.first(), labels.last()) {
        (Some(x), Some(y)) if !x.is_empty() && !y.is_empty() => format!("{x} and {y}"),
        _ => format!("{a} and {b}"),
    };
    if t.wrap[0] {
        out.push(format!(
            "the files {} join (~): lines and leaps cross that edge",
            edge(&t.files, "left", "right")
        ));
    }
    if t.wrap[1] {
        out.push(format!(
            "the ranks {} join (~): lines and leaps cross that edge",
            edge(&t.ranks, "bottom", "top")
        ));
    }
    let royal = |side: u8| parts.pieces.iter().any(|p| p.royal.for_side(side as usize));
    match (royal(0), royal(1)) {
        (true, true) => {}
        (false, false) => out.push("no royal piece: no check, no checkmate".to_string()),
        (w, _) => out.push(format!(
            "{} has no royal piece: it is never in check",
            if w { "black" } else { "white" }
        )),
    }
    let end = &parts.end;
    if end.checkmate != Outcome::Loss {
        out.push(format!("the checkmated player {}", outcome(end.checkmate)));
    }
    let names = |pieces: &[u8]| -> String {
        let names: Vec<String> = pieces.iter().map(|&p| format!("`{}`", name(p))).collect();
        names.join(" or ")
    };
    if let Some(r) = &end.checkmate_by {
        out.push(format!(
            "a player checkmated by {} alone {}",
            names(&r.pieces),
            outcome(r.outcome)
        ));
    }
    if let Some(r) = &end.checkmate_needs {
        out.push(format!(
            "a checkmate counts only after a check by {} in the mating player's last run of checks; otherwise the mated player {}",
            names(&r.pieces),
            outcome(r.outcome)
        ));
    }
    match end.stalemate {
        Stalemate::FewerPieces => out.push(
            "the stalemated player wins with fewer pieces than the opponent, loses with more"
                .to_string(),
        ),
        Stalemate::Points => out.push(
            "a player who cannot move (stalemate) ends the game: the material is counted"
                .to_string(),
        ),
        Stalemate::Draw => {}
        Stalemate::Win | Stalemate::Loss => {
            if let Some(o) = end.stalemate.outcome() {
                out.push(format!(
                    "a player who cannot move (stalemate) {}",
                    outcome(o)
                ));
            }
        }
    }
    if end.full_board.is_some() {
        out.push("a full board ends the game".to_string());
    }
    if let Some(side) = end.draw_odds {
        out.push(format!(
            "every draw (stalemate, repetition, the move limit, …) is a win for {}",
            match side {
                fairyc_runtime::table::Side::White => "White",
                fairyc_runtime::table::Side::Black => "Black",
            }
        ));
    }
    if let Some(rule) = end.bare_king {
        out.push(format!(
            "a player left with a bare royal piece {}",
            outcome(rule.outcome)
        ));
    }
    if let Some(c) = end.check_count {
        out.push(format!(
            "a player who has given {} check{} {}",
            c.count,
            if c.count == 1 { "" } else { "s" },
            outcome(c.outcome)
        ));
    }
    if let Some(c) = &end.counting {
        let without = if c.without.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = c
                .without
                .iter()
                .map(|&p| format!("`{}`", name(p)))
                .collect();
            format!(" (while no {} is on the board)", names.join(" or "))
        };
        let board = if c.board == 0 {
            String::new()
        } else {
            format!("{} moves for a side with more than one piece; ", c.board)
        };
        let bare: Vec<String> = c
            .bare
            .iter()
            .map(|l| {
                if l.needs.is_empty() {
                    format!("else {}", l.moves)
                } else {
                    let needs: Vec<String> = l
                        .needs
                        .iter()
                        .map(|&(p, n)| {
                            if n == 1 {
                                format!("`{}`", name(p))
                            } else {
                                format!("{n} `{}`", name(p))
                            }
                        })
                        .collect();
                    format!("{} against {}", l.moves, needs.join(" + "))
                }
            })
            .collect();
        out.push(format!(
            "counting{without}: {board}for a lone piece {} moves{}; a draw when the count runs out",
            bare.join(", "),
            if c.from_pieces {
                ", counted from the number of pieces"
            } else {
                ""
            }
        ));
    }
    for r in &end.extinction {
        let what = r
            .piece
            .map_or("piece".to_string(), |p| format!("`{}`", name(p)));
        let left = match r.left {
            0 => format!("no {what} left"),
            n => format!("at most {n} {what} left"),
        };
        let opponent = match r.opponent {
            0 => String::new(),
            n => format!(" while the opponent has at least {n}"),
        };
        out.push(format!(
            "a player with {left}{opponent} {}",
            outcome(r.outcome)
        ));
    }
    for r in &end.reach {
        let goal = if r.squares[0] == r.squares[1] {
            squares(&r.squares[0])
        } else {
            format!(
                "{} (white), {} (black)",
                squares(&r.squares[0]),
                squares(&r.squares[1])
            )
        };
        let names: Vec<String> = std::iter::once(r.piece)
            .chain(r.also.iter().copied())
            .map(|p| format!("`{}`", name(p)))
            .collect();
        out.push(format!(
            "a player whose {} reaches {goal} {}{}",
            names.join(" or "),
            outcome(r.outcome),
            match (r.after_reply, r.safe) {
                (true, false) => {
                    ", judged after the opponent's reply (a draw if both have reached, White first)"
                }
                (true, true) => {
                    ", at once if no enemy piece attacks it, otherwise after the opponent's reply"
                }
                (false, true) => ", if no enemy piece attacks it",
                (false, false) => "",
            }
        ));
    }
    let mut once = Vec::new();
    let mut rights: Vec<u16> = Vec::new();
    let mut unchecked = Vec::new();
    for piece in &parts.pieces {
        let from: Vec<u16> = (0..parts.board.squares.len())
            .filter(|&s| {
                piece.moves.iter().any(|side| {
                    side.get(s)
                        .is_some_and(|paths| paths.iter().any(|p| p.once))
                })
            })
            .map(|s| s as u16)
            .collect();
        if !from.is_empty() {
            once.push(format!("`{}`", piece.name));
            rights.extend(from);
        }
        if piece
            .moves
            .iter()
            .flatten()
            .flatten()
            .any(|p| p.not_in_check)
        {
            unchecked.push(format!("`{}`", piece.name));
        }
    }
    if !once.is_empty() {
        rights.sort_unstable();
        rights.dedup();
        out.push(format!(
            "one-time moves of {}, from {} while the square keeps its right (lost once a move starts or ends there)",
            once.join(", "),
            squares(&rights)
        ));
    }
    if !unchecked.is_empty() {
        out.push(format!(
            "some moves of {} are not made in check",
            unchecked.join(", ")
        ));
    }
    match parts.legality.giving_check {
        GivingCheck::Allowed => {}
        GivingCheck::Forbidden => out.push("a move that gives check is illegal".to_string()),
        GivingCheck::ForbiddenByDrop => out.push("a drop that gives check is illegal".to_string()),
    }
    if parts.legality.capture_compulsory {
        out.push("a capture is compulsory when one is legal".to_string());
    }
    if parts.legality.fleeing_check_forbidden {
        out.push(
            "a royal piece in check may not flee: it may only capture the single piece checking it"
                .to_string(),
        );
    }
    match parts.legality.several_royals {
        SeveralRoyals::AllAttacked => out.push(
            "a side may have several royal pieces: it may leave some attacked, never all, and is \
             in check when all are attacked"
                .to_string(),
        ),
        SeveralRoyals::AnyAttacked => out.push(
            "a side may have several royal pieces: it may leave none of them attacked, and is in \
             check when any is attacked"
                .to_string(),
        ),
        SeveralRoyals::Unprotected => out.push(
            "a side may have several royal pieces: while it has two or more, none is protected"
                .to_string(),
        ),
        SeveralRoyals::One => {}
    }
    out.into_iter().map(|l| format!("rule: {l}")).collect()
}

/// Finds a piece by name (exactly, then ignoring case) or by letter.
pub fn find_piece(variant: &Variant, name: &str) -> Result<PieceType, PictureError> {
    if let Some(p) = variant.pieces().find(|&p| variant.piece_name(p) == name) {
        return Ok(p);
    }
    let lower = name.to_lowercase();
    if let Some(p) = variant
        .pieces()
        .find(|&p| variant.piece_name(p).to_lowercase() == lower)
    {
        return Ok(p);
    }
    if let Some(p) = variant.piece_by_symbol(name) {
        return Ok(p);
    }
    let names: Vec<&str> = variant.pieces().map(|p| variant.piece_name(p)).collect();
    let hint = match did_you_mean(name, names.iter().copied()) {
        Some(m) => format!("; did you mean `{m}`?"),
        None => String::new(),
    };
    let list: Vec<String> = variant
        .pieces()
        .map(|p| format!("{} ({})", variant.piece_name(p), variant.piece_token(p)))
        .collect();
    Err(PictureError(format!(
        "{} has no piece `{name}`{hint}\n  pieces: {}",
        variant.name(),
        list.join(", ")
    )))
}

/// Finds a square by name, explaining cells that are not squares' names.
pub fn find_square(board: &Board, name: &str) -> Result<u16, PictureError> {
    let names: Vec<&str> = board.squares.iter().map(|s| s.name.as_str()).collect();
    if let Some(s) = square_by_name(&names, name) {
        return Ok(s);
    }
    // A cell named by its labels: part of a bigger square, a hole, off.
    for (x, file) in board.files.iter().enumerate() {
        let Some(rank) = name
            .strip_prefix(file.as_str())
            .filter(|_| !file.is_empty())
        else {
            continue;
        };
        let Some(y) = board.ranks.iter().position(|r| r == rank) else {
            continue;
        };
        let what = match board.cell(x as i32, y as i32) {
            CellUse::Square(s) => format!(
                "the cell `{name}` is part of the square `{}`, which is named by its first cell",
                board.squares[s as usize].name
            ),
            CellUse::Hole => format!("`{name}` is a hole in the board, not a square"),
            CellUse::Off => format!("`{name}` is off the board"),
        };
        return Err(PictureError(what));
    }
    Err(no_such_square(&names, name))
}

/// Targets of one kind that share a guard: (guard squares, targets).
type Group = (Vec<u16>, Vec<u16>);

/// The picture of where `piece` (a name or letter) of `side` moves from the
/// square `from` on an empty board, with a legend of the kinds of move.
///
/// # Errors
///
/// The piece or the square does not exist.
pub fn piece_picture(
    variant: &Variant,
    board: Board,
    piece: &str,
    from: &str,
    side: Color,
) -> Result<Picture, PictureError> {
    let p = find_piece(variant, piece)?;
    let from = find_square(&board, from)?;
    let targets = variant
        .square(usize::from(from))
        .and_then(|s| fairyc_runtime::reach(variant, p, side, s))
        .unwrap_or_default();
    let mut marks = vec![Mark::Empty; board.squares.len()];
    marks[from as usize] = Mark::Piece {
        letter: letter_of(variant, p),
        white: side == Color::White,
        promoted: false,
        plus: variant.is_plus(p),
    };
    // Per kind, the targets grouped by their guard (empty: unguarded).
    let mut by_kind: BTreeMap<Reach, Vec<Group>> = BTreeMap::new();
    for (&s, hit) in &targets {
        let s = s.index() as u16;
        let kind = match (hit.quiet, hit.capture || hit.en_passant, hit.guarded) {
            (true, true, _) => Reach::Both,
            (true, false, _) => Reach::Quiet,
            (false, true, false) => Reach::Capture,
            (false, true, true) => Reach::GuardedCapture,
            (false, false, true) => Reach::Guarded,
            (false, false, false) => continue,
        };
        marks[s as usize] = Mark::Target(kind);
        let mut guard = if matches!(kind, Reach::Guarded | Reach::GuardedCapture) {
            hit.guards.iter().map(|g| g.index() as u16).collect()
        } else {
            Vec::new()
        };
        guard.sort_unstable();
        let groups = by_kind.entry(kind).or_default();
        match groups.iter_mut().find(|(g, _)| *g == guard) {
            Some((_, squares)) => squares.push(s),
            None => groups.push((guard, vec![s])),
        }
    }
    let names = |list: &[u16]| -> Vec<&str> {
        list.iter()
            .map(|&s| board.squares[s as usize].name.as_str())
            .collect()
    };
    let mut n = 0;
    let mut below = Vec::new();
    let mut legend = Vec::new();
    for kind in Reach::ALL {
        let groups = by_kind.get(&kind).map(Vec::as_slice).unwrap_or_default();
        let count: usize = groups.iter().map(|g| g.1.len()).sum();
        let main = matches!(kind, Reach::Both | Reach::Quiet | Reach::Capture);
        if count == 0 && !main {
            continue;
        }
        n += count;
        let items = if groups.is_empty() {
            "—".to_string()
        } else {
            let parts: Vec<String> = groups
                .iter()
                .map(|(guard, squares)| {
                    let list = names(squares).join(" ");
                    match names(guard).as_slice() {
                        [] => list,
                        [one] => format!("{list} (when a friendly piece stands on {one})"),
                        [init @ .., last] => format!(
                            "{list} (when a friendly piece stands on {} or {last})",
                            init.join(", ")
                        ),
                    }
                })
                .collect();
            parts.join("; ")
        };
        legend.push(kind);
        below.push(format!(
            "{} {} ({count}): {items}",
            kind.symbol(),
            kind.meaning()
        ));
    }
    let name = variant.piece_name(p);
    let shaded = blast_reach(variant, &board, p, from, &mut below);
    Ok(Picture {
        title: variant.name().to_string(),
        subtitle: format!(
            "{name} ({}), {}, on {}: {n} target square{}",
            letter_of(variant, p),
            side.name(),
            board.squares[from as usize].name,
            if n == 1 { "" } else { "s" }
        ),
        board,
        marks,
        above: Vec::new(),
        below,
        legend,
        rules: Vec::new(),
        shaded,
    })
}

/// Where captures blast: the squares a capture on `from` clears besides
/// `from` itself, shaded, and a line under the piece diagram saying what
/// the blast does to this piece. Empty (nothing shaded) otherwise.
fn blast_reach(
    variant: &Variant,
    board: &Board,
    p: PieceType,
    from: u16,
    below: &mut Vec<String>,
) -> Vec<bool> {
    let Some(b) = &variant.tables().parts().blast else {
        return Vec::new();
    };
    if b.petrify.contains(&(p.index() as u8)) {
        below.push("▪ this piece turns into a wall where it captures".to_string());
    }
    let Some(reach) = b.reach.get(usize::from(from)) else {
        return Vec::new();
    };
    let mut shaded = vec![false; board.squares.len()];
    for &s in reach {
        if let Some(x) = shaded.get_mut(usize::from(s)) {
            *x = true;
        }
    }
    let names: Vec<&str> = reach
        .iter()
        .filter_map(|&s| board.squares.get(usize::from(s)).map(|q| q.name.as_str()))
        .collect();
    let index = p.index() as u8;
    let fate = if b.immune.contains(&index) {
        "; this piece is immune to blasts"
    } else if b.spared.contains(&index) {
        "; this piece is spared unless it captures or is captured"
    } else {
        ""
    };
    below.push(format!(
        "✸ blast (shaded): a capture on {} also clears {}{fate}",
        board.squares[usize::from(from)].name,
        names.join(" ")
    ));
    shaded
}

/// A square by name: exactly, else the one square whose name matches
/// ignoring case. One rule for `--squares` and `--from`.
pub fn square_by_name(names: &[&str], name: &str) -> Option<u16> {
    if let Some(s) = names.iter().position(|n| *n == name) {
        return Some(s as u16);
    }
    let lower = name.to_lowercase();
    let folded: Vec<usize> = (0..names.len())
        .filter(|&s| names[s].to_lowercase() == lower)
        .collect();
    match folded.as_slice() {
        [s] => Some(*s as u16),
        _ => None,
    }
}

/// The error for a name that is no square: a did-you-mean and the list.
pub fn no_such_square(names: &[&str], name: &str) -> PictureError {
    let hint = match did_you_mean(name, names.iter().copied()) {
        Some(m) => format!("; did you mean `{m}`?"),
        None => String::new(),
    };
    let list = if names.len() <= 40 {
        names.join(" ")
    } else {
        format!(
            "{} … {}",
            names[..8].join(" "),
            names.last().copied().unwrap_or_default()
        )
    };
    PictureError(format!(
        "there is no square `{name}` on this board{hint}\n  squares: {list}"
    ))
}
