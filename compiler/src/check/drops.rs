//! The `drops` item, and the table parts that ride with it: `flips`
//! and `walls`.

use fairyc_runtime::table::{DropRules, HandSupply};

use crate::ast::{self, DropRule};
use crate::error::ErrorKind;
use crate::geometry::Sq;

use super::resolve::Resolver;

impl Resolver<'_> {
    /// The gating rules: pieces and gate squares per side. A royal piece
    /// never is in hand (E0042); each gate right must be writable in the
    /// FEN as its file letter (E0064).
    /// The `flips` item's table part with the drops' `first-on`,
    /// `must-flip`, `next-to-own`, `flips-only-next-to-own` and
    /// `not-beside-enemy` (`None` without any of them).
    /// `flips-only-next-to-own` without `flips` is E0061.
    pub(super) fn flipping(
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
            drop_flips_only_next_to_own: false,
            drop_not_beside_enemy: false,
            drop_first_on: Vec::new(),
        };
        for rule in drops.map(|d| d.rules.as_slice()).unwrap_or_default() {
            match rule {
                DropRule::MustFlip { .. } => t.drop_must_flip = true,
                DropRule::NextToOwn { .. } => t.drop_next_to_own = true,
                DropRule::FlipsOnlyNextToOwn { span } => {
                    if t.flips.is_none() {
                        self.error(ErrorKind::FlipsOnlyWithoutFlips, *span);
                    }
                    t.drop_flips_only_next_to_own = true;
                }
                DropRule::NotBesideEnemy { .. } => t.drop_not_beside_enemy = true,
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
            || t.drop_flips_only_next_to_own
            || t.drop_not_beside_enemy
            || !t.drop_first_on.is_empty();
        used.then_some(t)
    }

    /// The `walls` item's table part: where the walls go, and on which
    /// squares of each side (`on`; every square without it).
    pub(super) fn walling(&mut self, walls: &ast::WallsDecl) -> fairyc_runtime::WallingTable {
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

    pub(super) fn drops(&mut self, drops: &ast::DropsDecl) -> DropRules {
        let np = self.decls.len();
        let mut rules = DropRules::none(np);
        let nsq = self.geo.squares.len();
        for rule in &drops.rules {
            match rule {
                // `unlimited` already keeps captures out of the hands.
                DropRule::CapturesOff { .. } => {
                    if rules.supply != HandSupply::Unlimited {
                        rules.supply = HandSupply::Setup
                    }
                }
                DropRule::MustDrop { .. } => rules.must_drop = true,
                DropRule::Unlimited { .. } => rules.supply = HandSupply::Unlimited,
                // The `flipping` table part's (see `Resolver::flipping`).
                DropRule::FirstOn { .. }
                | DropRule::MustFlip { .. }
                | DropRule::NextToOwn { .. }
                | DropRule::FlipsOnlyNextToOwn { .. }
                | DropRule::NotBesideEnemy { .. } => {}
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
}
