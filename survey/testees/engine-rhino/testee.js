// Rhino's shell (its readline() needs a console): lines are read with
// java.io.BufferedReader, null at the end; print() writes a line and flushes.
var stdin = new java.io.BufferedReader(new java.io.InputStreamReader(java.lang.System['in'], 'UTF-8'));
var line;
while ((line = stdin.readLine()) != null) {
  var a = pctestAnswer(String(line));
  if (a !== null) print(a);
}
