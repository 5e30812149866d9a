//! What the language server answers: diagnostics, hover, completion,
//! definition, references, rename, symbols, code actions, formatting.

use std::collections::HashMap;

use fairyc_compiler::error::Block;
use fairyc_compiler::statements::{Marker, Statement};
use lsp_server::ErrorCode;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, CompletionItem,
    CompletionItemKind, CompletionParams, CompletionResponse, Diagnostic,
    DiagnosticRelatedInformation, DiagnosticSeverity, DocumentFormattingParams, DocumentSymbol,
    DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams, GotoDefinitionResponse,
    Hover, HoverContents, HoverParams, Location, MarkupContent, MarkupKind, NumberOrString,
    ReferenceParams, RenameParams, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;

use super::text::{self, betza_string, is_betza, items, offset, range, word_at, Word};
use super::{Documents, Failure};

fn document<'d>(docs: &'d Documents, uri: &Uri) -> Result<&'d str, Failure> {
    docs.get(uri).ok_or_else(|| {
        (
            ErrorCode::InvalidParams,
            format!("{} is not open", uri.as_str()),
        )
    })
}

// ---------------------------------------------------------------------------
// Diagnostics.
// ---------------------------------------------------------------------------

/// The diagnostics of a source: those of `fairyc check --format json`.
pub fn diagnostics(uri: &Uri, source: &str) -> Vec<Diagnostic> {
    fairyc_compiler::json::check_json(uri.as_str(), source)
        .iter()
        .map(|d| to_lsp(uri, source, d))
        .collect()
}

/// One diagnostic of `check --format json` as an LSP diagnostic: the
/// primary label's place, the message with the primary label's text, help
/// and notes, the other labels as related places.
fn to_lsp(uri: &Uri, source: &str, d: &Value) -> Diagnostic {
    let labels = d["labels"].as_array().cloned().unwrap_or_default();
    let at = |l: &Value| {
        let s = l["byte_start"].as_u64().unwrap_or(0) as usize;
        let e = l["byte_end"].as_u64().unwrap_or(0) as usize;
        range(source, s, e)
    };
    let primary = labels.iter().find(|l| l["primary"] == true);
    let mut message = d["message"].as_str().unwrap_or_default().to_string();
    if let Some(label) = primary.and_then(|l| l["message"].as_str()) {
        if !label.is_empty() {
            message.push_str(&format!(" ({label})"));
        }
    }
    for help in d["help"].as_array().into_iter().flatten() {
        message.push_str(&format!("\nhelp: {}", help.as_str().unwrap_or_default()));
    }
    for note in d["notes"].as_array().into_iter().flatten() {
        message.push_str(&format!("\n{}", note.as_str().unwrap_or_default()));
    }
    let related: Vec<DiagnosticRelatedInformation> = labels
        .iter()
        .filter(|l| l["primary"] != true)
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), at(l)),
            message: l["message"].as_str().unwrap_or_default().to_string(),
        })
        .collect();
    Diagnostic {
        range: primary.map_or_else(|| range(source, 0, 0), at),
        severity: Some(if d["severity"] == "warning" {
            DiagnosticSeverity::WARNING
        } else {
            DiagnosticSeverity::ERROR
        }),
        code: d["code"]
            .as_str()
            .map(|c| NumberOrString::String(c.to_string())),
        source: Some("fairyc".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

// ---------------------------------------------------------------------------
// Hover.
// ---------------------------------------------------------------------------

fn markdown(value: String) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: None,
    }
}

/// What stands at the place: a diagnostic's explanation, a Betza string, a
/// piece, zone or square, a keyword.
pub fn hover(docs: &Documents, p: HoverParams) -> Result<Option<Hover>, Failure> {
    let uri = &p.text_document_position_params.text_document.uri;
    let source = document(docs, uri)?;
    let at = offset(source, p.text_document_position_params.position);
    let words = text::words(source);
    let mut parts = Vec::new();
    if let Some(i) = word_at(&words, at) {
        if let Some(text) = describe(source, &words, i) {
            parts.push(text);
        }
    }
    // The explanation of a diagnostic under the cursor.
    for d in fairyc_compiler::json::check_json(uri.as_str(), source) {
        let on = d["labels"].as_array().into_iter().flatten().any(|l| {
            l["primary"] == true
                && l["byte_start"].as_u64().is_some_and(|s| s as usize <= at)
                && l["byte_end"].as_u64().is_some_and(|e| at <= e as usize)
        });
        if let (true, Some(code)) = (on, d["code"].as_str()) {
            if let Some(e) = fairyc_compiler::explain::explain(code) {
                parts.push(format!(
                    "**{code}** (`fairyc explain {code}`)\n\n{}",
                    e.render()
                ));
            }
        }
    }
    Ok((!parts.is_empty()).then(|| markdown(parts.join("\n\n---\n\n"))))
}

/// The block a word stands in.
fn block_of(word: &Word) -> Block {
    match &word.block {
        None => Block::TopLevel,
        Some(keyword) => Block::ALL
            .into_iter()
            .find(|b| b.name() == keyword)
            .unwrap_or(Block::TopLevel),
    }
}

/// A statement's reference entry.
fn entry(s: &Statement, block: Block) -> String {
    let place = if block == Block::TopLevel {
        "a top-level item".to_string()
    } else {
        format!("in `{}` blocks", block.name())
    };
    format!(
        "**{}** ({place}): {}\n\n{}\n\nSee {}",
        s.keyword(),
        s.help,
        s.syntax,
        s.doc
    )
}

/// The statement a keyword starts or marks, in its block first.
fn keyword_entry(word: &str, block: Block) -> Option<String> {
    let own = block.statements().iter().find(|s| s.keyword() == word);
    let (s, b) = match own {
        Some(s) => (s, block),
        None => Block::ALL.into_iter().find_map(|b| {
            b.statements()
                .iter()
                .find(|s| s.keyword() == word)
                .map(|s| (s, b))
        })?,
    };
    Some(entry(s, b))
}

fn describe(source: &str, words: &[Word], i: usize) -> Option<String> {
    let w = &words[i];
    if is_betza(words, i) {
        let (betza, _, _) = betza_string(words, i);
        return Some(betza_hover(&betza));
    }
    let list = items(words);
    let first_of_statement = i == 0 || words[i - 1].statement != w.statement;
    if let Some(item) = list
        .iter()
        .find(|it| it.name.as_ref().is_some_and(|n| n.text == w.text) && declares(&it.keyword))
    {
        let text = source.get(item.start..item.end).unwrap_or_default();
        let shown: String = text.lines().take(12).collect::<Vec<_>>().join("\n");
        return Some(format!(
            "{} `{}`\n\n```variant\n{shown}\n```",
            item.keyword, w.text
        ));
    }
    if w.name && (first_of_statement || !is_plain_name(&w.text)) {
        if let Some(e) = keyword_entry(&w.text, block_of(w)) {
            return Some(e);
        }
    }
    if let Some(e) = keyword_entry(&w.text, block_of(w)) {
        return Some(e);
    }
    if w.name && squares(source).iter().any(|s| s == &w.text) {
        return Some(format!("square `{}` of the board", w.text));
    }
    None
}

/// A name that could be a piece (upper-case first letter).
fn is_plain_name(text: &str) -> bool {
    text.chars().next().is_some_and(char::is_uppercase)
}

/// The item keywords that declare a name others refer to.
fn declares(keyword: &str) -> bool {
    keyword == "piece" || keyword == "zone"
}

/// The squares of the board, if the source compiles.
fn squares(source: &str) -> Vec<String> {
    fairyc_compiler::compile(source)
        .map(|t| {
            t.parts()
                .board
                .squares
                .iter()
                .map(|s| s.name.clone())
                .collect()
        })
        .unwrap_or_default()
}

/// The Betza atoms and what they are.
const ATOMS: &[(char, &str)] = &[
    ('W', "wazir: one step orthogonally"),
    ('F', "ferz: one step diagonally"),
    ('D', "dabbaba: a (2,0) leap"),
    ('N', "knight: a (2,1) leap"),
    ('A', "alfil: a (2,2) leap"),
    ('H', "threeleaper: a (3,0) leap"),
    ('C', "camel: a (3,1) leap"),
    ('Z', "zebra: a (3,2) leap"),
    ('G', "tripper: a (3,3) leap"),
    ('K', "king: `W` and `F`"),
    ('R', "rook: slides orthogonally (`WW`)"),
    ('B', "bishop: slides diagonally (`FF`)"),
    ('Q', "queen: `R` and `B`"),
];

/// The Betza modifiers and what they do.
const MODIFIERS: &[(char, &str)] = &[
    ('f', "forward"),
    ('b', "backward"),
    ('l', "left"),
    ('r', "right"),
    ('v', "vertical (forward or backward)"),
    ('s', "sideways (left or right)"),
    ('m', "moves only, never captures"),
    ('c', "captures only"),
    ('e', "may capture en passant"),
    ('i', "only from the piece's setup squares"),
    ('n', "lame: blocked by a piece on the way"),
    ('p', "hops over exactly one piece"),
    (
        'g',
        "grasshopper: lands right behind the piece it hops over",
    ),
    ('a', "another leg follows"),
    ('y', "the later legs toggle between step and slide"),
];

/// One sentence per term of a Betza string: modifiers, one atom, then the
/// atom again (a rider) or a number of steps.
fn betza_sentences(betza: &str) -> Vec<String> {
    let chars: Vec<char> = betza.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let mods: Vec<&str> = chars[start..i]
            .iter()
            .filter_map(|c| MODIFIERS.iter().find(|(m, _)| m == c).map(|(_, d)| *d))
            .collect();
        let atom = chars.get(i).copied();
        i += 1;
        let mut range = String::new();
        if atom.is_some() && chars.get(i) == atom.as_ref() {
            i += 1;
            range = ", repeated as a rider".to_string();
        } else {
            let digits = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i > digits {
                let n: String = chars[digits..i].iter().collect();
                range = format!(", at most {n} steps (0: unlimited)");
            }
        }
        let term: String = chars[start..i.min(chars.len())].iter().collect();
        let what = atom
            .and_then(|a| ATOMS.iter().find(|(x, _)| *x == a))
            .map_or("not an atom fairyc knows", |(_, d)| *d);
        let mods = if mods.is_empty() {
            String::new()
        } else {
            format!(" — {}", mods.join(", "))
        };
        out.push(format!("- `{term}`: {what}{range}{mods}"));
    }
    out
}

/// The picture `fairyc show --piece` draws for a piece of these moves
/// on e5 of an empty 9×9 board, and a sentence per term.
fn betza_hover(betza: &str) -> String {
    let source = format!(
        "variant \"Betza\" {{ }}\nboard {{ files a..i; ranks 1..9 }}\n\
         piece Piece {{ letter X; moves {betza} }}\npiece King {{ letter K; moves K; royal }}\n\
         setup \"4k4/9/9/9/9/9/9/9/X3K4 w - - 0 1\"\n"
    );
    let picture = fairyc_compiler::compile(&source)
        .ok()
        .and_then(|tables| {
            let board = fairyc_picture::board_of(tables.parts());
            let variant = fairyc_runtime::Variant::new(tables).ok()?;
            fairyc_picture::piece_picture(
                &variant,
                board,
                "Piece",
                "e5",
                fairyc_runtime::Color::White,
            )
            .ok()
        })
        .map(|p| crate::show::render_text(&p, false));
    let mut text = format!("Betza `{betza}`\n\n{}", betza_sentences(betza).join("\n"));
    match picture {
        Some(p) => {
            text.push_str("\n\nWhite's moves from e5 of an empty 9×9 board (`fairyc show --piece`):\n\n```text\n");
            text.push_str(p.trim_end());
            text.push_str("\n```");
        }
        None => text.push_str("\n\n(not a Betza string fairyc reads: see the diagnostics)"),
    }
    text
}

// ---------------------------------------------------------------------------
// Completion.
// ---------------------------------------------------------------------------

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    }
}

/// Keywords of the block, names, Betza letters after `moves`.
pub fn completion(
    docs: &Documents,
    p: CompletionParams,
) -> Result<Option<CompletionResponse>, Failure> {
    let uri = &p.text_document_position.text_document.uri;
    let source = document(docs, uri)?;
    let at = offset(source, p.text_document_position.position);
    let words = text::words(source);
    let (block, statement) = context(source, &words, at);
    let mut out: Vec<CompletionItem> = Vec::new();
    let first_word = statement.first().map(|w| w.text.as_str());
    let in_betza = matches!(first_word, Some("moves" | "faces"))
        && block == Block::Piece
        && !statement
            .iter()
            .any(|w| matches!(w.text.as_str(), "within" | "from" | "to" | "once" | "if"));
    if in_betza {
        for (atom, what) in ATOMS {
            out.push(item(&atom.to_string(), CompletionItemKind::CONSTANT, what));
        }
        for (m, what) in MODIFIERS {
            out.push(item(&m.to_string(), CompletionItemKind::OPERATOR, what));
        }
        for kw in ["within", "from", "to", "once", "if"] {
            out.push(item(
                kw,
                CompletionItemKind::KEYWORD,
                "after the Betza string",
            ));
        }
        return Ok(Some(CompletionResponse::Array(out)));
    }
    if statement.is_empty() {
        for s in block.statements() {
            if let Marker::Lead(word) = s.marker {
                out.push(item(word, CompletionItemKind::KEYWORD, s.help));
            }
        }
    } else {
        for s in block.statements() {
            out.push(item(s.keyword(), CompletionItemKind::KEYWORD, s.help));
        }
    }
    let list = items(&words);
    if block != Block::TopLevel {
        for it in &list {
            let Some(name) = &it.name else { continue };
            match it.keyword.as_str() {
                "piece" => out.push(item(&name.text, CompletionItemKind::CLASS, "piece")),
                "zone" => out.push(item(&name.text, CompletionItemKind::ENUM, "zone")),
                _ => {}
            }
        }
        if !statement.is_empty() {
            for s in squares(source) {
                out.push(item(&s, CompletionItemKind::VALUE, "square"));
            }
        }
    }
    Ok(Some(CompletionResponse::Array(out)))
}

/// The block a place is in, and the words of its statement before it.
fn context<'w>(source: &str, words: &'w [Word], at: usize) -> (Block, Vec<&'w Word>) {
    // Braces before the place decide the block: the last unclosed `{`.
    let mut stack: Vec<usize> = Vec::new();
    let mut last: Option<&Word> = None;
    for (i, w) in words.iter().enumerate().take_while(|(_, w)| w.start < at) {
        match w.text.as_str() {
            "{" => stack.push(i),
            "}" => {
                stack.pop();
            }
            _ => {}
        }
        last = Some(w);
    }
    let block = match stack.first() {
        None => Block::TopLevel,
        Some(&open) => {
            // The item's keyword: the first word of the head before `{`.
            let keyword = open
                .checked_sub(1)
                .and_then(|h| words.iter().find(|w| w.statement == words[h].statement))
                .map(|w| w.text.as_str());
            Block::ALL
                .into_iter()
                .find(|b| Some(b.name()) == keyword)
                .unwrap_or(Block::TopLevel)
        }
    };
    // The statement goes on if no line end, `;` or brace stands between
    // its last word and the place.
    let statement = match last {
        Some(l) if !matches!(l.text.as_str(), "{" | "}") => {
            let gap = source.get(l.end..at).unwrap_or_default();
            if gap.contains(['\n', ';']) && l.text != "," {
                Vec::new()
            } else {
                words
                    .iter()
                    .filter(|w| w.statement == l.statement && w.start < at)
                    .collect()
            }
        }
        _ => Vec::new(),
    };
    // The word being typed is not yet part of the statement.
    let statement: Vec<&Word> = statement
        .into_iter()
        .filter(|w| !(w.start < at && at <= w.end && w.name))
        .collect();
    (block, statement)
}

// ---------------------------------------------------------------------------
// Definition, references, rename.
// ---------------------------------------------------------------------------

/// The declared name (piece or zone) at a place, and every use of it.
fn uses(source: &str, at: usize) -> Option<(String, Word, Vec<Word>)> {
    let words = text::words(source);
    let i = word_at(&words, at)?;
    let name = words[i].text.clone();
    if is_betza(&words, i)
        && !items(&words)
            .iter()
            .any(|it| it.name.as_ref().is_some_and(|n| n.start == words[i].start))
    {
        return None;
    }
    let list = items(&words);
    let decl = list
        .iter()
        .filter(|it| declares(&it.keyword))
        .find_map(|it| it.name.clone().filter(|n| n.text == name))?;
    let all: Vec<Word> = words
        .iter()
        .enumerate()
        .filter(|(j, w)| w.name && w.text == name && !is_betza(&words, *j))
        .map(|(_, w)| w.clone())
        .collect();
    Some((name, decl, all))
}

pub fn definition(
    docs: &Documents,
    p: GotoDefinitionParams,
) -> Result<Option<GotoDefinitionResponse>, Failure> {
    let uri = &p.text_document_position_params.text_document.uri;
    let source = document(docs, uri)?;
    let at = offset(source, p.text_document_position_params.position);
    Ok(uses(source, at).map(|(_, decl, _)| {
        GotoDefinitionResponse::Scalar(Location::new(
            uri.clone(),
            range(source, decl.start, decl.end),
        ))
    }))
}

pub fn references(docs: &Documents, p: ReferenceParams) -> Result<Option<Vec<Location>>, Failure> {
    let uri = &p.text_document_position.text_document.uri;
    let source = document(docs, uri)?;
    let at = offset(source, p.text_document_position.position);
    Ok(uses(source, at).map(|(_, decl, all)| {
        all.iter()
            .filter(|w| p.context.include_declaration || w.start != decl.start)
            .map(|w| Location::new(uri.clone(), range(source, w.start, w.end)))
            .collect()
    }))
}

// `WorkspaceEdit` keys its changes by `Uri`, whose cached parts clippy
// takes for interior mutability; its hash never changes.
#[allow(clippy::mutable_key_type)]
pub fn rename(docs: &Documents, p: RenameParams) -> Result<Option<WorkspaceEdit>, Failure> {
    let uri = &p.text_document_position.text_document.uri;
    let source = document(docs, uri)?;
    let at = offset(source, p.text_document_position.position);
    let new = p.new_name;
    let valid = new
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && new
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'' || c == '-')
        && !new.ends_with('-');
    if !valid {
        return Err((
            ErrorCode::InvalidParams,
            format!("`{new}` is not a name: a letter or `_`, then letters, digits, `_`, `'` or inner `-`"),
        ));
    }
    let Some((_, _, all)) = uses(source, at) else {
        return Err((
            ErrorCode::InvalidParams,
            "only a piece or a zone can be renamed here".to_string(),
        ));
    };
    let edits: Vec<TextEdit> = all
        .iter()
        .map(|w| TextEdit::new(range(source, w.start, w.end), new.clone()))
        .collect();
    let mut changes = HashMap::new();
    changes.insert(uri.clone(), edits);
    Ok(Some(WorkspaceEdit::new(changes)))
}

// ---------------------------------------------------------------------------
// Symbols, code actions, formatting.
// ---------------------------------------------------------------------------

#[allow(deprecated)]
pub fn symbols(
    docs: &Documents,
    p: DocumentSymbolParams,
) -> Result<Option<DocumentSymbolResponse>, Failure> {
    let source = document(docs, &p.text_document.uri)?;
    let words = text::words(source);
    let list: Vec<DocumentSymbol> = items(&words)
        .into_iter()
        .map(|it| {
            let kind = match it.keyword.as_str() {
                "variant" => SymbolKind::MODULE,
                "piece" => SymbolKind::CLASS,
                "zone" => SymbolKind::ENUM,
                "board" => SymbolKind::STRUCT,
                _ => SymbolKind::NAMESPACE,
            };
            let name = match &it.name {
                Some(n) if declares(&it.keyword) || it.keyword == "variant" => {
                    format!("{} {}", it.keyword, n.text)
                }
                _ => it.keyword.clone(),
            };
            let selection = it
                .name
                .as_ref()
                .map_or(range(source, it.start, it.start + it.keyword.len()), |n| {
                    range(source, n.start, n.end)
                });
            DocumentSymbol {
                name,
                detail: None,
                kind,
                tags: None,
                deprecated: None,
                range: range(source, it.start, it.end),
                selection_range: selection,
                children: None,
            }
        })
        .collect();
    Ok(Some(DocumentSymbolResponse::Nested(list)))
}

/// A quick fix for every fix a diagnostic suggests (`fixes` in `check
/// --format json`): every "did you mean", and the old spellings moved to
/// the item that now holds them.
// `WorkspaceEdit` keys its changes by `Uri`, whose cached parts clippy
// takes for interior mutability; its hash never changes.
#[allow(clippy::mutable_key_type)]
pub fn code_actions(
    docs: &Documents,
    p: CodeActionParams,
) -> Result<Option<Vec<CodeActionOrCommand>>, Failure> {
    let uri = &p.text_document.uri;
    let source = document(docs, uri)?;
    let mut actions = Vec::new();
    for found in fairyc_compiler::json::check_json(uri.as_str(), source) {
        let d = to_lsp(uri, source, &found);
        let overlaps = d.range.start <= p.range.end && p.range.start <= d.range.end;
        if !overlaps {
            continue;
        }
        for fix in found["fixes"].as_array().into_iter().flatten() {
            let edits: Vec<TextEdit> = fix["edits"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|e| {
                    let at = |key: &str| e[key].as_u64().unwrap_or(0) as usize;
                    TextEdit::new(
                        range(source, at("byte_start"), at("byte_end")),
                        e["text"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect();
            let mut changes = HashMap::new();
            changes.insert(uri.clone(), edits);
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: fix["title"].as_str().unwrap_or("Fix").to_string(),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(WorkspaceEdit::new(changes)),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
        }
    }
    Ok(Some(actions))
}

/// The whole document in the layout of `fairyc fmt`; an error if it does
/// not parse (nothing is changed).
pub fn formatting(
    docs: &Documents,
    p: DocumentFormattingParams,
) -> Result<Option<Vec<TextEdit>>, Failure> {
    let source = document(docs, &p.text_document.uri)?;
    match fairyc_compiler::format::format(source) {
        Ok(text) if text == source => Ok(Some(Vec::new())),
        Ok(text) => Ok(Some(vec![TextEdit::new(
            range(source, 0, source.len()),
            text,
        )])),
        Err(e) => Err((ErrorCode::RequestFailed, format!("not formatted: {e}"))),
    }
}
