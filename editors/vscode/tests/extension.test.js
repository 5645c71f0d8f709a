// The client's wiring, with VS Code and vscode-languageclient replaced by recorders: it
// starts `<cardc.path> lsp` for `card` documents, and restarts when `cardc.path` changes
// or on "cardc: Restart the language server". (`node --test tests/extension.test.js`)
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const Module = require("node:module");

const started = [];
const stopped = [];
const commands = {};
const configListeners = [];
let cardcPath = "/opt/cardc/bin/cardc";

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    this.id = id;
    this.serverOptions = serverOptions;
    this.clientOptions = clientOptions;
  }
  start() {
    started.push(this);
    return Promise.resolve();
  }
  stop() {
    stopped.push(this);
    return Promise.resolve();
  }
}

const vscode = {
  workspace: {
    getConfiguration: (section) => ({
      get: (key) => (section === "cardc" && key === "path" ? cardcPath : undefined),
    }),
    createFileSystemWatcher: (glob) => ({ glob }),
    onDidChangeConfiguration: (listener) => {
      configListeners.push(listener);
      return { dispose() {} };
    },
  },
  commands: {
    registerCommand: (name, fn) => {
      commands[name] = fn;
      return { dispose() {} };
    },
  },
  window: { showErrorMessage: (m) => assert.fail(m) },
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === "vscode") return vscode;
  if (request === "vscode-languageclient/node") return { LanguageClient };
  return load.call(this, request, parent, isMain);
};

const extension = require("../extension.js");
const manifest = require("../package.json");

test("activation starts `<cardc.path> lsp` for card documents", async () => {
  const context = { subscriptions: [] };
  await extension.activate(context);
  assert.strictEqual(started.length, 1);
  const client = started[0];
  assert.deepStrictEqual(client.serverOptions, { command: "/opt/cardc/bin/cardc", args: ["lsp"] });
  assert.deepStrictEqual(client.clientOptions.documentSelector, [{ language: "card" }]);
  assert.strictEqual(client.clientOptions.synchronize.fileEvents.glob, "**/*.card");
  assert.strictEqual(context.subscriptions.length, 2);
});

test("changing cardc.path restarts the server with the new binary", async () => {
  cardcPath = "cardc";
  for (const listener of configListeners) {
    await listener({ affectsConfiguration: (s) => s === "cardc.path" });
  }
  assert.strictEqual(stopped.length, 1);
  assert.strictEqual(started.length, 2);
  assert.strictEqual(started[1].serverOptions.command, "cardc");
  for (const listener of configListeners) {
    await listener({ affectsConfiguration: (s) => s === "editor.tabSize" });
  }
  assert.strictEqual(started.length, 2, "another setting does not restart it");
});

test("the restart command stops the old client and starts a new one", async () => {
  await commands["cardc.restartServer"]();
  assert.strictEqual(stopped.length, 2);
  assert.strictEqual(started.length, 3);
  await extension.deactivate();
  assert.strictEqual(stopped.length, 3);
});

test("the manifest declares what the client relies on", () => {
  const contributes = manifest.contributes;
  assert.ok(contributes.languages.some((l) => l.id === "card" && l.extensions.includes(".card")));
  assert.ok(contributes.grammars.some((g) => g.language === "card" && g.scopeName === "source.card"));
  assert.ok(contributes.configuration.properties["cardc.path"]);
  assert.ok(contributes.commands.some((c) => c.command === "cardc.restartServer"));
  assert.ok(manifest.activationEvents.includes("onLanguage:card"));
});
