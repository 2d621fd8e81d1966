#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for Node's
// built-in URLSearchParams (WHATWG URL Standard §6.2):
//
//   formEncode  new URLSearchParams([['', value]]).toString(), without its
//               leading "="
//   formDecode  new URLSearchParams('=' + value).get(''), for an input
//               without "&"
//
// Every other op is answered "unsupported". README.md beside this file says
// why; mapping.json says the same for machines.
//
//   pctest run -- node survey/testees/node-urlsearchparams/testee.js
'use strict';

const { serve } = require('../node-common/protocol.js');

serve({
  // "=" + value: the serializer of the one-pair list [["", value]].
  formEncode: (s) => ({ out: new URLSearchParams([['', s]]).toString().slice(1) }),
  // The parser splits on "&", so only an input without one is a single
  // value; "=" + input makes all of the input the value.
  formDecode: (s) => (s.includes('&') ? { unsupported: true } : { out: new URLSearchParams('=' + s).get('') }),
});
