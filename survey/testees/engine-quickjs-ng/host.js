#!/usr/bin/env node
// A pctest testee (protocol version 1, see testee/PROTOCOL.md) for
// QuickJS-ng (the quickjs-ng fork, compiled to WebAssembly), the npm packages
// @jitl/quickjs-ng-wasmfile-release-sync and quickjs-emscripten-core pinned
// in package.json. This node host speaks the protocol and evaluates each
// request inside one QuickJS-ng context:
//
//   __pc("decodeURI", "0025004100d800")
//
// with the input as UTF-16 code units in hex. __pc builds the string inside
// the VM with String.fromCharCode, so lone surrogates reach the engine as
// they are (no string crosses the boundary but ASCII), calls the engine's
// own function, and returns the answer's fields as JSON, the output again as
// UTF-16 hex (out_utf16). Only encodeURI, encodeURIComponent, decodeURI,
// decodeURIComponent, escape and unescape (Annex B) are answered; other ops
// are "unsupported".
//
//   (cd survey/testees/engine-quickjs-ng && npm ci)
//   pctest run -- node survey/testees/engine-quickjs-ng/host.js
'use strict';

const { serveQuickJS } = require('../node-common/quickjs.js');
const { newQuickJSWASMModuleFromVariant } = require('quickjs-emscripten-core');
const variant = require('@jitl/quickjs-ng-wasmfile-release-sync');

serveQuickJS(newQuickJSWASMModuleFromVariant(variant));
