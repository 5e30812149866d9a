//! The start position: the move-less tables it is read with, and the
//! runtime's FEN reader run on it.

use fairyc_runtime::table::{
    CountingLimit, CountingRule, DropRules, EndRules, GateRule, Legality, Outcome, SeveralRoyals,
    Stalemate, TableParts, MAX_NAME_BYTES,
};
use fairyc_runtime::{
    check_royal_count, Color, ParseFenError, PositionError, Setup, Variant, VariantTables,
};

use crate::ast::{PieceProp, Side};
use crate::error::ErrorKind;
use crate::geometry::Sq;
use crate::lower::LowerError;
use crate::span::Span;

use super::drops::no_drop_rules;
use super::resolve::Resolver;
use super::types::{CheckedCastling, CheckedPiece};

/// What the start position is read against: the variant's name, its
/// pieces, castling and gating rules, whether it has drops, and the FEN.
#[derive(Clone, Copy)]
pub(super) struct SetupInput<'s> {
    pub(super) name: &'s str,
    pub(super) pieces: &'s [CheckedPiece],
    pub(super) castling: &'s [CheckedCastling],
    pub(super) gating: &'s [GateRule],
    pub(super) has_drops: bool,
    pub(super) fen: &'s str,
}

impl Resolver<'_> {
    /// Move-less tables to read the start position with (`once_moves`: the
    /// pieces' one-time paths, which tell the squares that keep rights).
    pub(super) fn setup_variant(
        &self,
        input: &SetupInput,
        once_moves: Option<Vec<[Vec<Vec<fairyc_runtime::table::Path>>; 2]>>,
    ) -> Result<Variant, String> {
        let SetupInput {
            name,
            pieces,
            castling,
            gating,
            has_drops,
            fen,
        } = *input;
        let nsq = self.geo.squares.len();
        let np = pieces.len();
        // A name the tables cannot hold was reported (E0048); reading the
        // FEN needs none of them.
        let fit = |name: &str, stand_in: String| {
            if name.is_empty() || name.len() > MAX_NAME_BYTES {
                stand_in
            } else {
                name.to_owned()
            }
        };
        let parts = TableParts {
            name: fit(name, "variant".into()),
            board: crate::lower::board(&self.geo),
            // What a captured piece becomes does not matter for reading a
            // FEN either; a royal named there was reported (E0042) and would
            // make the runtime refuse these tables.
            pieces: pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let mut shell = crate::lower::piece_shell(p, nsq);
                    shell.name = fit(&shell.name, format!("piece {i}"));
                    let royal = |q: Option<u8>| q.is_some_and(|q| pieces[q as usize].royal);
                    if royal(shell.captured_as) {
                        shell.captured_as = None;
                    }
                    if royal(shell.demotes_to) {
                        shell.demotes_to = Some(i as u8);
                    }
                    if let Some(m) = &once_moves {
                        shell.moves = m[i].clone();
                    }
                    shell
                })
                .collect(),
            promotions: Vec::new(),
            // A royal piece may stand in the setup's hand (a placement
            // phase); whether one does is read below.
            drops: has_drops.then(|| DropRules {
                royal_in_hand: true,
                unlimited: self.unlimited,
                ..no_drop_rules(np)
            }),
            castling: crate::lower::castling(&self.geo, castling),
            gating: gating.to_vec(),
            end: EndRules {
                checkmate: Outcome::Loss,
                stalemate: Stalemate::Draw,
                repetition: None,
                move_limit: None,
                resets_move_limit: Vec::new(),
                resets_on: Default::default(),
                resets_irreversible: Vec::new(),
                bare_king: None,
                reach: Vec::new(),
                check_count: self.check_count,
                extinction: Vec::new(),
                // Only so that the setup FEN may hold a count.
                counting: self.counting.then(|| CountingRule {
                    without: Vec::new(),
                    board: 0,
                    bare: vec![CountingLimit {
                        needs: Vec::new(),
                        moves: 1,
                    }],
                    from_pieces: false,
                }),
                double_pass: None,
                full_board: None,
                facing: None,
                komi: [0, 0],
                draw_odds: None,
                checkmate_by: None,
                checkmate_needs: None,
                lines: Vec::new(),
            },
            // Only what reading the FEN needs: how many royal pieces a
            // side may have.
            legality: Legality {
                several_royals: if self.several_royals {
                    SeveralRoyals::AllAttacked
                } else {
                    SeveralRoyals::One
                },
                ..Default::default()
            },
            zones: Vec::new(),
            blast: None,
            walling: self.walling.clone(),
            flipping: None,
            start: fen.to_owned(),
        };
        VariantTables::new(parts)
            .map_err(|e| e.to_string())
            .and_then(|t| Variant::new(t).map_err(|e| e.to_string()))
    }

    /// Reads the start position with the runtime's FEN reader.
    pub(super) fn read_setup(&mut self, input: &SetupInput, source: &str, span: Span) {
        let SetupInput { pieces, fen, .. } = *input;
        let np = pieces.len();
        let once_moves = self.once_moves(input);
        // Rights the FEN cannot write are reported with the moves (E0175):
        // the setup is read without them then.
        let variant = match self
            .setup_variant(input, once_moves)
            .or_else(|e| self.setup_variant(input, None).map_err(|_| e))
        {
            Ok(v) => v,
            Err(e) => {
                self.lower_error(LowerError::Table(e), span);
                return;
            }
        };
        match Setup::from_fen(&variant, fen) {
            Ok(setup) => {
                let squares = setup_squares(&setup, np);
                for (side, color) in [(Side::White, Color::White), (Side::Black, Color::Black)] {
                    let count = setup
                        .board
                        .iter()
                        .flatten()
                        .filter(|p| p.color == color && variant.is_royal_for(p.piece, color))
                        .count();
                    // The runtime's rule; none is its `E0119`, reported
                    // when the lowered position is read.
                    if let Err(PositionError::TooManyRoyals { count, .. }) =
                        check_royal_count(&variant, color, count)
                    {
                        self.error(ErrorKind::TooManyRoyals { side, count }, span);
                    }
                }
                self.royal_in_hand = setup.hands.iter().any(|(_, hand)| {
                    hand.iter()
                        .enumerate()
                        .any(|(p, &n)| n > 0 && pieces.get(p).is_some_and(|x| x.royal))
                });
                self.setup = Some(squares);
            }
            Err(e) => self.fen_error(e, pieces, source, span),
        }
    }

    /// The one-time moves' paths, with the rights of the squares where
    /// their pieces start (`None` without such moves, or when the board
    /// cannot be read).
    fn once_moves(
        &mut self,
        input: &SetupInput,
    ) -> Option<Vec<[Vec<Vec<fairyc_runtime::table::Path>>; 2]>> {
        let SetupInput { pieces, fen, .. } = *input;
        let np = pieces.len();
        // One-time moves keep their rights on the squares where their pieces
        // start, which the FEN's board tells: a first reading without the
        // castling field finds them, so that the second one can read the
        // rights written there. (The moves are resolved again, with the
        // setup known, after this; mistakes are reported then.)
        let once_pieces: Vec<usize> = (0..np.min(self.decls.len()))
            .filter(|&i| {
                self.decls[i]
                    .props
                    .iter()
                    .any(|p| matches!(p, PieceProp::Moves { once: Some(_), .. }))
            })
            .collect();
        if once_pieces.is_empty() {
            return None;
        }
        let mut fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() > 2 {
            fields[2] = "-";
        }
        let board_only = fields.join(" ");
        let variant = self.setup_variant(input, None).ok()?;
        let setup = Setup::from_fen(&variant, &board_only).ok()?;
        let squares = setup_squares(&setup, np);
        let mut rights = [Vec::new(), Vec::new()];
        for &i in &once_pieces {
            for (side, list) in rights.iter_mut().enumerate() {
                list.extend(squares[i][side].iter().copied());
            }
        }
        let reported = self.errors.len();
        let nsq = self.geo.squares.len();
        let mut all = vec![[vec![Vec::new(); nsq], vec![Vec::new(); nsq]]; np];
        for &i in &once_pieces {
            let mut piece = pieces[i].clone();
            piece.moves = self.moves(i, false);
            piece.moves.retain(|m| m.once);
            // Moves too costly to generate are reported later
            // (E0190); the setup is read without their rights.
            if let Ok(moves) = crate::lower::moves_with_rights(
                &self.geo,
                &piece,
                &squares[i],
                &rights,
                &mut self.budget,
            ) {
                all[i] = moves;
            }
        }
        self.errors.truncate(reported);
        Some(all)
    }

    /// A start position the runtime's FEN reader refuses: an unknown
    /// letter where it stands, else the reader's error on its row.
    fn fen_error(&mut self, e: ParseFenError, pieces: &[CheckedPiece], source: &str, span: Span) {
        let row = e
            .row()
            .and_then(|row| crate::lint::setup_row_span(source, span, row));
        if let (
            Some(row_span),
            ParseFenError::UnknownPiece {
                row,
                column,
                letter,
            },
        ) = (row, &e)
        {
            // The letter alone, where the runtime read it.
            let at = row_span.start as usize + column.saturating_sub(1);
            let mut buf = [0; 4];
            if source.get(at..at + 1) == Some(letter.encode_utf8(&mut buf)) {
                let known = pieces
                    .iter()
                    .map(|p| {
                        let plus = if p.plus { "+" } else { "" };
                        (format!("{plus}{}", p.letter), p.name.clone())
                    })
                    .collect();
                self.error(
                    ErrorKind::UnknownSetupSymbol {
                        letter: *letter,
                        row: *row,
                        column: *column,
                        known,
                    },
                    Span::new(at, at + 1),
                );
                return;
            }
        }
        self.lower_error(LowerError::BadSetup(e), row.unwrap_or(span));
    }
}

/// Where each piece stands in a setup, per piece and side.
pub(super) fn setup_squares(setup: &Setup, np: usize) -> Vec<[Vec<Sq>; 2]> {
    let mut squares = vec![[Vec::new(), Vec::new()]; np];
    for (sq, p) in setup.board.iter().enumerate() {
        if let Some(p) = p {
            let side = usize::from(p.color != Color::White);
            squares[p.piece.index()][side].push(sq as Sq);
        }
    }
    squares
}
