package model_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
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
// with a "# reads:" comment, the reads on the line and where each resolves
// (with "+checked" for Read.CheckedDefined, "+undef" for AllowsUndef).
func TestStaticReads(t *testing.T) {
	prog := buildFixture(t, "static.txtar")
	st := prog.Static(fakeKnown)
	checked := 0
	for _, f := range prog.Files {
		byLine := map[int][]string{}
		for _, r := range st.Reads(f) {
			desc := fmt.Sprintf("%s=%s", r.Var.Name, r.Resolution.Kind)
			if r.CheckedDefined {
				desc += "+checked"
			}
			if r.AllowsUndef {
				desc += "+undef"
			}
			byLine[int(r.Var.Span().Start.Line)] = append(byLine[int(r.Var.Span().Start.Line)], desc)
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
				if got := st.Guarantee(r, class).OK; fmt.Sprint(got) != want {
					t.Errorf("%s:%d: Guarantee(%s) = %v, want %s", f.Path, r.Var.Span().Start.Line, r.Var.Name, got, want)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d guarantees checked", checked)
	}
}

// TestScopesInAllocatesNothing keeps a loop over a file's scopes, which
// variable-reassigned makes for every file, from allocating.
func TestScopesInAllocatesNothing(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"modules/m/manifests/init.pp": "class m {\n  if $x { $a = 1 }\n  define m::d { $b = 2 }\n  [1].each |$i| { $c = $i }\n}\n",
	})
	st := prog.Static(nil)
	var f *model.File
	for _, pf := range prog.Files {
		if strings.HasSuffix(pf.Path, "init.pp") {
			f = pf
		}
	}
	if f == nil {
		t.Fatal("no init.pp")
	}
	n := 0
	if allocs := testing.AllocsPerRun(20, func() {
		n = 0
		for range st.ScopesIn(f) {
			n++
		}
	}); allocs != 0 {
		t.Errorf("ranging over ScopesIn: %v allocations, want none", allocs)
	}
	if n < 3 {
		t.Errorf("%d scopes in the file, want at least 3 (file, class, define, lambda)", n)
	}
}

// TestScopesInIsSourceOrder checks ScopesIn and Program.Scopes, which list
// the scope nodes recorded while building, against walks of every file of
// the rule fixtures.
func TestScopesInIsSourceOrder(t *testing.T) {
	archives := archiveDirs(t, "rules/*/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no fixtures")
	}
	scopes := 0
	for _, path := range slices.Sorted(maps.Keys(archives)) {
		prog := ruletest.Program(t, archives[path], ruletest.Options{})
		if got, want := prog.Scopes(), scopesByWalking(prog); !slices.Equal(got, want) {
			t.Errorf("%s: Scopes gives %d scopes, the walk %d, or another order", path, len(got), len(want))
		}
		st := prog.Static(nil)
		for _, f := range prog.Files {
			var want []*model.Scope
			seen := map[*model.Scope]bool{}
			if f.Parsed.Program != nil {
				parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
					if sc := prog.ScopeOf(n); sc != nil && !seen[sc] {
						seen[sc] = true
						want = append(want, sc)
					}
					return true
				})
			}
			got := slices.Collect(st.ScopesIn(f))
			scopes += len(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s: ScopesIn gives %d scopes, a walk %d, or another order", path, f.Path, len(got), len(want))
			}
		}
	}
	if scopes < 100 {
		t.Errorf("only %d scopes in the fixtures", scopes)
	}
}

// TestCallsEPPMatchesAWalk checks the model builder's note of which files
// call epp() (only those are searched for template calls) against a walk
// of every node: over the rule fixtures, and over files that call it from
// every kind of place.
func TestCallsEPPMatchesAWalk(t *testing.T) {
	dirs := archiveDirs(t, "rules/*/*.txtar")
	if len(dirs) == 0 {
		t.Fatal("no fixtures")
	}
	places := map[string]string{
		"lambda.pp":     "class m::a { [1].each |$i| { $x = epp('m/t.epp') } }",
		"selector.pp":   "class m::b { $x = $facts['k'] ? { 'a' => epp('m/t.epp'), default => '' } }",
		"case.pp":       "class m::c { case $facts['k'] { 'a': { file { '/x': content => epp('m/t.epp') } } default: {} } }",
		"default.pp":    "class m::d(String $s = epp('m/t.epp')) {}",
		"string.pp":     "class m::e { $x = \"${epp('m/t.epp')}\" }",
		"function.pp":   "function m::f() { epp('m/t.epp') }",
		"alias.pp":      "type M::G = Variant[String, Enum[epp('m/t.epp')]]",
		"toplevel.pp":   "$x = ::epp('m/t.epp', { 'a' => 1 })",
		"method.pp":     "class m::h { $x = 'm/t.epp'.epp }",
		"other.pp":      "class m::i { $x = inline_epp('<%= 1 %>') $y = 'epp' }",
		"template.epp":  "<%- | String $p = [epp('m/t.epp')][0] | -%>\n<%= epp('m/t.epp') %>\n",
		"typeparam.epp": "<%- | Enum[epp('m/t.epp')] $p | -%>\n",
	}
	dir := t.TempDir()
	files := map[string]string{"modules/m/templates/t.epp": "x\n"}
	for name, src := range places {
		sub := "manifests"
		if strings.HasSuffix(name, ".epp") {
			sub = "templates"
		}
		files["modules/m/"+sub+"/"+name] = src + "\n"
	}
	for name, src := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dirs["places"] = dir
	callers := 0
	for name, dir := range dirs {
		prog := ruletest.Program(t, dir, ruletest.Options{})
		for _, f := range prog.Files {
			want := false
			if f.Parsed.Program != nil {
				parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
					if c, ok := n.(*parser.Call); ok && strings.TrimPrefix(c.FuncName(), "::") == "epp" {
						want = true
					}
					return !want
				})
			}
			if got := model.CallsEPP(f); got != want {
				t.Errorf("%s: %s: noted as calling epp() %v, a walk says %v", name, f.Path, got, want)
			}
			if want {
				callers++
			}
		}
	}
	if callers < 13 {
		t.Errorf("only %d files call epp()", callers)
	}
}

// scopesByWalking lists every distinct scope of prog: file scopes, then
// definition scopes, then the others (lambdas) found by walking the files,
// by file path and offset.
func scopesByWalking(prog *model.Program) []*model.Scope {
	var out []*model.Scope
	seen := map[*model.Scope]bool{}
	add := func(s *model.Scope) {
		if s != nil && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, f := range prog.Files {
		add(f.Scope)
	}
	for _, d := range prog.Definitions {
		add(d.Scope)
	}
	var rest []*model.Scope
	for _, f := range prog.Files {
		if f.Parsed.Program == nil {
			continue
		}
		parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
			if sc := prog.ScopeOf(n); sc != nil && !seen[sc] && !slices.Contains(rest, sc) {
				rest = append(rest, sc)
			}
			return true
		})
	}
	slices.SortFunc(rest, func(a, b *model.Scope) int {
		if c := strings.Compare(a.File.Path, b.File.Path); c != 0 {
			return c
		}
		return int(a.Node.Span().Start.Offset) - int(b.Node.Span().Start.Offset)
	})
	for _, s := range rest {
		add(s)
	}
	return out
}

// TestScopeInAgreesWithScopeOf checks the per-file scope lookup against
// the program's, for every node of every file of the model fixtures and of
// an environment whose main manifests share one top scope.
func TestScopeInAgreesWithScopeOf(t *testing.T) {
	progs := []*model.Program{buildFixture(t, "static.txtar"), buildFixture(t, "control-repo.txtar"), buildFixture(t, "narrowing.txtar")}
	dir := t.TempDir()
	for name, src := range map[string]string{
		"environment.conf":  "manifest = manifests\n",
		"manifests/a.pp":    "$a = 1\n[1].each |$x| { notice($x) }\n",
		"manifests/b.pp":    "node default { [2].map |$y| { $y } }\n",
		"modules/m/init.pp": "class m { [3].each |$z| { notice($z) } }\n",
		// more scopes than ScopeIn looks through one by one
		"modules/m/many.pp": "class m::many {\n" + strings.Repeat("  [1].each |$v| { [2].each |$w| { notice($v, $w) } }\n", 6) + "}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	progs = append(progs, ruletest.Program(t, dir, ruletest.Options{}))
	checked, shared := 0, 0
	for _, prog := range progs {
		for _, f := range prog.Files {
			if f.Parsed == nil || f.Parsed.Program == nil {
				continue
			}
			parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
				want := prog.ScopeOf(n)
				if got := prog.ScopeIn(f, n); got != want {
					t.Errorf("%s: %T at %v: ScopeIn %p, ScopeOf %p", f.Path, n, n.Span().Start, got, want)
				}
				if want != nil {
					checked++
					if want.File != f {
						shared++ // a later main manifest's top scope
					}
				}
				return true
			})
		}
	}
	if checked < 50 || shared == 0 {
		t.Errorf("%d scopes checked, %d of another file: the comparison proves little", checked, shared)
	}
}

// TestReadsDoNotDependOnFileOrder checks that the walks of reads, which
// reuse their maps from file to file, keep nothing of one file for the
// next: each file's reads are the same whichever files were walked
// before it.
func TestReadsDoNotDependOnFileOrder(t *testing.T) {
	dir := t.TempDir()
	srcs := map[string]string{
		// Each file leaves in the maps what would change the reads of
		// another's: an assigned defined() test, a guard of a name, an
		// undef test, assignments done.
		"modules/m/manifests/a.pp": "class m::a {\n  $t = defined('$x')\n  if defined('$y') { notice($y) }\n" +
			"  if $u == undef { notice($u) }\n  $z = pick($w, 1)\n  $x = 1\n  notice($x, $t, $z)\n}\n",
		"modules/m/manifests/b.pp": "class m::b {\n  if $t { notice($x) }\n  notice($y, $u, $w)\n  $x = 2\n}\n",
		"modules/m/manifests/c.pp": "class m::c ($p = $x) {\n  case $y { undef: { notice($y) } default: {} }\n  notice($t and $x)\n}\n",
	}
	for name, src := range srcs {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	render := func(r *model.Read) string {
		res := r.Resolution
		return fmt.Sprintf("%s %v kind=%v param=%v assigned=%v guard=%v checked=%v undef=%v fail=%v default=%v",
			r.Var.Name, r.Var.Span().Start, res.Kind, res.Param != nil, res.Assignment != nil,
			r.DefinedGuard, r.CheckedDefined, r.AllowsUndef, r.InFail, r.InDefault != nil)
	}
	readsIn := func(reverse bool) map[string][]string {
		prog := ruletest.Program(t, dir, ruletest.Options{})
		st := prog.Static(fakeKnown)
		files := slices.Clone(prog.Files)
		if reverse {
			slices.Reverse(files)
		}
		out := map[string][]string{}
		for _, f := range files {
			for _, r := range st.Reads(f) {
				out[f.Path] = append(out[f.Path], render(r))
			}
		}
		return out
	}
	forward, backward := readsIn(false), readsIn(true)
	if len(forward) != 3 {
		t.Fatalf("reads of %d files, want 3: %v", len(forward), forward)
	}
	for path, want := range forward {
		if got := backward[path]; !slices.Equal(got, want) {
			t.Errorf("%s: walked after the others\n%s\nwalked before them\n%s", path, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
