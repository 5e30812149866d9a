//! The end and legality rules (issue 13): rows in `tests/data/field/rules.txt`.

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn rules() {
    crate::run_family("rules", &[]);
}
