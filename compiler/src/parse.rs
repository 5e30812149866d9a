//! Source text → [`ast::File`], through the pest grammar of `fairyc-grammar`.
//!
//! pest only fails on broken structure (unbalanced braces, an unterminated
//! string, …): the grammar turns every statement it does not understand into
//! an `Unknown` node, which [`crate::check`] reports. pest spans are converted
//! to our [`Span`] here, once.
//!
//! Building the tree finds a few more errors: a missing `;` or newline
//! between two complete statements on one line (`E0051`, from the grammar's
//! `missing_sep` marker), a non-ASCII character in an unknown statement
//! (`E0052`: nothing but strings and comments may hold one, so it is why the
//! statement did not parse), and numbers out of range (`E0006`, `E0053`).
//! [`parse`] stops at any of them; [`parse_recovering`] (what
//! [`crate::compile`] uses) goes on, so that the rest of the file is
//! checked: it reads the parts of a broken file on their own, and tells
//! which items hold an error that the checker would only repeat.

use fairyc_grammar::{Rule, VariantParser};
use pest::error::InputLocation;
use pest::iterators::Pair;
use pest::Parser;

use crate::ast::{
    self, AllowDecl, Betza, BetzaRange, BetzaTerm, BlastDecl, BlastRule, BoardDecl, BoardProp,
    CastlingDecl, CastlingRule, ClockDecl, ClockEvent, ClockRule, CountingLimit, CountingNeed,
    DropRule, DropsDecl, EndDecl, EndRule, FlipsDecl, GatingDecl, GatingRule, Item, Labels,
    LegalityDecl, LegalityRule, LineShape, MoveRegion, NotationKind, PieceDecl, PieceProp,
    PromotionDecl, PromotionLimit, PromotionRule, PromotionTarget, RegionKind, RoyalCheck,
    RoyalDecl, RoyalRule, ScoringDecl, ScoringRule, SetItem, SetupDecl, Side, SquareSet, Unknown,
    VariantDecl, VariantProp, WallsDecl, ZoneDecl,
};
use crate::error::{Block, CompileError, ErrorKind};
use crate::span::{Span, Spanned};

/// The largest `forward` component: the tables store it in a signed byte.
pub const MAX_FORWARD: i64 = 127;

/// The largest Betza range (`B1023`): a ride of more steps needs more squares
/// in a line than a board can have.
pub const MAX_BETZA_RANGE: i64 = fairyc_runtime::table::MAX_SQUARES as i64 - 1;

/// The most labels a numeric range (`ranks 1..8`) may give: the most file or
/// rank labels a table holds.
pub const MAX_RANGE_LABELS: i64 = fairyc_runtime::table::MAX_LABELS as i64;

/// The largest start of a numeric label range (`ranks 1..8`): nine digits.
pub const MAX_RANGE_START: i64 = 999_999_999;

/// Parses a whole `.variant` source into its syntax tree.
///
/// # Errors
///
/// A syntax error (the structure is broken: an unclosed `{`, an unterminated
/// string, …), or the errors found while building the tree: a missing `;` or
/// newline between two statements on one line (`E0051`), a non-ASCII
/// character outside strings and comments (`E0052`), a bad escape, a number
/// out of range (`E0006`, `E0053`).
/// Mistakes inside well-formed blocks are not errors here: they become
/// `Unknown` nodes for [`crate::check::check`].
///
/// # Examples
///
/// ```
/// let file = fairyc_compiler::parse::parse("piece King {\n  letter K\n  moves K\n}\n");
/// assert_eq!(file.map(|f| f.items.len()), Ok(1));
/// ```
pub fn parse(source: &str) -> Result<ast::File, Vec<CompileError>> {
    match VariantParser::parse(Rule::file, source) {
        Ok(pairs) => build(source, pairs),
        Err(err) => {
            let error = scan_structure(source).unwrap_or_else(|| syntax_error(&err, source));
            Err(vec![error])
        }
    }
}

/// The tree of a parsed file, or the errors found while building it.
fn build(
    source: &str,
    pairs: pest::iterators::Pairs<'_, Rule>,
) -> Result<ast::File, Vec<CompileError>> {
    let (file, errors, _) = build_all(source, pairs);
    if errors.is_empty() {
        Ok(file)
    } else {
        Err(errors)
    }
}

/// The tree of a parsed file, the errors found while building it (sorted by
/// place) and the span of each item.
fn build_all(
    source: &str,
    mut pairs: pest::iterators::Pairs<'_, Rule>,
) -> (ast::File, Vec<CompileError>, Vec<Span>) {
    let mut builder = Builder {
        source,
        errors: Vec::new(),
    };
    let mut spans = Vec::new();
    let items = match pairs.next() {
        Some(file) => {
            builder.missing_separators(&file);
            file.into_inner()
                .filter(|p| p.as_rule() != Rule::EOI)
                .map(|p| {
                    spans.push(span_of(&p));
                    builder.item(p)
                })
                .collect()
        }
        None => Vec::new(),
    };
    builder.errors.sort_by_key(|e| (e.span.start, e.span.end));
    let file = ast::File {
        items,
        broken: Vec::new(),
    };
    (file, builder.errors, spans)
}

/// What [`parse_recovering`] found: the tree of what parsed, and the
/// errors.
#[derive(Clone, Debug)]
pub struct Recovered {
    /// The tree of every item that parsed, with the parts that did not in
    /// [`ast::File::broken`]; `None` only if the recovery failed.
    pub file: Option<ast::File>,
    /// The syntax errors, sorted by place.
    pub errors: Vec<CompileError>,
    /// The items that hold one of those errors (a missing `;`, a non-ASCII
    /// name, a number out of range): what the checker finds there would
    /// only repeat it, so it is not reported.
    pub quiet: Vec<Span>,
}

/// [`parse`], recovering from syntax errors so that the rest of the file
/// can be checked. When the file does not parse, it is cut before every
/// line that starts (in its first column) with a top-level item keyword,
/// each part is parsed on its own, and a part that does not parse gets its
/// own syntax error (an unclosed `{`, …) and stands in
/// [`ast::File::broken`]. The errors found while building the tree (`E0051`,
/// `E0052`, `E0006`, `E0053`) do not stop it either: the items that hold
/// them are listed in [`Recovered::quiet`].
///
/// # Examples
///
/// ```
/// let source = "piece King { letter K\npiece Rook { lettr R }\n";
/// let recovered = fairyc_compiler::parse::parse_recovering(source);
/// assert_eq!(recovered.errors.len(), 1); // the unclosed `{`
/// let file = recovered.file.expect("the rest parses");
/// assert_eq!((file.items.len(), file.broken.len()), (1, 1));
/// ```
pub fn parse_recovering(source: &str) -> Recovered {
    let mut errors = Vec::new();
    let mut broken = Vec::new();
    // The source with the parts that do not parse blanked (newlines kept),
    // so that the rest parses once with its spans in place: blanking keeps
    // every byte offset (a non-ASCII character becomes as many spaces as it
    // has bytes).
    let mut kept = String::new();
    let pairs = match VariantParser::parse(Rule::file, source) {
        Ok(pairs) => pairs,
        Err(_) => {
            kept.reserve(source.len());
            for (start, end) in parts(source) {
                let part = source.get(start..end).unwrap_or_default();
                match VariantParser::parse(Rule::file, part) {
                    Ok(_) => kept.push_str(part),
                    Err(err) => {
                        let mut error =
                            scan_structure(part).unwrap_or_else(|| syntax_error(&err, part));
                        error.span = Span::new(
                            start + error.span.start as usize,
                            start + error.span.end as usize,
                        );
                        errors.push(error);
                        broken.push(broken_part(source, start, end));
                        kept.extend(part.bytes().map(|b| if b == b'\n' { '\n' } else { ' ' }));
                    }
                }
            }
            match VariantParser::parse(Rule::file, &kept) {
                Ok(pairs) => pairs,
                Err(err) => {
                    // Parts that parse alone parse together: only a case
                    // that should not happen ends here.
                    errors.push(syntax_error(&err, &kept));
                    return Recovered {
                        file: None,
                        errors,
                        quiet: Vec::new(),
                    };
                }
            }
        }
    };
    let text = if kept.is_empty() { source } else { &kept };
    let (mut file, built, spans) = build_all(text, pairs);
    file.broken = broken;
    let quiet = spans
        .into_iter()
        .filter(|s| built.iter().any(|e| overlaps(*s, e.span)))
        .collect();
    errors.extend(built);
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    Recovered {
        file: Some(file),
        errors,
        quiet,
    }
}

/// Whether an error's span starts in an item's span. An error of the whole
/// file (an empty span at its start: a missing item) is in none.
pub fn overlaps(item: Span, error: Span) -> bool {
    error != Span::default() && error.start >= item.start && error.start < item.end
}

/// The parts of a source that [`parse_recovering`] parses on their own:
/// `(start, end)` byte ranges that cover it, each new one starting at a line
/// that begins with a top-level item keyword.
fn parts(source: &str) -> Vec<(usize, usize)> {
    let items = Block::TopLevel.keywords().collect::<Vec<_>>();
    let mut starts = vec![0];
    let mut offset = 0;
    for line in source.split_inclusive('\n') {
        let word: &str = line
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '\''))
            .next()
            .unwrap_or_default();
        if offset > 0 && items.contains(&word) {
            starts.push(offset);
        }
        offset += line.len();
    }
    let ends = starts.iter().skip(1).copied().chain([source.len()]);
    starts.iter().copied().zip(ends).collect()
}

/// A part that does not parse, as an unknown item: its first word and its
/// text up to its last non-blank character.
fn broken_part(source: &str, start: usize, end: usize) -> Unknown {
    let part = source.get(start..end).unwrap_or_default();
    // The first word, after blank lines and comments.
    let mut at = 0;
    for line in part.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//") {
            at += line.len();
            continue;
        }
        at += line.len() - trimmed.len();
        break;
    }
    let rest = part.get(at..).unwrap_or_default();
    let len = rest.find(|c: char| !word_char(c)).unwrap_or(rest.len());
    let keyword = Spanned::new(
        rest.get(..len).unwrap_or_default().to_owned(),
        Span::new(start + at, start + at + len),
    );
    let end = start + part.trim_end().len();
    Unknown {
        keyword,
        span: Span::new(start + at, end.max(start + at)),
    }
}

/// How a grammar rule reads in "expected …" messages.
///
/// Exhaustive on purpose: a new rule does not compile until it has a name.
pub fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of file",
        Rule::WHITESPACE => "whitespace",
        Rule::COMMENT => "a comment",
        Rule::ident => "a name",
        Rule::label => "a file or rank label",
        Rule::int => "a number",
        Rule::count => "a number",
        Rule::string => "a string",
        Rule::string_inner => "the text of a string",
        Rule::side => "`white` or `black`",
        Rule::kw_variant => "`variant`",
        Rule::kw_board => "`board`",
        Rule::kw_piece => "`piece`",
        Rule::kw_setup => "`setup`",
        Rule::kw_castling => "`castling`",
        Rule::kw_zone => "`zone`",
        Rule::kw_promotion => "`promotion`",
        Rule::kw_drops => "`drops`",
        Rule::kw_gating => "`gating`",
        Rule::kw_end => "`end`",
        Rule::kw_alias => "`alias`",
        Rule::kw_description => "`description`",
        Rule::kw_source => "`source`",
        Rule::kw_files => "`files`",
        Rule::kw_ranks => "`ranks`",
        Rule::kw_file => "`file`",
        Rule::kw_rank => "`rank`",
        Rule::kw_cells => "`cells`",
        Rule::kw_forward => "`forward`",
        Rule::kw_fen => "`fen`",
        Rule::kw_wrap => "`wrap`",
        Rule::kw_shape => "`shape`",
        Rule::kw_name => "`name`",
        Rule::kw_letter => "`letter`",
        Rule::kw_also => "`also`",
        Rule::kw_moves => "`moves`",
        Rule::kw_if => "`if`",
        Rule::kw_within => "`within`",
        Rule::kw_from => "`from`",
        Rule::kw_once => "`once`",
        Rule::kw_faces => "`faces`",
        Rule::kw_cannot_capture => "`cannot-capture`",
        Rule::kw_cannot_hop => "`cannot-hop`",
        Rule::kw_points => "`points`",
        Rule::kw_pass => "`pass`",
        Rule::kw_allow => "`allow`",
        Rule::kw_allowed => "`allowed`",
        Rule::kw_double_pass => "`double-pass`",
        Rule::kw_draw_odds => "`draw-odds`",
        Rule::kw_opponent_has => "`opponent-has`",
        Rule::kw_facing => "`facing`",
        Rule::kw_komi => "`komi`",
        Rule::decimal => "a number of points (`13`, `1.5`)",
        Rule::cannot_capture => "`cannot-capture`",
        Rule::cannot_hop => "`cannot-hop`",
        Rule::pass_decl => "`pass allowed` or `pass when-stuck`",
        Rule::flips_decl => "`flips enclosed|adjacent`",
        Rule::flips_kind => "`enclosed` or `adjacent`",
        Rule::kw_flips => "`flips`",
        Rule::kw_enclosed => "`enclosed`",
        Rule::kw_adjacent => "`adjacent`",
        Rule::kw_when_stuck => "`when-stuck`",
        Rule::drop_first_on => "`first-on <squares>`",
        Rule::kw_first_on => "`first-on`",
        Rule::drop_must_flip | Rule::kw_must_flip => "`must-flip`",
        Rule::drop_next_to_own | Rule::kw_next_to_own => "`next-to-own`",
        Rule::drop_flips_only_next_to_own | Rule::kw_flips_only_next_to_own => {
            "`flips-only-next-to-own`"
        }
        Rule::drop_not_beside_enemy | Rule::kw_not_beside_enemy => "`not-beside-enemy`",
        Rule::end_full_board | Rule::kw_full_board => "`full-board`",
        Rule::drop_unlimited | Rule::kw_unlimited => "`unlimited`",
        Rule::walls_decl => "`walls past|anywhere|reach|moving [on <squares>]`",
        Rule::walls_place => "`past`, `anywhere`, `reach` or `moving`",
        Rule::kw_walls => "`walls`",
        Rule::kw_past => "`past`",
        Rule::kw_anywhere => "`anywhere`",
        Rule::kw_moving => "`moving`",
        Rule::allow_decl => "`allow <warning>, …`",
        Rule::allow_code => "a warning's code (`W0002`)",
        Rule::end_double_pass => "`double-pass`",
        Rule::end_facing => "`facing`",
        Rule::end_draw_odds => "`draw-odds`",
        Rule::scoring_komi => "`komi`",
        Rule::scoring_points => "`points`",
        Rule::piece_points => "a piece and its points (`Cannon 7`)",
        Rule::kw_scoring => "`scoring`",
        Rule::scoring_decl => "a `scoring` block",
        Rule::royal_decl => "a `royal` block",
        Rule::royal_check => "`check all` or `check last`",
        Rule::royal_only => "`only white` or `only black`",
        Rule::royal_fleeing => "`fleeing forbidden`",
        Rule::kw_check => "`check`",
        Rule::kw_all => "`all`",
        Rule::kw_last => "`last`",
        Rule::kw_any => "`any`",
        Rule::kw_only => "`only`",
        Rule::kw_fleeing => "`fleeing`",
        Rule::kw_royal => "`royal`",
        Rule::kw_captured_as => "`captured-as`",
        Rule::kw_fen_only => "`fen-only`",
        Rule::kw_in => "`in`",
        Rule::kw_hand => "`hand`",
        Rule::kw_optional => "`optional`",
        Rule::kw_not_on => "`not-on`",
        Rule::kw_no_drop_mate => "`no-drop-mate`",
        Rule::kw_captures_to_hand => "`captures-to-hand`",
        Rule::kw_on => "`on`",
        Rule::kw_except => "`except`",
        Rule::kw_always => "`always`",
        Rule::kw_also_as => "`also-as`",
        Rule::kw_per_file => "`per-file`",
        Rule::kw_per_colour => "`per-colour`",
        Rule::kw_only_on => "`only-on`",
        Rule::kw_must_drop => "`must-drop`",
        Rule::kw_by_drop => "`by-drop`",
        Rule::kw_ends => "`ends`",
        Rule::castling_ends => "`ends <letter>, …`",
        Rule::kw_turn => "`turn`",
        Rule::kw_alone => "`alone`",
        Rule::kw_no_check => "`no-check`",
        Rule::kw_no_attack => "`no-attack`",
        Rule::castling_by_drop => "`by-drop`",
        Rule::turn_flag => "`alone`, `no-check` or `no-attack`",
        Rule::promotion_turn => "a `turn` rule",
        Rule::drop_must => "`must-drop`",
        Rule::drop_falls => "`falls`",
        Rule::kw_falls => "`falls`",
        Rule::kw_line => "`line`",
        Rule::kw_of => "`of`",
        Rule::kw_along => "`along`",
        Rule::kw_diagonals => "`diagonals`",
        Rule::line_axis => "`files`, `ranks` or `diagonals`",
        Rule::end_line => "a `line` rule",
        Rule::kw_with_gaps => "`with-gaps`",
        Rule::kw_square => "`square`",
        Rule::end_square => "a `square` rule",
        Rule::kw_connect => "`connect`",
        Rule::kw_to => "`to`",
        Rule::kw_one_way => "`one-way`",
        Rule::end_connect => "a `connect` rule",
        Rule::drop_only_on => "a drop rule",
        Rule::drop_per_colour => "a drop rule",
        Rule::kw_max => "`max`",
        Rule::kw_checkmate => "`checkmate`",
        Rule::kw_stalemate => "`stalemate`",
        Rule::kw_repetition => "`repetition`",
        Rule::kw_claim => "`claim`",
        Rule::kw_for => "`for`",
        Rule::kw_perpetual_check => "`perpetual-check`",
        Rule::kw_clock => "`clock`",
        Rule::kw_limit => "`limit`",
        Rule::kw_resets => "`resets`",
        Rule::kw_irreversible => "`irreversible`",
        Rule::clock_decl => "a `clock` block",
        Rule::clock_limit => "`limit`",
        Rule::clock_resets => "`resets`",
        Rule::clock_reset => "what resets the clock",
        Rule::kw_off => "`off`",
        Rule::kw_bare_king => "`bare-king`",
        Rule::kw_reaches => "`reaches`",
        Rule::kw_extinction => "`extinction`",
        Rule::kw_checks => "`checks`",
        Rule::kw_counting => "`counting`",
        Rule::kw_without => "`without`",
        Rule::kw_bare => "`bare`",
        Rule::kw_pieces => "`pieces`",
        Rule::counting_limit => "a counting limit (`2 Rook -> 8` or `64`)",
        Rule::counting_need => "a piece and its count (`2 Rook`)",
        Rule::kw_legality => "`legality`",
        Rule::kw_blast => "`blast`",
        Rule::kw_reach => "`reach`",
        Rule::kw_immune => "`immune`",
        Rule::kw_spared => "`spared`",
        Rule::blast_decl => "a `blast` block",
        Rule::blast_stmt | Rule::blast_known => "a blast statement",
        Rule::blast_reach => "`reach`",
        Rule::blast_immune => "`immune`",
        Rule::blast_petrify => "`petrify`",
        Rule::kw_petrify => "`petrify`",
        Rule::blast_spared => "`spared`",
        Rule::kw_after_reply => "`after-reply`",
        Rule::kw_count => "`count`",
        Rule::kw_none => "`none`",
        Rule::kw_or_full => "`or-full`",
        Rule::kw_safe => "`safe`",
        Rule::kw_giving_check => "`giving-check`",
        Rule::kw_forbidden => "`forbidden`",
        Rule::kw_capture => "`capture`",
        Rule::kw_compulsory => "`compulsory`",
        Rule::legality_decl => "a `legality` block",
        Rule::giving_check_forbidden => "`giving-check forbidden`",
        Rule::giving_check_by_drop => "`by-drop`",
        Rule::capture_compulsory => "`capture compulsory`",
        Rule::kw_by => "`by`",
        Rule::kw_drop => "`drop`",
        Rule::kw_needs => "`needs`",
        Rule::kw_else => "`else`",
        Rule::end_checkmate_by => "`checkmate by <Piece> | … <outcome>`",
        Rule::end_checkmate_needs => "`checkmate needs <Piece> | … else <outcome>`",
        Rule::end_checks => "a `checks` rule",
        Rule::end_counting => "a `counting` rule",
        Rule::end_extinction => "an `extinction` rule",
        Rule::extinction_opponent => "`if opponent-has <count>`",
        Rule::repetition_for => "`for <white|black>`",
        Rule::sep => "a new line or `;`",
        Rule::eos => "the end of the statement",
        Rule::item_end => "the end of the line",
        Rule::missing_sep => "`;` or a newline",
        Rule::bom => "a byte-order mark",
        Rule::item_start => "an item",
        Rule::variant_known => "a `variant` statement",
        Rule::board_known => "a `board` statement",
        Rule::board_keyword => "a `board` keyword",
        Rule::piece_known => "a `piece` statement",
        Rule::drops_known => "a drop rule",
        Rule::castling_known => "a castling rule",
        Rule::promotion_known => "a promotion rule",
        Rule::end_known => "an end rule",
        Rule::ident_char => "a name character",
        Rule::outcome_word => "`win`, `draw` or `loss`",
        Rule::item => "an item",
        Rule::balanced => "a `{ … }` block",
        Rule::variant_stmt => "a `variant` statement",
        Rule::board_stmt => "a `board` statement",
        Rule::labels => "labels",
        Rule::piece_stmt => "a `piece` statement",
        Rule::castling_stmt => "a castling rule",
        Rule::zone_stmt => "`white:` or `black:`",
        Rule::set_item => "a square, a zone, `rank`, `file` or `setup`",
        Rule::promotion_stmt => "a promotion rule",
        Rule::promotion_target => "a piece or `hand(<Piece>)`",
        Rule::drops_stmt => "a drop rule",
        Rule::legality_stmt | Rule::legality_known => "a legality rule",
        Rule::royal_stmt | Rule::royal_known => "a `royal` statement",
        Rule::scoring_stmt | Rule::scoring_known => "a `scoring` statement",
        Rule::end_stmt => "an end rule",
        Rule::clock_stmt | Rule::clock_known => "a `clock` statement",
        Rule::file => "a variant file",
        Rule::unknown_stmt => "a statement",
        Rule::unknown_word => "a statement",
        Rule::unknown_rest => "the rest of the statement",
        Rule::variant_decl => "`variant`",
        Rule::alias => "`alias`",
        Rule::description => "`description`",
        Rule::source => "`source`",
        Rule::board_decl => "`board`",
        Rule::files => "`files`",
        Rule::ranks => "`ranks`",
        Rule::label_range => "a label range",
        Rule::label_list => "labels",
        Rule::cells => "`cells`",
        Rule::forward => "`forward`",
        Rule::fen => "`fen`",
        Rule::wrap => "`wrap files` or `wrap ranks`",
        Rule::wrap_axis => "`files` or `ranks`",
        Rule::shape => "`shape hex` or `shape square`",
        Rule::shape_kind => "`hex` or `square`",
        Rule::name_square => "`name <square> <new name>`",
        Rule::piece_decl => "`piece`",
        Rule::letter => "`letter`",
        Rule::letter_value => "a letter",
        Rule::letter_synonym => "a letter",
        Rule::moves => "`moves`",
        Rule::guard => "`if <guard>`",
        Rule::move_region => "`within <squares>`, `from <squares>` or `to <squares>`",
        Rule::faces => "`faces`",
        Rule::royal => "`royal`",
        Rule::captured_as => "`captured-as`",
        Rule::fen_only => "`fen-only`",
        Rule::immobile | Rule::kw_immobile => "`immobile`",
        Rule::notation | Rule::kw_notation => {
            "`notation pawn`, `notation piece` or `notation as <Piece>`"
        }
        Rule::notation_kind => "`pawn`, `piece` or `as <Piece>`",
        Rule::notation_as | Rule::kw_as => "`as <Piece>`",
        Rule::betza => "a Betza move",
        Rule::betza_term => "a Betza term",
        Rule::betza_mod => "a Betza modifier",
        Rule::betza_atom => "a Betza atom",
        Rule::betza_rider => "a doubled atom",
        Rule::betza_steps => "a range",
        Rule::setup_decl => "`setup`",
        Rule::castling_decl => "`castling`",
        Rule::castling_rule => "a castling rule",
        Rule::zone_decl => "`zone`",
        Rule::zone_side => "`white:` or `black:`",
        Rule::square_set => "squares",
        Rule::set_none | Rule::promotion_none => "`none`",
        Rule::set_rank => "`rank`",
        Rule::set_ranks => "`ranks`",
        Rule::set_file => "`file`",
        Rule::set_files => "`files`",
        Rule::set_setup => "`setup`",
        Rule::promotion_decl => "`promotion`",
        Rule::promotion_rule => "a promotion rule",
        Rule::hand_target => "`hand(<Piece>)`",
        Rule::drops_decl => "`drops`",
        Rule::gating_decl => "`gating`",
        Rule::gating_rule => "a gating rule",
        Rule::gating_stmt => "a gating rule",
        Rule::drop_not_on => "a drop rule",
        Rule::drop_no_mate => "a drop rule",
        Rule::drop_captures => "a drop rule",
        Rule::drop_per_file => "a drop rule",
        Rule::drop_also_as => "a drop rule",
        Rule::promotion_on => "`on start | end`",
        Rule::promotion_if => "`if capture`",
        Rule::promotion_limit => "`<Piece> max <n>`",
        Rule::promotion_except => "`except <squares>`",
        Rule::end_decl => "`end`",
        Rule::end_checkmate => "`checkmate`",
        Rule::end_stalemate => "`stalemate`",
        Rule::end_repetition => "`repetition`",
        Rule::end_bare_king => "`bare-king`",
        Rule::end_reach => "a `reaches` rule",
    }
}

/// A pest error with human rule names (see [`rule_name`]), for callers that
/// use the grammar directly.
pub fn renamed(err: pest::error::Error<Rule>) -> pest::error::Error<Rule> {
    err.renamed_rules(|rule| rule_name(*rule).to_owned())
}

fn syntax_error(err: &pest::error::Error<Rule>, source: &str) -> CompileError {
    let span = match err.location {
        InputLocation::Pos(pos) => char_span(source, pos),
        InputLocation::Span((start, end)) => Span::new(start, end),
    };
    let mut expected: Vec<&'static str> = match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().map(|r| rule_name(*r)).collect()
        }
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort_unstable();
    expected.dedup();
    CompileError::new(ErrorKind::Syntax { expected }, span)
}

/// The span of the character at `pos` (empty at the end of the text).
fn char_span(source: &str, pos: usize) -> Span {
    let len = source
        .get(pos..)
        .and_then(|rest| rest.chars().next())
        .filter(|c| *c != '\n' && *c != '\r')
        .map_or(0, char::len_utf8);
    Span::new(pos, pos + len)
}

/// Finds the structural mistake behind a failed parse: an unterminated
/// string, an unexpected `}` or an unclosed `{`. Comments and strings are
/// skipped like the grammar does.
fn scan_structure(source: &str) -> Option<CompileError> {
    let bytes = source.as_bytes();
    let mut open: Vec<usize> = Vec::new();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        match b {
            b'#' => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(bytes, i),
            b'"' => {
                let mut j = i + 1;
                loop {
                    match bytes.get(j) {
                        None | Some(b'\n') | Some(b'\r') => {
                            let end = line_end(bytes, i);
                            return Some(CompileError::new(
                                ErrorKind::UnterminatedString,
                                Span::new(i, end),
                            ));
                        }
                        Some(b'\\') if !matches!(bytes.get(j + 1), Some(b'\n') | None) => j += 2,
                        Some(b'"') => break,
                        Some(_) => j += 1,
                    }
                }
                i = j + 1;
            }
            b'{' => {
                open.push(i);
                i += 1;
            }
            b'}' => {
                if open.pop().is_none() {
                    return Some(CompileError::new(
                        ErrorKind::UnexpectedCloseBrace,
                        Span::new(i, i + 1),
                    ));
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    open.last()
        .map(|&pos| CompileError::new(ErrorKind::UnclosedBrace, Span::new(pos, pos + 1)))
}

fn line_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(&b) = bytes.get(i) {
        if b == b'\n' || b == b'\r' {
            break;
        }
        i += 1;
    }
    i
}

fn span_of(pair: &Pair<'_, Rule>) -> Span {
    let span = pair.as_span();
    Span::new(span.start(), span.end())
}

/// The span of a statement or set, without trailing blanks and comments: from
/// its start to the end of its last token.
fn tight(pair: &Pair<'_, Rule>) -> Span {
    let start = pair.as_span().start();
    let end = pair
        .clone()
        .into_inner()
        .last()
        .map_or(pair.as_span().end(), |last| last.as_span().end());
    Span::new(start, end)
}

fn text(pair: &Pair<'_, Rule>) -> Spanned<String> {
    Spanned::new(pair.as_str().to_owned(), span_of(pair))
}

/// Builds the tree and collects the errors found on the way.
struct Builder<'s> {
    source: &'s str,
    errors: Vec<CompileError>,
}

/// Whether `c` continues a word, for messages: ASCII name characters and any
/// non-ASCII letter or digit.
fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(c, '_' | '\'' | '-')
        || (!c.is_ascii() && c.is_alphanumeric())
}

impl Builder<'_> {
    /// Reports every `missing_sep` marker: the gap between two complete
    /// statements on one line, and the word that starts the second.
    fn missing_separators(&mut self, file: &Pair<'_, Rule>) {
        for p in file.clone().into_inner().flatten() {
            if p.as_rule() != Rule::missing_sep {
                continue;
            }
            let at = p.as_span().start();
            let before = self.source.get(..at).unwrap_or_default();
            let start = before.trim_end_matches([' ', '\t']).len();
            let rest = self.source.get(at..).unwrap_or_default();
            let next: String = rest
                .chars()
                .take_while(|&c| word_char(c) || c == ':')
                .collect();
            let next = if next.is_empty() {
                rest.chars().take(1).collect()
            } else {
                next
            };
            self.errors.push(CompileError::new(
                ErrorKind::MissingSeparator { next },
                Span::new(start, at),
            ));
        }
    }

    /// An unknown statement, and the first non-ASCII character of its text
    /// outside strings and comments, reported: nothing in the grammar outside
    /// strings and comments is anything but ASCII, so that character is why
    /// the statement did not parse.
    fn unknown(&mut self, pair: Pair<'_, Rule>) -> Unknown {
        let start = pair.as_span().start();
        if let Some((at, character)) = first_non_ascii(pair.as_str()) {
            let at = start + at;
            let text = self.source;
            let word_start = text
                .get(..at)
                .unwrap_or_default()
                .trim_end_matches(word_char)
                .len();
            let word_end = at
                + text
                    .get(at..)
                    .unwrap_or_default()
                    .find(|c: char| !word_char(c))
                    .unwrap_or_else(|| text.len().saturating_sub(at));
            let word = text.get(word_start..word_end).unwrap_or_default();
            let word = if word.is_empty() || !word_char(character) {
                character.to_string()
            } else {
                word.to_owned()
            };
            self.errors.push(CompileError::new(
                ErrorKind::NonAscii { character, word },
                Span::new(at, at + character.len_utf8()),
            ));
        }
        unknown(pair)
    }

    fn item(&mut self, pair: Pair<'_, Rule>) -> Item {
        match pair.as_rule() {
            Rule::variant_decl => Item::Variant(self.variant(pair)),
            Rule::board_decl => Item::Board(self.board(pair)),
            Rule::piece_decl => Item::Piece(self.piece(pair)),
            Rule::setup_decl => {
                let span = tight(&pair);
                let fen = pair
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::string)
                    .map(|p| self.string(p))
                    .unwrap_or_else(|| Spanned::new(String::new(), span));
                Item::Setup(SetupDecl { span, fen })
            }
            Rule::castling_decl => Item::Castling(self.castling(pair)),
            Rule::zone_decl => Item::Zone(self.zone(pair)),
            Rule::promotion_decl => Item::Promotion(self.promotion(pair)),
            Rule::drops_decl => Item::Drops(self.drops(pair)),
            Rule::gating_decl => Item::Gating(self.gating(pair)),
            Rule::legality_decl => Item::Legality(self.legality(pair)),
            Rule::royal_decl => Item::Royal(self.royal(pair)),
            Rule::pass_decl => {
                let span = tight(&pair);
                if pair
                    .into_inner()
                    .any(|p| p.as_rule() == Rule::kw_when_stuck)
                {
                    Item::PassWhenStuck(span)
                } else {
                    Item::Pass(span)
                }
            }
            Rule::flips_decl => {
                let span = span_of(&pair);
                let kind = pair
                    .into_inner()
                    .find(|p| p.as_rule() == Rule::flips_kind)
                    .map(|p| text(&p))
                    .unwrap_or_else(|| Spanned::new(String::new(), span));
                Item::Flips(FlipsDecl { span, kind })
            }
            Rule::walls_decl => Item::Walls(self.walls(pair)),
            Rule::allow_decl => {
                let span = tight(&pair);
                let codes = pair
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::allow_code)
                    .map(|p| Spanned::new(p.as_str().to_owned(), tight(&p)))
                    .collect();
                Item::Allow(AllowDecl { span, codes })
            }
            Rule::scoring_decl => Item::Scoring(self.scoring(pair)),
            Rule::blast_decl => Item::Blast(self.blast(pair)),
            Rule::end_decl => Item::End(self.end(pair)),
            Rule::clock_decl => Item::Clock(self.clock(pair)),
            _ => Item::Unknown(self.unknown(pair)),
        }
    }

    /// A string literal's value, escapes resolved; the span is the text
    /// between the quotes.
    fn string(&mut self, pair: Pair<'_, Rule>) -> Spanned<String> {
        let outer = span_of(&pair);
        let Some(inner) = pair.into_inner().next() else {
            return Spanned::new(String::new(), outer);
        };
        let span = span_of(&inner);
        let raw = inner.as_str();
        let mut value = String::with_capacity(raw.len());
        let mut chars = raw.char_indices();
        while let Some((i, c)) = chars.next() {
            if c != '\\' {
                value.push(c);
                continue;
            }
            match chars.next() {
                Some((_, e @ ('"' | '\\'))) => value.push(e),
                Some((_, e)) => self.errors.push(CompileError::new(
                    ErrorKind::InvalidEscape { escape: e },
                    span.sub(i, 1 + e.len_utf8()),
                )),
                None => {}
            }
        }
        Spanned::new(value, span)
    }

    /// A `decimal` in tenths (`1.5` is 15); too large is `E0052`-style
    /// `NumberTooLarge`.
    fn tenths(&mut self, pair: &Pair<'_, Rule>) -> Spanned<u32> {
        let span = span_of(pair);
        let text = pair.as_str();
        let (whole, frac) = text.split_once('.').unwrap_or((text, "0"));
        let value = whole
            .parse::<u32>()
            .ok()
            .and_then(|w| w.checked_mul(10))
            .and_then(|w| w.checked_add(frac.parse::<u32>().unwrap_or(0)));
        let value = value.unwrap_or_else(|| {
            self.errors
                .push(CompileError::new(ErrorKind::NumberTooLarge, span));
            u32::MAX
        });
        Spanned::new(value, span)
    }

    fn number<T: std::str::FromStr + Copy>(&mut self, pair: &Pair<'_, Rule>, max: T) -> Spanned<T> {
        let span = span_of(pair);
        let value = pair.as_str().parse().unwrap_or_else(|_| {
            self.errors
                .push(CompileError::new(ErrorKind::NumberTooLarge, span));
            max
        });
        Spanned::new(value, span)
    }

    /// A number that must lie in `min..=max`, or an `E0053` error saying so
    /// (and `None`).
    fn ranged(
        &mut self,
        pair: &Pair<'_, Rule>,
        place: &'static str,
        min: i64,
        max: i64,
    ) -> Option<i64> {
        let text = pair.as_str();
        match text.parse::<i64>() {
            Ok(n) if (min..=max).contains(&n) => Some(n),
            _ => {
                self.errors.push(CompileError::new(
                    ErrorKind::NumberOutOfRange {
                        number: text.to_owned(),
                        place,
                        min,
                        max,
                    },
                    span_of(pair),
                ));
                None
            }
        }
    }

    /// A `forward` component: `-127..=127`.
    fn forward_component(&mut self, pair: &Pair<'_, Rule>) -> Spanned<i32> {
        let value = self
            .ranged(pair, "a `forward` component", -MAX_FORWARD, MAX_FORWARD)
            .and_then(|n| i32::try_from(n).ok())
            .unwrap_or(0);
        Spanned::new(value, span_of(pair))
    }

    fn variant(&mut self, pair: Pair<'_, Rule>) -> VariantDecl {
        let span = span_of(&pair);
        let mut name = Spanned::new(String::new(), span);
        let mut props = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::string => name = self.string(p),
                Rule::alias | Rule::description | Rule::source => {
                    let rule = p.as_rule();
                    let value = p
                        .into_inner()
                        .find(|q| q.as_rule() == Rule::string)
                        .map(|q| self.string(q))
                        .unwrap_or_else(|| Spanned::new(String::new(), span));
                    props.push(match rule {
                        Rule::alias => VariantProp::Alias(value),
                        Rule::description => VariantProp::Description(value),
                        _ => VariantProp::Source(value),
                    });
                }
                Rule::unknown_stmt => props.push(VariantProp::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        VariantDecl { span, name, props }
    }

    fn board(&mut self, pair: Pair<'_, Rule>) -> BoardDecl {
        let span = span_of(&pair);
        let mut props = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::files | Rule::ranks => {
                    let is_files = p.as_rule() == Rule::files;
                    let Some(labels) = p
                        .into_inner()
                        .find(|q| matches!(q.as_rule(), Rule::label_range | Rule::label_list))
                    else {
                        continue;
                    };
                    let labels = self.labels(labels, is_files);
                    props.push(if is_files {
                        BoardProp::Files(labels)
                    } else {
                        BoardProp::Ranks(labels)
                    });
                }
                Rule::cells => {
                    let rows = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::string)
                        .map(|q| self.string(q))
                        .collect();
                    props.push(BoardProp::Cells(rows));
                }
                Rule::forward => {
                    let mut side = None;
                    let mut ints = Vec::new();
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::side => side = Some(side_of(&q)),
                            Rule::int => ints.push(self.forward_component(&q)),
                            _ => {}
                        }
                    }
                    if let (Some(side), [dx, dy]) = (side, ints.as_slice()) {
                        props.push(BoardProp::Forward {
                            side,
                            dx: dx.clone(),
                            dy: dy.clone(),
                        });
                    }
                }
                Rule::fen => {
                    if let Some(value) = p.into_inner().find(|q| q.as_rule() == Rule::ident) {
                        props.push(BoardProp::Fen(text(&value)));
                    }
                }
                Rule::wrap => {
                    let span = span_of(&p);
                    let axes = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::wrap_axis)
                        .map(|q| text(&q))
                        .collect();
                    props.push(BoardProp::Wrap { span, axes });
                }
                Rule::shape => {
                    let span = span_of(&p);
                    if let Some(k) = p.into_inner().find(|q| q.as_rule() == Rule::shape_kind) {
                        props.push(BoardProp::Shape {
                            span,
                            kind: text(&k),
                        });
                    }
                }
                Rule::name_square => {
                    let labels: Vec<_> = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::label)
                        .map(|q| text(&q))
                        .collect();
                    if let [square, name] = labels.as_slice() {
                        props.push(BoardProp::Name {
                            square: square.clone(),
                            name: name.clone(),
                        });
                    }
                }
                Rule::unknown_stmt => props.push(BoardProp::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        BoardDecl { span, props }
    }

    fn labels(&mut self, pair: Pair<'_, Rule>, is_files: bool) -> Spanned<Labels> {
        let span = span_of(&pair);
        let is_range = pair.as_rule() == Rule::label_range;
        if is_range {
            self.numeric_range(&pair, is_files);
        }
        let labels: Vec<Spanned<String>> = pair.into_inner().map(|p| text(&p)).collect();
        let node = match (is_range, labels.as_slice()) {
            (true, [from, to]) => Labels::Range {
                from: from.clone(),
                to: to.clone(),
            },
            _ => Labels::List(labels),
        };
        Spanned::new(node, span)
    }

    /// A numeric label range (`ranks 1..8`) gives at most
    /// [`MAX_RANGE_LABELS`] labels: its end is refused when it is further
    /// than that from its start (a backwards range is the lowering's
    /// `E0101`).
    fn numeric_range(&mut self, pair: &Pair<'_, Rule>, is_files: bool) {
        let mut ends = pair.clone().into_inner();
        let (Some(from), Some(to)) = (ends.next(), ends.next()) else {
            return;
        };
        let numeric = |p: &Pair<'_, Rule>| p.as_str().bytes().all(|b| b.is_ascii_digit());
        if !numeric(&from) || !numeric(&to) {
            return;
        }
        let place = if is_files {
            "the start of a numeric file range"
        } else {
            "the start of a numeric rank range"
        };
        let Some(start) = self.ranged(&from, place, 0, MAX_RANGE_START) else {
            return;
        };
        let ends_before = to.as_str().parse::<i64>().is_ok_and(|end| end < start);
        if !ends_before {
            let place = if is_files {
                "the end of this file range"
            } else {
                "the end of this rank range"
            };
            self.ranged(&to, place, start, start + MAX_RANGE_LABELS - 1);
        }
    }

    fn piece(&mut self, pair: Pair<'_, Rule>) -> PieceDecl {
        let span = span_of(&pair);
        let mut name = Spanned::new(String::new(), span);
        let mut props = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::ident => name = text(&p),
                Rule::letter => {
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::letter_value => props.push(PieceProp::Letter(text(&q))),
                            Rule::letter_synonym => props.push(PieceProp::Also(text(&q))),
                            _ => {}
                        }
                    }
                }
                Rule::moves => {
                    let span = tight(&p);
                    let mut betza = None;
                    let mut guard = None;
                    let mut once = None;
                    let mut regions = Vec::new();
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::betza => betza = Some(self.betza(q)),
                            Rule::kw_once => once = Some(tight(&q)),
                            Rule::move_region => {
                                let rspan = tight(&q);
                                let mut kind = RegionKind::Within;
                                let mut set = None;
                                for r in q.into_inner() {
                                    match r.as_rule() {
                                        Rule::kw_from => kind = RegionKind::From,
                                        Rule::kw_to => kind = RegionKind::To,
                                        Rule::square_set => set = Some(self.square_set(r)),
                                        _ => {}
                                    }
                                }
                                if let Some(set) = set {
                                    regions.push(MoveRegion {
                                        kind,
                                        set,
                                        span: rspan,
                                    });
                                }
                            }
                            Rule::guard => {
                                guard = q
                                    .into_inner()
                                    .find(|r| r.as_rule() == Rule::ident)
                                    .map(|r| text(&r));
                            }
                            _ => {}
                        }
                    }
                    if let Some(betza) = betza {
                        props.push(PieceProp::Moves {
                            betza,
                            guard,
                            regions,
                            once,
                            span,
                        });
                    }
                }
                Rule::faces => {
                    let span = tight(&p);
                    if let Some(q) = p.into_inner().find(|q| q.as_rule() == Rule::betza) {
                        let betza = self.betza(q);
                        props.push(PieceProp::Faces { betza, span });
                    }
                }
                Rule::royal => props.push(PieceProp::Royal(tight(&p))),
                Rule::captured_as => {
                    if let Some(value) = p.into_inner().find(|q| q.as_rule() == Rule::ident) {
                        props.push(PieceProp::CapturedAs(text(&value)));
                    }
                }
                Rule::fen_only => props.push(PieceProp::FenOnly(tight(&p))),
                Rule::immobile => props.push(PieceProp::Immobile(tight(&p))),
                Rule::notation => {
                    let span = tight(&p);
                    let kind = p.into_inner().find_map(|q| match q.as_rule() {
                        Rule::notation_kind if q.as_str() == "pawn" => Some(NotationKind::Pawn),
                        Rule::notation_kind => Some(NotationKind::Piece),
                        Rule::notation_as => q
                            .into_inner()
                            .find(|i| i.as_rule() == Rule::ident)
                            .map(|i| NotationKind::As(text(&i))),
                        _ => None,
                    });
                    if let Some(kind) = kind {
                        props.push(PieceProp::Notation { span, kind });
                    }
                }
                Rule::cannot_capture | Rule::cannot_hop => {
                    let span = tight(&p);
                    let hop = p.as_rule() == Rule::cannot_hop;
                    let pieces: Vec<_> = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::ident)
                        .map(|q| text(&q))
                        .collect();
                    props.push(if hop {
                        PieceProp::CannotHop { pieces, span }
                    } else {
                        PieceProp::CannotCapture { pieces, span }
                    });
                }
                Rule::unknown_stmt => props.push(PieceProp::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        PieceDecl { span, name, props }
    }

    fn castling(&mut self, pair: Pair<'_, Rule>) -> CastlingDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        let mut by_drop = Vec::new();
        let mut unknowns = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::castling_rule => {
                    let span = tight(&p);
                    let mut ends = Vec::new();
                    let mut names: Vec<Spanned<String>> = Vec::new();
                    for q in p.into_inner() {
                        if q.as_rule() == Rule::castling_ends {
                            ends.extend(
                                q.into_inner()
                                    .filter(|x| x.as_rule() == Rule::ident)
                                    .map(|x| text(&x)),
                            );
                        } else {
                            names.push(text(&q));
                        }
                    }
                    let [fen, king, king_from, king_to, rook, rook_from, rook_to] =
                        <[Spanned<String>; 7]>::try_from(names)
                            .expect("invariant: a castling rule has seven names");
                    rules.push(CastlingRule {
                        span,
                        fen,
                        king,
                        king_from,
                        king_to,
                        rook,
                        rook_from,
                        rook_to,
                        ends,
                    });
                }
                Rule::castling_by_drop => by_drop.push(tight(&p)),
                Rule::unknown_stmt => unknowns.push(self.unknown(p)),
                _ => {}
            }
        }
        CastlingDecl {
            span,
            rules,
            by_drop,
            unknown: unknowns,
        }
    }

    fn zone(&mut self, pair: Pair<'_, Rule>) -> ZoneDecl {
        let span = span_of(&pair);
        let mut name = Spanned::new(String::new(), span);
        let mut sides = Vec::new();
        let mut unknowns = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::ident => name = text(&p),
                Rule::zone_side => {
                    let mut side = None;
                    let mut set = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::side if side.is_none() => side = Some(side_of(&q)),
                            Rule::square_set => set = Some(self.square_set(q)),
                            _ => {}
                        }
                    }
                    if let (Some(side), Some(set)) = (side, set) {
                        sides.push((side, set));
                    }
                }
                Rule::unknown_stmt => unknowns.push(self.unknown(p)),
                _ => {}
            }
        }
        ZoneDecl {
            span,
            name,
            sides,
            unknown: unknowns,
        }
    }

    fn square_set(&mut self, pair: Pair<'_, Rule>) -> SquareSet {
        let span = tight(&pair);
        let items = pair
            .into_inner()
            .map(|p| {
                let span = span_of(&p);
                let rule = p.as_rule();
                if rule == Rule::ident {
                    return Spanned::new(SetItem::Name(text(&p)), span);
                }
                if rule == Rule::set_none {
                    return Spanned::new(SetItem::None, span);
                }
                let mut labels = Vec::new();
                let mut side = None;
                let mut piece = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::label => labels.push(text(&q)),
                        Rule::side => side = Some(side_of(&q)),
                        Rule::ident => piece = Some(text(&q)),
                        _ => {}
                    }
                }
                let mut labels = labels.into_iter();
                let mut next = || {
                    labels
                        .next()
                        .expect("invariant: the grammar gives set items their labels")
                };
                let item = match rule {
                    Rule::set_rank => SetItem::Rank(next()),
                    Rule::set_ranks => SetItem::Ranks(next(), next()),
                    Rule::set_file => SetItem::File(next()),
                    Rule::set_files => SetItem::Files(next(), next()),
                    _ => SetItem::Setup {
                        side: side.expect("invariant: `setup` in a set has a side"),
                        piece,
                    },
                };
                Spanned::new(item, span)
            })
            .collect();
        SquareSet { span, items }
    }

    fn promotion(&mut self, pair: Pair<'_, Rule>) -> PromotionDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        let mut limits = Vec::new();
        let mut unknowns = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::promotion_limit => {
                    let span = tight(&p);
                    let mut piece = None;
                    let mut count = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::ident => piece = Some(text(&q)),
                            Rule::count => count = Some(self.number(&q, u32::MAX)),
                            _ => {}
                        }
                    }
                    if let (Some(piece), Some(count)) = (piece, count) {
                        limits.push(PromotionLimit { span, piece, count });
                    }
                }
                Rule::promotion_rule | Rule::promotion_turn => {
                    let span = tight(&p);
                    let mut piece = None;
                    let mut targets = Vec::new();
                    let mut none = None;
                    let mut zone = None;
                    let mut optional = None;
                    let mut on = Vec::new();
                    let mut except = None;
                    let mut always = None;
                    let mut if_capture = None;
                    let mut flags = Vec::new();
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::ident if piece.is_none() => piece = Some(text(&q)),
                            Rule::ident => {
                                let name = text(&q);
                                let span = name.span;
                                targets.push(Spanned::new(PromotionTarget::Piece(name), span));
                            }
                            Rule::hand_target => {
                                let span = span_of(&q);
                                if let Some(name) =
                                    q.into_inner().find(|r| r.as_rule() == Rule::ident)
                                {
                                    targets.push(Spanned::new(
                                        PromotionTarget::Hand(text(&name)),
                                        span,
                                    ));
                                }
                            }
                            Rule::promotion_none => none = Some(span_of(&q)),
                            Rule::square_set => zone = Some(self.square_set(q)),
                            Rule::kw_optional => optional = Some(span_of(&q)),
                            Rule::kw_always => always = Some(span_of(&q)),
                            Rule::promotion_if => if_capture = Some(span_of(&q)),
                            Rule::kw_turn | Rule::turn_flag => flags.push(text(&q)),
                            Rule::promotion_on => on.extend(
                                q.into_inner()
                                    .filter(|r| r.as_rule() == Rule::ident)
                                    .map(|r| text(&r)),
                            ),
                            Rule::promotion_except => {
                                if let Some(set) =
                                    q.into_inner().find(|r| r.as_rule() == Rule::square_set)
                                {
                                    except = Some(self.square_set(set));
                                }
                            }
                            _ => {}
                        }
                    }
                    if let (Some(piece), Some(zone)) = (piece, zone) {
                        rules.push(PromotionRule {
                            span,
                            piece,
                            targets,
                            none,
                            zone,
                            optional,
                            on,
                            except,
                            always,
                            if_capture,
                            flags,
                        });
                    }
                }
                Rule::unknown_stmt => unknowns.push(self.unknown(p)),
                _ => {}
            }
        }
        PromotionDecl {
            span,
            rules,
            limits,
            unknown: unknowns,
        }
    }

    /// The piece and count of a `<Piece> per-file|per-colour <n>` rule.
    fn piece_count(&mut self, pair: Pair<'_, Rule>) -> Option<(Spanned<String>, Spanned<u32>)> {
        let mut piece = None;
        let mut count = None;
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::ident => piece = Some(text(&q)),
                Rule::count => count = Some(self.number(&q, u32::MAX)),
                _ => {}
            }
        }
        piece.zip(count)
    }

    /// The piece and square set of a `<Piece> not-on|only-on <squares>` rule.
    fn piece_on_squares(&mut self, pair: Pair<'_, Rule>) -> Option<(Spanned<String>, SquareSet)> {
        let mut piece = None;
        let mut squares = None;
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::ident => piece = Some(text(&q)),
                Rule::square_set => squares = Some(self.square_set(q)),
                _ => {}
            }
        }
        piece.zip(squares)
    }

    fn drops(&mut self, pair: Pair<'_, Rule>) -> DropsDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            match p.as_rule() {
                Rule::drop_not_on => {
                    if let Some((piece, squares)) = self.piece_on_squares(p) {
                        rules.push(DropRule::NotOn {
                            span,
                            piece,
                            squares,
                        });
                    }
                }
                Rule::drop_no_mate => {
                    if let Some(piece) = p.into_inner().find(|q| q.as_rule() == Rule::ident) {
                        rules.push(DropRule::NoMate {
                            span,
                            piece: text(&piece),
                        });
                    }
                }
                Rule::drop_captures => rules.push(DropRule::CapturesOff { span }),
                Rule::drop_must => rules.push(DropRule::MustDrop { span }),
                Rule::drop_must_flip => rules.push(DropRule::MustFlip { span }),
                Rule::drop_next_to_own => rules.push(DropRule::NextToOwn { span }),
                Rule::drop_flips_only_next_to_own => {
                    rules.push(DropRule::FlipsOnlyNextToOwn { span })
                }
                Rule::drop_not_beside_enemy => rules.push(DropRule::NotBesideEnemy { span }),
                Rule::drop_unlimited => rules.push(DropRule::Unlimited { span }),
                Rule::drop_first_on => {
                    if let Some(set) = p.into_inner().find(|q| q.as_rule() == Rule::square_set) {
                        let squares = self.square_set(set);
                        rules.push(DropRule::FirstOn { span, squares });
                    }
                }
                Rule::drop_falls => rules.push(DropRule::Falls { span }),
                Rule::drop_only_on => {
                    if let Some((piece, squares)) = self.piece_on_squares(p) {
                        rules.push(DropRule::OnlyOn {
                            span,
                            piece,
                            squares,
                        });
                    }
                }
                Rule::drop_per_colour => {
                    if let Some((piece, count)) = self.piece_count(p) {
                        rules.push(DropRule::PerColour { span, piece, count });
                    }
                }
                Rule::drop_per_file => {
                    if let Some((piece, count)) = self.piece_count(p) {
                        rules.push(DropRule::PerFile { span, piece, count });
                    }
                }
                Rule::drop_also_as => {
                    let mut names = p.into_inner().filter(|q| q.as_rule() == Rule::ident);
                    if let (Some(piece), Some(face)) = (names.next(), names.next()) {
                        rules.push(DropRule::AlsoAs {
                            span,
                            piece: text(&piece),
                            face: text(&face),
                        });
                    }
                }
                Rule::unknown_stmt => rules.push(DropRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        DropsDecl { span, rules }
    }

    fn walls(&mut self, pair: Pair<'_, Rule>) -> WallsDecl {
        let span = span_of(&pair);
        let mut place = Spanned::new(String::new(), span);
        let mut squares = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::walls_place => place = text(&p),
                Rule::square_set => squares = Some(self.square_set(p)),
                _ => {}
            }
        }
        WallsDecl {
            span,
            place,
            squares,
        }
    }

    fn gating(&mut self, pair: Pair<'_, Rule>) -> GatingDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            match p.as_rule() {
                Rule::gating_rule => {
                    let mut pieces = Vec::new();
                    let mut squares = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::ident => pieces.push(text(&q)),
                            Rule::square_set => squares = Some(self.square_set(q)),
                            _ => {}
                        }
                    }
                    if let Some(squares) = squares {
                        rules.push(GatingRule::Gate {
                            span,
                            pieces,
                            squares,
                        });
                    }
                }
                Rule::unknown_stmt => rules.push(GatingRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        GatingDecl { span, rules }
    }

    fn blast(&mut self, pair: Pair<'_, Rule>) -> BlastDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            let rule = p.as_rule();
            match rule {
                Rule::blast_reach => {
                    if let Some(q) = p.into_inner().find(|q| q.as_rule() == Rule::betza) {
                        let betza = self.betza(q);
                        rules.push(BlastRule::Reach { betza, span });
                    }
                }
                Rule::blast_immune | Rule::blast_spared | Rule::blast_petrify => {
                    let pieces: Vec<_> = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::ident)
                        .map(|q| text(&q))
                        .collect();
                    rules.push(match rule {
                        Rule::blast_immune => BlastRule::Immune { pieces, span },
                        Rule::blast_spared => BlastRule::Spared { pieces, span },
                        _ => BlastRule::Petrify { pieces, span },
                    });
                }
                Rule::unknown_stmt => rules.push(BlastRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        BlastDecl { span, rules }
    }

    fn legality(&mut self, pair: Pair<'_, Rule>) -> LegalityDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            match p.as_rule() {
                Rule::giving_check_forbidden => {
                    let by_drop = p
                        .clone()
                        .into_inner()
                        .find(|q| q.as_rule() == Rule::giving_check_by_drop)
                        .map(|q| tight(&q));
                    rules.push(LegalityRule::GivingCheckForbidden { span, by_drop })
                }
                Rule::capture_compulsory => rules.push(LegalityRule::CaptureCompulsory(span)),
                Rule::unknown_stmt => rules.push(LegalityRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        LegalityDecl { span, rules }
    }

    fn royal(&mut self, pair: Pair<'_, Rule>) -> RoyalDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            match p.as_rule() {
                Rule::royal_check => {
                    let word = p
                        .into_inner()
                        .map(|q| q.as_rule())
                        .find(|r| matches!(r, Rule::kw_all | Rule::kw_last | Rule::kw_any));
                    let check = match word {
                        Some(Rule::kw_last) => RoyalCheck::Last,
                        Some(Rule::kw_any) => RoyalCheck::Any,
                        _ => RoyalCheck::All,
                    };
                    rules.push(RoyalRule::Check(Spanned::new(check, span)));
                }
                Rule::royal_only => {
                    if let Some(side) = p.into_inner().find(|q| q.as_rule() == Rule::side) {
                        rules.push(RoyalRule::Only(Spanned::new(side_of(&side).node, span)));
                    }
                }
                Rule::royal_fleeing => rules.push(RoyalRule::FleeingForbidden(span)),
                Rule::unknown_stmt => rules.push(RoyalRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        RoyalDecl { span, rules }
    }

    fn scoring(&mut self, pair: Pair<'_, Rule>) -> ScoringDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            match p.as_rule() {
                Rule::scoring_points => {
                    let mut pieces = Vec::new();
                    for q in p.into_inner().filter(|q| q.as_rule() == Rule::piece_points) {
                        let mut name = None;
                        let mut points = None;
                        for r in q.into_inner() {
                            match r.as_rule() {
                                Rule::ident => name = Some(text(&r)),
                                Rule::decimal => points = Some(self.tenths(&r)),
                                _ => {}
                            }
                        }
                        pieces.extend(name.zip(points));
                    }
                    rules.push(ScoringRule::Points { span, pieces });
                }
                Rule::scoring_komi => {
                    let mut side = None;
                    let mut points = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::side => side = Some(side_of(&q)),
                            Rule::decimal => points = Some(self.tenths(&q)),
                            _ => {}
                        }
                    }
                    if let (Some(side), Some(points)) = (side, points) {
                        rules.push(ScoringRule::Komi { span, side, points });
                    }
                }
                Rule::unknown_stmt => rules.push(ScoringRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        ScoringDecl { span, rules }
    }

    /// `clock { … }`.
    fn clock(&mut self, pair: Pair<'_, Rule>) -> ClockDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            match p.as_rule() {
                Rule::clock_limit => {
                    let mut moves = None;
                    let mut points = false;
                    let mut claim = None;
                    for q in p.into_inner() {
                        match q.as_rule() {
                            Rule::count if moves.is_some() => {
                                claim = Some(self.number(&q, u32::MAX));
                            }
                            Rule::count => {
                                let n = self.number(&q, u32::MAX);
                                moves = Some(Spanned::new(Some(n.node), n.span));
                            }
                            Rule::kw_off => moves = Some(Spanned::new(None, span_of(&q))),
                            Rule::kw_points => points = true,
                            _ => {}
                        }
                    }
                    if let Some(moves) = moves {
                        rules.push(ClockRule::Limit {
                            span,
                            moves,
                            points,
                            claim,
                        });
                    }
                }
                Rule::clock_resets => {
                    let events = p
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::clock_reset)
                        .filter_map(|q| {
                            let mut name = None;
                            let mut irreversible = None;
                            for r in q.into_inner() {
                                match r.as_rule() {
                                    Rule::ident => name = Some(text(&r)),
                                    Rule::kw_irreversible => irreversible = Some(span_of(&r)),
                                    _ => {}
                                }
                            }
                            Some(ClockEvent {
                                name: name?,
                                irreversible,
                            })
                        })
                        .collect();
                    rules.push(ClockRule::Resets { span, events });
                }
                Rule::unknown_stmt => rules.push(ClockRule::Unknown(self.unknown(p))),
                _ => {}
            }
        }
        ClockDecl { span, rules }
    }

    fn end(&mut self, pair: Pair<'_, Rule>) -> EndDecl {
        let span = span_of(&pair);
        let mut rules = Vec::new();
        for p in pair.into_inner() {
            let span = tight(&p);
            let rule = p.as_rule();
            if rule == Rule::kw_end {
                continue;
            }
            if rule == Rule::unknown_stmt {
                rules.push(EndRule::Unknown(self.unknown(p)));
                continue;
            }
            if rule == Rule::end_counting {
                rules.push(self.counting(p, span));
                continue;
            }
            if rule == Rule::end_connect {
                if let Some(r) = self.connect(p, span) {
                    rules.push(r);
                }
                continue;
            }
            if rule == Rule::end_line || rule == Rule::end_square {
                if let Some(r) = self.line(p, span) {
                    rules.push(r);
                }
                continue;
            }
            let mut idents = Vec::new();
            let mut counts = Vec::new();
            let mut set = None;
            let mut after_reply = false;
            let mut or_full = None;
            let mut safe = None;
            let mut drop = None;
            let mut opponent = None;
            let mut for_side = None;
            for q in p.into_inner() {
                match q.as_rule() {
                    Rule::repetition_for => {
                        for_side = q
                            .into_inner()
                            .find(|c| c.as_rule() == Rule::ident)
                            .map(|c| text(&c));
                    }
                    Rule::kw_after_reply => after_reply = true,
                    Rule::kw_or_full => or_full = Some(span_of(&q)),
                    Rule::kw_safe => safe = Some(span_of(&q)),
                    Rule::kw_drop => drop = Some(span_of(&q)),
                    Rule::extinction_opponent => {
                        opponent = q
                            .into_inner()
                            .find(|c| c.as_rule() == Rule::count)
                            .map(|c| self.number(&c, u32::MAX));
                    }
                    Rule::ident => idents.push(text(&q)),
                    Rule::count => counts.push(self.number(&q, u32::MAX)),
                    Rule::square_set => set = Some(self.square_set(q)),
                    _ => {}
                }
            }
            if matches!(rule, Rule::end_checkmate_by | Rule::end_checkmate_needs) {
                let Some(outcome) = idents.pop() else {
                    continue;
                };
                let pieces = idents;
                rules.push(if rule == Rule::end_checkmate_by {
                    EndRule::CheckmateBy {
                        span,
                        pieces,
                        drop,
                        outcome,
                    }
                } else {
                    EndRule::CheckmateNeeds {
                        span,
                        pieces,
                        outcome,
                    }
                });
                continue;
            }
            // `Rook | Knight reaches …`: the pieces after the first.
            let also = if rule == Rule::end_reach && idents.len() > 2 {
                let last = idents.len() - 1;
                idents.drain(1..last).collect()
            } else {
                Vec::new()
            };
            let mut idents = idents.into_iter();
            let mut counts = counts.into_iter();
            let outcome = idents.next();
            let end_rule = match (rule, outcome) {
                (Rule::end_checkmate, Some(outcome)) => EndRule::Checkmate { span, outcome },
                (Rule::end_stalemate, Some(outcome)) => EndRule::Stalemate { span, outcome },
                (Rule::end_bare_king, Some(outcome)) => EndRule::BareKing {
                    span,
                    outcome,
                    after_reply,
                },
                (Rule::end_double_pass, Some(outcome)) => EndRule::DoublePass { span, outcome },
                (Rule::end_full_board, Some(outcome)) => EndRule::FullBoard { span, outcome },
                (Rule::end_facing, Some(outcome)) => EndRule::Facing { span, outcome },
                (Rule::end_draw_odds, Some(side)) => EndRule::DrawOdds { span, side },
                (Rule::end_repetition, Some(outcome)) => match counts.next() {
                    Some(count) => EndRule::Repetition {
                        span,
                        count,
                        outcome,
                        side: for_side,
                        claim: counts.next(),
                        perpetual_check: idents.next(),
                    },
                    None => continue,
                },
                (Rule::end_checks, Some(outcome)) => match counts.next() {
                    Some(count) => EndRule::Checks {
                        span,
                        count,
                        outcome,
                    },
                    None => continue,
                },
                (Rule::end_extinction, Some(piece)) => match idents.next() {
                    Some(outcome) => EndRule::Extinction {
                        span,
                        piece,
                        left: counts.next(),
                        outcome,
                        opponent,
                    },
                    None => continue,
                },
                (Rule::end_reach, Some(piece)) => match (set, idents.next()) {
                    (Some(squares), Some(outcome)) => EndRule::Reach {
                        span,
                        piece,
                        also,
                        squares,
                        count: counts.next().filter(|n| self.reach_count(n)),
                        or_full,
                        safe,
                        outcome,
                        after_reply,
                    },
                    _ => continue,
                },
                _ => continue,
            };
            rules.push(end_rule);
        }
        EndDecl { span, rules }
    }

    /// Whether a goal's `count N` is in range (`1..=65535`); if not, an
    /// `E0053` error.
    fn reach_count(&mut self, n: &Spanned<u32>) -> bool {
        let ok = (1..=u32::from(u16::MAX)).contains(&n.node);
        if !ok {
            self.errors.push(CompileError::new(
                ErrorKind::NumberOutOfRange {
                    number: n.node.to_string(),
                    place: "a goal's count",
                    min: 1,
                    max: i64::from(u16::MAX),
                },
                n.span,
            ));
        }
        ok
    }

    /// `line 3 of Stone along files, ranks loss`, `line 3 with-gaps …`,
    /// `square 2 win`
    fn line(&mut self, pair: Pair<'_, Rule>, span: Span) -> Option<EndRule> {
        let mut shape = if pair.as_rule() == Rule::end_square {
            LineShape::Square
        } else {
            LineShape::Row
        };
        let mut length = None;
        let mut idents = Vec::new();
        let mut axes = Vec::new();
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::count => length = Some(self.number(&q, u32::MAX)),
                Rule::ident => idents.push(text(&q)),
                Rule::line_axis => axes.push(text(&q)),
                Rule::kw_with_gaps => shape = LineShape::Gaps,
                _ => {}
            }
        }
        let outcome = idents.pop()?;
        Some(EndRule::Line {
            span,
            shape,
            length: length?,
            pieces: idents,
            axes,
            outcome,
        })
    }

    /// `connect west to east of Stone along ranks, files one-way win`
    fn connect(&mut self, pair: Pair<'_, Rule>, span: Span) -> Option<EndRule> {
        let mut sets = Vec::new();
        let mut idents = Vec::new();
        let mut axes = Vec::new();
        let mut one_way = false;
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::square_set => sets.push(self.square_set(q)),
                Rule::ident => idents.push(text(&q)),
                Rule::line_axis => axes.push(text(&q)),
                Rule::kw_one_way => one_way = true,
                _ => {}
            }
        }
        let outcome = idents.pop()?;
        let mut sets = sets.into_iter();
        Some(EndRule::Connect {
            span,
            from: sets.next()?,
            to: sets.next()?,
            pieces: idents,
            axes,
            one_way,
            outcome,
        })
    }

    /// `counting without Pawn board 64 bare 2 Rook -> 8, 64 from pieces`
    fn counting(&mut self, pair: Pair<'_, Rule>, span: Span) -> EndRule {
        let mut without = Vec::new();
        let mut board = None;
        let mut limits = Vec::new();
        let mut from_pieces = false;
        for q in pair.into_inner() {
            match q.as_rule() {
                Rule::ident => without.push(text(&q)),
                Rule::count => board = Some(self.number(&q, u32::MAX)),
                Rule::kw_pieces => from_pieces = true,
                Rule::counting_limit => {
                    let lspan = tight(&q);
                    let mut needs = Vec::new();
                    let mut moves = None;
                    for r in q.into_inner() {
                        match r.as_rule() {
                            Rule::counting_need => {
                                let mut count = None;
                                let mut piece = None;
                                for t in r.into_inner() {
                                    match t.as_rule() {
                                        Rule::count => count = Some(self.number(&t, u32::MAX)),
                                        Rule::ident => piece = Some(text(&t)),
                                        _ => {}
                                    }
                                }
                                if let Some(piece) = piece {
                                    needs.push(CountingNeed { piece, count });
                                }
                            }
                            Rule::count => moves = Some(self.number(&r, u32::MAX)),
                            _ => {}
                        }
                    }
                    if let Some(moves) = moves {
                        limits.push(CountingLimit {
                            span: lspan,
                            needs,
                            moves,
                        });
                    }
                }
                _ => {}
            }
        }
        EndRule::Counting {
            span,
            without,
            board,
            limits,
            from_pieces,
        }
    }
}

fn side_of(pair: &Pair<'_, Rule>) -> Spanned<Side> {
    let side = if pair.as_str() == "white" {
        Side::White
    } else {
        Side::Black
    };
    Spanned::new(side, span_of(pair))
}

fn unknown(pair: Pair<'_, Rule>) -> Unknown {
    let start = pair.as_span().start();
    let mut keyword = Spanned::new(String::new(), Span::new(start, start));
    let mut end = start;
    for p in pair.into_inner() {
        let trimmed = p.as_str().trim_end();
        if !trimmed.is_empty() {
            end = p.as_span().start() + trimmed.len();
        }
        if p.as_rule() == Rule::unknown_word {
            keyword = text(&p);
        }
    }
    Unknown {
        keyword,
        span: Span::new(start, end),
    }
}

/// The byte offset and character of the first non-ASCII character of a
/// statement's text, strings and comments skipped.
fn first_non_ascii(text: &str) -> Option<(usize, char)> {
    let mut chars = text.char_indices().peekable();
    let mut in_string = false;
    while let Some((i, c)) = chars.next() {
        if in_string {
            match c {
                '\\' => {
                    chars.next();
                }
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        let comment = c == '#' || (c == '/' && chars.peek().is_some_and(|&(_, n)| n == '/'));
        if comment {
            while chars.next_if(|&(_, n)| n != '\n').is_some() {}
            continue;
        }
        match c {
            '"' => in_string = true,
            c if !c.is_ascii() => return Some((i, c)),
            _ => {}
        }
    }
    None
}

impl Builder<'_> {
    /// A Betza move; a range (`B2`) is at most [`MAX_BETZA_RANGE`].
    fn betza(&mut self, pair: Pair<'_, Rule>) -> Betza {
        let ranges: Vec<Pair<'_, Rule>> = pair
            .clone()
            .into_inner()
            .flatten()
            .filter(|p| p.as_rule() == Rule::betza_steps)
            .collect();
        for range in &ranges {
            self.ranged(range, "a Betza range", 0, MAX_BETZA_RANGE);
        }
        betza_of(pair)
    }
}

fn betza_of(pair: Pair<'_, Rule>) -> Betza {
    let span = span_of(&pair);
    let terms = pair
        .into_inner()
        .map(|term| {
            let span = span_of(&term);
            let mut mods = Vec::new();
            let mut atom = None;
            let mut range = None;
            for p in term.into_inner() {
                let letter = p.as_str().chars().next().unwrap_or('?');
                let pspan = span_of(&p);
                match p.as_rule() {
                    Rule::betza_mod => mods.push(Spanned::new(letter, pspan)),
                    Rule::betza_atom => atom = Some(Spanned::new(letter, pspan)),
                    Rule::betza_rider => {
                        range = Some(Spanned::new(BetzaRange::Unlimited, pspan));
                    }
                    Rule::betza_steps => {
                        let node = match p.as_str().parse::<u32>() {
                            Ok(0) => BetzaRange::Unlimited,
                            Ok(n) => BetzaRange::Steps(n),
                            Err(_) => BetzaRange::Steps(u32::MAX),
                        };
                        range = Some(Spanned::new(node, pspan));
                    }
                    _ => {}
                }
            }
            BetzaTerm {
                span,
                mods,
                atom: atom.unwrap_or_else(|| Spanned::new('?', span)),
                range,
            }
        })
        .collect();
    Betza { span, terms }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renamed_errors_read_well() {
        let err = VariantParser::parse(Rule::file, "piece K {").err();
        let message = err.map(|e| renamed(e).variant.message().into_owned());
        assert!(message.is_some_and(|m| m.contains("expected")));
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped() {
        let file = parse("\u{feff}piece King {\n  letter K\n  moves K\n}\n");
        assert_eq!(file.map(|f| f.items.len()), Ok(1));
        // Elsewhere it is a non-ASCII character like any other.
        let errors = parse("piece King {\n  \u{feff}letter K\n}\n")
            .err()
            .unwrap_or_default();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].code(), "E0052");
        assert_eq!(errors[0].span, Span::new(15, 18));
    }

    #[test]
    fn unclosed_brace_points_at_the_brace() {
        let errors = parse("piece King {\n  letter K\n")
            .err()
            .unwrap_or_default();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].kind, ErrorKind::UnclosedBrace);
        assert_eq!(errors[0].span, Span::new(11, 12));
    }
}
