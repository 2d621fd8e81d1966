// Duktape, in host.c: readline() gives a line or null at the end; print()
// writes a line and flushes.
var line;
while ((line = readline()) !== null) {
  var a = pctestAnswer(line);
  if (a !== null) print(a);
}
