package main

import (
	"errors"

	"github.com/pctest/pctest/vectors"
)

func exportWPT(vs []vectors.Vector) ([]exportFile, error) {
	return nil, errors.New("not yet")
}
