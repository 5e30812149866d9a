//! The commands.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairyc_runtime::{describe, perft, perft_divide, Game, Position, Variant};

use crate::files::{
    compile_source, emit_file_error, expand, guard_output, is_table, load, load_tables,
    no_such_square, position, print, printable, read_bytes, read_source, square_by_name,
    table_from_bytes, write_made, write_output, Fatal, TABLE_LIMIT,
};

/// `fairyc compile`: the table as JSON, or as text for reading (`text`),
/// limited to `squares` if any are given. `file` is a `.variant` source or a
/// table `.json` (re-exported, or described).
pub fn compile_cmd(
    file: &Path,
    text: bool,
    squares: &[String],
    output: Option<&Path>,
) -> Result<ExitCode, Fatal> {
    if let Some(out) = output {
        // Refuse a bad output before compiling (and printing warnings).
        guard_output(out, &[file])?;
        if out.is_dir() {
            return Err(Fatal(format!(
                "cannot write {}: it is a folder; give a file name",
                out.display()
            )));
        }
    }
    let Some(tables) = load_tables(file)? else {
        return Ok(ExitCode::from(1));
    };
    let out_text = if text {
        let all: Vec<&str> = tables
            .parts()
            .board
            .squares
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        let names: Vec<&str> = if squares.is_empty() {
            all.clone()
        } else {
            squares
                .iter()
                .map(|s| match square_by_name(&all, s) {
                    Some(i) => Ok(all[i as usize]),
                    None => Err(no_such_square(&all, s)),
                })
                .collect::<Result<_, _>>()?
        };
        printable(&describe(&tables, &names), true).into_owned()
    } else {
        tables.to_json() + "\n"
    };
    match output {
        Some(out) => write_made(out, &out_text, &[file])?,
        None => print(&out_text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The output file of each input: `DIR/STEM.json`. Two inputs with the same
/// stem (byte for byte, also when not UTF-8) are refused up front.
fn outputs(files: &[PathBuf], out_dir: &Path) -> Result<Vec<PathBuf>, Fatal> {
    let mut seen: HashMap<OsString, &Path> = HashMap::new();
    let mut out = Vec::new();
    for f in files {
        let Some(stem) = f.file_stem() else {
            return Err(Fatal(format!("{} names no file", f.display())));
        };
        if let Some(first) = seen.insert(stem.to_os_string(), f) {
            return Err(Fatal(format!(
                "{} and {} would both be written to {}; build them into different folders",
                first.display(),
                f.display(),
                out_dir.join(table_name(stem)).display()
            )));
        }
        out.push(out_dir.join(table_name(stem)));
    }
    Ok(out)
}

/// `STEM.json`, keeping the stem's bytes.
fn table_name(stem: &OsStr) -> OsString {
    let mut name = stem.to_os_string();
    name.push(".json");
    name
}

/// `fairyc build`: compile every file into `out_dir`. A file that cannot be
/// read or has errors is reported and counted, and the others are built.
pub fn build(paths: &[PathBuf], out_dir: &Path) -> Result<ExitCode, Fatal> {
    let files = expand(paths)?;
    let outs = outputs(&files, out_dir)?;
    std::fs::create_dir_all(out_dir)
        .map_err(|e| Fatal(format!("cannot create {}: {e}", out_dir.display())))?;
    let (mut bad, mut unreadable) = (0, 0);
    let shown_names: Vec<String> = files
        .iter()
        .map(|f| printable(&f.display().to_string(), false).into_owned())
        .collect();
    // The first column is as wide as the longest name.
    let width = shown_names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0);
    for ((f, out), shown) in files.iter().zip(&outs).zip(&shown_names) {
        let tables = if is_table(f) {
            match read_bytes(f, TABLE_LIMIT) {
                Err(e) => Err((e.to_string(), true)),
                Ok(bytes) => table_from_bytes(f, bytes)
                    .map(Some)
                    .map_err(|e| (e.0, false)),
            }
        } else {
            match read_source(f) {
                Err(e) => Err((e.to_string(), true)),
                Ok(source) => Ok(compile_source(f, source)),
            }
        };
        let tables = match tables {
            Ok(Some(tables)) => tables,
            Ok(None) => {
                bad += 1;
                print(&format!("{shown:<width$} errors (see above)\n"))?;
                continue;
            }
            Err((message, io)) => {
                bad += 1;
                unreadable += usize::from(io);
                emit_file_error(&message);
                print(&format!(
                    "{shown:<width$} {}\n",
                    if io { "unreadable" } else { "invalid table" }
                ))?;
                continue;
            }
        };
        let json = tables.to_json() + "\n";
        guard_output(out, &[f.as_path()])?;
        write_output(out, &json)?;
        let variant = Variant::new(tables)?;
        let pos = Position::new(&variant)?;
        let parts = variant.tables().parts();
        let paths: usize = parts
            .pieces
            .iter()
            .map(|p| p.moves.iter().flatten().map(Vec::len).sum::<usize>())
            .sum();
        print(&format!(
            "{shown:<width$} ok: {}, {}, {}, {} -> {} ({} KB)\n",
            count(variant.square_count(), "square"),
            count(variant.piece_count(), "piece"),
            count(paths, "path"),
            count(pos.legal_moves().len(), "first move"),
            printable(&out.display().to_string(), false),
            json.len().div_ceil(1024)
        ))?;
    }
    let n = files.len();
    print(&format!(
        "built {} of {} into {}\n",
        n - bad,
        count(n, "variant"),
        printable(&out_dir.display().to_string(), false)
    ))?;
    Ok(if unreadable > 0 {
        ExitCode::from(2)
    } else if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `1 piece`, `2 pieces`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

pub fn perft_cmd(
    file: &Path,
    depth: u32,
    fen: Option<&str>,
    divide: bool,
) -> Result<ExitCode, Fatal> {
    let Some(v) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    let pos = position(&v, fen)?;
    let nodes = if divide {
        let mut total = 0;
        let mut lines = String::new();
        for (m, n) in perft_divide(&pos, depth) {
            lines.push_str(&format!("{}: {n}\n", printable(&pos.uci(m), false)));
            total += n;
        }
        print(&lines)?;
        total
    } else {
        perft(&pos, depth)
    };
    print(&format!("nodes: {nodes}\n"))?;
    Ok(ExitCode::SUCCESS)
}

pub fn moves(file: &Path, fen: Option<&str>) -> Result<ExitCode, Fatal> {
    let Some(v) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    let pos = position(&v, fen)?;
    // Ended by the position itself (checkmate, stalemate, a goal): no moves,
    // as in perft; only the result. Ended by a rule of the game's course
    // (the move limit, a count), which perft does not judge: the moves
    // perft counts, then the result.
    let text = match pos.outcome() {
        Some(r) => format!("result: {r}\n"),
        None => {
            let mut lines = String::new();
            for m in pos.legal_moves() {
                lines.push_str(&pos.uci(m));
                lines.push('\n');
            }
            if let Some(r) = Game::new(pos.clone()).outcome() {
                lines.push_str(&format!("result: {r}\n"));
            }
            lines
        }
    };
    print(&printable(&text, true))?;
    Ok(ExitCode::SUCCESS)
}

/// `fairyc variants [NAME]`: the shipped variants, or one's source.
pub fn variants(name: Option<&str>) -> Result<ExitCode, Fatal> {
    let Some(name) = name else {
        let entries = crate::library::entries();
        let width = entries.iter().map(|e| e.stem.len()).max().unwrap_or(0);
        let mut out = String::new();
        for e in &entries {
            let mut line = format!("{:width$}  {}", e.stem, e.name.as_deref().unwrap_or("-"));
            if !e.aliases.is_empty() {
                line.push_str(&format!(" (alias {})", e.aliases.join(", ")));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        print(&out)?;
        return Ok(ExitCode::SUCCESS);
    };
    match crate::library::find(name) {
        Some(entry) => {
            print(entry.source)?;
            Ok(ExitCode::SUCCESS)
        }
        None => Err(Fatal(format!(
            "no shipped variant is called `{}`{} (`fairyc variants` lists them)",
            printable(name, false),
            crate::library::closest(name)
                .map(|c| format!("; did you mean `{c}`?"))
                .unwrap_or_default()
        ))),
    }
}

/// `fairyc export FILE --to fairy-stockfish`: one `variants.ini` section, or
/// the diagnostics of what Fairy-Stockfish 11.1 cannot express (exit 1).
pub fn export(file: &Path, name: Option<&str>, output: Option<&Path>) -> Result<ExitCode, Fatal> {
    if crate::files::is_table(file) {
        // The exporter reads the declarations (names, spans for its
        // diagnostics, the board's geometry), which a table no longer holds.
        return Err(Fatal(format!(
            "`{}` is a move table: `export` needs the `.variant` source it was compiled \
             from (give that file, or a shipped variant's name); a table works for \
             every other command",
            printable(&file.display().to_string(), false)
        )));
    }
    if let Some(out) = output {
        guard_output(out, &[file])?;
    }
    let source = match crate::files::read_source(file)? {
        crate::files::Source::Text(text) => text,
        crate::files::Source::NotUtf8(..) => {
            return Ok(if crate::files::compile_file(file)?.is_none() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            });
        }
    };
    // A shipped variant asked for by name or alias is named by its file stem.
    let stem = crate::library::requested(file)
        .and_then(crate::library::find)
        .map(|e| e.stem.to_string())
        .or_else(|| file.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "variant".into());
    let section = name.map_or_else(|| format!("fairyc-{stem}"), str::to_string);
    // FSF reads a section name up to `]` or `:` (a parent): anything else
    // than letters, digits, `-`, `_` and `.` would make another section.
    let bad = |c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if section.is_empty() || section.chars().any(bad) {
        return Err(Fatal(format!(
            "the section name `{}` may only hold letters, digits, `-`, `_` and `.`",
            printable(&section, false)
        )));
    }
    match fairyc_interop::export::export(&source, &section) {
        Ok(ini) => {
            match output {
                Some(out) => write_made(out, &ini, &[file])?,
                None => print(&ini)?,
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => {
            crate::files::emit(file, &source, &errors);
            Ok(ExitCode::from(1))
        }
    }
}
