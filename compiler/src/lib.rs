//! The fairyc front end: `.variant` source → AST → checks → move tables.
//!
//! ```text
//!   source ──► parse (pest) ──► AST with spans ──► check ──► lower ──► VariantTables
//!                 │                                  │          │
//!                 └──────── CompileError (kind + span) ─────────┘
//! ```
//!
//! [`compile`] runs the whole pipeline and returns every error found, each
//! with the span it points at; [`CompileError::to_diagnostic`] turns one into a
//! codespan-reporting diagnostic.
//!
//! ```
//! let source = std::fs::read_to_string(
//!     concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/crazyhouse.variant"),
//! ).expect("the shipped variant");
//! let tables = fairyc_compiler::compile(&source).expect("it compiles");
//! let variant = fairyc_runtime::Variant::new(tables).expect("valid tables");
//! let start = fairyc_runtime::Position::new(&variant).expect("start position");
//! assert_eq!(fairyc_runtime::perft(&start, 2), 400);
//! ```
#![warn(missing_docs)]

pub mod ast;
pub mod betza;
pub mod check;
pub mod diagnostic;
pub mod error;
pub mod geometry;
pub mod lower;
pub mod parse;
pub mod span;
pub mod suggest;

pub use error::{CompileError, ErrorKind};

use fairyc_runtime::VariantTables;

/// Parses, checks and lowers a `.variant` source.
///
/// # Errors
///
/// Every error found: syntax errors stop at parsing; otherwise the
/// checker's errors and the lowering's (geometry, setup), sorted by place.
/// A lowering error at a place the checker already reported is left out.
pub fn compile(source: &str) -> Result<VariantTables, Vec<CompileError>> {
    let file = parse::parse(source)?;
    let mut errors: Vec<CompileError> = check::check(&file)
        .into_iter()
        .filter(|e| !e.is_warning())
        .collect();
    match lower::lower(&file) {
        Ok(tables) if errors.is_empty() => return Ok(tables),
        Ok(_) => {}
        Err(lowered) => {
            for (span, e) in lowered {
                let overlaps = errors.iter().any(|c| {
                    c.span.start < span.end.max(span.start + 1)
                        && span.start < c.span.end.max(c.span.start + 1)
                });
                if !overlaps {
                    errors.push(CompileError::new(ErrorKind::Lower(e), span));
                }
            }
        }
    }
    if errors.is_empty() {
        // The lowering gave up without saying why: never fail silently.
        errors.push(CompileError::new(
            ErrorKind::Lower(lower::LowerError::Table(
                "the file could not be lowered to tables".into(),
            )),
            span::Span::default(),
        ));
    }
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    Err(errors)
}
