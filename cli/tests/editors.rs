//! The editor package (editors/vscode): its TextMate grammar is written
//! from the statement table (compiler/src/statements.rs) and the grammar's
//! keywords (grammar/src/variant.pest), and this test keeps it so. After a
//! change to either, write it again with
//! `FAIRYC_WRITE_EDITORS=1 cargo test -p fairyc --test editors`.

mod common;

use std::collections::BTreeSet;

use common::root;
use fairyc_compiler::error::Block;
use serde_json::{json, Value};

/// The keyword words of the grammar's `kw_*` rules: `kw_x = @{ "word" …`.
fn grammar_keywords() -> BTreeSet<String> {
    let grammar =
        std::fs::read_to_string(root().join("grammar/src/variant.pest")).expect("grammar");
    grammar
        .lines()
        .filter(|l| l.starts_with("kw_"))
        .filter_map(|l| l.split('"').nth(1))
        .map(str::to_owned)
        .collect()
}

/// A TextMate alternation of words that may hold `-`.
fn words(list: &BTreeSet<String>) -> String {
    // Longest first, so that `fen-only` is not read as `fen`.
    let mut v: Vec<&String> = list.iter().collect();
    v.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let alts: Vec<String> = v.iter().map(|w| w.replace('-', "\\-")).collect();
    format!("(?<![A-Za-z0-9_'-])({})(?![A-Za-z0-9_'-])", alts.join("|"))
}

/// The grammar the table gives.
fn tm_grammar() -> Value {
    let items: BTreeSet<String> = Block::TopLevel.keywords().map(str::to_owned).collect();
    let mut others: BTreeSet<String> = grammar_keywords();
    for block in Block::ALL.into_iter().skip(1) {
        for s in block.statements() {
            if s.keyword().starts_with(|c: char| c.is_ascii_alphabetic()) {
                others.insert(s.keyword().to_owned());
            }
        }
    }
    others.retain(|w| !items.contains(w));
    let constants: BTreeSet<String> = ["white", "black", "win", "draw", "loss"]
        .map(str::to_owned)
        .into();
    json!({
        "$comment": "Written by cli/tests/editors.rs from the statement table (compiler/src/statements.rs) and the grammar's keywords; do not edit by hand.",
        "name": "fairyc variant",
        "scopeName": "source.variant",
        "fileTypes": ["variant"],
        "patterns": [
            {"include": "#comment"},
            {"include": "#string"},
            {"include": "#betza"},
            {"name": "keyword.control.item.variant", "match": words(&items)},
            {"name": "keyword.other.statement.variant", "match": words(&others)},
            {"name": "constant.language.variant", "match": words(&constants)},
            {"name": "entity.name.type.piece.variant", "match": "(?<![A-Za-z0-9_'-])[A-Z][A-Za-z0-9_']*(?:-[A-Za-z0-9_']+)*"},
            {"name": "constant.numeric.variant", "match": "(?<![A-Za-z0-9_'-])-?[0-9]+(?:\\.[0-9])?(?![A-Za-z0-9_'])"},
            {"name": "keyword.operator.variant", "match": "->|\\||\\.\\.|\\+"},
            {"name": "punctuation.separator.variant", "match": "[;,:]"}
        ],
        "repository": {
            "comment": {"name": "comment.line.variant", "match": "(//|#).*$"},
            "string": {
                "name": "string.quoted.double.variant",
                "begin": "\"",
                "end": "\"|$",
                "patterns": [{"name": "constant.character.escape.variant", "match": "\\\\."}]
            },
            "betza": {
                "begin": "(?<![A-Za-z0-9_'-])(moves|faces)(?![A-Za-z0-9_'-])",
                "beginCaptures": {"1": {"name": "keyword.other.statement.variant"}},
                "end": "(?=[;}]|$|(?<![A-Za-z0-9_'-])(within|from|to|once|if)(?![A-Za-z0-9_'-]))",
                "patterns": [
                    {"include": "#comment"},
                    {"name": "constant.other.betza.variant", "match": "[a-z]*([A-Z])(?:[0-9]+|\\1)?"}
                ]
            }
        }
    })
}

#[test]
fn the_vscode_grammar_is_the_tables() {
    let path = root().join("editors/vscode/syntaxes/variant.tmLanguage.json");
    let expected = serde_json::to_string_pretty(&tm_grammar()).expect("json") + "\n";
    if std::env::var_os("FAIRYC_WRITE_EDITORS").is_some() {
        std::fs::write(&path, &expected).expect("write the grammar");
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == expected,
        "editors/vscode/syntaxes/variant.tmLanguage.json is not the statement table's: \
         FAIRYC_WRITE_EDITORS=1 cargo test -p fairyc --test editors"
    );
    // Every keyword of the table is highlighted.
    let grammar: Value = serde_json::from_str(&written).expect("JSON");
    let patterns = grammar["patterns"].to_string();
    for block in Block::ALL {
        for s in block.statements() {
            let word = s.keyword();
            if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
                assert!(
                    patterns.contains(&word.replace('-', "\\\\-")),
                    "`{word}` ({block})"
                );
            }
        }
    }
}

#[test]
fn the_extension_starts_the_language_server() {
    let dir = root().join("editors/vscode");
    let package: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("package.json")).expect("package.json"),
    )
    .expect("JSON");
    assert_eq!(
        package["contributes"]["languages"][0]["extensions"][0],
        ".variant"
    );
    assert_eq!(
        package["contributes"]["grammars"][0]["path"],
        "./syntaxes/variant.tmLanguage.json"
    );
    let main = package["main"].as_str().expect("main");
    let script = std::fs::read_to_string(dir.join(main)).expect("extension.js");
    assert!(script.contains("args: [\"lsp\"]"), "{script}");
}
