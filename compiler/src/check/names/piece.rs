//! A `piece` block: its letters, moves and statements, each once, and
//! what they must say together.

use fairyc_runtime::table::{is_symbol, MAX_NAME_BYTES};
use indexmap::IndexMap;

use crate::ast::{self, Betza, NotationKind, PieceDecl, PieceProp};
use crate::check::{first_word, GUARDS};
use crate::error::{Block, ErrorKind};
use crate::span::{Span, Spanned};
use crate::suggest::did_you_mean;

use super::Checker;

impl<'a> Checker<'a> {
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
                PieceProp::Notation { span, kind } => {
                    self.once(&mut seen, "notation", *span);
                    if let NotationKind::As(name) = kind {
                        self.piece_ref(name);
                    }
                }
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
    pub(super) fn letter(
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
    pub(super) fn also(
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
    pub(super) fn piece_moves(
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
    pub(super) fn cannot_hop(&mut self, piece: &PieceDecl, pieces: &[Spanned<String>], span: Span) {
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
    pub(super) fn piece_complete(
        &mut self,
        piece: &PieceDecl,
        facts: &PieceFacts,
        errors_before: usize,
    ) {
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
}

/// Whether a piece has a well-formed `letter` statement.
pub(super) fn has_letter_statement(piece: &PieceDecl) -> bool {
    piece
        .props
        .iter()
        .any(|p| matches!(p, PieceProp::Letter(_)))
}

/// What a piece's statements said, for the checks of the whole piece.
#[derive(Default)]
pub(super) struct PieceFacts {
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
