package rules

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// A directive is one `lint:ignore` or `lint:endignore` control comment.
type directive struct {
	comment *parser.Comment
	// names are the rule names as written; rules the resolved rules (nil
	// where a name is not a ducklint rule).
	names []string
	rules []*Rule
	block bool // on a line of its own: opens a block
	// firstLine and lastLine bound the lines the directive covers.
	firstLine, lastLine int32
	used                []bool // per name: did it suppress something?
}

// directivePattern matches one control word: lint:ignore:<names> or lint:endignore.
// Names may be separated by commas, and several lint: words may share a comment.
var directivePattern = regexp.MustCompile(`\blint:(ignore:([A-Za-z0-9_,-]+)|endignore\b)`)

// parseDirectives finds the control comments of a file, matches blocks with
// their lint:endignore, and reports malformed ones through problem.
func parseDirectives(f *parser.File, reg *Registry, problem func(span parser.Span, msg, detail string)) []*directive {
	// Most files have none: one search of the source is cheaper than one
	// per comment (4 ms of a large control repo's run).
	if !bytes.Contains(f.Src, []byte("lint:")) {
		return nil
	}
	var out []*directive
	var open []*directive // stack of unclosed blocks
	for _, c := range f.Comments {
		// Most comments are prose: skip the regexp unless one could match.
		if !strings.Contains(c.Text, "lint:") {
			continue
		}
		matches := directivePattern.FindAllStringSubmatch(c.Text, -1)
		if len(matches) == 0 {
			continue
		}
		// All lint:ignore words of one comment make one directive, so one
		// lint:endignore closes them all, as in puppet-lint.
		d := &directive{comment: c, block: c.OwnLine, firstLine: c.Start.Line, lastLine: c.End.Line}
		ignore := false
		for _, m := range matches {
			if m[1] == "endignore" {
				if len(open) == 0 {
					problem(c.Span, "lint:endignore without an open lint:ignore block",
						"lint:endignore closes a block opened by a lint:ignore comment on a line of its own; none is open here, "+
							"so it does nothing. Remove it.")
					continue
				}
				top := open[len(open)-1]
				open = open[:len(open)-1]
				top.lastLine = c.End.Line
				continue
			}
			ignore = true
			for name := range strings.SplitSeq(m[2], ",") {
				if name == "" {
					continue
				}
				rule, ok := reg.Resolve(name)
				if !ok && isDucklintStyle(name) {
					problem(c.Span, fmt.Sprintf("lint:ignore names unknown rule %q", excerpt(name)),
						fmt.Sprintf("No ducklint rule is called %q, so the comment suppresses nothing (ducklint --list-rules lists "+
							"the rules).", name))
					continue
				}
				d.names = append(d.names, name)
				d.rules = append(d.rules, rule) // nil for a puppet-lint check without an equivalent
			}
		}
		if !ignore {
			continue
		}
		d.used = make([]bool, len(d.names))
		if d.block {
			open = append(open, d) // even with no known names, so its endignore pairs up
		}
		if len(d.names) > 0 {
			out = append(out, d)
		}
	}
	for _, d := range open {
		if len(d.names) == 0 {
			continue // its unknown names are reported already
		}
		problem(d.comment.Span, fmt.Sprintf("lint:ignore:%s opens a block that is never closed by lint:endignore",
			excerpt(strings.Join(d.names, ","))),
			"A lint:ignore comment on a line of its own opens a block that lasts until lint:endignore; without one, it covers the "+
				"rest of the file. Close it with # lint:endignore.")
		d.lastLine = math.MaxInt32
	}
	return out
}

// isDucklintStyle reports whether a rule name is spelt like a ducklint rule
// id (words joined by '-'). puppet-lint checks, its plugins' included, are
// Ruby symbols (140chars, arrow_alignment): a control comment naming one
// that has no ducklint equivalent is for puppet-lint, which projects often
// run alongside, and is neither applied nor reported.
func isDucklintStyle(name string) bool { return strings.Contains(name, "-") }

// suppresses reports whether the directive covers diagnostic diag, and marks
// the matching name used.
func (d *directive) suppresses(diag *Diagnostic) bool {
	if diag.Start.Line < d.firstLine || diag.Start.Line > d.lastLine {
		return false
	}
	hit := false
	for i, r := range d.rules {
		if r != nil && r.ID == diag.Rule {
			d.used[i] = true
			hit = true
		}
	}
	return hit
}
