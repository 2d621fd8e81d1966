package vectors

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadmeOpTables checks README.md's tables of files and ops against
// the op table (Ops): the file table lists each area's ops in order, and
// the op table has one row per op, in order, whose area, input, output,
// args and error kinds are the op's. Only the last column, what the op
// computes, is README's own prose.
func TestReadmeOpTables(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var files, ops []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
			cells = append(cells, strings.TrimSpace(c))
		}
		switch {
		case len(cells) == 3 && strings.HasSuffix(cells[0], ".json`"):
			files = append(files, strings.Join(cells, " | "))
		case len(cells) >= 7:
			ops = append(ops, strings.Join(cells[:6], " | "))
		}
	}
	code := func(s []string) string {
		if len(s) == 0 {
			return ""
		}
		return "`" + strings.Join(s, "`, `") + "`"
	}
	var wantFiles, wantOps []string
	byArea := map[string][]string{}
	var areas []string
	for _, op := range Ops() {
		if byArea[op.Area] == nil {
			areas = append(areas, op.Area)
		}
		byArea[op.Area] = append(byArea[op.Area], "`"+string(op.Name)+"`")
		row := []string{"`" + string(op.Name) + "`", op.Area, op.In.String(), op.Out.String(), code(op.Args), code(op.Errors)}
		wantOps = append(wantOps, strings.Join(row, " | "))
	}
	for _, a := range areas {
		wantFiles = append(wantFiles, "`"+a+".json` | `"+areaPrefixes[a]+".` | "+strings.Join(byArea[a], " "))
	}
	if diff := cmp.Diff(wantFiles, files); diff != "" {
		t.Errorf("README.md's file table against Ops (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantOps, ops); diff != "" {
		t.Errorf("README.md's op table against Ops (-want +got):\n%s", diff)
	}
}
