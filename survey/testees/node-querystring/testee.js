#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
// Node's built-in querystring module:
//
//   encodeURIComponent  querystring.escape(str)
//   decodeURIComponent  querystring.unescape(str)
//
// Every other op is answered "unsupported". README.md beside this file says
// why each function maps to its op; mapping.json says the same for machines.
//
//   pctest run -- node survey/testees/node-querystring/testee.js
'use strict';

const { serve } = require('../node-common/protocol.js');
const querystring = require('node:querystring');

// Each entry takes the request's input and returns the response fields.
const ops = {
  encodeURIComponent: (s) => ({ out: querystring.escape(s) }),
  decodeURIComponent: (s) => ({ out: querystring.unescape(s) }),
};

serve(ops);
