//! The xiangqi family (issue 12): rows in `tests/data/field/xiangqi.txt`.

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn xiangqi() {
    crate::run_family("xiangqi", &[]);
}
