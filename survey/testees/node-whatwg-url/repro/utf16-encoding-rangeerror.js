const { parseURL } = require('whatwg-url');
try {
  console.log(parseURL('http://h/?a', { encoding: 'utf-16le' }).query);
} catch (e) {
  console.log(e.name);
}
