//! The fairyc search: it chooses a move in any variant the runtime plays.
//!
//! Iterative deepening of a principal-variation (negamax) alpha-beta search
//! with a transposition table keyed by the runtime's Zobrist hash, a
//! quiescence search over captures and promotions (every move when in
//! check), move ordering (table move, most valuable victim by least valuable
//! attacker, killers, history), check extension and late-move reductions.
//! Game ends come from the runtime ([`Position::rule_outcome`],
//! [`Position::outcome`] and the variant's repetition and n-move rules), so
//! every end rule the language has is scored by who wins it, whatever it is.
//! The evaluation ([`Evaluator`]) is derived from the move table.
//!
//! ```
//! # use fairyc_runtime::{Position, Variant};
//! # use fairyc_search::{Engine, Limits};
//! # use std::sync::atomic::AtomicBool;
//! # fn demo(variant: &Variant) -> Result<(), Box<dyn std::error::Error>> {
//! let pos = Position::new(variant)?;
//! let mut engine = Engine::new(variant, 16);
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let report = engine.search(&pos, &[], &limits, &AtomicBool::new(false), |_| {});
//! if let Some(m) = report.best {
//!     println!("bestmove {}", pos.uci(m));
//! }
//! # Ok(())
//! # }
//! ```
#![warn(missing_docs)]

mod eval;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use eval::Evaluator;
use fairyc_runtime::table::Outcome;
use fairyc_runtime::{GameResult, Move, MoveList, Position, Promote, Variant};

/// The clock of a search: the system's monotonic clock.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;

/// WebAssembly without an operating system (`wasm32-unknown-unknown`) has
/// no clock that `std` can read (`Instant::now` panics there): a clock that
/// stands still, so a search there is limited by depth or nodes only
/// ([`Limits::depth`], [`Limits::nodes`]); time limits never fire.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[derive(Clone, Copy, Debug)]
struct Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
impl Instant {
    fn now() -> Instant {
        Instant
    }

    fn elapsed(self) -> Duration {
        Duration::ZERO
    }
}

/// A score that means "mate now"; mate in `n` plies is `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at least this far from 0 are mates.
const MATE_BOUND: i32 = MATE - 1000;
const INF: i32 = MATE + 1;
const MAX_PLY: usize = 120;
/// Quiescence stops after this many plies of captures.
const QS_MAX: u32 = 12;

/// What limits a search. All `None` (and `infinite` false): depth 64 with
/// no time limit, until [`Engine::search`]'s stop flag is raised.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Plies.
    pub depth: Option<u32>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Exactly this long.
    pub movetime: Option<Duration>,
    /// The clocks, `[white, black]`.
    pub time: [Option<Duration>; 2],
    /// The increments, `[white, black]`.
    pub inc: [Duration; 2],
    /// Moves until the next time control.
    pub movestogo: Option<u32>,
    /// Stop as soon as a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Search until stopped (the other limits are ignored).
    pub infinite: bool,
}

/// A score as a protocol prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, for the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// From an internal score.
    pub fn from_internal(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// What the search reports after each finished depth.
#[derive(Clone, Debug)]
pub struct Info {
    /// The depth finished.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// The result of a search.
#[derive(Clone, Debug)]
pub struct Report {
    /// The move chosen; `None` if the game is over at the root.
    pub best: Option<Move>,
    /// The move expected in reply, if known.
    pub ponder: Option<Move>,
    /// The last finished depth's information.
    pub info: Option<Info>,
    /// All nodes searched.
    pub nodes: u64,
    /// How long it took.
    pub time: Duration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    mv: Option<Move>,
    score: i32,
    depth: i32,
    bound: Bound,
}

/// The engine: the evaluation and the tables the search keeps between
/// moves (transposition table, history).
#[derive(Debug)]
pub struct Engine {
    eval: Evaluator,
    tt: Vec<Option<Entry>>,
    nsq: usize,
    history: Vec<i32>,
    killers: Vec<[Option<Move>; 2]>,
}

/// One search's state.
struct Run<'a> {
    stop: &'a AtomicBool,
    start: Instant,
    /// Stop here whatever happens.
    hard: Option<Duration>,
    max_nodes: Option<u64>,
    nodes: u64,
    seldepth: u32,
    stopped: bool,
    /// Hashes of the game's positions and of the search's path.
    path: Vec<u64>,
    pv: Vec<Vec<Move>>,
    rep: Option<(u32, Outcome)>,
    move_limit: Option<u64>,
}

impl Run<'_> {
    fn poll(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        // Every 256 nodes: in variants whose moves are all tested by
        // playing them (hoppers), a node can cost tens of microseconds.
        if self.nodes & 255 == 0 {
            if self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if let Some(h) = self.hard {
                if self.start.elapsed() >= h {
                    self.stopped = true;
                }
            }
        }
        if let Some(n) = self.max_nodes {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
        self.stopped
    }
}

/// The score of a finished game for the side to move at `ply`.
fn result_score(r: GameResult, pos: &Position, ply: usize) -> i32 {
    match r.winner {
        None => 0,
        Some(c) if c == pos.turn() => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

impl Engine {
    /// An engine for `variant` with a transposition table of about
    /// `hash_mb` MiB.
    pub fn new(variant: &Variant, hash_mb: usize) -> Engine {
        let size = (hash_mb.max(1) * 1024 * 1024 / std::mem::size_of::<Option<Entry>>())
            .next_power_of_two()
            / 2;
        let nsq = variant.square_count();
        Engine {
            eval: Evaluator::new(variant),
            tt: vec![None; size.max(1024)],
            nsq,
            history: vec![0; (nsq + variant.piece_count()) * nsq],
            killers: vec![[None; 2]; MAX_PLY + 1],
        }
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.tt.iter_mut().for_each(|e| *e = None);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
    }

    /// Searches `pos` and chooses a move. `history` holds the hashes of the
    /// game's earlier positions (for repetitions), oldest first, without
    /// `pos` itself. `on_info` is called after each finished depth. The
    /// search ends at a limit, or soon after `stop` is raised; it always
    /// chooses a move if there is one.
    pub fn search(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> Report {
        let start = Instant::now();
        let us = pos.turn().index();
        let (soft, hard) = if limits.infinite {
            (None, None)
        } else if let Some(mt) = limits.movetime {
            let t = mt
                .saturating_sub(Duration::from_millis(10))
                .max(Duration::from_millis(1));
            (Some(t), Some(t))
        } else if let Some(clock) = limits.time[us] {
            let inc = limits.inc[us];
            let mtg = limits.movestogo.unwrap_or(30).clamp(1, 50);
            let reserve = (clock / 20).min(Duration::from_millis(500));
            let usable = clock.saturating_sub(reserve);
            let soft = (clock / mtg + inc * 3 / 4).min(usable);
            let hard = (soft * 3).min(usable / 3 + inc / 2).max(soft.min(usable));
            (Some(soft), Some(hard.max(Duration::from_millis(1))))
        } else {
            (None, None)
        };
        let end = &pos.variant().tables().parts().end;
        let mut run = Run {
            stop,
            start,
            hard,
            max_nodes: if limits.infinite { None } else { limits.nodes },
            nodes: 0,
            seldepth: 0,
            stopped: false,
            path: history.to_vec(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            rep: end.repetition.map(|r| (r.count, r.outcome)),
            move_limit: end.move_limit.map(|n| 2 * u64::from(n)),
        };
        let moves = pos.legal_moves();
        let mut report = Report {
            best: moves.first().copied(),
            ponder: None,
            info: None,
            nodes: 0,
            time: Duration::ZERO,
        };
        if moves.is_empty() || pos.rule_outcome().is_some() {
            report.best = None;
            return report;
        }
        let max_depth = if limits.infinite {
            MAX_PLY as u32 - 8
        } else {
            limits
                .depth
                .unwrap_or(MAX_PLY as u32 - 8)
                .clamp(1, MAX_PLY as u32 - 8)
        };
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let mut work = pos.clone();
        let mut prev: i32 = 0;
        for depth in 1..=max_depth {
            run.seldepth = 0;
            // Aspiration window around the last score.
            let mut delta = 40;
            let (mut alpha, mut beta) = if depth >= 4 && prev.abs() < MATE_BOUND {
                (prev - delta, prev + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = self.negamax(&mut work, &mut run, depth as i32, alpha, beta, 0, true);
                if run.stopped {
                    break s;
                }
                if s <= alpha {
                    alpha = (alpha - delta).max(-INF);
                    delta *= 3;
                } else if s >= beta {
                    beta = (beta + delta).min(INF);
                    delta *= 3;
                } else {
                    break s;
                }
                if delta > 2000 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            if run.stopped && (depth > 1 || run.pv[0].is_empty()) {
                // An unfinished depth: the last finished one's move stands.
                break;
            }
            prev = score;
            let pv = run.pv[0].clone();
            if let Some(&m) = pv.first() {
                report.best = Some(m);
                report.ponder = pv.get(1).copied();
            }
            let info = Info {
                depth,
                seldepth: run.seldepth.max(depth),
                score: Score::from_internal(score),
                nodes: run.nodes,
                time: start.elapsed(),
                pv,
            };
            on_info(&info);
            report.info = Some(info);
            if run.stopped {
                break;
            }
            if let (Some(n), Score::Mate(m)) = (limits.mate, Score::from_internal(score)) {
                if m > 0 && m as u32 <= n {
                    break;
                }
            }
            if score.abs() >= MATE_BOUND && depth as i32 > 2 * (MATE - score.abs()) + 4 {
                // A mate found and confirmed deeper: nothing more to learn.
                if limits.depth.is_none() && !limits.infinite {
                    break;
                }
            }
            if let Some(s) = soft {
                if start.elapsed() >= s / 2 {
                    break;
                }
            }
        }
        report.nodes = run.nodes;
        report.time = start.elapsed();
        report
    }

    fn tt_index(&self, key: u64) -> usize {
        (key as usize) & (self.tt.len() - 1)
    }

    fn hist_index(&self, pos: &Position, m: Move) -> usize {
        let from = match m {
            Move::Drop { piece, .. } => self.nsq + piece.index(),
            _ => m.from().map_or(0, |s| s.index()),
        };
        let _ = pos;
        (from * self.nsq + m.to().index()).min(self.history.len().saturating_sub(1))
    }

    /// The value of what `m` captures and what its promotion gains.
    fn tactical_gain(&self, pos: &Position, m: Move) -> Option<i32> {
        let us = pos.turn();
        let victim = match m {
            Move::Normal { to, .. } => pos
                .piece_at(to)
                .filter(|p| p.color != us)
                .map(|p| self.eval.value(p.color, p.piece).max(50)),
            Move::EnPassant { .. } => Some(100),
            // A capture on the way, and maybe one where the piece ends.
            Move::Locust { from, via, to } => {
                let value = |s| {
                    pos.piece_at(s)
                        .filter(|p| p.color != us)
                        .map_or(0, |p| self.eval.value(p.color, p.piece).max(50))
                };
                Some(value(via) + if to == from { 0 } else { value(to) })
            }
            _ => None,
        };
        let promo = match m.promotion() {
            Promote::Piece(q) => Some(self.eval.value(us, q)),
            Promote::Hand(q) => Some(self.eval.value(us, q) / 2),
            _ => None,
        };
        match (victim, promo) {
            (None, None) => None,
            (v, p) => Some(v.unwrap_or(0) + p.unwrap_or(0)),
        }
    }

    fn order(&self, pos: &Position, moves: &mut [Move], tt_move: Option<Move>, ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        let mut keyed: Vec<(i32, Move)> = moves
            .iter()
            .map(|&m| {
                let k = if Some(m) == tt_move {
                    1 << 30
                } else if let Some(g) = self.tactical_gain(pos, m) {
                    let attacker = m
                        .from()
                        .and_then(|f| pos.piece_at(f))
                        .map(|p| self.eval.value(p.color, p.piece))
                        .unwrap_or(0);
                    (1 << 24) + g * 16 - attacker
                } else if Some(m) == killers[0] {
                    (1 << 23) + 1
                } else if Some(m) == killers[1] {
                    1 << 23
                } else {
                    self.history[self.hist_index(pos, m)].min((1 << 22) - 1)
                };
                (k, m)
            })
            .collect();
        keyed.sort_by_key(|k| std::cmp::Reverse(k.0));
        for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
            *slot = m;
        }
    }

    /// A game end by history (repetition, n-move rule) at `pos`.
    fn history_end(&self, pos: &Position, run: &Run, ply: usize) -> Option<i32> {
        if let Some(limit) = run.move_limit {
            if u64::from(pos.halfmove()) >= limit {
                return Some(0);
            }
        }
        let h = pos.hash();
        let n = run.path.len();
        let back = (pos.halfmove() as usize).min(n);
        let mut i = 2;
        while i <= back {
            if run.path[n - i] == h {
                return Some(match run.rep {
                    Some((_, Outcome::Win)) => MATE - ply as i32,
                    Some((_, Outcome::Loss)) => -(MATE - ply as i32),
                    _ => 0,
                });
            }
            i += 2;
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &mut Position,
        run: &mut Run,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        run.pv[ply].clear();
        if ply > 0 {
            if let Some(r) = pos.rule_outcome() {
                return result_score(r, pos, ply);
            }
            if let Some(s) = self.history_end(pos, run, ply) {
                return s;
            }
        }
        if ply >= MAX_PLY {
            return self.eval.evaluate(pos);
        }
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiesce(pos, run, alpha, beta, ply, 0);
        }
        run.nodes += 1;
        if run.poll() {
            return 0;
        }
        let key = pos.hash();
        let idx = self.tt_index(key);
        let mut tt_move = None;
        if let Some(e) = self.tt[idx].filter(|e| e.key == key) {
            tt_move = e.mv;
            if !pv_node && e.depth >= depth && ply > 0 {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return match pos.outcome() {
                Some(r) => result_score(r, pos, ply),
                None => 0,
            };
        }
        self.order(pos, &mut moves, tt_move, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = None;
        run.path.push(key);
        for (i, &m) in moves.iter().enumerate() {
            let tactical = self.tactical_gain(pos, m).is_some();
            let undo = pos.make(m);
            let gives_check = pos.is_check();
            let mut score;
            if i == 0 {
                score = -self.negamax(pos, run, depth - 1, -beta, -alpha, ply + 1, pv_node);
            } else {
                let reduce = if depth >= 3 && i >= 3 && !tactical && !in_check && !gives_check {
                    1 + i32::from(i >= 8 && depth >= 5)
                } else {
                    0
                };
                score = -self.negamax(
                    pos,
                    run,
                    depth - 1 - reduce,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    false,
                );
                if score > alpha && reduce > 0 {
                    score = -self.negamax(pos, run, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(pos, run, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            pos.unmake(undo);
            if run.stopped {
                run.path.pop();
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = run.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(m);
                    line.extend_from_slice(&tail[0]);
                    if score >= beta {
                        if !tactical {
                            if let Some(k) = self.killers.get_mut(ply) {
                                if k[0] != Some(m) {
                                    k[1] = k[0];
                                    k[0] = Some(m);
                                }
                            }
                            let hi = self.hist_index(pos, m);
                            self.history[hi] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        run.path.pop();
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt[idx] = Some(Entry {
            key,
            mv: best_move,
            score: to_tt(best, ply),
            depth,
            bound,
        });
        best
    }

    fn quiesce(
        &mut self,
        pos: &mut Position,
        run: &mut Run,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u32,
    ) -> i32 {
        run.pv[ply].clear();
        run.nodes += 1;
        run.seldepth = run.seldepth.max(ply as u32);
        if run.poll() {
            return 0;
        }
        if let Some(r) = pos.rule_outcome() {
            return result_score(r, pos, ply);
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return match pos.outcome() {
                Some(r) => result_score(r, pos, ply),
                None => 0,
            };
        }
        let in_check = pos.is_check();
        let stand = self.eval.evaluate(pos);
        if ply >= MAX_PLY || qdepth >= QS_MAX {
            return stand;
        }
        let mut best = -INF;
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
            moves.retain(|&m| self.tactical_gain(pos, m).is_some());
        }
        self.order(pos, &mut moves, None, ply);
        for &m in &moves {
            let undo = pos.make(m);
            let score = -self.quiesce(pos, run, -beta, -alpha, ply + 1, qdepth + 1);
            pos.unmake(undo);
            if run.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
