package style

import (
	"github.com/ducklint/ducklint/parser"
)

// This file reads variable names as puppet-lint's lexer does, for the
// rules about how variables are spelled.

// variableNames calls visit with the start, end and name (without $ and
// index brackets) of each variable of p's file as puppet-lint reads them:
// at each $ of code, and at each variable interpolated in a string. The
// names are read once per file (File.VariableNames).
func variableNames(p *Pass, visit func(start, end int, name string)) {
	for _, v := range p.file.VariableNames() {
		visit(v.Start, v.End, v.Name)
	}
}

// variableName is a variable as puppet-lint reads it: the byte range
// [Start, End) of the file and the name without $ and index brackets.
type variableName struct {
	Start, End int
	Name       string
}

// appendVariableNames appends the variables of v to out, as
// variableNames describes them.
func appendVariableNames(out []variableName, v *parser.TokenView) []variableName {
	toks := v.Tokens
	for i := range toks {
		t := &toks[i]
		if t.Kind != parser.TokVariable {
			continue
		}
		if t.Text == "" || t.Text[0] != '$' {
			// Inside ${...}: the name alone, as in puppet-lint.
			out = append(out, variableName{t.Start, t.End, t.Text})
			continue
		}
		n := puppetLintName(v.Src[t.Start+1:])
		if n > 0 {
			// The name may run past the token (puppet-lint reads $a-b as
			// one name); the view's text shares the source, no copy.
			out = append(out, variableName{t.Start, t.Start + 1 + n, v.Text(t.Start+1, t.Start+1+n)})
		}
	}
	return out
}

// puppetLintName returns the length of the variable name at the start of
// s (just after its $) as puppet-lint's lexer reads it, or 0: an optional
// leading ::, then segments of words joined by single dashes (a-b-c),
// separated by ::. Index brackets after the name are not part of it.
func puppetLintName(s []byte) int {
	i, end := 0, 0
	if len(s) >= 2 && s[0] == ':' && s[1] == ':' {
		i = 2
	}
	for {
		j := dashedWord(s, i)
		if j == i {
			return end
		}
		end = j
		if j+2 < len(s) && s[j] == ':' && s[j+1] == ':' && isWordByte(s[j+2]) {
			i = j + 2
			continue
		}
		return end
	}
}

// dashedWord returns the end of the word at s[i:] with the -word parts
// that follow it, or i when no word starts there.
func dashedWord(s []byte, i int) int {
	j := i
	for j < len(s) && isWordByte(s[j]) {
		j++
	}
	if j == i {
		return i
	}
	for j+1 < len(s) && s[j] == '-' && isWordByte(s[j+1]) {
		j++
		for j < len(s) && isWordByte(s[j]) {
			j++
		}
	}
	return j
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
