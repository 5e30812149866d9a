//! [`Position`]: a validated position of a variant, and making moves.

use crate::bits::{bit, Bits, Board, Hand, Sq, Squares, Width};
use crate::error::PlayErrorReason;
use crate::error::{PlayError, PositionError};
use crate::ids::{pt, sq, ByColor, PieceType, Square, SquareIter};
use crate::setup::{Placed, Setup, MAX_FULLMOVE, MAX_HALFMOVE};
use crate::table::{
    BareKingRule, EndRules, Outcome, PromotionChoice, SeveralRoyals, Side, Verdict,
};
use crate::types::{Color, EndReason, GameResult, Move, Promote};
use crate::variant::{
    with_rules, CheckCount, ExtinctionRule, FlatPath, Mask, MateRule, ReachRule, Rules, Set,
    Variant,
};

mod attacks;
mod blast;
mod legs;
mod make;
mod notation;
pub(crate) mod outcome;
mod rights;

/// What [`Pos::unmake`] needs to take a move back.
#[derive(Clone, Debug)]
pub(crate) struct UndoAt<W: Width> {
    m: Move,
    /// A capture where captures blast: what stood on the squares it may
    /// change, and the hands (see [`crate::blast`]).
    blasted: Option<Box<BlastUndo<W>>>,
    moved: u16,
    moved_promoted: bool,
    cap_sq: Sq,
    captured: u16,
    captured_promoted: bool,
    /// A capture on the way ([`Move::Locust`]) that also captures where it
    /// ends: what stood there.
    captured2: u16,
    captured2_promoted: bool,
    castling: u16,
    gates: [Set<W>; 2],
    ep: Set<W>,
    ep_victim: Sq,
    /// The walls placed by moves before the move.
    walls: Set<W>,
    halfmove: u32,
    fullmove: u32,
    checks: [u8; 2],
    count: [u32; 2],
    hash: u64,
    history: History,
    /// The squares whose pieces the move flipped (`flips`).
    flipped: Set<W>,
}

/// The squares and hands before a blasting capture.
#[derive(Clone, Debug)]
pub(crate) struct BlastUndo<W: Width> {
    squares: Vec<(Sq, u16, bool)>,
    hands: [W::Hand; 2],
}

/// The state of the rules that look back at the moves played (passing,
/// facing royal pieces); not part of the FEN nor of the hash. A position
/// read from a FEN has no history.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct History {
    /// What the last move was, as the rules that look back ask.
    pub last: LastMove,
    /// The royal pieces face each other here.
    pub facing: bool,
    /// They faced before the last move.
    pub facing_before: bool,
    /// Bit `side` set while that side's last run of checking moves holds a
    /// check by a piece that `checkmate needs` names (kept only by variants
    /// with that rule).
    pub needed_check: u8,
}

// Copied on every move: four bytes, moved as one word.
const _: () = assert!(std::mem::size_of::<History>() <= 4);

/// What the last move was, as the rules that look back ask: a pass (the
/// first or the second in a row), a drop (asked by `checkmate by … drop`)
/// or another move. One byte, so that [`History`], copied on every move,
/// stays four.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum LastMove {
    /// Neither a pass nor a drop (or no move: a position read from a FEN).
    #[default]
    Other,
    /// A drop.
    Drop,
    /// A pass after a move that was not one.
    Pass,
    /// A pass after a pass (or more in a row).
    SecondPass,
}

/// The most pieces of one kind a hand can hold. The hash has a key for
/// each count up to it; a position of a variant with drops may hold at most
/// this many pieces besides royal ones (board and hands together), so no
/// capture can push a hand past it.
pub const MAX_HAND: u8 = 255;

/// Whether piece `p` may carry the promoted mark.
#[inline]
pub(crate) fn carries_mark<W: Width>(v: &Rules<W>, p: u8) -> bool {
    (p as usize) < v.npieces && v.marks.has(p)
}

/// Whether a piece `p` of `side` on `sq` can only have got there by a move
/// that must have promoted it: `sq` is in a compulsory promotion zone of
/// the piece, it cannot be dropped there, and no promotion makes it there.
fn must_have_promoted<W: Width>(v: &Rules<W>, p: u8, side: usize, sq: Sq) -> bool {
    let b = bit(sq);
    let Some(info) = v.promo.get(p as usize) else {
        return false;
    };
    // Only destinations count: a rule that applies by the origin too may
    // leave the piece unpromoted outside its zone; and a rule for captures
    // only lets a quiet move end there unpromoted.
    let compulsory = info.rules.iter().any(|r| {
        (!r.optional || (r.forced[side] & b).any()) && !r.capture_only && (r.end[side] & b).any()
    });
    if !compulsory {
        return false;
    }
    let dropped = v.drops
        && v.drop_to
            .get(p as usize * 2 + side)
            .is_some_and(|&to| (to & b).any());
    let promoted_to = v.promo.iter().any(|other| {
        other.rules.iter().any(|r| {
            // A rule that applies by the origin or the squares passed may
            // promote a piece anywhere.
            ((r.end[side] & b).any() || (r.start[side] | r.pass[side]).any())
                && r.choices.contains(&PromotionChoice::Piece(p))
        })
    });
    !dropped && !promoted_to && !by_en_passant(v, p, side, sq)
}

/// Whether a piece `p` of `side` may land on `sq` by an en-passant capture,
/// which never promotes: one of its `en_passant` paths has a step there, and
/// an enemy piece's double step (a quiet `creates_en_passant` path) passes
/// over it.
fn by_en_passant<W: Width>(v: &Rules<W>, p: u8, side: usize, sq: Sq) -> bool {
    let b = bit(sq);
    let lands = (0..v.nsq).any(|from| {
        let (a, z) = v.entries[v.entry(p as usize, side, from)];
        v.paths[a as usize..z as usize].iter().any(|path| {
            path.en_passant
                && v.steps[path.steps.0 as usize..path.steps.1 as usize]
                    .iter()
                    .any(|st| st.to == sq)
        })
    });
    lands
        && (0..v.npieces).any(|q| {
            (0..v.nsq).any(|from| {
                v.ep_creators[v.entry(q, side ^ 1, from)]
                    .iter()
                    .any(|c| (c.passed & b).any())
            })
        })
}

/// The royal-piece rule, for the runtime and the compiler alike: in a
/// variant with royal pieces each side has exactly one, or at least one
/// with `partial-check allowed`; where captures blast, none is allowed too
/// (a blast took it, and the game is over).
///
/// # Errors
///
/// [`PositionError::NoRoyal`] or [`PositionError::TooManyRoyals`].
pub fn check_royal_count(v: &Variant, color: Color, count: usize) -> Result<(), PositionError> {
    with_rules!(v, r => royal_count(r, color, count))
}

/// [`check_royal_count`] at one width.
fn royal_count<W: Width>(v: &Rules<W>, color: Color, count: usize) -> Result<(), PositionError> {
    if v.royal_of[color.index()].is_empty() {
        return Ok(());
    }
    match count {
        // `several-royals allowed`: one or more.
        count if count > 1 && v.legality.several_royals == SeveralRoyals::Unprotected => Ok(()),
        // A blast took it (see `crate::blast`): the game is over.
        0 if v.blast.is_some() => Ok(()),
        0 => Err(PositionError::NoRoyal(color)),
        1 => Ok(()),
        _ if matches!(
            v.legality.several_royals,
            SeveralRoyals::AllAttacked | SeveralRoyals::AnyAttacked
        ) =>
        {
            Ok(())
        }
        count => Err(PositionError::TooManyRoyals { color, count }),
    }
}

/// Board codes: `0` empty, else `1 + (piece << 1 | side)` (up to 256 for
/// 128 piece types: a wide board holds `u16` codes).
#[inline(always)]
pub(crate) fn code(piece: u8, side: usize) -> u16 {
    1 + ((u16::from(piece) << 1) | side as u16)
}

#[inline(always)]
pub(crate) fn code_piece(c: u16) -> u8 {
    ((c - 1) >> 1) as u8
}

#[inline(always)]
pub(crate) fn code_side(c: u16) -> usize {
    ((c - 1) & 1) as usize
}

/// A position at width `W` (see [`crate::Position`], which wraps it).
#[derive(Clone, Debug)]
pub(crate) struct Pos<'v, W: Width> {
    pub(crate) v: &'v Rules<W>,
    pub(crate) board: W::Board,
    pub(crate) by_side: [Set<W>; 2],
    pub(crate) royals: [Set<W>; 2],
    pub(crate) promoted: Set<W>,
    pub(crate) hands: [W::Hand; 2],
    pub(crate) turn: usize,
    pub(crate) castling: u16,
    /// `free_castle[rule]`: the king's and the rook's squares of a free
    /// (Chess960) castling right, fixed while the right lasts.
    pub(crate) free_castle: [[Sq; 2]; 16],
    /// `gates[side]`: the squares whose gate right the side still has.
    pub(crate) gates: [Set<W>; 2],
    pub(crate) ep: Set<W>,
    pub(crate) ep_victim: Sq,
    /// The walls placed by moves (variants with `walls`; empty otherwise):
    /// squares occupied by neither side.
    pub(crate) walls: Set<W>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// Checks each side still has to give (variants that count checks).
    pub(crate) checks: [u8; 2],
    /// A counting rule's count: `[limit, ply count]` in plies; limit 0
    /// while no count runs.
    pub(crate) count: [u32; 2],
    pub(crate) hash: u64,
    pub(crate) history: History,
}

impl<'v, W: Width> Pos<'v, W> {
    /// See [`Position::from_setup`].
    pub(crate) fn from_setup(v: &'v Rules<W>, s: &Setup) -> Result<Pos<'v, W>, PositionError> {
        if s.board.len() != v.nsq {
            return Err(PositionError::BoardSize {
                expected: v.nsq,
                found: s.board.len(),
            });
        }
        if s.halfmove > MAX_HALFMOVE {
            return Err(PositionError::Halfmove(s.halfmove));
        }
        if s.fullmove == 0 || s.fullmove > MAX_FULLMOVE {
            return Err(PositionError::Fullmove(s.fullmove));
        }
        let count = match s.counting {
            None => [0, 0],
            Some((limit, ply))
                if v.counting.is_some()
                    && (1..=2 * crate::table::MAX_COUNTING_LIMIT).contains(&limit)
                    && ply <= MAX_HALFMOVE =>
            {
                [limit, ply]
            }
            Some(_) => return Err(PositionError::Counting),
        };
        let mut pos = Pos {
            v,
            board: W::Board::EMPTY,
            by_side: [Set::<W>::EMPTY; 2],
            royals: [Set::<W>::EMPTY; 2],
            promoted: Set::<W>::EMPTY,
            hands: [W::Hand::EMPTY; 2],
            turn: s.turn.index(),
            castling: 0,
            free_castle: [[0; 2]; 16],
            gates: [Set::<W>::EMPTY; 2],
            ep: Set::<W>::EMPTY,
            ep_victim: 0,
            walls: Set::<W>::EMPTY,
            halfmove: s.halfmove,
            fullmove: s.fullmove,
            checks: match v.check_count {
                Some(CheckCount { count: n, .. }) => s
                    .checks
                    .map_or([n, n], ByColor::into_array)
                    .map(|c| c.min(n)),
                None => [0, 0],
            },
            count,
            hash: 0,
            history: History::default(),
        };
        pos.place_material(s)?;
        pos.place_walls(s)?;
        pos.set_rights(s)?;
        pos.check_kings()?;
        if v.unlimited {
            // `unlimited` hands: one of every piece that is not royal, never
            // taken.
            for side in 0..2 {
                for p in 0..v.npieces {
                    if !v.royal_types.has(p) {
                        pos.hands[side][p] = 1;
                    }
                }
            }
        }
        pos.hash = pos.compute_hash();
        if v.history.as_ref().is_some_and(|h| h.facing.is_some()) {
            pos.history.facing = pos.royals_face();
        }
        if v.history.as_ref().is_some_and(|h| h.mate_needs.is_some()) {
            // A check on the board of a FEN counts as given by the side that
            // just moved (Fairy-Stockfish judges it so too).
            pos.update_needed_check(pos.turn ^ 1);
        }
        Ok(pos)
    }

    /// Puts the setup's walls into a new position: only a variant whose
    /// moves place walls has any, each on an empty square.
    fn place_walls(&mut self, s: &Setup) -> Result<(), PositionError> {
        for &w in &s.walls {
            let at = w.raw();
            if !self.v.places_walls() || w.index() >= self.v.nsq || self.board.get(w.index()) != 0 {
                return Err(PositionError::Wall(w));
            }
            self.walls |= bit(at);
        }
        Ok(())
    }

    /// The squares that block moves: both sides' pieces and the walls
    /// placed by moves.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> Set<W> {
        self.by_side[0] | self.by_side[1] | self.walls
    }

    /// Puts the setup's board and hands into a new position.
    fn place_material(&mut self, s: &Setup) -> Result<(), PositionError> {
        let v = self.v;
        let mut material = 0usize;
        for (sq, p) in s.board.iter().enumerate() {
            let Some(Placed {
                piece,
                color,
                promoted,
            }) = *p
            else {
                continue;
            };
            if piece.index() >= v.npieces {
                return Err(PositionError::UnknownPiece(piece));
            }
            let piece = piece.raw();
            let sq = sq as Sq;
            let side = color.index();
            if promoted && !carries_mark(v, piece) {
                return Err(PositionError::MarkNotAllowed {
                    piece: v.pname(piece).to_string(),
                    square: v.sq_name(sq).to_string(),
                });
            }
            if must_have_promoted(v, piece, side, sq) {
                return Err(PositionError::PromotionZone {
                    piece: v.pname(piece).to_string(),
                    square: v.sq_name(sq).to_string(),
                });
            }
            self.board.set(sq as usize, code(piece, side));
            self.by_side[side] |= bit(sq);
            if v.royal_of[side].has(piece) {
                self.royals[side] |= bit(sq);
            } else {
                material += 1;
            }
            if promoted {
                self.promoted |= bit(sq);
            }
        }
        for (color, hand) in s.hands.iter() {
            let side = color.index();
            for (p, &n) in hand.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                if p >= v.npieces {
                    // A piece number past the variant's: past the largest
                    // a `PieceType` holds, the largest it holds.
                    let p = u8::try_from(p).unwrap_or(u8::MAX);
                    return Err(PositionError::UnknownPiece(pt(p)));
                }
                if !v.hands {
                    return Err(PositionError::HandWithoutDrops);
                }
                let name = || v.pname(p as u8).to_string();
                if v.royal(p as u8) && !v.royal_in_hand {
                    return Err(PositionError::RoyalInHand {
                        color,
                        piece: name(),
                    });
                }
                #[allow(clippy::absurd_extreme_comparisons)]
                if n > MAX_HAND {
                    return Err(PositionError::HandTooLarge {
                        color,
                        piece: name(),
                        count: n,
                    });
                }
                self.hands[side][p] = n;
                material += n as usize;
            }
        }
        // Captures, drops and promotions move pieces between the board and
        // the hands but never make more: with this bound no hand can ever
        // hold more than `MAX_HAND` of a kind.
        if v.drops && material > MAX_HAND as usize {
            return Err(PositionError::TooMuchMaterial(material));
        }
        Ok(())
    }

    /// Sets the setup's castling, gate and en-passant rights, each checked
    /// against the board.
    fn set_rights(&mut self, s: &Setup) -> Result<(), PositionError> {
        let v = self.v;
        for (i, &r) in s.castling.iter().enumerate() {
            let Some(c) = v.castles.get(r as usize) else {
                return Err(PositionError::UnknownCastling(r));
            };
            let squares = if c.free {
                let rook = s.castling_rooks.get(i).map(|s| s.raw());
                crate::setup::free_castle_squares(v, &s.board, r as usize, rook)
                    .filter(|_| rook.is_some())
            } else {
                Some([c.king_from, c.rook_from])
                    .filter(|_| {
                        self.board.get(c.king_from as usize) == code(c.king, c.side)
                            && self.board.get(c.rook_from as usize) == code(c.rook, c.side)
                    })
                    .map(|[k, r]| (k, r))
            };
            let Some((kf, rf)) = squares else {
                let name = |s: Sq| {
                    if c.free {
                        "its line".to_string()
                    } else {
                        v.sq_name(s).to_string()
                    }
                };
                return Err(PositionError::CastlingPieces {
                    right: c.fen,
                    king: v.pname(c.king).to_string(),
                    king_from: name(c.king_from),
                    rook: v.pname(c.rook).to_string(),
                    rook_from: name(c.rook_from),
                });
            };
            self.free_castle[r as usize] = [kf, rf];
            self.castling |= 1 << r;
        }
        for side in 0..2 {
            for &g in &s.gates[Color::from_index(side)] {
                if g.index() >= v.nsq || (v.gate_squares[side] & bit(g.raw())).is_empty() {
                    return Err(PositionError::UnknownSquare(g));
                }
                let g = g.raw();
                self.gates[side] |= bit(g);
            }
        }
        if v.gating {
            for side in 0..2 {
                self.drop_unusable_gates(side);
            }
        }
        if !s.ep.is_empty() {
            let mut listed = Set::<W>::EMPTY;
            for &e in &s.ep {
                if e.index() >= v.nsq {
                    return Err(PositionError::UnknownSquare(e));
                }
                listed |= bit(e.raw());
            }
            let refused = || PositionError::EnPassant {
                color: Color::from_index(self.turn ^ 1),
                square: s
                    .ep
                    .iter()
                    .map(|&e| v.sq_name(e.raw()))
                    .collect::<Vec<_>>()
                    .join(", "),
            };
            let occupied = self.occupied();
            let passed = listed & !occupied;
            // An occupied square is the victim's own: the current
            // Fairy-Stockfish lists it, and fairyc does where the squares
            // passed leave the victim in doubt.
            let landed = listed & occupied;
            let among = if landed.any() { landed } else { occupied };
            let victim = (passed.any() && landed.count() <= 1)
                .then(|| self.find_ep_victim(passed, among))
                .flatten()
                .ok_or_else(refused)?;
            // Kept where a piece could take, as after a move.
            let takeable = self.ep_takeable_squares(passed, self.turn);
            if takeable.any() {
                self.ep = takeable;
                self.ep_victim = victim;
            }
        }
        Ok(())
    }

    /// Refuses a side not to move in check, and royal pieces in numbers the
    /// variant does not allow.
    fn check_kings(&self) -> Result<(), PositionError> {
        let v = self.v;
        let them = self.turn ^ 1;
        // Where captures blast, a side may have lost its royal piece to a
        // blast: the game is over there, and the other side may stand
        // attacked.
        let blasted = v.blast.is_some()
            && (0..2).any(|side| v.royal_of[side].any() && self.royals[side].is_empty());
        if !blasted && self.in_check_side(them) {
            return Err(PositionError::OppositeCheck(Color::from_index(them)));
        }
        // Last, so that a caller may report it apart (the compiler does).
        for color in [Color::White, Color::Black] {
            let side = color.index();
            let mut count = self.royals[side].count() as usize;
            if v.royal_in_hand {
                count += Squares(v.royal_of[side])
                    .map(|p| self.hands[side][p as usize] as usize)
                    .sum::<usize>();
            }
            royal_count(v, color, count)?;
        }
        Ok(())
    }

    /// See [`Position::to_setup`].
    pub(crate) fn to_setup(&self) -> Setup {
        let board = (0..self.v.nsq)
            .map(|s| {
                let c = self.board.get(s);
                (c != 0).then(|| Placed {
                    piece: pt(code_piece(c)),
                    color: Color::from_index(code_side(c)),
                    promoted: (self.promoted & bit(s)).any(),
                })
            })
            .collect();
        Setup {
            board,
            hands: ByColor::from_fn(|c| self.hands[c.index()].as_ref()[..self.v.npieces].to_vec()),
            turn: Color::from_index(self.turn),
            castling: (0..16u8)
                .filter(|i| self.castling & (1 << i) != 0)
                .collect(),
            castling_rooks: (0..16usize)
                .filter(|i| self.castling & (1 << i) != 0)
                .map(|i| sq(self.free_castle[i][1]))
                .collect(),
            gates: ByColor::from_fn(|c| SquareIter::of::<W>(self.gates[c.index()]).collect()),
            ep: self.ep_field(),
            checks: self.v.check_count.map(|_| ByColor::from(self.checks)),
            counting: (self.count[0] != 0).then_some((self.count[0], self.count[1])),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            walls: SquareIter::of::<W>(self.walls).collect(),
        }
    }

    /// The squares of the FEN's en-passant field: the en-passant squares,
    /// and the victim's square too where another enemy piece could have
    /// passed over them (a reader takes the first it finds), in
    /// square-number order.
    fn ep_field(&self) -> Vec<Square> {
        let mut field = self.ep;
        if self.ep.any() && self.find_ep_victim(self.ep, self.occupied()) != Some(self.ep_victim) {
            field |= bit(self.ep_victim as usize);
        }
        Squares(field).map(sq).collect()
    }

    /// See [`Position::fen`].
    pub(crate) fn fen(&self) -> String {
        self.to_setup().to_fen_at(self.v)
    }

    /// See [`Position::turn`].
    pub(crate) fn turn(&self) -> Color {
        Color::from_index(self.turn)
    }

    /// See [`Position::hash`].
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// See [`Position::repetition_key`].
    pub(crate) fn repetition_key(&self) -> u64 {
        let nsq = self.v.nsq;
        let mut h = self.hash;
        for side in 0..2 {
            for s in Squares(self.gates[side]) {
                h ^= self.v.keys.gates[side * nsq + s as usize];
            }
        }
        h
    }

    /// See [`Position::piece_at`].
    pub(crate) fn is_wall(&self, s: Square) -> bool {
        s.index() < self.v.nsq && (self.walls & bit(s.raw())).any()
    }

    pub(crate) fn piece_at(&self, s: Square) -> Option<Placed> {
        if s.index() >= self.v.nsq {
            return None;
        }
        let c = self.board.get(s.index());
        (c != 0).then(|| Placed {
            piece: pt(code_piece(c)),
            color: Color::from_index(code_side(c)),
            promoted: (self.promoted & bit(s.raw())).any(),
        })
    }

    /// See [`Position::hand_count`].
    pub(crate) fn hand_count(&self, side: Color, p: PieceType) -> u8 {
        if p.index() >= self.v.npieces {
            return 0;
        }
        self.hands[side.index()]
            .as_ref()
            .get(p.index())
            .copied()
            .unwrap_or(0)
    }

    /// See [`Position::hand`].
    pub(crate) fn hand(&self, side: Color) -> impl Iterator<Item = (PieceType, u8)> + '_ {
        self.hands[side.index()].as_ref()[..self.v.npieces]
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(p, &n)| (pt(p as u8), n))
    }

    /// See [`Position::occupied_by`].
    pub(crate) fn occupied_by(&self, side: Color) -> SquareIter {
        SquareIter::of::<W>(self.by_side[side.index()])
    }

    /// See [`Position::royal_squares`].
    pub(crate) fn royal_squares(&self, side: Color) -> SquareIter {
        SquareIter::of::<W>(self.royals[side.index()])
    }

    /// See [`Position::royal_square`].
    pub(crate) fn royal_square(&self, side: Color) -> Option<Square> {
        let r = self.royals[side.index()];
        (r.count() == 1).then(|| sq(r.lowest() as Sq))
    }

    /// See [`Position::ep_squares`].
    pub(crate) fn ep_squares(&self) -> SquareIter {
        SquareIter::of::<W>(self.ep)
    }

    /// See [`Position::checks_left`].
    pub(crate) fn checks_left(&self, side: Color) -> Option<u8> {
        self.v.check_count.map(|_| self.checks[side.index()])
    }

    /// See [`Position::halfmove`].
    pub(crate) fn halfmove(&self) -> u32 {
        self.halfmove
    }
}

/// The result when `outcome` happens to `side`.
pub(crate) fn result_for(side: usize, outcome: Outcome, reason: EndReason) -> GameResult {
    let c = Color::from_index(side);
    GameResult {
        winner: match outcome {
            Outcome::Win => Some(c),
            Outcome::Loss => Some(c.other()),
            Outcome::Draw => None,
        },
        reason,
    }
}
