// MuJS's encodeURIComponent encodes U+0000 as %C0%80 (its internal form) instead of %00.
print(encodeURIComponent('a\u0000b'));
