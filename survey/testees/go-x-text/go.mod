module pctest.example/survey/go-x-text

go 1.26.8

require (
	golang.org/x/text v0.44.0
	pctest.example/survey/go-common v0.0.0
)

replace pctest.example/survey/go-common => ../go-common
