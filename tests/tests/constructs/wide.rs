//! Large boards and many piece types (issue 19): a board of more than 128
//! squares, or a variant of more than 32 piece types, is played with wide
//! square sets (256 bits up to 256 squares, 1024 beyond). Its perft is
//! checked against an independent brute force written here (no fairyc
//! code), and against the same rules played at the other widths.

use fairyc_runtime::{perft, Position, Variant, VariantTables};

fn variant(source: &str) -> Variant {
    let tables = fairyc_compiler::compile(source).expect("compiles");
    Variant::new(tables).expect("loads")
}

/// The FEN board field of a `w`×`h` board (files `a..`, ranks from 1)
/// holding `pieces` (`(letter, file, rank)`, upper case White), ranks from
/// the top.
fn board_field(w: usize, h: usize, pieces: &[(char, usize, usize)]) -> String {
    let mut rows = Vec::new();
    for rank in (0..h).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..w {
            match pieces.iter().find(|p| (p.1, p.2) == (file, rank)) {
                Some(&(c, _, _)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

// ---------------------------------------------------------------------------
// An independent brute force: kings, rooks and knights on a w×h board.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    King,
    Rook,
    Knight,
}

#[derive(Clone, Debug)]
struct Brute {
    w: i32,
    h: i32,
    /// `(kind, white, file, rank)`.
    pieces: Vec<(Kind, bool, i32, i32)>,
    white: bool,
}

const KING: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];
const ROOK: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl Brute {
    fn at(&self, x: i32, y: i32) -> Option<usize> {
        self.pieces.iter().position(|p| (p.2, p.3) == (x, y))
    }

    fn inside(&self, x: i32, y: i32) -> bool {
        (0..self.w).contains(&x) && (0..self.h).contains(&y)
    }

    /// Destinations of piece `i` (friendly squares excluded).
    fn targets(&self, i: usize) -> Vec<(i32, i32)> {
        let (kind, white, x, y) = self.pieces[i];
        let mut out = Vec::new();
        let free = |tx: i32, ty: i32| match self.at(tx, ty) {
            Some(j) => self.pieces[j].1 != white,
            None => true,
        };
        match kind {
            Kind::King | Kind::Knight => {
                let deltas = if kind == Kind::King { KING } else { KNIGHT };
                for (dx, dy) in deltas {
                    let (tx, ty) = (x + dx, y + dy);
                    if self.inside(tx, ty) && free(tx, ty) {
                        out.push((tx, ty));
                    }
                }
            }
            Kind::Rook => {
                for (dx, dy) in ROOK {
                    let (mut tx, mut ty) = (x + dx, y + dy);
                    while self.inside(tx, ty) {
                        if free(tx, ty) {
                            out.push((tx, ty));
                        }
                        if self.at(tx, ty).is_some() {
                            break;
                        }
                        tx += dx;
                        ty += dy;
                    }
                }
            }
        }
        out
    }

    fn in_check(&self, white: bool) -> bool {
        let Some(k) = self
            .pieces
            .iter()
            .position(|p| p.0 == Kind::King && p.1 == white)
        else {
            return false;
        };
        let (kx, ky) = (self.pieces[k].2, self.pieces[k].3);
        (0..self.pieces.len())
            .filter(|&i| self.pieces[i].1 != white)
            .any(|i| self.targets(i).contains(&(kx, ky)))
    }

    fn children(&self) -> Vec<Brute> {
        let mut out = Vec::new();
        for i in 0..self.pieces.len() {
            if self.pieces[i].1 != self.white {
                continue;
            }
            for (tx, ty) in self.targets(i) {
                let mut next = self.clone();
                if let Some(j) = next.at(tx, ty) {
                    next.pieces.remove(j);
                }
                let i = next
                    .pieces
                    .iter()
                    .position(|p| (p.2, p.3) == (self.pieces[i].2, self.pieces[i].3))
                    .expect("the mover");
                next.pieces[i].2 = tx;
                next.pieces[i].3 = ty;
                next.white = !self.white;
                if !next.in_check(self.white) {
                    out.push(next);
                }
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.children().iter().map(|c| c.perft(depth - 1)).sum()
    }
}

const BIG: &str = r#"
variant "Big" {}
board { files a..y; ranks 1..25 }
piece King   { letter K; moves K; royal }
piece Rook   { letter R; moves R }
piece Knight { letter N; moves N }
setup "k24/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24K w - - 0 1"
end { checkmate loss; stalemate draw }
"#;

/// The board field of [`BIG`]'s setup.
const BIG_START: &str =
    "k24/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/24K";

#[test]
fn a_25_by_25_board_is_wide_and_agrees_with_a_brute_force() {
    let v = variant(BIG);
    assert_eq!(v.square_count(), 625);
    assert!(v.is_wide());
    // Pieces far apart and close together, near every edge and past square
    // 128, 256 and 512 (a1 is square 0; rank 6 starts at 125).
    let placements: [&[(char, usize, usize)]; 3] = [
        &[
            ('K', 2, 2),
            ('R', 23, 4),
            ('N', 12, 11),
            ('k', 4, 19),
            ('r', 19, 17),
        ],
        &[
            ('K', 0, 0),
            ('N', 1, 2),
            ('R', 22, 24),
            ('k', 24, 23),
            ('r', 3, 24),
            ('n', 10, 10),
        ],
        &[
            ('K', 12, 5),
            ('R', 12, 20),
            ('k', 14, 22),
            ('r', 3, 6),
            ('N', 13, 21),
        ],
    ];
    for pieces in placements {
        agrees_with_brute_force(&v, 25, 25, pieces);
    }
}

/// The brute force's perft of `pieces` on a `w`×`h` board against the
/// variant's, both sides to move, depths 1 to 3.
fn agrees_with_brute_force(v: &Variant, w: usize, h: usize, pieces: &[(char, usize, usize)]) {
    let field = board_field(w, h, pieces);
    for (turn, white) in [("w", true), ("b", false)] {
        let fen = format!("{field} {turn} - - 0 1");
        let pos = Position::from_fen(v, &fen).expect("a legal position");
        assert_eq!(pos.fen(), fen);
        let brute = Brute {
            w: w as i32,
            h: h as i32,
            pieces: pieces
                .iter()
                .map(|&(c, x, y)| {
                    let kind = match c.to_ascii_uppercase() {
                        'K' => Kind::King,
                        'R' => Kind::Rook,
                        _ => Kind::Knight,
                    };
                    (kind, c.is_ascii_uppercase(), x as i32, y as i32)
                })
                .collect(),
            white,
        };
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                brute.perft(depth),
                "{fen} depth {depth}"
            );
        }
    }
}

#[test]
fn a_12_by_12_board_is_played_at_256_bits_and_agrees_with_a_brute_force() {
    let start = format!("k11/{}/11K", ["12"; 10].join("/"));
    let v = variant(
        &BIG.replace("files a..y; ranks 1..25", "files a..l; ranks 1..12")
            .replace(BIG_START, &start),
    );
    assert_eq!((v.square_count(), v.set_bits()), (144, 256));
    assert!(v.is_wide());
    // Pieces on both sides of square 128 (rank 11 starts at 120) and on
    // every edge.
    let placements: [&[(char, usize, usize)]; 2] = [
        &[
            ('K', 0, 0),
            ('R', 11, 10),
            ('N', 7, 11),
            ('k', 10, 11),
            ('r', 3, 9),
            ('n', 5, 5),
        ],
        &[
            ('K', 6, 11),
            ('R', 0, 11),
            ('k', 1, 1),
            ('r', 11, 0),
            ('N', 8, 9),
        ],
    ];
    for pieces in placements {
        agrees_with_brute_force(&v, 12, 12, pieces);
    }
}

/// A variant of a king each on a board of `w` files and `h` ranks, whose
/// top row keeps only its first `top` cells.
fn board_of(w: usize, h: usize, top: usize) -> VariantTables {
    let row = |n: usize| format!("\"{}{}\"", ".".repeat(n), "-".repeat(w - n));
    let cells: Vec<String> = std::iter::once(row(top))
        .chain((1..h).map(|_| row(w)))
        .collect();
    let top_row = if top == 1 {
        "k".to_string()
    } else {
        format!("k{}", top - 1)
    };
    let rows: Vec<String> = std::iter::once(top_row)
        .chain((1..h - 1).map(|_| w.to_string()))
        .chain(std::iter::once(format!("K{}", w - 1)))
        .collect();
    let last = (b'a' + w as u8 - 1) as char;
    let source = format!(
        "variant \"B\" {{}}\nboard {{ files a..{last}; ranks 1..{h}; cells {{ {} }} }}\n\
         piece King {{ letter K; moves K; royal }}\n\
         piece Rook {{ letter R; moves R }}\n\
         setup \"{} w - - 0 1\"\nend {{ checkmate loss; stalemate draw }}\n",
        cells.join(" "),
        rows.join("/")
    );
    fairyc_compiler::compile(&source).expect("compiles")
}

#[test]
fn the_width_is_the_smallest_that_holds_the_board() {
    // (files, ranks, cells of the top row, squares, set bits)
    let boards = [
        (8, 8, 8, 64, 64),
        (9, 8, 2, 65, 128),
        (16, 8, 16, 128, 128),
        (16, 9, 1, 129, 256),
        (16, 16, 16, 256, 256),
        (16, 17, 1, 257, 1024),
    ];
    for (w, h, top, squares, bits) in boards {
        let v = Variant::new(board_of(w, h, top)).expect("loads");
        assert_eq!((v.square_count(), v.set_bits()), (squares, bits), "{w}×{h}");
        assert_eq!(v.is_wide(), bits > 128);
        // A wider width may be asked for, never a narrower one.
        let wide = Variant::new_at_least(board_of(w, h, top), 1024).expect("loads");
        assert_eq!(wide.set_bits(), 1024);
        let narrow = Variant::new_at_least(board_of(w, h, top), 1).expect("loads");
        assert_eq!(narrow.set_bits(), bits);
        let pos = Position::new(&v).expect("the start position");
        let far = Position::new(&wide).expect("the start position");
        assert_eq!(pos.fen(), far.fen());
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                perft(&far, depth),
                "{w}×{h} depth {depth}"
            );
        }
    }
}

/// Every width at least as wide as the one `tables` needs.
fn at_every_width(source: &str) -> Vec<Variant> {
    let tables = fairyc_compiler::compile(source).expect("compiles");
    let mut out: Vec<Variant> = Vec::new();
    for bits in [64, 128, 256, 1024] {
        let v = Variant::new_at_least(tables.clone(), bits).expect("loads");
        if out.last().is_none_or(|w| w.set_bits() != v.set_bits()) {
            out.push(v);
        }
    }
    out
}

#[test]
fn chess_perft_is_the_same_at_every_width() {
    let source = std::fs::read_to_string(fairyc_tests::root().join("variants/chess.variant"))
        .expect("readable");
    let widths = at_every_width(&source);
    assert_eq!(
        widths.iter().map(Variant::set_bits).collect::<Vec<_>>(),
        [64, 128, 256, 1024]
    );
    // Castling, en passant, promotion and checks at every width; the
    // narrow counts are the published ones (Chess Programming Wiki,
    // "Perft Results": kiwipete and position 3).
    let fens = [
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            2,
            2039,
        ),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3, 2812),
    ];
    for (fen, depth, count) in fens {
        for v in &widths {
            let pos = Position::from_fen(v, fen).expect("legal");
            assert_eq!(perft(&pos, depth), count, "{fen} at {} bits", v.set_bits());
        }
    }
}

#[test]
fn a_12_by_12_chess_army_has_the_same_perft_at_256_and_1024_bits() {
    let path = fairyc_tests::root().join("tests/data/widths/chess12.variant");
    let widths = at_every_width(&std::fs::read_to_string(path).expect("readable"));
    assert_eq!(
        widths.iter().map(Variant::set_bits).collect::<Vec<_>>(),
        [256, 1024]
    );
    let [mid, wide] = &widths[..] else {
        unreachable!()
    };
    let (a, b) = (
        Position::new(mid).expect("start"),
        Position::new(wide).expect("start"),
    );
    for depth in 1..=3 {
        assert_eq!(perft(&a, depth), perft(&b, depth), "depth {depth}");
    }
}

#[test]
fn a_wide_position_plays_and_takes_back_moves_exactly() {
    let v = variant(BIG);
    let mut pos = Position::new(&v).expect("the start position");
    let (fen, hash) = (pos.fen(), pos.hash());
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 3); // the king in its corner
    for m in moves {
        let text = pos.uci(m);
        assert_eq!(pos.parse_uci(&text).ok(), Some(m));
        let undo = pos.make(m);
        assert_ne!(pos.fen(), fen);
        pos.unmake(undo);
        assert_eq!((pos.fen(), pos.hash()), (fen.clone(), hash));
    }
    let y25 = v.square_by_name("y25").expect("a square");
    assert_eq!(y25.index(), 624);
    assert!(pos.piece_at(y25).is_none());
    assert_eq!(pos.royal_squares(fairyc_runtime::Color::White).count(), 1);
}

/// A variant whose pieces are `letters` (each a letter, or `+` and a
/// letter), every one a Wazir but `K` (royal) and `R` (a rook).
fn many(letters: &[String]) -> String {
    let mut s = String::from("variant \"Many\" {}\nboard { files a..h; ranks 1..8 }\n");
    for (i, l) in letters.iter().enumerate() {
        let moves = match l.as_str() {
            "K" => "K; royal",
            "R" => "R",
            "+R" => "RN",
            "N" => "N",
            _ => "W",
        };
        s.push_str(&format!("piece P{i} {{ letter {l}; moves {moves} }}\n"));
    }
    s.push_str("setup \"4k3/8/8/3n4/8/2+R5/8/R3K3 w - - 0 1\"\n");
    s.push_str("end { checkmate loss; stalemate draw }\n");
    s
}

#[test]
fn more_than_32_piece_types_play_as_the_same_rules_with_fewer() {
    let plain: Vec<String> = ('A'..='Z').map(String::from).collect();
    let plus: Vec<String> = ('A'..='Z').map(|c| format!("+{c}")).collect();
    let all: Vec<String> = plain.iter().chain(&plus).cloned().collect();
    let wide = variant(&many(&all));
    assert_eq!(wide.piece_count(), 52);
    assert!(wide.is_wide());
    let few: Vec<String> = ["K", "R", "N", "+R"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let narrow = variant(&many(&few));
    assert!(!narrow.is_wide());
    let fens = [
        "4k3/8/8/3n4/8/2+R5/8/R3K3 w - - 0 1",
        "4k3/8/8/3n4/8/2+R5/8/R3K3 b - - 0 1",
        "r3k3/8/2+r5/8/8/2N5/8/R3K3 w - - 0 1",
    ];
    for fen in fens {
        let a = Position::from_fen(&wide, fen).expect("legal");
        let b = Position::from_fen(&narrow, fen).expect("legal");
        assert_eq!(a.fen(), fen);
        for depth in 1..=3 {
            assert_eq!(perft(&a, depth), perft(&b, depth), "{fen} depth {depth}");
        }
    }
}

#[test]
fn a_board_of_more_than_1024_squares_is_refused() {
    let source = BIG.replace("files a..y; ranks 1..25", "files a..z; ranks 1..40");
    let errors = fairyc_compiler::compile(&source).expect_err("too large");
    let codes: Vec<&str> = errors.iter().map(|e| e.code()).collect();
    assert_eq!(codes, ["E0103"]);
}
