//! The statement table: every statement of every block, once, with its form,
//! what it does and where the manual documents it.
//!
//! Everything that lists statements comes from here: the checker's choice
//! between "unknown statement" (`E0007`) and "malformed statement" (`E0008`,
//! `E0009`), the keywords offered by "did you mean", the `help:` lists of
//! those errors, and (through a test) the playground highlighter's keyword
//! list (`web/highlight.js`). A test keeps the table equal to the grammar's
//! `kw_*` rules (`grammar/src/variant.pest`): a keyword added to the grammar
//! fails it until a row here names it.

use crate::error::Block;

/// How a statement is recognised in a line that did not parse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// Its first word: `letter` in `letter K`.
    Lead(&'static str),
    /// A word after the leading name: `not-on` in `Pawn not-on rank 1`,
    /// `->` in `Pawn -> Queen in last-rank`, `:` in a castling rule.
    After(&'static str),
}

/// One statement of a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The word that tells the statement.
    pub marker: Marker,
    /// What it looks like, in backquotes: `` `letter <symbol>` ``.
    pub syntax: &'static str,
    /// What it does, in a few words.
    pub help: &'static str,
    /// Where the manual documents it: `docs/language.md#promotion`.
    pub doc: &'static str,
}

impl Statement {
    /// The word that tells the statement: `letter`, `not-on`, `->`.
    pub fn keyword(&self) -> &'static str {
        match self.marker {
            Marker::Lead(word) | Marker::After(word) => word,
        }
    }
}

const fn lead(
    keyword: &'static str,
    syntax: &'static str,
    help: &'static str,
    doc: &'static str,
) -> Statement {
    Statement {
        marker: Marker::Lead(keyword),
        syntax,
        help,
        doc,
    }
}

const fn after(
    keyword: &'static str,
    syntax: &'static str,
    help: &'static str,
    doc: &'static str,
) -> Statement {
    Statement {
        marker: Marker::After(keyword),
        syntax,
        help,
        doc,
    }
}

const BOARD: &str = "docs/language.md#board";
const PIECES: &str = "docs/language.md#pieces-and-moves";
const SETUP: &str = "docs/language.md#setup";
const PROMOTION: &str = "docs/language.md#promotion";
const DROPS: &str = "docs/language.md#drops";
const GATING: &str = "docs/language.md#gating";
const LEGALITY: &str = "docs/language.md#legality";
const BLAST: &str = "docs/language.md#capture-effects-blast";
const WALLS: &str = "docs/language.md#walls-placed-by-moves-walls";
const FLIPS: &str = "docs/language.md#conversion-flips-must-flip-next-to-own-first-on";
const LINES: &str = "docs/language.md#lines-of-n-line";
const CONNECT: &str = "docs/language.md#connections-connect";
const FALLS: &str = "docs/language.md#drops-that-fall-falls";
const ROYAL: &str = "docs/language.md#royal-pieces";
const PASSING: &str = "docs/language.md#passing-pass-allowed";
const END: &str = "docs/language.md#end";
const SCORING: &str = "docs/language.md#scoring";
const NOTATION: &str = "docs/language.md#notation";
const CLOCK: &str = "docs/language.md#the-move-clock-clock";
const ALLOW: &str = "docs/language.md#warnings-on-purpose-allow";

/// What `<squares>` stands for in the forms: a square set.
pub const SQUARE_SET: &str = "`<square>`, `<zone>`, `rank <r>`, `ranks <r>..<r>`, `file <f>`, \
     `files <f>..<f>`, `setup <white|black> [<Piece>]` or `none`, several joined by `,`";

/// The top-level items.
const TOP_LEVEL: &[Statement] = &[
    lead(
        "variant",
        "`variant \"<name>\" { … }`",
        "names the variant",
        NOTATION,
    ),
    lead("board", "`board { … }`", "gives the board", BOARD),
    lead("piece", "`piece <Name> { … }`", "declares a piece", PIECES),
    lead(
        "setup",
        "`setup \"<FEN>\"`",
        "gives the start position as a FEN",
        SETUP,
    ),
    lead(
        "castling",
        "`castling { … }`",
        "declares the castling moves",
        SETUP,
    ),
    lead(
        "zone",
        "`zone <name> { … }`",
        "names a set of squares per side",
        BOARD,
    ),
    lead(
        "clock",
        "`clock { … }`",
        "says when the half-move clock resets and what count ends the game",
        CLOCK,
    ),
    lead(
        "promotion",
        "`promotion { … }`",
        "declares the promotion rules",
        PROMOTION,
    ),
    lead("drops", "`drops { … }`", "declares the drop rules", DROPS),
    lead(
        "gating",
        "`gating { … }`",
        "declares the gating rules",
        GATING,
    ),
    lead("end", "`end { … }`", "declares how the game ends", END),
    lead(
        "legality",
        "`legality { … }`",
        "declares which moves are legal",
        LEGALITY,
    ),
    lead(
        "royal",
        "`royal { … }`",
        "declares how the royal pieces are royal",
        ROYAL,
    ),
    lead(
        "pass",
        "`pass allowed|when-stuck`",
        "a player not in check may pass (`allowed`), or one with no legal move passes \
         (`when-stuck`)",
        PASSING,
    ),
    lead(
        "scoring",
        "`scoring { … }`",
        "declares how material is counted",
        SCORING,
    ),
    lead(
        "allow",
        "`allow <warning>, …`",
        "warnings the rules raise on purpose, not reported",
        ALLOW,
    ),
    lead(
        "blast",
        "`blast { … }`",
        "declares what a capture removes besides the captured piece",
        BLAST,
    ),
    lead(
        "walls",
        "`walls past|anywhere|reach|moving [on <squares>]`",
        "every move also puts a wall on an empty square",
        WALLS,
    ),
    lead(
        "flips",
        "`flips enclosed|adjacent`",
        "every move and drop turns enemy pieces into the mover's: those it encloses along a \
         line, or those next to where it lands",
        FLIPS,
    ),
];

const VARIANT: &[Statement] = &[
    lead(
        "alias",
        "`alias \"<name>\"`",
        "another name the variant is found by",
        NOTATION,
    ),
    lead(
        "description",
        "`description \"<text>\"`",
        "a sentence about the variant",
        NOTATION,
    ),
    lead(
        "source",
        "`source \"<text>\"`",
        "where its rules come from",
        NOTATION,
    ),
];

const BOARD_BLOCK: &[Statement] = &[
    lead(
        "files",
        "`files a..h` or `files a b c …`",
        "the file labels, left to right",
        BOARD,
    ),
    lead(
        "ranks",
        "`ranks 1..8` or `ranks 1 2 3 …`",
        "the rank labels, bottom to top",
        BOARD,
    ),
    lead(
        "cells",
        "`cells { \"<row>\" … }`",
        "the squares that exist, one string per row, top row first",
        BOARD,
    ),
    lead(
        "forward",
        "`forward <white|black> <dx> <dy>`",
        "a side's forward direction",
        BOARD,
    ),
    lead(
        "fen",
        "`fen by-rank` or `fen by-file`",
        "the order of a FEN's rows",
        NOTATION,
    ),
    lead(
        "wrap",
        "`wrap files`, `wrap ranks` or `wrap files ranks`",
        "joins the board's opposite edges",
        BOARD,
    ),
    lead(
        "shape",
        "`shape hex` or `shape square`",
        "the cells' shape, for drawings",
        BOARD,
    ),
    lead(
        "name",
        "`name <square> <new name>`",
        "renames a square",
        NOTATION,
    ),
];

const PIECE: &[Statement] = &[
    lead(
        "letter",
        "`letter <symbol> [also <symbol>]`",
        "the piece's FEN symbol: one to three letters, optionally followed by `'` \
         (`K`, `DE`, `N'`), after `+` for a promoted face (`+P`); `also`: a second \
         symbol that FEN and SAN also read and SAN writes",
        NOTATION,
    ),
    lead(
        "moves",
        "`moves <Betza> [within <squares>] [from <squares>] [once] [if <guard>]`",
        "how the piece moves, in Betza notation",
        PIECES,
    ),
    lead(
        "royal",
        "`royal` alone",
        "the piece may not be left in check (the `royal` item says more)",
        ROYAL,
    ),
    lead(
        "captured-as",
        "`captured-as <Piece>`",
        "what the piece becomes in the captor's hand",
        DROPS,
    ),
    lead(
        "faces",
        "`faces <Betza>`",
        "royal pieces may not face each other along these lines",
        PIECES,
    ),
    lead(
        "fen-only",
        "`fen-only` alone",
        "the piece appears only in positions given by FEN",
        SETUP,
    ),
    lead(
        "immobile",
        "`immobile`",
        "the piece never moves; it stands where it is put and may be captured",
        PIECES,
    ),
    lead(
        "notation",
        "`notation pawn`, `notation piece` or `notation as <Piece>`",
        "how SAN writes its moves: without its symbol, as a pawn's, with it, or as another piece's",
        NOTATION,
    ),
    lead(
        "cannot-capture",
        "`cannot-capture <Piece>, …`",
        "enemy pieces this piece never captures",
        PIECES,
    ),
    lead(
        "cannot-hop",
        "`cannot-hop <Piece>, …`",
        "pieces its hopping moves may not jump over",
        PIECES,
    ),
];

const CASTLING: &[Statement] = &[
    lead(
        "by-drop",
        "`by-drop` alone",
        "a drop that completes a king and rook on their start squares grants the right",
        SETUP,
    ),
    after(
        ":",
        "`<letter>: <King> <from> -> <to>, <Rook> <from> -> <to> [ends <letter>, …]`",
        "a castling move and the FEN letter of its right (with `ends`, the other rights it ends)",
        SETUP,
    ),
];

const ZONE: &[Statement] = &[
    lead(
        "white",
        "`white: <squares>`",
        "the zone's squares for white",
        BOARD,
    ),
    lead(
        "black",
        "`black: <squares>`",
        "the zone's squares for black",
        BOARD,
    ),
];

const PROMOTION_BLOCK: &[Statement] = &[
    after(
        "->",
        "`<Piece> -> <target> | … in <squares> [on <start|end|pass|entry> | …] [if capture] \
         [optional [always]] [except <squares>]` (a target is a piece or `hand(<Piece>)`; `none` in place of the targets: no move there)",
        "a piece promotes to one of the targets",
        PROMOTION,
    ),
    lead(
        "turn",
        "`turn <Piece> -> <Piece> | … in <squares> [alone] [no-check] [no-attack]`",
        "a piece turns into one of the targets, as a move of its own",
        PROMOTION,
    ),
    after(
        "max",
        "`<Piece> max <n>`",
        "a piece promotes to this one only while its side has fewer than n",
        PROMOTION,
    ),
];

const DROPS_BLOCK: &[Statement] = &[
    lead(
        "captures-to-hand",
        "`captures-to-hand off`",
        "captured pieces leave the game",
        DROPS,
    ),
    lead(
        "must-drop",
        "`must-drop` alone",
        "a side that can drop may not move on the board",
        DROPS,
    ),
    lead(
        "first-on",
        "`first-on <squares>`",
        "while a square of the set is empty, drops go there only",
        FLIPS,
    ),
    lead(
        "must-flip",
        "`must-flip` alone",
        "a drop must flip an enemy piece (`flips`)",
        FLIPS,
    ),
    lead(
        "unlimited",
        "`unlimited` alone",
        "hands never run out: every piece that is not royal may always be dropped",
        FLIPS,
    ),
    lead(
        "next-to-own",
        "`next-to-own` alone",
        "a drop must land next to a piece of the dropping side",
        FLIPS,
    ),
    lead(
        "flips-only-next-to-own",
        "`flips-only-next-to-own` alone",
        "a drop flips (`flips`) only where it lands next to a piece of the dropping side",
        FLIPS,
    ),
    lead(
        "not-beside-enemy",
        "`not-beside-enemy` alone",
        "a drop must not land orthogonally next to an enemy piece",
        FLIPS,
    ),
    lead(
        "falls",
        "`falls` alone",
        "a drop lands only on the lowest empty square of its file",
        FALLS,
    ),
    after(
        "not-on",
        "`<Piece> not-on <squares>`",
        "squares the piece may not be dropped on",
        DROPS,
    ),
    after(
        "only-on",
        "`<Piece> only-on <squares>`",
        "the only squares the piece may be dropped on",
        DROPS,
    ),
    after(
        "no-drop-mate",
        "`<Piece> no-drop-mate`",
        "dropping the piece may not give checkmate",
        DROPS,
    ),
    after(
        "per-file",
        "`<Piece> per-file <n>`",
        "at most n of a side's such pieces on a file",
        DROPS,
    ),
    after(
        "per-colour",
        "`<Piece> per-colour <n>`",
        "at most n of a side's such pieces on squares of one colour",
        DROPS,
    ),
    after(
        "also-as",
        "`<Piece> also-as <Piece>`",
        "the piece in hand may also be dropped as the other",
        DROPS,
    ),
];

const GATING_BLOCK: &[Statement] = &[after(
    "on",
    "`<Piece> | … on <squares>`",
    "pieces in hand that may enter on a square a piece has just left",
    GATING,
)];

const BLAST_BLOCK: &[Statement] = &[
    lead(
        "reach",
        "`reach <Betza leaps>`",
        "the squares around the capture square that the blast clears",
        BLAST,
    ),
    lead(
        "immune",
        "`immune <Piece>, …`",
        "pieces no blast removes, not even the capturer",
        BLAST,
    ),
    lead(
        "spared",
        "`spared <Piece>, …`",
        "pieces a blast removes only when they capture",
        BLAST,
    ),
    lead(
        "petrify",
        "`petrify <Piece>, …`",
        "a capturing piece of these types turns into a wall where it captured",
        BLAST,
    ),
];

const LEGALITY_BLOCK: &[Statement] = &[
    lead(
        "giving-check",
        "`giving-check forbidden` or `giving-check by-drop forbidden`",
        "a move (or only a drop) that gives check is illegal",
        LEGALITY,
    ),
    lead(
        "capture",
        "`capture compulsory`",
        "when a capture is legal, only captures are",
        LEGALITY,
    ),
];

const ROYAL_BLOCK: &[Statement] = &[
    lead(
        "check",
        "`check all`, `check last` or `check any`",
        "a side may have several royal pieces: in check when all are attacked, only its last \
         one protected, or in check when any is attacked",
        ROYAL,
    ),
    lead(
        "only",
        "`only <white|black>`",
        "only that side's royal pieces are royal",
        ROYAL,
    ),
    lead(
        "fleeing",
        "`fleeing forbidden`",
        "a royal piece in check may only capture its single checker",
        ROYAL,
    ),
];

const SCORING_BLOCK: &[Statement] = &[
    lead(
        "points",
        "`points <Piece> <n>, …` (a number with at most one decimal: `13`, `1.5`)",
        "what pieces count when material is counted",
        SCORING,
    ),
    lead(
        "komi",
        "`komi <white|black> <n>`",
        "points added to a side's material count",
        SCORING,
    ),
];

const END_BLOCK: &[Statement] = &[
    lead(
        "checkmate",
        "`checkmate <win|draw|loss>`, `checkmate by <Piece> | … [drop] <win|draw|loss>` or \
         `checkmate needs <Piece> | … else <win|draw|loss>`",
        "what a checkmate means",
        END,
    ),
    lead(
        "stalemate",
        "`stalemate <win|draw|loss|fewer-pieces|points>`",
        "what a stalemate means",
        END,
    ),
    lead(
        "repetition",
        "`repetition <count> <win|draw|loss|points> [for <white|black>] [claim <count>] [perpetual-check <win|draw|loss>]`",
        "what a repeated position means",
        END,
    ),
    lead(
        "bare-king",
        "`bare-king <win|draw|loss> [after-reply]`",
        "what a side left with its royal piece alone means",
        END,
    ),
    lead(
        "extinction",
        "`extinction <all|Piece> [<count>] <win|draw|loss> [if opponent-has <count>]`",
        "what losing all such pieces means (while the opponent has some)",
        END,
    ),
    lead(
        "checks",
        "`checks <count> <win|draw|loss>`",
        "what giving that many checks means",
        END,
    ),
    lead(
        "counting",
        "`counting [without <Piece>, …] [board <n>] bare <limit>, … [from pieces]` \
         (a limit is `<n>` or `[<n>] <Piece> + … -> <n>`)",
        "a count of moves that ends the game in a draw when it runs out",
        END,
    ),
    lead(
        "double-pass",
        "`double-pass <win|draw|loss|points>`",
        "two passes in a row end the game (an outcome for the player to move)",
        END,
    ),
    lead(
        "full-board",
        "`full-board <win|draw|loss|points>`",
        "a board without an empty square ends the game (an outcome for the player to move)",
        END,
    ),
    lead(
        "facing",
        "`facing <win|draw|loss|points>`",
        "royal pieces facing before and after a move end the game (an outcome for the player \
         to move)",
        END,
    ),
    lead(
        "draw-odds",
        "`draw-odds <white|black>`",
        "every game that would end in a draw is won by that side",
        END,
    ),
    after(
        "reaches",
        "`<Piece> | … reaches <squares> [count <n> [or-full]] [safe] <win|draw|loss> [after-reply]`",
        "what a piece (or n at once) reaching the squares means",
        END,
    ),
    lead(
        "line",
        "`line <count> [with-gaps] [of <Piece> | …] [along files|ranks|diagonals, …] \
         <win|draw|loss>`",
        "what making that many in a row (or on one line) means (for the player who made it)",
        LINES,
    ),
    lead(
        "square",
        "`square <count> [of <Piece> | …] <win|draw|loss>`",
        "what holding a square of that many by that many means (for the player who made it)",
        LINES,
    ),
    lead(
        "connect",
        "`connect <squares> to <squares> [of <Piece> | …] [along files|ranks|diagonals, …] \
         [one-way] <win|draw|loss>`",
        "what a chain of pieces joining the two sets means (for the player who made it)",
        CONNECT,
    ),
];

const CLOCK_BLOCK: &[Statement] = &[
    lead(
        "resets",
        "`resets <event>, …` (an event is `capture`, `drop`, `promotion`, `<Piece>` or \
         `<Piece> if irreversible`)",
        "what starts the half-move clock again from 0",
        CLOCK,
    ),
    lead(
        "limit",
        "`limit <moves> [points]` or `limit off`",
        "the full moves without a reset that end the game in a draw",
        CLOCK,
    ),
];

impl Block {
    /// Every block, top level first.
    pub const ALL: [Block; 15] = [
        Block::TopLevel,
        Block::Variant,
        Block::Board,
        Block::Piece,
        Block::Castling,
        Block::Zone,
        Block::Promotion,
        Block::Drops,
        Block::Gating,
        Block::Legality,
        Block::Royal,
        Block::Blast,
        Block::End,
        Block::Clock,
        Block::Scoring,
    ];

    /// The statements of the block (the items, at the top level).
    pub fn statements(self) -> &'static [Statement] {
        match self {
            Block::TopLevel => TOP_LEVEL,
            Block::Variant => VARIANT,
            Block::Board => BOARD_BLOCK,
            Block::Piece => PIECE,
            Block::Castling => CASTLING,
            Block::Zone => ZONE,
            Block::Promotion => PROMOTION_BLOCK,
            Block::Drops => DROPS_BLOCK,
            Block::Gating => GATING_BLOCK,
            Block::Legality => LEGALITY_BLOCK,
            Block::Royal => ROYAL_BLOCK,
            Block::Blast => BLAST_BLOCK,
            Block::End => END_BLOCK,
            Block::Clock => CLOCK_BLOCK,
            Block::Scoring => SCORING_BLOCK,
        }
    }

    /// The words that start a statement of the block, for suggestions.
    pub fn keywords(self) -> impl Iterator<Item = &'static str> {
        self.statements().iter().filter_map(|s| match s.marker {
            Marker::Lead(word) => Some(word),
            Marker::After(_) => None,
        })
    }

    /// Whether the block is mostly rules without a keyword of their own at
    /// their start (`<Piece> not-on …`): a line that fits no statement there
    /// is most likely a malformed rule (`E0009`), not an unknown statement.
    pub fn has_rules(self) -> bool {
        let rules = self
            .statements()
            .iter()
            .filter(|s| matches!(s.marker, Marker::After(_)))
            .count();
        rules > 0 && 2 * rules >= self.statements().len()
    }

    /// Whether some statements of the block start with a piece's name
    /// (`<Piece> not-on …`).
    pub fn has_piece_rules(self) -> bool {
        self.statements()
            .iter()
            .any(|s| matches!(s.marker, Marker::After(_)) && s.syntax.starts_with("`<Piece>"))
    }

    /// What the statements of the block look like, for `help:` notes: their
    /// forms, separated by `;`, and what `<squares>` stands for if they use it.
    pub fn forms(self) -> String {
        let forms: Vec<&str> = self.statements().iter().map(|s| s.syntax).collect();
        let forms = forms.join("; ");
        if forms.contains("<squares>") {
            format!("{forms}; `<squares>` is {SQUARE_SET}")
        } else {
            forms
        }
    }

    /// The statement a line that did not parse was meant to be, from its
    /// words: its first word names a statement, or a later word marks one.
    pub fn statement_of(self, words: &[&str]) -> Option<&'static Statement> {
        let statements = self.statements();
        let first = words.first()?;
        statements
            .iter()
            .find(|s| matches!(s.marker, Marker::Lead(word) if word == *first))
            .or_else(|| {
                statements.iter().find(|s| match s.marker {
                    Marker::After(word) => words.iter().skip(1).any(|w| *w == word),
                    Marker::Lead(_) => false,
                })
            })
    }
}

/// A spelling the language had and replaced (issue 28), recognised in a
/// line that no longer parses, with what to write instead.
#[derive(Clone, Copy, Debug)]
pub struct Retired {
    /// The block where the old spelling stood.
    pub block: Block,
    /// Whether the words of a line are the old spelling.
    pub matches: fn(&[&str]) -> bool,
    /// The old spelling, in backquotes.
    pub old: &'static str,
    /// What to write instead, from the line's text.
    pub new: fn(&str) -> String,
    /// The same as an edit of the source, when the line's text says
    /// everything it needs.
    pub mend: fn(&str) -> Option<Mend>,
}

/// How an old spelling is mended in the source (a fix of `E0177`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mend {
    /// The statement is rewritten where it stands.
    Here(String),
    /// The statement leaves its block for a new top-level item.
    Item {
        /// The item's keyword (none may exist yet).
        keyword: &'static str,
        /// The item as written.
        text: String,
    },
    /// The statement is rewritten where it stands and a new top-level item
    /// is added.
    HereAndItem {
        /// The statement's new text.
        here: String,
        /// The item's keyword (none may exist yet).
        keyword: &'static str,
        /// The item as written.
        text: String,
    },
}

/// The side a `royal white` or `royal black` line names.
fn side_of(text: &str) -> &'static str {
    if text.contains("white") {
        "white"
    } else {
        "black"
    }
}

/// A promotion rule with `turn` after it, as the `turn` statement.
fn turn_first(text: &str) -> String {
    let rule: Vec<&str> = text.split_whitespace().filter(|w| *w != "turn").collect();
    format!("turn {}", rule.join(" "))
}

/// A promotion rule with `|` for each `or` between its triggers.
fn bars_for_or(text: &str) -> String {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| if w == "or" { "|" } else { w })
        .collect();
    words.join(" ")
}

fn item(keyword: &'static str, text: impl Into<String>) -> Option<Mend> {
    Some(Mend::Item {
        keyword,
        text: text.into(),
    })
}

fn lead_is(words: &[&str], word: &str) -> bool {
    words.first() == Some(&word)
}

/// The old spellings, each with its replacement.
pub const RETIRED: &[Retired] = &[
    Retired {
        block: Block::Legality,
        matches: |w| lead_is(w, "partial-check"),
        old: "`partial-check allowed` in `legality`",
        new: |_| "the item `royal { check all }`".into(),
        mend: |_| item("royal", "royal { check all }"),
    },
    Retired {
        block: Block::Legality,
        matches: |w| lead_is(w, "several-royals"),
        old: "`several-royals allowed` in `legality`",
        new: |_| "the item `royal { check last }`".into(),
        mend: |_| item("royal", "royal { check last }"),
    },
    Retired {
        block: Block::Legality,
        matches: |w| lead_is(w, "fleeing-check"),
        old: "`fleeing-check forbidden` in `legality`",
        new: |_| "the item `royal { fleeing forbidden }`".into(),
        mend: |_| item("royal", "royal { fleeing forbidden }"),
    },
    Retired {
        block: Block::Legality,
        matches: |w| lead_is(w, "pass"),
        old: "`pass allowed` in `legality`",
        new: |_| "the top-level item `pass allowed`".into(),
        mend: |_| item("pass", "pass allowed"),
    },
    Retired {
        block: Block::Piece,
        matches: |w| lead_is(w, "royal") && matches!(w.get(1), Some(&("white" | "black"))),
        old: "`royal white` and `royal black` in a piece",
        new: |text| {
            format!(
                "`royal` here and the item `royal {{ only {} }}`",
                side_of(text)
            )
        },
        mend: |text| {
            Some(Mend::HereAndItem {
                here: "royal".into(),
                keyword: "royal",
                text: format!("royal {{ only {} }}", side_of(text)),
            })
        },
    },
    Retired {
        block: Block::Piece,
        matches: |w| lead_is(w, "points"),
        old: "`points` in a piece",
        new: |text| {
            let n = text.split_whitespace().nth(1).unwrap_or("<n>");
            format!("`points <Piece> {n}` in the item `scoring {{ … }}`")
        },
        // The piece's name is not in the line.
        mend: |_| None,
    },
    Retired {
        block: Block::End,
        matches: |w| lead_is(w, "komi"),
        old: "`komi` in `end`",
        new: |text| format!("`{}` in the item `scoring {{ … }}`", text.trim()),
        mend: |text| item("scoring", format!("scoring {{ {} }}", text.trim())),
    },
    Retired {
        block: Block::Promotion,
        matches: |w| !lead_is(w, "turn") && w.contains(&"->") && w.contains(&"turn"),
        old: "`turn` after a promotion rule",
        new: |text| format!("the statement `{}`", turn_first(text)),
        mend: |text| Some(Mend::Here(turn_first(text))),
    },
    Retired {
        block: Block::Promotion,
        matches: |w| w.contains(&"->") && w.iter().skip_while(|x| **x != "on").any(|x| *x == "or"),
        old: "`or` between promotion triggers",
        new: |text| format!("`{}`", bars_for_or(text)),
        mend: |text| Some(Mend::Here(bars_for_or(text))),
    },
];

impl Block {
    /// The old spelling a line that did not parse holds, if any.
    pub fn retired(self, text: &str) -> Option<&'static Retired> {
        let words = words(text);
        RETIRED
            .iter()
            .find(|r| r.block == self && (r.matches)(&words))
    }
}

/// The words of a statement's text, for [`Block::statement_of`]: names and
/// keywords, and the punctuation `:`, `->`, `|` and `,` as words of their own.
pub fn words(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let name = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'\'';
    let mut words = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let start = i;
        if name(b) {
            // Hyphens only inside a name, as in the grammar: `e1->g1`.
            while let Some(&c) = bytes.get(i) {
                let joins = c == b'-' && bytes.get(i + 1).is_some_and(|&d| name(d));
                if !(name(c) || joins) {
                    break;
                }
                i += if joins { 2 } else { 1 };
            }
        } else if bytes.get(i..i + 2) == Some(b"->".as_slice()) {
            i += 2;
        } else {
            i += 1;
            while bytes.get(i).is_some_and(|&c| !c.is_ascii()) {
                i += 1;
            }
        }
        if let Some(word) = text.get(start..i) {
            if !word.trim().is_empty() {
                words.push(word);
            }
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn read(path: &str) -> String {
        let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
    }

    /// The grammar's keywords: the literal of every `kw_*` rule, by rule name.
    fn grammar_keywords(grammar: &str) -> Vec<(String, String)> {
        grammar
            .lines()
            .filter_map(|line| {
                let rest = line.strip_prefix("kw_")?;
                let (rule, rest) = rest.split_once(" = @{ \"")?;
                let (word, _) = rest.split_once('"')?;
                Some((rule.to_owned(), word.to_owned()))
            })
            .collect()
    }

    /// The words a statement's form is written with, outside `<…>`.
    fn form_words(syntax: &str) -> BTreeSet<String> {
        let mut plain = String::new();
        let mut depth = 0usize;
        for c in syntax.chars() {
            match c {
                '<' => depth += 1,
                '>' if depth > 0 => depth -= 1,
                _ if depth == 0 => plain.push(c),
                _ => {}
            }
        }
        words(&plain).into_iter().map(str::to_owned).collect()
    }

    #[test]
    fn every_grammar_keyword_has_a_row() {
        let grammar = read("grammar/src/variant.pest");
        let keywords = grammar_keywords(&grammar);
        assert!(keywords.len() > 50, "the kw_* rules were not found");
        let mut written = form_words(SQUARE_SET);
        for block in Block::ALL {
            for s in block.statements() {
                written.insert(s.keyword().to_owned());
                written.extend(form_words(s.syntax));
            }
        }
        let missing: Vec<String> = keywords
            .iter()
            .filter(|(_, word)| !written.contains(word))
            .map(|(rule, word)| format!("kw_{rule} (`{word}`)"))
            .collect();
        assert!(
            missing.is_empty(),
            "grammar keywords in no row of the statement table (compiler/src/statements.rs): \
             {missing:?}"
        );
    }

    #[test]
    fn every_row_keyword_is_the_grammars() {
        let grammar = read("grammar/src/variant.pest");
        let mut known: BTreeSet<String> = grammar_keywords(&grammar)
            .into_iter()
            .map(|(_, word)| word)
            .collect();
        // Not `kw_*` rules: the sides (`side`) and the punctuation that marks
        // a keyword-less rule.
        known.extend(["white", "black", ":", "->"].map(str::to_owned));
        for block in Block::ALL {
            for s in block.statements() {
                assert!(known.contains(s.keyword()), "`{}` ({block})", s.keyword());
            }
        }
    }

    #[test]
    fn the_top_level_rows_are_the_grammars_items() {
        let grammar = read("grammar/src/variant.pest");
        let start = grammar.find("item_start = _{").expect("item_start");
        let body = &grammar[start..];
        let body = &body[..body.find('}').expect("end of item_start")];
        let rules: BTreeSet<&str> = body
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter_map(|w| w.strip_prefix("kw_"))
            .collect();
        let literals: BTreeSet<String> = grammar_keywords(&grammar)
            .into_iter()
            .filter(|(rule, _)| rules.contains(rule.as_str()))
            .map(|(_, word)| word)
            .collect();
        assert_eq!(literals.len(), rules.len());
        let rows: BTreeSet<String> = Block::TopLevel.keywords().map(str::to_owned).collect();
        assert_eq!(rows, literals);
    }

    #[test]
    fn each_block_has_distinct_rows() {
        for block in Block::ALL {
            let keywords: BTreeSet<&str> =
                block.statements().iter().map(Statement::keyword).collect();
            assert_eq!(keywords.len(), block.statements().len(), "{block}");
            for s in block.statements() {
                assert!(s.syntax.starts_with('`'), "{}", s.syntax);
                assert!(s.doc.starts_with("docs/language.md#"), "{}", s.doc);
            }
        }
    }

    /// The playground highlighter (`web/highlight.js`) knows every keyword of
    /// the table, and its item keywords are the table's top-level rows.
    #[test]
    fn the_highlighter_knows_the_table() {
        let script = read("web/highlight.js");
        let list = |name: &str| -> BTreeSet<String> {
            let start = script
                .find(&format!("export const {name} = ["))
                .unwrap_or_else(|| panic!("{name} in web/highlight.js"));
            let body = &script[start..];
            let body = &body[body.find('[').unwrap_or(0)..body.find("];").unwrap_or(0)];
            body.split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect()
        };
        let items = list("ITEM_KEYWORDS");
        let others = list("KEYWORDS");
        let rows: BTreeSet<String> = Block::TopLevel.keywords().map(str::to_owned).collect();
        assert_eq!(items, rows, "ITEM_KEYWORDS in web/highlight.js");
        for block in Block::ALL.into_iter().skip(1) {
            for s in block.statements() {
                let word = s.keyword();
                if word.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    // `royal` and `pass` are also items, highlighted as such.
                    assert!(
                        others.contains(word) || items.contains(word),
                        "`{word}` ({block}) is not highlighted: add it to KEYWORDS in web/highlight.js"
                    );
                }
            }
        }
    }

    #[test]
    fn a_line_names_its_statement() {
        let find =
            |block: Block, text: &str| block.statement_of(&words(text)).map(Statement::keyword);
        assert_eq!(find(Block::Scoring, "points abc"), Some("points"));
        assert_eq!(find(Block::Drops, "Pawn not-on"), Some("not-on"));
        assert_eq!(find(Block::Promotion, "Pawn -> Queen"), Some("->"));
        assert_eq!(find(Block::Castling, "K: King e1 g1"), Some(":"));
        assert_eq!(find(Block::Gating, "Hawk | Elephant on"), Some("on"));
        assert_eq!(find(Block::End, "King reaches"), Some("reaches"));
        assert_eq!(find(Block::Piece, "lettr K"), None);
        assert_eq!(
            words("K: King e1->g1, Rook"),
            ["K", ":", "King", "e1", "->", "g1", ",", "Rook"]
        );
    }
}

#[cfg(test)]
mod retired_tests {
    use super::*;

    /// Each old spelling is recognised in its block, and its replacement
    /// parses as what it names.
    #[test]
    fn old_spellings_are_named() {
        let new = |block: Block, text: &str| block.retired(text).map(|r| (r.new)(text));
        assert_eq!(
            new(Block::Legality, "partial-check allowed").as_deref(),
            Some("the item `royal { check all }`")
        );
        assert_eq!(
            new(Block::Piece, "royal black").as_deref(),
            Some("`royal` here and the item `royal { only black }`")
        );
        assert_eq!(
            new(
                Block::Promotion,
                "Pawn -> General in far-diagonals turn alone no-check"
            )
            .as_deref(),
            Some("the statement `turn Pawn -> General in far-diagonals alone no-check`")
        );
        assert_eq!(
            new(
                Block::Promotion,
                "Pawn -> Tokin in camp on start or end optional"
            )
            .as_deref(),
            Some("`Pawn -> Tokin in camp on start | end optional`")
        );
        assert_eq!(
            new(Block::End, "komi black 1.5").as_deref(),
            Some("`komi black 1.5` in the item `scoring { … }`")
        );
        assert!(Block::Piece.retired("royal").is_none());
        assert!(Block::Promotion
            .retired("Pawn -> Queen in last-rank")
            .is_none());
    }
}
