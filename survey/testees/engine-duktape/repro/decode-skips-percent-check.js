// Duktape's decodeURIComponent reads the continuation escapes of a UTF-8
// sequence without checking that each one starts with '%'.
try {
  var s = decodeURIComponent('%C3abc');
  print('no error: ' + s.length + ' code unit, U+' + s.charCodeAt(0).toString(16).toUpperCase());
} catch (e) {
  print(e.name);
}
