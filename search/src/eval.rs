//! The evaluation: every weight comes from the variant's move table, none
//! is tuned for one variant.
//!
//! - A piece's value is its mobility on an empty board, averaged over the
//!   squares: a target reached by the first step of a path counts 1, by a
//!   later step of a slide 0.7, and a move-only or capture-only target half
//!   of that. Royal pieces count nothing (their loss ends the game).
//! - A piece that promotes is worth more the closer (in its own moves on an
//!   empty board) it stands to its zone: a quarter of the gain of its best
//!   promotion at one move, a quarter of that with each move further.
//! - A piece in hand is worth a little more than on the board.
//! - Mobility: each piece gains or loses by how many squares it reaches from
//!   its square on an empty board, against its average.
//! - Goals: a piece with a goal gains by its distance to the goal squares
//!   (in its own moves); a check-counting game counts the checks given.
//! - Where losing every piece wins (`extinction` with a winning outcome), the
//!   material counts the other way.

use fairyc_runtime::table::{Outcome, PromotionChoice};
use fairyc_runtime::{reach, Color, PieceType, Position, Variant};

/// Centipawns: a pawn-like piece is worth about 100.
const SCALE: f64 = 60.0;
/// The bonus of a piece one move from a winning goal.
const GOAL: i32 = 400;
/// The bonus of having one check left to give, divided by the checks left.
const CHECKS: i32 = 450;
/// Distances beyond this many moves count nothing.
const FAR: u8 = 8;

/// The evaluation tables of one variant.
#[derive(Clone, Debug)]
pub struct Evaluator {
    nsq: usize,
    /// `value[side][piece]`, centipawns on the board.
    value: [Vec<i32>; 2],
    /// `hand[piece]`, centipawns in hand.
    hand: Vec<i32>,
    /// `square[side][piece * nsq + sq]`: mobility and promotion and goal
    /// bonuses of the piece on that square.
    square: [Vec<i32>; 2],
    /// +1, or -1 where having fewer pieces is the aim.
    sign: i32,
    /// Whether the variant counts checks.
    checks: bool,
    /// `(piece, left)` of extinction rules with a losing outcome.
    extinction: Vec<(u8, u32)>,
}

/// The empty-board reach of `piece` of `side` from `from`, weighted as the
/// module says, and the squares reached by moves that may move there.
fn weighted_reach(v: &Variant, piece: u8, side: Color, from: u16) -> (f64, Vec<u16>) {
    let t = v.tables();
    let typed = v
        .piece(piece as usize)
        .zip(v.square(from as usize))
        .and_then(|(p, s)| reach(v, p, side, s));
    let Some(targets) = typed else {
        return (0.0, Vec::new());
    };
    // The first-step targets: squares reached by the first step of a path.
    let mut first = vec![false; v.square_count()];
    if let Some(paths) = t.parts().pieces[piece as usize].moves[side.index()].get(from as usize) {
        for p in paths
            .iter()
            .filter(|p| p.hop.is_none() && !p.role.attack_only())
        {
            if let Some(s) = p.steps.first() {
                if let Some(f) = first.get_mut(s.to as usize) {
                    *f = true;
                }
            }
        }
    }
    let mut w = 0.0;
    let mut quiet = Vec::new();
    for (&sq, r) in &targets {
        let sq = sq.index() as u16;
        let base = if first.get(sq as usize).copied().unwrap_or(false) {
            1.0
        } else {
            0.7
        };
        let both = (r.quiet && r.capture) || r.guarded;
        let one = r.quiet || r.capture || r.en_passant;
        w += if both {
            base
        } else if one {
            base * 0.5
        } else {
            0.0
        };
        if r.quiet || r.guarded {
            quiet.push(sq);
        }
    }
    (w, quiet)
}

/// Distances (in moves of the piece on an empty board) from every square to
/// the nearest of `goals`; `u8::MAX` where unreachable.
fn distances(nsq: usize, moves: &[Vec<u16>], goals: &[u16]) -> Vec<u8> {
    // Backwards breadth-first search over the reversed move graph.
    let mut back: Vec<Vec<u16>> = vec![Vec::new(); nsq];
    for (from, tos) in moves.iter().enumerate() {
        for &to in tos {
            if let Some(b) = back.get_mut(to as usize) {
                b.push(from as u16);
            }
        }
    }
    let mut dist = vec![u8::MAX; nsq];
    let mut queue = std::collections::VecDeque::new();
    for &g in goals {
        if let Some(d) = dist.get_mut(g as usize) {
            *d = 0;
            queue.push_back(g);
        }
    }
    while let Some(s) = queue.pop_front() {
        let d = dist[s as usize];
        if d >= FAR {
            continue;
        }
        for &f in &back[s as usize] {
            if dist[f as usize] == u8::MAX {
                dist[f as usize] = d + 1;
                queue.push_back(f);
            }
        }
    }
    dist
}

impl Evaluator {
    /// Derives the tables from the variant.
    pub fn new(v: &Variant) -> Evaluator {
        let t = v.tables().parts();
        let nsq = v.square_count();
        let np = v.piece_count();
        let mut mob = [vec![vec![0.0f64; nsq]; np], vec![vec![0.0f64; nsq]; np]];
        let mut quiet: [Vec<Vec<Vec<u16>>>; 2] = [vec![Vec::new(); np], vec![Vec::new(); np]];
        let mut avg = vec![0.0f64; np];
        for p in 0..np {
            for side in [Color::White, Color::Black] {
                for (s, m) in mob[side.index()][p].iter_mut().enumerate() {
                    let (w, q) = weighted_reach(v, p as u8, side, s as u16);
                    *m = w;
                    quiet[side.index()][p].push(q);
                    avg[p] += w;
                }
            }
            avg[p] /= (2 * nsq.max(1)) as f64;
        }
        let raw: Vec<i32> = avg.iter().map(|&a| ((a * SCALE) as i32).max(50)).collect();
        let value = [Color::White, Color::Black].map(|side| {
            v.pieces()
                .map(|p| {
                    if v.is_royal_for(p, side) {
                        0
                    } else {
                        raw[p.index()]
                    }
                })
                .collect::<Vec<i32>>()
        });
        let hand: Vec<i32> = raw.iter().map(|&x| x + x / 10).collect();
        let mut square = [vec![0i32; np * nsq], vec![0i32; np * nsq]];
        for side in 0..2 {
            for p in 0..np {
                for s in 0..nsq {
                    square[side][p * nsq + s] = ((mob[side][p][s] - avg[p]) * 8.0) as i32;
                }
            }
        }
        // Promotion: half the best gain one move away, halving further out.
        for rule in &t.promotions {
            let p = rule.piece as usize;
            if p >= np {
                continue;
            }
            let best = rule
                .choices
                .iter()
                .map(|c| match *c {
                    PromotionChoice::Piece(q) => raw.get(q as usize).copied().unwrap_or(0),
                    PromotionChoice::Hand(q) => hand.get(q as usize).copied().unwrap_or(0),
                })
                .max()
                .unwrap_or(0);
            let gain = best - raw[p];
            if gain <= 0 {
                continue;
            }
            for side in 0..2 {
                let dist = distances(nsq, &quiet[side][p], &rule.zone[side]);
                for s in 0..nsq {
                    let d = dist[s];
                    if (1..FAR).contains(&d) {
                        square[side][p * nsq + s] += (gain / 4) >> (2 * (d - 1));
                    }
                }
            }
        }
        // Goals: nearer is better for a winning goal, worse for a losing one.
        for rule in &t.end.reach {
            let p = rule.piece as usize;
            if p >= np {
                continue;
            }
            let sign = match rule.outcome {
                Outcome::Win => 1,
                Outcome::Loss => -1,
                Outcome::Draw => 0,
            };
            for side in 0..2 {
                let dist = distances(nsq, &quiet[side][p], &rule.squares[side]);
                for s in 0..nsq {
                    let d = dist[s];
                    if (1..FAR).contains(&d) {
                        square[side][p * nsq + s] += sign * (GOAL >> (d - 1));
                    }
                }
            }
        }
        let sign = if t
            .end
            .extinction
            .iter()
            .any(|e| e.piece.is_none() && e.outcome == Outcome::Win)
        {
            -1
        } else {
            1
        };
        let extinction = t
            .end
            .extinction
            .iter()
            .filter(|e| e.outcome == Outcome::Loss)
            .filter_map(|e| e.piece.map(|p| (p, e.left)))
            .collect();
        Evaluator {
            nsq,
            value,
            hand,
            square,
            sign,
            checks: v.check_count().is_some(),
            extinction,
        }
    }

    /// The value of a piece type of `side` on the board, in centipawns (0
    /// for a royal piece).
    pub fn value(&self, side: Color, piece: PieceType) -> i32 {
        self.value[side.index()]
            .get(piece.index())
            .copied()
            .unwrap_or(0)
    }

    /// The position's value for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut score = [0i32; 2];
        let mut count = [[0u32; 64]; 2];
        for side in [Color::White, Color::Black] {
            let i = side.index();
            for s in pos.occupied_by(side) {
                if let Some(pl) = pos.piece_at(s) {
                    let p = pl.piece.index();
                    score[i] += self.sign * self.value[i].get(p).copied().unwrap_or(0);
                    score[i] += self.square[i]
                        .get(p * self.nsq + s.index())
                        .copied()
                        .unwrap_or(0);
                    if let Some(c) = count[i].get_mut(p) {
                        *c += 1;
                    }
                }
            }
            for (p, n) in pos.hand(side) {
                let (p, n) = (p.index(), u32::from(n));
                if n > 0 {
                    score[i] += self.sign * self.hand[p] * n as i32;
                    if let Some(c) = count[i].get_mut(p) {
                        *c += n;
                    }
                }
            }
            if self.checks {
                if let Some(left) = pos.checks_left(side) {
                    score[i] += CHECKS / i32::from(left.max(1));
                }
            }
            for &(p, left) in &self.extinction {
                if count[i].get(p as usize).copied().unwrap_or(0) <= left + 1 {
                    score[i] -= 300;
                }
            }
        }
        let us = pos.turn().index();
        score[us] - score[us ^ 1] + 10
    }
}
