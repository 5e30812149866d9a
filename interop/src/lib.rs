//! fairyc and other engines: Fairy-Stockfish's `variants.ini` both ways and
//! XBoard's variant description.
//!
//! The compiler ([`fairyc_compiler`]) knows only the `.variant` language;
//! this crate translates between it and the formats other engines read:
//!
//! - [`import`]: a `variants.ini` (its sections, their parents among the
//!   sections before them, the shipped variants and Fairy-Stockfish's
//!   built-in variants) to commented `.variant` sources, each checked by the
//!   compiler (`docs/import.md`);
//! - [`export`]: a `.variant` source to a `variants.ini` section, or a
//!   refusal ([`fairyc_compiler::export_refusal::ExportRefusal`], `E0159` …
//!   `E0169`) at the construct the format cannot say (`docs/export.md`);
//! - [`xboard`]: the `setup` and `piece` commands that describe a variant to
//!   XBoard, and XBoard's move and FEN forms (`docs/engine.md`).
#![warn(missing_docs)]

pub mod export;
pub mod import;
pub mod xboard;
