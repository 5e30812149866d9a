//! Long explanations of every diagnostic code, for `fairyc explain CODE`
//! and `docs/diagnostics.md` (a test checks that the two agree).

/// One code's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// `E0013`, `W0001`, …
    pub code: &'static str,
    /// A few words, as in the code tables.
    pub title: &'static str,
    /// What is wrong and why it matters.
    pub text: &'static str,
    /// A small wrong example.
    pub wrong: &'static str,
    /// The same example fixed.
    pub fixed: &'static str,
}

impl Explanation {
    /// Whether the code is a warning (`W…`) rather than an error (`E…`).
    pub fn is_warning(&self) -> bool {
        self.code.starts_with('W')
    }

    /// The explanation as `fairyc explain` prints it.
    pub fn render(&self) -> String {
        let indent = |s: &str| s.lines().map(|l| format!("    {l}\n")).collect::<String>();
        format!(
            "{} ({}): {}\n\n{}\n\nFor example:\n\n{}\nFixed:\n\n{}",
            self.code,
            if self.is_warning() {
                "warning"
            } else {
                "error"
            },
            self.title,
            wrap(self.text, 78),
            indent(self.wrong),
            indent(self.fixed),
        )
    }
}

/// Breaks text into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split_whitespace() {
        if line > 0 && line + 1 + word.chars().count() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.chars().count();
    }
    out
}

/// The explanation of `code` (`E0013`, case-insensitive), if it is a code.
///
/// ```
/// let e = fairyc_compiler::explain::explain("e0013").expect("a code");
/// assert_eq!(e.code, "E0013");
/// assert!(e.render().contains("For example"));
/// ```
pub fn explain(code: &str) -> Option<&'static Explanation> {
    EXPLANATIONS
        .iter()
        .find(|e| e.code.eq_ignore_ascii_case(code.trim()))
}

/// Every code, in order: errors `E0001` …, lowering errors `E0101` …,
/// warnings `W0001` ….
pub static EXPLANATIONS: &[Explanation] = &[
    Explanation {
        code: "E0001",
        title: "syntax error",
        text: "The file's structure does not parse: a brace, a string or a statement is broken in a way the error recovery cannot skip. The label points at the first character the parser could not use, and the message lists what it expected there.",
        wrong: "piece King\n{ letter K; moves K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0002",
        title: "unterminated string",
        text: "A string has no closing `\"` on the line it starts. Strings never span lines; write `\\\"` for a quote inside one.",
        wrong: "variant \"My Chess { alias \"mine\" }",
        fixed: "variant \"My Chess\" { alias \"mine\" }",
    },
    Explanation {
        code: "E0003",
        title: "unclosed `{`",
        text: "A block is opened with `{` and never closed. The label points at the `{`.",
        wrong: "piece King { letter K; moves K; royal",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0004",
        title: "unexpected `}`",
        text: "A `}` closes no block: there is one `}` too many, or the `{` before it is missing.",
        wrong: "board files a..h; ranks 1..8 }",
        fixed: "board { files a..h; ranks 1..8 }",
    },
    Explanation {
        code: "E0005",
        title: "unknown escape in a string",
        text: "Only `\\\"` and `\\\\` are escapes inside a string.",
        wrong: "variant \"Mini\" { description \"first line\\nsecond line\" }",
        fixed: "variant \"Mini\" { description \"first line, second line\" }",
    },
    Explanation {
        code: "E0006",
        title: "number too large",
        text: "A number does not fit in 32 bits.",
        wrong: "end { repetition 99999999999 draw }",
        fixed: "end { repetition 3 draw }",
    },
    Explanation {
        code: "E0007",
        title: "unknown item or statement",
        text: "The first word of a statement is not a keyword of the block it stands in, or a top-level word is not an item. A misspelt keyword gets a \"did you mean\" suggestion.",
        wrong: "piece King { lettr K; moves K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0008",
        title: "malformed statement",
        text: "A statement starts with a known keyword, but what follows does not parse. The label covers the statement and says what it should look like.",
        wrong: "piece King { letter; moves K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0009",
        title: "malformed promotion, drops or castling rule",
        text: "A rule in a block without keywords (`promotion`, `drops`, `castling`) does not parse.",
        wrong: "promotion { Pawn => Queen in last-rank }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0010",
        title: "missing item",
        text: "Every variant needs one `variant`, one `board` and one `setup`.",
        wrong: "variant \"Mini\" { }   # and no `board`",
        fixed: "variant \"Mini\" { }\nboard { files a..h; ranks 1..8 }",
    },
    Explanation {
        code: "E0011",
        title: "item defined twice",
        text: "`variant`, `board`, `setup`, `castling`, `promotion`, `drops` and `end` may each appear once. The secondary label shows the first one.",
        wrong: "board { files a..h }\nboard { ranks 1..8 }",
        fixed: "board { files a..h; ranks 1..8 }",
    },
    Explanation {
        code: "E0012",
        title: "statement given twice",
        text: "A statement that may appear once in its block (`letter`, `royal`, `captured-as`, `files`, `stalemate`, a zone's `white:`, …) is given again. The secondary label shows the first one.",
        wrong: "piece King { letter K; letter Q; moves K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0013",
        title: "piece defined twice",
        text: "Two `piece` blocks have the same name, so references to it would be ambiguous.",
        wrong: "piece Guard { letter G; moves K }\npiece Guard { letter U; moves W }",
        fixed: "piece Guard { letter G; moves K }\npiece Warden { letter U; moves W }",
    },
    Explanation {
        code: "E0014",
        title: "invalid piece letter",
        text: "A piece's `letter` must be one ASCII letter: FEN writes it in upper case for White and in lower case for Black.",
        wrong: "piece King { letter KK; moves K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0015",
        title: "duplicate piece letter",
        text: "Two pieces have the same letter, ignoring case, so FEN could not tell them apart. The secondary label shows the piece that has it first.",
        wrong: "piece King { letter K; moves K; royal }\npiece Kangaroo { letter k; moves N }",
        fixed: "piece King { letter K; moves K; royal }\npiece Kangaroo { letter G; moves N }",
    },
    Explanation {
        code: "E0016",
        title: "piece without a letter",
        text: "Every piece needs a `letter`, its name in FEN.",
        wrong: "piece King { moves K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0017",
        title: "piece without moves",
        text: "Every piece needs at least one `moves` statement.",
        wrong: "piece King { letter K; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0018",
        title: "empty `moves`",
        text: "`moves` needs at least one Betza term.",
        wrong: "piece King { letter K; moves; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0019",
        title: "no royal piece",
        text: "Checkmate needs a royal piece: mark the king-like piece with `royal`. A game without one must be decided by another end rule: `extinction`, a goal (`<Piece> reaches <squares> <outcome>`) or a stalemate that is not a draw (clobber: the player who cannot move loses).",
        wrong: "piece King { letter K; moves K }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0020",
        title: "unknown piece",
        text: "A name in `captured-as`, `promotion`, `drops`, `castling`, `end` or a `setup <side> <Piece>` square set is not a declared piece. A close name is suggested.",
        wrong: "promotion { Pawn -> Quen in last-rank }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0021",
        title: "unknown Betza atom",
        text: "The upper-case letter of a Betza term is not a supported atom. The atoms are `W F D N A H C Z G` and `K R B Q`; castling is declared in a `castling` block, not with `O`.",
        wrong: "piece Amazon { letter A; moves QX }",
        fixed: "piece Amazon { letter A; moves QN }",
    },
    Explanation {
        code: "E0022",
        title: "unknown Betza modifier",
        text: "A lower-case letter before an atom is not a supported modifier. The modifiers are `f b l r v s` (directions), `m c e i n` (modes) and `p g` (hoppers).",
        wrong: "piece Pawn { letter P; moves jfW }",
        fixed: "piece Pawn { letter P; moves mfW }",
    },
    Explanation {
        code: "E0023",
        title: "unsupported Betza modifier",
        text: "`h` (XBetza's \"half\") is a modifier fairyc does not support.",
        wrong: "piece Knight { letter N; moves hN }",
        fixed: "piece Knight { letter N; moves ffN }",
    },
    Explanation {
        code: "E0024",
        title: "`m` and `c` in one Betza term",
        text: "`m` (move only) and `c` (capture only) exclude each other. A term that may both move and capture needs neither.",
        wrong: "piece Pawn { letter P; moves mcfW }",
        fixed: "piece Pawn { letter P; moves fW }",
    },
    Explanation {
        code: "E0025",
        title: "unknown guard",
        text: "The word after `if` in `moves` is not a guard. The only guard is `friend-adjacent`.",
        wrong: "piece Archbishop { letter A; moves B; moves mW if friend-adjacnt }",
        fixed: "piece Archbishop { letter A; moves B; moves mW if friend-adjacent }",
    },
    Explanation {
        code: "E0026",
        title: "zone defined twice",
        text: "Two `zone` blocks have the same name. The secondary label shows the first one.",
        wrong: "zone camp { white: rank 8; black: rank 1 }\nzone camp { white: rank 7; black: rank 2 }",
        fixed: "zone camp { white: rank 8; black: rank 1 }\nzone near-camp { white: rank 7; black: rank 2 }",
    },
    Explanation {
        code: "E0027",
        title: "zone without a side",
        text: "A zone gives squares for both sides: `white:` and `black:`.",
        wrong: "zone last-rank { white: rank 8 }",
        fixed: "zone last-rank { white: rank 8; black: rank 1 }",
    },
    Explanation {
        code: "E0028",
        title: "neither a zone nor a square",
        text: "A name standing alone as a square set must be a declared zone or look like a square (`e4`). A close zone name is suggested.",
        wrong: "promotion { Pawn -> Queen in last-rnk }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0029",
        title: "not a square",
        text: "In a list of squares, a name must be a square. A zone cannot be combined with other items: list its squares instead.",
        wrong: "drops { Pawn not-on rank 1, last-rank }",
        fixed: "drops { Pawn not-on rank 1, rank 8 }",
    },
    Explanation {
        code: "E0030",
        title: "piece promotes to itself",
        text: "A promotion rule lists the promoting piece among its targets. To let the player decline, write `optional` after the zone.",
        wrong: "promotion { Pawn -> Pawn | Queen in last-rank }",
        fixed: "promotion { Pawn -> Queen in last-rank optional }",
    },
    Explanation {
        code: "E0031",
        title: "unknown outcome",
        text: "Outcomes are `win`, `draw` and `loss`, seen from the player the rule happens to.",
        wrong: "end { checkmate lose }",
        fixed: "end { checkmate loss }",
    },
    Explanation {
        code: "E0032",
        title: "repetition count below 2",
        text: "A position can only repeat from its second occurrence.",
        wrong: "end { repetition 1 draw }",
        fixed: "end { repetition 3 draw }",
    },
    Explanation {
        code: "E0033",
        title: "invalid claim count",
        text: "A claim lets a player end the game before the automatic count: it must be at least 2 and less than the count.",
        wrong: "end { repetition 3 draw claim 3 }",
        fixed: "end { repetition 5 draw claim 3 }",
    },
    Explanation {
        code: "E0034",
        title: "unknown FEN order",
        text: "`fen` in `board` is `by-rank` (the default) or `by-file`.",
        wrong: "board { files a..h; ranks 1..8; fen by-row }",
        fixed: "board { files a..h; ranks 1..8; fen by-rank }",
    },
    Explanation {
        code: "E0035",
        title: "invalid castling letter",
        text: "A castling rule starts with its FEN castling letter: one ASCII letter, upper case for White, lower case for Black.",
        wrong: "castling { KQ: King e1 -> g1, Rook h1 -> f1 }",
        fixed: "castling { K: King e1 -> g1, Rook h1 -> f1 }",
    },
    Explanation {
        code: "E0036",
        title: "duplicate castling letter",
        text: "Two castling rules have the same letter, so FEN could not tell them apart.",
        wrong: "castling {\n    K: King e1 -> g1, Rook h1 -> f1\n    K: King e1 -> c1, Rook a1 -> d1\n}",
        fixed: "castling {\n    K: King e1 -> g1, Rook h1 -> f1\n    Q: King e1 -> c1, Rook a1 -> d1\n}",
    },
    Explanation {
        code: "E0037",
        title: "Betza modifiers after the atom",
        text: "Betza modifiers come before the atom they modify: `fW`, not `Wf`. The fix is suggested.",
        wrong: "piece Pawn { letter P; moves Wf }",
        fixed: "piece Pawn { letter P; moves fW }",
    },
    Explanation {
        code: "E0038",
        title: "Betza term without an upper-case atom",
        text: "A Betza term ends in an upper-case atom; lower-case letters are modifiers. The fix is suggested.",
        wrong: "piece Pawn { letter P; moves mfw }",
        fixed: "piece Pawn { letter P; moves mfW }",
    },
    Explanation {
        code: "E0039",
        title: "conflicting promotion rules",
        text: "Two promotion rules of one piece apply on the same square, and either one is `optional` and the other not, or both offer the same choice. On the shared squares the rules merge, so the compulsory rule would silently become optional (or a choice would appear twice).",
        wrong: "promotion {\n    Pawn -> Queen in rank 8\n    Pawn -> Queen | Knight in e8 optional\n}",
        fixed: "promotion {\n    Pawn -> Queen | Knight in rank 8\n}",
    },
    Explanation {
        code: "E0040",
        title: "more than one royal piece for a side",
        text: "Check and checkmate are defined for one royal piece per side; the setup gives a side two or more.",
        wrong: "setup \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\"",
        fixed: "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    },
    Explanation {
        code: "E0041",
        title: "promotion to a royal piece",
        text: "A piece may not promote to a royal piece: its side would then have two, and check, checkmate and the capture of a royal piece stop making sense.",
        wrong: "promotion { Pawn -> Queen | King in last-rank }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0042",
        title: "a royal piece in hand",
        text: "A royal piece can never be in a hand: it is never captured, and dropping a second one would give its side two. So no piece may be `captured-as` a royal piece, and no promotion may put one in hand with `hand(…)`.",
        wrong: "piece Queen { letter Q; moves Q; captured-as King }\ndrops { }",
        fixed: "piece Queen { letter Q; moves Q; captured-as Pawn }\ndrops { }",
    },
    Explanation {
        code: "E0043",
        title: "`captured-as` on a royal piece",
        text: "A royal piece is never captured (the game ends first), so what it becomes in hand means nothing: the statement is a mistake.",
        wrong: "piece King { letter K; moves K; royal; captured-as Pawn }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0044",
        title: "move limit out of range",
        text: "`move-limit <n>` ends the game after n full moves without a capture or a move that resets the count; n must be from 1 to 1000000. Write `move-limit off` for no limit.",
        wrong: "end { move-limit 0 }",
        fixed: "end { move-limit 50 }",
    },
    Explanation {
        code: "E0045",
        title: "a promotion choice given twice",
        text: "Each choice of a promotion rule is listed once; a repeated choice would be offered, and counted, twice.",
        wrong: "promotion { Pawn -> Queen | Queen in last-rank }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0046",
        title: "promotion to a hand without drops",
        text: "`hand(…)` puts the promoted piece in its side's hand; without a `drops` block nothing in hand can ever be played.",
        wrong: "promotion { Pawn -> hand(Queen) in last-rank }",
        fixed: "promotion { Pawn -> hand(Queen) in last-rank }\ndrops { }",
    },
    Explanation {
        code: "E0047",
        title: "a royal piece that promotes",
        text: "A royal piece may not promote: its side would be left without a royal piece.",
        wrong: "promotion { King -> Queen in last-rank }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0048",
        title: "a name that is empty or too long",
        text: "A table holds names of at most 256 bytes: the variant's name must have 1 to 256 bytes, a piece's name at most 256, and a file or rank label at most 128 (a square's name is its file's label and its rank's).",
        wrong: "variant \"\" { }",
        fixed: "variant \"Mini\" { }",
    },
    Explanation {
        code: "E0050",
        title: "the file is not valid UTF-8",
        text: "A `.variant` file is read as UTF-8 (a leading byte-order mark is skipped). The diagnostic points at the first byte that is not valid UTF-8, often a file saved in Latin-1 or UTF-16 by an editor. Save the file as UTF-8; names in the language are ASCII, and strings may hold any Unicode text.",
        wrong: "variant \"Caf\\xE9\" { }   # the byte 0xE9 alone (Latin-1)",
        fixed: "variant \"Café\" { }       # saved as UTF-8",
    },
    Explanation {
        code: "E0051",
        title: "missing `;` or newline between statements",
        text: "A statement ends at the end of its line or at `;`. Here a complete statement is followed on the same line by another complete statement of the same block (or an item by another item) with nothing between them. The label points at the gap; the statements themselves are fine.",
        wrong: "board { files a..h ranks 1..8 }",
        fixed: "board { files a..h; ranks 1..8 }",
    },
    Explanation {
        code: "E0052",
        title: "non-ASCII name",
        text: "Names, keywords, squares and Betza moves are written in ASCII: letters, digits, `_`, `'` and `-`. Any other character (an accented letter, a non-breaking space) may only stand inside a string or a comment. The label points at the first such character of the word.",
        wrong: "zone dernière { white: rank 8; black: rank 1 }",
        fixed: "zone derniere { white: rank 8; black: rank 1 }",
    },
    Explanation {
        code: "E0053",
        title: "number out of range",
        text: "A number lies outside the range its place allows, and the message says which range: a `forward` component is from -127 to 127, a Betza range (`B2`) is from 0 (unlimited) to 127, and a numeric label range (`ranks 1..8`) gives at most 128 labels.",
        wrong: "board { files a..h; ranks 1..8; forward white 0 200 }",
        fixed: "board { files a..h; ranks 1..8; forward white 0 1 }",
    },
    Explanation {
        code: "E0054",
        title: "unknown promotion trigger",
        text: "A promotion rule's `on` names which squares of a move make it apply: `start` (the move starts in the zone), `end` (it ends there, the default) and `pass` (it passes over a zone square), each at most once, joined by `or`. Shogi promotes on `start or end`.",
        wrong: "promotion { Pawn -> Queen in last-rank on begin or end }",
        fixed: "promotion { Pawn -> Queen in last-rank on start or end }",
    },
    Explanation {
        code: "E0055",
        title: "`except` without `optional`",
        text: "`except <squares>` names the destinations where an optional promotion may not be declined. A compulsory rule is never declined, so `except` on it means nothing and is refused.",
        wrong: "promotion { Pawn -> Queen in last-rank except a8, a1 }",
        fixed: "promotion { Pawn -> Queen in last-rank optional except a8, a1 }",
    },
    Explanation {
        code: "E0056",
        title: "per-file drop limit out of range",
        text: "`<Piece> per-file <n>` forbids dropping the piece on a file (a column of the board) that already holds `n` of the side's own pieces of that type; `n` is from 1 to 64. Shogi's nifu is `Pawn per-file 1`.",
        wrong: "drops { Pawn per-file 0 }",
        fixed: "drops { Pawn per-file 1 }",
    },
    Explanation {
        code: "E0150",
        title: "promotion limit out of range",
        text: "`<Piece> max <n>` in `promotion` lets a piece promote to `<Piece>` only while its side has fewer than n of them on the board (Grand chess: a pawn promotes only to a piece its side has lost); n is from 1 to 64.",
        wrong: "promotion { Queen max 0 }",
        fixed: "promotion { Queen max 1 }",
    },
    Explanation {
        code: "E0151",
        title: "two promotion limits for one piece",
        text: "A piece has at most one `max` statement in `promotion`.",
        wrong: "promotion {\n    Queen max 1\n    Queen max 2\n}",
        fixed: "promotion { Queen max 1 }",
    },
    Explanation {
        code: "E0057",
        title: "`none` with pieces in `resets-clock`",
        text: "`resets-clock` lists the pieces whose moves and drops reset the half-move clock (captures always do), or says `none`; `none` cannot be mixed with pieces.",
        wrong: "end { resets-clock none, Pawn }",
        fixed: "end { resets-clock none }",
    },
    Explanation {
        code: "E0063",
        title: "`any` for only one piece of a castling",
        text: "A free (Chess960) castling writes `any` for the start squares of both its pieces: the position (its FEN) says where the king and the rook stand, on the line through their two destinations. A castling with one fixed start square and one `any` is neither kind.",
        wrong: "castling { K: King any -> g1, Rook h1 -> f1 }",
        fixed: "castling { K: King any -> g1, Rook any -> f1 }",
    },
    Explanation {
        code: "E0058",
        title: "too many points",
        text: "`points <n>` (what a piece counts when the material is counted) and `komi <side> <n>` (what a side adds to its count) take a number with at most one decimal, from 0 to 10000.",
        wrong: "end { komi black 20000 }",
        fixed: "end { komi black 1.5 }",
    },
    Explanation {
        code: "E0059",
        title: "`cannot-hop` without hopper moves",
        text: "`cannot-hop <Piece>, …` names pieces that the piece's hopper moves (`p`, `g`) may not jump over, as janggi's cannon may not jump a cannon. A piece without a hopper move has nothing for it to restrict.",
        wrong: "piece Cannon { letter C; moves mR cR; cannot-hop Cannon }",
        fixed: "piece Cannon { letter C; moves mR cpR; cannot-hop Cannon }",
    },
    Explanation {
        code: "E0064",
        title: "a gate right the FEN cannot write",
        text: "The FEN writes each gate right as its square's file letter, after the side's castling letters (`KQABCDEFGHkqabcdefgh`). So each side's gate squares must have one-letter files, no two on the same file, none whose letter is one of the side's castling letters; and a variant with free castling, whose rights are file letters too, cannot gate.",
        wrong: "zone home { white: rank 1, a2; black: rank 8 }\ngating { Hawk on home }",
        fixed: "zone home { white: rank 1; black: rank 8 }\ngating { Hawk on home }",
    },
    Explanation {
        code: "E0101",
        title: "bad label range",
        text: "A range of file or rank labels must run from a lower to a higher letter or number of the same kind.",
        wrong: "board { files a..3; ranks 1..8 }",
        fixed: "board { files a..h; ranks 1..8 }",
    },
    Explanation {
        code: "E0102",
        title: "board without files or ranks",
        text: "A board needs both `files` and `ranks`.",
        wrong: "board { ranks 1..8 }",
        fixed: "board { files a..h; ranks 1..8 }",
    },
    Explanation {
        code: "E0103",
        title: "board too large or empty",
        text: "A board has 1 to 128 squares and at most 1024 cells.",
        wrong: "board { files a..p; ranks 1..16 }",
        fixed: "board { files a..l; ranks 1..10 }",
    },
    Explanation {
        code: "E0104",
        title: "wrong number of rows in `cells`",
        text: "The cell map draws one row per rank, top rank first.",
        wrong: "board { files a..c; ranks 1..3; cells { \"...\" \"...\" } }",
        fixed: "board { files a..c; ranks 1..3; cells { \"...\" \"...\" \"...\" } }",
    },
    Explanation {
        code: "E0105",
        title: "wrong row width in `cells`",
        text: "Each row of the cell map has one character per file.",
        wrong: "board { files a..c; ranks 1..2; cells { \"...\" \"..\" } }",
        fixed: "board { files a..c; ranks 1..2; cells { \"...\" \"...\" } }",
    },
    Explanation {
        code: "E0106",
        title: "bad cell character",
        text: "In `cells`, `.` is a square, `-` a cell off the board, `#` a hole, and a letter part of a multi-cell square.",
        wrong: "board { files a..c; ranks 1..2; cells { \"..*\" \"...\" } }",
        fixed: "board { files a..c; ranks 1..2; cells { \"..#\" \"...\" } }",
    },
    Explanation {
        code: "E0107",
        title: "cell letter without its square",
        text: "A lower-case cell belongs to the multi-cell square named by the same letter in upper case, which must appear exactly once.",
        wrong: "board { files a..c; ranks 1..2; cells { \".a.\" \"...\" } }",
        fixed: "board { files a..c; ranks 1..2; cells { \"Aa.\" \"...\" } }",
    },
    Explanation {
        code: "E0108",
        title: "multi-cell square not connected",
        text: "The cells of a multi-cell square must touch each other.",
        wrong: "board { files a..c; ranks 1..2; cells { \"A.a\" \"...\" } }",
        fixed: "board { files a..c; ranks 1..2; cells { \"Aa.\" \"...\" } }",
    },
    Explanation {
        code: "E0109",
        title: "zero forward vector",
        text: "A side's `forward` vector gives its direction on the grid and cannot be `0 0`.",
        wrong: "board { files a..h; ranks 1..8; forward white 0 0 }",
        fixed: "board { files a..h; ranks 1..8; forward white 0 1 }",
    },
    Explanation {
        code: "E0110",
        title: "unknown square",
        text: "A square name is not on this board. A close square name is suggested.",
        wrong: "promotion { Pawn -> Queen in i9 }",
        fixed: "promotion { Pawn -> Queen in h8 }",
    },
    Explanation {
        code: "E0111",
        title: "unknown rank",
        text: "A `rank` or `ranks` item names a rank the board does not have.",
        wrong: "drops { Pawn not-on rank 1, rank 9 }",
        fixed: "drops { Pawn not-on rank 1, rank 8 }",
    },
    Explanation {
        code: "E0112",
        title: "unknown file",
        text: "A `file` or `files` item names a file the board does not have.",
        wrong: "drops { Pawn not-on file z }",
        fixed: "drops { Pawn not-on file h }",
    },
    Explanation {
        code: "E0113",
        title: "unknown zone (reserved)",
        text: "A name used as a zone was not declared. The checker reports this as `E0028` before the lowering runs, so a source file does not produce `E0113`; the code is kept so that it never changes meaning.",
        wrong: "promotion { Pawn -> Queen in far }",
        fixed: "zone far { white: rank 8; black: rank 1 }\npromotion { Pawn -> Queen in far }",
    },
    Explanation {
        code: "E0114",
        title: "empty promotion zone",
        text: "A promotion zone has no square for a side, so that side could never promote.",
        wrong: "promotion { Pawn -> Queen in setup black Rook }   # and Black has no Rook",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0115",
        title: "direction selects no move",
        text: "The direction modifiers of a Betza term select none of its atom's directions (`ffF`: no diagonal step goes mainly forward), so the term adds nothing.",
        wrong: "piece Pawn { letter P; moves mfW cffF }",
        fixed: "piece Pawn { letter P; moves mfW cfF }",
    },
    Explanation {
        code: "E0116",
        title: "piece cannot move",
        text: "A piece has moves, but none of them leads anywhere from any square of this board (e.g. a leap longer than the board).",
        wrong: "board { files a..c; ranks 1..3 }\npiece Camel { letter C; moves C }\nsetup \"k1c/3/K1C w - - 0 1\"",
        fixed: "board { files a..d; ranks 1..4 }\npiece Camel { letter C; moves C }\nsetup \"k2c/4/4/K2C w - - 0 1\"",
    },
    Explanation {
        code: "E0118",
        title: "unreadable setup",
        text: "The setup's FEN cannot be read: a row describes more or fewer squares than the board has, there are too many or too few rows, or a letter is no piece's.",
        wrong: "setup \"4k4/8/8/8/8/8/8/4K3 w - - 0 1\"",
        fixed: "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    },
    Explanation {
        code: "E0119",
        title: "illegal setup",
        text: "The setup reads, but is not a legal position: a side without a royal piece, the side not to move in check, ….",
        wrong: "setup \"8/8/8/8/8/8/8/4K3 w - - 0 1\"",
        fixed: "setup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
    },
    Explanation {
        code: "E0120",
        title: "castling squares not in line",
        text: "A castling rule's king and rook squares must lie on one rank, file or diagonal.",
        wrong: "castling { K: King e1 -> g2, Rook h1 -> f1 }",
        fixed: "castling { K: King e1 -> g1, Rook h1 -> f1 }",
    },
    Explanation {
        code: "E0121",
        title: "ambiguous demotion",
        text: "In a variant with drops, a piece that several pieces promote to cannot know what it becomes in hand when captured. Say it with `captured-as`.",
        wrong: "promotion { Pawn -> General in last-rank; Soldier -> General in last-rank }",
        fixed: "piece General { letter G; moves K; captured-as Pawn }",
    },
    Explanation {
        code: "E0122",
        title: "a label listed twice",
        text: "Every file and every rank needs its own label: square names are made of them.",
        wrong: "board { files a b b c d e f g; ranks 1..8 }",
        fixed: "board { files a b c d e f g h; ranks 1..8 }",
    },
    Explanation {
        code: "E0124",
        title: "castling king and rook on one square",
        text: "The king and the rook of a castling rule must start on different squares and end on different squares: one piece cannot be both, and two pieces cannot end on one square.",
        wrong: "castling { K: King e1 -> g1, Rook e1 -> f1 }",
        fixed: "castling { K: King e1 -> g1, Rook h1 -> f1 }",
    },
    Explanation {
        code: "E0135",
        title: "`p` and `g` in one term",
        text: "A hopper term is either `p` (over exactly one piece, to any square beyond it that the atom allows: the cannon's capture `cpR`) or `g` (over exactly one piece, to the square directly behind it: the grasshopper `gQ`), not both.",
        wrong: "piece Cannon { letter C; moves mR cpgR }",
        fixed: "piece Cannon { letter C; moves mR cpR }",
    },
    Explanation {
        code: "E0136",
        title: "`faces` in a piece that is not royal",
        text: "`faces <Betza>` declares the flying-general rule: a royal piece and an enemy royal piece may not stand on such a line with nothing between them, so a move that leaves them so is illegal. It belongs in a royal piece.",
        wrong: "piece Chariot { letter R; moves R; faces vR }",
        fixed: "piece King { letter K; moves K; royal; faces vR }",
    },
    Explanation {
        code: "E0137",
        title: "`cannot-capture` lists a royal piece",
        text: "`cannot-capture <Piece>, …` names enemy pieces the piece never captures. A royal piece is never captured at all: checks and checkmate are about attacking it, so a piece that could not capture it would give checks that are not checks. List only pieces that are not royal.",
        wrong: "piece Cannon { letter C; moves mR cpR; cannot-capture King }",
        fixed: "piece Cannon { letter C; moves mR cpR; cannot-capture Cannon }",
    },
    Explanation {
        code: "E0138",
        title: "`pass allowed` without a royal piece for both sides",
        text: "A pass is written as the mover's royal piece's square twice (`e2e2`, as Fairy-Stockfish writes it), and a player in check may not pass: both sides need a royal piece, so `royal white` or `royal black` alone cannot pass.",
        wrong: "piece King { letter K; moves K; royal white }\nlegality { pass allowed }",
        fixed: "piece King { letter K; moves K; royal }\nlegality { pass allowed }",
    },
    Explanation {
        code: "E0139",
        title: "`facing` without `faces`",
        text: "`facing <outcome>` in `end` is janggi's bikjang: royal pieces that face each other along their `faces` lines must be parted, or the game ends. Without `faces` in a royal piece there are no lines to face along.",
        wrong: "end { facing draw }",
        fixed: "piece King { letter K; moves K; royal; faces vR }\nend { facing draw }",
    },
    Explanation {
        code: "E0145",
        title: "check count out of range",
        text: "`checks <n> <outcome>` counts the checks each player gives; the player who has given n of them gets the outcome. n must be from 1 to 100.",
        wrong: "end { checks 0 win }",
        fixed: "end { checks 3 win }",
    },
    Explanation {
        code: "E0170",
        title: "counting limit out of range",
        text: "`counting … bare <limits>` and `board <n>` give limits in moves, from 1 to 1000; a limit's piece counts (`2 Rook -> 8`) are from 1 to 255. The count of a side that has more than one piece (`board`) starts at 0, a bare side's at 0 or at the number of pieces on the board (`from pieces`); the game is drawn when the count passes the limit.",
        wrong: "end { counting bare Rook -> 0 }",
        fixed: "end { counting bare Rook -> 16 }",
    },
    Explanation {
        code: "E0171",
        title: "counting limit never used",
        text: "A bare side's limit is the first in the `bare` list whose pieces the opponent has. A limit without pieces (`64`) always applies, so the limits after it are never reached: put it last.",
        wrong: "end { counting bare 64, Rook -> 16 }",
        fixed: "end { counting bare Rook -> 16, 64 }",
    },
    Explanation {
        code: "E0160",
        title: "board Fairy-Stockfish cannot hold",
        text: "`fairyc export --to fairy-stockfish` writes a variant for Fairy-Stockfish 11.1, whose boards are rectangles of up to 12 files and 10 ranks, one cell per square, named a1, b1, … and written in FEN rank by rank from the top, White moving up. A board with holes, squares of several cells, cells off the board, other labels, other forward directions or a larger size cannot be exported.",
        wrong: "board { files a..c; ranks 1..3; cells { \"...\" \".#.\" \"...\" } }\nsetup \"k2/2/2K w - - 0 1\"",
        fixed: "board { files a..c; ranks 1..3 }\nsetup \"k2/3/2K w - - 0 1\"",
    },
    Explanation {
        code: "E0161",
        title: "piece Fairy-Stockfish has no type for",
        text: "Fairy-Stockfish 11.1 has no custom pieces: every piece is one of its predefined types (pawn, knight, bishop, rook, queen, king, fers, alfil, fersAlfil, silver, aiwok, bers, archbishop, chancellor, amazon, knibis, biskni, kniroo, rookni, shogiPawn, lance, shogiKnight, euroshogiKnight, gold, dragonHorse, clobber, breakthrough, cannon, soldier, horse, elephant, wazir, commoner, centaur). The export compares the piece's moves from every square of the board with each type's, path by path, and refuses a piece that equals none: a pawn without a double step, a piece confined to a region (`within`), a guarded move, a Betza atom FSF lacks.",
        wrong: "piece Camel { letter C; moves C }",
        fixed: "piece Knight { letter N; moves N }",
    },
    Explanation {
        code: "E0162",
        title: "two pieces of one Fairy-Stockfish type",
        text: "Fairy-Stockfish gives each piece type of a variant one letter, so two pieces that move the same way (two `commoner`s, say) cannot both be exported.",
        wrong: "piece Man { letter M; moves K }
piece Guard { letter G; moves K }",
        fixed: "piece Man { letter M; moves K }",
    },
    Explanation {
        code: "E0163",
        title: "royal piece Fairy-Stockfish cannot play",
        text: "The export needs at most one royal piece type, royal for both sides and moving like a chess king (Fairy-Stockfish's `king`; a variant without one, such as antichess, has no `king` and a non-royal king is a `commoner`). A variant with several royal types, with a royal piece of one side only (horde), or with a king that moves otherwise (knightmate, xiangqi's palace-bound general) is refused.",
        wrong: "piece King { letter K; moves N; royal }",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "E0164",
        title: "promotion Fairy-Stockfish cannot express",
        text: "Fairy-Stockfish 11.1 promotes only its pawn, compulsorily, when a move ends on a rank from `promotionRank` on (mirrored for Black), to the types of `promotionPieceTypes`. A promotion of another piece, an optional one, one on starting or passing a square, one whose zone is not such ranks, one to hand, and a pawn that never promotes are refused.",
        wrong: "promotion { Pawn -> Queen in last-rank optional }",
        fixed: "promotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "E0165",
        title: "drops Fairy-Stockfish cannot express",
        text: "Fairy-Stockfish 11.1 drops any piece on any empty square, except that pawns may be kept off their first rank (`firstRankPawnDrops = false`) and off the promotion zone (`promotionZonePawnDrops = false`). Other forbidden squares, `per-file`, `no-drop-mate` and `also-as` are refused.",
        wrong: "drops { Knight not-on rank 1 }",
        fixed: "drops { Pawn not-on rank 1, rank 8 }",
    },
    Explanation {
        code: "E0166",
        title: "castling Fairy-Stockfish cannot express",
        text: "Fairy-Stockfish 11.1 castles the king with a rook from the corner of the castling rank: the king goes to the files `castlingKingsideFile` and `castlingQueensideFile`, the same for both sides, and the rook beside it on the inner side, with the rights written K, Q, k, q. Other castling rules are refused.",
        wrong: "castling { K: King e1 -> g1, Rook h1 -> e1 }",
        fixed: "castling { K: King e1 -> g1, Rook h1 -> f1 }",
    },
    Explanation {
        code: "E0167",
        title: "end rule Fairy-Stockfish cannot express",
        text: "The export writes checkmate and stalemate outcomes, repetition (`nFoldRule`, `nFoldValue`), the move limit (`nMoveRule`; the half-move clock must be reset by pawns and captures only, as FSF does), check counting won by the player who gives the checks (`checkCounting`), compulsory capture (`mustCapture`), forbidden checks (`checking = false`), the goals of one piece that win (`flagPiece`, `whiteFlag`, `blackFlag`, `flagMove` for `after-reply`) and extinction rules sharing one count and outcome (`extinctionValue`, `extinctionPieceTypes`, `extinctionPieceCount`). Other goals and extinction rules, bare king, stalemate by material and other clock rules are refused.",
        wrong: "end { checkmate loss; bare-king loss }",
        fixed: "end { checkmate loss }",
    },
    Explanation {
        code: "E0168",
        title: "promoted face or `captured-as` not exported",
        text: "Pieces written with `+` (shogi's promoted faces) and pieces that go to hand as another piece (`captured-as`) need Fairy-Stockfish's `promotedPieceType` and demotion machinery, which the export does not cover yet.",
        wrong: "piece Tokin { letter +P; moves WfF; captured-as Pawn }",
        fixed: "# (export a variant without promoted faces)",
    },
    Explanation {
        code: "E0199",
        title: "invalid tables",
        text: "The runtime rejected the lowered tables. Every limit of the tables should be reported earlier with its own code (a board of more than 128 squares is `E0103`; letters, unique ignoring case, allow at most 26 pieces, below the tables' limit of 32), so this is a bug in fairyc: please report it with the file.",
        wrong: "# no known file: please report one",
        fixed: "# (none)",
    },
    Explanation {
        code: "W0001",
        title: "piece never used",
        text: "A piece is neither in the setup, nor a promotion target, nor what a captured piece becomes in hand: it can never appear in a game.",
        wrong: "piece Camel { letter C; moves C }   # and no `C` in the setup",
        fixed: "piece Camel { letter C; moves C }\nsetup \"c3k3/8/8/8/8/8/8/C3K3 w - - 0 1\"",
    },
    Explanation {
        code: "W0002",
        title: "unreachable squares",
        text: "No piece can ever move to these squares, nothing starts there and nothing can be dropped there. Usually the board drawing or a piece's moves is wrong.",
        wrong: "piece King { letter K; moves F; royal }   # and both Kings start on dark squares",
        fixed: "piece King { letter K; moves K; royal }",
    },
    Explanation {
        code: "W0003",
        title: "drop or gating rule for a piece never in hand",
        text: "A `drops` or `gating` rule names a piece that can never be in a hand (royal pieces are never captured, pieces with `captured-as` go to hand as another piece; without `drops`, only the setup's `[…]` puts pieces in hand).",
        wrong: "drops { King not-on rank 1 }",
        fixed: "drops { Pawn not-on rank 1 }",
    },
    Explanation {
        code: "W0004",
        title: "end rule that can never trigger",
        text: "A `<Piece> reaches <squares>` rule names squares the piece can never stand on for a side.",
        wrong: "end { Pawn reaches rank 1 win }   # for White",
        fixed: "end { Pawn reaches last-rank win }",
    },
    Explanation {
        code: "W0005",
        title: "piece that can never be dropped",
        text: "A `not-on` rule forbids every square of the board for both sides: the piece stays in hand forever.",
        wrong: "drops { Pawn not-on ranks 1..8 }",
        fixed: "drops { Pawn not-on rank 1, rank 8 }",
    },
    Explanation {
        code: "W0006",
        title: "`captured-as` without drops",
        text: "Without a `drops` block, or with `captures-to-hand off` in it, captured pieces do not go to a hand, so `captured-as` has no effect.",
        wrong: "piece Queen { letter Q; moves Q; captured-as Pawn }   # and no `drops`",
        fixed: "piece Queen { letter Q; moves Q; captured-as Pawn }\ndrops { }",
    },
    Explanation {
        code: "W0007",
        title: "a piece that can get stuck",
        text: "A piece can reach a square from which it has no move, and neither a promotion rule nor a goal of the piece (`<Piece> reaches <squares>`) applies to it there: once there it can never move again. Usually a promotion rule is missing (or does not cover the square), or the piece's moves are wrong.",
        wrong: "piece Pawn { letter P; moves mfW cfF }   # and no promotion",
        fixed: "piece Pawn { letter P; moves mfW cfF }\npromotion { Pawn -> Queen in last-rank }",
    },
    Explanation {
        code: "W0008",
        title: "the game is over at the start",
        text: "In the start position the game is already over: the side to move is checkmated or stalemated, a goal is reached, a bare-king rule or the move limit applies. Usually the side to move or a piece's place is wrong.",
        wrong: "setup \"k7/8/1QK5/8/8/8/8/8 b - - 0 1\"",
        fixed: "setup \"k7/8/1QK5/8/8/8/8/8 w - - 0 1\"",
    },
    Explanation {
        code: "W0011",
        title: "`fen-only` piece that can appear in a game",
        text: "`fen-only` says a piece appears only in positions given by FEN (as Fairy-Stockfish's `fairy` accepts extra pieces in FENs), which silences `W0001`. This piece can appear in a game anyway: it is in the setup, a promotion target or what a captured piece becomes. Remove the mark, or the piece from those places.",
        wrong: "piece Silver { letter S; moves FfW; fen-only }\nsetup \"s3k3/8/8/8/8/8/8/S3K3 w - - 0 1\"",
        fixed: "piece Silver { letter S; moves FfW }\nsetup \"s3k3/8/8/8/8/8/8/S3K3 w - - 0 1\"",
    },
    Explanation {
        code: "W0009",
        title: "`double-pass` without passing",
        text: "`double-pass <verdict>` ends the game after two passes in a row, but without `pass allowed` in `legality` no player may pass, so the rule never triggers.",
        wrong: "end { double-pass draw }",
        fixed: "legality { pass allowed }\nend { double-pass draw }",
    },
];
