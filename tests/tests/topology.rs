//! Board topology against independent engines:
//!
//! - **Cylinder chess** (`variants/cylinder.variant`, joined a- and h-files)
//!   against Fairy-Max 5.0 (`variant cylinder`), which takes no positions
//!   (no `setboard`) and has no perft, but refuses an illegal move. So
//!   legality is probed move by move: in the start position and along seeded
//!   random games, every candidate move of the side to move — each own
//!   piece to each other square, with each promotion letter where a pawn
//!   reaches the last rank — is legal here exactly when Fairy-Max takes it
//!   (taken back at once with `undo`); and along scripted lines through an
//!   en-passant capture across the seam, castling both ways and promotions.
//!
//!   Named exception (`OWN_KING`): Fairy-Max takes a move onto the square of
//!   the mover's own king (a king "captured" by its own side), and its `undo`
//!   of such a move leaves a broken position. Such moves are illegal here by
//!   construction (no move captures its own side's piece), so they are not
//!   probed; moves onto any other piece of one's own are. Fairy-Max knows no
//!   seventy-five-move or fivefold-repetition end; the games stop before
//!   either (40 plies at most, and at any end of ours).
//!
//! - **Omega chess** (`variants/omega.variant`, named wizard squares outside
//!   the 10×10 grid's labels) against Sjaak II 1.4.1's perft (`variant
//!   omega`). Sjaak II draws the board as a 12×12 grid (files a–l, ranks
//!   1–12) with `*` for each cell that is no square: positions are given to
//!   it in that dialect (converted from the cells of our board, not from
//!   square names), and moves by the grid cells of their squares. Compared:
//!   perft 1–4 of the start, perft 3 at every sixth ply of seeded random
//!   games (the moves replayed in Sjaak II, and the position also given by
//!   `setboard` where no en-passant capture is pending), and fixed positions
//!   with pieces on the wizard squares.
//!
//!   Named exception (`SJAAK_STAY`): Sjaak II 1.4.1 gives a piece that
//!   steps orthogonally (king, queen, rook, champion) standing on a wizard
//!   square an extra move to its own square (`Ka1-a1` in its divide; both
//!   orthogonal neighbours of a wizard square are off the board). No such
//!   move exists in Omega chess. So a perft is compared only to the depth
//!   below the first position of our tree with such a piece of the side to
//!   move on a wizard square, and where the root itself has one, its moves
//!   are compared one by one without Sjaak II's moves to the same square
//!   (asserted to be exactly one per such piece).
//!
//! Run by `.ci/run`: `cargo test -p fairyc-tests --release --test topology -- --ignored`.

use fairyc_runtime::{perft, Color, Move, Position, Promote, Square, Variant};
use fairyc_tests::shipped;
use fairyc_tests::xboard::{XBoard, FAIRYMAX, SJAAKII};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// Every from-to pair of the side to move (with promotion letters for a
/// pawn reaching its last rank), in UCI notation.
fn candidates(v: &Variant, p: &Position<'_>) -> Vec<String> {
    let last = if p.turn() == Color::White { "8" } else { "1" };
    let mut out = Vec::new();
    for from in p.occupied_by(p.turn()) {
        let pawn = p
            .piece_at(from)
            .is_some_and(|q| v.piece_letter(q.piece) == 'P');
        for to in v.squares() {
            // OWN_KING: see the module doc.
            if to == from || p.royal_square(p.turn()) == Some(to) {
                continue;
            }
            let text = format!("{}{}", v.square_name(from), v.square_name(to));
            if pawn && v.square_name(to).ends_with(last) {
                for c in ["q", "r", "b", "n"] {
                    out.push(format!("{text}{c}"));
                }
            } else {
                out.push(text);
            }
        }
    }
    out
}

/// Compares the legal moves of `p` with what Fairy-Max, standing in the
/// same position, takes; returns the differences.
fn compare(v: &Variant, p: &Position<'_>, fm: &mut XBoard, line: &[String]) -> Vec<String> {
    let ours = fairyc_tests::uci_moves(p);
    let mut diff = Vec::new();
    for c in candidates(v, p) {
        let mine = ours.contains(&c);
        let theirs = fm.accepts(&c);
        if mine != theirs {
            diff.push(format!(
                "{c}: ours {}, Fairy-Max {} after `{}` ({})",
                if mine { "legal" } else { "illegal" },
                if theirs { "takes it" } else { "refuses it" },
                line.join(" "),
                p.fen()
            ));
        }
    }
    // Every legal move of ours is a candidate.
    for m in &ours {
        assert!(candidates(v, p).contains(m), "{m} is no candidate");
    }
    diff
}

#[test]
#[ignore = "needs fairymax; run by .ci/run"]
fn cylinder_agrees_with_fairymax() {
    let v = shipped("cylinder");
    let Some(mut fm) = XBoard::start(FAIRYMAX, "cylinder") else {
        panic!("{FAIRYMAX} is not installed (apt-get install fairymax)");
    };
    let games: u64 = std::env::var("FAIRYC_CYLINDER_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let mut diffs = Vec::new();
    let mut probed = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Position::new(&v).expect("start");
        fm.new_game();
        let mut line: Vec<String> = Vec::new();
        for _ in 0..40 {
            diffs.extend(compare(&v, &p, &mut fm, &line));
            probed += 1;
            if p.rule_outcome().is_some() {
                break;
            }
            let Some(m) = fairyc_tests::random_move_favouring_captures(&p, &mut rng) else {
                break;
            };
            let text = p.uci(m);
            assert!(fm.play(&text), "Fairy-Max refuses {text} after {line:?}");
            p.play_unchecked(m);
            line.push(text);
        }
        assert!(
            diffs.is_empty(),
            "{} differences:\n{}",
            diffs.len(),
            diffs.join("\n")
        );
    }
    eprintln!("cylinder: {probed} positions of {games} games agree with Fairy-Max");
}

/// Scripted lines through what random games rarely reach: an en-passant
/// capture across the seam (a5 takes h5 on h6), castling both ways with
/// attacks across the seam, and a promotion; every position on the way is
/// probed as in [`cylinder_agrees_with_fairymax`].
#[test]
#[ignore = "needs fairymax; run by .ci/run"]
fn cylinder_scripted_lines_agree_with_fairymax() {
    let v = shipped("cylinder");
    let Some(mut fm) = XBoard::start(FAIRYMAX, "cylinder") else {
        panic!("{FAIRYMAX} is not installed (apt-get install fairymax)");
    };
    let lines = [
        // En passant across the seam.
        "a2a4 a7a6 a4a5 h7h5 a5h6",
        // Castling: the rook on a8 would see b1..h1 across the seam once
        // the b-file opens; White castles short, Black long.
        "g1f3 b8c6 g2g3 d7d6 f1g2 c8e6 e1g1 d8d7 b2b4 e8c8",
        // A pawn race to promotion with captures across the seam.
        "h2h4 a7a5 h4h5 a5a4 h5h6 a4a3 h6g7 a3b2 g7h8q b2a1q",
    ];
    let mut diffs = Vec::new();
    for line in lines {
        let mut p = Position::new(&v).expect("start");
        fm.new_game();
        let mut played: Vec<String> = Vec::new();
        for mv in line.split_whitespace() {
            diffs.extend(compare(&v, &p, &mut fm, &played));
            fairyc_tests::play(&mut p, mv);
            assert!(fm.play(mv), "Fairy-Max refuses {mv} after {played:?}");
            played.push(mv.to_string());
        }
        diffs.extend(compare(&v, &p, &mut fm, &played));
    }
    assert!(
        diffs.is_empty(),
        "{} differences:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// The seam, without an oracle: the moves that exist only because the a- and
/// h-files join.
#[test]
fn cylinder_lines_and_leaps_cross_the_seam() {
    let v = shipped("cylinder");
    // A rook on a1 reaches h1 both ways round; a knight on h4 reaches a2,
    // a6, b3 and b5 across the seam.
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/7N/8/8/R3K3 w - - 0 1");
    let moves = fairyc_tests::uci_moves(&p);
    for m in [
        "a1h1", "a1b1", "a1d1", "h4a2", "h4a6", "h4b3", "h4b5", "e1d2",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    // The rook stops before its own square: 3 squares right (to d1, the
    // king on e1 blocks), 3 squares left round the seam (h1, g1, f1), 7 up.
    let rook: Vec<_> = moves.iter().filter(|m| m.starts_with("a1")).collect();
    assert_eq!(rook.len(), 3 + 3 + 7, "{rook:?}");
    // A pawn on a2 captures on h3 across the seam.
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/8/7p/P7/4K3 w - - 0 1");
    assert!(fairyc_tests::uci_moves(&p).contains(&"a2h3".to_string()));
    // The king on a1 is in check from a rook on h1's far side: h1 adjoins a1.
    let p = fairyc_tests::pos(&v, "4k3/8/8/8/8/8/8/K6r w - - 0 1");
    assert!(p.is_check());
}

/// The grid cell of a square, in Sjaak II's coordinates (`a1` bottom left).
fn cell_name(v: &Variant, s: Square) -> String {
    let [x, y] = v.tables().parts().board.squares[s.index()].cells[0];
    format!("{}{}", (b'a' + x) as char, y + 1)
}

/// A move in Sjaak II's coordinates.
fn sjaak_move(v: &Variant, m: Move) -> String {
    let from = m.from().expect("no drops in omega");
    let mut text = format!("{}{}", cell_name(v, from), cell_name(v, m.to()));
    if let Promote::Piece(p) = m.promotion() {
        text.push(v.piece_letter(p).to_ascii_lowercase());
    }
    text
}

/// A position in Sjaak II's FEN dialect: every cell of the grid, top row
/// first, `*` for a cell that is no square; castling rights as ours (the
/// king's and rooks' files are the same letters on both grids); no
/// en-passant square (call it only when none is pending).
fn sjaak_fen(v: &Variant, p: &Position<'_>) -> String {
    let board = &v.tables().parts().board;
    let (w, h) = (board.width as usize, board.height as usize);
    let mut grid = vec![None; w * h];
    for s in v.squares() {
        let [x, y] = board.squares[s.index()].cells[0];
        grid[y as usize * w + x as usize] = Some(s);
    }
    let mut rows = Vec::new();
    for y in (0..h).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..w {
            let cell = grid[y * w + x];
            let piece = cell.and_then(|s| p.piece_at(s));
            if cell.is_some() && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            match piece {
                None => row.push('*'),
                Some(q) => {
                    let l = v.piece_letter(q.piece);
                    row.push(if q.color == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let ours = p.fen();
    let fields: Vec<&str> = ours.split_whitespace().collect();
    format!("{} {} {} -", rows.join("/"), fields[1], fields[2])
}

/// SJAAK_STAY: whether a piece of the side to move that steps orthogonally
/// stands on a wizard square.
fn stay_bug(v: &Variant, p: &Position<'_>) -> usize {
    ["w1", "w2", "w3", "w4"]
        .iter()
        .filter_map(|n| p.piece_at(v.square_by_name(n)?))
        .filter(|q| q.color == p.turn() && "KQRC".contains(v.piece_letter(q.piece)))
        .count()
}

/// SJAAK_STAY: the first ply (below `max`) of the tree of `p` with a
/// position where [`stay_bug`] holds, or `max`.
fn stay_ply(v: &Variant, p: &Position<'_>, max: u32) -> u32 {
    if max == 0 || p.rule_outcome().is_some() {
        return max;
    }
    if stay_bug(v, p) > 0 {
        return 0;
    }
    let mut first = max;
    for m in p.legal_moves() {
        let mut q = p.clone();
        q.play_unchecked(m);
        first = first.min(1 + stay_ply(v, &q, max - 1));
    }
    first
}

/// Sjaak II's legal root moves of its current position (`perft 1 1`), in
/// its coordinates (`b2b4`, `c10c11q`, `O-O`).
fn sjaak_root_moves(sj: &mut XBoard) -> Vec<String> {
    sj.send("perft 1 1");
    let mut out: Vec<String> = sj
        .sync()
        .iter()
        .filter_map(|l| {
            // `MOVE COUNT TOTAL`; a pseudo-legal move that is illegal has
            // count 0.
            let mut words = l.split_whitespace();
            let mv = words.next()?;
            if words.next()? == "0" {
                return None;
            }
            if mv.starts_with("O-O") {
                return Some(mv.to_string());
            }
            let mv = mv.trim_start_matches(|c: char| c.is_ascii_uppercase());
            let (from, rest) = mv.split_once(['-', 'x'])?;
            // A promotion is the new piece's letter after the square.
            let rest = rest.replace('=', "");
            let cut = rest
                .trim_end_matches(|c: char| c.is_ascii_uppercase())
                .len();
            let (to, promo) = (&rest[..cut], rest[cut..].to_ascii_lowercase());
            Some(format!("{from}{to}{promo}"))
        })
        .collect();
    out.sort();
    out
}

/// Compares the position with Sjaak II (which stands in it already) to
/// depth `depth`, within SJAAK_STAY; returns the depth compared.
fn omega_compare(v: &Variant, p: &Position<'_>, sj: &mut XBoard, depth: u32, what: &str) -> u32 {
    let safe = stay_ply(v, p, depth);
    if safe == 0 {
        // The root itself: Sjaak II's moves without its stays.
        let theirs = sjaak_root_moves(sj);
        let (stays, theirs): (Vec<String>, Vec<String>) = theirs
            .into_iter()
            .partition(|m| m.len() >= 4 && m[..m.len() / 2] == m[m.len() / 2..]);
        assert_eq!(
            stays.len(),
            stay_bug(v, p),
            "SJAAK_STAY moves of {what}: {stays:?}"
        );
        let mut ours: Vec<String> = p
            .legal_moves()
            .into_iter()
            .map(|m| match m {
                Move::Castle { to, .. } => {
                    let file = v.tables().parts().board.squares[to.index()].cells[0][0];
                    let king = v.tables().parts().board.squares[m.from().expect("from").index()]
                        .cells[0][0];
                    if file > king { "O-O" } else { "O-O-O" }.to_string()
                }
                _ => sjaak_move(v, m),
            })
            .collect();
        ours.sort();
        assert_eq!(ours, theirs, "moves of {what} ({})", p.fen());
        return 1;
    }
    sj.send(&format!("perft {safe}"));
    let lines = sj.sync();
    let theirs = lines
        .iter()
        .rev()
        .find_map(|l| {
            let mut w = l.split_whitespace();
            (w.next()? == safe.to_string())
                .then(|| w.next()?.parse::<u64>().ok())
                .flatten()
        })
        .unwrap_or_else(|| panic!("no perft from Sjaak II: {lines:?}"));
    assert_eq!(
        perft(p, safe),
        theirs,
        "perft {safe} of {what} ({})",
        p.fen()
    );
    safe
}

fn sjaak() -> XBoard {
    XBoard::start(SJAAKII, "omega")
        .unwrap_or_else(|| panic!("{SJAAKII} is not installed (apt-get install sjaakii)"))
}

#[test]
#[ignore = "needs sjaakii; run by .ci/run"]
fn omega_start_agrees_with_sjaak() {
    let v = shipped("omega");
    let start = Position::new(&v).expect("start");
    let mut sj = sjaak();
    let fen = sjaak_fen(&v, &start);
    assert_eq!(
        fen,
        "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq -",
        "Sjaak II's own start FEN (its `setup` line)"
    );
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth), sj.perft(&fen, depth), "perft {depth}");
    }
}

#[test]
#[ignore = "needs sjaakii; run by .ci/run"]
fn omega_fixed_positions_agree_with_sjaak() {
    let v = shipped("omega");
    let mut sj = sjaak();
    // Wizards, bishops and knights on the wizard squares, pawns about to
    // promote, castling both ways.
    for fen in [
        "1w/1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1/WB w KQkq - 0 1",
        "1w/1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1/WB b KQkq - 0 1",
        "nw/4k5/1P8/10/10/3p6/10/10/10/6p3/4K5/BW w - - 0 1",
        "nw/4k5/1P8/10/10/3p6/10/10/10/6p3/4K5/BW b - - 0 1",
        "w1/6k3/1P8/10/10/10/10/10/10/8p1/4K5/1N w - - 0 1",
        // SJAAK_STAY at the root: compared move by move.
        "1c/10/10/4k5/10/10/10/10/10/c9/10/K1 w - - 0 1",
    ] {
        let p = fairyc_tests::pos(&v, fen);
        let theirs = sjaak_fen(&v, &p);
        sj.send(&format!("setboard {theirs}"));
        sj.sync();
        let depth = omega_compare(&v, &p, &mut sj, 3, &theirs);
        eprintln!("omega: {fen} agrees to depth {depth}");
    }
    // SJAAK_STAY itself: a king on w1 has one move (to a0, diagonally), and
    // Sjaak II lists a second, `a1a1`.
    let p = fairyc_tests::pos(&v, "2/4k5/10/10/10/10/10/10/10/10/10/K1 w - - 0 1");
    sj.send(&format!("setboard {}", sjaak_fen(&v, &p)));
    sj.sync();
    assert_eq!(fairyc_tests::uci_moves(&p), ["w1a0"]);
    assert_eq!(sjaak_root_moves(&mut sj), ["a1a1", "a1b2"]);
}

#[test]
#[ignore = "needs sjaakii; run by .ci/run"]
fn omega_random_games_agree_with_sjaak() {
    let v = shipped("omega");
    let mut sj = sjaak();
    let games: u64 = std::env::var("FAIRYC_OMEGA_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(16);
    let (mut compared, mut shallow) = (0, 0);
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Position::new(&v).expect("start");
        let mut line: Vec<String> = Vec::new();
        for ply in 0..80 {
            if ply % 6 == 0 {
                sj.new_game();
                for m in &line {
                    assert!(sj.play(m), "Sjaak II refuses {m} after {line:?}");
                }
                let what = format!("the position after {}", line.join(" "));
                let depth = omega_compare(&v, &p, &mut sj, 3, &what);
                if depth < 3 {
                    shallow += 1;
                }
                if p.ep_squares().next().is_none() {
                    let fen = sjaak_fen(&v, &p);
                    sj.send(&format!("setboard {fen}"));
                    sj.sync();
                    omega_compare(&v, &p, &mut sj, 3, &fen);
                }
                compared += 1;
            }
            if p.rule_outcome().is_some() {
                break;
            }
            let Some(m) = fairyc_tests::random_move_favouring_captures(&p, &mut rng) else {
                break;
            };
            line.push(sjaak_move(&v, m));
            p.play_unchecked(m);
        }
    }
    eprintln!(
        "omega: {compared} positions of {games} games agree with Sjaak II \
         ({shallow} below depth 3 for SJAAK_STAY)"
    );
}

/// The wizard squares without an oracle: named, in move text and in FEN.
#[test]
fn omega_wizard_squares_have_their_names() {
    let v = shipped("omega");
    let p = Position::new(&v).expect("start");
    let moves = fairyc_tests::uci_moves(&p);
    // The white wizards leap from w1 (diagonally behind a0) to a2 and from
    // w2 to j2; pawns step one, two or three squares.
    assert!(moves.contains(&"w1a2".to_string()), "{moves:?}");
    assert!(moves.contains(&"w2j2".to_string()), "{moves:?}");
    assert!(moves.contains(&"f1f4".to_string()), "{moves:?}");
    assert_eq!(moves.len(), 40);
    for name in ["w1", "w2", "w3", "w4"] {
        assert!(v.square_by_name(name).is_some(), "{name}");
    }
}

// ---------------------------------------------------------------------------
// Gliński's hexagonal chess: an independent move generator.
//
// Written from the rules (variants/glinski.variant's header), sharing nothing
// with the compiler or the variant file: cells are (c, v) with c the file
// from the centre (-5 for a, 0 for f, 5 for l) and v the height in half
// cells from the bottom corner of the board, v = 2 (rank - 1) + |c|; the six
// edge neighbours are (0, ±2) and (±1, ±1), the six corner ("diagonal")
// directions (±1, ±3) and (±2, 0), the knight's twelve leaps (±1, ±5),
// (±2, ±4) and (±3, ±1). Positions are read from ours by square name only.
// ---------------------------------------------------------------------------

const HEX_FILES: &str = "abcdefghikl";

type Hex = (i32, i32);

/// Whether `(c, v)` is one of the 91 cells.
fn hex_on(h: Hex) -> bool {
    let (c, v) = h;
    c.abs() <= 5 && v >= c.abs() && v <= 20 - c.abs() && (v - c.abs()) % 2 == 0
}

fn hex_of(name: &str) -> Hex {
    let f = HEX_FILES.find(&name[..1]).expect("a hex file") as i32;
    let rank: i32 = name[1..].parse().expect("a hex rank");
    let c = f - 5;
    (c, 2 * (rank - 1) + c.abs())
}

fn hex_name(h: Hex) -> String {
    let (c, v) = h;
    let f = HEX_FILES.as_bytes()[(c + 5) as usize] as char;
    format!("{f}{}", (v - c.abs()) / 2 + 1)
}

const ORTH: [Hex; 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];
const DIAG: [Hex; 6] = [(1, 3), (-1, 3), (1, -3), (-1, -3), (2, 0), (-2, 0)];
const JUMP: [Hex; 12] = [
    (1, 5),
    (-1, 5),
    (1, -5),
    (-1, -5),
    (2, 4),
    (-2, 4),
    (2, -4),
    (-2, -4),
    (3, 1),
    (-3, 1),
    (3, -1),
    (-3, -1),
];

/// A position of the oracle: `(white, letter)` per cell, side to move
/// (`true`: White), en-passant cell (the cell passed by a double step).
#[derive(Clone)]
struct HexPos {
    board: std::collections::HashMap<Hex, (bool, char)>,
    white: bool,
    ep: Option<Hex>,
}

fn add(a: Hex, b: Hex) -> Hex {
    (a.0 + b.0, a.1 + b.1)
}

impl HexPos {
    fn from_ours(v: &Variant, p: &Position<'_>) -> HexPos {
        let mut board = std::collections::HashMap::new();
        for s in v.squares() {
            if let Some(q) = p.piece_at(s) {
                board.insert(
                    hex_of(v.square_name(s)),
                    (q.color == Color::White, v.piece_letter(q.piece)),
                );
            }
        }
        HexPos {
            board,
            white: p.turn() == Color::White,
            ep: p.ep_squares().next().map(|s| hex_of(v.square_name(s))),
        }
    }

    /// Pseudo-legal moves: (from, to, promotion letter or ' ').
    fn pseudo(&self) -> Vec<(Hex, Hex, char)> {
        let mut out = Vec::new();
        let me = self.white;
        let enemy = |h: Hex| self.board.get(&h).is_some_and(|x| x.0 != me);
        let empty = |h: Hex| hex_on(h) && !self.board.contains_key(&h);
        for (&from, &(white, kind)) in &self.board {
            if white != me {
                continue;
            }
            let mut to_list = Vec::new();
            let ride = |dirs: &[Hex], far: bool, to_list: &mut Vec<Hex>| {
                for &d in dirs {
                    let mut t = add(from, d);
                    while hex_on(t) {
                        if empty(t) {
                            to_list.push(t);
                        } else {
                            if enemy(t) {
                                to_list.push(t);
                            }
                            break;
                        }
                        if !far {
                            break;
                        }
                        t = add(t, d);
                    }
                }
            };
            match kind {
                'K' => {
                    ride(&ORTH, false, &mut to_list);
                    ride(&DIAG, false, &mut to_list);
                }
                'Q' => {
                    ride(&ORTH, true, &mut to_list);
                    ride(&DIAG, true, &mut to_list);
                }
                'R' => ride(&ORTH, true, &mut to_list),
                'B' => ride(&DIAG, true, &mut to_list),
                'N' => ride(&JUMP, false, &mut to_list),
                'P' => {
                    let dy = if me { 1 } else { -1 };
                    let one = add(from, (0, 2 * dy));
                    if empty(one) {
                        to_list.push(one);
                        // A pawn starting cell of its side: v = 8 - |c|
                        // (White) or 12 + |c| (Black), |c| <= 4.
                        let start = from.0.abs() <= 4
                            && from.1
                                == if me {
                                    8 - from.0.abs()
                                } else {
                                    12 + from.0.abs()
                                };
                        let two = add(one, (0, 2 * dy));
                        if start && empty(two) {
                            to_list.push(two);
                        }
                    }
                    for dc in [-1, 1] {
                        let t = add(from, (dc, dy));
                        if hex_on(t) && (enemy(t) || self.ep == Some(t)) {
                            to_list.push(t);
                        }
                    }
                }
                _ => panic!("no Gliński piece {kind}"),
            }
            for to in to_list {
                let last = if me { 20 - to.0.abs() } else { to.0.abs() };
                if kind == 'P' && to.1 == last {
                    for c in ['Q', 'R', 'B', 'N'] {
                        out.push((from, to, c));
                    }
                } else {
                    out.push((from, to, ' '));
                }
            }
        }
        out
    }

    fn make(&self, (from, to, promo): (Hex, Hex, char)) -> HexPos {
        let mut next = self.clone();
        let (white, kind) = next.board.remove(&from).expect("a piece");
        if kind == 'P' && Some(to) == self.ep && !self.board.contains_key(&to) {
            // En passant: the double-stepped pawn stands one step further.
            let dy = if white { -2 } else { 2 };
            next.board.remove(&add(to, (0, dy)));
        }
        next.ep =
            (kind == 'P' && (to.1 - from.1).abs() == 4).then_some((to.0, (from.1 + to.1) / 2));
        next.board
            .insert(to, (white, if promo == ' ' { kind } else { promo }));
        next.white = !self.white;
        next
    }

    /// Whether the side that just moved left its king capturable.
    fn exposed(&self) -> bool {
        let mover = !self.white;
        let king = self
            .board
            .iter()
            .find(|(_, &(w, k))| w == mover && k == 'K')
            .map(|(&h, _)| h)
            .expect("a king");
        self.pseudo().iter().any(|&(_, to, _)| to == king)
    }

    fn legal(&self) -> Vec<(Hex, Hex, char)> {
        self.pseudo()
            .into_iter()
            .filter(|&m| !self.make(m).exposed())
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.make(m).perft(depth - 1)).sum()
    }
}

#[test]
fn glinski_cells_and_names_agree_with_the_oracle() {
    let v = shipped("glinski");
    assert_eq!(v.square_count(), 91);
    let mut names: Vec<String> = v.squares().map(|s| v.square_name(s).to_string()).collect();
    names.sort();
    let mut theirs: Vec<String> = (-5..=5)
        .flat_map(|c| (0..=20).map(move |v| (c, v)))
        .filter(|&h| hex_on(h))
        .map(hex_name)
        .collect();
    theirs.sort();
    assert_eq!(names, theirs);
}

/// The published figure (tests/perft/glinski.perft): White has 51 first
/// moves, by piece K 2, Q 6, R 6, B 12, N 8, P 17.
#[test]
fn glinski_start_matches_published_figures() {
    let v = shipped("glinski");
    let p = Position::new(&v).expect("start");
    let cases =
        fairyc_tests::read_perft_file(&fairyc_tests::root().join("tests/perft/glinski.perft"));
    let start = cases.iter().find(|c| c.id == "start").expect("start case");
    assert!(fairyc_tests::same_fen(&start.fen, &p.fen()), "{}", p.fen());
    for &(depth, nodes) in &start.counts {
        assert_eq!(perft(&p, depth), nodes, "perft {depth}");
    }
    let mut by_piece = std::collections::BTreeMap::new();
    for m in p.legal_moves() {
        let q = p.piece_at(m.from().expect("from")).expect("a piece");
        *by_piece.entry(v.piece_letter(q.piece)).or_insert(0) += 1;
    }
    let expected: std::collections::BTreeMap<char, i32> =
        [('K', 2), ('Q', 6), ('R', 6), ('B', 12), ('N', 8), ('P', 17)].into();
    assert_eq!(by_piece, expected);
}

#[test]
#[ignore = "slow in a debug build; run by .ci/run"]
fn glinski_agrees_with_the_independent_oracle() {
    let v = shipped("glinski");
    let start = Position::new(&v).expect("start");
    let oracle = HexPos::from_ours(&v, &start);
    for depth in 1..=3 {
        assert_eq!(
            perft(&start, depth),
            oracle.perft(depth),
            "perft {depth} of the start"
        );
    }
    let games: u64 = std::env::var("FAIRYC_GLINSKI_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let mut compared = 0;
    for seed in 0..games {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Position::new(&v).expect("start");
        for ply in 0..100 {
            if ply % 5 == 0 {
                let o = HexPos::from_ours(&v, &p);
                let mut ours: Vec<String> = fairyc_tests::uci_moves(&p);
                let mut theirs: Vec<String> = o
                    .legal()
                    .into_iter()
                    .map(|(f, t, c)| {
                        let promo = if c == ' ' {
                            String::new()
                        } else {
                            c.to_ascii_lowercase().to_string()
                        };
                        format!("{}{}{promo}", hex_name(f), hex_name(t))
                    })
                    .collect();
                ours.sort();
                theirs.sort();
                assert_eq!(ours, theirs, "moves of {}", p.fen());
                assert_eq!(perft(&p, 2), o.perft(2), "perft 2 of {}", p.fen());
                compared += 1;
            }
            if p.rule_outcome().is_some() {
                break;
            }
            let Some(m) = fairyc_tests::random_move_favouring_captures(&p, &mut rng) else {
                break;
            };
            p.play_unchecked(m);
        }
    }
    eprintln!("glinski: {compared} positions of {games} games agree with the oracle");
}

/// A torus (`wrap files ranks`) small enough for lines to close on
/// themselves: every line stops before the square it started from, a
/// diagonal visits every square of its cycle once, and a leap that comes
/// back to its own square is no move.
#[test]
fn torus_lines_close_before_their_start() {
    let source = r#"
        variant "Torus" {}
        board { files a..c; ranks 1..2; wrap files ranks }
        piece Rook   { letter R; moves R }
        piece Bishop { letter B; moves B }
        piece Dabbaba { letter D; moves D }
        setup "3/R2 w - - 0 1"
        end { stalemate loss }
    "#;
    let v = Variant::new(fairyc_compiler::compile(source).expect("compiles")).expect("valid");
    let targets = |fen: &str, from: &str| -> Vec<String> {
        let p = fairyc_tests::pos(&v, fen);
        let mut out: Vec<String> = fairyc_tests::uci_moves(&p)
            .into_iter()
            .filter_map(|m| m.strip_prefix(from).map(str::to_string))
            .collect();
        out.sort();
        out.dedup();
        out
    };
    // No royal piece (the game ends by stalemate); the piece on a1.
    // Rook: b1, c1 along the rank (both ways round: the same squares), a2
    // along the file; never a1 itself.
    assert_eq!(targets("3/R2 w - - 0 1", "a1"), ["a2", "b1", "c1"]);
    // Bishop: the (1,1) diagonal runs b2, c1, a2, b1, c2 and back to a1.
    assert_eq!(
        targets("3/B2 w - - 0 1", "a1"),
        ["a2", "b1", "b2", "c1", "c2"]
    );
    // Dabbaba: (2,0) is c1 (or, the other way, b1); (0,2) is a1 itself.
    assert_eq!(targets("3/D2 w - - 0 1", "a1"), ["b1", "c1"]);
}

/// The citadels example of docs/language.md ("Squares only some pieces may
/// enter"): each king reaches only the far corner squares, the camel none,
/// from anywhere.
#[test]
fn citadels_admit_only_the_opposing_king() {
    let doc = std::fs::read_to_string(fairyc_tests::root().join("docs/language.md")).unwrap();
    let start = doc
        .find("variant \"Citadels\"")
        .expect("the example is in the docs");
    let begin = doc[..start].rfind("```variant\n").unwrap() + "```variant\n".len();
    let end = begin + doc[begin..].find("```").unwrap();
    let tables = fairyc_compiler::compile(&doc[begin..end]).expect("the example compiles");
    let v = Variant::new(tables).unwrap();
    let corners = ["z0", "y0", "z9", "y9"].map(|n| v.square_by_name(n).unwrap());
    let king = v.piece_by_name("King").unwrap();
    let camel = v.piece_by_name("Camel").unwrap();
    for from in v.squares() {
        for side in Color::ALL {
            let into = |piece| {
                let reach = fairyc_runtime::reach(&v, piece, side, from).unwrap_or_default();
                corners
                    .iter()
                    .filter(|c| reach.contains_key(c))
                    .map(|&c| v.square_name(c).to_string())
                    .collect::<Vec<_>>()
            };
            assert!(
                into(camel).is_empty(),
                "a camel on {} enters a corner",
                v.square_name(from)
            );
            let far: &[&str] = match side {
                Color::White => &["z9", "y9"],
                Color::Black => &["z0", "y0"],
            };
            let kings = into(king);
            assert!(
                kings.iter().all(|c| far.contains(&c.as_str())),
                "{side:?} king on {}: {kings:?}",
                v.square_name(from)
            );
        }
    }
    // And in play: White's king steps from d4 to y9, Black's from a1 to z0.
    let p = fairyc_tests::pos(&v, "2/3K/4/4/k2C/2 w - - 0 1");
    assert!(fairyc_tests::uci_moves(&p).contains(&"d4y9".to_string()));
    let p = fairyc_tests::pos(&v, "2/3K/4/4/k2C/2 b - - 0 1");
    assert!(fairyc_tests::uci_moves(&p).contains(&"a1z0".to_string()));
}
