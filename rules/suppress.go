package rules

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"

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
	// end is the lint:endignore comment that closes a block, nil for a
	// directive that is no block or a block never closed.
	end *parser.Comment
}

// directivePattern matches one control word: lint:ignore:<names> or lint:endignore.
// Names may be separated by commas, and several lint: words may share a comment.
var directivePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\blint:(ignore:([A-Za-z0-9_,-]+)|endignore\b)`) })

// mayHaveDirectives reports whether f's source has "lint:" anywhere. Most
// files have no control comment: one search of the source is cheaper
// than one per comment (4 ms of a large control repo's run).
func mayHaveDirectives(f *parser.File) bool { return bytes.Contains(f.Src, []byte("lint:")) }

// parseDirectives finds the control comments of a file, matches blocks with
// their lint:endignore, and reports malformed ones through problem.
func parseDirectives(f *parser.File, reg *Registry, problem func(span parser.Span, msg, detail string)) []*directive {
	if !mayHaveDirectives(f) {
		return nil
	}
	var out []*directive
	var open []*directive // stack of unclosed blocks
	for _, c := range f.Comments {
		// Most comments are prose: skip the regexp unless one could match.
		if !strings.Contains(c.Text, "lint:") {
			continue
		}
		matches := directivePattern().FindAllStringSubmatch(c.Text, -1)
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
				top.end = c
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

// suppress returns the findings no directive covers, in order, and marks
// each directive name used when a finding of its rule starts on a line the
// directive covers. Directives are grouped by rule and findings looked up
// by line, so overlapping blocks and many one-line directives cost
// O((findings + directives) log) rather than their product. looked counts
// the spans, findings and lines looked at, for tests that count the work.
func suppress(directives []*directive, diags []Diagnostic) (kept []Diagnostic, looked int) {
	type span struct{ first, last int32 }
	spans := map[string][]span{} // per rule, merged and sorted
	for _, d := range directives {
		for _, r := range d.rules {
			if r != nil {
				spans[r.ID] = append(spans[r.ID], span{d.firstLine, d.lastLine})
			}
		}
	}
	for id, ss := range spans {
		slices.SortFunc(ss, func(x, y span) int { looked++; return cmp.Compare(x.first, y.first) })
		merged := ss[:1]
		for _, s := range ss[1:] {
			if last := &merged[len(merged)-1]; s.first <= last.last {
				last.last = max(last.last, s.last)
			} else {
				merged = append(merged, s)
			}
		}
		spans[id] = merged
	}
	lines := map[string][]int32{} // per rule, the lines findings start on, sorted
	kept = diags[:0]              // in place: each finding is read before its slot is written
	for _, d := range diags {
		looked++
		ss, ok := spans[d.Rule]
		if !ok {
			kept = append(kept, d)
			continue
		}
		lines[d.Rule] = append(lines[d.Rule], d.Start.Line)
		// The last span starting on or before the line covers it if any does.
		i, _ := slices.BinarySearchFunc(ss, d.Start.Line+1, func(s span, line int32) int {
			looked++
			return cmp.Compare(s.first, line)
		})
		if i == 0 || ss[i-1].last < d.Start.Line {
			kept = append(kept, d)
		}
	}
	for _, ls := range lines {
		slices.SortFunc(ls, func(x, y int32) int { looked++; return cmp.Compare(x, y) })
	}
	for _, d := range directives {
		for i, r := range d.rules {
			if r == nil {
				continue
			}
			ls := lines[r.ID]
			j, _ := slices.BinarySearchFunc(ls, d.firstLine, func(x, y int32) int { looked++; return cmp.Compare(x, y) })
			d.used[i] = j < len(ls) && ls[j] <= d.lastLine
		}
	}
	return kept, looked
}
