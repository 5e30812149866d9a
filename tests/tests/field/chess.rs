//! The chess family (issue 14): orthodox chess and its close kin: rows in `tests/data/field/chess.txt`.

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn chess() {
    crate::run_family("chess", &[]);
}
