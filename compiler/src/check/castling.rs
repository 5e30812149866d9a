//! Castling rules, and the rights the FEN writes as file letters
//! (castling, gating, one-time moves).

use fairyc_runtime::table::GateRule;

use crate::ast::{self, Item, PieceProp};
use crate::error::{ErrorKind, GateProblem};
use crate::geometry::Sq;
use crate::lower::LowerError;

use super::resolve::Resolver;
use super::types::{CheckedCastling, CheckedPiece};

impl Resolver<'_> {
    pub(super) fn castling(&mut self, castling: &ast::CastlingDecl) -> Vec<CheckedCastling> {
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
                ends: Vec::new(),
            });
        }
        // `ends`: each letter a right of the block.
        let letters: Vec<String> = castling.rules.iter().map(|r| r.fen.node.clone()).collect();
        for rule in &castling.rules {
            let mut ends = Vec::new();
            for e in &rule.ends {
                let mut chars = e.node.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if letters.contains(&e.node) => {
                        if !ends.contains(&c) {
                            ends.push(c);
                        }
                    }
                    _ => self.error(
                        ErrorKind::CastlingEndsUnknown {
                            letter: e.node.clone(),
                        },
                        e.span,
                    ),
                }
            }
            for c in out.iter_mut() {
                if rule.fen.node.chars().eq([c.letter]) {
                    for &e in &ends {
                        if !c.ends.contains(&e) {
                            c.ends.push(e);
                        }
                    }
                }
            }
        }
        out
    }

    /// The FEN letter of a right kept on square `s` of `side` (a gate
    /// right, a one-time move's right): its one-letter file, which must not
    /// be a castling letter of the side (nor may the side castle freely,
    /// whose rights are file letters too) nor the file of another such
    /// square in `taken`, to which it is added.
    pub(super) fn right_letter(
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
    pub(super) fn once_rights(
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
}

/// Whether every castling rule of the file was checked (none left out for
/// a mistake the first pass reported).
pub(super) fn castling_complete(file: &ast::File, checked: &[CheckedCastling]) -> bool {
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

/// The one-letter file of a square name (`h` for `h1`), lower case, if it
/// has one: how the FEN writes a gate right.
pub(super) fn file_letter(name: &str) -> Option<char> {
    let mut letters = name.chars().take_while(char::is_ascii_alphabetic);
    match (letters.next(), letters.next()) {
        (Some(f), None) => Some(f.to_ascii_lowercase()),
        _ => None,
    }
}
