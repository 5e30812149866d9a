//! `fairyc check` (human or JSON diagnostics, warnings) and `fairyc explain`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use codespan_reporting::diagnostic::{Diagnostic, Severity};
use fairyc_compiler::fix::Fix;
use fairyc_compiler::json::{file_error_json, to_json_indexed, with_fixes, LineIndex};
use fairyc_compiler::{Finding, Report};

use crate::files::{
    emit_diagnostics, emit_file_error, eprint_line, expand, is_table, print, read_bytes,
    read_source, table_from_bytes, Fatal, Source, TABLE_LIMIT,
};

/// How `check` prints diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    /// Rendered for people, on standard error.
    Human,
    /// One JSON object per diagnostic and line, on standard output
    /// (docs/diagnostics.md).
    Json,
}

/// What one file gave: its diagnostics (with the text they point into), or
/// one error about the file as a whole.
enum Checked {
    /// Diagnostics of a source (none for a clean file), each with the
    /// fixes it suggests.
    Diagnostics(String, Vec<(Diagnostic<usize>, Vec<Fix>)>),
    /// A table that is not valid: one line.
    BadTable(String),
    /// A file that could not be read: one line.
    Unreadable(String),
}

/// Checks one file: a `.variant` source is compiled, a table `.json` loaded
/// fully (and its start position set up).
fn check_one(path: &Path) -> Checked {
    if is_table(path) {
        return match read_bytes(path, TABLE_LIMIT) {
            Err(e) => Checked::Unreadable(e.to_string()),
            Ok(bytes) => match table_from_bytes(path, bytes) {
                Ok(_) => Checked::Diagnostics(String::new(), Vec::new()),
                Err(Fatal(message)) => Checked::BadTable(message),
            },
        };
    }
    match read_source(path) {
        Err(e) => Checked::Unreadable(e.to_string()),
        Ok(Source::NotUtf8(e, lossy)) => {
            Checked::Diagnostics(lossy, vec![(e.to_diagnostic(0), Vec::new())])
        }
        Ok(Source::Text(source)) => {
            let found = Finding::of(&source);
            let diagnostics = found
                .iter()
                .map(|e| (e.to_diagnostic(0), e.fixes()))
                .collect();
            Checked::Diagnostics(source, diagnostics)
        }
    }
}

/// The diagnostics of one file as the JSON objects `check --format json`
/// prints for it (docs/diagnostics.md): a `.variant` source's errors or
/// warnings, or one object without a code for a table that is not valid or
/// a file that cannot be read. The Python package's `check_file`.
pub fn check_file_json(path: &Path) -> Vec<serde_json::Value> {
    json_of(path, &check_one(path))
}

/// The JSON objects of what one file gave.
fn json_of(path: &Path, checked: &Checked) -> Vec<serde_json::Value> {
    let file = path.display().to_string();
    match checked {
        Checked::Diagnostics(source, found) => {
            let index = LineIndex::new(source);
            found
                .iter()
                .map(|(d, fixes)| with_fixes(to_json_indexed(&file, &index, d), &index, fixes))
                .collect()
        }
        Checked::BadTable(message) | Checked::Unreadable(message) => {
            vec![file_error_json(&file, message)]
        }
    }
}

/// What one file gave as `check --format json` lines.
fn json_lines(path: &Path, checked: &Checked) -> String {
    json_of(path, checked)
        .iter()
        .map(|v| format!("{v}\n"))
        .collect()
}

/// Checks every file; exit 0 if clean, 1 with errors (or warnings when
/// `deny_warnings`), 2 when a file cannot be read. A file that cannot be
/// read is reported as that file's error, and the others are still checked.
pub fn check(
    paths: &[PathBuf],
    format: CheckFormat,
    deny_warnings: bool,
) -> Result<ExitCode, Fatal> {
    let files = expand(paths)?;
    let (mut errors, mut warnings, mut failed, mut unreadable) = (0usize, 0usize, 0usize, 0usize);
    for path in &files {
        let checked = check_one(path);
        let (source, found) = match &checked {
            Checked::Diagnostics(source, found) => (source, found),
            Checked::BadTable(message) | Checked::Unreadable(message) => {
                if matches!(checked, Checked::Unreadable(_)) {
                    unreadable += 1;
                }
                errors += 1;
                failed += 1;
                match format {
                    CheckFormat::Human => emit_file_error(message),
                    CheckFormat::Json => print(&json_lines(path, &checked))?,
                }
                continue;
            }
        };
        let e = found
            .iter()
            .filter(|(d, _)| d.severity != Severity::Warning)
            .count();
        let w = found.len() - e;
        errors += e;
        warnings += w;
        if e > 0 || (deny_warnings && w > 0) {
            failed += 1;
        }
        match format {
            CheckFormat::Human => {
                let diagnostics: Vec<_> = found.iter().map(|(d, _)| d.clone()).collect();
                emit_diagnostics(path, source, &diagnostics)
            }
            CheckFormat::Json => print(&json_lines(path, &checked))?,
        }
    }
    let n = files.len();
    let plural = |k: usize, word: &str| format!("{k} {word}{}", if k == 1 { "" } else { "s" });
    let mut summary = format!("checked {}: ", plural(n, "file"));
    if errors == 0 && warnings == 0 {
        summary.push_str("no errors");
    } else {
        summary.push_str(&format!(
            "{}, {}",
            plural(errors, "error"),
            plural(warnings, "warning")
        ));
        if failed > 0 {
            summary.push_str(&format!(" ({} failed", plural(failed, "file")));
            if unreadable > 0 {
                summary.push_str(&format!(", {unreadable} unreadable"));
            }
            summary.push(')');
        }
        if deny_warnings && warnings > 0 {
            summary.push_str("; warnings denied");
        }
    }
    eprint_line(&summary);
    Ok(if unreadable > 0 {
        ExitCode::from(2)
    } else if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `fairyc explain CODE`: the long explanation, or exit 2 for an unknown code.
pub fn explain(code: &str) -> Result<ExitCode, Fatal> {
    match fairyc_compiler::explain::explain(code) {
        Some(e) => {
            print(&e.render())?;
            Ok(ExitCode::SUCCESS)
        }
        None => Err(Fatal(format!(
            "`{code}` is not a fairyc diagnostic code (see docs/diagnostics.md)"
        ))),
    }
}
