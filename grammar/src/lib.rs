//! The pest grammar of fairyc's `.variant` language, and nothing else.
//!
//! The grammar lives in `src/variant.pest`; [`VariantParser`] is derived from it
//! and [`Rule`] has one variant per named grammar rule (each documented from the
//! grammar's `///` comments). Turning pairs into a syntax tree is the
//! compiler's job (`fairyc_compiler::parse`).
//!
//! ```
//! use fairyc_grammar::{Rule, VariantParser};
//! use pest::Parser;
//!
//! let pairs = VariantParser::parse(Rule::file, "piece King {\n  letter K\n  moves K\n}\n");
//! assert!(pairs.is_ok());
//! ```

/// The parser derived from `variant.pest`.
///
/// Start with [`Rule::file`] for a whole source file.
#[derive(pest_derive::Parser, Debug)]
#[grammar = "variant.pest"]
pub struct VariantParser;
