// querystring.escape claims encodeURIComponent, which throws URIError on
// a lone high surrogate followed by 'a' (ECMA-262 §15.1.3 Encode 4.d.iii).
const qs = require('querystring');
try { console.log(qs.escape('\ud800a')); } catch (e) { console.log(e.name); }
