//! Variants beyond Fairy-Stockfish 11.1 (issue 19): its Debian build has no
//! custom pieces, so these rows play a current Fairy-Stockfish (PyPI's
//! `pyffish`, through `tests/oracle/ffish_uci.py`) from the definitions in
//! `tests/data/field/beyond.ini` and from its built-in variants: rows in
//! `tests/data/field/beyond.txt`.

#[test]
#[ignore = "needs python3 with pyffish (pinned in .ci/run); run by .ci/run"]
fn beyond() {
    crate::run_family("beyond", &[]);
}
