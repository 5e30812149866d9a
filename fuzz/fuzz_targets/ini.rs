//! The `variants.ini` importer on arbitrary input: reading, inheriting
//! (from earlier sections and from a few shipped variants), generating
//! `.variant` sources, checking them, and rendering every diagnostic must
//! never panic, hang or run out of memory, whatever the bytes.
//!
//! ```sh
//! RUSTC_BOOTSTRAP=1 cargo fuzz run ini -- -max_total_time=600
//! ```
#![no_main]

use std::sync::OnceLock;

use fairyc_interop::import::{import, Shipped};
use libfuzzer_sys::fuzz_target;

/// A few shipped variants a section may inherit from (`[mine:chess]`).
fn shipped() -> &'static [Shipped] {
    static SHIPPED: OnceLock<Vec<Shipped>> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let one = |names: &[&str], source: &str| Shipped {
            names: names.iter().map(|n| (*n).to_string()).collect(),
            source: source.to_string(),
        };
        vec![
            one(&["chess", "Chess"], include_str!("../../variants/chess.variant")),
            one(
                &["crazyhouse", "Crazyhouse"],
                include_str!("../../variants/crazyhouse.variant"),
            ),
            one(&["shogi", "Shogi"], include_str!("../../variants/shogi.variant")),
            one(&["xiangqi", "Xiangqi"], include_str!("../../variants/xiangqi.variant")),
        ]
    })
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let result = import(&text, shipped());
    for d in &result.diagnostics {
        assert!(d.span.start <= d.span.end && d.span.end as usize <= text.len());
    }
    let _ = fairyc_compiler::diagnostic::render_plain("fuzz.ini", &text, &result.diagnostics);
});
