//! The table format as an interface: `readers/python/fairyc_table/reader.py`, a reader
//! written in Python from `docs/table-format.md` and `docs/board-model.md`
//! alone (standard library only), must reproduce our perft and our legal
//! moves, in our notation, on every shipped variant's table.
//!
//! For each `variants/*.variant` the test writes the table JSON that
//! `fairyc compile` writes, then asks the reader for perft of the start
//! position (depth 3 where the tree is small enough, else 2) and for perft 2
//! and the legal moves at positions along seeded random games, and compares
//! each answer with the runtime's. A mismatch is a gap in the documents (or
//! a bug on one side): the documents are fixed, not the reader's guesses.
//!
//! Ignored by default (it needs `python3` and takes about a minute in
//! release); `.ci/run` runs it with
//! `cargo test -p fairyc-tests --release --test reader -- --ignored`.
//! `FAIRYC_READER_ONLY=stem,…` runs only some variants.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Mutex;

use fairyc_runtime::{perft, Move, Position, Variant, VariantTables};
use fairyc_tests::{root, uci_moves};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The start position is compared at depth 3 when our perft 3 has at most
/// this many leaves (the Python reader does some 100,000 leaves a second).
const START_DEPTH3_LEAVES: u64 = 200_000;
/// Seeded random games per variant, their longest length, and every how
/// many plies a position is compared.
const GAMES: u64 = 3;
const PLIES: usize = 40;
const EVERY: usize = 13;

/// One question to the reader and our answer.
struct Query {
    line: String,
    expected: String,
}

fn queries(v: &Variant) -> Vec<Query> {
    let start = Position::new(v).expect("start position");
    let d3 = perft(&start, 3);
    let depth = if d3 <= START_DEPTH3_LEAVES { 3 } else { 2 };
    let mut out = vec![Query {
        line: format!("perft {depth} {}", start.fen()),
        expected: perft(&start, depth).to_string(),
    }];
    for seed in 0..GAMES {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut p = Position::new(v).expect("start position");
        for ply in 1..=PLIES {
            if p.rule_outcome().is_some() {
                break;
            }
            let moves = p.legal_moves();
            let captures: Vec<Move> = moves.iter().copied().filter(|&m| p.is_capture(m)).collect();
            // A capture half the time when there is one, so that hands fill.
            let m = match (captures.is_empty(), moves.is_empty()) {
                (_, true) => break,
                (false, _) if rng.random_bool(0.5) => captures[rng.random_range(0..captures.len())],
                _ => moves[rng.random_range(0..moves.len())],
            };
            p.play_unchecked(m);
            if ply % EVERY == 0 {
                // Both sides read the position from its FEN.
                let q = Position::from_fen(v, &p.fen()).expect("own FEN reads back");
                out.push(Query {
                    line: format!("perft 2 {}", q.fen()),
                    expected: perft(&q, 2).to_string(),
                });
                out.push(Query {
                    line: format!("moves {}", q.fen()),
                    // The generator's moves, even where a rule has ended the
                    // game (perft above checks that the reader sees the end).
                    expected: uci_moves(&q).join(" "),
                });
            }
        }
    }
    out
}

/// Runs the reader on one table; returns the mismatches.
fn check(reader: &Path, table: &Path, queries: &[Query]) -> Vec<String> {
    let mut child = Command::new("python3")
        .arg(reader)
        .arg(table)
        .arg("--batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs (the reader test needs it)");
    let mut input = String::new();
    for q in queries {
        input.push_str(&q.line);
        input.push('\n');
    }
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write queries");
    let out = child.wait_with_output().expect("reader finishes");
    if !out.status.success() {
        return vec![format!(
            "the reader failed: {}",
            String::from_utf8_lossy(&out.stderr)
        )];
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let answers: Vec<&str> = text.lines().collect();
    let mut bad = Vec::new();
    for (i, q) in queries.iter().enumerate() {
        let got = answers.get(i).copied().unwrap_or("<no answer>");
        if got != q.expected {
            bad.push(format!(
                "{}\n      ours:   {}\n      reader: {}",
                q.line, q.expected, got
            ));
        }
    }
    bad
}

#[test]
#[ignore = "needs python3 and a release build; run by .ci/run"]
fn python_reader_reproduces_perft_on_every_shipped_table() {
    let root = root();
    let reader = root.join("readers/python/fairyc_table/reader.py");
    let dir = root.join("target/reader-tables");
    std::fs::create_dir_all(&dir).expect("table folder");
    let only: Option<Vec<String>> = std::env::var("FAIRYC_READER_ONLY")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let mut stems: Vec<String> = std::fs::read_dir(root.join("variants"))
        .expect("variants/")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "variant").then(|| p.file_stem()?.to_str().map(str::to_string))?
        })
        .filter(|s| only.as_ref().is_none_or(|o| o.contains(s)))
        .collect();
    stems.sort();
    assert!(!stems.is_empty(), "no variant selected");

    let work = Mutex::new(stems.clone());
    let report = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(stem) = work.lock().expect("lock").pop() else {
                    break;
                };
                let path = root.join("variants").join(format!("{stem}.variant"));
                let source = std::fs::read_to_string(&path).expect("read variant");
                let tables =
                    fairyc_compiler::compile(&source).unwrap_or_else(|_| panic!("{stem} compiles"));
                // What `fairyc compile` writes, read back as another program would.
                let json = tables.to_json();
                // Moves that place walls (`walling`) or flip pieces
                // (`flipping`), lines of N (`end.lines`), drops that fall
                // (`drops.falls`) and petrifying capturers (`blast.petrify`)
                // the reader refuses by name: it does not play those rules
                // yet (readers/python).
                let parts = tables.parts();
                if parts.walling.is_some()
                    || parts.flipping.is_some()
                    || !parts.end.lines.is_empty()
                    || parts.drops.as_ref().is_some_and(|d| d.falls)
                    || parts.blast.as_ref().is_some_and(|b| !b.petrify.is_empty())
                {
                    report.lock().expect("lock").push((
                        stem,
                        "skipped: its moves place walls (`walling`) or flip pieces (`flipping`), \
                         or it has lines of N (`end.lines`), drops that fall (`drops.falls`) or \
                         capturers that turn into walls (`blast.petrify`), which the reader refuses"
                            .to_string(),
                        Vec::new(),
                    ));
                    continue;
                }
                let table = dir.join(format!("{stem}.json"));
                std::fs::write(&table, &json).expect("write table");
                let v = Variant::new(VariantTables::from_json(&json).expect("table reads"))
                    .expect("variant");
                let qs = queries(&v);
                let started = std::time::Instant::now();
                let bad = check(&reader, &table, &qs);
                let depth = &qs[0].line[6..7];
                let positions = (qs.len() - 1) / 2;
                report.lock().expect("lock").push((
                    stem,
                    format!(
                        "start perft {depth}, {positions} game positions perft 2 + moves, {:.1}s",
                        started.elapsed().as_secs_f64()
                    ),
                    bad,
                ));
            });
        }
    });
    let mut report = report.into_inner().expect("report");
    report.sort_by(|a, b| a.0.cmp(&b.0));
    let mut failures = 0;
    for (stem, what, bad) in &report {
        let verdict = if !bad.is_empty() {
            "FAIL"
        } else if what.starts_with("skipped") {
            "skip"
        } else {
            "ok  "
        };
        println!("{stem:20} {verdict} {what}");
        for b in bad {
            println!("    {b}");
        }
        failures += bad.len();
    }
    assert_eq!(
        failures, 0,
        "the Python reader disagrees with the runtime (see above)"
    );
}

/// The same for the crafted lion table of issue 19 (captures on the way,
/// igui and the pass: the `locust` and `returns` paths), which no shipped
/// variant has.
#[test]
#[ignore = "needs python3; run by .ci/run"]
fn python_reader_reproduces_the_lion_table() {
    let root = root();
    let reader = root.join("readers/python/fairyc_table/reader.py");
    let dir = root.join("target/reader-tables");
    std::fs::create_dir_all(&dir).expect("table folder");
    let source =
        std::fs::read_to_string(root.join("tests/data/legs/lions.variant")).expect("read lions");
    let tables = fairyc_compiler::compile(&source).unwrap_or_else(|_| panic!("lions compiles"));
    let json = tables.to_json();
    assert!(json.contains("\"locust\":true") && json.contains("\"returns\":true"));
    let table = dir.join("legs-lions.json");
    std::fs::write(&table, &json).expect("write table");
    let v = Variant::new(VariantTables::from_json(&json).expect("table reads")).expect("variant");
    let bad = check(&reader, &table, &queries(&v));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The same for a table of symbols of more than one letter (`LN`, `C'`,
/// `QUE`, `+P`; format 3), read by longest match.
#[test]
#[ignore = "needs python3; run by .ci/run"]
fn python_reader_reproduces_a_table_of_long_symbols() {
    let root = root();
    let reader = root.join("readers/python/fairyc_table/reader.py");
    let dir = root.join("target/reader-tables");
    std::fs::create_dir_all(&dir).expect("table folder");
    let source = std::fs::read_to_string(root.join("tests/fixtures/check/ok/symbols.variant"))
        .expect("read symbols");
    let tables = fairyc_compiler::compile(&source).unwrap_or_else(|_| panic!("symbols compiles"));
    let json = tables.to_json();
    assert!(json.contains(r#""letter":"LN""#) && json.contains(r#""letter":"C'""#));
    let table = dir.join("symbols.json");
    std::fs::write(&table, &json).expect("write table");
    let v = Variant::new(VariantTables::from_json(&json).expect("table reads")).expect("variant");
    let bad = check(&reader, &table, &queries(&v));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The reader's en passant into a promotion zone: never a promotion (the
/// expected moves are pyffish 0.0.90's, see the variant files), and the
/// runtime's perft on the same positions.
#[test]
#[ignore = "needs python3; run by .ci/run"]
fn python_reader_never_promotes_en_passant() {
    let root = root();
    let reader = root.join("readers/python/fairyc_table/reader.py");
    let dir = root.join("target/reader-tables");
    std::fs::create_dir_all(&dir).expect("table folder");
    for (stem, fen, expected) in [
        (
            "zone",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6b e5e6n e5e6q e5e6r",
        ),
        (
            "capture",
            "4k3/8/5n2/3pP3/8/8/8/4K3 w - d6 0 1",
            "e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6 e5f6 e5f6+",
        ),
    ] {
        let source =
            std::fs::read_to_string(root.join(format!("tests/data/en-passant/{stem}.variant")))
                .expect("read variant");
        let tables =
            fairyc_compiler::compile(&source).unwrap_or_else(|_| panic!("{stem} compiles"));
        let table = dir.join(format!("en-passant-{stem}.json"));
        std::fs::write(&table, tables.to_json()).expect("write table");
        let v = Variant::new(tables).expect("variant");
        let p = Position::from_fen(&v, fen).expect("FEN");
        let queries = [
            Query {
                line: format!("moves {fen}"),
                expected: expected.to_string(),
            },
            Query {
                line: format!("perft 3 {fen}"),
                expected: perft(&p, 3).to_string(),
            },
        ];
        let bad = check(&reader, &table, &queries);
        assert!(bad.is_empty(), "{stem}: {}", bad.join("\n"));
    }
}
