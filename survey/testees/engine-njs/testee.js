// njs: the protocol core is read from the file named by the first argument
// and run with new Function; requests are read with fs.readSync on fd 0 and
// the answers of each chunk written at once with fs.writeSync on fd 1. njs
// strings hold code points, not code units: a lone surrogate is unsupported.
var fs = require('fs');
var core = new Function(fs.readFileSync(process.argv[2], 'utf8') + '\nreturn pctestAnswer;')();
var buf = Buffer.alloc(65536), pending = Buffer.alloc(0), n;
while ((n = fs.readSync(0, buf, 0, buf.length, null)) > 0) {
  pending = Buffer.concat([pending, buf.slice(0, n)]);
  var end = pending.lastIndexOf(10), out = '';
  if (end < 0) continue;
  var lines = pending.toString('utf8', 0, end).split('\n');
  pending = Buffer.from(pending.slice(end + 1));
  for (var i = 0; i < lines.length; i++) {
    var a = core(lines[i], {noLone: true});
    if (a !== null) out += a + '\n';
  }
  if (out !== '') fs.writeSync(1, out);
}
