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
    /// A multi-leg move (XBetza `a`): what the square each leg but the last
    /// ends on may hold, one per leg after the first (empty for a one-leg
    /// move).
    pub stops: Vec<Stop>,
    /// The legs after the first, in order.
    pub legs: Vec<Leg>,
    /// The atom has both orthogonal and diagonal directions (`K`, `Q`): a
    /// later leg without direction letters may go in all eight.
    pub all_kinds: bool,
}

/// What the square a leg (not the last) ends on may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    /// `m` (the default): it may be empty.
    pub empty: bool,
    /// `p`, `g`: it may hold a piece, which the move jumps (the hurdle).
    pub occupied: bool,
    /// `c` (first leg only): it may hold an enemy piece, which the move
    /// captures on its way.
    pub capture: bool,
}

/// A leg after the first of a multi-leg move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leg {
    /// The direction letters, relative to the previous leg (`f`: straight
    /// on; empty: every direction of the atom's kind).
    pub dirs: Vec<char>,
    /// Most steps; 0 for unlimited.
    pub max: u32,
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
pub const MODIFIERS: &str = "fblrvsmceinpgay";

/// The atoms whose moves go along the eight directions of the king (by
/// one, two or three cells): the atoms a multi-leg move may use.
pub const LEG_ATOMS: &str = "WFDAHGKRBQ";

/// The modifiers of a term split into its legs at each `a`.
pub fn leg_groups(term: &BetzaTerm) -> Vec<&[crate::span::Spanned<char>]> {
    term.mods.split(|m| m.node == 'a').collect()
}

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
    if term.mods.iter().any(|m| m.node == 'a') {
        return leg_specs(term);
    }
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
                stops: Vec::new(),
                legs: Vec::new(),
                all_kinds: false,
            })
            .collect(),
    )
}

/// The specifications of a multi-leg term (`mafsW`); `None` if the checker
/// rejects it.
fn leg_specs(term: &BetzaTerm) -> Option<Vec<MoveSpec>> {
    if !LEG_ATOMS.contains(term.atom.node) {
        return None;
    }
    let comps = atom(term.atom.node)?;
    let groups = leg_groups(term);
    let last = groups.len() - 1;
    let mut first_dirs = Vec::new();
    let mut initial = false;
    let mut stops = Vec::new();
    let mut legs: Vec<Leg> = Vec::new();
    let (mut quiet, mut capture) = (true, true);
    // Whether each leg's range is toggled (`y`, `g`) from the atom's.
    let mut toggled = false;
    let mut toggles = vec![false];
    for (i, group) in groups.iter().enumerate() {
        let mut dirs = Vec::new();
        let (mut m, mut c, mut p, mut y) = (false, false, false, false);
        for md in group.iter() {
            match md.node {
                'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(md.node),
                'm' => m = true,
                'c' => c = true,
                'p' => p = true,
                'g' => {
                    p = true;
                    y = true;
                }
                'y' => y = true,
                'i' if i == 0 => initial = true,
                _ => return None,
            }
        }
        if i == 0 {
            first_dirs = dirs;
        } else {
            legs.push(Leg { dirs, max: 0 });
        }
        if i < last {
            // A capture on the way: on the first leg only, and not with a
            // hop in the same move.
            if c && (i > 0 || p) {
                return None;
            }
            stops.push(Stop {
                empty: m || !(p || c),
                occupied: p,
                capture: c,
            });
            toggled ^= y;
            toggles.push(toggled);
        } else {
            if p || y || (m && c) {
                return None;
            }
            quiet = !c;
            capture = !m;
        }
    }
    if stops.first().is_some_and(|s| s.capture) && stops.iter().any(|s| s.occupied) {
        return None;
    }
    let range = term.range.as_ref().map(|r| r.node);
    let all_kinds = matches!(term.atom.node, 'K' | 'Q');
    Some(
        comps
            .into_iter()
            .map(|(v, default)| {
                let max = match range {
                    None => default,
                    Some(BetzaRange::Unlimited) => 0,
                    Some(BetzaRange::Steps(k)) => k,
                };
                // `y` turns a leaper into a slider and back.
                let toggle = |t: bool| match (t, max) {
                    (false, n) => n,
                    (true, 1) => 0,
                    (true, _) => 1,
                };
                let legs = legs
                    .iter()
                    .enumerate()
                    .map(|(i, l)| Leg {
                        dirs: l.dirs.clone(),
                        max: toggle(toggles[i + 1]),
                    })
                    .collect();
                MoveSpec {
                    vectors: symmetric(v),
                    dirs: first_dirs.clone(),
                    max,
                    quiet,
                    capture,
                    en_passant: false,
                    initial,
                    lame: false,
                    hop: None,
                    span: term.span,
                    stops: stops.clone(),
                    legs,
                    all_kinds,
                }
            })
            .collect(),
    )
}

/// Whether a later leg's direction `e` (a unit vector) is selected by the
/// direction letters `dirs`, relative to the previous leg's direction `u`:
/// `f` straight on, `b` straight back, `l`/`r` a right angle to that side
/// (`s` either), `v` straight on or back; a vertical letter next to a
/// horizontal one (`fs`, `br`, `vl`) selects the directions between them at
/// 45°. No letter: every direction of the previous leg's kind (orthogonal
/// stays orthogonal), or all eight if `all_kinds`.
pub fn leg_direction(dirs: &[char], u: Cell, e: Cell, all_kinds: bool) -> bool {
    let fwd = (e.0 * u.0 + e.1 * u.1).signum();
    // Rightward: `u` turned clockwise.
    let side = (e.0 * u.1 - e.1 * u.0).signum();
    if dirs.is_empty() {
        return all_kinds || fwd == 0 || side == 0;
    }
    let vert = |c: char| match c {
        'f' => fwd > 0,
        'b' => fwd < 0,
        _ => fwd != 0,
    };
    let horiz = |c: char| match c {
        'l' => side < 0,
        'r' => side > 0,
        _ => side != 0,
    };
    let mut i = 0;
    while i < dirs.len() {
        let a = dirs[i];
        if i + 1 < dirs.len() && vertical(a) != vertical(dirs[i + 1]) {
            let b = dirs[i + 1];
            let (v, h) = if vertical(a) { (a, b) } else { (b, a) };
            if vert(v) && horiz(h) {
                return true;
            }
            i += 2;
            continue;
        }
        let hit = if vertical(a) {
            side == 0 && vert(a)
        } else {
            fwd == 0 && horiz(a)
        };
        if hit {
            return true;
        }
        i += 1;
    }
    false
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
    /// Why its hop legs cannot be lowered (`E0182`), if they cannot: after a
    /// leg that ends on a hurdle every leg must be one step (`Some(false)`),
    /// and only one leg may end on a hurdle (`Some(true)`).
    pub fn hop_problem(&self) -> Option<bool> {
        let hurdle = |s: &Stop| s.occupied && !s.empty;
        let h = self.stops.iter().position(hurdle)?;
        let twice = self.stops[h + 1..].iter().any(hurdle);
        (twice || self.legs[h..].iter().any(|l| l.max != 1)).then_some(twice)
    }

    /// Whether its paths hop: `p`, `g`, or a leg that ends on a hurdle.
    pub fn hops(&self) -> bool {
        self.hop.is_some() || self.stops.iter().any(|s| s.occupied && !s.empty)
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_legs_turn_relative_to_the_previous_leg() {
        let all = |dirs: &str, u: Cell, k: bool| -> Vec<Cell> {
            let d: Vec<char> = dirs.chars().collect();
            crate::geometry::KING_DIRECTIONS
                .into_iter()
                .filter(|&e| leg_direction(&d, u, e, k))
                .collect()
        };
        // Going north: f straight on, fs the two forward diagonals, s the
        // right angles, b back; no letter: the orthogonal four.
        assert_eq!(all("f", (0, 1), false), vec![(0, 1)]);
        assert_eq!(all("fs", (0, 1), false), vec![(1, 1), (-1, 1)]);
        assert_eq!(all("s", (0, 1), false), vec![(1, 0), (-1, 0)]);
        assert_eq!(all("r", (0, 1), false), vec![(1, 0)]);
        assert_eq!(all("bl", (0, 1), false), vec![(-1, -1)]);
        assert_eq!(
            all("", (1, 0), false),
            vec![(1, 0), (0, 1), (-1, 0), (0, -1)]
        );
        assert_eq!(all("", (1, 1), true).len(), 8);
        // Going north-east, right is south-east.
        assert_eq!(all("r", (1, 1), false), vec![(1, -1)]);
        assert_eq!(all("fr", (1, 1), false), vec![(1, 0)]);
    }
}
