//! [`Setup`]: a position as plain data, and its FEN form.
//!
//! FEN for any board: the board field lists the squares group by group in the
//! order of the tables' `fen_rows` (for rectangular boards: ranks from the top,
//! files from the left), groups separated by `/`. A piece is its letter (upper
//! case White, lower case Black), followed by `~` if it carries the promoted
//! mark; a run of empty squares is its length in digits. Hands follow either
//! in brackets right after the board (`…/RNBQKBNR[Qn]`) or as one more
//! `/`-separated group (`…/RNBQKBNR/Qn`); `[]`, `[-]` and an empty last group
//! mean empty hands. Then: side to move (`w`/`b`, required), castling letters
//! or `-`, en-passant square or `-`, half-move clock and full-move number (the
//! last four may be left out: `- - 0 1`; a clock `-` is 0, move `-` is 1).
//! Fairy-Stockfish's short form, the two clocks right after the side to
//! move (`…[-] w 0 1`), leaves out the castling and en-passant fields.
//!
//! [`Setup::from_fen`] refuses what it can see in the text, with row and
//! column: runs of empty squares that are `0` or go past their row (no
//! wrapping, whatever their size), more than [`crate::MAX_HAND`] of a piece in
//! a hand, clocks above [`MAX_HALFMOVE`] / [`MAX_FULLMOVE`]. Everything a
//! position must satisfy is checked again, in one place, by
//! [`crate::Position::from_setup`].

use crate::bits::{Bits, Sq, Width};
use crate::error::ParseFenError;
use crate::ids::{pt, sq, ByColor, PieceType, Square};
use crate::position::{carries_mark, MAX_HAND};
use crate::types::Color;
use crate::variant::{with_rules, Rules, Variant};

mod reader;

pub use reader::{FenHands, FenParts, FenReader};

/// The largest half-move clock a position holds; the clock stops there.
pub const MAX_HALFMOVE: u32 = 1_000_000_000;

/// The largest move number a position holds; the number stops there.
pub const MAX_FULLMOVE: u32 = 1_000_000_000;

/// A piece on a square of a [`Setup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placed {
    /// The piece type.
    pub piece: PieceType,
    /// Its side.
    pub color: Color,
    /// Whether it carries the promoted mark (`~`).
    pub promoted: bool,
}

/// A position as plain data, without any guarantee of legality.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// `board[s]`: what stands on square `s`.
    pub board: Vec<Option<Placed>>,
    /// `hands[side][piece.index()]`: how many of that piece the side holds.
    pub hands: ByColor<Vec<u8>>,
    /// The side to move.
    pub turn: Color,
    /// Indices of the castling rules still allowed.
    pub castling: Vec<u8>,
    /// `castling_rooks[i]`: the square of the rook of right `castling[i]`
    /// (for a free castling, the one the position chooses; for an ordinary
    /// one, its `rook_from`).
    pub castling_rooks: Vec<Square>,
    /// `gates[side]`: the squares whose gate right the side still has
    /// (variants with gating).
    pub gates: ByColor<Vec<Square>>,
    /// The en-passant squares (empty: none; fairyc lists them in
    /// square-number order). A
    /// move that passes several squares (a triple step) may leave several;
    /// the FEN writes them one after another (`e3e4`), as the current
    /// Fairy-Stockfish does.
    pub ep: Vec<Square>,
    /// Checks each side still has to give, in a variant that counts checks
    /// (FEN `3+3` after the en-passant field); `None` when the FEN has no
    /// such field (the variant's count for both).
    pub checks: Option<ByColor<u8>>,
    /// In a variant with a counting rule, the count that runs: `(limit,
    /// ply count)`, both in plies (FEN: the limit in place of the
    /// en-passant square, the ply count in place of the half-move clock).
    pub counting: Option<(u32, u32)>,
    /// Plies since the last capture or counter-resetting move.
    pub halfmove: u32,
    /// The move number, starting at 1.
    pub fullmove: u32,
    /// The walls that moves have placed (a variant with `walls`), each on
    /// an empty square; the FEN writes them `*`.
    pub walls: Vec<Square>,
}

impl Setup {
    /// Reads a FEN of this variant.
    ///
    /// # Errors
    ///
    /// A [`ParseFenError`] saying which field is wrong and why.
    pub fn from_fen(v: &Variant, fen: &str) -> Result<Setup, ParseFenError> {
        with_rules!(v, r => Setup::from_fen_at(r, fen))
    }

    fn from_fen_at<W: Width>(v: &Rules<W>, fen: &str) -> Result<Setup, ParseFenError> {
        let fen = fen.trim();
        if fen.is_empty() {
            return Err(ParseFenError::Empty);
        }
        let mut fields = fen.split_whitespace();
        let board_field = fields.next().unwrap_or("");
        let (board_text, hand_text) = split_hands(v, board_field)?;
        // A variant with hands has them in every Fairy-Stockfish FEN: its
        // short form below needs them (so that `… b 2 1` stays an SFEN).
        let short_form_ok = hand_text.is_some() || !v.hands;
        let hands = match hand_text {
            Some(h) => read_hands(v, h)?,
            None => [vec![0u8; v.npieces], vec![0u8; v.npieces]],
        };
        let (board, walls) = read_board(v, board_text)?;
        let turn = match fields.next() {
            None => return Err(ParseFenError::MissingTurn),
            Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => return Err(ParseFenError::BadTurn(other.to_string())),
        };
        let rest: Vec<&str> = fields.collect();
        // Fairy-Stockfish's short form (`… [-] w 0 1`, as its startFen
        // values write variants without castling or en passant): the two
        // clocks straight after the side to move. A castling field is never
        // a number, so two numbers there are the clocks.
        let number = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let (rights_field, ep_field, rest) = match rest.as_slice() {
            [a, b] if short_form_ok && number(a) && number(b) => (None, None, &rest[..]),
            _ => (
                rest.first().copied(),
                rest.get(1).copied(),
                rest.get(2..).unwrap_or_default(),
            ),
        };
        let (castling, castling_rooks, gates) = read_rights(v, &board, rights_field)?;
        let (ep, mut counting) = read_ep_or_count(v, ep_field)?;
        let mut rest = rest.iter().copied().peekable();
        let checks = read_checks(v, &mut rest)?;
        let (halfmove, fullmove) = read_clocks(&mut rest)?;
        // A running count writes its ply count in the half-move clock's place.
        let halfmove = match &mut counting {
            Some((_, ply)) => {
                *ply = halfmove;
                0
            }
            None => halfmove,
        };
        Ok(Setup {
            board,
            hands: ByColor::from(hands),
            turn,
            castling,
            castling_rooks: castling_rooks.into_iter().map(sq).collect(),
            gates: ByColor::from(gates.map(|g: Vec<Sq>| g.into_iter().map(sq).collect())),
            ep,
            checks: checks.map(ByColor::from),
            counting,
            halfmove,
            fullmove,
            walls,
        })
    }

    /// Writes the setup as FEN. Hands are written in brackets, White first,
    /// each in the reverse of the pieces' declaration order.
    pub fn to_fen(&self, v: &Variant) -> String {
        with_rules!(v, r => self.to_fen_at(r))
    }

    pub(crate) fn to_fen_at<W: Width>(&self, v: &Rules<W>) -> String {
        let mut out = String::new();
        let board = &v.tables.parts.board;
        for (gi, row) in board.fen_rows.iter().enumerate() {
            if gi > 0 {
                out.push('/');
            }
            let walls = group_walls(&board.walls, gi);
            let mut empty = 0;
            let wall = |out: &mut String, empty: &mut usize, at: usize| {
                for _ in walls.iter().filter(|&&w| w as usize == at) {
                    if *empty > 0 {
                        out.push_str(&empty.to_string());
                        *empty = 0;
                    }
                    out.push('*');
                }
            };
            for (j, &s) in row.iter().enumerate() {
                wall(&mut out, &mut empty, j);
                match self.board.get(s as usize).copied().flatten() {
                    None if self.walls.iter().any(|w| w.raw() == s) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push('*');
                    }
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let token = v.token(p.piece.raw());
                        out.push_str(&if p.color == Color::White {
                            token
                        } else {
                            token.to_ascii_lowercase()
                        });
                        if p.promoted {
                            out.push('~');
                        }
                    }
                }
            }
            wall(&mut out, &mut empty, row.len());
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        if v.hands {
            out.push('[');
            for side in 0..2 {
                for p in (0..v.npieces).rev() {
                    let l = v.token(p as u8);
                    let l = if side == 0 { l } else { l.to_ascii_lowercase() };
                    let hand = &self.hands[Color::from_index(side)];
                    for _ in 0..hand.get(p).copied().unwrap_or(0) {
                        out.push_str(&l);
                    }
                }
            }
            out.push(']');
        }
        out.push(' ');
        out.push(if self.turn == Color::White { 'w' } else { 'b' });
        out.push(' ');
        let mut rights: Vec<(u8, Option<Sq>)> = self
            .castling
            .iter()
            .enumerate()
            .map(|(i, &r)| (r, self.castling_rooks.get(i).map(|s| s.raw())))
            .collect();
        rights.sort_unstable();
        let field_start = out.len();
        // Each side's castling letters, then its gate rights by file.
        for side in 0..2 {
            for &(r, rook) in &rights {
                let Some(c) = v.castles.get(r as usize) else {
                    continue;
                };
                if c.side != side {
                    continue;
                }
                match rook.and_then(|s| file_letter(v, s)) {
                    Some(f) if c.free => out.push(if c.side == 0 {
                        f.to_ascii_uppercase()
                    } else {
                        f
                    }),
                    // A right of several moves (rules sharing the letter)
                    // is written once.
                    _ if out[field_start..].contains(c.fen) => {}
                    _ => out.push(c.fen),
                }
            }
            let mut files: Vec<char> = self.gates[Color::from_index(side)]
                .iter()
                .filter_map(|&s| file_letter(v, s.raw()))
                .map(|f| if side == 0 { f.to_ascii_uppercase() } else { f })
                .collect();
            files.sort_unstable();
            files.dedup();
            out.extend(files);
        }
        if out.len() == field_start {
            out.push('-');
        }
        out.push(' ');
        match (self.counting, self.ep.as_slice()) {
            (Some((limit, _)), _) => out.push_str(&limit.to_string()),
            (None, []) => out.push('-'),
            (None, squares) => {
                for &s in squares {
                    out.push_str(v.square_name(s));
                }
            }
        }
        if let Some(max) = v.check_count() {
            let ByColor { white: w, black: b } = self.checks.unwrap_or(ByColor::new(max, max));
            out.push_str(&format!(" {w}+{b}"));
        }
        let clock = self.counting.map_or(self.halfmove, |(_, ply)| ply);
        out.push_str(&format!(" {} {}", clock, self.fullmove));
        out
    }
}

/// [`Setup::from_fen`]'s first step: the board field's board and hands,
/// in brackets (`…/RNBQKBNR[Qn]`) or as one more `/`-separated group.
fn split_hands<'a, W: Width>(
    v: &Rules<W>,
    board_field: &'a str,
) -> Result<(&'a str, Option<&'a str>), ParseFenError> {
    let rows = &v.tables.parts.board.fen_rows;
    Ok(if let Some(open) = board_field.find('[') {
        if !board_field.ends_with(']') {
            return Err(ParseFenError::UnclosedHand);
        }
        (
            &board_field[..open],
            Some(&board_field[open + 1..board_field.len() - 1]),
        )
    } else if board_field.matches('/').count() == rows.len() {
        let cut = board_field.rfind('/').unwrap_or(0);
        (&board_field[..cut], Some(&board_field[cut + 1..]))
    } else {
        (board_field, None)
    })
}

/// The hands: `hands[side][piece]`; empty, `-`, or the pieces' tokens.
fn read_hands<W: Width>(v: &Rules<W>, h: &str) -> Result<[Vec<u8>; 2], ParseFenError> {
    let np = v.npieces;
    let mut hands = [vec![0u8; np], vec![0u8; np]];
    if !(v.hands || h.is_empty() || h == "-") {
        return Err(ParseFenError::HandWithoutDrops);
    }
    let h = h.as_bytes();
    let mut k = 0;
    while let Some(&c) = h.get(k) {
        if c == b'-' {
            k += 1;
            continue;
        }
        let plus = c == b'+';
        let at = k + usize::from(plus);
        let Some((p, side, len)) = v.read_symbol(&h[at..], plus) else {
            let c = h.get(at).map_or('+', |&b| char::from(b));
            return Err(ParseFenError::UnknownHandPiece(c));
        };
        k = at + len;
        let token = String::from_utf8_lossy(&h[at - usize::from(plus)..k]).into_owned();
        if v.royal(p) && !v.royal_in_hand {
            return Err(ParseFenError::RoyalInHand(token));
        }
        let n = &mut hands[side][p as usize];
        if *n == MAX_HAND {
            return Err(ParseFenError::HandTooLarge { letter: token });
        }
        *n += 1;
    }
    Ok(hands)
}

/// The board: one `/`-separated group per FEN row of the tables.
fn read_board<W: Width>(
    v: &Rules<W>,
    board_text: &str,
) -> Result<(Vec<Option<Placed>>, Vec<Square>), ParseFenError> {
    let rows = &v.tables.parts.board.fen_rows;
    let groups: Vec<&str> = board_text.split('/').collect();
    if groups.len() != rows.len() {
        return Err(ParseFenError::RowCount {
            expected: rows.len(),
            found: groups.len(),
        });
    }
    let mut board = vec![None; v.nsq];
    let mut placed = Vec::new();
    let walls = &v.tables.parts.board.walls;
    for (gi, (text, row_squares)) in groups.iter().zip(rows).enumerate() {
        let row_walls = group_walls(walls, gi);
        read_row(
            v,
            gi + 1,
            text,
            (row_squares, &row_walls),
            (&mut board, &mut placed),
        )?;
    }
    Ok((board, placed))
}

/// The walls of FEN group `g`: for each, the number of the group's squares
/// written before it, in order.
fn group_walls(walls: &[[u16; 2]], g: usize) -> Vec<u16> {
    walls
        .iter()
        .filter(|w| w[0] as usize == g)
        .map(|w| w[1])
        .collect()
}

/// One group of the board field: `row` (from 1) describes `row_squares`.
fn read_row<W: Width>(
    v: &Rules<W>,
    row: usize,
    text: &str,
    (row_squares, walls): (&[u16], &[u16]),
    (board, placed): (&mut [Option<Placed>], &mut Vec<Square>),
) -> Result<(), ParseFenError> {
    let mut at = RowCursor {
        row,
        text,
        squares: row_squares,
        walls,
        k: 0,
        column: 0,
        i: 0,
        w: 0,
    };
    while let Some(c) = text[at.k..].chars().next() {
        at.column += 1;
        if c.is_ascii_digit() {
            at.read_run()?;
        } else if c == '*' {
            at.read_wall(v, placed)?;
        } else if c.is_ascii_alphabetic() || c == '+' {
            at.read_piece(v, board)?;
        } else {
            return Err(ParseFenError::UnexpectedChar {
                row,
                column: at.column,
                found: c,
            });
        }
    }
    at.finish()
}

/// Where the reading of one group of the board field stands: in its text,
/// on its squares and among its walls.
struct RowCursor<'a> {
    /// The group's number (from 1).
    row: usize,
    /// The group's text.
    text: &'a str,
    /// The group's squares, in the order the text describes them.
    squares: &'a [u16],
    /// The group's walls (see [`group_walls`]).
    walls: &'a [u16],
    /// Bytes of the text read so far.
    k: usize,
    /// Characters read so far.
    column: usize,
    /// Squares described so far.
    i: usize,
    /// Walls read so far.
    w: usize,
}

impl RowCursor<'_> {
    /// Whether a wall is due before square `last`: squares `i..=last` may
    /// be described only when none is.
    fn wall_due(&self, last: usize) -> bool {
        self.walls
            .get(self.w)
            .is_some_and(|&p| (p as usize) <= last)
    }

    /// A wall in the wrong place at `column`: one `expected` there, or one
    /// not.
    fn wall_error(&self, column: usize, expected: bool) -> ParseFenError {
        ParseFenError::Wall {
            row: self.row,
            column,
            expected,
        }
    }

    /// A run of empty squares: the digits at the cursor (checked: a run
    /// longer than what is left of the row is an error, whatever its size).
    fn read_run(&mut self) -> Result<(), ParseFenError> {
        let start = self.column;
        let digits = self.text.as_bytes()[self.k..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let run = &self.text[self.k..self.k + digits];
        self.k += digits;
        self.column += digits - 1;
        if run.starts_with('0') {
            return Err(ParseFenError::ZeroRun {
                row: self.row,
                column: start,
            });
        }
        let squares = self.squares.len();
        match run
            .parse::<usize>()
            .ok()
            .and_then(|n| self.i.checked_add(n))
        {
            Some(next) if next <= squares && self.wall_due(next - 1) => {
                Err(self.wall_error(start, true))
            }
            Some(next) if next <= squares => {
                self.i = next;
                Ok(())
            }
            _ => Err(ParseFenError::RunTooLong {
                row: self.row,
                column: start,
                text: run.to_string(),
                squares,
            }),
        }
    }

    /// `*`: the group's next wall, or a wall that a move placed, standing
    /// on the next square.
    fn read_wall<W: Width>(
        &mut self,
        v: &Rules<W>,
        placed: &mut Vec<Square>,
    ) -> Result<(), ParseFenError> {
        if self
            .walls
            .get(self.w)
            .is_some_and(|&p| p as usize == self.i)
        {
            self.w += 1;
        } else if v.places_walls() && self.i < self.squares.len() && !self.wall_due(self.i) {
            placed.push(sq(self.squares[self.i]));
            self.i += 1;
        } else {
            return Err(self.wall_error(self.column, false));
        }
        self.k += 1;
        Ok(())
    }

    /// A piece on the next square: its symbol (`+` and a letter for a
    /// promoted face), then `~` if it carries the promoted mark.
    fn read_piece<W: Width>(
        &mut self,
        v: &Rules<W>,
        board: &mut [Option<Placed>],
    ) -> Result<(), ParseFenError> {
        let (row, text, bytes) = (self.row, self.text, self.text.as_bytes());
        if self.wall_due(self.i) {
            return Err(self.wall_error(self.column, true));
        }
        let letter_column = self.column;
        let plus = bytes[self.k] == b'+';
        let at = self.k + usize::from(plus);
        if plus {
            self.column += 1;
            match text[at..].chars().next() {
                Some(l) if l.is_ascii_alphabetic() => {}
                other => {
                    return Err(ParseFenError::UnexpectedChar {
                        row,
                        column: self.column,
                        found: other.unwrap_or(' '),
                    })
                }
            }
        }
        let Some((p, side, len)) = v.read_symbol(&bytes[at..], plus) else {
            return Err(ParseFenError::UnknownPiece {
                row,
                column: self.column,
                letter: char::from(bytes[at]),
            });
        };
        let token = &text[self.k..at + len];
        self.k = at + len;
        self.column += len - 1;
        let promoted = bytes.get(self.k) == Some(&b'~');
        if promoted {
            self.k += 1;
            self.column += 1;
            if !carries_mark(v, p) {
                return Err(ParseFenError::MarkNotAllowed {
                    row,
                    column: letter_column,
                    letter: token.to_string(),
                });
            }
        }
        let Some(&sq) = self.squares.get(self.i) else {
            return Err(ParseFenError::RowTooLong {
                row,
                column: letter_column,
                squares: self.squares.len(),
            });
        };
        board[sq as usize] = Some(Placed {
            piece: pt(p),
            color: if side == 0 {
                Color::White
            } else {
                Color::Black
            },
            promoted,
        });
        self.i += 1;
        Ok(())
    }

    /// The end of the group: every square described, every wall read.
    fn finish(&self) -> Result<(), ParseFenError> {
        if self.i != self.squares.len() {
            return Err(ParseFenError::RowTooShort {
                row: self.row,
                described: self.i,
                squares: self.squares.len(),
            });
        }
        if self.w != self.walls.len() {
            return Err(self.wall_error(self.column + 1, true));
        }
        Ok(())
    }
}

/// The castling rights that a field grants.
type Rights = (Vec<u8>, Vec<Sq>, [Vec<Sq>; 2]);

/// The castling field (absent or `-`: no rights): the castling rights
/// with their rooks' squares, and each side's gate rights.
fn read_rights<W: Width>(
    v: &Rules<W>,
    board: &[Option<Placed>],
    field: Option<&str>,
) -> Result<Rights, ParseFenError> {
    let mut castling = Vec::new();
    let mut castling_rooks = Vec::new();
    let mut gates: [Vec<Sq>; 2] = [Vec::new(), Vec::new()];
    for ch in field.filter(|&c| c != "-").unwrap_or_default().chars() {
        if let Some((side, s)) = gate_right(v, ch) {
            if !gates[side].contains(&s) {
                gates[side].push(s);
            }
            continue;
        }
        let (idx, rook) = castling_right(v, board, ch).ok_or(ParseFenError::UnknownCastling(ch))?;
        if !castling.contains(&idx) {
            castling.push(idx);
            castling_rooks.push(rook);
        }
        // The other moves of the same right (ordinary rules sharing the
        // letter).
        for (j, r) in v.castles.iter().enumerate().skip(idx as usize + 1) {
            if r.fen == ch && !r.free && !castling.contains(&(j as u8)) {
                castling.push(j as u8);
                castling_rooks.push(r.rook_from);
            }
        }
    }
    // A castling right grants the gate rights of its king's and rook's
    // squares.
    if v.gating {
        for (i, &r) in castling.iter().enumerate() {
            let c = &v.castles[r as usize];
            for s in [
                c.king_from,
                castling_rooks.get(i).copied().unwrap_or(c.rook_from),
            ] {
                if (v.gate_squares[c.side] & crate::bits::bit(s)).any()
                    && !gates[c.side].contains(&s)
                {
                    gates[c.side].push(s);
                }
            }
        }
    }
    Ok((castling, castling_rooks, gates))
}

/// What the en-passant field holds: the squares, or a count's `(limit, 0)`.
type EpOrCount = (Vec<Square>, Option<(u32, u32)>);

/// The en-passant field (absent or `-`: none): one or more squares, or in a
/// variant with a counting rule the count's limit in plies.
fn read_ep_or_count<W: Width>(
    v: &Rules<W>,
    field: Option<&str>,
) -> Result<EpOrCount, ParseFenError> {
    Ok(match field {
        None | Some("-") => (Vec::new(), None),
        Some(t) if v.counting.is_some() && t.bytes().all(|b| b.is_ascii_digit()) => {
            let limit = t
                .parse::<u32>()
                .ok()
                .filter(|&n| (1..=2 * crate::table::MAX_COUNTING_LIMIT).contains(&n))
                .ok_or_else(|| ParseFenError::BadCounting(t.to_string()))?;
            (Vec::new(), Some((limit, 0)))
        }
        Some(field) => (
            ep_squares(v, field).ok_or_else(|| ParseFenError::BadEnPassant(field.to_string()))?,
            None,
        ),
    })
}

/// The squares an en-passant field names: one square's name, or several
/// written one after another (`e3e4`, as the current Fairy-Stockfish writes
/// a triple step's; `d3c4`, a Berolina double step's square and its
/// destination). Read from the left, each square is the longest name that
/// the rest starts with; `None` if the field does not split into names.
fn ep_squares<W: Width>(v: &Rules<W>, field: &str) -> Option<Vec<Square>> {
    if let Some(s) = v.square_by_name(field) {
        return Some(vec![s]);
    }
    let mut squares = Vec::new();
    let mut rest = field;
    while !rest.is_empty() {
        let (s, len) = (1..=rest.len())
            .rev()
            .filter(|&n| rest.is_char_boundary(n))
            .find_map(|n| v.square_by_name(&rest[..n]).map(|s| (s, n)))?;
        if !squares.contains(&s) {
            squares.push(s);
        }
        rest = &rest[len..];
    }
    Some(squares)
}

/// The checks left (`3+3`), in a variant that counts checks, if the next
/// field is one.
fn read_checks<'a, W: Width>(
    v: &Rules<W>,
    fields: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
) -> Result<Option<[u8; 2]>, ParseFenError> {
    let Some(max) = v.check_count() else {
        return Ok(None);
    };
    let Some(t) = fields.peek().copied().filter(|t| t.contains('+')) else {
        return Ok(None);
    };
    fields.next();
    let bad = || ParseFenError::BadChecks(t.to_string());
    let count = |x: &str| x.parse::<u8>().ok().filter(|&n| n <= max);
    let (w, b) = t.split_once('+').ok_or_else(bad)?;
    Ok(Some([count(w).ok_or_else(bad)?, count(b).ok_or_else(bad)?]))
}

/// The half-move clock and the move number (absent or `-`: 0 and 1, as
/// Fairy-Stockfish reads them); nothing may follow.
fn read_clocks<'a>(
    fields: &mut impl Iterator<Item = &'a str>,
) -> Result<(u32, u32), ParseFenError> {
    let halfmove = match fields.next() {
        None | Some("-") => 0,
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= MAX_HALFMOVE)
            .ok_or_else(|| ParseFenError::BadHalfmove(t.to_string()))?,
    };
    let fullmove = match fields.next() {
        None | Some("-") => 1,
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=MAX_FULLMOVE).contains(&n))
            .ok_or_else(|| ParseFenError::BadFullmove(t.to_string()))?,
    };
    if let Some(extra) = fields.next() {
        return Err(ParseFenError::ExtraField(extra.to_string()));
    }
    Ok((halfmove, fullmove))
}

/// The one-letter file of square `s` (`h` for `h1`), if its name has one.
pub(crate) fn file_letter<W: Width>(v: &Rules<W>, s: Sq) -> Option<char> {
    let name = v.sq_name(s);
    let mut letters = name.chars().take_while(char::is_ascii_alphabetic);
    match (letters.next(), letters.next()) {
        (Some(f), None) => Some(f.to_ascii_lowercase()),
        _ => None,
    }
}

/// The castling right a FEN letter names, with its rook's square: a rule's
/// own letter, or, with free castling, a file letter (Shredder FEN: `H` is
/// White's rook on the h-file). A free rule's own letter (`K`) takes the
/// outermost rook on its side of the king.
fn castling_right<W: Width>(v: &Rules<W>, board: &[Option<Placed>], ch: char) -> Option<(u8, Sq)> {
    if let Some(i) = v.castles.iter().position(|r| r.fen == ch) {
        let c = &v.castles[i];
        let rook = if c.free {
            free_castle_squares(v, board, i, None)?.1
        } else {
            c.rook_from
        };
        return Some((i as u8, rook));
    }
    if !v.free_castling() {
        return None;
    }
    let side = usize::from(ch.is_ascii_lowercase());
    let file = ch.to_ascii_lowercase();
    (0..v.castles.len())
        .filter(|&i| v.castles[i].free && v.castles[i].side == side)
        .find_map(|i| {
            let &r = v.castle_lines[i]
                .iter()
                .find(|&&s| file_letter(v, s) == Some(file))?;
            let (_, rook) = free_castle_squares(v, board, i, Some(r))?;
            Some((i as u8, rook))
        })
}

/// A free castling's squares on `board`: its king piece on its line, and
/// the rook on `rook` (when `None`, the outermost rook on the rule's side of
/// the king); `None` if either is missing or the rook is on the other side.
pub(crate) fn free_castle_squares<W: Width>(
    v: &Rules<W>,
    board: &[Option<Placed>],
    rule: usize,
    rook: Option<Sq>,
) -> Option<(Sq, Sq)> {
    let c = v.castles.get(rule)?;
    let line = v.castle_lines.get(rule)?;
    let holds = |s: Sq, piece: u8| {
        matches!(board.get(s as usize), Some(Some(p))
            if p.piece.raw() == piece && p.color.index() == c.side)
    };
    let at = |sq: Sq| line.iter().position(|&s| s == sq);
    let ki = line.iter().position(|&s| holds(s, c.king))?;
    // The rook starts beyond the king when it ends before the king's end.
    let beyond = at(c.rook_to)? < at(c.king_to)?;
    let ri = match rook {
        Some(r) => {
            let i = at(r)?;
            let side_ok = if beyond { i > ki } else { i < ki };
            (side_ok && holds(r, c.rook)).then_some(i)?
        }
        None if beyond => (ki + 1..line.len())
            .rev()
            .find(|&i| holds(line[i], c.rook))?,
        None => (0..ki).find(|&i| holds(line[i], c.rook))?,
    };
    Some((line[ki], line[ri]))
}

/// The gate right a FEN castling letter names: a file letter of one of the
/// side's gate squares (uppercase White), if the variant has gating; or of
/// its squares that keep a one-time move's right.
fn gate_right<W: Width>(v: &Rules<W>, ch: char) -> Option<(usize, Sq)> {
    if !(v.gating || v.once) || !ch.is_ascii_alphabetic() {
        return None;
    }
    let side = usize::from(ch.is_ascii_lowercase());
    let f = ch.to_ascii_lowercase();
    crate::bits::Squares(v.gate_squares[side])
        .find(|&s| file_letter(v, s) == Some(f))
        .map(|s| (side, s))
}
