//! The table format's JSON Schema (docs/table-format.schema.json) and the
//! presence table of docs/table-format.md, checked against the writer.
//!
//! * Every shipped variant's table (as `fairyc compile` writes it) validates
//!   against the schema with a standard validator (the `jsonschema` crate).
//! * Hostile tables the runtime refuses are refused by the schema where a
//!   schema can say what is wrong (types, required and unknown fields,
//!   enumerations, ranges, list lengths from the limits); the kit's broken
//!   tables say which those are, and the others are checked to be refused
//!   by the runtime only.
//! * The document's "Field presence and defaults" table names exactly the
//!   schema's fields, required ones and defaults; and in every object of
//!   every shipped table each required field is written and no optional
//!   field is written holding its default (the writer omits defaults).

use std::collections::{BTreeMap, BTreeSet};

use fairyc_runtime::{Variant, VariantTables};
use fairyc_tests::root;
use serde_json::{json, Value};

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("docs/table-format.schema.json"))
        .expect("docs/table-format.schema.json");
    serde_json::from_str(&text).expect("the schema is JSON")
}

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::draft202012::new(schema).expect("the schema is a valid draft 2020-12 schema")
}

/// Every shipped variant's table: (stem, JSON text).
fn shipped_tables() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(root().join("variants")).expect("variants/") {
        let path = e.expect("entry").path();
        if path.extension().is_some_and(|x| x == "variant") {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("stem")
                .to_string();
            let source = std::fs::read_to_string(&path).expect("read");
            let tables =
                fairyc_compiler::compile(&source).unwrap_or_else(|_| panic!("{stem} compiles"));
            out.push((stem, tables.to_json()));
        }
    }
    out.sort();
    let shipped = std::fs::read_dir(fairyc_tests::root().join("variants"))
        .expect("variants/")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "variant"))
        })
        .count();
    assert!(shipped > 80, "the shipped variants: {shipped}");
    assert_eq!(out.len(), shipped, "every shipped variant");
    out
}

#[test]
fn the_schema_names_the_format_version() {
    let s = schema();
    let version = fairyc_runtime::table::FORMAT_VERSION;
    assert_eq!(
        s["$id"],
        json!(format!("urn:fairyc:table-format:{version}"))
    );
    assert!(s["title"]
        .as_str()
        .is_some_and(|t| t.ends_with(&format!("format version {version}"))));
    assert!(s["properties"]["format"]["enum"]
        .as_array()
        .is_some_and(|e| e.contains(&json!(version))));
}

#[test]
fn every_shipped_table_validates_against_the_schema() {
    let s = schema();
    let v = validator(&s);
    let mut bad = Vec::new();
    for (stem, text) in shipped_tables() {
        let table: Value = serde_json::from_str(&text).expect("JSON");
        for e in v.iter_errors(&table).take(3) {
            bad.push(format!("{stem}: {e} at {}", e.instance_path()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The kit's broken tables: those it marks as refused by the schema are;
/// every one is refused by the runtime.
#[test]
fn the_kits_broken_tables_are_refused_by_the_schema_where_it_can_say_so() {
    let s = schema();
    let v = validator(&s);
    let dir = root().join("conformance/refusals");
    let index = std::fs::read_to_string(dir.join("tables.txt")).expect("refusals/tables.txt");
    let mut seen = 0;
    for line in index.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (file, schema_refuses) = (cols[0], cols[1] == "yes");
        let text = std::fs::read_to_string(dir.join("tables").join(file)).expect("table");
        let runtime_refuses = VariantTables::from_json(&text)
            .map(|t| Variant::new(t).is_err())
            .unwrap_or(true);
        assert!(runtime_refuses, "{file}: the runtime reads it");
        let valid = serde_json::from_str::<Value>(&text).is_ok_and(|t| v.is_valid(&t));
        assert_eq!(
            valid, !schema_refuses,
            "{file}: the index says the schema refuses it: {schema_refuses}"
        );
        seen += 1;
    }
    assert!(seen >= 15, "only {seen} broken tables");
}

/// Hostile tables beyond the kit's: each breaks one thing the schema
/// states (a limit, a range, an enumeration, a pattern), is refused by the
/// runtime, and is refused by the schema.
#[test]
fn hostile_tables_are_refused_by_the_schema_and_the_runtime() {
    let s = schema();
    let v = validator(&s);
    let base: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("conformance/tables/chess.json")).expect("chess"),
    )
    .expect("JSON");
    assert!(v.is_valid(&base));
    type Edit = Box<dyn Fn(&mut Value)>;
    let edits: Vec<(&str, Edit)> = vec![
        (
            "129 pieces",
            Box::new(|t| {
                let p = t["parts"]["pieces"][5].clone();
                let ps = t["parts"]["pieces"].as_array_mut().expect("pieces");
                while ps.len() < 129 {
                    ps.push(p.clone());
                }
            }),
        ),
        (
            "a path of 1,025 steps",
            Box::new(|t| t["parts"]["pieces"][1]["moves"][0][0] = json!([vec![1; 1025]])),
        ),
        (
            "257 paths from one square",
            Box::new(|t| t["parts"]["pieces"][1]["moves"][0][0] = json!(vec![[1]; 257])),
        ),
        (
            "a square number past the limit",
            Box::new(|t| t["parts"]["pieces"][1]["moves"][0][0] = json!([[70000]])),
        ),
        (
            "a four-letter symbol",
            Box::new(|t| t["parts"]["pieces"][1]["letter"] = json!("QUEE")),
        ),
        (
            "a mixed-case symbol",
            Box::new(|t| t["parts"]["pieces"][1]["letter"] = json!("Qu")),
        ),
        (
            "a castling letter of two characters",
            Box::new(|t| t["parts"]["castling"][0]["fen"] = json!("KQ")),
        ),
        (
            "an unknown outcome",
            Box::new(|t| t["parts"]["end"]["checkmate"] = json!("lose")),
        ),
        (
            "a move limit of 0",
            Box::new(|t| t["parts"]["end"]["move_limit"] = json!(0)),
        ),
        (
            "a check count of 101",
            Box::new(|t| {
                t["parts"]["end"]["check_count"] = json!({"count": 101, "outcome": "win"})
            }),
        ),
        (
            "points above 100,000",
            Box::new(|t| t["parts"]["pieces"][1]["points"] = json!(100_001)),
        ),
        (
            "a repetition count of 1",
            Box::new(|t| t["parts"]["end"]["repetition"] = json!({"count": 1, "outcome": "draw"})),
        ),
        (
            "a royal piece of a third side",
            Box::new(|t| t["parts"]["pieces"][0]["royal"] = json!("red")),
        ),
        (
            "a royal piece written as version 3 did",
            Box::new(|t| t["parts"]["pieces"][0]["royal"] = json!(true)),
        ),
        (
            "a stalemate by material written as version 3 did",
            Box::new(|t| t["parts"]["end"]["stalemate_fewer_pieces"] = json!(true)),
        ),
        (
            "a turn promotion rule with triggers",
            Box::new(|t| {
                t["parts"]["promotions"][0]["turn"] = json!({"alone": true});
                t["parts"]["promotions"][0]["on"] = json!(["start"]);
            }),
        ),
        (
            "a promotion rule on no square",
            Box::new(|t| t["parts"]["promotions"][0]["on"] = json!([])),
        ),
        (
            "a promotion trigger twice",
            Box::new(|t| t["parts"]["promotions"][0]["on"] = json!(["pass", "pass"])),
        ),
        (
            "an unknown stalemate",
            Box::new(|t| t["parts"]["end"]["stalemate"] = json!("fewer")),
        ),
        (
            "a bare-king rule without an outcome",
            Box::new(|t| t["parts"]["end"]["bare_king"] = json!({"after_reply": true})),
        ),
        (
            "both several-royals rules",
            Box::new(|t| t["parts"]["legality"] = json!({"several_royals": "both"})),
        ),
        (
            "17 castling rules",
            Box::new(|t| {
                let c = t["parts"]["castling"][0].clone();
                let cs = t["parts"]["castling"].as_array_mut().expect("castling");
                while cs.len() < 17 {
                    cs.push(c.clone());
                }
            }),
        ),
        (
            "an optional promotion without choices",
            Box::new(|t| {
                t["parts"]["promotions"][0]["choices"] = json!([]);
                t["parts"]["promotions"][0]["optional"] = json!(true);
            }),
        ),
        (
            "a choice of piece and hand at once",
            Box::new(|t| {
                t["parts"]["promotions"][0]["choices"][0] = json!({"piece": 1, "hand": 1})
            }),
        ),
        (
            "an unknown path field",
            Box::new(|t| {
                t["parts"]["pieces"][1]["moves"][0][0] = json!([{"steps": [1], "quite": false}])
            }),
        ),
        (
            "a step object without `to`",
            Box::new(|t| t["parts"]["pieces"][1]["moves"][0][0] = json!([[{"block": [2]}]])),
        ),
        (
            "a third side in `forward`",
            Box::new(|t| t["parts"]["board"]["forward"] = json!([[0, 1], [0, -1], [0, 1]])),
        ),
        (
            "a board wider than 255",
            Box::new(|t| t["parts"]["board"]["width"] = json!(256)),
        ),
    ];
    let mut bad = Vec::new();
    for (what, edit) in edits {
        let mut t = base.clone();
        edit(&mut t);
        let text = t.to_string();
        let runtime_refuses = VariantTables::from_json(&text)
            .map(|t| Variant::new(t).is_err())
            .unwrap_or(true);
        if !runtime_refuses {
            bad.push(format!("{what}: the runtime reads it"));
        }
        if v.is_valid(&t) {
            bad.push(format!("{what}: the schema accepts it"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// One object kind's fields: (required, defaults of the optional ones; an
/// optional field without a default maps to `None`).
#[derive(Debug, Default, PartialEq)]
struct Kind {
    required: BTreeSet<String>,
    optional: BTreeMap<String, Option<Value>>,
}

/// The object kinds the schema defines (`table` for the top level).
fn schema_kinds(s: &Value) -> BTreeMap<String, Kind> {
    let mut out = BTreeMap::new();
    let mut add = |name: &str, d: &Value| {
        let Some(props) = d["properties"].as_object() else {
            return;
        };
        let required: BTreeSet<String> = d["required"]
            .as_array()
            .map(|r| {
                r.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let mut k = Kind {
            required: required.clone(),
            ..Kind::default()
        };
        for (f, p) in props {
            if !required.contains(f) {
                k.optional.insert(f.clone(), p.get("default").cloned());
            }
        }
        out.insert(name.to_string(), k);
    };
    add("table", s);
    for (name, d) in s["$defs"].as_object().expect("$defs") {
        add(name, d);
    }
    out
}

/// The kinds of the document's "Field presence and defaults" table.
fn doc_kinds() -> BTreeMap<String, Kind> {
    let doc = std::fs::read_to_string(root().join("docs/table-format.md")).expect("doc");
    let start = doc
        .find("## Field presence and defaults")
        .expect("the presence section");
    let section = &doc[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    let mut out: BTreeMap<String, Kind> = BTreeMap::new();
    let mut choice = Kind::default();
    for line in section[..end].lines() {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if cols.len() != 6 || !cols[1].starts_with('`') {
            continue;
        }
        let unquote = |s: &str| s.trim_matches('`').to_string();
        let (object, field, presence, default) =
            (unquote(cols[1]), unquote(cols[2]), cols[3], cols[4]);
        if object == "choice" {
            // One of two: the schema's two branches, each requiring its field.
            choice.required.insert(field);
            continue;
        }
        let k = out.entry(object).or_default();
        match presence {
            "required" => {
                assert_eq!(default, "—", "{field}: a required field has no default");
                k.required.insert(field);
            }
            "optional" => {
                let d = if default.starts_with("absent") {
                    None
                } else {
                    Some(
                        serde_json::from_str(default.trim_matches('`'))
                            .unwrap_or_else(|_| panic!("{field}: default {default} is no JSON")),
                    )
                };
                k.optional.insert(field, d);
            }
            other => panic!("{field}: presence {other}"),
        }
    }
    out.insert("choice".to_string(), choice);
    out
}

#[test]
fn the_documents_presence_table_is_the_schemas() {
    let s = schema();
    let mut from_schema = schema_kinds(&s);
    // The schema writes a choice as two branches (`oneOf`), each object
    // requiring its one field.
    let mut choice = Kind::default();
    for b in s["$defs"]["choice"]["oneOf"]
        .as_array()
        .expect("choice branches")
    {
        for r in b["required"].as_array().expect("required") {
            choice
                .required
                .insert(r.as_str().expect("name").to_string());
        }
    }
    from_schema.insert("choice".to_string(), choice);
    let from_doc = doc_kinds();
    let names = |m: &BTreeMap<String, Kind>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&from_doc), names(&from_schema), "object kinds");
    for (name, k) in &from_doc {
        assert_eq!(k, &from_schema[name], "the fields of `{name}`");
    }
}

/// Walks `value` as an instance of the schema node `node`, calling `visit`
/// with each object and the name of its definition.
fn walk(
    s: &Value,
    node: &Value,
    value: &Value,
    kind: Option<&str>,
    visit: &mut dyn FnMut(&str, &Value),
) {
    if let Some(r) = node.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/$defs/");
        return walk(s, &s["$defs"][name], value, Some(name), visit);
    }
    if let Some(branches) = node.get("oneOf").and_then(Value::as_array) {
        // The branch the value is: by JSON type, then by required fields.
        for b in branches {
            let b = match b.get("$ref").and_then(Value::as_str) {
                Some(r) => {
                    let name = r.trim_start_matches("#/$defs/");
                    let d = &s["$defs"][name];
                    if fits(d, value) {
                        return walk(s, d, value, Some(name), visit);
                    }
                    continue;
                }
                None => b,
            };
            if fits(b, value) {
                return walk(s, b, value, kind, visit);
            }
        }
        return;
    }
    match value {
        Value::Object(o) => {
            if let Some(k) = kind {
                visit(k, value);
            }
            if let Some(props) = node["properties"].as_object() {
                for (f, v) in o {
                    if let Some(p) = props.get(f) {
                        walk(s, p, v, None, visit);
                    }
                }
            }
        }
        Value::Array(a) => {
            let prefix = node["prefixItems"].as_array();
            for (i, v) in a.iter().enumerate() {
                let item = prefix.and_then(|p| p.get(i)).unwrap_or(&node["items"]);
                walk(s, item, v, None, visit);
            }
        }
        _ => {}
    }
}

fn fits(node: &Value, value: &Value) -> bool {
    let ty = match value {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::Number(_) => "integer",
        Value::Null => "null",
        _ => "other",
    };
    node["type"] == json!(ty)
        && node["required"].as_array().is_none_or(|r| {
            r.iter()
                .all(|f| f.as_str().is_some_and(|f| value.get(f).is_some()))
        })
}

#[test]
fn the_writer_writes_what_the_presence_table_says() {
    let s = schema();
    let kinds = schema_kinds(&s);
    let mut bad = Vec::new();
    // How often each optional field was written, over all tables.
    let mut written: BTreeMap<String, usize> = BTreeMap::new();
    let mut objects: BTreeMap<String, usize> = BTreeMap::new();
    for (stem, text) in shipped_tables() {
        let table: Value = serde_json::from_str(&text).expect("JSON");
        walk(&s, &s, &table, Some("table"), &mut |kind, obj| {
            *objects.entry(kind.to_string()).or_default() += 1;
            let Some(k) = kinds.get(kind) else {
                return;
            };
            for f in &k.required {
                if obj.get(f).is_none() {
                    bad.push(format!("{stem}: a `{kind}` without its required `{f}`"));
                }
            }
            for (f, default) in &k.optional {
                if let Some(v) = obj.get(f) {
                    *written.entry(format!("{kind}.{f}")).or_default() += 1;
                    if default.as_ref() == Some(v) {
                        bad.push(format!("{stem}: `{kind}.{f}` written at its default {v}"));
                    }
                }
            }
        });
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // The walk saw every kind of object a shipped table has.
    for kind in [
        "table",
        "parts",
        "board",
        "square",
        "piece",
        "path_object",
        "step_object",
        "promotion",
        "drops",
        "castling",
        "end",
        "legality",
        "gating",
        "zone",
    ] {
        assert!(
            objects.get(kind).is_some_and(|&n| n > 0),
            "no `{kind}` seen"
        );
    }
    // And optional fields whose omission the issue named are written
    // somewhere (so the test above had something to check).
    for f in [
        "piece.royal",
        "piece.captured_as",
        "path_object.en_passant",
        "path_object.creates_en_passant",
        "path_object.friend_on",
        "promotion.optional",
    ] {
        assert!(
            written.get(f).is_some_and(|&n| n > 0),
            "`{f}` is never written"
        );
    }
}
