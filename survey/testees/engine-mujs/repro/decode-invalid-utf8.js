// MuJS's decodeURIComponent accepts an escape that is not UTF-8 (a lone
// continuation octet) instead of throwing URIError.
try {
  var s = decodeURIComponent('%80');
  print('no error: U+' + s.charCodeAt(0).toString(16).toUpperCase());
} catch (e) {
  print(e.name);
}
