//! Lowering: a checked AST becomes runtime [`VariantTables`].
//!
//! Geometry is derived by [`Geometry`], Betza terms by [`crate::betza`]; this
//! module walks every piece, side and square and writes the flat paths, then
//! resolves zones, promotion, drops, castling and end rules. The start
//! position is validated by the runtime itself.

use std::fmt;

use fairyc_runtime::table::{
    BoardTable, CastlingRule, DropRules, EndRules, Outcome, Path, PieceTable, PromotionChoice,
    PromotionRule, ReachRule, RepetitionRule, SquareInfo, Step, TableParts,
};
use fairyc_runtime::{
    Color, ParseFenError, Position, PositionError, Setup, Variant, VariantTables,
};

use crate::ast::{self, Item, PieceProp, SetItem, Side, SquareSet};
use crate::betza::{self, MoveSpec};
use crate::geometry::{Cell, Geometry};
use crate::span::Span;

/// What can go wrong while lowering: mistakes that need the board's geometry
/// or the runtime's view of the start position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LowerError {
    /// `files a..3`: a range must run from a lower to a higher letter or number.
    BadLabelRange,
    /// `board { ranks 1..8 }` without `files`.
    MissingBoardProp(&'static str),
    /// More than 1024 cells or more than 128 squares, or none.
    BoardTooLarge(i32),
    /// `cells` with the wrong number of rows.
    CellRows {
        /// Ranks declared.
        expected: usize,
        /// Rows drawn.
        found: usize,
    },
    /// A `cells` row of the wrong width.
    CellRowWidth {
        /// Files declared.
        expected: usize,
        /// Cells drawn.
        found: usize,
    },
    /// A character other than `.`, `-`, `#` or a letter in `cells`.
    BadCell(char),
    /// A lower-case cell letter without exactly one upper-case cell.
    CellOwner(char),
    /// A multi-cell square whose cells do not touch.
    CellsNotConnected(String),
    /// `forward white 0 0`.
    ZeroForward,
    /// A square name that is not on the board.
    UnknownSquare {
        /// The name.
        name: String,
        /// The closest square name.
        suggestion: Option<String>,
    },
    /// `rank 9` on an 8-rank board.
    UnknownRank(String),
    /// `file z`.
    UnknownFile(String),
    /// A name that is neither a zone nor a square.
    UnknownZone(String),
    /// A zone or set with no square for a side.
    EmptyZone(&'static str),
    /// A direction modifier that selects no move of the atom.
    DirectionSelectsNothing(String),
    /// A piece that cannot move from any square.
    PieceCannotMove(String),
    /// The setup FEN could not be read.
    BadSetup(ParseFenError),
    /// The setup is not a legal position.
    IllegalSetup(PositionError),
    /// Castling squares not on one line.
    CastlingNotInLine,
    /// A promoted piece that could come from several pieces.
    AmbiguousDemotion {
        /// The promoted piece.
        piece: String,
        /// Two of its origins.
        from: (String, String),
    },
    /// The runtime rejected the tables (a bug in the lowering, or a limit).
    Table(String),
}

impl LowerError {
    /// The stable error code.
    pub fn code(&self) -> &'static str {
        match self {
            LowerError::BadLabelRange => "E0101",
            LowerError::MissingBoardProp(_) => "E0102",
            LowerError::BoardTooLarge(_) => "E0103",
            LowerError::CellRows { .. } => "E0104",
            LowerError::CellRowWidth { .. } => "E0105",
            LowerError::BadCell(_) => "E0106",
            LowerError::CellOwner(_) => "E0107",
            LowerError::CellsNotConnected(_) => "E0108",
            LowerError::ZeroForward => "E0109",
            LowerError::UnknownSquare { .. } => "E0110",
            LowerError::UnknownRank(_) => "E0111",
            LowerError::UnknownFile(_) => "E0112",
            LowerError::UnknownZone(_) => "E0113",
            LowerError::EmptyZone(_) => "E0114",
            LowerError::DirectionSelectsNothing(_) => "E0115",
            LowerError::PieceCannotMove(_) => "E0116",
            LowerError::BadSetup(_) => "E0118",
            LowerError::IllegalSetup(_) => "E0119",
            LowerError::CastlingNotInLine => "E0120",
            LowerError::AmbiguousDemotion { .. } => "E0121",
            LowerError::Table(_) => "E0199",
        }
    }

    /// The short message under the primary label.
    pub fn label(&self) -> &'static str {
        match self {
            LowerError::BadLabelRange => "not a range of labels",
            LowerError::MissingBoardProp(_) => "in this board",
            LowerError::BoardTooLarge(_) => "board size",
            LowerError::CellRows { .. } => "the cell map",
            LowerError::CellRowWidth { .. } => "this row",
            LowerError::BadCell(_) => "in this row",
            LowerError::CellOwner(_) => "in this map",
            LowerError::CellsNotConnected(_) => "in this map",
            LowerError::ZeroForward => "no direction",
            LowerError::UnknownSquare { .. } => "not a square of this board",
            LowerError::UnknownRank(_) => "no such rank",
            LowerError::UnknownFile(_) => "no such file",
            LowerError::UnknownZone(_) => "not a zone or square",
            LowerError::EmptyZone(_) => "empty for one side",
            LowerError::DirectionSelectsNothing(_) => "selects no move",
            LowerError::PieceCannotMove(_) => "this piece",
            LowerError::BadSetup(_) | LowerError::IllegalSetup(_) => "in this setup",
            LowerError::CastlingNotInLine => "this castling",
            LowerError::AmbiguousDemotion { .. } => "this piece",
            LowerError::Table(_) => "here",
        }
    }

    /// A hint on how to fix it, if there is one.
    pub fn help(&self) -> Option<String> {
        Some(match self {
            LowerError::BadLabelRange => "write e.g. `a..h` or `1..8`, or list the labels".into(),
            LowerError::MissingBoardProp(p) => format!("add `{p} …` to the board block"),
            LowerError::CellRows { .. } | LowerError::CellRowWidth { .. } => {
                "draw one row per rank (top rank first) and one character per file".into()
            }
            LowerError::BadCell(_) => {
                "use `.` for a square, `-` off the board, `#` a hole, and letters for \
                 multi-cell squares"
                    .into()
            }
            LowerError::UnknownSquare {
                suggestion: Some(s),
                ..
            } => format!("did you mean `{s}`?"),
            LowerError::DirectionSelectsNothing(_) => {
                "drop the direction letters, or pick ones this atom has".into()
            }
            LowerError::AmbiguousDemotion { .. } => {
                "say what it becomes in hand with `captured-as`".into()
            }
            _ => return None,
        })
    }
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LowerError::BadLabelRange => write!(f, "this label range is empty or malformed"),
            LowerError::MissingBoardProp(p) => write!(f, "the board has no `{p}`"),
            LowerError::BoardTooLarge(n) => {
                write!(f, "a board needs 1 to 128 squares (and at most 1024 cells), not {n}")
            }
            LowerError::CellRows { expected, found } => write!(
                f,
                "the cell map has {found} rows but the board has {expected} ranks"
            ),
            LowerError::CellRowWidth { expected, found } => write!(
                f,
                "this row has {found} cells but the board has {expected} files"
            ),
            LowerError::BadCell(c) => write!(f, "`{c}` is not a cell character"),
            LowerError::CellOwner(c) => write!(
                f,
                "cell `{c}` needs exactly one `{}` cell to belong to",
                c.to_ascii_uppercase()
            ),
            LowerError::CellsNotConnected(s) => {
                write!(f, "the cells of square `{s}` do not touch each other")
            }
            LowerError::ZeroForward => write!(f, "a forward vector cannot be zero"),
            LowerError::UnknownSquare { name, .. } => {
                write!(f, "there is no square `{name}` on this board")
            }
            LowerError::UnknownRank(r) => write!(f, "there is no rank `{r}` on this board"),
            LowerError::UnknownFile(r) => write!(f, "there is no file `{r}` on this board"),
            LowerError::UnknownZone(z) => {
                write!(f, "`{z}` is neither a declared zone nor a square")
            }
            LowerError::EmptyZone(side) => write!(f, "this set has no square for {side}"),
            LowerError::DirectionSelectsNothing(t) => write!(
                f,
                "the direction modifiers of `{t}` select no move of its atom"
            ),
            LowerError::PieceCannotMove(p) => {
                write!(f, "piece `{p}` cannot move from any square of this board")
            }
            // "invalid FEN: …" and "illegal position: …".
            LowerError::BadSetup(e) => e.fmt(f),
            LowerError::IllegalSetup(e) => e.fmt(f),
            LowerError::CastlingNotInLine => write!(
                f,
                "the king's and rook's squares of a castling must lie on one line"
            ),
            LowerError::AmbiguousDemotion { piece, from } => write!(
                f,
                "`{piece}` is promoted to from both `{}` and `{}`, so what it becomes in hand is ambiguous",
                from.0, from.1
            ),
            LowerError::Table(e) => write!(f, "the lowered tables are invalid: {e}"),
        }
    }
}

/// Errors of the lowering, each with its span.
pub type LowerErrors = Vec<(Span, LowerError)>;

fn side_index(s: Side) -> usize {
    match s {
        Side::White => 0,
        Side::Black => 1,
    }
}

fn outcome(word: &str) -> Outcome {
    match word {
        "win" => Outcome::Win,
        "loss" => Outcome::Loss,
        _ => Outcome::Draw,
    }
}

struct Ctx<'a> {
    geo: Geometry,
    pieces: Vec<&'a ast::PieceDecl>,
    zones: Vec<&'a ast::ZoneDecl>,
    errors: LowerErrors,
    /// Setup squares per piece and side, once the setup is read.
    setup_squares: Option<Vec<[Vec<u8>; 2]>>,
}

impl<'a> Ctx<'a> {
    fn piece(&self, name: &str) -> Option<u8> {
        self.pieces
            .iter()
            .position(|p| p.name.node == name)
            .map(|i| i as u8)
    }

    fn square(&mut self, name: &str, span: Span) -> Option<u8> {
        match self.geo.square(name) {
            Some(s) => Some(s),
            None => {
                let suggestion = crate::suggest::did_you_mean(
                    name,
                    self.geo.squares.iter().map(|s| s.name.as_str()),
                )
                .map(str::to_string);
                self.errors.push((
                    span,
                    LowerError::UnknownSquare {
                        name: name.to_string(),
                        suggestion,
                    },
                ));
                None
            }
        }
    }

    fn label_range(labels: &[String], a: &str, b: &str) -> Option<Vec<String>> {
        let i = labels.iter().position(|l| l == a)?;
        let j = labels.iter().position(|l| l == b)?;
        let (i, j) = (i.min(j), i.max(j));
        Some(labels[i..=j].to_vec())
    }

    /// The squares of a set, per side. A set that is one bare name of a
    /// declared zone is that zone.
    fn resolve(&mut self, set: &SquareSet) -> [Vec<u8>; 2] {
        if let [item] = set.items.as_slice() {
            if let SetItem::Name(n) = &item.node {
                if let Some(z) = self.zones.iter().find(|z| z.name.node == n.node).copied() {
                    // A zone's own mistakes are reported once, where it is
                    // declared; here they would repeat at every use.
                    let reported = self.errors.len();
                    let mut out = [Vec::new(), Vec::new()];
                    for (side, s) in &z.sides {
                        out[side_index(side.node)] = self.resolve_plain(s);
                    }
                    self.errors.truncate(reported);
                    return out;
                }
            }
        }
        let v = self.resolve_plain(set);
        [v.clone(), v]
    }

    fn resolve_plain(&mut self, set: &SquareSet) -> Vec<u8> {
        let mut out: Vec<u8> = Vec::new();
        for item in &set.items {
            match &item.node {
                SetItem::Rank(r) => match self.geo.rank_squares(&r.node) {
                    Some(v) => out.extend(v),
                    None => self
                        .errors
                        .push((r.span, LowerError::UnknownRank(r.node.clone()))),
                },
                SetItem::File(r) => match self.geo.file_squares(&r.node) {
                    Some(v) => out.extend(v),
                    None => self
                        .errors
                        .push((r.span, LowerError::UnknownFile(r.node.clone()))),
                },
                SetItem::Ranks(a, b) => match Ctx::label_range(&self.geo.ranks, &a.node, &b.node) {
                    Some(labels) => {
                        for l in labels {
                            out.extend(self.geo.rank_squares(&l).unwrap_or_default());
                        }
                    }
                    None => self.errors.push((
                        a.span.merge(b.span),
                        LowerError::UnknownRank(format!("{}..{}", a.node, b.node)),
                    )),
                },
                SetItem::Files(a, b) => match Ctx::label_range(&self.geo.files, &a.node, &b.node) {
                    Some(labels) => {
                        for l in labels {
                            out.extend(self.geo.file_squares(&l).unwrap_or_default());
                        }
                    }
                    None => self.errors.push((
                        a.span.merge(b.span),
                        LowerError::UnknownFile(format!("{}..{}", a.node, b.node)),
                    )),
                },
                SetItem::Setup { side, piece } => {
                    let want = piece.as_ref().and_then(|p| self.piece(&p.node));
                    if let Some(ss) = &self.setup_squares {
                        let si = side_index(side.node);
                        for (p, sq) in ss.iter().enumerate() {
                            if want.is_none() || want == Some(p as u8) {
                                out.extend(sq[si].iter().copied());
                            }
                        }
                    }
                }
                SetItem::Name(n) => {
                    if self.zones.iter().any(|z| z.name.node == n.node) {
                        // A zone inside a larger set: its union over sides
                        // would be surprising, so it is an error.
                        self.errors.push((
                            n.span,
                            LowerError::UnknownSquare {
                                name: n.node.clone(),
                                suggestion: None,
                            },
                        ));
                    } else if let Some(s) = self.square(&n.node, n.span) {
                        out.push(s);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The paths along `v` from `from`, at most `spec.max` steps (0:
    /// unlimited). Unit vectors follow the board's links and lines (which
    /// may turn through multi-cell squares); longer vectors leap.
    fn paths(&self, from: u8, v: Cell, spec: &MoveSpec) -> Vec<Vec<Step>> {
        let geo = &self.geo;
        let full = |n: usize| spec.max != 0 && n >= spec.max as usize;
        let mut out = Vec::new();
        let unit_orth = v.0.abs() + v.1.abs() == 1;
        let unit_diag = v.0.abs() == 1 && v.1.abs() == 1;
        if unit_orth || unit_diag {
            let links = if unit_orth {
                geo.orth_links(from)
            } else {
                geo.diag_links(from)
            };
            for (d, t, e) in links {
                if d != v {
                    continue;
                }
                let mut steps = vec![Step {
                    to: t,
                    block: Vec::new(),
                }];
                let mut cur = (t, e, d);
                while !full(steps.len()) {
                    let next = if unit_orth {
                        geo.orth_next(cur.0, cur.1, cur.2)
                    } else {
                        geo.diag_next(cur.0, cur.1, cur.2)
                    };
                    match next {
                        Some(n) if n.0 != from => {
                            steps.push(Step {
                                to: n.0,
                                block: Vec::new(),
                            });
                            cur = n;
                        }
                        _ => break,
                    }
                }
                out.push(steps);
            }
            return out;
        }
        for first in geo.leap(from, v) {
            let mut steps = Vec::new();
            let mut cur = from;
            let mut to = Some(first);
            while let Some(t) = to {
                let mut block = Vec::new();
                if spec.lame {
                    let c = geo.home_cell(cur);
                    let mut ok = true;
                    for d in MoveSpec::lame_cells(v) {
                        match geo.square_at((c.0 + d.0, c.1 + d.1)) {
                            Some(b) => block.push(b),
                            None => ok = false,
                        }
                    }
                    if !ok {
                        break;
                    }
                }
                if t == from {
                    break;
                }
                steps.push(Step { to: t, block });
                if full(steps.len()) {
                    break;
                }
                cur = t;
                to = geo.leap(cur, v).first().copied();
            }
            if !steps.is_empty() {
                out.push(steps);
            }
        }
        out
    }

    fn moves_of(&mut self, pi: usize) -> [Vec<Vec<Path>>; 2] {
        let nsq = self.geo.squares.len();
        let decl = self.pieces[pi];
        let mut out: [Vec<Vec<Path>>; 2] = [vec![Vec::new(); nsq], vec![Vec::new(); nsq]];
        for prop in &decl.props {
            let PieceProp::Moves { betza, guard, .. } = prop else {
                continue;
            };
            let guarded = guard.as_ref().is_some_and(|g| g.node == "friend-adjacent");
            for term in &betza.terms {
                let Some(specs) = betza::specs(term) else {
                    continue;
                };
                let mut selects_any = false;
                for spec in &specs {
                    for side in 0..2 {
                        let vectors = spec.select(&self.geo, side);
                        selects_any |= !vectors.is_empty();
                        for from in 0..nsq as u8 {
                            if spec.initial {
                                let allowed = self
                                    .setup_squares
                                    .as_ref()
                                    .is_some_and(|ss| ss[pi][side].contains(&from));
                                if !allowed {
                                    continue;
                                }
                            }
                            for &v in &vectors {
                                for steps in self.paths(from, v, spec) {
                                    let path = Path {
                                        steps,
                                        quiet: spec.quiet,
                                        capture: spec.capture,
                                        en_passant: spec.en_passant,
                                        creates_en_passant: spec.initial && spec.lame && spec.quiet,
                                        friend_on: if guarded {
                                            self.geo.neighbours(from)
                                        } else {
                                            Vec::new()
                                        },
                                    };
                                    let list = &mut out[side][from as usize];
                                    if !list.contains(&path) {
                                        list.push(path);
                                    }
                                }
                            }
                        }
                    }
                }
                if !selects_any && !specs.is_empty() {
                    self.errors.push((
                        term.span,
                        LowerError::DirectionSelectsNothing(format!(
                            "{}{}",
                            term.mods.iter().map(|m| m.node).collect::<String>(),
                            term.atom.node
                        )),
                    ));
                }
            }
        }
        out
    }
}

/// Lowers a checked file to tables.
///
/// # Errors
///
/// Every mistake that needs the board's geometry or the start position, with
/// its span.
pub fn lower(file: &ast::File) -> Result<VariantTables, LowerErrors> {
    let mut errors = Vec::new();
    let mut name = String::new();
    let mut board = None;
    let mut pieces = Vec::new();
    let mut zones = Vec::new();
    let mut setup = None;
    let mut castling = None;
    let mut promotions = Vec::new();
    let mut drops = None;
    let mut end = None;
    for item in &file.items {
        match item {
            Item::Variant(v) => name = v.name.node.clone(),
            Item::Board(b) => board = board.or(Some(b)),
            Item::Piece(p) => pieces.push(p),
            Item::Setup(s) => setup = setup.or(Some(s)),
            Item::Castling(c) => castling = castling.or(Some(c)),
            Item::Zone(z) => zones.push(z),
            Item::Promotion(p) => promotions.push(p),
            Item::Drops(d) => drops = drops.or(Some(d)),
            Item::End(e) => end = end.or(Some(e)),
            Item::Unknown(_) => {}
        }
    }
    let Some(board) = board else {
        return Err(errors);
    };
    let Some(geo) = Geometry::build(board, &mut errors) else {
        return Err(errors);
    };
    let mut cx = Ctx {
        geo,
        pieces,
        zones,
        errors,
        setup_squares: None,
    };
    let np = cx.pieces.len();
    if np == 0 || np > fairyc_runtime::table::MAX_PIECES {
        return Err(cx.errors);
    }

    // Pieces, first without `i` moves: the setup is read with these tables.
    let mut piece_tables = Vec::with_capacity(np);
    for pi in 0..np {
        let decl = cx.pieces[pi];
        let mut letter = '?';
        let mut royal = false;
        let mut captured_as = None;
        for prop in &decl.props {
            match prop {
                PieceProp::Letter(l) => {
                    letter = l.node.chars().next().unwrap_or('?').to_ascii_uppercase()
                }
                PieceProp::Royal(_) => royal = true,
                PieceProp::CapturedAs(p) => captured_as = cx.piece(&p.node),
                _ => {}
            }
        }
        piece_tables.push(PieceTable {
            name: decl.name.node.clone(),
            letter,
            royal,
            captured_as,
            demotes_to: None,
            moves: [
                vec![Vec::new(); cx.geo.squares.len()],
                vec![Vec::new(); cx.geo.squares.len()],
            ],
        });
    }

    // Promotion rules and what promoted pieces become in hand.
    let mut origins: Vec<Vec<u8>> = vec![Vec::new(); np];
    let mut promo_rules = Vec::new();
    for decl in &promotions {
        for r in &decl.rules {
            let Some(piece) = cx.piece(&r.piece.node) else {
                continue;
            };
            let mut choices = Vec::new();
            for t in &r.targets {
                match &t.node {
                    ast::PromotionTarget::Piece(n) => {
                        if let Some(x) = cx.piece(&n.node) {
                            choices.push(PromotionChoice::Piece(x));
                            if !origins[x as usize].contains(&piece) {
                                origins[x as usize].push(piece);
                            }
                        }
                    }
                    ast::PromotionTarget::Hand(n) => {
                        if let Some(x) = cx.piece(&n.node) {
                            choices.push(PromotionChoice::Hand(x));
                        }
                    }
                }
            }
            promo_rules.push((piece, &r.zone, choices, r.optional.is_some(), r.span));
        }
    }
    for (x, from) in origins.iter().enumerate() {
        if piece_tables[x].captured_as.is_some() || from.is_empty() {
            continue;
        }
        if from.len() > 1 {
            let name = |i: u8| piece_tables[i as usize].name.clone();
            cx.errors.push((
                cx.pieces[x].name.span,
                LowerError::AmbiguousDemotion {
                    piece: piece_tables[x].name.clone(),
                    from: (name(from[0]), name(from[1])),
                },
            ));
            continue;
        }
        let origin = from[0];
        piece_tables[x].demotes_to =
            Some(piece_tables[origin as usize].captured_as.unwrap_or(origin));
    }

    let board_table = BoardTable {
        width: cx.geo.width as u8,
        height: cx.geo.height as u8,
        squares: cx
            .geo
            .squares
            .iter()
            .map(|s| SquareInfo {
                name: s.name.clone(),
                cells: s.cells.iter().map(|&(x, y)| [x as u8, y as u8]).collect(),
            })
            .collect(),
        fen_rows: cx.geo.fen_rows(),
        forward: cx
            .geo
            .forward
            .map(|(x, y)| [x.clamp(-127, 127) as i8, y.clamp(-127, 127) as i8]),
        holes: (0..cx.geo.height)
            .flat_map(|y| (0..cx.geo.width).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                cx.geo.cells[(y * cx.geo.width + x) as usize] == crate::geometry::CellKind::Hole
            })
            .map(|(x, y)| [x as u8, y as u8])
            .collect(),
        files: cx.geo.files.clone(),
        ranks: cx.geo.ranks.clone(),
    };

    // Drop rules are resolved once the setup is read (they may name `setup`
    // squares); reading the setup needs only to know that drops exist.
    let drop_rules = drops.map(|_| DropRules {
        forbidden: vec![[Vec::new(), Vec::new()]; np],
        no_mate: vec![false; np],
    });

    let mut castling_rules = Vec::new();
    if let Some(c) = castling {
        for r in &c.rules {
            let side = if r
                .fen
                .node
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_uppercase())
            {
                0
            } else {
                1
            };
            let (Some(king), Some(rook)) = (cx.piece(&r.king.node), cx.piece(&r.rook.node)) else {
                continue;
            };
            let kf = cx.square(&r.king_from.node, r.king_from.span);
            let kt = cx.square(&r.king_to.node, r.king_to.span);
            let rf = cx.square(&r.rook_from.node, r.rook_from.span);
            let rt = cx.square(&r.rook_to.node, r.rook_to.span);
            let (Some(kf), Some(kt), Some(rf), Some(rt)) = (kf, kt, rf, rt) else {
                continue;
            };
            let (Some(kpath), Some(rpath)) = (cx.line(kf, kt), cx.line(rf, rt)) else {
                cx.errors.push((r.span, LowerError::CastlingNotInLine));
                continue;
            };
            let mut empty: Vec<u8> = kpath
                .iter()
                .chain(&rpath)
                .copied()
                .filter(|&s| s != kf && s != rf)
                .collect();
            // The squares between king and rook must be empty too.
            if let Some(between) = cx.line(kf, rf) {
                empty.extend(between.into_iter().filter(|&s| s != kf && s != rf));
            }
            empty.sort_unstable();
            empty.dedup();
            castling_rules.push(CastlingRule {
                side,
                fen: r.fen.node.chars().next().unwrap_or('?'),
                king,
                king_from: kf,
                king_to: kt,
                rook,
                rook_from: rf,
                rook_to: rt,
                empty,
                safe: kpath,
            });
        }
    }

    let mut end_rules = EndRules {
        checkmate: Outcome::Loss,
        stalemate: Outcome::Draw,
        repetition: None,
        move_limit: None,
        resets_move_limit: promo_rules.iter().map(|r| r.0).collect(),
        bare_king: None,
        reach: Vec::new(),
    };
    end_rules.resets_move_limit.sort_unstable();
    end_rules.resets_move_limit.dedup();
    let mut reach_sets = Vec::new();
    if let Some(e) = end {
        for r in &e.rules {
            match r {
                ast::EndRule::Checkmate { outcome: o, .. } => {
                    end_rules.checkmate = outcome(&o.node)
                }
                ast::EndRule::Stalemate { outcome: o, .. } => {
                    end_rules.stalemate = outcome(&o.node)
                }
                ast::EndRule::Repetition {
                    count,
                    outcome: o,
                    claim,
                    ..
                } => {
                    end_rules.repetition = Some(RepetitionRule {
                        count: count.node,
                        outcome: outcome(&o.node),
                        claim: claim.as_ref().map(|c| c.node),
                    })
                }
                ast::EndRule::MoveLimit { moves, .. } => end_rules.move_limit = moves.node,
                ast::EndRule::BareKing { outcome: o, .. } => {
                    end_rules.bare_king = Some(outcome(&o.node))
                }
                ast::EndRule::Reach {
                    piece,
                    squares,
                    outcome: o,
                    ..
                } => {
                    if let Some(p) = cx.piece(&piece.node) {
                        reach_sets.push((p, squares, outcome(&o.node)));
                    }
                }
                ast::EndRule::Unknown(_) => {}
            }
        }
    }

    let start = setup.map(|s| s.fen.node.clone()).unwrap_or_default();
    let setup_span = setup.map(|s| s.fen.span).unwrap_or_default();

    // First pass: tables without moves, to read the setup.
    let mut parts = TableParts {
        name,
        board: board_table,
        pieces: piece_tables,
        promotions: Vec::new(),
        drops: drop_rules,
        castling: castling_rules,
        end: end_rules,
        start,
    };
    let first = VariantTables::new(parts.clone())
        .map_err(|e| LowerError::Table(e.to_string()))
        .and_then(|t| Variant::new(t).map_err(|e| LowerError::Table(e.to_string())));
    let variant = match first {
        Ok(v) => v,
        Err(e) => {
            cx.errors.push((setup_span, e));
            return Err(cx.errors);
        }
    };
    match Setup::from_fen(&variant, &parts.start) {
        Ok(s) => {
            let mut ss = vec![[Vec::new(), Vec::new()]; np];
            for (sq, p) in s.board.iter().enumerate() {
                if let Some(p) = p {
                    let side = if p.color == Color::White { 0 } else { 1 };
                    ss[p.piece as usize][side].push(sq as u8);
                }
            }
            cx.setup_squares = Some(ss);
        }
        Err(e) => cx.errors.push((setup_span, LowerError::BadSetup(e))),
    }

    // Moves, zones and rules that may refer to the setup.
    // Every declared zone is resolved once here, so its mistakes are
    // reported once (uses below stay quiet), even if nothing uses it.
    for z in cx.zones.clone() {
        for (_, set) in &z.sides {
            cx.resolve_plain(set);
        }
    }
    if let (Some(d), Some(rules)) = (drops, parts.drops.as_mut()) {
        for r in &d.rules {
            match r {
                ast::DropRule::NotOn { piece, squares, .. } => {
                    let set = cx.resolve(squares);
                    if let Some(p) = cx.piece(&piece.node) {
                        for (side, squares) in set.iter().enumerate() {
                            let f = &mut rules.forbidden[p as usize][side];
                            f.extend(squares.iter().copied());
                            f.sort_unstable();
                            f.dedup();
                        }
                    }
                }
                ast::DropRule::NoMate { piece, .. } => {
                    if let Some(p) = cx.piece(&piece.node) {
                        rules.no_mate[p as usize] = true;
                    }
                }
                ast::DropRule::Unknown(_) => {}
            }
        }
    }
    for pi in 0..np {
        parts.pieces[pi].moves = cx.moves_of(pi);
        let can_move = parts.pieces[pi]
            .moves
            .iter()
            .any(|side| side.iter().any(|paths| !paths.is_empty()));
        let has_moves = cx.pieces[pi]
            .props
            .iter()
            .any(|p| matches!(p, PieceProp::Moves { .. }));
        if !can_move && has_moves {
            cx.errors.push((
                cx.pieces[pi].name.span,
                LowerError::PieceCannotMove(cx.pieces[pi].name.node.clone()),
            ));
        }
    }
    for (piece, zone, choices, optional, span) in promo_rules {
        let zone = cx.resolve(zone);
        for (side, name) in [(0, "white"), (1, "black")] {
            if zone[side].is_empty() {
                cx.errors.push((span, LowerError::EmptyZone(name)));
            }
        }
        if choices.is_empty() {
            continue;
        }
        parts.promotions.push(PromotionRule {
            piece,
            zone,
            choices,
            optional,
        });
    }
    for (piece, squares, o) in reach_sets {
        let squares = cx.resolve(squares);
        parts.end.reach.push(ReachRule {
            piece,
            squares,
            outcome: o,
        });
    }
    if !cx.errors.is_empty() {
        return Err(cx.errors);
    }
    let tables = match VariantTables::new(parts) {
        Ok(t) => t,
        Err(e) => {
            cx.errors
                .push((Span::default(), LowerError::Table(e.to_string())));
            return Err(cx.errors);
        }
    };
    let variant = match Variant::new(tables.clone()) {
        Ok(v) => v,
        Err(e) => {
            cx.errors
                .push((Span::default(), LowerError::Table(e.to_string())));
            return Err(cx.errors);
        }
    };
    match Position::new(&variant) {
        // The royal-piece rule is the runtime's; the lint reports it for
        // each side as `E0040` (the runtime checks it last).
        Ok(_) | Err(PositionError::TooManyRoyals { .. }) => {}
        Err(e) => {
            cx.errors.push((setup_span, LowerError::IllegalSetup(e)));
            return Err(cx.errors);
        }
    }
    Ok(tables)
}

impl Ctx<'_> {
    /// The squares on the straight line from `a` to `b`, both included, if
    /// they lie on one rank, file or diagonal.
    fn line(&self, a: u8, b: u8) -> Option<Vec<u8>> {
        let (ca, cb) = (self.geo.home_cell(a), self.geo.home_cell(b));
        let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
        if a == b {
            return Some(vec![a]);
        }
        if !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let step = (dx.signum(), dy.signum());
        let mut out = vec![a];
        let mut c = ca;
        while c != cb {
            c = (c.0 + step.0, c.1 + step.1);
            out.push(self.geo.square_at(c)?);
        }
        Some(out)
    }
}
