//! The fairyc front end: `.variant` source → AST → checks → move tables.
//!
//! ```text
//!   source ──► parse (pest) ──► AST with spans ──► check ──► lower ──► lint ──► VariantTables
//!                 │                                  │          │         │        + warnings
//!                 └──────── CompileError (kind + span) ─────────┴─────────┘
//! ```
//!
//! [`compile`] runs the whole pipeline and returns every error found, each
//! with the span it points at; [`compile_with_warnings`] also returns the
//! warnings (`W0001` …) found on the lowered tables by [`lint`].
//! [`CompileError::to_diagnostic`] turns one into a codespan-reporting
//! diagnostic, and [`explain`] holds the long explanation of every code.
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
pub mod explain;
pub mod geometry;
pub mod lint;
pub mod lower;
pub mod parse;
pub mod source;
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
    compile_with_warnings(source).map(|compiled| compiled.tables)
}

/// A compiled variant and the warnings found on the way.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The move tables.
    pub tables: VariantTables,
    /// Warnings (`W0001` …), sorted by place; empty for a clean file.
    pub warnings: Vec<CompileError>,
}

/// [`compile`], keeping the warnings: parts of the variant that can never
/// matter (an unused piece, a square nothing reaches, …), found on the
/// lowered tables by [`lint::lint`].
///
/// # Errors
///
/// As [`compile`], plus the errors only the lowered tables reveal
/// (overlapping promotion rules, a side with two royal pieces). Warnings are
/// not returned when there are errors.
pub fn compile_with_warnings(source: &str) -> Result<Compiled, Vec<CompileError>> {
    let file = parse::parse(source)?;
    let mut errors: Vec<CompileError> = check::check_source(&file, source)
        .into_iter()
        .filter(|e| !e.is_warning())
        .collect();
    match lower::lower(&file) {
        Ok(tables) if errors.is_empty() => {
            let (warnings, errors): (Vec<_>, Vec<_>) = lint::lint(&file, &tables)
                .into_iter()
                .partition(CompileError::is_warning);
            return if errors.is_empty() {
                Ok(Compiled { tables, warnings })
            } else {
                Err(errors)
            };
        }
        Ok(_) => {}
        Err(lowered) => {
            for (span, e) in lowered {
                // A piece whose Betza terms were rejected cannot move:
                // that follows from an error already reported in its block.
                let area = match e {
                    lower::LowerError::PieceCannotMove(_) => piece_block(&file, span),
                    _ => span,
                };
                // Table errors and errors with no place follow from the
                // checker's errors (a missing letter, a missing setup).
                let follows = !errors.is_empty()
                    && (matches!(e, lower::LowerError::Table(_)) || span == span::Span::default());
                let overlaps = follows
                    || errors.iter().any(|c| {
                        c.span.start < area.end.max(area.start + 1)
                            && area.start < c.span.end.max(c.span.start + 1)
                    });
                if !overlaps {
                    let span = match &e {
                        lower::LowerError::BadSetup(fen) => fen
                            .row()
                            .and_then(|row| lint::setup_row_span(source, span, row))
                            .unwrap_or(span),
                        _ => span,
                    };
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

/// The whole `piece` block whose name is at `name`, or `name` itself.
fn piece_block(file: &ast::File, name: span::Span) -> span::Span {
    file.items
        .iter()
        .find_map(|item| match item {
            ast::Item::Piece(p) if p.name.span == name => Some(p.span),
            _ => None,
        })
        .unwrap_or(name)
}
