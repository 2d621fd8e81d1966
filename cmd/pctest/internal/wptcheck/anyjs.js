// Runs the .any.js tests of a pctest WPT export in node with wpt-runner
// (jsdom; window global only, jsdom has no workers) and prints one JSON
// object: {"runner": "wpt-runner VERSION (jsdom VERSION)", "files":
// [{"path", "tests": [{"name", "status", "message"}]}]}. Status is
// testharness.js's: 0 pass, 1 fail, 2 timeout, 3 not run. jsdom has no
// fetch, so the setup gives each window node's, resolving URLs against
// the page.
"use strict";
const path = require("node:path");
const wptRunner = require("wpt-runner");
const dir = process.argv[2];
const files = [];
let current = null;
const reporter = {
  startSuite(name) { current = { path: name, tests: [] }; files.push(current); },
  pass(name) { current.tests.push({ name, status: 0, message: "" }); },
  fail(text) { current.tests.push({ name: text.replace(/\n$/, ""), status: 1, message: "" }); },
  reportStack(stack) {
    const t = current.tests[current.tests.length - 1];
    if (t) { t.message = String(stack).split("\n")[0]; }
  }
};
wptRunner(dir, {
  rootURL: "/",
  filter: p => p.endsWith(".any.html"),
  setup(window) {
    window.fetch = (url, init) => fetch(new URL(url, window.location.href), init);
  },
  reporter
}).then(() => {
  const v = n => require(path.join(n, "package.json")).version;
  process.stdout.write(JSON.stringify({ runner: `wpt-runner ${v("wpt-runner")} (jsdom ${v("jsdom")}), node ${process.version}`, files }) + "\n");
}, e => {
  process.stderr.write(String(e && e.stack || e) + "\n");
  process.exit(1);
});
