//! `fairyc lsp`: a Language Server Protocol server over standard input and
//! output for `.variant` files (docs/editors.md), on the lsp-server crate.
//!
//! What it offers, all from the compiler's own parts:
//! - diagnostics as the file is typed, those of `fairyc check --format
//!   json` (code, message, help and notes, the other labels as related
//!   places); hovering a diagnostic shows `fairyc explain CODE`;
//! - hover: a Betza string's move picture (`fairyc show --piece`) and a
//!   sentence per atom and modifier; a piece, zone or square name; a
//!   keyword's entry of the statement table (compiler/src/statements.rs);
//! - completion: the keywords of the block from the statement table, piece,
//!   zone and square names, Betza atoms and modifiers after `moves`;
//! - definition, references and rename of pieces and zones;
//! - document symbols: the top-level items;
//! - code actions: every fix a diagnostic suggests (a "did you mean", an old
//!   spelling rewritten or moved to its item);
//! - formatting: `fairyc fmt`.

mod features;
pub mod text;

use std::collections::HashMap;
use std::process::ExitCode;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    References, Rename, Request as _,
};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind,
    Uri,
};

use crate::files::Fatal;

/// The open documents, by URI.
#[derive(Debug, Default)]
pub struct Documents {
    texts: HashMap<String, (Uri, String)>,
}

impl Documents {
    fn get(&self, uri: &Uri) -> Option<&str> {
        self.texts.get(uri.as_str()).map(|(_, t)| t.as_str())
    }
}

/// What the server says it can do.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![" ".to_string()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Runs the server on standard input and output until the client says
/// `exit`.
pub fn run() -> Result<ExitCode, Fatal> {
    let (connection, io_threads) = Connection::stdio();
    serve(&connection)?;
    drop(connection);
    io_threads
        .join()
        .map_err(|e| Fatal(format!("language server: {e}")))?;
    Ok(ExitCode::SUCCESS)
}

/// Serves one client on `connection`: the handshake, then every message
/// until `shutdown`.
pub fn serve(connection: &Connection) -> Result<(), Fatal> {
    let protocol = |e: lsp_server::ProtocolError| Fatal(format!("language server: {e}"));
    let caps =
        serde_json::to_value(capabilities()).map_err(|e| Fatal(format!("language server: {e}")))?;
    connection.initialize(caps).map_err(protocol)?;
    let mut docs = Documents::default();
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection.handle_shutdown(&request).map_err(protocol)? {
                    return Ok(());
                }
                let response = answer(&docs, request);
                send(connection, Message::Response(response))?;
            }
            Message::Notification(note) => {
                if let Some(uri) = notice(&mut docs, note) {
                    let diagnostics = docs
                        .get(&uri)
                        .map(|text| features::diagnostics(&uri, text))
                        .unwrap_or_default();
                    let params = PublishDiagnosticsParams::new(uri, diagnostics, None);
                    let note = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
                    send(connection, Message::Notification(note))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn send(connection: &Connection, message: Message) -> Result<(), Fatal> {
    connection
        .sender
        .send(message)
        .map_err(|e| Fatal(format!("language server: {e}")))
}

/// Applies a notification; returns the document whose diagnostics changed.
fn notice(docs: &mut Documents, note: Notification) -> Option<Uri> {
    match note.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let p: lsp_types::DidOpenTextDocumentParams =
                serde_json::from_value(note.params).ok()?;
            let uri = p.text_document.uri;
            docs.texts.insert(
                uri.as_str().to_string(),
                (uri.clone(), p.text_document.text),
            );
            Some(uri)
        }
        DidChangeTextDocument::METHOD => {
            let p: lsp_types::DidChangeTextDocumentParams =
                serde_json::from_value(note.params).ok()?;
            let uri = p.text_document.uri;
            // Full synchronisation: the last change is the whole text.
            let text = p.content_changes.into_iter().last()?.text;
            docs.texts
                .insert(uri.as_str().to_string(), (uri.clone(), text));
            Some(uri)
        }
        DidCloseTextDocument::METHOD => {
            let p: lsp_types::DidCloseTextDocumentParams =
                serde_json::from_value(note.params).ok()?;
            docs.texts.remove(p.text_document.uri.as_str());
            None
        }
        _ => None,
    }
}

/// The response to a request.
fn answer(docs: &Documents, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => handle(request, |p| features::hover(docs, p)),
        Completion::METHOD => handle(request, |p| features::completion(docs, p)),
        GotoDefinition::METHOD => handle(request, |p| features::definition(docs, p)),
        References::METHOD => handle(request, |p| features::references(docs, p)),
        Rename::METHOD => handle(request, |p| features::rename(docs, p)),
        DocumentSymbolRequest::METHOD => handle(request, |p| features::symbols(docs, p)),
        CodeActionRequest::METHOD => handle(request, |p| features::code_actions(docs, p)),
        Formatting::METHOD => handle(request, |p| features::formatting(docs, p)),
        _ => Err((
            ErrorCode::MethodNotFound,
            format!("unknown method {}", request.method),
        )),
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err((code, message)) => Response::new_err(id, code as i32, message),
    }
}

type Failure = (ErrorCode, String);

/// Decodes a request's parameters, runs `f`, encodes its answer.
fn handle<P, R>(
    request: Request,
    f: impl FnOnce(P) -> Result<R, Failure>,
) -> Result<serde_json::Value, Failure>
where
    P: serde::de::DeserializeOwned,
    R: serde::Serialize,
{
    let params: P = serde_json::from_value(request.params)
        .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
    let result = f(params)?;
    serde_json::to_value(result).map_err(|e| (ErrorCode::InternalError, e.to_string()))
}
