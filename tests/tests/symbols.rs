//! Piece symbols of more than one letter (`letter DE`, `letter N'`,
//! `letter +SG`): read and written the same way in FEN, hands, moves,
//! drops and promotions, and variants of more than 52 piece types.
//!
//! The perft figures are the shipped reference data of crazyhouse and shogi
//! (tests/perft/), played by copies of those variants whose pieces have
//! other symbols: renaming a piece changes no move, so the counts must
//! stay, and every FEN and move must read as the original's with the
//! symbols swapped.

use fairyc_runtime::{
    perft, table::TableParts, Color, ParseFenError, Position, PositionError, TableError, Variant,
    VariantTables,
};
use fairyc_tests::{read_perft_file, root, uci_moves};

/// Compiles a source, panicking with its diagnostics.
fn compile(source: &str) -> Variant {
    let tables = fairyc_compiler::compile(source).unwrap_or_else(|errors| {
        panic!(
            "{}",
            fairyc_compiler::diagnostic::render_plain("test", source, &errors)
        )
    });
    Variant::new(tables).expect("valid tables")
}

/// The error codes a source reports.
fn codes(source: &str) -> Vec<&'static str> {
    match fairyc_compiler::compile(source) {
        Ok(_) => Vec::new(),
        Err(errors) => errors.iter().map(|e| e.code()).collect(),
    }
}

/// A shipped variant's source with its pieces' symbols renamed
/// (`(old, new)` in upper case, `+` faces included) and, if `extra` > 0,
/// that many more pieces (never on the board) with symbols `TA`, `TB`, ….
fn renamed(stem: &str, symbols: &[(&str, &str)], extra: usize) -> String {
    let path = root().join("variants").join(format!("{stem}.variant"));
    let source = std::fs::read_to_string(path).expect("shipped variant");
    let mut out = String::new();
    for line in source.lines() {
        let mut line = line.to_string();
        if let Some(at) = line.find("letter ") {
            let rest = &line[at + 7..];
            let end = rest
                .find(|c: char| c == ';' || c.is_whitespace() || c == '}')
                .unwrap_or(rest.len());
            let old = &rest[..end];
            if let Some((_, new)) = symbols.iter().find(|(o, _)| *o == old) {
                line = format!("{}letter {new}{}", &line[..at], &rest[end..]);
            }
        }
        if let Some(at) = line.find("setup \"") {
            let rest = &line[at + 7..];
            let end = rest.find('"').expect("closing quote");
            let fen = rename_fen(&rest[..end], symbols);
            line = format!("{}setup \"{fen}\"{}", &line[..at], &rest[end + 1..]);
        }
        out.push_str(&line);
        out.push('\n');
    }
    for i in 0..extra {
        let first = char::from(b'T' + (i / 26) as u8);
        let second = char::from(b'A' + (i % 26) as u8);
        out.push_str(&format!(
            "piece Extra{i} {{ letter {first}{second}; moves W }}\n"
        ));
    }
    out
}

/// A FEN's board and hand field with each piece's symbol renamed; the
/// other fields (castling letters are not pieces) as they are.
fn rename_fen(fen: &str, symbols: &[(&str, &str)]) -> String {
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut out = String::new();
    let mut plus = false;
    for c in board.chars() {
        if c.is_ascii_alphabetic() {
            let old = format!("{}{}", if plus { "+" } else { "" }, c.to_ascii_uppercase());
            let new = symbols
                .iter()
                .find(|(o, _)| *o == old)
                .map_or(old.clone(), |(_, n)| n.to_string());
            let new = new.trim_start_matches('+');
            out.push_str(&if c.is_ascii_uppercase() {
                new.to_ascii_uppercase()
            } else {
                new.to_ascii_lowercase()
            });
            plus = false;
        } else {
            plus = c == '+';
            out.push(c);
        }
    }
    if rest.is_empty() {
        out
    } else {
        format!("{out} {rest}")
    }
}

/// A move of the original variant as the renamed one writes it: the
/// dropped piece (`P@e4` → `PA@e4`) and the promotion suffix (`e7e8q` →
/// `e7e8qu`).
fn rename_move(m: &str, symbols: &[(&str, &str)]) -> String {
    let find = |old: &str| {
        symbols
            .iter()
            .find(|(o, _)| *o == old)
            .map_or(old.to_string(), |(_, n)| n.to_string())
    };
    if let Some((piece, to)) = m.split_once('@') {
        if !piece.is_empty() && piece.chars().all(|c| c.is_ascii_alphabetic() || c == '+') {
            return format!("{}@{to}", find(piece));
        }
    }
    let digits = m.rfind(|c: char| c.is_ascii_digit()).map_or(0, |i| i + 1);
    let (head, suffix) = m.split_at(digits);
    if suffix.chars().all(|c| c.is_ascii_alphabetic()) && !suffix.is_empty() {
        format!(
            "{head}{}",
            find(&suffix.to_ascii_uppercase()).to_ascii_lowercase()
        )
    } else {
        m.to_string()
    }
}

/// Crazyhouse's pieces as one, two and three letters and an apostrophe,
/// none of them the start of another.
const ZH: &[(&str, &str)] = &[
    ("K", "K"),
    ("Q", "QU"),
    ("R", "R'"),
    ("B", "BIS"),
    ("N", "N"),
    ("P", "PA"),
];

/// Shogi's, with promoted faces of two letters and an apostrophe.
const SHOGI: &[(&str, &str)] = &[
    ("S", "SG"),
    ("+S", "+SG"),
    ("N", "N'"),
    ("+N", "+N'"),
    ("L", "LA"),
    ("+L", "+LA"),
    ("G", "GO"),
];

/// Leaves of the original per-depth figures played, in a debug build.
const NODE_LIMIT: u64 = 40_000;

/// The same in release, for the ignored deeper tests.
const DEEP_NODE_LIMIT: u64 = 6_000_000;

/// Crazyhouse with its pieces renamed and 60 more piece types (66 in all,
/// more than the 52 that one-letter symbols allow): it compiles, reads
/// every reference FEN, writes it back as crazyhouse does with the
/// symbols swapped, lists the same moves renamed, and counts the
/// reference perft.
#[test]
fn crazyhouse_with_66_piece_types_and_long_symbols_plays_the_reference_perft() {
    crazyhouse_renamed(NODE_LIMIT);
}

/// The same deeper, in release (`.ci/run`).
#[test]
#[ignore = "deeper perft: run in release by .ci/run"]
fn crazyhouse_with_66_piece_types_deeper() {
    crazyhouse_renamed(DEEP_NODE_LIMIT);
}

fn crazyhouse_renamed(node_limit: u64) {
    let source = renamed("crazyhouse", ZH, 60);
    let v = compile(&source);
    assert_eq!(v.pieces().count(), 66);
    // More than 32 piece types are played with wide square sets.
    assert!(v.is_wide());
    let zh = fairyc_tests::shipped("crazyhouse");
    let cases = read_perft_file(&root().join("tests/perft/crazyhouse.perft"));
    assert!(cases.len() >= 6);
    for case in cases {
        let fen = rename_fen(&case.fen, ZH);
        let p = Position::from_fen(&v, &fen).unwrap_or_else(|e| panic!("{}: {fen}: {e}", case.id));
        let original = Position::from_fen(&zh, &case.fen).expect("reference FEN");
        assert_eq!(p.fen(), rename_fen(&original.fen(), ZH), "{}", case.id);
        // Read back what it writes: the same position.
        let again = Position::from_fen(&v, &p.fen()).expect("own FEN");
        assert_eq!(again.fen(), p.fen());
        let mut want: Vec<String> = uci_moves(&original)
            .iter()
            .map(|m| rename_move(m, ZH))
            .collect();
        want.sort();
        let mut got = uci_moves(&p);
        got.sort();
        assert_eq!(got, want, "{}", case.id);
        for &(depth, nodes) in case.counts.iter().filter(|c| c.1 <= node_limit) {
            assert_eq!(perft(&p, depth), nodes, "{} depth {depth}", case.id);
        }
    }
}

/// The renamed moves are the moves: a promotion to `QU` is written
/// `e7e8qu` and read back; a drop `PA@e4`, and `Q~` is `QU~`.
#[test]
fn long_promotion_suffixes_and_drops_are_read_back() {
    let v = compile(&renamed("crazyhouse", ZH, 0));
    let mut p = Position::from_fen(&v, "8/1PA6/8/7k/8/8/8/4K3[BISpa] w - - 0 1").expect("fen");
    let moves = uci_moves(&p);
    for m in ["b7b8qu", "b7b8r'", "b7b8bis", "b7b8n", "BIS@e4"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    let m = p.parse_uci("b7b8qu").expect("promotion");
    p.play(m).expect("legal");
    assert_eq!(p.fen(), "1QU~6/8/8/7k/8/8/8/4K3[BISpa] b - - 0 1");
    let m = p.parse_uci("PA@e2").expect("black drop");
    p.play(m).expect("legal");
    assert_eq!(p.fen(), "1QU~6/8/8/7k/8/8/4pa3/4K3[BIS] w - - 0 2");
}

/// Shogi with two-letter and apostrophe symbols, promoted faces `+SG`,
/// `+N'`, `+LA`: the reference perft, and promotions written `+` as
/// before.
#[test]
fn shogi_with_long_symbols_plays_the_reference_perft() {
    shogi_perft(NODE_LIMIT);
    let v = compile(&renamed("shogi", SHOGI, 0));
    let shogi = fairyc_tests::shipped("shogi");
    // Promoted faces on the board and in hand, promotion moves.
    let want = "4k4/2SG4+SG+N'/9/9/9/9/9/9/4K4[LAgon'] w - - 0 1";
    let original = "4k4/2S4+S+N/9/9/9/9/9/9/4K4[Lng] w - - 0 1";
    let p = Position::from_fen(&v, want).expect("fen");
    assert_eq!(p.fen(), want);
    let o = Position::from_fen(&shogi, original).expect("fen");
    assert_eq!(p.fen(), rename_fen(&o.fen(), SHOGI));
    let mut got = uci_moves(&p);
    got.sort();
    let mut expect: Vec<String> = uci_moves(&o)
        .iter()
        .map(|m| rename_move(m, SHOGI))
        .collect();
    expect.sort();
    assert_eq!(got, expect);
    assert!(got.contains(&"c8c9+".to_string()) && got.contains(&"LA@e5".to_string()));
    // USI's SFEN and moves: a count applies to the whole symbol after it.
    let original = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w 2SnB 4";
    let sfen = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w 2SGn'B 4";
    let sfen = sfen
        .replace("lnsgkgsnl", "lan'sggokgosgn'la")
        .replace("LNSGKGSNL", "LAN'SGGOKGOSGN'LA");
    let p = Position::from_fen_or_sfen(&v, &sfen).expect("SFEN reads");
    let o = Position::from_fen_or_sfen(&shogi, original).expect("SFEN reads");
    assert_eq!(p.fen(), rename_fen(&o.fen(), SHOGI));
    assert!(p.fen().contains("[SGSGBn']"), "{}", p.fen());
    let w = Position::from_fen(&v, &p.fen().replace(" b - - 0 2", " w - - 0 2")).expect("fen");
    let m = w.parse_uci("SG*5e").expect("a USI drop");
    assert_eq!(w.uci(m), "SG@e5");
    assert_eq!(w.usi(m).as_deref(), Some("SG*5e"));
}

/// The same deeper, in release (`.ci/run`).
#[test]
#[ignore = "deeper perft: run in release by .ci/run"]
fn shogi_with_long_symbols_deeper() {
    shogi_perft(DEEP_NODE_LIMIT);
}

fn shogi_perft(node_limit: u64) {
    let v = compile(&renamed("shogi", SHOGI, 0));
    for case in read_perft_file(&root().join("tests/perft/shogi.perft")) {
        let fen = rename_fen(&case.fen, SHOGI);
        let p = Position::from_fen(&v, &fen).expect("fen");
        assert_eq!(p.fen(), fen);
        for &(depth, nodes) in case.counts.iter().filter(|c| c.1 <= node_limit) {
            assert_eq!(perft(&p, depth), nodes, "{} depth {depth}", case.id);
        }
    }
}

/// A small variant with one-letter, two-letter, three-letter and
/// apostrophe symbols, a `+` face and the longest-match reading (`L`
/// and `LN` where no symbol starts with `N`).
const SMALL: &str = r#"
variant "Symbols" { }
board { files a..h; ranks 1..8 }
piece King { letter K; moves K; royal }
piece Lance { letter L; moves fR }
piece Lion { letter LN; moves KNAD }
piece Elephant { letter de; moves FfsW }
piece Camel { letter C; moves C }
piece Knight { letter C'; moves N }
piece Pawn { letter P; moves fW }
piece Tokin { letter +P; moves WfF }
piece Queen { letter QUE; moves Q }
setup "llnc'dek3/pppp4/8/8/8/8/PPPP4/LLNC'DEK3[] w - - 0 1"
zone camp { white: ranks 6..8; black: ranks 1..3 }
promotion { Pawn -> Tokin | Queen in camp }
drops { }
"#;

#[test]
fn fens_with_every_kind_of_symbol_read_and_write_back_identical() {
    let v = compile(SMALL);
    for fen in [
        "llnc'dek3/pppp4/8/8/8/8/PPPP4/LLNC'DEK3[] w - - 0 1",
        "lnl2k3/8/8/3+P4/8/3+p4/8/LNLC'KC3[QUEPC'DEDEquepc'c'] b - - 3 7",
        "4k3/8/8/8/8/8/8/4K3[C'C'C'LNLNc'lnl] w - - 0 1",
        "c'c'c'c'c'c'c'k/cc'CC'LLNLN1/8/8/8/8/8/K6+P[] b - - 0 1",
    ] {
        let p = Position::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.fen(), fen);
    }
    // Hands are written in one order; a FEN with another reads the same.
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/4K3[LNC'Pp] w - - 0 1").expect("fen");
    assert_eq!(p.fen(), "4k3/8/8/8/8/8/8/4K3[PC'LNp] w - - 0 1");
    let lion = v.piece_by_symbol("ln").expect("lion");
    assert_eq!(v.piece_symbol(lion), "LN");
    assert_eq!(v.piece_token(lion), "LN");
    assert_eq!(v.piece_by_symbol("+p"), v.piece_by_name("Tokin"));
    assert_eq!(v.piece_by_symbol("C'"), v.piece_by_name("Knight"));
    assert_eq!(v.piece_by_symbol("Ln"), v.piece_by_symbol("LN"));
    let p = Position::from_fen(&v, "4k3/1P6/8/8/8/8/8/4K3[DE] w - - 0 1").expect("fen");
    let moves = uci_moves(&p);
    for m in ["b7b8+", "b7b8que", "DE@a1"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

#[test]
fn fens_that_do_not_read_say_where() {
    let v = compile(SMALL);
    let err = |fen: &str| Position::from_fen(&v, fen).map(|_| ()).expect_err(fen);
    // `X` starts no symbol.
    assert!(
        matches!(
            err("4k3/8/8/8/8/8/8/3XK3[] w - - 0 1"),
            PositionError::Fen(ParseFenError::UnknownPiece {
                row: 8,
                column: 2,
                letter: 'X'
            })
        ),
        "{}",
        err("4k3/8/8/8/8/8/8/3XK3[] w - - 0 1")
    );
    // A symbol in mixed case is two pieces: `Ln` is a White Lance and a
    // Black `n`, which starts no symbol.
    assert!(err("4k3/8/8/8/8/8/8/Ln3K3[] w - - 0 1")
        .to_string()
        .contains("unknown piece `n`"));
    // The case of a whole symbol gives its side.
    let p = Position::from_fen(&v, "4k3/8/8/8/8/8/8/ln3K3[] w - - 0 1").expect("fen");
    let a1 = v.square_by_name("a1").expect("a1");
    assert_eq!(p.piece_at(a1).map(|q| q.color), Some(Color::Black));
    let many = format!("4k3/8/8/8/8/8/8/4K3[{}] w - - 0 1", "DE".repeat(256));
    assert!(
        err(&many).to_string().contains("`DE` in hand"),
        "{}",
        err(&many)
    );
    let marked = err("4k3/8/8/8/8/8/8/4KDE~2[] w - - 0 1");
    assert!(
        matches!(
            &marked,
            PositionError::Fen(ParseFenError::MarkNotAllowed { letter, .. }) if letter == "DE"
        ),
        "{marked}"
    );
}

/// The checker's errors for symbols, each with its code.
#[test]
fn symbols_a_fen_could_not_tell_apart_are_refused() {
    let base = |pieces: &str| {
        format!(
            "variant \"V\" {{ }}\nboard {{ files a..h; ranks 1..8 }}\npiece King {{ letter K; moves K; royal }}\n{pieces}\nsetup \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"
        )
    };
    // Accepted: every form.
    for ok in [
        "piece A { letter DE; moves W }",
        "piece A { letter de; moves W }",
        "piece A { letter N'; moves W }\npiece B { letter N; moves F }",
        "piece A { letter FKX'; moves W }",
        "piece A { letter L; moves W }\npiece B { letter LN; moves F }",
        "piece A { letter P; moves W }\npiece B { letter +P; moves F }\npiece C { letter +PA; moves D }",
    ] {
        assert_eq!(codes(&base(ok)), Vec::<&str>::new(), "{ok}");
    }
    for (bad, code) in [
        ("piece A { letter KING; moves W }", "E0014"),
        ("piece A { letter P1; moves W }", "E0014"),
        ("piece A { letter N''; moves W }", "E0014"),
        ("piece A { letter 'N; moves W }", "E0014"),
        ("piece A { letter +; moves W }", "E0014"),
        ("piece A { letter Ln; moves W }", "E0067"),
        ("piece A { letter DE; moves W }\npiece B { letter de; moves F }", "E0015"),
        ("piece A { letter L; moves W }\npiece B { letter LN; moves F }\npiece C { letter NA; moves D }", "E0068"),
        ("piece A { letter +L; moves W }\npiece B { letter +LN; moves F }\npiece C { letter N; moves D }", "E0068"),
        ("piece A { letter K'; moves W }\npiece B { letter KA; moves F }\npiece C { letter A; moves D }", "E0068"),
    ] {
        assert_eq!(codes(&base(bad)), vec![code], "{bad}");
    }
}

/// The runtime's own check of a table: what the checker refuses, a table
/// written by hand may not hold either.
#[test]
fn tables_with_symbols_a_fen_could_not_read_are_refused() {
    let v = compile(SMALL);
    let parts: &TableParts = v.tables().parts();
    let with = |edit: &dyn Fn(&mut TableParts)| {
        let mut p = parts.clone();
        edit(&mut p);
        VariantTables::new(p)
    };
    for bad in ["Ln", "KING", "P1", "", "'", "N''", "D-E", "DÉ"] {
        assert!(
            matches!(
                with(&|p| p.pieces[1].letter = bad.to_string()),
                Err(TableError::BadLetter { piece: 1, .. })
            ),
            "{bad:?}"
        );
    }
    // `C` (Camel) starts `C'`? No: an apostrophe starts nothing. `L`
    // starts `LN`, fine until a symbol starts with `N`.
    assert!(with(&|p| p.pieces[4].letter = "NA".into()).is_err());
    assert!(matches!(
        with(&|p| p.pieces[4].letter = "NA".into()),
        Err(TableError::AmbiguousLetter {
            first: 1,
            second: 2
        })
    ));
    assert!(matches!(
        with(&|p| p.pieces[3].letter = "ln".into()),
        Err(TableError::DuplicateLetter {
            first: 2,
            second: 3
        })
    ));
    // The same tables through JSON.
    let json = v.tables().to_json();
    assert!(json.contains(r#""letter":"LN""#) && json.contains(r#""letter":"C'""#));
    let hostile = json.replace(r#""letter":"LN""#, r#""letter":"L/N""#);
    assert!(VariantTables::from_json(&hostile).is_err());
    assert!(VariantTables::from_json(&json).is_ok());
}
