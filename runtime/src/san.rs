//! Standard Algebraic Notation (SAN), written as Fairy-Stockfish writes it
//! and read tolerantly.
//!
//! Writing: the piece's symbol in upper case, or its second symbol if it
//! has one (`letter N also H`: `H`; none for a pawn: a piece with
//! `notation pawn`, or without `notation` a piece lettered `P` that
//! promotes into other pieces), the origin's file, rank
//! or whole square where another piece of the same type could go to the
//! same square, `x` for a capture, the destination, then the promotion
//! (`=Q`; `+` for a promotion to the piece's own `+` face and `=` for the
//! choice not to take it, as in shogi; `-` back to the plain face; but
//! `=E` and nothing, and `=P` back, when the face has a second symbol `E`), a gate
//! (`/H`) and `+` for check or `#` for a check that leaves no legal reply.
//! A pawn's capture, and its promotion off its own file, name its file.
//! Drops are `P@e4`, castling `O-O` / `O-O-O` (with a gate, `O-O/He1`: the
//! gated piece and its square; `O-O/h1`: the king's square, where it may
//! castle to several on one side). A square whose name is not letters then
//! digits disambiguates by its whole name. A piece that captures on its
//! way (`Move::Locust`) is written with its origin and both squares:
//! `Le5xf6xe7` (`-` before the end square when nothing is taken there).
//!
//! Reading accepts the written form with or without its check mark and, if
//! no move is written so exactly, the same text with the piece's own
//! symbol for its second one (`N` for `H`), with the capture `x` left
//! out (or `-` between the squares), any more disambiguation than needed,
//! the `=` before a promotion's piece left out, `0-0` for `O-O`, and
//! trailing `!`/`?` annotations. A text that fits several moves is refused
//! with their names; one that fits none, with the nearest legal move.

use crate::dispatch::Position;
use crate::types::{CastleGate, Move, Promote};
use crate::{PieceType, Square, Variant};
use std::fmt;

/// A SAN text that names no legal move, or several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is empty.
    Empty,
    /// No legal move is written so; `suggestion` is the nearest legal
    /// move's SAN, if one is near.
    NoMove {
        /// The text as given.
        text: String,
        /// The nearest legal move, in SAN.
        suggestion: Option<String>,
    },
    /// Several legal moves are written so.
    Ambiguous {
        /// The text as given.
        text: String,
        /// Each fitting move, in SAN.
        candidates: Vec<String>,
    },
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Empty => f.write_str("no move given"),
            SanError::NoMove { text, suggestion } => {
                write!(f, "`{text}` is not a legal move here")?;
                if let Some(s) = suggestion {
                    write!(f, " (did you mean `{s}`?)")?;
                }
                Ok(())
            }
            SanError::Ambiguous { text, candidates } => {
                write!(f, "`{text}` is ambiguous: it could be ")?;
                for (i, c) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == candidates.len() {
                            " or "
                        } else {
                            ", "
                        })?;
                    }
                    write!(f, "`{c}`")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for SanError {}

/// A square name split into file and rank (`e10` → `e`, `10`), or the
/// whole name twice when it is not letters then digits.
fn file_rank(name: &str) -> (&str, &str) {
    let cut = name
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(name.len());
    let (f, r) = name.split_at(cut);
    if f.is_empty() || r.is_empty() || !r.bytes().all(|b| b.is_ascii_digit()) {
        (name, name)
    } else {
        (f, r)
    }
}

/// Whether the piece is written without its letter: its table says so
/// (`notation pawn`), or says nothing and it is lettered `P` and promotes
/// into pieces other than its own `+` face.
fn is_pawn(v: &Variant, p: PieceType) -> bool {
    if let Some(n) = v
        .tables()
        .parts()
        .pieces
        .get(p.index())
        .and_then(|t| t.notation)
    {
        return n == crate::table::Notation::Pawn;
    }
    if v.is_plus(p) || !v.piece_symbol(p).eq_ignore_ascii_case("P") {
        return false;
    }
    v.tables().parts().promotions.iter().any(|r| {
        usize::from(r.piece) == p.index()
            && r.choices.iter().any(|c| {
                let (crate::table::PromotionChoice::Piece(q)
                | crate::table::PromotionChoice::Hand(q)) = *c;
                v.piece(usize::from(q))
                    .is_some_and(|q| !v.piece_symbol(q).eq_ignore_ascii_case("P"))
            })
    })
}

/// The piece's second symbol, in upper case (`letter N also H`: `H`).
fn synonym(v: &Variant, p: PieceType) -> Option<String> {
    v.tables()
        .parts()
        .pieces
        .get(p.index())
        .and_then(|t| t.synonym.as_deref())
        .map(str::to_ascii_uppercase)
}

/// The piece's own letter in SAN, when it has one besides its token: its
/// second symbol (`letter +P also E`: `E`), or the symbol of the piece it
/// is written as (`notation as Captain`: `C`).
fn own_letter(v: &Variant, p: PieceType) -> Option<String> {
    let written_as = v
        .tables()
        .parts()
        .pieces
        .get(p.index())
        .and_then(|t| match t.notation {
            Some(crate::table::Notation::As(q)) => v.piece(usize::from(q)),
            _ => None,
        });
    match written_as {
        Some(q) => Some(synonym(v, q).unwrap_or_else(|| v.piece_token(q))),
        None => synonym(v, p),
    }
}

/// How the piece is written in SAN: its own letter if it has one
/// (`letter N also H`: `H`; `letter +P also E`: `E`; `notation as
/// Captain`: `C`), else its token (`N`, `+P`).
fn san_token(v: &Variant, p: PieceType) -> String {
    own_letter(v, p).unwrap_or_else(|| v.piece_token(p))
}

/// Whether SAN tells `a`'s moves from `b`'s only by their squares: the
/// same piece, or two pieces written with the same letter (`notation as`).
fn san_kin(v: &Variant, a: PieceType, b: PieceType) -> bool {
    a == b || (!is_pawn(v, a) && !is_pawn(v, b) && san_token(v, a) == san_token(v, b))
}

/// The x coordinate of a square's first cell.
fn column(v: &Variant, s: usize) -> u8 {
    v.tables().parts().board.squares[s]
        .cells
        .first()
        .map_or(0, |c| c[0])
}

/// A move's SAN in parts, so that reading can build its other forms.
#[derive(Clone)]
struct Parts {
    /// The piece (empty for a pawn), or the whole castling (`O-O`).
    piece: String,
    /// The piece's own token, when `piece` is its second symbol: read too.
    own_piece: Option<String>,
    /// The origin, as little as is needed (empty if none is).
    disambiguation: String,
    /// Every origin form reading accepts: none, file, rank, square.
    origins: Vec<String>,
    capture: bool,
    /// The destination (empty for castling).
    to: String,
    /// `=Q`, `+`, `=`, `-`, `/H` or empty.
    suffix: String,
    /// `+`, `#` or empty.
    check: &'static str,
}

impl Parts {
    /// No piece, origin, capture, destination, suffix or check mark.
    fn empty() -> Parts {
        Parts {
            piece: String::new(),
            own_piece: None,
            disambiguation: String::new(),
            origins: vec![String::new()],
            capture: false,
            to: String::new(),
            suffix: String::new(),
            check: "",
        }
    }

    fn text(&self) -> String {
        let x = if self.capture { "x" } else { "" };
        format!(
            "{}{}{x}{}{}{}",
            self.piece, self.disambiguation, self.to, self.suffix, self.check
        )
    }
}

impl<'v> Position<'v> {
    /// The move in Standard Algebraic Notation, as Fairy-Stockfish writes
    /// it (`Nf3`, `exd5`, `P@e4`, `e8=Q`, `O-O`, `Nbd2`, `Qh5#`); see the
    /// module's notes in `docs/engine.md`. `m` should be legal here (a move
    /// that is not is written from the board as it stands, without a
    /// check mark).
    ///
    /// # Examples
    ///
    /// ```
    /// # use fairyc_runtime::{Position, Variant, VariantTables};
    /// # let json = include_str!("../examples/chess.json");
    /// # let variant = Variant::new(VariantTables::from_json(json)?)?;
    /// let pos = Position::new(&variant)?;
    /// let m = pos.parse_uci("g1f3")?;
    /// assert_eq!(pos.san(m), "Nf3");
    /// assert_eq!(pos.parse_san("Nf3")?, m);
    /// assert_eq!(pos.parse_san("Ng1-f3")?, m);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, m: Move) -> String {
        let legal = self.legal_moves();
        let mut parts = self.san_parts(m, &legal);
        parts.check = self.check_mark(m, &legal);
        parts.text()
    }

    /// The SAN of every legal move, in the order of
    /// [`Position::legal_moves`].
    pub fn san_moves(&self) -> Vec<(Move, String)> {
        let legal = self.legal_moves();
        legal
            .iter()
            .map(|&m| {
                let mut parts = self.san_parts(m, &legal);
                parts.check = self.check_mark(m, &legal);
                (m, parts.text())
            })
            .collect()
    }

    /// Reads a move in SAN (see [`Position::san`]): the written form, with
    /// or without its check mark; else a looser form (no `x`, `-` between
    /// squares, more disambiguation than needed, no `=` before a promotion's
    /// piece, `0-0`).
    ///
    /// # Errors
    ///
    /// [`SanError`]: no legal move is written so (with the nearest one), or
    /// several are (with their SAN).
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let given = text.trim();
        let clean = given.trim_end_matches(['!', '?']);
        if clean.is_empty() {
            return Err(SanError::Empty);
        }
        let clean = if clean.starts_with("0-0") {
            clean.replace('0', "O")
        } else {
            clean.to_string()
        };
        let legal = self.legal_moves();
        // Check marks are worked out only for the moves whose text without
        // one begins the given text.
        // Only moves whose destination is named in the text (and castling)
        // are written out, unless none is.
        let v = self.variant();
        let named = |m: &&Move| {
            matches!(m.unwalled().0, Move::Castle { .. }) || clean.contains(v.square_name(m.to()))
        };
        let mut some: Vec<Move> = legal.iter().filter(named).copied().collect();
        if some.is_empty() {
            some.clone_from(&legal);
        }
        let mut parts: Vec<(Move, Parts)> = some
            .iter()
            .map(|&m| (m, self.san_parts(m, &legal)))
            .collect();
        let marks = |p: &Parts, form: &str| {
            clean
                .strip_prefix(form)
                .is_some_and(|rest| rest.is_empty() || rest == "+" || rest == "#")
                && clean.len() > form.len()
                && p.check.is_empty()
        };
        for (m, p) in &mut parts {
            let base = p.text();
            if marks(p, &base) || loose_forms(p).iter().any(|f| marks(p, f)) {
                p.check = self.check_mark(*m, &legal);
            }
        }
        let strict: Vec<&(Move, Parts)> = parts
            .iter()
            .filter(|(_, p)| {
                let t = p.text();
                t == clean || t.strip_suffix(p.check) == Some(clean.as_str())
            })
            .collect();
        let fits = if strict.is_empty() {
            parts
                .iter()
                .filter(|(_, p)| loose_forms(p).contains(&clean))
                .collect()
        } else {
            strict
        };
        match fits.as_slice() {
            [(m, _)] => Ok(*m),
            [] => {
                let names: Vec<String> = if some.len() == legal.len() {
                    parts.iter().map(|(_, p)| p.text()).collect()
                } else {
                    legal
                        .iter()
                        .map(|&m| self.san_parts(m, &legal).text())
                        .collect()
                };
                let suggestion =
                    crate::suggest::did_you_mean(given, names.iter().map(String::as_str))
                        .map(str::to_string);
                Err(SanError::NoMove {
                    text: given.to_string(),
                    suggestion,
                })
            }
            many => Err(SanError::Ambiguous {
                text: given.to_string(),
                candidates: many
                    .iter()
                    .map(|(m, p)| {
                        let mut p = p.clone();
                        p.check = self.check_mark(*m, &legal);
                        p.text()
                    })
                    .collect(),
            }),
        }
    }

    /// `+` if `m` gives check, `#` if it also leaves no legal reply or
    /// ends the game by a rule of the position (the third check of a
    /// check-counting variant; as Fairy-Stockfish marks them, its legal
    /// moves being none once the game has ended), else nothing.
    fn check_mark(&self, m: Move, legal: &[Move]) -> &'static str {
        if !legal.contains(&m) {
            return "";
        }
        let mut next = self.clone();
        next.play_unchecked(m);
        if !next.is_check() {
            ""
        } else if next.rule_outcome().is_some() || next.legal_moves().is_empty() {
            "#"
        } else {
            "+"
        }
    }

    /// The move's SAN in parts, without its check mark: each kind of move
    /// is written by a step of its own.
    fn san_parts(&self, m: Move, legal: &[Move]) -> Parts {
        let v = self.variant();
        let name = |s: Square| v.square_name(s).to_string();
        match m {
            Move::Castle {
                rule, from, gate, ..
            } => self.castle_parts(m, rule, from, gate, legal),
            // The move as its SAN among the moves with the same wall
            // (another piece's move there is a rival only where its wall
            // may go too, as Fairy-Stockfish tells them apart), then a
            // comma and the wall's square (`Pb1,a1`, `Qda1,b1`).
            Move::Walled { wall, .. } => {
                let base = m.unwalled().0;
                let plain: Vec<Move> = legal
                    .iter()
                    .map(|o| o.unwalled())
                    .filter(|&(o, w)| {
                        w == Some(wall) && (o.to() == base.to() || matches!(o, Move::Castle { .. }))
                    })
                    .map(|(o, _)| o)
                    .collect();
                let mut parts = self.san_parts(base, &plain);
                parts.suffix = format!("{},{}", parts.suffix, name(wall));
                parts
            }
            Move::Drop { piece, to } => Parts {
                piece: format!("{}@", san_token(v, piece)),
                own_piece: Some(format!("{}@", v.piece_token(piece))),
                to: name(to),
                ..Parts::empty()
            },
            Move::Locust { from, via, to } => {
                let mover = self.piece_at(from).map(|p| p.piece);
                let end = if self.piece_at(to).is_some_and(|p| p.color != self.turn()) {
                    "x"
                } else {
                    "-"
                };
                Parts {
                    piece: mover.map(|p| san_token(v, p)).unwrap_or_default(),
                    own_piece: mover.map(|p| v.piece_token(p)),
                    disambiguation: name(from),
                    origins: vec![name(from)],
                    capture: true,
                    to: format!("{}{end}{}", name(via), name(to)),
                    ..Parts::empty()
                }
            }
            Move::Pass { at } => {
                let mover = self.piece_at(at).map(|p| p.piece);
                Parts {
                    piece: mover.map(|p| san_token(v, p)).unwrap_or_default(),
                    own_piece: mover.map(|p| v.piece_token(p)),
                    to: name(at),
                    ..Parts::empty()
                }
            }
            Move::Normal { from, to, promote } | Move::EnPassant { from, to, promote } => {
                match self.piece_at(from) {
                    Some(p) => self.piece_move_parts(m, p.piece, from, to, promote, legal),
                    None => Parts::empty(),
                }
            }
        }
    }

    /// Castling's SAN: `O-O` or `O-O-O` by the side the rook ends on,
    /// the king's square after a `/` where it may castle to several
    /// squares on that side (wildebeest: `O-O` alone would fit each), and
    /// a gate as `/`, the gated piece and its square.
    fn castle_parts(
        &self,
        m: Move,
        rule: u8,
        from: Square,
        gate: Option<CastleGate>,
        legal: &[Move],
    ) -> Parts {
        let v = self.variant();
        let name = |s: Square| v.square_name(s).to_string();
        let castling = &v.tables().parts().castling;
        let r = &castling[usize::from(rule)];
        let short_of = |rule: u8| {
            let r = &castling[usize::from(rule)];
            column(v, usize::from(r.rook_to)) < column(v, usize::from(r.king_to))
        };
        let short = short_of(rule);
        let several = legal.iter().any(|&other| match other {
            Move::Castle {
                rule: o,
                from: f,
                gate: g,
                ..
            } => {
                f == from
                    && g == gate
                    && short_of(o) == short
                    && castling[usize::from(o)].king_to != r.king_to
            }
            _ => false,
        });
        let mut parts = Parts::empty();
        parts.piece = if short { "O-O" } else { "O-O-O" }.to_string();
        if let Some(to) = v.square(usize::from(r.king_to)).filter(|_| several) {
            parts.piece = format!("{}/{}", parts.piece, name(to));
        }
        if let Some(g) = gate {
            let at = if g.on_rook() {
                let rook = if r.line.is_empty() {
                    v.square(usize::from(r.rook_from)).unwrap_or(from)
                } else {
                    m.to()
                };
                name(rook)
            } else {
                name(from)
            };
            parts.suffix = format!("/{}{at}", v.piece_token(g.piece()));
        }
        parts
    }

    /// The SAN of a piece's move from `from` to `to` (a normal move or an
    /// en-passant capture): the piece's letter (none for a pawn), as much
    /// of the origin as tells it from its rivals, `x` for a capture, the
    /// destination and the promotion's suffix.
    fn piece_move_parts(
        &self,
        m: Move,
        mover: PieceType,
        from: Square,
        to: Square,
        promote: Promote,
        legal: &[Move],
    ) -> Parts {
        let v = self.variant();
        let pawn = is_pawn(v, mover);
        let mut parts = Parts::empty();
        if !pawn {
            parts.piece = san_token(v, mover);
            parts.own_piece = Some(v.piece_token(mover));
        }
        parts.capture = self.is_capture(m);
        parts.to = v.square_name(to).to_string();
        let (ff, fr) = file_rank(v.square_name(from));
        let (tf, _) = file_rank(v.square_name(to));
        let others = self.rivals(mover, from, to, promote, legal);
        let level = if pawn && (parts.capture || (!matches!(promote, Promote::None) && ff != tf)) {
            1
        } else if others.is_empty() {
            0
        } else if others.iter().all(|&o| file_rank(v.square_name(o)).0 != ff) {
            1
        } else if others.iter().all(|&o| file_rank(v.square_name(o)).1 != fr) {
            2
        } else {
            3
        };
        let forms = [
            String::new(),
            ff.to_string(),
            fr.to_string(),
            v.square_name(from).to_string(),
        ];
        parts.disambiguation = forms[level].clone();
        // A looser reading may give more or less: what it gives
        // that fits several moves is refused as ambiguous.
        parts.origins = forms.to_vec();
        parts.origins.dedup();
        parts.suffix = self.promotion_suffix(mover, from, to, promote, legal);
        parts
    }

    /// The squares of the other pieces written as `mover` is (its type, or
    /// a piece SAN writes with the same letter: `notation as`) that have a
    /// legal move to `to` too, from which SAN must tell the move apart. A gating
    /// move's rivals gate the same piece (as Fairy-Stockfish tries the move
    /// from their squares).
    fn rivals(
        &self,
        mover: PieceType,
        from: Square,
        to: Square,
        promote: Promote,
        legal: &[Move],
    ) -> Vec<Square> {
        legal
            .iter()
            .filter_map(|&o| match o {
                Move::Normal {
                    from: f,
                    to: t,
                    promote: q,
                }
                | Move::EnPassant {
                    from: f,
                    to: t,
                    promote: q,
                } if t == to
                    && f != from
                    && (!matches!(promote, Promote::Gate(_)) || q == promote)
                    && self
                        .piece_at(f)
                        .is_some_and(|p| san_kin(self.variant(), p.piece, mover)) =>
                {
                    Some(f)
                }
                _ => None,
            })
            .collect()
    }

    /// What follows a piece's move's destination: the promotion (`=Q`, or
    /// `+`, `=`, `-` for a `+` face), a gate (`/H`), or nothing.
    fn promotion_suffix(
        &self,
        mover: PieceType,
        from: Square,
        to: Square,
        promote: Promote,
        legal: &[Move],
    ) -> String {
        let v = self.variant();
        match promote {
            Promote::None => {
                // Not taking a promotion to the `+` face that this
                // very move could take: `=`, as in shogi (nothing
                // when the face has a letter of its own).
                let could = legal.iter().any(|&o| match o {
                    Move::Normal {
                        from: f,
                        to: t,
                        promote: Promote::Piece(p),
                    } => {
                        f == from
                            && t == to
                            && self.is_plus_face(mover, p)
                            && own_letter(v, p).is_none()
                    }
                    _ => false,
                });
                if could {
                    "=".to_string()
                } else {
                    String::new()
                }
            }
            // To or from a `+` face with a letter of its own
            // (`letter +P also E`, `notation as Captain`): SAN's `=E`,
            // `=P`.
            Promote::Piece(p) if self.is_plus_face(mover, p) => match own_letter(v, p) {
                Some(s) => format!("={s}"),
                None => "+".to_string(),
            },
            Promote::Piece(p) if self.is_plus_face(p, mover) => {
                if own_letter(v, mover).is_some() {
                    format!("={}", v.piece_token(p))
                } else {
                    "-".to_string()
                }
            }
            Promote::Piece(p) | Promote::Hand(p) => {
                format!("={}", own_letter(v, p).unwrap_or_else(|| v.piece_token(p)))
            }
            Promote::Gate(p) => format!("/{}", v.piece_token(p)),
        }
    }

    /// Whether `p` is `plain`'s `+` face (the same symbol, promoted).
    fn is_plus_face(&self, plain: PieceType, p: PieceType) -> bool {
        let v = self.variant();
        !v.is_plus(plain)
            && v.is_plus(p)
            && v.piece_symbol(p)
                .eq_ignore_ascii_case(v.piece_symbol(plain))
    }
}

/// The looser forms a move's SAN is read in (without check marks, which
/// the strict reading handles).
fn loose_forms(p: &Parts) -> Vec<String> {
    let mut out = Vec::new();
    let suffixes: Vec<String> = match p.suffix.as_str() {
        "=" => vec!["=".into(), String::new()],
        s if s.starts_with('=') => vec![s.to_string(), s[1..].to_string()],
        s => vec![s.to_string()],
    };
    let seps: &[&str] = if p.capture { &["x", ""] } else { &["", "-"] };
    let mut pieces = vec![p.piece.as_str()];
    if let Some(own) = p.own_piece.as_deref().filter(|o| *o != p.piece) {
        pieces.push(own);
    }
    for (piece, origin) in pieces
        .iter()
        .flat_map(|piece| p.origins.iter().map(move |o| (piece, o)))
    {
        for sep in seps {
            // A `-` only between two squares.
            if *sep == "-" && origin.is_empty() {
                continue;
            }
            for suffix in &suffixes {
                let base = format!("{piece}{origin}{sep}{}{suffix}", p.to);
                if !p.check.is_empty() {
                    out.push(format!("{base}{}", p.check));
                }
                out.push(base);
            }
        }
    }
    out
}
