package vectors

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readmeTableCells splits a markdown table row into its trimmed cells. A
// cell may hold "\|"; it splits there too, which only the last column of
// the op table does.
func readmeTableCells(line string) []string {
	var cells []string
	for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
		cells = append(cells, strings.TrimSpace(c))
	}
	return cells
}

// readmeOpTables returns README.md's file and op tables as the op table
// (Ops) gives them: the file table lists each area's ops in order, and the
// op table has one row per op, in order, with the op's area, input,
// output, args and error kinds. The last column of the op table, what the
// op computes, is README's own prose, kept from the row of that op in
// lines; a new op gets its OpInfo.Doc.
func readmeOpTables(lines []string) (files, ops []string) {
	prose := map[string]string{}
	for _, l := range lines {
		if c := readmeTableCells(l); strings.HasPrefix(l, "| `") && len(c) >= 7 {
			rest := l
			for range 7 { // the row's first '|' and those that end its first six cells
				_, rest, _ = strings.Cut(rest, "|")
			}
			prose[c[0]] = strings.TrimSpace(strings.TrimSuffix(rest, "|"))
		}
	}
	code := func(s []string) string {
		if len(s) == 0 {
			return ""
		}
		return "`" + strings.Join(s, "`, `") + "`"
	}
	byArea := map[string][]string{}
	var areas []string
	for _, op := range Ops() {
		if byArea[op.Area] == nil {
			areas = append(areas, op.Area)
		}
		name := "`" + string(op.Name) + "`"
		byArea[op.Area] = append(byArea[op.Area], name)
		p, ok := prose[name]
		if !ok {
			p = op.Doc
		}
		ops = append(ops, readmeRow(name, op.Area, op.In.String(), op.Out.String(), code(op.Args), code(op.Errors), p))
	}
	for _, a := range areas {
		files = append(files, readmeRow("`"+a+".json`", "`"+areaPrefixes[a]+".`", strings.Join(byArea[a], " ")))
	}
	return files, ops
}

// readmeRow writes a markdown table row as README.md does: an empty cell
// is "| |".
func readmeRow(cells ...string) string {
	var b strings.Builder
	b.WriteString("|")
	for _, c := range cells {
		if c != "" {
			b.WriteString(" " + c)
		}
		b.WriteString(" |")
	}
	return b.String()
}

// TestReadmeOpTables checks README.md's tables of files and ops against
// the op table (readmeOpTables); with -update it rewrites them, keeping
// each op's prose.
func TestReadmeOpTables(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	wantFiles, wantOps := readmeOpTables(lines)
	out := make([]string, 0, len(lines))
	var files, ops []string
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		c := readmeTableCells(l)
		isFile := strings.HasPrefix(l, "| `") && len(c) == 3 && strings.HasSuffix(c[0], ".json`")
		isOp := strings.HasPrefix(l, "| `") && len(c) >= 7
		switch {
		case isFile:
			if files == nil {
				out = append(out, wantFiles...)
			}
			files = append(files, l)
		case isOp:
			if ops == nil {
				out = append(out, wantOps...)
			}
			ops = append(ops, l)
		default:
			out = append(out, l)
		}
	}
	fileDiff, opDiff := cmp.Diff(wantFiles, files), cmp.Diff(wantOps, ops)
	if fileDiff == "" && opDiff == "" {
		return
	}
	if *update {
		if err := os.WriteFile("README.md", []byte(strings.Join(out, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("README.md: file and op tables rewritten from Ops")
		return
	}
	if fileDiff != "" {
		t.Errorf("README.md's file table against Ops (-want +got; go test ./vectors -run TestReadmeOpTables -update rewrites it):\n%s", fileDiff)
	}
	if opDiff != "" {
		t.Errorf("README.md's op table against Ops (-want +got; go test ./vectors -run TestReadmeOpTables -update rewrites it):\n%s", opDiff)
	}
}
