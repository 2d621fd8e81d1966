module pctest.example/survey/engine-otto

go 1.26.8

require (
	golang.org/x/text v0.4.0 // indirect
	gopkg.in/sourcemap.v1 v1.0.5 // indirect
)

require (
	github.com/robertkrimen/otto v0.5.1
	pctest.example/survey/go-common v0.0.0
)

replace pctest.example/survey/go-common => ../go-common
