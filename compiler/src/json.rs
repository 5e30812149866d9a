//! Diagnostics as JSON objects, the format of `fairyc check --format json`
//! (docs/diagnostics.md): one object per diagnostic, with its code,
//! severity, message, labels (byte offsets and 1-based lines and columns),
//! help and notes. The command line prints them one a line; the
//! WebAssembly package hands them to JavaScript.

use codespan_reporting::diagnostic::{Diagnostic, LabelStyle, Severity};
use serde_json::{json, Value};

use crate::diagnostic::{Finding, Report};
use crate::fix::Fix;

/// Every diagnostic of a source (errors, or warnings of a file that
/// compiles), as JSON objects naming `file`.
pub fn check_json(file: &str, source: &str) -> Vec<Value> {
    let lines = LineIndex::new(source);
    Finding::of(source)
        .iter()
        .map(|f| {
            with_fixes(
                to_json_indexed(file, &lines, &f.to_diagnostic(())),
                &lines,
                &f.fixes(),
            )
        })
        .collect()
}

/// A diagnostic's JSON object with its `fixes`: each a `title` and `edits`
/// (the bytes `byte_start..byte_end`, with their lines and columns, replaced
/// by `text`), applied together and in order.
pub fn with_fixes(mut diagnostic: Value, lines: &LineIndex<'_>, fixes: &[Fix]) -> Value {
    let fixes: Vec<Value> = fixes
        .iter()
        .map(|fix| {
            let edits: Vec<Value> = fix
                .edits
                .iter()
                .map(|edit| {
                    let range = edit.span.start as usize..edit.span.end as usize;
                    let mut object = place(lines, range);
                    object.insert("text".into(), json!(edit.text));
                    Value::Object(object)
                })
                .collect();
            json!({ "title": fix.title, "edits": edits })
        })
        .collect();
    if let Some(object) = diagnostic.as_object_mut() {
        object.insert("fixes".into(), Value::Array(fixes));
    }
    diagnostic
}

/// The lines of a source, for finding the line and column of many offsets
/// (each in logarithmic time, plus the line's length on a line that is
/// not ASCII).
#[derive(Debug)]
pub struct LineIndex<'a> {
    source: &'a str,
    /// Where each line starts.
    starts: Vec<usize>,
    /// Whether each line is ASCII (a column is then a byte count).
    ascii: Vec<bool>,
}

impl<'a> LineIndex<'a> {
    /// The lines of `source`.
    pub fn new(source: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        let ascii = starts
            .iter()
            .enumerate()
            .map(|(i, &start)| {
                let end = starts.get(i + 1).copied().unwrap_or(source.len());
                source.as_bytes()[start..end].is_ascii()
            })
            .collect();
        LineIndex {
            source,
            starts,
            ascii,
        }
    }

    /// As [`line_column`].
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.source.len());
        while !self.source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.starts[line];
        let column = if self.ascii[line] {
            offset - start
        } else {
            self.source[start..offset].chars().count()
        };
        (line + 1, column + 1)
    }
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
        "fixes": [],
    })
}

/// One diagnostic as a JSON object (the format of docs/diagnostics.md).
/// For many diagnostics of one source, [`to_json_indexed`] finds the lines
/// once.
pub fn to_json<F>(file: &str, source: &str, diagnostic: &Diagnostic<F>) -> Value {
    to_json_indexed(file, &LineIndex::new(source), diagnostic)
}

/// [`to_json`] with the source's lines found already.
pub fn to_json_indexed<F>(file: &str, lines: &LineIndex<'_>, diagnostic: &Diagnostic<F>) -> Value {
    let labels: Vec<Value> = diagnostic
        .labels
        .iter()
        .map(|label| {
            let mut object = place(lines, label.range.clone());
            object.insert("primary".into(), json!(label.style == LabelStyle::Primary));
            object.insert("message".into(), json!(label.message));
            Value::Object(object)
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

/// A byte range's place: `byte_start`, `byte_end`, and the 1-based
/// `line_start`, `column_start`, `line_end`, `column_end`.
fn place(lines: &LineIndex<'_>, range: std::ops::Range<usize>) -> serde_json::Map<String, Value> {
    let (line_start, column_start) = lines.line_column(range.start);
    let (line_end, column_end) = lines.line_column(range.end);
    let mut object = serde_json::Map::new();
    for (key, value) in [
        ("byte_start", range.start),
        ("byte_end", range.end),
        ("line_start", line_start),
        ("column_start", column_start),
        ("line_end", line_end),
        ("column_end", column_end),
    ] {
        object.insert(key.into(), json!(value));
    }
    object
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
    use super::{line_column, LineIndex};

    #[test]
    fn lines_and_columns_are_one_based() {
        let s = "ab\ncé\nd";
        assert_eq!(line_column(s, 0), (1, 1));
        assert_eq!(line_column(s, 3), (2, 1));
        assert_eq!(line_column(s, 6), (2, 3));
        assert_eq!(line_column(s, 5), (2, 2));
        assert_eq!(line_column(s, 100), (3, 2));
    }

    #[test]
    fn the_index_agrees_with_line_column() {
        let s = "ab\ncé\nd\n\nxyz\r\nü";
        let index = LineIndex::new(s);
        for offset in 0..s.len() + 3 {
            assert_eq!(
                index.line_column(offset),
                line_column(s, offset),
                "{offset}"
            );
        }
    }
}
