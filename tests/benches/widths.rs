//! Perft throughput of one variant played at each width the runtime has
//! (64-, 128-, 256- and 1024-bit square sets), side by side in the same run.
//!
//! `cargo bench -p fairyc-tests --bench widths`
//!
//! A variant is played at the narrowest width that holds its board
//! (`Variant::new`); here each is also forced to every wider width, so that
//! the table shows what the narrower width saves. For each position the
//! table shows leaves per second at each width and the ratio of each to
//! the variant's own width (below 1: slower). Each measurement is the best
//! of three runs. Counts must agree across widths.

use fairyc_runtime::{perft, Position, Variant};
use fairyc_tests::{best_of, root};

/// `(variant file under the repository, position, FEN or "" for the
/// start, depth)`.
const POSITIONS: &[(&str, &str, &str, u32)] = &[
    ("variants/chess.variant", "start position", "", 5),
    (
        "variants/chess.variant",
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
    ("variants/crazyhouse.variant", "start position", "", 5),
    ("variants/shogi.variant", "start position", "", 4),
    ("variants/xiangqi.variant", "start position", "", 4),
    // 144 squares: 256 bits is its own width.
    ("tests/data/widths/chess12.variant", "start position", "", 4),
    // Chu shogi (144 squares, 39 piece types, Lion double moves, several
    // royals: every move is tried by playing it).
    ("variants/chu.variant", "start position", "", 3),
];

const WIDTHS: [usize; 4] = [64, 128, 256, 1024];

fn main() {
    println!(
        "{:<12} {:<16} {:>5} {:>10} {:>12} {:>12} {:>12} {:>12} {:>7} {:>7} {:>7}",
        "variant",
        "position",
        "depth",
        "leaves",
        "64 bits/s",
        "128 bits/s",
        "256 bits/s",
        "1024 bits/s",
        "128/own",
        "256/own",
        "1024/own"
    );
    for &(file, name, fen, depth) in POSITIONS {
        let source = std::fs::read_to_string(root().join(file)).expect("readable");
        let tables = fairyc_compiler::compile(&source).expect("compiles");
        let own = Variant::new(tables.clone()).expect("loads").set_bits();
        let mut leaves = None;
        let mut rates = [None; 4];
        for (i, bits) in WIDTHS.into_iter().enumerate() {
            if bits < own {
                continue;
            }
            let v = Variant::new_at_least(tables.clone(), bits).expect("loads");
            assert_eq!(v.set_bits(), bits);
            let pos = if fen.is_empty() {
                Position::new(&v)
            } else {
                Position::from_fen(&v, fen)
            }
            .expect("benchmark position");
            let (n, t) = best_of(3, || perft(&pos, depth));
            assert_eq!(
                *leaves.get_or_insert(n),
                n,
                "{file} {name}: the widths disagree"
            );
            rates[i] = Some(n as f64 / t.as_secs_f64());
        }
        let own_rate = rates[WIDTHS.iter().position(|&b| b == own).expect("a width")];
        let rate = |r: Option<f64>| r.map_or("-".into(), |r| format!("{r:.0}"));
        let ratio = |r: Option<f64>| match (r, own_rate) {
            (Some(r), Some(o)) if r != o => format!("{:.2}", r / o),
            (Some(_), Some(_)) => "own".into(),
            _ => "-".into(),
        };
        let stem = file
            .rsplit('/')
            .next()
            .and_then(|f| f.strip_suffix(".variant"));
        println!(
            "{:<12} {:<16} {:>5} {:>10} {:>12} {:>12} {:>12} {:>12} {:>7} {:>7} {:>7}",
            stem.unwrap_or(file),
            name,
            depth,
            leaves.unwrap_or(0),
            rate(rates[0]),
            rate(rates[1]),
            rate(rates[2]),
            rate(rates[3]),
            ratio(rates[1]),
            ratio(rates[2]),
            ratio(rates[3]),
        );
    }
}
