//! `fairyc kit --out DIR`: the conformance kit for other readers of the
//! move-table format (conformance/README.md describes its files).
//!
//! Everything here is deterministic: the tables are what `fairyc compile`
//! writes, the games are chosen by a SplitMix64 generator with fixed seeds,
//! and the expected answers come from fairyc's runtime. Writing the kit
//! twice gives the same bytes, so a test can regenerate it into a temporary
//! folder and compare it with the committed one.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use fairyc_runtime::{perft, Move, Position, Variant, VariantTables, FORMAT_VERSION};
use serde_json::{json, Value};

use crate::files::Fatal;

/// The file that marks a folder as a kit written by this command; it lists
/// every file of the kit (so a later run knows what it may replace).
const MANIFEST: &str = "MANIFEST";

/// Seeded games per variant, their longest length in plies, and every how
/// many plies a position is recorded.
const GAMES: u64 = 3;
const PLIES: usize = 40;
const EVERY: usize = 10;
/// The start position gets perft 3 when that has at most this many leaves.
const START_DEPTH3_LEAVES: u64 = 200_000;

/// SplitMix64: the kit's games are reproducible from the README alone.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The legal moves of `p`, written as fairyc writes them, sorted by bytes.
fn move_texts(p: &Position<'_>) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
    v.sort();
    v
}

/// One recorded position's block of the cases file.
fn case(out: &mut String, p: &Position<'_>, depths: u32) {
    let moves = move_texts(p);
    out.push_str(&format!("fen {}\n", p.fen()));
    out.push_str(&format!("moves {}", moves.len()));
    for m in &moves {
        out.push(' ');
        out.push_str(m);
    }
    out.push('\n');
    for d in 1..=depths {
        out.push_str(&format!("perft {d} {}\n", perft(p, d)));
    }
    out.push('\n');
}

/// Positions the seeded games rarely reach, whose FEN a reader must still
/// read: (stem, FEN). An en-passant field of several squares: a triple step
/// that two pawns can take (`e3e4`), and a Berolina pawn's square beside
/// the square it passed, where another pawn could have passed it (`c5b6`).
const PICKED: &[(&str, &str)] = &[
    (
        "wildebeest",
        "k10/11/11/11/11/3pP6/5p5/11/11/10K b - e3e4 0 1",
    ),
    (
        "berolina",
        "3qk1nr/6b1/n1p5/pPpB1p1p/P3rP1R/P2P1N2/8/RNBK4 w - c5b6 0 32",
    ),
];

/// The cases file of one variant: the start position, positions along
/// seeded games (see the README) and any of [`PICKED`], each with its moves
/// and perft counts.
fn cases(stem: &str, v: &Variant) -> Result<(String, usize, usize), Fatal> {
    let mut out = format!(
        "# {stem}: {} ({GAMES} seeded games of at most {PLIES} plies, a position every {EVERY})\n\n",
        v.name()
    );
    let start = Position::new(v)?;
    // Depth 2 first: a start with more leaves there has more at depth 3
    // too, and is not counted that deep (amazons: 4.3 million at depth 2).
    let depth =
        if perft(&start, 2) <= START_DEPTH3_LEAVES && perft(&start, 3) <= START_DEPTH3_LEAVES {
            3
        } else {
            2
        };
    let (mut positions, mut moves) = (1, start.legal_moves().len());
    case(&mut out, &start, depth);
    for seed in 0..GAMES {
        let mut rng = SplitMix(seed);
        let mut p = Position::new(v)?;
        for ply in 1..=PLIES {
            if p.rule_outcome().is_some() {
                break;
            }
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let captures: Vec<Move> = legal.iter().copied().filter(|&m| p.is_capture(m)).collect();
            // A capture half the time when there is one, so that hands fill.
            let m = if !captures.is_empty() && rng.next().is_multiple_of(2) {
                captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            p.play_unchecked(m);
            if ply % EVERY == 0 {
                // The position as a reader sees it: read back from its FEN.
                let q = Position::from_fen(v, &p.fen())?;
                positions += 1;
                moves += q.legal_moves().len();
                case(&mut out, &q, 2);
            }
        }
    }
    for &(_, fen) in PICKED.iter().filter(|(s, _)| *s == stem) {
        let q = Position::from_fen(v, fen)?;
        positions += 1;
        moves += q.legal_moves().len();
        case(&mut out, &q, 2);
    }
    Ok((out, positions, moves))
}

/// A broken table: its file name, what is wrong, and the text.
struct Broken {
    file: &'static str,
    what: &'static str,
    /// Whether the JSON Schema (docs/table-format.schema.json) refuses it
    /// too; the others break invariants a schema cannot state.
    schema: bool,
    text: String,
}

fn parts(v: &mut Value) -> &mut Value {
    &mut v["parts"]
}

fn edited(base: &Value, f: impl Fn(&mut Value)) -> String {
    let mut v = base.clone();
    f(&mut v);
    v.to_string()
}

/// Broken tables made from `base` (the first shipped table with castling
/// and promotions: chess). Each is refused by the runtime (checked).
fn broken_tables(base: &Value) -> Vec<Broken> {
    let npieces = base["parts"]["pieces"].as_array().map_or(0, Vec::len);
    let nsq = base["parts"]["board"]["squares"]
        .as_array()
        .map_or(0, Vec::len);
    let royal = base["parts"]["pieces"]
        .as_array()
        .and_then(|ps| ps.iter().position(|p| p["royal"] == json!("both")))
        .unwrap_or(0);
    let text = base.to_string();
    let b = |file, what, schema, text| Broken {
        file,
        what,
        schema,
        text,
    };
    vec![
        b(
            "not-json.json",
            "not JSON",
            true,
            text[..text.len() / 2].to_string(),
        ),
        b(
            "format-6.json",
            "an unknown format version",
            true,
            edited(base, |v| v["format"] = json!(FORMAT_VERSION + 1)),
        ),
        b(
            "format-3.json",
            "an older format version (3: choices were flags then)",
            true,
            edited(base, |v| v["format"] = json!(3)),
        ),
        b(
            "royal-true.json",
            "a royal piece written as version 3 wrote it (`\"royal\": true`)",
            true,
            edited(base, |v| parts(v)["pieces"][royal]["royal"] = json!(true)),
        ),
        b(
            "path-flags.json",
            "a path written as version 4 wrote it (`\"capture\": false`, not `\"role\": \"quiet\"`)",
            true,
            edited(base, |v| {
                parts(v)["pieces"][royal]["moves"][0][0][0] = json!({"steps": [1], "capture": false})
            }),
        ),
        b(
            "role-unknown.json",
            "a path's `role` that is none of the four",
            true,
            edited(base, |v| {
                parts(v)["pieces"][royal]["moves"][0][0][0] = json!({"steps": [1], "role": "hop"})
            }),
        ),
        b(
            "pass-true.json",
            "a pass written as version 4 wrote it (`\"pass\": true`, not `\"allowed\"`)",
            true,
            edited(base, |v| parts(v)["legality"] = json!({"pass": true})),
        ),
        b(
            "turn-with-on.json",
            "a `turn` promotion rule with an `on` (a field of promotions within a move)",
            true,
            edited(base, |v| {
                parts(v)["promotions"][0]["turn"] = json!({});
                parts(v)["promotions"][0]["on"] = json!(["end"]);
            }),
        ),
        b(
            "on-empty.json",
            "a promotion rule that applies on no square (`\"on\": []`)",
            true,
            edited(base, |v| parts(v)["promotions"][0]["on"] = json!([])),
        ),
        b(
            "on-twice.json",
            "a promotion trigger listed twice",
            true,
            edited(base, |v| {
                parts(v)["promotions"][0]["on"] = json!(["end", "end"])
            }),
        ),
        b(
            "unknown-field.json",
            "an unknown field (a misspelt `royal`)",
            true,
            edited(base, |v| parts(v)["pieces"][royal]["royl"] = json!(true)),
        ),
        b(
            "missing-start.json",
            "a required field missing (`parts.start`)",
            true,
            edited(base, |v| {
                parts(v).as_object_mut().map(|o| o.remove("start"));
            }),
        ),
        b(
            "missing-fen-rows.json",
            "a required field missing (`board.fen_rows`)",
            true,
            edited(base, |v| {
                parts(v)["board"]
                    .as_object_mut()
                    .map(|o| o.remove("fen_rows"));
            }),
        ),
        b(
            "wrong-type.json",
            "a value of the wrong type (`width` a string)",
            true,
            edited(base, |v| parts(v)["board"]["width"] = json!("8")),
        ),
        b(
            "width-zero.json",
            "a board width of 0",
            true,
            edited(base, |v| parts(v)["board"]["width"] = json!(0)),
        ),
        b(
            "bad-letter.json",
            "a piece letter that is no symbol (`K1`)",
            true,
            edited(base, |v| parts(v)["pieces"][royal]["letter"] = json!("K1")),
        ),
        b(
            "empty-path.json",
            "a path without steps",
            true,
            edited(base, |v| {
                parts(v)["pieces"][royal]["moves"][0][0] = json!([[]])
            }),
        ),
        b(
            "castling-side-2.json",
            "a castling rule of side 2",
            true,
            edited(base, |v| parts(v)["castling"][0]["side"] = json!(2)),
        ),
        b(
            "step-off-board.json",
            "a step to a square that does not exist",
            false,
            edited(base, |v| {
                parts(v)["pieces"][royal]["moves"][0][0] = json!([[nsq]])
            }),
        ),
        b(
            "choice-no-piece.json",
            "a promotion choice naming no piece",
            false,
            edited(base, |v| {
                parts(v)["promotions"][0]["choices"][0] = json!({"piece": npieces})
            }),
        ),
        b(
            "promotes-to-royal.json",
            "a promotion to a royal piece",
            false,
            edited(base, |v| {
                parts(v)["promotions"][0]["choices"][0] = json!({"piece": royal})
            }),
        ),
        b(
            "duplicate-letter.json",
            "two pieces with one letter",
            false,
            edited(base, |v| {
                let other = if royal == 0 { 1 } else { 0 };
                let l = v["parts"]["pieces"][royal]["letter"].clone();
                parts(v)["pieces"][other]["letter"] = l;
            }),
        ),
        b(
            "moves-short.json",
            "a piece's moves without an entry for every square",
            false,
            edited(base, |v| {
                parts(v)["pieces"][royal]["moves"][0]
                    .as_array_mut()
                    .map(Vec::pop);
            }),
        ),
        b(
            "duplicate-square-name.json",
            "two squares with one name",
            false,
            edited(base, |v| {
                let n = v["parts"]["board"]["squares"][0]["name"].clone();
                parts(v)["board"]["squares"][1]["name"] = n;
            }),
        ),
        b(
            "fen-rows-miss-a-square.json",
            "`fen_rows` missing a square",
            false,
            edited(base, |v| {
                parts(v)["board"]["fen_rows"][0]
                    .as_array_mut()
                    .map(Vec::pop);
            }),
        ),
        b(
            "cell-outside.json",
            "a square's cell outside the grid",
            false,
            edited(base, |v| {
                parts(v)["board"]["squares"][0]["cells"][0] = json!([200, 200])
            }),
        ),
        b(
            "castling-one-square.json",
            "a castling rule whose king and rook start on one square",
            false,
            edited(base, |v| {
                let k = v["parts"]["castling"][0]["king_from"].clone();
                parts(v)["castling"][0]["rook_from"] = k;
            }),
        ),
        b(
            "field-twice.json",
            "a field given twice",
            false,
            text.replacen(
                &format!("{{\"format\":{FORMAT_VERSION},"),
                &format!("{{\"format\":{FORMAT_VERSION},\"format\":{FORMAT_VERSION},"),
                1,
            ),
        ),
    ]
}

/// Broken FENs of some shipped variants: (stem, FEN). Each is checked to
/// be refused by the runtime.
fn broken_fens(v: &BTreeMap<&str, Variant>) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let chess = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/2k5/PPPPPPPP/RNBQKBNR w KQ - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        // Several en-passant squares: one no move passed with the one
        // e2e4 did; an occupied square other than the victim's.
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3e2 0 1",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3d2 0 1",
        "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1000000001 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ~KBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w KQkq - 0 1",
    ];
    out.extend(chess.iter().map(|f| ("chess", f.to_string())));
    let others = [
        // A pawn on the last rank, where it could neither move nor be
        // dropped.
        (
            "shogi",
            "lnsgkgsnP/1r5b1/ppppppp1p/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
        ),
        // A king in hand.
        (
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
        ),
        // No general for Black.
        (
            "xiangqi",
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        ),
        // Walls (`*`): one missing before a run, one counted in a run,
        // one where the board has none.
        (
            "gustav3",
            "arnbqkbnra/pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
        ),
        (
            "gustav3",
            "arnbqkbnra/*pppppppp*/*8*/10/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
        ),
        (
            "gustav3",
            "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNBQKBNRA w KQkq - 0 1",
        ),
        // A gate right on a square of no gate rule's side.
        (
            "seirawan",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfgz - 0 1",
        ),
    ];
    for (stem, fen) in others {
        if v.contains_key(stem) {
            out.push((stem, fen.to_string()));
        }
    }
    out
}

/// `fairyc kit --out DIR`.
pub fn kit(out_dir: &Path) -> Result<ExitCode, Fatal> {
    // Refuse to write into a folder that holds anything but an earlier kit.
    if out_dir.exists() {
        let mut entries = std::fs::read_dir(out_dir)
            .map_err(|e| Fatal(format!("cannot read {}: {e}", out_dir.display())))?;
        if entries.next().is_some() && !out_dir.join(MANIFEST).is_file() {
            return Err(Fatal(format!(
                "{} is not empty and holds no kit (no {MANIFEST}); give an empty or new folder",
                out_dir.display()
            )));
        }
    }
    let files = kit_files()?;
    // Remove the files of the earlier kit that this one no longer has.
    if let Ok(old) = std::fs::read_to_string(out_dir.join(MANIFEST)) {
        for line in old.lines() {
            let name = line.split('\t').next().unwrap_or_default();
            let safe = !name.is_empty() && !name.contains("..") && !name.starts_with('/');
            if safe && !files.contains_key(name) {
                let _ = std::fs::remove_file(out_dir.join(name));
            }
        }
    }
    for (name, text) in &files {
        let path = out_dir.join(name);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| Fatal(format!("cannot create {}: {e}", dir.display())))?;
        }
        std::fs::write(&path, text)
            .map_err(|e| Fatal(format!("cannot write {}: {e}", path.display())))?;
    }
    let bytes: usize = files.values().map(String::len).sum();
    eprintln!(
        "wrote the kit to {}: {} files, {bytes} bytes",
        out_dir.display(),
        files.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Every file of the kit, by its path inside the kit folder.
pub fn kit_files() -> Result<BTreeMap<String, String>, Fatal> {
    let mut files = BTreeMap::new();
    let mut variants = BTreeMap::new();
    let mut summary = String::from("# variant\tpositions\tmoves listed\n");
    let mut chess_json = None;
    let mut entries = fairyc_library::entries();
    entries.sort_by(|a, b| a.stem.cmp(b.stem));
    for e in &entries {
        let tables = fairyc_compiler::compile(e.source)
            .map_err(|_| Fatal(format!("the shipped variant {} does not compile", e.stem)))?;
        let json = tables.to_json();
        let v = Variant::new(VariantTables::from_json(&json)?)?;
        let (text, positions, moves) = cases(e.stem, &v)?;
        summary.push_str(&format!("{}\t{positions}\t{moves}\n", e.stem));
        files.insert(format!("cases/{}.txt", e.stem), text);
        if e.stem == "chess" {
            chess_json = Some(json.clone());
        }
        files.insert(format!("tables/{}.json", e.stem), json);
        variants.insert(e.stem, v);
    }
    files.insert("cases/INDEX.txt".to_string(), summary);

    // Broken tables.
    let base: Value = serde_json::from_str(
        &chess_json.ok_or_else(|| Fatal("no chess variant ships".to_string()))?,
    )?;
    let mut index = String::from("# file\tschema refuses it\twhat is wrong\tfairyc's error\n");
    for b in broken_tables(&base) {
        let err = match VariantTables::from_json(&b.text) {
            Ok(t) => match Variant::new(t) {
                Ok(_) => return Err(Fatal(format!("the broken table {} reads", b.file))),
                Err(e) => e.to_string(),
            },
            Err(e) => e.to_string(),
        };
        index.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            b.file,
            if b.schema { "yes" } else { "no" },
            b.what,
            one_line(&err)
        ));
        files.insert(format!("refusals/tables/{}", b.file), b.text);
    }
    files.insert("refusals/tables.txt".to_string(), index);

    // Broken FENs.
    let mut fens = String::from("# variant\tFEN\tfairyc's error\n");
    for (stem, fen) in broken_fens(&variants) {
        let v = &variants[stem];
        match Position::from_fen(v, &fen) {
            Ok(_) => return Err(Fatal(format!("the broken FEN {fen} of {stem} reads"))),
            Err(e) => fens.push_str(&format!("{stem}\t{fen}\t{}\n", one_line(&e.to_string()))),
        }
    }
    files.insert("refusals/fens.txt".to_string(), fens);

    let mut manifest = String::new();
    for (name, text) in &files {
        manifest.push_str(&format!("{name}\t{}\n", text.len()));
    }
    files.insert(MANIFEST.to_string(), manifest);
    Ok(files)
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
