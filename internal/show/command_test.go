package show

import "testing"

func TestCommand(t *testing.T) {
	for _, c := range []struct {
		argv []string
		want string
	}{
		{[]string{"pctest", "run", "-op", "decodeURI", "--", "node", "t.js"}, "pctest run -op decodeURI -- node t.js"},
		{[]string{"pctest", "run", "-run", "^a.b$", "-level", ""}, "pctest run -run '^a.b$' -level ''"},
		{[]string{"perl", "-e", "print 'x'; $y"}, `perl -e 'print '\''x'\''; $y'`},
		{[]string{"go", "run", "{file}", "-o", "{out}/a.out"}, "go run {file} -o {out}/a.out"},
		{[]string{"echo", "{a,b}", "{1..3}", "a,b", "~x", "*"}, `echo '{a,b}' '{1..3}' a,b '~x' '*'`},
	} {
		if got := Command(c.argv); got != c.want {
			t.Errorf("Command(%q) = %s, want %s", c.argv, got, c.want)
		}
	}
}
