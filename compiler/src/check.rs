//! The checker: a parsed file becomes a [`Checked`] file, or every error.
//!
//! [`check`] runs in two passes over the tree. The first checks names
//! (statements, pieces, zones, Betza letters, outcomes, …) and needs no
//! board. The second builds the board's [`Geometry`] and resolves
//! everything to indices: pieces, squares, zones per side, moves, castling,
//! promotions, drops, end rules and the start position. Each problem is
//! reported once, where it is: a part that refers to something already
//! found wrong is skipped, not reported again. The result is what
//! [`crate::lower`] needs, and nothing else.

use fairyc_runtime::table::{
    is_symbol, symbol_clashes, CheckCountRule, CountingLimit, CountingRule, DropRules, EndRules,
    GateRule, Legality, LineRule, MateRule, Notation, Outcome, PromotionChoice, RepetitionRule,
    SeveralRoyals, Stalemate, TableParts, Verdict, ZoneTable, MAX_CHECK_COUNT, MAX_NAME_BYTES,
    MAX_PIECES,
};
use fairyc_runtime::{
    check_royal_count, Color, ParseFenError, PositionError, Setup, Variant, VariantTables,
};
use indexmap::IndexMap;
use std::collections::{HashMap, HashSet};

mod blast;

use crate::betza::{self, MoveSpec};
use crate::geometry::{Budget, Cell, Geometry, Sq, MAX_LEGS};
use crate::lower::{LowerError, MoveCost};

use crate::ast::{
    self, AllowDecl, Betza, BoardProp, CastlingDecl, DropRule, EndDecl, EndRule, GatingDecl,
    GatingRule, Item, Labels, LegalityDecl, LegalityRule, PieceDecl, PieceProp, PromotionDecl,
    PromotionTarget, RegionKind, RoyalCheck, RoyalDecl, RoyalRule, ScoringDecl, ScoringRule,
    SetItem, Side, SquareSet, Unknown, VariantProp, ZoneDecl,
};
use crate::error::{Block, CompileError, ErrorKind, GateProblem};
use crate::fix::Fix;
use crate::span::{Span, Spanned};
use crate::statements::{words, Marker, Mend};
use crate::suggest::{
    betza_fix, betza_of_name, betza_stop, did_you_mean, is_valid_betza_term, looks_like_name,
    BetzaFix,
};

mod promotions;

/// The Betza atoms we support.
pub const BETZA_ATOMS: &str = "WFDNAHCZGKRBQ";
/// The Betza modifiers we support.
pub const BETZA_MODIFIERS: &str = betza::MODIFIERS;

/// Why modifier `letter` may not stand on leg `leg` (0-based) of a term
/// whose last leg is `last` (0 for a one-leg term), if it may not.
fn leg_refusal(letter: char, leg: usize, last: usize) -> Option<&'static str> {
    Some(match letter {
        'y' if last == 0 => {
            "`y` changes the range of the legs after its own (a step becomes a slide and \
             back): it belongs to a leg followed by `a`"
        }
        'y' if leg == last => {
            "`y` changes the range of the legs after its own; the last leg has none after it"
        }
        'c' if leg > 0 && leg < last => {
            "a capture on the way is supported on the first leg only (`caK`: capture next \
             to it, then a king step)"
        }
        'p' | 'g' if last > 0 && leg == last => {
            "the last leg cannot hop: put `p` on the leg that ends on the hurdle (`pafW` \
             jumps an adjacent piece)"
        }
        'e' if last > 0 => "en passant is not supported in a multi-leg move",
        'n' if last > 0 => {
            "a multi-leg move spells out its path: a leg written `m` (the default) must end \
             on an empty square, so `mafsW` is the lame knight `nN`"
        }
        'i' if leg > 0 => "`i` applies to the whole move: write it in the first leg",
        _ => return None,
    })
}
/// The guards that may follow `if` in `moves`.
pub const GUARDS: &[&str] = &["friend-adjacent", "not-in-check"];
/// The outcome words.
pub const OUTCOMES: &[&str] = &["win", "draw", "loss"];
/// The values of `fen` in `board`.
pub const FEN_ORDERS: &[&str] = &["by-rank", "by-file"];

/// The promotion triggers of `on`: which squares of a move make a rule apply.
pub const PROMOTION_TRIGGERS: &[&str] = &["start", "end", "pass", "entry"];

/// Checks a parsed file: the [`Checked`] file, or every error found,
/// sorted by place.
///
/// # Errors
///
/// Every mistake in the file, each reported once.
///
/// # Examples
///
/// ```
/// use fairyc_compiler::{check::check, parse::parse};
///
/// let file = parse("piece King {\n  lettr K\n}\n").expect("it parses");
/// let errors = check(&file).err().unwrap_or_default();
/// // `variant`, `board` and `setup` are missing, `lettr` is unknown, the King
/// // has no letter and no moves, and nothing is royal.
/// assert!(errors.iter().any(|e| e.code() == "E0007"));
/// ```
pub fn check(file: &ast::File) -> Result<Checked, Vec<CompileError>> {
    check_source(file, "")
}

/// [`check`], with the source text the file was parsed from: malformed
/// `moves` statements then get a corrected Betza term where one is
/// obvious (`Wf` → `fW`, `mfw` → `mfW`), and a setup error points at its
/// FEN row.
///
/// # Errors
///
/// As [`check`].
pub fn check_source(file: &ast::File, source: &str) -> Result<Checked, Vec<CompileError>> {
    let mut checker = Checker {
        source,
        ..Checker::default()
    };
    checker.file(file);
    let names = Names {
        letters_sound: !checker.letters_unsound,
        moves_sound: checker.moves_sound,
        unsound_zones: checker
            .unsound_zones
            .iter()
            .map(|z| z.to_string())
            .collect(),
    };
    let mut errors = checker.errors;
    let checked = resolve(file, source, &names, &mut errors);
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    match checked {
        Some(checked) if errors.is_empty() => Ok(checked),
        _ => {
            if errors.is_empty() && file.broken.is_empty() {
                // Never fail silently: a resolution that gave up without an
                // error is a bug (unless a part of the file did not parse:
                // its syntax error is the reason, reported by the parser).
                errors.push(CompileError::new(
                    ErrorKind::Lower(LowerError::Table(
                        "the checker gave up without an error".into(),
                    )),
                    Span::default(),
                ));
            }
            Err(errors)
        }
    }
}

/// Whether a name looks like a square: `[a-z]+[0-9]+` (`e4`, `a10`, `e0`).
pub fn is_square_name(name: &str) -> bool {
    let letters = name.bytes().take_while(u8::is_ascii_lowercase).count();
    let digits = name.len() - letters;
    letters > 0
        && digits > 0
        && name
            .get(letters..)
            .is_some_and(|rest| rest.bytes().all(|b| b.is_ascii_digit()))
}

#[derive(Default)]
struct Checker<'a> {
    /// The source text, or `""` when unknown.
    source: &'a str,
    errors: Vec<CompileError>,
    /// Declared pieces: name → span of the first definition's name.
    pieces: IndexMap<&'a str, Span>,
    /// Declared zones: name → span of the first definition's name.
    zones: IndexMap<&'a str, Span>,
    /// Whether a piece's name or letter is wrong: the pieces cannot be
    /// told apart in a FEN.
    letters_unsound: bool,
    /// Per piece declaration: whether all its `moves` are well formed.
    moves_sound: Vec<bool>,
    /// Zones with a mistake in their declaration.
    unsound_zones: Vec<&'a str>,
    /// Names of pieces and zones whose declaration did not parse (`peice
    /// Knight { … }`, an unclosed `{`): references to them are not
    /// reported, as that mistake already is.
    broken_names: Vec<&'a str>,
    /// The keywords of the top-level items the file has (those a fix may
    /// add: `royal`, `pass`, `scoring`, `clock`).
    items: Vec<&'static str>,
    /// The spans of the second symbols (`letter N also H`) taken so far.
    also_spans: Vec<Span>,
}

impl<'a> Checker<'a> {
    fn error(&mut self, kind: ErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    /// The declarations that did not parse: top-level unknown statements
    /// (misspelt or malformed items) and the parts of the file that did not
    /// parse at all. Each is reported once, as itself; the piece or zone it
    /// meant to declare is remembered in [`Checker::broken_names`].
    fn broken_declarations(&mut self, file: &'a ast::File) -> bool {
        let mut piece = false;
        let unknown = file.items.iter().filter_map(|item| match item {
            Item::Unknown(u) => Some(u),
            _ => None,
        });
        for u in unknown.chain(&file.broken) {
            let keyword = u.keyword.node.as_str();
            let meant = if Block::TopLevel.keywords().any(|k| k == keyword) {
                Some(keyword)
            } else {
                did_you_mean(keyword, Block::TopLevel.keywords())
            };
            if !matches!(meant, Some("piece" | "zone")) {
                continue;
            }
            if meant == Some("piece") {
                self.letters_unsound = true;
                piece = true;
            }
            let text = self
                .source
                .get(u.keyword.span.end as usize..u.span.end as usize)
                .unwrap_or_default();
            if let Some(name) = words(text).first() {
                if name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    self.broken_names.push(name);
                }
            }
        }
        if !file.broken.is_empty() {
            // What did not parse may have held anything: the pieces' letters
            // cannot be checked against the setup.
            self.letters_unsound = true;
        }
        piece
    }

    fn file(&mut self, file: &'a ast::File) {
        self.items = file
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Royal(_) => Some("royal"),
                Item::Pass(_) => Some("pass"),
                Item::Scoring(_) => Some("scoring"),
                Item::Clock(_) => Some("clock"),
                _ => None,
            })
            .collect();
        let broken_piece = self.broken_declarations(file);
        // Names first, so that references may point forward.
        for item in &file.items {
            match item {
                Item::Piece(piece) => {
                    let name = piece.name.node.as_str();
                    if let Some(&first) = self.pieces.get(name) {
                        self.error(
                            ErrorKind::DuplicatePiece {
                                name: name.to_owned(),
                                first,
                            },
                            piece.name.span,
                        );
                        self.letters_unsound = true;
                    } else {
                        self.pieces.insert(name, piece.name.span);
                    }
                }
                Item::Zone(zone) => {
                    let name = zone.name.node.as_str();
                    if let Some(&first) = self.zones.get(name) {
                        self.error(
                            ErrorKind::DuplicateZone {
                                name: name.to_owned(),
                                first,
                            },
                            zone.name.span,
                        );
                        self.unsound_zones.push(name);
                    } else {
                        self.zones.insert(name, zone.name.span);
                    }
                }
                _ => {}
            }
        }

        let mut singles: IndexMap<&'static str, Span> = IndexMap::new();
        let mut letters: IndexMap<(String, bool), (&'a str, Span)> = IndexMap::new();
        let mut pieces = 0usize;
        let mut royal = false;
        // A piece whose declaration did not parse may be the royal one.
        let mut royal_unclear = broken_piece;
        for item in &file.items {
            let (keyword, span) = match item {
                Item::Variant(v) => (Some("variant"), v.span),
                Item::Board(b) => (Some("board"), b.span),
                Item::Setup(s) => (Some("setup"), s.span),
                Item::Castling(c) => (Some("castling"), c.span),
                Item::Promotion(p) => (Some("promotion"), p.span),
                Item::Drops(d) => (Some("drops"), d.span),
                Item::Gating(g) => (Some("gating"), g.span),
                Item::End(e) => (Some("end"), e.span),
                Item::Clock(c) => (Some("clock"), c.span),
                Item::Legality(l) => (Some("legality"), l.span),
                Item::Royal(r) => (Some("royal"), r.span),
                Item::Pass(span) => (Some("pass"), *span),
                Item::Scoring(s) => (Some("scoring"), s.span),
                Item::Allow(a) => (Some("allow"), a.span),
                Item::Blast(b) => (Some("blast"), b.span),
                Item::Walls(w) => (Some("walls"), w.span),
                Item::PassWhenStuck(span) => (Some("pass"), *span),
                Item::Flips(f) => (Some("flips"), f.span),
                _ => (None, Span::default()),
            };
            if let Some(keyword) = keyword {
                let head = first_word(span, keyword);
                if let Some(&first) = singles.get(keyword) {
                    self.error(ErrorKind::DuplicateItem { keyword, first }, head);
                } else {
                    singles.insert(keyword, head);
                }
            }
            match item {
                Item::Variant(variant) => self.variant(variant),
                Item::Board(board) => self.board(&board.props),
                Item::Piece(piece) => {
                    pieces += 1;
                    if pieces == MAX_PIECES + 1 {
                        self.letters_unsound = true;
                        self.error(
                            ErrorKind::TooManyPieces { max: MAX_PIECES },
                            piece.name.span,
                        );
                    }
                    let (is_royal, unclear) = self.piece(piece, &mut letters);
                    royal |= is_royal;
                    royal_unclear |= unclear;
                }
                Item::Setup(_) => {}
                Item::Castling(castling) => self.castling(castling),
                Item::Zone(zone) => self.zone(zone),
                Item::Promotion(promotion) => self.promotion(promotion),
                Item::Drops(drops) => self.drops(&drops.rules),
                Item::Gating(gating) => self.gating(gating),
                Item::End(end) => self.end(end),
                Item::Clock(clock) => {
                    let refs = crate::clock::check(clock);
                    self.errors.extend(refs.errors);
                    refs.pieces.into_iter().for_each(|p| self.piece_ref(p));
                    refs.unknown
                        .into_iter()
                        .for_each(|u| self.unknown(Block::Clock, u));
                }
                Item::Legality(legality) => self.legality(legality),
                Item::Royal(royal) => self.royal_item(royal),
                Item::Pass(_) | Item::PassWhenStuck(_) | Item::Flips(_) => {}
                Item::Walls(walls) => {
                    if let Some(squares) = &walls.squares {
                        self.square_set(squares);
                    }
                }
                Item::Scoring(scoring) => self.scoring(scoring),
                Item::Allow(allow) => self.allow(allow),
                Item::Blast(decl) => self.blast(decl),
                Item::Unknown(unknown) => {
                    if unknown.keyword.node == "royal" {
                        royal_unclear = true;
                    }
                    self.unknown(Block::TopLevel, unknown);
                }
            }
        }
        self.symbol_clashes(&letters);
        for keyword in ["variant", "board", "setup"] {
            if !singles.contains_key(keyword) && !self.has_malformed_item(file, keyword) {
                self.error(ErrorKind::MissingItem { keyword }, Span::default());
            }
        }
        // Without a royal piece the game needs another way to be decided:
        // an extinction rule, a goal, a line, or a stalemate that is not a
        // draw.
        let decided = file.items.iter().any(|item| {
            matches!(item, Item::End(e) if e.rules.iter().any(|r| match r {
                EndRule::Extinction { .. } | EndRule::Reach { .. } | EndRule::Line { .. } => true,
                EndRule::Stalemate { outcome, .. } => outcome.node != "draw",
                _ => false,
            }))
        });
        if !royal && !royal_unclear && !decided && file.broken.is_empty() {
            self.error(ErrorKind::NoRoyalPiece, Span::default());
        }
    }

    /// Whether the file has an item starting with `keyword` that did not parse
    /// (already reported, so not "missing" too).
    fn has_malformed_item(&self, file: &ast::File, keyword: &str) -> bool {
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
    fn mend(&self, span: Span, mend: Mend) -> Option<Fix> {
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
    fn unknown(&mut self, block: Block, unknown: &Unknown) {
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
    fn betza_hint(&self, unknown: &Unknown) -> Option<(ErrorKind, Span)> {
        let start = unknown.keyword.span.end as usize;
        let text = self.source.get(start..unknown.span.end as usize)?;
        let mut offset = start;
        for word in text.split([' ', '\t']) {
            let span = Span::new(offset, offset + word.len());
            offset += word.len() + 1;
            if word.is_empty() {
                continue;
            }
            if matches!(word, "if" | "within" | "from" | "once") {
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

    fn once(&mut self, seen: &mut IndexMap<&'static str, Span>, keyword: &'static str, span: Span) {
        if let Some(&first) = seen.get(keyword) {
            self.error(ErrorKind::DuplicateStatement { keyword, first }, span);
        } else {
            seen.insert(keyword, span);
        }
    }

    /// `E0048`: a name that is empty or longer than a table holds.
    fn name_length(&mut self, what: &'static str, name: &Spanned<String>, max: usize) {
        let len = name.node.len();
        if len == 0 || len > max {
            self.error(ErrorKind::NameLength { what, len, max }, name.span);
        }
    }

    fn variant(&mut self, variant: &ast::VariantDecl) {
        self.name_length("variant name", &variant.name, MAX_NAME_BYTES);
        let mut seen = IndexMap::new();
        for prop in &variant.props {
            match prop {
                VariantProp::Alias(_) => {}
                VariantProp::Description(d) => self.once(&mut seen, "description", d.span),
                VariantProp::Source(s) => self.once(&mut seen, "source", s.span),
                VariantProp::Unknown(u) => self.unknown(Block::Variant, u),
            }
        }
    }

    fn board(&mut self, props: &[BoardProp]) {
        let mut seen = IndexMap::new();
        for prop in props {
            if let BoardProp::Files(labels) | BoardProp::Ranks(labels) = prop {
                if let Labels::List(items) = &labels.node {
                    for label in items {
                        // A square's name is its file's label and its rank's.
                        self.name_length("label", label, MAX_NAME_BYTES / 2);
                    }
                }
            }
            match prop {
                BoardProp::Files(labels) => self.once(&mut seen, "files", labels.span),
                BoardProp::Ranks(labels) => self.once(&mut seen, "ranks", labels.span),
                BoardProp::Cells(rows) => {
                    let span = rows.first().map_or(Span::default(), |r| r.span);
                    self.once(&mut seen, "cells", span);
                }
                BoardProp::Forward { side, .. } => {
                    let keyword = match side.node {
                        Side::White => "forward white",
                        Side::Black => "forward black",
                    };
                    self.once(&mut seen, keyword, side.span);
                }
                BoardProp::Fen(value) => {
                    self.once(&mut seen, "fen", value.span);
                    if !FEN_ORDERS.contains(&value.node.as_str()) {
                        let suggestion = did_you_mean(&value.node, FEN_ORDERS.iter().copied());
                        self.error(
                            ErrorKind::UnknownFenOrder {
                                value: value.node.clone(),
                                suggestion,
                            },
                            value.span,
                        );
                    }
                }
                BoardProp::Wrap { span, .. } => self.once(&mut seen, "wrap", *span),
                BoardProp::Shape { span, .. } => self.once(&mut seen, "shape", *span),
                BoardProp::Name { name, .. } => {
                    self.name_length("square name", name, MAX_NAME_BYTES);
                }
                BoardProp::Unknown(u) => self.unknown(Block::Board, u),
            }
        }
    }

    /// Symbols a FEN could not tell apart: one is the start of another,
    /// which goes on with a letter that starts a symbol (`L`, `LN` and
    /// `N`: is `LN` a Lion, or a Lance and a Knight?).
    fn symbol_clashes(&mut self, letters: &IndexMap<(String, bool), (&'a str, Span)>) {
        let symbols: Vec<(&str, bool)> = letters.keys().map(|(s, p)| (s.as_str(), *p)).collect();
        for (short, long) in symbol_clashes(&symbols) {
            self.letters_unsound = true;
            let (
                Some(((short_symbol, _), &(short_piece, short_span))),
                Some(((long_symbol, _), &(long_piece, long_span))),
            ) = (letters.get_index(short), letters.get_index(long))
            else {
                continue;
            };
            let rest = &long_symbol[short_symbol.len()..];
            let starts = letters
                .iter()
                .find(|((s, plus), _)| !plus && s.as_bytes().first() == rest.as_bytes().first())
                .map(|(_, &(name, _))| name.to_owned())
                .unwrap_or_default();
            self.error(
                ErrorKind::AmbiguousLetter {
                    letter: long_symbol.clone(),
                    piece: long_piece.to_owned(),
                    shorter: short_symbol.clone(),
                    other: short_piece.to_owned(),
                    starts,
                    first: short_span,
                },
                long_span,
            );
        }
    }

    /// Checks a piece; returns (is royal, has a malformed `royal`).
    fn piece(
        &mut self,
        piece: &'a PieceDecl,
        letters: &mut IndexMap<(String, bool), (&'a str, Span)>,
    ) -> (bool, bool) {
        self.name_length("piece name", &piece.name, MAX_NAME_BYTES);
        let mut seen = IndexMap::new();
        let mut has_letter = false;
        let mut also_done = false;
        let mut has_moves = false;
        let mut immobile = None;
        let mut royal = false;
        let mut royal_unclear = false;
        let mut moves_sound = true;
        let mut faces = None;
        let errors_before = self.errors.len();
        for prop in &piece.props {
            match prop {
                PieceProp::Letter(letter) => {
                    has_letter = true;
                    let first_letter = !seen.contains_key("letter");
                    self.once(&mut seen, "letter", letter.span);
                    // `+P` is a promoted face, written `+` and its symbol:
                    // unique among the `+` symbols, as plain symbols are
                    // among themselves (ignoring case).
                    let plus = letter.node.starts_with('+');
                    let symbol = &letter.node[usize::from(plus)..];
                    let upper = symbol.to_ascii_uppercase();
                    if is_symbol(symbol) {
                        let key = (upper, plus);
                        if !first_letter {
                            // Already reported as a duplicate statement.
                        } else if let Some(&(other, first)) = letters.get(&key) {
                            let kind = if self.also_spans.contains(&first) {
                                ErrorKind::SynonymClash {
                                    letter: symbol.to_owned(),
                                    other: other.to_owned(),
                                    first,
                                    second_is_ours: false,
                                }
                            } else {
                                ErrorKind::DuplicateLetter {
                                    letter: symbol.to_owned(),
                                    other: other.to_owned(),
                                    first,
                                }
                            };
                            self.error(kind, letter.span);
                        } else {
                            letters.insert(key, (piece.name.node.as_str(), letter.span));
                        }
                    } else if is_symbol(&upper) {
                        self.error(
                            ErrorKind::MixedCaseLetter {
                                letter: letter.node.clone(),
                                suggestion: letter.node.to_ascii_uppercase(),
                            },
                            letter.span,
                        );
                    } else {
                        self.error(
                            ErrorKind::InvalidLetter {
                                letter: letter.node.clone(),
                            },
                            letter.span,
                        );
                    }
                }
                PieceProp::Also(also) => {
                    // Only the first `letter`'s: a repeated `letter` is
                    // already reported.
                    if also_done {
                        continue;
                    }
                    also_done = true;
                    // A plain symbol, also for a promoted face (`letter +P
                    // also E`: the face's own letter, as Fairy-Stockfish's
                    // SAN writes it).
                    let upper = also.node.to_ascii_uppercase();
                    if is_symbol(&also.node) {
                        let key = (upper, false);
                        if let Some(&(other, first)) = letters.get(&key) {
                            self.error(
                                ErrorKind::SynonymClash {
                                    letter: also.node.to_ascii_uppercase(),
                                    other: other.to_owned(),
                                    first,
                                    second_is_ours: true,
                                },
                                also.span,
                            );
                        } else {
                            self.also_spans.push(also.span);
                            letters.insert(key, (piece.name.node.as_str(), also.span));
                        }
                    } else if is_symbol(&upper) {
                        self.error(
                            ErrorKind::MixedCaseLetter {
                                letter: also.node.clone(),
                                suggestion: upper,
                            },
                            also.span,
                        );
                    } else {
                        self.error(
                            ErrorKind::InvalidLetter {
                                letter: also.node.clone(),
                            },
                            also.span,
                        );
                    }
                }
                PieceProp::Moves {
                    betza,
                    guard,
                    regions,
                    ..
                } => {
                    has_moves = true;
                    let before = self.errors.len();
                    self.betza(betza);
                    for r in regions {
                        self.square_set(&r.set);
                    }
                    moves_sound &= self.errors.len() == before;
                    if let Some(guard) = guard {
                        if !GUARDS.contains(&guard.node.as_str()) {
                            let suggestion = did_you_mean(&guard.node, GUARDS.iter().copied());
                            self.error(
                                ErrorKind::UnknownGuard {
                                    guard: guard.node.clone(),
                                    suggestion,
                                },
                                guard.span,
                            );
                        }
                    }
                }
                PieceProp::Royal(span) => {
                    royal = true;
                    self.once(&mut seen, "royal", *span);
                }
                PieceProp::CapturedAs(name) => {
                    self.once(&mut seen, "captured-as", name.span);
                    self.piece_ref(name);
                }
                PieceProp::FenOnly(span) => self.once(&mut seen, "fen-only", *span),
                PieceProp::Immobile(span) => {
                    self.once(&mut seen, "immobile", *span);
                    immobile = Some(*span);
                }
                PieceProp::Notation { span, .. } => self.once(&mut seen, "notation", *span),
                PieceProp::Faces { betza, span } => {
                    self.once(&mut seen, "faces", *span);
                    self.betza(betza);
                    faces = Some(*span);
                }
                PieceProp::CannotCapture { pieces, span } => {
                    self.once(
                        &mut seen,
                        "cannot-capture",
                        first_word(*span, "cannot-capture"),
                    );
                    for p in pieces {
                        self.piece_ref(p);
                    }
                }
                PieceProp::CannotHop { pieces, span } => {
                    self.once(&mut seen, "cannot-hop", first_word(*span, "cannot-hop"));
                    for p in pieces {
                        self.piece_ref(p);
                    }
                    let hops = piece.props.iter().any(|q| match q {
                        PieceProp::Moves { betza, .. } => betza
                            .terms
                            .iter()
                            .any(|t| t.mods.iter().any(|m| m.node == 'p' || m.node == 'g')),
                        _ => false,
                    });
                    if !hops {
                        self.error(
                            ErrorKind::CannotHopWithoutHops {
                                piece: piece.name.node.clone(),
                            },
                            first_word(*span, "cannot-hop"),
                        );
                    }
                }
                PieceProp::Unknown(u) => {
                    // A malformed or misspelt statement is reported once, not
                    // again as missing.
                    let keyword = u.keyword.node.as_str();
                    let meant = did_you_mean(keyword, Block::Piece.keywords());
                    match meant.unwrap_or(keyword) {
                        "letter" => has_letter = true,
                        "moves" => {
                            has_moves = true;
                            moves_sound = false;
                        }
                        "royal" => royal_unclear = true,
                        _ => {}
                    }
                    self.unknown(Block::Piece, u);
                }
            }
        }
        if !has_letter {
            self.error(
                ErrorKind::MissingLetter {
                    piece: piece.name.node.clone(),
                },
                piece.name.span,
            );
        }
        let letter_error = self.errors[errors_before..].iter().any(|e| {
            matches!(
                e.kind,
                ErrorKind::InvalidLetter { .. }
                    | ErrorKind::MixedCaseLetter { .. }
                    | ErrorKind::DuplicateLetter { .. }
                    | ErrorKind::SynonymClash { .. }
                    | ErrorKind::MissingLetter { .. }
                    | ErrorKind::DuplicateStatement {
                        keyword: "letter",
                        ..
                    }
            )
        });
        if let Some(span) = faces {
            if !royal && !royal_unclear {
                self.error(
                    ErrorKind::FacesNotRoyal {
                        piece: piece.name.node.clone(),
                    },
                    span,
                );
            }
        }
        self.letters_unsound |= letter_error || (!has_letter_statement(piece) && has_letter);
        self.moves_sound.push(moves_sound);
        if let (true, Some(span)) = (has_moves, immobile) {
            self.error(
                ErrorKind::ImmobileWithMoves {
                    piece: piece.name.node.clone(),
                },
                span,
            );
        }
        if !has_moves && immobile.is_none() {
            self.error(
                ErrorKind::MissingMoves {
                    piece: piece.name.node.clone(),
                },
                piece.name.span,
            );
        }
        (royal, royal_unclear)
    }

    fn betza(&mut self, betza: &Betza) {
        for term in &betza.terms {
            let groups = betza::leg_groups(term);
            let last = groups.len() - 1;
            // Modes and hopper letters conflict within one leg only.
            for (leg, group) in groups.iter().enumerate() {
                let mut mode: Option<Spanned<char>> = None;
                let mut hop: Option<Spanned<char>> = None;
                for modifier in group.iter() {
                    let letter = modifier.node;
                    if letter == 'h' {
                        self.error(
                            ErrorKind::UnsupportedBetzaModifier { modifier: letter },
                            modifier.span,
                        );
                    } else if !BETZA_MODIFIERS.contains(letter) {
                        self.error(
                            ErrorKind::UnknownBetzaModifier { modifier: letter },
                            modifier.span,
                        );
                    } else if let Some(why) = leg_refusal(letter, leg, last) {
                        self.error(
                            ErrorKind::LegModifier {
                                modifier: letter,
                                why,
                            },
                            modifier.span,
                        );
                    }
                    if letter == 'p' || letter == 'g' {
                        match &hop {
                            Some(first) if first.node != letter => self.error(
                                ErrorKind::ConflictingHopModes { first: first.span },
                                modifier.span,
                            ),
                            Some(_) => {}
                            None => hop = Some(modifier.clone()),
                        }
                    }
                    // `mc` on an earlier leg: empty or an enemy to capture.
                    if (letter == 'm' || letter == 'c') && leg == last {
                        match &mode {
                            Some(first) if first.node != letter => self.error(
                                ErrorKind::ConflictingBetzaModes { first: first.span },
                                modifier.span,
                            ),
                            Some(_) => {}
                            None => mode = Some(modifier.clone()),
                        }
                    }
                }
            }
            // A capture on the way and a hop in one move.
            if last > 0 && groups[0].iter().any(|m| m.node == 'c') {
                for m in groups[1..last].iter().flat_map(|g| g.iter()) {
                    if m.node == 'p' || m.node == 'g' {
                        self.error(
                            ErrorKind::LegModifier {
                                modifier: m.node,
                                why: "a move that captures on the way cannot also hop",
                            },
                            m.span,
                        );
                    }
                }
            }
            if !BETZA_ATOMS.contains(term.atom.node) {
                self.error(
                    ErrorKind::UnknownBetzaAtom {
                        atom: term.atom.node,
                    },
                    term.atom.span,
                );
            } else if last > 0 && !betza::LEG_ATOMS.contains(term.atom.node) {
                self.error(
                    ErrorKind::LegAtom {
                        atom: term.atom.node,
                    },
                    term.atom.span,
                );
            }
            // After a hop leg, single steps only (the runtime's hopper
            // lands within a count of steps beyond its one hurdle).
            if let Some(twice) = betza::specs(term)
                .and_then(|s| s.into_iter().next())
                .and_then(|spec| spec.hop_problem())
            {
                self.error(ErrorKind::LegAfterHop { twice }, term.span);
            }
        }
    }

    /// `E0058`: points (of a piece or a komi) beyond what the tables hold.
    fn points(&mut self, points: &Spanned<u32>) {
        if points.node > fairyc_runtime::table::MAX_POINTS {
            self.error(ErrorKind::PointsOutOfRange, points.span);
        }
    }

    fn piece_ref(&mut self, name: &Spanned<String>) {
        if !self.pieces.contains_key(name.node.as_str())
            && !self.broken_names.contains(&name.node.as_str())
        {
            let suggestion =
                did_you_mean(&name.node, self.pieces.keys().copied()).map(str::to_owned);
            self.error(
                ErrorKind::UnknownPiece {
                    name: name.node.clone(),
                    suggestion,
                },
                name.span,
            );
        }
    }

    fn outcome(&mut self, outcome: &Spanned<String>) {
        if !OUTCOMES.contains(&outcome.node.as_str()) {
            let suggestion = did_you_mean(&outcome.node, OUTCOMES.iter().copied());
            self.error(
                ErrorKind::UnknownOutcome {
                    word: outcome.node.clone(),
                    suggestion,
                },
                outcome.span,
            );
        }
    }

    fn square_set(&mut self, set: &SquareSet) {
        if let [item] = set.items.as_slice() {
            if let SetItem::Name(name) = &item.node {
                if !self.zones.contains_key(name.node.as_str())
                    && !is_square_name(&name.node)
                    && !self.broken_names.contains(&name.node.as_str())
                {
                    let suggestion =
                        did_you_mean(&name.node, self.zones.keys().copied()).map(str::to_owned);
                    self.error(
                        ErrorKind::UnknownZone {
                            name: name.node.clone(),
                            suggestion,
                        },
                        name.span,
                    );
                }
                return;
            }
        }
        for item in &set.items {
            match &item.node {
                SetItem::Name(name) if !is_square_name(&name.node) => {
                    let is_zone = self.zones.contains_key(name.node.as_str());
                    self.error(
                        ErrorKind::NotASquare {
                            name: name.node.clone(),
                            is_zone,
                        },
                        name.span,
                    );
                }
                SetItem::Setup {
                    piece: Some(piece), ..
                } => self.piece_ref(piece),
                _ => {}
            }
        }
    }

    fn castling(&mut self, castling: &CastlingDecl) {
        // Each letter's first rule. Rules may share a letter when they are
        // one right with several moves: the same king and rook pieces on the
        // same start squares (Wildebeest's king goes one to four squares).
        let mut letters: IndexMap<char, (Span, &crate::ast::CastlingRule)> = IndexMap::new();
        if let Some(&second) = castling.by_drop.get(1) {
            self.error(
                ErrorKind::DuplicateStatement {
                    keyword: "by-drop",
                    first: castling.by_drop[0],
                },
                second,
            );
        }
        for rule in &castling.rules {
            let mut chars = rule.fen.node.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    if let Some(&(first, other)) = letters.get(&c) {
                        let same_right = rule.king.node == other.king.node
                            && rule.rook.node == other.rook.node
                            && rule.king_from.node == other.king_from.node
                            && rule.rook_from.node == other.rook_from.node
                            && rule.king_from.node != "any";
                        if !same_right {
                            self.error(
                                ErrorKind::DuplicateCastlingLetter { letter: c, first },
                                rule.fen.span,
                            );
                        }
                    } else {
                        letters.insert(c, (rule.fen.span, rule));
                    }
                }
                _ => self.error(
                    ErrorKind::InvalidCastlingLetter {
                        letter: rule.fen.node.clone(),
                    },
                    rule.fen.span,
                ),
            }
            self.piece_ref(&rule.king);
            self.piece_ref(&rule.rook);
        }
        for u in &castling.unknown {
            self.unknown(Block::Castling, u);
        }
    }

    fn zone(&mut self, zone: &'a ZoneDecl) {
        let before = self.errors.len();
        self.zone_inner(zone);
        if self.errors.len() != before {
            self.unsound_zones.push(zone.name.node.as_str());
        }
    }

    fn zone_inner(&mut self, zone: &ZoneDecl) {
        self.name_length("zone name", &zone.name, MAX_NAME_BYTES);
        let mut seen = IndexMap::new();
        for (side, set) in &zone.sides {
            let keyword = crate::error::side_name(side.node);
            self.once(&mut seen, keyword, side.span);
            self.square_set(set);
        }
        for u in &zone.unknown {
            self.unknown(Block::Zone, u);
        }
        let malformed = |name: &str| zone.unknown.iter().any(|u| u.keyword.node == name);
        for side in [Side::White, Side::Black] {
            let name = crate::error::side_name(side);
            if !seen.contains_key(name) && !malformed(name) {
                self.error(
                    ErrorKind::MissingZoneSide {
                        zone: zone.name.node.clone(),
                        side,
                    },
                    zone.name.span,
                );
            }
        }
    }

    fn promotion(&mut self, promotion: &PromotionDecl) {
        let mut limited: Vec<&str> = Vec::new();
        for limit in &promotion.limits {
            self.piece_ref(&limit.piece);
            if limit.count.node == 0 || limit.count.node > 64 {
                self.error(
                    ErrorKind::PromotionLimitOutOfRange {
                        count: limit.count.node,
                    },
                    limit.count.span,
                );
            }
            if limited.contains(&limit.piece.node.as_str()) {
                self.error(
                    ErrorKind::PromotionLimitTwice {
                        piece: limit.piece.node.clone(),
                    },
                    limit.span,
                );
            }
            limited.push(&limit.piece.node);
        }
        for rule in &promotion.rules {
            self.piece_ref(&rule.piece);
            for target in &rule.targets {
                match &target.node {
                    PromotionTarget::Piece(name) => {
                        self.piece_ref(name);
                        if name.node == rule.piece.node {
                            self.error(
                                ErrorKind::PromotesToItself {
                                    piece: name.node.clone(),
                                },
                                name.span,
                            );
                        }
                    }
                    PromotionTarget::Hand(name) => self.piece_ref(name),
                }
            }
            self.square_set(&rule.zone);
            let mut named: Vec<&str> = Vec::new();
            for word in &rule.on {
                let w = word.node.as_str();
                if !PROMOTION_TRIGGERS.contains(&w) || named.contains(&w) {
                    let suggestion = did_you_mean(w, PROMOTION_TRIGGERS.iter().copied())
                        .filter(|s| !named.contains(s));
                    self.error(
                        ErrorKind::UnknownPromotionTrigger {
                            word: w.to_owned(),
                            suggestion,
                        },
                        word.span,
                    );
                }
                named.push(w);
            }
            if let Some(except) = &rule.except {
                self.square_set(except);
                if rule.optional.is_none() {
                    self.error(ErrorKind::ExceptWithoutOptional, except.span);
                }
            }
        }
        for u in &promotion.unknown {
            self.unknown(Block::Promotion, u);
        }
    }

    fn drops(&mut self, rules: &[DropRule]) {
        let mut seen = IndexMap::new();
        for rule in rules {
            match rule {
                DropRule::CapturesOff { span } => self.once(&mut seen, "captures-to-hand", *span),
                DropRule::NotOn { piece, squares, .. } => {
                    self.piece_ref(piece);
                    self.square_set(squares);
                }
                DropRule::NoMate { piece, .. } => self.piece_ref(piece),
                DropRule::AlsoAs { piece, face, .. } => {
                    self.piece_ref(piece);
                    self.piece_ref(face);
                }
                DropRule::PerFile { piece, count, .. } => {
                    self.piece_ref(piece);
                    if count.node == 0 || count.node > 64 {
                        self.error(
                            ErrorKind::PerFileOutOfRange { count: count.node },
                            count.span,
                        );
                    }
                }
                DropRule::MustDrop { span } => self.once(&mut seen, "must-drop", *span),
                DropRule::MustFlip { span } => self.once(&mut seen, "must-flip", *span),
                DropRule::NextToOwn { span } => self.once(&mut seen, "next-to-own", *span),
                DropRule::Unlimited { span } => self.once(&mut seen, "unlimited", *span),
                DropRule::FirstOn { span, squares } => {
                    self.once(&mut seen, "first-on", first_word(*span, "first-on"));
                    self.square_set(squares);
                }
                DropRule::Falls { span } => self.once(&mut seen, "falls", *span),
                DropRule::OnlyOn { piece, squares, .. } => {
                    self.piece_ref(piece);
                    self.square_set(squares);
                }
                DropRule::PerColour { piece, count, .. } => {
                    self.piece_ref(piece);
                    if count.node == 0 || count.node > 64 {
                        self.error(
                            ErrorKind::PerColourOutOfRange { count: count.node },
                            count.span,
                        );
                    }
                }
                DropRule::Unknown(u) => self.unknown(Block::Drops, u),
            }
        }
    }

    fn gating(&mut self, gating: &GatingDecl) {
        for rule in &gating.rules {
            match rule {
                GatingRule::Gate {
                    pieces, squares, ..
                } => {
                    for piece in pieces {
                        self.piece_ref(piece);
                    }
                    self.square_set(squares);
                }
                GatingRule::Unknown(u) => self.unknown(Block::Gating, u),
            }
        }
    }

    fn legality(&mut self, legality: &LegalityDecl) {
        let mut seen = IndexMap::new();
        for rule in &legality.rules {
            match rule {
                LegalityRule::GivingCheckForbidden { span, .. } => {
                    self.once(&mut seen, "giving-check", first_word(*span, "giving-check"));
                }
                LegalityRule::CaptureCompulsory(span) => {
                    self.once(&mut seen, "capture", first_word(*span, "capture"));
                }
                LegalityRule::Unknown(u) => self.unknown(Block::Legality, u),
            }
        }
    }

    /// The `royal` item: each statement once; `check all`, `check last` and
    /// `check any` exclude each other (`E0188`).
    fn royal_item(&mut self, royal: &RoyalDecl) {
        let mut seen = IndexMap::new();
        let mut check: Option<RoyalCheck> = None;
        for rule in &royal.rules {
            match rule {
                RoyalRule::Check(c) => {
                    if check.is_some_and(|first| first != c.node) {
                        let first = check.map_or("all", RoyalCheck::word);
                        let second = c.node.word();
                        self.error(ErrorKind::SeveralRoyalRules { first, second }, c.span);
                    } else {
                        self.once(&mut seen, "check", first_word(c.span, "check"));
                    }
                    check = check.or(Some(c.node));
                }
                RoyalRule::Only(side) => {
                    self.once(&mut seen, "only", first_word(side.span, "only"))
                }
                RoyalRule::FleeingForbidden(span) => {
                    self.once(&mut seen, "fleeing", first_word(*span, "fleeing"));
                }
                RoyalRule::Unknown(u) => self.unknown(Block::Royal, u),
            }
        }
    }

    /// The `allow` item: each code a warning's (`E0191`), each once.
    fn allow(&mut self, allow: &AllowDecl) {
        let mut seen = IndexMap::new();
        for code in &allow.codes {
            match crate::warning::CODES.iter().find(|&&c| c == code.node) {
                Some(&known) => self.once(&mut seen, known, code.span),
                None => {
                    // An error's code (`E0012`) is not a misspelt warning's.
                    let upper = code.node.to_ascii_uppercase();
                    let codes = crate::warning::CODES.iter().copied();
                    let suggestion = match codes.clone().find(|&c| c == upper) {
                        Some(exact) => Some(exact),
                        None if upper.starts_with('W') => {
                            crate::suggest::did_you_mean(&upper, codes)
                        }
                        None => None,
                    };
                    self.error(
                        ErrorKind::UnknownWarning {
                            code: code.node.clone(),
                            suggestion,
                        },
                        code.span,
                    );
                }
            }
        }
    }

    /// The `scoring` item: each piece's points once, each side's komi once.
    fn scoring(&mut self, scoring: &ScoringDecl) {
        let mut seen = IndexMap::new();
        let mut priced: IndexMap<String, Span> = IndexMap::new();
        for rule in &scoring.rules {
            match rule {
                ScoringRule::Points { pieces, .. } => {
                    for (piece, points) in pieces {
                        self.piece_ref(piece);
                        self.points(points);
                        if let Some(&first) = priced.get(&piece.node) {
                            self.error(
                                ErrorKind::DuplicateStatement {
                                    keyword: "points",
                                    first,
                                },
                                piece.span,
                            );
                        } else {
                            priced.insert(piece.node.clone(), piece.span);
                        }
                    }
                }
                ScoringRule::Komi { span, side, points } => {
                    let key = if side.node == Side::White {
                        "komi white"
                    } else {
                        "komi black"
                    };
                    self.once(&mut seen, key, first_word(*span, "komi"));
                    self.points(points);
                }
                ScoringRule::Unknown(u) => self.unknown(Block::Scoring, u),
            }
        }
    }

    fn end(&mut self, end: &EndDecl) {
        let mut seen = IndexMap::new();
        for rule in &end.rules {
            match rule {
                EndRule::Checkmate { span, outcome } => {
                    self.once(&mut seen, "checkmate", first_word(*span, "checkmate"));
                    self.outcome(outcome);
                }
                EndRule::CheckmateBy {
                    span,
                    pieces,
                    outcome,
                    ..
                }
                | EndRule::CheckmateNeeds {
                    span,
                    pieces,
                    outcome,
                } => {
                    let key = if matches!(rule, EndRule::CheckmateBy { .. }) {
                        "checkmate by"
                    } else {
                        "checkmate needs"
                    };
                    self.once(&mut seen, key, first_word(*span, "checkmate"));
                    for p in pieces {
                        self.piece_ref(p);
                    }
                    self.outcome(outcome);
                }
                EndRule::Stalemate { span, outcome } => {
                    self.once(&mut seen, "stalemate", first_word(*span, "stalemate"));
                    // `stalemate fewer-pieces | points`: decided by the material.
                    if outcome.node != FEWER_PIECES && outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::BareKing { span, outcome, .. } => {
                    self.once(&mut seen, "bare-king", first_word(*span, "bare-king"));
                    self.outcome(outcome);
                }
                EndRule::Repetition {
                    span,
                    count,
                    outcome,
                    claim,
                    perpetual_check,
                } => {
                    self.once(&mut seen, "repetition", first_word(*span, "repetition"));
                    self.outcome(outcome);
                    if let Some(p) = perpetual_check {
                        self.outcome(p);
                    }
                    if count.node < 2 {
                        self.error(
                            ErrorKind::RepetitionTooSmall { count: count.node },
                            count.span,
                        );
                    } else if let Some(claim) = claim {
                        if claim.node < 2 || claim.node >= count.node {
                            self.error(
                                ErrorKind::InvalidClaim {
                                    claim: claim.node,
                                    count: count.node,
                                },
                                claim.span,
                            );
                        }
                    }
                }
                EndRule::DoublePass { span, outcome } => {
                    self.once(&mut seen, "double-pass", first_word(*span, "double-pass"));
                    if outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::FullBoard { span, outcome } => {
                    self.once(&mut seen, "full-board", first_word(*span, "full-board"));
                    if outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::Facing { span, outcome } => {
                    self.once(&mut seen, "facing", first_word(*span, "facing"));
                    if outcome.node != POINTS {
                        self.outcome(outcome);
                    }
                }
                EndRule::Line {
                    length,
                    pieces,
                    outcome,
                    ..
                } => {
                    if !(2..=MAX_LINE).contains(&length.node) {
                        self.error(
                            ErrorKind::NumberOutOfRange {
                                number: length.node.to_string(),
                                place: "a `line` length",
                                min: 2,
                                max: i64::from(MAX_LINE),
                            },
                            length.span,
                        );
                    }
                    for p in pieces {
                        self.piece_ref(p);
                    }
                    self.outcome(outcome);
                }
                EndRule::DrawOdds { span, side } => {
                    self.once(&mut seen, "draw-odds", first_word(*span, "draw-odds"));
                    if side_of(&side.node).is_none() {
                        let suggestion = did_you_mean(&side.node, ["white", "black"]);
                        self.error(
                            ErrorKind::UnknownSide {
                                word: side.node.clone(),
                                suggestion,
                            },
                            side.span,
                        );
                    }
                }
                EndRule::Reach {
                    piece,
                    squares,
                    outcome,
                    ..
                } => {
                    self.piece_ref(piece);
                    self.square_set(squares);
                    self.outcome(outcome);
                }
                EndRule::Checks {
                    span,
                    count,
                    outcome,
                } => {
                    self.once(&mut seen, "checks", first_word(*span, "checks"));
                    self.outcome(outcome);
                    if count.node == 0 || count.node > MAX_CHECK_COUNT {
                        self.error(
                            ErrorKind::CheckCountOutOfRange { count: count.node },
                            count.span,
                        );
                    }
                }
                EndRule::Extinction {
                    piece,
                    outcome,
                    opponent,
                    ..
                } => {
                    if piece.node != "all" {
                        self.piece_ref(piece);
                    }
                    self.outcome(outcome);
                    if let Some(n) = opponent {
                        if n.node == 0 || n.node > MAX_HAND_LEFT {
                            self.error(
                                ErrorKind::NumberOutOfRange {
                                    number: n.node.to_string(),
                                    place: "an `opponent-has` count",
                                    min: 1,
                                    max: i64::from(MAX_HAND_LEFT),
                                },
                                n.span,
                            );
                        }
                    }
                }
                EndRule::Counting {
                    span,
                    without,
                    board,
                    limits,
                    ..
                } => {
                    self.once(&mut seen, "counting", first_word(*span, "counting"));
                    for p in without {
                        self.piece_ref(p);
                    }
                    let max = fairyc_runtime::table::MAX_COUNTING_LIMIT;
                    let moves = limits.iter().map(|l| &l.moves).chain(board.iter());
                    for n in moves {
                        if n.node == 0 || n.node > max {
                            self.error(
                                ErrorKind::CountingLimitOutOfRange { moves: n.node },
                                n.span,
                            );
                        }
                    }
                    let mut always = None;
                    for l in limits {
                        if let Some(always) = always {
                            self.error(ErrorKind::CountingLimitUnreachable { always }, l.span);
                            break;
                        }
                        for need in &l.needs {
                            self.piece_ref(&need.piece);
                            if let Some(c) = &need.count {
                                if c.node == 0 || c.node > MAX_HAND_LEFT {
                                    self.error(
                                        ErrorKind::CountingLimitOutOfRange { moves: c.node },
                                        c.span,
                                    );
                                }
                            }
                        }
                        if l.needs.is_empty() {
                            always = Some(l.span);
                        }
                    }
                }
                EndRule::Unknown(u) => self.unknown(Block::End, u),
            }
        }
    }
}

/// The span of `keyword` at the start of `span`.
fn first_word(span: Span, keyword: &str) -> Span {
    span.sub(0, keyword.len())
}

/// Whether a piece has a well-formed `letter` statement.
fn has_letter_statement(piece: &PieceDecl) -> bool {
    piece
        .props
        .iter()
        .any(|p| matches!(p, PieceProp::Letter(_)))
}

// --- the checked file -------------------------------------------------------

/// A file that passed every check, with every name resolved: pieces are
/// indices into [`Checked::pieces`], squares indices into the geometry's
/// squares, zones per side (`[white, black]`), outcomes decided.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The variant's name.
    pub name: String,
    /// The board.
    pub geometry: Geometry,
    /// The pieces, in the order declared.
    pub pieces: Vec<CheckedPiece>,
    /// The start position.
    pub setup: CheckedSetup,
    /// The promotion rules, in the order written (rules with no choice are
    /// left out).
    pub promotions: Vec<CheckedPromotion>,
    /// The drop rules, if the variant has drops.
    pub drops: Option<DropRules>,
    /// The castling rules.
    pub castling: Vec<CheckedCastling>,
    /// The gating rules, as the tables hold them.
    pub gating: Vec<GateRule>,
    /// The end rules.
    pub end: CheckedEnd,
    /// The move clock.
    pub clock: crate::clock::CheckedClock,
    /// The legality rules.
    pub legality: Legality,
    /// The declared zones with their squares, in the order declared.
    pub zones: Vec<ZoneTable>,
    /// The `blast` block's table part.
    pub blast: Option<fairyc_runtime::BlastTable>,
    /// The `walls` item's table part.
    pub walling: Option<fairyc_runtime::WallingTable>,
    /// The `flips` item's table part, with the drop rules that go with it.
    pub flipping: Option<fairyc_runtime::FlippingTable>,
}

/// A checked piece.
#[derive(Clone, Debug)]
pub struct CheckedPiece {
    /// Its name.
    pub name: String,
    /// Its FEN symbol, upper case (`K`, `DE`, `N'`).
    pub letter: String,
    /// Whether it is royal.
    pub royal: bool,
    /// `royal { only white|black }`: royal for that side only (0 White, 1 Black).
    pub royal_side: Option<u8>,
    /// What it becomes in hand when captured, if not itself.
    pub captured_as: Option<u8>,
    /// What it becomes in hand when captured, if it is only ever promoted to.
    pub demotes_to: Option<u8>,
    /// Whether its symbol is written after a `+` (`letter +P`).
    pub plus: bool,
    /// Its second symbol, upper case (`letter N also H`): read in FEN and
    /// SAN as this piece, written in SAN.
    pub synonym: Option<String>,
    /// `<Piece> max <n>`: promotion to it only while its side has fewer
    /// than n on the board.
    pub promotion_limit: Option<u8>,
    /// Its Betza terms.
    pub moves: Vec<CheckedMove>,
    /// `cannot-capture`: the pieces it never captures.
    pub cannot_capture: Vec<u8>,
    /// `cannot-hop`: the pieces its hoppers may not jump.
    pub cannot_hop: Vec<u8>,
    /// `points`, in tenths.
    pub points: u32,
    /// `notation pawn` or `notation piece`: how SAN writes its moves.
    pub notation: Option<Notation>,
}

/// One Betza term of a piece.
#[derive(Clone, Debug)]
pub struct CheckedMove {
    /// Its move specifications.
    pub specs: Vec<MoveSpec>,
    /// `if friend-adjacent`.
    pub guarded: bool,
    /// `once`: made only from a square whose right the side holds (the
    /// squares where the variant's pieces with `once` moves start).
    pub once: bool,
    /// `if not-in-check`: not made while the side is in check.
    pub unchecked: bool,
    /// `within <set>`: per side, the squares every step must land on
    /// (`None`: anywhere).
    pub within: Option<[Vec<Sq>; 2]>,
    /// `from <set>`: per side, the squares the move may start from.
    pub from: Option<[Vec<Sq>; 2]>,
    /// From `faces`: the path only attacks (an enemy royal piece).
    pub attack_only: bool,
}

/// The checked start position.
#[derive(Clone, Debug)]
pub struct CheckedSetup {
    /// The FEN.
    pub fen: String,
    /// The FEN string's place in the source.
    pub span: Span,
    /// `squares[piece][side]`: where each piece stands at the start.
    pub squares: Vec<[Vec<Sq>; 2]>,
}

/// A checked promotion rule.
#[derive(Clone, Debug)]
pub struct CheckedPromotion {
    /// The promoting piece.
    pub piece: u8,
    /// Where it promotes, per side.
    pub zone: [Vec<Sq>; 2],
    /// What it may promote to.
    pub choices: Vec<PromotionChoice>,
    /// Whether promotion may be declined.
    pub optional: bool,
    /// `on start`, `on end`, `on pass`: which squares of a move make the
    /// rule apply (`end` alone by default).
    pub on_start: bool,
    /// …
    pub on_end: bool,
    /// …
    pub on_pass: bool,
    /// `on entry`: a move that starts outside the squares and ends on one.
    pub on_entry: bool,
    /// `if capture`: only a capturing move promotes.
    pub capture_only: bool,
    /// `except <squares>`, per side: where an optional rule may not be
    /// declined, as written (lowering adds the squares where the piece
    /// could never move, unless `always`).
    pub except: [Vec<Sq>; 2],
    /// `optional always`: no squares are added to `except`.
    pub always: bool,
    /// `turn`: a move of its own, where the piece stands or one step on.
    pub turn: bool,
    /// `alone`: anywhere while the piece is its side's only one.
    pub alone: bool,
    /// `no-check`: may not give check.
    pub no_check: bool,
    /// `no-attack`: the new piece may not attack an enemy piece.
    pub no_attack: bool,
}

/// A checked castling rule.
#[derive(Clone, Debug)]
pub struct CheckedCastling {
    /// 0 for White (upper-case letter), 1 for Black.
    pub side: u8,
    /// The FEN letter.
    pub letter: char,
    /// The king piece.
    pub king: u8,
    /// Its squares.
    pub king_from: Sq,
    /// …
    pub king_to: Sq,
    /// The rook piece.
    pub rook: u8,
    /// Its squares.
    pub rook_from: Sq,
    /// …
    pub rook_to: Sq,
    /// A free (Chess960) castling (`any`): the line of its start squares,
    /// in order; empty otherwise.
    pub line: Vec<Sq>,
    /// `by-drop`: a drop completing its king and rook grants the right.
    pub by_drop: bool,
}

/// The checked end rules.
#[derive(Clone, Debug)]
pub struct CheckedEnd {
    /// For the checkmated player.
    pub checkmate: Outcome,
    /// For the stalemated player.
    pub stalemate: Outcome,
    /// The repetition rule.
    pub repetition: Option<RepetitionRule>,
    /// The bare-king rule.
    pub bare_king: Option<Outcome>,
    /// `bare-king … after-reply`.
    pub bare_king_after_reply: bool,
    /// The goals.
    pub reach: Vec<CheckedReach>,
    /// `stalemate fewer-pieces`.
    pub stalemate_fewer_pieces: bool,
    /// `stalemate points`.
    pub stalemate_points: bool,
    /// `full-board`.
    pub full_board: Option<Verdict>,
    /// The check counter: `checks N outcome`.
    pub check_count: Option<CheckCountRule>,
    /// The extinction rules: `(piece, or None for all pieces; at most this
    /// many left; outcome; at least this many for the opponent, 0: any)`.
    pub extinction: Vec<(Option<u8>, u32, Outcome, u32)>,
    /// The counting rule.
    pub counting: Option<CountingRule>,
    /// `double-pass`.
    pub double_pass: Option<Verdict>,
    /// `facing`.
    pub facing: Option<Verdict>,
    /// `komi`, in tenths (White, Black).
    pub komi: [u32; 2],
    /// `draw-odds`.
    pub draw_odds: Option<fairyc_runtime::table::Side>,
    /// `checkmate by`.
    pub checkmate_by: Option<MateRule>,
    /// `checkmate needs`.
    pub checkmate_needs: Option<MateRule>,
    /// The `line` rules, their lines found on the board.
    pub lines: Vec<LineRule>,
}

/// Every run of `length` squares along the axes named (`files`, `ranks`,
/// `diagonals`; none named: all three), each once, in the order of its first
/// square: squares whose cells follow one another along the axis.
pub fn lines_of(geo: &Geometry, length: u32, axes: &[&str]) -> Vec<Vec<u16>> {
    let all = axes.is_empty();
    let mut steps: Vec<Cell> = Vec::new();
    if all || axes.contains(&"ranks") {
        steps.push((1, 0));
    }
    if all || axes.contains(&"files") {
        steps.push((0, 1));
    }
    if all || axes.contains(&"diagonals") {
        steps.extend([(1, 1), (1, -1)]);
    }
    let mut out: Vec<Vec<u16>> = Vec::new();
    let mut seen = HashSet::new();
    for info in &geo.squares {
        let Some(&start) = info.cells.first() else {
            continue;
        };
        for &(dx, dy) in &steps {
            let line: Option<Vec<u16>> = (0..length as i32)
                .map(|k| geo.square_at((start.0 + k * dx, start.1 + k * dy)))
                .collect();
            let Some(line) = line else { continue };
            let mut key = line.clone();
            key.sort_unstable();
            key.dedup();
            if key.len() == line.len() && seen.insert(key) {
                out.push(line);
            }
        }
    }
    out
}

/// A checked `<Piece> reaches <squares> <outcome>` rule.
#[derive(Clone, Debug)]
pub struct CheckedReach {
    /// The piece.
    pub piece: u8,
    /// The squares, per side.
    pub squares: [Vec<Sq>; 2],
    /// The outcome.
    pub outcome: Outcome,
    /// `after-reply`.
    pub after_reply: bool,
}

/// The longest `line`.
pub const MAX_LINE: u32 = 64;

/// The largest `move-limit`.
pub const MAX_MOVE_LIMIT: u32 = 1_000_000;

// --- the second pass: resolution ---------------------------------------------

/// What the first pass learnt that the second needs.
struct Names {
    letters_sound: bool,
    moves_sound: Vec<bool>,
    unsound_zones: Vec<String>,
}

/// The verdict words of `facing` and `double-pass`: the outcomes and
/// `points`.
/// A `double-pass` or `facing` verdict. The outcome words are for the
/// player to move when the game ends, as every outcome word is for the
/// player the rule happens to; the table's verdict is for the player who
/// made the last move, the other one.
fn verdict_of(word: &str) -> Option<Verdict> {
    match word {
        POINTS => Some(Verdict::Points),
        _ => outcome_of(word).map(|o| match o {
            Outcome::Win => Verdict::Loss,
            Outcome::Draw => Verdict::Draw,
            Outcome::Loss => Verdict::Win,
        }),
    }
}

/// `facing points`, `double-pass points`: decided by counting the material.
const POINTS: &str = "points";

fn outcome_of(word: &str) -> Option<Outcome> {
    match word {
        "win" => Some(Outcome::Win),
        "draw" => Some(Outcome::Draw),
        "loss" => Some(Outcome::Loss),
        _ => None,
    }
}

fn side_index(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

struct Resolver<'a> {
    geo: Geometry,
    decls: Vec<&'a PieceDecl>,
    zones: Vec<&'a ZoneDecl>,
    /// The first declaration of each zone name: names are looked up, not
    /// scanned for.
    zone_names: HashMap<&'a str, &'a ZoneDecl>,
    errors: &'a mut Vec<CompileError>,
    /// `squares[piece][side]`, once the setup is read.
    setup: Option<Vec<[Vec<Sq>; 2]>>,
    unsound_zones: HashSet<String>,
    /// The `checks` rule, needed to read the setup's check counter.
    check_count: Option<CheckCountRule>,
    /// Whether the end rules count moves (`counting`).
    counting: bool,
    /// Whether the setup puts a royal piece in hand.
    royal_in_hand: bool,
    /// `royal { check all }` or `royal { check last }`: a side may
    /// have several royal pieces, so a piece may promote to one.
    several_royals: bool,
    /// The work of the moves generated to check them (E0190).
    budget: Budget,
    /// E0190 for the budget is reported.
    budget_reported: bool,
    /// A `walls` item's stand-in while the setup is read: its FEN may
    /// hold placed walls.
    walling: Option<fairyc_runtime::WallingTable>,
    /// `unlimited` in `drops`: the setup's FEN writes no hands.
    unlimited: bool,
}

/// The second pass: resolves the file against its board. Returns `None`
/// when there is no board to resolve against (the reason is reported).
fn resolve(
    file: &ast::File,
    source: &str,
    names: &Names,
    errors: &mut Vec<CompileError>,
) -> Option<Checked> {
    let mut name = String::new();
    let (mut board, mut setup, mut castling, mut drops, mut end) = (None, None, None, None, None);
    let (mut legality, mut gating, mut clock, mut blast) = (None, None, None, None);
    let (mut royal, mut pass, mut scoring, mut walls) = (None, None, None, None);
    let (mut stuck, mut flips) = (None, None);
    let (mut decls, mut zones, mut promotions) = (Vec::new(), Vec::new(), Vec::new());
    for item in &file.items {
        match item {
            Item::Variant(v) => name = v.name.node.clone(),
            Item::Board(b) => board = board.or(Some(b)),
            Item::Piece(p) => decls.push(p),
            Item::Setup(s) => setup = setup.or(Some(s)),
            Item::Castling(c) => castling = castling.or(Some(c)),
            Item::Zone(z) => zones.push(z),
            Item::Promotion(p) => promotions.push(p),
            Item::Drops(d) => drops = drops.or(Some(d)),
            Item::Gating(g) => gating = gating.or(Some(g)),
            Item::End(e) => end = end.or(Some(e)),
            Item::Clock(c) => clock = clock.or(Some(c)),
            Item::Legality(l) => legality = legality.or(Some(l)),
            Item::Royal(r) => royal = royal.or(Some(r)),
            Item::Pass(span) => pass = pass.or(Some(*span)),
            Item::Scoring(s) => scoring = scoring.or(Some(s)),
            Item::Blast(b) => blast = blast.or(Some(b)),
            Item::Walls(w) => walls = walls.or(Some(w)),
            Item::PassWhenStuck(span) => stuck = stuck.or(Some(*span)),
            Item::Flips(f) => flips = flips.or(Some(f)),
            Item::Allow(_) | Item::Unknown(_) => {}
        }
    }
    let mut legality_rules = legality_of(legality, royal, pass);
    legality_rules.pass_when_stuck = stuck.is_some();
    let mut geometry_errors = Vec::new();
    let geo = board.and_then(|board| Geometry::build(board, &mut geometry_errors));
    for (span, e) in geometry_errors {
        errors.push(CompileError::new(ErrorKind::Lower(e), span));
    }
    let geo = geo?;
    let mut zone_names = HashMap::new();
    for &z in &zones {
        zone_names.entry(z.name.node.as_str()).or_insert(z);
    }
    let mut r = Resolver {
        geo,
        decls,
        zones,
        zone_names,
        errors,
        setup: None,
        unsound_zones: names.unsound_zones.iter().cloned().collect(),
        check_count: end.and_then(check_count_of),
        counting: end.is_some_and(|e| {
            e.rules
                .iter()
                .any(|r| matches!(r, EndRule::Counting { .. }))
        }),
        royal_in_hand: false,
        several_royals: legality_rules.several_royals != SeveralRoyals::One,
        budget: Budget::default(),
        budget_reported: false,
        walling: None,
        unlimited: drops.is_some_and(|d| {
            d.rules
                .iter()
                .any(|r| matches!(r, DropRule::Unlimited { .. }))
        }),
    };
    // Letters are unique ignoring case, so sound letters mean at most 26
    // pieces, within the tables' limit.
    let tables_sound = names.letters_sound && !r.decls.is_empty() && r.decls.len() <= MAX_PIECES;
    let mut pieces = r.pieces(royal, scoring);
    let before = r.errors.len();
    let castling_decl = castling;
    let castling = castling.map(|c| r.castling(c)).unwrap_or_default();
    // A castling rule with a mistake is left out: the setup's castling
    // rights could not be read against the others alone.
    let castling_sound = r.errors.len() == before && castling_complete(file, &castling);
    let has_drops = drops.is_some();
    let to_hand = drops.is_some_and(|d| {
        !d.rules
            .iter()
            .any(|r| matches!(r, DropRule::CapturesOff { .. }))
    });

    let before = r.errors.len();
    let gating = gating.map(|g| r.gating(g, &castling)).unwrap_or_default();
    let gating_sound = r.errors.len() == before;

    // The start position, read by the runtime with move-less tables (and
    // a walling rule, under which a `*` may stand on a square; its squares
    // may name the setup, which is not read yet, and do not matter here).
    r.walling = walls.map(|_| fairyc_runtime::WallingTable {
        place: fairyc_runtime::WallPlace::Anywhere,
        squares: None,
    });
    let fen = setup.map(|s| s.fen.node.clone()).unwrap_or_default();
    let setup_span = setup.map(|s| s.fen.span).unwrap_or_default();
    if tables_sound && castling_sound && gating_sound && setup.is_some() {
        r.read_setup(
            &name, &pieces, &castling, &gating, has_drops, &fen, source, setup_span,
        );
    }

    let zones = r.declared_zones();

    let mut drop_rules = drops.map(|d| r.drops(d));
    if let Some(d) = &mut drop_rules {
        d.royal_in_hand = r.royal_in_hand;
    }
    if let (Some(c), None) = (castling_decl, drops) {
        for &span in &c.by_drop {
            r.error(ErrorKind::ByDropWithoutDrops { word: "by-drop" }, span);
        }
    }
    if let (Some(e), None) = (end, drops) {
        for rule in &e.rules {
            if let EndRule::CheckmateBy {
                drop: Some(span), ..
            } = rule
            {
                r.error(ErrorKind::ByDropWithoutDrops { word: "drop" }, *span);
            }
        }
    }
    if let (Some(l), None) = (legality, drops) {
        for rule in &l.rules {
            if let LegalityRule::GivingCheckForbidden {
                by_drop: Some(span),
                ..
            } = rule
            {
                r.error(ErrorKind::ByDropWithoutDrops { word: "by-drop" }, *span);
            }
        }
    }
    for (i, piece) in pieces.iter_mut().enumerate() {
        piece.moves = r.moves(i, names.moves_sound.get(i).copied().unwrap_or(false));
    }
    r.once_rights(&pieces, &castling, &gating);
    let rules: Vec<&ast::PromotionRule> = promotions.iter().flat_map(|p| &p.rules).collect();
    let promotion_decls = promotions.clone();
    let promotions = r.promotions(&rules, &mut pieces, has_drops, to_hand);
    for limit in promotions_decls_limits(&promotion_decls) {
        if let Some(piece) = pieces.iter_mut().find(|p| p.name == limit.piece.node) {
            piece.promotion_limit = u8::try_from(limit.count.node).ok();
        }
    }
    let mut end = r.end(end);
    for rule in scoring.map(|s| s.rules.as_slice()).unwrap_or_default() {
        if let ScoringRule::Komi { side, points, .. } = rule {
            end.komi[usize::from(side.node != Side::White)] =
                points.node.min(fairyc_runtime::table::MAX_POINTS);
        }
    }
    let clock = crate::clock::resolve(clock, |n| r.piece(n), &promotions);
    // A pass is written as the mover's royal piece's square.
    if let Some(span) = pass {
        if !pieces.iter().any(|p| p.royal && p.royal_side.is_none()) {
            r.error(ErrorKind::PassWithoutRoyal, first_word(span, "pass"));
        }
    }

    let blast = blast.and_then(|b| r.blast_table(b));
    let walling = walls.map(|w| r.walling(w));
    let flipping = r.flipping(flips, drops);
    let squares = r.setup.take();
    let squares = squares?;
    Some(Checked {
        name,
        geometry: r.geo,
        pieces,
        setup: CheckedSetup {
            fen,
            span: setup_span,
            squares,
        },
        promotions,
        drops: drop_rules,
        castling,
        gating,
        end,
        clock,
        legality: legality_rules,
        zones,
        blast,
        walling,
        flipping,
    })
}

/// The table's legality rules, from the `legality` block, the `royal`
/// item (`check all` is [`SeveralRoyals::AllAttacked`], `check last` is
/// [`SeveralRoyals::Unprotected`]) and the `pass allowed` item.
fn legality_of(
    decl: Option<&LegalityDecl>,
    royal: Option<&RoyalDecl>,
    pass: Option<Span>,
) -> Legality {
    let mut out = Legality {
        pass: pass.is_some(),
        ..Legality::default()
    };
    for rule in decl.map(|d| d.rules.as_slice()).unwrap_or_default() {
        match rule {
            LegalityRule::GivingCheckForbidden { by_drop: None, .. } => {
                out.giving_check_forbidden = true
            }
            LegalityRule::GivingCheckForbidden {
                by_drop: Some(_), ..
            } => out.drop_giving_check_forbidden = true,
            LegalityRule::CaptureCompulsory(_) => out.capture_compulsory = true,
            LegalityRule::Unknown(_) => {}
        }
    }
    // The first `check` counts (a second, other one is `E0188`).
    let mut checked = false;
    for rule in royal.map(|d| d.rules.as_slice()).unwrap_or_default() {
        match rule {
            RoyalRule::Check(c) if !checked => {
                checked = true;
                match c.node {
                    RoyalCheck::All => out.several_royals = SeveralRoyals::AllAttacked,
                    RoyalCheck::Last => out.several_royals = SeveralRoyals::Unprotected,
                    RoyalCheck::Any => out.several_royals = SeveralRoyals::AnyAttacked,
                }
            }
            RoyalRule::FleeingForbidden(_) => out.fleeing_check_forbidden = true,
            _ => {}
        }
    }
    out
}

/// The side of `only <side>` in the `royal` item: only its royal pieces are.
fn royal_only(royal: Option<&RoyalDecl>) -> Option<u8> {
    royal?.rules.iter().find_map(|r| match r {
        RoyalRule::Only(side) => Some(u8::from(side.node != Side::White)),
        _ => None,
    })
}

impl<'a> Resolver<'a> {
    /// Every declared zone, resolved once here so that its mistakes are
    /// reported once (uses elsewhere stay quiet), even if nothing uses it.
    fn declared_zones(&mut self) -> Vec<ZoneTable> {
        let mut zones = Vec::new();
        for zone in self.zones.clone() {
            let before = self.errors.len();
            let mut squares = [Vec::new(), Vec::new()];
            for (side, set) in &zone.sides {
                squares[side_index(side.node)] = self.resolve_plain(set);
            }
            if self.errors.len() != before {
                self.unsound_zones.insert(zone.name.node.clone());
            }
            zones.push(ZoneTable {
                name: zone.name.node.clone(),
                squares,
            });
        }
        zones
    }

    fn error(&mut self, kind: ErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    fn lower_error(&mut self, e: LowerError, span: Span) {
        self.error(ErrorKind::Lower(e), span);
    }

    /// The index of a declared piece (`None` for an unknown name, which the
    /// first pass reported).
    fn piece(&self, name: &str) -> Option<u8> {
        self.decls
            .iter()
            .position(|p| p.name.node == name)
            .and_then(|i| u8::try_from(i).ok())
    }

    fn royal(&self, piece: u8) -> bool {
        self.decls
            .get(piece as usize)
            .is_some_and(|d| d.props.iter().any(|p| matches!(p, PieceProp::Royal(_))))
    }

    fn square(&mut self, name: &str, span: Span) -> Option<Sq> {
        let found = self.geo.square(name);
        if found.is_none() {
            let suggestion = self.geo.closest_square(name);
            self.lower_error(
                LowerError::UnknownSquare {
                    name: name.to_string(),
                    suggestion,
                },
                span,
            );
        }
        found
    }

    /// The pieces without moves or demotion; the side of `royal { only … }`
    /// and the points of `scoring`.
    fn pieces(
        &mut self,
        royal_decl: Option<&RoyalDecl>,
        scoring: Option<&ScoringDecl>,
    ) -> Vec<CheckedPiece> {
        let royal_side = royal_only(royal_decl);
        let mut out = Vec::new();
        for decl in self.decls.clone() {
            let mut letter = String::from("?");
            let mut plus = false;
            let mut synonym: Option<String> = None;
            let mut notation = None;
            let mut royal = None;
            let points = scoring
                .map(|s| s.rules.as_slice())
                .unwrap_or_default()
                .iter()
                .flat_map(|r| match r {
                    ScoringRule::Points { pieces, .. } => pieces.as_slice(),
                    _ => &[],
                })
                .find(|(name, _)| name.node == decl.name.node)
                .map_or(0, |(_, p)| p.node.min(fairyc_runtime::table::MAX_POINTS));
            let mut captured_as = None;
            let mut cannot_capture = Vec::new();
            let mut cannot_hop = Vec::new();
            for prop in &decl.props {
                match prop {
                    PieceProp::CannotCapture { pieces, .. } => {
                        for p in pieces {
                            let Some(q) = self.piece(&p.node) else {
                                continue;
                            };
                            if self.royal(q) {
                                self.error(
                                    ErrorKind::CannotCaptureRoyal {
                                        piece: p.node.clone(),
                                    },
                                    p.span,
                                );
                            } else if !cannot_capture.contains(&q) {
                                cannot_capture.push(q);
                            }
                        }
                    }
                    PieceProp::CannotHop { pieces, .. } => {
                        for p in pieces {
                            if let Some(q) = self.piece(&p.node) {
                                if !cannot_hop.contains(&q) {
                                    cannot_hop.push(q);
                                }
                            }
                        }
                    }
                    PieceProp::Letter(l) => {
                        plus = l.node.starts_with('+');
                        letter = l.node[usize::from(plus)..].to_ascii_uppercase();
                    }
                    PieceProp::Also(a) if synonym.is_none() => {
                        synonym = Some(a.node.to_ascii_uppercase());
                    }
                    PieceProp::Notation { pawn, .. } if notation.is_none() => {
                        notation = Some(if *pawn {
                            Notation::Pawn
                        } else {
                            Notation::Piece
                        });
                    }
                    PieceProp::Royal(span) => royal = Some(*span),
                    PieceProp::CapturedAs(p) => {
                        captured_as = self.piece(&p.node);
                        if let Some(target) = captured_as {
                            if let Some(royal) = royal.or_else(|| royal_span(decl)) {
                                self.error(
                                    ErrorKind::RoyalCapturedAs {
                                        piece: decl.name.node.clone(),
                                        royal,
                                    },
                                    p.span,
                                );
                            } else if self.royal(target) {
                                self.error(
                                    ErrorKind::RoyalToHand {
                                        piece: p.node.clone(),
                                    },
                                    p.span,
                                );
                            }
                        }
                    }
                    _ => {}
                }
            }
            out.push(CheckedPiece {
                name: decl.name.node.clone(),
                letter,
                royal: royal.is_some(),
                royal_side: royal_side.filter(|_| royal.is_some()),
                captured_as,
                demotes_to: None,
                plus,
                synonym,
                promotion_limit: None,
                moves: Vec::new(),
                cannot_capture,
                cannot_hop,
                points,
                notation,
            });
        }
        out
    }

    fn castling(&mut self, castling: &ast::CastlingDecl) -> Vec<CheckedCastling> {
        let mut out: Vec<CheckedCastling> = Vec::new();
        for rule in &castling.rules {
            let mut chars = rule.fen.node.chars();
            let letter = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => Some(c),
                _ => None,
            };
            let king = self.piece(&rule.king.node);
            let rook = self.piece(&rule.rook.node);
            let (free_k, free_r) = (rule.king_from.node == "any", rule.rook_from.node == "any");
            if free_k != free_r {
                let span = if free_k {
                    rule.rook_from.span
                } else {
                    rule.king_from.span
                };
                self.error(ErrorKind::CastlingHalfAny, span);
                continue;
            }
            let kt = self.square(&rule.king_to.node, rule.king_to.span);
            let rt = self.square(&rule.rook_to.node, rule.rook_to.span);
            let (kf, rf) = if free_k {
                (kt, rt)
            } else {
                (
                    self.square(&rule.king_from.node, rule.king_from.span),
                    self.square(&rule.rook_from.node, rule.rook_from.span),
                )
            };
            let (Some(kf), Some(kt), Some(rf), Some(rt)) = (kf, kt, rf, rt) else {
                continue;
            };
            let line = if free_k && kt != rt {
                match self.geo.whole_line(kt, rt) {
                    Some(line) => line,
                    None => {
                        self.lower_error(LowerError::CastlingNotInLine, rule.span);
                        continue;
                    }
                }
            } else {
                Vec::new()
            };
            if self.geo.line(kf, kt).is_none() || self.geo.line(rf, rt).is_none() {
                self.lower_error(LowerError::CastlingNotInLine, rule.span);
                continue;
            }
            let clash = if kf == rf {
                Some((kf, "start"))
            } else if kt == rt {
                Some((kt, "end"))
            } else {
                None
            };
            if let Some((square, when)) = clash {
                let square = self.geo.squares[square as usize].name.clone();
                self.lower_error(LowerError::CastlingSquaresClash { square, when }, rule.span);
                continue;
            }
            let (Some(letter), Some(king), Some(rook)) = (letter, king, rook) else {
                continue;
            };
            // A letter already used names the same right only for the same
            // pieces from the same squares (E0036 otherwise, reported above).
            if out.iter().any(|c| {
                c.letter == letter
                    && (free_k
                        || !c.line.is_empty()
                        || (c.king, c.king_from, c.rook, c.rook_from) != (king, kf, rook, rf))
            }) {
                continue;
            }
            out.push(CheckedCastling {
                side: u8::from(!letter.is_ascii_uppercase()),
                letter,
                king,
                king_from: kf,
                king_to: kt,
                rook,
                rook_from: rf,
                rook_to: rt,
                line,
                by_drop: !castling.by_drop.is_empty(),
            });
        }
        out
    }

    /// Move-less tables to read the start position with (`once_moves`: the
    /// pieces' one-time paths, which tell the squares that keep rights).
    #[allow(clippy::too_many_arguments)]
    fn setup_variant(
        &self,
        name: &str,
        pieces: &[CheckedPiece],
        castling: &[CheckedCastling],
        gating: &[GateRule],
        has_drops: bool,
        fen: &str,
        once_moves: Option<Vec<[Vec<Vec<fairyc_runtime::table::Path>>; 2]>>,
    ) -> Result<Variant, String> {
        let nsq = self.geo.squares.len();
        let np = pieces.len();
        // A name the tables cannot hold was reported (E0048); reading the
        // FEN needs none of them.
        let fit = |name: &str, stand_in: String| {
            if name.is_empty() || name.len() > MAX_NAME_BYTES {
                stand_in
            } else {
                name.to_owned()
            }
        };
        let parts = TableParts {
            name: fit(name, "variant".into()),
            board: crate::lower::board(&self.geo),
            // What a captured piece becomes does not matter for reading a
            // FEN either; a royal named there was reported (E0042) and would
            // make the runtime refuse these tables.
            pieces: pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let mut shell = crate::lower::piece_shell(p, nsq);
                    shell.name = fit(&shell.name, format!("piece {i}"));
                    let royal = |q: Option<u8>| q.is_some_and(|q| pieces[q as usize].royal);
                    if royal(shell.captured_as) {
                        shell.captured_as = None;
                    }
                    if royal(shell.demotes_to) {
                        shell.demotes_to = Some(i as u8);
                    }
                    if let Some(m) = &once_moves {
                        shell.moves = m[i].clone();
                    }
                    shell
                })
                .collect(),
            promotions: Vec::new(),
            // A royal piece may stand in the setup's hand (a placement
            // phase); whether one does is read below.
            drops: has_drops.then(|| DropRules {
                forbidden: vec![[Vec::new(), Vec::new()]; np],
                no_mate: vec![false; np],
                captures_to_hand: true,
                per_file: Vec::new(),
                also_as: Vec::new(),
                per_colour: Vec::new(),
                must_drop: false,
                royal_in_hand: true,
                unlimited: self.unlimited,
                falls: false,
            }),
            castling: crate::lower::castling(&self.geo, castling),
            gating: gating.to_vec(),
            end: EndRules {
                checkmate: Outcome::Loss,
                stalemate: Stalemate::Draw,
                repetition: None,
                move_limit: None,
                resets_move_limit: Vec::new(),
                resets_on: Default::default(),
                resets_irreversible: Vec::new(),
                bare_king: None,
                reach: Vec::new(),
                check_count: self.check_count,
                extinction: Vec::new(),
                // Only so that the setup FEN may hold a count.
                counting: self.counting.then(|| CountingRule {
                    without: Vec::new(),
                    board: 0,
                    bare: vec![CountingLimit {
                        needs: Vec::new(),
                        moves: 1,
                    }],
                    from_pieces: false,
                }),
                double_pass: None,
                full_board: None,
                facing: None,
                komi: [0, 0],
                draw_odds: None,
                checkmate_by: None,
                checkmate_needs: None,
                lines: Vec::new(),
            },
            // Only what reading the FEN needs: how many royal pieces a
            // side may have.
            legality: Legality {
                several_royals: if self.several_royals {
                    SeveralRoyals::AllAttacked
                } else {
                    SeveralRoyals::One
                },
                ..Default::default()
            },
            zones: Vec::new(),
            blast: None,
            walling: self.walling.clone(),
            flipping: None,
            start: fen.to_owned(),
        };
        VariantTables::new(parts)
            .map_err(|e| e.to_string())
            .and_then(|t| Variant::new(t).map_err(|e| e.to_string()))
    }

    /// Reads the start position with the runtime's FEN reader.
    #[allow(clippy::too_many_arguments)]
    fn read_setup(
        &mut self,
        name: &str,
        pieces: &[CheckedPiece],
        castling: &[CheckedCastling],
        gating: &[GateRule],
        has_drops: bool,
        fen: &str,
        source: &str,
        span: Span,
    ) {
        let np = pieces.len();
        // One-time moves keep their rights on the squares where their pieces
        // start, which the FEN's board tells: a first reading without the
        // castling field finds them, so that the second one can read the
        // rights written there. (The moves are resolved again, with the
        // setup known, after this; mistakes are reported then.)
        let once_pieces: Vec<usize> = (0..np.min(self.decls.len()))
            .filter(|&i| {
                self.decls[i]
                    .props
                    .iter()
                    .any(|p| matches!(p, PieceProp::Moves { once: Some(_), .. }))
            })
            .collect();
        let mut once_moves: Option<Vec<[Vec<Vec<fairyc_runtime::table::Path>>; 2]>> = None;
        if !once_pieces.is_empty() {
            let mut fields: Vec<&str> = fen.split_whitespace().collect();
            if fields.len() > 2 {
                fields[2] = "-";
            }
            let board_only = fields.join(" ");
            let first = self
                .setup_variant(name, pieces, castling, gating, has_drops, fen, None)
                .ok()
                .and_then(|v| Setup::from_fen(&v, &board_only).ok());
            if let Some(setup) = first {
                let squares = setup_squares(&setup, np);
                let mut rights = [Vec::new(), Vec::new()];
                for &i in &once_pieces {
                    for (side, list) in rights.iter_mut().enumerate() {
                        list.extend(squares[i][side].iter().copied());
                    }
                }
                let reported = self.errors.len();
                let nsq = self.geo.squares.len();
                let mut all = vec![[vec![Vec::new(); nsq], vec![Vec::new(); nsq]]; np];
                for &i in &once_pieces {
                    let mut piece = pieces[i].clone();
                    piece.moves = self.moves(i, false);
                    piece.moves.retain(|m| m.once);
                    // Moves too costly to generate are reported later
                    // (E0190); the setup is read without their rights.
                    if let Ok(moves) = crate::lower::moves_with_rights(
                        &self.geo,
                        &piece,
                        &squares[i],
                        &rights,
                        &mut self.budget,
                    ) {
                        all[i] = moves;
                    }
                }
                self.errors.truncate(reported);
                once_moves = Some(all);
            }
        }
        // Rights the FEN cannot write are reported with the moves (E0175):
        // the setup is read without them then.
        let variant = match self
            .setup_variant(name, pieces, castling, gating, has_drops, fen, once_moves)
            .or_else(|e| {
                self.setup_variant(name, pieces, castling, gating, has_drops, fen, None)
                    .map_err(|_| e)
            }) {
            Ok(v) => v,
            Err(e) => {
                self.lower_error(LowerError::Table(e), span);
                return;
            }
        };
        match Setup::from_fen(&variant, fen) {
            Ok(setup) => {
                let squares = setup_squares(&setup, np);
                for (side, color) in [(Side::White, Color::White), (Side::Black, Color::Black)] {
                    let count = setup
                        .board
                        .iter()
                        .flatten()
                        .filter(|p| p.color == color && variant.is_royal_for(p.piece, color))
                        .count();
                    // The runtime's rule; none is its `E0119`, reported
                    // when the lowered position is read.
                    if let Err(PositionError::TooManyRoyals { count, .. }) =
                        check_royal_count(&variant, color, count)
                    {
                        self.error(ErrorKind::TooManyRoyals { side, count }, span);
                    }
                }
                self.royal_in_hand = setup.hands.iter().any(|(_, hand)| {
                    hand.iter()
                        .enumerate()
                        .any(|(p, &n)| n > 0 && pieces.get(p).is_some_and(|x| x.royal))
                });
                self.setup = Some(squares);
            }
            Err(e) => {
                let row = e
                    .row()
                    .and_then(|row| crate::lint::setup_row_span(source, span, row));
                if let (
                    Some(row_span),
                    ParseFenError::UnknownPiece {
                        row,
                        column,
                        letter,
                    },
                ) = (row, &e)
                {
                    // The letter alone, where the runtime read it.
                    let at = row_span.start as usize + column.saturating_sub(1);
                    let mut buf = [0; 4];
                    if source.get(at..at + 1) == Some(letter.encode_utf8(&mut buf)) {
                        let known = pieces
                            .iter()
                            .map(|p| {
                                let plus = if p.plus { "+" } else { "" };
                                (format!("{plus}{}", p.letter), p.name.clone())
                            })
                            .collect();
                        self.error(
                            ErrorKind::UnknownSetupSymbol {
                                letter: *letter,
                                row: *row,
                                column: *column,
                                known,
                            },
                            Span::new(at, at + 1),
                        );
                        return;
                    }
                }
                self.lower_error(LowerError::BadSetup(e), row.unwrap_or(span));
            }
        }
    }

    /// The squares of a set, per side. A set that is one bare name of a
    /// declared zone is that zone (its mistakes were reported where it is
    /// declared).
    fn resolve(&mut self, set: &SquareSet) -> [Vec<Sq>; 2] {
        if let Some(zone) = self.zone_of(set) {
            let reported = self.errors.len();
            let mut out = [Vec::new(), Vec::new()];
            for (side, s) in &zone.sides {
                out[side_index(side.node)] = self.resolve_plain(s);
            }
            self.errors.truncate(reported);
            return out;
        }
        let v = self.resolve_plain(set);
        [v.clone(), v]
    }

    /// The declared zone a set names, if it is one bare name of a zone.
    fn zone_of(&self, set: &SquareSet) -> Option<&'a ZoneDecl> {
        if let [item] = set.items.as_slice() {
            if let SetItem::Name(n) = &item.node {
                return self.zone_names.get(n.node.as_str()).copied();
            }
        }
        None
    }

    /// Whether the first pass accepted every name in a set (a bare name is a
    /// zone or a square, a name in a list a square, a `setup` piece known).
    fn names_ok(&self, set: &SquareSet) -> bool {
        let is_zone = |name: &str| self.zone_names.contains_key(name);
        if let [item] = set.items.as_slice() {
            if let SetItem::Name(n) = &item.node {
                return is_zone(&n.node) || is_square_name(&n.node);
            }
        }
        set.items.iter().all(|item| match &item.node {
            SetItem::Name(n) => is_square_name(&n.node) && !is_zone(&n.node),
            SetItem::Setup { piece: Some(p), .. } => self.piece(&p.node).is_some(),
            _ => true,
        })
    }

    /// Whether a set, or the zone it names, lists `setup` squares.
    fn mentions_setup(&self, set: &SquareSet) -> bool {
        match self.zone_of(set) {
            Some(zone) => zone.sides.iter().any(|(_, s)| lists_setup(s)),
            None => lists_setup(set),
        }
    }

    /// Whether a set names a zone whose declaration has a mistake.
    fn names_unsound_zone(&self, set: &SquareSet) -> bool {
        self.zone_of(set)
            .is_some_and(|z| self.unsound_zones.contains(&z.name.node))
    }

    fn label_range(labels: &[String], a: &str, b: &str) -> Option<Vec<String>> {
        let i = labels.iter().position(|l| l == a)?;
        let j = labels.iter().position(|l| l == b)?;
        let (i, j) = (i.min(j), i.max(j));
        Some(labels[i..=j].to_vec())
    }

    fn resolve_plain(&mut self, set: &SquareSet) -> Vec<Sq> {
        let mut out: Vec<Sq> = Vec::new();
        for item in &set.items {
            match &item.node {
                SetItem::Rank(r) => match self.geo.rank_squares(&r.node) {
                    Some(v) => out.extend(v),
                    None => self.lower_error(LowerError::UnknownRank(r.node.clone()), r.span),
                },
                SetItem::File(r) => match self.geo.file_squares(&r.node) {
                    Some(v) => out.extend(v),
                    None => self.lower_error(LowerError::UnknownFile(r.node.clone()), r.span),
                },
                SetItem::Ranks(a, b) => {
                    match Resolver::label_range(&self.geo.ranks, &a.node, &b.node) {
                        Some(labels) => {
                            for l in labels {
                                out.extend(self.geo.rank_squares(&l).unwrap_or_default());
                            }
                        }
                        None => self.lower_error(
                            LowerError::UnknownRank(format!("{}..{}", a.node, b.node)),
                            a.span.merge(b.span),
                        ),
                    }
                }
                SetItem::Files(a, b) => {
                    match Resolver::label_range(&self.geo.files, &a.node, &b.node) {
                        Some(labels) => {
                            for l in labels {
                                out.extend(self.geo.file_squares(&l).unwrap_or_default());
                            }
                        }
                        None => self.lower_error(
                            LowerError::UnknownFile(format!("{}..{}", a.node, b.node)),
                            a.span.merge(b.span),
                        ),
                    }
                }
                SetItem::Setup { side, piece } => {
                    let want = match piece {
                        Some(p) => match self.piece(&p.node) {
                            Some(i) => Some(i),
                            // An unknown piece: reported by the first pass.
                            None => continue,
                        },
                        None => None,
                    };
                    if let Some(squares) = &self.setup {
                        let si = side_index(side.node);
                        for (p, sq) in squares.iter().enumerate() {
                            if want.is_none() || want == Some(p as u8) {
                                out.extend(sq[si].iter().copied());
                            }
                        }
                    }
                }
                SetItem::Name(n) => {
                    // Zones inside a list and names that are not squares
                    // were reported by the first pass.
                    if is_square_name(&n.node) && !self.zone_names.contains_key(n.node.as_str()) {
                        if let Some(s) = self.square(&n.node, n.span) {
                            out.push(s);
                        }
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The FEN letter of a right kept on square `s` of `side` (a gate
    /// right, a one-time move's right): its one-letter file, which must not
    /// be a castling letter of the side (nor may the side castle freely,
    /// whose rights are file letters too) nor the file of another such
    /// square in `taken`, to which it is added.
    fn right_letter(
        &self,
        side: usize,
        s: Sq,
        castling: &[CheckedCastling],
        taken: &mut Vec<(char, Sq)>,
    ) -> Result<char, GateProblem> {
        let name = &self.geo.squares[s as usize].name;
        let file = file_letter(name).ok_or(GateProblem::NoFile)?;
        let castle = castling.iter().find(|c| {
            c.side as usize == side && (!c.line.is_empty() || c.letter.to_ascii_lowercase() == file)
        });
        match castle {
            Some(c) if !c.line.is_empty() => return Err(GateProblem::FreeCastling),
            Some(c) => return Err(GateProblem::CastlingLetter(c.letter)),
            None => {}
        }
        if let Some(&(_, o)) = taken.iter().find(|&&(f, o)| f == file && o != s) {
            return Err(GateProblem::SharedFile(
                self.geo.squares[o as usize].name.clone(),
            ));
        }
        if !taken.contains(&(file, s)) {
            taken.push((file, s));
        }
        Ok(file)
    }

    /// The squares that keep one-time moves' rights (where the pieces with
    /// `once` moves start) must be writable in the FEN as their file
    /// letters, as gate rights are (E0175).
    fn once_rights(
        &mut self,
        pieces: &[CheckedPiece],
        castling: &[CheckedCastling],
        gating: &[GateRule],
    ) {
        let Some(setup) = self.setup.clone() else {
            return;
        };
        let mut letters: [Vec<(char, Sq)>; 2] = [Vec::new(), Vec::new()];
        for (i, piece) in pieces.iter().enumerate() {
            if !piece.moves.iter().any(|m| m.once) {
                continue;
            }
            let Some(span) = self.decls.get(i).and_then(|d| {
                d.props.iter().find_map(|p| match p {
                    PieceProp::Moves { once: Some(s), .. } => Some(*s),
                    _ => None,
                })
            }) else {
                continue;
            };
            for (side, list) in setup[i].iter().enumerate() {
                for &s in list {
                    let problem = if gating.is_empty() {
                        self.right_letter(side, s, castling, &mut letters[side])
                            .err()
                    } else {
                        Some(GateProblem::Gating)
                    };
                    if let Some(problem) = problem {
                        self.error(
                            ErrorKind::OnceNotWritable {
                                piece: piece.name.clone(),
                                square: self.geo.squares[s as usize].name.clone(),
                                problem,
                            },
                            span,
                        );
                        return;
                    }
                }
            }
        }
    }

    /// The gating rules: pieces and gate squares per side. A royal piece
    /// never is in hand (E0042); each gate right must be writable in the
    /// FEN as its file letter (E0064).
    /// The `flips` item's table part with the drops' `first-on`,
    /// `must-flip` and `next-to-own` (`None` without any of them).
    fn flipping(
        &mut self,
        flips: Option<&ast::FlipsDecl>,
        drops: Option<&ast::DropsDecl>,
    ) -> Option<fairyc_runtime::FlippingTable> {
        let mut t = fairyc_runtime::FlippingTable {
            flips: flips.and_then(|f| match f.kind.node.as_str() {
                "enclosed" => Some(fairyc_runtime::FlipKind::Enclosed),
                "adjacent" => Some(fairyc_runtime::FlipKind::Adjacent),
                _ => None,
            }),
            drop_must_flip: false,
            drop_next_to_own: false,
            drop_first_on: Vec::new(),
        };
        for rule in drops.map(|d| d.rules.as_slice()).unwrap_or_default() {
            match rule {
                DropRule::MustFlip { .. } => t.drop_must_flip = true,
                DropRule::NextToOwn { .. } => t.drop_next_to_own = true,
                DropRule::FirstOn { squares, .. } => {
                    let [white, black] = self.resolve(squares);
                    let mut all: Vec<u16> = white.into_iter().chain(black).collect();
                    all.sort_unstable();
                    all.dedup();
                    t.drop_first_on = all;
                }
                _ => {}
            }
        }
        let used = t.flips.is_some()
            || t.drop_must_flip
            || t.drop_next_to_own
            || !t.drop_first_on.is_empty();
        used.then_some(t)
    }

    /// The `walls` item's table part: where the walls go, and on which
    /// squares of each side (`on`; every square without it).
    fn walling(&mut self, walls: &ast::WallsDecl) -> fairyc_runtime::WallingTable {
        use fairyc_runtime::WallPlace;
        let place = match walls.place.node.as_str() {
            "past" => WallPlace::Past,
            "reach" => WallPlace::Reach,
            "moving" => WallPlace::Moving,
            _ => WallPlace::Anywhere,
        };
        fairyc_runtime::WallingTable {
            place,
            squares: walls.squares.as_ref().map(|s| self.resolve(s)),
        }
    }

    fn gating(&mut self, gating: &ast::GatingDecl, castling: &[CheckedCastling]) -> Vec<GateRule> {
        let mut out: Vec<GateRule> = Vec::new();
        let mut letters: [Vec<(char, Sq)>; 2] = [Vec::new(), Vec::new()];
        for rule in &gating.rules {
            let GatingRule::Gate {
                span,
                pieces,
                squares,
            } = rule
            else {
                continue;
            };
            let set = self.resolve(squares);
            for (side, list) in set.iter().enumerate() {
                for &s in list {
                    if let Err(problem) = self.right_letter(side, s, castling, &mut letters[side]) {
                        self.error(
                            ErrorKind::GateNotWritable {
                                square: self.geo.squares[s as usize].name.clone(),
                                problem,
                            },
                            *span,
                        );
                        return Vec::new();
                    }
                }
            }
            for piece in pieces {
                let Some(p) = self.piece(&piece.node) else {
                    continue;
                };
                if self.royal(p) {
                    self.error(
                        ErrorKind::RoyalToHand {
                            piece: piece.node.clone(),
                        },
                        piece.span,
                    );
                    continue;
                }
                match out.iter_mut().find(|g| g.piece == p) {
                    Some(g) => {
                        for (mine, add) in g.squares.iter_mut().zip(&set) {
                            mine.extend(add.iter().copied());
                            mine.sort_unstable();
                            mine.dedup();
                        }
                    }
                    None => out.push(GateRule {
                        piece: p,
                        squares: set.clone(),
                    }),
                }
            }
        }
        out
    }

    fn drops(&mut self, drops: &ast::DropsDecl) -> DropRules {
        let np = self.decls.len();
        let mut rules = DropRules {
            forbidden: vec![[Vec::new(), Vec::new()]; np],
            no_mate: vec![false; np],
            captures_to_hand: true,
            per_file: Vec::new(),
            also_as: Vec::new(),
            per_colour: Vec::new(),
            must_drop: false,
            royal_in_hand: false,
            unlimited: false,
            falls: false,
        };
        let nsq = self.geo.squares.len();
        for rule in &drops.rules {
            match rule {
                DropRule::CapturesOff { .. } => rules.captures_to_hand = false,
                DropRule::MustDrop { .. } => rules.must_drop = true,
                DropRule::Unlimited { .. } => rules.unlimited = true,
                // The `flipping` table part's (see `Resolver::flipping`).
                DropRule::FirstOn { .. }
                | DropRule::MustFlip { .. }
                | DropRule::NextToOwn { .. } => {}
                DropRule::Falls { .. } => rules.falls = true,
                DropRule::OnlyOn { piece, squares, .. } => {
                    let set = self.resolve(squares);
                    if let Some(p) = self.piece(&piece.node) {
                        for (side, squares) in set.iter().enumerate() {
                            let f = &mut rules.forbidden[p as usize][side];
                            f.extend((0..nsq as Sq).filter(|s| !squares.contains(s)));
                            f.sort_unstable();
                            f.dedup();
                        }
                    }
                }
                DropRule::PerColour { piece, count, .. } => {
                    if let Some(p) = self.piece(&piece.node) {
                        if rules.per_colour.is_empty() {
                            rules.per_colour = vec![0; np];
                        }
                        rules.per_colour[p as usize] = count.node.min(64) as u8;
                    }
                }
                DropRule::NotOn { piece, squares, .. } => {
                    let set = self.resolve(squares);
                    if let Some(p) = self.piece(&piece.node) {
                        for (side, squares) in set.iter().enumerate() {
                            let f = &mut rules.forbidden[p as usize][side];
                            f.extend(squares.iter().copied());
                            f.sort_unstable();
                            f.dedup();
                        }
                    }
                }
                DropRule::NoMate { piece, .. } => {
                    if let Some(p) = self.piece(&piece.node) {
                        rules.no_mate[p as usize] = true;
                    }
                }
                DropRule::AlsoAs { piece, face, .. } => {
                    if let (Some(p), Some(f)) = (self.piece(&piece.node), self.piece(&face.node)) {
                        if self.royal(f) {
                            self.error(
                                ErrorKind::RoyalToHand {
                                    piece: face.node.clone(),
                                },
                                face.span,
                            );
                        } else {
                            if rules.also_as.is_empty() {
                                rules.also_as = vec![None; np];
                            }
                            rules.also_as[p as usize] = Some(f);
                        }
                    }
                }
                DropRule::PerFile { piece, count, .. } => {
                    if let Some(p) = self.piece(&piece.node) {
                        if rules.per_file.is_empty() {
                            rules.per_file = vec![0; np];
                        }
                        rules.per_file[p as usize] = count.node.min(64) as u8;
                    }
                }
                DropRule::Unknown(_) => {}
            }
        }
        rules
    }

    /// A piece's moves; `E0115` for a direction that selects nothing and
    /// `E0116` for a piece that cannot move, when its moves are well formed.
    fn moves(&mut self, pi: usize, sound: bool) -> Vec<CheckedMove> {
        let decl = self.decls[pi];
        let mut out = Vec::new();
        // A multi-leg term refused on this board (E0183): the piece's
        // other moves say nothing about whether it can move.
        let mut legs_refused = false;
        for prop in &decl.props {
            let (betza, guard, regions, once, attack_only) = match prop {
                PieceProp::Moves {
                    betza,
                    guard,
                    regions,
                    once,
                    ..
                } => (
                    betza,
                    guard.as_ref(),
                    regions.as_slice(),
                    once.is_some(),
                    false,
                ),
                PieceProp::Faces { betza, .. } => (betza, None, &[][..], false, true),
                _ => continue,
            };
            let guarded = guard.is_some_and(|g| g.node == "friend-adjacent");
            let unchecked = guard.is_some_and(|g| g.node == "not-in-check");
            let (mut within, mut from) = (None::<[Vec<Sq>; 2]>, None::<[Vec<Sq>; 2]>);
            for r in regions {
                let sq = self.resolve(&r.set);
                let slot = match r.kind {
                    RegionKind::Within => &mut within,
                    RegionKind::From => &mut from,
                };
                *slot = Some(match slot.take() {
                    // Two clauses of one kind: both hold.
                    Some([a, b]) => [
                        a.into_iter().filter(|x| sq[0].contains(x)).collect(),
                        b.into_iter().filter(|x| sq[1].contains(x)).collect(),
                    ],
                    None => sq,
                });
            }
            // A term written again in one statement adds no move: it is
            // checked and generated once (`moves W W W …` costs one `W`).
            let mut seen = HashSet::new();
            for term in &betza.terms {
                let key = (
                    term.mods.iter().map(|m| m.node).collect::<String>(),
                    term.atom.node,
                    term.range.as_ref().map(|r| r.node),
                );
                if !seen.insert(key) {
                    continue;
                }
                let Some(specs) = betza::specs(term) else {
                    continue;
                };
                let multi_leg = specs.iter().any(|s| !s.legs.is_empty());
                let legs = specs.iter().map(|s| s.legs.len() + 1).max().unwrap_or(1);
                if legs > MAX_LEGS {
                    if sound {
                        self.lower_error(
                            LowerError::MoveTooCostly(MoveCost::Legs(legs)),
                            term.span,
                        );
                    }
                    legs_refused = true;
                    continue;
                }
                if multi_leg && self.geo.has_multi_cell() {
                    if sound {
                        self.lower_error(LowerError::LegsOnMultiCellBoard, term.span);
                    }
                    legs_refused = true;
                    continue;
                }
                let nsq = self.geo.squares.len() as Sq;
                // A multi-leg term must lead somewhere from some square.
                let selects_any = specs.iter().any(|spec| {
                    (0..2).any(|side| {
                        let vectors = spec.select(&self.geo, side);
                        !vectors.is_empty()
                            && (spec.legs.is_empty()
                                || (0..nsq).any(|from| {
                                    vectors.iter().any(|&v| {
                                        self.geo
                                            .leg_paths(from, v, spec, true, &mut self.budget)
                                            .is_ok_and(|p| !p.is_empty())
                                    })
                                }))
                    })
                });
                if multi_leg && self.budget.is_spent() {
                    // The walk stopped: whether the move leads somewhere
                    // is unknown.
                    if sound && !self.budget_reported {
                        self.budget_reported = true;
                        self.lower_error(LowerError::MoveTooCostly(MoveCost::Work), term.span);
                    }
                    legs_refused = true;
                } else if !selects_any && !specs.is_empty() && sound {
                    self.lower_error(
                        LowerError::DirectionSelectsNothing(format!(
                            "{}{}",
                            term.mods.iter().map(|m| m.node).collect::<String>(),
                            term.atom.node
                        )),
                        term.span,
                    );
                }
                if (once || unchecked || attack_only)
                    && specs.iter().any(|s| s.stops.iter().any(|x| x.capture))
                {
                    self.error(
                        ErrorKind::LegModifier {
                            modifier: 'c',
                            why: "a capture on the way is an ordinary move: not `once`, `if` or \
                                  `faces`; give it its own `moves` statement",
                        },
                        term.span,
                    );
                }
                if (once || unchecked) && specs.iter().any(MoveSpec::hops) {
                    let what = if once { "once" } else { "if not-in-check" };
                    self.error(ErrorKind::SpecialHop { what }, term.span);
                }
                out.push(CheckedMove {
                    specs,
                    guarded,
                    once,
                    unchecked,
                    within: within.clone(),
                    from: from.clone(),
                    attack_only,
                });
            }
        }
        let has_moves = decl
            .props
            .iter()
            .any(|p| matches!(p, PieceProp::Moves { .. }));
        let initial = out.iter().flat_map(|m| &m.specs).any(|s| s.initial);
        let setup_known = self.setup.is_some() || !initial;
        if sound && has_moves && setup_known && !legs_refused {
            match self.can_move(pi, &out) {
                Ok(true) => {}
                Ok(false) => self.lower_error(
                    LowerError::PieceCannotMove(decl.name.node.clone()),
                    decl.name.span,
                ),
                Err(span) => {
                    if !self.budget_reported {
                        self.budget_reported = true;
                        self.lower_error(LowerError::MoveTooCostly(MoveCost::Work), span);
                    }
                }
            }
        }
        out
    }

    /// Whether some move of a piece leads somewhere from some square;
    /// `Err` with the term at which the budget ran out.
    fn can_move(&mut self, pi: usize, moves: &[CheckedMove]) -> Result<bool, Span> {
        let nsq = self.geo.squares.len() as Sq;
        for m in moves {
            for spec in &m.specs {
                for side in 0..2 {
                    let vectors = spec.select(&self.geo, side);
                    for from in 0..nsq {
                        let allowed = !spec.initial
                            || m.from.is_some()
                            || self
                                .setup
                                .as_ref()
                                .is_some_and(|ss| ss[pi][side].contains(&from));
                        if !allowed {
                            continue;
                        }
                        for &v in &vectors {
                            let paths = self
                                .geo
                                .spec_paths(from, v, spec, true, &mut self.budget)
                                .map_err(|_| spec.span)?;
                            if !paths.is_empty() {
                                return Ok(true);
                            }
                        }
                    }
                }
            }
        }
        Ok(false)
    }

    /// A `checkmate by` or `checkmate needs` rule, if its pieces and
    /// outcome are known (the checker reports those that are not).
    fn mate_rule(
        &mut self,
        pieces: &[Spanned<String>],
        drop: bool,
        outcome: &Spanned<String>,
    ) -> Option<MateRule> {
        let outcome = outcome_of(&outcome.node)?;
        let mut types: Vec<u8> = Vec::new();
        for p in pieces {
            let t = self.piece(&p.node)?;
            if !types.contains(&t) {
                types.push(t);
            }
        }
        Some(MateRule {
            pieces: types,
            outcome,
            drop,
        })
    }

    fn end(&mut self, end: Option<&ast::EndDecl>) -> CheckedEnd {
        let mut out = CheckedEnd {
            checkmate: Outcome::Loss,
            stalemate: Outcome::Draw,
            repetition: None,
            bare_king: None,
            bare_king_after_reply: false,
            reach: Vec::new(),
            stalemate_fewer_pieces: false,
            stalemate_points: false,
            full_board: None,
            check_count: None,
            extinction: Vec::new(),
            counting: None,
            double_pass: None,
            facing: None,
            komi: [0, 0],
            draw_odds: None,
            checkmate_by: None,
            checkmate_needs: None,
            lines: Vec::new(),
        };
        let Some(end) = end else { return out };
        for rule in &end.rules {
            match rule {
                EndRule::Checkmate { outcome, .. } => {
                    out.checkmate = outcome_of(&outcome.node).unwrap_or(Outcome::Loss)
                }
                EndRule::CheckmateBy {
                    pieces,
                    drop,
                    outcome,
                    ..
                } => out.checkmate_by = self.mate_rule(pieces, drop.is_some(), outcome),
                EndRule::CheckmateNeeds {
                    pieces, outcome, ..
                } => out.checkmate_needs = self.mate_rule(pieces, false, outcome),
                EndRule::Stalemate { outcome, .. } => {
                    out.stalemate = outcome_of(&outcome.node).unwrap_or(Outcome::Draw);
                    out.stalemate_fewer_pieces = outcome.node == FEWER_PIECES;
                    out.stalemate_points = outcome.node == POINTS;
                }
                EndRule::Repetition {
                    count,
                    outcome,
                    claim,
                    perpetual_check,
                    ..
                } => {
                    out.repetition = Some(RepetitionRule {
                        count: count.node,
                        outcome: outcome_of(&outcome.node).unwrap_or(Outcome::Draw),
                        claim: claim.as_ref().map(|c| c.node),
                        perpetual_check: perpetual_check.as_ref().and_then(|p| outcome_of(&p.node)),
                    })
                }
                EndRule::BareKing {
                    outcome,
                    after_reply,
                    ..
                } => {
                    out.bare_king = outcome_of(&outcome.node);
                    out.bare_king_after_reply = *after_reply;
                }
                EndRule::Checks { count, outcome, .. } => {
                    if let Some(outcome) = outcome_of(&outcome.node) {
                        out.check_count = Some(CheckCountRule {
                            count: count.node.clamp(1, MAX_CHECK_COUNT),
                            outcome,
                        });
                    }
                }
                EndRule::Extinction {
                    piece,
                    left,
                    outcome,
                    opponent,
                    ..
                } => {
                    let which = if piece.node == "all" {
                        Some(None)
                    } else {
                        self.piece(&piece.node).map(Some)
                    };
                    if let (Some(which), Some(outcome)) = (which, outcome_of(&outcome.node)) {
                        let left = left.as_ref().map_or(0, |n| n.node.min(MAX_HAND_LEFT));
                        let opponent = opponent.as_ref().map_or(0, |n| n.node.min(MAX_HAND_LEFT));
                        out.extinction.push((which, left, outcome, opponent));
                    }
                }
                EndRule::Reach {
                    piece,
                    squares,
                    outcome,
                    after_reply,
                    ..
                } => {
                    let set = self.resolve(squares);
                    if let (Some(piece), Some(outcome)) =
                        (self.piece(&piece.node), outcome_of(&outcome.node))
                    {
                        out.reach.push(CheckedReach {
                            piece,
                            squares: set,
                            outcome,
                            after_reply: *after_reply,
                        });
                    }
                }
                EndRule::Line {
                    length,
                    pieces,
                    axes,
                    outcome,
                    ..
                } => {
                    let types: Option<Vec<u8>> =
                        pieces.iter().map(|p| self.piece(&p.node)).collect();
                    if let (Some(mut types), Some(outcome)) = (types, outcome_of(&outcome.node)) {
                        types.sort_unstable();
                        types.dedup();
                        let axes: Vec<&str> = axes.iter().map(|a| a.node.as_str()).collect();
                        out.lines.push(LineRule {
                            pieces: types,
                            lines: lines_of(&self.geo, length.node.min(MAX_LINE), &axes),
                            outcome,
                        });
                    }
                }
                EndRule::DoublePass { outcome, .. } => out.double_pass = verdict_of(&outcome.node),
                EndRule::FullBoard { outcome, .. } => out.full_board = verdict_of(&outcome.node),
                EndRule::DrawOdds { side, .. } => out.draw_odds = side_of(&side.node),
                EndRule::Facing { span, outcome } => {
                    out.facing = verdict_of(&outcome.node);
                    let faces = self.decls.iter().any(|d| {
                        royal_span(d).is_some()
                            && d.props.iter().any(|p| matches!(p, PieceProp::Faces { .. }))
                    });
                    if !faces {
                        self.error(ErrorKind::FacingWithoutFaces, first_word(*span, "facing"));
                    }
                }
                EndRule::Counting {
                    without,
                    board,
                    limits,
                    from_pieces,
                    ..
                } => {
                    let max = fairyc_runtime::table::MAX_COUNTING_LIMIT;
                    out.counting = Some(CountingRule {
                        without: without.iter().filter_map(|p| self.piece(&p.node)).collect(),
                        board: board.as_ref().map_or(0, |b| b.node.clamp(1, max)),
                        bare: limits
                            .iter()
                            .map(|l| CountingLimit {
                                needs: l
                                    .needs
                                    .iter()
                                    .filter_map(|n| {
                                        let c = n.count.as_ref().map_or(1, |c| c.node);
                                        Some((
                                            self.piece(&n.piece.node)?,
                                            c.clamp(1, MAX_HAND_LEFT),
                                        ))
                                    })
                                    .collect(),
                                moves: l.moves.node.clamp(1, max),
                            })
                            .collect(),
                        from_pieces: *from_pieces,
                    });
                }
                EndRule::Unknown(_) => {}
            }
        }
        out
    }
}

/// `stalemate fewer-pieces`: the player with fewer pieces on the board wins.
const FEWER_PIECES: &str = "fewer-pieces";

/// The largest count of an `extinction` rule that the runtime tells apart
/// (no side has more pieces of a kind).
const MAX_HAND_LEFT: u32 = 255;

/// The `checks` rule of an `end` block, if it has a sound one.
fn check_count_of(end: &EndDecl) -> Option<CheckCountRule> {
    end.rules.iter().find_map(|rule| match rule {
        EndRule::Checks { count, outcome, .. } => Some(CheckCountRule {
            count: count.node.clamp(1, MAX_CHECK_COUNT),
            outcome: outcome_of(&outcome.node)?,
        }),
        _ => None,
    })
}

/// The span of a piece's `royal` statement, if it has one.
fn royal_span(decl: &PieceDecl) -> Option<Span> {
    decl.props.iter().find_map(|p| match p {
        PieceProp::Royal(span) => Some(*span),
        _ => None,
    })
}

/// Whether a set lists `setup` squares.
fn lists_setup(set: &SquareSet) -> bool {
    set.items
        .iter()
        .any(|i| matches!(i.node, SetItem::Setup { .. }))
}

/// Whether every castling rule of the file was checked (none left out for
/// a mistake the first pass reported).
fn castling_complete(file: &ast::File, checked: &[CheckedCastling]) -> bool {
    let rules: usize = file
        .items
        .iter()
        .map(|item| match item {
            Item::Castling(c) => c.rules.len() + c.unknown.len(),
            _ => 0,
        })
        .sum();
    rules == checked.len()
}

/// The `max` statements of the `promotion` blocks.
fn promotions_decls_limits<'a>(
    decls: &[&'a ast::PromotionDecl],
) -> impl Iterator<Item = &'a ast::PromotionLimit> {
    decls
        .iter()
        .flat_map(|d| &d.limits)
        .collect::<Vec<_>>()
        .into_iter()
}

/// The one-letter file of a square name (`h` for `h1`), lower case, if it
/// has one: how the FEN writes a gate right.
fn file_letter(name: &str) -> Option<char> {
    let mut letters = name.chars().take_while(char::is_ascii_alphabetic);
    match (letters.next(), letters.next()) {
        (Some(f), None) => Some(f.to_ascii_lowercase()),
        _ => None,
    }
}

/// Where each piece stands in a setup, per piece and side.
fn setup_squares(setup: &Setup, np: usize) -> Vec<[Vec<Sq>; 2]> {
    let mut squares = vec![[Vec::new(), Vec::new()]; np];
    for (sq, p) in setup.board.iter().enumerate() {
        if let Some(p) = p {
            let side = usize::from(p.color != Color::White);
            squares[p.piece.index()][side].push(sq as Sq);
        }
    }
    squares
}

/// `white` or `black` as a side a rule names.
fn side_of(word: &str) -> Option<fairyc_runtime::table::Side> {
    match word {
        "white" => Some(fairyc_runtime::table::Side::White),
        "black" => Some(fairyc_runtime::table::Side::Black),
        _ => None,
    }
}
