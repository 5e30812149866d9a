//! The first pass: names. Every statement is known and well formed,
//! every name declared once, every Betza term, zone, outcome and piece
//! reference spelt right; no board is needed. What it learns that the
//! second pass needs is in `Names`.
//!
//! This module declares the names and checks the items; a `piece` block
//! is checked in `piece`, its Betza terms in `terms`, the `end` block in
//! `end`, and statements the grammar did not recognise in `statements`.

use fairyc_runtime::table::{symbol_clashes, MAX_NAME_BYTES, MAX_PIECES};
use indexmap::IndexMap;

use crate::ast::{
    self, AllowDecl, BoardProp, CastlingDecl, DropRule, EndRule, GatingDecl, GatingRule, Item,
    Labels, LegalityDecl, LegalityRule, PromotionDecl, PromotionTarget, RoyalCheck, RoyalDecl,
    RoyalRule, ScoringDecl, ScoringRule, SetItem, Side, SquareSet, VariantProp, ZoneDecl,
};
use crate::error::{Block, CompileError, ErrorKind};
use crate::span::{Span, Spanned};
use crate::statements::words;
use crate::suggest::did_you_mean;

use super::{first_word, is_square_name, FEN_ORDERS, OUTCOMES, PROMOTION_TRIGGERS};

mod end;
mod piece;
mod statements;
mod terms;

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
                DropRule::FlipsOnlyNextToOwn { span } => {
                    self.once(&mut seen, "flips-only-next-to-own", *span)
                }
                DropRule::NotBesideEnemy { span } => {
                    self.once(&mut seen, "not-beside-enemy", *span)
                }
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
/// rule, a goal, a line, a connection, a stalemate that is not a draw, or draw odds
/// (which turn the draw of a stalemate into a win).
fn decided(file: &ast::File) -> bool {
    file.items.iter().any(|item| {
        matches!(item, Item::End(e) if e.rules.iter().any(|r| match r {
            EndRule::Extinction { .. }
            | EndRule::Reach { .. }
            | EndRule::Line { .. }
            | EndRule::Connect { .. }
            | EndRule::DrawOdds { .. } => true,
            EndRule::Stalemate { outcome, .. } => outcome.node != "draw",
            _ => false,
        }))
    })
}
