//! The lowered move table: the contract between the compiler and the runtime.
//!
//! A [`VariantTables`] is plain data that serialises to the documented,
//! versioned JSON format of `docs/table-format.md`. It is built only through
//! [`VariantTables::new`] (or read with [`VariantTables::from_json`]), which
//! checks every index and invariant, so the runtime never has to.
//!
//! Squares are numbered `0..board.squares.len()`, pieces `0..pieces.len()`,
//! sides `0` (White, moves first) and `1` (Black).

use serde::{Deserialize, Serialize};

use crate::error::TableError;

/// The version of the table format written by this crate. Readers reject other
/// major versions.
pub const FORMAT_VERSION: u32 = 1;

/// The largest number of squares a board may have (occupancy is a `u128`).
pub const MAX_SQUARES: usize = 128;

/// The largest number of piece types.
pub const MAX_PIECES: usize = 32;

/// Everything the runtime needs to play a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantTables {
    /// Format version, [`FORMAT_VERSION`].
    pub(crate) format: u32,
    pub(crate) parts: TableParts,
}

/// The content of a [`VariantTables`], as plain data with public fields.
///
/// The compiler fills one in and hands it to [`VariantTables::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableParts {
    /// The variant's display name.
    pub name: String,
    /// The board: squares, their cells and FEN order.
    pub board: BoardTable,
    /// The piece types; `pieces[p]` is piece `p`.
    pub pieces: Vec<PieceTable>,
    /// Promotion rules, any number per piece.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<PromotionRule>,
    /// Drop rules; `None` if captured pieces leave the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drops: Option<DropRules>,
    /// Castling moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub castling: Vec<CastlingRule>,
    /// How the game ends.
    pub end: EndRules,
    /// The start position in this variant's FEN.
    pub start: String,
}

/// The board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardTable {
    /// Cell-grid width (columns).
    pub width: u8,
    /// Cell-grid height (rows).
    pub height: u8,
    /// `squares[s]` is square `s`.
    pub squares: Vec<SquareInfo>,
    /// The FEN board field: one group of squares per `/`-separated field, in
    /// order; within a group, squares in order.
    pub fen_rows: Vec<Vec<u8>>,
    /// `forward[side]`: the side's forward vector `[dx, dy]` on the cell grid
    /// (White `[0, 1]` and Black `[0, -1]` on ordinary boards). Drawings put
    /// White's forward vector up.
    pub forward: [[i8; 2]; 2],
}

/// One square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SquareInfo {
    /// Its name, e.g. `e4`.
    pub name: String,
    /// The grid cells it covers, as `[column, row]` from the bottom left; the
    /// first is the cell that names it.
    pub cells: Vec<[u8; 2]>,
}

/// One piece type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceTable {
    /// The piece's name.
    pub name: String,
    /// Its letter: upper case for White in FEN and notation, lower case for Black.
    pub letter: char,
    /// A royal piece may not be left attacked; checkmate is about royals.
    #[serde(default, skip_serializing_if = "is_false")]
    pub royal: bool,
    /// What the piece becomes in the capturer's hand when it is captured
    /// without a promoted mark; `None` means itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captured_as: Option<u8>,
    /// What the piece becomes in hand when captured while marked promoted
    /// (`~` in FEN). `None` if this piece never carries the mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub demotes_to: Option<u8>,
    /// `moves[side][square]` lists the piece's paths from that square.
    pub moves: [Vec<Vec<Path>>; 2],
}

/// A path: a sequence of steps walked in order, for one move direction.
///
/// Walking a path: for each step in turn, if any square of `block` is occupied
/// the walk ends; if the step's `to` square is occupied, the piece may capture
/// there (if `capture`) and the walk ends; otherwise it may move there (if
/// `quiet`) and the walk goes on to the next step. A leap is a path of one
/// step, a slider's ray a path of many, a lame leap a step with `block`
/// squares, the Mao-rider a path whose steps each have a `block` square.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "PathRepr", into = "PathRepr")]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The piece may move to an empty square (JSON default `true`).
    pub quiet: bool,
    /// The piece may capture an enemy piece (JSON default `true`).
    pub capture: bool,
    /// The piece may capture en passant on this path: when a step's `to` is
    /// the en-passant square, the piece that created it is captured.
    pub en_passant: bool,
    /// A quiet move along this path creates en-passant squares: the squares
    /// passed over (earlier steps' `to` and all `block` squares up to the
    /// destination).
    pub creates_en_passant: bool,
    /// A guard: if not empty, the move is allowed only when a friendly piece
    /// stands on at least one of these squares (judged before the move).
    pub friend_on: Vec<u8>,
}

/// The JSON form of a [`Path`]: its steps alone (`[27, 36, 45]`) when every
/// flag has its default, an object otherwise.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum PathRepr {
    Steps(Vec<Step>),
    Full(PathFields),
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct PathFields {
    steps: Vec<Step>,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    quiet: bool,
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    capture: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    en_passant: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    creates_en_passant: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    friend_on: Vec<u8>,
}

impl From<PathRepr> for Path {
    fn from(r: PathRepr) -> Path {
        match r {
            PathRepr::Steps(steps) => Path {
                steps,
                quiet: true,
                capture: true,
                en_passant: false,
                creates_en_passant: false,
                friend_on: Vec::new(),
            },
            PathRepr::Full(f) => Path {
                steps: f.steps,
                quiet: f.quiet,
                capture: f.capture,
                en_passant: f.en_passant,
                creates_en_passant: f.creates_en_passant,
                friend_on: f.friend_on,
            },
        }
    }
}

impl From<Path> for PathRepr {
    fn from(p: Path) -> PathRepr {
        if p.quiet && p.capture && !p.en_passant && !p.creates_en_passant && p.friend_on.is_empty()
        {
            PathRepr::Steps(p.steps)
        } else {
            PathRepr::Full(PathFields {
                steps: p.steps,
                quiet: p.quiet,
                capture: p.capture,
                en_passant: p.en_passant,
                creates_en_passant: p.creates_en_passant,
                friend_on: p.friend_on,
            })
        }
    }
}

/// One step of a [`Path`]. In JSON a step without `block` squares is written
/// as its `to` square alone (`27`), otherwise as `{"to": 27, "block": [19]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StepRepr", into = "StepRepr")]
pub struct Step {
    /// The square the step lands on.
    pub to: u8,
    /// Squares that must be empty for the step to be taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub block: Vec<u8>,
}

/// The JSON form of a [`Step`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum StepRepr {
    To(u8),
    Full {
        to: u8,
        #[serde(default)]
        block: Vec<u8>,
    },
}

impl From<StepRepr> for Step {
    fn from(r: StepRepr) -> Step {
        match r {
            StepRepr::To(to) => Step {
                to,
                block: Vec::new(),
            },
            StepRepr::Full { to, block } => Step { to, block },
        }
    }
}

impl From<Step> for StepRepr {
    fn from(s: Step) -> StepRepr {
        if s.block.is_empty() {
            StepRepr::To(s.to)
        } else {
            StepRepr::Full {
                to: s.to,
                block: s.block,
            }
        }
    }
}

/// A promotion rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromotionRule {
    /// The piece that promotes.
    pub piece: u8,
    /// `zone[side]`: a move of this piece that finishes on one of these
    /// squares promotes.
    pub zone: [Vec<u8>; 2],
    /// The choices.
    pub choices: Vec<PromotionChoice>,
    /// Whether the player may decline.
    #[serde(default, skip_serializing_if = "is_false")]
    pub optional: bool,
}

/// What a promoting piece becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PromotionChoice {
    /// It becomes this piece on the square.
    Piece(u8),
    /// It leaves the board into its owner's hand as this piece.
    Hand(u8),
}

/// Drop rules: captured pieces go to the capturer's hand and can be dropped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DropRules {
    /// `forbidden[piece][side]`: squares where that side may not drop that piece.
    pub forbidden: Vec<[Vec<u8>; 2]>,
    /// `no_mate[piece]`: dropping that piece may not checkmate.
    pub no_mate: Vec<bool>,
}

/// A castling move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastlingRule {
    /// Whose move it is: 0 White, 1 Black.
    pub side: u8,
    /// Its letter in the FEN castling field.
    pub fen: char,
    /// The king-like piece.
    pub king: u8,
    /// Where it stands.
    pub king_from: u8,
    /// Where it goes.
    pub king_to: u8,
    /// The rook-like piece.
    pub rook: u8,
    /// Where it stands.
    pub rook_from: u8,
    /// Where it goes.
    pub rook_to: u8,
    /// Squares that must be empty (other than the two pieces' own).
    pub empty: Vec<u8>,
    /// Squares that must not be attacked (the king's start, path and end).
    pub safe: Vec<u8>,
}

/// An outcome for the player a rule happens to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// That player wins.
    Win,
    /// The game is drawn.
    Draw,
    /// That player loses.
    Loss,
}

/// How the game ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndRules {
    /// For the checkmated player.
    pub checkmate: Outcome,
    /// For the stalemated player.
    pub stalemate: Outcome,
    /// Repetition rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<RepetitionRule>,
    /// The n-move rule: this many full moves (2n plies) without a capture or
    /// a move of a piece that resets the counter ends the game in a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_limit: Option<u32>,
    /// Pieces whose moves reset the n-move counter (besides captures and drops).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resets_move_limit: Vec<u8>,
    /// Bare-royal rule: for the player whose royal piece is alone on the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bare_king: Option<Outcome>,
    /// Goals: a player whose piece stands on one of its target squares.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reach: Vec<ReachRule>,
}

/// Repetition: the same position (board, promoted marks, hands, side to move,
/// castling and en-passant rights) occurring `count` times ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepetitionRule {
    /// Occurrences that end the game.
    pub count: u32,
    /// The outcome.
    pub outcome: Outcome,
    /// Occurrences from which a player may claim it, if claims exist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim: Option<u32>,
}

/// A goal: a piece reaching one of its side's target squares.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReachRule {
    /// The piece.
    pub piece: u8,
    /// `squares[side]`: the targets of that side.
    pub squares: [Vec<u8>; 2],
    /// For the player who reaches.
    pub outcome: Outcome,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn yes() -> bool {
    true
}

impl VariantTables {
    /// Builds tables from their parts, checking every invariant.
    ///
    /// # Errors
    ///
    /// A [`TableError`] naming the first broken invariant: an index out of
    /// range, a board too large, a duplicate letter, …
    pub fn new(parts: TableParts) -> Result<VariantTables, TableError> {
        validate(&parts)?;
        Ok(VariantTables {
            format: FORMAT_VERSION,
            parts,
        })
    }

    /// Reads tables from the JSON format of `docs/table-format.md`.
    ///
    /// # Errors
    ///
    /// [`TableError::Json`] if the text is not valid JSON of the right shape,
    /// [`TableError::Version`] for another format version, or the invariant
    /// errors of [`VariantTables::new`].
    pub fn from_json(json: &str) -> Result<VariantTables, TableError> {
        let tables: VariantTables =
            serde_json::from_str(json).map_err(|e| TableError::Json(e.to_string()))?;
        if tables.format != FORMAT_VERSION {
            return Err(TableError::Version(tables.format));
        }
        validate(&tables.parts)?;
        Ok(tables)
    }

    /// Writes the tables as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Writes the tables as indented JSON, for reading.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The parts, read-only.
    pub fn parts(&self) -> &TableParts {
        &self.parts
    }

    /// The format version.
    pub fn format(&self) -> u32 {
        self.format
    }
}

fn validate(p: &TableParts) -> Result<(), TableError> {
    let nsq = p.board.squares.len();
    if nsq == 0 || nsq > MAX_SQUARES {
        return Err(TableError::BoardSize(nsq));
    }
    let np = p.pieces.len();
    if np == 0 || np > MAX_PIECES {
        return Err(TableError::PieceCount(np));
    }
    let sq = |s: u8, what: &str| -> Result<(), TableError> {
        if (s as usize) < nsq {
            Ok(())
        } else {
            Err(TableError::Index(format!("{what}: square {s}")))
        }
    };
    let pc = |x: u8, what: &str| -> Result<(), TableError> {
        if (x as usize) < np {
            Ok(())
        } else {
            Err(TableError::Index(format!("{what}: piece {x}")))
        }
    };
    let mut names = std::collections::HashSet::new();
    for s in &p.board.squares {
        if s.name.is_empty() || !names.insert(s.name.as_str()) {
            return Err(TableError::Invalid(format!("square name `{}`", s.name)));
        }
    }
    let mut seen = vec![false; nsq];
    for row in &p.board.fen_rows {
        for &s in row {
            sq(s, "fen_rows")?;
            if std::mem::replace(&mut seen[s as usize], true) {
                return Err(TableError::Invalid(format!("square {s} twice in fen_rows")));
            }
        }
    }
    if seen.iter().any(|x| !x) {
        return Err(TableError::Invalid(
            "fen_rows must list every square".into(),
        ));
    }
    let mut letters = std::collections::HashSet::new();
    for (i, piece) in p.pieces.iter().enumerate() {
        if !piece.letter.is_ascii_alphabetic() || !letters.insert(piece.letter.to_ascii_uppercase())
        {
            return Err(TableError::Invalid(format!("letter of piece {i}")));
        }
        if let Some(x) = piece.captured_as {
            pc(x, "captured_as")?;
        }
        if let Some(x) = piece.demotes_to {
            pc(x, "demotes_to")?;
        }
        for side in &piece.moves {
            if side.len() != nsq {
                return Err(TableError::Invalid(format!(
                    "moves of piece {i} must have one entry per square"
                )));
            }
            for paths in side {
                for path in paths {
                    if path.steps.is_empty() {
                        return Err(TableError::Invalid(format!("empty path of piece {i}")));
                    }
                    for step in &path.steps {
                        sq(step.to, "step")?;
                        for &b in &step.block {
                            sq(b, "block")?;
                        }
                    }
                    for &f in &path.friend_on {
                        sq(f, "friend_on")?;
                    }
                }
            }
        }
    }
    for r in &p.promotions {
        pc(r.piece, "promotion")?;
        for z in &r.zone {
            for &s in z {
                sq(s, "promotion zone")?;
            }
        }
        if r.choices.is_empty() {
            return Err(TableError::Invalid("promotion without choices".into()));
        }
        for c in &r.choices {
            match *c {
                PromotionChoice::Piece(x) | PromotionChoice::Hand(x) => pc(x, "promotion choice")?,
            }
        }
    }
    if let Some(d) = &p.drops {
        if d.forbidden.len() != np || d.no_mate.len() != np {
            return Err(TableError::Invalid(
                "drops must have one entry per piece".into(),
            ));
        }
        for f in &d.forbidden {
            for side in f {
                for &s in side {
                    sq(s, "drop")?;
                }
            }
        }
    }
    if p.castling.len() > 16 {
        return Err(TableError::Invalid("at most 16 castling moves".into()));
    }
    for c in &p.castling {
        if c.side > 1 {
            return Err(TableError::Invalid("castling side".into()));
        }
        pc(c.king, "castling")?;
        pc(c.rook, "castling")?;
        for s in [c.king_from, c.king_to, c.rook_from, c.rook_to] {
            sq(s, "castling")?;
        }
        for &s in c.empty.iter().chain(&c.safe) {
            sq(s, "castling")?;
        }
    }
    for r in &p.end.reach {
        pc(r.piece, "reach")?;
        for side in &r.squares {
            for &s in side {
                sq(s, "reach")?;
            }
        }
    }
    for &x in &p.end.resets_move_limit {
        pc(x, "resets_move_limit")?;
    }
    Ok(())
}
