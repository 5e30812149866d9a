//! Multi-leg moves (XBetza `a`, issue 19): the lowered paths against
//! independent definitions.
//!
//! - `mafsW` (the mao) and `mafF` (the xiangqi elephant) lower to exactly
//!   the paths of the lame leapers `nN` and `nA`, which the one-leg lowering
//!   builds by another route; `mpafsW` (first square not looked at) lowers
//!   to the knight `N`.
//! - The bent riders `yafsF` (griffon without its ferz step), `asR` (hook
//!   mover), `afsK` (moo), `paW` (a jumper over an adjacent piece, turning
//!   or not) and
//!   `mafsR` (a rook that must turn 45°: a bishop slide after an
//!   orthogonal step) and `cafR` (slides to an enemy, captures it on its
//!   way, then slides on): on random positions the runtime's moves and attacks
//!   of the piece equal a brute-force walk of the geometry written here
//!   from the XBetza definitions, square by square.

use std::collections::BTreeSet;

use fairyc_runtime::{Color, Position, Variant};

const SOURCE: &str = r#"
variant "Legs" {}
board { files a..h; ranks 1..8 }
piece Stone { letter S; moves mW }
piece Griffon { letter G; moves yafsF }
piece Hook { letter H; moves asR }
piece Moo { letter O; moves afsK }
piece Jumper { letter J; moves paW }
piece Turner { letter T; moves mafsR }
piece Mao { letter M; moves mafsW }
piece Horse { letter N; moves nN }
piece Elephant { letter E; moves mafF }
piece Bishop { letter B; moves nA }
piece Free { letter Y; moves mpafsW }
piece Knight { letter Z; moves N }
piece Cutter { letter C; moves cafR }
end { extinction all loss }
setup "ghojtmne/bsyzc3/8/8/8/8/BSYZC3/GHOJTMNE w - - 0 1"
"#;

fn variant() -> Variant {
    let tables = fairyc_compiler::compile(SOURCE).unwrap_or_else(|e| {
        panic!(
            "{}",
            fairyc_compiler::diagnostic::render_plain("legs", SOURCE, &e)
        )
    });
    Variant::new(tables).expect("valid tables")
}

/// The paths of piece `p`, per side and square, as comparable text.
fn paths(v: &Variant, p: usize) -> Vec<BTreeSet<String>> {
    let piece = &v.tables().parts().pieces[p];
    piece
        .moves
        .iter()
        .flat_map(|side| side.iter())
        .map(|list| list.iter().map(|path| format!("{path:?}")).collect())
        .collect()
}

#[test]
fn lame_and_free_paths_are_the_one_leg_leapers() {
    let v = variant();
    let index = |name: &str| {
        v.tables()
            .parts()
            .pieces
            .iter()
            .position(|p| p.name == name)
            .expect(name)
    };
    assert_eq!(paths(&v, index("Mao")), paths(&v, index("Horse")));
    assert_eq!(paths(&v, index("Elephant")), paths(&v, index("Bishop")));
    // A first leg that may end anywhere (`mp`) cannot be blocked: the knight.
    assert_eq!(paths(&v, index("Free")), paths(&v, index("Knight")));
    // And they are not empty: a knight's move from d4 is there.
    assert!(paths(&v, index("Mao"))[27].len() == 8);
}

/// A cell `(file, rank)`.
type Cell = (i32, i32);

fn on(c: Cell) -> bool {
    (0..8).contains(&c.0) && (0..8).contains(&c.1)
}

fn add(a: Cell, b: Cell) -> Cell {
    (a.0 + b.0, a.1 + b.1)
}

const ORTH: [Cell; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAG: [Cell; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// What stands on each cell: 0 empty, 1 ours, 2 theirs.
struct Board([[u8; 8]; 8]);

impl Board {
    fn at(&self, c: Cell) -> u8 {
        self.0[c.1 as usize][c.0 as usize]
    }

    /// The squares a slide from `c` along `d` reaches: the empty ones and
    /// the first enemy (`max` steps at most; 0: no limit).
    fn slide(&self, c: Cell, d: Cell, max: u32, out: &mut BTreeSet<Cell>) {
        let mut x = c;
        let mut n = 0;
        while max == 0 || n < max {
            x = add(x, d);
            n += 1;
            if !on(x) {
                return;
            }
            match self.at(x) {
                0 => {
                    out.insert(x);
                }
                2 => {
                    out.insert(x);
                    return;
                }
                _ => return,
            }
        }
    }

    /// The moves of the cutter (`cafR`) on `s`: (captured on the way, where
    /// it ends): a rook slide over empty squares to an enemy, which is
    /// captured, then the piece slides on in the same direction (empty
    /// squares and the first enemy).
    fn locust_targets(&self, s: Cell) -> BTreeSet<(Cell, Cell)> {
        let mut out = BTreeSet::new();
        for d in ORTH {
            let mut x = add(s, d);
            while on(x) && self.at(x) == 0 {
                x = add(x, d);
            }
            if on(x) && self.at(x) == 2 {
                let mut ends = BTreeSet::new();
                self.slide(x, d, 0, &mut ends);
                out.extend(ends.into_iter().map(|y| (x, y)));
            }
        }
        out
    }

    /// Whether the piece `letter` on `s` could capture a piece on `c`
    /// (an enemy put there if the square is empty), on any leg.
    fn attacks(&self, letter: char, s: Cell, c: Cell) -> bool {
        let mut b = Board(self.0);
        if b.at(c) == 0 {
            b.0[c.1 as usize][c.0 as usize] = 2;
        }
        if letter == 'C' {
            b.locust_targets(s).iter().any(|&(x, y)| x == c || y == c)
        } else {
            b.targets(letter, s).contains(&c)
        }
    }

    /// The destinations of piece `letter` standing on `s` (which the board
    /// shows empty: the piece has left it).
    fn targets(&self, letter: char, s: Cell) -> BTreeSet<Cell> {
        let mut out = BTreeSet::new();
        match letter {
            // F to an empty square, then a rook slide outwards.
            'G' => {
                for d in DIAG {
                    let x = add(s, d);
                    if on(x) && self.at(x) == 0 {
                        self.slide(x, (d.0, 0), 0, &mut out);
                        self.slide(x, (0, d.1), 0, &mut out);
                    }
                }
            }
            // A rook slide over empty squares, then a right-angle turn and
            // another rook slide.
            'H' => {
                for d in ORTH {
                    let mut x = add(s, d);
                    while on(x) && self.at(x) == 0 {
                        self.slide(x, (d.1, d.0), 0, &mut out);
                        self.slide(x, (-d.1, -d.0), 0, &mut out);
                        x = add(x, d);
                    }
                }
            }
            // A king step to an empty square, then one step turned 45°.
            'O' => {
                for d in ORTH.into_iter().chain(DIAG) {
                    let x = add(s, d);
                    if on(x) && self.at(x) == 0 {
                        for e in ORTH.into_iter().chain(DIAG) {
                            let turn = e.0 * d.0 + e.1 * d.1 > 0 && e != d;
                            // 45° exactly: e and d are neighbours among the eight.
                            if turn && (e.0 - d.0).abs() + (e.1 - d.1).abs() <= 2 {
                                self.slide(x, e, 1, &mut out);
                            }
                        }
                    }
                }
            }
            // An orthogonal step onto any piece, then an orthogonal step
            // that does not go back.
            'J' => {
                for d in ORTH {
                    let x = add(s, d);
                    if on(x) && self.at(x) != 0 {
                        for e in ORTH {
                            if e != (-d.0, -d.1) {
                                self.slide(x, e, 1, &mut out);
                            }
                        }
                    }
                }
            }
            // An orthogonal slide over empty squares, then a bishop slide
            // turned 45° (forward-left or forward-right of the slide).
            'T' => {
                for d in ORTH {
                    let mut x = add(s, d);
                    while on(x) && self.at(x) == 0 {
                        let side = (d.1, d.0);
                        self.slide(x, add(d, side), 0, &mut out);
                        self.slide(x, (d.0 - side.0, d.1 - side.1), 0, &mut out);
                        x = add(x, d);
                    }
                }
            }
            _ => unreachable!(),
        }
        out
    }
}

fn square_name(c: Cell) -> String {
    format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// The FEN of `board` with piece `letter` (white) on `s`; white stones are
/// `S`, black ones `s`.
fn fen(board: &Board, letter: char, s: Cell) -> String {
    let mut rows = Vec::new();
    for y in (0..8).rev() {
        let mut row = String::new();
        let mut gap = 0;
        for x in 0..8 {
            let ch = if (x, y) == s {
                Some(letter)
            } else {
                match board.at((x, y)) {
                    1 => Some('S'),
                    2 => Some('s'),
                    _ => None,
                }
            };
            match ch {
                Some(c) => {
                    if gap > 0 {
                        row.push_str(&gap.to_string());
                        gap = 0;
                    }
                    row.push(c);
                }
                None => gap += 1,
            }
        }
        if gap > 0 {
            row.push_str(&gap.to_string());
        }
        rows.push(row);
    }
    format!("{} w - - 0 1", rows.join("/"))
}

#[test]
fn bent_riders_move_and_attack_as_their_definition_says() {
    let v = variant();
    let mut rng = Lcg(19);
    let mut checked = 0;
    for letter in ['G', 'H', 'O', 'J', 'T', 'C'] {
        for _ in 0..150 {
            let mut b = Board([[0; 8]; 8]);
            let density = 2 + rng.next(5);
            for y in 0..8 {
                for x in 0..8 {
                    if rng.next(10) < density {
                        b.0[y][x] = 1 + rng.next(2) as u8;
                    }
                }
            }
            // At least one stone of each side, so that both exist.
            b.0[7][7] = 2;
            b.0[0][7] = 1;
            let s = (rng.next(7) as i32, rng.next(7) as i32);
            b.0[s.1 as usize][s.0 as usize] = 0;
            let want_names: BTreeSet<String> = if letter == 'C' {
                b.locust_targets(s)
                    .iter()
                    .map(|&(x, y)| {
                        format!("{},{}{}", square_name(x), square_name(x), square_name(y))
                    })
                    .collect()
            } else {
                b.targets(letter, s)
                    .iter()
                    .map(|&c| square_name(c))
                    .collect()
            };
            let text = fen(&b, letter, s);
            let pos = Position::from_fen(&v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let from = square_name(s);
            let got: BTreeSet<String> = pos
                .legal_moves()
                .into_iter()
                .map(|m| pos.uci(m))
                .filter(|u| u.starts_with(&from))
                .map(|u| u[from.len()..].to_string())
                .collect();
            assert_eq!(got, want_names, "{letter} on {from} in {text}");
            // Attacks: every empty or enemy square the piece reaches, and
            // no other square (stones attack nothing).
            for y in 0..8 {
                for x in 0..8 {
                    let c = (x, y);
                    if c == s || b.at(c) == 1 {
                        continue;
                    }
                    let sq = v.square((y * 8 + x) as usize).expect("a square");
                    let attacked = pos.is_attacked(sq, Color::White);
                    assert_eq!(
                        attacked,
                        Some(b.attacks(letter, s, c)),
                        "{letter} on {from} attacking {} in {text}",
                        square_name(c)
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 900);
}

/// The lion (`KNAD caK mcabK`): perft against an independent brute force
/// (tests/legs/lion_perft.py, figures in tests/data/legs/lions.perft).
#[test]
fn the_lion_agrees_with_an_independent_perft() {
    let dir = fairyc_tests::root().join("tests/data/legs");
    let v = fairyc_tests::compile_path(&dir.join("lions.variant"));
    let cases = fairyc_tests::read_perft_file(&dir.join("lions.perft"));
    assert_eq!(cases.len(), 4);
    for case in cases {
        let pos = Position::from_fen(&v, &case.fen).expect(&case.id);
        for &(depth, nodes) in &case.counts {
            assert_eq!(
                fairyc_runtime::perft(&pos, depth),
                nodes,
                "{} depth {depth}",
                case.id
            );
        }
    }
}

/// Captures on the way make and unmake exactly (FEN and hash, the hash as
/// computed afresh from the FEN), and their UCI text (`c4b4,b4c5`) reads
/// back; the lion's pass is written as its square twice.
#[test]
fn lion_moves_make_unmake_and_read_back() {
    let dir = fairyc_tests::root().join("tests/data/legs");
    let v = fairyc_tests::compile_path(&dir.join("lions.variant"));
    let mut pos = Position::from_fen(&v, "2k3/2p3/1lPl2/2L3/1P1p2/K1L3 w - - 0 1").expect("fen");
    let mut kinds = BTreeSet::new();
    let mut walk = vec![pos.clone()];
    for _ in 0..3 {
        let moves = pos.legal_moves();
        for &m in &moves {
            let (fen, hash) = (pos.fen(), pos.hash());
            let text = pos.uci(m);
            assert_eq!(pos.parse_uci(&text).ok(), Some(m), "{text} in {fen}");
            kinds.insert(match m {
                fairyc_runtime::Move::Locust { from, to, .. } if from == to => "igui",
                fairyc_runtime::Move::Locust { .. } => "locust",
                fairyc_runtime::Move::Normal { from, to, .. } if from == to => "pass",
                _ => "other",
            });
            let undo = pos.make(m);
            let fresh = Position::from_fen(&v, &pos.fen()).expect("fen after");
            assert_eq!(pos.hash(), fresh.hash(), "{text} in {fen}");
            pos.unmake(undo);
            assert_eq!((pos.fen(), pos.hash()), (fen.clone(), hash), "{text}");
        }
        // Go on along a capture on the way, to walk deeper positions.
        let next = moves
            .iter()
            .copied()
            .find(|m| matches!(m, fairyc_runtime::Move::Locust { from, to, .. } if from != to))
            .or_else(|| moves.first().copied())
            .expect("a move");
        pos.play(next).expect("legal");
        walk.push(pos.clone());
    }
    let want: BTreeSet<&str> = ["igui", "locust", "pass", "other"].into_iter().collect();
    assert_eq!(kinds, want);
    assert_eq!(walk.len(), 4);
}
