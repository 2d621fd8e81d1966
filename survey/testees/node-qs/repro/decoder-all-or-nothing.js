// qs.parse leaves every escape of a value undecoded when one is malformed:
// the form parser (WHATWG URL §5.1) decodes "%41%zz" to "A%zz".
const qs = require('qs');
console.log(JSON.stringify(qs.parse('a=%41%zz').a));
