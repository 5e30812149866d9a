//! The JSON table format: every shipped variant survives a round trip, plays
//! the same from its JSON as from its source, and bad tables are refused.

use fairyc_runtime::{perft, Position, TableError, Variant, VariantTables};
use fairyc_tests::{root, shipped};

fn stems() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(root().join("variants"))
        .expect("variants/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "variant"))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
        .collect();
    v.sort();
    v
}

#[test]
fn every_shipped_variant_round_trips_through_json() {
    let stems = stems();
    for seed in [
        "crazyhouse",
        "crazy-elephant",
        "hans-38special",
        "crazy-38s",
    ] {
        assert!(stems.iter().any(|s| s == seed), "{seed} is shipped");
    }
    for stem in stems {
        let v = shipped(&stem);
        for json in [v.tables().to_json(), v.tables().to_json_pretty()] {
            let back = VariantTables::from_json(&json).expect("our own JSON reads back");
            assert_eq!(&back, v.tables(), "{stem}");
            let w = Variant::new(back).expect("valid");
            let a = Position::new(&v).expect("start");
            let b = Position::new(&w).expect("start");
            // Depth 3 where it is small: the walling variants' starts have
            // hundreds of thousands of leaves at depth 2 (amazons: 8 billion
            // at depth 3).
            let depth = if perft(&a, 2) > 100_000 { 2 } else { 3 };
            assert_eq!(perft(&a, depth), perft(&b, depth), "{stem}");
        }
    }
}

#[test]
fn another_format_version_is_refused() {
    let v = shipped("crazyhouse");
    let json = v
        .tables()
        .to_json()
        .replacen("\"format\":4", "\"format\":5", 1);
    assert_eq!(VariantTables::from_json(&json), Err(TableError::Version(5)));
    // Versions 1 to 3 spelt choices as flags: refused, the message naming
    // both versions.
    for older in 1..=3 {
        let json = v
            .tables()
            .to_json()
            .replacen("\"format\":4", &format!("\"format\":{older}"), 1);
        let err = VariantTables::from_json(&json).expect_err("an older version");
        assert_eq!(err, TableError::Version(older));
        let text = err.to_string();
        assert!(
            text.contains(&format!("version {older}")) && text.contains("version 4"),
            "{text}"
        );
    }
}

#[test]
fn an_index_out_of_range_is_refused() {
    let v = shipped("crazyhouse");
    // The first path of the first piece steps to square 200 of 64.
    let json = v.tables().to_json();
    let start = json.find("\"steps\":[").expect("a path") + "\"steps\":[".len();
    let end = start
        + json[start..]
            .find(|c: char| !c.is_ascii_digit())
            .expect("a number");
    let broken = format!("{}200{}", &json[..start], &json[end..]);
    assert!(matches!(
        VariantTables::from_json(&broken),
        Err(TableError::SquareIndex { square: 200, .. })
    ));
}

#[test]
fn malformed_json_is_refused_with_a_message() {
    match VariantTables::from_json("{\"format\": 1") {
        Err(TableError::Json { message, .. }) => assert!(!message.is_empty()),
        other => panic!("expected a JSON error, got {other:?}"),
    }
}

#[test]
fn drop_rules_may_name_setup_squares() {
    let source = r#"
variant "Mini" {}
board { files a..d; ranks 1..4 }
piece King { letter K; moves K; royal }
piece Pawn { letter P; moves mfW cfF }
setup "k3/pp2/2PP/3K[] w - - 0 1"
drops { Pawn not-on setup white Pawn }
"#;
    let tables = fairyc_compiler::compile(source).expect("compiles");
    let parts = tables.parts();
    let name = |s: &u16| parts.board.squares[*s as usize].name.clone();
    let pawn = parts
        .pieces
        .iter()
        .position(|p| p.name == "Pawn")
        .expect("Pawn");
    let forbidden = &parts.drops.as_ref().expect("drops").forbidden[pawn];
    for side in forbidden {
        let names: Vec<String> = side.iter().map(name).collect();
        assert_eq!(names, ["c2", "d2"]);
    }
}
