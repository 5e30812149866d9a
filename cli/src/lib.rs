//! The commands of the `fairyc` command line, as a library: the binary
//! (`src/main.rs`) parses the arguments and calls them, and the fuzz target
//! `uci` drives [`engine::uci_session`] and [`engine::xboard_session`].

pub mod check;
pub mod commands;
pub mod engine;
pub mod files;
pub mod fmt;
pub mod import;
pub mod kit;
pub mod library;
pub mod lsp;
pub mod serve;
pub mod show;
