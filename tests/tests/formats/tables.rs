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
        .replacen("\"format\":5", "\"format\":6", 1);
    assert_eq!(VariantTables::from_json(&json), Err(TableError::Version(6)));
    // Versions 1 to 3 spelt choices as flags: refused, the message naming
    // the version, the oldest read and the one written.
    for older in 1..=3 {
        let json = v
            .tables()
            .to_json()
            .replacen("\"format\":5", &format!("\"format\":{older}"), 1);
        let err = VariantTables::from_json(&json).expect_err("an older version");
        assert_eq!(err, TableError::Version(older));
        let text = err.to_string();
        assert!(
            text.contains(&format!("version {older}"))
                && text.contains("version 4")
                && text.contains("version 5"),
            "{text}"
        );
    }
}

/// A table as version 4 wrote it: a path's `quiet`, `capture` and
/// `attack_only` flags for its `role`, the drops' `captures_to_hand` and
/// `unlimited` for `supply`, and the legality flags for `giving_check` and
/// `pass`.
fn as_version_4(json: &str) -> String {
    use serde_json::{json, Value};
    fn paths(v: &mut Value) {
        match v {
            Value::Object(m) if m.contains_key("steps") => {
                if let Some(Value::String(role)) = m.remove("role") {
                    match role.as_str() {
                        "quiet" => m.insert("capture".into(), json!(false)),
                        "capture" => m.insert("quiet".into(), json!(false)),
                        // An attack-only path carried `quiet` and `capture`
                        // at their defaults (`faces vR`).
                        "attack" => m.insert("attack_only".into(), json!(true)),
                        other => panic!("role {other}"),
                    };
                }
            }
            Value::Array(a) => a.iter_mut().for_each(paths),
            _ => {}
        }
    }
    let mut v: Value = serde_json::from_str(json).expect("JSON");
    v["format"] = json!(4);
    let parts = &mut v["parts"];
    for piece in parts["pieces"].as_array_mut().expect("pieces") {
        paths(&mut piece["moves"]);
    }
    if let Some(d) = parts.get_mut("drops").and_then(Value::as_object_mut) {
        match d.remove("supply").as_ref().and_then(Value::as_str) {
            None => {}
            Some("setup") => drop(d.insert("captures_to_hand".into(), json!(false))),
            Some("unlimited") => drop(d.insert("unlimited".into(), json!(true))),
            Some(other) => panic!("supply {other}"),
        }
    }
    if let Some(l) = parts.get_mut("legality").and_then(Value::as_object_mut) {
        match l.remove("giving_check").as_ref().and_then(Value::as_str) {
            None => {}
            Some("forbidden") => drop(l.insert("giving_check_forbidden".into(), json!(true))),
            Some("forbidden_by_drop") => {
                drop(l.insert("drop_giving_check_forbidden".into(), json!(true)))
            }
            Some(other) => panic!("giving_check {other}"),
        }
        match l.remove("pass").as_ref().and_then(Value::as_str) {
            None => {}
            Some("allowed") => drop(l.insert("pass".into(), json!(true))),
            Some("when_stuck") => drop(l.insert("pass_when_stuck".into(), json!(true))),
            Some(other) => panic!("pass {other}"),
        }
    }
    v.to_string()
}

/// Version 4 is still read: every shipped variant's table, written as
/// version 4 wrote it, reads back as the table compiled today (so it is
/// written as version 5) and plays the same; the shipped variants hold
/// every value of the four choices (checked).
#[test]
fn a_version_4_table_still_loads_and_plays_the_same() {
    let mut seen = [false; 7];
    for stem in stems() {
        let v = shipped(&stem);
        let now = v.tables();
        let old = as_version_4(&now.to_json());
        let json = now.to_json();
        for (i, word) in [
            "\"role\":\"attack\"",
            "\"supply\":\"setup\"",
            "\"supply\":\"unlimited\"",
            "\"giving_check\":\"forbidden\"",
            "\"giving_check\":\"forbidden_by_drop\"",
            "\"pass\":\"allowed\"",
            "\"pass\":\"when_stuck\"",
        ]
        .iter()
        .enumerate()
        {
            seen[i] |= json.contains(word);
        }
        assert!(!old.contains("\"role\"") && old.starts_with("{\"format\":4,"));
        let back = VariantTables::from_json(&old)
            .unwrap_or_else(|e| panic!("{stem}: the version-4 table reads: {e}"));
        assert_eq!(&back, now, "{stem}");
        assert_eq!(back.format(), 5, "read into version 5");
        assert_eq!(back.to_json(), json, "{stem}: written as version 5");
        let w = Variant::new(back).expect("valid");
        let a = Position::new(&v).expect("start");
        let b = Position::new(&w).expect("start");
        let depth = if perft(&a, 2) > 20_000 { 1 } else { 2 };
        assert_eq!(perft(&a, depth), perft(&b, depth), "{stem}");
    }
    assert_eq!(
        seen, [true; 7],
        "each choice of version 5 in a shipped variant"
    );
}

/// What version 4 could say and version 5 cannot: `unlimited` with
/// `captures_to_hand: false` is unlimited (it overrode), both giving-check
/// flags are `forbidden` (the first covered drops); a path with `quiet`
/// and `capture` both false and `pass` with `pass_when_stuck` were never
/// written by fairyc and are refused.
#[test]
fn version_4_combinations_read_as_they_played() {
    use fairyc_runtime::table::{GivingCheck, HandSupply};
    use serde_json::{json, Value};
    let zh: Value = serde_json::from_str(&as_version_4(&shipped("crazyhouse").tables().to_json()))
        .expect("JSON");
    let mut v = zh.clone();
    v["parts"]["drops"]["unlimited"] = json!(true);
    v["parts"]["drops"]["captures_to_hand"] = json!(false);
    let t = VariantTables::from_json(&v.to_string()).expect("reads");
    assert_eq!(
        t.parts().drops.as_ref().map(|d| d.supply),
        Some(HandSupply::Unlimited)
    );
    let mut v = zh.clone();
    v["parts"]["legality"] =
        json!({"giving_check_forbidden": true, "drop_giving_check_forbidden": true});
    let t = VariantTables::from_json(&v.to_string()).expect("reads");
    assert_eq!(t.parts().legality.giving_check, GivingCheck::Forbidden);
    let refused = |edit: &dyn Fn(&mut Value), what: &str| {
        let mut v = zh.clone();
        edit(&mut v);
        match VariantTables::from_json(&v.to_string()) {
            Err(TableError::Json { message, .. }) => assert!(message.contains(what), "{message}"),
            other => panic!("{other:?}"),
        }
    };
    refused(
        &|v| {
            v["parts"]["pieces"][1]["moves"][0][0][0] =
                json!({"steps": [1], "quiet": false, "capture": false})
        },
        "`quiet` and `capture` both false",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"pass": true, "pass_when_stuck": true}),
        "`pass` and `pass_when_stuck` together",
    );
    // A version-5 field in a version-4 table, and the other way round.
    refused(
        &|v| v["parts"]["drops"]["supply"] = json!("setup"),
        "`supply` is a field of format version 5",
    );
    refused(
        &|v| v["parts"]["legality"] = json!({"pass": "allowed"}),
        "`pass` is a boolean in format version 4",
    );
    refused(
        &|v| v["parts"]["pieces"][1]["moves"][0][0][0] = json!({"steps": [1], "role": "quiet"}),
        "unknown field `role`",
    );
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
