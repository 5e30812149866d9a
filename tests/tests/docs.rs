//! The documentation is checked:
//!
//! - every ` ```variant `, ` ```variant-items ` and ` ```betza ` example in
//!   `docs/language.md` compiles (see the top of that page for how partial
//!   examples are completed);
//! - `docs/diagnostics.md` has a section for every code `fairyc explain`
//!   knows, with its title, text and examples, and lists no other code;
//! - each explanation's wrong example reports its code, and its fixed example
//!   compiles without any warning (but `W0001`, an example's unplaced piece);
//! - `E0110`'s example gets the suggestion its explanation promises.

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
    (
        "promotion",
        "promotion { Pawn -> Queen | Rook | Bishop | Knight in last-rank }",
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
    complete_with(items, &[], "")
}

/// An items example completed from [`BASE`] without the items `omit` names,
/// and with the one-line items of `add` (both only where the example does
/// not define the item itself).
fn complete_with(items: &str, omit: &[&str], add: &str) -> String {
    let defined: Vec<String> = items.lines().filter_map(defines).collect();
    let is_defined = |line: &str| defines(line).is_some_and(|d| defined.contains(&d));
    let added: Vec<&str> = add.lines().filter(|l| !is_defined(l)).collect();
    let replaced: Vec<String> = defined
        .iter()
        .cloned()
        .chain(added.iter().filter_map(|l| defines(l)))
        .collect();
    let mut out = String::new();
    for (what, text) in BASE {
        if !replaced.iter().any(|d| d == what) && !omit.contains(what) {
            out.push_str(text);
            out.push('\n');
        }
    }
    for line in added {
        out.push_str(line);
        out.push('\n');
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
        let section = format!(
            "### {}\n\n**{}**. {}\n\n```text\n{}\n```\n\nFixed:\n\n```text\n{}\n```\n",
            e.code, e.title, e.text, e.wrong, e.fixed
        );
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

/// The base pieces and zone a small board has no room for: the examples
/// completed without them keep only the `King`.
/// Fairy-Stockfish's pawn, for the export refusals' examples.
const FSF_PAWN: &str = "piece Pawn { letter P; moves mfW cefF ifmnD }";

/// Chess as Fairy-Stockfish 11.1 plays it, for the export refusals' examples.
const FSF_CHESS: &str = "piece Pawn { letter P; moves mfW cefF ifmnD }
promotion { Pawn -> Queen | Rook | Bishop | Knight in last-rank }";

const KINGS_ONLY: &[&str] = &[
    "piece Queen",
    "piece Rook",
    "piece Bishop",
    "piece Knight",
    "piece Pawn",
    "zone last-rank",
    "promotion",
];

/// Kings and a rook: the base without the other pieces.
const KINGS_AND_ROOK: &[&str] = &[
    "piece Queen",
    "piece Bishop",
    "piece Knight",
    "piece Pawn",
    "zone last-rank",
    "promotion",
];

/// How the examples of a code are completed when [`complete`] is not
/// enough: (code, base items left out, items added). Both the wrong and the
/// fixed example are completed the same way, and an example's own items
/// replace the added ones.
const EXAMPLE_SETTINGS: &[(&str, &[&str], &str)] = &[
    // Export refusals (`fairyc export --to fairy-stockfish`): kings only, or
    // chess with Fairy-Stockfish's pawn (en passant) and its promotion, so
    // that the example's construct is the only one refused.
    ("E0160", KINGS_ONLY, ""),
    (
        "E0161",
        KINGS_ONLY,
        "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    ),
    (
        "E0162",
        KINGS_ONLY,
        "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    ),
    (
        "E0163",
        KINGS_ONLY,
        "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    ),
    ("E0164", &[], FSF_PAWN),
    ("E0165", &[], FSF_CHESS),
    ("E0166", &[], FSF_CHESS),
    ("E0167", &[], FSF_CHESS),
    ("E0168", &[], FSF_CHESS),
    ("E0159", KINGS_ONLY, "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\""),
    // The wrong example is a file without a `board`.
    ("E0010", &["board"], ""),
    // Examples on other boards than 8×8: a setup that fits.
    (
        "E0103",
        KINGS_ONLY,
        "setup \"k24/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/25/K24 w - - 0 1\"",
    ),
    ("E0104", KINGS_ONLY, "setup \"k2/3/K2 w - - 0 1\""),
    ("E0105", KINGS_ONLY, "setup \"2k/K2 w - - 0 1\""),
    // Kings and a rook, so that the side to move is not stalemated.
    ("E0106", KINGS_AND_ROOK, "setup \"k1/1RK w - - 0 1\""),
    ("E0107", KINGS_AND_ROOK, "setup \"1k/KR1 w - - 0 1\""),
    ("E0108", KINGS_AND_ROOK, "setup \"1k/KR1 w - - 0 1\""),
    ("E0183", KINGS_AND_ROOK, "setup \"1k/KR1 w - - 0 1\""),
    ("E0116", KINGS_ONLY, ""),
    // "Black has no Rook".
    (
        "E0114",
        &[],
        "setup \"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\"",
    ),
    // The pieces the promotion rules name, in a drop variant.
    (
        "E0121",
        &[],
        "piece General { letter G; moves K }\npiece Soldier { letter S; moves fW }\ndrops { }",
    ),
    // The piece the gating rule names.
    ("E0064", &[], "piece Hawk { letter H; moves BN }"),
    // Only Kings, so that the Camel is the only unused piece.
    (
        "W0001",
        KINGS_ONLY,
        "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    ),
    // A pawn that does not promote.
    ("W0007", &["promotion"], ""),
    // Only Kings, both on dark squares.
    (
        "W0002",
        KINGS_ONLY,
        "setup \"3k4/8/8/8/8/8/8/4K3 w - - 0 1\"",
    ),
];

/// Codes whose wrong example cannot report them: (code, the code it reports
/// instead, if any, why).
const EXAMPLE_EXEMPTIONS: &[(&str, Option<&str>, &str)] = &[
    (
        "E0069",
        None,
        "a file of 129 piece types is too long for an example: \
         tests/fixtures/check/err/too_many_pieces.variant reports it",
    ),
    (
        "E0113",
        Some("E0028"),
        "reserved: the checker reports a name that is neither a zone nor a square as \
         E0028, and the lowering only sees checked names",
    ),
    (
        "E0199",
        None,
        "the runtime's own check of the lowered tables: every limit is reported \
         earlier with its own code, so only a bug in fairyc produces it",
    ),
    (
        "E0050",
        None,
        "found on the file's bytes (`source::decode`), before there is text to \
         compile; cli/tests/check.rs runs it on a file with an invalid byte",
    ),
];

/// An explanation's example as a whole file.
fn example_source(code: &str, example: &str) -> String {
    match EXAMPLE_SETTINGS.iter().find(|(c, _, _)| *c == code) {
        Some((_, omit, add)) => complete_with(example, omit, add),
        None => complete(example),
    }
}

/// Whether a code is a refusal of `fairyc export` (`E0160` …), reported by
/// [`fairyc_interop::export::export`] on a file that compiles.
fn is_export_code(code: &str) -> bool {
    ("E0159"..="E0169").contains(&code)
}

/// Whether a code is a diagnostic of `fairyc import` (`E0201` …, `W0020` …),
/// whose examples are `variants.ini` sections.
fn is_import_code(code: &str) -> bool {
    ("E0200"..="E0249").contains(&code) || ("W0020"..="W0029").contains(&code)
}

/// An import code's examples: the wrong `.ini` reports the code; the fixed
/// one imports without errors and without that code.
fn import_example_failures(e: &explain::Explanation) -> Vec<String> {
    let shipped = fairyc_tests::shipped_for_import();
    let mut failures = Vec::new();
    // `W0021` (a key only newer versions read) is reported for 11.1 only.
    let target = if e.code == "W0021" {
        fairyc_interop::import::Target::Fsf11
    } else {
        fairyc_interop::import::Target::Current
    };
    let wrong = fairyc_interop::import::import_for(e.wrong, &shipped, target);
    // E0213: a file over the limits is too long for an example;
    // tests/fixtures/import/err/too_many_sections.ini reports it.
    if e.code != "E0213" && !wrong.diagnostics.iter().any(|d| d.code == e.code) {
        failures.push(format!(
            "{}: the wrong example does not report it: {:?}",
            e.code, wrong.diagnostics
        ));
    }
    let fixed = fairyc_interop::import::import_for(e.fixed, &shipped, target);
    if fixed
        .diagnostics
        .iter()
        .any(|d| d.code == e.code || d.code.starts_with('E'))
    {
        failures.push(format!(
            "{}: the fixed example reports: {:?}",
            e.code, fixed.diagnostics
        ));
    }
    failures
}

/// The codes a source reports: its errors, or else its warnings; for an
/// export code, the refusals of `fairyc export` if the source compiles.
fn reported_codes(code: &str, source: &str) -> Vec<&'static str> {
    match compile_with_warnings(source) {
        Ok(_) if is_export_code(code) => match fairyc_interop::export::export(source, "x") {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| e.code()).collect(),
        },
        Ok(compiled) => compiled.warnings.iter().map(|w| w.code()).collect(),
        Err(errors) => errors.iter().map(|e| e.code()).collect(),
    }
}

/// What a source reports, for failure messages.
fn report(origin: &str, source: &str) -> String {
    let diagnostics = fairyc_compiler::Finding::of(source);
    format!(
        "--- {origin}:\n{source}\n--- reports:\n{}",
        render_plain(origin, source, &diagnostics)
    )
}

/// Each explanation's wrong example, completed into a file, reports its
/// code; its fixed example compiles, without that code.
#[test]
fn explanation_examples_are_honest() {
    let mut failures = Vec::new();
    for e in explain::EXPLANATIONS {
        if is_import_code(e.code) {
            failures.extend(import_example_failures(e));
            continue;
        }
        let exemption = EXAMPLE_EXEMPTIONS.iter().find(|(c, _, _)| *c == e.code);
        let wrong = example_source(e.code, e.wrong);
        let codes = reported_codes(e.code, &wrong);
        let origin = format!("{} wrong", e.code);
        match exemption {
            None if !codes.contains(&e.code) => failures.push(format!(
                "{}: the wrong example does not report it\n{}",
                e.code,
                report(&origin, &wrong)
            )),
            Some((_, _, _)) if codes.contains(&e.code) => failures.push(format!(
                "{}: the wrong example reports it: remove its exemption\n{}",
                e.code,
                report(&origin, &wrong)
            )),
            Some((_, Some(instead), _)) if !codes.contains(instead) => failures.push(format!(
                "{}: the wrong example does not report {instead}, as its exemption says\n{}",
                e.code,
                report(&origin, &wrong)
            )),
            _ => {}
        }
        let fixed = example_source(e.code, e.fixed);
        let origin = format!("{} fixed", e.code);
        match compile_with_warnings(&fixed) {
            Err(_) => failures.push(format!(
                "{}: the fixed example does not compile\n{}",
                e.code,
                report(&origin, &fixed)
            )),
            Ok(compiled) if compiled.warnings.iter().any(|w| w.code() == e.code) => {
                failures.push(format!(
                    "{}: the fixed example still reports it\n{}",
                    e.code,
                    report(&origin, &fixed)
                ))
            }
            // "Fixed" means clean: no other warning either, but `W0001`
            // (an example declares a piece it does not place in a setup).
            Ok(compiled) if compiled.warnings.iter().any(|w| w.code() != "W0001") => {
                failures.push(format!(
                    "{}: the fixed example warns\n{}",
                    e.code,
                    report(&origin, &fixed)
                ))
            }
            Ok(_) if is_export_code(e.code) && reported_codes(e.code, &fixed).contains(&e.code) => {
                failures.push(format!(
                    "{}: the fixed example is still refused by the export\n{}",
                    e.code,
                    report(&origin, &fixed)
                ))
            }
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The tables above name only codes that exist, each once.
#[test]
fn example_settings_name_codes() {
    let codes = EXAMPLE_SETTINGS
        .iter()
        .map(|(c, _, _)| *c)
        .chain(EXAMPLE_EXEMPTIONS.iter().map(|(c, _, _)| *c));
    for code in codes {
        assert!(explain::explain(code).is_some(), "{code} is not a code");
    }
    for (code, instead, why) in EXAMPLE_EXEMPTIONS {
        assert!(!why.is_empty(), "{code}: an exemption needs a reason");
        if let Some(instead) = instead {
            assert!(explain::explain(instead).is_some(), "{code}: {instead}");
        }
    }
    let mut settings: Vec<&str> = EXAMPLE_SETTINGS.iter().map(|(c, _, _)| *c).collect();
    settings.sort_unstable();
    settings.dedup();
    assert_eq!(settings.len(), EXAMPLE_SETTINGS.len(), "a code set twice");
}

/// The top-level sections of `docs/language.md`, in order: the reference
/// is organised by construct, and other pages link to these anchors.
const LANGUAGE_SECTIONS: &[&str] = &[
    "Board",
    "Pieces and moves",
    "Setup",
    "Promotion",
    "Drops",
    "Gating",
    "Legality",
    "Royal pieces",
    "End",
    "Scoring",
    "Notation",
    "Changes",
];

/// The headings of a Markdown text outside its code blocks: (level, text).
fn headings(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut in_code = false;
    for line in text.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        } else if !in_code {
            let level = line.bytes().take_while(|&b| b == b'#').count();
            if level > 0 && line.as_bytes().get(level) == Some(&b' ') {
                out.push((level, line[level + 1..].trim().to_owned()));
            }
        }
    }
    out
}

/// The anchor a heading gets on GitHub: lower case, punctuation dropped,
/// spaces made hyphens; a repeated anchor gets `-1`, `-2`, ….
fn anchors(text: &str) -> Vec<String> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for (_, heading) in headings(text) {
        let slug: String = heading
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let repeats = seen.entry(slug.clone()).or_insert(0);
        out.push(match *repeats {
            0 => slug,
            n => format!("{slug}-{n}"),
        });
        *repeats += 1;
    }
    out
}

#[test]
fn language_reference_is_organised_by_construct() {
    let text = doc("language.md");
    let top: Vec<String> = headings(&text)
        .into_iter()
        .filter(|(level, _)| *level == 2)
        .map(|(_, h)| h)
        .collect();
    assert_eq!(
        top, LANGUAGE_SECTIONS,
        "the top-level sections of docs/language.md"
    );
    let principle =
        "a new construct either generalises an existing one or serves at least two real variants";
    assert!(
        text.to_lowercase()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .contains(principle),
        "docs/language.md states its principle"
    );
}

/// Every link to an anchor of `docs/language.md` (from the docs, the README
/// and the sources that cite the manual) names a heading that exists.
#[test]
fn links_to_language_anchors_resolve() {
    let root = fairyc_tests::root();
    let known = anchors(&doc("language.md"));
    let mut files: Vec<std::path::PathBuf> = vec![root.join("README.md")];
    for dir in ["docs", "docs/rules", "compiler/src", "cli/src"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("a folder of the repository") {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|e| e == "md" || e == "rs") {
                files.push(path);
            }
        }
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        let own = path.ends_with("docs/language.md");
        for (n, line) in text.lines().enumerate() {
            let mut rest = line;
            while let Some(at) = rest.find('#') {
                let before = &rest[..at];
                let after = &rest[at + 1..];
                let anchor: String = after
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || matches!(c, '-' | '_'))
                    .collect();
                let cites = before.ends_with("language.md") || (own && before.ends_with('('));
                if cites && !anchor.is_empty() {
                    checked += 1;
                    if !known.contains(&anchor) {
                        broken.push(format!("{}:{}: #{anchor}", path.display(), n + 1));
                    }
                }
                rest = after;
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to missing anchors of docs/language.md:\n{}",
        broken.join("\n")
    );
    assert!(checked > 20, "only {checked} links found");
}

/// `fairyc explain E0110` promises a square for a name just off the board;
/// `check` gives it (issue 35).
#[test]
fn the_unknown_square_example_gets_the_promised_suggestion() {
    let e = explain::explain("E0110").expect("E0110");
    assert!(e.text.contains("`i9` on 8×8: `h8`"), "{}", e.text);
    let wrong = example_source("E0110", e.wrong);
    let errors = fairyc_compiler::compile(&wrong).expect_err("E0110's wrong example");
    let text = render_plain("E0110", &wrong, &errors);
    assert!(text.contains("error[E0110]"), "{text}");
    assert!(text.contains("did you mean `h8`?"), "{text}");
}

/// The README's and the WebAssembly README's variant counts are the
/// number of files in `variants/`, and so is the `check` summary shown.
#[test]
fn variant_counts_in_the_readmes_are_the_shipped_files() {
    let root = fairyc_tests::root();
    let n = std::fs::read_dir(root.join("variants"))
        .expect("variants/")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "variant"))
        })
        .count();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let wasm = std::fs::read_to_string(root.join("wasm/README.md")).expect("wasm/README");
    assert!(
        readme.contains(&format!("{n} variants ship in")),
        "README: not {n} variants"
    );
    assert!(
        readme.contains(&format!("checked {n} files: no errors")),
        "README: check summary"
    );
    assert!(
        wasm.contains(&format!("the {n} shipped variants")),
        "wasm/README: not {n}"
    );
    assert!(
        wasm.contains(&format!("the {n} shipped sources")),
        "wasm/README: not {n}"
    );
    assert!(doc("diagnostics.md").contains(&format!("checked {n} files: no errors")));
}

/// The README's release test commands name every fairyc-tests test `.ci/run` runs with
/// `--ignored`.
#[test]
fn the_readme_release_tests_are_those_of_ci() {
    let root = fairyc_tests::root();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let ci = std::fs::read_to_string(root.join(".ci/run")).expect(".ci/run");
    let tests = |text: &str| -> std::collections::BTreeSet<String> {
        text.lines()
            .filter(|l| l.contains("-p fairyc-tests --release") && l.contains("--ignored"))
            .flat_map(|l| {
                l.split("--test ")
                    .skip(1)
                    .filter_map(|t| t.split_whitespace().next())
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let ci_tests = tests(&ci);
    assert!(ci_tests.contains("hachu"), "{ci_tests:?}");
    assert_eq!(tests(&readme), ci_tests);
}
