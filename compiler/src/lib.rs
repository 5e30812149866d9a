//! The fairyc front end: `.variant` source → AST → checked file → move tables.
//!
//! ```text
//!   source ──► parse (pest) ──► AST with spans ──► check ──► Checked ──► lower ──► VariantTables
//!                 │                                  │                     │            │
//!                 └────── Vec<CompileError> ─────────┘      (E0119, E0199) ┘       lint ──► Vec<Warning>
//! ```
//!
//! [`check::check`] reports every mistake, each once, or returns the
//! [`check::Checked`] file: names resolved to indices, squares, zones per
//! side, moves, the start position. [`lower::lower`] only converts it (one
//! function per item) and lets the runtime validate the result: given a
//! checked file it fails only on an illegal start position (`E0119`) or a
//! bug (`E0199`). [`lint::lint`] finds the warnings ([`Warning`], their own
//! type) on the tables. [`compile`] runs the whole pipeline;
//! [`compile_with_warnings`] keeps the warnings. [`CompileError::to_diagnostic`]
//! and [`Warning::to_diagnostic`] build codespan-reporting diagnostics
//! ([`Report`] covers both, [`Finding`] is either), and [`explain`] holds
//! the long explanation of every code.
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
pub mod clock;
pub mod diagnostic;
pub mod error;
pub mod explain;
pub mod export_refusal;
pub mod fix;
pub mod format;
pub mod geometry;
pub mod json;
pub mod lint;
pub mod lower;
pub mod parse;
pub mod source;
pub mod span;
pub mod statements;
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
/// Every error found, sorted by place: the syntax errors, and the
/// checker's on the parts of the file that parse (see
/// [`parse::parse_recovering`]), each reported once; for a file that checks,
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
    let parse::Recovered {
        file,
        mut errors,
        quiet,
    } = parse::parse_recovering(source);
    let Some(file) = file else {
        return Err(errors);
    };
    let checked = match check::check_source(&file, source) {
        Ok(checked) if errors.is_empty() => checked,
        Ok(_) => return Err(errors),
        Err(more) => {
            // Beside syntax errors, what the checker finds in an item that
            // holds one would only repeat it, and its guard against giving
            // up silently (`E0199`) has its reason already.
            let syntax = !errors.is_empty();
            let repeats = |e: &CompileError| {
                (syntax && e.code() == "E0199")
                    || quiet.iter().any(|&item| parse::overlaps(item, e.span))
            };
            errors.extend(more.into_iter().filter(|e| !repeats(e)));
            errors.sort_by_key(|e| (e.span.start, e.span.end));
            return Err(errors);
        }
    };
    let tables = lower::lower(&checked)?;
    let warnings = allow(&file, lint::lint(&file, &tables));
    Ok(Compiled { tables, warnings })
}

/// The warnings the item `allow` does not name, and `W0012` for each code
/// it names that none of them has, unless it names `W0012` too (the checker
/// made sure each code is a warning's, and named once).
fn allow(file: &ast::File, warnings: Vec<Warning>) -> Vec<Warning> {
    let codes: Vec<&span::Spanned<String>> = file
        .items
        .iter()
        .filter_map(|item| match item {
            ast::Item::Allow(a) => Some(&a.codes),
            _ => None,
        })
        .flatten()
        .collect();
    if codes.is_empty() {
        return warnings;
    }
    let allowed = |code: &str| codes.iter().any(|c| c.node == code);
    let mut out: Vec<Warning> = Vec::new();
    // `allow W0012` keeps the other codes quiet whether raised or not.
    let quiet = allowed("W0012");
    for code in codes.iter().filter(|_| !quiet) {
        let raised = warnings.iter().any(|w| w.code() == code.node);
        let known = warning::CODES.iter().find(|&&c| c == code.node);
        if let (false, Some(&code_str)) = (raised, known) {
            out.push(Warning::new(
                WarningKind::AllowedNotRaised { code: code_str },
                code.span,
            ));
        }
    }
    out.extend(warnings.into_iter().filter(|w| !allowed(w.code())));
    out.sort_by_key(|w| (w.span.start, w.span.end));
    out
}
