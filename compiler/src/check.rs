//! Name-level checks of a parsed file: everything that needs no board
//! geometry. [`check`] walks the whole tree once and collects every error.

use indexmap::IndexMap;

use crate::ast::{
    self, Betza, BoardProp, CastlingDecl, DropRule, EndDecl, EndRule, Item, PieceDecl, PieceProp,
    PromotionDecl, PromotionTarget, SetItem, Side, SquareSet, Unknown, VariantProp, ZoneDecl,
};
use crate::error::{Block, CompileError, ErrorKind};
use crate::span::{Span, Spanned};
use crate::suggest::did_you_mean;

/// The Betza atoms we support.
pub const BETZA_ATOMS: &str = "WFDNAHCZGKRBQ";
/// The Betza modifiers we support.
pub const BETZA_MODIFIERS: &str = "fblrvsmcein";
/// The guards that may follow `if` in `moves`.
pub const GUARDS: &[&str] = &["friend-adjacent"];
/// The outcome words.
pub const OUTCOMES: &[&str] = &["win", "draw", "loss"];
/// The values of `fen` in `board`.
pub const FEN_ORDERS: &[&str] = &["by-rank", "by-file"];

/// Checks a parsed file and returns every error found (empty when the file is
/// fine as far as names go). Geometry (do squares exist, …) is checked by the
/// lowering.
///
/// # Examples
///
/// ```
/// use fairyc_compiler::{check::check, parse::parse};
///
/// let file = parse("piece King {\n  lettr K\n}\n").expect("it parses");
/// let errors = check(&file);
/// // `variant`, `board` and `setup` are missing, `lettr` is unknown, the King
/// // has no letter and no moves, and nothing is royal.
/// assert!(errors.iter().any(|e| e.code() == "E0007"));
/// ```
pub fn check(file: &ast::File) -> Vec<CompileError> {
    check_source(file, "")
}

/// [`check`], with the source text the file was parsed from: malformed
/// `moves` statements then get a corrected Betza term where one is
/// obvious (`Wf` → `fW`, `mfw` → `mfW`).
pub fn check_source(file: &ast::File, source: &str) -> Vec<CompileError> {
    let mut checker = Checker {
        source,
        ..Checker::default()
    };
    checker.file(file);
    checker.errors
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
}

impl<'a> Checker<'a> {
    fn error(&mut self, kind: ErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    fn file(&mut self, file: &'a ast::File) {
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
                    } else {
                        self.zones.insert(name, zone.name.span);
                    }
                }
                _ => {}
            }
        }

        let mut singles: IndexMap<&'static str, Span> = IndexMap::new();
        let mut letters: IndexMap<char, (&'a str, Span)> = IndexMap::new();
        let mut royal = false;
        let mut royal_unclear = false;
        for item in &file.items {
            let (keyword, span) = match item {
                Item::Variant(v) => (Some("variant"), v.span),
                Item::Board(b) => (Some("board"), b.span),
                Item::Setup(s) => (Some("setup"), s.span),
                Item::Castling(c) => (Some("castling"), c.span),
                Item::Promotion(p) => (Some("promotion"), p.span),
                Item::Drops(d) => (Some("drops"), d.span),
                Item::End(e) => (Some("end"), e.span),
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
                    let (is_royal, unclear) = self.piece(piece, &mut letters);
                    royal |= is_royal;
                    royal_unclear |= unclear;
                }
                Item::Setup(_) => {}
                Item::Castling(castling) => self.castling(castling),
                Item::Zone(zone) => self.zone(zone),
                Item::Promotion(promotion) => self.promotion(promotion),
                Item::Drops(drops) => self.drops(&drops.rules),
                Item::End(end) => self.end(end),
                Item::Unknown(unknown) => {
                    if unknown.keyword.node == "royal" {
                        royal_unclear = true;
                    }
                    self.unknown(Block::TopLevel, unknown);
                }
            }
        }
        for keyword in ["variant", "board", "setup"] {
            if !singles.contains_key(keyword) && !self.has_malformed_item(file, keyword) {
                self.error(ErrorKind::MissingItem { keyword }, Span::default());
            }
        }
        if !royal && !royal_unclear {
            self.error(ErrorKind::NoRoyalPiece, Span::default());
        }
    }

    /// Whether the file has an item starting with `keyword` that did not parse
    /// (already reported, so not "missing" too).
    fn has_malformed_item(&self, file: &ast::File, keyword: &str) -> bool {
        file.items
            .iter()
            .any(|item| matches!(item, Item::Unknown(u) if u.keyword.node == keyword))
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
        if let Some((keyword, syntax)) = statement_syntax(block, keyword) {
            let span = if block == Block::TopLevel {
                unknown.keyword.span
            } else {
                unknown.span
            };
            self.error(ErrorKind::MalformedStatement { keyword, syntax }, span);
            return;
        }
        let suggestion = did_you_mean(keyword, block.keywords().iter().copied());
        if suggestion.is_none()
            && matches!(block, Block::Castling | Block::Promotion | Block::Drops)
        {
            self.error(
                ErrorKind::MalformedRule {
                    block,
                    syntax: block.forms(),
                },
                unknown.span,
            );
            return;
        }
        self.error(
            ErrorKind::UnknownStatement {
                block,
                keyword: keyword.to_owned(),
                suggestion,
            },
            unknown.keyword.span,
        );
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
            if word == "if" {
                break;
            }
            if !word.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return None;
            }
            // `[a-z]*[A-Z][0-9]*[a-z]+`: modifiers after the atom.
            let lead = word.bytes().take_while(u8::is_ascii_lowercase).count();
            let rest = word.get(lead..)?;
            let mut chars = rest.chars();
            if let Some(atom) = chars.next().filter(char::is_ascii_uppercase) {
                let after = chars.as_str();
                let digits = after.bytes().take_while(u8::is_ascii_digit).count();
                let (range, tail) = after.split_at(digits);
                if !tail.is_empty() && tail.bytes().all(|b| b.is_ascii_lowercase()) {
                    let mods = word.get(..lead)?;
                    return Some((
                        ErrorKind::MisplacedBetzaModifier {
                            term: word.to_owned(),
                            suggestion: format!("{mods}{tail}{atom}{range}"),
                        },
                        span,
                    ));
                }
                continue;
            }
            // All lower case: the atom was written in lower case.
            if lead == word.len() {
                let (mods, atom) = word.split_at(word.len() - 1);
                let atom = atom.to_ascii_uppercase();
                if BETZA_ATOMS.contains(atom.as_str()) {
                    return Some((
                        ErrorKind::LowerCaseBetzaAtom {
                            term: word.to_owned(),
                            suggestion: format!("{mods}{atom}"),
                        },
                        span,
                    ));
                }
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

    fn variant(&mut self, variant: &ast::VariantDecl) {
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
                BoardProp::Unknown(u) => self.unknown(Block::Board, u),
            }
        }
    }

    /// Checks a piece; returns (is royal, has a malformed `royal`).
    fn piece(
        &mut self,
        piece: &'a PieceDecl,
        letters: &mut IndexMap<char, (&'a str, Span)>,
    ) -> (bool, bool) {
        let mut seen = IndexMap::new();
        let mut has_letter = false;
        let mut has_moves = false;
        let mut royal = false;
        let mut royal_unclear = false;
        for prop in &piece.props {
            match prop {
                PieceProp::Letter(letter) => {
                    has_letter = true;
                    let first_letter = !seen.contains_key("letter");
                    self.once(&mut seen, "letter", letter.span);
                    let mut chars = letter.node.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) if c.is_ascii_alphabetic() => {
                            let key = c.to_ascii_uppercase();
                            if !first_letter {
                                // Already reported as a duplicate statement.
                            } else if let Some(&(other, first)) = letters.get(&key) {
                                self.error(
                                    ErrorKind::DuplicateLetter {
                                        letter: c,
                                        other: other.to_owned(),
                                        first,
                                    },
                                    letter.span,
                                );
                            } else {
                                letters.insert(key, (piece.name.node.as_str(), letter.span));
                            }
                        }
                        _ => self.error(
                            ErrorKind::InvalidLetter {
                                letter: letter.node.clone(),
                            },
                            letter.span,
                        ),
                    }
                }
                PieceProp::Moves { betza, guard, .. } => {
                    has_moves = true;
                    self.betza(betza);
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
                PieceProp::Unknown(u) => {
                    // A malformed or misspelt statement is reported once, not
                    // again as missing.
                    let keyword = u.keyword.node.as_str();
                    let meant = did_you_mean(keyword, Block::Piece.keywords().iter().copied());
                    match meant.unwrap_or(keyword) {
                        "letter" => has_letter = true,
                        "moves" => has_moves = true,
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
        if !has_moves {
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
            let mut mode: Option<Spanned<char>> = None;
            for modifier in &term.mods {
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
                }
                if letter == 'm' || letter == 'c' {
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
            if !BETZA_ATOMS.contains(term.atom.node) {
                self.error(
                    ErrorKind::UnknownBetzaAtom {
                        atom: term.atom.node,
                    },
                    term.atom.span,
                );
            }
        }
    }

    fn piece_ref(&mut self, name: &Spanned<String>) {
        if !self.pieces.contains_key(name.node.as_str()) {
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
                if !self.zones.contains_key(name.node.as_str()) && !is_square_name(&name.node) {
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
        let mut letters: IndexMap<char, Span> = IndexMap::new();
        for rule in &castling.rules {
            let mut chars = rule.fen.node.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    if let Some(&first) = letters.get(&c) {
                        self.error(
                            ErrorKind::DuplicateCastlingLetter { letter: c, first },
                            rule.fen.span,
                        );
                    } else {
                        letters.insert(c, rule.fen.span);
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

    fn zone(&mut self, zone: &ZoneDecl) {
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
        }
        for u in &promotion.unknown {
            self.unknown(Block::Promotion, u);
        }
    }

    fn drops(&mut self, rules: &[DropRule]) {
        for rule in rules {
            match rule {
                DropRule::NotOn { piece, squares, .. } => {
                    self.piece_ref(piece);
                    self.square_set(squares);
                }
                DropRule::NoMate { piece, .. } => self.piece_ref(piece),
                DropRule::Unknown(u) => self.unknown(Block::Drops, u),
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
                EndRule::Stalemate { span, outcome } => {
                    self.once(&mut seen, "stalemate", first_word(*span, "stalemate"));
                    self.outcome(outcome);
                }
                EndRule::BareKing { span, outcome } => {
                    self.once(&mut seen, "bare-king", first_word(*span, "bare-king"));
                    self.outcome(outcome);
                }
                EndRule::Repetition {
                    span,
                    count,
                    outcome,
                    claim,
                } => {
                    self.once(&mut seen, "repetition", first_word(*span, "repetition"));
                    self.outcome(outcome);
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
                EndRule::MoveLimit { span, .. } => {
                    self.once(&mut seen, "move-limit", first_word(*span, "move-limit"));
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
                EndRule::Unknown(u) => self.unknown(Block::End, u),
            }
        }
    }
}

/// The span of `keyword` at the start of `span`.
fn first_word(span: Span, keyword: &str) -> Span {
    span.sub(0, keyword.len())
}

/// For a known keyword of `block`, the keyword (as a static string) and what
/// its statement should look like.
fn statement_syntax(block: Block, keyword: &str) -> Option<(&'static str, &'static str)> {
    let table: &[(&'static str, &'static str)] = match block {
        Block::TopLevel => &[
            ("variant", "`variant \"<name>\" { … }`"),
            ("board", "`board { … }`"),
            ("piece", "`piece <Name> { … }`"),
            ("setup", "`setup \"<FEN>\"`"),
            ("castling", "`castling { … }`"),
            ("zone", "`zone <name> { … }`"),
            ("promotion", "`promotion { … }`"),
            ("drops", "`drops { … }`"),
            ("end", "`end { … }`"),
        ],
        Block::Variant => &[
            ("alias", "`alias \"<name>\"`"),
            ("description", "`description \"<text>\"`"),
            ("source", "`source \"<text>\"`"),
        ],
        Block::Board => &[
            ("files", "`files a..h` or `files a b c …`"),
            ("ranks", "`ranks 1..8` or `ranks 1 2 3 …`"),
            ("cells", "`cells { \"<row>\" … }`"),
            ("forward", "`forward <white|black> <dx> <dy>`"),
            ("fen", "`fen by-rank` or `fen by-file`"),
        ],
        Block::Piece => &[
            ("letter", "`letter <A-Z>`"),
            ("moves", "`moves <Betza> [if <guard>]`"),
            ("royal", "`royal` alone on its line"),
            ("captured-as", "`captured-as <Piece>`"),
        ],
        Block::Zone => &[
            ("white", "`white: <squares>`"),
            ("black", "`black: <squares>`"),
        ],
        Block::End => &[
            ("checkmate", "`checkmate <win|draw|loss>`"),
            ("stalemate", "`stalemate <win|draw|loss>`"),
            (
                "repetition",
                "`repetition <count> <outcome> [claim <count>]`",
            ),
            ("move-limit", "`move-limit <moves>` or `move-limit off`"),
            ("bare-king", "`bare-king <win|draw|loss>`"),
        ],
        Block::Castling | Block::Promotion | Block::Drops => &[],
    };
    table.iter().find(|(k, _)| *k == keyword).copied()
}
