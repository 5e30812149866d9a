//! `fairyc lsp`.
use crate::files::Fatal;
use std::process::ExitCode;
/// Runs the server.
pub fn run() -> Result<ExitCode, Fatal> {
    Err(Fatal("not yet".into()))
}
