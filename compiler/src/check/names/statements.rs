//! Statements the grammar did not recognise: unknown ones (with a
//! suggestion), malformed ones (with the expected form, and a fix where
//! one is obvious), and items missing for a malformed one.

use crate::ast::{self, Item, Unknown};
use crate::error::{Block, CompileError, ErrorKind};
use crate::fix::Fix;
use crate::span::Span;
use crate::statements::{words, Marker, Mend};
use crate::suggest::{
    betza_fix, betza_of_name, betza_stop, did_you_mean, is_valid_betza_term, looks_like_name,
    BetzaFix,
};

use super::Checker;

impl Checker<'_> {
    /// Whether the file has an item starting with `keyword` that did not parse
    /// (already reported, so not "missing" too).
    pub(super) fn has_malformed_item(&self, file: &ast::File, keyword: &str) -> bool {
        file.items
            .iter()
            .filter_map(|item| match item {
                Item::Unknown(u) => Some(u),
                _ => None,
            })
            .chain(&file.broken)
            .any(|u| {
                let word = u.keyword.node.as_str();
                word == keyword || did_you_mean(word, Block::TopLevel.keywords()) == Some(keyword)
            })
    }

    /// The fix that mends an old spelling at `span`; none when the mended
    /// text is a pattern (`<moves>`) or the item it would add exists already
    /// (a second one would be an error: the author merges them).
    pub(super) fn mend(&self, span: Span, mend: Mend) -> Option<Fix> {
        let written = |text: &str| !text.contains(['<', '…']);
        match mend {
            Mend::Here(here) => written(&here).then(|| Fix::replace(span, &here)),
            Mend::Item { keyword, text } => (written(&text) && !self.items.contains(&keyword))
                .then(|| Fix::move_to_item(self.source, span, &text)),
            Mend::HereAndItem {
                here,
                keyword,
                text,
            } => (written(&text) && !self.items.contains(&keyword))
                .then(|| Fix::replace_and_add(self.source, span, &here, &text)),
        }
    }

    /// A statement the grammar did not recognise: malformed if its keyword is
    /// known, else unknown with a suggestion.
    pub(in crate::check) fn unknown(&mut self, block: Block, unknown: &Unknown) {
        let keyword = unknown.keyword.node.as_str();
        if block == Block::Piece && keyword == "moves" && unknown.span == unknown.keyword.span {
            self.error(ErrorKind::EmptyMoves, unknown.span);
            return;
        }
        if block == Block::Piece && keyword == "moves" {
            if let Some((kind, span)) = self.betza_hint(unknown) {
                self.error(kind, span);
                return;
            }
        }
        let text = self
            .source
            .get(unknown.span.start as usize..unknown.span.end as usize)
            .unwrap_or(keyword);
        // The statement without a `;` after it, for the fixes.
        let statement = text.trim_end().trim_end_matches(';').trim_end();
        let statement_span = Span::new(
            unknown.span.start as usize,
            unknown.span.start as usize + statement.len(),
        );
        if let Some(e) = crate::clock::old_spelling(block, unknown, text) {
            let fix = match &e.kind {
                ErrorKind::ClockInEnd { instead, .. } => self.mend(
                    statement_span,
                    Mend::Item {
                        keyword: "clock",
                        text: instead.trim_matches('`').to_owned(),
                    },
                ),
                _ => None,
            };
            self.errors.push(e.with_fix(fix));
            return;
        }
        if let Some(retired) = block.retired(text) {
            let kind = ErrorKind::Retired {
                old: retired.old,
                new: (retired.new)(text),
            };
            let fix = (retired.mend)(statement).and_then(|m| self.mend(statement_span, m));
            self.errors
                .push(CompileError::new(kind, unknown.span).with_fix(fix));
            return;
        }
        match block.statement_of(&words(text)) {
            Some(statement) if matches!(statement.marker, Marker::Lead(_)) => {
                let span = if block == Block::TopLevel {
                    unknown.keyword.span
                } else {
                    unknown.span
                };
                self.error(ErrorKind::MalformedStatement { statement }, span);
            }
            Some(statement) => self.error(
                ErrorKind::MalformedRule {
                    block,
                    statement: Some(statement),
                },
                unknown.span,
            ),
            None => {
                let suggestion = did_you_mean(keyword, block.keywords());
                // A line that starts with a piece's name, in a block of
                // rules that start so (`<Piece> not-on …`), is a rule gone
                // wrong rather than an unknown statement.
                let piece_first = self.pieces.contains_key(keyword);
                if suggestion.is_none()
                    && (block.has_rules() || (piece_first && block.has_piece_rules()))
                {
                    self.error(
                        ErrorKind::MalformedRule {
                            block,
                            statement: None,
                        },
                        unknown.span,
                    );
                } else {
                    self.error(
                        ErrorKind::UnknownStatement {
                            block,
                            keyword: keyword.to_owned(),
                            suggestion,
                        },
                        unknown.keyword.span,
                    );
                }
            }
        }
    }

    /// A corrected Betza term for a `moves` statement that does not parse:
    /// modifiers after the atom (`Wf`) or no upper-case atom (`mfw`).
    pub(super) fn betza_hint(&self, unknown: &Unknown) -> Option<(ErrorKind, Span)> {
        let start = unknown.keyword.span.end as usize;
        let text = self.source.get(start..unknown.span.end as usize)?;
        let mut offset = start;
        for word in text.split([' ', '\t']) {
            let span = Span::new(offset, offset + word.len());
            offset += word.len() + 1;
            if word.is_empty() {
                continue;
            }
            if matches!(word, "if" | "within" | "from" | "to" | "once") {
                break;
            }
            if !word.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return None;
            }
            // A well-known piece's name (`Knight`) first: it would read as
            // an atom followed by modifiers (`Wfs` is `fsW`, below).
            let name = looks_like_name(word).then(|| ErrorKind::BetzaSyntax {
                term: word.to_owned(),
                character: None,
                suggestion: betza_of_name(word).map(str::to_owned),
            });
            if let Some(kind) = name.clone().filter(|_| betza_of_name(word).is_some()) {
                return Some((kind, span));
            }
            // Only a correction that is itself a valid term is offered.
            match betza_fix(word) {
                Some(BetzaFix::MisplacedModifiers(suggestion)) => {
                    return Some((
                        ErrorKind::MisplacedBetzaModifier {
                            term: word.to_owned(),
                            suggestion,
                        },
                        span,
                    ));
                }
                Some(BetzaFix::LowerCaseAtom(suggestion)) => {
                    return Some((
                        ErrorKind::LowerCaseBetzaAtom {
                            term: word.to_owned(),
                            suggestion,
                        },
                        span,
                    ));
                }
                None => {}
            }
            if let Some(kind) = name {
                return Some((kind, span));
            }
            if let Some(at) = betza_stop(word) {
                let character = word[at..].chars().next()?;
                let before = &word[..at];
                let suggestion =
                    (!before.is_empty() && is_valid_betza_term(before)).then(|| before.to_owned());
                let start = span.start as usize + at;
                return Some((
                    ErrorKind::BetzaSyntax {
                        term: word.to_owned(),
                        character: Some(character),
                        suggestion,
                    },
                    Span::new(start, start + character.len_utf8()),
                ));
            }
        }
        None
    }
}
