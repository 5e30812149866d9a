//! The shipped variants, embedded at build time from the workspace's
//! `variants/` folder: found by file stem, display name or alias. The
//! command line looks here wherever a command takes a FILE that does not
//! exist (`fairyc perft shogi --depth 3`); the WebAssembly package loads
//! them by name.
//!
//! ```
//! let zh = fairyc_library::find("zh").expect("an alias of Crazyhouse");
//! assert_eq!(zh.stem, "crazyhouse");
//! assert!(fairyc_compiler::compile(zh.source).is_ok());
//! ```
#![warn(missing_docs)]

use fairyc_compiler::ast::{Item, VariantProp};

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// A shipped variant and the names it is found by.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The file stem (`crazyhouse`), also its file in `variants/`.
    pub stem: &'static str,
    /// The display name (`Crazyhouse`), if the file declares one.
    pub name: Option<String>,
    /// Its aliases (`zh`).
    pub aliases: Vec<String>,
    /// The `.variant` source.
    pub source: &'static str,
}

impl Entry {
    fn names(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.stem)
            .chain(self.name.as_deref())
            .chain(self.aliases.iter().map(String::as_str))
    }
}

/// Every shipped variant, in file order.
pub fn entries() -> Vec<Entry> {
    SHIPPED
        .iter()
        .map(|&(stem, source)| {
            let mut entry = Entry {
                stem,
                name: None,
                aliases: Vec::new(),
                source,
            };
            if let Ok(file) = fairyc_compiler::parse::parse(source) {
                for item in &file.items {
                    if let Item::Variant(v) = item {
                        entry.name = Some(v.name.node.clone());
                        for p in &v.props {
                            if let VariantProp::Alias(a) = p {
                                entry.aliases.push(a.node.clone());
                            }
                        }
                    }
                }
            }
            entry
        })
        .collect()
}

/// The shipped variant called `name` (file stem, display name or alias,
/// ignoring case).
pub fn find(name: &str) -> Option<Entry> {
    entries()
        .into_iter()
        .find(|e| e.names().any(|n| n.eq_ignore_ascii_case(name)))
}

/// The closest shipped variant name to a misspelt one.
pub fn closest(name: &str) -> Option<String> {
    let entries = entries();
    let names: Vec<&str> = entries.iter().flat_map(Entry::names).collect();
    fairyc_compiler::suggest::did_you_mean(name, names.iter().copied()).map(str::to_string)
}
