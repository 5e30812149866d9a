//! Describe a variant to XBoard (CECP v2, XBoard 4.9): the `setup` command
//! (the letters XBoard's piece types stand for, the board size, the holdings
//! and the start position) and one `piece` command per piece with its moves
//! in XBoard's Betza notation.
//!
//! XBoard draws rectangular boards of at most 16 files and 16 ranks whose
//! squares are named `a1`, `b1`, …, and knows nothing of fairyc's regions
//! (`within`, `from`), guards (`if`) or `faces`; a variant that needs one of
//! them is refused with the reason ([`XboardRefusal`]) rather than misdrawn.
//! The Betza strings are the author's terms as written (fairyc's Betza is a
//! subset of XBoard's), run together without spaces, and a king that
//! castles gets XBoard's `O` atom with the distance it moves. See
//! `docs/engine.md`.

use std::fmt;

use fairyc_runtime::table::TableParts;

use fairyc_compiler::ast::{self, BetzaRange, Item, PieceProp};
use fairyc_compiler::check;
use fairyc_compiler::error::CompileError;
use fairyc_compiler::lower;

/// XBoard's piece types in the order of its piece-to-char table (the
/// short, 22-per-side form XBoard 4.9 reads): the letter each is drawn as by
/// default. The king's type is the table's last entry and not listed.
const SLOTS: &[u8; 21] = b"PNBRQFEACWMOHIJGDVLSU";

/// A promoted type sits this many slots after its base type (XBoard's
/// shogi convention: `+` in the table marks it).
const PROMOTED: usize = 11;

/// The largest board XBoard 4.9 draws, holdings columns included.
const MAX_FILES: u32 = 16;
const MAX_RANKS: u32 = 16;

/// A variant as XBoard is told it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XboardVariant {
    /// Files.
    pub width: u32,
    /// Ranks.
    pub height: u32,
    /// Piece types in each holdings column (0: no drops).
    pub holdings: usize,
    /// The piece-to-char table: a letter (or `+` for a promoted face, `.`
    /// for an unused type) per XBoard piece type, White's then Black's.
    pub piece_to_char: String,
    /// The start position in fairyc's FEN (XBoard reads it as it is, with
    /// ranks renamed by [`fen_for_xboard`] where the board has ten
    /// ranks or more).
    pub start: String,
    /// `(id, betza)` for each piece: `N&` (both colours), `+P&` for a
    /// promoted face.
    pub pieces: Vec<(String, String)>,
}

impl XboardVariant {
    /// The `setup` line.
    pub fn setup_line(&self) -> String {
        format!(
            "setup ({}) {}x{}+{}_fairy {}",
            self.piece_to_char,
            self.width,
            self.height,
            self.holdings,
            fen_for_xboard(&self.start, self.height)
        )
    }

    /// The `piece` lines.
    pub fn piece_lines(&self) -> Vec<String> {
        self.pieces
            .iter()
            .map(|(id, betza)| format!("piece {id} {betza}"))
            .collect()
    }
}

/// Why XBoard cannot be told a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XboardRefusal {
    /// The source does not compile.
    Compile(Vec<CompileError>),
    /// The board is not one XBoard draws.
    Board(String),
    /// A piece's moves cannot be said in XBoard's Betza.
    Piece {
        /// The piece.
        piece: String,
        /// What is wrong.
        why: String,
    },
    /// The pieces do not fit XBoard's piece types.
    Pieces(String),
}

impl fmt::Display for XboardRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XboardRefusal::Compile(errors) => {
                write!(
                    f,
                    "the variant does not compile ({} error(s))",
                    errors.len()
                )
            }
            XboardRefusal::Board(why) => write!(f, "XBoard cannot draw this board: {why}"),
            XboardRefusal::Piece { piece, why } => {
                write!(f, "XBoard cannot be told how the {piece} moves: {why}")
            }
            XboardRefusal::Pieces(why) => write!(f, "XBoard has no piece type for {why}"),
        }
    }
}

/// Rewrites the square names in a move or a FEN's en-passant field for
/// XBoard: on a board of ten ranks or more XBoard numbers the ranks from
/// `0` (one character each: `0`…`9`, `:`, `;`, …), on smaller boards from
/// `1` as fairyc does. Text without square names is unchanged.
pub fn to_xboard_text(text: &str, height: u32) -> String {
    if height < 10 {
        return text.to_string();
    }
    rewrite_ranks(text, |rank| {
        rank.parse::<u32>()
            .ok()
            .filter(|&r| (1..=height).contains(&r))
            .map(|r| char::from(b'0' + (r - 1) as u8).to_string())
    })
}

/// A FEN for XBoard: its en-passant field's square renamed by
/// [`to_xboard_text`] (the board field has no square names).
pub fn fen_for_xboard(fen: &str, height: u32) -> String {
    fen.split(' ')
        .enumerate()
        .map(|(i, f)| {
            if i == 3 {
                to_xboard_text(f, height)
            } else {
                f.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The inverse of [`fen_for_xboard`], for a FEN XBoard sends.
pub fn fen_from_xboard(fen: &str, height: u32) -> String {
    fen.split(' ')
        .enumerate()
        .map(|(i, f)| {
            if i == 3 {
                from_xboard_move(f, height)
            } else {
                f.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The inverse of [`to_xboard_text`] for a move XBoard sends (`a0a1`, `P@e9`).
pub fn from_xboard_move(text: &str, height: u32) -> String {
    if height < 10 {
        return text.to_string();
    }
    let mut out = String::new();
    let mut after_file = false;
    for c in text.chars() {
        if after_file && c >= '0' && (c as u32) < '0' as u32 + height {
            out.push_str(&(c as u32 - '0' as u32 + 1).to_string());
            after_file = false;
            continue;
        }
        after_file = c.is_ascii_lowercase();
        out.push(c);
    }
    out
}

/// Replaces each run of digits that follows a lower-case file letter.
fn rewrite_ranks(text: &str, rank: impl Fn(&str) -> Option<String>) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        out.push(c);
        i += 1;
        if c.is_ascii_lowercase() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            if !digits.is_empty() {
                match rank(&digits) {
                    Some(r) => out.push_str(&r),
                    None => out.push_str(&digits),
                }
            }
        }
    }
    out
}

/// Describes a `.variant` source to XBoard.
///
/// # Errors
///
/// Why XBoard cannot play it: a board it cannot draw, a move it cannot be
/// told, more piece types than it has.
pub fn describe(source: &str) -> Result<XboardVariant, XboardRefusal> {
    let file = fairyc_compiler::parse::parse(source).map_err(XboardRefusal::Compile)?;
    let checked = check::check_source(&file, source).map_err(XboardRefusal::Compile)?;
    let tables = lower::lower(&checked).map_err(XboardRefusal::Compile)?;
    let parts = tables.parts();
    board(parts, checked.geometry.has_multi_cell())?;
    if let Some(piece) = parts.pieces.iter().find(|p| p.letter.len() != 1) {
        return Err(XboardRefusal::Pieces(format!(
            "the {}, written `{}`: XBoard's piece-to-char table has one letter per piece",
            piece.name, piece.letter
        )));
    }
    let mut betzas = Vec::new();
    for piece in &parts.pieces {
        betzas.push(betza(&file, parts, &piece.name)?);
    }
    let (slots, king) = assign(parts)?;
    let holdings = if parts.drops.is_some() {
        slots
            .iter()
            .filter(|s| matches!(s, Some((_, false))))
            .count()
    } else {
        0
    };
    let width = parts.board.width as u32;
    let height = parts.board.height as u32;
    if holdings > 0 && width + 2 > MAX_FILES {
        return Err(XboardRefusal::Board(format!(
            "{width} files and two holdings columns are more than XBoard's {MAX_FILES}"
        )));
    }
    if holdings > height as usize {
        return Err(XboardRefusal::Board(format!(
            "{holdings} kinds of piece in hand do not fit a holdings column of {height} squares"
        )));
    }
    let mut table = String::new();
    for black in [false, true] {
        for slot in &slots {
            table.push(match slot {
                None => '.',
                Some((_, true)) => '+',
                Some((p, false)) => letter(parts, *p, black),
            });
        }
        table.push(king.map_or('.', |p| letter(parts, p, black)));
    }
    let mut pieces = Vec::new();
    for (p, piece) in parts.pieces.iter().enumerate() {
        let plus = if piece.plus { "+" } else { "" };
        pieces.push((
            format!("{plus}{}&", letter(parts, p, false)),
            betzas[p].clone(),
        ));
    }
    Ok(XboardVariant {
        width,
        height,
        holdings,
        piece_to_char: table,
        start: parts.start.clone(),
        pieces,
    })
}

/// The piece's letter (symbols of more than one are refused in
/// [`describe`]).
fn letter(parts: &TableParts, p: usize, black: bool) -> char {
    let l = parts.pieces[p]
        .letter
        .chars()
        .next()
        .unwrap_or('?')
        .to_ascii_uppercase();
    if black {
        l.to_ascii_lowercase()
    } else {
        l
    }
}

/// The board must be one XBoard draws.
fn board(parts: &TableParts, multi_cell: bool) -> Result<(), XboardRefusal> {
    let b = &parts.board;
    let why = if !b.holes.is_empty() {
        Some("it has holes".to_string())
    } else if multi_cell {
        Some("it has squares of several cells".to_string())
    } else if u32::from(b.width) > MAX_FILES || u32::from(b.height) > MAX_RANKS {
        Some(format!(
            "it is {}×{}, larger than {MAX_FILES} files × {MAX_RANKS} ranks",
            b.width, b.height
        ))
    } else if b.squares.len() != usize::from(b.width) * usize::from(b.height) {
        Some("it is not rectangular".to_string())
    } else if b.forward != [[0, 1], [0, -1]] {
        Some("its forward directions are not up for White and down for Black".to_string())
    } else if !b.squares.iter().all(|s| {
        let [x, y] = s.cells[0];
        s.name == format!("{}{}", (b'a' + x) as char, u32::from(y) + 1)
    }) {
        Some("its squares are not named a1, b1, … as XBoard names them".to_string())
    } else if !(b.fen_rows.len() == usize::from(b.height)
        && b.fen_rows.iter().enumerate().all(|(g, row)| {
            row.len() == usize::from(b.width)
                && row.iter().enumerate().all(|(x, &s)| {
                    b.squares[usize::from(s)].cells[0] == [x as u8, b.height - 1 - g as u8]
                })
        }))
    {
        Some("its FEN is not written rank by rank from the top".to_string())
    } else {
        None
    };
    why.map_or(Ok(()), |w| Err(XboardRefusal::Board(w)))
}

/// A piece's moves in XBoard's Betza: its terms as written, and `O` with
/// the king's distance for a piece that castles.
fn betza(file: &ast::File, parts: &TableParts, name: &str) -> Result<String, XboardRefusal> {
    let refuse = |why: &str| XboardRefusal::Piece {
        piece: name.to_string(),
        why: why.to_string(),
    };
    let decl = file
        .items
        .iter()
        .find_map(|i| match i {
            Item::Piece(p) if p.name.node == name => Some(p),
            _ => None,
        })
        .ok_or_else(|| refuse("it is not declared"))?;
    let mut out = String::new();
    for prop in &decl.props {
        match prop {
            PieceProp::Moves {
                betza,
                guard,
                regions,
                ..
            } => {
                if guard.is_some() {
                    return Err(refuse("a move has a guard (`if`)"));
                }
                if !regions.is_empty() {
                    return Err(refuse("a move is confined to squares (`within`, `from`)"));
                }
                for term in &betza.terms {
                    for m in &term.mods {
                        out.push(m.node);
                    }
                    out.push(term.atom.node);
                    match term.range.as_ref().map(|r| r.node) {
                        None => {}
                        Some(BetzaRange::Unlimited) => out.push('0'),
                        Some(BetzaRange::Steps(n)) => out.push_str(&n.to_string()),
                    }
                }
            }
            PieceProp::Faces { .. } => {
                return Err(refuse("it faces the enemy royal piece (`faces`)"));
            }
            _ => {}
        }
    }
    let p = parts
        .pieces
        .iter()
        .position(|t| t.name == name)
        .ok_or_else(|| refuse("it is not in the tables"))?;
    let distances: Vec<i32> = parts
        .castling
        .iter()
        .filter(|c| usize::from(c.king) == p)
        .map(|c| {
            let from = parts.board.squares[usize::from(c.king_from)].cells[0][0];
            let to = parts.board.squares[usize::from(c.king_to)].cells[0][0];
            (i32::from(to) - i32::from(from)).abs()
        })
        .collect();
    if let Some(&d) = distances.first() {
        if distances.iter().any(|&x| x != d) {
            return Err(refuse(
                "it castles over different distances on the two wings",
            ));
        }
        out.push_str(&format!("O{d}"));
    }
    if out.is_empty() {
        return Err(refuse("it has no moves"));
    }
    Ok(out)
}

/// Gives each piece an XBoard piece type: the royal piece the king's, a
/// piece whose letter is a type's default letter that type, a promoted face
/// ([`PROMOTED`]) slots after its base piece; the rest the free types in
/// order. Returns the slots (`(piece, is promoted face)`) and the king's piece.
#[allow(clippy::type_complexity)]
fn assign(
    parts: &TableParts,
) -> Result<(Vec<Option<(usize, bool)>>, Option<usize>), XboardRefusal> {
    let pieces = &parts.pieces;
    let mut slots: Vec<Option<(usize, bool)>> = vec![None; SLOTS.len()];
    let king = pieces.iter().position(|p| p.royal.is_royal() && !p.plus);
    let base_of = |p: usize| {
        pieces
            .iter()
            .position(|q| !q.plus && q.letter == pieces[p].letter)
    };
    // The bases of promoted faces first: they need a type with a free
    // promoted partner.
    let mut placed = vec![false; pieces.len()];
    for p in (0..pieces.len()).filter(|&p| pieces[p].plus) {
        let Some(b) = base_of(p) else {
            return Err(XboardRefusal::Pieces(format!(
                "the promoted {}, whose letter no unpromoted piece has",
                pieces[p].name
            )));
        };
        if Some(b) == king {
            return Err(XboardRefusal::Pieces(format!(
                "the promoted {}: XBoard's king has no promoted form",
                pieces[p].name
            )));
        }
        if !placed[b] {
            let wanted = SLOTS
                .iter()
                .position(|&c| pieces[b].letter == char::from(c).to_string());
            let fits = |s: usize| {
                s + PROMOTED < SLOTS.len() && slots[s].is_none() && slots[s + PROMOTED].is_none()
            };
            let s = wanted
                .filter(|&s| fits(s))
                .or_else(|| (1..PROMOTED).find(|&s| fits(s)))
                .ok_or_else(|| {
                    XboardRefusal::Pieces(format!(
                        "the promoted {}: too many promoted pieces",
                        pieces[p].name
                    ))
                })?;
            slots[s] = Some((b, false));
            placed[b] = true;
        }
        let s = slots
            .iter()
            .position(|x| *x == Some((b, false)))
            .unwrap_or_default();
        slots[s + PROMOTED] = Some((p, true));
        placed[p] = true;
    }
    // Then the others: their own letter's type where it is free.
    let mut rest = Vec::new();
    for p in 0..pieces.len() {
        if placed[p] || Some(p) == king {
            continue;
        }
        let wanted = SLOTS
            .iter()
            .position(|&c| pieces[p].letter == char::from(c).to_string());
        match wanted.filter(|&s| slots[s].is_none()) {
            Some(s) => slots[s] = Some((p, false)),
            None => rest.push(p),
        }
    }
    for p in rest {
        // Keep XBoard's pawn and lance types (which promote on the last
        // rank) for pieces lettered so.
        let s = (1..SLOTS.len())
            .filter(|&s| SLOTS[s] != b'L')
            .find(|&s| slots[s].is_none())
            .ok_or_else(|| {
                XboardRefusal::Pieces(format!("the {}: too many kinds of piece", pieces[p].name))
            })?;
        slots[s] = Some((p, false));
    }
    Ok((slots, king))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_renamed_from_zero_on_tall_boards() {
        assert_eq!(to_xboard_text("a10a9", 10), "a9a8");
        assert_eq!(to_xboard_text("P@e1", 10), "P@e0");
        assert_eq!(to_xboard_text("e7e8q", 8), "e7e8q");
        assert_eq!(from_xboard_move("a9a8", 10), "a10a9");
        assert_eq!(from_xboard_move("P@e0", 10), "P@e1");
        assert_eq!(fen_for_xboard("r9/10 w - e3 0 1", 10), "r9/10 w - e2 0 1");
    }
}
