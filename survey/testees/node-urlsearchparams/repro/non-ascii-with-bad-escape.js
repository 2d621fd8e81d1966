// URLSearchParams destroys the non-ASCII characters of a value that holds
// an escape that is not UTF-8.
const v = new URLSearchParams('a=\u00e9%FF').get('a');
console.log(JSON.stringify(v));
