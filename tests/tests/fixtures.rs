//! Snapshot tests driven by fixture files, one folder per stage and outcome:
//!
//! - `fixtures/parse/ok/*.variant` parse; the snapshot is the item outline.
//! - `fixtures/parse/err/*.variant` do not parse; the snapshot is the source
//!   and the rendered diagnostics.
//! - `fixtures/check/ok/*.variant` parse and check with no error.
//! - `fixtures/check/err/*.variant` parse, then check with errors; the
//!   snapshot is the source and every rendered diagnostic.
//!
//! Run one fixture with `INSTA_GLOB_FILTER=name cargo test -p fairyc-tests
//! --test fixtures`; review with `cargo insta review`.

use std::path::Path;

use fairyc_compiler::ast::{File, Item};
use fairyc_compiler::check::check;
use fairyc_compiler::diagnostic::render_plain;
use fairyc_compiler::error::CompileError;
use fairyc_compiler::parse::parse;

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
fn report(path: &Path, source: &str, errors: &[CompileError]) -> String {
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
            Item::Promotion(p) => format!("promotion: {:?} unknown {:?}", p.rules, p.unknown),
            Item::Drops(d) => format!("drops: {:?}", d.rules),
            Item::End(e) => format!("end: {:?}", e.rules),
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
        let errors = match parse(&source) {
            Ok(file) => check(&file),
            Err(errors) => errors,
        };
        assert!(errors.is_empty(), "{}", report(path, &source, &errors));
    });
}

#[test]
fn check_err() {
    insta::glob!("../fixtures/check/err", "*.variant", |path| {
        let source = read(path);
        let file = parse(&source).unwrap_or_else(|errors| {
            panic!(
                "{} does not parse:\n{}",
                name(path),
                report(path, &source, &errors)
            )
        });
        let errors = check(&file);
        assert!(!errors.is_empty(), "{} checks without errors", name(path));
        insta::assert_snapshot!(report(path, &source, &errors));
    });
}

/// Every shipped variant parses and checks with zero errors.
#[test]
fn shipped_variants_check() {
    insta::glob!("../../variants", "*.variant", |path| {
        let source = read(path);
        let errors = match parse(&source) {
            Ok(file) => check(&file),
            Err(errors) => errors,
        };
        assert!(errors.is_empty(), "{}", report(path, &source, &errors));
    });
}
