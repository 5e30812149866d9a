//! Files, diagnostics and loading variants: what every command shares.
//!
//! Reading is capped ([`SOURCE_LIMIT`], [`TABLE_LIMIT`]) and every failure to
//! read is a [`ReadError`], so `check` and `build` can report it as that
//! file's error and go on. Writing ([`write_output`]) is atomic over regular
//! files and in place for devices and pipes, and refuses folders and
//! read-only files. Standard output goes through [`print()`], which turns a
//! closed pipe into a quiet exit instead of a panic.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use codespan_reporting::diagnostic::Diagnostic;
use codespan_reporting::term::{self, termcolor};
use fairyc_compiler::diagnostic::Snippets;
use fairyc_compiler::source::{self, InvalidUtf8};
use fairyc_compiler::{compile_with_warnings, Report};
use fairyc_runtime::{Position, Variant, VariantTables};

/// A failure that ends the command with exit code 2.
#[derive(Debug)]
pub struct Fatal(pub String);

impl<E: std::fmt::Display> From<E> for Fatal {
    fn from(e: E) -> Fatal {
        Fatal(e.to_string())
    }
}

/// The largest `.variant` source read: 8 MiB (the shipped variants are a few
/// KB).
pub const SOURCE_LIMIT: u64 = 8 << 20;

/// The largest table `.json` read: the table reader's own size limit,
/// [`fairyc_runtime::table::MAX_TABLE_BYTES`] (16 MiB; a shipped variant's
/// table is under 100 KB).
pub const TABLE_LIMIT: u64 = fairyc_runtime::table::MAX_TABLE_BYTES as u64;

/// At most this many diagnostics of one file are rendered for people; the
/// rest are counted ("… and N more errors"). `--format json` prints all.
pub const MAX_SHOWN: usize = 50;

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// Opening or reading failed (missing, no permission, …).
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        error: std::io::Error,
    },
    /// A bare name that is neither a file nor a shipped variant.
    NoVariant {
        /// The name.
        name: String,
        /// The closest shipped variant name, if one is close.
        closest: Option<String>,
    },
    /// The path is a folder (given as a file, or a folder named `x.variant`).
    Folder(PathBuf),
    /// The file is larger than the limit (or endless, as `/dev/zero`).
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { path, error } => write!(f, "cannot read {}: {error}", path.display()),
            ReadError::NoVariant { name, closest } => {
                write!(f, "cannot read {name}: there is no such file, and no shipped variant is called `{name}`")?;
                if let Some(c) = closest {
                    write!(f, "; did you mean `{c}`?")?;
                }
                write!(f, " (`fairyc variants` lists them)")
            }
            ReadError::Folder(path) => {
                write!(f, "cannot read {}: it is a folder", path.display())
            }
            ReadError::TooLarge { path, limit } => write!(
                f,
                "cannot read {}: it is larger than the limit of {} MiB",
                path.display(),
                limit >> 20
            ),
        }
    }
}

/// Whether the path names a table (`.json`) rather than a `.variant` source.
pub fn is_table(path: &Path) -> bool {
    path.extension().is_some_and(|x| x == "json")
}

/// Expands folders into their `.variant` files, sorted. A `.variant` entry
/// of a folder that is not a regular file (a FIFO, which would block the
/// reading, a device, a socket) is skipped with a warning on
/// standard error; a path given by name is read whatever it is.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Fatal> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut files: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| Fatal(format!("cannot read folder {}: {e}", p.display())))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "variant"))
                .filter(|f| {
                    // Through a symbolic link: the file it leads to. A
                    // folder or a dangling link is kept, for its read error.
                    let regular = std::fs::metadata(f).map_or(true, |m| m.is_file() || m.is_dir());
                    if !regular {
                        eprint_line(&format!(
                            "warning: skipped {}: not a regular file",
                            printable(&f.display().to_string(), false)
                        ));
                    }
                    regular
                })
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

/// Reads at most `limit` bytes of a file; a larger (or endless) file is
/// [`ReadError::TooLarge`], a folder [`ReadError::Folder`].
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    };
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return match crate::library::requested(path) {
                Some(name) => match crate::library::find(name) {
                    Some(entry) => Ok(entry.source.as_bytes().to_vec()),
                    None => Err(ReadError::NoVariant {
                        name: name.to_string(),
                        closest: crate::library::closest(name),
                    }),
                },
                None => Err(io(error)),
            };
        }
        Err(error) => return Err(io(error)),
    };
    if file.metadata().map_err(io)?.is_dir() {
        return Err(ReadError::Folder(path.to_path_buf()));
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge {
            path: path.to_path_buf(),
            limit,
        });
    }
    Ok(bytes)
}

/// A `.variant` source as read: its text, or why it is not UTF-8 (with the
/// text decoded lossily, to show where).
#[derive(Debug)]
pub enum Source {
    /// Valid UTF-8 (any byte-order mark removed).
    Text(String),
    /// Not UTF-8: the error and the lossy text it points into.
    NotUtf8(InvalidUtf8, String),
}

/// Reads a `.variant` source (at most [`SOURCE_LIMIT`] bytes).
pub fn read_source(path: &Path) -> Result<Source, ReadError> {
    let bytes = read_bytes(path, SOURCE_LIMIT)?;
    Ok(match source::decode(&bytes) {
        Ok(text) => Source::Text(text.to_string()),
        Err(e) => Source::NotUtf8(e, source::lossy(&bytes)),
    })
}

/// Reads a `.variant` source as text (at most [`SOURCE_LIMIT`] bytes, any
/// byte-order mark removed); not UTF-8 is an error.
pub fn read(path: &Path) -> Result<String, Fatal> {
    match read_source(path)? {
        Source::Text(text) => Ok(text),
        Source::NotUtf8(e, _) => Err(Fatal(format!(
            "{}: {e} (byte {})",
            path.display(),
            e.offset
        ))),
    }
}

/// Reads a table `.json` (at most [`TABLE_LIMIT`] bytes) as text.
pub fn read_table_text(path: &Path) -> Result<String, Fatal> {
    table_text(path, read_bytes(path, TABLE_LIMIT)?)
}

fn table_text(path: &Path, bytes: Vec<u8>) -> Result<String, Fatal> {
    String::from_utf8(bytes).map_err(|e| {
        Fatal(format!(
            "{}: invalid table: not valid UTF-8 (byte {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}

/// A table from the bytes of `path`, checked to be playable (its start
/// position is legal); the error is one line naming the file.
pub fn table_from_bytes(path: &Path, bytes: Vec<u8>) -> Result<VariantTables, Fatal> {
    let text = table_text(path, bytes)?;
    let tables = VariantTables::from_json(&text)
        .map_err(|e| Fatal(format!("{}: invalid table: {e}", path.display())))?;
    let variant = Variant::new(tables.clone())
        .map_err(|e| Fatal(format!("{}: invalid table: {e}", path.display())))?;
    Position::new(&variant)
        .map_err(|e| Fatal(format!("{}: invalid start position: {e}", path.display())))?;
    Ok(tables)
}

/// Loads a table `.json` and checks that it is playable.
pub fn load_table(path: &Path) -> Result<VariantTables, Fatal> {
    table_from_bytes(path, read_bytes(path, TABLE_LIMIT)?)
}

/// Whether a character must not reach the terminal as it is: a control
/// character, or one that reorders the text around it (the bidirectional
/// marks, embeddings, overrides and isolates, U+202E among them).
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// A control or bidirectional character made visible (`\u{1b}`,
/// `\u{202e}`), so that names read from a table cannot drive the terminal
/// nor reorder what is printed; newlines are kept when `keep_newlines`.
pub fn printable(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    let bad = |c: char| hidden(c) && !(keep_newlines && c == '\n');
    if !text.chars().any(bad) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if bad(c) {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether a write to standard output found the pipe closed: the command
/// then ends quietly.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Writes to standard output: a closed pipe (`| head`) is remembered for a
/// quiet exit, any other failure (`> /dev/full`) is an error.
pub fn print(text: &str) -> Result<(), Fatal> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                STDOUT_CLOSED.store(true, Ordering::Relaxed);
            }
            Fatal(format!("cannot write to standard output: {e}"))
        })
}

/// Writes a line to standard error; a closed or full standard error is
/// ignored (there is nowhere left to report it), never a panic.
pub fn eprint_line(text: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

/// Renders diagnostics on standard error, at most [`MAX_SHOWN`] of them,
/// then "… and N more".
pub fn emit_diagnostics(path: &Path, source: &str, diagnostics: &[Diagnostic<usize>]) {
    // The snippets show the source with each hidden character (but tabs and
    // line ends) replaced by a visible one of the same UTF-8 length, so that
    // the labels' byte offsets still hold.
    let shown: String = source
        .chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            // Hidden characters take 1 to 3 bytes.
            c if hidden(c) => match c.len_utf8() {
                1 => '?',
                2 => '¿',
                _ => '\u{fffd}',
            },
            c => c,
        })
        .collect();
    let name = printable(&path.display().to_string(), false).into_owned();
    // Each snippet shows only its lines, long lines elided around the
    // labels: no diagnostic echoes a whole long line.
    let snippets = Snippets::new(&name, &shown);
    let choice = if std::io::stderr().is_terminal() {
        termcolor::ColorChoice::Auto
    } else {
        termcolor::ColorChoice::Never
    };
    let writer = termcolor::StandardStream::stderr(choice);
    let config = term::Config::default();
    let mut lock = writer.lock();
    for d in diagnostics.iter().take(MAX_SHOWN) {
        let d = Diagnostic {
            message: printable(&d.message, false).into_owned(),
            notes: d
                .notes
                .iter()
                .map(|n| printable(n, true).into_owned())
                .collect(),
            labels: d
                .labels
                .iter()
                .map(|l| {
                    let mut l = l.clone();
                    l.message = printable(&l.message, false).into_owned();
                    l
                })
                .collect(),
            ..d.clone()
        };
        let (file, d) = snippets.excerpt(&d);
        let _ = term::emit_to_write_style(&mut lock, &config, &file, &d);
    }
    if let Some(rest) = diagnostics.len().checked_sub(MAX_SHOWN).filter(|&r| r > 0) {
        let errors = diagnostics
            .iter()
            .skip(MAX_SHOWN)
            .filter(|d| d.severity != codespan_reporting::diagnostic::Severity::Warning)
            .count();
        let what = if errors == rest {
            "error"
        } else if errors == 0 {
            "warning"
        } else {
            "diagnostic"
        };
        let _ = writeln!(
            lock,
            "… and {rest} more {what}{} in {}",
            if rest == 1 { "" } else { "s" },
            path.display()
        );
    }
}

/// Renders compile errors and warnings (see [`emit_diagnostics`]).
pub fn emit(path: &Path, source: &str, errors: &[impl Report]) {
    let diagnostics: Vec<Diagnostic<usize>> = errors.iter().map(|e| e.to_diagnostic(0)).collect();
    emit_diagnostics(path, source, &diagnostics);
}

/// Prints a file-level error (unreadable, invalid table) for people.
pub fn emit_file_error(message: &str) {
    eprint_line(&format!("error: {}", printable(message, false)));
}

/// Compiles one source, printing its diagnostics; `None` if it has errors.
pub fn compile_source(path: &Path, source: Source) -> Option<VariantTables> {
    match source {
        Source::NotUtf8(e, lossy) => {
            emit_diagnostics(path, &lossy, &[e.to_diagnostic(0)]);
            None
        }
        Source::Text(source) => match compile_with_warnings(&source) {
            Ok(compiled) => {
                emit(path, &source, &compiled.warnings);
                Some(compiled.tables)
            }
            Err(errors) => {
                emit(path, &source, &errors);
                None
            }
        },
    }
}

/// Compiles one file, printing its diagnostics; `None` if it has errors.
pub fn compile_file(path: &Path) -> Result<Option<VariantTables>, Fatal> {
    Ok(compile_source(path, read_source(path)?))
}

/// The tables of a `.variant` source (compiled, diagnostics printed; `None`
/// with errors) or of a table `.json` (loaded and checked).
pub fn load_tables(path: &Path) -> Result<Option<VariantTables>, Fatal> {
    if is_table(path) {
        load_table(path).map(Some)
    } else {
        compile_file(path)
    }
}

/// Where writing `path` lands: the path itself, or the file a symbolic
/// link at `path` leads to (through every link, also a dangling one).
pub fn landing(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    // As the system does, give up after 40 links (a loop).
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::read_link(&at) {
                Ok(next) => {
                    at = match at.parent() {
                        Some(dir) => dir.join(next),
                        None => next,
                    }
                }
                Err(_) => break,
            },
            _ => break,
        }
    }
    at
}

/// Refuses to write over a `.variant` source (also through a symbolic
/// link) or the input itself.
pub fn guard_output(out: &Path, inputs: &[&Path]) -> Result<(), Fatal> {
    let lands = landing(out);
    if out.extension().is_some_and(|x| x == "variant") {
        return Err(Fatal(format!(
            "refusing to write over the variant source {}",
            out.display()
        )));
    }
    if lands.extension().is_some_and(|x| x == "variant") {
        return Err(Fatal(format!(
            "refusing to write over the variant source {}: {} is a symbolic link to it",
            lands.display(),
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

/// Writes what a command made (a table, a section, a picture) to `out`,
/// after [`guard_output`], and says `wrote OUT` on standard error: the one
/// way `compile -o`, `export -o`, `show --svg` and `build` write.
pub fn write_made(out: &Path, text: &str, inputs: &[&Path]) -> Result<(), Fatal> {
    guard_output(out, inputs)?;
    write_output(out, text)?;
    wrote(out);
    Ok(())
}

/// Says `wrote PATH` on standard error.
pub fn wrote(path: &Path) {
    eprint_line(&format!(
        "wrote {}",
        printable(&path.display().to_string(), false)
    ));
}

/// Writes `text` to `out`.
///
/// - A new file, or a regular file one may write: through a temporary file
///   in the same folder (`.NAME.fairyc-PID-N.tmp`, created new, so it never
///   is an existing file), renamed over it; no half file is left on any
///   error. A symbolic link is followed: its target is replaced.
/// - A device, pipe or socket (`/dev/null`, `/dev/stdout`, a fifo): written
///   in place; a failed write (`/dev/full`) is an error.
/// - A folder, or a read-only file (by its mode bits, even as root): refused.
pub fn write_output(out: &Path, text: &str) -> Result<(), Fatal> {
    let cannot = |e: std::io::Error| Fatal(format!("cannot write {}: {e}", out.display()));
    let mut keep_mode = None;
    let target = match std::fs::metadata(out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => out.to_path_buf(),
        Err(e) => return Err(cannot(e)),
        Ok(m) if m.is_dir() => {
            return Err(Fatal(format!(
                "cannot write {}: it is a folder; give a file name",
                out.display()
            )))
        }
        Ok(m) if m.is_file() => {
            if m.permissions().readonly() {
                return Err(Fatal(format!(
                    "refusing to replace the read-only file {}",
                    out.display()
                )));
            }
            keep_mode = Some(m.permissions());
            out.canonicalize().map_err(cannot)?
        }
        Ok(_) => {
            // Not a regular file: never replace it, write into it.
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(out)
                .map_err(cannot)?;
            return f
                .write_all(text.as_bytes())
                .and_then(|()| f.flush())
                .map_err(cannot);
        }
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(name) = target.file_name() else {
        return Err(Fatal(format!(
            "cannot write {}: it names no file",
            out.display()
        )));
    };
    let (tmp, mut file) = create_temp(&dir, name).map_err(cannot)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| match keep_mode {
            // The replaced file keeps its permissions.
            Some(mode) => file.set_permissions(mode),
            None => Ok(()),
        })
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&tmp, &target));
    drop(file);
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        cannot(e)
    })
}

/// Creates a new temporary file `.NAME.fairyc-PID-N.tmp` in `dir`.
fn create_temp(dir: &Path, name: &std::ffi::OsStr) -> std::io::Result<(PathBuf, std::fs::File)> {
    let pid = std::process::id();
    let mut n = 0u32;
    loop {
        let mut tmp = OsString::from(".");
        tmp.push(name);
        tmp.push(format!(".fairyc-{pid}-{n}.tmp"));
        let tmp = dir.join(tmp);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 1000 => n += 1,
            Err(e) => return Err(e),
        }
    }
}

/// Loads a variant from a `.variant` source or a table `.json`.
pub fn load(file: &Path) -> Result<Option<Variant>, Fatal> {
    let tables = if is_table(file) {
        VariantTables::from_json(&read_table_text(file)?)?
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
        Some(f) => Position::from_fen_or_sfen(v, f)?,
        None => Position::new(v)?,
    })
}

/// A square by name: exactly, else the one square whose name matches
/// ignoring case. One rule for `--squares` and `--from`.
pub fn square_by_name(names: &[&str], name: &str) -> Option<u16> {
    fairyc_picture::square_by_name(names, name)
}

/// The error for a name that is no square: a did-you-mean and the list.
pub fn no_such_square(names: &[&str], name: &str) -> Fatal {
    Fatal(fairyc_picture::no_such_square(names, name).0)
}
