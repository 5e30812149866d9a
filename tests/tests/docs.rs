//! The documentation is checked:
//!
//! - every ` ```variant `, ` ```variant-items ` and ` ```betza ` example in
//!   `docs/language.md` compiles (see the top of that page for how partial
//!   examples are completed);
//! - `docs/diagnostics.md` has a section for every code `fairyc explain`
//!   knows, with its title, and lists no other code.

use std::path::Path;

use fairyc_compiler::diagnostic::render_plain;
use fairyc_compiler::{compile_with_warnings, explain};

fn doc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .replace("\r\n", "\n")
}

/// The fenced blocks of a Markdown text: (info string, body, line number).
fn blocks(text: &str) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut open: Option<(String, String, usize)> = None;
    for (n, line) in text.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_owned(), String::new(), n + 1)),
            (Some(_), Some(_)) => out.extend(open.take()),
            (Some((_, body, _)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

/// The base a `variant-items` example is completed from: (what it defines,
/// its text).
const BASE: &[(&str, &str)] = &[
    ("variant", "variant \"Base\" {}"),
    ("board", "board { files a..h; ranks 1..8 }"),
    ("piece King", "piece King { letter K; moves K; royal }"),
    ("piece Queen", "piece Queen { letter Q; moves Q }"),
    ("piece Rook", "piece Rook { letter R; moves R }"),
    ("piece Bishop", "piece Bishop { letter B; moves B }"),
    ("piece Knight", "piece Knight { letter N; moves N }"),
    ("piece Pawn", "piece Pawn { letter P; moves mfW cfF ifmnD }"),
    (
        "setup",
        "setup \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"",
    ),
    (
        "zone last-rank",
        "zone last-rank { white: rank 8; black: rank 1 }",
    ),
];

/// What a top-level line defines: `board`, `piece King`, `zone camp`, …
fn defines(line: &str) -> Option<String> {
    if line.starts_with(char::is_whitespace) {
        return None;
    }
    let mut words = line.split_whitespace();
    let first = words.next()?;
    match first {
        "piece" | "zone" => {
            let name = words.next()?.trim_end_matches('{');
            Some(format!("{first} {name}"))
        }
        "variant" | "board" | "setup" | "castling" | "promotion" | "drops" | "end" => {
            Some(first.to_owned())
        }
        _ => None,
    }
}

/// An items example completed from [`BASE`].
fn complete(items: &str) -> String {
    let defined: Vec<String> = items.lines().filter_map(defines).collect();
    let mut out = String::new();
    for (what, text) in BASE {
        if !defined.iter().any(|d| d == what) {
            out.push_str(text);
            out.push('\n');
        }
    }
    out.push_str(items);
    out
}

fn compiles(source: &str, origin: &str) -> Result<(), String> {
    match compile_with_warnings(source) {
        Ok(_) => Ok(()),
        Err(errors) => Err(format!(
            "{origin} does not compile:\n{source}\n{}",
            render_plain(origin, source, &errors)
        )),
    }
}

#[test]
fn language_examples_compile() {
    let text = doc("language.md");
    let mut failures = Vec::new();
    let mut counts = [0usize; 3];
    for (info, body, line) in blocks(&text) {
        let origin = format!("docs/language.md:{line}");
        let result = match info.as_str() {
            "variant" => {
                counts[0] += 1;
                compiles(&body, &origin)
            }
            "variant-items" => {
                counts[1] += 1;
                compiles(&complete(&body), &origin)
            }
            "betza" => {
                counts[2] += 1;
                body.lines()
                    .filter(|l| !l.trim().is_empty())
                    .try_for_each(|l| {
                        // On e3 / e6, so that initial moves have a square.
                        let items = format!(
                            "piece Test {{\n    letter T\n    moves {l}\n}}\n\
                             setup \"rnbqkbnr/pppppppp/4t3/8/8/4T3/PPPPPPPP/RNBQKBNR w - - 0 1\"\n"
                        );
                        compiles(&complete(&items), &format!("{origin}: `{}`", l.trim()))
                    })
            }
            "" => Err(format!("{origin}: a code block without a language")),
            _ => Ok(()),
        };
        failures.extend(result.err());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(counts.iter().all(|&n| n > 0), "examples found: {counts:?}");
}

/// Every atom and every modifier letter of the checker has an example.
#[test]
fn every_betza_letter_has_an_example() {
    let text = doc("language.md");
    let examples: String = blocks(&text)
        .into_iter()
        .filter(|(info, _, _)| info == "betza")
        .map(|(_, body, _)| {
            body.lines()
                .map(|l| l.split('#').next().unwrap_or_default().to_owned() + " ")
                .collect::<String>()
        })
        .collect();
    let letters = fairyc_compiler::check::BETZA_ATOMS
        .chars()
        .chain(fairyc_compiler::check::BETZA_MODIFIERS.chars());
    let missing: Vec<char> = letters.filter(|&c| !examples.contains(c)).collect();
    assert!(
        missing.is_empty(),
        "Betza letters without an example: {missing:?}"
    );
}

#[test]
fn diagnostics_list_every_code() {
    let text = doc("diagnostics.md");
    let mut missing = Vec::new();
    for e in explain::EXPLANATIONS {
        let section = format!("### {}\n\n**{}**. {}", e.code, e.title, e.text);
        if !text.contains(&section) {
            missing.push(e.code);
        }
    }
    assert!(
        missing.is_empty(),
        "out of date in docs/diagnostics.md: {missing:?}"
    );
    for line in text.lines() {
        if let Some(code) = line.strip_prefix("### ") {
            assert!(
                explain::explain(code).is_some(),
                "docs/diagnostics.md lists `{code}`, which `fairyc explain` does not know"
            );
        }
    }
}

#[test]
fn every_code_is_rendered_with_its_code() {
    for e in explain::EXPLANATIONS {
        let rendered = e.render();
        assert!(rendered.starts_with(e.code), "{rendered}");
        assert!(!e.wrong.is_empty() && !e.fixed.is_empty(), "{}", e.code);
    }
}
