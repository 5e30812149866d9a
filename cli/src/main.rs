//! `fairyc`: check, compile and play chess variants written in the `.variant`
//! language.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use fairyc_compiler::{compile, CompileError};
use fairyc_runtime::{perft, perft_divide, Game, Position, Variant, VariantTables};

/// A compiler for chess variants.
#[derive(Parser, Debug)]
#[command(name = "fairyc", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check `.variant` files (or folders of them) and report every mistake.
    Check {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Compile a `.variant` file to its move table.
    Compile {
        /// The `.variant` file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Check every variant given and write its move table into a folder.
    Build {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Where to write the tables (`NAME.json`).
        #[arg(long, default_value = "out")]
        out_dir: PathBuf,
    },
    /// Count the leaves of the legal move tree.
    Perft {
        /// The `.variant` file (or a table `.json`).
        file: PathBuf,
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// Start from this position instead of the variant's.
        #[arg(long)]
        fen: Option<String>,
        /// One line per root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves of a position, and the result if the game is over.
    Moves {
        /// The `.variant` file (or a table `.json`).
        file: PathBuf,
        /// The position; the variant's start position if absent.
        #[arg(long)]
        fen: Option<String>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The documented JSON format (docs/table-format.md).
    Json,
}

/// A failure that ends the command with exit code 2.
struct Fatal(String);

impl<E: std::fmt::Display> From<E> for Fatal {
    fn from(e: E) -> Fatal {
        Fatal(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check { paths } => check(&paths),
        Command::Compile {
            file,
            format: Format::Json,
            output,
        } => compile_cmd(&file, output.as_deref()),
        Command::Build { paths, out_dir } => build(&paths, &out_dir),
        Command::Perft {
            file,
            depth,
            fen,
            divide,
        } => perft_cmd(&file, depth, fen.as_deref(), divide),
        Command::Moves { file, fen } => moves(&file, fen.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(Fatal(msg)) => {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Expands folders into their `.variant` files, sorted.
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fatal> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| Fatal(format!("cannot read folder {}: {e}", p.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "variant"))
                .collect();
            files.sort();
            if files.is_empty() {
                return Err(Fatal(format!("no .variant files in {}", p.display())));
            }
            out.extend(files);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn read(path: &Path) -> Result<String, Fatal> {
    let bytes =
        std::fs::read(path).map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|_| Fatal(format!("{} is not valid UTF-8", path.display())))
}

fn emit(path: &Path, source: &str, errors: &[CompileError]) {
    let mut files = SimpleFiles::new();
    let id = files.add(path.display().to_string(), source.to_string());
    let choice = if std::io::stderr().is_terminal() {
        termcolor::ColorChoice::Auto
    } else {
        termcolor::ColorChoice::Never
    };
    let writer = termcolor::StandardStream::stderr(choice);
    let config = term::Config::default();
    let mut lock = writer.lock();
    for e in errors {
        let _ = term::emit_to_write_style(&mut lock, &config, &files, &e.to_diagnostic(id));
    }
}

/// Compiles one file, printing its diagnostics; `None` if it has errors.
fn compile_file(path: &Path) -> Result<Option<VariantTables>, Fatal> {
    let source = read(path)?;
    match compile(&source) {
        Ok(t) => Ok(Some(t)),
        Err(errors) => {
            emit(path, &source, &errors);
            Ok(None)
        }
    }
}

fn check(paths: &[PathBuf]) -> Result<ExitCode, Fatal> {
    let files = expand(paths)?;
    let mut bad = 0;
    for f in &files {
        if compile_file(f)?.is_none() {
            bad += 1;
        }
    }
    let n = files.len();
    if bad == 0 {
        eprintln!(
            "checked {n} file{}: no errors",
            if n == 1 { "" } else { "s" }
        );
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!(
            "checked {n} file{}: {bad} with errors",
            if n == 1 { "" } else { "s" }
        );
        Ok(ExitCode::from(1))
    }
}

/// Refuses to write over a `.variant` source or the input itself.
fn guard_output(out: &Path, inputs: &[&Path]) -> Result<(), Fatal> {
    if out.extension().is_some_and(|x| x == "variant") {
        return Err(Fatal(format!(
            "refusing to write a table over the variant source {}",
            out.display()
        )));
    }
    if let Ok(o) = out.canonicalize() {
        for i in inputs {
            if i.canonicalize().is_ok_and(|c| c == o) {
                return Err(Fatal(format!(
                    "refusing to overwrite the input {}",
                    i.display()
                )));
            }
        }
    }
    Ok(())
}

/// Writes through a temporary file, so a failed write leaves no half file.
fn write_atomic(out: &Path, text: &str) -> Result<(), Fatal> {
    let tmp = out.with_extension("json.tmp");
    std::fs::write(&tmp, text)
        .map_err(|e| Fatal(format!("cannot write {}: {e}", tmp.display())))?;
    std::fs::rename(&tmp, out).map_err(|e| Fatal(format!("cannot write {}: {e}", out.display())))
}

fn compile_cmd(file: &Path, output: Option<&Path>) -> Result<ExitCode, Fatal> {
    let Some(tables) = compile_file(file)? else {
        return Ok(ExitCode::from(1));
    };
    let json = tables.to_json();
    match output {
        Some(out) => {
            guard_output(out, &[file])?;
            write_atomic(out, &(json + "\n"))?;
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            writeln!(stdout, "{json}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn build(paths: &[PathBuf], out_dir: &Path) -> Result<ExitCode, Fatal> {
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

/// Loads a variant from a `.variant` source or a table `.json`.
fn load(file: &Path) -> Result<Option<Variant>, Fatal> {
    let tables = if file.extension().is_some_and(|x| x == "json") {
        VariantTables::from_json(&read(file)?)?
    } else {
        match compile_file(file)? {
            Some(t) => t,
            None => return Ok(None),
        }
    };
    Ok(Some(Variant::new(tables)?))
}

fn position<'v>(v: &'v Variant, fen: Option<&str>) -> Result<Position<'v>, Fatal> {
    Ok(match fen {
        Some(f) => Position::from_fen(v, f)?,
        None => Position::new(v)?,
    })
}

fn perft_cmd(file: &Path, depth: u32, fen: Option<&str>, divide: bool) -> Result<ExitCode, Fatal> {
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

fn moves(file: &Path, fen: Option<&str>) -> Result<ExitCode, Fatal> {
    let Some(v) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    let pos = position(&v, fen)?;
    let mut stdout = std::io::stdout().lock();
    for m in pos.legal_moves() {
        writeln!(stdout, "{}", pos.uci(m))?;
    }
    let game = Game::new(pos);
    if let Some(r) = game.outcome() {
        writeln!(stdout, "result: {r}")?;
    }
    Ok(ExitCode::SUCCESS)
}
