// MuJS's decodeURIComponent leaves %00 undecoded, as if NUL were reserved.
print(JSON.stringify(decodeURIComponent('a%00b')));
