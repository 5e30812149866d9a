//! Betza terms as move specifications.
//!
//! A term such as `ifmnD` becomes one [`MoveSpec`] per component of its atom
//! (`K` is `W` and `F`, `Q` is `W0` and `F0`): the atom's cell vectors, the
//! direction modifiers (resolved later per side, since "forward" depends on
//! the side), the range and the modes.

use crate::ast::{BetzaRange, BetzaTerm};
use crate::geometry::{Cell, Geometry};
use crate::span::Span;

/// A direction predicate: one modifier letter, a pair, or a doubled letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirPred {
    /// `f`, `b`, `l`, `r`, `v` or `s` alone.
    One(char),
    /// A vertical and a horizontal letter together (`fl`, `bs`, `vr`): both hold.
    Both(char, char),
    /// A doubled letter (`ff`): that way, and mainly that way.
    Mainly(char),
}

/// One component of a Betza term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveSpec {
    /// The atom's cell vectors in all directions.
    pub vectors: Vec<Cell>,
    /// The direction letters, in order (empty: all directions).
    pub dirs: Vec<char>,
    /// Most steps along the vector; 0 for unlimited.
    pub max: u32,
    /// `m` or neither.
    pub quiet: bool,
    /// `c` or neither.
    pub capture: bool,
    /// `e`.
    pub en_passant: bool,
    /// `i`.
    pub initial: bool,
    /// `n`.
    pub lame: bool,
    /// `p` (`Some(0)`: any square beyond the hurdle) or `g` (`Some(1)`:
    /// directly behind it).
    pub hop: Option<u16>,
    /// The term.
    pub span: Span,
}

/// The atom letters and their `(vector, default range)` components.
pub fn atom(c: char) -> Option<Vec<((i32, i32), u32)>> {
    Some(match c {
        'W' => vec![((1, 0), 1)],
        'F' => vec![((1, 1), 1)],
        'D' => vec![((2, 0), 1)],
        'N' => vec![((1, 2), 1)],
        'A' => vec![((2, 2), 1)],
        'H' => vec![((3, 0), 1)],
        'C' => vec![((1, 3), 1)],
        'Z' => vec![((2, 3), 1)],
        'G' => vec![((3, 3), 1)],
        'K' => vec![((1, 0), 1), ((1, 1), 1)],
        'R' => vec![((1, 0), 0)],
        'B' => vec![((1, 1), 0)],
        'Q' => vec![((1, 0), 0), ((1, 1), 0)],
        _ => return None,
    })
}

/// The supported modifier letters.
pub const MODIFIERS: &str = "fblrvsmceinpg";

/// All symmetric images of `(a, b)`.
pub fn symmetric(v: (i32, i32)) -> Vec<Cell> {
    let (a, b) = v;
    let mut out: Vec<Cell> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let c = (x * sx, y * sy);
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// The move specifications of a term; `None` if it uses a letter the checker
/// rejects (the checker reports it).
pub fn specs(term: &BetzaTerm) -> Option<Vec<MoveSpec>> {
    let comps = atom(term.atom.node)?;
    let mut dirs = Vec::new();
    let (mut m, mut c, mut e, mut i, mut n) = (false, false, false, false, false);
    let mut hop = None;
    for md in &term.mods {
        match md.node {
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(md.node),
            'm' => m = true,
            'c' => c = true,
            'e' => e = true,
            'i' => i = true,
            'n' => n = true,
            'p' => hop = Some(0),
            'g' => hop = Some(1),
            _ => return None,
        }
    }
    if m && c {
        return None;
    }
    let range = term.range.as_ref().map(|r| r.node);
    Some(
        comps
            .into_iter()
            .map(|(v, default)| MoveSpec {
                vectors: symmetric(v),
                dirs: dirs.clone(),
                max: match range {
                    None => default,
                    Some(BetzaRange::Unlimited) => 0,
                    Some(BetzaRange::Steps(k)) => k,
                },
                quiet: !c,
                capture: !m,
                en_passant: e,
                initial: i,
                lame: n,
                hop,
                span: term.span,
            })
            .collect(),
    )
}

fn holds(letter: char, fwd: i32, side: i32) -> bool {
    match letter {
        'f' => fwd > 0,
        'b' => fwd < 0,
        'r' => side > 0,
        'l' => side < 0,
        'v' => fwd != 0,
        's' => side != 0,
        _ => false,
    }
}

fn mainly(letter: char, fwd: i32, side: i32) -> bool {
    holds(letter, fwd, side)
        && match letter {
            'f' | 'b' | 'v' => fwd.abs() > side.abs(),
            _ => side.abs() > fwd.abs(),
        }
}

fn vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

impl MoveSpec {
    /// The direction predicates, pairing letters as XBetza does: a vertical
    /// and a horizontal letter next to each other form a pair when the pair
    /// selects some vector of the atom, otherwise each counts alone; a
    /// doubled letter means "mainly that way".
    pub fn preds(&self, geo: &Geometry, side: usize) -> Vec<DirPred> {
        let d = &self.dirs;
        let mut out = Vec::new();
        let mut i = 0;
        while i < d.len() {
            if i + 1 < d.len() {
                let (a, b) = (d[i], d[i + 1]);
                if a == b && a != 'v' && a != 's' {
                    out.push(DirPred::Mainly(a));
                    i += 2;
                    continue;
                }
                if vertical(a) != vertical(b) {
                    let (v, h) = if vertical(a) { (a, b) } else { (b, a) };
                    let selects = self.vectors.iter().any(|&x| {
                        let (f, s) = geo.orient(side, x);
                        holds(v, f, s) && holds(h, f, s)
                    });
                    if selects {
                        out.push(DirPred::Both(v, h));
                        i += 2;
                        continue;
                    }
                }
            }
            out.push(DirPred::One(d[i]));
            i += 1;
        }
        out
    }

    /// The vectors selected for `side`.
    pub fn select(&self, geo: &Geometry, side: usize) -> Vec<Cell> {
        if self.dirs.is_empty() {
            return self.vectors.clone();
        }
        let preds = self.preds(geo, side);
        self.vectors
            .iter()
            .copied()
            .filter(|&x| {
                let (f, s) = geo.orient(side, x);
                preds.iter().any(|p| match *p {
                    DirPred::One(a) => holds(a, f, s),
                    DirPred::Both(a, b) => holds(a, f, s) && holds(b, f, s),
                    DirPred::Mainly(a) => mainly(a, f, s),
                })
            })
            .collect()
    }

    /// The cells a lame step of vector `v` passes, in order: first straight
    /// along the longer axis, then diagonally.
    pub fn lame_cells(v: Cell) -> Vec<Cell> {
        let (ax, ay) = (v.0.abs(), v.1.abs());
        let (sx, sy) = (v.0.signum(), v.1.signum());
        let mut cells = Vec::new();
        let mut cur = (0, 0);
        let long_x = ax > ay;
        let straight = (ax - ay).abs();
        for _ in 0..straight {
            cur = if long_x {
                (cur.0 + sx, cur.1)
            } else {
                (cur.0, cur.1 + sy)
            };
            cells.push(cur);
        }
        for _ in 0..ax.min(ay) {
            cur = (cur.0 + sx, cur.1 + sy);
            cells.push(cur);
        }
        cells.pop();
        cells
    }
}
