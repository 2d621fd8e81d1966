module pctest.example/survey/go-purell

go 1.26.8

require (
	golang.org/x/net v0.17.0 // indirect
	golang.org/x/text v0.13.0 // indirect
)

require (
	github.com/PuerkitoBio/purell v1.2.1
	pctest.example/survey/go-common v0.0.0
)

replace pctest.example/survey/go-common => ../go-common
