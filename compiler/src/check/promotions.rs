//! The promotion rules, resolved against the pieces and the board: their
//! targets, squares, triggers and turns, what promoted pieces become in
//! hand, and the rules that contradict each other (`E0039`).

use fairyc_runtime::table::PromotionChoice;

use crate::ast::{self, PromotionTarget};
use crate::error::ErrorKind;
use crate::geometry::Sq;
use crate::lower::LowerError;
use crate::span::Span;

use super::resolve::Resolver;
use super::types::{CheckedPiece, CheckedPromotion};

/// A promotion rule with no mistake: the rule, its piece, zone and choices.
type SoundRule<'r> = (
    &'r ast::PromotionRule,
    u8,
    [Vec<Sq>; 2],
    Vec<PromotionChoice>,
);

impl Resolver<'_> {
    /// The promotion rules; sets what promoted pieces become in hand.
    pub(super) fn promotions(
        &mut self,
        rules: &[&ast::PromotionRule],
        pieces: &mut [CheckedPiece],
        has_drops: bool,
        to_hand: bool,
    ) -> Vec<CheckedPromotion> {
        let np = pieces.len();
        let mut origins: Vec<Vec<u8>> = vec![Vec::new(); np];
        let mut out = Vec::new();
        // (rule, its zone if sound) for E0039.
        let mut sound: Vec<SoundRule> = Vec::new();
        for rule in rules {
            let piece = self.piece(&rule.piece.node);
            let (choices, rule_sound) =
                self.promotion_choices(rule, piece, pieces, has_drops, &mut origins);
            let zone_unsound = self.names_unsound_zone(&rule.zone) || !self.names_ok(&rule.zone);
            let before = self.errors.len();
            let zone = self.resolve(&rule.zone);
            let zone_sound = !zone_unsound && self.errors.len() == before;
            if zone_sound && (self.setup.is_some() || !self.mentions_setup(&rule.zone)) {
                for (side, name) in [(0, "white"), (1, "black")] {
                    if zone[side].is_empty() && !self.written_none(&rule.zone, side) {
                        self.lower_error(LowerError::EmptyZone(name), rule.zone.span);
                    }
                }
            }
            let Some(piece) = piece else { continue };
            if let (Some(none), Some(optional)) = (rule.none, rule.optional) {
                self.error(ErrorKind::DeclinedNone { none }, optional);
                continue;
            }
            if choices.is_empty() && rule.none.is_none() {
                continue;
            }
            let flag = |w: &str| rule.flags.iter().find(|x| x.node == w).map(|x| x.span);
            let turn = flag("turn").is_some();
            self.turn_words(rule, turn);
            if rule_sound && zone_sound && !turn {
                sound.push((rule, piece, zone.clone(), choices.clone()));
            }
            let on = |w: &str| rule.on.iter().any(|x| x.node == w);
            let except = match &rule.except {
                Some(set) => self.resolve(set),
                None => [Vec::new(), Vec::new()],
            };
            out.push(CheckedPromotion {
                piece,
                zone,
                choices,
                optional: rule.optional.is_some(),
                on_start: on("start"),
                on_end: rule.on.is_empty() || on("end"),
                on_pass: on("pass"),
                on_entry: on("entry"),
                capture_only: rule.if_capture.is_some(),
                except,
                always: rule.always.is_some(),
                turn,
                alone: flag("alone").is_some(),
                no_check: flag("no-check").is_some(),
                no_attack: flag("no-attack").is_some(),
            });
        }
        self.demotions(&origins, pieces, to_hand);
        self.promotion_conflicts(&sound);
        out
    }

    /// A rule's targets, each checked (known, once, royal only where a
    /// side may have several or for a royal piece of the same sides, into
    /// hand only with drops), and whether the rule is sound; records which
    /// pieces promote to which in `origins`.
    fn promotion_choices(
        &mut self,
        rule: &ast::PromotionRule,
        piece: Option<u8>,
        pieces: &[CheckedPiece],
        has_drops: bool,
        origins: &mut [Vec<u8>],
    ) -> (Vec<PromotionChoice>, bool) {
        // A royal piece promotes only to a piece royal for the same
        // sides, on the board: its side keeps its one royal piece.
        let royal_from = piece.filter(|&p| pieces[p as usize].royal);
        let same_royalty = |x: u8| {
            royal_from.is_some_and(|p| {
                let (a, b) = (&pieces[p as usize], &pieces[x as usize]);
                b.royal && a.royal_side == b.royal_side
            })
        };
        if royal_from.is_some() {
            for target in &rule.targets {
                let (target_name, royal_target) = match &target.node {
                    PromotionTarget::Piece(n) => {
                        (n.node.clone(), self.piece(&n.node).is_none_or(same_royalty))
                    }
                    PromotionTarget::Hand(n) => (format!("hand({})", n.node), false),
                };
                if !royal_target {
                    self.error(
                        ErrorKind::RoyalPromotes {
                            piece: rule.piece.node.clone(),
                            target: target_name,
                        },
                        target.span,
                    );
                }
            }
        }
        let mut choices: Vec<PromotionChoice> = Vec::new();
        let mut firsts: Vec<Span> = Vec::new();
        let mut rule_sound = piece.is_some();
        for target in &rule.targets {
            let (choice, name) = match &target.node {
                PromotionTarget::Piece(n) => (self.piece(&n.node).map(PromotionChoice::Piece), n),
                PromotionTarget::Hand(n) => (self.piece(&n.node).map(PromotionChoice::Hand), n),
            };
            let Some(choice) = choice else {
                rule_sound = false;
                continue;
            };
            let (PromotionChoice::Piece(x) | PromotionChoice::Hand(x)) = choice;
            if let Some(i) = choices.iter().position(|c| *c == choice) {
                self.error(
                    ErrorKind::DuplicatePromotionChoice {
                        choice: name.node.clone(),
                        first: firsts[i],
                    },
                    target.span,
                );
                rule_sound = false;
                continue;
            }
            match choice {
                PromotionChoice::Piece(_)
                    if pieces[x as usize].royal && !self.several_royals && !same_royalty(x) =>
                {
                    self.error(
                        ErrorKind::PromotesToRoyal {
                            piece: name.node.clone(),
                        },
                        name.span,
                    );
                    rule_sound = false;
                }
                PromotionChoice::Hand(_) if pieces[x as usize].royal => {
                    self.error(
                        ErrorKind::RoyalToHand {
                            piece: name.node.clone(),
                        },
                        name.span,
                    );
                    rule_sound = false;
                }
                PromotionChoice::Hand(_) if !has_drops => {
                    self.error(ErrorKind::HandPromotionWithoutDrops, target.span);
                    rule_sound = false;
                }
                _ => {}
            }
            if let (PromotionChoice::Piece(x), Some(p)) = (choice, piece) {
                if x != p && !origins[x as usize].contains(&p) {
                    origins[x as usize].push(p);
                }
            }
            choices.push(choice);
            firsts.push(target.span);
        }
        (choices, rule_sound)
    }

    /// `E0173`: a `turn` statement's repeated word, or a `hand(…)` target.
    fn turn_words(&mut self, rule: &ast::PromotionRule, turn: bool) {
        let mut seen_flags: Vec<&str> = Vec::new();
        for f in &rule.flags {
            if seen_flags.contains(&f.node.as_str()) {
                self.error(
                    ErrorKind::TurnMisuse {
                        what: "repeats a word",
                    },
                    f.span,
                );
            }
            seen_flags.push(&f.node);
        }
        // The grammar gives a `turn` statement no `on`, `if capture`,
        // `optional` or `except`; its targets are pieces.
        if let Some(t) = rule
            .targets
            .iter()
            .find(|t| turn && matches!(t.node, PromotionTarget::Hand(_)))
        {
            self.error(
                ErrorKind::TurnMisuse {
                    what: "turns into a piece, not into `hand(…)`",
                },
                t.span,
            );
        }
    }

    /// What promoted pieces become in hand: the piece they were promoted
    /// from (its `captured-as`), when only one piece promotes to them.
    fn demotions(&mut self, origins: &[Vec<u8>], pieces: &mut [CheckedPiece], to_hand: bool) {
        // The promoted mark (`~`) only says what a piece becomes in hand:
        // where captured pieces go to no hand, there is no mark and no
        // demotion; nor for a piece royal for both sides, never captured
        // (a royal piece whose face turns back, as a pseudo-royal
        // Fairy-Stockfish piece under `pieceDemotion`).
        for (x, from) in origins.iter().enumerate() {
            let never_captured = pieces[x].royal && pieces[x].royal_side.is_none();
            if !to_hand || pieces[x].captured_as.is_some() || from.is_empty() || never_captured {
                continue;
            }
            if from.len() > 1 {
                let name = |i: u8| pieces[i as usize].name.clone();
                self.lower_error(
                    LowerError::AmbiguousDemotion {
                        piece: pieces[x].name.clone(),
                        from: (name(from[0]), name(from[1])),
                    },
                    self.decls[x].name.span,
                );
                continue;
            }
            let origin = from[0] as usize;
            pieces[x].demotes_to = Some(pieces[origin].captured_as.unwrap_or(from[0]));
        }
    }

    /// `E0039`: two rules of one piece that apply on the same square but
    /// differ in `optional`, share some of their choices but not all, or
    /// one of which is `none`.
    /// Rules with the same choices and the same `optional` are ways to one
    /// promotion (`on entry` and `on start | end if capture`): they merge.
    fn promotion_conflicts(&mut self, rules: &[SoundRule]) {
        for (j, (later, lp, lz, lc)) in rules.iter().enumerate() {
            for (earlier, ep, ez, ec) in rules.iter().take(j) {
                if ep != lp {
                    continue;
                }
                let same_choices = ec.len() == lc.len() && ec.iter().all(|c| lc.contains(c));
                // A `none` rule and a rule with targets: one forbids what
                // the other offers.
                let contradicts = earlier.optional.is_some() != later.optional.is_some()
                    || !same_choices && ec.iter().any(|c| lc.contains(c))
                    || ec.is_empty() != lc.is_empty();
                if !contradicts {
                    continue;
                }
                let shared =
                    (0..2).find_map(|side| ez[side].iter().find(|s| lz[side].contains(s)).copied());
                let Some(square) = shared else { continue };
                let square = self.geo.squares[square as usize].name.clone();
                self.error(
                    ErrorKind::ConflictingPromotion {
                        piece: later.piece.node.clone(),
                        square,
                        first: earlier.span,
                    },
                    later.span,
                );
                break;
            }
        }
    }
}
