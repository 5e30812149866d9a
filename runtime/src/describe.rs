//! [`describe`]: a stable, readable text rendering of a move table, for
//! review and snapshot tests.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::bits::Sq;
use crate::ids::{sq, PieceType, Square};
use crate::table::VariantTables;
use crate::types::Color;
use crate::variant::Variant;

/// How a piece reaches one square from its square on a board where it
/// stands alone ([`reach`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// By an unguarded path that may move there.
    pub quiet: bool,
    /// By an unguarded path that may capture there.
    pub capture: bool,
    /// By an unguarded path that may capture en passant there (possible only
    /// once other pieces stand on the board).
    pub en_passant: bool,
    /// By a guarded path (`friend_on`), whatever the guard.
    pub guarded: bool,
    /// The guard squares of those guarded paths, in the order first met.
    pub guards: Vec<Square>,
}

/// Where piece `piece` of `side` reaches from square `from` on a board where
/// it stands alone: every square some path of it reaches, walked as the move
/// generator walks it (the piece itself blocks a path that comes back to its
/// square; a hopper's path has no hurdle, so it reaches nothing). `None` for
/// a piece or square of another variant that is none here.
///
/// This is the one computation of "reach on an empty board": [`describe`]
/// and `fairyc show` both render it.
///
/// # Examples
///
/// ```
/// use fairyc_runtime::{reach, Color, Variant, VariantTables};
///
/// # let json = include_str!("../examples/chess.json");
/// let variant = Variant::new(VariantTables::from_json(json)?)?;
/// let knight = variant.piece_by_name("Knight").expect("chess has knights");
/// let a1 = variant.square_by_name("a1").expect("a square");
/// let targets = reach(&variant, knight, Color::White, a1).expect("both exist");
/// let names: Vec<&str> = targets.keys().map(|&s| variant.square_name(s)).collect();
/// assert_eq!(names, ["c2", "b3"]);
/// assert!(targets.values().all(|r| r.quiet && r.capture && r.guards.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn reach(
    variant: &Variant,
    piece: PieceType,
    side: Color,
    from: Square,
) -> Option<BTreeMap<Square, Reach>> {
    let from = from.raw();
    let raw = reach_raw(variant.tables(), piece.index(), side, from)?;
    Some(raw.into_iter().map(|(s, r)| (sq(s), r)).collect())
}

/// [`reach`] on the tables alone, by the tables' own numbers.
fn reach_raw(
    tables: &VariantTables,
    piece: usize,
    side: Color,
    from: Sq,
) -> Option<BTreeMap<Sq, Reach>> {
    let paths = tables.parts().pieces.get(piece)?.moves[side.index()].get(from as usize)?;
    let mut out: BTreeMap<Sq, Reach> = BTreeMap::new();
    // Alone on the board a hopper finds no hurdle, a capture on the way
    // (`locust`) no piece to capture, and an attack-only path is no move:
    // none reaches anything. A return to the start square (the piece's
    // pass) is not drawn.
    for path in paths
        .iter()
        .filter(|p| p.hop.is_none() && !p.role.attack_only() && !p.locust)
    {
        for step in &path.steps {
            if step.to == from || step.block.contains(&from) {
                break;
            }
            let r = out.entry(step.to).or_default();
            if path.friend_on.is_empty() {
                r.quiet |= path.role.quiet();
                r.capture |= path.role.capture();
                r.en_passant |= path.en_passant;
            } else {
                r.guarded |= path.role.quiet() || path.role.capture() || path.en_passant;
                for &g in &path.friend_on {
                    if !r.guards.contains(&sq(g)) {
                        r.guards.push(sq(g));
                    }
                }
            }
        }
    }
    Some(out)
}

/// Renders, for each of the named squares, where every piece of each side
/// reaches from there **on an empty board**, one line per piece and side:
///
/// ```text
/// from d4
///   K King    white  both: c3 c4 c5 d3 d5 e3 e4 e5
///             black  = white
/// ```
///
/// The reached squares ([`reach`]) are grouped as `quiet` (moves there only
/// when it is empty), `capture` (only captures there), `both`, and `guarded`
/// (reached by a path with a `friend_on` condition, listed whatever the
/// condition). En-passant-only paths reach nothing on an empty board, and a
/// path that comes back to the piece's own square stops there. A line reading
/// `= white` means Black's reach from that square is the same as White's;
/// `-` means the piece has no move from there. Squares are listed in natural
/// name order (`a2` before `a10`). A name that is not a square of the board
/// gives a `no square NAME` line.
///
/// The text depends only on the tables, so it is stable across runs.
///
/// # Examples
///
/// ```
/// # use fairyc_runtime::{describe, VariantTables};
/// let tables = VariantTables::from_json(include_str!("../examples/chess.json")).unwrap();
/// let text = describe(&tables, &["a1", "d4"]);
/// assert!(text.contains("Knight"));
/// assert!(describe(&tables, &["z9"]).contains("no square z9"));
/// ```
pub fn describe(tables: &VariantTables, squares: &[&str]) -> String {
    let parts = tables.parts();
    let names: Vec<&str> = parts
        .board
        .squares
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    let width = parts
        .pieces
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    let _ = writeln!(out, "{}: reach on an empty board", parts.name);
    for &sq in squares {
        let _ = writeln!(out);
        let Some(s) = names.iter().position(|&n| n == sq) else {
            let _ = writeln!(out, "no square {sq}");
            continue;
        };
        let _ = writeln!(out, "from {sq}");
        for (p, piece) in parts.pieces.iter().enumerate() {
            let lines: Vec<String> = [Color::White, Color::Black]
                .into_iter()
                .map(|side| {
                    let reach = reach_raw(tables, p, side, s as Sq).unwrap_or_default();
                    render(&reach, &names)
                })
                .collect();
            let white = lines.first().cloned().unwrap_or_default();
            let black = match lines.get(1) {
                Some(b) if *b == white => "= white".to_string(),
                Some(b) => b.clone(),
                None => "-".to_string(),
            };
            let label = format!("{} {:<width$}", piece.letter, piece.name);
            let _ = writeln!(out, "  {label}  white  {white}");
            let _ = writeln!(out, "  {:<w$}  black  {black}", "", w = label.len());
        }
    }
    out
}

/// `quiet: … ; capture: … ; both: … ; guarded: …`, empty groups left out.
fn render(reach: &BTreeMap<Sq, Reach>, names: &[&str]) -> String {
    let group = |keep: &dyn Fn(&Reach) -> bool| -> Vec<&str> {
        let mut v: Vec<&str> = reach
            .iter()
            .filter(|(_, r)| keep(r))
            .map(|(&s, _)| names.get(s as usize).copied().unwrap_or("?"))
            .collect();
        v.sort_by_key(|n| natural_key(n));
        v
    };
    let groups = [
        ("quiet", group(&|r| r.quiet && !r.capture)),
        ("capture", group(&|r| r.capture && !r.quiet)),
        ("both", group(&|r| r.quiet && r.capture)),
        ("guarded", group(&|r| r.guarded)),
    ];
    let text: Vec<String> = groups
        .iter()
        .filter(|(_, g)| !g.is_empty())
        .map(|(label, g)| format!("{label}: {}", g.join(" ")))
        .collect();
    if text.is_empty() {
        "-".to_string()
    } else {
        text.join(" ; ")
    }
}

/// Sorts `a2` before `a10`: letters first, then the number, then the name.
fn natural_key(name: &str) -> (String, u64, String) {
    let split = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    let (letters, digits) = name.split_at(split);
    (
        letters.to_string(),
        digits.parse().unwrap_or(u64::MAX),
        name.to_string(),
    )
}
