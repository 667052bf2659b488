package model_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules/model"
)

// fakeKnown stands in for the facts and built-in variables of rules/builtin.
func fakeKnown(name string) (model.ResolutionKind, bool) {
	switch name {
	case "title", "name", "facts", "trusted":
		return model.ResolvedBuiltin, true
	case "osfamily":
		return model.ResolvedFact, true
	}
	return model.Unresolved, false
}

var (
	readsComment     = regexp.MustCompile(`#\s*reads:(.*)$`)
	guaranteeComment = regexp.MustCompile(`#\s*guarantee:(.*)$`)
)

// TestStaticReads checks, for every line of testdata/model/static.txtar
// with a "# reads:" comment, the reads on the line and where each resolves.
func TestStaticReads(t *testing.T) {
	prog := buildFixture(t, "static.txtar")
	st := prog.Static(fakeKnown)
	checked := 0
	for _, f := range prog.Files {
		byLine := map[int][]string{}
		for _, r := range st.Reads(f) {
			byLine[int(r.Var.Span().Start.Line)] = append(byLine[int(r.Var.Span().Start.Line)],
				fmt.Sprintf("%s=%s", r.Var.Name, r.Resolution.Kind))
		}
		for i, line := range strings.Split(string(f.Source.Src), "\n") {
			m := readsComment.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			checked++
			want := strings.Join(strings.Fields(m[1]), " ")
			if got := strings.Join(byLine[i+1], " "); got != want {
				t.Errorf("%s:%d: reads\n got: %s\nwant: %s", f.Path, i+1, got, want)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d lines checked; the fixture lost its expectations", checked)
	}
}

// TestStaticGuarantee checks the evaluation guarantee of qualified reads
// on lines with a "# guarantee: class=bool ..." comment.
func TestStaticGuarantee(t *testing.T) {
	prog := buildFixture(t, "static.txtar")
	st := prog.Static(fakeKnown)
	checked := 0
	for _, f := range prog.Files {
		lines := strings.Split(string(f.Source.Src), "\n")
		for _, r := range st.Reads(f) {
			class, _, ok := model.QualifiedTarget(r.Var)
			if !ok {
				continue
			}
			m := guaranteeComment.FindStringSubmatch(lines[r.Var.Span().Start.Line-1])
			if m == nil {
				continue
			}
			for _, kv := range strings.Fields(m[1]) {
				c, want, _ := strings.Cut(kv, "=")
				if c != class {
					continue
				}
				checked++
				if got, _ := st.Guarantee(r, class); fmt.Sprint(got) != want {
					t.Errorf("%s:%d: Guarantee(%s) = %v, want %s", f.Path, r.Var.Span().Start.Line, r.Var.Name, got, want)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d guarantees checked", checked)
	}
}
