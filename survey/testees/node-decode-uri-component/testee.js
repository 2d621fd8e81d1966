#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// npm package decode-uri-component (version pinned in package.json):
//
//   decodeURIComponent  decodeUriComponent(str)
//
// The package is an ES module, loaded with import() before the first
// request is read. Every other op is answered "unsupported". README.md
// beside this file says why; mapping.json says the same for machines.
//
//   (cd survey/testees/node-decode-uri-component && npm ci)
//   pctest run -- node survey/testees/node-decode-uri-component/testee.js
'use strict';

const { serve } = require('../node-common/protocol.js');

let decodeUriComponent;

const ops = {
  decodeURIComponent: (s) => ({ out: decodeUriComponent(s) }),
};

import('decode-uri-component').then(
  (m) => {
    decodeUriComponent = m.default;
    serve(ops);
  },
  (e) => {
    process.stderr.write(`testee: cannot load decode-uri-component: ${e.message}\n`);
    process.exit(2);
  },
);
