//! Export a checked variant to a Fairy-Stockfish `variants.ini` section.
//!
//! The target is Fairy-Stockfish 11.1 (Debian's `/usr/games/fairy-stockfish`),
//! which knows only its predefined piece types (no custom pieces) and a fixed
//! set of rule keys. [`export`] works from the compiled tables and the checked
//! source: every piece must move *exactly* like one of FSF's types (compared
//! path by path on the variant's own board), and every rule must be one an
//! FSF key expresses. Anything else is refused with an [`ExportRefusal`]
//! (`E0160` …) at the construct in the `.variant` source; a different
//! variant is never written. See `docs/export.md`.

use std::fmt::Write as _;

use fairyc_runtime::table::{
    CastlingRule, EndRules, GivingCheck, HandSupply, Outcome, PassRule, Path, PieceTable,
    PromotionChoice, PromotionRule, Royal, SeveralRoyals, Stalemate, TableParts, Trigger, Triggers,
};

use fairyc_compiler::ast::{self, DropRule, EndRule, Item, LineShape, PieceProp};
use fairyc_compiler::betza;
use fairyc_compiler::check::{self, Checked, CheckedMove, CheckedPiece};
use fairyc_compiler::error::{CompileError, ErrorKind};
use fairyc_compiler::export_refusal::ExportRefusal;
use fairyc_compiler::geometry::{Geometry, Sq};
use fairyc_compiler::lower;
use fairyc_compiler::span::{Span, Spanned};

mod janggi;
mod pawns;

/// FSF 11.1's predefined piece types (other than `pawn` and `king`, handled
/// apart) and their moves in fairyc's Betza dialect (FSF's `fN` is `ffN`).
pub(crate) const FSF_TYPES: &[(&str, &str)] = &[
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "ffN"),
    ("euroshogiKnight", "ffNsW"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "mfW fF"),
    ("cannon", "mR cpR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
];

/// Exports a `.variant` source to a Fairy-Stockfish 11.1 section named
/// `section` (`[section]`, standalone).
///
/// # Errors
///
/// The compile errors of a file that does not compile, or every refusal
/// (`E0160` …), each at the construct it concerns.
pub fn export(source: &str, section: &str) -> Result<String, Vec<CompileError>> {
    export_for(source, section, Target::Fsf11)
}

/// The Fairy-Stockfish an export is written for.
pub use fairyc_compiler::export_refusal::ExportTarget as Target;

/// [`export`] for the given Fairy-Stockfish.
///
/// # Errors
///
/// As [`export`].
pub fn export_for(
    source: &str,
    section: &str,
    target: Target,
) -> Result<String, Vec<CompileError>> {
    let file = fairyc_compiler::parse::parse(source)?;
    let checked = check::check_source(&file, source)?;
    let tables = lower::lower(&checked)?;
    let mut ex = Exporter {
        file: &file,
        checked: &checked,
        parts: tables.parts(),
        errors: Vec::new(),
        out: String::new(),
        types: Vec::new(),
        pawn_first_rank: None,
        promotion_rank: 0,
        target,
        source,
        custom: Vec::new(),
        double_step: true,
        face_base: Vec::new(),
        face_letter: Vec::new(),
        immobility: false,
        regions: Vec::new(),
        flying: false,
        soldier_rank: None,
        double_step_region: None,
        pseudo_royal_king: false,
        custom_pawn: None,
        no_en_passant: false,
        en_passant_region: None,
    };
    ex.run(section);
    if ex.errors.is_empty() {
        Ok(ex.out)
    } else {
        ex.errors.sort_by_key(|e| (e.span.start, e.span.end));
        Err(ex.errors)
    }
}

struct Exporter<'a> {
    file: &'a ast::File,
    checked: &'a Checked,
    parts: &'a TableParts,
    errors: Vec<CompileError>,
    out: String,
    /// The FSF type of each piece, if it has one.
    types: Vec<Option<&'static str>>,
    /// Whether the pawn double-steps from its first rank too.
    pawn_first_rank: Option<bool>,
    /// The pawn's promotion rank, relative, from 0.
    promotion_rank: usize,
    /// The engine written for.
    target: Target,
    /// The `.variant` source (the Betza of custom pieces is read from it).
    source: &'a str,
    /// The Fairy-Stockfish Betza of each piece written as a custom piece
    /// (`customPieceN`, or the royal `king = k:Betza`), by piece index.
    custom: Vec<(usize, String)>,
    /// Whether the pawn double-steps (`doubleStep`).
    double_step: bool,
    /// For a promoted face the current Fairy-Stockfish writes as a
    /// promoted piece type (`promotedPieceType`), by piece index: the piece
    /// it promotes from and goes to hand as.
    face_base: Vec<Option<usize>>,
    /// The letter of the Fairy-Stockfish type each such face plays as.
    face_letter: Vec<Option<char>>,
    /// `immobilityIllegal`: no move or drop to a square from which the
    /// piece has no move (shogi's forced promotions and drops).
    immobility: bool,
    /// The pieces kept to a region (`mobilityRegion…`), with it.
    regions: Vec<(usize, [Vec<Sq>; 2])>,
    /// `flyingGeneral`.
    flying: bool,
    /// `soldierPromotionRank`, from 1.
    soldier_rank: Option<usize>,
    /// The squares the pawn double-steps from, when they are not its
    /// second rank (`doubleStepRegion…`).
    double_step_region: Option<[Vec<Sq>; 2]>,
    /// The royal piece is written as a pseudo-royal `commoner`
    /// (`extinctionPseudoRoyal`): with blasts, whose meeting with a royal
    /// piece the current engine plays as fairyc does for its pseudo-royal
    /// pieces only (the import's probe on `atomic`).
    pseudo_royal_king: bool,
    /// The custom piece that plays the pawn's roles (`pawnTypes`), with
    /// the squares its initial moves start from ([`Self::pawn_betza`]).
    custom_pawn: Option<(usize, Option<[Vec<Sq>; 2]>)>,
    /// `enPassantRegion = -`: the pawn double-steps, no piece takes en
    /// passant.
    no_en_passant: bool,
    /// `enPassantRegionWhite`, `enPassantRegionBlack`: by the side that
    /// captures, the squares where the opponent's double steps make an
    /// en-passant square ([`Self::en_passant_region`]).
    en_passant_region: Option<[Vec<Sq>; 2]>,
}

/// A piece kept to a region, or with attack-only lines, without them.
struct Confined {
    /// The piece's table, with the moves of the unconfined piece.
    table: PieceTable,
    /// The region, per side (`None`: not kept to one).
    region: Option<[Vec<Sq>; 2]>,
    /// Whether it has attack-only lines (`faces`).
    attacks: bool,
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

/// A piece's paths per side and square, in a canonical order.
pub(crate) fn canonical(moves: &[Vec<Vec<Path>>; 2]) -> Vec<Vec<Vec<String>>> {
    moves
        .iter()
        .map(|side| {
            side.iter()
                .map(|paths| {
                    let mut v: Vec<String> = paths.iter().map(|p| format!("{p:?}")).collect();
                    v.sort();
                    v.dedup();
                    v
                })
                .collect()
        })
        .collect()
}

/// The checked piece for a Betza string in fairyc's dialect.
fn reference(betza: &str) -> Option<CheckedPiece> {
    let file =
        fairyc_compiler::parse::parse(&format!("piece X {{ letter X; moves {betza} }}")).ok()?;
    let Some(Item::Piece(decl)) = file.items.first() else {
        return None;
    };
    let mut moves = Vec::new();
    for prop in &decl.props {
        if let PieceProp::Moves { betza, .. } = prop {
            for term in &betza.terms {
                moves.push(CheckedMove {
                    specs: betza::specs(term)?,
                    guarded: false,
                    once: false,
                    unchecked: false,
                    within: None,
                    from: None,
                    to: None,
                    attack_only: false,
                });
            }
        }
    }
    Some(CheckedPiece {
        name: "X".into(),
        letter: "X".into(),
        royal: false,
        royal_side: None,
        captured_as: None,
        demotes_to: None,
        plus: false,
        synonym: None,
        promotion_limit: None,
        moves,
        cannot_capture: Vec::new(),
        cannot_hop: Vec::new(),
        points: 0,
        notation: None,
    })
}

/// The squares of a rank, relative to a side (rank 0 is the side's first).
/// A checked piece's paths on the variant's board, from the setup's
/// squares (`None` past the move budget).
pub(crate) fn lowered(
    geo: &Geometry,
    piece: &CheckedPiece,
    setup: &[Vec<Sq>; 2],
) -> Option<[Vec<Vec<Path>>; 2]> {
    lower::moves(
        geo,
        piece,
        setup,
        &mut fairyc_compiler::geometry::Budget::default(),
    )
    .ok()
}

fn rank_squares(parts: &TableParts, side: usize, rank: usize) -> Vec<Sq> {
    let h = parts.board.height as usize;
    let row = if side == 0 { rank } else { h - 1 - rank };
    parts
        .board
        .squares
        .iter()
        .enumerate()
        .filter(|(_, s)| s.cells[0][1] as usize == row)
        .map(|(i, _)| i as Sq)
        .collect()
}

/// One term of fairyc's Betza in the current Fairy-Stockfish's dialect, if
/// it has one: the same on orthogonal and diagonal atoms; on the oblique
/// atoms (`N`, `C`, `Z`) fairyc's `fN` (the four forward moves) is
/// Fairy-Stockfish's `fhN`, `ffN` (the two narrow ones) the same, `vN` is
/// `fhNbhN`; other direction pairs are not written.
fn fsf_term(term: &str) -> Option<String> {
    let split = term.find(|c: char| c.is_ascii_uppercase())?;
    let (mods, rest) = term.split_at(split);
    let atom = rest.chars().next()?;
    let mut modes = String::new();
    let mut dirs = String::new();
    for c in mods.chars() {
        match c {
            'm' | 'c' | 'p' | 'g' | 'n' | 'e' | 'i' => modes.push(c),
            'f' | 'b' | 'l' | 'r' | 'v' | 's' => dirs.push(c),
            _ => return None,
        }
    }
    if !matches!(atom, 'N' | 'C' | 'Z') {
        return Some(term.to_string());
    }
    let spelled: &[&str] = match dirs.as_str() {
        "" => &[""],
        "ff" | "bb" | "ll" | "rr" => return Some(term.to_string()),
        "f" => &["fh"],
        "b" => &["bh"],
        "l" => &["lh"],
        "r" => &["rh"],
        "v" => &["fh", "bh"],
        "s" => &["lh", "rh"],
        _ => return None,
    };
    Some(
        spelled
            .iter()
            .map(|d| format!("{modes}{d}{rest}"))
            .collect::<String>(),
    )
}

/// The squares, per side, from which a piece has no move at all.
fn stuck(piece: &PieceTable) -> [Vec<Sq>; 2] {
    [0, 1].map(|side| {
        piece.moves[side]
            .iter()
            .enumerate()
            .filter(|(_, paths)| paths.is_empty())
            .map(|(s, _)| s as Sq)
            .collect()
    })
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort_unstable();
    v.dedup();
    v
}

impl Exporter<'_> {
    fn refuse(&mut self, refusal: ExportRefusal, span: Span) {
        self.errors.push(CompileError::new(
            ErrorKind::Export(refusal, self.target),
            span,
        ));
    }

    fn whole_file(&self) -> Span {
        self.file
            .items
            .iter()
            .find_map(|i| match i {
                Item::Variant(v) => Some(v.span),
                _ => None,
            })
            .unwrap_or_default()
    }

    fn board_span(&self) -> Span {
        self.file
            .items
            .iter()
            .find_map(|i| match i {
                Item::Board(b) => Some(b.span),
                _ => None,
            })
            .unwrap_or_else(|| self.whole_file())
    }

    fn piece_decl(&self, name: &str) -> Option<&ast::PieceDecl> {
        self.file.items.iter().find_map(|i| match i {
            Item::Piece(p) if p.name.node == name => Some(p),
            _ => None,
        })
    }

    /// The `moves` statements of a piece (or its name).
    fn moves_span(&self, name: &str) -> Span {
        let Some(decl) = self.piece_decl(name) else {
            return self.whole_file();
        };
        let spans: Vec<Span> = decl
            .props
            .iter()
            .filter_map(|p| match p {
                PieceProp::Moves { span, .. } => Some(*span),
                _ => None,
            })
            .collect();
        spans
            .into_iter()
            .reduce(Span::merge)
            .unwrap_or(decl.name.span)
    }

    /// The span of a piece's first `moves` statement with `once` or `if
    /// not-in-check`, if it has one.
    fn special_span(&self, name: &str) -> Option<Span> {
        self.piece_decl(name)?.props.iter().find_map(|p| match p {
            ast::PieceProp::Moves {
                once, guard, span, ..
            } if once.is_some() || guard.as_ref().is_some_and(|g| g.node == "not-in-check") => {
                Some(*span)
            }
            _ => None,
        })
    }

    /// The `letter` statement of a piece.
    fn letter_span(&self, name: &str) -> Span {
        self.piece_decl(name)
            .and_then(|d| {
                d.props.iter().find_map(|p| match p {
                    PieceProp::Letter(l) => Some(l.span),
                    _ => None,
                })
            })
            .unwrap_or_else(|| self.piece_name_span(name))
    }

    fn piece_name_span(&self, name: &str) -> Span {
        self.piece_decl(name)
            .map_or_else(|| self.whole_file(), |d| d.name.span)
    }

    fn item_span(&self, pick: impl Fn(&Item) -> Option<Span>) -> Span {
        self.file
            .items
            .iter()
            .find_map(pick)
            .unwrap_or_else(|| self.whole_file())
    }

    fn promotion_span(&self, piece: &str) -> Span {
        self.item_span(|i| match i {
            Item::Promotion(p) => Some(
                p.rules
                    .iter()
                    .find(|r| r.piece.node == piece)
                    .map_or(p.span, |r| r.span),
            ),
            _ => None,
        })
    }

    fn drops_span(&self, piece: Option<&str>) -> Span {
        self.item_span(|i| match i {
            Item::Drops(d) => Some(
                d.rules
                    .iter()
                    .find_map(|r| match (r, piece) {
                        (DropRule::NotOn { span, piece: p, .. }, Some(n))
                        | (DropRule::NoMate { span, piece: p }, Some(n))
                        | (DropRule::PerFile { span, piece: p, .. }, Some(n))
                        | (DropRule::AlsoAs { span, piece: p, .. }, Some(n))
                            if p.node == n =>
                        {
                            Some(*span)
                        }
                        _ => None,
                    })
                    .unwrap_or(d.span),
            ),
            _ => None,
        })
    }

    fn castling_span(&self) -> Span {
        self.item_span(|i| match i {
            Item::Castling(c) => Some(c.span),
            _ => None,
        })
    }

    fn end_span(&self, pick: impl Fn(&EndRule) -> Option<Span>) -> Span {
        self.item_span(|i| match i {
            Item::End(e) => Some(e.rules.iter().find_map(&pick).unwrap_or(e.span)),
            _ => None,
        })
    }

    fn key(&mut self, key: &str, value: impl std::fmt::Display) {
        let _ = writeln!(self.out, "{key} = {value}");
    }

    fn run(&mut self, section: &str) {
        let _ = writeln!(
            self.out,
            "# {} — exported by fairyc for Fairy-Stockfish {}",
            self.parts.name,
            if self.target == Target::Fsf11 {
                "11.1"
            } else {
                "(current: pyffish 0.0.90, ffish.js)"
            }
        );
        let _ = writeln!(self.out, "[{section}]");
        if !self.board() || self.janggi(section) {
            return;
        }
        self.walls();
        self.conversion();
        self.pieces();
        if !self.errors.is_empty() {
            return;
        }
        if self.flying {
            self.key("flyingGeneral", true);
        }
        if let Some(r) = self.soldier_rank {
            self.key("soldierPromotionRank", r);
        }
        self.setup();
        self.promotion();
        self.drops();
        self.castling();
        self.end();
        self.mechanics();
    }

    /// Walls placed by moves (`walls …`): the current Fairy-Stockfish's
    /// `wallingRule` (`reach` is `arrow`, `past` is `past`, `anywhere` is
    /// `static`, `moving` is `duck`) and `wallingRegion…` for `on`, the
    /// reverse of the import's reading (probed there with pyffish 0.0.90).
    /// Fairy-Stockfish 11.1 has none: refused before the pieces, whose
    /// refusal stops the export.
    fn walls(&mut self) {
        let Some(walling) = self.parts.walling.clone() else {
            return;
        };
        if self.target == Target::Current {
            use fairyc_runtime::WallPlace;
            let rule = match walling.place {
                WallPlace::Reach => "arrow",
                WallPlace::Past => "past",
                WallPlace::Anywhere => "static",
                WallPlace::Moving => "duck",
            };
            self.key("wallingRule", rule);
            if let Some([white, black]) = &walling.squares {
                if white == black {
                    let squares = self.square_names(white);
                    self.key("wallingRegion", squares);
                } else {
                    let (white, black) = (self.square_names(white), self.square_names(black));
                    self.key("wallingRegionWhite", white);
                    self.key("wallingRegionBlack", black);
                }
            }
            return;
        }
        let span = self.item_span(|i| match i {
            Item::Walls(w) => Some(w.span),
            _ => None,
        });
        self.refuse(
            ExportRefusal::Rule {
                why: "walls placed by moves (`walls …`)".into(),
            },
            span,
        );
    }

    /// Conversion (`flips`, its drop statements — `must-flip`,
    /// `next-to-own`, `flips-only-next-to-own`, `not-beside-enemy`,
    /// `first-on` — `unlimited` hands, `pass when-stuck`, `full-board`,
    /// `stalemate points`, `double-pass points`): Fairy-Stockfish 11.1 has
    /// none; for the current engine see [`Self::current_conversion`].
    /// Refused before the pieces, whose refusal stops the export.
    fn conversion(&mut self) {
        let p = &self.parts;
        let used = p.flipping.is_some()
            || p.drops
                .as_ref()
                .is_some_and(|d| d.supply == HandSupply::Unlimited)
            || p.legality.pass == PassRule::WhenStuck
            || p.end.full_board.is_some()
            || p.end.stalemate == fairyc_runtime::table::Stalemate::Points;
        if !used {
            return;
        }
        let why = if self.target == Target::Current {
            match self.current_conversion() {
                Ok(keys) => {
                    for (key, value) in keys {
                        self.key(key, value);
                    }
                    return;
                }
                Err(why) => why,
            }
        } else {
            "conversion and counting at the end (`flips` and the drop conditions that go \
             with it, `unlimited`, `pass when-stuck`, `full-board`, `stalemate points`)"
                .to_string()
        };
        let span = self.item_span(|i| match i {
            Item::Flips(f) => Some(f.span),
            Item::PassWhenStuck(span) => Some(*span),
            _ => None,
        });
        self.refuse(ExportRefusal::Rule { why }, span);
    }

    /// The current engine's keys for conversion, as the import reads them
    /// back: `flips enclosed | adjacent` is `flipEnclosedPieces = reversi |
    /// ataxx` (`quadwrangle` with `flips-only-next-to-own`); one drop
    /// condition, `must-flip` (with `flips enclosed`), `next-to-own` or
    /// `not-beside-enemy`, is `enclosingDrop = reversi | ataxx | snort`,
    /// and `first-on` its `enclosingDropStart`; `pass when-stuck` is
    /// `passOnStalemate`; `stalemate points` is `stalematePieceCount`; and
    /// `full-board points` and `double-pass points` are
    /// `adjudicateFullBoard` and the engine's two passes, decided by
    /// `materialCounting = unweighted`. The material is then counted as
    /// the engine counts it: every piece one point, no komi, and no other
    /// rule that the count would decide. `unlimited` (the engine's
    /// `freeDrops`, which no key sets) is refused.
    fn current_conversion(&self) -> Result<Vec<(&'static str, String)>, String> {
        use fairyc_runtime::table::Stalemate;
        use fairyc_runtime::table::Verdict;
        use fairyc_runtime::FlipKind;
        let p = &self.parts;
        let mut keys: Vec<(&'static str, String)> = Vec::new();
        if p.drops
            .as_ref()
            .is_some_and(|d| d.supply == HandSupply::Unlimited)
        {
            return Err(
                "`unlimited` hands: the current engine's `freeDrops`, which no key of \
                        its variants.ini sets (only its built-in `ataxx` has them)"
                    .into(),
            );
        }
        if let Some(f) = &p.flipping {
            let flips = match (f.flips, f.drop_flips_only_next_to_own) {
                (Some(FlipKind::Enclosed), false) => "reversi",
                (Some(FlipKind::Adjacent), false) => "ataxx",
                (Some(FlipKind::Adjacent), true) => "quadwrangle",
                _ => {
                    return Err("`flips enclosed` with `flips-only-next-to-own`, or drop \
                                conditions without `flips`"
                        .into())
                }
            };
            keys.push(("flipEnclosedPieces", flips.into()));
            let rules: Vec<&str> = [
                (f.drop_must_flip, "reversi"),
                (f.drop_next_to_own, "ataxx"),
                (f.drop_not_beside_enemy, "snort"),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, rule)| *rule)
            .collect();
            match rules.as_slice() {
                [] if f.drop_first_on.is_empty() => {}
                [] => {
                    return Err("`first-on` without a drop condition: the engine reads its \
                                `enclosingDropStart` only beside an `enclosingDrop` rule"
                        .into())
                }
                ["reversi"] if flips != "reversi" => {
                    return Err("`must-flip` beside `flips adjacent`: the engine's \
                                `enclosingDrop = reversi` encloses along lines"
                        .into())
                }
                [rule] => keys.push(("enclosingDrop", (*rule).into())),
                _ => {
                    return Err("several drop conditions (`must-flip`, `next-to-own`, \
                                `not-beside-enemy`): the engine's `enclosingDrop` is one rule"
                        .into())
                }
            }
            if !f.drop_first_on.is_empty() {
                keys.push(("enclosingDropStart", self.square_names(&f.drop_first_on)));
            }
        }
        let when_stuck = p.legality.pass == PassRule::WhenStuck;
        if when_stuck {
            keys.push(("passOnStalemate", "true".into()));
        }
        let end = &p.end;
        let stalemate = end.stalemate == Stalemate::Points;
        let full = match end.full_board {
            None => false,
            Some(Verdict::Points) => true,
            Some(_) => return Err("`full-board` with an outcome other than `points`".into()),
        };
        let passes = match end.double_pass {
            None => false,
            Some(Verdict::Points) if when_stuck => true,
            Some(_) => {
                return Err("two passes that end the game other than by `points` after \
                            `pass when-stuck`"
                    .into())
            }
        };
        // The engine ends the game at two passes in a row whenever a side
        // may pass.
        if when_stuck && !passes {
            return Err(
                "`pass when-stuck` without `double-pass points`: the engine ends the \
                        game at two passes in a row"
                    .into(),
            );
        }
        if stalemate || full || passes {
            let weight = p.pieces.first().map_or(0, |q| q.points);
            if weight == 0 || p.pieces.iter().any(|q| q.points != weight) || end.komi != [0, 0] {
                return Err(
                    "material counted with pieces of different points, or komi: the \
                            engine's `materialCounting = unweighted` counts every piece one"
                        .into(),
                );
            }
        }
        if stalemate {
            // The stalemated side with fewer pieces loses, with more wins.
            keys.push(("stalematePieceCount", "true".into()));
            keys.push(("stalemateValue", "loss".into()));
        }
        if full || passes {
            if end.repetition.is_some_and(|r| !r.points) || end.move_limit.is_some() {
                return Err(
                    "a repetition or a move limit beside `full-board points` or \
                            `double-pass points`: the engine's `materialCounting` would \
                            decide them too"
                        .into(),
                );
            }
            keys.push(("materialCounting", "unweighted".into()));
        }
        if full {
            keys.push(("adjudicateFullBoard", "true".into()));
        }
        Ok(keys)
    }

    /// Rules FSF 11.1 has no key for that are not covered above: a piece
    /// that spares some victims or hurdles, promotion limits and
    /// capture-only promotions, free castling, gating, passing, and the
    /// janggi end rules.
    fn mechanics(&mut self) {
        let parts = self.parts.clone();
        for piece in &parts.pieces {
            if !piece.cannot_capture.is_empty() || !piece.cannot_hop.is_empty() {
                let span = self.piece_name_span(&piece.name);
                self.refuse(
                    ExportRefusal::Piece {
                        piece: piece.name.clone(),
                    },
                    span,
                );
            }
            if piece.promotion_limit.is_some() && self.target != Target::Current {
                let span = self.item_span(|i| match i {
                    Item::Promotion(p) => Some(p.span),
                    _ => None,
                });
                self.refuse(
                    ExportRefusal::Promotion {
                        why: format!("a limit on promotions to `{}`", piece.name),
                    },
                    span,
                );
            }
        }
        // The current Fairy-Stockfish's `promotionLimit`: a promotion
        // makes the piece only while its side has fewer on the board.
        let limits: Vec<String> = (0..parts.pieces.len())
            .filter_map(|p| {
                let n = parts.pieces[p].promotion_limit?;
                Some(format!("{}:{n}", self.letter(p)))
            })
            .collect();
        if self.target == Target::Current && !limits.is_empty() {
            self.key("promotionLimit", limits.join(" "));
        }
        if let Some(rule) = parts
            .promotions
            .iter()
            .find(|r| r.as_move().is_some_and(|m| m.capture_only))
        {
            let name = &parts.pieces[rule.piece as usize].name;
            let span = self.promotion_span(name);
            self.refuse(
                ExportRefusal::Promotion {
                    why: "a promotion on captures only (`if capture`)".into(),
                },
                span,
            );
        }
        if let Some(rule) = parts
            .promotions
            .iter()
            .find(|r| r.as_move().is_some_and(|m| m.on.has(Trigger::Entry)))
        {
            let name = &parts.pieces[rule.piece as usize].name;
            let span = self.promotion_span(name);
            self.refuse(
                ExportRefusal::Promotion {
                    why: "a promotion on entering the zone (`on entry`)".into(),
                },
                span,
            );
        }
        if parts.castling.iter().any(|c| !c.line.is_empty()) {
            let span = self.castling_span();
            self.refuse(
                ExportRefusal::Castling {
                    why: "free (Chess960) castling".into(),
                },
                span,
            );
        }
        if !parts.gating.is_empty() {
            match self.gating_refusal() {
                None => {
                    self.key("gating", true);
                    self.key("seirawanGating", true);
                }
                Some(why) => {
                    let span = self.item_span(|i| match i {
                        Item::Gating(g) => Some(g.span),
                        _ => None,
                    });
                    self.refuse(ExportRefusal::Rule { why }, span);
                }
            }
        }
        // The current Fairy-Stockfish's `shogiPawnDropMateIllegal`: a mate
        // given by dropping its `shogiPawn` type (the only piece that
        // checks then) is won by the mated player.
        let pawn_drop_mate = parts.end.checkmate_needs.is_none()
            && self.target == Target::Current
            && parts.end.checkmate_by.as_ref().is_some_and(|r| {
                r.drop
                    && r.outcome == Outcome::Win
                    && matches!(r.pieces.as_slice(), [p] if self.types[*p as usize] == Some("shogiPawn"))
            });
        if pawn_drop_mate {
            self.key("shogiPawnDropMateIllegal", true);
        } else if parts.end.checkmate_by.is_some() || parts.end.checkmate_needs.is_some() {
            // 11.1's `shatarMateRule` binds its knight, rook and bers types;
            // a proof that an exported section plays the same is not
            // written yet.
            let span = self.end_span(|r| match r {
                EndRule::CheckmateBy { span, .. } | EndRule::CheckmateNeeds { span, .. } => {
                    Some(*span)
                }
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "a checkmate judged by the pieces that give check (`checkmate by`, `checkmate needs`)".into(),
                },
                span,
            );
        }
        if parts.legality.fleeing_check_forbidden {
            // 11.1's `makpongRule` binds its `king` type only; a proof that
            // an exported section plays the same is not written yet.
            let span = self.item_span(|i| match i {
                Item::Royal(r) => Some(r.span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "a royal piece that may not flee check (`royal { fleeing forbidden }`)"
                        .into(),
                },
                span,
            );
        }
        let several = [
            (
                parts.legality.several_royals == SeveralRoyals::AllAttacked,
                // 11.1 has no `extinctionPseudoRoyal` or `dupleCheck`.
                "several royal pieces, in check only when all are attacked \
                 (`royal { check all }`)",
            ),
            (
                parts.legality.several_royals == SeveralRoyals::AnyAttacked,
                // 11.1's `extinctionPseudoRoyal` exists, but its check is
                // the king's alone (a queen left without a move is stalemate).
                "several royal pieces, in check when any is attacked (`royal { check any }`)",
            ),
            (
                parts.legality.several_royals == SeveralRoyals::Unprotected,
                // 11.1's `extinctionPseudoRoyal` is close; a proof that an
                // exported section plays the same is not written yet.
                "several royal pieces per side (`royal { check last }`)",
            ),
        ];
        for (on, why) in several {
            if !on {
                continue;
            }
            let span = self.item_span(|i| match i {
                Item::Royal(r) => Some(r.span),
                _ => None,
            });
            self.refuse(ExportRefusal::Rule { why: why.into() }, span);
        }
        if parts.legality.pass == PassRule::Allowed {
            let span = self.item_span(|i| match i {
                Item::Pass(span) => Some(*span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "passing (`pass allowed`)".into(),
                },
                span,
            );
        }
        // The current Fairy-Stockfish's `petrifyOnCaptureTypes` (capturers
        // that turn into walls) and `blastOnCapture` with
        // `blastImmuneTypes` (captures that blast the squares a king's step
        // away, sparing its `pawn` type there): the reverse of the import's
        // reading, probed there with pyffish 0.0.90.
        if let Some(b) = &parts.blast {
            match self.blast_keys(b) {
                Ok(keys) => {
                    for (key, value) in keys {
                        self.key(key, value);
                    }
                }
                Err(why) => {
                    let span = self.item_span(|i| match i {
                        Item::Blast(b) => Some(b.span),
                        _ => None,
                    });
                    self.refuse(ExportRefusal::Rule { why }, span);
                }
            }
        }
        // `double-pass points` beside `pass when-stuck` is the current
        // engine's two passes (`Self::current_conversion`).
        let passes_counted = self.target == Target::Current
            && parts.legality.pass == PassRule::WhenStuck
            && parts.end.double_pass == Some(fairyc_runtime::table::Verdict::Points);
        if (parts.end.double_pass.is_some() && !passes_counted) || parts.end.facing.is_some() {
            let span = self.end_span(|r| match r {
                EndRule::DoublePass { span, .. } | EndRule::Facing { span, .. } => Some(*span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "an end by two passes or by facing royal pieces".into(),
                },
                span,
            );
        }
    }

    /// Why the gating rules are not the current Fairy-Stockfish's
    /// `seirawanGating` (with `gating`), if they are not. The engine lets
    /// any piece in hand enter on a gate square its side's piece has just
    /// left (the gates are the first-rank letters of the FEN's castling
    /// field), where that piece may be dropped (src/movegen.cpp,
    /// `make_move_and_gating`): so every piece that can be in hand must gate
    /// on exactly the side's first-rank squares where it may be dropped.
    /// 11.1 is not compared.
    fn gating_refusal(&self) -> Option<String> {
        let whole = "gating";
        if self.target != Target::Current {
            return Some(whole.into());
        }
        let parts = self.parts;
        // The pieces that can be in hand: the start's, and with drops
        // every piece a capture puts there.
        let hand: String = parts
            .start
            .split_once('[')
            .and_then(|(_, rest)| rest.split_once(']'))
            .map(|(h, _)| h.to_string())
            .unwrap_or_default();
        let mut in_hand: Vec<usize> = (0..parts.pieces.len())
            .filter(|&p| {
                let l = self.letter(p);
                hand.chars().any(|c| c.eq_ignore_ascii_case(&l))
            })
            .collect();
        if let Some(d) = &parts.drops {
            if d.supply != HandSupply::Captures {
                return Some(format!(
                    "{whole} with a hand that is not filled by captures"
                ));
            }
            in_hand.extend(
                (0..parts.pieces.len())
                    .filter(|&p| !parts.pieces[p].royal.is_royal() && self.face_base[p].is_none()),
            );
        }
        let in_hand = sorted(in_hand);
        for side in 0..2 {
            let back = rank_squares(parts, side, 0);
            for p in 0..parts.pieces.len() {
                let gates: Vec<Sq> = sorted(
                    parts
                        .gating
                        .iter()
                        .filter(|g| g.piece as usize == p)
                        .flat_map(|g| g.squares[side].iter().copied())
                        .collect(),
                );
                if !in_hand.contains(&p) {
                    continue;
                }
                let want: Vec<Sq> = match &parts.drops {
                    Some(d) => back
                        .iter()
                        .copied()
                        .filter(|s| !d.forbidden[p][side].contains(s))
                        .collect(),
                    // Without drops the engine's drop region of its pawn
                    // leaves out the first rank (`firstRankPawnDrops`).
                    None if self.types[p] == Some("pawn") => return Some(whole.into()),
                    None => back.clone(),
                };
                if gates != want {
                    return Some(format!(
                        "{whole}: `{}` does not enter on every first-rank square where it may be dropped, and there only (the engine's `seirawanGating` gates any piece in hand)",
                        parts.pieces[p].name
                    ));
                }
            }
        }
        None
    }

    /// The keys of a blast (`blast { … }`) for the current engine, or why
    /// none say it. Fairy-Stockfish's blast removes the pieces a king's
    /// step from the capture square but its `pawn` type, and the capturer,
    /// unless immune; 11.1 reads none of these keys (a newer engine's), so
    /// its section would play captures without their blast.
    fn blast_keys(
        &self,
        b: &fairyc_runtime::BlastTable,
    ) -> Result<Vec<(&'static str, String)>, String> {
        let whole = "captures that blast the pieces around them (`blast { … }`)";
        if self.target != Target::Current {
            return Err(whole.into());
        }
        let letters = |types: &[u8]| -> String {
            sorted(types.to_vec())
                .iter()
                .map(|&p| self.letter(p as usize))
                .collect()
        };
        let mut keys = Vec::new();
        if !b.reach.is_empty() {
            let cells: Vec<[u8; 2]> = self
                .parts
                .board
                .squares
                .iter()
                .map(|s| s.cells[0])
                .collect();
            let king_step = b.reach.iter().enumerate().all(|(s, reach)| {
                let [x, y] = cells[s];
                let around: Vec<u16> = (0..cells.len() as u16)
                    .filter(|&t| {
                        let [tx, ty] = cells[t as usize];
                        t as usize != s && tx.abs_diff(x) <= 1 && ty.abs_diff(y) <= 1
                    })
                    .collect();
                sorted(reach.clone()) == around
            });
            if !king_step {
                return Err(format!(
                    "{whole}: a blast that reaches other squares than a king's step (`reach K`)"
                ));
            }
            let pawns: Vec<u8> = (0..self.types.len() as u8)
                .filter(|&p| self.types[p as usize] == Some("pawn"))
                .collect();
            if sorted(b.spared.clone()) != pawns {
                return Err(format!(
                    "{whole}: the pieces a blast spares are not Fairy-Stockfish's `pawn` type (`spared`)"
                ));
            }
            if !b.petrify.is_empty() && self.pseudo_royal_king {
                // The import's probe on `nuclear`: the engine's legality
                // test does not see the wall a petrified capturer leaves.
                return Err(format!(
                    "{whole}: a petrifying capture that blasts beside a royal piece"
                ));
            }
            keys.push(("blastOnCapture", "true".to_string()));
            if !b.immune.is_empty() {
                keys.push(("blastImmuneTypes", letters(&b.immune)));
            }
        } else if !b.immune.is_empty() || !b.spared.is_empty() {
            return Err(whole.into());
        }
        if !b.petrify.is_empty() {
            // fairyc's royal piece never captures where it would turn to
            // stone; the engine's `king` type does (pyffish 0.0.90,
            // `petrified` exported with `king = k`: e8f7 taking a knight).
            let royal_petrifies = b
                .petrify
                .iter()
                .any(|&p| self.parts.pieces[p as usize].royal.is_royal());
            if royal_petrifies && !self.pseudo_royal_king {
                return Err("a royal piece that turns to stone when it captures (`petrify`): Fairy-Stockfish's `king` type captures and petrifies, fairyc's royal piece may not capture there".into());
            }
            keys.push(("petrifyOnCaptureTypes", letters(&b.petrify)));
        }
        Ok(keys)
    }

    /// Board: rectangular, one cell per square, `a..` × `1..`.
    fn board(&mut self) -> bool {
        let b = &self.parts.board;
        let geo = &self.checked.geometry;
        let span = self.board_span();
        // Walls (`*` in a FEN) are the current engine's wall squares: a
        // board whose every hole is a wall is a rectangle to it. Its walls
        // are hurdles for its hoppers, where ours end a hopper's line.
        let walls = self.target == Target::Current && b.holes.len() == b.walls.len();
        let hopper = self.parts.pieces.iter().any(|p| {
            p.moves
                .iter()
                .flatten()
                .flatten()
                .any(|path| path.hop.is_some())
        });
        let why = if !b.holes.is_empty() && !walls {
            Some(if b.walls.is_empty() {
                "it has holes".to_string()
            } else if self.target == Target::Fsf11 {
                "it has walls (`*`), which only `--to fairy-stockfish` writes".to_string()
            } else {
                "it has holes that are not walls (`*`)".to_string()
            })
        } else if !b.walls.is_empty() && hopper {
            Some(
                "it has walls and a hopper, which Fairy-Stockfish lets hop over a wall".to_string(),
            )
        } else if geo.has_multi_cell() {
            Some("it has squares of several cells".to_string())
        } else if b.width > 12 || b.height > 10 {
            Some(format!(
                "it is {}×{}, larger than 12 files × 10 ranks",
                b.width, b.height
            ))
        } else if b.squares.len() + b.walls.len() != b.width as usize * b.height as usize {
            Some("it is not rectangular".to_string())
        } else if b.wrap[0] || b.wrap[1] {
            Some("its edges join (`wrap`)".to_string())
        } else if b.forward != [[0, 1], [0, -1]] {
            Some("its forward directions are not up for White and down for Black".to_string())
        } else {
            let standard = b.squares.iter().all(|s| {
                let [x, y] = s.cells[0];
                s.name == format!("{}{}", (b'a' + x) as char, y + 1)
            });
            // Rank by rank from the top, each square at its column once
            // the walls written before it in its rank are counted.
            let by_rank = b.fen_rows.len() == b.height as usize
                && b.fen_rows.iter().enumerate().all(|(g, row)| {
                    let before = |i: usize| {
                        b.walls
                            .iter()
                            .filter(|w| w[0] as usize == g && (w[1] as usize) <= i)
                            .count()
                    };
                    row.len() + before(row.len()) == b.width as usize
                        && row.iter().enumerate().all(|(i, &s)| {
                            b.squares[s as usize].cells[0]
                                == [(i + before(i)) as u8, b.height - 1 - g as u8]
                        })
                });
            if !standard {
                Some("its squares are not named a1, b1, … as Fairy-Stockfish names them".into())
            } else if !by_rank {
                Some("its FEN is not written rank by rank from the top".into())
            } else {
                None
            }
        };
        if let Some(why) = why {
            self.refuse(ExportRefusal::Board { why }, span);
            return false;
        }
        self.key("maxRank", b.height);
        self.key("maxFile", b.width);
        true
    }

    /// Every piece must be one FSF type; the royal piece FSF's king.
    fn pieces(&mut self) {
        let geo = &self.checked.geometry;
        let pieces = &self.parts.pieces;
        let royals: Vec<usize> = (0..pieces.len())
            .filter(|&p| pieces[p].royal.is_royal())
            .collect();
        if royals.len() > 1 {
            let span = self.piece_name_span(&pieces[royals[1]].name);
            self.refuse(
                ExportRefusal::Royal {
                    why: "the variant has several royal piece types".into(),
                },
                span,
            );
        }
        self.types = vec![None; pieces.len()];
        self.face_base = self.faces();
        self.face_letter = vec![None; pieces.len()];
        let mut used: Vec<(&'static str, usize)> = Vec::new();
        for (p, piece) in pieces.iter().enumerate() {
            if piece.letter.len() != 1 {
                let span = self.letter_span(&piece.name);
                self.refuse(
                    ExportRefusal::Symbol {
                        piece: piece.name.clone(),
                        symbol: piece.letter.clone(),
                    },
                    span,
                );
                continue;
            }
            if self.face_base[p].is_some() {
                continue;
            }
            if piece.plus || piece.captured_as.is_some() {
                let span = self.piece_name_span(&piece.name);
                self.refuse(
                    ExportRefusal::Face {
                        piece: piece.name.clone(),
                    },
                    span,
                );
                continue;
            }
            if let Some(span) = self.special_span(&piece.name) {
                self.refuse(
                    ExportRefusal::OneTime {
                        piece: piece.name.clone(),
                    },
                    span,
                );
                continue;
            }
            let setup = &self.checked.setup.squares[p];
            // The current Fairy-Stockfish: a piece kept to a region
            // (`mobilityRegion…`), a royal piece with the flying-general
            // rule (`flyingGeneral`): the type is the unconfined piece's.
            let confined = self.confined(geo, p);
            if confined.as_ref().is_some_and(|c| c.attacks) {
                let span = self.item_span(|i| match i {
                    Item::Piece(d) if d.name.node == piece.name => {
                        d.props.iter().find_map(|pr| match pr {
                            PieceProp::Faces { span, .. } => Some(*span),
                            _ => None,
                        })
                    }
                    _ => None,
                });
                if !self.flying_general(p, confined.as_ref()) {
                    self.refuse(
                        ExportRefusal::Royal {
                            why: "it may not face the enemy royal piece on other lines than Fairy-Stockfish's `flyingGeneral` (ranks and files, its own type only)".into(),
                        },
                        span,
                    );
                    continue;
                }
                self.flying = true;
            }
            let table = confined.as_ref().map_or(piece, |c| &c.table);
            let mut found = self.fsf_type(geo, table, setup);
            // Fairy-Stockfish's soldier: `fW`, and `fsW` from a rank on
            // (`soldierPromotionRank`).
            if found.is_none() && self.target == Target::Current && confined.is_none() {
                if let Some(rank) = self.soldier_rank(geo, piece, setup) {
                    found = Some("soldier");
                    self.soldier_rank = Some(rank);
                }
            }
            // The current Fairy-Stockfish's `immobile` type: a piece
            // without moves (`immobile`).
            if found.is_none()
                && self.target == Target::Current
                && !piece.royal.is_royal()
                && piece.moves.iter().flatten().all(Vec::is_empty)
            {
                found = Some("immobile");
            }
            // With blasts, the royal king is the current engine's
            // pseudo-royal commoner (its own `atomic`).
            if found == Some("king")
                && self.target == Target::Current
                && self
                    .parts
                    .blast
                    .as_ref()
                    .is_some_and(|b| !b.reach.is_empty())
            {
                found = Some("commoner");
                self.pseudo_royal_king = true;
            }
            let taken = found.is_some_and(|f| used.iter().any(|(t, _)| *t == f));
            if self.target == Target::Current
                && (found.is_none() || taken)
                && (!piece.royal.is_royal() || self.royal_for_both(piece))
            {
                // The current Fairy-Stockfish: a custom piece, or a custom
                // royal `king = k:Betza`.
                if let Some(betza) = self.custom_betza(geo, table, setup, confined.is_some()) {
                    self.custom.push((p, betza));
                    found = Some(if piece.royal.is_royal() {
                        "king"
                    } else {
                        "customPiece"
                    });
                } else if let Some((betza, zone)) =
                    self.custom_pawn(geo, p, table, setup, confined.is_some())
                {
                    self.custom.push((p, betza));
                    self.double_step = zone.is_some();
                    self.double_step_region.clone_from(&zone);
                    self.custom_pawn = Some((p, zone));
                    found = Some("customPiece");
                }
            }
            let Some(fsf) = found else {
                let span = self.moves_span(&piece.name);
                if piece.royal.is_royal() {
                    let why = if piece.royal != Royal::Both && self.target == Target::Current {
                        "it is royal for one side only, and the other side has one too (set up, in hand or by promotion), which the engine's `king` would make royal".to_string()
                    } else if piece.royal != Royal::Both {
                        "it is royal for one side only".to_string()
                    } else {
                        "it does not move like a chess king".to_string()
                    };
                    self.refuse(ExportRefusal::Royal { why }, span);
                } else {
                    self.refuse(
                        ExportRefusal::Piece {
                            piece: piece.name.clone(),
                        },
                        span,
                    );
                }
                continue;
            };
            if let Some(&(_, other)) = used.iter().find(|(t, _)| *t == fsf && fsf != "customPiece")
            {
                let span = self.piece_name_span(&piece.name);
                self.refuse(
                    ExportRefusal::SameType {
                        piece: piece.name.clone(),
                        other: pieces[other].name.clone(),
                        fsf,
                    },
                    span,
                );
                continue;
            }
            used.push((fsf, p));
            self.types[p] = Some(fsf);
            if let Some(c) = confined.filter(|c| c.region.is_some()) {
                self.regions.push((p, c.region.unwrap_or_default()));
            }
        }
        self.custom_pawn_alone();
        if !self.errors.is_empty() {
            return;
        }
        let new_types = self.face_types(geo);
        if !self.errors.is_empty() {
            return;
        }
        let mut n = 0;
        for p in 0..pieces.len() {
            if self.face_base[p].is_some() {
                continue;
            }
            let fsf = self.types[p].unwrap_or("?");
            let letter = self.letter(p);
            let name = match self
                .custom
                .iter()
                .find(|(q, _)| *q == p)
                .map(|(_, b)| b.clone())
            {
                Some(betza) if fsf == "customPiece" => {
                    n += 1;
                    let name = format!("customPiece{n}");
                    self.key(&name, format!("{letter}:{betza}"));
                    if self.custom_pawn.as_ref().is_some_and(|(q, _)| *q == p) {
                        self.key("pawnTypes", letter);
                    }
                    name
                }
                Some(betza) => {
                    self.key(fsf, format!("{letter}:{betza}"));
                    fsf.to_string()
                }
                None => {
                    self.key(fsf, letter);
                    fsf.to_string()
                }
            };
            if let Some((_, region)) = self.regions.iter().find(|(q, _)| *q == p).cloned() {
                let capitalized = format!("{}{}", name[..1].to_ascii_uppercase(), &name[1..]);
                for (side, colour) in [(0, "White"), (1, "Black")] {
                    let squares = self.square_names(&region[side]);
                    self.key(&format!("mobilityRegion{colour}{capitalized}"), squares);
                }
            }
        }
        for (fsf, betza, letter) in new_types {
            match betza {
                Some(betza) => {
                    n += 1;
                    self.key(&format!("customPiece{n}"), format!("{letter}:{betza}"));
                }
                None => self.key(fsf, letter),
            }
        }
        if n > 25 {
            let span = self.whole_file();
            self.refuse(
                ExportRefusal::Piece {
                    piece: format!("{n} custom pieces (Fairy-Stockfish reads at most 25)"),
                },
                span,
            );
        }
    }

    /// Square names, sorted, separated by spaces.
    fn square_names(&self, squares: &[Sq]) -> String {
        sorted(squares.to_vec())
            .iter()
            .map(|&s| self.parts.board.squares[s as usize].name.clone())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// For the current Fairy-Stockfish, a piece whose moves are all kept
    /// to one region (`within` or `to`), or a royal piece with attack-only
    /// lines (`faces`): the piece without them, if its moves are those of
    /// the unconfined piece that land in the region (`mobilityRegion…`,
    /// which keeps a piece's destinations to the region, as `to` does).
    fn confined(&self, geo: &Geometry, p: usize) -> Option<Confined> {
        if self.target != Target::Current {
            return None;
        }
        let checked = self.checked.pieces.get(p)?;
        let attacks = checked.moves.iter().any(|m| m.attack_only);
        let mut region: Option<[Vec<Sq>; 2]> = None;
        let mut free = checked.clone();
        free.moves.retain(|m| !m.attack_only);
        // Some moves only kept to the region (`pawnback`'s backward step):
        // the region must keep the others' destinations as they are.
        for m in &mut free.moves {
            // A custom pawn's initial moves from the double-step region.
            if m.from.is_some() && !m.specs.iter().all(|s| s.initial) {
                return None;
            }
            let Some(w) = m.within.take().or_else(|| m.to.take()) else {
                continue;
            };
            if m.within.is_some() || m.to.is_some() {
                // `within` and `to` on one line: two regions.
                return None;
            }
            let w = [sorted(w[0].clone()), sorted(w[1].clone())];
            if region.get_or_insert_with(|| w.clone()) != &w {
                return None;
            }
        }
        if region.is_none() && !attacks {
            return None;
        }
        let setup = &self.checked.setup.squares[p];
        let moves = lowered(geo, &free, setup)?;
        // The piece's own moves, without its attack-only lines.
        let piece = &self.parts.pieces[p];
        let own: [Vec<Vec<Path>>; 2] = [0, 1].map(|side| {
            piece.moves[side]
                .iter()
                .map(|paths| {
                    paths
                        .iter()
                        .filter(|path| path.role != fairyc_runtime::table::PathRole::Attack)
                        .cloned()
                        .collect()
                })
                .collect()
        });
        // The unconfined piece's paths landing in the region only; a
        // hopper's or several legs' path that needs a square outside
        // before one inside says what no table of fairyc's says.
        let mut kept: [Vec<Vec<Path>>; 2] = [Vec::new(), Vec::new()];
        for side in 0..2 {
            for paths in &moves[side] {
                let mut out = Vec::new();
                for path in paths {
                    let Some(r) = region.as_ref().map(|r| &r[side]) else {
                        out.push(path.clone());
                        continue;
                    };
                    let steps: Vec<(Sq, Vec<Sq>)> =
                        path.steps.iter().map(|s| (s.to, s.block.clone())).collect();
                    let landed = if path.hop.is_some() || path.locust || path.returns {
                        let last = steps.iter().rposition(|(to, _)| r.contains(to));
                        let steps: Vec<_> =
                            steps.into_iter().take(last.map_or(0, |l| l + 1)).collect();
                        if steps.iter().any(|(to, _)| !r.contains(to)) {
                            return None;
                        }
                        steps
                    } else {
                        lower::land_only(steps, r)
                    };
                    if landed.is_empty() {
                        continue;
                    }
                    let mut path = path.clone();
                    path.steps = landed
                        .into_iter()
                        .map(|(to, block)| fairyc_runtime::table::Step { to, block })
                        .collect();
                    out.push(path);
                }
                kept[side].push(out);
            }
        }
        if canonical(&kept) != canonical(&own) {
            return None;
        }
        let mut table = piece.clone();
        table.moves = moves;
        Some(Confined {
            table,
            region,
            attacks,
        })
    }

    /// Whether a royal piece's attack-only lines (`faces`) are Fairy-
    /// Stockfish's `flyingGeneral`: the royal piece is its `king` type (the
    /// only royal type), and its lines are the rook's (`R`), or its files
    /// (`vR`) where the two sides' royal regions share no rank.
    fn flying_general(&self, p: usize, confined: Option<&Confined>) -> bool {
        let piece = &self.parts.pieces[p];
        if piece.royal != Royal::Both {
            return false;
        }
        let Some(decl) = self.piece_decl(&piece.name) else {
            return false;
        };
        let Some(lines) = decl.props.iter().find_map(|pr| match pr {
            PieceProp::Faces { betza, .. } => self.source.get(betza.span.range()),
            _ => None,
        }) else {
            return false;
        };
        let rank = |s: Sq| self.parts.board.squares[s as usize].cells[0][1];
        match lines.trim() {
            "R" => true,
            "vR" => confined.and_then(|c| c.region.as_ref()).is_some_and(|r| {
                r[0].iter()
                    .all(|&a| r[1].iter().all(|&b| rank(a) != rank(b)))
            }),
            _ => false,
        }
    }

    /// The rank (from 1, relative) from which a piece that steps forward
    /// (`fW`) also steps sideways (`sW`): Fairy-Stockfish's soldier with
    /// `soldierPromotionRank`.
    fn soldier_rank(
        &self,
        geo: &Geometry,
        piece: &PieceTable,
        setup: &[Vec<Sq>; 2],
    ) -> Option<usize> {
        let of = |betza: &str| reference(betza).and_then(|r| lowered(geo, &r, setup));
        let (forward, both) = (of("fW")?, of("fsW")?);
        let want = canonical(&piece.moves);
        let h = self.parts.board.height as usize;
        (2..=h).find(|&r| {
            let mixed: [Vec<Vec<Path>>; 2] = [0, 1].map(|side| {
                (0..piece.moves[side].len())
                    .map(|s| {
                        let y = self.parts.board.squares[s].cells[0][1] as usize;
                        let rel = if side == 0 { y } else { h - 1 - y };
                        if rel + 1 >= r {
                            both[side][s].clone()
                        } else {
                            forward[side][s].clone()
                        }
                    })
                    .collect()
            });
            canonical(&mixed) == want
        })
    }

    /// The promoted faces the current Fairy-Stockfish writes as promoted
    /// piece types (`promotedPieceType`), by piece index: a `+` face that
    /// goes to hand as the one plain piece that promotes to it (its only
    /// choice, as part of a move), and that promotes no further.
    fn faces(&self) -> Vec<Option<usize>> {
        let parts = self.parts;
        let pieces = &parts.pieces;
        (0..pieces.len())
            .map(|p| {
                let piece = &pieces[p];
                if self.target != Target::Current
                    || !piece.plus
                    || piece.royal.is_royal()
                    || piece.demotes_to.is_some()
                    || parts.promotions.iter().any(|r| r.piece as usize == p)
                {
                    return None;
                }
                let base = piece.captured_as? as usize;
                let to_face: Vec<_> = parts
                    .promotions
                    .iter()
                    .filter(|r| r.choices.contains(&PromotionChoice::Piece(p as u8)))
                    .collect();
                let plain = !pieces[base].plus
                    && pieces[base].captured_as.is_none()
                    && !pieces[base].royal.is_royal();
                (plain
                    && to_face.len() == 1
                    && to_face[0].piece as usize == base
                    && to_face[0].choices.len() == 1
                    && to_face[0].as_move().is_some())
                .then_some(base)
            })
            .collect()
    }

    /// The Fairy-Stockfish type each promoted face ([`Self::faces`]) plays
    /// as: the type of a plain piece that moves the same (shogi's tokin is
    /// its gold), else a type of its own under a letter no piece has
    /// (shogi's horse, `dragonHorse`). Returns the types of their own, as
    /// (type, custom Betza, letter).
    fn face_types(&mut self, geo: &Geometry) -> Vec<(&'static str, Option<String>, char)> {
        let parts = self.parts;
        let pieces = &parts.pieces;
        let mut new_types: Vec<(&'static str, Option<String>, char)> = Vec::new();
        for p in 0..pieces.len() {
            if self.face_base[p].is_none() {
                continue;
            }
            let piece = &pieces[p];
            let setup = &self.checked.setup.squares[p];
            let saved = (self.pawn_first_rank, self.double_step);
            let mut found = self
                .fsf_type(geo, piece, setup)
                .filter(|&t| t != "pawn" && t != "king");
            (self.pawn_first_rank, self.double_step) = saved;
            let mut betza = None;
            if found.is_none() {
                betza = self.custom_betza(geo, piece, setup, false);
                found = betza.as_ref().map(|_| "customPiece");
            }
            let Some(fsf) = found else {
                let span = self.moves_span(&piece.name);
                self.refuse(
                    ExportRefusal::Piece {
                        piece: piece.name.clone(),
                    },
                    span,
                );
                continue;
            };
            let custom_of = |q: usize| self.custom.iter().find(|(c, _)| *c == q).map(|(_, b)| b);
            let plain = (0..pieces.len()).find(|&q| {
                self.face_base[q].is_none()
                    && self.types[q] == Some(fsf)
                    && (fsf != "customPiece" || custom_of(q) == betza.as_ref())
            });
            let letter = if let Some(q) = plain {
                self.letter(q)
            } else if let Some(&(_, _, l)) =
                new_types.iter().find(|(t, b, _)| *t == fsf && *b == betza)
            {
                l
            } else {
                let taken = |c: char| {
                    (0..pieces.len()).any(|q| self.face_base[q].is_none() && self.letter(q) == c)
                        || new_types.iter().any(|&(_, _, l)| l == c)
                };
                let Some(l) = ('a'..='z').find(|&c| !taken(c)) else {
                    let span = self.piece_name_span(&piece.name);
                    self.refuse(
                        ExportRefusal::Face {
                            piece: piece.name.clone(),
                        },
                        span,
                    );
                    continue;
                };
                new_types.push((fsf, betza, l));
                l
            };
            self.face_letter[p] = Some(letter);
        }
        new_types
    }

    /// The current Fairy-Stockfish's Betza for a piece whose `moves`
    /// statements (no guard, region or `once`) Fairy-Stockfish can write:
    /// fairyc's Betza with the directions of the oblique atoms respelled
    /// (the inverse of the import's mapping, `interop/src/import/betza.rs`),
    /// kept only if the import reads it back as moves equal, path by path,
    /// to the piece's on this board.
    fn custom_betza(
        &self,
        geo: &Geometry,
        piece: &PieceTable,
        setup: &[Vec<Sq>; 2],
        confined: bool,
    ) -> Option<String> {
        let fsf = self.custom_fsf(piece, confined)?;
        // The import's reading of `e` and `i` needs the whole variant
        // (a custom pawn: [`Self::pawn_betza`]).
        if fsf.contains(['e', 'i']) {
            return None;
        }
        let back = crate::import::betza::translate(&fsf, false).ok()?;
        let want = canonical(&piece.moves);
        let r = reference(&back)?;
        let m = lowered(geo, &r, setup)?;
        (canonical(&m) == want).then_some(fsf)
    }

    /// The piece's moves in the current Fairy-Stockfish's Betza, term by
    /// term ([`fsf_term`]), if every `moves` line can be said there.
    fn custom_fsf(&self, piece: &PieceTable, confined: bool) -> Option<String> {
        let decl = self.piece_decl(&piece.name)?;
        let mut terms = Vec::new();
        for prop in &decl.props {
            let PieceProp::Moves {
                betza,
                guard,
                regions,
                once,
                ..
            } = prop
            else {
                continue;
            };
            if guard.is_some()
                || (!regions.is_empty() && !confined && !self.initial_from(betza, regions))
                || once.is_some()
            {
                return None;
            }
            for term in &betza.terms {
                let text = self.source.get(term.span.range())?;
                terms.push(fsf_term(text)?);
            }
        }
        if terms.is_empty() {
            return None;
        }
        Some(terms.join(""))
    }

    /// Whether a royal piece can be Fairy-Stockfish's `king`, whose type is
    /// royal for both sides: it is royal for both, or, for the current
    /// engine, for one side only (`royal { only black }`, horde's White)
    /// where the other side never has one: it is not set up for that side,
    /// nothing is ever in hand (no `drops`) and no promotion makes it. A
    /// side without a king is never in check in either engine (probed with
    /// pyffish 0.0.90 on its `horde`).
    fn royal_for_both(&self, piece: &PieceTable) -> bool {
        let side = match piece.royal {
            Royal::Both => return true,
            Royal::No => return false,
            Royal::White => 0,
            Royal::Black => 1,
        };
        let Some(p) = self.parts.pieces.iter().position(|q| q.name == piece.name) else {
            return false;
        };
        let made = self.parts.promotions.iter().any(|r| {
            r.choices
                .iter()
                .any(|c| matches!(c, PromotionChoice::Piece(q) if usize::from(*q) == p))
        }) || self.parts.pieces.iter().any(|q| {
            q.captured_as.map(usize::from) == Some(p) || q.demotes_to.map(usize::from) == Some(p)
        });
        self.target == Target::Current
            && self.checked.setup.squares[p][1 - side].is_empty()
            && self.parts.drops.is_none()
            && !made
    }

    /// The FSF type whose paths on this board equal the piece's.
    fn fsf_type(
        &mut self,
        geo: &Geometry,
        piece: &PieceTable,
        setup: &[Vec<Sq>; 2],
    ) -> Option<&'static str> {
        let want = canonical(&piece.moves);
        let same = |betza: &str, setup: &[Vec<Sq>; 2]| {
            reference(betza)
                .and_then(|r| lowered(geo, &r, setup))
                .is_some_and(|m| canonical(&m) == want)
        };
        if piece.royal.is_royal() {
            return (self.royal_for_both(piece) && same("K", setup)).then_some("king");
        }
        // FSF's pawn: double step (with en passant) from the second rank,
        // and with `firstRankDoubleSteps` also from the first.
        let second = [
            rank_squares(self.parts, 0, 1),
            rank_squares(self.parts, 1, 1),
        ];
        if same("mfW cefF ifmnD", &second) {
            self.pawn_first_rank = Some(false);
            return Some("pawn");
        }
        let first_two = [
            sorted([second[0].clone(), rank_squares(self.parts, 0, 0)].concat()),
            sorted([second[1].clone(), rank_squares(self.parts, 1, 0)].concat()),
        ];
        if same("mfW cefF ifmnD", &first_two) {
            self.pawn_first_rank = Some(true);
            return Some("pawn");
        }
        // The current Fairy-Stockfish: a double step from the squares where
        // the pawns start (`doubleStepRegionWhite`, `doubleStepRegionBlack`).
        if self.target == Target::Current {
            // The squares where the piece has more moves than a pawn
            // without its double step.
            let single = reference("mfW cefF").and_then(|r| lowered(geo, &r, setup));
            if let Some(single) = single {
                let (mine, single) = (canonical(&piece.moves), canonical(&single));
                let region: [Vec<Sq>; 2] = [0, 1].map(|side| {
                    (0..mine[side].len())
                        .filter(|&s| mine[side][s] != single[side][s])
                        .map(|s| s as Sq)
                        .collect()
                });
                if region.iter().any(|r| !r.is_empty()) && same("mfW cefF ifmnD", &region) {
                    self.pawn_first_rank = Some(false);
                    self.double_step_region = Some(region);
                    return Some("pawn");
                }
                // Some of those double steps make no en-passant square
                // (horde's from the first rank): `enPassantRegion…`.
                if region.iter().any(|r| !r.is_empty()) {
                    if let Some(ep) = self.en_passant_region(geo, piece, &region) {
                        self.pawn_first_rank = Some(false);
                        self.double_step_region = Some(region);
                        self.en_passant_region = Some(ep);
                        return Some("pawn");
                    }
                }
            }
        }
        // The current Fairy-Stockfish: a double step that no piece takes en
        // passant (`enPassantRegion = -`).
        if self.target == Target::Current
            && !self.parts.pieces.iter().any(|q| {
                q.moves
                    .iter()
                    .flatten()
                    .flatten()
                    .any(|path| path.en_passant)
            })
            && same("mfW cfF ifmnD", &second)
        {
            self.pawn_first_rank = Some(false);
            self.no_en_passant = true;
            return Some("pawn");
        }
        // The current Fairy-Stockfish: `doubleStep = false`.
        // Without a double step there is no en passant: `cfF` is `cefF`.
        if self.target == Target::Current && (same("mfW cefF", setup) || same("mfW cfF", setup)) {
            self.pawn_first_rank = Some(false);
            self.double_step = false;
            return Some("pawn");
        }
        FSF_TYPES
            .iter()
            .find(|(_, betza)| same(betza, setup))
            .map(|&(name, _)| name)
    }

    /// The piece's letter (a symbol of more than one character is refused
    /// in [`Self::pieces`]).
    fn letter(&self, p: usize) -> char {
        self.parts.pieces[p]
            .letter
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_lowercase()
    }

    fn pawns(&self) -> Vec<u8> {
        (0..self.parts.pieces.len())
            .filter(|&p| {
                self.types[p] == Some("pawn")
                    || self.custom_pawn.as_ref().is_some_and(|(q, _)| *q == p)
            })
            .map(|p| p as u8)
            .collect()
    }

    fn setup(&mut self) {
        let mut fen = self.parts.start.clone();
        if let Some(cc) = self.parts.end.check_count {
            // FSF writes the checks still to give after the en-passant field.
            let fields: Vec<&str> = fen.split_whitespace().collect();
            if fields.len() == 6 {
                fen = format!(
                    "{} {} {} {} {}+{} {} {}",
                    fields[0],
                    fields[1],
                    fields[2],
                    fields[3],
                    cc.count,
                    cc.count,
                    fields[4],
                    fields[5]
                );
            }
        }
        self.key("startFen", fen);
    }

    fn promotion(&mut self) {
        let pawns = self.pawns();
        let promos = &self.face_promotions(&pawns);
        let Some(&pawn) = pawns.first() else {
            if let Some(rule) = promos.first() {
                let name = self.parts.pieces[rule.piece as usize].name.clone();
                let span = self.promotion_span(&name);
                self.refuse(
                    ExportRefusal::Promotion {
                        why: "only FSF's pawn promotes".into(),
                    },
                    span,
                );
            }
            return;
        };
        let pawn_name = self.parts.pieces[pawn as usize].name.clone();
        // The current engine's `promotionPieceTypesWhite/Black`: two rules
        // of which each side's pawn can reach only one's zone are one rule
        // with a list per side.
        let per_side = self.per_side_promotion(pawn, promos);
        let promos: &[PromotionRule] = match &per_side {
            Some((merged, _)) => std::slice::from_ref(merged),
            None => promos,
        };
        let Some(rule) = promos.first() else {
            let span = self.piece_name_span(&pawn_name);
            self.refuse(
                ExportRefusal::Promotion {
                    why: "this pawn never promotes, FSF's always does".into(),
                },
                span,
            );
            return;
        };
        if let Some(turn) = promos.iter().find(|r| r.as_turn().is_some()) {
            let name = self.parts.pieces[turn.piece as usize].name.clone();
            let span = self.promotion_span(&name);
            self.refuse(
                ExportRefusal::Promotion {
                    why: "a promotion by turning in place (`turn`)".into(),
                },
                span,
            );
        }
        if let Some(other) = promos.iter().find(|r| r.piece != pawn) {
            let name = self.parts.pieces[other.piece as usize].name.clone();
            let span = self.promotion_span(&name);
            self.refuse(
                ExportRefusal::Promotion {
                    why: "only FSF's pawn promotes".into(),
                },
                span,
            );
            return;
        }
        let span = self.promotion_span(&pawn_name);
        let h = self.parts.board.height as usize;
        let rank = (0..h).find(|&r| {
            (0..2).all(|side| {
                let zone: Vec<Sq> = (r..h)
                    .flat_map(|rr| rank_squares(self.parts, side, rr))
                    .collect();
                sorted(zone) == sorted(rule.zone[side].clone())
            })
        });
        // The current Fairy-Stockfish: an optional promotion
        // (`mandatoryPawnPromotion = false`), forced exactly where the pawn
        // would have no move (`immobilityIllegal`), where no other piece is
        // ever without a move.
        let pawn_stuck = stuck(&self.parts.pieces[pawn as usize]);
        let optional = rule.as_move().is_some_and(|m| m.optional);
        let forced_where_stuck = rule.as_move().is_some_and(|m| {
            [sorted(m.forced[0].clone()), sorted(m.forced[1].clone())] == pawn_stuck
        }) && (0..self.parts.pieces.len())
            .all(|p| p == pawn as usize || stuck(&self.parts.pieces[p]).iter().all(Vec::is_empty));
        let why = if promos.len() > 1 {
            Some("the pawn has several promotion rules".to_string())
        } else if optional && !(self.target == Target::Current && forced_where_stuck) {
            Some(if self.target == Target::Current {
                "it is optional, and compulsory on other squares than those where the pawn has no move".to_string()
            } else {
                "it is optional".to_string()
            })
        } else if rule.as_move().is_some_and(|m| m.on != Triggers::END) {
            Some("it applies on other squares than where the move ends".to_string())
        } else if rank.is_none() && (self.target != Target::Current || self.parts.drops.is_some()) {
            Some("its zone is not the ranks from one rank to the last, mirrored for Black".into())
        } else if rule
            .choices
            .iter()
            .any(|c| !matches!(c, PromotionChoice::Piece(q) if self.types[*q as usize].is_some()))
        {
            Some("it promotes to hand".into())
        } else {
            None
        };
        if let Some(why) = why {
            self.refuse(ExportRefusal::Promotion { why }, span);
            return;
        }
        let letters: String = rule
            .choices
            .iter()
            .filter_map(|c| match c {
                PromotionChoice::Piece(q) => Some(self.letter(*q as usize)),
                PromotionChoice::Hand(_) => None,
            })
            .collect();
        if let Some(rank) = rank {
            self.key("promotionRank", rank + 1);
        } else {
            // The current Fairy-Stockfish: any zone, as its squares.
            let (white, black) = (
                self.square_names(&rule.zone[0]),
                self.square_names(&rule.zone[1]),
            );
            self.key("promotionRegionWhite", white);
            self.key("promotionRegionBlack", black);
        }
        let rank = rank.unwrap_or(0);
        match &per_side {
            Some((_, [white, black])) => {
                let side = |c: &[PromotionChoice]| -> String {
                    c.iter()
                        .filter_map(|c| match c {
                            PromotionChoice::Piece(q) => Some(self.letter(*q as usize)),
                            PromotionChoice::Hand(_) => None,
                        })
                        .collect()
                };
                let (white, black) = (side(white), side(black));
                self.key("promotionPieceTypesWhite", white);
                self.key("promotionPieceTypesBlack", black);
            }
            None => self.key("promotionPieceTypes", letters),
        }
        self.key("mandatoryPawnPromotion", !optional);
        if optional {
            self.key("immobilityIllegal", true);
            self.immobility = true;
        }
        self.key("doubleStep", self.double_step);
        if let (true, Some(region)) = (self.double_step, self.double_step_region.clone()) {
            let (white, black) = (self.square_names(&region[0]), self.square_names(&region[1]));
            self.key("doubleStepRegionWhite", white);
            self.key("doubleStepRegionBlack", black);
        } else if self.double_step {
            self.key("doubleStepRank", 2);
            self.key("firstRankDoubleSteps", self.pawn_first_rank == Some(true));
        }
        if self.no_en_passant {
            self.key("enPassantRegion", "-");
        }
        if let Some(region) = self.en_passant_region.clone() {
            for (side, colour) in [(0, "White"), (1, "Black")] {
                let squares = match self.square_names(&region[side]) {
                    s if s.is_empty() => "-".to_string(),
                    s => s,
                };
                self.key(&format!("enPassantRegion{colour}"), squares);
            }
        }
        self.promotion_rank = rank;
    }

    /// For the current engine, two promotion rules of `pawn` where each
    /// side's pawn can reach the zone of one only (sort-of-almost chess:
    /// White's to rank 8, Black's to rank 1, each zone named for both
    /// sides), and which differ in their choices only: one rule with each
    /// side's zone, and each side's choices.
    fn per_side_promotion(
        &self,
        pawn: u8,
        promos: &[PromotionRule],
    ) -> Option<(PromotionRule, [Vec<PromotionChoice>; 2])> {
        let [a, b] = promos else {
            return None;
        };
        if self.target != Target::Current || a.piece != pawn || b.piece != pawn || a.kind != b.kind
        {
            return None;
        }
        let moves = &self.parts.pieces[pawn as usize].moves;
        let reached: [Vec<Sq>; 2] = [0, 1].map(|side| {
            sorted(
                moves[side]
                    .iter()
                    .flatten()
                    .filter_map(|path| path.steps.last().map(|s| s.to as Sq))
                    .collect(),
            )
        });
        let reaches = |r: &PromotionRule, side: usize| {
            r.zone[side]
                .iter()
                .any(|s| reached[side].contains(&(*s as Sq)))
        };
        let (white, black) = match (reaches(a, 0), reaches(a, 1), reaches(b, 0), reaches(b, 1)) {
            (true, false, false, true) => (a, b),
            (false, true, true, false) => (b, a),
            _ => return None,
        };
        let mut merged = white.clone();
        merged.zone[1] = black.zone[1].clone();
        Some((merged, [white.choices.clone(), black.choices.clone()]))
    }

    /// The promotions to promoted faces ([`Self::faces`]), for the current
    /// Fairy-Stockfish: `promotedPieceType`, one promotion zone
    /// (`promotionRegionWhite`, `promotionRegionBlack`) for all of them,
    /// entered or left (`on start | end`), every one optional or every one
    /// not (`mandatoryPiecePromotion`); an optional one forced exactly
    /// where its piece would have no move (`immobilityIllegal`), or nowhere.
    /// Returns the other rules.
    fn face_promotions(&mut self, pawns: &[u8]) -> Vec<PromotionRule> {
        let parts = self.parts;
        let (faces, others): (Vec<&PromotionRule>, Vec<&PromotionRule>) =
            parts.promotions.iter().partition(|r| {
                matches!(r.choices.as_slice(), [PromotionChoice::Piece(f)] if self.face_base[*f as usize].is_some())
            });
        let others = others.into_iter().cloned().collect();
        let Some(first) = faces.first() else {
            return others;
        };
        let stuck = |p: usize| stuck(&parts.pieces[p]);
        let zone = [sorted(first.zone[0].clone()), sorted(first.zone[1].clone())];
        // `on end` is `on start | end` for a piece whose every move from
        // the zone ends in it (none: dobutsu's chick on the far rank).
        let ends_in_zone = |p: usize| {
            (0..2).all(|side| {
                zone[side].iter().all(|&s| {
                    parts.pieces[p].moves[side][s as usize].iter().all(|path| {
                        path.steps
                            .last()
                            .is_some_and(|st| zone[side].binary_search(&st.to).is_ok())
                    })
                })
            })
        };
        let optional = first.as_move().is_some_and(|m| m.optional);
        // Compulsory promotions leave no piece where it has no move, so
        // `immobilityIllegal` then only says that drops avoid such squares.
        let drops_avoid_stuck = parts.drops.as_ref().is_some_and(|d| {
            d.forbidden.iter().enumerate().any(|(p, f)| {
                let st = stuck(p);
                st.iter().any(|s| !s.is_empty())
                    && [sorted(f[0].clone()), sorted(f[1].clone())] == st
            })
        });
        let immobility = if optional {
            faces.iter().any(|r| {
                r.as_move()
                    .is_some_and(|m| m.forced.iter().any(|f| !f.is_empty()))
            })
        } else {
            drops_avoid_stuck
        };
        for rule in &faces {
            let m = rule.as_move().cloned().unwrap_or_default();
            let base = rule.piece as usize;
            let forced = [sorted(m.forced[0].clone()), sorted(m.forced[1].clone())];
            let bad = if pawns.contains(&rule.piece) {
                Some(
                    "Fairy-Stockfish's pawn promotes to other pieces, not to a promoted face"
                        .into(),
                )
            } else if !pawns.is_empty() {
                Some("promoted faces beside a pawn's promotion (the export writes one promotion zone)".into())
            } else if [sorted(rule.zone[0].clone()), sorted(rule.zone[1].clone())] != zone {
                Some("promotions to promoted faces in different zones (Fairy-Stockfish has one promotion zone)".into())
            } else if m.on != Triggers::of(&[Trigger::Start, Trigger::End])
                && !(m.on == Triggers::END && ends_in_zone(base))
            {
                Some("a promotion to a promoted face other than on a move that starts or ends in the zone (`on start | end`)".into())
            } else if m.optional != optional {
                Some("optional and compulsory promotions to promoted faces together".into())
            } else if m.capture_only {
                Some("a promotion on captures only (`if capture`)".into())
            } else if optional && immobility && forced != stuck(base) {
                Some(format!(
                    "`{}` must promote on other squares than those where it would have no move",
                    parts.pieces[base].name
                ))
            } else {
                None
            };
            if let Some(why) = bad {
                let name = parts.pieces[base].name.clone();
                let span = self.promotion_span(&name);
                self.refuse(ExportRefusal::Promotion { why }, span);
                return others;
            }
        }
        // Under `immobilityIllegal` every piece that has squares without a
        // move must be forced to promote there.
        if immobility {
            for p in 0..parts.pieces.len() {
                let promotes = faces.iter().any(|r| r.piece as usize == p);
                if !promotes && stuck(p).iter().any(|s| !s.is_empty()) {
                    let name = parts.pieces[p].name.clone();
                    let why = format!(
                        "`{name}` may move where it has no move, which Fairy-Stockfish's `immobilityIllegal` (for the forced promotions) forbids"
                    );
                    let span = self.piece_name_span(&name);
                    self.refuse(ExportRefusal::Promotion { why }, span);
                    return others;
                }
            }
        }
        let mapping: Vec<String> = faces
            .iter()
            .filter_map(|r| {
                let [PromotionChoice::Piece(f)] = r.choices.as_slice() else {
                    return None;
                };
                Some(format!(
                    "{}:{}",
                    self.letter(r.piece as usize),
                    self.face_letter[*f as usize]?
                ))
            })
            .collect();
        let names = |side: usize| {
            zone[side]
                .iter()
                .map(|&s| parts.board.squares[s as usize].name.clone())
                .collect::<Vec<_>>()
                .join(" ")
        };
        self.key("promotionRegionWhite", names(0));
        self.key("promotionRegionBlack", names(1));
        self.key("promotedPieceType", mapping.join(" "));
        self.key("mandatoryPiecePromotion", !optional);
        self.key("immobilityIllegal", immobility);
        self.immobility = immobility;
        others
    }

    fn drops(&mut self) {
        let Some(d) = &self.parts.drops else {
            self.key("pieceDrops", false);
            self.key("capturesToHand", false);
            return;
        };
        let pawns = self.pawns();
        let h = self.parts.board.height as usize;
        let zone = |side: usize, first: bool, promo: bool| {
            let mut v = Vec::new();
            if first {
                v.extend(rank_squares(self.parts, side, 0));
            }
            if promo && !pawns.is_empty() {
                for r in self.promotion_rank..h {
                    v.extend(rank_squares(self.parts, side, r));
                }
            }
            sorted(v)
        };
        let mut first_rank_ok = None;
        let mut zone_ok = None;
        let mut refusals = Vec::new();
        let current = self.target == Target::Current;
        let mut no_doubled = Vec::new();
        for (p, forbidden) in d.forbidden.iter().enumerate() {
            if self.face_base.get(p).is_some_and(Option::is_some) {
                continue;
            }
            let name = self.parts.pieces[p].name.clone();
            let mine = [sorted(forbidden[0].clone()), sorted(forbidden[1].clone())];
            let per_file = d.per_file.get(p).copied().unwrap_or(0);
            if current && per_file != 0 {
                no_doubled.push((p, per_file));
            }
            let why = if d.no_mate.get(p).copied().unwrap_or(false) {
                Some(if current {
                    // pyffish 0.0.90 plays a mating pawn drop and scores it
                    // as a loss for the side that dropped (probed).
                    format!("`{name}` may not be dropped to give mate, where Fairy-Stockfish's `shogiPawnDropMateIllegal` lets the drop be played and scores it as a loss")
                } else {
                    format!("`{name}` may not be dropped to give mate")
                })
            } else if per_file != 0 && !current {
                Some(format!("`{name}` has a per-file limit"))
            } else if self.immobility
                && !pawns.contains(&(p as u8))
                && mine != stuck(&self.parts.pieces[p])
            {
                // `immobilityIllegal`: no drop where the piece has no move.
                Some(format!("`{name}` is forbidden other squares than those where it has no move (Fairy-Stockfish's `immobilityIllegal`)"))
            } else if d.also_as.get(p).is_some_and(Option::is_some) {
                Some(format!("`{name}` may be dropped as another piece"))
            } else if pawns.contains(&(p as u8)) {
                let options = [(false, false), (true, false), (false, true), (true, true)];
                match options
                    .iter()
                    .find(|&&(f, z)| mine == [zone(0, f, z), zone(1, f, z)])
                {
                    Some(&(f, z)) => {
                        first_rank_ok = Some(!f);
                        zone_ok = Some(!z);
                        None
                    }
                    None => Some(format!(
                        "`{name}` is forbidden other squares than its first rank and promotion zone"
                    )),
                }
            } else if (!mine[0].is_empty() || !mine[1].is_empty()) && !self.immobility {
                Some(format!("`{name}` may not be dropped on some squares"))
            } else {
                None
            };
            if let Some(why) = why {
                refusals.push((name, why));
            }
        }
        // The placement-phase rules: FSF 11.1 has keys of its own for some
        // of them (mustDrop, dropOppositeColoredBishop), not yet mapped
        // for it. The current engine's `mustDrop` (with `mustDropType = *`,
        // its default) is `must-drop`, as the import reads it.
        if d.must_drop && self.target == Target::Current {
            self.key("mustDrop", true);
        } else if d.must_drop {
            refusals.push((
                String::new(),
                "a side must drop while it can (`must-drop`)".into(),
            ));
        }
        for (p, &n) in d.per_colour.iter().enumerate() {
            if n != 0 {
                let name = self.parts.pieces[p].name.clone();
                refusals.push((name.clone(), format!("`{name}` has a per-colour limit")));
            }
        }
        if d.falls && self.target != Target::Current {
            refusals.push((
                String::new(),
                "drops that fall (`falls`): Fairy-Stockfish 11.1 has no `enclosingDrop`".into(),
            ));
        }
        for (name, why) in refusals {
            // A mating drop is refused at its own rule.
            let no_mate = self.item_span(|i| match i {
                Item::Drops(d) => d.rules.iter().find_map(|r| match r {
                    DropRule::NoMate { span, piece } if piece.node == name => Some(*span),
                    _ => None,
                }),
                _ => None,
            });
            let span = if why.contains("to give mate") {
                no_mate
            } else {
                self.drops_span((!name.is_empty()).then_some(name.as_str()))
            };
            self.refuse(ExportRefusal::Drops { why }, span);
        }
        if d.falls {
            self.key("enclosingDrop", "top");
        }
        self.key("pieceDrops", true);
        self.key("capturesToHand", d.supply.captures_to_hand());
        if let Some(f) = first_rank_ok {
            self.key("firstRankPawnDrops", f);
        }
        if let Some(z) = zone_ok {
            if z && self.immobility {
                let name = self.parts.pieces[pawns[0] as usize].name.clone();
                let span = self.drops_span(Some(&name));
                self.refuse(
                    ExportRefusal::Drops {
                        why: format!("`{name}` may be dropped where it has no move, which Fairy-Stockfish's `immobilityIllegal` (for its optional promotion) forbids"),
                    },
                    span,
                );
            }
            self.key("promotionZonePawnDrops", z);
        }
        match no_doubled.as_slice() {
            [] => {}
            &[(p, n)] => {
                let l = self.letter(p);
                self.key("dropNoDoubled", l);
                self.key("dropNoDoubledCount", n);
            }
            [_, (p, _), ..] => {
                let name = self.parts.pieces[*p].name.clone();
                let span = self.drops_span(Some(&name));
                self.refuse(
                    ExportRefusal::Drops {
                        why: "two pieces with a per-file limit (Fairy-Stockfish's `dropNoDoubled` is one)".into(),
                    },
                    span,
                );
            }
        }
    }

    fn castling(&mut self) {
        let rules: &[CastlingRule] = &self.parts.castling;
        if rules.is_empty() {
            self.key("castling", false);
            return;
        }
        let span = self.castling_span();
        let b = &self.parts.board;
        let w = b.width;
        let cell = |s: Sq| b.squares[s as usize].cells[0];
        let mut files = [None, None];
        let mut rank = None;
        let mut rook = None;
        let mut king = None;
        let mut why = None;
        // The current engine's `castlingRookPieces` names every type that
        // castles as the rook; each right takes the outermost of them.
        let rook_types: Vec<u8> = sorted(rules.iter().map(|r| r.rook).collect());
        let several_rooks = rook_types.len() > 1 && self.target == Target::Current;
        for r in rules {
            let (kf, kt, rf, rt) = (
                cell(r.king_from),
                cell(r.king_to),
                cell(r.rook_from),
                cell(r.rook_to),
            );
            let rel = |c: [u8; 2]| {
                if r.side == 0 {
                    c[1]
                } else {
                    b.height - 1 - c[1]
                }
            };
            // The current engine finds a castling rook from the board's
            // edge inwards: the rook need only be the outermost of its type
            // on its side of the king in the setup (gustav3's, inside the
            // corner amazons).
            let current = self.target == Target::Current;
            let kingside = if current {
                rf[0] > kf[0]
            } else {
                rf[0] == w - 1
            };
            let outer_types: &[u8] = if several_rooks {
                &rook_types
            } else {
                std::slice::from_ref(&r.rook)
            };
            let outermost = current
                && outer_types.iter().all(|&t| {
                    self.checked
                        .setup
                        .squares
                        .get(t as usize)
                        .is_some_and(|on| {
                            on[usize::from(r.side)].iter().all(|&s| {
                                let c = cell(s);
                                c[1] != rf[1]
                                    || if kingside {
                                        c[0] <= rf[0]
                                    } else {
                                        c[0] >= rf[0]
                                    }
                            })
                        })
                });
            let expected_letter = match (kingside, r.side) {
                (true, 0) => 'K',
                (false, 0) => 'Q',
                (true, _) => 'k',
                (false, _) => 'q',
            };
            let rook_beside = if kingside {
                rt[0] + 1 == kt[0]
            } else {
                rt[0] == kt[0] + 1
            };
            // `ends`: the current engine's `oppositeCastling` ends the
            // opponent's right on the same side, where both sides have one.
            let opposite = if r.fen.is_ascii_uppercase() {
                r.fen.to_ascii_lowercase()
            } else {
                r.fen.to_ascii_uppercase()
            };
            let paired = rules.iter().any(|o| o.fen == opposite);
            if r.by_drop {
                why = Some("a right is granted by dropping king and rook (`by-drop`)".into());
            } else if !r.ends.is_empty() && !current {
                why = Some(
                    "a castling ends another right (`ends`): FSF 11.1 has no `oppositeCastling`"
                        .into(),
                );
            } else if r.ends.iter().any(|&e| e != opposite)
                || (r.ends.is_empty() != rules[0].ends.is_empty())
                || (!r.ends.is_empty() && !paired)
            {
                why = Some(
                    "a castling ends rights other than the opponent's on the same side, or some rules end none (Fairy-Stockfish's `oppositeCastling` ends that one for every castling)"
                        .into(),
                );
            } else if self.types[r.king as usize] != Some("king") && !current {
                why = Some(
                    "the castling king is not the royal piece (FSF 11.1 castles its `king` only)"
                        .to_string(),
                );
            } else if !outermost && rf[0] != 0 && rf[0] != w - 1 {
                why = Some("a rook does not start in a corner".into());
            } else if !(kf[1] == kt[1] && kf[1] == rf[1] && rf[1] == rt[1]) {
                why = Some("king and rook do not stay on one rank".into());
            } else if !rook_beside {
                why = Some("the rook does not land beside the king".into());
            } else if r.fen != expected_letter {
                why = Some(format!(
                    "FSF writes this right `{expected_letter}`, not `{}`",
                    r.fen
                ));
            }
            let side = usize::from(kingside);
            if *files[side].get_or_insert(kt[0]) != kt[0] {
                why = Some("the two sides' kings castle to different files".into());
            }
            if *rank.get_or_insert(rel(kf)) != rel(kf) {
                why = Some("the two sides castle on different ranks".into());
            }
            if *rook.get_or_insert(r.rook) != r.rook && !several_rooks {
                why = Some("two piece types castle as the rook".into());
            } else if several_rooks && !outermost {
                why = Some(
                    "two piece types castle as the rook, and a rook is not the outermost of them on its side (Fairy-Stockfish's `castlingRookPieces` castles the outermost)"
                        .into(),
                );
            }
            if *king.get_or_insert(r.king) != r.king {
                why = Some("two piece types castle as the king".into());
            }
        }
        if let Some(why) = why {
            self.refuse(ExportRefusal::Castling { why }, span);
            return;
        }
        self.key("castling", true);
        if let Some(f) = files[1] {
            self.key("castlingKingsideFile", (b'a' + f) as char);
        }
        if let Some(f) = files[0] {
            self.key("castlingQueensideFile", (b'a' + f) as char);
        }
        self.key("castlingRank", rank.unwrap_or(0) + 1);
        if several_rooks {
            let letters: String = rook_types
                .iter()
                .map(|&r| self.letter(r as usize))
                .collect();
            self.key("castlingRookPieces", letters);
        } else if let Some(r) = rook {
            let l = self.letter(r as usize);
            self.key("castlingRookPiece", l);
        }
        if rules.iter().any(|r| !r.ends.is_empty()) {
            self.key("oppositeCastling", true);
        }
        // The current engine castles any piece type named by
        // `castlingKingPiece` (giveaway's non-royal king).
        if let Some(k) = king.filter(|&k| self.types[k as usize] != Some("king")) {
            let l = self.letter(k as usize);
            self.key("castlingKingPiece", l);
        }
    }

    /// The end and legality keys.
    fn end(&mut self) {
        let end = self.parts.end.clone();
        self.key("checkmateValue", outcome(end.checkmate));
        if let Some(o) = end.stalemate.outcome() {
            self.key("stalemateValue", outcome(o));
        }
        if end.repetition.is_some_and(|r| r.points) || end.move_limit_points {
            // The current engine's janggi counting decides both, which the
            // janggi family's export writes as the built-in's child.
            let span = self.end_span(|r| match r {
                EndRule::Repetition { span, .. } => Some(*span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "a repetition or a move limit decided by points (`repetition … points`, `limit … points`)".into(),
                },
                span,
            );
        }
        // The engine's repetition is a game end a player may claim
        // (`is_optional_game_end`): a rule with `claim` is written with
        // its claim count, which the automatic count follows. Without a
        // rule, `nFoldRule = 0` keeps the engine's default three-fold
        // repetition out.
        if end.repetition.is_none() {
            self.key("nFoldRule", 0);
        }
        if let Some(rep) = end.repetition {
            self.key("nFoldRule", rep.claim.unwrap_or(rep.count));
            // `for <side>`: the current Fairy-Stockfish's
            // `nFoldValueAbsolute`, whose value is White's.
            let value = match rep.side {
                Some(fairyc_runtime::table::Side::Black) => match rep.outcome {
                    Outcome::Win => Outcome::Loss,
                    Outcome::Loss => Outcome::Win,
                    Outcome::Draw => Outcome::Draw,
                },
                _ => rep.outcome,
            };
            self.key("nFoldValue", outcome(value));
            if rep.side.is_some() {
                if self.target == Target::Current {
                    self.key("nFoldValueAbsolute", true);
                } else {
                    let span = self.end_span(|r| match r {
                        EndRule::Repetition { span, .. } => Some(*span),
                        _ => None,
                    });
                    let why = "a repetition's outcome for one side (`for`: `nFoldValueAbsolute` is not compared for this version)".to_string();
                    self.refuse(ExportRefusal::Rule { why }, span);
                }
            }
            // `perpetual-check loss`: the current Fairy-Stockfish's
            // `perpetualCheckIllegal` (the checking side loses).
            match rep.perpetual_check {
                None => {}
                Some(Outcome::Loss) if self.target == Target::Current => {
                    self.key("perpetualCheckIllegal", true);
                }
                Some(o) => {
                    let span = self.end_span(|r| match r {
                        EndRule::Repetition { span, .. } => Some(*span),
                        _ => None,
                    });
                    let why = if o == Outcome::Loss {
                        "a repetition by perpetual check (`perpetualCheckIllegal` is read by newer versions)".to_string()
                    } else {
                        format!("a repetition by perpetual check that is a {} for the checking player (Fairy-Stockfish's `perpetualCheckIllegal` makes it a loss)", outcome(o))
                    };
                    self.refuse(ExportRefusal::Rule { why }, span);
                }
            }
        }
        // The same for the move limit: `limit 75 claim 50` is the engine's
        // `nMoveRule = 50`.
        self.key(
            "nMoveRule",
            end.move_limit_claim.or(end.move_limit).unwrap_or(0),
        );
        if let Some(side) = end.draw_odds {
            if self.target == Target::Current {
                self.key(
                    "materialCounting",
                    match side {
                        fairyc_runtime::table::Side::White => "whitedrawodds",
                        fairyc_runtime::table::Side::Black => "blackdrawodds",
                    },
                );
            } else {
                let span = self.end_span(|r| match r {
                    EndRule::DrawOdds { span, .. } => Some(*span),
                    _ => None,
                });
                self.refuse(
                    ExportRefusal::Rule {
                        why: "draw odds (`materialCounting`, newer than 11.1)".into(),
                    },
                    span,
                );
            }
        }
        let pawns = self.pawns();
        let chess_clock = sorted(end.resets_move_limit.clone()) == pawns
            && !self.custom_pawn_reversible()
            && end.resets_on.is_default()
            && end.resets_irreversible.is_empty();
        let current_clock = self.target == Target::Current && self.current_clock(&end, &pawns);
        // The current engine resets the clock at every drop: 11.1's clock
        // (pawns and captures) is its only where no drop is played, or
        // where the clock decides nothing (`limit off`; the FENs' clock
        // fields then differ, docs/export.md).
        let chess_clock = chess_clock
            && (self.target != Target::Current
                || self.parts.drops.is_none()
                || end.move_limit.is_none());
        if current_clock && self.clock_without_pawn(&end) {
            self.key("nMoveRuleTypes", "-");
        }
        if !(chess_clock || current_clock) {
            let span = self.item_span(|i| match i {
                Item::Clock(c) => Some(c.span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "a half-move clock reset by other moves than captures and pawn moves"
                        .into(),
                },
                span,
            );
        }
        if let Some(bare) = end.bare_king {
            self.bare_king(&end, bare);
        }
        self.goals(&end);
        if end.stalemate == Stalemate::FewerPieces
            && self.target == Target::Current
            && end.draw_odds.is_none()
        {
            // The current engine's `stalematePieceCount`: the stalemated
            // side with fewer pieces on the board gets `stalemateValue`,
            // with more its opposite, as many a draw (src/position.h,
            // `stalemate_value`), as the import reads it.
            self.key("stalemateValue", "win");
            self.key("stalematePieceCount", true);
        } else if end.stalemate == Stalemate::FewerPieces {
            let span = self.end_span(|r| match r {
                EndRule::Stalemate { span, .. } => Some(*span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "stalemate by material".into(),
                },
                span,
            );
        }
        self.extinction(&end);
        self.lines(&end);
        self.connections(&end);
        if let Some(cc) = end.check_count {
            if cc.outcome == Outcome::Win {
                self.key("checkCounting", true);
            } else {
                let span = self.end_span(|r| match r {
                    EndRule::Checks { span, .. } => Some(*span),
                    _ => None,
                });
                self.refuse(
                    ExportRefusal::Rule {
                        why: "check counting with an outcome other than a win".into(),
                    },
                    span,
                );
            }
        }
        if end.counting.is_some() {
            let span = self.end_span(|r| match r {
                EndRule::Counting { span, .. } => Some(*span),
                _ => None,
            });
            self.refuse(
                ExportRefusal::Rule {
                    why: "a counting rule (`counting …`)".into(),
                },
                span,
            );
        }
        let legality = self.parts.legality;
        if legality.capture_compulsory {
            self.key("mustCapture", true);
        }
        match legality.giving_check {
            GivingCheck::Allowed => {}
            GivingCheck::Forbidden => self.key("checking", false),
            GivingCheck::ForbiddenByDrop => self.key("dropChecks", false),
        }
    }

    /// Whether the half-move clock is the current Fairy-Stockfish's: reset
    /// by captures, drops, promotions and the pawns' moves that cannot be
    /// undone (all of them: a drop or promotion event is not asked for
    /// where there are none).
    fn current_clock(&self, end: &EndRules, pawns: &[u8]) -> bool {
        use fairyc_runtime::table::ClockEvent;
        let on = end.resets_on;
        let drops = self.parts.drops.is_some();
        let promotes = !self.parts.promotions.is_empty();
        let pieces = (sorted(end.resets_move_limit.clone()) == pawns
            && end.resets_irreversible.is_empty()
            && !self.custom_pawn_reversible())
            || (end.resets_move_limit.is_empty()
                && sorted(end.resets_irreversible.clone()) == pawns)
            || self.clock_without_pawn(end);
        // Where no piece moves (every move a drop or a pass), no capture
        // is ever made, and a capture's reset says nothing.
        let captures = self
            .parts
            .pieces
            .iter()
            .any(|q| q.moves.iter().flatten().any(|paths| !paths.is_empty()));
        pieces
            && (on.has(ClockEvent::Capture) || !captures)
            && (on.has(ClockEvent::Drop) || !drops)
            && (on.has(ClockEvent::Promotion) || !promotes)
    }

    /// `flagPiece`, `whiteFlag`, `blackFlag`, `flagMove`: the goals of one
    /// piece; for the current Fairy-Stockfish also `flagPieceCount`,
    /// `flagPieceBlockedWin` and `flagPieceSafe` (one rule with `count`,
    /// `or-full`, `safe`).
    fn goals(&mut self, end: &EndRules) {
        if let Some(first) = end.reach.first() {
            let counted = first.count != 1 || first.or_full;
            // With `flagMove` Fairy-Stockfish draws a king's goal reached
            // by White first and by Black after, safe or not.
            let king_move =
                first.after_reply && self.types.get(first.piece as usize) == Some(&Some("king"));
            if first.safe && (self.target == Target::Fsf11 || end.reach.len() > 1 || king_move) {
                let span = self.end_span(|r| match r {
                    EndRule::Reach { safe: Some(s), .. } => Some(*s),
                    _ => None,
                });
                let why = if self.target == Target::Fsf11 {
                    "a goal reached only when safe (`safe`): Fairy-Stockfish 11.1 has no `flagPieceSafe`"
                } else if king_move {
                    "a king's goal reached only when safe (`safe`) after a reply: Fairy-Stockfish's `flagMove` draws when White's king reached first"
                } else {
                    "a goal reached only when safe (`safe`) beside other goals: Fairy-Stockfish judges the pieces of all its flag squares together"
                };
                self.refuse(ExportRefusal::Rule { why: why.into() }, span);
                return;
            }
            if counted && (self.target == Target::Fsf11 || end.reach.len() > 1) {
                let span = self.end_span(|r| match r {
                    EndRule::Reach { span, .. } => Some(*span),
                    _ => None,
                });
                let why = if self.target == Target::Fsf11 {
                    "a goal of several pieces at once (`count`, `or-full`)"
                } else {
                    "a goal of several pieces at once (`count`) beside other goals: Fairy-Stockfish has one flag region per side"
                };
                self.refuse(ExportRefusal::Rule { why: why.into() }, span);
                return;
            }
            let same = end.reach.iter().all(|r| {
                r.piece == first.piece
                    && r.also.is_empty()
                    && r.outcome == Outcome::Win
                    && r.after_reply == first.after_reply
            });
            if same && self.types[first.piece as usize].is_some() {
                let names = |side: usize| {
                    let squares: Vec<Sq> = sorted(
                        end.reach
                            .iter()
                            .flat_map(|r| r.squares[side].iter().copied())
                            .collect(),
                    );
                    squares
                        .iter()
                        .map(|&s| self.parts.board.squares[s as usize].name.clone())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                let (white, black) = (names(0), names(1));
                let letter = self.letter(first.piece as usize);
                self.key("flagPiece", letter);
                self.key("whiteFlag", white);
                self.key("blackFlag", black);
                self.key("flagMove", first.after_reply);
                if counted {
                    self.key("flagPieceCount", first.count);
                    self.key("flagPieceBlockedWin", first.or_full);
                }
                if first.safe {
                    self.key("flagPieceSafe", true);
                }
            } else {
                let span = self.end_span(|r| match r {
                    EndRule::Reach { span, .. } => Some(*span),
                    _ => None,
                });
                self.refuse(
                    ExportRefusal::Rule {
                        why: "goals of several pieces, or with an outcome other than a win".into(),
                    },
                    span,
                );
            }
        }
    }

    /// The rules of the file's `end` blocks that `keep` keeps, in order.
    fn end_rules(&self, keep: impl Fn(&EndRule) -> bool) -> Vec<EndRule> {
        self.file
            .items
            .iter()
            .filter_map(|i| match i {
                Item::End(e) => Some(e.rules.iter()),
                _ => None,
            })
            .flatten()
            .filter(|r| keep(r))
            .cloned()
            .collect()
    }

    /// `connectN`, `connectNxN`, `collinearN`, `connectPieceTypes`,
    /// `connectHorizontal`, `connectVertical`, `connectDiagonal`,
    /// `connectValue` (the current Fairy-Stockfish: at most one `line`, one
    /// `square` and one `line … with-gaps` rule, of the same pieces and
    /// outcome, the lines along the same axes; its keys judge the player
    /// who has just moved, as these rules do).
    fn lines(&mut self, end: &EndRules) {
        if end.lines.is_empty() {
            return;
        }
        let rules = self.end_rules(|r| matches!(r, EndRule::Line { .. }));
        let span = match rules.first() {
            Some(EndRule::Line { span, .. }) => *span,
            _ => self.whole_file(),
        };
        let mut parts = Vec::new();
        for r in &rules {
            if let EndRule::Line {
                shape,
                length,
                pieces,
                axes,
                outcome,
                ..
            } = r
            {
                let mut names: Vec<&str> = pieces.iter().map(|p| p.node.as_str()).collect();
                names.sort_unstable();
                let axes: Vec<&str> = axes.iter().map(|a| a.node.as_str()).collect();
                parts.push((*shape, length.node, names, axes, outcome.node.as_str()));
            }
        }
        let why = if self.target != Target::Current {
            Some("lines of N (`line`, `square`): Fairy-Stockfish 11.1's `connectN` is not compared")
        } else if parts.len() != end.lines.len()
            || [LineShape::Row, LineShape::Gaps, LineShape::Square]
                .iter()
                .any(|k| parts.iter().filter(|p| p.0 == *k).count() > 1)
        {
            Some(
                "more than one `line` rule of a kind (Fairy-Stockfish has one `connectN`, one \
                 `connectNxN` and one `collinearN`)",
            )
        } else if parts.iter().any(|p| p.2 != parts[0].2 || p.4 != parts[0].4) {
            Some(
                "`line` and `square` rules of different pieces or outcomes (Fairy-Stockfish's \
                 `connectPieceTypes` and `connectValue` are shared)",
            )
        } else if parts.iter().filter(|p| p.0 != LineShape::Square).any(|p| {
            let mut a = p.3.clone();
            a.sort_unstable();
            let first = parts.iter().find(|q| q.0 != LineShape::Square);
            first.is_some_and(|q| {
                let mut b = q.3.clone();
                b.sort_unstable();
                a != b
            })
        }) {
            Some(
                "`line` rules along different axes (Fairy-Stockfish's `connectHorizontal`, \
                 `connectVertical` and `connectDiagonal` are shared)",
            )
        } else {
            None
        };
        if let Some(why) = why {
            self.refuse(ExportRefusal::Rule { why: why.into() }, span);
            return;
        }
        for (shape, length, _, _, _) in &parts {
            let key = match shape {
                LineShape::Row => "connectN",
                LineShape::Gaps => "collinearN",
                LineShape::Square => "connectNxN",
            };
            self.key(key, length);
        }
        if !parts[0].2.is_empty() {
            let letters: String = end.lines[0]
                .pieces
                .iter()
                .map(|&p| self.letter(p as usize))
                .collect();
            self.key("connectPieceTypes", letters);
        }
        let axes = parts
            .iter()
            .find(|p| p.0 != LineShape::Square)
            .map(|p| p.3.clone())
            .unwrap_or_default();
        if !axes.is_empty() {
            for (key, axis) in [
                ("connectHorizontal", "ranks"),
                ("connectVertical", "files"),
                ("connectDiagonal", "diagonals"),
            ] {
                self.key(key, axes.contains(&axis));
            }
        }
        let value = parts[0].4.to_string();
        self.key("connectValue", value);
    }

    /// `connectRegion1White`, `connectRegion2White`, `connectRegion1Black`,
    /// `connectRegion2Black` (the current Fairy-Stockfish: one `connect`
    /// rule, `one-way`, as the engine follows a chain east, north,
    /// north-east and south-east only), with `connectPieceTypes`, the
    /// directions and `connectValue` where no `line` wrote them (beside a
    /// `line`, the same pieces, outcome and axes: the engine shares them).
    fn connections(&mut self, end: &EndRules) {
        if end.connections.is_empty() {
            return;
        }
        let rules = self.end_rules(|r| matches!(r, EndRule::Connect { .. } | EndRule::Line { .. }));
        // Each rule's pieces (sorted), axes (all three when none is
        // named) and outcome.
        let norm = |pieces: &[Spanned<String>], axes: &[Spanned<String>]| {
            let mut p: Vec<String> = pieces.iter().map(|p| p.node.clone()).collect();
            p.sort_unstable();
            let mut a: Vec<String> = axes.iter().map(|a| a.node.clone()).collect();
            if a.is_empty() {
                a = vec!["diagonals".into(), "files".into(), "ranks".into()];
            }
            a.sort_unstable();
            a.dedup();
            (p, a)
        };
        let mut connect = None;
        let mut count = 0;
        let mut clash = false;
        let mut lines = Vec::new();
        for r in &rules {
            match r {
                EndRule::Connect {
                    span,
                    pieces,
                    axes,
                    one_way,
                    outcome,
                    ..
                } => {
                    count += 1;
                    let (p, a) = norm(pieces, axes);
                    connect.get_or_insert((*span, p, a, *one_way, outcome.node.clone()));
                }
                EndRule::Line {
                    shape,
                    pieces,
                    axes,
                    outcome,
                    ..
                } => {
                    let (p, a) = norm(pieces, axes);
                    lines.push((*shape, p, a, outcome.node.clone()));
                }
                _ => {}
            }
        }
        let Some((span, pieces, axes, one_way, outcome)) = connect else {
            return;
        };
        for (shape, p, a, o) in &lines {
            clash |= *p != pieces || *o != outcome || (*shape != LineShape::Square && *a != axes);
        }
        let why = if self.target != Target::Current {
            Some("a goal of connection (`connect`): Fairy-Stockfish 11.1 has none")
        } else if count > 1 || end.connections.len() > 1 {
            Some("more than one `connect` rule (Fairy-Stockfish has one pair of regions a side)")
        } else if !one_way {
            Some(
                "a `connect` rule without `one-way`: Fairy-Stockfish follows a chain east, \
                 north, north-east and south-east only",
            )
        } else if clash {
            Some(
                "`connect` and `line` rules of different pieces, outcomes or axes \
                 (Fairy-Stockfish's `connectPieceTypes`, `connectValue` and directions are \
                 shared)",
            )
        } else {
            None
        };
        if let Some(why) = why {
            self.refuse(ExportRefusal::Rule { why: why.into() }, span);
            return;
        }
        let rule = &end.connections[0];
        for (key, squares) in [
            ("connectRegion1White", &rule.from[0]),
            ("connectRegion2White", &rule.to[0]),
            ("connectRegion1Black", &rule.from[1]),
            ("connectRegion2Black", &rule.to[1]),
        ] {
            let names = self.square_names(squares);
            self.key(key, names);
        }
        if !lines.is_empty() {
            // `lines` wrote the pieces and the outcome, and the directions
            // if one of its rules has them.
            if lines.iter().any(|l| l.0 != LineShape::Square) {
                return;
            }
        } else {
            if !rule.pieces.is_empty() {
                let letters: String = rule
                    .pieces
                    .iter()
                    .map(|&p| self.letter(p as usize))
                    .collect();
                self.key("connectPieceTypes", letters);
            }
            self.key("connectValue", outcome);
        }
        if axes.len() < 3 {
            for (key, axis) in [
                ("connectHorizontal", "ranks"),
                ("connectVertical", "files"),
                ("connectDiagonal", "diagonals"),
            ] {
                self.key(key, axes.iter().any(|a| a == axis));
            }
        }
    }

    /// `bare-king <outcome> after-reply`: the current Fairy-Stockfish's
    /// extinction of all pieces but one (`extinctionPieceTypes = *`,
    /// `extinctionPieceCount = 1`) while the opponent has two
    /// (`extinctionOpponentPieceCount = 2`), claimed by the side to move
    /// (`extinctionClaim`, which asks one more of a bared player's
    /// opponent to move: src/position.cpp, `is_immediate_game_end`), as its
    /// own shatranj and courier say it. That counts every piece, the
    /// royal one and those in hand, so it is fairyc's rule where each side
    /// has one royal piece, nothing goes to hand and no other extinction
    /// rule is needed. Without `after-reply` two bare kings draw, which
    /// the engine's extinction does not say; 11.1 has other keys.
    fn bare_king(&mut self, end: &EndRules, bare: fairyc_runtime::table::BareKingRule) {
        let royal = self.parts.pieces.iter().position(|p| p.royal.is_royal());
        let one_royal = royal.is_some_and(|r| {
            self.checked.setup.squares[r]
                .iter()
                .all(|side| side.len() == 1)
        });
        let why = if self.target != Target::Current {
            Some("bare king")
        } else if !bare.after_reply {
            Some("bare king without a reply (`after-reply`): two bare kings draw")
        } else if !one_royal {
            Some("bare king, where a side has not one royal piece")
        } else if self.parts.drops.is_some() {
            Some("bare king with drops: the engine counts the pieces in hand")
        } else if !end.extinction.is_empty() {
            Some("bare king beside an extinction rule")
        } else {
            None
        };
        if let Some(why) = why {
            let span = self.end_span(|r| match r {
                EndRule::BareKing { span, .. } => Some(*span),
                _ => None,
            });
            self.refuse(ExportRefusal::Rule { why: why.into() }, span);
            return;
        }
        self.key("extinctionValue", outcome(bare.outcome));
        self.key("extinctionClaim", true);
        self.key("extinctionPieceTypes", "*");
        self.key("extinctionPieceCount", 1);
        self.key("extinctionOpponentPieceCount", 2);
    }

    /// `extinctionValue`, `extinctionPieceTypes`, `extinctionPieceCount`,
    /// `extinctionOpponentPieceCount`.
    fn extinction(&mut self, end: &EndRules) {
        if self.pseudo_royal_king {
            // The pseudo-royal commoner is the extinction's only type:
            // blowing it up loses, as fairyc's `extinction <King> loss`.
            let royal = self.parts.pieces.iter().position(|p| p.royal.is_royal());
            let lost = matches!(end.extinction.as_slice(), [r]
                if r.piece.map(usize::from) == royal
                    && r.left == 0
                    && r.opponent == 0
                    && r.outcome == Outcome::Loss);
            if !lost {
                let span = self.item_span(|i| match i {
                    Item::Blast(b) => Some(b.span),
                    _ => None,
                });
                self.refuse(
                    ExportRefusal::Rule {
                        why: "captures that blast the pieces around them (`blast { … }`) beside a royal piece whose loss is not its side's only extinction rule (`extinction <King> loss`)".into(),
                    },
                    span,
                );
                return;
            }
            self.key("extinctionPseudoRoyal", true);
        }
        if let Some(first) = end.extinction.first() {
            let same = end.extinction.iter().all(|r| {
                r.left == first.left && r.outcome == first.outcome && r.opponent == first.opponent
            });
            let all = end.extinction.iter().any(|r| r.piece.is_none());
            let typed = end
                .extinction
                .iter()
                .all(|r| r.piece.is_some_and(|p| self.types[p as usize].is_some()));
            if same && (typed || (all && end.extinction.len() == 1)) {
                let letters: String = if all {
                    "*".into()
                } else {
                    end.extinction
                        .iter()
                        .filter_map(|r| r.piece.map(|p| self.letter(p as usize)))
                        .collect()
                };
                self.key("extinctionValue", outcome(first.outcome));
                self.key("extinctionPieceTypes", letters);
                self.key("extinctionPieceCount", first.left);
                if first.opponent != 0 {
                    self.key("extinctionOpponentPieceCount", first.opponent);
                }
            } else {
                let span = self.end_span(|r| match r {
                    EndRule::Extinction { span, .. } => Some(*span),
                    _ => None,
                });
                self.refuse(
                    ExportRefusal::Rule {
                        why: "extinction rules with different counts or outcomes".into(),
                    },
                    span,
                );
            }
        }
    }
}
