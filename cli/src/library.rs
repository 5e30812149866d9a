//! The shipped variants ([`fairyc_library`]), found by name wherever a
//! command takes a FILE that does not exist (`fairyc perft shogi --depth 3`).

use std::path::Path;

pub use fairyc_library::{closest, entries, find};

/// The name a path asks for if it could name a shipped variant: a single
/// file name, without a folder, with or without `.variant`.
pub fn requested(path: &Path) -> Option<&str> {
    if path.components().count() != 1 || path.exists() {
        return None;
    }
    let name = path.to_str()?;
    Some(name.strip_suffix(".variant").unwrap_or(name))
}
