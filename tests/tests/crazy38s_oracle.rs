//! Crazy 38's: an independent reference move generator (the "oracle"),
//! compared with fairyc's engine.
//!
//! The oracle is driven only by the spec's tables as transcribed in
//! `tests/data/crazy-38s/` (`neighbours.txt`, `rook-rays.txt`,
//! `bishop-rays.txt`, `knight.txt`, `pawn.txt`) and by the rules of
//! `docs/rules/crazy-38s.md` §2–§4 with every reading of §6. It knows
//! squares only by name and shares no code with the compiler or the runtime's
//! move generation: the engine is used only for its own perft and move lists
//! (to compare with) and to read a position as plain data
//! ([`Position::to_setup`]).
//!
//! Written plainly, for clarity over speed: every move is made on a copy and
//! legality is checked by scanning all enemy pieces' capturing moves.
//!
//! The deep tests are ignored (about 15 minutes in release, too long for CI):
//! `cargo test -p fairyc-tests --release --test crazy38s_oracle -- --ignored`.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::{random_move_favouring_captures, root, shipped};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The number of squares (spec §1.1).
const N: usize = 38;
const WHITE: usize = 0;
const BLACK: usize = 1;

/// The pieces of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    King,
    Rook,
    Bishop,
    Knight,
    Silver,
    Gold,
    Pawn,
    Queen,
}

/// The pieces that can be held in hand (§4), in a fixed order.
const HAND: [Kind; 6] = [
    Kind::Pawn,
    Kind::Silver,
    Kind::Gold,
    Kind::Knight,
    Kind::Bishop,
    Kind::Rook,
];

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
            Kind::Silver => 'S',
            Kind::Gold => 'G',
            Kind::Pawn => 'P',
            Kind::Queen => 'Q',
        }
    }

    fn from_letter(c: char) -> Kind {
        match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            'S' => Kind::Silver,
            'G' => Kind::Gold,
            'P' => Kind::Pawn,
            'Q' => Kind::Queen,
            _ => panic!("no Crazy 38's piece has letter {c}"),
        }
    }

    /// Its slot in a hand.
    fn hand_index(self) -> usize {
        HAND.iter()
            .position(|&k| k == self)
            .unwrap_or_else(|| panic!("{self:?} never goes to hand"))
    }
}

/// The spec's tables, squares numbered in the order of `neighbours.txt`
/// (spec §1.1: a3 a5 a6 a8 b5 … h6).
struct Tables {
    names: Vec<String>,
    orth: Vec<Vec<usize>>,
    side: Vec<Vec<usize>>,
    ahead: Vec<Vec<usize>>,
    knight: Vec<Vec<usize>>,
    /// `pawn[colour][square]`.
    pawn: [Vec<Vec<usize>>; 2],
    rook: Vec<Vec<Vec<usize>>>,
    bishop: Vec<Vec<Vec<usize>>>,
    /// `home[colour]`: that side's own Home Square (White h1, Black a8).
    home: [usize; 2],
}

fn data_lines(name: &str) -> Vec<String> {
    let path = root().join("tests/data/crazy-38s").join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

impl Tables {
    fn load() -> Tables {
        let neighbours = data_lines("neighbours.txt");
        let names: Vec<String> = neighbours
            .iter()
            .map(|l| l.split('|').next().unwrap_or("").trim().to_string())
            .collect();
        assert_eq!(names.len(), N, "neighbours.txt must list 38 squares");
        let index = |name: &str| -> usize {
            names
                .iter()
                .position(|n| n == name)
                .unwrap_or_else(|| panic!("unknown square {name}"))
        };
        let list = |s: &str| -> Vec<usize> { s.split_whitespace().map(index).collect() };
        let empty = || vec![Vec::new(); names.len()];

        let (mut orth, mut side, mut ahead) = (empty(), empty(), empty());
        for line in &neighbours {
            let f: Vec<&str> = line.split('|').collect();
            assert_eq!(f.len(), 4, "neighbours.txt: {line}");
            let s = index(f[0].trim());
            orth[s] = list(f[1]);
            side[s] = list(f[2]);
            ahead[s] = list(f[3]);
        }

        let mut knight = empty();
        for line in data_lines("knight.txt") {
            let (sq, dests) = line.split_once(':').expect("knight.txt: SQ: dests");
            knight[index(sq.trim())] = list(dests);
        }

        let mut pawn = [empty(), empty()];
        for line in data_lines("pawn.txt") {
            let f: Vec<&str> = line.split('|').collect();
            assert_eq!(f.len(), 3, "pawn.txt: {line}");
            let s = index(f[0].trim());
            pawn[WHITE][s] = list(f[1]);
            pawn[BLACK][s] = list(f[2]);
        }

        let rays = |file: &str| -> Vec<Vec<Vec<usize>>> {
            let mut out = vec![Vec::new(); names.len()];
            for line in data_lines(file) {
                let (sq, rest) = line.split_once(':').expect("SQ: rays");
                out[index(sq.trim())] = rest
                    .split(';')
                    .map(|ray| ray.trim().split('-').map(|n| index(n.trim())).collect())
                    .collect();
            }
            out
        };
        let rook = rays("rook-rays.txt");
        let bishop = rays("bishop-rays.txt");

        let home = [index("h1"), index("a8")];
        Tables {
            names,
            orth,
            side,
            ahead,
            knight,
            pawn,
            rook,
            bishop,
            home,
        }
    }

    fn index(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("unknown square {name}"))
    }

    /// King-adjacent squares: orthogonal and both diagonal classes.
    fn all_neighbours(&self, s: usize) -> Vec<usize> {
        let mut v = self.orth[s].clone();
        v.extend(&self.side[s]);
        v.extend(&self.ahead[s]);
        v
    }
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(Tables::load)
}

/// A position: board by square index, hands in [`HAND`] order, side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    board: [Option<(usize, Kind)>; N],
    hands: [[u8; 6]; 2],
    turn: usize,
}

/// A move: a board move `(from, to, promotes)` or a drop `(piece, to)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum OMove {
    Step {
        from: usize,
        to: usize,
        promote: bool,
    },
    Drop {
        kind: Kind,
        to: usize,
    },
}

impl OMove {
    /// The engine's notation: `e3e4`, `c8a8q`, `P@e4`.
    fn uci(self, t: &Tables) -> String {
        match self {
            OMove::Step { from, to, promote } => format!(
                "{}{}{}",
                t.names[from],
                t.names[to],
                if promote { "q" } else { "" }
            ),
            OMove::Drop { kind, to } => format!("{}@{}", kind.letter(), t.names[to]),
        }
    }
}

impl Pos {
    /// The start position of §3.
    fn start(t: &Tables) -> Pos {
        let mut p = Pos {
            board: [None; N],
            hands: [[0; 6]; 2],
            turn: WHITE,
        };
        let place = |p: &mut Pos, side: usize, list: &str| {
            for item in list.split_whitespace() {
                let kind = Kind::from_letter(item.chars().next().unwrap_or('?'));
                p.board[t.index(&item[1..])] = Some((side, kind));
            }
        };
        place(&mut p, WHITE, "Kh1 Rf3 Bg4 Ne2 Sg3 Gf2 Pe1 Pe3 Pf4 Ph4");
        place(&mut p, BLACK, "Ka8 Rc6 Bb5 Nd7 Sb6 Gc7 Pa5 Pc5 Pd6 Pd8");
        p
    }

    /// Reads the engine's position as plain data (squares and pieces by name
    /// and letter).
    fn from_engine(t: &Tables, v: &Variant, pos: &Position<'_>) -> Pos {
        let setup = pos.to_setup();
        let mut p = Pos {
            board: [None; N],
            hands: [[0; 6]; 2],
            turn: setup.turn.index(),
        };
        for (s, placed) in v.squares().zip(&setup.board) {
            if let Some(pl) = placed {
                let sq = t.index(v.square_name(s));
                let kind = Kind::from_letter(v.piece_letter(pl.piece));
                p.board[sq] = Some((pl.color.index(), kind));
            }
        }
        for side in 0..2 {
            for (piece, &n) in v
                .pieces()
                .zip(&setup.hands[fairyc_runtime::Color::from_index(side)])
            {
                if n > 0 {
                    let kind = Kind::from_letter(v.piece_letter(piece));
                    p.hands[side][kind.hand_index()] += n;
                }
            }
        }
        p
    }

    fn king(&self, side: usize) -> usize {
        (0..N)
            .find(|&s| self.board[s] == Some((side, Kind::King)))
            .unwrap_or_else(|| panic!("side {side} has no King"))
    }

    /// Whether the game is over by a King on the opponent's Home Square (§4).
    fn goal_reached(&self, t: &Tables) -> bool {
        self.board[t.home[BLACK]] == Some((WHITE, Kind::King))
            || self.board[t.home[WHITE]] == Some((BLACK, Kind::King))
    }

    /// The destinations of the piece on `from` that are empty or hold an
    /// enemy, each once, with whether that move may capture (only the
    /// Bishop's guarded orthogonal step may not).
    fn destinations(&self, t: &Tables, from: usize) -> Vec<(usize, bool)> {
        let (side, kind) = self.board[from].expect("a piece on from");
        let mut out: Vec<(usize, bool)> = Vec::new();
        let open = |s: usize| match self.board[s] {
            None => true,
            Some((c, _)) => c != side,
        };
        let add = |out: &mut Vec<(usize, bool)>, s: usize, captures: bool| {
            if !out.iter().any(|&(d, _)| d == s) {
                out.push((s, captures));
            }
        };
        let steps: Vec<usize> = match kind {
            Kind::King => t.all_neighbours(from),
            Kind::Silver => [t.orth[from].clone(), t.side[from].clone()].concat(),
            Kind::Gold => [t.orth[from].clone(), t.ahead[from].clone()].concat(),
            Kind::Knight => t.knight[from].clone(),
            Kind::Pawn => t.pawn[side][from].clone(),
            _ => Vec::new(),
        };
        for s in steps {
            if open(s) {
                add(&mut out, s, true);
            }
        }
        let mut rays: Vec<&Vec<usize>> = Vec::new();
        if matches!(kind, Kind::Rook | Kind::Queen) {
            rays.extend(&t.rook[from]);
        }
        if matches!(kind, Kind::Bishop | Kind::Queen) {
            rays.extend(&t.bishop[from]);
        }
        for ray in rays {
            for &s in ray {
                match self.board[s] {
                    None => add(&mut out, s, true),
                    Some((c, _)) => {
                        if c != side {
                            add(&mut out, s, true);
                        }
                        break;
                    }
                }
            }
        }
        if kind == Kind::Bishop {
            // §2.3 / §6 item 3: one orthogonal step to an empty square when a
            // friendly piece is adjacent (orthogonally or diagonally) before
            // the move; it never captures, so never attacks.
            let guarded = t
                .all_neighbours(from)
                .into_iter()
                .any(|s| matches!(self.board[s], Some((c, _)) if c == side));
            if guarded {
                for &s in &t.orth[from] {
                    if self.board[s].is_none() {
                        add(&mut out, s, false);
                    }
                }
            }
        }
        out
    }

    /// Whether the piece on `from` can capture on `sq`, which holds an enemy
    /// of it: its step, leap or ray reaches `sq` (the Bishop's guarded step
    /// never captures, so it is left out).
    fn captures_on(&self, t: &Tables, from: usize, sq: usize) -> bool {
        let (side, kind) = self.board[from].expect("a piece on from");
        let ray_hits = |rays: &[Vec<usize>]| {
            rays.iter().any(|ray| {
                for &s in ray {
                    if s == sq {
                        return true;
                    }
                    if self.board[s].is_some() {
                        return false;
                    }
                }
                false
            })
        };
        match kind {
            Kind::King => {
                t.orth[from].contains(&sq)
                    || t.side[from].contains(&sq)
                    || t.ahead[from].contains(&sq)
            }
            Kind::Silver => t.orth[from].contains(&sq) || t.side[from].contains(&sq),
            Kind::Gold => t.orth[from].contains(&sq) || t.ahead[from].contains(&sq),
            Kind::Knight => t.knight[from].contains(&sq),
            Kind::Pawn => t.pawn[side][from].contains(&sq),
            Kind::Rook => ray_hits(&t.rook[from]),
            Kind::Bishop => ray_hits(&t.bishop[from]),
            Kind::Queen => ray_hits(&t.rook[from]) || ray_hits(&t.bishop[from]),
        }
    }

    /// Whether a piece of `by` can capture on `sq` (which holds an enemy):
    /// every piece of `by` is tried.
    fn attacked(&self, t: &Tables, sq: usize, by: usize) -> bool {
        (0..N)
            .any(|s| matches!(self.board[s], Some((c, _)) if c == by) && self.captures_on(t, s, sq))
    }

    fn in_check(&self, t: &Tables, side: usize) -> bool {
        self.attacked(t, self.king(side), 1 - side)
    }

    fn play(&self, m: OMove) -> Pos {
        let mut p = *self;
        let us = self.turn;
        match m {
            OMove::Step { from, to, promote } => {
                let (_, kind) = p.board[from].expect("a piece to move");
                if let Some((c, victim)) = p.board[to] {
                    assert_ne!(c, us, "capturing one's own piece");
                    assert_ne!(victim, Kind::King, "capturing a King");
                    // §4: a captured Queen goes to hand as a Pawn.
                    let as_hand = if victim == Kind::Queen {
                        Kind::Pawn
                    } else {
                        victim
                    };
                    p.hands[us][as_hand.hand_index()] += 1;
                }
                p.board[from] = None;
                p.board[to] = Some((us, if promote { Kind::Queen } else { kind }));
            }
            OMove::Drop { kind, to } => {
                assert!(p.board[to].is_none(), "dropping on an occupied square");
                p.hands[us][kind.hand_index()] -= 1;
                p.board[to] = Some((us, kind));
            }
        }
        p.turn = 1 - us;
        p
    }

    /// Whether the mover's King is safe after `m`.
    fn safe_after(&self, t: &Tables, m: OMove) -> bool {
        !self.play(m).in_check(t, self.turn)
    }

    /// The legal moves, game end by a goal not considered (see [`oracle_perft`]).
    fn legal_moves(&self, t: &Tables) -> Vec<OMove> {
        let us = self.turn;
        let them = 1 - us;
        let mut out = Vec::new();
        for from in 0..N {
            let Some((c, kind)) = self.board[from] else {
                continue;
            };
            if c != us {
                continue;
            }
            for (to, _) in self.destinations(t, from) {
                // §2.7: a Pawn reaching the opponent's Home Square becomes a
                // Queen, compulsorily.
                let promote = kind == Kind::Pawn && to == t.home[them];
                let m = OMove::Step { from, to, promote };
                if self.safe_after(t, m) {
                    out.push(m);
                }
            }
        }
        for (h, &kind) in HAND.iter().enumerate() {
            if self.hands[us][h] == 0 {
                continue;
            }
            for to in 0..N {
                if self.board[to].is_some() {
                    continue;
                }
                if kind == Kind::Pawn && to == t.home[them] {
                    continue;
                }
                let m = OMove::Drop { kind, to };
                if !self.safe_after(t, m) {
                    continue;
                }
                if kind == Kind::Pawn {
                    // §4: no Pawn drop that checkmates at once.
                    let next = self.play(m);
                    if next.in_check(t, them) && next.legal_moves(t).is_empty() {
                        continue;
                    }
                }
                out.push(m);
            }
        }
        out
    }

    fn uci_set(&self, t: &Tables) -> BTreeSet<String> {
        self.legal_moves(t).iter().map(|m| m.uci(t)).collect()
    }
}

/// Leaves at exactly `depth`; a position where a King stands on the enemy
/// Home Square has no moves (checkmate and stalemate have none anyway).
fn oracle_perft(t: &Tables, p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if p.goal_reached(t) {
        return 0;
    }
    let moves = p.legal_moves(t);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| oracle_perft(t, &p.play(m), depth - 1))
        .sum()
}

fn engine_uci_set(pos: &Position<'_>) -> BTreeSet<String> {
    let moves = pos.legal_moves();
    let set: BTreeSet<String> = moves.iter().map(|&m| pos.uci(m)).collect();
    assert_eq!(
        set.len(),
        moves.len(),
        "engine lists a move twice at {}",
        pos.fen()
    );
    set
}

fn start_oracle_matches_engine(t: &Tables, v: &Variant) -> Pos {
    let start = Pos::start(t);
    let engine = Position::new(v).expect("start position");
    assert_eq!(
        Pos::from_engine(t, v, &engine),
        start,
        "engine start position differs from spec §3"
    );
    start
}

#[test]
fn oracle_first_moves_are_the_spec_list() {
    let t = tables();
    let expected: BTreeSet<String> = data_lines("first-moves.txt").into_iter().collect();
    assert_eq!(expected.len(), 17);
    assert_eq!(Pos::start(t).uci_set(t), expected);
}

#[test]
fn oracle_perft_start_depth_1_to_4_equals_engine() {
    let t = tables();
    let v = shipped("crazy-38s");
    let start = start_oracle_matches_engine(t, &v);
    let engine = Position::new(&v).expect("start position");
    assert_eq!(start.uci_set(t), engine_uci_set(&engine));
    let expected = [17u64, 289, 5856, 117_093];
    for (d, &want) in (1..=4u32).zip(&expected) {
        let ours = oracle_perft(t, &start, d);
        assert_eq!(ours, perft(&engine, d), "perft {d} from the start");
        assert_eq!(ours, want, "perft {d} from the start");
    }
}

/// Depth 5 from the start (2 601 728): run with
/// `cargo test -p fairyc-tests --release --test crazy38s_oracle -- --ignored`.
#[test]
#[ignore = "deep (minutes in release): run by hand, see the module docs"]
fn oracle_perft_start_deep() {
    let t = tables();
    let v = shipped("crazy-38s");
    let start = start_oracle_matches_engine(t, &v);
    let engine = Position::new(&v).expect("start position");
    let ours = oracle_perft(t, &start, 5);
    assert_eq!(ours, perft(&engine, 5), "perft 5 from the start");
    assert_eq!(ours, 2_601_728, "perft 5 from the start");
}

/// FEN of an oracle position (`fen by-file`: the squares row letter by row
/// letter in the order of `neighbours.txt`, spec §6 item 13).
fn fen_of(t: &Tables, p: &Pos) -> String {
    let mut groups: Vec<String> = Vec::new();
    for s in 0..N {
        let row = &t.names[s][..1];
        if s == 0 || &t.names[s - 1][..1] != row {
            groups.push(String::new());
        }
        let g = groups.last_mut().expect("a group");
        match p.board[s] {
            None => {
                // Runs of empty squares are digits; a run never exceeds 7.
                match g.pop() {
                    Some(d) if d.is_ascii_digit() => {
                        g.push(char::from(d as u8 + 1));
                    }
                    other => {
                        g.extend(other);
                        g.push('1');
                    }
                }
            }
            Some((c, k)) => {
                let l = k.letter();
                g.push(if c == WHITE {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
    }
    let mut hands = String::new();
    for side in [WHITE, BLACK] {
        for (h, k) in HAND.iter().enumerate() {
            for _ in 0..p.hands[side][h] {
                let l = k.letter();
                hands.push(if side == WHITE {
                    l
                } else {
                    l.to_ascii_lowercase()
                });
            }
        }
    }
    let turn = if p.turn == WHITE { "w" } else { "b" };
    format!("{}[{hands}] {turn} - - 0 1", groups.join("/"))
}

/// Walks the tree below `pos` to `depth` plies and describes the first node
/// where the oracle's move set, the engine's move list or the engine's bulk
/// count (its perft 1) disagree: the moves leading there, its FEN and the
/// moves only one side has.
fn divergence(t: &Tables, pos: &Position<'_>, depth: u32) -> Option<String> {
    let v = pos.variant();
    let ours = Pos::from_engine(t, v, pos);
    if ours.goal_reached(t) {
        return None;
    }
    let mine = ours.uci_set(t);
    let theirs = engine_uci_set(pos);
    let bulk = perft(pos, 1);
    if mine != theirs || bulk != mine.len() as u64 {
        return Some(format!(
            "{}: only oracle {:?}, only engine {:?}; engine perft 1 {bulk}, oracle {}",
            pos.fen(),
            mine.difference(&theirs).collect::<Vec<_>>(),
            theirs.difference(&mine).collect::<Vec<_>>(),
            mine.len()
        ));
    }
    if depth <= 1 {
        return None;
    }
    for m in pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(m);
        if let Some(d) = divergence(t, &next, depth - 1) {
            return Some(format!("{} -> {d}", pos.uci(m)));
        }
    }
    None
}

/// Seeded random games played with the engine's moves (captures preferred half
/// the time, to get hands, drops and promotions); at every position the
/// oracle's legal move set and perft `depth` must equal the engine's.
fn random_games(games: u64, plies: usize, depth: u32) -> usize {
    let t = tables();
    let v = shipped("crazy-38s");
    let mut compared = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(0xC38 + seed);
        let mut pos = Position::new(&v).expect("start position");
        for ply in 0..plies {
            let ours = Pos::from_engine(t, &v, &pos);
            let fen = pos.fen();
            assert_eq!(
                ours.goal_reached(t),
                pos.rule_outcome().is_some(),
                "game end differs at {fen} (seed {seed}, ply {ply})"
            );
            if ours.goal_reached(t) {
                break;
            }
            let theirs = engine_uci_set(&pos);
            let mine = ours.uci_set(t);
            if mine != theirs {
                let only_oracle: Vec<_> = mine.difference(&theirs).collect();
                let only_engine: Vec<_> = theirs.difference(&mine).collect();
                panic!(
                    "move sets differ at {fen} (seed {seed}, ply {ply}):\n  \
                     only oracle: {only_oracle:?}\n  only engine: {only_engine:?}"
                );
            }
            if oracle_perft(t, &ours, depth) != perft(&pos, depth) {
                panic!(
                    "perft {depth} differs at {fen} (seed {seed}, ply {ply}); first difference: {}",
                    divergence(t, &pos, depth).unwrap_or_default()
                );
            }
            compared += 1;
            let Some(m) = random_move_favouring_captures(&pos, &mut rng) else {
                break;
            };
            pos.play_unchecked(m);
        }
    }
    compared
}

#[test]
fn oracle_matches_engine_along_random_games() {
    let n = random_games(30, 40, 2);
    assert!(n > 600, "only {n} positions compared");
}

/// More and longer games, perft 3: run in release with `-- --ignored`.
/// It found the engine's loop-pin bug (seed 63), now fixed: see
/// [`engine_pin_on_self_crossing_square`].
#[test]
#[ignore = "deep (minutes in release): run by hand, see the module docs"]
fn oracle_matches_engine_along_random_games_deep() {
    let n = random_games(200, 80, 3);
    assert!(n > 4000, "only {n} positions compared");
}

/// A random position: both Kings (not on the enemy Home Square), up to 11
/// more pieces (Queens too; no Pawn on the square where it would have
/// promoted), random hands; the side not to move is not in check.
fn random_position(t: &Tables, rng: &mut StdRng) -> Pos {
    let kinds = [
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Pawn,
        Kind::Queen,
    ];
    loop {
        let mut p = Pos {
            board: [None; N],
            hands: [[0; 6]; 2],
            turn: rng.random_range(0..2),
        };
        let wk = rng.random_range(0..N);
        let bk = rng.random_range(0..N);
        if wk == bk {
            continue;
        }
        p.board[wk] = Some((WHITE, Kind::King));
        p.board[bk] = Some((BLACK, Kind::King));
        for _ in 0..rng.random_range(0..12) {
            let s = rng.random_range(0..N);
            let c = rng.random_range(0..2);
            let k = kinds[rng.random_range(0..kinds.len())];
            if p.board[s].is_none() && !(k == Kind::Pawn && s == t.home[1 - c]) {
                p.board[s] = Some((c, k));
            }
        }
        for side in [WHITE, BLACK] {
            for h in 0..HAND.len() {
                if rng.random_bool(0.25) {
                    p.hands[side][h] = rng.random_range(1..3);
                }
            }
        }
        if !p.goal_reached(t) && !p.in_check(t, 1 - p.turn) {
            return p;
        }
    }
}

/// `count` random positions; at each, the move sets and bulk counts of the
/// whole tree to `depth` plies must agree.
fn random_positions(seed: u64, count: usize, depth: u32) {
    let t = tables();
    let v = shipped("crazy-38s");
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..count {
        let p = random_position(t, &mut rng);
        let fen = fen_of(t, &p);
        let pos = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(Pos::from_engine(t, &v, &pos), p, "FEN round trip of {fen}");
        if let Some(d) = divergence(t, &pos, depth) {
            panic!("random position {i} (seed {seed}): {d}");
        }
    }
}

#[test]
fn oracle_matches_engine_on_random_positions() {
    random_positions(38, 1500, 1);
}

/// 20 000 random positions, whole trees to depth 2: run in release with
/// `-- --ignored`. It found the engine's loop-pin bug, now fixed: see
/// [`engine_pin_on_self_crossing_square`].
#[test]
#[ignore = "deep (minutes in release): run by hand, see the module docs"]
fn oracle_matches_engine_on_random_positions_deep() {
    random_positions(7, 20_000, 2);
}

fn oracle_moves(t: &Tables, v: &Variant, fen: &str) -> Vec<String> {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Pos::from_engine(t, v, &pos)
        .uci_set(t)
        .into_iter()
        .collect()
}

fn engine_moves(v: &Variant, fen: &str) -> Vec<String> {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    engine_uci_set(&pos).into_iter().collect()
}

/// Double check whose two lines cross: White Kf1 (Gf2, a Knight in hand) is
/// checked by Black Rc6 (its other rays shut by Black's own Kd6 and Ba6)
/// along the loop (c5-c4-c3-c1-e1, rook-rays.txt) and by Black Ba6 (b5-c4-d3-e2,
/// bishop-rays.txt). The King cannot move (e1, h1 on the rook line, e2 on the
/// bishop's, f2 own Gold), but both lines pass c4: a piece put there blocks
/// both checks (§2.1: a move is legal if the King is not attacked after it).
const DOUBLE_CHECK_DROP: &str = "2b1/2/4r2/3k2/6/KG5/2/4[N] w - - 0 1";
const DOUBLE_CHECK_MOVE: &str = "2b1/2/4r2/3k2/4N1/KG5/2/4[] w - - 0 1";

/// A pin along a line that passes the pinned piece's square twice: Black Rf1's
/// ray f2-f3-f4-…-d3-e3-f3-g3 (rook-rays.txt) reaches White Kg3 only through
/// f3 twice, so White's Knight on f3 may not move at all (the King may go
/// to f4 or g4 only: f2, h1, h3 and h4 are on the Rook's rays).
const LOOP_PIN_WHITE: &str = "4/2/7/2k3/6/r1N4/K1/4[] w - - 0 1";
/// The same turned 180°: Black Kb6 and Nc6, White Rc8 and Ke4.
const LOOP_PIN_BLACK: &str = "4/1k/4n1R/6/3K2/7/2/4[] b - - 0 1";

#[test]
fn oracle_on_engine_disagreements() {
    let t = tables();
    let v = shipped("crazy-38s");
    assert_eq!(oracle_moves(t, &v, DOUBLE_CHECK_DROP), ["N@c4"]);
    assert_eq!(oracle_moves(t, &v, DOUBLE_CHECK_MOVE), ["e5c4"]);
    assert_eq!(oracle_moves(t, &v, LOOP_PIN_WHITE), ["g3f4", "g3g4"]);
    assert_eq!(oracle_moves(t, &v, LOOP_PIN_BLACK), ["b6b5", "b6c5"]);
}

/// The engine once let only King moves answer a double check (fixed in
/// 455a71f): a move or drop on a square of both lines answers it.
#[test]
fn engine_double_check_block_on_crossing_lines() {
    let t = tables();
    let v = shipped("crazy-38s");
    for fen in [DOUBLE_CHECK_DROP, DOUBLE_CHECK_MOVE] {
        assert_eq!(engine_moves(&v, fen), oracle_moves(t, &v, fen), "{fen}");
    }
}

/// Regression: the engine once missed a pin whose line passes the pinned
/// piece twice (the loop through f3 and c6).
#[test]
fn engine_pin_on_self_crossing_square() {
    let t = tables();
    let v = shipped("crazy-38s");
    for fen in [LOOP_PIN_WHITE, LOOP_PIN_BLACK] {
        assert_eq!(engine_moves(&v, fen), oracle_moves(t, &v, fen), "{fen}");
    }
}
