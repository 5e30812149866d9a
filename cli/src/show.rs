//! `fairyc show`: the board in its real shape, a position on it, or where a
//! piece moves from a square — in the terminal, and as SVG
//! ([`fairyc_picture::svg`]).
//!
//! Everything is derived from the move table alone: its geometry (squares as
//! sets of grid cells, holes, file and rank labels, White's forward vector),
//! so `show T.json` draws what `show T.variant` draws.
//! No variant is special-cased: the drawing is rotated so that White's forward
//! vector points up — a quarter turn for a vector along the grid, an eighth
//! turn (a diamond on a staggered text grid) for a diagonal one.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use fairyc_picture::{
    board_of, piece_picture, position_picture, svg, Board, CellUse, Mark, Picture, Reach,
};
use fairyc_runtime::table::TableParts;
use fairyc_runtime::{Color, Variant, VariantTables};

use crate::files::{compile_file, position, print, printable, read, write_made, Fatal};

/// `fairyc show FILE [--fen FEN | --piece NAME --from SQUARE [--side SIDE]] [--svg OUT]`
#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The variant: a `.variant` file, a table `.json` or a shipped variant's name.
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
    /// Whose piece it is (default: white).
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
        _ => position_picture(&variant, board, &position(&variant, args.fen.as_deref())?),
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
    write_made(out, text, &[input])
}

/// Loads the tables, from a `.variant` source or a table `.json`.
fn load(file: &Path) -> Result<Option<VariantTables>, Fatal> {
    if file.extension().is_some_and(|x| x == "json") {
        return Ok(Some(VariantTables::from_json(&read(file)?)?));
    }
    compile_file(file)
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
/// A wall placed during play (a duck, an arrow, a petrified piece).
const WALL: u8 = 240;

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
        for ((x, y), label) in b.labels().into_iter().chain(b.seams()) {
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
fn square_bg(b: &Board, s: u16) -> u8 {
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
fn ground_token(b: &Board, x: i32, y: i32, colour: bool) -> Result<(String, Style), u16> {
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

/// A piece in a 3-character cell: ` P `, `+P `, ` P~`, `+P~`; a longer
/// symbol fills the cell from the left (`DE `, `+DE`, `N'~`), and one that
/// cannot fit with its marks is cut, keeping the marks, to `+D…`-like
/// three characters (`+FK'` as `+F'`): the FEN under the board is exact.
fn cell_text(symbol: &str, plus: bool, promoted: bool) -> String {
    let marks = usize::from(plus) + usize::from(promoted);
    if symbol.len() == 1 {
        return format!(
            "{}{symbol}{}",
            if plus { '+' } else { ' ' },
            if promoted { '~' } else { ' ' }
        );
    }
    let room = 3 - marks.min(2);
    let mut body: String = symbol.chars().take(room).collect();
    if body.len() < symbol.len() && symbol.ends_with('\'') && room > 1 {
        body.pop();
        body.push('\'');
    }
    let text = format!(
        "{}{body}{}",
        if plus { "+" } else { "" },
        if promoted { "~" } else { "" }
    );
    format!("{text:<3}")
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
    match &p.marks[s as usize] {
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
            let (white, promoted, plus) = (*white, *promoted, *plus);
            let l = if white {
                letter.to_ascii_uppercase()
            } else {
                letter.to_ascii_lowercase()
            };
            (
                cell_text(&l, plus, promoted),
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
        // A wall placed during play, written `*` as in the FEN.
        Mark::Wall => (
            " * ".into(),
            Style {
                fg: Some(if colour { 231 } else { 16 }),
                bg: colour.then_some(WALL),
                bold: true,
            },
        ),
    }
}

/// The board and position drawn as `fairyc show` draws them (for `fairyc
/// play`).
pub fn position_text(variant: &Variant, fen: &str) -> Result<String, Fatal> {
    position_text_from(variant, fen, false)
}

/// [`position_text`], the board turned half round (from Black's side) if
/// `black`.
pub fn position_text_from(variant: &Variant, fen: &str, black: bool) -> Result<String, Fatal> {
    let mut board = board_of(variant.tables().parts());
    if black {
        board.forward = (-board.forward.0, -board.forward.1);
    }
    let picture = position_picture(variant, board, &position(variant, Some(fen))?);
    Ok(render_text(&picture, use_colour()))
}
