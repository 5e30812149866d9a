//! USI's notation, read (and moves written) where the board is shogi-shaped:
//! SFEN positions and USI moves (`7g7f`, `7g7f+`, `P*5e`).
//!
//! A board is shogi-shaped when it is a full rectangle (every cell a square)
//! listed rank by rank in FEN, with at most 9 files and 26 ranks. USI numbers
//! the files from the right (`1` is the rightmost file, as the first player
//! sees the board) and letters the ranks from the top (`a` is the far rank of
//! the first player); SFEN lists the board as FEN does, then the side to
//! move (`b` for the first player, who is White here), the hands (`-` or
//! counts before letters: `2Pp`) and the move number counted in plies.

use crate::bits::{Sq, Width};
use crate::error::ParseFenError;
use crate::position::Pos;
use crate::types::Move;
use crate::variant::{with_rules, Rules, Variant};

/// The board's width and height if it is shogi-shaped.
fn shape<W: Width>(v: &Rules<W>) -> Option<(usize, usize)> {
    let b = &v.tables.parts.board;
    let (w, h) = (b.width as usize, b.height as usize);
    let by_rank = b.fen_rows.len() == h
        && b.fen_rows.iter().enumerate().all(|(g, row)| {
            row.len() == w
                && row.iter().enumerate().all(|(x, &s)| {
                    b.squares[s as usize].cells.first() == Some(&[x as u8, (h - 1 - g) as u8])
                })
        });
    (by_rank && v.nsq == w * h && w <= 9 && h <= 26).then_some((w, h))
}

/// The FEN of an SFEN, if the board is shogi-shaped and the text has the
/// four SFEN fields (board, `b`/`w`, hands, move number).
pub fn sfen_to_fen(v: &Variant, sfen: &str) -> Option<String> {
    read_sfen(v, sfen).and_then(Result::ok)
}

/// [`sfen_to_fen`] telling a text that is no SFEN (`None`: the board is not
/// shogi-shaped, or the fields are not a board, `b`/`w`, hands and a move
/// number) from an SFEN whose hands cannot be read (`Some(Err(…))`).
pub(crate) fn read_sfen(v: &Variant, sfen: &str) -> Option<Result<String, ParseFenError>> {
    with_rules!(v, r => sfen_to_fen_at(r, sfen))
}

fn sfen_to_fen_at<W: Width>(v: &Rules<W>, sfen: &str) -> Option<Result<String, ParseFenError>> {
    shape(v)?;
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    let [board, side, hands, ply] = fields[..] else {
        return None;
    };
    let turn = match side {
        "b" => "w",
        "w" => "b",
        _ => return None,
    };
    let ply: u32 = ply.parse().ok().filter(|&n| n >= 1)?;
    let mut hand = String::new();
    if hands != "-" {
        // A count, then one piece: its whole symbol (`2DE`), read as the
        // FEN reads it, after `+` for a promoted face.
        let bytes = hands.as_bytes();
        let mut k = 0;
        while k < bytes.len() {
            let digits = bytes[k..].iter().take_while(|b| b.is_ascii_digit()).count();
            let plus = bytes.get(k + digits) == Some(&b'+');
            let at = k + digits + usize::from(plus);
            if !bytes.get(at).is_some_and(u8::is_ascii_alphabetic) {
                return Some(Err(ParseFenError::BadSfenHand(hands.to_string())));
            }
            // An unknown letter is passed on for the FEN to refuse.
            let len = v
                .read_symbol(&bytes[at..], plus)
                .map_or(1, |(_, _, len)| len);
            let token = &hands[k + digits..at + len];
            let n: usize = if digits == 0 {
                1
            } else {
                match hands[k..k + digits].parse::<usize>() {
                    Ok(n) if (1..=usize::from(crate::position::MAX_HAND)).contains(&n) => n,
                    Ok(0) => return Some(Err(ParseFenError::BadSfenHand(hands.to_string()))),
                    _ => {
                        return Some(Err(ParseFenError::HandTooLarge {
                            letter: token.to_string(),
                        }))
                    }
                }
            };
            k = at + len;
            for _ in 0..n {
                hand.push_str(token);
            }
        }
    }
    let fullmove = ply.div_ceil(2);
    Some(Ok(format!("{board}[{hand}] {turn} - - 0 {fullmove}")))
}

/// A square's USI name (`7g`), from its number.
fn usi_square<W: Width>(v: &Rules<W>, (w, h): (usize, usize), s: Sq) -> String {
    let cell = v.tables.parts.board.squares[s as usize].cells[0];
    let file = w - cell[0] as usize;
    let rank = (b'a' + (h - 1 - cell[1] as usize) as u8) as char;
    format!("{file}{rank}")
}

/// The square named `7g` in USI.
fn usi_square_by_name<W: Width>(v: &Rules<W>, (w, h): (usize, usize), name: &[u8]) -> Option<Sq> {
    let [f, r] = *name else { return None };
    let file = (f as char).to_digit(10)? as usize;
    let row = (r as char)
        .is_ascii_lowercase()
        .then(|| (r - b'a') as usize)?;
    if file == 0 || file > w || row >= h {
        return None;
    }
    let (x, y) = (w - file, h - 1 - row);
    let b = &v.tables.parts.board;
    b.squares
        .iter()
        .position(|s| s.cells.first() == Some(&[x as u8, y as u8]))
        .map(|s| s as Sq)
}

/// The text of a USI move in fairyc's UCI notation (`7g7f+` → `c3c4+`,
/// `P*5e` → `P@e5`), if the board is shogi-shaped and the text is one.
pub fn usi_to_uci(v: &Variant, usi: &str) -> Option<String> {
    with_rules!(v, r => usi_to_uci_at(r, usi))
}

pub(crate) fn usi_to_uci_at<W: Width>(v: &Rules<W>, usi: &str) -> Option<String> {
    let shape = shape(v)?;
    let bytes = usi.as_bytes();
    if let Some(star) = usi.find('*') {
        let to = usi_square_by_name(v, shape, bytes.get(star + 1..)?)?;
        return Some(format!("{}@{}", &usi[..star], v.sq_name(to)));
    }
    let from = usi_square_by_name(v, shape, bytes.get(..2)?)?;
    let to = usi_square_by_name(v, shape, bytes.get(2..4)?)?;
    Some(format!("{}{}{}", v.sq_name(from), v.sq_name(to), &usi[4..]))
}

impl<'v, W: Width> Pos<'v, W> {
    /// The move in USI notation (`7g7f`, `7g7f+`, `P*5e`) where the board
    /// is shogi-shaped; `None` elsewhere.
    pub(crate) fn usi(&self, m: Move) -> Option<String> {
        let shape = shape(self.v)?;
        let uci = self.uci(m);
        Some(match m {
            Move::Drop { piece, to } => format!(
                "{}*{}",
                self.v.piece_token(piece),
                usi_square(self.v, shape, to.raw())
            ),
            _ => {
                let from = m.from().map(|s| usi_square(self.v, shape, s.raw()))?;
                let to = usi_square(self.v, shape, m.to().raw());
                let plain = format!(
                    "{}{}",
                    self.v.square_name(m.from()?),
                    self.v.square_name(m.to())
                );
                format!("{from}{to}{}", uci.strip_prefix(&plain).unwrap_or(""))
            }
        })
    }
}
