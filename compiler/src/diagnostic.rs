//! Errors → codespan-reporting diagnostics.
//!
//! [`CompileError::to_diagnostic`] builds plain data (labels, notes,
//! suggestions) from the text each error kind keeps beside its code in
//! [`crate::error`]; only the CLI and the tests print it. [`render_plain`] is the
//! tests' printer: no colour, stable output for snapshots.

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};

use crate::error::CompileError;
use crate::warning::Warning;

impl CompileError {
    /// This error as a diagnostic for the file `file`: a primary label at
    /// [`CompileError::span`], secondary labels at related places, and
    /// `help:` notes, all from `ErrorKind::text` (in [`crate::error`]).
    pub fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        let text = self.kind.text();
        let mut labels = vec![Label::primary(file, self.span.range()).with_message(text.label)];
        labels.extend(
            text.secondary
                .into_iter()
                .map(|(span, label)| Label::secondary(file, span.range()).with_message(label)),
        );
        Diagnostic::new(Severity::Error)
            .with_code(text.code)
            .with_message(text.message)
            .with_labels(labels)
            .with_notes(
                text.help
                    .into_iter()
                    .map(|h| format!("help: {h}"))
                    .collect(),
            )
    }
}

/// Anything that prints as a diagnostic: a [`CompileError`], a [`Warning`]
/// or a [`Finding`] (either).
pub trait Report {
    /// The stable code (`E0001`, `W0001`, …).
    fn code(&self) -> &'static str;
    /// Whether it is a warning (it does not stop compilation).
    fn is_warning(&self) -> bool;
    /// Where it points.
    fn span(&self) -> crate::span::Span;
    /// As a codespan-reporting diagnostic for the file `file`.
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId>;
}

impl Report for CompileError {
    fn code(&self) -> &'static str {
        CompileError::code(self)
    }
    fn is_warning(&self) -> bool {
        false
    }
    fn span(&self) -> crate::span::Span {
        self.span
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        CompileError::to_diagnostic(self, file)
    }
}

impl Report for Warning {
    fn code(&self) -> &'static str {
        Warning::code(self)
    }
    fn is_warning(&self) -> bool {
        true
    }
    fn span(&self) -> crate::span::Span {
        self.span
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        Warning::to_diagnostic(self, file)
    }
}

/// An error or a warning, for printers that show both in one list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// An error.
    Error(CompileError),
    /// A warning.
    Warning(Warning),
}

impl Finding {
    /// What compiling `source` reports: its errors, or else its warnings.
    pub fn of(source: &str) -> Vec<Finding> {
        match crate::compile_with_warnings(source) {
            Ok(compiled) => compiled
                .warnings
                .into_iter()
                .map(Finding::Warning)
                .collect(),
            Err(errors) => errors.into_iter().map(Finding::Error).collect(),
        }
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::Error(e) => e.fmt(f),
            Finding::Warning(w) => w.fmt(f),
        }
    }
}

impl Report for Finding {
    fn code(&self) -> &'static str {
        match self {
            Finding::Error(e) => e.code(),
            Finding::Warning(w) => w.code(),
        }
    }
    fn is_warning(&self) -> bool {
        matches!(self, Finding::Warning(_))
    }
    fn span(&self) -> crate::span::Span {
        match self {
            Finding::Error(e) => e.span,
            Finding::Warning(w) => w.span,
        }
    }
    fn to_diagnostic<FileId: Copy>(&self, file: FileId) -> Diagnostic<FileId> {
        match self {
            Finding::Error(e) => e.to_diagnostic(file),
            Finding::Warning(w) => w.to_diagnostic(file),
        }
    }
}

/// Renders errors or warnings as plain text (no colour), one diagnostic
/// after another, as the tests snapshot them.
///
/// ```
/// use fairyc_compiler::{diagnostic::render_plain, parse::parse};
///
/// let source = "piece King {\n";
/// let errors = parse(source).err().unwrap_or_default();
/// let text = render_plain("king.variant", source, &errors);
/// assert!(text.contains("error[E0003]"));
/// ```
pub fn render_plain<R: Report>(name: &str, source: &str, reports: &[R]) -> String {
    let file = SimpleFile::new(name, source);
    let config = Config::default();
    let mut out = String::new();
    for report in reports {
        match term::emit_into_string(&config, &file, &report.to_diagnostic(())) {
            Ok(text) => out.push_str(&text),
            Err(err) => out.push_str(&format!("{} (cannot render: {err})\n", report.code())),
        }
    }
    out
}
