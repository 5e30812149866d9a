//! `fairyc show`: the board in its real shape, a position on it, or where a
//! piece moves from a square — in the terminal, and as SVG ([`crate::svg`]).
//!
//! Everything is derived from the move table alone: its geometry (squares as
//! sets of grid cells, holes, file and rank labels, White's forward vector),
//! so `show T.json` draws what `show T.variant` draws.
//! No variant is special-cased: the drawing is rotated so that White's forward
//! vector points up — a quarter turn for a vector along the grid, an eighth
//! turn (a diamond on a staggered text grid) for a diagonal one.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use fairyc_compiler::suggest::did_you_mean;
use fairyc_runtime::table::{Outcome, TableParts};
use fairyc_runtime::{Color, Game, Variant, VariantTables};

use crate::files::{
    compile_file, eprint_line, guard_output, no_such_square, position, print, printable, read,
    square_by_name, write_output, Fatal,
};
use crate::svg;

/// `fairyc show FILE [--fen FEN | --piece NAME --from SQUARE [--side SIDE]] [--svg OUT]`
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The `.variant` file (or a table `.json`).
    pub file: PathBuf,
    /// The position to draw; the variant's start position if absent.
    #[arg(long, conflicts_with = "piece")]
    pub fen: Option<String>,
    /// Mark where this piece (its name or letter) can move and capture, on an
    /// otherwise empty board.
    #[arg(long, requires = "from", value_name = "NAME")]
    pub piece: Option<String>,
    /// The square the piece stands on.
    #[arg(long, requires = "piece", value_name = "SQUARE")]
    pub from: Option<String>,
    /// Whose piece it is.
    #[arg(long, value_enum, requires = "piece")]
    pub side: Option<Side>,
    /// Shade the squares of a zone the variant declares (a palace, a half
    /// of the board); `NAME:white` or `NAME:black` shades one side's squares
    /// only. May be given more than once.
    #[arg(long, value_name = "NAME[:SIDE]")]
    pub zone: Vec<String>,
    /// Also write the picture as a standalone SVG file (`-`: standard output,
    /// instead of the terminal drawing).
    #[arg(long, value_name = "OUT.svg")]
    pub svg: Option<PathBuf>,
}

/// A side, on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    /// The side that moves first.
    White,
    /// The other side.
    Black,
}

/// What a cell of the grid is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellUse {
    /// Part of square `s`.
    Square(u8),
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
    fn grid_basis(&self) -> Option<((i32, i32), (i32, i32))> {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Nothing.
    Empty,
    /// A piece: its letter (upper case), side and promoted mark; `plus`
    /// if it is written `+` and its letter (a promoted face).
    Piece {
        letter: char,
        white: bool,
        promoted: bool,
        plus: bool,
    },
    /// A square the shown piece reaches.
    Target(Reach),
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

/// Runs `fairyc show`.
pub fn run(args: &ShowArgs) -> Result<ExitCode, Fatal> {
    let Some(tables) = load(&args.file)? else {
        return Ok(ExitCode::from(1));
    };
    let board = board_of(tables.parts());
    let shaded = shaded_squares(tables.parts(), &args.zone)?;
    let variant = Variant::new(tables)?;
    let mut picture = match (&args.piece, &args.from) {
        (Some(piece), Some(from)) => {
            let side = match args.side.unwrap_or(Side::White) {
                Side::White => Color::White,
                Side::Black => Color::Black,
            };
            piece_picture(&variant, board, piece, from, side)?
        }
        _ => position_picture(&variant, board, args.fen.as_deref())?,
    };
    if !args.zone.is_empty() {
        picture
            .below
            .push(format!("shaded: {}", args.zone.join(", ")));
        picture.shaded = shaded;
    }
    match &args.svg {
        Some(out) if out.as_os_str() == "-" => print(&svg::render(&picture))?,
        Some(out) => {
            write_svg(out, &args.file, &svg::render(&picture))?;
            eprint_line(&format!(
                "wrote {}",
                printable(&out.display().to_string(), false)
            ));
        }
        None => print(&render_text(&picture, use_colour()))?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The squares of the zones asked for (`NAME` or `NAME:white|black`), as
/// one flag per square.
fn shaded_squares(parts: &TableParts, asked: &[String]) -> Result<Vec<bool>, Fatal> {
    let mut shaded = vec![false; parts.board.squares.len()];
    for item in asked {
        let (name, sides) = match item.rsplit_once(':') {
            Some((n, "white")) => (n, &[0][..]),
            Some((n, "black")) => (n, &[1][..]),
            Some((_, side)) => {
                return Err(Fatal(format!(
                    "--zone {}: `{}` is not a side; write NAME, NAME:white or NAME:black",
                    printable(item, false),
                    printable(side, false)
                )))
            }
            None => (item.as_str(), &[0, 1][..]),
        };
        let Some(zone) = parts.zones.iter().find(|z| z.name == name) else {
            let known: Vec<&str> = parts.zones.iter().map(|z| z.name.as_str()).collect();
            return Err(Fatal(format!(
                "--zone: the variant declares no zone `{}`; {}",
                printable(name, false),
                if known.is_empty() {
                    "it declares none".to_string()
                } else {
                    format!("its zones are {}", printable(&known.join(", "), false))
                }
            )));
        };
        for &side in sides {
            for &s in &zone.squares[side] {
                shaded[s as usize] = true;
            }
        }
    }
    Ok(shaded)
}

/// Colour when standard output is a terminal, unless `NO_COLOR` is set;
/// `CLICOLOR_FORCE` forces it.
fn use_colour() -> bool {
    let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty() && v != "0");
    if std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty()) {
        return false;
    }
    set("CLICOLOR_FORCE") || std::io::stdout().is_terminal()
}

fn write_svg(out: &Path, input: &Path, text: &str) -> Result<(), Fatal> {
    if out
        .extension()
        .is_some_and(|x| x == "variant" || x == "json")
    {
        return Err(Fatal(format!(
            "refusing to write a picture over {}; give the SVG file a .svg name",
            out.display()
        )));
    }
    guard_output(out, &[input])?;
    write_output(out, text)
}

/// Loads the tables, from a `.variant` source or a table `.json`.
fn load(file: &Path) -> Result<Option<VariantTables>, Fatal> {
    if file.extension().is_some_and(|x| x == "json") {
        return Ok(Some(VariantTables::from_json(&read(file)?)?));
    }
    compile_file(file)
}

/// The board of a table, with its holes and labels. A table written before
/// the board carried labels has neither: then a missing cell enclosed by
/// squares (not connected to the rim through missing cells) is a hole, and
/// the labels are read from the square names.
fn board_of(parts: &TableParts) -> Board {
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
                cells[(y * w + x) as usize] = CellUse::Square(s as u8);
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

fn letter_of(variant: &Variant, p: u8) -> char {
    variant.piece_letter(p)
}

fn position_picture(variant: &Variant, board: Board, fen: Option<&str>) -> Result<Picture, Fatal> {
    let pos = position(variant, fen)?;
    let parts = variant.tables().parts();
    let marks = (0..board.squares.len() as u8)
        .map(|s| match pos.piece_at(s) {
            Some(p) => Mark::Piece {
                letter: letter_of(variant, p.piece),
                white: p.color == Color::White,
                promoted: p.promoted,
                plus: variant.is_plus(p.piece),
            },
            None => Mark::Empty,
        })
        .collect();
    let hand = |side: Color| -> String {
        let items: Vec<String> = (0..variant.piece_count() as u8)
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
        || (0..variant.piece_count() as u8)
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
    if let Some(r) = Game::new(pos).outcome() {
        below.push(format!("result: {r}"));
    }
    Ok(Picture {
        title: variant.name().to_string(),
        subtitle,
        board,
        marks,
        above,
        below,
        legend: Vec::new(),
        rules: rule_lines(parts),
        shaded: Vec::new(),
    })
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
    let squares = |set: &[u8]| -> String {
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
    let royal = |side: u8| {
        parts
            .pieces
            .iter()
            .any(|p| p.royal && p.royal_side.is_none_or(|s| s == side))
    };
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
    if end.stalemate_fewer_pieces {
        out.push(
            "the stalemated player wins with fewer pieces than the opponent, loses with more"
                .to_string(),
        );
    } else if end.stalemate != Outcome::Draw {
        out.push(format!(
            "a player who cannot move (stalemate) {}",
            outcome(end.stalemate)
        ));
    }
    if let Some(o) = end.bare_king {
        out.push(format!(
            "a player left with a bare royal piece {}",
            outcome(o)
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
    for r in &end.extinction {
        let what = r
            .piece
            .map_or("piece".to_string(), |p| format!("`{}`", name(p)));
        let left = match r.left {
            0 => format!("no {what} left"),
            n => format!("at most {n} {what} left"),
        };
        out.push(format!("a player with {left} {}", outcome(r.outcome)));
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
        out.push(format!(
            "a player whose `{}` reaches {goal} {}{}",
            name(r.piece),
            outcome(r.outcome),
            if r.after_reply {
                ", judged after the opponent's reply (a draw if both have reached, White first)"
            } else {
                ""
            }
        ));
    }
    if parts.legality.giving_check_forbidden {
        out.push("a move that gives check is illegal".to_string());
    }
    if parts.legality.capture_compulsory {
        out.push("a capture is compulsory when one is legal".to_string());
    }
    out.into_iter().map(|l| format!("rule: {l}")).collect()
}

/// Finds a piece by name (exactly, then ignoring case) or by letter.
fn find_piece(variant: &Variant, name: &str) -> Result<u8, Fatal> {
    let n = variant.piece_count() as u8;
    if let Some(p) = (0..n).find(|&p| variant.piece_name(p) == name) {
        return Ok(p);
    }
    let lower = name.to_lowercase();
    if let Some(p) = (0..n).find(|&p| variant.piece_name(p).to_lowercase() == lower) {
        return Ok(p);
    }
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(p) = variant.piece_by_letter(c) {
            return Ok(p);
        }
    }
    let names: Vec<&str> = (0..n).map(|p| variant.piece_name(p)).collect();
    let hint = match did_you_mean(name, names.iter().copied()) {
        Some(m) => format!("; did you mean `{m}`?"),
        None => String::new(),
    };
    let list: Vec<String> = (0..n)
        .map(|p| format!("{} ({})", variant.piece_name(p), variant.piece_letter(p)))
        .collect();
    Err(Fatal(format!(
        "{} has no piece `{name}`{hint}\n  pieces: {}",
        variant.name(),
        list.join(", ")
    )))
}

/// Finds a square by name, explaining cells that are not squares' names.
fn find_square(board: &Board, name: &str) -> Result<u8, Fatal> {
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
        return Err(Fatal(what));
    }
    Err(no_such_square(&names, name))
}

/// Targets of one kind that share a guard: (guard squares, targets).
type Group = (Vec<u8>, Vec<u8>);

fn piece_picture(
    variant: &Variant,
    board: Board,
    piece: &str,
    from: &str,
    side: Color,
) -> Result<Picture, Fatal> {
    let p = find_piece(variant, piece)?;
    let from = find_square(&board, from)?;
    let targets = fairyc_runtime::reach(variant.tables(), p, side, from).unwrap_or_default();
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
            hit.guards.clone()
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
    let names = |list: &[u8]| -> Vec<&str> {
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
        shaded: Vec::new(),
    })
}

// ---------------------------------------------------------------------------
// Terminal rendering

/// A terminal style: 256-colour foreground and background, bold.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Style {
    fg: Option<u8>,
    bg: Option<u8>,
    bold: bool,
}

const LIGHT: u8 = 180;
const DARK: u8 = 137;
const MULTI: u8 = 179;
const HOLE: u8 = 238;
const GREY: u8 = 244;
const SHADED: u8 = 151;

/// A grid of characters with styles, grown on demand.
#[derive(Default)]
struct Canvas {
    rows: Vec<Vec<(char, Style)>>,
}

impl Canvas {
    /// Puts text at a place; control characters (from a table's names) are
    /// made visible, never sent to the terminal.
    fn put(&mut self, row: usize, col: usize, text: &str, style: Style) {
        let text = printable(text, false);
        if self.rows.len() <= row {
            self.rows.resize(row + 1, Vec::new());
        }
        let line = &mut self.rows[row];
        for (i, ch) in text.chars().enumerate() {
            if line.len() <= col + i {
                line.resize(col + i + 1, (' ', Style::default()));
            }
            line[col + i] = (ch, style);
        }
    }

    fn render(&self, colour: bool, out: &mut String) {
        for line in &self.rows {
            let mut end = line.len();
            while end > 0 && line[end - 1].0 == ' ' && (!colour || line[end - 1].1.bg.is_none()) {
                end -= 1;
            }
            let mut current = Style::default();
            for &(ch, style) in &line[..end] {
                if colour && style != current {
                    out.push_str("\x1b[0m");
                    if style.bold {
                        out.push_str("\x1b[1m");
                    }
                    if let Some(f) = style.fg {
                        out.push_str(&format!("\x1b[38;5;{f}m"));
                    }
                    if let Some(b) = style.bg {
                        out.push_str(&format!("\x1b[48;5;{b}m"));
                    }
                    current = style;
                }
                out.push(ch);
            }
            if colour && current != Style::default() {
                out.push_str("\x1b[0m");
            }
            out.push('\n');
        }
    }
}

/// Draws the picture as text: one 3-character token per cell.
///
/// A board whose forward vector runs along the grid is drawn as rows of
/// cells, turned so that forward is up. One whose forward vector is a grid
/// diagonal is drawn turned by 45°: each cell on a staggered grid, two
/// characters across and one line down per step, so the board is a diamond.
pub fn render_text(p: &Picture, colour: bool) -> String {
    let b = &p.board;
    let mut out = String::new();
    out.push_str(&printable(&p.title, false));
    out.push('\n');
    out.push_str(&printable(&p.subtitle, false));
    out.push('\n');
    let (basis, note) = match b.grid_basis() {
        Some(g) => (g, None),
        None => (
            ((1, 0), (0, 1)),
            Some(format!(
                "(drawn unturned: White's forward vector {:?} is not along the grid or a diagonal)",
                b.forward
            )),
        ),
    };
    let ((rx, ry), (ux, uy)) = basis;
    let diagonal = rx != 0 && ry != 0;
    let step = if diagonal { 2 } else { 3 };
    let screen = |x: i32, y: i32| (x * rx + y * ry, x * ux + y * uy);

    // A board turned by 45° has no rows or columns on screen to label: a
    // second diamond beside it names the squares instead.
    enum Item<'a> {
        Cell(i32, i32),
        Label(&'a str),
    }
    let mut items: Vec<((i32, i32), Item)> = Vec::new();
    for y in 0..b.height {
        for x in 0..b.width {
            if b.cell(x, y) != CellUse::Off {
                items.push((screen(x, y), Item::Cell(x, y)));
            }
        }
    }
    if !diagonal {
        for ((x, y), label) in b.labels() {
            items.push((screen(x, y), Item::Label(label)));
        }
    }
    let min_x = items.iter().map(|i| i.0 .0).min().unwrap_or(0);
    let max_x = items.iter().map(|i| i.0 .0).max().unwrap_or(0);
    let max_y = items.iter().map(|i| i.0 .1).max().unwrap_or(0);

    let mut canvas = Canvas::default();
    let label_style = Style {
        fg: Some(GREY),
        ..Style::default()
    };
    let key_col = ((max_x - min_x) * step + 3 + 6) as usize;
    for ((sx, sy), item) in &items {
        let row = (max_y - sy) as usize;
        let col = ((sx - min_x) * step) as usize;
        match item {
            Item::Label(l) => canvas.put(row, col, &format!("{l:^3}"), label_style),
            Item::Cell(x, y) => {
                let (text, style) = cell_token(p, *x, *y, colour);
                canvas.put(row, col, &text, style);
                if diagonal {
                    let (text, style) = name_token(b, *x, *y, colour);
                    canvas.put(row, key_col + col, &text, style);
                }
            }
        }
    }
    for line in &p.above {
        out.push_str(&printable(line, false));
        out.push('\n');
    }
    canvas.render(colour, &mut out);
    for line in note.iter().chain(&p.below).chain(&p.rules) {
        out.push_str(&printable(line, false));
        out.push('\n');
    }
    out
}

/// The background of square `s`: a tint of its own for a square covering
/// several cells, else light or dark.
fn square_bg(b: &Board, s: u8) -> u8 {
    if b.squares[s as usize].cells.len() > 1 {
        MULTI
    } else if b.is_light(s as usize) {
        LIGHT
    } else {
        DARK
    }
}

/// The token of a cell that is not a square's naming cell: off the board,
/// a hole, or an arm cell of a square covering several cells (`~`).
fn ground_token(b: &Board, x: i32, y: i32, colour: bool) -> Result<(String, Style), u8> {
    match b.cell(x, y) {
        CellUse::Off => Ok(("   ".into(), Style::default())),
        CellUse::Hole => Ok((
            " # ".into(),
            Style {
                fg: Some(GREY),
                bg: colour.then_some(HOLE),
                bold: false,
            },
        )),
        CellUse::Square(s) if b.squares[s as usize].cells[0] != (x, y) => Ok((
            " ~ ".into(),
            Style {
                fg: Some(16),
                bg: colour.then_some(square_bg(b, s)),
                bold: false,
            },
        )),
        CellUse::Square(s) => Err(s),
    }
}

/// The token of a cell in the key of square names.
fn name_token(b: &Board, x: i32, y: i32, colour: bool) -> (String, Style) {
    ground_token(b, x, y, colour).unwrap_or_else(|s| {
        (
            format!("{:<3}", b.squares[s as usize].name),
            Style {
                fg: Some(if colour { 16 } else { GREY }),
                bg: colour.then_some(square_bg(b, s)),
                bold: false,
            },
        )
    })
}

/// The token of a cell of the board: the mark of its square on the naming
/// cell.
fn cell_token(p: &Picture, x: i32, y: i32, colour: bool) -> (String, Style) {
    let s = match ground_token(&p.board, x, y, colour) {
        Ok(token) => return token,
        Err(s) => s,
    };
    let shaded = p.shaded.get(s as usize).copied().unwrap_or(false);
    let bg = colour.then_some(if shaded {
        SHADED
    } else {
        square_bg(&p.board, s)
    });
    match p.marks[s as usize] {
        Mark::Empty => (
            (match (colour, shaded) {
                (true, _) => "   ",
                (false, true) => " + ",
                (false, false) => " · ",
            })
            .into(),
            Style {
                fg: None,
                bg,
                bold: false,
            },
        ),
        Mark::Piece {
            letter,
            white,
            promoted,
            plus,
        } => {
            let l = if white {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            (
                format!(
                    "{}{l}{}",
                    if plus { '+' } else { ' ' },
                    if promoted { '~' } else { ' ' }
                ),
                Style {
                    fg: Some(if white { 231 } else { 16 }),
                    bg,
                    bold: true,
                },
            )
        }
        Mark::Target(r) => {
            let fg = match r {
                Reach::Both => 22,
                Reach::Quiet => 22,
                Reach::Capture => 160,
                Reach::Guarded | Reach::GuardedCapture => 19,
            };
            (
                format!(" {} ", r.symbol()),
                Style {
                    fg: Some(fg),
                    bg,
                    bold: true,
                },
            )
        }
    }
}

/// The board and position drawn as `fairyc show` draws them (for `fairyc
/// play`).
pub fn position_text(variant: &Variant, fen: &str) -> Result<String, Fatal> {
    let board = board_of(variant.tables().parts());
    let picture = position_picture(variant, board, Some(fen))?;
    Ok(render_text(&picture, use_colour()))
}
