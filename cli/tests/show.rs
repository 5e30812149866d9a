//! `fairyc show`, run as the real binary: terminal snapshots (plain, as when
//! standard output is not a terminal), error messages, and the SVG pictures,
//! which must be well-formed XML with one shape per square and match the
//! ones committed in `docs/`.
//!
//! Regenerate the pictures in `docs/` with
//! `for f in variants/*.variant; do cargo run -p fairyc -- show "$f" --svg "docs/board-$(basename "$f" .variant).svg"; done`.

use std::path::{Path, PathBuf};
use std::process::Command;

const VARIANTS: [&str; 4] = [
    "crazyhouse",
    "crazy-elephant",
    "hans-38special",
    "crazy-38s",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

struct Run {
    stdout: String,
    stderr: String,
    code: i32,
}

fn fairyc(args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_fairyc"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("CLICOLOR_FORCE")
        .output()
        .expect("fairyc runs");
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
        code: out.status.code().unwrap_or(-1),
    }
}

fn variant(name: &str) -> String {
    format!("variants/{name}.variant")
}

fn square_count(name: &str) -> usize {
    let source = std::fs::read_to_string(root().join(variant(name))).expect("variant");
    let tables = fairyc_compiler::compile(&source).expect("compiles");
    tables.parts().board.squares.len()
}

#[test]
fn start_positions() {
    for v in VARIANTS {
        let run = fairyc(&["show", &variant(v)]);
        assert_eq!(run.code, 0, "{v}: {}", run.stderr);
        assert!(
            !run.stdout.contains('\x1b'),
            "no colour when not a terminal"
        );
        insta::assert_snapshot!(format!("start@{v}"), run.stdout);
    }
}

#[test]
fn piece_diagrams() {
    let cases: [(&str, &str, &[&str]); 8] = [
        // The rook runs round the loop of curved squares and stops on
        // coming back to f3.
        (
            "crazy38s-rook-f3",
            "crazy-38s",
            &["--piece", "Rook", "--from", "f3"],
        ),
        // Guarded move-only steps (a friendly piece adjacent).
        (
            "crazy38s-bishop-g4-black",
            "crazy-38s",
            &["--piece", "Bishop", "--from", "g4", "--side", "black"],
        ),
        // A knight on a curved square.
        (
            "crazy38s-knight-a8",
            "crazy-38s",
            &["--piece", "N", "--from", "a8"],
        ),
        // The Mao-rider from the middle and from White's extra square.
        (
            "hans-nightrider-c2",
            "hans-38special",
            &["--piece", "Nightrider", "--from", "c2"],
        ),
        (
            "hans-nightrider-e0",
            "hans-38special",
            &["--piece", "Nightrider", "--from", "e0"],
        ),
        // Move only, capture only.
        (
            "hans-berolina-c2",
            "hans-38special",
            &["--piece", "Berolina", "--from", "c2"],
        ),
        (
            "crazyhouse-pawn-e2",
            "crazyhouse",
            &["--piece", "pawn", "--from", "e2"],
        ),
        (
            "crazyhouse-pawn-d7-black",
            "crazyhouse",
            &["--piece", "Pawn", "--from", "d7", "--side", "black"],
        ),
    ];
    for (name, v, args) in cases {
        let file = variant(v);
        let mut all = vec!["show", file.as_str()];
        all.extend_from_slice(args);
        let run = fairyc(&all);
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        insta::assert_snapshot!(format!("piece@{name}"), run.stdout);
    }
}

#[test]
fn position_with_hands_promoted_piece_and_result() {
    // Fool's mate, with pieces in Black's hand and a promoted Black rook.
    let fen = "r~nb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR[nnp] w KQk - 1 3";
    let run = fairyc(&["show", &variant("crazyhouse"), "--fen", fen]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    insta::assert_snapshot!(run.stdout);
}

#[test]
fn end_and_legality_rules_are_described() {
    let run = fairyc(&["show", "jesonmor"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rules: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("rule: "))
        .collect();
    assert_eq!(
        rules,
        [
            "rule: no royal piece: no check, no checkmate",
            "rule: a player who cannot move (stalemate) loses",
            "rule: a player whose `Knight` reaches e5 wins, judged after the opponent's reply \
             (a draw if both have reached, White first)",
        ]
    );
    let run = fairyc(&["show", "extinction"]);
    assert!(
        run.stdout
            .contains("rule: a player with no `Queen` left loses"),
        "{}",
        run.stdout
    );
    let run = fairyc(&["show", "codrus"]);
    assert!(
        run.stdout
            .contains("rule: a capture is compulsory when one is legal"),
        "{}",
        run.stdout
    );
}

#[test]
fn promoted_faces_and_hands_of_shogi() {
    // A promoted pawn (`+P`) and a horse (`+b`), and both hands.
    let fen = "+P1k2/4+b/1S3/5/2K1R[Pp] b - - 1 1";
    let run = fairyc(&["show", &variant("minishogi"), "--fen", fen]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let expected = [
        "Minishogi",
        fen,
        "black in hand: p",
        " 5 +P  ·  k  ·  · ",
        " 4  ·  ·  ·  · +b ",
        " 3  ·  S  ·  ·  · ",
        " 2  ·  ·  ·  ·  · ",
        " 1  ·  ·  K  ·  R ",
        "    a  b  c  d  e ",
        "white in hand: P",
        "black to move",
        "rule: a player who cannot move (stalemate) loses",
    ];
    let got: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(got.len(), expected.len(), "{}", run.stdout);
    for (g, e) in got.iter().zip(expected) {
        assert_eq!(g.trim_end(), e.trim_end(), "{}", run.stdout);
    }
    let run = fairyc(&["show", &variant("minishogi"), "--fen", fen, "--svg", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(">+P</text>"), "{}", run.stdout);
    assert!(run.stdout.contains(">+b</text>"), "{}", run.stdout);
}

#[test]
fn errors() {
    let cases: [(&str, &str, &[&str]); 7] = [
        (
            "unknown-piece",
            "hans-38special",
            &["--piece", "Nightrdier", "--from", "c2"],
        ),
        (
            "unknown-square",
            "crazyhouse",
            &["--piece", "Rook", "--from", "i9"],
        ),
        (
            "arm-cell",
            "crazy-38s",
            &["--piece", "Rook", "--from", "a4"],
        ),
        ("hole", "crazy-38s", &["--piece", "Rook", "--from", "b4"]),
        (
            "off-board",
            "hans-38special",
            &["--piece", "Rook", "--from", "a0"],
        ),
        (
            "unknown-side",
            "crazyhouse",
            &["--piece", "Rook", "--from", "a1", "--side", "wite"],
        ),
        ("piece-without-square", "crazyhouse", &["--piece", "Rook"]),
    ];
    for (name, v, args) in cases {
        let file = variant(v);
        let mut all = vec!["show", file.as_str()];
        all.extend_from_slice(args);
        let run = fairyc(&all);
        assert_eq!(run.code, 2, "{name}: {}", run.stdout);
        assert!(run.stdout.is_empty(), "{name}");
        insta::assert_snapshot!(format!("error@{name}"), run.stderr);
    }
}

/// The SVG parses as XML and has one square shape per square, each named.
fn check_svg(text: &str, squares: usize) {
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let shapes: Vec<_> = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == "square"))
        })
        .collect();
    assert_eq!(shapes.len(), squares);
    for s in &shapes {
        assert!(matches!(s.tag_name().name(), "path" | "polygon"));
        assert!(s.attribute("id").is_some_and(|id| id.starts_with("sq-")));
    }
}

#[test]
fn svg_start_positions_match_docs() {
    for v in VARIANTS {
        let run = fairyc(&["show", &variant(v), "--svg", "-"]);
        assert_eq!(run.code, 0, "{v}: {}", run.stderr);
        check_svg(&run.stdout, square_count(v));
        let docs = root().join(format!("docs/board-{v}.svg"));
        let committed = std::fs::read_to_string(&docs).unwrap_or_default();
        assert!(
            committed == run.stdout,
            "{} is not what `fairyc show {} --svg` draws now; regenerate it (see this file's header)",
            docs.display(),
            variant(v)
        );
    }
}

#[test]
fn svg_piece_diagrams() {
    for (v, piece, from) in [
        ("crazy-38s", "Rook", "f3"),
        ("crazy-38s", "Bishop", "g4"),
        ("hans-38special", "Nightrider", "c2"),
        ("crazyhouse", "Pawn", "e2"),
    ] {
        let run = fairyc(&[
            "show",
            &variant(v),
            "--piece",
            piece,
            "--from",
            from,
            "--svg",
            "-",
        ]);
        assert_eq!(run.code, 0, "{v}: {}", run.stderr);
        check_svg(&run.stdout, square_count(v));
        assert!(run.stdout.contains("class=\"target"));
    }
}

#[test]
fn svg_to_a_file() {
    let dir = std::env::temp_dir().join(format!("fairyc-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("board.svg");
    let out_s = out.to_str().expect("UTF-8 path");
    let run = fairyc(&["show", &variant("hans-38special"), "--svg", out_s]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.is_empty());
    check_svg(
        &std::fs::read_to_string(&out).expect("written"),
        square_count("hans-38special"),
    );
    // Never over a variant source.
    let bad = dir.join("x.variant");
    let run = fairyc(&[
        "show",
        &variant("crazyhouse"),
        "--svg",
        bad.to_str().expect("UTF-8"),
    ]);
    assert_eq!(run.code, 2);
    assert!(!bad.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--zone` shades a declared zone's squares: xiangqi's palaces are files
/// d to f of the three ranks nearest each side, White's half ranks 1 to 5.
#[test]
fn zones_are_shaded() {
    let run = fairyc(&["show", "xiangqi", "--zone", "palace"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let row = |rank: &str| -> String {
        let line = run
            .stdout
            .lines()
            .find(|l| l.split_whitespace().next() == Some(rank))
            .unwrap_or_else(|| panic!("rank {rank} in {}", run.stdout));
        line.split_whitespace().skip(1).collect()
    };
    // Empty palace squares show `+`; the other empty squares `·`.
    assert_eq!(row("9"), "···+++···");
    assert_eq!(row("2"), "···+++···");
    assert_eq!(row("6"), "·········");
    assert!(run.stdout.contains("shaded: palace"), "{}", run.stdout);

    // One side's squares only: White's half, below the river.
    let run = fairyc(&["show", "xiangqi", "--zone", "own-half:white"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().collect();
    let plus = |rank: &str| {
        rows.iter()
            .find(|l| l.split_whitespace().next() == Some(rank))
            .is_some_and(|l| l.contains('+'))
    };
    // (Rank 1 is full: no empty square shows it.)
    assert!(["2", "3", "4", "5"].iter().all(|r| plus(r)));
    assert!(!["6", "7", "8", "9", "10"].iter().any(|r| plus(r)));

    // The SVG washes each shaded square once.
    let run = fairyc(&["show", "xiangqi", "--zone", "palace", "--svg", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    check_svg(&run.stdout, 90);
    assert_eq!(run.stdout.matches(r#"class="zone""#).count(), 18);
}

#[test]
fn unknown_zones_and_sides_are_refused() {
    let run = fairyc(&["show", "xiangqi", "--zone", "palce"]);
    assert_eq!(run.code, 2);
    assert!(run.stdout.is_empty());
    assert!(
        run.stderr.contains("no zone `palce`") && run.stderr.contains("palace, own-half, crossed"),
        "{}",
        run.stderr
    );
    let run = fairyc(&["show", "xiangqi", "--zone", "palace:red"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("`red` is not a side"), "{}", run.stderr);
    let run = fairyc(&["show", "clobber", "--zone", "palace"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("it declares none"), "{}", run.stderr);
}

/// Joined edges (`wrap files`) are marked: a `~` right of each rank, a rule
/// line, and a dashed edge on both sides of each rank in SVG; a board
/// without them has none.
#[test]
fn joined_edges_are_marked() {
    let run = fairyc(&["show", &variant("cylinder")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ranks: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(ranks.len(), 8, "{}", run.stdout);
    assert!(
        ranks.iter().all(|l| l.trim_end().ends_with('~')),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("rule: the files a and h join"),
        "{}",
        run.stdout
    );
    let svg = fairyc(&["show", &variant("cylinder"), "--svg", "-"]).stdout;
    let seams = svg.split("<g id=\"seams\"").nth(1).expect("a seams group");
    let seams = seams.split("</g>").next().unwrap_or_default();
    assert_eq!(seams.matches("<line").count(), 16, "{seams}");
    assert_eq!(seams.matches("<text").count(), 8, "{seams}");
    let plain = fairyc(&["show", &variant("crazyhouse"), "--svg", "-"]).stdout;
    assert!(!plain.contains("seams"));
    assert!(!fairyc(&["show", &variant("crazyhouse")])
        .stdout
        .contains('~'));
}

/// Squares with names of their own (Omega's wizard squares): the outer
/// files' and ranks' placeholder labels name no square and are not drawn;
/// the squares show their names in SVG.
#[test]
fn named_squares_are_drawn_with_their_names() {
    let run = fairyc(&["show", &variant("omega")]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let last = run
        .stdout
        .lines()
        .find(|l| l.contains(" a  b  c"))
        .expect("file labels");
    assert_eq!(last.split_whitespace().collect::<String>(), "abcdefghij");
    assert!(
        !run.stdout.contains(" x ") && !run.stdout.contains(" y "),
        "{}",
        run.stdout
    );
    let svg = fairyc(&["show", &variant("omega"), "--svg", "-"]).stdout;
    for name in ["w1", "w2", "w3", "w4"] {
        assert!(svg.contains(&format!("id=\"sq-{name}\"")), "{name}");
    }
}

#[test]
fn walls_placed_during_play_are_drawn() {
    // The duck on e2 (`*` in the FEN), in the terminal and in the SVG.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP*PPP/RNBQKBNR b KQkq - 0 1";
    let run = fairyc(&["show", "duck", "--fen", fen]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.trim_end() == " 2  P  P  P  P  *  P  P  P"),
        "{}",
        run.stdout
    );
    let run = fairyc(&["show", "duck", "--fen", fen, "--svg", "-"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.matches("class=\"wall\"").count(),
        1,
        "{}",
        run.stdout
    );
    // A petrified rook is a wall too.
    let run = fairyc(&[
        "show",
        "petrified",
        "--fen",
        "4k3/8/8/3*4/8/8/8/4K3 b - - 0 1",
    ]);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.trim_end() == " 5  ·  ·  ·  *  ·  ·  ·  ·"),
        "{}",
        run.stdout
    );
}
