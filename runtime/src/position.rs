//! [`Position`]: a validated position of a variant, and making moves.

use crate::bits::{bit, Bits, Board, Hand, Sq, Squares, Width};
use crate::error::PlayErrorReason;
use crate::error::{PlayError, PositionError};
use crate::ids::{pt, sq, ByColor, PieceType, Square, SquareIter};
use crate::setup::{Placed, Setup, MAX_FULLMOVE, MAX_HALFMOVE};
use crate::table::{Outcome, PromotionChoice, Verdict};
use crate::types::{Color, EndReason, GameResult, Move, Promote};
use crate::variant::{with_rules, FlatPath, Mask, Rules, Set, Variant};

mod legs;

/// What [`Pos::unmake`] needs to take a move back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UndoAt<W: Width> {
    m: Move,
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
    halfmove: u32,
    fullmove: u32,
    checks: [u8; 2],
    count: [u32; 2],
    hash: u64,
    history: History,
}

/// The state of the rules that look back at the moves played (passing,
/// facing royal pieces); not part of the FEN nor of the hash. A position
/// read from a FEN has no history.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct History {
    /// Passes in a row just played (at most 2).
    pub passes: u8,
    /// The royal pieces face each other here.
    pub facing: bool,
    /// They faced before the last move.
    pub facing_before: bool,
    /// Bit `side` set while that side's last run of checking moves holds a
    /// check by a piece that `checkmate needs` names (kept only by variants
    /// with that rule).
    pub needed_check: u8,
}

/// The most pieces of one kind a hand can hold. The hash has a key for
/// each count up to it; a position of a variant with drops may hold at most
/// this many pieces besides royal ones (board and hands together), so no
/// capture can push a hand past it.
pub const MAX_HAND: u8 = 64;

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
    // leave the piece unpromoted outside its zone.
    let compulsory = info
        .rules
        .iter()
        .any(|r| (!r.optional || (r.forced[side] & b).any()) && (r.end[side] & b).any());
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
                    .any(|&(_, passed)| (passed & b).any())
            })
        })
}

/// The royal-piece rule, for the runtime and the compiler alike: in a
/// variant with royal pieces each side has exactly one, or at least one
/// with `partial-check allowed`.
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
        count if count > 1 && v.legality.several_royals => Ok(()),
        0 => Err(PositionError::NoRoyal(color)),
        1 => Ok(()),
        _ if v.legality.partial_check_allowed => Ok(()),
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
            halfmove: s.halfmove,
            fullmove: s.fullmove,
            checks: match v.check_count {
                Some((n, _)) => s
                    .checks
                    .map_or([n, n], ByColor::into_array)
                    .map(|c| c.min(n)),
                None => [0, 0],
            },
            count,
            hash: 0,
            history: History::default(),
        };
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
            pos.board.set(sq as usize, code(piece, side));
            pos.by_side[side] |= bit(sq);
            if v.royal_of[side].has(piece) {
                pos.royals[side] |= bit(sq);
            } else {
                material += 1;
            }
            if promoted {
                pos.promoted |= bit(sq);
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
                if n > MAX_HAND {
                    return Err(PositionError::HandTooLarge {
                        color,
                        piece: name(),
                        count: n,
                    });
                }
                pos.hands[side][p] = n;
                material += n as usize;
            }
        }
        // Captures, drops and promotions move pieces between the board and
        // the hands but never make more: with this bound no hand can ever
        // hold more than `MAX_HAND` of a kind.
        if v.drops && material > MAX_HAND as usize {
            return Err(PositionError::TooMuchMaterial(material));
        }
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
                        pos.board.get(c.king_from as usize) == code(c.king, c.side)
                            && pos.board.get(c.rook_from as usize) == code(c.rook, c.side)
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
            pos.free_castle[r as usize] = [kf, rf];
            pos.castling |= 1 << r;
        }
        for side in 0..2 {
            for &g in &s.gates[Color::from_index(side)] {
                if g.index() >= v.nsq || (v.gate_squares[side] & bit(g.raw())).is_empty() {
                    return Err(PositionError::UnknownSquare(g));
                }
                let g = g.raw();
                pos.gates[side] |= bit(g);
            }
        }
        if v.gating {
            for side in 0..2 {
                pos.drop_unusable_gates(side);
            }
        }
        if let Some(e) = s.ep {
            if e.index() >= v.nsq {
                return Err(PositionError::UnknownSquare(e));
            }
            let e = e.raw();
            let victim = pos
                .find_ep_victim(e)
                .ok_or_else(|| PositionError::EnPassant {
                    color: Color::from_index(pos.turn ^ 1),
                    square: v.sq_name(e).to_string(),
                })?;
            // Kept only if a piece could take there, as after a move.
            if pos.ep_takeable(bit(e), pos.turn) {
                pos.ep = bit(e);
                pos.ep_victim = victim;
            }
        }
        let them = pos.turn ^ 1;
        if pos.in_check_side(them) {
            return Err(PositionError::OppositeCheck(Color::from_index(them)));
        }
        // Last, so that a caller may report it apart (the compiler does).
        for color in [Color::White, Color::Black] {
            let side = color.index();
            let mut count = pos.royals[side].count() as usize;
            if v.royal_in_hand {
                count += Squares(v.royal_of[side])
                    .map(|p| pos.hands[side][p as usize] as usize)
                    .sum::<usize>();
            }
            royal_count(v, color, count)?;
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
            ep: self.ep.any().then(|| sq(self.ep.lowest() as Sq)),
            checks: self.v.check_count.map(|_| ByColor::from(self.checks)),
            counting: (self.count[0] != 0).then_some((self.count[0], self.count[1])),
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        }
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

    /// See [`Position::piece_at`].
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

    /// Whether the side to move has a royal piece under attack (with
    /// `partial-check allowed`, all of its royal pieces).
    pub(crate) fn is_check(&self) -> bool {
        self.in_check_side(self.turn)
    }

    pub(crate) fn in_check_side(&self, side: usize) -> bool {
        let occ = self.by_side[0] | self.by_side[1];
        let royals = self.royals[side];
        if self.v.legality.partial_check_allowed {
            // In check only when every royal piece is attacked.
            return royals.any() && Squares(royals).all(|k| self.attacked_any(k, side ^ 1, occ));
        }
        // `several-royals allowed`: a side with two or more royal pieces is
        // never in check.
        if self.v.legality.several_royals && royals.count() > 1 {
            return false;
        }
        Squares(royals).any(|k| self.attacked_any(k, side ^ 1, occ))
    }

    /// Whether `by` attacks square `s` with occupancy `occ`.
    #[inline]
    pub(crate) fn attacked(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        let nodes = self.v.trie_at(by, s as usize);
        let mut i = 0usize;
        while i < nodes.len() {
            let n = &nodes[i];
            if (occ & n.edge).any() {
                i = n.skip as usize;
                continue;
            }
            if (occ & bit(n.sq)).any() {
                let c = self.board.get(n.sq as usize);
                if c != 0 && code_side(c) == by && n.types.has(code_piece(c)) {
                    return true;
                }
                i = n.skip as usize;
            } else {
                i += 1;
            }
        }
        false
    }

    /// Whether `by` attacks square `s` with occupancy `occ`, hoppers and
    /// attack-only paths included. [`Position::attacked`] alone serves the
    /// fast legality path, which variants with such paths never take.
    #[inline]
    pub(crate) fn attacked_any(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        self.attacked(s, by, occ) || (self.v.slow_types.any() && self.attacked_slow(s, by, occ))
    }

    /// Whether a piece of side `by` attacks `s` along a path the tries do not
    /// hold: a hopper's capture or an attack-only path.
    #[cold]
    #[inline(never)]
    fn attacked_slow(&self, s: Sq, by: usize, occ: Set<W>) -> bool {
        Squares(self.by_side[by]).any(|from| self.attacks_slow_from(from, s, by, occ))
    }

    /// Whether the piece of side `by` on `from` attacks `s` along a path the
    /// tries do not hold (see [`Position::attacked_slow`]).
    fn attacks_slow_from(&self, from: Sq, s: Sq, by: usize, occ: Set<W>) -> bool {
        let v = self.v;
        let target = bit(s);
        // A hopper attacks the square as if a piece stood there (an empty
        // square a king would pass when castling), so that a piece before
        // the hurdle is no hurdle and the square is the landing.
        let occ = occ | target;
        let p = code_piece(self.board.get(from as usize)) as usize;
        if !v.slow_types.has(p) {
            return false;
        }
        // A piece it may not capture is not attacked by it.
        let c = self.board.get(s as usize);
        if c != 0 && v.no_capture[p].has(code_piece(c)) {
            return false;
        }
        let e = v.entry(p, by, from as usize);
        let (a, b) = v.hop_entries[e];
        for i in a as usize..b as usize {
            if !v.paths[i].capture {
                continue;
            }
            if self.hop_walk(i, occ, v.no_hurdle[p], |to, occupied| occupied && to == s) {
                return true;
            }
        }
        if v.has_special && self.attacks_special(p, by, from, occ, target) {
            return true;
        }
        if v.has_legs && self.attacks_legs(p, by, from, s, occ) {
            return true;
        }
        if v.history.as_ref().is_some_and(|h| h.facing.is_some()) {
            // Facing royal pieces are judged apart: no attack.
            return false;
        }
        let (a, b) = v.attack_entries[e];
        v.paths[a as usize..b as usize]
            .iter()
            .any(|path| self.captures_along(path, occ, target))
    }

    /// Whether `path`, walked like a capture over the occupied squares
    /// `occ` (up to and including the first occupied square, `block`
    /// squares empty), reaches a square of `target`.
    #[inline(always)]
    fn captures_along(&self, path: &FlatPath<W>, occ: Set<W>, target: Set<W>) -> bool {
        for st in &self.v.steps[path.steps.0 as usize..path.steps.1 as usize] {
            if (occ & st.block).any() {
                return false;
            }
            if (target & bit(st.to)).any() {
                return true;
            }
            if (occ & bit(st.to)).any() {
                return false;
            }
        }
        false
    }

    /// Whether piece `p` of `by` on `from` attacks `target` along a special
    /// capture path: a one-time move while `by` holds the right of `from`,
    /// or a move not made in check (an attack all the same).
    fn attacks_special(&self, p: usize, by: usize, from: Sq, occ: Set<W>, target: Set<W>) -> bool {
        let v = self.v;
        let (a, b) = v.special_entries[v.entry(p, by, from as usize)];
        v.paths[a as usize..b as usize].iter().any(|path| {
            if !path.capture || path.once && (self.gates[by] & bit(from)).is_empty() {
                return false;
            }
            self.captures_along(path, occ, target)
        })
    }

    /// The squares of `by`'s pieces that attack `s` with occupancy `occ`,
    /// hoppers and attack-only paths included: the pieces that give check
    /// when `s` holds a royal piece. Only the rules that name the checking
    /// pieces need it; the move generator asks [`Position::attacked`].
    #[cold]
    #[inline(never)]
    pub(crate) fn attackers(&self, s: Sq, by: usize, occ: Set<W>) -> Set<W> {
        let nodes = self.v.trie_at(by, s as usize);
        let mut out: Set<W> = Set::<W>::EMPTY;
        let mut i = 0usize;
        while i < nodes.len() {
            let n = &nodes[i];
            if (occ & n.edge).any() {
                i = n.skip as usize;
                continue;
            }
            if (occ & bit(n.sq)).any() {
                let c = self.board.get(n.sq as usize);
                if c != 0 && code_side(c) == by && n.types.has(code_piece(c)) {
                    out |= bit(n.sq);
                }
                i = n.skip as usize;
            } else {
                i += 1;
            }
        }
        if self.v.slow_types.any() {
            for from in Squares(self.by_side[by] & !out) {
                if self.attacks_slow_from(from, s, by, occ) {
                    out |= bit(from);
                }
            }
        }
        out
    }

    /// Walks the hopper path `paths[index]` with occupancy `occ`: the first
    /// occupied square is the hurdle, and the squares after it (at most
    /// `hop_limit[index]` of them,
    /// 0: any) are landing squares up to and including the next occupied
    /// one. `land(square, occupied)` is called for each; returns whether it
    /// accepted one.
    pub(crate) fn hop_walk(
        &self,
        index: usize,
        occ: Set<W>,
        no_hurdle: Mask<W>,
        mut land: impl FnMut(Sq, bool) -> bool,
    ) -> bool {
        let path = &self.v.paths[index];
        let limit = self.v.hop_limit[index];
        let mut over = false;
        let mut landed = 0u16;
        for st in &self.v.steps[path.steps.0 as usize..path.steps.1 as usize] {
            if (occ & st.block).any() {
                break;
            }
            let occupied = (occ & bit(st.to)).any();
            if !over {
                if occupied && no_hurdle.any() {
                    // A piece of these types is no hurdle: no move beyond.
                    let c = self.board.get(st.to as usize);
                    if c != 0 && no_hurdle.has(code_piece(c)) {
                        break;
                    }
                }
                over = occupied;
                continue;
            }
            if land(st.to, occupied) {
                return true;
            }
            landed += 1;
            if occupied || (limit != 0 && landed >= limit) {
                break;
            }
        }
        false
    }

    /// See [`Position::is_attacked`].
    pub(crate) fn is_attacked(&self, s: Square, by: Color) -> Option<bool> {
        (s.index() < self.v.nsq)
            .then(|| self.attacked_any(s.raw(), by.index(), self.by_side[0] | self.by_side[1]))
    }

    /// Whether a piece of side `by` has an en-passant path onto one of
    /// `squares` (ignoring pins). En-passant squares exist only then, so
    /// positions that differ only by an unusable one are the same.
    fn ep_takeable(&self, squares: Set<W>, by: usize) -> bool {
        let occ = self.by_side[0] | self.by_side[1];
        let nsq = self.v.nsq;
        let sources = Squares(squares).fold(Set::<W>::EMPTY, |m, e| {
            m | self.v.ep_sources[by * nsq + e as usize]
        });
        Squares(self.by_side[by] & sources).any(|from| {
            let p = code_piece(self.board.get(from as usize)) as usize;
            self.v.takes_ep.has(p)
                && self.path_reaches((p, by, from), squares, occ, |x| x.en_passant)
        })
    }

    fn find_ep_victim(&self, e: Sq) -> Option<Sq> {
        let them = self.turn ^ 1;
        for to in Squares(self.by_side[them]) {
            let p = code_piece(self.board.get(to as usize)) as usize;
            if !self.v.creates_ep.has(p) {
                continue;
            }
            for from in 0..self.v.nsq {
                let list = &self.v.ep_creators[self.v.entry(p, them, from)];
                if list.iter().any(|&(t, m)| t == to && (m & bit(e)).any())
                    && self.board.get(from) == 0
                {
                    return Some(to);
                }
            }
        }
        None
    }

    fn compute_hash(&self) -> u64 {
        let k = &self.v.keys;
        let nsq = self.v.nsq;
        let mut h = 0u64;
        for s in 0..nsq {
            let c = self.board.get(s) as usize;
            if c != 0 {
                h ^= k.piece_sq[c * nsq + s];
            }
        }
        for s in Squares(self.promoted) {
            h ^= k.promoted[s as usize];
        }
        for side in 0..2 {
            for p in 0..self.v.npieces {
                h ^= self.hand_key(side, p, self.hands[side][p]);
            }
        }
        if self.turn == 1 {
            h ^= k.black;
        }
        for i in 0..16 {
            if self.castling & (1 << i) != 0 {
                h ^= k.castling[i];
            }
        }
        for s in Squares(self.ep) {
            h ^= k.ep[s as usize];
        }
        for side in 0..2 {
            for s in Squares(self.gates[side]) {
                h ^= k.gates[side * nsq + s as usize];
            }
        }
        if self.v.check_count.is_some() {
            for side in 0..2 {
                h ^= k.checks[side * 256 + self.checks[side] as usize];
            }
        }
        if self.count[0] != 0 {
            h ^= k.counting[self.count[0] as usize];
        }
        h
    }

    #[inline(always)]
    fn hand_key(&self, side: usize, p: usize, n: u8) -> u64 {
        if n == 0 {
            0
        } else {
            self.v.keys.hand[(p * 2 + side) * 65 + (n as usize).min(MAX_HAND as usize)]
        }
    }

    #[inline(always)]
    fn put(&mut self, s: Sq, c: u16, promoted: bool) {
        let side = code_side(c);
        self.board.set(s as usize, c);
        self.by_side[side] |= bit(s);
        if self.v.royal_of[side].has(code_piece(c)) {
            self.royals[side] |= bit(s);
        }
        self.hash ^= self.v.keys.piece_sq[c as usize * self.v.nsq + s as usize];
        if promoted {
            self.promoted |= bit(s);
            self.hash ^= self.v.keys.promoted[s as usize];
        }
    }

    /// Removes what stands on `s`; returns its code and promoted mark.
    #[inline(always)]
    fn take(&mut self, s: Sq) -> (u16, bool) {
        let c = self.board.get(s as usize);
        if c == 0 {
            return (0, false);
        }
        let side = code_side(c);
        self.board.set(s as usize, 0);
        self.by_side[side] &= !bit::<Set<W>>(s);
        self.royals[side] &= !bit::<Set<W>>(s);
        self.hash ^= self.v.keys.piece_sq[c as usize * self.v.nsq + s as usize];
        let promoted = (self.promoted & bit(s)).any();
        if promoted {
            self.promoted &= !bit::<Set<W>>(s);
            self.hash ^= self.v.keys.promoted[s as usize];
        }
        (c, promoted)
    }

    /// Adds `delta` (±1) to a hand. [`Position::from_setup`] bounds the
    /// material so that a legal move never takes a count out of
    /// `0..=MAX_HAND`; the wrapping arithmetic keeps make/unmake an exact
    /// inverse (no clamping) without a test on the hot path.
    #[inline(always)]
    fn add_to_hand(&mut self, side: usize, p: usize, delta: i8) {
        let old = self.hands[side][p];
        let new = old.wrapping_add_signed(delta);
        self.hash ^= self.hand_key(side, p, old) ^ self.hand_key(side, p, new);
        self.hands[side][p] = new;
    }

    /// The captured piece `c` (with its mark) goes to the capturer's hand.
    #[inline(always)]
    fn capture_to_hand(&mut self, c: u16, promoted: bool) {
        if !self.v.captures_to_hand || c == 0 {
            return;
        }
        let p = code_piece(c) as usize;
        if self.v.royal_types.has(p) {
            return;
        }
        let into = if promoted {
            self.v.demote[p]
        } else {
            self.v.to_hand[p]
        };
        let us = self.turn;
        self.add_to_hand(us, into as usize, 1);
    }

    /// See [`Position::make`].
    pub(crate) fn make(&mut self, m: Move) -> UndoAt<W> {
        let (moved_from, cap_sq) = match m {
            Move::Normal { from, to, .. } => (from.raw(), to.raw()),
            Move::EnPassant { from, .. } => (from.raw(), self.ep_victim),
            Move::Locust { from, via, .. } => (from.raw(), via.raw()),
            Move::Castle { .. } | Move::Drop { .. } | Move::Pass { .. } => (0, 0),
        };
        let (captured2, captured2_promoted) = self.locust_second_capture(m);
        let board_move = matches!(
            m,
            Move::Normal { .. } | Move::EnPassant { .. } | Move::Locust { .. }
        );
        let undo = UndoAt {
            m,
            moved: if board_move {
                self.board.get(moved_from as usize)
            } else {
                0
            },
            moved_promoted: board_move && (self.promoted & bit(moved_from)).any(),
            cap_sq,
            captured: if board_move {
                self.board.get(cap_sq as usize)
            } else {
                0
            },
            captured_promoted: board_move && (self.promoted & bit(cap_sq)).any(),
            captured2,
            captured2_promoted,
            castling: self.castling,
            gates: self.gates,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            checks: self.checks,
            count: self.count,
            hash: self.hash,
            history: self.history,
        };
        self.play_unchecked(m);
        undo
    }

    /// See [`Position::unmake`].
    pub(crate) fn unmake(&mut self, u: UndoAt<W>) {
        self.turn ^= 1;
        let us = self.turn;
        match u.m {
            Move::Normal { from, to, promote } | Move::EnPassant { from, to, promote } => {
                let (from, to) = (from.raw(), to.raw());
                match promote {
                    Promote::Hand(t) => self.add_to_hand(us, t.index(), -1),
                    Promote::None | Promote::Piece(_) => {
                        self.take(to);
                    }
                    Promote::Gate(t) => {
                        self.take(to);
                        self.take(from);
                        self.add_to_hand(us, self.v.hand_of[t.index()] as usize, 1);
                    }
                }
                self.put(from, u.moved, u.moved_promoted);
                if u.captured != 0 {
                    self.put(u.cap_sq, u.captured, u.captured_promoted);
                    let p = code_piece(u.captured) as usize;
                    if self.v.captures_to_hand && !self.v.royal_types.has(p) {
                        let into = if u.captured_promoted {
                            self.v.demote[p]
                        } else {
                            self.v.to_hand[p]
                        };
                        self.add_to_hand(us, into as usize, -1);
                    }
                }
            }
            Move::Castle {
                rule,
                from,
                to,
                gate,
            } => {
                let c = self.v.castles[rule as usize];
                let (from, to) = (from.raw(), to.raw());
                if let Some(g) = gate {
                    let (kf, rf) = self.castle_squares(rule, from, to);
                    self.take(if g.on_rook() { rf } else { kf });
                    self.add_to_hand(us, self.v.hand_of[g.piece().index()] as usize, 1);
                }
                let (k, km) = self.take(c.king_to);
                let (r, rm) = self.take(c.rook_to);
                // A free castling is written king-takes-rook.
                let (kf, rf) = if c.free {
                    (from, to)
                } else {
                    (c.king_from, c.rook_from)
                };
                self.put(kf, k, km);
                self.put(rf, r, rm);
            }
            Move::Drop { piece, to } => {
                self.take(to.raw());
                self.add_to_hand(us, self.v.hand_of[piece.index()] as usize, 1);
            }
            Move::Locust { .. } => self.unmake_locust(&u),
            Move::Pass { .. } => {}
        }
        self.history = u.history;
        self.castling = u.castling;
        self.gates = u.gates;
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.fullmove = u.fullmove;
        self.checks = u.checks;
        self.count = u.count;
        self.hash = u.hash;
    }

    /// See [`Position::play_unchecked`].
    pub(crate) fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let v = self.v;
        // Clear en passant.
        for s in Squares(self.ep) {
            self.hash ^= v.keys.ep[s as usize];
        }
        self.ep = Set::<W>::EMPTY;
        let old_castling = self.castling;
        let mut reset = false;
        let mut captured = false;
        match m {
            Move::Normal { from, to, promote } | Move::EnPassant { from, to, promote } => {
                let (from, to) = (from.raw(), to.raw());
                let (cap, cap_promoted) = if let Move::EnPassant { .. } = m {
                    self.take(self.ep_victim)
                } else if from == to {
                    // A promotion where the piece stands (`turn`).
                    (0, false)
                } else {
                    self.take(to)
                };
                if cap != 0 {
                    reset = true;
                    captured = true;
                    self.capture_to_hand(cap, cap_promoted);
                }
                let (c, marked) = self.take(from);
                let p = code_piece(c);
                if v.resets.has(p) {
                    reset = true;
                }
                match promote {
                    Promote::None => self.put(to, c, marked),
                    Promote::Piece(t) => {
                        let t = t.raw();
                        self.put(to, code(t, us), v.marks.has(t))
                    }
                    Promote::Hand(t) => self.add_to_hand(us, t.index(), 1),
                    Promote::Gate(t) => {
                        self.put(to, c, marked);
                        self.gate_in(from, t.raw());
                    }
                }
                // Only a quiet move creates en-passant squares (a capture
                // may end where a creating path does, along another path).
                if cap == 0 && v.creates_ep.has(p) {
                    let list = &v.ep_creators[v.entry(p as usize, us, from as usize)];
                    if let Some(&(_, squares)) = list.iter().find(|&&(t, _)| t == to) {
                        if self.ep_takeable(squares, us ^ 1) {
                            self.ep = squares;
                            self.ep_victim = to;
                            for s in Squares(squares) {
                                self.hash ^= v.keys.ep[s as usize];
                            }
                        }
                    }
                }
                self.castling &= !(v.castle_clear[from as usize] | v.castle_clear[to as usize]);
                if v.rights_by_square {
                    self.clear_rights_by_square(from, to);
                }
            }
            Move::Castle {
                rule,
                from,
                to,
                gate,
            } => {
                let c = v.castles[rule as usize];
                let (kf, rf) = self.castle_squares(rule, from.raw(), to.raw());
                let (k, km) = self.take(kf);
                let (r, rm) = self.take(rf);
                self.put(c.king_to, k, km);
                self.put(c.rook_to, r, rm);
                self.castling &= !(v.castle_clear[kf as usize] | v.castle_clear[rf as usize]);
                if c.free {
                    self.castling &= !v.free_castles[us];
                }
                if let Some(g) = gate {
                    self.gate_in(if g.on_rook() { rf } else { kf }, g.piece().raw());
                }
                if v.gating || v.once {
                    self.clear_gates(kf, rf);
                }
            }
            Move::Drop { piece, to } => {
                let piece = piece.raw();
                self.add_to_hand(us, v.hand_of[piece as usize] as usize, -1);
                self.put(to.raw(), code(piece, us), false);
                reset = v.resets.has(piece);
                if v.gates_need_hand {
                    self.drop_unusable_gates(us);
                }
                if let Some(pl) = &v.place {
                    if pl.by_drop != 0 {
                        self.castle_by_drop(pl.by_drop, to.raw());
                    }
                }
            }
            Move::Locust { from, via, to } => {
                (reset, captured) = self.play_locust(from.raw(), via.raw(), to.raw());
            }
            Move::Pass { .. } => {}
        }
        let changed = old_castling ^ self.castling;
        if changed != 0 {
            for i in 0..16 {
                if changed & (1 << i) != 0 {
                    self.hash ^= v.keys.castling[i];
                }
            }
        }
        // Both clocks stop at their maximum, so they never wrap and every
        // position's FEN reads back.
        self.halfmove = if reset {
            0
        } else {
            (self.halfmove + 1).min(MAX_HALFMOVE)
        };
        if us == 1 {
            self.fullmove = (self.fullmove + 1).min(MAX_FULLMOVE);
        }
        self.turn ^= 1;
        self.hash ^= v.keys.black;
        if v.check_count.is_some() {
            self.count_check(us);
        }
        if v.history.is_some() {
            self.update_history(matches!(m, Move::Pass { .. }));
        }
        if v.counting.is_some() {
            self.update_count(captured);
        }
    }

    /// After a drop on `to`: grants each castling right of `rules` whose
    /// king and rook now both stand on their start squares, one of them
    /// just dropped there.
    #[cold]
    fn castle_by_drop(&mut self, rules: u16, to: Sq) {
        let v = self.v;
        for (i, c) in v.castles.iter().enumerate() {
            if rules & (1 << i) == 0 || (to != c.king_from && to != c.rook_from) {
                continue;
            }
            if self.board.get(c.king_from as usize) == code(c.king, c.side)
                && self.board.get(c.rook_from as usize) == code(c.rook, c.side)
            {
                self.castling |= 1 << i;
            }
        }
    }

    /// In a variant with a counting rule, after a move (`event`: it
    /// captured): the running count grows by one ply; a count starts for
    /// the side to move if none runs, or if `event` left that side with a
    /// single piece, and the side has a limit.
    #[cold]
    fn update_count(&mut self, event: bool) {
        let Some(c) = &self.v.counting else { return };
        if self.count[0] != 0 {
            self.count[1] = (self.count[1] + 1).min(MAX_HALFMOVE);
        }
        let side = self.turn;
        let bare = self.by_side[side].count() == 1;
        if self.count[0] != 0 && !(event && bare) {
            return;
        }
        let moves = self.counting_limit(c, side);
        if moves == 0 {
            return;
        }
        let keys = &self.v.keys.counting;
        if self.count[0] != 0 {
            self.hash ^= keys[self.count[0] as usize];
        }
        let total = (self.by_side[0] | self.by_side[1]).count();
        let ply = if bare && c.from_pieces { 2 * total } else { 0 };
        self.count = [2 * moves, ply];
        self.hash ^= keys[self.count[0] as usize];
    }

    /// The limit in moves of a count for `side` now (0: none).
    fn counting_limit(&self, c: &crate::table::CountingRule, side: usize) -> u32 {
        let mut counts = [[0u32; 32]; 2];
        for s in Squares(self.by_side[0] | self.by_side[1]) {
            let b = self.board.get(s as usize);
            counts[code_side(b)][code_piece(b) as usize] += 1;
        }
        if c.without
            .iter()
            .any(|&p| counts[0][p as usize] + counts[1][p as usize] != 0)
        {
            return 0;
        }
        let opp = side ^ 1;
        if self.by_side[opp].count() <= 1 {
            return 0;
        }
        if self.by_side[side].count() > 1 {
            return c.board;
        }
        c.bare
            .iter()
            .find(|l| l.needs.iter().all(|&(p, n)| counts[opp][p as usize] >= n))
            .map_or(0, |l| l.moves)
    }

    /// See [`Position::counting`].
    pub(crate) fn counting(&self) -> Option<(u32, u32)> {
        (self.count[0] != 0).then_some((self.count[0], self.count[1]))
    }

    /// After a move in a variant with passing or facing rules: counts the
    /// passes in a row and whether the royal pieces face, now and before.
    #[cold]
    #[inline(never)]
    fn update_history(&mut self, pass: bool) {
        let h = &mut self.history;
        h.passes = if pass { (h.passes + 1).min(2) } else { 0 };
        h.facing_before = h.facing;
        let facing = self.v.history.as_ref().is_some_and(|r| r.facing.is_some());
        self.history.facing = facing && self.royals_face();
        if self
            .v
            .history
            .as_ref()
            .is_some_and(|r| r.mate_needs.is_some())
        {
            self.update_needed_check(self.turn ^ 1);
        }
    }

    /// After a move by `us` in a variant with `checkmate needs`: if the move
    /// gives check, `us`'s run of checks goes on, holding a needed check if
    /// it held one or a needed piece gives this one; a move that gives no
    /// check ends the run.
    fn update_needed_check(&mut self, us: usize) {
        let Some((needs, _)) = self.v.history.as_ref().and_then(|r| r.mate_needs) else {
            return;
        };
        let checkers = self.checkers(us ^ 1);
        let held = checkers.any()
            && (self.history.needed_check & (1 << us) != 0
                || (self.types_in(checkers) & needs).any());
        let h = &mut self.history;
        h.needed_check = (h.needed_check & !(1 << us)) | (u8::from(held) << us);
    }

    /// The bit set of the piece types standing on `squares`.
    fn types_in(&self, squares: Set<W>) -> Mask<W> {
        Squares(squares).fold(Mask::<W>::EMPTY, |m, s| {
            m | bit(code_piece(self.board.get(s as usize)))
        })
    }

    /// The squares of the pieces that give check to `side`'s royal pieces.
    pub(crate) fn checkers(&self, side: usize) -> Set<W> {
        let occ = self.by_side[0] | self.by_side[1];
        Squares(self.royals[side])
            .fold(Set::<W>::EMPTY, |m, k| m | self.attackers(k, side ^ 1, occ))
    }

    /// Whether a royal piece of either side reaches an enemy royal piece
    /// along one of its `faces` lines with only empty squares between.
    pub(crate) fn royals_face(&self) -> bool {
        let v = self.v;
        let occ = self.by_side[0] | self.by_side[1];
        (0..2).any(|side| {
            Squares(self.royals[side]).any(|k| {
                let p = code_piece(self.board.get(k as usize)) as usize;
                let (a, b) = v.attack_entries[v.entry(p, side, k as usize)];
                v.paths[a as usize..b as usize].iter().any(|path| {
                    for st in &v.steps[path.steps.0 as usize..path.steps.1 as usize] {
                        if (occ & st.block).any() {
                            return false;
                        }
                        if (self.royals[side ^ 1] & bit(st.to)).any() {
                            return true;
                        }
                        if (occ & bit(st.to)).any() {
                            return false;
                        }
                    }
                    false
                })
            })
        })
    }

    /// See [`Position::royals_facing`].
    pub(crate) fn royals_facing(&self) -> bool {
        self.history.facing
    }

    /// Rights kept by square lost by a move from `from` to `to`: free
    /// castling rights, gate rights.
    #[cold]
    #[inline(never)]
    fn clear_rights_by_square(&mut self, from: Sq, to: Sq) {
        if self.castling & (self.v.free_castles[0] | self.v.free_castles[1]) != 0 {
            self.clear_free_castling(from, to);
        }
        if self.v.gating || self.v.once {
            self.clear_gates(from, to);
        }
    }

    /// Free (Chess960) castling rights lost by a move from `from` to `to`:
    /// the king's (all of its side's) and the rook's (on either square).
    #[cold]
    #[inline(never)]
    fn clear_free_castling(&mut self, from: Sq, to: Sq) {
        let free = self.v.free_castles[0] | self.v.free_castles[1];
        for i in 0..16 {
            let [k, r] = self.free_castle[i];
            if free & self.castling & (1 << i) != 0 && (from == k || from == r || to == r) {
                self.castling &= !(1 << i);
            }
        }
    }

    /// The king's and the rook's start squares of a castling move.
    pub(crate) fn castle_squares(&self, rule: u8, from: Sq, to: Sq) -> (Sq, Sq) {
        let c = self.v.castles[rule as usize];
        if c.free {
            (from, to)
        } else {
            (c.king_from, c.rook_from)
        }
    }

    /// Gating: piece `p` of the side to move enters from its hand on `s`.
    #[cold]
    #[inline(never)]
    fn gate_in(&mut self, s: Sq, p: u8) {
        let us = self.turn;
        self.add_to_hand(us, self.v.hand_of[p as usize] as usize, -1);
        self.put(s, code(p, us), false);
    }

    /// Gate rights lost by a move from `from` to `to` (a castling: the
    /// king's and the rook's squares), for both sides; and those of the
    /// mover if its hand can no longer hold a piece.
    #[cold]
    #[inline(never)]
    fn clear_gates(&mut self, from: Sq, to: Sq) {
        let nsq = self.v.nsq;
        for side in 0..2 {
            for s in [from, to] {
                if (self.gates[side] & bit(s)).any() {
                    self.gates[side] &= !bit::<Set<W>>(s);
                    self.hash ^= self.v.keys.gates[side * nsq + s as usize];
                }
            }
        }
        self.drop_unusable_gates(self.turn);
    }

    /// Where captures do not go to hand, a side whose hand is empty can
    /// never gate again: its gate rights go.
    fn drop_unusable_gates(&mut self, side: usize) {
        if !self.v.gates_need_hand || self.hands[side].as_ref().iter().any(|&n| n > 0) {
            return;
        }
        let nsq = self.v.nsq;
        for s in Squares(self.gates[side]) {
            self.hash ^= self.v.keys.gates[side * nsq + s as usize];
        }
        self.gates[side] = Set::<W>::EMPTY;
    }

    /// In a variant that counts checks: if `us` has just given check, one
    /// check fewer to give.
    fn count_check(&mut self, us: usize) {
        let left = self.checks[us];
        if left > 0 && self.in_check_side(us ^ 1) {
            let keys = &self.v.keys.checks;
            self.hash ^= keys[us * 256 + left as usize] ^ keys[us * 256 + left as usize - 1];
            self.checks[us] = left - 1;
        }
    }

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
                        self.by_side[0] | self.by_side[1],
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

    /// See [`Position::rule_outcome`].
    pub(crate) fn rule_outcome(&self) -> Option<GameResult> {
        if self.v.history.is_some() {
            if let Some(r) = self.history_outcome() {
                return Some(r);
            }
        }
        if let Some((_, outcome)) = self.v.check_count {
            for side in [self.turn ^ 1, self.turn] {
                if self.checks[side] == 0 {
                    return Some(result_for(side, outcome, EndReason::Checks));
                }
            }
        }
        if !self.v.extinction.is_empty() {
            if let Some(r) = self.extinction_outcome() {
                return Some(r);
            }
        }
        if let Some(o) = self.v.tables.parts.end.bare_king {
            if let Some(r) = self.bare_king_outcome(o) {
                return Some(r);
            }
        }
        for &(piece, squares, outcome, after_reply) in &self.v.reach {
            let on = |side: usize| {
                Squares(self.by_side[side] & squares[side])
                    .any(|s| code_piece(self.board.get(s as usize)) == piece)
            };
            if after_reply {
                // Judged for the side to move, whose opponent has replied:
                // a draw if White reached first and Black followed.
                let m = self.turn;
                if on(m) {
                    return Some(if m == 0 && on(1) {
                        result_for(m, Outcome::Draw, EndReason::Reach)
                    } else {
                        result_for(m, outcome, EndReason::Reach)
                    });
                }
                continue;
            }
            for side in 0..2 {
                if on(side) {
                    return Some(result_for(side, outcome, EndReason::Reach));
                }
            }
        }
        None
    }

    /// Two passes in a row, or royal pieces that faced before and after the
    /// last move.
    #[cold]
    #[inline(never)]
    fn history_outcome(&self) -> Option<GameResult> {
        let rules = self.v.history.as_ref()?;
        let h = self.history;
        let (verdict, reason) = match (rules.double_pass, rules.facing) {
            (Some(vd), _) if h.passes >= 2 => (vd, EndReason::Passes),
            (_, Some(vd)) if h.facing && h.facing_before => (vd, EndReason::Facing),
            _ => return None,
        };
        let last = self.turn ^ 1;
        Some(match verdict {
            Verdict::Win => result_for(last, Outcome::Win, reason),
            Verdict::Draw => result_for(last, Outcome::Draw, reason),
            Verdict::Loss => result_for(last, Outcome::Loss, reason),
            Verdict::Points => {
                let [w, b] = self.points_raw();
                let winner = match w.cmp(&b) {
                    std::cmp::Ordering::Greater => Some(Color::White),
                    std::cmp::Ordering::Less => Some(Color::Black),
                    std::cmp::Ordering::Equal => None,
                };
                GameResult { winner, reason }
            }
        })
    }

    /// See [`Position::points`].
    pub(crate) fn points(&self) -> ByColor<u64> {
        ByColor::from(self.points_raw())
    }

    /// [`Position::points`], White's first.
    pub(crate) fn points_raw(&self) -> [u64; 2] {
        let Some(rules) = self.v.history.as_ref() else {
            return [0, 0];
        };
        let mut total = rules.komi.map(u64::from);
        for (side, t) in total.iter_mut().enumerate() {
            for s in Squares(self.by_side[side]) {
                let p = code_piece(self.board.get(s as usize)) as usize;
                *t += u64::from(rules.points[p]);
            }
        }
        total
    }

    /// The extinction rules: the side to move first, then the other, a side
    /// with no piece (of the rule's type) on the board or in hand.
    fn extinction_outcome(&self) -> Option<GameResult> {
        for side in [self.turn, self.turn ^ 1] {
            for &(piece, left, outcome) in &self.v.extinction {
                let hand = &self.hands[side].as_ref()[..self.v.npieces];
                let count = match piece {
                    None => {
                        self.by_side[side].count() + hand.iter().map(|&n| u32::from(n)).sum::<u32>()
                    }
                    Some(p) => {
                        u32::from(hand[p as usize])
                            + Squares(self.by_side[side])
                                .filter(|&s| code_piece(self.board.get(s as usize)) == p)
                                .count() as u32
                    }
                };
                if count <= left {
                    return Some(result_for(side, outcome, EndReason::Extinction));
                }
            }
        }
        None
    }

    /// The bare-royal rule, judged after the last move (by J) with M to move.
    /// A side is bare when only its royal pieces stand on the board (pieces
    /// in hand do not count).
    ///
    /// * Both bare: draw.
    /// * J bare, M not: J's reply to being bared neither captured M's last
    ///   piece nor dropped a piece, so M wins.
    /// * M bare, J not, and M has a legal move: J wins at once if J has two
    ///   or more pieces besides royals, or one that M cannot capture;
    ///   otherwise M gets one reply. (With no legal move, checkmate or
    ///   stalemate decides.)
    fn bare_king_outcome(&self, o: Outcome) -> Option<GameResult> {
        let m = self.turn;
        let j = m ^ 1;
        if self.royals[0].is_empty() || self.royals[1].is_empty() {
            return None;
        }
        let others = |s: usize| self.by_side[s] & !self.royals[s];
        let (om, oj) = (others(m), others(j));
        if self.v.tables.parts.end.bare_king_after_reply {
            return self.bare_king_after_reply(o, om, oj);
        }
        match (om.is_empty(), oj.is_empty()) {
            (true, true) => Some(GameResult {
                winner: None,
                reason: EndReason::BothBare,
            }),
            (false, true) => Some(result_for(j, o, EndReason::BareKing)),
            (true, false) => {
                let moves = self.moves();
                if moves.is_empty() {
                    return None;
                }
                let can_counter = oj.count() == 1
                    && moves.iter().any(|mv| {
                        mv.from().is_some() && bit::<Set<W>>(mv.to().raw()) == oj
                            || matches!(mv, Move::EnPassant { .. })
                                && bit::<Set<W>>(self.ep_victim) == oj
                    });
                (!can_counter).then(|| result_for(m, o, EndReason::BareKing))
            }
            (false, false) => None,
        }
    }

    /// `bare-king … after-reply`, judged with M to move after J's move
    /// (`om`, `oj`: their pieces besides royals), as Fairy-Stockfish 11.1
    /// plays shatranj:
    ///
    /// * J bare, M not: J had his reply and did not bare M back, so J gets
    ///   the outcome.
    /// * M bare, J with two or more pieces: no reply can bare J, so M gets
    ///   the outcome at once.
    /// * M bare, J with one piece: M replies first (maybe taking it).
    /// * Both bare: the rule says nothing; play goes on.
    #[cold]
    #[inline(never)]
    fn bare_king_after_reply(&self, o: Outcome, om: Set<W>, oj: Set<W>) -> Option<GameResult> {
        let (m, j) = (self.turn, self.turn ^ 1);
        match (om.is_empty(), oj.is_empty()) {
            (false, true) => Some(result_for(j, o, EndReason::BareKing)),
            (true, false) if oj.count() >= 2 => Some(result_for(m, o, EndReason::BareKing)),
            _ => None,
        }
    }

    /// The result if the game is over here (goal, checkmate, stalemate);
    /// `None` if the side to move has a legal move. Repetition and the n-move
    /// rule need the game's history: see [`crate::Game`].
    pub fn outcome(&self) -> Option<GameResult> {
        if let Some(r) = self.rule_outcome() {
            return Some(r);
        }
        if !self.moves().is_empty() {
            return None;
        }
        let rules = &self.v.tables.parts.end;
        Some(if self.is_check() {
            self.checkmate_result()
        } else if rules.stalemate_fewer_pieces {
            let ours = self.by_side[self.turn].count();
            let theirs = self.by_side[self.turn ^ 1].count();
            let outcome = match ours.cmp(&theirs) {
                std::cmp::Ordering::Less => Outcome::Win,
                std::cmp::Ordering::Equal => Outcome::Draw,
                std::cmp::Ordering::Greater => Outcome::Loss,
            };
            result_for(self.turn, outcome, EndReason::Stalemate)
        } else {
            result_for(self.turn, rules.stalemate, EndReason::Stalemate)
        })
    }
}

impl<W: Width> Pos<'_, W> {
    /// The result of the checkmate on the board: `checkmate`'s outcome for
    /// the mated player, unless `checkmate by` (every checking piece is of
    /// its types) or `checkmate needs` (no needed check in the mating
    /// player's last run of checks) decides otherwise, in that order.
    fn checkmate_result(&self) -> GameResult {
        let v = self.v;
        let mated = self.turn;
        if let Some((by, outcome)) = v.mate_by {
            let types = self.types_in(self.checkers(mated));
            if types.any() && (types & !by).is_empty() {
                return result_for(mated, outcome, EndReason::CheckmateBy);
            }
        }
        if let Some((_, outcome)) = v.history.as_ref().and_then(|r| r.mate_needs) {
            if self.history.needed_check & (1 << (mated ^ 1)) == 0 {
                return result_for(mated, outcome, EndReason::CheckmateWithoutNeededCheck);
            }
        }
        result_for(mated, v.tables.parts.end.checkmate, EndReason::Checkmate)
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
