//! Table loading: arbitrary bytes → `VariantTables::from_json` →
//! `Variant::new` → `Position::new` → perft 2 (when the start position has
//! few enough moves) and a few moves chosen by the input. Must never panic,
//! hang or run out of memory: every limit of `docs/table-format.md` is
//! checked while reading.
#![no_main]

use fairyc_runtime::{perft, Position, Variant, VariantTables};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(tables) = VariantTables::from_json(text) else {
        return;
    };
    let Ok(variant) = Variant::new(tables) else {
        return;
    };
    let Ok(mut pos) = Position::new(&variant) else {
        return;
    };
    let _ = pos.fen();
    let moves = pos.legal_moves();
    if moves.len() <= 64 {
        let _ = perft(&pos, 2);
    }
    // A few plies, each move picked by a byte of the input.
    for &b in data.iter().rev().take(6) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[b as usize % moves.len()];
        let _ = pos.uci(m);
        pos.play_unchecked(m);
        let _ = pos.outcome();
    }
});
