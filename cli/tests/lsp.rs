//! `fairyc lsp` driven over standard input and output as an editor drives
//! it: initialize, didOpen, didChange, diagnostics, hover, completion,
//! definition, references, rename, symbols, code actions, formatting,
//! shutdown and exit; on shipped variants and on broken files.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use common::{fairyc, root};
use serde_json::{json, Value};

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: u64,
    /// Notifications received while waiting for a response.
    notes: Vec<Value>,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fairyc"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start fairyc lsp");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = BufReader::new(child.stdout.take().expect("stdout"));
        let mut c = Client {
            child,
            stdin,
            stdout,
            next: 1,
            notes: Vec::new(),
        };
        let init = c.request(
            "initialize",
            json!({"processId": null, "rootUri": null, "capabilities": {}}),
        );
        let caps = &init["result"]["capabilities"];
        for cap in [
            "hoverProvider",
            "completionProvider",
            "definitionProvider",
            "referencesProvider",
            "renameProvider",
            "documentSymbolProvider",
            "codeActionProvider",
            "documentFormattingProvider",
        ] {
            assert!(!caps[cap].is_null(), "{cap} missing: {init}");
        }
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, v: &Value) {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("write");
        self.stdin.flush().expect("flush");
    }

    fn read(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).expect("read") > 0,
                "server closed"
            );
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse().expect("length");
            }
        }
        let mut body = vec![0; length];
        self.stdout.read_exact(&mut body).expect("body");
        serde_json::from_slice(&body).expect("JSON")
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.read();
            if m["id"] == id {
                return m;
            }
            self.notes.push(m);
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(&json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = if self.notes.is_empty() {
                self.read()
            } else {
                self.notes.remove(0)
            };
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
        }
    }

    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "variant", "version": 1, "text": text}}),
        );
        self.diagnostics(uri)
    }

    fn change(&mut self, uri: &str, version: i32, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
        );
        self.diagnostics(uri)
    }

    fn at(
        &mut self,
        method: &str,
        uri: &str,
        (line, character): (usize, usize),
        extra: Value,
    ) -> Value {
        let mut params = json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
        if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
            p.extend(e.clone());
        }
        self.request(method, params)["result"].clone()
    }

    fn finish(mut self) {
        let r = self.request("shutdown", Value::Null);
        assert!(r["error"].is_null(), "{r}");
        self.notify("exit", Value::Null);
        let status = self.child.wait().expect("wait");
        assert!(status.success(), "{status}");
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("read")
}

/// The line and character (0-based, ASCII text) of the `nth` occurrence of
/// `needle` in `text`, plus `shift` characters.
fn place(text: &str, needle: &str, nth: usize, shift: usize) -> (usize, usize) {
    let at = text.match_indices(needle).nth(nth).expect("needle").0 + shift;
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, at - start)
}

fn check_json(path: &str) -> Vec<Value> {
    let out = fairyc(&["check", "--format", "json", path]);
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

/// The LSP diagnostics equal `check --format json`'s: code, severity,
/// message, primary place, help, other labels as related places.
fn same_as_check(lsp: &[Value], check: &[Value]) {
    assert_eq!(lsp.len(), check.len(), "{lsp:?}\n{check:?}");
    for (l, c) in lsp.iter().zip(check) {
        assert_eq!(l["code"], c["code"]);
        assert_eq!(l["source"], "fairyc");
        let severity = if c["severity"] == "warning" { 2 } else { 1 };
        assert_eq!(l["severity"], severity);
        let message = l["message"].as_str().expect("message");
        assert!(
            message.starts_with(c["message"].as_str().expect("message")),
            "{message}"
        );
        for help in c["help"].as_array().expect("help") {
            assert!(
                message.contains(&format!("help: {}", help.as_str().expect("help"))),
                "{message}"
            );
        }
        let labels = c["labels"].as_array().expect("labels");
        let primary = labels
            .iter()
            .find(|x| x["primary"] == true)
            .expect("primary");
        assert_eq!(
            l["range"]["start"]["line"],
            primary["line_start"].as_u64().expect("line") - 1
        );
        assert_eq!(
            l["range"]["start"]["character"],
            primary["column_start"].as_u64().expect("col") - 1
        );
        assert_eq!(
            l["range"]["end"]["line"],
            primary["line_end"].as_u64().expect("line") - 1
        );
        assert_eq!(
            l["range"]["end"]["character"],
            primary["column_end"].as_u64().expect("col") - 1
        );
        let related = l["relatedInformation"].as_array().map_or(0, Vec::len);
        assert_eq!(related, labels.len() - 1);
    }
}

#[test]
fn a_shipped_variant_hover_completion_definition_rename() {
    let mut c = Client::start();
    let uri = "file:///tmp/chess.variant";
    let text = read("variants/chess.variant");
    let diags = c.open(uri, &text);
    same_as_check(&diags, &check_json("variants/chess.variant"));

    // A Betza string: its picture and a sentence per term.
    let h = c.at(
        "textDocument/hover",
        uri,
        place(&text, "mfW cefF", 0, 1),
        json!({}),
    );
    let h = h["contents"]["value"].as_str().expect("hover");
    assert!(h.contains("Betza `mfW cefF ifmnD`"), "{h}");
    assert!(
        h.contains("`mfW`: wazir: one step orthogonally — moves only, never captures, forward"),
        "{h}"
    );
    assert!(h.contains("`ifmnD`: dabbaba"), "{h}");
    assert!(
        h.contains("move only (1): e6"),
        "the picture of show --piece: {h}"
    );

    // A piece name: its declaration.
    let h = c.at(
        "textDocument/hover",
        uri,
        place(&text, "King e1", 0, 1),
        json!({}),
    );
    let h = h["contents"]["value"].as_str().expect("hover");
    assert!(
        h.contains("piece `King`") && h.contains("letter K; moves K; royal"),
        "{h}"
    );

    // A keyword: its entry of the statement table.
    let h = c.at(
        "textDocument/hover",
        uri,
        place(&text, "stalemate draw", 0, 2),
        json!({}),
    );
    let h = h["contents"]["value"].as_str().expect("hover");
    let entry = fairyc_compiler::error::Block::End
        .statements()
        .iter()
        .find(|s| s.keyword() == "stalemate")
        .expect("stalemate in the table");
    assert!(
        h.contains(entry.help) && h.contains(entry.syntax) && h.contains(entry.doc),
        "{h}"
    );

    // A square name.
    let h = c.at(
        "textDocument/hover",
        uri,
        place(&text, "e1 -> g1", 0, 0),
        json!({}),
    );
    assert!(
        h["contents"]["value"]
            .as_str()
            .expect("hover")
            .contains("square `e1`"),
        "{h}"
    );

    // Completion in the board block: its keywords, not a piece's.
    let labels = |v: &Value| -> Vec<String> {
        v.as_array()
            .expect("items")
            .iter()
            .map(|i| i["label"].as_str().expect("label").to_string())
            .collect()
    };
    let edited = text.replace("    ranks 1..8\n", "    ranks 1..8\n    \n");
    c.change(uri, 2, &edited);
    let got = labels(&c.at(
        "textDocument/completion",
        uri,
        place(&edited, "ranks 1..8\n", 0, 15),
        json!({}),
    ));
    for k in ["files", "ranks", "cells", "forward", "wrap"] {
        assert!(got.contains(&k.to_string()), "{k} in {got:?}");
    }
    assert!(!got.contains(&"letter".to_string()), "{got:?}");
    // After `moves`: Betza atoms and modifiers.
    let got = labels(&c.at(
        "textDocument/completion",
        uri,
        place(&edited, "moves Q }", 0, 6),
        json!({}),
    ));
    for k in ["W", "N", "Q", "f", "m", "c"] {
        assert!(got.contains(&k.to_string()), "{k} in {got:?}");
    }
    // In promotion, after `->`: the pieces.
    let got = labels(&c.at(
        "textDocument/completion",
        uri,
        place(&edited, "-> Queen |", 0, 3),
        json!({}),
    ));
    for k in ["Queen", "Rook", "King", "last-rank"] {
        assert!(got.contains(&k.to_string()), "{k} in {got:?}");
    }
    c.change(uri, 3, &text);

    // Definition of `Rook` in the castling block: the piece's name.
    let d = c.at(
        "textDocument/definition",
        uri,
        place(&text, "Rook h1", 0, 1),
        json!({}),
    );
    let decl = place(&text, "piece Rook", 0, 6);
    assert_eq!(d["range"]["start"]["line"], decl.0);
    assert_eq!(d["range"]["start"]["character"], decl.1);
    let refs = c.at(
        "textDocument/references",
        uri,
        place(&text, "Rook h1", 0, 1),
        json!({"context": {"includeDeclaration": true}}),
    );
    // piece Rook, four castling rules, the promotion: 6.
    assert_eq!(refs.as_array().map(Vec::len), Some(6), "{refs}");

    // Rename `Rook` to `Tower`: every reference changes, the file compiles
    // to the same table but for the name.
    let edit = c.at(
        "textDocument/rename",
        uri,
        place(&text, "piece Rook", 0, 7),
        json!({"newName": "Tower"}),
    );
    let edits = edit["changes"][uri].as_array().expect("edits").clone();
    assert_eq!(edits.len(), 6);
    let renamed = apply(&text, &edits);
    assert!(!renamed.contains("Rook h1") && renamed.contains("Tower h1 -> f1"));
    assert!(renamed.contains("Queen | Tower | Bishop"));
    let before = fairyc_compiler::compile(&text).expect("chess compiles");
    let after = fairyc_compiler::compile(&renamed).expect("renamed compiles");
    assert_eq!(
        serde_json::to_string(&before)
            .expect("json")
            .replace("\"Rook\"", "\"Tower\""),
        serde_json::to_string(&after).expect("json")
    );
    let bad = c.request(
        "textDocument/rename",
        json!({"textDocument": {"uri": uri}, "position": {"line": decl.0, "character": decl.1}, "newName": "two words"}),
    );
    assert!(!bad["error"].is_null(), "{bad}");

    // The outline.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names = labels_of(&symbols["result"], "name");
    for n in [
        "variant \"Chess\"",
        "board",
        "piece King",
        "piece Pawn",
        "setup",
        "castling",
        "zone last-rank",
        "promotion",
        "end",
    ] {
        assert!(names.contains(&n.to_string()), "{n} in {names:?}");
    }

    // Formatting: the shipped file changes only by the layout fmt gives.
    let f = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let formatted = apply(&text, f["result"].as_array().expect("edits"));
    assert_eq!(
        Ok(formatted),
        fairyc_compiler::format::format(&text).map_err(|e| e.to_string())
    );
    c.finish();
}

fn labels_of(v: &Value, key: &str) -> Vec<String> {
    v.as_array()
        .expect("array")
        .iter()
        .map(|i| i[key].as_str().expect("str").to_string())
        .collect()
}

/// Applies LSP text edits (ASCII text) to `text`.
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().expect("line") as usize;
        let ch = p["character"].as_u64().expect("character") as usize;
        let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
        start + ch
    };
    let mut spans: Vec<(usize, usize, String)> = edits
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().expect("text").to_string(),
            )
        })
        .collect();
    spans.sort_by_key(|s| std::cmp::Reverse(s.0));
    let mut out = text.to_string();
    for (s, e, t) in spans {
        out.replace_range(s..e, &t);
    }
    out
}

#[test]
fn broken_files_diagnostics_code_actions_and_changes() {
    let mut c = Client::start();
    let path = "tests/fixtures/check/err/misspelt_piece_no_follow_on.variant";
    let uri = "file:///tmp/misspelt.variant";
    let text = read(path);
    let diags = c.open(uri, &text);
    same_as_check(&diags, &check_json(path));
    assert_eq!(diags.len(), 2);

    // Hovering the error: `fairyc explain E0007`.
    let h = c.at(
        "textDocument/hover",
        uri,
        place(&text, "peice", 0, 1),
        json!({}),
    );
    assert!(
        h["contents"]["value"]
            .as_str()
            .expect("hover")
            .contains("E0007"),
        "{h}"
    );

    // A quick fix per "did you mean".
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": diags[0]["range"], "context": {"diagnostics": []}}),
    );
    let actions = actions["result"].as_array().expect("actions").clone();
    assert_eq!(actions.len(), 1, "{actions:?}");
    assert_eq!(actions[0]["title"], "Replace with `piece`");
    let fixed = apply(
        &text,
        actions[0]["edit"]["changes"][uri]
            .as_array()
            .expect("edits"),
    );
    assert!(fixed.contains("piece King { letter K"));

    // Typing: the diagnostics follow each change.
    let fixed = fixed.replace("zoen", "zone");
    let diags = c.change(uri, 2, &fixed);
    assert!(!diags.iter().any(|d| d["code"] == "E0007"), "{diags:?}");
    let broken = format!("{fixed}piece Rook {{ letter R; moves R\n");
    let diags = c.change(uri, 3, &broken);
    assert!(
        diags.iter().any(|d| d["code"] == "E0003"),
        "the unclosed brace: {diags:?}"
    );
    // A file that does not parse is not formatted: an error, no edit.
    let f = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert!(!f["error"].is_null(), "{f}");
    // Still, the outline and completion work on the broken file.
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    assert!(labels_of(&symbols["result"], "name").contains(&"piece Rook".to_string()));
    c.finish();
}

/// The old move-clock statements in `end` (E0178) get a quick fix that
/// moves each to a `clock` item; once one exists, the other is left to
/// the author (a second `clock` would be an error).
#[test]
fn old_spellings_move_to_their_item() {
    let mut c = Client::start();
    let path = "tests/fixtures/check/err/clock_in_end.variant";
    let uri = "file:///tmp/clock.variant";
    let text = read(path);
    let diags = c.open(uri, &text);
    same_as_check(&diags, &check_json(path));
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": 100, "character": 0}});
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": []}}),
    );
    let actions = actions["result"].as_array().expect("actions").clone();
    let titles: Vec<&str> = actions
        .iter()
        .map(|a| a["title"].as_str().expect("title"))
        .collect();
    assert_eq!(
        titles,
        [
            "Move to `clock { limit 50 }`",
            "Move to `clock { resets capture, Pawn, Lance }`"
        ]
    );
    let fixed = apply(
        &text,
        actions[0]["edit"]["changes"][uri]
            .as_array()
            .expect("edits"),
    );
    assert!(!fixed.contains("move-limit"), "{fixed}");
    assert!(fixed.ends_with("}\n\nclock { limit 50 }\n"), "{fixed}");
    let diags = c.change(uri, 2, &fixed);
    let codes: Vec<&str> = diags
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(codes, ["E0178"], "{diags:?}");
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": whole, "context": {"diagnostics": []}}),
    );
    assert_eq!(actions["result"], json!([]), "{actions}");
    c.finish();
}

#[test]
fn every_shipped_variant_gets_the_diagnostics_of_check() {
    let mut c = Client::start();
    let mut files: Vec<_> = std::fs::read_dir(root().join("variants"))
        .expect("variants")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    for f in &files {
        let rel = format!(
            "variants/{}",
            f.file_name().expect("name").to_string_lossy()
        );
        let uri = format!(
            "file:///tmp/{}",
            f.file_name().expect("name").to_string_lossy()
        );
        let diags = c.open(&uri, &read(&rel));
        same_as_check(&diags, &check_json(&rel));
    }
    c.finish();
}
