//! Betza terms: known atoms and modifiers, and the modifiers each leg
//! of a multi-leg term may carry.

use crate::ast::Betza;
use crate::betza;
use crate::check::{BETZA_ATOMS, BETZA_MODIFIERS};
use crate::error::ErrorKind;
use crate::span::Spanned;

use super::Checker;

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

impl Checker<'_> {
    pub(in crate::check) fn betza(&mut self, betza: &Betza) {
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
}
