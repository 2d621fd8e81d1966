// querystring.unescape falls back on a malformed escape; the fallback
// should leave "é" alone, as "%zzé" has nothing else to decode.
const qs = require('querystring');
console.log(JSON.stringify(qs.unescape('%zz\u00e9')));
