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
        .map(|&(stem, source)| entry(stem, source))
        .collect()
}

/// The entry of one shipped file: its names are read from its `variant`
/// block (a file that does not parse has only its stem).
fn entry(stem: &'static str, source: &'static str) -> Entry {
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
}

/// The shipped variant called `name` (file stem, display name or alias,
/// ignoring case). A file stem is found without parsing every file (no
/// two shipped variants share a name: see the tests).
pub fn find(name: &str) -> Option<Entry> {
    if let Some(&(stem, source)) = SHIPPED.iter().find(|(s, _)| s.eq_ignore_ascii_case(name)) {
        return Some(entry(stem, source));
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// No name (stem, display name or alias, ignoring case) belongs to two
    /// shipped variants, so `find` may look at stems first.
    #[test]
    fn every_name_belongs_to_one_variant() {
        let mut owner = std::collections::HashMap::new();
        for e in entries() {
            for n in e.names() {
                let before = owner.insert(n.to_ascii_lowercase(), e.stem);
                assert!(
                    before.is_none_or(|b| b == e.stem),
                    "`{n}` names both {} and {}",
                    before.unwrap_or_default(),
                    e.stem
                );
            }
        }
        assert_eq!(find("ZH").map(|e| e.stem), Some("crazyhouse"));
        assert_eq!(find("Crazyhouse").map(|e| e.stem), Some("crazyhouse"));
        assert!(find("no such variant").is_none());
    }
}
