// Rhino's decodeURIComponent turns U+FFFE and U+FFFF into U+FFFD.
var s = decodeURIComponent('%EF%BF%BF');
print('U+' + s.charCodeAt(0).toString(16).toUpperCase());
