//! Variants built into the current Fairy-Stockfish (PyPI's `pyffish` 0.0.90,
//! the engine behind pychess-variants) but not into 11.1 (issue 31): each
//! row plays the shipped file against the engine's built-in variant of the
//! same name, through `tests/oracle/ffish_uci.py`. Rows in
//! `tests/data/field/current.txt`.

#[test]
#[ignore = "needs python3 with pyffish (pinned in .ci/run); run by .ci/run"]
fn current() {
    crate::run_family("current", &[]);
}
