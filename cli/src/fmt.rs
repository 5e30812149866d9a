//! `fairyc fmt`: the canonical layout of `.variant` files
//! (fairyc_compiler::format), written in place or checked.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairyc_compiler::format::format;

use crate::files::{eprint_line, printable, write_output, Fatal, SOURCE_LIMIT};

/// Formats the files given (folders: their `.variant` files, in every
/// sub-folder), or standard input to standard output when none is given
/// (or `-`). With `check`, nothing is written: the files that are not
/// formatted are listed on standard output. Exit 0 when all is well, 1
/// when a file is not formatted (with `check`) or cannot be formatted (it
/// does not parse: it is left untouched), 2 on a file that cannot be read.
pub fn fmt(paths: &[PathBuf], check: bool) -> Result<ExitCode, Fatal> {
    if paths.is_empty() || paths.iter().all(|p| p.as_os_str() == "-") {
        return stdin(check);
    }
    let mut files = Vec::new();
    for path in paths {
        collect(path, &mut files)?;
    }
    let mut failed = false;
    let mut unformatted = false;
    for file in &files {
        let shown = printable(&file.display().to_string(), false).into_owned();
        let source = read(file)?;
        match format(&source) {
            Err(e) => {
                eprint_line(&format!("error: {shown}: not formatted: {e}"));
                failed = true;
            }
            Ok(text) if text == source => {}
            Ok(_) if check => {
                crate::files::print(&format!("{shown}\n"))?;
                unformatted = true;
            }
            Ok(text) => {
                write_output(file, &text)?;
                eprint_line(&format!("formatted {shown}"));
            }
        }
    }
    if unformatted {
        eprint_line("error: the files above are not formatted; `fairyc fmt` formats them");
    }
    Ok(if failed || unformatted {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Standard input formatted to standard output (with `check`, only the
/// exit code says whether it was formatted).
fn stdin(check: bool) -> Result<ExitCode, Fatal> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(SOURCE_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Fatal(format!("cannot read standard input: {e}")))?;
    if bytes.len() as u64 > SOURCE_LIMIT {
        return Err(Fatal(format!(
            "standard input is larger than {SOURCE_LIMIT} bytes"
        )));
    }
    let source = String::from_utf8(bytes)
        .map_err(|e| Fatal(format!("standard input is not UTF-8 ({e})")))?;
    match format(&source) {
        Err(e) => {
            eprint_line(&format!("error: standard input: not formatted: {e}"));
            Ok(ExitCode::from(1))
        }
        Ok(text) if check => Ok(if text == source {
            ExitCode::SUCCESS
        } else {
            eprint_line("error: standard input is not formatted");
            ExitCode::from(1)
        }),
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|()| out.flush())
                .map_err(|e| Fatal(format!("cannot write standard output: {e}")))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A file given by name, or a folder's `.variant` files (sorted, through
/// every sub-folder but not through links to folders).
fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), Fatal> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))?;
    if !meta.is_dir() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let before = out.len();
    walk(path, out)?;
    if out.len() == before {
        return Err(Fatal(format!("no .variant files in {}", path.display())));
    }
    Ok(())
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Fatal> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Fatal(format!("cannot read folder {}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for entry in entries {
        let Ok(meta) = std::fs::symlink_metadata(&entry) else {
            continue;
        };
        if meta.is_dir() {
            walk(&entry, out)?;
        } else if entry.extension().is_some_and(|x| x == "variant")
            && std::fs::metadata(&entry).is_ok_and(|m| m.is_file())
        {
            out.push(entry);
        }
    }
    Ok(())
}

/// A file's text as it is (a byte-order mark kept, so that it is written
/// back), at most [`SOURCE_LIMIT`] bytes.
fn read(path: &Path) -> Result<String, Fatal> {
    let file = std::fs::File::open(path)
        .map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))?;
    let mut bytes = Vec::new();
    file.take(SOURCE_LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Fatal(format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() as u64 > SOURCE_LIMIT {
        return Err(Fatal(format!(
            "{} is larger than {SOURCE_LIMIT} bytes",
            path.display()
        )));
    }
    String::from_utf8(bytes).map_err(|e| {
        Fatal(format!(
            "{}: not UTF-8 (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}
