module pctest.example/survey/go-whatwg-url

go 1.26.8

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	github.com/nlnwa/whatwg-url v0.6.2
	golang.org/x/net v0.34.0 // indirect
	golang.org/x/text v0.21.0
)

require pctest.example/survey/go-common v0.0.0

replace pctest.example/survey/go-common => ../go-common
