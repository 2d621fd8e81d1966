module pctest.example/survey/go-gojq

go 1.26.8

require github.com/itchyny/timefmt-go v0.1.9 // indirect

require (
	github.com/itchyny/gojq v0.12.20
	pctest.example/survey/go-common v0.0.0
)

replace pctest.example/survey/go-common => ../go-common
