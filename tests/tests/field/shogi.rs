//! The shogi family (issue 11): rows in `tests/data/field/shogi.txt`.

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn shogi() {
    crate::run_family("shogi", &[]);
}
