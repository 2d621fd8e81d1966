#!/usr/bin/env node
// hermes-0.12.js runs the hermes binary of the pinned hermes-engine-cli
// 0.12.0 for eshost's "hermes" host type, which passes -fenable-tdz (a
// flag of later Hermes; 0.12 has none, and its TDZ checks are off) and
// adds -Xintl, -enable-eval and -non-strict again on every run of the same
// agent. It drops -fenable-tdz and repeated flags, and runs hermes with
// the rest, passing its output and exit status through.
'use strict';

const path = require('path');
const { spawnSync } = require('child_process');

const seen = new Set();
const args = [];
for (const a of process.argv.slice(2)) {
  if (a === '-fenable-tdz') continue;
  if (a.startsWith('-')) {
    if (seen.has(a)) continue;
    seen.add(a);
  }
  args.push(a);
}
const bin = path.join(__dirname, 'node_modules/hermes-engine-cli/linux64-bin/hermes');
const r = spawnSync(bin, args, { stdio: 'inherit' });
process.exitCode = r.status === null ? 1 : r.status;
