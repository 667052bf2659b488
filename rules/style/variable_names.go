package style

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// This file reads variable names as puppet-lint's lexer does, for the
// rules about how variables are spelled.

// puppetLintVariable matches a variable name as puppet-lint's lexer reads
// it at a $: dashes may join words, and index brackets may follow.
var puppetLintVariable = regexp.MustCompile(`\A\$((::)?(\w+(-\w+)*::)*\w+(-\w+)*(\[.+?\])*)`)

// variableIndex drops the index brackets of a name as puppet-lint does
// before looking at it.
var variableIndex = regexp.MustCompile(`\[.+?\]`)

// variableNames calls visit with the start, end and name (without $ and
// index brackets) of each variable of v as puppet-lint reads them: at each
// $ of code, and at each variable interpolated in a string.
func variableNames(v *parser.TokenView, visit func(start, end int, name string)) {
	for _, t := range v.Tokens {
		if t.Kind != parser.TokVariable {
			continue
		}
		if !strings.HasPrefix(t.Text, "$") {
			// Inside ${...}: the name alone, as in puppet-lint.
			visit(t.Start, t.End, t.Text)
			continue
		}
		// A name and its brackets end on their line.
		rest := v.Src[t.Start:]
		if n := bytes.IndexByte(rest, '\n'); n >= 0 {
			rest = rest[:n]
		}
		m := puppetLintVariable.FindSubmatch(rest)
		if m == nil {
			continue
		}
		name := variableIndex.ReplaceAllString(string(m[1]), "")
		visit(t.Start, t.Start+len(m[0]), name)
	}
}
