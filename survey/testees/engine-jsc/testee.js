// JavaScriptCore's jsc shell: readline() gives a line (Latin-1), and "" at
// the end (the runner sends no blank lines); print() writes and flushes.
var line;
while ((line = readline()) !== '') {
  var a = pctestAnswer(line);
  if (a !== null) print(a);
}
