//! Fixes a diagnostic suggests, as edits of the source: what `fairyc check
//! --format json` lists under `fixes`, and what the language server offers
//! as quick fixes.
//!
//! A fix is machine-applicable: applying all its edits to the source the
//! diagnostic was found in gives a file without that mistake. Two kinds
//! exist: a word replaced where it stands (every "did you mean `X`?", a
//! retired spelling that keeps its place), and a statement moved to the
//! item that now holds it (`move-limit` in `end` to `clock { limit … }`,
//! `partial-check allowed` in `legality` to `royal { check all }`).

use crate::span::Span;

/// One change of the source: the bytes of `span` replaced by `text` (an
/// empty span inserts, an empty text deletes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced.
    pub span: Span,
    /// What replaces them.
    pub text: String,
}

/// A fix of one diagnostic: a title for a menu, and edits that do not
/// overlap, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// What the fix does, as a menu entry says it: "Replace with `W0007`".
    pub title: String,
    /// The changes, in source order.
    pub edits: Vec<Edit>,
}

impl Fix {
    /// The fix that puts `text` in place of `span`.
    pub fn replace(span: Span, text: &str) -> Fix {
        Fix {
            title: format!("Replace with `{text}`"),
            edits: vec![Edit {
                span,
                text: text.to_owned(),
            }],
        }
    }

    /// The fix that removes the statement at `span` from its block and
    /// writes `item` as a new top-level item at the end of `source`.
    pub fn move_to_item(source: &str, span: Span, item: &str) -> Fix {
        Fix {
            title: format!("Move to `{item}`"),
            edits: vec![removal(source, span), append(source, item)],
        }
    }

    /// The fix that puts `here` in place of `span` and writes `item` as a
    /// new top-level item at the end of `source`.
    pub fn replace_and_add(source: &str, span: Span, here: &str, item: &str) -> Fix {
        Fix {
            title: format!("Write `{here}` here and add `{item}`"),
            edits: vec![
                Edit {
                    span,
                    text: here.to_owned(),
                },
                append(source, item),
            ],
        }
    }

    /// `source` with the edits applied.
    pub fn apply(&self, source: &str) -> String {
        let mut out = String::with_capacity(source.len());
        let mut at = 0;
        for edit in &self.edits {
            let start = (edit.span.start as usize).clamp(at, source.len());
            let end = (edit.span.end as usize).clamp(start, source.len());
            out.push_str(source.get(at..start).unwrap_or_default());
            out.push_str(&edit.text);
            at = end;
        }
        out.push_str(source.get(at..).unwrap_or_default());
        out
    }
}

/// The edit that removes a statement: its whole line when nothing else
/// stands on it (the indentation and the line break too), else the
/// statement and a `;` right after it.
fn removal(source: &str, span: Span) -> Edit {
    let (start, end) = (span.start as usize, span.end as usize);
    let line_start = source
        .get(..start)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = source
        .get(end..)
        .and_then(|s| s.find('\n'))
        .map_or(source.len(), |i| end + i);
    let before = source.get(line_start..start).unwrap_or("x");
    let after = source.get(end..line_end).unwrap_or("x");
    let blank = |s: &str| s.trim_start_matches(';').trim().is_empty();
    let span = if before.trim().is_empty() && blank(after) {
        Span::new(line_start, (line_end + 1).min(source.len()))
    } else {
        let rest = source.get(end..).unwrap_or_default();
        let semicolon = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        let end = if rest[semicolon..].starts_with(';') {
            end + semicolon + 1
        } else {
            end
        };
        Span::new(start, end)
    };
    Edit {
        span,
        text: String::new(),
    }
}

/// The edit that writes `item` after the last line of `source`, after a
/// blank line.
fn append(source: &str, item: &str) -> Edit {
    let newline = if source.is_empty() || source.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    Edit {
        span: Span::new(source.len(), source.len()),
        text: format!("{newline}\n{item}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span_of(source: &str, text: &str) -> Span {
        let start = source.find(text).expect("in the source");
        Span::new(start, start + text.len())
    }

    #[test]
    fn a_statement_alone_on_its_line_leaves_with_the_line() {
        let source = "end {\n    checkmate loss\n    move-limit 50\n}\n";
        let fix = Fix::move_to_item(
            source,
            span_of(source, "move-limit 50"),
            "clock { limit 50 }",
        );
        assert_eq!(
            fix.apply(source),
            "end {\n    checkmate loss\n}\n\nclock { limit 50 }\n"
        );
    }

    #[test]
    fn a_statement_among_others_leaves_with_its_semicolon() {
        let source = "end { move-limit 50; checkmate loss }";
        let fix = Fix::move_to_item(
            source,
            span_of(source, "move-limit 50"),
            "clock { limit 50 }",
        );
        assert_eq!(
            fix.apply(source),
            "end {  checkmate loss }\n\nclock { limit 50 }\n"
        );
    }

    #[test]
    fn a_replacement_keeps_the_rest() {
        let source = "allow W0O07";
        let fix = Fix::replace(span_of(source, "W0O07"), "W0007");
        assert_eq!(fix.apply(source), "allow W0007");
        assert_eq!(fix.title, "Replace with `W0007`");
    }
}
