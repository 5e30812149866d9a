//! Token-level tests of the grammar: what each rule matches, with positions.

use fairyc_grammar::{Rule, VariantParser};
use pest::{consumes_to, fails_with, parses_to, Parser};

#[test]
fn names_may_contain_inner_hyphens() {
    parses_to! {
        parser: VariantParser,
        input: "no-drop-mate",
        rule: Rule::ident,
        tokens: [ident(0, 12)]
    };
}

#[test]
fn an_arrow_is_not_part_of_a_name() {
    parses_to! {
        parser: VariantParser,
        input: "e1->g1",
        rule: Rule::ident,
        tokens: [ident(0, 2)]
    };
}

#[test]
fn keywords_end_at_a_word_boundary() {
    fails_with! {
        parser: VariantParser,
        input: "letters",
        rule: Rule::kw_letter,
        positives: vec![Rule::kw_letter],
        negatives: vec![],
        pos: 0
    };
}

#[test]
fn betza_terms_have_a_token_per_letter() {
    parses_to! {
        parser: VariantParser,
        input: "mfW cefF",
        rule: Rule::betza,
        tokens: [
            betza(0, 8, [
                betza_term(0, 3, [betza_mod(0, 1), betza_mod(1, 2), betza_atom(2, 3)]),
                betza_term(4, 8, [
                    betza_mod(4, 5), betza_mod(5, 6), betza_mod(6, 7), betza_atom(7, 8)
                ])
            ])
        ]
    };
}

#[test]
fn a_doubled_atom_is_a_rider_and_digits_are_a_range() {
    parses_to! {
        parser: VariantParser,
        input: "NNB2WF",
        rule: Rule::betza,
        tokens: [
            betza(0, 6, [
                betza_term(0, 2, [betza_atom(0, 1), betza_rider(1, 2)]),
                betza_term(2, 4, [betza_atom(2, 3), betza_steps(3, 4)]),
                betza_term(4, 5, [betza_atom(4, 5)]),
                betza_term(5, 6, [betza_atom(5, 6)])
            ])
        ]
    };
}

#[test]
fn betza_stops_before_a_guard() {
    parses_to! {
        parser: VariantParser,
        input: "moves mW if friend-adjacent",
        rule: Rule::moves,
        tokens: [
            moves(0, 27, [
                kw_moves(0, 5),
                betza(6, 8, [betza_term(6, 8, [betza_mod(6, 7), betza_atom(7, 8)])]),
                guard(9, 27, [kw_if(9, 11), ident(12, 27)])
            ])
        ]
    };
}

#[test]
fn strings_keep_their_escapes_for_the_compiler() {
    parses_to! {
        parser: VariantParser,
        input: r#""a \"b\" \\""#,
        rule: Rule::string,
        tokens: [string(0, 12, [string_inner(1, 11)])]
    };
}

#[test]
fn a_string_ends_on_its_line() {
    fails_with! {
        parser: VariantParser,
        input: "\"abc\ndef\"",
        rule: Rule::string,
        positives: vec![Rule::string],
        negatives: vec![],
        pos: 0
    };
}

#[test]
fn an_unknown_statement_runs_to_the_end_of_the_line() {
    parses_to! {
        parser: VariantParser,
        input: "lettr K { x } // c\n",
        rule: Rule::unknown_stmt,
        tokens: [unknown_stmt(0, 18, [unknown_word(0, 5), unknown_rest(6, 14)])]
    };
}

#[test]
fn a_statement_that_does_not_fill_its_line_is_unknown() {
    let parsed = VariantParser::parse(Rule::file, "piece King {\n letter K extra\n}\n");
    let Ok(mut pairs) = parsed else {
        panic!("parse failed: {parsed:?}");
    };
    let file = pairs.next().expect("a file");
    let rules: Vec<Rule> = file.into_inner().flatten().map(|p| p.as_rule()).collect();
    assert!(rules.contains(&Rule::unknown_stmt), "{rules:?}");
    assert!(!rules.contains(&Rule::letter), "{rules:?}");
}

#[test]
fn the_shipped_crazyhouse_parses() {
    let source = include_str!("../../variants/crazyhouse.variant");
    let parsed = VariantParser::parse(Rule::file, source);
    assert!(parsed.is_ok(), "{parsed:?}");
}

#[test]
fn an_unclosed_block_fails() {
    assert!(VariantParser::parse(Rule::file, "piece King {\n letter K\n").is_err());
}

/// The rules and start offsets of every pair of `input` parsed as `rule`.
fn pairs(rule: Rule, input: &str) -> Vec<(Rule, usize)> {
    match VariantParser::parse(rule, input) {
        Ok(pairs) => pairs
            .flatten()
            .map(|p| (p.as_rule(), p.as_span().start()))
            .collect(),
        Err(e) => panic!("{input:?} does not parse: {e}"),
    }
}

#[test]
fn two_complete_statements_on_one_line_are_both_kept() {
    let input = "board { files a..h ranks 1..8 }";
    let found = pairs(Rule::board_decl, input);
    assert!(found.contains(&(Rule::files, 8)), "{found:?}");
    assert!(found.contains(&(Rule::ranks, 19)), "{found:?}");
    // The marker stands where the next statement starts.
    assert!(found.contains(&(Rule::missing_sep, 19)), "{found:?}");
    assert!(!found.iter().any(|(r, _)| *r == Rule::unknown_stmt));
}

#[test]
fn a_label_list_stops_at_a_board_keyword() {
    let found = pairs(Rule::board_decl, "board { files a b c ranks 1 2 3 }");
    let lists: Vec<usize> = found
        .iter()
        .filter(|(r, _)| *r == Rule::label_list)
        .map(|(_, at)| *at)
        .collect();
    assert_eq!(lists, [14, 26]);
    assert!(found.contains(&(Rule::missing_sep, 20)), "{found:?}");
}

#[test]
fn items_on_one_line_are_split_too() {
    let found = pairs(
        Rule::file,
        "variant \"x\" {} board { files a..h; ranks 1..8 }\n",
    );
    assert!(found.contains(&(Rule::variant_decl, 0)), "{found:?}");
    assert!(found.contains(&(Rule::missing_sep, 15)), "{found:?}");
    assert!(found.contains(&(Rule::board_decl, 15)), "{found:?}");
}

#[test]
fn a_statement_followed_by_anything_else_stays_unknown() {
    // `extra` is no statement: the whole line is one unknown statement,
    // reported as a malformed `letter`, as before.
    let found = pairs(Rule::piece_decl, "piece King { letter K extra }");
    assert!(found.contains(&(Rule::unknown_stmt, 13)), "{found:?}");
    assert!(!found.iter().any(|(r, _)| *r == Rule::missing_sep));
    // A Betza slip (`Wf`) is not split at a missing separator either.
    let found = pairs(Rule::piece_decl, "piece King { moves Wf }");
    assert!(found.contains(&(Rule::unknown_stmt, 13)), "{found:?}");
}

#[test]
fn an_outcome_word_is_not_a_setup_piece() {
    let found = pairs(
        Rule::end_decl,
        "end { King reaches setup black win checkmate loss }",
    );
    assert!(found.contains(&(Rule::end_reach, 6)), "{found:?}");
    assert!(found.contains(&(Rule::end_checkmate, 35)), "{found:?}");
}

#[test]
fn a_long_line_of_statements_parses_without_deep_recursion() {
    let line = "royal ".repeat(20_000);
    let input = format!("piece King {{ {line}}}");
    let found = pairs(Rule::piece_decl, &input);
    let markers = found
        .iter()
        .filter(|(r, _)| *r == Rule::missing_sep)
        .count();
    assert_eq!(markers, 19_999);
}
