//! The runtime as a library: the table its doc examples and `examples/`
//! programs load is the one the compiler writes today.

use fairyc_tests::root;

/// `runtime/examples/chess.json` is `fairyc compile variants/chess.variant`;
/// regenerate it with
/// `cargo run -p fairyc -- compile variants/chess.variant -o runtime/examples/chess.json`.
#[test]
fn the_example_table_is_what_the_compiler_writes() {
    let root = root();
    let source =
        std::fs::read_to_string(root.join("variants/chess.variant")).expect("chess.variant");
    let tables = fairyc_compiler::compile(&source).expect("chess compiles");
    let now: serde_json::Value =
        serde_json::from_str(&tables.to_json()).expect("the compiler writes JSON");
    let shipped = std::fs::read_to_string(root.join("runtime/examples/chess.json"))
        .expect("runtime/examples/chess.json");
    let shipped: serde_json::Value = serde_json::from_str(&shipped).expect("shipped JSON");
    assert!(
        now == shipped,
        "runtime/examples/chess.json is out of date; regenerate it (see this test's doc)"
    );
}
