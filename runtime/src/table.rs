//! The lowered move table: the contract between the compiler and the runtime.
//!
//! A [`VariantTables`] is plain data that serialises to the documented,
//! versioned JSON format of `docs/table-format.md`. It is built only through
//! [`VariantTables::new`] (or read with [`VariantTables::from_json`]), which
//! checks every index and invariant, so the runtime never has to.
//!
//! Squares are numbered `0..board.squares.len()`, pieces `0..pieces.len()`,
//! sides `0` (White, moves first) and `1` (Black).
//!
//! Tables are untrusted input. Reading one checks its size before parsing,
//! every list's length while parsing (a list longer than its limit is refused
//! before it is stored), and every invariant after. The limits are the
//! `MAX_*` constants below, far above any real variant (25×25 boards and
//! 128 piece types fit), and every limit is named here, in one place.

use serde::Deserialize;

use crate::error::TableError;

mod compat;
mod read;
mod types;
mod validate;

use read::{path_text, trace, Trace};
pub use types::*;
use validate::validate;

/// The version of the table format written by this crate. Readers reject other
/// major versions.
pub const FORMAT_VERSION: u32 = 5;

/// The oldest format version this crate still reads. Version 4 wrote
/// choices that versions 1 to 3 spelt as flags (a piece's `royal`, a
/// promotion rule's kind and triggers, `stalemate`, `bare_king`,
/// `several_royals`), so their tables are refused with both versions
/// named: compiling the variant again writes the current version.
/// Version 5 wrote the rest of those choices as one field each (a path's
/// `role`, the drops' `supply`, `giving_check`, `pass`); a table of
/// version 4 is read with its flags turned into these (`compat`).
pub const OLDEST_FORMAT_VERSION: u32 = 4;

/// The largest number of squares a board may have (boards of more than
/// 128 squares or 32 piece types are played with wide square sets).
/// Also the longest list of squares anywhere in a table.
pub const MAX_SQUARES: usize = 1024;

/// The largest number of piece types.
pub const MAX_PIECES: usize = 128;

/// The longest piece symbol in bytes: three letters and an apostrophe.
pub const MAX_SYMBOL_BYTES: usize = 4;

/// Whether `s` is a piece symbol: one to three ASCII letters, all of one
/// case, optionally followed by an apostrophe (`K`, `DE`, `fk`, `N'`).
///
/// A FEN writes White's pieces with the symbol in upper case and Black's
/// in lower case, so a symbol of mixed case (`Ln`) could not be told from
/// two pieces of different sides; digits, `+`, `~`, `/`, `[`, `]`, `@` and
/// `-` have their own meanings in a FEN or a move.
///
/// ```
/// use fairyc_runtime::table::is_symbol;
/// assert!(is_symbol("K") && is_symbol("DE") && is_symbol("n'") && is_symbol("FKX"));
/// assert!(!is_symbol("Ln") && !is_symbol("KNIG") && !is_symbol("'") && !is_symbol("P1"));
/// ```
pub fn is_symbol(s: &str) -> bool {
    let b = s.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let rest = b.get(letters..).unwrap_or_default();
    (1..=3).contains(&letters)
        && (rest.is_empty() || rest == b"'")
        && (b[..letters].iter().all(u8::is_ascii_uppercase)
            || b[..letters].iter().all(u8::is_ascii_lowercase))
}

/// The pairs of symbols a FEN could not tell apart, as `(shorter,
/// longer)` indices into `symbols` (each a symbol and whether it is
/// written after `+`): the shorter is the start of the longer, in the same
/// `+` class, and the longer goes on with a letter that starts a symbol
/// written without `+` (so `L` then `N` could be read as `LN`). A FEN is
/// read by taking the longest symbol that matches; where no pair clashes,
/// that reading is the only one. Case is ignored; duplicates are not
/// reported here.
///
/// ```
/// use fairyc_runtime::table::symbol_clashes;
/// // Chu shogi's Lance and Lion: `LN` goes on with `N`, which starts no symbol.
/// assert!(symbol_clashes(&[("L", false), ("LN", false), ("K", false)]).is_empty());
/// // With a Knight `N`, `LN` could be a Lance and a Knight.
/// assert_eq!(symbol_clashes(&[("L", false), ("LN", false), ("N", false)]), vec![(0, 1)]);
/// // An apostrophe starts no symbol: `N` and `N'` are told apart.
/// assert!(symbol_clashes(&[("N", false), ("N'", false)]).is_empty());
/// ```
pub fn symbol_clashes(symbols: &[(&str, bool)]) -> Vec<(usize, usize)> {
    let starts = |c: u8| {
        symbols.iter().any(|&(s, plus)| {
            !plus
                && s.as_bytes()
                    .first()
                    .is_some_and(|f| f.eq_ignore_ascii_case(&c))
        })
    };
    let mut out = Vec::new();
    for (i, &(short, short_plus)) in symbols.iter().enumerate() {
        for (j, &(long, long_plus)) in symbols.iter().enumerate() {
            let (s, l) = (short.as_bytes(), long.as_bytes());
            if i != j
                && short_plus == long_plus
                && s.len() < l.len()
                && l[..s.len()].eq_ignore_ascii_case(s)
                && starts(l[s.len()])
            {
                out.push((i, j));
            }
        }
    }
    out
}

/// The longest table text [`VariantTables::from_json`] reads, in bytes
/// (16 MiB; the shipped variants' tables are under 64 KiB).
pub const MAX_TABLE_BYTES: usize = 16 << 20;

/// The most cells one square may cover, and the most holes.
pub const MAX_CELLS: usize = 4096;

/// The most file or rank labels (the grid is at most 255 cells wide).
pub const MAX_LABELS: usize = 256;

/// The longest name (variant, piece, square) or label, in bytes.
pub const MAX_NAME_BYTES: usize = 256;

/// The most paths of one piece from one square (shipped variants: 16).
pub const MAX_PATHS_PER_SQUARE: usize = 256;

/// The most steps in one path (shipped variants: 18).
pub const MAX_STEPS_PER_PATH: usize = 1024;

/// The most steps in the whole table (shipped variants: under 8,000).
pub const MAX_TOTAL_STEPS: usize = 1 << 20;

/// The most work to build the attack tables: a capturing path of `n` steps
/// costs `n (n + 1) / 2` nodes (shipped variants: under 40,000).
pub const MAX_ATTACK_WORK: usize = 1 << 22;

/// The most promotion rules, and the most goal (`reach`) rules.
pub const MAX_RULES: usize = 256;

/// The most choices of one promotion rule.
pub const MAX_CHOICES: usize = 2 * MAX_PIECES;

/// The most castling rules (castling rights are a 16-bit set).
pub const MAX_CASTLING: usize = 16;

/// The most gating rules.
pub const MAX_GATING_RULES: usize = 128;

/// The largest `end.move_limit` (in full moves).
pub const MAX_MOVE_LIMIT: u32 = 1_000_000;

impl VariantTables {
    /// Builds tables from their parts, checking every invariant.
    ///
    /// # Errors
    ///
    /// A [`TableError`] naming the first broken invariant: an index out of
    /// range, a board too large, a duplicate letter, a castling rule that
    /// would put a piece on another, … (`docs/table-format.md`, "What a
    /// reader must refuse").
    pub fn new(parts: TableParts) -> Result<VariantTables, TableError> {
        validate(&parts)?;
        Ok(VariantTables {
            format: FORMAT_VERSION,
            parts,
        })
    }

    /// Reads tables from the JSON format of `docs/table-format.md`.
    ///
    /// # Errors
    ///
    /// [`TableError::TooLarge`] for a text over [`MAX_TABLE_BYTES`] (before
    /// reading it), [`TableError::TooMany`] for a list over its limit (as
    /// soon as it is seen), [`TableError::Json`] if the text is not valid
    /// JSON of the right shape (an unknown field included),
    /// [`TableError::Version`] for another format version, or the invariant
    /// errors of [`VariantTables::new`].
    ///
    /// A table of version 4 (the oldest read) is read into the current
    /// version's fields: its [`format`](VariantTables::format) is then the
    /// current version, which [`VariantTables::to_json`] writes.
    pub fn from_json(json: &str) -> Result<VariantTables, TableError> {
        if json.len() > MAX_TABLE_BYTES {
            return Err(TableError::TooLarge { bytes: json.len() });
        }
        // The version first (skipping the rest without storing it), so that
        // a table of another version is refused as such, not for a field
        // this version does not know.
        #[derive(Deserialize)]
        struct Head {
            format: u32,
        }
        let head = serde_json::from_str::<Head>(json).ok().map(|h| h.format);
        if let Some(format) = head {
            if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&format) {
                return Err(TableError::Version(format));
            }
        }
        trace(|t| {
            *t = Trace {
                path: Vec::new(),
                steps_left: Some(MAX_TOTAL_STEPS),
                breach: None,
                format: head,
            }
        });
        let read = serde_json::from_str::<VariantTables>(json);
        let trace = trace(std::mem::take);
        let mut tables = match read {
            Ok(t) => t,
            Err(e) => {
                let at = path_text(&trace.path);
                return Err(match trace.breach {
                    Some(limit) => TableError::TooMany { at, limit },
                    None => TableError::Json {
                        at,
                        line: e.line(),
                        column: e.column(),
                        message: e.to_string(),
                    },
                });
            }
        };
        if !(OLDEST_FORMAT_VERSION..=FORMAT_VERSION).contains(&tables.format) {
            return Err(TableError::Version(tables.format));
        }
        validate(&tables.parts)?;
        // Read in version 4's fields, written in the current version's.
        tables.format = FORMAT_VERSION;
        Ok(tables)
    }

    /// Writes the tables as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Writes the tables as indented JSON, for reading.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The parts, read-only.
    pub fn parts(&self) -> &TableParts {
        &self.parts
    }

    /// The format version.
    pub fn format(&self) -> u32 {
        self.format
    }
}
