// MuJS's encodeURIComponent encodes a lone surrogate instead of throwing URIError.
try {
  print(encodeURIComponent('\uD800'));
} catch (e) {
  print(e.name);
}
