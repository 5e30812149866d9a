//! Janggi and the constructs it needs (issue 12): `cannot-capture` and
//! `cannot-hop` (the cannon), palace lines as `within … from …` regions,
//! the `pass allowed` item, and the end rules `double-pass`, `facing` (bikjang) with
//! `points` and `komi`.
//!
//! Every move list and perft figure here was first probed with Debian's
//! fairy-stockfish 11.1: `setoption name UCI_Variant value <flavour>`,
//! `position fen <FEN> [moves …]`, `go perft <n>`; the flavour is named in
//! each test.

use std::sync::OnceLock;

use fairyc_runtime::{perft, Color, EndReason, Variant};
use fairyc_tests::{assert_moves, play, pos, shipped};

fn janggi() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("janggi"))
}

fn casual() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("janggicasual"))
}

fn traditional() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("janggitraditional"))
}

fn modern() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(|| shipped("janggimodern"))
}

const START: &str = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

#[test]
fn start_perft_of_the_four_flavours() {
    // FSF 11.1, `position startpos`, `go perft 1..3`: 32, 1024, then 33000
    // with bikjang (janggi, janggitraditional) and 33316 without
    // (janggimodern, janggicasual).
    for (v, d3) in [
        (janggi(), 33000),
        (traditional(), 33000),
        (modern(), 33316),
        (casual(), 33316),
    ] {
        let p = pos(v, START);
        assert_eq!(p.fen(), START);
        assert_eq!([perft(&p, 1), perft(&p, 2), perft(&p, 3)], [32, 1024, d3]);
    }
}

#[test]
fn a_pass_is_the_generals_square_twice() {
    // FSF 11.1 janggi, `position startpos`, `go perft 1` lists `e2e2`.
    let p = pos(janggi(), START);
    let moves: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    assert!(moves.contains(&"e2e2".to_string()));
    let mut p = p;
    play(&mut p, "e2e2");
    assert_eq!(
        p.fen(),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
}

#[test]
fn a_general_in_check_may_not_pass() {
    // FSF 11.1 janggicasual, `position fen 4k4/9/9/9/4r4/9/9/9/4K4/9 w - - 0 1`:
    // e2d1 e2d2 e2d3 e2f1 e2f2 e2f3, no `e2e2`.
    assert_moves(
        casual(),
        "4k4/9/9/9/4r4/9/9/9/4K4/9 w - - 0 1",
        &["e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3"],
    );
}

#[test]
fn two_passes_in_a_row_end_the_game() {
    // FSF 11.1 janggicasual, `position startpos moves e2e2 e9e9`: perft 1 is
    // 0; `moves a4a5 e9e9 e2e2` too, while `moves e2e2 a7a6 e2e2` has 33.
    let mut p = pos(casual(), START);
    play(&mut p, "e2e2");
    play(&mut p, "e9e9");
    assert_eq!(perft(&p, 1), 0);
    let r = p.outcome().expect("over");
    assert_eq!((r.winner, r.reason), (None, EndReason::Passes));

    let mut p = pos(casual(), START);
    for m in ["e2e2", "a7a6", "e2e2"] {
        play(&mut p, m);
    }
    assert_eq!(perft(&p, 1), 33);

    // Under janggi's counting the material is even, and Black's 1.5 decides.
    let mut p = pos(janggi(), START);
    play(&mut p, "e2e2");
    play(&mut p, "e9e9");
    let r = p.outcome().expect("over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Black), EndReason::Passes)
    );
    assert_eq!(p.points(), fairyc_runtime::ByColor::new(720, 735));
}

#[test]
fn facing_generals_must_be_parted_or_the_game_ends() {
    // FSF 11.1 janggi, `position fen 4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1 moves
    // d2e2`: e10d10 e10e10 e10f10; after `e10e10` perft 1 is 0.
    let fen = "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1";
    let mut p = pos(janggi(), fen);
    play(&mut p, "d2e2");
    assert!(p.royals_facing());
    let mut moves: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    moves.sort();
    assert_eq!(moves, ["e10d10", "e10e10", "e10f10"]);
    play(&mut p, "e10e10");
    assert_eq!(perft(&p, 1), 0);
    // Counting: the generals alone, and Black's 1.5.
    let r = p.outcome().expect("over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Black), EndReason::Facing)
    );

    // Traditional rules: the same, a draw.
    let mut p = pos(traditional(), fen);
    play(&mut p, "d2e2");
    play(&mut p, "e10e10");
    let r = p.outcome().expect("over");
    assert_eq!((r.winner, r.reason), (None, EndReason::Facing));

    // Casual rules: facing generals are nothing special (FSF 11.1
    // janggicasual, same FEN and move: e10d10 e10e10 e10e9 e10f10).
    let mut p = pos(casual(), fen);
    play(&mut p, "d2e2");
    assert_eq!(perft(&p, 1), 4);
    play(&mut p, "e10e9");
    assert!(p.outcome().is_none());
}

#[test]
fn under_bikjang_a_pass_is_allowed_even_in_check() {
    // FSF 11.1 janggi, `position fen 4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1`:
    // e2d1 e2d3 e2e2 e2f1 e2f3. janggicasual: e2d1 e2d3 e2e1 e2e3 e2f1 e2f3.
    let fen = "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1";
    assert_moves(janggi(), fen, &["e2d1", "e2d3", "e2e2", "e2f1", "e2f3"]);
    assert_moves(
        casual(),
        fen,
        &["e2d1", "e2d3", "e2e1", "e2e3", "e2f1", "e2f3"],
    );
}

#[test]
fn a_cannon_neither_hops_over_nor_captures_a_cannon() {
    // FSF 11.1 janggicasual, `position fen 3k5/9/9/9/4c4/9/4C4/9/3K1C3/4C4 w
    // - - 0 1`: d2d1 d2d2 d2d3 d2e2 f2a2 f2b2 f2c2. The cannon e4 faces a
    // cannon (no hurdle), e1 is behind its own cannon e4; f2 hops the
    // general.
    assert_moves(
        casual(),
        "3k5/9/9/9/4c4/9/4C4/9/3K1C3/4C4 w - - 0 1",
        &["d2d1", "d2d2", "d2d3", "d2e2", "f2a2", "f2b2", "f2c2"],
    );
    // `2b1k4/4a4/3c1C3/9/9/9/9/3C5/4c4/3K1c3 w - - 0 1`: d1d1 d1d2 d1e1 d1e2
    // f8d10. The cannon f8 hops the guard e9 along the palace line; d3 may
    // not hop the cannons d8 and e2.
    assert_moves(
        casual(),
        "2b1k4/4a4/3c1C3/9/9/9/9/3C5/4c4/3K1c3 w - - 0 1",
        &["d1d1", "d1d2", "d1e1", "d1e2", "f8d10"],
    );
}

#[test]
fn soldiers_and_chariots_follow_the_palace_lines() {
    // FSF 11.1 janggicasual, `position fen 4k4/4a4/3P5/5P3/9/9/9/9/9/3K5 w -
    // - 0 1`: d1d1 d1d2 d1e1 d1e2 d8c8 d8d9 d8e8 d8e9 f7e7 f7f8 f7g7. The
    // soldier d8 may take the guard e9 along the line; f7 is on no line.
    assert_moves(
        casual(),
        "4k4/4a4/3P5/5P3/9/9/9/9/9/3K5 w - - 0 1",
        &[
            "d1d1", "d1d2", "d1e1", "d1e2", "d8c8", "d8d9", "d8e8", "d8e9", "f7e7", "f7f8", "f7g7",
        ],
    );
    // `3k5/4a4/3P5/5P3/9/9/9/3R5/4r4/3K1R3 w - - 0 1`: d1e2 d3e2 f1e2. The
    // chariot e2 checks the general d1 along the line; both chariots and
    // the general may take it.
    assert_moves(
        casual(),
        "3k5/4a4/3P5/5P3/9/9/9/3R5/4r4/3K1R3 w - - 0 1",
        &["d1e2", "d3e2", "f1e2"],
    );
}

#[test]
fn the_elephant_is_a_lame_two_three_leaper() {
    // FSF 11.1 janggicasual, `position fen 3k5/9/9/9/9/4B4/4p4/9/3K5/9 w - -
    // 0 1`: d2d1 d2d2 d2d3 d2e2 e5b3 e5b7 e5c8 e5g8 e5h3 e5h7: the soldier
    // e4 blocks the two moves that start through it.
    assert_moves(
        casual(),
        "3k5/9/9/9/9/4B4/4p4/9/3K5/9 w - - 0 1",
        &[
            "d2d1", "d2d2", "d2d3", "d2e2", "e5b3", "e5b7", "e5c8", "e5g8", "e5h3", "e5h7",
        ],
    );
}

#[test]
fn passing_and_facing_survive_make_and_unmake() {
    let mut p = pos(janggi(), "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    let before = p.clone();
    let m = p.parse_uci("d2e2").expect("legal");
    let u1 = p.make(m);
    let pass = p.parse_uci("e10e10").expect("legal");
    let u2 = p.make(pass);
    assert!(p.outcome().is_some());
    p.unmake(u2);
    assert!(p.outcome().is_none());
    assert!(p.royals_facing());
    p.unmake(u1);
    assert_eq!(p.fen(), before.fen());
    assert!(!p.royals_facing());
}

#[test]
fn bad_janggi_constructs_are_reported() {
    let base = |extra: &str, end: &str| {
        format!(
            "variant \"T\" {{}}\nboard {{ files a..c; ranks 1..3 }}\n\
             piece King {{ letter K; moves K; royal }}\n\
             piece Cannon {{ letter C; moves pR }}\n{extra}\n\
             setup \"k2/3/C1K w - - 0 1\"\n{end}\n"
        )
    };
    let codes = |src: String| -> Vec<String> {
        match fairyc_compiler::compile(&src) {
            Ok(_) => Vec::new(),
            Err(errors) => errors.iter().map(|e| e.code().to_string()).collect(),
        }
    };
    let with = |piece: &str| base(&format!("piece Rook {{ letter R; moves R; {piece} }}"), "");
    assert_eq!(codes(with("cannot-capture King")), ["E0137"]);
    assert_eq!(codes(with("cannot-hop Cannon")), ["E0059"]);
    assert_eq!(
        codes(base("", "scoring { points Cannon 100000 }")),
        ["E0058"]
    );
    assert_eq!(codes(base("", "end { facing draw }")), ["E0139"]);
    let no_royal = base("", "pass allowed\nroyal { only white }");
    assert!(codes(no_royal).contains(&"E0138".to_string()));
    assert!(codes(base("", "pass allowed\nend { double-pass points }")).is_empty());
}

/// A flavour's source with one end rule's verdict changed.
fn with_verdict(stem: &str, from: &str, to: &str) -> Variant {
    let path = fairyc_tests::root().join(format!("variants/{stem}.variant"));
    let source = std::fs::read_to_string(path).expect("source");
    assert!(source.contains(from), "{stem} says `{from}`");
    let tables = fairyc_compiler::compile(&source.replace(from, to)).expect("compiles");
    Variant::new(tables).expect("plays")
}

#[test]
fn a_pass_or_facing_outcome_is_for_the_player_to_move() {
    // Every outcome word is for the player the rule happens to; `double-pass`
    // and `facing` happen to the player to move when the game ends (issue
    // 28: before, they were for the player who moved last).
    let passes = with_verdict("janggicasual", "double-pass draw", "double-pass win");
    let mut p = pos(&passes, START);
    play(&mut p, "e2e2");
    play(&mut p, "e9e9");
    let r = p.outcome().expect("over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::White), EndReason::Passes)
    );

    let facing = with_verdict("janggitraditional", "facing draw", "facing loss");
    let mut p = pos(&facing, "4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    play(&mut p, "d2e2");
    play(&mut p, "e10e10");
    let r = p.outcome().expect("over");
    assert_eq!(
        (r.winner, r.reason),
        (Some(Color::Black), EndReason::Facing)
    );
}
