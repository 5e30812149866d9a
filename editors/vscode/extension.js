// The fairyc extension: starts `fairyc lsp` (the path is the `fairyc.path`
// setting) for .variant files. Highlighting comes from
// syntaxes/variant.tmLanguage.json, which cli/tests/editors.rs writes from
// the statement table (compiler/src/statements.rs).
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("fairyc").get("path") || "fairyc";
  const server = { command, args: ["lsp"] };
  const options = {
    documentSelector: [
      { scheme: "file", language: "variant" },
      { scheme: "untitled", language: "variant" },
    ],
  };
  client = new LanguageClient("fairyc", "fairyc language server", server, options);
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
