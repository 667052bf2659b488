package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// plRelational are the comparison operators puppet-lint-version_comparison-check
// takes for a numeric comparison whatever follows them.
var plRelational = map[string]bool{"GREATEREQUAL": true, "GREATERTHAN": true, "LESSEQUAL": true, "LESSTHAN": true}

// plBindsTighter are the operators that bind more tightly than a
// comparison (or are one), so that a versioncmp() call written in place
// of a comparison next to them would read differently.
var plBindsTighter = map[string]bool{
	"NOT": true, "PLUS": true, "MINUS": true, "TIMES": true, "DIV": true, "MODULO": true, "LSHIFT": true,
	"RSHIFT": true, "IN": true, "MATCH": true, "NOMATCH": true, "ISEQUAL": true, "NOTEQUAL": true,
	"GREATEREQUAL": true, "GREATERTHAN": true, "LESSEQUAL": true, "LESSTHAN": true, "DOT": true,
}

// VersionComparison flags a variable named like a version compared as a
// number.
func VersionComparison() *Rule {
	return &Rule{
		ID:     "version-comparison",
		Check:  "version_comparison",
		Title:  "A version is compared as a number",
		Detail: `Compare versions with versioncmp($version, '7.2') >= 0: as numbers, 7.10 is less than 7.9 and '7.2.1' is no number (--fix rewrites a comparison with a literal).`,
		Doc: `A variable whose name ends in version or release ($facts_version, $::operatingsystemrelease)
followed by <, <=, > or >=, or by == or != and a number. The check version_comparison of the voxpupuli
plugin puppet-lint-version_comparison-check. The fix writes versioncmp($x, 'value') <op> 0 where the
other operand is one number or string and no operator around binds more tightly.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("VARIABLE") {
				i, t := int(at), toks[at]
				name := strings.TrimPrefix(t.Text, "$")
				if !strings.HasSuffix(name, "version") && !strings.HasSuffix(name, "release") {
					continue
				}
				op := plNextCode(toks, i)
				if op < 0 {
					continue
				}
				rhs := plNextCode(toks, op)
				switch ty := toks[op].Type; {
				case plRelational[ty]:
				case (ty == "ISEQUAL" || ty == "NOTEQUAL") && rhs >= 0 && toks[rhs].Type == "NUMBER":
				default:
					continue
				}
				f := Finding{Start: t.Start, End: t.End, Message: "version compared as number"}
				if e, ok := versionComparisonFix(p, toks, i, op, rhs); ok {
					f.Edits = []Edit{e}
				}
				p.Report(f)
			}
		},
	}
}

// versionComparisonFix returns the edit rewriting the comparison of the
// variable toks[v] by the operator toks[op] with toks[rhs] as a versioncmp
// call compared with 0, and whether there is one: the other operand must
// be one number or string with nothing binding more tightly on either side.
func versionComparisonFix(p *Pass, toks []plToken, v, op, rhs int) (Edit, bool) {
	if rhs < 0 || plBindsTighter[plTypeAt(toks, plPrevCode(toks, v))] || plBindsTighter[plTypeAt(toks, plNextCode(toks, rhs))] {
		return Edit{}, false
	}
	var value string
	switch r := toks[rhs]; r.Type {
	case "NUMBER", "SSTRING":
		value = strings.Trim(r.Text, "'")
	case "STRING":
		value = strings.Trim(r.Text, `"`)
		if strings.ContainsAny(value, `\'$`) {
			return Edit{}, false
		}
	default:
		return Edit{}, false
	}
	if strings.ContainsAny(value, "\\'\n") {
		return Edit{}, false
	}
	src := p.View.Src
	text := "versioncmp(" + toks[v].Text + ", '" + value + "')" + string(src[toks[v].End:toks[rhs].Start]) + "0"
	return Edit{Start: toks[v].Start, End: toks[rhs].End, NewText: text}, true
}

// plTypeAt returns the type of toks[i], or "" when i is out of range.
func plTypeAt(toks []plToken, i int) string {
	if i < 0 || i >= len(toks) {
		return ""
	}
	return toks[i].Type
}
