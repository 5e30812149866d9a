//! Errors → codespan-reporting diagnostics.
//!
//! [`CompileError::to_diagnostic`] builds plain data (labels, notes,
//! suggestions) from the text each error kind keeps beside its code in
//! [`crate::error`]; only the CLI and the tests print it. [`render_plain`] is the
//! tests' printer: no colour, stable output for snapshots.

use std::ops::Range;

use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};
use codespan_reporting::files::{Error as FilesError, Files};
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

impl Finding {
    /// The fixes of the source it suggests (a warning suggests none).
    pub fn fixes(&self) -> Vec<crate::fix::Fix> {
        match self {
            Finding::Error(e) => e.fixes(),
            Finding::Warning(_) => Vec::new(),
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
///
/// Snippets show only the lines the labels touch, long lines elided
/// around the labels ([`Snippets`]).
pub fn render_plain<R: Report>(name: &str, source: &str, reports: &[R]) -> String {
    let snippets = Snippets::new(name, source);
    let config = Config::default();
    let mut out = String::new();
    for report in reports {
        let (file, diagnostic) = snippets.excerpt(&report.to_diagnostic(()));
        match term::emit_into_string(&config, &file, &diagnostic) {
            Ok(text) => out.push_str(&text),
            Err(err) => out.push_str(&format!("{} (cannot render: {err})\n", report.code())),
        }
    }
    out
}

/// The longest source line a snippet shows whole, in bytes; a longer line
/// is shown as windows of [`SNIPPET_CONTEXT`] bytes around each label's
/// ends, joined by `...` (as rustc does).
pub const MAX_SNIPPET_LINE: usize = 160;

/// The bytes a snippet shows on each side of a label's end in a long line.
pub const SNIPPET_CONTEXT: usize = 40;

/// A source prepared for rendering many diagnostics: each diagnostic is
/// rendered from an [`Excerpt`] of the lines its labels touch, so that the
/// cost of one diagnostic does not grow with the size of the file, and a
/// long line is never echoed whole.
#[derive(Debug)]
pub struct Snippets<'a> {
    name: &'a str,
    source: &'a str,
    /// The byte offset where each line starts.
    starts: Vec<usize>,
}

/// The lines of one diagnostic, for codespan-reporting (file id `()`):
/// line numbers and columns are those of the whole source.
#[derive(Debug)]
pub struct Excerpt<'a> {
    name: &'a str,
    source: &'a str,
    text: String,
    lines: Vec<ExcerptLine>,
}

#[derive(Debug)]
struct ExcerptLine {
    /// Its range in the excerpt's text (without the newline).
    range: Range<usize>,
    /// Its index in the source.
    line: usize,
    /// The source offset where it starts.
    start: usize,
    /// The shown parts: (excerpt offset, source offset, length).
    parts: Vec<(usize, usize, usize)>,
}

/// A placeholder line: the excerpt leaves lines out there.
const GAP: usize = usize::MAX;

impl<'a> Snippets<'a> {
    /// `source`, named `name` in snippets.
    pub fn new(name: &'a str, source: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        Snippets {
            name,
            source,
            starts,
        }
    }

    /// The index of the line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }

    /// The source range of line `line`, without its line break.
    fn line_range(&self, line: usize) -> Range<usize> {
        let start = self.starts[line];
        let end = self
            .starts
            .get(line + 1)
            .map_or(self.source.len(), |&next| next - 1);
        let end = if self.source[start..end].ends_with('\r') {
            end - 1
        } else {
            end
        };
        start..end
    }

    /// The largest char boundary at or before `i` (within the source).
    fn floor(&self, i: usize) -> usize {
        let mut i = i.min(self.source.len());
        while !self.source.is_char_boundary(i) {
            i -= 1;
        }
        i
    }

    /// The smallest char boundary at or after `i` (within the source).
    fn ceil(&self, i: usize) -> usize {
        let mut i = i.min(self.source.len());
        while !self.source.is_char_boundary(i) {
            i += 1;
        }
        i
    }

    /// The excerpt for `diagnostic`, and the diagnostic with its labels
    /// pointing into it.
    pub fn excerpt<F>(&self, diagnostic: &Diagnostic<F>) -> (Excerpt<'a>, Diagnostic<()>) {
        let len = self.source.len();
        let ranges: Vec<Range<usize>> = diagnostic
            .labels
            .iter()
            .map(|l| {
                let start = self.floor(l.range.start.min(len));
                start..self.ceil(l.range.end.clamp(start, len))
            })
            .collect();
        // The lines the renderer looks at: each label's first and last,
        // and (for a label over several lines) the few it shows after the
        // first and before the last.
        let mut wanted = Vec::new();
        for r in &ranges {
            let (a, b) = (self.line_of(r.start), self.line_of(r.end));
            wanted.extend(a..=b.min(a + 4));
            wanted.extend(b.saturating_sub(2).max(a)..=b);
        }
        wanted.sort_unstable();
        wanted.dedup();
        // The ends of the labels on each line: windows are kept around them.
        let mut points: Vec<usize> = ranges.iter().flat_map(|r| [r.start, r.end]).collect();
        points.sort_unstable();

        let mut text = String::new();
        let mut lines = Vec::new();
        let mut prev: Option<usize> = None;
        let push_line = |line: usize, text: &mut String, lines: &mut Vec<ExcerptLine>| {
            if !text.is_empty() || !lines.is_empty() {
                text.push('\n');
            }
            let at = text.len();
            let range = self.line_range(line);
            let mut parts = Vec::new();
            if range.len() <= MAX_SNIPPET_LINE {
                text.push_str(&self.source[range.clone()]);
                parts.push((at, range.start, range.len()));
            } else {
                // Windows around the label ends on this line (the line's
                // start when none is).
                let lo = points.partition_point(|&p| p < range.start);
                let hi = points.partition_point(|&p| p <= range.end);
                let mut windows: Vec<Range<usize>> = Vec::new();
                let centres: Vec<usize> = if lo == hi {
                    vec![range.start]
                } else {
                    points[lo..hi].to_vec()
                };
                for p in centres {
                    let w = self.floor(p.saturating_sub(SNIPPET_CONTEXT).max(range.start))
                        ..self.ceil((p + SNIPPET_CONTEXT).min(range.end));
                    match windows.last_mut() {
                        Some(last) if w.start <= last.end => last.end = last.end.max(w.end),
                        _ => windows.push(w),
                    }
                }
                for (i, w) in windows.iter().enumerate() {
                    if i > 0 || w.start > range.start {
                        text.push_str("...");
                    }
                    parts.push((text.len(), w.start, w.len()));
                    text.push_str(&self.source[w.clone()]);
                }
                if windows.last().is_some_and(|w| w.end < range.end) {
                    text.push_str("...");
                }
            }
            lines.push(ExcerptLine {
                range: at..text.len(),
                line,
                start: range.start,
                parts,
            });
        };
        for &line in &wanted {
            match prev {
                Some(p) if line == p + 2 => push_line(p + 1, &mut text, &mut lines),
                Some(p) if line > p + 2 => {
                    // Two placeholder lines: the renderer shows a break.
                    for _ in 0..2 {
                        text.push('\n');
                        let at = text.len();
                        lines.push(ExcerptLine {
                            range: at..at,
                            line: GAP,
                            start: 0,
                            parts: Vec::new(),
                        });
                    }
                }
                _ => {}
            }
            push_line(line, &mut text, &mut lines);
            prev = Some(line);
        }
        let excerpt = Excerpt {
            name: self.name,
            source: self.source,
            text,
            lines,
        };
        let labels = diagnostic
            .labels
            .iter()
            .zip(&ranges)
            .map(|(l, r)| Label {
                style: l.style,
                file_id: (),
                range: excerpt.map(self.line_of(r.start), r.start)
                    ..excerpt.map(self.line_of(r.end), r.end),
                message: l.message.clone(),
            })
            .collect();
        let diagnostic = Diagnostic {
            severity: diagnostic.severity,
            code: diagnostic.code.clone(),
            message: diagnostic.message.clone(),
            labels,
            notes: diagnostic.notes.clone(),
        };
        (excerpt, diagnostic)
    }
}

impl Excerpt<'_> {
    /// The excerpt offset of source offset `offset` on source line `line`.
    fn map(&self, line: usize, offset: usize) -> usize {
        let Some(l) = self.lines.iter().find(|l| l.line == line) else {
            return self.text.len();
        };
        for &(at, from, len) in &l.parts {
            if offset < from {
                // Left out: the `...` before this part.
                return at.saturating_sub(3).max(l.range.start);
            }
            if offset <= from + len {
                return at + (offset - from);
            }
        }
        l.range.end
    }

    /// The source offset of excerpt offset `offset` on excerpt line `i`.
    fn unmap(&self, i: usize, offset: usize) -> usize {
        let l = &self.lines[i];
        let mut out = l.start;
        for &(at, from, len) in &l.parts {
            if offset < at {
                break;
            }
            out = from + (offset - at).min(len);
        }
        out
    }

    /// The excerpt's text (for tests).
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl<'f> Files<'f> for Excerpt<'_> {
    type FileId = ();
    type Name = &'f str;
    type Source = &'f str;

    fn name(&'f self, (): ()) -> Result<&'f str, FilesError> {
        Ok(self.name)
    }

    fn source(&'f self, (): ()) -> Result<&'f str, FilesError> {
        Ok(&self.text)
    }

    fn line_index(&'f self, (): (), byte_index: usize) -> Result<usize, FilesError> {
        Ok(self
            .lines
            .partition_point(|l| l.range.start <= byte_index)
            .saturating_sub(1))
    }

    fn line_number(&'f self, (): (), line_index: usize) -> Result<usize, FilesError> {
        // A placeholder is numbered after the line before it (never shown).
        let mut i = line_index.min(self.lines.len().saturating_sub(1));
        let mut extra = 0;
        while i > 0 && self.lines[i].line == GAP {
            i -= 1;
            extra += 1;
        }
        Ok(self.lines.get(i).map_or(0, |l| l.line.wrapping_add(extra)) + 1)
    }

    fn column_number(
        &'f self,
        (): (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, FilesError> {
        let Some(l) = self.lines.get(line_index).filter(|l| l.line != GAP) else {
            return Ok(1);
        };
        let offset = self.unmap(line_index, byte_index);
        let start = l.start.min(offset);
        Ok(self
            .source
            .get(start..offset)
            .map_or(0, |s| s.chars().count())
            + 1)
    }

    fn line_range(&'f self, (): (), line_index: usize) -> Result<Range<usize>, FilesError> {
        self.lines
            .get(line_index)
            .map(|l| l.range.clone())
            .ok_or(FilesError::LineTooLarge {
                given: line_index,
                max: self.lines.len().saturating_sub(1),
            })
    }
}

#[cfg(test)]
mod tests {
    use codespan_reporting::diagnostic::{Diagnostic, Label};
    use codespan_reporting::files::SimpleFile;
    use codespan_reporting::term::{self, Config};

    use super::Snippets;

    /// Rendered through codespan-reporting's whole file, and through an
    /// excerpt.
    fn both(source: &str, labels: &[(std::ops::Range<usize>, bool)]) -> (String, String) {
        let d = Diagnostic::error()
            .with_code("E0000")
            .with_message("m")
            .with_labels(
                labels
                    .iter()
                    .map(|(r, primary)| {
                        if *primary {
                            Label::primary((), r.clone()).with_message("here")
                        } else {
                            Label::secondary((), r.clone()).with_message("there")
                        }
                    })
                    .collect(),
            );
        let config = Config::default();
        let whole =
            term::emit_into_string(&config, &SimpleFile::new("f", source), &d).expect("renders");
        let snippets = Snippets::new("f", source);
        let (file, d) = snippets.excerpt(&d);
        let excerpt = term::emit_into_string(&config, &file, &d).expect("renders");
        (whole, excerpt)
    }

    #[test]
    fn short_lines_render_as_the_whole_file_does() {
        let source: String = (0..40)
            .map(|i| format!("line {i} é {}\n", "x".repeat(i % 7)))
            .collect();
        let at = |line: usize, col: usize| {
            source
                .split_inclusive('\n')
                .take(line)
                .map(str::len)
                .sum::<usize>()
                + col
        };
        let cases: Vec<Vec<(std::ops::Range<usize>, bool)>> = vec![
            vec![(at(3, 0)..at(3, 4), true)],
            vec![(at(3, 2)..at(30, 3), true)],
            vec![(at(3, 2)..at(5, 3), true)],
            vec![(at(3, 2)..at(9, 3), true), (at(20, 0)..at(20, 2), false)],
            vec![(at(10, 0)..at(10, 4), true), (at(12, 0)..at(12, 1), false)],
            vec![(at(10, 0)..at(10, 4), true), (at(11, 0)..at(11, 1), false)],
            vec![(at(39, 0)..source.len(), true), (0..1, false)],
            vec![(source.len()..source.len(), true)],
        ];
        for labels in cases {
            let (whole, excerpt) = both(&source, &labels);
            assert_eq!(whole, excerpt, "{labels:?}");
        }
    }

    #[test]
    fn a_long_line_is_shown_around_its_labels() {
        let source = format!("{}X{}\nshort\n", "a".repeat(5000), "b".repeat(5000));
        let (whole, excerpt) = both(&source, &[(5000..5001, true)]);
        assert!(whole.len() > 10_000);
        assert!(excerpt.len() < 400, "{excerpt}");
        assert!(excerpt.contains("...aaaa"), "{excerpt}");
        assert!(excerpt.contains("Xbbb"), "{excerpt}");
        // The column of `X` in the whole line.
        assert!(excerpt.contains("f:1:5001"), "{excerpt}");
    }
}
