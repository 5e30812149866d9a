//! Diagnostics as JSON objects, the format of `fairyc check --format json`
//! (docs/diagnostics.md): one object per diagnostic, with its code,
//! severity, message, labels (byte offsets and 1-based lines and columns),
//! help and notes. The command line prints them one a line; the
//! WebAssembly package hands them to JavaScript.

use codespan_reporting::diagnostic::{Diagnostic, LabelStyle, Severity};
use serde_json::{json, Value};

use crate::diagnostic::{Finding, Report};

/// Every diagnostic of a source (errors, or warnings of a file that
/// compiles), as JSON objects naming `file`.
pub fn check_json(file: &str, source: &str) -> Vec<Value> {
    Finding::of(source)
        .iter()
        .map(|f| to_json(file, source, &f.to_diagnostic(())))
        .collect()
}

/// An error about a whole file (unreadable, an invalid table) as a JSON
/// object: the shape of a diagnostic with `code` null and no labels.
pub fn file_error_json(file: &str, message: &str) -> Value {
    json!({
        "file": file,
        "code": Value::Null,
        "severity": "error",
        "message": message,
        "labels": [],
        "help": [],
        "notes": [],
    })
}

/// One diagnostic as a JSON object (the format of docs/diagnostics.md).
pub fn to_json<F>(file: &str, source: &str, diagnostic: &Diagnostic<F>) -> Value {
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
        "file": file,
        "code": diagnostic.code,
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
