//! `fairyc`: check, compile and play chess variants written in the `.variant`
//! language.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use fairyc_cli::check::{check, explain, CheckFormat};
use fairyc_cli::commands::{self, build, compile_cmd, moves, perft_cmd};
use fairyc_cli::files::{self, Fatal};
use fairyc_cli::{engine, import, kit, serve, show};

/// A compiler for chess variants.
#[derive(Parser, Debug)]
#[command(
    name = "fairyc",
    version,
    about = "fairyc: check, explain, format (fmt), compile, build, perft, list moves of, show, export, \
             import, play (uci, xboard, or in the terminal) and serve (the playground) chess variants written in the \
             .variant language, and serve editors (lsp, a language server); write the conformance kit of the table format (kit)",
    long_about = None,
    after_help = "FILE may be a .variant source, a table .json written by `fairyc compile`, or the \
                  name or alias of a shipped variant (`fairyc perft crazyhouse --depth 3`; \
                  `fairyc variants` lists them)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check `.variant` files (or folders of them, or table `.json` files) and
    /// report every mistake.
    Check {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// `human` (rendered, on stderr) or `json` (one object per line, on stdout).
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// Treat warnings as errors (exit code 1).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Format `.variant` files in place in the one canonical layout
    /// (docs/editors.md); with no file (or `-`), standard input to standard
    /// output.
    Fmt {
        /// Files or folders (their `.variant` files, in every sub-folder).
        paths: Vec<PathBuf>,
        /// Write nothing; list the files that are not formatted and exit 1
        /// if there are any.
        #[arg(long)]
        check: bool,
    },
    /// Run the language server (Language Server Protocol over standard
    /// input and output) for editors (docs/editors.md).
    Lsp,
    /// Explain a diagnostic code (`fairyc explain E0013`) with an example.
    Explain {
        /// The code: `E0013`, `W0001`, …
        code: String,
    },
    /// Compile a `.variant` file to its move table (or re-export or describe a
    /// table `.json`).
    Compile {
        /// The variant: a `.variant` file, a table `.json` or a shipped variant's name.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
        /// With `--format text`: only these squares (comma-separated; default
        /// all; case is ignored where that is unambiguous).
        #[arg(long, value_delimiter = ',')]
        squares: Vec<String>,
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
        #[arg(short = 'o', long, value_name = "DIR", default_value = "out")]
        out_dir: PathBuf,
    },
    /// Count the leaves of the legal move tree.
    Perft {
        /// The variant: a `.variant` file, a table `.json` or a shipped variant's name.
        file: PathBuf,
        /// Depth in plies (0 or more).
        #[arg(long, allow_negative_numbers = true, value_parser = parse_depth)]
        depth: u32,
        /// Start from this position instead of the variant's.
        #[arg(long)]
        fen: Option<String>,
        /// One line per root move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves of a position, or its result if the game is over.
    Moves {
        /// The variant: a `.variant` file, a table `.json` or a shipped variant's name.
        file: PathBuf,
        /// The position; the variant's start position if absent.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Draw the board and a position, or where a piece moves from a square;
    /// in the terminal or as SVG.
    Show(show::ShowArgs),
    /// Export a variant as a Fairy-Stockfish `variants.ini` section (see
    /// docs/export.md); what Fairy-Stockfish cannot express is refused with a
    /// diagnostic.
    Export {
        /// The variant: a `.variant` file or a shipped variant's name (not a
        /// table `.json`, which no longer holds the declarations).
        file: PathBuf,
        /// The target engine.
        #[arg(long = "to", value_enum)]
        to: Target,
        /// The section name (default `fairyc-<file stem>`, which no built-in
        /// Fairy-Stockfish variant has).
        #[arg(long)]
        name: Option<String>,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Import the sections of a Fairy-Stockfish `variants.ini` as `.variant`
    /// files (see docs/import.md); what the language cannot express yet is
    /// reported at its key.
    Import(import::ImportArgs),
    /// Speak the UCI protocol on standard input and output (a chess GUI's
    /// engine; `UCI_Variant` chooses the variant, `VariantPath` loads more).
    Uci,
    /// Speak the XBoard (CECP v2) protocol on standard input and output.
    Xboard,
    /// Play a game against the engine in the terminal.
    Play {
        /// The variant: a `.variant` file, a table `.json` or a shipped variant's name.
        file: PathBuf,
        /// Start from this position instead of the variant's.
        #[arg(long)]
        fen: Option<String>,
        /// The side you play.
        #[arg(long, value_enum, default_value_t = PlaySide::White)]
        side: PlaySide,
        /// The engine's time per move, in seconds (above 0, at most 86400).
        #[arg(long, default_value_t = 2.0, value_parser = engine::play_seconds)]
        time: f64,
    },
    /// Serve a folder of static files on this machine over HTTP: the
    /// playground (`web/`, after `bash web/build.sh`; docs/playground.md).
    Serve {
        /// The folder.
        #[arg(default_value = "web")]
        dir: PathBuf,
        /// The port (0: any free port; the address is printed).
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// The address to listen on (only this machine by default).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
    },
    /// Write the conformance kit for other readers of the table format
    /// (conformance/README.md): every shipped variant's table, positions
    /// along seeded games with their legal moves and perft counts, and
    /// broken tables and FENs a reader must refuse.
    Kit {
        /// The kit's folder: new, empty, or an earlier kit (its files are
        /// replaced).
        #[arg(long)]
        out: PathBuf,
    },
    /// List the shipped variants (file, name, aliases), or print the source of
    /// one to start a new variant from.
    Variants {
        /// A shipped variant's file name, name or alias: print its source.
        name: Option<String>,
    },
}

/// The side a player takes in `fairyc play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PlaySide {
    /// White (moves first).
    White,
    /// Black.
    Black,
}

/// An engine `fairyc export` writes for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Target {
    /// Fairy-Stockfish 11.1's `variants.ini`.
    FairyStockfish,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The documented JSON format (docs/table-format.md).
    Json,
    /// For reading: per square, where each piece goes on an empty board.
    Text,
}

/// A perft depth: a whole number of plies, 0 or more. A negative number is
/// a clear error (not clap's "use `-- -1`" tip, which then fails too).
fn parse_depth(text: &str) -> Result<u32, String> {
    text.parse::<u32>().map_err(|_| {
        if text.trim_start().starts_with('-') {
            format!("the depth must be 0 or more plies, not {text}")
        } else {
            format!(
                "the depth must be a whole number of plies (0 to {}), not `{text}`",
                u32::MAX
            )
        }
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check {
            paths,
            format,
            deny_warnings,
        } => check(&paths, format, deny_warnings),
        Command::Explain { code } => explain(&code),
        Command::Fmt { paths, check } => fairyc_cli::fmt::fmt(&paths, check),
        Command::Lsp => fairyc_cli::lsp::run(),
        Command::Compile {
            file,
            format,
            squares,
            output,
        } => compile_cmd(&file, format == Format::Text, &squares, output.as_deref()),
        Command::Build { paths, out_dir } => build(&paths, &out_dir),
        Command::Perft {
            file,
            depth,
            fen,
            divide,
        } => perft_cmd(&file, depth, fen.as_deref(), divide),
        Command::Moves { file, fen } => moves(&file, fen.as_deref()),
        Command::Show(args) => show::run(&args),
        Command::Export {
            file,
            to: Target::FairyStockfish,
            name,
            output,
        } => commands::export(&file, name.as_deref(), output.as_deref()),
        Command::Import(args) => import::run(&args),
        Command::Kit { out } => kit::kit(&out),
        Command::Variants { name } => commands::variants(name.as_deref()),
        Command::Serve { dir, port, host } => serve::run(&dir, &host, port),
        Command::Uci => engine::uci(),
        Command::Xboard => engine::xboard(),
        Command::Play {
            file,
            fen,
            side,
            time,
        } => engine::play(&file, fen.as_deref(), side == PlaySide::White, time),
    };
    match result {
        Ok(code) => code,
        // A closed standard output (`| head`): the reader has what it wanted.
        Err(_) if files::stdout_closed() => ExitCode::SUCCESS,
        Err(Fatal(msg)) => {
            files::eprint_line(&format!("error: {}", files::printable(&msg, true)));
            ExitCode::from(2)
        }
    }
}
