//! The commands.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairyc_runtime::{describe, perft, perft_divide, Game, Position, Variant};

use crate::files::{compile_file, expand, guard_output, load, position, write_atomic, Fatal};

/// `fairyc compile`: the table as JSON, or as text for reading (`text`),
/// limited to `squares` if any are given.
pub fn compile_cmd(
    file: &Path,
    text: bool,
    squares: &[String],
    output: Option<&Path>,
) -> Result<ExitCode, Fatal> {
    let Some(tables) = compile_file(file)? else {
        return Ok(ExitCode::from(1));
    };
    let out_text = if text {
        let names: Vec<&str> = if squares.is_empty() {
            tables
                .parts()
                .board
                .squares
                .iter()
                .map(|s| s.name.as_str())
                .collect()
        } else {
            for s in squares {
                if !tables.parts().board.squares.iter().any(|q| &q.name == s) {
                    return Err(Fatal(format!("there is no square `{s}` on this board")));
                }
            }
            squares.iter().map(String::as_str).collect()
        };
        describe(&tables, &names)
    } else {
        tables.to_json() + "\n"
    };
    match output {
        Some(out) => {
            guard_output(out, &[file])?;
            write_atomic(out, &out_text)?;
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            write!(stdout, "{out_text}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn build(paths: &[PathBuf], out_dir: &Path) -> Result<ExitCode, Fatal> {
    let files = expand(paths)?;
    std::fs::create_dir_all(out_dir)
        .map_err(|e| Fatal(format!("cannot create {}: {e}", out_dir.display())))?;
    let mut bad = 0;
    for f in &files {
        let Some(tables) = compile_file(f)? else {
            bad += 1;
            println!("{:<28} errors (see above)", f.display());
            continue;
        };
        let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or("variant");
        let out = out_dir.join(format!("{stem}.json"));
        guard_output(&out, &[f.as_path()])?;
        let json = tables.to_json() + "\n";
        write_atomic(&out, &json)?;
        let variant = Variant::new(tables)?;
        let pos = Position::new(&variant)?;
        let parts = variant.tables().parts();
        let paths: usize = parts
            .pieces
            .iter()
            .map(|p| p.moves.iter().flatten().map(Vec::len).sum::<usize>())
            .sum();
        println!(
            "{:<28} ok: {} squares, {} pieces, {} paths, {} first moves -> {} ({} KB)",
            f.display(),
            variant.square_count(),
            variant.piece_count(),
            paths,
            pos.legal_moves().len(),
            out.display(),
            json.len().div_ceil(1024)
        );
    }
    let n = files.len();
    println!(
        "built {} of {n} variants into {}",
        n - bad,
        out_dir.display()
    );
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
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
    let mut stdout = std::io::stdout().lock();
    let nodes = if divide {
        let mut total = 0;
        for (m, n) in perft_divide(&pos, depth) {
            writeln!(stdout, "{}: {n}", pos.uci(m))?;
            total += n;
        }
        total
    } else {
        perft(&pos, depth)
    };
    writeln!(stdout, "nodes: {nodes}")?;
    Ok(ExitCode::SUCCESS)
}

pub fn moves(file: &Path, fen: Option<&str>) -> Result<ExitCode, Fatal> {
    let Some(v) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    let pos = position(&v, fen)?;
    let mut stdout = std::io::stdout().lock();
    // A finished game has no moves (as in perft): only its result is printed.
    let game = Game::new(pos.clone());
    match game.outcome() {
        Some(r) => writeln!(stdout, "result: {r}")?,
        None => {
            for m in pos.legal_moves() {
                writeln!(stdout, "{}", pos.uci(m))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
