package rules_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// attrLine is an attribute change in Puppet's recorded noop output: the
// resource's containment path, type, title, the attribute and the value it
// would get.
var attrLine = regexp.MustCompile(`^Notice: /Stage\[main\]/(.*)/([A-Z][A-Za-z0-9_:]*)\[([^\]]*)\]/([a-z_]+): current_value '.*', should be '(.*)' \(noop\)$`)

// TestDefaultLeakAgreesWithPuppet compares default-leak with what real
// Puppet did to the fixtures in testdata/puppet-apply/defaults (recorded by
// scripts/record-puppet-apply): every resource that gets an attribute's
// value from a default in another class or defined type (a notify's
// message, a file's mode) must make ducklint report that default on its
// line, and a class or define default that changed nothing outside its own
// scope in any run (cancelled, or reaching only files being removed) must
// not be reported.
func TestDefaultLeakAgreesWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "defaults", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	leaksSeen, quietSeen := 0, 0
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			prog, diags := lintArchive(t, path, rules.DefaultLeak())
			reported := map[string]bool{}
			for _, d := range diags {
				reported[posKey(d.File, int(d.Start.Line))] = true
			}
			defaults := literalDefaults(prog)
			leaked := map[*model.ResourceDefault]bool{}
			sc := bufio.NewScanner(bytes.NewReader(recorded))
			for sc.Scan() {
				m := attrLine.FindStringSubmatch(sc.Text())
				if m == nil {
					continue
				}
				d := defaults[defaultKey{strings.ToLower(m[2]), m[4], m[5]}]
				if d == nil {
					continue // the value is the title or set on the resource
				}
				owner := d.Scope.Owner()
				if owner.Def == nil || (owner.Kind != model.ClassScope && owner.Kind != model.DefineScope) {
					continue // top scope and node defaults are the documented place
				}
				container := containerOf(m[1])
				if container == owner.Def.Name || inheritsFrom(prog, container, owner.Def) {
					continue // its own scope, or inheritance
				}
				leaked[d] = true
				if !reported[posKey(d.File.Path, int(d.Node.Span().Start.Line))] {
					t.Errorf("Puppet gives %s[%s] in %s the %s of the default at %s:%d, but default-leak does not report it",
						m[2], m[3], container, m[4], d.File.Path, d.Node.Span().Start.Line)
				}
			}
			for _, d := range defaults {
				k := d.Scope.Owner().Kind
				if leaked[d] || (k != model.ClassScope && k != model.DefineScope) {
					continue
				}
				quietSeen++
				if reported[posKey(d.File.Path, int(d.Node.Span().Start.Line))] {
					t.Errorf("default-leak reports the default at %s:%d, but Puppet shows it reaching nothing outside %s",
						d.File.Path, d.Node.Span().Start.Line, d.Scope.Describe())
				}
			}
			leaksSeen += len(leaked)
		})
	}
	if leaksSeen == 0 || quietSeen == 0 {
		t.Errorf("fixtures show %d leaking and %d contained defaults; both kinds are needed", leaksSeen, quietSeen)
	}
}

// lintArchive extracts a txtar environment, builds its model and runs rs.
func lintArchive(t *testing.T, path string, rs ...*rules.Rule) (*model.Program, []rules.Diagnostic) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ruletest.WriteArchive(ar, dir); err != nil {
		t.Fatal(err)
	}
	prog := ruletest.Program(t, dir, ruletest.Options{})
	reg, err := rules.NewRegistry(append(slices.Clone(rs), rules.UnusedIgnore())...)
	if err != nil {
		t.Fatal(err)
	}
	var active []rules.Active
	for _, r := range rs {
		active = append(active, rules.Active{Rule: r, Severity: r.Severity})
	}
	return prog, (&rules.Runner{Registry: reg, Rules: active, Jobs: 2}).Run(prog)
}

// defaultKey is a resource type, an attribute and a literal value.
type defaultKey struct{ typ, attr, value string }

// literalDefaults maps every literal string value a default gives an
// attribute to the default (the fixtures give each default its own).
func literalDefaults(prog *model.Program) map[defaultKey]*model.ResourceDefault {
	out := map[defaultKey]*model.ResourceDefault{}
	for _, s := range prog.Scopes() {
		for _, d := range s.Defaults {
			for _, op := range d.Node.Attrs {
				if lit, ok := op.Value.(*parser.StringLit); ok {
					out[defaultKey{d.Type, op.Name, lit.Value}] = d
				}
			}
		}
	}
	return out
}

// containerOf names the class or defined type a resource is declared in
// from its containment path: "Lazy::Holder/Lazy::Thing[held]" is in the
// defined type lazy::thing, "Early::Inner" in the class early::inner.
func containerOf(path string) string {
	segs := strings.Split(path, "/")
	last := segs[len(segs)-1]
	if i := strings.IndexByte(last, '['); i >= 0 {
		last = last[:i]
	}
	return strings.ToLower(last)
}

// inheritsFrom reports whether class name inherits (directly or not) from base.
func inheritsFrom(prog *model.Program, name string, base *model.Definition) bool {
	c := prog.Class(name)
	return c != nil && slices.Contains(prog.Ancestors(c), base)
}

func posKey(file string, line int) string {
	return file + ":" + strconv.Itoa(line)
}

// redeclaredAt finds where Puppet refused a second class declaration:
// "Duplicate declaration: Class[X] is already declared ...; cannot
// redeclare (file: F, line: L)".
var redeclaredAt = regexp.MustCompile(`Duplicate declaration: Class\[[^\]]+\] is already declared.*?; cannot redeclare \(file: ([^,]+), line: (\d+)\)`)

// TestClassRedeclaredAgreesWithPuppet compares class-redeclared with the
// compilations recorded in testdata/puppet-apply/redeclared: every
// resource-like declaration Puppet refuses as a duplicate must be reported,
// and one Puppet accepted in every run must not be. (The fixtures hold no
// hazard that the recorded runs happen not to trigger.)
func TestClassRedeclaredAgreesWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "redeclared", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	refusedSeen, acceptedSeen := 0, 0
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			prog, diags := lintArchive(t, path, rules.ClassRedeclared())
			reported := map[string]bool{}
			for _, d := range diags {
				reported[posKey(d.File, int(d.Start.Line))] = true
			}
			refused := map[string]bool{}
			for _, m := range redeclaredAt.FindAllStringSubmatch(string(recorded), -1) {
				line, _ := strconv.Atoi(m[2])
				k := posKey(m[1], line)
				refused[k] = true
				refusedSeen++
				if !reported[k] {
					t.Errorf("Puppet refuses the class declaration at %s as a duplicate, but class-redeclared does not report it", k)
				}
			}
			for _, def := range prog.Definitions {
				if def.Kind != model.ClassDef {
					continue
				}
				for _, d := range prog.DeclarationsOf(def.Name) {
					k := posKey(d.File.Path, int(d.Span.Start.Line))
					if d.Kind != model.ResourceLike || refused[k] {
						continue
					}
					acceptedSeen++
					if reported[k] {
						t.Errorf("class-redeclared reports %s, but Puppet accepted it in every run", k)
					}
				}
			}
		})
	}
	if refusedSeen == 0 || acceptedSeen == 0 {
		t.Errorf("fixtures show %d refused and %d accepted declarations; both kinds are needed", refusedSeen, acceptedSeen)
	}
}
