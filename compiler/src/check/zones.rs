//! Square sets and zones, resolved to squares per side.

use crate::ast::{SetItem, SquareSet, ZoneDecl};
use crate::geometry::Sq;
use crate::lower::LowerError;

use super::resolve::Resolver;
use super::{is_square_name, side_index};

impl<'a> Resolver<'a> {
    /// The squares of a set, per side. A set that is one bare name of a
    /// declared zone is that zone (its mistakes were reported where it is
    /// declared).
    pub(super) fn resolve(&mut self, set: &SquareSet) -> [Vec<Sq>; 2] {
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
    pub(super) fn zone_of(&self, set: &SquareSet) -> Option<&'a ZoneDecl> {
        if let [item] = set.items.as_slice() {
            if let SetItem::Name(n) = &item.node {
                return self.zone_names.get(n.node.as_str()).copied();
            }
        }
        None
    }

    /// Whether the first pass accepted every name in a set (a bare name is a
    /// zone or a square, a name in a list a square, a `setup` piece known).
    pub(super) fn names_ok(&self, set: &SquareSet) -> bool {
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

    /// Whether a side's squares of a set, or of the zone it names, are
    /// written `none` (meant to be empty).
    pub(super) fn written_none(&self, set: &SquareSet, side: usize) -> bool {
        let only_none = |s: &SquareSet| {
            !s.items.is_empty() && s.items.iter().all(|i| matches!(i.node, SetItem::None))
        };
        match self.zone_of(set) {
            Some(zone) => zone
                .sides
                .iter()
                .any(|(s, set)| side_index(s.node) == side && only_none(set)),
            None => only_none(set),
        }
    }

    /// Whether a set, or the zone it names, lists `setup` squares.
    pub(super) fn mentions_setup(&self, set: &SquareSet) -> bool {
        match self.zone_of(set) {
            Some(zone) => zone.sides.iter().any(|(_, s)| lists_setup(s)),
            None => lists_setup(set),
        }
    }

    /// Whether a set names a zone whose declaration has a mistake.
    pub(super) fn names_unsound_zone(&self, set: &SquareSet) -> bool {
        self.zone_of(set)
            .is_some_and(|z| self.unsound_zones.contains(&z.name.node))
    }

    pub(super) fn label_range(labels: &[String], a: &str, b: &str) -> Option<Vec<String>> {
        let i = labels.iter().position(|l| l == a)?;
        let j = labels.iter().position(|l| l == b)?;
        let (i, j) = (i.min(j), i.max(j));
        Some(labels[i..=j].to_vec())
    }

    pub(super) fn resolve_plain(&mut self, set: &SquareSet) -> Vec<Sq> {
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
                SetItem::None => {}
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
}

/// Whether a set lists `setup` squares.
pub(super) fn lists_setup(set: &SquareSet) -> bool {
    set.items
        .iter()
        .any(|i| matches!(i.node, SetItem::Setup { .. }))
}
