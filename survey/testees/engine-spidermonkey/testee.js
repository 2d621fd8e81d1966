// SpiderMonkey shell (js102, js78): readline() gives a line (Latin-1) or
// null at the end; print() writes and flushes.
var line;
while ((line = readline()) !== null) {
  var a = pctestAnswer(line);
  if (a !== null) print(a);
}
