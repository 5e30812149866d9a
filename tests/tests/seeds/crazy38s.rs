//! Crazy 38's: what the compiler derived from the board drawn in
//! `variants/crazy-38s.variant` against the tables of its rules
//! (`docs/rules/crazy-38s.md`), kept in `tests/data/crazy-38s/`.

use std::collections::BTreeMap;

use fairyc_runtime::table::Path;
use fairyc_runtime::{Position, Variant};
use fairyc_tests::{root, shipped};

fn data(name: &str) -> Vec<String> {
    let path = root().join("tests/data/crazy-38s").join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

fn sorted(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = items.into_iter().collect();
    v.sort();
    v.dedup();
    v
}

fn words(s: &str) -> Vec<String> {
    sorted(s.split_whitespace().map(str::to_string))
}

struct Board {
    v: Variant,
}

impl Board {
    fn piece(&self, name: &str) -> usize {
        self.v
            .tables()
            .parts()
            .pieces
            .iter()
            .position(|p| p.name == name)
            .unwrap_or_else(|| panic!("no piece {name}"))
    }

    fn paths(&self, piece: &str, side: usize, sq: &str) -> &[Path] {
        let s = self
            .v
            .square_by_name(sq)
            .unwrap_or_else(|| panic!("no square {sq}"));
        &self.v.tables().parts().pieces[self.piece(piece)].moves[side][s.index()]
    }

    fn name(&self, s: u16) -> String {
        let s = self
            .v
            .square(usize::from(s))
            .expect("a square of the table");
        self.v.square_name(s).to_string()
    }

    /// Every square a piece reaches on the empty board, as sorted names.
    fn reach(
        &self,
        piece: &str,
        side: usize,
        sq: &str,
        keep: impl Fn(&Path) -> bool,
    ) -> Vec<String> {
        sorted(
            self.paths(piece, side, sq)
                .iter()
                .filter(|p| keep(p))
                .flat_map(|p| p.steps.iter().map(|s| self.name(s.to)))
                .collect::<Vec<_>>(),
        )
    }

    /// The rays of a piece, each as `a-b-c`, sorted.
    fn rays(&self, piece: &str, sq: &str, keep: impl Fn(&Path) -> bool) -> Vec<String> {
        let mut v: Vec<String> = self
            .paths(piece, 0, sq)
            .iter()
            .filter(|p| keep(p))
            .map(|p| {
                p.steps
                    .iter()
                    .map(|s| self.name(s.to))
                    .collect::<Vec<_>>()
                    .join("-")
            })
            .collect();
        v.sort();
        v
    }
}

fn board() -> Board {
    Board {
        v: shipped("crazy-38s"),
    }
}

fn fields(line: &str) -> Vec<String> {
    line.split('|').map(|f| f.trim().to_string()).collect()
}

#[test]
fn the_board_has_the_38_squares_of_the_spec() {
    let b = board();
    let names = sorted(b.v.squares().map(|s| b.v.square_name(s).to_string()));
    let expected = sorted(data("neighbours.txt").iter().map(|l| fields(l)[0].clone()));
    assert_eq!(names, expected);
    assert_eq!(names.len(), 38);
}

#[test]
fn neighbours_and_direction_classes_match_spec_1_6() {
    let b = board();
    for line in data("neighbours.txt") {
        let f = fields(&line);
        let sq = &f[0];
        let orth = b.reach("Rook", 0, sq, |_| true);
        let orth_first: Vec<String> =
            sorted(b.paths("Rook", 0, sq).iter().map(|p| b.name(p.steps[0].to)));
        assert_eq!(orth_first, words(&f[1]), "orthogonal neighbours of {sq}");
        // Silver = W + side-class diagonals; Gold = W + ahead/behind diagonals.
        let silver = b.reach("Silver", 0, sq, |_| true);
        let gold = b.reach("Gold", 0, sq, |_| true);
        let minus = |a: &[String]| -> Vec<String> {
            a.iter()
                .filter(|x| !words(&f[1]).contains(x))
                .cloned()
                .collect()
        };
        assert_eq!(minus(&silver), words(&f[2]), "side-class diagonals of {sq}");
        assert_eq!(minus(&gold), words(&f[3]), "ahead/behind diagonals of {sq}");
        // Both sides' generals move alike (spec §2.5).
        assert_eq!(
            b.reach("Silver", 1, sq, |_| true),
            silver,
            "black silver on {sq}"
        );
        assert_eq!(b.reach("Gold", 1, sq, |_| true), gold, "black gold on {sq}");
        assert!(!orth.is_empty());
    }
}

fn ray_table(name: &str) -> BTreeMap<String, Vec<String>> {
    data(name)
        .iter()
        .map(|l| {
            let (sq, rays) = l.split_once(':').expect("SQUARE: rays");
            let mut rays: Vec<String> = rays.split(';').map(|r| r.trim().to_string()).collect();
            rays.sort();
            (sq.trim().to_string(), rays)
        })
        .collect()
}

#[test]
fn rook_rays_match_spec_2_2() {
    let b = board();
    for (sq, rays) in ray_table("rook-rays.txt") {
        assert_eq!(b.rays("Rook", &sq, |_| true), rays, "rook rays from {sq}");
    }
}

#[test]
fn bishop_rays_match_spec_2_3() {
    let b = board();
    for (sq, rays) in ray_table("bishop-rays.txt") {
        let diagonal = |p: &Path| p.friend_on.is_empty();
        assert_eq!(
            b.rays("Bishop", &sq, diagonal),
            rays,
            "bishop rays from {sq}"
        );
    }
}

#[test]
fn knight_matches_spec_2_6() {
    let b = board();
    for line in data("knight.txt") {
        let (sq, dests) = line.split_once(':').expect("SQUARE: dests");
        for side in 0..2 {
            assert_eq!(
                b.reach("Knight", side, sq.trim(), |_| true),
                words(dests),
                "knight from {sq}"
            );
        }
    }
}

#[test]
fn pawns_match_spec_2_7() {
    let b = board();
    for line in data("pawn.txt") {
        let f = fields(&line);
        for side in 0..2 {
            assert_eq!(
                b.reach("Pawn", side, &f[0], |_| true),
                words(&f[1 + side]),
                "pawn of side {side} on {}",
                f[0]
            );
        }
    }
}

#[test]
fn the_17_first_moves_of_spec_3() {
    let b = board();
    let pos = Position::new(&b.v).expect("start position");
    let ours = sorted(pos.legal_moves().into_iter().map(|m| pos.uci(m)));
    let expected = sorted(data("first-moves.txt"));
    assert_eq!(expected.len(), 17);
    assert_eq!(ours, expected);
}
