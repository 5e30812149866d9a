//! `fairyc import variants.ini`: one `.variant` file per Fairy-Stockfish
//! section (docs/import.md).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use codespan_reporting::diagnostic::Diagnostic;
use fairyc_compiler::Report;
use fairyc_interop::import::{self, Shipped};

use crate::check::CheckFormat;
use crate::files::{
    emit_diagnostics, eprint_line, print, printable, read_bytes, Fatal, SOURCE_LIMIT,
};
use fairyc_compiler::json::{to_json_indexed, LineIndex};

/// The arguments of `fairyc import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The Fairy-Stockfish `variants.ini`.
    file: PathBuf,
    /// Import only this section (repeatable); default every section.
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
    /// The folder to write `NAME.variant` files into (created if missing).
    #[arg(short = 'o', long = "out-dir", value_name = "DIR", default_value = ".")]
    out_dir: PathBuf,
    /// Only report: write nothing.
    #[arg(long)]
    check: bool,
    /// Replace `.variant` files that already exist (never done otherwise).
    #[arg(long)]
    force: bool,
    /// `human` (rendered, on stderr) or `json` (one object per line, on stdout).
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,
    /// The Fairy-Stockfish the file is written for: `current` (custom
    /// pieces; every key it reads that the language cannot say is an
    /// error) or `11.1` (Debian's engine; keys only newer versions read are
    /// warned about and ignored).
    #[arg(long, value_enum, default_value_t = Fsf::Current)]
    fsf: Fsf,
}

/// `--fsf`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Fsf {
    /// The current Fairy-Stockfish (pyffish, ffish.js).
    Current,
    /// Fairy-Stockfish 11.1.
    #[value(name = "11.1")]
    V11,
}

/// The shipped variants, as parents a section may name.
fn shipped() -> Vec<Shipped> {
    crate::library::entries()
        .into_iter()
        .map(|e| Shipped {
            names: std::iter::once(e.stem.to_string())
                .chain(e.name.clone())
                .chain(e.aliases.iter().cloned())
                .collect(),
            source: e.source.to_string(),
        })
        .collect()
}

/// `fairyc import`: exit 0 when every section asked for is imported (or
/// checks, with `--check`), 1 when one has errors or its file exists, 2 for
/// a bad flag or an unreadable file.
pub fn run(args: &ImportArgs) -> Result<ExitCode, Fatal> {
    let bytes = read_bytes(&args.file, SOURCE_LIMIT).map_err(|e| Fatal(e.to_string()))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Fatal(format!("{} is not valid UTF-8", args.file.display())))?
        .replace("\r\n", "\n");
    let target = match args.fsf {
        Fsf::Current => import::Target::Current,
        Fsf::V11 => import::Target::Fsf11,
    };
    let result = import::import_for(&text, &shipped(), target);
    let mut chosen: Vec<usize> = Vec::new();
    for name in &args.variants {
        match result.sections.iter().position(|s| &s.name == name) {
            Some(i) => chosen.push(i),
            None => {
                let names = result.sections.iter().map(|s| s.name.as_str());
                let hint = fairyc_compiler::suggest::did_you_mean(name, names)
                    .map(|c| format!("; did you mean `{c}`?"))
                    .unwrap_or_default();
                return Err(Fatal(format!(
                    "{} has no section `{}`{hint}",
                    args.file.display(),
                    printable(name, false)
                )));
            }
        }
    }
    if args.variants.is_empty() {
        chosen = (0..result.sections.len()).collect();
    }
    let refused = result.diagnostics.iter().any(|d| !d.is_warning());
    if result.sections.is_empty() && !refused {
        return Err(Fatal(format!(
            "{} has no section (`[name]` line)",
            args.file.display()
        )));
    }
    // Looked up per diagnostic: a flag per section, not a scan.
    let mut is_chosen = vec![false; result.sections.len()];
    for &i in &chosen {
        is_chosen[i] = true;
    }
    let shown: Vec<&import::ImportDiagnostic> = result
        .diagnostics
        .iter()
        .filter(|d| d.section.is_none_or(|s| is_chosen.get(s) == Some(&true)))
        .collect();
    let diagnostics: Vec<Diagnostic<usize>> = shown.iter().map(|d| d.to_diagnostic(0)).collect();
    match args.format {
        CheckFormat::Human => emit_diagnostics(&args.file, &text, &diagnostics),
        CheckFormat::Json => {
            let index = LineIndex::new(&text);
            for d in &diagnostics {
                print(&format!(
                    "{}\n",
                    to_json_indexed(&args.file.display().to_string(), &index, d)
                ))?;
            }
        }
    }
    let mut failed = 0;
    let mut written = 0;
    let mut stems: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut file_errors = 0;
    if !args.check {
        // `-o afile`, `-o /dev/full`: say what is wrong, not "File exists".
        if args.out_dir.exists() && !args.out_dir.is_dir() {
            return Err(Fatal(format!(
                "{} is not a folder: `-o` names the folder the `.variant` files are written into",
                args.out_dir.display()
            )));
        }
        std::fs::create_dir_all(&args.out_dir).map_err(|e| {
            Fatal(format!(
                "cannot create the folder {}: {e}",
                args.out_dir.display()
            ))
        })?;
    }
    for &i in &chosen {
        let Some(section) = result.sections.get(i) else {
            continue;
        };
        if section.failed {
            failed += 1;
            continue;
        }
        if args.check {
            continue;
        }
        let stem = import::file_stem(&section.name);
        if !stems.insert(stem.clone()) {
            eprint_line(&format!(
                "error: two sections would be written to {stem}.variant; import them with --variant one at a time into different folders"
            ));
            failed += 1;
            file_errors += 1;
            continue;
        }
        let path = args.out_dir.join(format!("{stem}.variant"));
        if let Err(Fatal(message)) = write(&path, &section.source, args.force) {
            eprint_line(&format!("error: {}", printable(&message, false)));
            failed += 1;
            file_errors += 1;
            continue;
        }
        written += 1;
        crate::files::wrote(&path);
    }
    // The summary counts the files not written as errors too.
    let diagnosed = shown.iter().filter(|d| !d.is_warning()).count();
    let warnings = shown.len() - diagnosed;
    let errors = diagnosed + file_errors;
    eprint_line(&format!(
        "{} {} section{}: {} with errors; {errors} error{}, {warnings} warning{}{}",
        if args.check { "checked" } else { "imported" },
        chosen.len(),
        if chosen.len() == 1 { "" } else { "s" },
        failed,
        if errors == 1 { "" } else { "s" },
        if warnings == 1 { "" } else { "s" },
        if args.check {
            String::new()
        } else {
            format!("; {written} written")
        },
    ));
    // A file refused whole (E0213) has no section to fail.
    Ok(if failed == 0 && !result.sections.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Writes a new `.variant` file; an existing one only with `force`.
fn write(path: &Path, text: &str, force: bool) -> Result<(), Fatal> {
    // Anything at that name, a dangling symbolic link too, is kept.
    if std::fs::symlink_metadata(path).is_ok() && !force {
        return Err(Fatal(format!(
            "{} exists: not replaced (use --force to replace it)",
            path.display()
        )));
    }
    crate::files::write_output(path, text)
}
