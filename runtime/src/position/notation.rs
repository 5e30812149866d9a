//! Moves as text (UCI-style coordinates, drops, gates) and playing a move
//! checked for legality.

use super::*;

impl<'v, W: Width> Pos<'v, W> {
    /// See [`Position::play`].
    pub(crate) fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.moves().contains(&m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(PlayError {
                text: self.uci(m),
                reason: PlayErrorReason::Illegal,
            })
        }
    }

    /// See [`Position::uci`].
    pub(crate) fn uci(&self, m: Move) -> String {
        let v = self.v;
        match m {
            // The move, then its destination and the wall (`a1b1,b1a1`).
            Move::Walled { to, wall, .. } => format!(
                "{},{}{}",
                self.uci(m.unwalled().0),
                v.square_name(to),
                v.square_name(wall)
            ),
            Move::Pass { at } => format!("{}{}", v.square_name(at), v.square_name(at)),
            Move::Locust { from, via, to } => {
                let via = v.square_name(via);
                format!("{}{via},{via}{}", v.square_name(from), v.square_name(to))
            }
            Move::Drop { piece, to } => format!("{}@{}", v.piece_token(piece), v.square_name(to)),
            Move::Castle {
                rule,
                from,
                to,
                gate,
            } => match gate {
                // An ordinary castling whose king move is also a move of the
                // king itself (Wildebeest's one-square castling) is written
                // king-takes-rook, as a free castling is.
                None if !v.castles[rule as usize].free
                    && self.board.get(from.index()) != 0
                    && self.path_reaches(
                        (
                            code_piece(self.board.get(from.index())) as usize,
                            code_side(self.board.get(from.index())),
                            from.raw(),
                        ),
                        crate::bits::bit(to.raw()),
                        self.occupied(),
                        |p| p.quiet,
                    ) =>
                {
                    let rook = v.castles[rule as usize].rook_from;
                    format!("{}{}", v.square_name(from), v.square_name(sq(rook)))
                }
                None => format!("{}{}", v.square_name(from), v.square_name(to)),
                // FSF writes a gate on the king's square after the king's
                // move (`e1g1h`), and one on the rook's square as the rook
                // taking the king's square (`h1e1h`).
                Some(g) => {
                    let (kf, rf) = self.castle_squares(rule, from.raw(), to.raw());
                    let (kf, rf) = (sq(kf), sq(rf));
                    let l = v.piece_symbol(g.piece()).to_ascii_lowercase();
                    if g.on_rook() {
                        format!("{}{}{l}", v.square_name(rf), v.square_name(kf))
                    } else {
                        format!("{}{}{l}", v.square_name(from), v.square_name(to))
                    }
                }
            },
            Move::Normal { from, to, promote } | Move::EnPassant { from, to, promote } => {
                let mut s = format!("{}{}", v.square_name(from), v.square_name(to));
                match promote {
                    Promote::None => {}
                    Promote::Piece(p) => {
                        // A promotion to the mover's `+` face is written `+`,
                        // and back to its plain face `-` (as FSF and USI do).
                        let mover = pt(code_piece(self.board.get(from.index())));
                        // Otherwise the new piece's whole symbol, lower
                        // case (`e7e8q`, `e7e8de`, `e7e8n'`).
                        let same = v
                            .piece_symbol(p)
                            .eq_ignore_ascii_case(v.piece_symbol(mover));
                        if same && v.is_plus(p) && !v.is_plus(mover) {
                            s.push('+');
                        } else if same && !v.is_plus(p) && v.is_plus(mover) {
                            s.push('-');
                        } else {
                            s.push_str(&v.piece_symbol(p).to_ascii_lowercase());
                        }
                    }
                    Promote::Hand(p) => {
                        s.push('@');
                        s.push_str(&v.piece_symbol(p).to_ascii_lowercase());
                    }
                    Promote::Gate(p) => s.push_str(&v.piece_symbol(p).to_ascii_lowercase()),
                }
                s
            }
        }
    }

    /// See [`Position::parse_uci`].
    pub(crate) fn parse_uci(&self, text: &str) -> Result<Move, PlayError> {
        let moves = self.moves();
        // USI's form (`7g7f`, `P*5e`) too, where the board is shogi-shaped.
        let usi = crate::usi::usi_to_uci_at(self.v, text);
        let usi = usi.as_deref().unwrap_or(text);
        moves
            .iter()
            .copied()
            .find(|&m| {
                let u = self.uci(m);
                u == text || u == usi
            })
            .ok_or_else(|| PlayError {
                text: text.to_string(),
                reason: PlayErrorReason::Illegal,
            })
    }
}
