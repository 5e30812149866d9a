//! The whole front end on arbitrary input: parse, check, lower, lint and the
//! rendering of every diagnostic must never panic, whatever the bytes.
//!
//! ```sh
//! RUSTC_BOOTSTRAP=1 cargo fuzz run front_end -- -max_total_time=600
//! ```
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let source = String::from_utf8_lossy(data);
    let found = fairyc_compiler::Finding::of(&source);
    let _ = fairyc_compiler::diagnostic::render_plain("fuzz.variant", &source, &found);
});
