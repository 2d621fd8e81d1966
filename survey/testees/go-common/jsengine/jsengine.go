// Package jsengine answers pctest requests with the URI functions of an
// ECMAScript engine embedded in Go (engine-otto, engine-sobek,
// engine-modernc-quickjs): a host evaluates Script once, then hands Serve a
// function that evaluates a script and returns its value as a string.
package jsengine

import (
	"strconv"
	"strings"
	"unicode/utf16"

	protocol "pctest.example/survey/go-common"
)

// Script defines run(op, units): it builds the input from its code units
// with one String.fromCharCode.apply, calls the global function op on it
// and returns "O:" and the result's code units, or "E:" and the error's
// name and message, so that only ASCII crosses between Go and the engine.
// With direct set it returns "S:" and the result itself instead.
const Script = `var direct = false;
function run(op, units) {
  var s = String.fromCharCode.apply(null, units);
  try {
    var r = this[op](s), a = [];
    if (direct) return "S:" + r;
    for (var i = 0; i < r.length; i++) a.push(r.charCodeAt(i));
    return "O:" + a.join(",");
  } catch (e) {
    return "E:" + (e && e.name) + ":" + (e && e.message);
  }
}`

// ops are the four URI functions and Annex B's escape and unescape.
var ops = map[string]bool{"encodeURI": true, "encodeURIComponent": true, "decodeURI": true, "decodeURIComponent": true,
	"escape": true, "unescape": true}

// Serve answers requests on stdin (protocol.Serve) with Call.
func Serve(eval func(string) (string, error)) {
	protocol.Serve(func(req *protocol.Request) protocol.Response { return Call(eval, req) })
}

// Call runs op on the request's code units with eval, which evaluates a
// script and returns its value as a string.
func Call(eval func(string) (string, error), req *protocol.Request) protocol.Response {
	if !ops[req.Op] {
		return protocol.Unsupported()
	}
	var b strings.Builder
	b.WriteString("run(" + strconv.Quote(req.Op) + ", [")
	for i, u := range req.Units {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(int(u)))
	}
	b.WriteString("])")
	r, err := eval(b.String())
	if err != nil {
		return protocol.Err("EngineError", err.Error())
	}
	if kind, msg, ok := strings.Cut(strings.TrimPrefix(r, "E:"), ":"); strings.HasPrefix(r, "E:") && ok {
		return protocol.Err(kind, msg)
	}
	if rest, ok := strings.CutPrefix(r, "S:"); ok {
		return protocol.OutUnits(utf16.Encode([]rune(rest)))
	}
	var units []uint16
	if list := strings.TrimPrefix(r, "O:"); list != "" {
		for _, f := range strings.Split(list, ",") {
			n, _ := strconv.Atoi(f)
			units = append(units, uint16(n))
		}
	}
	return protocol.OutUnits(units)
}
