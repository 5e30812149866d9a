//! The second pass: the file resolved against its board. [`resolve`]
//! builds the geometry and calls each part's resolver (the sibling
//! modules `zones`, `setup`, `moves`, `castling`, `gating`, `drops`,
//! `promotions`, `blast` and `end`); this module holds the [`Resolver`]
//! they share and the pieces.

use fairyc_runtime::table::{
    CheckCountRule, GivingCheck, Legality, Notation, PassRule, SeveralRoyals, ZoneTable, MAX_PIECES,
};
use std::collections::{HashMap, HashSet};

use crate::ast::{
    self, DropRule, EndDecl, EndRule, Item, LegalityDecl, LegalityRule, NotationKind, PieceDecl,
    PieceProp, RoyalCheck, RoyalDecl, RoyalRule, ScoringDecl, ScoringRule, Side, ZoneDecl,
};
use crate::error::{CompileError, ErrorKind, NotationAsReason};
use crate::geometry::{Budget, Geometry, Sq};
use crate::lower::LowerError;
use crate::span::{Span, Spanned};

use super::castling::castling_complete;
use super::end::check_count_of;
use super::setup::SetupInput;
use super::types::{Checked, CheckedEnd, CheckedPiece, CheckedSetup};
use super::{first_word, side_index, Names};

/// The second pass's state, shared by each part's resolver.
pub(super) struct Resolver<'a> {
    pub(super) geo: Geometry,
    pub(super) decls: Vec<&'a PieceDecl>,
    pub(super) zones: Vec<&'a ZoneDecl>,
    /// The first declaration of each zone name: names are looked up, not
    /// scanned for.
    pub(super) zone_names: HashMap<&'a str, &'a ZoneDecl>,
    pub(super) errors: &'a mut Vec<CompileError>,
    /// `squares[piece][side]`, once the setup is read.
    pub(super) setup: Option<Vec<[Vec<Sq>; 2]>>,
    pub(super) unsound_zones: HashSet<String>,
    /// The `checks` rule, needed to read the setup's check counter.
    pub(super) check_count: Option<CheckCountRule>,
    /// Whether the end rules count moves (`counting`).
    pub(super) counting: bool,
    /// Whether the setup puts a royal piece in hand.
    pub(super) royal_in_hand: bool,
    /// `royal { check all }` or `royal { check last }`: a side may
    /// have several royal pieces, so a piece may promote to one.
    pub(super) several_royals: bool,
    /// The work of the moves generated to check them (E0190).
    pub(super) budget: Budget,
    /// E0190 for the budget is reported.
    pub(super) budget_reported: bool,
    /// A `walls` item's stand-in while the setup is read: its FEN may
    /// hold placed walls.
    pub(super) walling: Option<fairyc_runtime::WallingTable>,
    /// `unlimited` in `drops`: the setup's FEN writes no hands.
    pub(super) unlimited: bool,
}

/// The second pass: resolves the file against its board. Returns `None`
/// when there is no board to resolve against (the reason is reported).
pub(super) fn resolve(
    file: &ast::File,
    source: &str,
    names: &Names,
    errors: &mut Vec<CompileError>,
) -> Option<Checked> {
    let Items {
        name,
        board,
        setup,
        castling,
        drops,
        end,
        legality,
        gating,
        clock,
        blast,
        royal,
        pass,
        scoring,
        walls,
        stuck,
        flips,
        decls,
        zones,
        promotions,
    } = Items::of(file);
    let mut legality_rules = legality_of(legality, royal, pass);
    // `pass allowed` and `pass when-stuck` together are `E0011`.
    if stuck.is_some() {
        legality_rules.pass = PassRule::WhenStuck;
    }
    let mut geometry_errors = Vec::new();
    let geo = board.and_then(|board| Geometry::build(board, &mut geometry_errors));
    for (span, e) in geometry_errors {
        errors.push(CompileError::new(ErrorKind::Lower(e), span));
    }
    let geo = geo?;
    let mut r = Resolver::new(geo, decls, zones, errors, names, end, drops);
    r.several_royals = legality_rules.several_royals != SeveralRoyals::One;
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
        let input = SetupInput {
            pieces: &pieces,
            castling: &castling,
            gating: &gating,
            has_drops,
            fen: &fen,
        };
        r.read_setup(&input, source, setup_span);
    }

    let zones = r.declared_zones();

    let mut drop_rules = drops.map(|d| r.drops(d));
    if let Some(d) = &mut drop_rules {
        d.royal_in_hand = r.royal_in_hand;
    }
    if drops.is_none() {
        r.by_drop_without_drops(castling_decl, legality, end);
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
    komi(&mut end, scoring);
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

/// The file's items by kind: the first of each item that stands once (a
/// second one is the first pass's error), every piece, zone and
/// `promotion` block.
#[derive(Default)]
struct Items<'f> {
    name: String,
    board: Option<&'f ast::BoardDecl>,
    setup: Option<&'f ast::SetupDecl>,
    castling: Option<&'f ast::CastlingDecl>,
    drops: Option<&'f ast::DropsDecl>,
    end: Option<&'f EndDecl>,
    legality: Option<&'f LegalityDecl>,
    gating: Option<&'f ast::GatingDecl>,
    clock: Option<&'f ast::ClockDecl>,
    blast: Option<&'f ast::BlastDecl>,
    royal: Option<&'f RoyalDecl>,
    pass: Option<Span>,
    scoring: Option<&'f ScoringDecl>,
    walls: Option<&'f ast::WallsDecl>,
    stuck: Option<Span>,
    flips: Option<&'f ast::FlipsDecl>,
    decls: Vec<&'f PieceDecl>,
    zones: Vec<&'f ZoneDecl>,
    promotions: Vec<&'f ast::PromotionDecl>,
}

impl<'f> Items<'f> {
    fn of(file: &'f ast::File) -> Self {
        let mut it = Items::default();
        for item in &file.items {
            match item {
                Item::Variant(v) => it.name = v.name.node.clone(),
                Item::Board(b) => it.board = it.board.or(Some(b)),
                Item::Piece(p) => it.decls.push(p),
                Item::Setup(s) => it.setup = it.setup.or(Some(s)),
                Item::Castling(c) => it.castling = it.castling.or(Some(c)),
                Item::Zone(z) => it.zones.push(z),
                Item::Promotion(p) => it.promotions.push(p),
                Item::Drops(d) => it.drops = it.drops.or(Some(d)),
                Item::Gating(g) => it.gating = it.gating.or(Some(g)),
                Item::End(e) => it.end = it.end.or(Some(e)),
                Item::Clock(c) => it.clock = it.clock.or(Some(c)),
                Item::Legality(l) => it.legality = it.legality.or(Some(l)),
                Item::Royal(r) => it.royal = it.royal.or(Some(r)),
                Item::Pass(span) => it.pass = it.pass.or(Some(*span)),
                Item::Scoring(s) => it.scoring = it.scoring.or(Some(s)),
                Item::Blast(b) => it.blast = it.blast.or(Some(b)),
                Item::Walls(w) => it.walls = it.walls.or(Some(w)),
                Item::PassWhenStuck(span) => it.stuck = it.stuck.or(Some(*span)),
                Item::Flips(f) => it.flips = it.flips.or(Some(f)),
                Item::Allow(_) | Item::Unknown(_) => {}
            }
        }
        it
    }
}

/// The `komi` of the `scoring` item, into the end rules.
fn komi(end: &mut CheckedEnd, scoring: Option<&ScoringDecl>) {
    for rule in scoring.map(|s| s.rules.as_slice()).unwrap_or_default() {
        if let ScoringRule::Komi { side, points, .. } = rule {
            end.komi[usize::from(side.node != Side::White)] =
                points.node.min(fairyc_runtime::table::MAX_POINTS);
        }
    }
}

/// The table's legality rules, from the `legality` block, the `royal`
/// item (`check all` is [`SeveralRoyals::AllAttacked`], `check last` is
/// [`SeveralRoyals::Unprotected`]) and the `pass allowed` item.
pub(super) fn legality_of(
    decl: Option<&LegalityDecl>,
    royal: Option<&RoyalDecl>,
    pass: Option<Span>,
) -> Legality {
    let mut out = Legality {
        pass: if pass.is_some() {
            PassRule::Allowed
        } else {
            PassRule::Never
        },
        ..Legality::default()
    };
    for rule in decl.map(|d| d.rules.as_slice()).unwrap_or_default() {
        match rule {
            // Only one `giving-check` rule stands (a second is `E0012`).
            LegalityRule::GivingCheckForbidden { by_drop: None, .. } => {
                out.giving_check = GivingCheck::Forbidden
            }
            LegalityRule::GivingCheckForbidden {
                by_drop: Some(_), ..
            } => out.giving_check = GivingCheck::ForbiddenByDrop,
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
pub(super) fn royal_only(royal: Option<&RoyalDecl>) -> Option<u8> {
    royal?.rules.iter().find_map(|r| match r {
        RoyalRule::Only(side) => Some(u8::from(side.node != Side::White)),
        _ => None,
    })
}

impl<'a> Resolver<'a> {
    /// The resolver of a board's file: its pieces and zones, what the
    /// first pass found unsound, and what the setup needs of the `end` and
    /// `drops` items.
    fn new(
        geo: Geometry,
        decls: Vec<&'a PieceDecl>,
        zones: Vec<&'a ZoneDecl>,
        errors: &'a mut Vec<CompileError>,
        names: &Names,
        end: Option<&EndDecl>,
        drops: Option<&ast::DropsDecl>,
    ) -> Self {
        let mut zone_names = HashMap::new();
        for &z in &zones {
            zone_names.entry(z.name.node.as_str()).or_insert(z);
        }
        Resolver {
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
            several_royals: false,
            budget: Budget::default(),
            budget_reported: false,
            walling: None,
            unlimited: drops.is_some_and(|d| {
                d.rules
                    .iter()
                    .any(|r| matches!(r, DropRule::Unlimited { .. }))
            }),
        }
    }

    /// `by-drop` in `castling` or `legality`, or `drop` in `end`, without a
    /// `drops` item.
    fn by_drop_without_drops(
        &mut self,
        castling: Option<&ast::CastlingDecl>,
        legality: Option<&LegalityDecl>,
        end: Option<&ast::EndDecl>,
    ) {
        if let Some(c) = castling {
            for &span in &c.by_drop {
                self.error(ErrorKind::ByDropWithoutDrops { word: "by-drop" }, span);
            }
        }
        if let Some(l) = legality {
            for rule in &l.rules {
                if let LegalityRule::GivingCheckForbidden {
                    by_drop: Some(span),
                    ..
                } = rule
                {
                    self.error(ErrorKind::ByDropWithoutDrops { word: "by-drop" }, *span);
                }
            }
        }
        if let Some(e) = end {
            for rule in &e.rules {
                if let EndRule::CheckmateBy {
                    drop: Some(span), ..
                } = rule
                {
                    self.error(ErrorKind::ByDropWithoutDrops { word: "drop" }, *span);
                }
            }
        }
    }
}

impl Resolver<'_> {
    /// Every declared zone, resolved once here so that its mistakes are
    /// reported once (uses elsewhere stay quiet), even if nothing uses it.
    pub(super) fn declared_zones(&mut self) -> Vec<ZoneTable> {
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

    /// `notation as <target>` in `decl`: the target, if SAN writes it
    /// with its own symbol (`E0193` otherwise; an unknown name was
    /// reported by the first pass).
    fn notation_as(&mut self, decl: &PieceDecl, target: &Spanned<String>) -> Option<Notation> {
        let q = self.piece(&target.node)?;
        let own = self.decls[q as usize].props.iter().find_map(|p| match p {
            PieceProp::Notation { kind, .. } => Some(kind),
            _ => None,
        });
        let reason = if self.decls[q as usize].name.node == decl.name.node {
            Some(NotationAsReason::Itself)
        } else {
            match own {
                Some(NotationKind::Pawn) => Some(NotationAsReason::Pawn),
                Some(NotationKind::As(_)) => Some(NotationAsReason::Chain),
                _ => None,
            }
        };
        match reason {
            Some(reason) => {
                self.error(
                    ErrorKind::NotationAs {
                        piece: decl.name.node.clone(),
                        target: target.node.clone(),
                        reason,
                    },
                    target.span,
                );
                None
            }
            None => Some(Notation::As(q)),
        }
    }

    pub(super) fn error(&mut self, kind: ErrorKind, span: Span) {
        self.errors.push(CompileError::new(kind, span));
    }

    pub(super) fn lower_error(&mut self, e: LowerError, span: Span) {
        self.error(ErrorKind::Lower(e), span);
    }

    /// The index of a declared piece (`None` for an unknown name, which the
    /// first pass reported).
    pub(super) fn piece(&self, name: &str) -> Option<u8> {
        self.decls
            .iter()
            .position(|p| p.name.node == name)
            .and_then(|i| u8::try_from(i).ok())
    }

    pub(super) fn royal(&self, piece: u8) -> bool {
        self.decls
            .get(piece as usize)
            .is_some_and(|d| d.props.iter().any(|p| matches!(p, PieceProp::Royal(_))))
    }

    pub(super) fn square(&mut self, name: &str, span: Span) -> Option<Sq> {
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
    pub(super) fn pieces(
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
                    PieceProp::Notation { kind, .. } if notation.is_none() => {
                        notation = match kind {
                            NotationKind::Pawn => Some(Notation::Pawn),
                            NotationKind::Piece => Some(Notation::Piece),
                            NotationKind::As(target) => self.notation_as(decl, target),
                        };
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
}

/// The span of a piece's `royal` statement, if it has one.
pub(super) fn royal_span(decl: &PieceDecl) -> Option<Span> {
    decl.props.iter().find_map(|p| match p {
        PieceProp::Royal(span) => Some(*span),
        _ => None,
    })
}

/// The `max` statements of the `promotion` blocks.
pub(super) fn promotions_decls_limits<'a>(
    decls: &[&'a ast::PromotionDecl],
) -> impl Iterator<Item = &'a ast::PromotionLimit> {
    decls
        .iter()
        .flat_map(|d| &d.limits)
        .collect::<Vec<_>>()
        .into_iter()
}
