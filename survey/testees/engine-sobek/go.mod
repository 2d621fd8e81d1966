module pctest.example/survey/engine-sobek

go 1.26.8

require (
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/go-sourcemap/sourcemap v2.1.4+incompatible // indirect
	github.com/google/pprof v0.0.0-20230207041349-798e818bf904 // indirect
	golang.org/x/text v0.3.8 // indirect
)

require (
	github.com/grafana/sobek v0.0.0-20260429085637-a66d4790012b
	pctest.example/survey/go-common v0.0.0
)

replace pctest.example/survey/go-common => ../go-common
