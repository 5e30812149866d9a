//! The start position, read with the runtime's FEN reader (which needs the
//! board, the pieces' symbols and the rights, not the rules of play).

use fairyc_runtime::table::GateRule;
use fairyc_runtime::{Color, FenHands, FenParts, FenReader, ParseFenError, PositionError, Setup};

use crate::ast::{PieceProp, Side};
use crate::error::ErrorKind;
use crate::geometry::Sq;
use crate::lower::LowerError;
use crate::span::Span;

use super::resolve::Resolver;
use super::types::{CheckedCastling, CheckedPiece};

/// What the start position is read against: the pieces, castling and
/// gating rules, whether it has drops, and the FEN.
#[derive(Clone, Copy)]
pub(super) struct SetupInput<'s> {
    pub(super) pieces: &'s [CheckedPiece],
    pub(super) castling: &'s [CheckedCastling],
    pub(super) gating: &'s [GateRule],
    pub(super) has_drops: bool,
    pub(super) fen: &'s str,
}

impl Resolver<'_> {
    /// The runtime's FEN reader for the start position (`once_moves`: the
    /// pieces' one-time paths, which tell the squares that keep rights).
    pub(super) fn fen_reader(
        &self,
        input: &SetupInput,
        once_moves: Option<Vec<[Vec<Vec<fairyc_runtime::table::Path>>; 2]>>,
    ) -> Result<FenReader, String> {
        let SetupInput {
            pieces,
            castling,
            gating,
            has_drops,
            ..
        } = *input;
        let nsq = self.geo.squares.len();
        let parts = FenParts {
            board: crate::lower::board(&self.geo),
            pieces: pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let mut shell = crate::lower::piece_shell(p, nsq);
                    if let Some(m) = &once_moves {
                        shell.moves = m[i].clone();
                    }
                    shell
                })
                .collect(),
            castling: crate::lower::castling(&self.geo, castling),
            gating: gating.to_vec(),
            hands: match (has_drops, self.unlimited) {
                (false, _) => FenHands::None,
                (true, false) => FenHands::Counted,
                (true, true) => FenHands::Unlimited,
            },
            check_count: self.check_count,
            counting: self.counting,
            several_royals: self.several_royals,
            walling: self.walling.clone(),
        };
        FenReader::new(parts).map_err(|e| e.to_string())
    }

    /// Reads the start position with the runtime's FEN reader.
    pub(super) fn read_setup(&mut self, input: &SetupInput, source: &str, span: Span) {
        let SetupInput { pieces, fen, .. } = *input;
        let np = pieces.len();
        let once_moves = self.once_moves(input);
        // Rights the FEN cannot write are reported with the moves (E0175):
        // the setup is read without them then.
        let reader = match self
            .fen_reader(input, once_moves)
            .or_else(|e| self.fen_reader(input, None).map_err(|_| e))
        {
            Ok(r) => r,
            Err(e) => {
                self.lower_error(LowerError::Table(e), span);
                return;
            }
        };
        match reader.read(fen) {
            Ok(setup) => {
                let squares = setup_squares(&setup, np);
                for (side, color) in [(Side::White, Color::White), (Side::Black, Color::Black)] {
                    let count = setup
                        .board
                        .iter()
                        .flatten()
                        .filter(|p| p.color == color && reader.is_royal_for(p.piece, color))
                        .count();
                    // The runtime's rule; none is its `E0119`, reported
                    // when the lowered position is read.
                    if let Err(PositionError::TooManyRoyals { count, .. }) =
                        reader.check_royal_count(color, count)
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
        let reader = self.fen_reader(input, None).ok()?;
        let setup = reader.read(&board_only).ok()?;
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
