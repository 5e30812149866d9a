//! Snapshot tests driven by fixture files, one folder per stage and outcome:
//!
//! - `fixtures/parse/ok/*.variant` parse; the snapshot is the item outline.
//! - `fixtures/parse/err/*.variant` do not parse; the snapshot is the source
//!   and the rendered diagnostics.
//! - `fixtures/check/ok/*.variant` parse and check with no error.
//! - `fixtures/check/err/*.variant` parse, then fail the whole pipeline
//!   ([`compile_with_warnings`]: check, lower, lint) with errors; the
//!   snapshot is the source and every rendered diagnostic.
//! - `fixtures/lower/err/*.variant` have names that are all fine but fail
//!   on the board's geometry, the start position or the lowered tables
//!   (codes `E01xx`, `E0039`, `E0040`).
//! - `fixtures/lower/warn/*.variant` compile, with warnings (`W0001` …).
//! - `fixtures/export/err/*.variant` compile but `fairyc export --to
//!   fairy-stockfish` refuses them (`E0160` …).
//!
//! - `fixtures/recover/err/*.variant` do not parse; the snapshot holds the
//!   syntax errors and the errors of the parts that parse (the compiler
//!   goes on at the next top-level item).
//! - `check/err/malformed_each_<block>.variant` hold one malformed use of
//!   each statement of the statement table
//!   ([`every_statement_has_a_malformed_fixture`]).
//!
//! - `fixtures/import/err/*.ini` are Fairy-Stockfish `variants.ini` files
//!   that `fairyc import` reports (`E0201` …, `W0020` …).
//!
//! [`every_code_has_a_fixture`] checks that the snapshots show every code
//! that `fairyc explain` knows.
//!
//! Run one fixture with `INSTA_GLOB_FILTER=name cargo test -p fairyc-tests
//! --test fixtures`; review with `cargo insta review`.

use std::path::Path;

use fairyc_compiler::ast::{File, Item};
use fairyc_compiler::diagnostic::render_plain;
use fairyc_compiler::error::Block;
use fairyc_compiler::parse::parse;
use fairyc_compiler::{compile_with_warnings, explain, CompileError, ErrorKind, Finding, Report};

/// Reads a fixture with CRLF normalised to LF.
fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .replace("\r\n", "\n")
}

fn name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The snapshot body of a failing fixture.
fn report<R: Report>(path: &Path, source: &str, errors: &[R]) -> String {
    format!(
        "----- SOURCE\n{source}\n----- ERROR\n{}",
        render_plain(&name(path), source, errors)
    )
}

/// A short outline of a parsed file: one line per item.
fn outline(file: &File) -> String {
    let mut out = String::new();
    for item in &file.items {
        let line = match item {
            Item::Variant(v) => format!("variant {:?}: {} props", v.name.node, v.props.len()),
            Item::Board(b) => format!("board: {:?}", b.props),
            Item::Piece(p) => format!("piece {}: {:?}", p.name.node, p.props),
            Item::Setup(s) => format!("setup {:?}", s.fen.node),
            Item::Castling(c) => format!("castling: {:?} unknown {:?}", c.rules, c.unknown),
            Item::Zone(z) => format!(
                "zone {}: {:?} unknown {:?}",
                z.name.node, z.sides, z.unknown
            ),
            Item::Promotion(p) if p.limits.is_empty() => {
                format!("promotion: {:?} unknown {:?}", p.rules, p.unknown)
            }
            Item::Promotion(p) => format!(
                "promotion: {:?} limits {:?} unknown {:?}",
                p.rules, p.limits, p.unknown
            ),
            Item::Drops(d) => format!("drops: {:?}", d.rules),
            Item::Gating(g) => format!("gating: {:?}", g.rules),
            Item::End(e) => format!("end: {:?}", e.rules),
            Item::Clock(c) => format!("clock: {:?}", c.rules),
            Item::Legality(l) => format!("legality: {:?}", l.rules),
            Item::Royal(r) => format!("royal: {:?}", r.rules),
            Item::Pass(span) => format!("pass: {span:?}"),
            Item::Scoring(s) => format!("scoring: {:?}", s.rules),
            Item::Allow(a) => format!("allow: {:?}", a.codes),
            Item::Blast(b) => format!("blast: {:?}", b.rules),
            Item::Walls(w) => format!("walls: {:?} on {:?}", w.place.node, w.squares),
            Item::PassWhenStuck(span) => format!("pass when-stuck: {span:?}"),
            Item::Flips(f) => format!("flips: {:?}", f.kind.node),
            Item::Unknown(u) => format!("unknown: {:?}", u),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[test]
fn parse_ok() {
    insta::glob!("../fixtures/parse/ok", "*.variant", |path| {
        let source = read(path);
        match parse(&source) {
            Ok(file) => insta::assert_snapshot!(outline(&file)),
            Err(errors) => panic!("{}", report(path, &source, &errors)),
        }
    });
}

#[test]
fn parse_err() {
    insta::glob!("../fixtures/parse/err", "*.variant", |path| {
        let source = read(path);
        match parse(&source) {
            Ok(file) => panic!("{} parses:\n{}", name(path), outline(&file)),
            Err(errors) => insta::assert_snapshot!(report(path, &source, &errors)),
        }
    });
}

#[test]
fn check_ok() {
    insta::glob!("../fixtures/check/ok", "*.variant", |path| {
        let source = read(path);
        let found = Finding::of(&source);
        assert!(found.is_empty(), "{}", report(path, &source, &found));
    });
}

/// A fixture that parses and fails the whole pipeline; the snapshot holds
/// every error (checker, lowering and lint together).
fn compile_err(path: &Path) -> String {
    let source = read(path);
    if let Err(errors) = parse(&source) {
        panic!(
            "{} does not parse:\n{}",
            name(path),
            report(path, &source, &errors)
        );
    }
    match compile_with_warnings(&source) {
        Ok(_) => panic!("{} compiles without errors", name(path)),
        Err(errors) => report(path, &source, &errors),
    }
}

#[test]
fn check_err() {
    insta::glob!("../fixtures/check/err", "*.variant", |path| {
        insta::assert_snapshot!(compile_err(path));
    });
}

/// Every statement of the statement table has a malformed use in
/// `check/err/malformed_each_<block>.variant` (`item` for the top level),
/// reported as malformed (`E0008`, `E0009`) with its own form, and none of
/// those lines is reported as unknown (`E0007`).
#[test]
fn every_statement_has_a_malformed_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/check/err");
    for block in Block::ALL {
        let file = match block {
            Block::TopLevel => "item".to_owned(),
            _ => block.name().to_owned(),
        };
        let path = dir.join(format!("malformed_each_{file}.variant"));
        let source = read(&path);
        let errors = compile_with_warnings(&source)
            .err()
            .unwrap_or_else(|| panic!("{} compiles", name(&path)));
        let unknown: Vec<&CompileError> = errors.iter().filter(|e| e.code() == "E0007").collect();
        assert!(
            unknown.is_empty(),
            "{}: {}",
            name(&path),
            report(
                &path,
                &source,
                &unknown.into_iter().cloned().collect::<Vec<_>>()
            )
        );
        for statement in block.statements() {
            let found = errors.iter().any(|e| match &e.kind {
                ErrorKind::MalformedStatement { statement: s }
                | ErrorKind::MalformedRule {
                    statement: Some(s), ..
                } => *s == statement,
                _ => false,
            });
            assert!(
                found,
                "{}: no malformed `{}` ({block}) reported as such",
                name(&path),
                statement.keyword()
            );
        }
    }
}

/// A file that does not parse: the snapshot holds the syntax errors and the
/// checker's errors on the parts that parse ([`compile_with_warnings`]
/// recovers at the next top-level item).
#[test]
fn recover_err() {
    insta::glob!("../fixtures/recover/err", "*.variant", |path| {
        let source = read(path);
        assert!(parse(&source).is_err(), "{} parses", name(path));
        match compile_with_warnings(&source) {
            Ok(_) => panic!("{} compiles", name(path)),
            Err(errors) => insta::assert_snapshot!(report(path, &source, &errors)),
        }
    });
}

#[test]
fn lower_err() {
    insta::glob!("../fixtures/lower/err", "*.variant", |path| {
        insta::assert_snapshot!(compile_err(path));
    });
}

#[test]
fn export_err() {
    insta::glob!("../fixtures/export/err", "*.variant", |path| {
        let source = read(path);
        fairyc_compiler::compile(&source)
            .unwrap_or_else(|errors| panic!("{}", report(path, &source, &errors)));
        match fairyc_interop::export::export(&source, "fixture") {
            Ok(ini) => panic!("{} exports:\n{ini}", name(path)),
            Err(errors) => insta::assert_snapshot!(report(path, &source, &errors)),
        }
    });
}

#[test]
fn lower_warn() {
    insta::glob!("../fixtures/lower/warn", "*.variant", |path| {
        let source = read(path);
        match compile_with_warnings(&source) {
            Ok(compiled) => {
                assert!(
                    !compiled.warnings.is_empty(),
                    "{} has no warnings",
                    name(path)
                );
                insta::assert_snapshot!(report(path, &source, &compiled.warnings));
            }
            Err(errors) => panic!("{}", report(path, &source, &errors)),
        }
    });
}

/// Every code `fairyc explain` knows appears in some error or warning
/// snapshot, except the two no source can trigger: `E0113` (the checker
/// reports `E0028` first) and `E0199` (an internal limit or bug), and
/// `E0050`, found on a file's bytes, which fixtures (read as text) cannot
/// hold: `cli/tests/check.rs` tests it.
#[test]
fn every_code_has_a_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let mut shown = String::new();
    for entry in std::fs::read_dir(&dir).expect("the snapshots folder") {
        let path = entry.expect("a snapshot").path();
        let file_name = name(&path);
        if file_name.contains("_err@") || file_name.contains("_warn@") {
            shown.push_str(&std::fs::read_to_string(&path).expect("readable"));
        }
    }
    let missing: Vec<&str> = explain::EXPLANATIONS
        .iter()
        .map(|e| e.code)
        .filter(|code| !["E0113", "E0199", "E0050"].contains(code))
        .filter(|code| {
            !shown.contains(&format!("error[{code}]"))
                && !shown.contains(&format!("warning[{code}]"))
        })
        .collect();
    assert!(missing.is_empty(), "codes without a fixture: {missing:?}");
}

/// Every shipped variant compiles with zero errors and zero warnings.
#[test]
fn shipped_variants_check() {
    insta::glob!("../../variants", "*.variant", |path| {
        let source = read(path);
        let found = Finding::of(&source);
        assert!(found.is_empty(), "{}", report(path, &source, &found));
    });
}

#[test]
fn import_err() {
    let shipped = fairyc_tests::shipped_for_import();
    insta::glob!("../fixtures/import/err", "*.ini", |path| {
        let source = read(path);
        let result = fairyc_interop::import::import_for(
            &source,
            &shipped,
            fairyc_interop::import::Target::Fsf11,
        );
        assert!(
            !result.diagnostics.is_empty(),
            "{} reports nothing",
            name(path)
        );
        insta::assert_snapshot!(report(path, &source, &result.diagnostics));
    });
}

/// Every fix an error suggests (`fixes` in `check --format json`, the
/// language server's quick fixes) mends it: in the fixed source, that
/// error (its code and message) is reported once less. And the old
/// spellings of the move clock and of `legality` get one.
#[test]
fn every_fix_mends_its_error() {
    let mut fixes = 0;
    let mut codes = std::collections::BTreeSet::new();
    for dir in ["check/err", "lower/err", "parse/err"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures")
            .join(dir);
        for entry in std::fs::read_dir(&dir).expect("a fixture folder") {
            let path = entry.expect("a fixture").path();
            let source = std::fs::read_to_string(&path).expect("readable");
            let Err(errors) = compile_with_warnings(&source) else {
                continue;
            };
            let count = |errors: &[CompileError], e: &CompileError| {
                errors
                    .iter()
                    .filter(|x| x.code() == e.code() && x.to_string() == e.to_string())
                    .count()
            };
            for e in &errors {
                for fix in e.fixes() {
                    let fixed = fix.apply(&source);
                    let after = compile_with_warnings(&fixed).err().unwrap_or_default();
                    assert!(
                        count(&after, e) < count(&errors, e),
                        "{}: `{}` ({}) still reported after the fix {:?}:\n{fixed}",
                        name(&path),
                        e,
                        e.code(),
                        fix.title
                    );
                    fixes += 1;
                    codes.insert(e.code());
                }
            }
        }
    }
    for code in ["E0007", "E0177", "E0178", "E0191"] {
        assert!(codes.contains(code), "no fix of {code} among {codes:?}");
    }
    assert!(fixes > 20, "{fixes} fixes");
}
