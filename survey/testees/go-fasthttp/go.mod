module pctest.example/survey/go-fasthttp

go 1.26.8

require (
	github.com/klauspost/compress v1.20.4 // indirect
	github.com/molecule-man/go-brrr v1.3.1 // indirect
	github.com/valyala/bytebufferpool v1.0.0 // indirect
)

require (
	github.com/valyala/fasthttp v1.79.0
	pctest.example/survey/go-common v0.0.0
)

replace pctest.example/survey/go-common => ../go-common
