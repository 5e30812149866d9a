//! Files, diagnostics and loading variants: what every command shares.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor};
use fairyc_compiler::{compile_with_warnings, Report};
use fairyc_runtime::{Position, Variant, VariantTables};

/// A failure that ends the command with exit code 2.
pub struct Fatal(pub String);

impl<E: std::fmt::Display> From<E> for Fatal {
    fn from(e: E) -> Fatal {
        Fatal(e.to_string())
    }
}

/// Expands folders into their `.variant` files, sorted.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fatal> {
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

pub fn read(path: &Path) -> Result<String, Fatal> {
    let bytes =
        std::fs::read(path).map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))?;
    String::from_utf8(bytes).map_err(|_| Fatal(format!("{} is not valid UTF-8", path.display())))
}

pub fn emit(path: &Path, source: &str, errors: &[impl Report]) {
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
pub fn compile_file(path: &Path) -> Result<Option<VariantTables>, Fatal> {
    let source = read(path)?;
    match compile_with_warnings(&source) {
        Ok(compiled) => {
            emit(path, &source, &compiled.warnings);
            Ok(Some(compiled.tables))
        }
        Err(errors) => {
            emit(path, &source, &errors);
            Ok(None)
        }
    }
}

/// Refuses to write over a `.variant` source or the input itself.
pub fn guard_output(out: &Path, inputs: &[&Path]) -> Result<(), Fatal> {
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
pub fn write_atomic(out: &Path, text: &str) -> Result<(), Fatal> {
    let tmp = out.with_extension("json.tmp");
    std::fs::write(&tmp, text)
        .map_err(|e| Fatal(format!("cannot write {}: {e}", tmp.display())))?;
    std::fs::rename(&tmp, out).map_err(|e| Fatal(format!("cannot write {}: {e}", out.display())))
}

/// Loads a variant from a `.variant` source or a table `.json`.
pub fn load(file: &Path) -> Result<Option<Variant>, Fatal> {
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

pub fn position<'v>(v: &'v Variant, fen: Option<&str>) -> Result<Position<'v>, Fatal> {
    Ok(match fen {
        Some(f) => Position::from_fen(v, f)?,
        None => Position::new(v)?,
    })
}
