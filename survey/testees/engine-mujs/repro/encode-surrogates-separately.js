// MuJS's encodeURIComponent encodes U+1F600 (a surrogate pair) as two
// three-octet sequences, one per surrogate, instead of four UTF-8 octets.
try {
  print(encodeURIComponent('\uD83D\uDE00'));
} catch (e) {
  print(e.name);
}
