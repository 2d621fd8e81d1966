// The node peer of `make bench-peers` (codec/internal/benchpeers): V8's
// global URI functions, URLSearchParams and URL (ada), and querystring.
//
//   node peer.js TARGET_NS [OP INPUT_FILE ITERATIONS OUTPUT_FILE]...
//
// Each case reads INPUT_FILE (as UTF-8 text, or as Latin-1 where the
// function takes octets written as ASCII), runs the op's function
// ITERATIONS times (0: as many as take about TARGET_NS), writes the last
// result to OUTPUT_FILE unless it is "-", and the report goes to stdout as
// one JSON object (peer.schema.json).
'use strict';
const fs = require('fs');
const querystring = require('querystring');

// Each op: how the input is read, the function, and its result as bytes.
const utf8 = (s) => Buffer.from(s, 'utf8');
const page = new URL('http://h/');
const ops = {
  encodeURIComponent: { fn: 'encodeURIComponent', read: 'utf8', call: encodeURIComponent, out: utf8 },
  encodeURI: { fn: 'encodeURI', read: 'utf8', call: encodeURI, out: utf8 },
  decodeURIComponent: { fn: 'decodeURIComponent', read: 'utf8', call: decodeURIComponent, out: utf8 },
  decodeURI: { fn: 'decodeURI', read: 'utf8', call: decodeURI, out: utf8 },
  escape: { fn: 'escape', read: 'utf8', call: escape, out: utf8 },
  unescape: { fn: 'unescape', read: 'utf8', call: unescape, out: utf8 },
  'form-encode-whatwg': {
    fn: 'new URLSearchParams([[s, ""]]).toString()', read: 'utf8',
    call: (s) => new URLSearchParams([[s, '']]).toString(),
    out: (r) => utf8(r.slice(0, -1)), // the name, without "="
  },
  'form-decode-whatwg': {
    fn: 'new URLSearchParams(s).keys().next().value', read: 'utf8',
    call: (s) => new URLSearchParams(s).keys().next().value, out: utf8,
  },
  'fragment-encode': {
    fn: 'URL.hash setter', read: 'utf8',
    call: (s) => { page.hash = s; return page.hash; },
    out: (r) => utf8(r.slice(1)), // without "#"
  },
  'percent-decode': {
    fn: 'querystring.unescapeBuffer(s)', read: 'latin1',
    call: (s) => querystring.unescapeBuffer(s), out: (r) => r,
  },
  'form-decode': {
    fn: 'querystring.unescapeBuffer(s, true)', read: 'latin1',
    call: (s) => querystring.unescapeBuffer(s, true), out: (r) => r,
  },
};

// timeN runs call n times: the wall time and the process's CPU time (every
// thread's, as process.cpuUsage counts it) in ns, and the last result.
function timeN(call, s, n) {
  let r;
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) r = call(s);
  const wall = Number(process.hrtime.bigint() - start);
  const cpu = process.cpuUsage(cpu0);
  return [wall, (cpu.user + cpu.system) * 1000, r];
}

// measure runs call n times (n = 0: doubling until a run takes a tenth of
// target on the wall clock, then scaled to target) and returns n, the wall
// and CPU ns per call, and the result.
function measure(call, s, n, target) {
  if (n === 0) {
    n = 1;
    for (;;) {
      const [d] = timeN(call, s, n);
      if (d >= target / 10) {
        n = Math.max(1, Math.floor((n * target) / Math.max(d, 1)));
        break;
      }
      n *= 2;
    }
  }
  const [wall, cpu, r] = timeN(call, s, n);
  return [n, wall / n, cpu / n, r];
}

const args = process.argv.slice(2);
const target = Number(args[0]);
const report = {
  peer: 'node',
  version: process.version,
  functions: Object.entries(ops).map(([op, o]) => ({ op, function: o.fn })),
  results: [],
};
for (let i = 1; i + 3 < args.length; i += 4) {
  const [op, input, iterations, output] = args.slice(i, i + 4);
  const o = ops[op];
  if (!o) throw new Error(`node peer: no op ${op}`);
  const s = fs.readFileSync(input).toString(o.read);
  const [n, ns, cpuNs, r] = measure(o.call, s, Number(iterations), target);
  if (output !== '-') fs.writeFileSync(output, o.out(r));
  report.results.push({ op, input, iterations: n, ns_per_op: ns, cpu_ns_per_op: cpuNs });
}
process.stdout.write(JSON.stringify(report) + '\n');
