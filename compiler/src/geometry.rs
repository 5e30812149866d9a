//! The board model: squares laid on a grid of cells (design.md §3).
//!
//! A board is a `width × height` grid of cells. A cell is part of a square,
//! a hole, or off the board. Ordinary squares cover one cell; a multi-cell
//! square covers several connected cells. Everything the lowering needs —
//! steps, leaps, lines — is derived here from the cells alone.

use crate::ast::{BoardDecl, BoardProp, Labels};
use crate::betza::MoveSpec;
use crate::lower::LowerError;
use crate::span::{Span, Spanned};

/// A cell position `(column, row)`, `(0, 0)` at the bottom left.
pub type Cell = (i32, i32);

/// A square: its index in the board's list of squares (the tables' square
/// numbers, below [`fairyc_runtime::table::MAX_SQUARES`]).
pub type Sq = u16;

/// The most cells a board's grid may have (`width × height`).
pub const MAX_BOARD_CELLS: i32 = 1024;

/// The most files, and the most ranks, of a board's grid.
pub const MAX_GRID_SIDE: i32 = 255;

/// The most work the move generation of one file may take, in units: one
/// per square a move's walk looks at, per step it writes and per square a
/// step must find empty, and per step of a path compared with those
/// already generated (the shipped variants need under 1,000,000). The
/// checker and the lowering each count from this budget while they
/// generate, and stop with `E0190` at the `moves` that spends the last of
/// it, so that no file costs more than a bounded time and memory.
pub const MAX_MOVE_WORK: usize = 1 << 23;

/// The most legs of one multi-leg move (XBetza `a`): seven `a`s. Each leg
/// multiplies the paths to walk by up to eight directions.
pub const MAX_LEGS: usize = 8;

/// The steps of one path: each the square reached and the squares that must
/// be empty to get there.
pub type StepList = Vec<(Sq, Vec<Sq>)>;

/// Work counted against [`MAX_MOVE_WORK`] while moves are generated.
#[derive(Clone, Debug)]
pub struct Budget {
    left: usize,
    limit: usize,
    /// Steps the tables may still hold
    /// ([`fairyc_runtime::table::MAX_TOTAL_STEPS`]).
    steps_left: usize,
    /// Attack-table work the tables may still need
    /// ([`fairyc_runtime::table::MAX_ATTACK_WORK`]).
    attack_left: usize,
}

/// The move generation ran out of its [`Budget`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverBudget;

impl Default for Budget {
    fn default() -> Self {
        Budget::new(MAX_MOVE_WORK)
    }
}

impl Budget {
    /// A budget of `limit` units.
    pub fn new(limit: usize) -> Self {
        Budget {
            left: limit,
            limit,
            steps_left: fairyc_runtime::table::MAX_TOTAL_STEPS,
            attack_left: fairyc_runtime::table::MAX_ATTACK_WORK,
        }
    }

    /// Counts a path of `steps` steps written to the tables against the
    /// tables' limits on all steps and (for a capturing path) on the work
    /// of the attack tables: `Err(true)` when the steps run out,
    /// `Err(false)` when the attack work does.
    ///
    /// # Errors
    ///
    /// As above.
    pub fn write_path(&mut self, steps: usize, capture: bool) -> Result<(), bool> {
        self.steps_left = self.steps_left.checked_sub(steps).ok_or(true)?;
        if capture {
            let work = steps.saturating_mul(steps + 1) / 2;
            self.attack_left = self.attack_left.checked_sub(work).ok_or(false)?;
        }
        Ok(())
    }

    /// Spends `n` units.
    ///
    /// # Errors
    ///
    /// [`OverBudget`] (and nothing left) when fewer than `n` are left.
    pub fn spend(&mut self, n: usize) -> Result<(), OverBudget> {
        match self.left.checked_sub(n) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => {
                self.left = 0;
                Err(OverBudget)
            }
        }
    }

    /// The units spent so far (at most the limit).
    pub fn spent(&self) -> usize {
        self.limit - self.left
    }

    /// Whether the budget ran out.
    pub fn is_spent(&self) -> bool {
        self.left == 0
    }
}

/// What a cell is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellKind {
    /// Part of square `n`.
    Square(Sq),
    /// A hole inside the board (`#`).
    Hole,
    /// A wall (`*`): a hole that a FEN writes as `*` (Fairy-Stockfish's
    /// wall squares).
    Wall,
    /// Off the board (`-`).
    Off,
}

/// One square of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareGeo {
    /// Its name: file label then rank label of its naming cell.
    pub name: String,
    /// Its cells; the first names it.
    pub cells: Vec<Cell>,
}

/// The order of squares in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenOrder {
    /// Ranks from the top, files from the left (chess).
    ByRank,
    /// Files from the left, ranks from the bottom.
    ByFile,
}

/// A board derived from a `board` block.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Columns.
    pub width: i32,
    /// Rows.
    pub height: i32,
    /// `cells[row * width + col]`.
    pub cells: Vec<CellKind>,
    /// The squares.
    pub squares: Vec<SquareGeo>,
    /// File labels, left to right.
    pub files: Vec<String>,
    /// Rank labels, bottom to top.
    pub ranks: Vec<String>,
    /// Forward vectors of White and Black.
    pub forward: [Cell; 2],
    /// FEN order.
    pub fen: FenOrder,
    /// Whether the left and right edges join (`wrap files`) and whether the
    /// bottom and top edges join (`wrap ranks`): a step off one edge enters
    /// the grid again at the opposite one.
    pub wrap: [bool; 2],
    /// Whether the cells are hexagons (`shape hex`): for drawings.
    pub hex: bool,
}

fn expand_labels(labels: &Spanned<Labels>) -> Result<Vec<String>, (Span, LowerError)> {
    match &labels.node {
        Labels::List(items) => {
            for (i, item) in items.iter().enumerate() {
                if let Some(first) = items[..i].iter().find(|f| f.node == item.node) {
                    return Err((
                        item.span,
                        LowerError::DuplicateLabel {
                            label: item.node.clone(),
                            first: first.span,
                        },
                    ));
                }
            }
            Ok(items.iter().map(|s| s.node.clone()).collect())
        }
        Labels::Range { from, to } => {
            let bad = || (labels.span, LowerError::BadLabelRange);
            if let (Ok(a), Ok(b)) = (from.node.parse::<i64>(), to.node.parse::<i64>()) {
                if a > b || b - a > 127 {
                    return Err(bad());
                }
                return Ok((a..=b).map(|n| n.to_string()).collect());
            }
            let (fa, fb) = (
                from.node.chars().collect::<Vec<_>>(),
                to.node.chars().collect::<Vec<_>>(),
            );
            if fa.len() == 1
                && fb.len() == 1
                && fa[0].is_ascii_lowercase()
                && fb[0].is_ascii_lowercase()
                && fa[0] <= fb[0]
            {
                return Ok((fa[0]..=fb[0]).map(|c| c.to_string()).collect());
            }
            Err(bad())
        }
    }
}

/// What a `board` item's statements say, before the board is built.
struct BoardProps<'b> {
    files: Option<(Vec<String>, Span)>,
    ranks: Option<(Vec<String>, Span)>,
    /// The `cells` rows, top row first.
    rows: Option<&'b Vec<Spanned<String>>>,
    /// The span of the `cells` rows (the item's without them).
    cells_span: Span,
    forward: [Cell; 2],
    fen: FenOrder,
    wrap: [bool; 2],
    hex: bool,
    names: Vec<(&'b Spanned<String>, &'b Spanned<String>)>,
    /// A `files` or `ranks` statement's labels are wrong (reported).
    labels_failed: bool,
}

impl<'b> BoardProps<'b> {
    fn read(decl: &'b BoardDecl, errors: &mut Vec<(Span, LowerError)>) -> Self {
        let mut p = BoardProps {
            files: None,
            ranks: None,
            rows: None,
            cells_span: decl.span,
            forward: [(0, 1), (0, -1)],
            fen: FenOrder::ByRank,
            wrap: [false; 2],
            hex: false,
            names: Vec::new(),
            labels_failed: false,
        };
        for prop in &decl.props {
            match prop {
                BoardProp::Files(l) => match expand_labels(l) {
                    Ok(v) => p.files = Some((v, l.span)),
                    Err(e) => {
                        errors.push(e);
                        p.labels_failed = true;
                    }
                },
                BoardProp::Ranks(l) => match expand_labels(l) {
                    Ok(v) => p.ranks = Some((v, l.span)),
                    Err(e) => {
                        errors.push(e);
                        p.labels_failed = true;
                    }
                },
                BoardProp::Cells(r) => {
                    p.rows = Some(r);
                    if let (Some(a), Some(b)) = (r.first(), r.last()) {
                        p.cells_span = a.span.merge(b.span);
                    }
                }
                BoardProp::Forward { side, dx, dy } => {
                    if dx.node == 0 && dy.node == 0 {
                        errors.push((dx.span.merge(dy.span), LowerError::ZeroForward));
                    }
                    let i = match side.node {
                        crate::ast::Side::White => 0,
                        crate::ast::Side::Black => 1,
                    };
                    p.forward[i] = (dx.node, dy.node);
                }
                BoardProp::Fen(f) => {
                    p.fen = if f.node == "by-file" {
                        FenOrder::ByFile
                    } else {
                        FenOrder::ByRank
                    }
                }
                BoardProp::Wrap { axes, .. } => {
                    for axis in axes {
                        let i = usize::from(axis.node == "ranks");
                        if p.wrap[i] {
                            errors.push((axis.span, LowerError::WrapTwice(axis.node.clone())));
                        }
                        p.wrap[i] = true;
                    }
                }
                BoardProp::Shape { kind, .. } => p.hex = kind.node == "hex",
                BoardProp::Name { square, name } => p.names.push((square, name)),
                BoardProp::Unknown(_) => {}
            }
        }
        p
    }
}

/// The character map of the `cells` rows, bottom row first (`y * width +
/// x`); `None` for rows of the wrong count or width, or a bad character
/// (reported).
fn char_map(
    rows: &[Spanned<String>],
    width: i32,
    height: i32,
    cells_span: Span,
    errors: &mut Vec<(Span, LowerError)>,
) -> Option<Vec<char>> {
    let mut chars = vec!['.'; (width * height) as usize];
    if rows.len() != height as usize {
        errors.push((
            cells_span,
            LowerError::CellRows {
                expected: height as usize,
                found: rows.len(),
            },
        ));
        return None;
    }
    let mut ok = true;
    for (i, row) in rows.iter().enumerate() {
        let text: Vec<char> = row.node.chars().filter(|c| !c.is_whitespace()).collect();
        if text.len() != width as usize {
            errors.push((
                row.span,
                LowerError::CellRowWidth {
                    expected: width as usize,
                    found: text.len(),
                },
            ));
            ok = false;
            continue;
        }
        let y = height - 1 - i as i32;
        for (x, &c) in text.iter().enumerate() {
            if !(c == '.' || c == '-' || c == '#' || c == '*' || c.is_ascii_alphabetic()) {
                errors.push((row.span, LowerError::BadCell(c)));
                ok = false;
            }
            chars[(y * width + x as i32) as usize] = c;
        }
    }
    ok.then_some(chars)
}

/// The cells and squares of a character map: `.` cells alone, a letter's
/// cells together (its lower-case cells attached to its one upper-case
/// cell's square); `None` for a lower-case letter without exactly one
/// owner (reported).
fn squares_of(
    chars: &[char],
    width: i32,
    height: i32,
    name_of: impl Fn(i32, i32) -> String,
    cells_span: Span,
    errors: &mut Vec<(Span, LowerError)>,
) -> Option<(Vec<CellKind>, Vec<SquareGeo>)> {
    let mut cells = vec![CellKind::Off; (width * height) as usize];
    let mut squares: Vec<SquareGeo> = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let i = (y * width + x) as usize;
            match chars[i] {
                '.' => {
                    cells[i] = CellKind::Square(squares.len() as Sq);
                    squares.push(SquareGeo {
                        name: name_of(x, y),
                        cells: vec![(x, y)],
                    });
                }
                '#' => cells[i] = CellKind::Hole,
                '*' => cells[i] = CellKind::Wall,
                '-' => cells[i] = CellKind::Off,
                c if c.is_ascii_uppercase() => {
                    cells[i] = CellKind::Square(squares.len() as Sq);
                    squares.push(SquareGeo {
                        name: name_of(x, y),
                        cells: vec![(x, y)],
                    });
                }
                _ => {}
            }
        }
    }
    // Attach lower-case cells to the square of the same upper-case letter.
    for y in 0..height {
        for x in 0..width {
            let i = (y * width + x) as usize;
            let c = chars[i];
            if !c.is_ascii_lowercase() {
                continue;
            }
            let owners: Vec<usize> = (0..(width * height) as usize)
                .filter(|&j| chars[j] == c.to_ascii_uppercase())
                .collect();
            match owners.as_slice() {
                [j] => {
                    if let CellKind::Square(s) = cells[*j] {
                        cells[i] = CellKind::Square(s);
                        squares[s as usize].cells.push((x, y));
                    }
                }
                _ => {
                    errors.push((cells_span, LowerError::CellOwner(c)));
                    return None;
                }
            }
        }
    }
    Some((cells, squares))
}

impl Geometry {
    /// Builds the board of a `board` block; errors are collected.
    pub fn build(decl: &BoardDecl, errors: &mut Vec<(Span, LowerError)>) -> Option<Geometry> {
        let props = BoardProps::read(decl, errors);
        if props.labels_failed {
            // The labels' own error is the root cause.
            return None;
        }
        let cells_span = props.cells_span;
        let Some((files, fspan)) = props.files else {
            errors.push((decl.span, LowerError::MissingBoardProp("files")));
            return None;
        };
        let Some((ranks, rspan)) = props.ranks else {
            errors.push((decl.span, LowerError::MissingBoardProp("ranks")));
            return None;
        };
        let width = files.len() as i32;
        let height = ranks.len() as i32;
        if width == 0 || height == 0 || width * height > MAX_BOARD_CELLS {
            errors.push((
                fspan.merge(rspan),
                LowerError::BoardTooLarge(width * height),
            ));
            return None;
        }
        // The tables store the grid's width and height in a byte each.
        if width > MAX_GRID_SIDE || height > MAX_GRID_SIDE {
            errors.push((
                fspan.merge(rspan),
                LowerError::GridTooLong { width, height },
            ));
            return None;
        }
        let chars = match props.rows {
            Some(rows) => char_map(rows, width, height, cells_span, errors)?,
            None => vec!['.'; (width * height) as usize],
        };
        let name_of = |x: i32, y: i32| format!("{}{}", files[x as usize], ranks[y as usize]);
        let (cells, squares) = squares_of(&chars, width, height, name_of, cells_span, errors)?;
        if squares.is_empty() || squares.len() > fairyc_runtime::table::MAX_SQUARES {
            errors.push((decl.span, LowerError::BoardTooLarge(squares.len() as i32)));
            return None;
        }
        let mut g = Geometry {
            width,
            height,
            cells,
            squares,
            files,
            ranks,
            forward: props.forward,
            fen: props.fen,
            wrap: props.wrap,
            hex: props.hex,
        };
        if !g.rename(&props.names, errors) {
            return None;
        }
        for (s, sq) in g.squares.iter().enumerate() {
            if !g.connected(s as Sq) {
                errors.push((cells_span, LowerError::CellsNotConnected(sq.name.clone())));
                return None;
            }
        }
        Some(g)
    }

    /// Applies the `name` statements: each names a square by the name its
    /// labels give it; the new names replace the old ones all at once. A
    /// square is named once, and no two squares end with one name.
    fn rename(
        &mut self,
        names: &[(&Spanned<String>, &Spanned<String>)],
        errors: &mut Vec<(Span, LowerError)>,
    ) -> bool {
        let before = errors.len();
        let mut new: Vec<Option<&Spanned<String>>> = vec![None; self.squares.len()];
        for &(square, name) in names {
            let Some(s) = self.square(&square.node) else {
                let suggestion = self.closest_square(&square.node);
                errors.push((
                    square.span,
                    LowerError::UnknownSquare {
                        name: square.node.clone(),
                        suggestion,
                    },
                ));
                continue;
            };
            if let Some(first) = new[s as usize] {
                errors.push((
                    square.span,
                    LowerError::NamedTwice {
                        square: square.node.clone(),
                        first: first.span,
                    },
                ));
                continue;
            }
            new[s as usize] = Some(name);
        }
        if errors.len() > before {
            return false;
        }
        for (s, n) in new.iter().enumerate() {
            if let Some(n) = n {
                self.squares[s].name = n.node.clone();
            }
        }
        for (s, n) in new.iter().enumerate() {
            let name = &self.squares[s].name;
            if let Some(t) = self.squares[..s].iter().position(|o| &o.name == name) {
                let span = n.or(new[t]).map_or(Span::default(), |n| n.span);
                errors.push((span, LowerError::NameTaken(name.clone())));
                return false;
            }
        }
        true
    }

    /// A cell moved back onto the grid across the joined edges.
    fn wrapped(&self, c: Cell) -> Cell {
        (
            if self.wrap[0] {
                c.0.rem_euclid(self.width)
            } else {
                c.0
            },
            if self.wrap[1] {
                c.1.rem_euclid(self.height)
            } else {
                c.1
            },
        )
    }

    /// Whether the board joins any of its edges.
    pub fn wraps(&self) -> bool {
        self.wrap[0] || self.wrap[1]
    }

    fn connected(&self, s: Sq) -> bool {
        let cells = &self.squares[s as usize].cells;
        let mut reached = vec![cells[0]];
        let mut changed = true;
        while changed {
            changed = false;
            for &c in cells {
                if !reached.contains(&c) && reached.iter().any(|&r| self.edge_touch(r, c)) {
                    reached.push(c);
                    changed = true;
                }
            }
        }
        reached.len() == cells.len()
    }

    /// What the cell at `(x, y)` is; off the board outside the grid.
    pub fn cell(&self, c: Cell) -> CellKind {
        if c.0 < 0 || c.1 < 0 || c.0 >= self.width || c.1 >= self.height {
            return CellKind::Off;
        }
        self.cells[(c.1 * self.width + c.0) as usize]
    }

    /// The square covering a cell (across joined edges, the cell the grid
    /// continues with).
    pub fn square_at(&self, c: Cell) -> Option<Sq> {
        match self.cell(self.wrapped(c)) {
            CellKind::Square(s) => Some(s),
            _ => None,
        }
    }

    /// The square called `name`.
    pub fn square(&self, name: &str) -> Option<Sq> {
        self.squares
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as Sq)
    }

    /// The square to suggest for a name that is none: a close spelling
    /// ([`crate::suggest::did_you_mean`]), else, for a name of a file and a
    /// rank just off the board (`i9` on 8×8), the square of the nearest
    /// file and the nearest rank (`h8`), where the labels are single letters
    /// and numbers.
    pub fn closest_square(&self, name: &str) -> Option<String> {
        if let Some(s) =
            crate::suggest::did_you_mean(name, self.squares.iter().map(|s| s.name.as_str()))
        {
            return Some(s.to_owned());
        }
        let split = name.find(|c: char| c.is_ascii_digit())?;
        let (file, rank) = name.split_at(split);
        let letter = |label: &str| match label.as_bytes() {
            [c] if c.is_ascii_lowercase() => Some(i64::from(*c)),
            _ => None,
        };
        let number = |label: &str| label.parse::<i64>().ok().filter(|_| label.len() <= 6);
        let nearest = |labels: &[String], want: i64, key: &dyn Fn(&str) -> Option<i64>| {
            labels
                .iter()
                .filter_map(|l| Some((key(l)?.abs_diff(want), l)))
                .min_by_key(|&(d, _)| d)
                .map(|(_, l)| l.clone())
        };
        let file = nearest(&self.files, letter(file)?, &letter)?;
        let rank = nearest(&self.ranks, number(rank)?, &number)?;
        let square = format!("{file}{rank}");
        self.square(&square).map(|_| square)
    }

    /// Whether any square covers more than one cell.
    pub fn has_multi_cell(&self) -> bool {
        self.squares.iter().any(|s| s.cells.len() > 1)
    }

    /// The naming cell of a square.
    pub fn home_cell(&self, s: Sq) -> Cell {
        self.squares[s as usize].cells[0]
    }

    /// The squares whose naming cell is on the rank labelled `label`.
    pub fn rank_squares(&self, label: &str) -> Option<Vec<Sq>> {
        let y = self.ranks.iter().position(|r| r == label)? as i32;
        Some(
            (0..self.squares.len() as Sq)
                .filter(|&s| self.home_cell(s).1 == y)
                .collect(),
        )
    }

    /// The squares whose naming cell is on the file labelled `label`.
    pub fn file_squares(&self, label: &str) -> Option<Vec<Sq>> {
        let x = self.files.iter().position(|r| r == label)? as i32;
        Some(
            (0..self.squares.len() as Sq)
                .filter(|&s| self.home_cell(s).0 == x)
                .collect(),
        )
    }

    /// The FEN groups, in order.
    pub fn fen_rows(&self) -> Vec<Vec<Sq>> {
        self.fen_groups().into_iter().map(|(row, _)| row).collect()
    }

    /// The walls' places in the FEN: `[group, index]`, a `*` written in
    /// group `group` before its `index`-th square (`index` = the group's
    /// length: at its end), in the order they are written.
    pub fn fen_walls(&self) -> Vec<[u16; 2]> {
        let mut out = Vec::new();
        for (g, (_, walls)) in self.fen_groups().into_iter().enumerate() {
            out.extend(walls.into_iter().map(|i| [g as u16, i]));
        }
        out
    }

    /// Each FEN group: its squares, and for each wall cell in it the
    /// number of squares before it. Groups of neither are left out.
    fn fen_groups(&self) -> Vec<(Vec<Sq>, Vec<u16>)> {
        let lines: Vec<Vec<Cell>> = match self.fen {
            FenOrder::ByRank => (0..self.height)
                .rev()
                .map(|y| (0..self.width).map(|x| (x, y)).collect())
                .collect(),
            FenOrder::ByFile => (0..self.width)
                .map(|x| (0..self.height).map(|y| (x, y)).collect())
                .collect(),
        };
        let mut out = Vec::new();
        for line in lines {
            let (mut row, mut walls) = (Vec::new(), Vec::new());
            for c in line {
                if self.cells[(c.1 * self.width + c.0) as usize] == CellKind::Wall {
                    walls.push(row.len() as u16);
                } else if let Some(s) = self.naming_square(c) {
                    row.push(s);
                }
            }
            if !(row.is_empty() && walls.is_empty()) {
                out.push((row, walls));
            }
        }
        out
    }

    fn naming_square(&self, c: Cell) -> Option<Sq> {
        let s = self.square_at(c)?;
        (self.home_cell(s) == c).then_some(s)
    }

    /// Whether two cells share an edge (across joined edges too).
    fn edge_touch(&self, a: Cell, b: Cell) -> bool {
        let (a, b) = (self.wrapped(a), self.wrapped(b));
        let apart = |d: i32, n: i32, wraps: bool| {
            let d = d.abs();
            if wraps {
                d.min(n - d)
            } else {
                d
            }
        };
        apart(a.0 - b.0, self.width, self.wrap[0]) + apart(a.1 - b.1, self.height, self.wrap[1])
            == 1
    }

    /// Orthogonal links of square `s`: `(direction, neighbour, cell of the
    /// neighbour entered)`. Two squares are orthogonal neighbours when a cell
    /// of one shares an edge with a cell of the other; the direction is that
    /// of the two cells.
    pub fn orth_links(&self, s: Sq) -> Vec<(Cell, Sq, Cell)> {
        let mut out = Vec::new();
        for &c in &self.squares[s as usize].cells {
            for d in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let e = (c.0 + d.0, c.1 + d.1);
                if let Some(t) = self.square_at(e) {
                    if t != s && !out.iter().any(|&(d2, t2, _)| d2 == d && t2 == t) {
                        out.push((d, t, e));
                    }
                }
            }
        }
        out
    }

    /// Whether `s` and `t` are orthogonal neighbours.
    pub fn orth_adjacent(&self, s: Sq, t: Sq) -> bool {
        s != t
            && self.squares[s as usize].cells.iter().any(|&a| {
                self.squares[t as usize]
                    .cells
                    .iter()
                    .any(|&b| self.edge_touch(a, b))
            })
    }

    /// Diagonal links of square `s`: `(direction, neighbour, cell entered)`.
    /// Two squares are diagonal neighbours when a cell of one touches a cell
    /// of the other only at a corner, the touching cell of the other shares no
    /// edge with any cell of the first, and they are not orthogonal
    /// neighbours; the direction is that of the two touching cells.
    pub fn diag_links(&self, s: Sq) -> Vec<(Cell, Sq, Cell)> {
        let mine = &self.squares[s as usize].cells;
        let mut out = Vec::new();
        for &c in mine {
            for d in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let e = (c.0 + d.0, c.1 + d.1);
                let Some(t) = self.square_at(e) else {
                    continue;
                };
                if t == s || self.orth_adjacent(s, t) || mine.iter().any(|&m| self.edge_touch(m, e))
                {
                    continue;
                }
                if !out.iter().any(|&(d2, t2, _)| d2 == d && t2 == t) {
                    out.push((d, t, e));
                }
            }
        }
        out
    }

    /// The squares king-adjacent to `s`.
    pub fn neighbours(&self, s: Sq) -> Vec<Sq> {
        let mut out: Vec<Sq> = Vec::new();
        for (_, t, _) in self.orth_links(s).into_iter().chain(self.diag_links(s)) {
            if !out.contains(&t) {
                out.push(t);
            }
        }
        out
    }

    /// The cells of a multi-cell square in chain order starting at `end`, if
    /// the square is a simple chain of cells and `end` is one of its ends.
    fn chain_from(&self, s: Sq, end: Cell) -> Option<Vec<Cell>> {
        let cells = &self.squares[s as usize].cells;
        let degree = |c: Cell| cells.iter().filter(|&&x| self.edge_touch(x, c)).count();
        if cells.iter().any(|&c| degree(c) > 2) || degree(end) != 1 {
            return None;
        }
        let mut chain = vec![end];
        while chain.len() < cells.len() {
            let last = *chain.last()?;
            let next = cells
                .iter()
                .copied()
                .find(|&c| self.edge_touch(c, last) && !chain.contains(&c))?;
            chain.push(next);
        }
        Some(chain)
    }

    /// The next square along an orthogonal line, having entered square `t` at
    /// cell `e` moving in direction `d`: `(square, cell entered, direction)`.
    /// A line goes straight over single-cell squares; it enters a multi-cell
    /// square that is a chain of cells at one end, follows it and leaves
    /// through the other end, turning with it; any other entry ends the line.
    pub fn orth_next(&self, t: Sq, e: Cell, d: Cell) -> Option<(Sq, Cell, Cell)> {
        let (exit, dir) = if self.squares[t as usize].cells.len() == 1 {
            (e, d)
        } else {
            if self.square_at((e.0 + d.0, e.1 + d.1)) != Some(t) {
                return None;
            }
            let chain = self.chain_from(t, e)?;
            let n = chain.len();
            let (a, b) = (chain[n - 2], chain[n - 1]);
            (b, (b.0 - a.0, b.1 - a.1))
        };
        let next = (exit.0 + dir.0, exit.1 + dir.1);
        let u = self.square_at(next)?;
        (u != t).then_some((u, next, dir))
    }

    /// The next square along a diagonal line, having entered `t` at cell `e`
    /// moving in direction `d`. A diagonal line may end on a multi-cell square
    /// but not pass through one.
    pub fn diag_next(&self, t: Sq, e: Cell, d: Cell) -> Option<(Sq, Cell, Cell)> {
        if self.squares[t as usize].cells.len() != 1 {
            return None;
        }
        let next = (e.0 + d.0, e.1 + d.1);
        let u = self.square_at(next)?;
        self.diag_links(t)
            .into_iter()
            .any(|(d2, t2, _)| d2 == d && t2 == u)
            .then_some((u, next, d))
    }

    /// A leap by the cell vector `v` (not a unit step) from square `s`: the
    /// squares covering a cell of `s` moved by `v`, other than `s` itself and
    /// its king-neighbours. On single-cell boards this is the plain offset.
    pub fn leap(&self, s: Sq, v: Cell) -> Vec<Sq> {
        // Only a multi-cell square can reach a neighbour by a leap: skip the
        // work (and, on a small joined board, the wrong answer) otherwise.
        let near = if self.has_multi_cell() {
            self.neighbours(s)
        } else {
            Vec::new()
        };
        let mut out = Vec::new();
        for &c in &self.squares[s as usize].cells {
            if let Some(t) = self.square_at((c.0 + v.0, c.1 + v.1)) {
                if t != s && !near.contains(&t) && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// The forward and rightward components of a cell vector for `side`.
    pub fn orient(&self, side: usize, d: Cell) -> (i32, i32) {
        let f = self.forward[side];
        let r = (f.1, -f.0);
        (d.0 * f.0 + d.1 * f.1, d.0 * r.0 + d.1 * r.1)
    }

    /// The whole straight line of squares through `a` and `b` (a rank, file
    /// or diagonal, from edge to edge, in order from `a`'s side), if they
    /// lie on one and differ.
    pub fn whole_line(&self, a: Sq, b: Sq) -> Option<Vec<Sq>> {
        let (ca, cb) = (self.home_cell(a), self.home_cell(b));
        let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
        if a == b || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let step = (dx.signum(), dy.signum());
        // On joined edges a line may close on itself: then it starts at `a`
        // and ends before coming back to `a`'s cell.
        let wraps = self.wraps();
        let mut start = ca;
        while self
            .square_at((start.0 - step.0, start.1 - step.1))
            .is_some()
        {
            start = (start.0 - step.0, start.1 - step.1);
            if wraps && self.wrapped(start) == ca {
                break;
            }
        }
        let mut out = Vec::new();
        let mut c = start;
        while let Some(s) = self.square_at(c) {
            out.push(s);
            c = (c.0 + step.0, c.1 + step.1);
            if wraps && self.wrapped(c) == self.wrapped(start) {
                break;
            }
        }
        out.contains(&b).then_some(out)
    }

    /// The squares on the straight line from `a` to `b`, both included, if
    /// they lie on one rank, file or diagonal.
    pub fn line(&self, a: Sq, b: Sq) -> Option<Vec<Sq>> {
        let (ca, cb) = (self.home_cell(a), self.home_cell(b));
        let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
        if a == b {
            return Some(vec![a]);
        }
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let step = (dx.signum(), dy.signum());
        let mut out = vec![a];
        let mut c = ca;
        while c != cb {
            c = (c.0 + step.0, c.1 + step.1);
            out.push(self.square_at(c)?);
        }
        Some(out)
    }

    /// The paths along `v` from `from`, at most `spec.max` steps (0:
    /// unlimited), each a list of (square reached, squares that must be
    /// empty to get there). Unit vectors follow the board's links and lines
    /// (which may turn through multi-cell squares); longer vectors leap.
    ///
    /// # Errors
    ///
    /// [`OverBudget`] when the steps run out of `budget`.
    pub fn paths(
        &self,
        from: Sq,
        v: Cell,
        spec: &MoveSpec,
        budget: &mut Budget,
    ) -> Result<Vec<StepList>, OverBudget> {
        let full = |n: usize| spec.max != 0 && n >= spec.max as usize;
        let mut out = Vec::new();
        let unit_orth = v.0.abs() + v.1.abs() == 1;
        let unit_diag = v.0.abs() == 1 && v.1.abs() == 1;
        if unit_orth || unit_diag {
            let links = if unit_orth {
                self.orth_links(from)
            } else {
                self.diag_links(from)
            };
            for (d, t, e) in links {
                if d != v {
                    continue;
                }
                budget.spend(1)?;
                let mut steps = vec![(t, Vec::new())];
                let mut cur = (t, e, d);
                let mut seen = vec![cur];
                while !full(steps.len()) {
                    let next = if unit_orth {
                        self.orth_next(cur.0, cur.1, cur.2)
                    } else {
                        self.diag_next(cur.0, cur.1, cur.2)
                    };
                    match next {
                        // A line ends before its start square, and before
                        // it would enter a square it has passed the same
                        // way (around joined edges it would go round
                        // forever). A line through a loop may cross
                        // itself: it passes that square twice, in two
                        // directions.
                        Some(n) if n.0 != from && !seen.contains(&n) => {
                            budget.spend(1 + seen.len())?;
                            steps.push((n.0, Vec::new()));
                            seen.push(n);
                            cur = n;
                        }
                        _ => break,
                    }
                }
                out.push(steps);
            }
            return Ok(out);
        }
        for first in self.leap(from, v) {
            let mut steps = Vec::new();
            let mut cur = from;
            let mut to = Some(first);
            while let Some(t) = to {
                let mut block = Vec::new();
                if spec.lame {
                    let c = self.home_cell(cur);
                    let mut ok = true;
                    for d in MoveSpec::lame_cells(v) {
                        match self.square_at((c.0 + d.0, c.1 + d.1)) {
                            Some(b) => block.push(b),
                            None => ok = false,
                        }
                    }
                    if !ok {
                        break;
                    }
                }
                if t == from || steps.iter().any(|s: &(Sq, Vec<Sq>)| s.0 == t) {
                    break;
                }
                budget.spend(1 + steps.len() + block.len())?;
                steps.push((t, block));
                if full(steps.len()) {
                    break;
                }
                cur = t;
                to = self.leap(cur, v).first().copied();
            }
            if !steps.is_empty() {
                out.push(steps);
            }
        }
        Ok(out)
    }

    /// The paths of a move specification from `from` along `v`:
    /// [`Self::paths`] for a one-leg move, [`Self::leg_paths`] for a
    /// multi-leg one. `special`: the paths may capture on the way and
    /// return to the start (not for `once`, `if` and `faces` moves).
    ///
    /// # Errors
    ///
    /// [`OverBudget`] when the walk runs out of `budget`.
    pub fn spec_paths(
        &self,
        from: Sq,
        v: Cell,
        spec: &MoveSpec,
        special: bool,
        budget: &mut Budget,
    ) -> Result<Vec<LegPath>, OverBudget> {
        if spec.legs.is_empty() {
            return Ok(self
                .paths(from, v, spec, budget)?
                .into_iter()
                .map(|steps| LegPath {
                    steps,
                    hop: spec.hop,
                    locust: false,
                    returns: false,
                })
                .collect());
        }
        self.leg_paths(from, v, spec, special, budget)
    }

    /// The paths of a multi-leg move (XBetza `a`) whose first leg goes along
    /// `v`. Legs count cells from the naming cells of squares (the checker
    /// allows multi-leg moves on boards of single-cell squares only). Every
    /// leg but the last ends on a square that must be empty (its square
    /// joins the next landing's `block`), that must hold a piece (the
    /// hurdle: a path step of its own, and the path hops), that must hold an
    /// enemy piece the move captures (the first leg only: a step of its own,
    /// and the path is `locust`), or that may hold anything (not looked at);
    /// `mc` gives both the empty and the capturing paths. The start square
    /// is empty while the piece moves: never a block or a hurdle; the last
    /// leg may land there (`returns`: a pass, or igui after a capture on the
    /// way) unless the path hops or `special` is off (then it only passes
    /// it).
    ///
    /// The walk counts every square it looks at and every step it writes
    /// against `budget`, and stops when it runs out.
    ///
    /// # Errors
    ///
    /// [`OverBudget`] when the walk runs out of `budget`.
    pub fn leg_paths(
        &self,
        from: Sq,
        v: Cell,
        spec: &MoveSpec,
        special: bool,
        budget: &mut Budget,
    ) -> Result<Vec<LegPath>, OverBudget> {
        let k = v.0.abs().max(v.1.abs());
        if k == 0 || (v.0 != 0 && v.1 != 0 && v.0.abs() != v.1.abs()) {
            return Ok(Vec::new());
        }
        let mut walk = LegWalk {
            geo: self,
            spec,
            from,
            k,
            special,
            out: Vec::new(),
            budget,
            over: false,
        };
        let u = (v.0 / k, v.1 / k);
        let start = Partial {
            pre: Vec::new(),
            block: Vec::new(),
            hurdle: false,
            locust: false,
        };
        walk.leg(0, self.home_cell(from), u, start);
        if walk.over {
            return Err(OverBudget);
        }
        Ok(walk.out)
    }
}

/// A path of a move: its steps (each the square reached and the squares
/// that must be empty to get there) and how it is walked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegPath {
    /// The steps.
    pub steps: Vec<(Sq, Vec<Sq>)>,
    /// A hopper's landing limit (`Some(0)`: any).
    pub hop: Option<u16>,
    /// The first step captures on the way.
    pub locust: bool,
    /// A step is the start square.
    pub returns: bool,
}

/// The eight unit directions.
pub(crate) const KING_DIRECTIONS: [Cell; 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// A multi-leg path walked so far.
#[derive(Clone)]
struct Partial {
    /// Committed steps: the hurdle's or the square captured on the way.
    pre: Vec<(Sq, Vec<Sq>)>,
    /// Squares that must be empty before the next step.
    block: Vec<Sq>,
    /// `pre` holds a hurdle.
    hurdle: bool,
    /// `pre` holds a square captured on the way.
    locust: bool,
}

/// The walk of [`Geometry::leg_paths`].
struct LegWalk<'a> {
    geo: &'a Geometry,
    spec: &'a MoveSpec,
    from: Sq,
    /// Cells per step (2 for `D` and `A`).
    k: i32,
    /// Captures on the way and returns allowed.
    special: bool,
    out: Vec<LegPath>,
    budget: &'a mut Budget,
    /// The budget ran out: the walk stops.
    over: bool,
}

impl LegWalk<'_> {
    /// Walks leg `i` from `cell` along the unit direction `u` after `part`.
    fn leg(&mut self, i: usize, cell: Cell, u: Cell, part: Partial) {
        let spec = self.spec;
        let max = if i == 0 {
            spec.max
        } else {
            spec.legs[i - 1].max
        };
        let last = i == spec.legs.len();
        let d = (u.0 * self.k, u.1 * self.k);
        let mut passed = part.block.clone();
        let mut steps: Vec<(Sq, Vec<Sq>)> = Vec::new();
        let mut returns = false;
        let mut c = cell;
        let mut n = 0;
        while max == 0 || n < max {
            // Every square looked at, with the squares passed that it may
            // copy, counts; so does every partial path handed on below.
            if self.over
                || self
                    .budget
                    .spend(1 + passed.len() + part.pre.len())
                    .is_err()
            {
                self.over = true;
                return;
            }
            c = (c.0 + d.0, c.1 + d.1);
            n += 1;
            let Some(sq) = self.geo.square_at(c) else {
                break;
            };
            if last {
                if sq != self.from {
                    steps.push((sq, std::mem::take(&mut passed)));
                } else if self.special && !part.hurdle {
                    steps.push((sq, std::mem::take(&mut passed)));
                    returns = true;
                }
                continue;
            }
            let stop = spec.stops[i];
            let with =
                |pre: Vec<(Sq, Vec<Sq>)>, block: Vec<Sq>, hurdle: bool, locust: bool| Partial {
                    pre,
                    block,
                    hurdle,
                    locust,
                };
            if sq == self.from {
                if stop.empty {
                    self.next(
                        i,
                        c,
                        u,
                        with(part.pre.clone(), passed.clone(), part.hurdle, part.locust),
                    );
                }
                continue;
            }
            if stop.capture && self.special {
                let mut pre = part.pre.clone();
                pre.push((sq, passed.clone()));
                self.next(i, c, u, with(pre, Vec::new(), part.hurdle, true));
            }
            match (stop.empty, stop.occupied) {
                (true, false) => {
                    let mut b = passed.clone();
                    b.push(sq);
                    self.next(i, c, u, with(part.pre.clone(), b, part.hurdle, part.locust));
                }
                (false, true) => {
                    let mut pre = part.pre.clone();
                    pre.push((sq, passed.clone()));
                    self.next(i, c, u, with(pre, Vec::new(), true, part.locust));
                }
                (true, true) => self.next(
                    i,
                    c,
                    u,
                    with(part.pre.clone(), passed.clone(), part.hurdle, part.locust),
                ),
                (false, false) => {}
            }
            passed.push(sq);
        }
        if self.over {
            return;
        }
        if last && !steps.is_empty() {
            let hop = part.hurdle.then_some(steps.len() as u16);
            let mut path = part.pre;
            path.extend(steps);
            self.out.push(LegPath {
                steps: path,
                hop,
                locust: part.locust,
                returns,
            });
        }
    }

    /// Starts leg `i + 1` at `cell` in every direction its letters select
    /// relative to `u`.
    fn next(&mut self, i: usize, cell: Cell, u: Cell, part: Partial) {
        let leg = &self.spec.legs[i];
        for e in KING_DIRECTIONS {
            if self.over {
                return;
            }
            if crate::betza::leg_direction(&leg.dirs, u, e, self.spec.all_kinds) {
                self.leg(i + 1, cell, e, part.clone());
            }
        }
    }
}
