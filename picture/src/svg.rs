//! The picture of `fairyc show` as a standalone SVG document.
//!
//! Each square is one `<path class="square …" id="sq-NAME">`: the outline of
//! the union of its cells, so a square covering an L of three cells is drawn
//! as an L. The board is turned so that White's forward vector points up (by
//! any angle; 45° for a diagonal forward vector). Holes are hatched cells,
//! cells off the board are not drawn. Pieces are discs with their letter;
//! a piece diagram's targets are markers explained by a legend.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use crate::{CellUse, Mark, Picture, Reach};

/// Side of a cell, in pixels.
const U: f64 = 48.0;
/// Margin around everything.
const M: f64 = 16.0;
/// Height of a line of text below or above the board.
const LINE: f64 = 20.0;
/// Approximate width of a character of the 13px text.
const CHAR: f64 = 7.2;

const GREEN: &str = "#2e7d32";
const RED: &str = "#c62828";
const BLUE: &str = "#1565c0";

/// Renders the picture as SVG.
pub fn render(p: &Picture) -> String {
    if p.board.hex {
        return render_hex(p);
    }
    let b = &p.board;
    let ((rx, ry), (ux, uy)) = b.basis();
    let proj = |x: f64, y: f64| (x * rx + y * ry, x * ux + y * uy);
    let label_at = |x: i32, y: i32| {
        let (lx, ly) = label_point(x, y);
        proj(lx, ly)
    };

    // Extent of the board and its labels, in cell units (y up).
    let mut pts: Vec<(f64, f64)> = Vec::new();
    for y in 0..b.height {
        for x in 0..b.width {
            if b.cell(x, y) != CellUse::Off {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    pts.push(proj((x + dx) as f64, (y + dy) as f64));
                }
            }
        }
    }
    for ((x, y), _) in b.labels().into_iter().chain(b.seams()) {
        let (cx, cy) = label_at(x, y);
        pts.push((cx - 0.3, cy - 0.3));
        pts.push((cx + 0.3, cy + 0.3));
    }
    let Layout {
        min_x,
        max_y,
        board_h,
        above,
        below,
        width,
        height,
        top,
        left,
    } = layout(p, &pts);
    // Cell-grid point → pixels.
    let px = |x: f64, y: f64| {
        let (sx, sy) = proj(x, y);
        (left + (sx - min_x) * U, top + (max_y - sy) * U)
    };

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, "<title>{}: {}</title>", esc(&p.title), esc(&p.subtitle));
    s.push_str(concat!(
        "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" ",
        "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#9e9e9e\"/>",
        "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#616161\" stroke-width=\"3\"/>",
        "</pattern></defs>\n"
    ));
    let _ = writeln!(
        s,
        r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
        num(width),
        num(height)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="20" font-weight="bold" fill="#212121">{}</text>"##,
        num(M),
        num(M + 20.0),
        esc(&p.title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="13" fill="#424242">{}</text>"##,
        num(M),
        num(M + 42.0),
        esc(&p.subtitle)
    );
    for (i, line) in above.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#212121">{}</text>"##,
            num(M),
            num(M + 64.0 + i as f64 * LINE),
            esc(line)
        );
    }

    // Squares and holes.
    s.push_str(
        "<g id=\"board\" stroke=\"#4e342e\" stroke-width=\"1\" stroke-linejoin=\"round\">\n",
    );
    for (i, sq) in b.squares.iter().enumerate() {
        let light = b.is_light(i);
        // A square covering several cells gets its own tint, so that its
        // shape stands out from its neighbours.
        let fill = match (sq.cells.len() > 1, light) {
            (true, _) => "#d2a86e",
            (false, true) => "#f0d9b5",
            (false, false) => "#b58863",
        };
        let _ = writeln!(
            s,
            r#"<path class="square {}{}" id="sq-{}" d="{}" fill="{fill}"/>"#,
            if light { "light" } else { "dark" },
            if sq.cells.len() > 1 { " multi" } else { "" },
            esc(&sq.name),
            path_data(&outline(&sq.cells), &px),
        );
    }
    for y in 0..b.height {
        for x in 0..b.width {
            if b.cell(x, y) == CellUse::Hole {
                let _ = writeln!(
                    s,
                    r#"<path class="hole" d="{}" fill="url(#hatch)"/>"#,
                    path_data(&outline(&[(x, y)]), &px)
                );
            }
        }
    }
    s.push_str("</g>\n");

    // Zones asked for: a translucent wash over their squares.
    if p.shaded.iter().any(|&x| x) {
        s.push_str("<g id=\"zones\" fill=\"#66bb6a\" fill-opacity=\"0.35\" stroke=\"none\">\n");
        for (i, sq) in b.squares.iter().enumerate() {
            if p.shaded.get(i).copied().unwrap_or(false) {
                let _ = writeln!(
                    s,
                    r#"<path class="zone" d="{}"/>"#,
                    path_data(&outline(&sq.cells), &px)
                );
            }
        }
        s.push_str("</g>\n");
    }

    // Coordinates.
    s.push_str("<g id=\"coordinates\" font-size=\"14\" fill=\"#757575\" text-anchor=\"middle\">\n");
    for ((x, y), label) in b.labels() {
        let (lx, ly) = label_point(x, y);
        let (cx, cy) = px(lx, ly);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(cx),
            num(cy + 5.0),
            esc(label)
        );
    }
    s.push_str("</g>\n");

    // Joined edges: a dashed line along each joined edge cell, and a `~`
    // beside the board.
    let seams = b.seams();
    if !seams.is_empty() {
        let _ = writeln!(
            s,
            r#"<g id="seams" stroke="{BLUE}" stroke-width="3" stroke-dasharray="6 4" fill="{BLUE}" font-size="18" text-anchor="middle">"#
        );
        let on = |x: i32, y: i32| b.cell(x, y) != CellUse::Off;
        let mut edges: Vec<((f64, f64), (f64, f64))> = Vec::new();
        if b.wrap[0] {
            for y in 0..b.height {
                for (x, at) in [(0, 0), (b.width - 1, b.width)] {
                    if on(x, y) {
                        edges.push(((at as f64, y as f64), (at as f64, (y + 1) as f64)));
                    }
                }
            }
        }
        if b.wrap[1] {
            for x in 0..b.width {
                for (y, at) in [(0, 0), (b.height - 1, b.height)] {
                    if on(x, y) {
                        edges.push(((x as f64, at as f64), ((x + 1) as f64, at as f64)));
                    }
                }
            }
        }
        for ((x1, y1), (x2, y2)) in edges {
            let (a, c) = (px(x1, y1), px(x2, y2));
            let _ = writeln!(
                s,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                num(a.0),
                num(a.1),
                num(c.0),
                num(c.1)
            );
        }
        for ((x, y), mark) in seams {
            let (lx, ly) = label_point(x, y);
            let (cx, cy) = px(lx, ly);
            let _ = writeln!(
                s,
                r#"<text x="{}" y="{}" stroke="none">{}</text>"#,
                num(cx),
                num(cy + 6.0),
                esc(mark)
            );
        }
        s.push_str("</g>\n");
    }

    // Square names, then pieces and markers, on each square's naming cell.
    s.push_str("<g id=\"names\" font-size=\"9\" fill=\"#5d4037\" fill-opacity=\"0.8\" text-anchor=\"middle\">\n");
    for sq in &b.squares {
        let (x, y) = sq.cells[0];
        let (cx, cy) = px(x as f64 + 0.5, y as f64 + 0.5);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(cx),
            num(cy + 0.44 * U),
            esc(&sq.name)
        );
    }
    s.push_str("</g>\n<g id=\"pieces\" text-anchor=\"middle\">\n");
    for (i, sq) in b.squares.iter().enumerate() {
        let (x, y) = sq.cells[0];
        let (cx, cy) = px(x as f64 + 0.5, y as f64 + 0.5);
        match &p.marks[i] {
            Mark::Empty => {}
            Mark::Piece {
                letter,
                white,
                promoted,
                plus,
            } => piece(
                &mut s,
                cx,
                cy - 0.06 * U,
                (letter, *plus),
                *white,
                *promoted,
            ),
            Mark::Target(r) => marker(&mut s, cx, cy, *r),
            Mark::Wall => wall(&mut s, cx, cy),
        }
    }
    s.push_str("</g>\n");

    // Lines below: hands, side to move, result; or the legend.
    let mut y = top + board_h + 12.0 + 14.0;
    for (kind, line) in &below {
        let mut x = M;
        if let Some(k) = kind {
            marker(&mut s, x + 8.0, y - 4.0, *k);
            x += 24.0;
        }
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#212121">{}</text>"##,
            num(x),
            num(y),
            esc(line)
        );
        y += LINE;
    }
    s.push_str("</svg>\n");
    s
}

/// Circumradius of a hexagonal cell, in cell units (a cell is then 2R
/// wide and √3·R tall).
const HEX_R: f64 = 0.55;

/// Where a picture's parts go, from the extent of its board and labels
/// (`pts`, in cell units, y up): the text wrapped to the board's width,
/// the picture's size, and the board's top left corner in pixels.
struct Layout {
    min_x: f64,
    max_y: f64,
    board_h: f64,
    above: Vec<String>,
    below: Vec<(Option<Reach>, String)>,
    width: f64,
    height: f64,
    top: f64,
    left: f64,
}

fn layout(p: &Picture, pts: &[(f64, f64)]) -> Layout {
    let min_x = pts.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let max_x = pts.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let min_y = pts.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let max_y = pts.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let board_w = (max_x - min_x) * U;
    let board_h = (max_y - min_y) * U;
    let wrap_at = ((board_w / CHAR) as usize).max(72);
    let above: Vec<String> = p.above.iter().flat_map(|l| wrap(l, wrap_at)).collect();
    let mut below: Vec<(Option<Reach>, String)> = Vec::new();
    for (i, line) in p.below.iter().enumerate() {
        let (kind, text) = match p.legend.get(i) {
            Some(&k) => (Some(k), line.chars().skip(2).collect::<String>()),
            None => (None, line.clone()),
        };
        for (j, l) in wrap(&text, wrap_at).into_iter().enumerate() {
            below.push((kind.filter(|_| j == 0), l));
        }
    }
    let text_w = [
        p.title.len() as f64 * 11.0,
        p.subtitle.chars().count() as f64 * CHAR,
    ]
    .into_iter()
    .chain(above.iter().map(|l| l.chars().count() as f64 * CHAR))
    .chain(
        below
            .iter()
            .map(|l| l.1.chars().count() as f64 * CHAR + 24.0),
    )
    .fold(0.0, f64::max);
    let width = (board_w.max(text_w) + 2.0 * M).ceil();
    let top = M + 52.0 + above.len() as f64 * LINE;
    let height = (top + board_h + 12.0 + below.len() as f64 * LINE + M).ceil();
    let left = (width - board_w) / 2.0;
    Layout {
        min_x,
        max_y,
        board_h,
        above,
        below,
        width,
        height,
        top,
        left,
    }
}

/// The centre of the hexagonal cell `(x, y)` (y up), in cell units: flat-top
/// hexagons, columns (files) upright, each column half a cell higher than
/// the one on its left, so that the steps (1, 0) and (1, -1) lead to the
/// two right-hand neighbours.
fn hex_centre(x: i32, y: i32) -> (f64, f64) {
    (
        1.5 * HEX_R * x as f64,
        3f64.sqrt() * HEX_R * (y as f64 + x as f64 / 2.0),
    )
}

/// The corners of the hexagonal cell `(x, y)`, counter-clockwise.
fn hex_corners(x: i32, y: i32) -> Vec<(f64, f64)> {
    let (cx, cy) = hex_centre(x, y);
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * k as f64;
            (cx + HEX_R * a.cos(), cy + HEX_R * a.sin())
        })
        .collect()
}

/// The file and rank parts of a square's name: the rank is the trailing
/// digits (`f11` → `f`, `11`); `None` for a name without both.
fn split_name(name: &str) -> Option<(&str, &str)> {
    let at = name.find(|c: char| c.is_ascii_digit())?;
    let (f, r) = name.split_at(at);
    (!f.is_empty() && r.chars().all(|c| c.is_ascii_digit())).then_some((f, r))
}

/// The picture of a board of hexagonal cells (`shape hex`): each square a
/// hexagon coloured in three colours (no two neighbours alike), the
/// variant's own file names below each file's lowest cell and its rank
/// names beside the left edge, outside each rank's leftmost cell.
fn render_hex(p: &Picture) -> String {
    let b = &p.board;
    let on = |x: i32, y: i32| b.cell(x, y) != CellUse::Off;
    // Labels from the squares' names, placed on an empty neighbour cell.
    let mut labels: Vec<((i32, i32), String)> = Vec::new();
    let mut files: BTreeMap<String, (i32, i32)> = BTreeMap::new();
    let mut ranks: BTreeMap<String, (i32, i32)> = BTreeMap::new();
    for sq in &b.squares {
        let Some((f, r)) = split_name(&sq.name) else {
            continue;
        };
        let c = sq.cells[0];
        let low = |a: (i32, i32)| hex_centre(a.0, a.1).1;
        let left = |a: (i32, i32)| {
            let (x, y) = hex_centre(a.0, a.1);
            (x, y)
        };
        files
            .entry(f.to_string())
            .and_modify(|e| {
                if low(c) < low(*e) {
                    *e = c;
                }
            })
            .or_insert(c);
        ranks
            .entry(r.to_string())
            .and_modify(|e| {
                let (a, b2) = (left(c), left(*e));
                if a.0 < b2.0 || (a.0 == b2.0 && a.1 < b2.1) {
                    *e = c;
                }
            })
            .or_insert(c);
    }
    for (f, (x, y)) in &files {
        if !on(*x, y - 1) {
            labels.push(((*x, y - 1), f.clone()));
        }
    }
    for (r, (x, y)) in &ranks {
        if let Some(&(dx, dy)) = [(-1, 0), (-1, 1), (0, 1)]
            .iter()
            .find(|&&(dx, dy)| !on(x + dx, y + dy))
        {
            labels.push(((x + dx, y + dy), r.clone()));
        }
    }

    let mut pts: Vec<(f64, f64)> = Vec::new();
    for y in 0..b.height {
        for x in 0..b.width {
            if on(x, y) {
                pts.extend(hex_corners(x, y));
            }
        }
    }
    for ((x, y), _) in &labels {
        let (cx, cy) = hex_centre(*x, *y);
        pts.push((cx - 0.3, cy - 0.3));
        pts.push((cx + 0.3, cy + 0.3));
    }
    let Layout {
        min_x,
        max_y,
        board_h,
        above,
        below,
        width,
        height,
        top,
        left,
    } = layout(p, &pts);
    let px = |(x, y): (f64, f64)| (left + (x - min_x) * U, top + (max_y - y) * U);

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(s, "<title>{}: {}</title>", esc(&p.title), esc(&p.subtitle));
    let _ = writeln!(
        s,
        r##"<rect width="{}" height="{}" fill="#ffffff"/>"##,
        num(width),
        num(height)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="20" font-weight="bold" fill="#212121">{}</text>"##,
        num(M),
        num(M + 20.0),
        esc(&p.title)
    );
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="13" fill="#424242">{}</text>"##,
        num(M),
        num(M + 42.0),
        esc(&p.subtitle)
    );
    for (i, line) in above.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#212121">{}</text>"##,
            num(M),
            num(M + 64.0 + i as f64 * LINE),
            esc(line)
        );
    }
    let hex_path = |x: i32, y: i32| {
        let mut d = String::new();
        for (i, c) in hex_corners(x, y).into_iter().enumerate() {
            let (sx, sy) = px(c);
            let _ = write!(
                d,
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                num(sx),
                num(sy)
            );
        }
        d.push('Z');
        d
    };
    s.push_str(
        "<g id=\"board\" stroke=\"#4e342e\" stroke-width=\"1\" stroke-linejoin=\"round\">\n",
    );
    for sq in &b.squares {
        let (x, y) = sq.cells[0];
        // Three colours: neighbours differ by 1 or 2 in x + 2y (mod 3).
        let (class, fill) = match (x + 2 * y).rem_euclid(3) {
            0 => ("light", "#f0d9b5"),
            1 => ("mid", "#d9b48a"),
            _ => ("dark", "#b58863"),
        };
        let _ = writeln!(
            s,
            r#"<path class="square {class} hex" id="sq-{}" d="{}" fill="{fill}"/>"#,
            esc(&sq.name),
            hex_path(x, y),
        );
    }
    s.push_str("</g>\n");
    if p.shaded.iter().any(|&x| x) {
        s.push_str("<g id=\"zones\" fill=\"#66bb6a\" fill-opacity=\"0.35\" stroke=\"none\">\n");
        for (i, sq) in b.squares.iter().enumerate() {
            if p.shaded.get(i).copied().unwrap_or(false) {
                let (x, y) = sq.cells[0];
                let _ = writeln!(s, r#"<path class="zone" d="{}"/>"#, hex_path(x, y));
            }
        }
        s.push_str("</g>\n");
    }
    s.push_str("<g id=\"coordinates\" font-size=\"14\" fill=\"#757575\" text-anchor=\"middle\">\n");
    for ((x, y), label) in &labels {
        let (cx, cy) = px(hex_centre(*x, *y));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(cx),
            num(cy + 5.0),
            esc(label)
        );
    }
    s.push_str("</g>\n");
    s.push_str("<g id=\"names\" font-size=\"9\" fill=\"#5d4037\" fill-opacity=\"0.8\" text-anchor=\"middle\">\n");
    for sq in &b.squares {
        let (x, y) = sq.cells[0];
        let (cx, cy) = px(hex_centre(x, y));
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{}">{}</text>"#,
            num(cx),
            num(cy + 0.44 * U),
            esc(&sq.name)
        );
    }
    s.push_str("</g>\n<g id=\"pieces\" text-anchor=\"middle\">\n");
    for (i, sq) in b.squares.iter().enumerate() {
        let (x, y) = sq.cells[0];
        let (cx, cy) = px(hex_centre(x, y));
        match &p.marks[i] {
            Mark::Empty => {}
            Mark::Piece {
                letter,
                white,
                promoted,
                plus,
            } => piece(
                &mut s,
                cx,
                cy - 0.06 * U,
                (letter, *plus),
                *white,
                *promoted,
            ),
            Mark::Target(r) => marker(&mut s, cx, cy, *r),
            Mark::Wall => wall(&mut s, cx, cy),
        }
    }
    s.push_str("</g>\n");
    let mut y = top + board_h + 12.0 + 14.0;
    for (kind, line) in &below {
        let mut x = M;
        if let Some(k) = kind {
            marker(&mut s, x + 8.0, y - 4.0, *k);
            x += 24.0;
        }
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="13" fill="#212121">{}</text>"##,
            num(x),
            num(y),
            esc(line)
        );
        y += LINE;
    }
    s.push_str("</svg>\n");
    s
}

/// Where the label on the virtual cell `(x, y)` (a file's below the board, a
/// rank's left of it) is drawn: a little closer to the board than the
/// cell's centre.
fn label_point(x: i32, y: i32) -> (f64, f64) {
    let pull = |v: i32| {
        if v < 0 {
            v as f64 + 0.7
        } else {
            v as f64 + 0.5
        }
    };
    (pull(x), pull(y))
}

/// A piece's disc; a `plus` piece (a promoted face) shows `+` before its
/// letter.
fn piece(
    s: &mut String,
    cx: f64,
    cy: f64,
    (letter, plus): (&str, bool),
    white: bool,
    promoted: bool,
) {
    let (fill, text) = if white {
        ("#ffffff", "#111111")
    } else {
        ("#212121", "#ffffff")
    };
    let (stroke, sw) = if promoted {
        ("#c62828", 3.0)
    } else {
        ("#111111", 1.5)
    };
    let letter = if white {
        letter.to_ascii_uppercase()
    } else {
        letter.to_ascii_lowercase()
    };
    let shown = if plus { format!("+{letter}") } else { letter };
    let _ = writeln!(
        s,
        r#"<g class="piece {}"><circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{}"/><text x="{}" y="{}" font-size="{}" font-weight="bold" fill="{text}">{}</text></g>"#,
        if white { "white" } else { "black" },
        num(cx),
        num(cy),
        num(0.3 * U),
        num(sw),
        num(cx),
        num(cy + 7.0),
        // Smaller for longer tokens (`+P`, `DE`, `+FK'`), to fit the disc.
        match shown.len() {
            1 => 20,
            2 => 16,
            3 => 13,
            _ => 10,
        },
        esc(&shown)
    );
}

/// A wall placed during play (`*` in the FEN: a duck, an arrow, a
/// petrified piece): a dark stone on the square.
fn wall(s: &mut String, cx: f64, cy: f64) {
    let h = 0.3 * U;
    let _ = writeln!(
        s,
        r##"<rect class="wall" x="{}" y="{}" width="{}" height="{}" rx="{}" fill="#424242" stroke="#212121" stroke-width="1.5"/>"##,
        num(cx - h),
        num(cy - h),
        num(2.0 * h),
        num(2.0 * h),
        num(0.08 * U)
    );
}

fn marker(s: &mut String, cx: f64, cy: f64, r: Reach) {
    let cross = |s: &mut String| {
        let d = 0.13 * U;
        let _ = write!(
            s,
            r#"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{RED}" stroke-width="4" stroke-linecap="round" fill="none"/>"#,
            num(cx - d),
            num(cy - d),
            num(cx + d),
            num(cy + d),
            num(cx - d),
            num(cy + d),
            num(cx + d),
            num(cy - d)
        );
    };
    let class = match r {
        Reach::Both => "both",
        Reach::Quiet => "move",
        Reach::Capture => "capture",
        Reach::Guarded => "guarded",
        Reach::GuardedCapture => "guarded-capture",
    };
    let _ = write!(s, r#"<g class="target {class}">"#);
    match r {
        Reach::Both => {
            let _ = write!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="{GREEN}"/>"#,
                num(cx),
                num(cy),
                num(0.17 * U)
            );
        }
        Reach::Quiet => {
            let _ = write!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{GREEN}" stroke-width="3"/>"#,
                num(cx),
                num(cy),
                num(0.15 * U)
            );
        }
        Reach::Capture => cross(s),
        Reach::Guarded | Reach::GuardedCapture => {
            let _ = write!(
                s,
                r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{BLUE}" stroke-width="2.5" stroke-dasharray="4 3"/>"#,
                num(cx),
                num(cy),
                num(if r == Reach::Guarded { 0.15 } else { 0.22 } * U)
            );
            if r == Reach::GuardedCapture {
                cross(s);
            }
        }
    }
    s.push_str("</g>\n");
}

/// SVG path data of closed loops of cell-grid points.
fn path_data(loops: &[Vec<(i32, i32)>], px: &impl Fn(f64, f64) -> (f64, f64)) -> String {
    let mut d = String::new();
    for lp in loops {
        for (i, &(x, y)) in lp.iter().enumerate() {
            let (sx, sy) = px(x as f64, y as f64);
            let _ = write!(
                d,
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                num(sx),
                num(sy)
            );
        }
        d.push('Z');
    }
    d
}

/// A number with at most two decimals, without trailing zeros.
fn num(v: f64) -> String {
    let t = format!("{:.2}", v);
    let t = t.trim_end_matches('0').trim_end_matches('.');
    if t == "-0" {
        "0".into()
    } else {
        t.to_string()
    }
}

/// Escapes text for XML content and attributes.
fn esc(t: &str) -> String {
    let mut o = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            // XML 1.0 allows no control characters (not even as `&#…;`):
            // show them as text, as the terminal drawing does.
            c if c.is_control() => o.push_str(&c.escape_unicode().to_string()),
            c => o.push(c),
        }
    }
    o
}

/// Splits a line at spaces into lines of at most `at` characters (longer
/// words stay whole); continuation lines are indented.
fn wrap(line: &str, at: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    for word in line.split(' ') {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > at {
            out.push(std::mem::take(&mut cur));
            cur.push_str("    ");
        }
        if !cur.is_empty() && !cur.ends_with("    ") {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    out.push(cur);
    out
}

/// The outline of a set of cells: closed loops of grid points, each
/// counter-clockwise (holes inside the set clockwise), corners only.
pub fn outline(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let set: HashSet<(i32, i32)> = cells.iter().copied().collect();
    let mut edges: BTreeMap<(i32, i32), Vec<(i32, i32)>> = BTreeMap::new();
    for &(x, y) in &set {
        let sides = [
            ((0, -1), (x, y), (x + 1, y)),
            ((1, 0), (x + 1, y), (x + 1, y + 1)),
            ((0, 1), (x + 1, y + 1), (x, y + 1)),
            ((-1, 0), (x, y + 1), (x, y)),
        ];
        for ((dx, dy), a, b) in sides {
            if !set.contains(&(x + dx, y + dy)) {
                edges.entry(a).or_default().push(b);
            }
        }
    }
    let mut loops = Vec::new();
    while let Some(start) = edges.iter().find(|(_, v)| !v.is_empty()).map(|(k, _)| *k) {
        let mut points = vec![start];
        let mut at = start;
        while let Some(next) = edges.get_mut(&at).and_then(Vec::pop) {
            if next == start {
                break;
            }
            points.push(next);
            at = next;
        }
        // Keep corners only.
        let n = points.len();
        let corners: Vec<(i32, i32)> = (0..n)
            .filter(|&i| {
                let (a, b, c) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
                (b.0 - a.0) * (c.1 - b.1) != (b.1 - a.1) * (c.0 - b.0)
            })
            .map(|i| points[i])
            .collect();
        loops.push(corners);
    }
    loops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outline_of_an_l() {
        let l = outline(&[(0, 1), (0, 0), (1, 1)]);
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].len(), 6);
    }

    #[test]
    fn outline_of_one_cell() {
        assert_eq!(
            outline(&[(3, 4)]),
            vec![vec![(3, 4), (4, 4), (4, 5), (3, 5)]]
        );
    }
}
