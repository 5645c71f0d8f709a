// The VS Code client of `cardc lsp`: starts the server for `.card` files, restarts it when
// `cardc.path` changes or on the command "cardc: Restart the language server".
"use strict";

const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

/** @type {LanguageClient | undefined} */
let client;

function serverOptions() {
  const command = vscode.workspace.getConfiguration("cardc").get("path") || "cardc";
  return { command, args: ["lsp"] };
}

async function start(context) {
  client = new LanguageClient(
    "cardc",
    "cardc",
    serverOptions(),
    {
      documentSelector: [{ language: "card" }],
      synchronize: {
        // Card files changed outside the editor count the next time the set is checked.
        fileEvents: vscode.workspace.createFileSystemWatcher("**/*.card"),
      },
    }
  );
  try {
    await client.start();
  } catch (err) {
    const command = serverOptions().command;
    vscode.window.showErrorMessage(
      `cardc: could not start \`${command} lsp\` (${err && err.message ? err.message : err}). ` +
        "Install cardc (`cargo install --path crates/cardc`) or set `cardc.path`."
    );
  }
}

async function stop() {
  if (client) {
    const old = client;
    client = undefined;
    await old.stop().catch(() => undefined);
  }
}

exports.activate = async function (context) {
  context.subscriptions.push(
    vscode.commands.registerCommand("cardc.restartServer", async () => {
      await stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("cardc.path")) {
        await stop();
        await start(context);
      }
    })
  );
  await start(context);
};

exports.deactivate = function () {
  return stop();
};
