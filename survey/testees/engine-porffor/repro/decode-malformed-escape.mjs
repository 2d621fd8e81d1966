// Porffor's decodeURIComponent loops on a malformed escape until the Wasm
// memory traps (RuntimeError); it should throw URIError.
import compile from 'porffor';
const { exports } = compile("decodeURIComponent('%G1')");
try { exports.main(); console.log('no error'); } catch (e) { console.log(e.name); }
