//! A `.variant` source read as words, for the language server: what block
//! a place is in, which statement, which word; the items it declares. It
//! reads broken files too (an unclosed brace, a line that does not parse),
//! as an author's file is broken most of the time while it is written.

use lsp_types::Position;

/// A word of the source: a name, a keyword, a number, a Betza term, or a
/// punctuation mark (`{`, `->`, `,`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// Its text.
    pub text: String,
    /// Where it starts and ends (bytes).
    pub start: usize,
    pub end: usize,
    /// Whether it is a name-like word (not punctuation, not a string).
    pub name: bool,
    /// Whether it is a string (`"…"`, quotes included).
    pub string: bool,
    /// How many braces are open before it.
    pub depth: usize,
    /// The keyword of the top-level item it stands in (`piece`, `board`),
    /// if it stands inside a block.
    pub block: Option<String>,
    /// Its statement's number (words of one statement share it).
    pub statement: usize,
}

/// The words of a source, comments and spaces left out.
pub fn words(source: &str) -> Vec<Word> {
    let bytes = source.as_bytes();
    let mut out: Vec<Word> = Vec::new();
    let mut i = 0;
    let mut depth = 0usize;
    let mut statement = 0usize;
    // The keyword of the top-level item being read, and of each open block.
    let mut item_keyword: Option<String> = None;
    let mut blocks: Vec<Option<String>> = Vec::new();
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'\'' || b == b'+';
    let mut new_statement = true;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        if b == b'\n' {
            // A line ending in `,` goes on (a square set over lines).
            if out.last().is_none_or(|w| w.text != ",") {
                statement += 1;
                new_statement = true;
            }
            i += 1;
            continue;
        }
        if b == b' ' || b == b'\t' || b == b'\r' {
            i += 1;
            continue;
        }
        if b == b'#' || source[i..].starts_with("//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let (name, string) = if b == b'"' {
            i += 1;
            while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                i += if bytes[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(bytes.len());
            (false, true)
        } else if is_name(b) {
            while i < bytes.len() {
                let c = bytes[i];
                let joins = c == b'-' && bytes.get(i + 1).is_some_and(|&d| is_name(d));
                if !(is_name(c) || joins) {
                    break;
                }
                i += if joins { 2 } else { 1 };
            }
            (true, false)
        } else if source[i..].starts_with("->") || source[i..].starts_with("..") {
            i += 2;
            (false, false)
        } else {
            i += source[i..].chars().next().map_or(1, char::len_utf8);
            (false, false)
        };
        let text = source[start..i].to_string();
        let block = blocks.last().cloned().flatten();
        match text.as_str() {
            ";" => {
                statement += 1;
                new_statement = true;
                continue;
            }
            "{" => {
                blocks.push(if depth == 0 {
                    item_keyword.clone()
                } else {
                    block.clone()
                });
                depth += 1;
                statement += 1;
                new_statement = true;
                out.push(Word {
                    text,
                    start,
                    end: i,
                    name,
                    string,
                    depth: depth - 1,
                    block,
                    statement,
                });
                statement += 1;
                continue;
            }
            "}" => {
                blocks.pop();
                depth = depth.saturating_sub(1);
                statement += 1;
                new_statement = true;
                out.push(Word {
                    text,
                    start,
                    end: i,
                    name,
                    string,
                    depth,
                    block: blocks.last().cloned().flatten(),
                    statement,
                });
                statement += 1;
                continue;
            }
            _ => {}
        }
        if new_statement && depth == 0 {
            item_keyword = Some(text.clone());
        }
        new_statement = false;
        out.push(Word {
            text,
            start,
            end: i,
            name,
            string,
            depth,
            block,
            statement,
        });
    }
    out
}

/// A top-level item: its keyword, its name (a piece's, a zone's, the
/// variant's), and where it stands.
#[derive(Clone, Debug)]
pub struct Item {
    pub keyword: String,
    /// The name word, if the item has one.
    pub name: Option<Word>,
    pub start: usize,
    pub end: usize,
}

/// The top-level items of a source, in order.
pub fn items(words: &[Word]) -> Vec<Item> {
    let mut items: Vec<Item> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        if w.depth != 0 || w.text == "}" {
            i += 1;
            continue;
        }
        let statement = w.statement;
        let mut end = w.end;
        let mut j = i + 1;
        let mut name = None;
        // The words of its head, then its block to the matching `}`.
        while j < words.len() && words[j].depth == 0 && words[j].statement == statement {
            if words[j].text == "{" {
                break;
            }
            if name.is_none() && (words[j].name || words[j].string) {
                name = Some(words[j].clone());
            }
            end = words[j].end;
            j += 1;
        }
        if j < words.len() && words[j].text == "{" && words[j].depth == 0 {
            end = words[j].end;
            j += 1;
            while j < words.len() && !(words[j].depth == 0 && words[j].text == "}") {
                end = words[j].end;
                j += 1;
            }
            if j < words.len() {
                end = words[j].end;
                j += 1;
            }
        }
        items.push(Item {
            keyword: w.text.clone(),
            name,
            start: w.start,
            end,
        });
        i = j.max(i + 1);
    }
    items
}

/// The words of the statement `words[at]` stands in, before it and after.
pub fn statement_of(words: &[Word], at: usize) -> &[Word] {
    let s = words[at].statement;
    let mut a = at;
    while a > 0 && words[a - 1].statement == s {
        a -= 1;
    }
    let mut b = at;
    while b + 1 < words.len() && words[b + 1].statement == s {
        b += 1;
    }
    &words[a..=b]
}

/// Whether the word at `at` is part of a Betza string: after `moves` or
/// `faces` at the start of its statement in a `piece` block, before any
/// `within`, `from`, `once` or `if`.
pub fn is_betza(words: &[Word], at: usize) -> bool {
    let w = &words[at];
    if !w.name || w.block.as_deref() != Some("piece") {
        return false;
    }
    let statement = statement_of(words, at);
    let Some(first) = statement.first() else {
        return false;
    };
    if !(first.text == "moves" || first.text == "faces") || first.start == w.start {
        return false;
    }
    !statement
        .iter()
        .take_while(|x| x.start < w.start)
        .any(|x| matches!(x.text.as_str(), "within" | "from" | "to" | "once" | "if"))
}

/// The Betza string the word at `at` belongs to, as written, with where
/// it starts and ends.
pub fn betza_string(words: &[Word], at: usize) -> (String, usize, usize) {
    let statement = statement_of(words, at);
    let terms: Vec<&Word> = statement
        .iter()
        .skip(1)
        .take_while(|x| !matches!(x.text.as_str(), "within" | "from" | "to" | "once" | "if"))
        .collect();
    let text = terms
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let start = terms.first().map_or(words[at].start, |t| t.start);
    let end = terms.last().map_or(words[at].end, |t| t.end);
    (text, start, end)
}

/// The word at a byte offset (or ending right at it).
pub fn word_at(words: &[Word], offset: usize) -> Option<usize> {
    words
        .iter()
        .position(|w| w.start <= offset && offset < w.end)
        .or_else(|| words.iter().position(|w| w.end == offset && w.name))
}

// ---------------------------------------------------------------------------
// Positions: LSP counts UTF-16 code units within a line.
// ---------------------------------------------------------------------------

/// The LSP position of a byte offset.
pub fn position(source: &str, offset: usize) -> Position {
    let mut offset = offset.min(source.len());
    while !source.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &source[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let character = source[start..offset].encode_utf16().count();
    Position::new(line as u32, character as u32)
}

/// The byte offset of an LSP position (clamped to its line and the text).
pub fn offset(source: &str, position: Position) -> usize {
    let mut start = 0;
    for _ in 0..position.line {
        match source[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return source.len(),
        }
    }
    let line_end = source[start..]
        .find('\n')
        .map_or(source.len(), |i| start + i);
    let mut units = 0u32;
    for (i, c) in source[start..line_end].char_indices() {
        if units >= position.character {
            return start + i;
        }
        units += c.len_utf16() as u32;
    }
    line_end
}

/// The LSP range of a byte range.
pub fn range(source: &str, start: usize, end: usize) -> lsp_types::Range {
    lsp_types::Range::new(position(source, start), position(source, end))
}
