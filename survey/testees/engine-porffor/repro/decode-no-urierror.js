// Porffor's decodeURIComponent does not throw on a malformed escape.
let r = 'no error';
try { decodeURIComponent('%'); } catch (e) { r = e.name; }
console.log(r);
