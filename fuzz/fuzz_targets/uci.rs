//! The UCI and XBoard loops fed arbitrary command lines: whatever the
//! bytes, nothing panics or hangs, and every session ends at the end of its
//! input.
//!
//! The first byte picks the protocol (even: UCI, odd: XBoard); the rest is
//! the session's input, lines of any bytes (not UTF-8, overlong, control
//! characters). The work is bounded: searches go at most 2 plies deep and
//! visit at most 2,000 nodes (`go infinite` too), `go perft` counts at most
//! 2 plies, `Hash` is at most 1 MiB and `VariantPath` reads no file.
//!
//! ```sh
//! RUSTC_BOOTSTRAP=1 cargo fuzz run uci -- -max_total_time=600
//! ```
#![no_main]

use std::io::Cursor;

use fairyc_cli::engine::{uci_session, xboard_session, Options, Out};
use libfuzzer_sys::fuzz_target;

const OPTIONS: Options = Options {
    max_depth: Some(2),
    max_nodes: Some(2_000),
    max_perft: Some(2),
    files: false,
    max_hash_mb: 1,
};

fuzz_target!(
    init: {
        // XBoard's `protover` describes every shipped variant once per
        // process (compiling each): done here, before the first input is
        // timed.
        xboard_session(
            Box::new(Cursor::new(b"protover 2\n".to_vec())),
            Out::new(std::io::sink()),
            OPTIONS,
        );
    },
    |data: &[u8]| {
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let input = Box::new(Cursor::new(rest.to_vec()));
        let out = Out::new(std::io::sink());
        if pick % 2 == 0 {
            uci_session(input, out, OPTIONS);
        } else {
            xboard_session(input, out, OPTIONS);
        }
    }
);
