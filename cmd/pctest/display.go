package main

import (
	"strconv"

	"github.com/pctest/pctest/conformance"
	"github.com/pctest/pctest/vectors"
)

// displayInput renders a request's input (and its args) for a failure line.
func displayInput(req vectors.Request) string {
	var s string
	if req.InHex != nil || isOctetInput(req.Op) {
		s = "in_hex=" + conformance.ShowOctets(req.InHex)
	} else {
		s = "in=" + conformance.ShowText(req.In)
	}
	for _, k := range sortedKeys(req.Args) {
		s += " " + k + "=" + strconv.Quote(req.Args[k])
	}
	return s
}

// displayResponse renders a response, or the error that stood in for it.
func displayResponse(resp vectors.Response, err error) string {
	switch {
	case err != nil:
		return "(" + err.Error() + ")"
	case resp.Unsupported:
		return "unsupported"
	case resp.Error != "":
		if resp.Message != "" {
			return "error " + resp.Error + " (" + strconv.Quote(resp.Message) + ")"
		}
		return "error " + resp.Error
	case resp.OutHex != nil:
		return conformance.ShowOctets(resp.OutHex)
	case resp.Out != nil:
		return conformance.ShowText(resp.Out)
	}
	return "(empty response)"
}

// isOctetInput reports whether op takes octets.
func isOctetInput(op vectors.Op) bool {
	o, ok := vectors.Op(op).Info()
	return ok && o.In == vectors.Octets
}
