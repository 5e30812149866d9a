//! The makruk family (issues 13 and 14): Thai chess and its kin, with the
//! counting rules: rows in `tests/data/field/makruk.txt`.

#[test]
#[ignore = "needs /usr/games/fairy-stockfish; run by .ci/run"]
fn makruk() {
    crate::run_family("makruk", &[]);
}
