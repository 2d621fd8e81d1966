package show

import "strings"

// Command writes argv as a POSIX shell command line that runs it: each
// word as it is when it needs no quoting, else in single quotes (a single
// quote in it closed, escaped and reopened), so that a reader can paste
// it. Braces need no quoting ("{file}", a placeholder in survey pages)
// unless the word could be a brace expansion of bash (a comma or ".."
// with a brace).
func Command(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = shellWord(a)
	}
	return strings.Join(words, " ")
}

// shellWord quotes s for a POSIX shell, unless it needs none.
func shellWord(s string) string {
	if s == "" {
		return "''"
	}
	plain := !strings.Contains(s, "{") || !strings.Contains(s, ",") && !strings.Contains(s, "..")
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=:,+@%{}", c)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
