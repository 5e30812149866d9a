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
pub mod span;
pub mod suggest;
pub mod warning;

pub use diagnostic::{Finding, Report};
pub use error::{CompileError, ErrorKind};
pub use warning::{Warning, WarningKind};

use fairyc_runtime::VariantTables;

/// Parses, checks and lowers a `.variant` source.
///
/// # Errors
///
/// Every error found, sorted by place: syntax errors stop at parsing;
/// otherwise the checker's, each reported once; for a file that checks,
/// the errors only the lowered tables reveal (an illegal start position).
pub fn compile(source: &str) -> Result<VariantTables, Vec<CompileError>> {
    compile_with_warnings(source).map(|compiled| compiled.tables)
}

/// A compiled variant and the warnings found on the way.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The move tables.
    pub tables: VariantTables,
    /// Warnings (`W0001` …), sorted by place; empty for a clean file.
    pub warnings: Vec<Warning>,
}

/// [`compile`], keeping the warnings: parts of the variant that can never
/// matter (an unused piece, a square nothing reaches, …), found on the
/// lowered tables by [`lint::lint`].
///
/// # Errors
///
/// As [`compile`]. Warnings are not returned when there are errors.
pub fn compile_with_warnings(source: &str) -> Result<Compiled, Vec<CompileError>> {
    let file = parse::parse(source)?;
    let checked = check::check_source(&file, source)?;
    let tables = lower::lower(&checked)?;
    let warnings = lint::lint(&file, &tables);
    Ok(Compiled { tables, warnings })
}
