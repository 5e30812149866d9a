//! The first pass: names. Every statement is known and well formed,
//! every name declared once, every Betza term, zone, outcome and piece
//! reference spelt right; no board is needed. What it learns that the
//! second pass needs is in [`super::Names`].

use fairyc_runtime::table::{
    is_symbol, symbol_clashes, MAX_CHECK_COUNT, MAX_NAME_BYTES, MAX_PIECES,
};
use indexmap::IndexMap;

use crate::ast::{
    self, AllowDecl, Betza, BoardProp, CastlingDecl, DropRule, EndDecl, EndRule, GatingDecl,
    GatingRule, Item, Labels, LegalityDecl, LegalityRule, PieceDecl, PieceProp, PromotionDecl,
    PromotionTarget, RoyalCheck, RoyalDecl, RoyalRule, ScoringDecl, ScoringRule, SetItem, Side,
    SquareSet, Unknown, VariantProp, ZoneDecl,
};
use crate::betza;
use crate::error::{Block, CompileError, ErrorKind};
use crate::fix::Fix;
use crate::span::{Span, Spanned};
use crate::statements::{words, Marker, Mend};
use crate::suggest::{
    betza_fix, betza_of_name, betza_stop, did_you_mean, is_valid_betza_term, looks_like_name,
    BetzaFix,
};

use super::types::MAX_LINE;
use super::{
    first_word, is_square_name, side_of, BETZA_ATOMS, BETZA_MODIFIERS, FEN_ORDERS, FEWER_PIECES,
    GUARDS, MAX_HAND_LEFT, OUTCOMES, POINTS, PROMOTION_TRIGGERS,
};

/// Why modifier `letter` may not stand on leg `leg` (0-based) of a term
/// whose last leg is `last` (0 for a one-leg term), if it may not.
pub(super) fn leg_refusal(letter: char, leg: usize, last: usize) -> Option<&'static str> {
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

/// The first pass's state: the errors found, and what the second pass
/// will need to know of them.
#[derive(Default)]
pub(super) struct Checker<'a> {
    /// The source text, or `""` when unknown.
    pub(super) source: &'a str,
    pub(super) errors: Vec<CompileError>,
    /// Declared pieces: name → span of the first definition's name.
    pub(super) pieces: IndexMap<&'a str, Span>,
    /// Declared zones: name → span of the first definition's name.
    pub(super) zones: IndexMap<&'a str, Span>,
    /// Whether a piece's name or letter is wrong: the pieces cannot be
    /// told apart in a FEN.
    pub(super) letters_unsound: bool,
    /// Per piece declaration: whether all its `moves` are well formed.
    pub(super) moves_sound: Vec<bool>,
    /// Zones with a mistake in their declaration.
    pub(super) unsound_zones: Vec<&'a str>,
    /// Names of pieces and zones whose declaration did not parse (`peice
    /// Knight { … }`, an unclosed `{`): references to them are not
    /// reported, as that mistake already is.
    pub(super) broken_names: Vec<&'a str>,
    /// The keywords of the top-level items the file has (those a fix may
    /// add: `royal`, `pass`, `scoring`, `clock`).
    pub(super) items: Vec<&'static str>,
    /// The spans of the second symbols (`letter N also H`) taken so far.
    pub(super) also_spans: Vec<Span>,
}

impl<'a> Checker<'a> {
    pub(super) fn error(&mut self, kind: ErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    /// The declarations that did not parse: top-level unknown statements
    /// (misspelt or malformed items) and the parts of the file that did not
    /// parse at all. Each is reported once, as itself; the piece or zone it
    /// meant to declare is remembered in [`Checker::broken_names`].
    pub(super) fn broken_declarations(&mut self, file: &'a ast::File) -> bool {
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

    pub(super) fn file(&mut self, file: &'a ast::File) {
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
        self.declare(file);
        let mut singles: IndexMap<&'static str, Span> = IndexMap::new();
        let mut census = Census {
            // A piece whose declaration did not parse may be the royal one.
            royal_unclear: broken_piece,
            ..Census::default()
        };
        for item in &file.items {
            if let Some((keyword, span)) = single_item(item) {
                let head = first_word(span, keyword);
                if let Some(&first) = singles.get(keyword) {
                    self.error(ErrorKind::DuplicateItem { keyword, first }, head);
                } else {
                    singles.insert(keyword, head);
                }
            }
            self.item(item, &mut census);
        }
        self.symbol_clashes(&census.letters);
        for keyword in ["variant", "board", "setup"] {
            if !singles.contains_key(keyword) && !self.has_malformed_item(file, keyword) {
                self.error(ErrorKind::MissingItem { keyword }, Span::default());
            }
        }
        if !census.royal && !census.royal_unclear && !decided(file) && file.broken.is_empty() {
            self.error(ErrorKind::NoRoyalPiece, Span::default());
        }
    }

    /// Declares the pieces and zones, each name once.
    fn declare(&mut self, file: &'a ast::File) {
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
    }

    /// One item's own checks; counts its pieces and royalty in `census`.
    fn item(&mut self, item: &'a Item, census: &mut Census<'a>) {
        match item {
            Item::Variant(variant) => self.variant(variant),
            Item::Board(board) => self.board(&board.props),
            Item::Piece(piece) => {
                census.pieces += 1;
                if census.pieces == MAX_PIECES + 1 {
                    self.letters_unsound = true;
                    self.error(
                        ErrorKind::TooManyPieces { max: MAX_PIECES },
                        piece.name.span,
                    );
                }
                let (is_royal, unclear) = self.piece(piece, &mut census.letters);
                census.royal |= is_royal;
                census.royal_unclear |= unclear;
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
                    census.royal_unclear = true;
                }
                self.unknown(Block::TopLevel, unknown);
            }
        }
    }

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
    pub(super) fn unknown(&mut self, block: Block, unknown: &Unknown) {
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

    pub(super) fn once(
        &mut self,
        seen: &mut IndexMap<&'static str, Span>,
        keyword: &'static str,
        span: Span,
    ) {
        if let Some(&first) = seen.get(keyword) {
            self.error(ErrorKind::DuplicateStatement { keyword, first }, span);
        } else {
            seen.insert(keyword, span);
        }
    }

    /// `E0048`: a name that is empty or longer than a table holds.
    pub(super) fn name_length(&mut self, what: &'static str, name: &Spanned<String>, max: usize) {
        let len = name.node.len();
        if len == 0 || len > max {
            self.error(ErrorKind::NameLength { what, len, max }, name.span);
        }
    }

    pub(super) fn variant(&mut self, variant: &ast::VariantDecl) {
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

    pub(super) fn board(&mut self, props: &[BoardProp]) {
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
    pub(super) fn symbol_clashes(&mut self, letters: &IndexMap<(String, bool), (&'a str, Span)>) {
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
    pub(super) fn piece(
        &mut self,
        piece: &'a PieceDecl,
        letters: &mut IndexMap<(String, bool), (&'a str, Span)>,
    ) -> (bool, bool) {
        self.name_length("piece name", &piece.name, MAX_NAME_BYTES);
        let mut seen = IndexMap::new();
        let mut facts = PieceFacts {
            moves_sound: true,
            ..PieceFacts::default()
        };
        let errors_before = self.errors.len();
        for prop in &piece.props {
            match prop {
                PieceProp::Letter(letter) => {
                    facts.has_letter = true;
                    let first_letter = !seen.contains_key("letter");
                    self.once(&mut seen, "letter", letter.span);
                    self.letter(piece, letter, first_letter, letters);
                }
                PieceProp::Also(also) => {
                    // Only the first `letter`'s: a repeated `letter` is
                    // already reported.
                    if !facts.also_done {
                        facts.also_done = true;
                        self.also(piece, also, letters);
                    }
                }
                PieceProp::Moves {
                    betza,
                    guard,
                    regions,
                    ..
                } => {
                    facts.has_moves = true;
                    facts.moves_sound &= self.piece_moves(betza, guard.as_ref(), regions);
                }
                PieceProp::Royal(span) => {
                    facts.royal = true;
                    self.once(&mut seen, "royal", *span);
                }
                PieceProp::CapturedAs(name) => {
                    self.once(&mut seen, "captured-as", name.span);
                    self.piece_ref(name);
                }
                PieceProp::FenOnly(span) => self.once(&mut seen, "fen-only", *span),
                PieceProp::Immobile(span) => {
                    self.once(&mut seen, "immobile", *span);
                    facts.immobile = Some(*span);
                }
                PieceProp::Notation { span, .. } => self.once(&mut seen, "notation", *span),
                PieceProp::Faces { betza, span } => {
                    self.once(&mut seen, "faces", *span);
                    self.betza(betza);
                    facts.faces = Some(*span);
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
                    self.cannot_hop(piece, pieces, *span);
                }
                PieceProp::Unknown(u) => {
                    // A malformed or misspelt statement is reported once, not
                    // again as missing.
                    let keyword = u.keyword.node.as_str();
                    let meant = did_you_mean(keyword, Block::Piece.keywords());
                    match meant.unwrap_or(keyword) {
                        "letter" => facts.has_letter = true,
                        "moves" => {
                            facts.has_moves = true;
                            facts.moves_sound = false;
                        }
                        "royal" => facts.royal_unclear = true,
                        _ => {}
                    }
                    self.unknown(Block::Piece, u);
                }
            }
        }
        self.piece_complete(piece, &facts, errors_before);
        (facts.royal, facts.royal_unclear)
    }

    /// A piece's `letter`: a symbol, unique among the pieces' (`+P`, a
    /// promoted face, among the `+` symbols; case ignored). Only the
    /// `first` letter of a piece counts: another is a duplicate statement.
    fn letter(
        &mut self,
        piece: &'a PieceDecl,
        letter: &Spanned<String>,
        first: bool,
        letters: &mut IndexMap<(String, bool), (&'a str, Span)>,
    ) {
        let plus = letter.node.starts_with('+');
        let symbol = &letter.node[usize::from(plus)..];
        let upper = symbol.to_ascii_uppercase();
        if is_symbol(symbol) {
            let key = (upper, plus);
            if !first {
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

    /// The `also` of a piece's `letter`: a plain symbol, also for a promoted
    /// face (`letter +P also E`: the face's own letter, as
    /// Fairy-Stockfish's SAN writes it), unique among the pieces'.
    fn also(
        &mut self,
        piece: &'a PieceDecl,
        also: &Spanned<String>,
        letters: &mut IndexMap<(String, bool), (&'a str, Span)>,
    ) {
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

    /// A `moves` statement: its Betza term, regions and guard; whether it is
    /// sound (its term and regions are).
    fn piece_moves(
        &mut self,
        betza: &Betza,
        guard: Option<&Spanned<String>>,
        regions: &[ast::MoveRegion],
    ) -> bool {
        let before = self.errors.len();
        self.betza(betza);
        for r in regions {
            self.square_set(&r.set);
        }
        let sound = self.errors.len() == before;
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
        sound
    }

    /// `cannot-hop`: known pieces, and a piece that hops at all.
    fn cannot_hop(&mut self, piece: &PieceDecl, pieces: &[Spanned<String>], span: Span) {
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
                first_word(span, "cannot-hop"),
            );
        }
    }

    /// What a piece's statements must say together: a letter, moves (or
    /// `immobile`, not both), `faces` only on a royal piece. Records
    /// whether its letters and moves are sound.
    fn piece_complete(&mut self, piece: &PieceDecl, facts: &PieceFacts, errors_before: usize) {
        if !facts.has_letter {
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
        if let Some(span) = facts.faces {
            if !facts.royal && !facts.royal_unclear {
                self.error(
                    ErrorKind::FacesNotRoyal {
                        piece: piece.name.node.clone(),
                    },
                    span,
                );
            }
        }
        self.letters_unsound |= letter_error || (!has_letter_statement(piece) && facts.has_letter);
        self.moves_sound.push(facts.moves_sound);
        if let (true, Some(span)) = (facts.has_moves, facts.immobile) {
            self.error(
                ErrorKind::ImmobileWithMoves {
                    piece: piece.name.node.clone(),
                },
                span,
            );
        }
        if !facts.has_moves && facts.immobile.is_none() {
            self.error(
                ErrorKind::MissingMoves {
                    piece: piece.name.node.clone(),
                },
                piece.name.span,
            );
        }
    }

    pub(super) fn betza(&mut self, betza: &Betza) {
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
    pub(super) fn points(&mut self, points: &Spanned<u32>) {
        if points.node > fairyc_runtime::table::MAX_POINTS {
            self.error(ErrorKind::PointsOutOfRange, points.span);
        }
    }

    pub(super) fn piece_ref(&mut self, name: &Spanned<String>) {
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

    pub(super) fn outcome(&mut self, outcome: &Spanned<String>) {
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

    pub(super) fn square_set(&mut self, set: &SquareSet) {
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

    pub(super) fn castling(&mut self, castling: &CastlingDecl) {
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

    pub(super) fn zone(&mut self, zone: &'a ZoneDecl) {
        let before = self.errors.len();
        self.zone_inner(zone);
        if self.errors.len() != before {
            self.unsound_zones.push(zone.name.node.as_str());
        }
    }

    pub(super) fn zone_inner(&mut self, zone: &ZoneDecl) {
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

    pub(super) fn promotion(&mut self, promotion: &PromotionDecl) {
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

    pub(super) fn drops(&mut self, rules: &[DropRule]) {
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

    pub(super) fn gating(&mut self, gating: &GatingDecl) {
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

    pub(super) fn legality(&mut self, legality: &LegalityDecl) {
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
    pub(super) fn royal_item(&mut self, royal: &RoyalDecl) {
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
    pub(super) fn allow(&mut self, allow: &AllowDecl) {
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
    pub(super) fn scoring(&mut self, scoring: &ScoringDecl) {
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

    pub(super) fn end(&mut self, end: &EndDecl) {
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
                    self.repetition_count(count, claim.as_ref());
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
                    self.in_range(length, "a `line` length", 2, MAX_LINE);
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
                        self.in_range(n, "an `opponent-has` count", 1, MAX_HAND_LEFT);
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
                    self.counting(without, board.as_ref(), limits);
                }
                EndRule::Unknown(u) => self.unknown(Block::End, u),
            }
        }
    }

    /// A `counting` rule: known pieces, limits in range, and no limit after
    /// one that always applies.
    fn counting(
        &mut self,
        without: &[Spanned<String>],
        board: Option<&Spanned<u32>>,
        limits: &[ast::CountingLimit],
    ) {
        for p in without {
            self.piece_ref(p);
        }
        let max = fairyc_runtime::table::MAX_COUNTING_LIMIT;
        let moves = limits.iter().map(|l| &l.moves).chain(board);
        for n in moves {
            if n.node == 0 || n.node > max {
                self.error(ErrorKind::CountingLimitOutOfRange { moves: n.node }, n.span);
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
                        self.error(ErrorKind::CountingLimitOutOfRange { moves: c.node }, c.span);
                    }
                }
            }
            if l.needs.is_empty() {
                always = Some(l.span);
            }
        }
    }

    /// The `count` of a `repetition` rule (2 at least), and its `claim`
    /// (from 2 to below the count).
    fn repetition_count(&mut self, count: &Spanned<u32>, claim: Option<&Spanned<u32>>) {
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

    /// A number of a rule must lie in `min..=max`.
    fn in_range(&mut self, n: &Spanned<u32>, place: &'static str, min: u32, max: u32) {
        if !(min..=max).contains(&n.node) {
            self.error(
                ErrorKind::NumberOutOfRange {
                    number: n.node.to_string(),
                    place,
                    min: i64::from(min),
                    max: i64::from(max),
                },
                n.span,
            );
        }
    }
}

/// Whether a piece has a well-formed `letter` statement.
pub(super) fn has_letter_statement(piece: &PieceDecl) -> bool {
    piece
        .props
        .iter()
        .any(|p| matches!(p, PieceProp::Letter(_)))
}

/// What the items tell of the pieces: how many, their letters, and
/// whether one is royal (or may be, where a mistake hides it).
#[derive(Default)]
struct Census<'a> {
    pieces: usize,
    letters: IndexMap<(String, bool), (&'a str, Span)>,
    royal: bool,
    royal_unclear: bool,
}

/// The keyword and span of an item that may stand once in a file.
fn single_item(item: &Item) -> Option<(&'static str, Span)> {
    Some(match item {
        Item::Variant(v) => ("variant", v.span),
        Item::Board(b) => ("board", b.span),
        Item::Setup(s) => ("setup", s.span),
        Item::Castling(c) => ("castling", c.span),
        Item::Promotion(p) => ("promotion", p.span),
        Item::Drops(d) => ("drops", d.span),
        Item::Gating(g) => ("gating", g.span),
        Item::End(e) => ("end", e.span),
        Item::Clock(c) => ("clock", c.span),
        Item::Legality(l) => ("legality", l.span),
        Item::Royal(r) => ("royal", r.span),
        Item::Pass(span) => ("pass", *span),
        Item::Scoring(s) => ("scoring", s.span),
        Item::Allow(a) => ("allow", a.span),
        Item::Blast(b) => ("blast", b.span),
        Item::Walls(w) => ("walls", w.span),
        Item::PassWhenStuck(span) => ("pass", *span),
        Item::Flips(f) => ("flips", f.span),
        _ => return None,
    })
}

/// Whether the game can be decided without a royal piece: an extinction
/// rule, a goal, a line, or a stalemate that is not a draw.
fn decided(file: &ast::File) -> bool {
    file.items.iter().any(|item| {
        matches!(item, Item::End(e) if e.rules.iter().any(|r| match r {
            EndRule::Extinction { .. } | EndRule::Reach { .. } | EndRule::Line { .. } => true,
            EndRule::Stalemate { outcome, .. } => outcome.node != "draw",
            _ => false,
        }))
    })
}

/// What a piece's statements said, for the checks of the whole piece.
#[derive(Default)]
struct PieceFacts {
    has_letter: bool,
    /// The first `letter`'s `also` is checked.
    also_done: bool,
    has_moves: bool,
    /// Its `moves` statements are well formed.
    moves_sound: bool,
    immobile: Option<Span>,
    royal: bool,
    /// A malformed `royal` statement: the piece may be royal.
    royal_unclear: bool,
    faces: Option<Span>,
}
