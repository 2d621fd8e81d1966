module pctest.example/survey/go-common

go 1.26
