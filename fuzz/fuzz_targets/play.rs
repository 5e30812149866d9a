//! FEN reading and random play on the shipped variants: whatever the bytes,
//! nothing panics, and along every game
//!
//! * make/unmake of every legal move restores the FEN and the hash exactly;
//! * every legal move leaves the mover's royal pieces unattacked;
//! * the FEN round-trips (fen → from_fen → fen) with the same hash.
//!
//! The first byte picks the variant; the second picks the start: an
//! arbitrary FEN (the bytes up to the first `\n`) or a random walk from the
//! start position. The remaining bytes choose the moves.
//!
//! ```sh
//! RUSTC_BOOTSTRAP=1 cargo fuzz run play -- -max_total_time=600
//! ```
#![no_main]

use std::sync::OnceLock;

use fairyc_runtime::{Position, Variant};
use libfuzzer_sys::fuzz_target;

/// The plies played from one input, at most.
const MAX_PLIES: usize = 48;

const SOURCES: [&str; 4] = [
    include_str!("../../variants/crazyhouse.variant"),
    include_str!("../../variants/crazy-38s.variant"),
    include_str!("../../variants/crazy-elephant.variant"),
    include_str!("../../variants/hans-38special.variant"),
];

/// The four shipped variants, compiled once.
fn variants() -> &'static [Variant] {
    static VARIANTS: OnceLock<Vec<Variant>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|source| {
                let tables = fairyc_compiler::compile(source).expect("a shipped variant compiles");
                Variant::new(tables).expect("a shipped variant loads")
            })
            .collect()
    })
}

/// Checks the properties at `pos` for every legal move.
fn check(pos: &mut Position<'_>) {
    let v = pos.variant();
    let before = (pos.fen(), pos.hash());
    let fresh = Position::from_fen(v, &before.0).expect("our own FEN reads back");
    assert_eq!(fresh.fen(), before.0, "FEN round trip");
    assert_eq!(fresh.hash(), before.1, "incremental hash equals a fresh one");
    let mover = pos.turn();
    for m in pos.legal_moves() {
        let undo = pos.make(m);
        let them = mover.other();
        for s in v.squares() {
            if let Some(p) = pos.piece_at(s) {
                if p.color == mover && v.is_royal(p.piece) {
                    assert_eq!(
                        pos.is_attacked(s, them),
                        Some(false),
                        "{} leaves a royal piece attacked in {}",
                        pos.uci(m),
                        before.0
                    );
                }
            }
        }
        pos.unmake(undo);
        assert_eq!((pos.fen(), pos.hash()), before, "make/unmake");
    }
}

fuzz_target!(|data: &[u8]| {
    let [which, mode, rest @ ..] = data else {
        return;
    };
    let variants = variants();
    let v = &variants[*which as usize % variants.len()];
    let (mut pos, choices) = if mode % 2 == 0 {
        let cut = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let fen = String::from_utf8_lossy(&rest[..cut]);
        match Position::from_fen(v, &fen) {
            Ok(pos) => (pos, rest.get(cut + 1..).unwrap_or(&[])),
            Err(e) => {
                // The error renders without panicking.
                let _ = e.to_string();
                return;
            }
        }
    } else {
        (Position::new(v).expect("the start position"), rest)
    };
    for &b in choices.iter().take(MAX_PLIES) {
        check(&mut pos);
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.rule_outcome().is_some() {
            return;
        }
        let m = moves[b as usize % moves.len()];
        pos.play(m).expect("a legal move plays");
    }
    check(&mut pos);
});
