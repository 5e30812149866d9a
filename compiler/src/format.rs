//! The formatter (`fairyc fmt`): one canonical layout for `.variant` files.
//!
//! It works on the parse tree alone and knows no statement: a rule whose
//! text holds a `{` between its parts is a block (its parts before the `{`
//! are its head, the parts up to the `}` its statements), every other rule
//! is a run of tokens. So a statement or keyword added to the grammar is
//! formatted without a change here. The text between two parts of the tree
//! (what the grammar does not keep: spaces, newlines, `;`, comments and
//! punctuation such as `->` or `,`) is read by a small lexer.
//!
//! The layout:
//! - four spaces of indentation per block;
//! - a block written on one line stays on one line (`{ letter K; moves K }`),
//!   a block written over several lines gets one statement per line;
//!   consecutive one-line blocks of the same keyword have their `{` aligned
//!   (`piece King   { … }` above `piece Bishop { … }`);
//! - one space between words, none before `,` and `:`, one after them, one
//!   around `->` and `|`, none around `..`; other punctuation keeps its
//!   spacing (one space if there was any); a Betza string's terms are
//!   separated by one space as written, never joined;
//! - at most one blank line where there were blank lines, none at the start
//!   or end of a block or file;
//! - comments kept where they were: on their own line at the indentation of
//!   what follows, or after code, two spaces after it, aligned with the
//!   comments of the lines around;
//! - the file ends with one newline; `\r\n` line ends are kept.
//!
//! Formatting never changes what a file says: the result is parsed again
//! and its tree compared with the source's (every rule and every token in
//! order); [`format()`] refuses rather than return a text that differs.

use fairyc_grammar::{Rule, VariantParser};
use pest::iterators::Pair;
use pest::Parser;

/// Spaces per block level.
const INDENT: usize = 4;

/// Why a source was not formatted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// What is wrong.
    pub message: String,
    /// The byte offset it is about.
    pub offset: usize,
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FormatError {}

/// The canonical layout of `source`.
///
/// # Errors
///
/// A source that does not parse, or that has two statements on one line
/// without a `;` between them (the formatter would have to choose what they
/// mean), is refused: `fairyc check` tells why.
///
/// # Examples
///
/// ```
/// let source = "piece King{letter K;moves   K}\n\n\n\nboard {\nfiles a .. h\n  ranks 1..8 }";
/// let formatted = fairyc_compiler::format::format(source).expect("it parses");
/// assert_eq!(formatted, "piece King { letter K; moves K }\n\nboard {\n    files a..h\n    ranks 1..8\n}\n");
/// ```
pub fn format(source: &str) -> Result<String, FormatError> {
    let tree = parse(source)?;
    let mut out = Vec::new();
    let crlf = source.contains("\r\n");
    let bom = source.starts_with('\u{FEFF}');
    let children: Vec<Pair<'_, Rule>> = tree
        .clone()
        .into_inner()
        .filter(|p| p.as_rule() != Rule::EOI)
        .collect();
    let start = if bom { '\u{FEFF}'.len_utf8() } else { 0 };
    body(
        source,
        &children,
        start,
        tree.as_span().end(),
        0,
        false,
        &mut out,
    );
    let mut text = String::new();
    if bom {
        text.push('\u{FEFF}');
    }
    let newline = if crlf { "\r\n" } else { "\n" };
    for line in render(out) {
        text.push_str(&line);
        text.push_str(newline);
    }
    if text.trim().is_empty() {
        text.clear();
    }
    // The guard: the result must mean what the source meant.
    let again = parse(&text).map_err(|e| FormatError {
        message: format!(
            "the formatter made a text that does not parse ({}); the file is left as it is",
            e.message
        ),
        offset: 0,
    })?;
    if shape(&tree) != shape(&again) {
        return Err(FormatError {
            message: "the formatter would change what the file says; the file is left as it is"
                .to_string(),
            offset: 0,
        });
    }
    Ok(text)
}

/// Whether `source` is formatted already (it parses and [`format()`] leaves
/// it as it is).
pub fn is_formatted(source: &str) -> Result<bool, FormatError> {
    format(source).map(|f| f == source)
}

/// The parse tree, refusing a missing separator.
fn parse(source: &str) -> Result<Pair<'_, Rule>, FormatError> {
    let mut pairs = VariantParser::parse(Rule::file, source).map_err(|e| {
        let offset = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let (line, column) = crate::json::line_column(source, offset);
        FormatError {
            message: format!(
                "the file does not parse (line {line}, column {column}); `fairyc check` tells why"
            ),
            offset,
        }
    })?;
    let Some(file) = pairs.next() else {
        return Err(FormatError {
            message: "the file does not parse".to_string(),
            offset: 0,
        });
    };
    if let Some(sep) = file
        .clone()
        .into_inner()
        .flatten()
        .find(|p| p.as_rule() == Rule::missing_sep)
    {
        let offset = sep.as_span().start();
        let (line, column) = crate::json::line_column(source, offset);
        return Err(FormatError {
            message: format!(
                "a `;` or a newline is missing between two statements (line {line}, column {column}); \
                 `fairyc check` tells more"
            ),
            offset,
        });
    }
    Ok(file)
}

/// What a tree says: every rule in order, with the text of each token
/// (trailing spaces aside).
fn shape(tree: &Pair<'_, Rule>) -> Vec<(Rule, Option<String>)> {
    tree.clone()
        .into_inner()
        .flatten()
        .filter(|p| p.as_rule() != Rule::EOI)
        .map(|p| {
            let leaf = p.clone().into_inner().next().is_none();
            (p.as_rule(), leaf.then(|| p.as_str().trim_end().to_string()))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// The text between parts of the tree.
// ---------------------------------------------------------------------------

/// A piece of the text between two parts of the tree, or a part's token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok<'a> {
    /// A token of the tree: a name, a keyword, a number, a string's text.
    Word(&'a str),
    /// Punctuation the grammar does not keep: `{`, `->`, `,`, `"`.
    Punct(&'a str),
    /// Spaces or tabs.
    Space,
    /// A line end.
    Newline,
    /// A comment, without its line end.
    Comment(&'a str),
}

/// The pieces of the text between parts of the tree.
fn lex(gap: &str) -> Vec<Tok<'_>> {
    let mut toks = Vec::new();
    let mut rest = gap;
    while let Some(c) = rest.chars().next() {
        let (tok, len) = if c == ' ' || c == '\t' || c == '\u{FEFF}' {
            let len = rest
                .find(|c: char| !(c == ' ' || c == '\t' || c == '\u{FEFF}'))
                .unwrap_or(rest.len());
            (Tok::Space, len)
        } else if rest.starts_with("\r\n") {
            (Tok::Newline, 2)
        } else if c == '\n' || c == '\r' {
            (Tok::Newline, 1)
        } else if rest.starts_with("//") || c == '#' {
            let len = rest.find(['\n', '\r']).unwrap_or(rest.len());
            (Tok::Comment(rest[..len].trim_end()), len)
        } else if rest.starts_with("->") || rest.starts_with("..") {
            (Tok::Punct(&rest[..2]), 2)
        } else {
            (Tok::Punct(&rest[..c.len_utf8()]), c.len_utf8())
        };
        if tok != Tok::Space || toks.last() != Some(&Tok::Space) {
            toks.push(tok);
        }
        rest = &rest[len..];
    }
    toks
}

/// The tokens of a part of the tree, with the text between its parts.
fn flatten<'a>(source: &'a str, pair: &Pair<'a, Rule>, toks: &mut Vec<Tok<'a>>) {
    let children: Vec<Pair<'a, Rule>> = pair.clone().into_inner().collect();
    if children.is_empty() {
        toks.push(Tok::Word(pair.as_str()));
        return;
    }
    let mut at = pair.as_span().start();
    for child in &children {
        toks.extend(lex(&source[at..child.as_span().start()]));
        flatten(source, child, toks);
        at = child.as_span().end();
    }
    toks.extend(lex(&source[at..pair.as_span().end()]));
}

/// The tokens of several parts that stand on one line, and the text
/// between them.
fn flatten_all<'a>(source: &'a str, pairs: &[Pair<'a, Rule>]) -> Vec<Tok<'a>> {
    let mut toks = Vec::new();
    for (i, pair) in pairs.iter().enumerate() {
        if i > 0 {
            toks.extend(lex(
                &source[pairs[i - 1].as_span().end()..pair.as_span().start()]
            ));
        }
        flatten(source, pair, &mut toks);
    }
    toks
}

/// The space between two tokens of a line: `Some` where the punctuation
/// fixes it, else what was written (one space if any).
fn space(prev: Tok<'_>, next: Tok<'_>, written: bool) -> &'static str {
    let before = |p: &str| match p {
        "," | ":" | ";" | ".." => Some(""),
        "->" | "|" => Some(" "),
        _ => None,
    };
    let after = |p: &str| match p {
        "," | ":" | ";" | "->" | "|" => Some(" "),
        ".." => Some(""),
        _ => None,
    };
    let fixed = match (prev, next) {
        (_, Tok::Punct(p)) if before(p).is_some() => before(p),
        (Tok::Punct(p), _) => after(p),
        _ => None,
    };
    fixed.unwrap_or(if written { " " } else { "" })
}

// ---------------------------------------------------------------------------
// Lines.
// ---------------------------------------------------------------------------

/// A line of the result, before alignment.
#[derive(Clone, Debug, Default)]
struct Line {
    /// Its indentation, in levels.
    level: usize,
    /// Its code before a one-line block (all of it if there is none).
    head: String,
    /// A one-line block, `{ … }`, or empty.
    block: String,
    /// A comment after the code, or the line's only content.
    comment: Option<String>,
    /// Whether it is a blank line.
    blank: bool,
}

impl Line {
    fn code(level: usize, head: String) -> Self {
        Line {
            level,
            head,
            ..Line::default()
        }
    }

    fn blank() -> Self {
        Line {
            blank: true,
            ..Line::default()
        }
    }

    fn comment(level: usize, comment: &str) -> Self {
        Line {
            level,
            comment: Some(comment.to_string()),
            ..Line::default()
        }
    }

    fn has_code(&self) -> bool {
        !self.head.is_empty() || !self.block.is_empty()
    }

    /// Attaches a comment after the code.
    fn attach(&mut self, comment: &str) {
        match &mut self.comment {
            Some(c) => {
                c.push(' ');
                c.push_str(comment);
            }
            None => self.comment = Some(comment.to_string()),
        }
    }

    /// The word that starts it, for aligning one-line blocks.
    fn key(&self) -> Option<&str> {
        if self.block.is_empty() || self.comment.is_some() && !self.has_code() {
            return None;
        }
        self.head.split(' ').next()
    }
}

/// Lays out tokens as lines at `level`: a newline inside them (a square set
/// continued after `,`) continues at the next level.
fn lines_of(toks: &[Tok<'_>], level: usize, out: &mut Vec<Line>) {
    let mut line = Line::code(level, String::new());
    let mut prev: Option<Tok<'_>> = None;
    let mut written = false;
    for &tok in toks {
        match tok {
            Tok::Space => written = true,
            Tok::Newline => {
                if line.has_code() || line.comment.is_some() {
                    out.push(std::mem::take(&mut line));
                }
                line.level = level + 1;
                prev = None;
                written = false;
            }
            Tok::Comment(c) => line.attach(c),
            Tok::Word(_) | Tok::Punct(_) => {
                let text = match tok {
                    Tok::Word(w) => w,
                    Tok::Punct(p) => p,
                    _ => "",
                };
                if let Some(p) = prev {
                    line.head.push_str(space(p, tok, written));
                }
                line.head.push_str(text);
                prev = Some(tok);
                written = false;
            }
        }
    }
    line.head.truncate(line.head.trim_end().len());
    if line.has_code() || line.comment.is_some() {
        out.push(line);
    }
}

fn inline_toks(toks: &[Tok<'_>]) -> String {
    let mut lines = Vec::new();
    lines_of(toks, 0, &mut lines);
    lines
        .into_iter()
        .map(|l| l.head)
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------
// Blocks.
// ---------------------------------------------------------------------------

/// Where `punct` stands in `gap` (outside comments), as an offset in it.
fn find_punct(gap: &str, punct: &str) -> Option<usize> {
    let mut at = 0;
    for tok in lex(gap) {
        let len = match tok {
            Tok::Punct(p) if p == punct => return Some(at),
            Tok::Punct(p) | Tok::Comment(p) => p.len(),
            Tok::Word(w) => w.len(),
            Tok::Space => gap[at..]
                .find(|c: char| !(c == ' ' || c == '\t' || c == '\u{FEFF}'))
                .unwrap_or(gap.len() - at),
            Tok::Newline => {
                if gap[at..].starts_with("\r\n") {
                    2
                } else {
                    1
                }
            }
        };
        // A comment's trailing spaces were cut; skip to its line end.
        at += len;
        if let Tok::Comment(_) = tok {
            at += gap[at..].find(['\n', '\r']).unwrap_or(gap.len() - at);
        }
    }
    None
}

/// A block found in a part's children.
struct Found<'a> {
    head: Vec<Pair<'a, Rule>>,
    body: Vec<Pair<'a, Rule>>,
    /// After `{`.
    open: usize,
    /// At `}`.
    close: usize,
    /// The end of the head's last part (or the part's start).
    head_end: usize,
    /// Comments after the `}`, on its line.
    after: Vec<&'a str>,
}

/// The block `pair` is: a `{` in the text between its own parts, and the
/// matching `}` after the parts inside.
fn block_of<'a>(source: &'a str, pair: &Pair<'a, Rule>) -> Option<Found<'a>> {
    let children: Vec<Pair<'a, Rule>> = pair.clone().into_inner().collect();
    let end = pair.as_span().end();
    let mut at = pair.as_span().start();
    for split in 0..=children.len() {
        let gap_end = children.get(split).map_or(end, |c| c.as_span().start());
        let gap = &source[at..gap_end];
        if let Some(brace) = find_punct(gap, "{") {
            let open = at + brace + 1;
            // The `}` is in the gap after the last part inside.
            let (body, rest): (Vec<_>, Vec<_>) = children[split..]
                .iter()
                .cloned()
                .partition(|c| c.as_span().start() >= open);
            let mut body: Vec<_> = body;
            // Parts after the `}` (none in today's grammar) end the body.
            let mut close = None;
            let mut from = open;
            let mut kept = Vec::new();
            for c in body.drain(..) {
                if close.is_none() {
                    if let Some(b) = find_punct(&source[from..c.as_span().start()], "}") {
                        close = Some(from + b);
                    }
                }
                if close.is_some() {
                    return None;
                }
                from = c.as_span().end();
                kept.push(c);
            }
            let close = match close {
                Some(c) => c,
                None => from + find_punct(&source[from..end], "}")?,
            };
            // Text after the `}` other than spaces and comments (the
            // grammar takes those in before what ends an item): not a
            // plain block.
            let after_close = lex(&source[close + 1..end]);
            if after_close
                .iter()
                .any(|t| !matches!(t, Tok::Space | Tok::Newline | Tok::Comment(_)))
                || after_close.contains(&Tok::Newline)
                || !rest.is_empty()
            {
                return None;
            }
            let after = after_close
                .into_iter()
                .filter_map(|t| match t {
                    Tok::Comment(c) => Some(c),
                    _ => None,
                })
                .collect();
            return Some(Found {
                head: children[..split].to_vec(),
                body: kept,
                open,
                close,
                head_end: at,
                after,
            });
        }
        if let Some(c) = children.get(split) {
            at = c.as_span().end();
        }
    }
    None
}

/// What stands between two statements (or a brace and a statement).
#[derive(Debug, Default)]
struct Trivia<'a> {
    /// Comments on the line of what comes before.
    trailing: Vec<&'a str>,
    /// Blank lines and comments on lines of their own, in order.
    between: Vec<Option<&'a str>>,
    /// Whether a blank line stands right before what comes after.
    blank_after: bool,
    /// Whether it holds a line end or a `;` (what comes after is a new
    /// statement).
    separates: bool,
    /// Whether it holds a line end.
    newline: bool,
}

fn trivia(gap: &str) -> Trivia<'_> {
    let mut t = Trivia::default();
    let mut newlines = 0;
    let mut same_line = true;
    for tok in lex(gap) {
        match tok {
            Tok::Newline => {
                t.separates = true;
                t.newline = true;
                same_line = false;
                newlines += 1;
            }
            Tok::Punct(";") => t.separates = true,
            Tok::Comment(c) if same_line => t.trailing.push(c),
            Tok::Comment(c) => {
                if newlines >= 2 {
                    t.between.push(None);
                }
                t.between.push(Some(c));
                newlines = 0;
            }
            _ => {}
        }
    }
    t.blank_after = newlines >= 2;
    t
}

/// Lays out the statements `children` (from `start` to `end` in the
/// source) at `level`, one a line (or, with `one_line`, returns nothing:
/// see [`inline_block`]).
fn body<'a>(
    source: &'a str,
    children: &[Pair<'a, Rule>],
    start: usize,
    end: usize,
    level: usize,
    in_block: bool,
    out: &mut Vec<Line>,
) {
    // Statements: runs of parts with no line end or `;` between them.
    let mut groups: Vec<(Trivia<'a>, Vec<Pair<'a, Rule>>)> = Vec::new();
    let mut at = start;
    for child in children {
        let t = trivia(&source[at..child.as_span().start()]);
        match groups.last_mut() {
            Some((_, group)) if !t.separates && t.trailing.is_empty() => group.push(child.clone()),
            _ => groups.push((t, vec![child.clone()])),
        }
        at = child.as_span().end();
    }
    let last = trivia(&source[at..end]);
    let mut first = true;
    let mut pending_blank = false;
    // Whether the last statement took one line without a comment: a
    // statement after it and a `;` on the same line joins that line.
    let mut joinable = false;
    for (t, group) in groups.iter().chain(std::iter::once(&(last, Vec::new()))) {
        if joinable
            && !group.is_empty()
            && !t.newline
            && t.trailing.is_empty()
            && t.between.is_empty()
        {
            let text = inline_group(source, group);
            if let Some(line) = out.last_mut() {
                let part = if line.block.is_empty() {
                    &mut line.head
                } else {
                    &mut line.block
                };
                part.push_str("; ");
                part.push_str(&text);
                continue;
            }
        }
        // Comments on the line of the previous statement (or the `{`).
        for c in &t.trailing {
            match out.last_mut() {
                Some(line) if !first || in_block => line.attach(c),
                _ => {
                    out.push(Line::comment(level, c));
                    first = false;
                }
            }
        }
        for entry in &t.between {
            match entry {
                None => pending_blank = !first,
                Some(c) => {
                    if pending_blank {
                        out.push(Line::blank());
                    }
                    pending_blank = false;
                    out.push(Line::comment(level, c));
                    first = false;
                }
            }
        }
        if group.is_empty() {
            break;
        }
        if (pending_blank || t.blank_after) && !first {
            out.push(Line::blank());
        }
        pending_blank = false;
        let before = out.len();
        statement(source, group, level, out);
        joinable = out.len() == before + 1 && out.last().is_some_and(|l| l.comment.is_none());
        first = false;
    }
}

/// Lays out one statement (one part, or parts on one line).
fn statement<'a>(source: &'a str, group: &[Pair<'a, Rule>], level: usize, out: &mut Vec<Line>) {
    if let [pair] = group {
        if let Some(found) = block_of(source, pair) {
            let mut head_toks = flatten_all(source, &found.head);
            // Comments in the head or between it and the `{` go after the
            // `{`.
            let before = &source[found.head_end..found.open - 1];
            let moved: Vec<&str> = head_toks
                .iter()
                .copied()
                .chain(lex(before))
                .filter_map(|t| match t {
                    Tok::Comment(c) => Some(c),
                    _ => None,
                })
                .collect();
            head_toks.retain(|t| !matches!(t, Tok::Comment(_)));
            let inside = &source[found.open..found.close];
            let empty =
                found.body.is_empty() && !lex(inside).iter().any(|t| matches!(t, Tok::Comment(_)));
            let one_line = !inside.contains(['\n', '\r']) && moved.is_empty();
            if empty || one_line {
                let mut head = Vec::new();
                lines_of(&head_toks, level, &mut head);
                let mut line = head
                    .pop()
                    .unwrap_or_else(|| Line::code(level, String::new()));
                out.extend(head);
                line.block = inline_body(source, &found);
                for c in moved.iter().chain(&found.after) {
                    line.attach(c);
                }
                out.push(line);
                return;
            }
            let mut head = Vec::new();
            lines_of(&head_toks, level, &mut head);
            let mut line = head
                .pop()
                .unwrap_or_else(|| Line::code(level, String::new()));
            out.extend(head);
            if !line.head.is_empty() {
                line.head.push(' ');
            }
            line.head.push('{');
            for c in moved {
                line.attach(c);
            }
            out.push(line);
            body(
                source,
                &found.body,
                found.open,
                found.close,
                level + 1,
                true,
                out,
            );
            let mut close = Line::code(level, "}".to_string());
            for c in &found.after {
                close.attach(c);
            }
            out.push(close);
            return;
        }
    }
    lines_of(&flatten_all(source, group), level, out);
}

/// A block's inside on one line: `{ a; b }`, or `{}`.
fn inline_body(source: &str, found: &Found<'_>) -> String {
    let mut statements: Vec<Vec<Pair<'_, Rule>>> = Vec::new();
    let mut at = found.open;
    for child in &found.body {
        let t = trivia(&source[at..child.as_span().start()]);
        match statements.last_mut() {
            Some(group) if !t.separates => group.push(child.clone()),
            _ => statements.push(vec![child.clone()]),
        }
        at = child.as_span().end();
    }
    if statements.is_empty() {
        return "{}".to_string();
    }
    let parts: Vec<String> = statements.iter().map(|g| inline_group(source, g)).collect();
    format!("{{ {} }}", parts.join("; "))
}

/// One statement on one line, blocks inside included.
fn inline_group(source: &str, group: &[Pair<'_, Rule>]) -> String {
    if let [pair] = group {
        if let Some(found) = block_of(source, pair) {
            let head = inline_toks(&flatten_all(source, &found.head));
            let inside = inline_body(source, &found);
            return if head.is_empty() {
                inside
            } else {
                format!("{head} {inside}")
            };
        }
    }
    inline_toks(&flatten_all(source, group))
}

// ---------------------------------------------------------------------------
// Rendering and alignment.
// ---------------------------------------------------------------------------

/// The lines as text: one-line blocks of the same keyword in consecutive
/// lines aligned, comments after code aligned in runs of such lines.
fn render(mut lines: Vec<Line>) -> Vec<String> {
    // Heads of consecutive one-line blocks with the same first word.
    let mut i = 0;
    while i < lines.len() {
        let Some(key) = lines[i].key().map(str::to_string) else {
            i += 1;
            continue;
        };
        let level = lines[i].level;
        let mut j = i + 1;
        while j < lines.len() && lines[j].level == level && lines[j].key() == Some(key.as_str()) {
            j += 1;
        }
        let width = lines[i..j]
            .iter()
            .map(|l| l.head.chars().count())
            .max()
            .unwrap_or(0);
        for line in &mut lines[i..j] {
            let pad = width - line.head.chars().count();
            line.head.extend(std::iter::repeat_n(' ', pad));
        }
        i = j;
    }
    let code = |l: &Line| -> String {
        let mut s = " ".repeat(l.level * INDENT);
        s.push_str(&l.head);
        if !l.block.is_empty() {
            if !l.head.is_empty() {
                s.push(' ');
            }
            s.push_str(&l.block);
        }
        s
    };
    let mut texts: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = &lines[i];
        if line.blank {
            texts.push(String::new());
            i += 1;
            continue;
        }
        if !line.has_code() {
            let mut s = " ".repeat(line.level * INDENT);
            s.push_str(line.comment.as_deref().unwrap_or_default());
            texts.push(s);
            i += 1;
            continue;
        }
        if line.comment.is_none() {
            texts.push(code(line));
            i += 1;
            continue;
        }
        // A run of lines with code and a comment after it.
        let mut j = i;
        while j < lines.len() && lines[j].has_code() && lines[j].comment.is_some() {
            j += 1;
        }
        let codes: Vec<String> = lines[i..j].iter().map(code).collect();
        let width = codes.iter().map(|c| c.chars().count()).max().unwrap_or(0);
        for (c, l) in codes.into_iter().zip(&lines[i..j]) {
            let pad = width - c.chars().count() + 2;
            let mut s = c;
            s.extend(std::iter::repeat_n(' ', pad));
            s.push_str(l.comment.as_deref().unwrap_or_default());
            texts.push(s);
        }
        i = j;
    }
    texts
}
