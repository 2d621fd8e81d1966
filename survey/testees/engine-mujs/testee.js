// MuJS: load() the protocol core named by the first argument; readline()
// gives a line or null at the end; print() writes a line.
//
// MuJS's readline() returns a long line in pieces of at most 499
// characters, so the pieces are joined until they parse: a request is one
// JSON object, and no proper prefix of one parses.
load(scriptArgs[0]);
var line, buf = '';
while ((line = readline()) !== null) {
  buf += line;
  var a = pctestAnswer(buf);
  if (a === null && line.length === 499) continue; // a piece of a longer line
  buf = '';
  if (a !== null) print(a);
}
