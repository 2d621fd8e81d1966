// MuJS: load() the protocol core named by the first argument; readline()
// gives a line or null at the end; print() writes a line.
load(scriptArgs[0]);
var line;
while ((line = readline()) !== null) {
  var a = pctestAnswer(line);
  if (a !== null) print(a);
}
