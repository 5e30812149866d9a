//! `fairyc check` (human or JSON diagnostics, warnings) and `fairyc explain`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use codespan_reporting::diagnostic::{LabelStyle, Severity};
use fairyc_compiler::{Finding, Report};
use serde_json::{json, Value};

use crate::files::{emit, expand, read, Fatal};

/// How `check` prints diagnostics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    /// Rendered for people, on standard error.
    Human,
    /// One JSON object per diagnostic and line, on standard output
    /// (docs/diagnostics.md).
    Json,
}

/// Checks every file; exit 0 if clean, 1 with errors (or warnings when
/// `deny_warnings`), 2 when a file cannot be read.
pub fn check(
    paths: &[PathBuf],
    format: CheckFormat,
    deny_warnings: bool,
) -> Result<ExitCode, Fatal> {
    let files = expand(paths)?;
    let (mut errors, mut warnings, mut failed) = (0usize, 0usize, 0usize);
    let mut stdout = std::io::stdout().lock();
    for path in &files {
        let source = read(path)?;
        let found = Finding::of(&source);
        let e = found.iter().filter(|d| !d.is_warning()).count();
        let w = found.len() - e;
        errors += e;
        warnings += w;
        if e > 0 || (deny_warnings && w > 0) {
            failed += 1;
        }
        match format {
            CheckFormat::Human => emit(path, &source, &found),
            CheckFormat::Json => {
                for d in &found {
                    writeln!(stdout, "{}", to_json(path, &source, d))?;
                }
            }
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
            summary.push_str(&format!(" ({} failed)", plural(failed, "file")));
        }
        if deny_warnings && warnings > 0 {
            summary.push_str("; warnings denied");
        }
    }
    eprintln!("{summary}");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One diagnostic as a JSON object (the format of docs/diagnostics.md).
pub fn to_json(path: &Path, source: &str, error: &impl Report) -> Value {
    let diagnostic = error.to_diagnostic(());
    let labels: Vec<Value> = diagnostic
        .labels
        .iter()
        .map(|label| {
            let (start, end) = (label.range.start, label.range.end);
            let (line_start, column_start) = line_column(source, start);
            let (line_end, column_end) = line_column(source, end);
            json!({
                "primary": label.style == LabelStyle::Primary,
                "message": label.message,
                "byte_start": start,
                "byte_end": end,
                "line_start": line_start,
                "column_start": column_start,
                "line_end": line_end,
                "column_end": column_end,
            })
        })
        .collect();
    let (help, notes): (Vec<&String>, Vec<&String>) = diagnostic
        .notes
        .iter()
        .partition(|n| n.starts_with("help: "));
    let help: Vec<&str> = help
        .iter()
        .map(|h| h.strip_prefix("help: ").unwrap_or(h))
        .collect();
    json!({
        "file": path.display().to_string(),
        "code": error.code(),
        "severity": match diagnostic.severity {
            Severity::Warning => "warning",
            _ => "error",
        },
        "message": diagnostic.message,
        "labels": labels,
        "help": help,
        "notes": notes,
    })
}

/// The 1-based line and column (in characters) of a byte offset; offsets
/// past the end or inside a character are clamped.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = source.get(..offset).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).unwrap_or_default().chars().count() + 1;
    (line, column)
}

/// `fairyc explain CODE`: the long explanation, or exit 2 for an unknown code.
pub fn explain(code: &str) -> Result<ExitCode, Fatal> {
    match fairyc_compiler::explain::explain(code) {
        Some(e) => {
            print!("{}", e.render());
            Ok(ExitCode::SUCCESS)
        }
        None => Err(Fatal(format!(
            "`{code}` is not a fairyc diagnostic code (see docs/diagnostics.md)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_are_one_based() {
        let s = "ab\ncé\nd";
        assert_eq!(line_column(s, 0), (1, 1));
        assert_eq!(line_column(s, 3), (2, 1));
        assert_eq!(line_column(s, 6), (2, 3));
        assert_eq!(line_column(s, 5), (2, 2));
        assert_eq!(line_column(s, 100), (3, 2));
    }
}
