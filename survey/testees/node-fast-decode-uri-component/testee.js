#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for the
// npm package fast-decode-uri-component (version pinned in package.json):
//
//   decodeURIComponent  fastDecode(str); its documented null for an invalid
//                       escape is answered as the error "URIError"
//
// Every other op is answered "unsupported". README.md beside this file says
// why; mapping.json says the same for machines.
//
//   (cd survey/testees/node-fast-decode-uri-component && npm ci)
//   pctest run -- node survey/testees/node-fast-decode-uri-component/testee.js
'use strict';

const { serve } = require('../node-common/protocol.js');
const fastDecode = require('fast-decode-uri-component');

const ops = {
  decodeURIComponent: (s) => {
    const out = fastDecode(s);
    if (out === null) return { error: 'URIError', message: 'fastDecode returned null' };
    return { out };
  },
};

serve(ops);
