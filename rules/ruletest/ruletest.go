// Package ruletest runs rules over Puppet fixtures and checks their findings
// against expectations written in the fixtures themselves, the way
// golang.org/x/tools/go/analysis/analysistest does for Go:
//
//	class application {}  # want "reserved word"
//
// A `# want` comment holds one or more quoted regular expressions; each must
// match the message of a distinct finding that starts on that line, or its
// message and detail joined by a space (so an expectation may name what
// the detail explains). A
// severity before the quote (`# want info:"defined"`) requires the finding
// to have that severity; without one any severity matches. Every
// finding must be wanted: a line without `# want` must get no finding, so a
// fixture tests precision as hard as recall. `# want-prev "..."` expects
// the finding on the line before, for one that cannot share its line
// with a comment (whitespace at the end of a line); `# want-next "..."`
// on the line after (an empty line at the end of the file).
package ruletest

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// Options adjust a fixture run.
type Options struct {
	// Reported limits reporting to these archive paths (as a pre-commit
	// hook passes single files); empty means the whole tree.
	Reported []string
	// KnownVariables are extra top-scope variables, as from [scope] in the config.
	KnownVariables []string
	// RuleOptions are rule options by rule id, replacing the defaults.
	RuleOptions map[string]any
	// DeclaringFunctions are declaring functions, as from [catalog] in the config.
	DeclaringFunctions model.DeclaringFunctions
	// Puppet is the target Puppet version, as from [puppet] in the
	// config; 0 means the fixture's .ducklint.toml, or each file's own
	// target (rules.FileTarget).
	Puppet rules.PuppetVersion
}

// Run lints the fixture at path — a .pp or .epp file, or a .txtar archive of
// a whole tree — with the given rules, and checks the `# want` expectations.
func Run(t *testing.T, path string, opts Options, rs ...*rules.Rule) []rules.Diagnostic {
	t.Helper()
	dir := t.TempDir()
	if err := Extract(path, dir); err != nil {
		t.Fatal(err)
	}
	diags := Lint(t, dir, opts, rs...)
	Check(t, dir, diags)
	return diags
}

// Lint lints the tree in dir with the given rules and returns the findings,
// with paths relative to dir.
func Lint(t *testing.T, dir string, opts Options, rs ...*rules.Rule) []rules.Diagnostic {
	t.Helper()
	return NewRunner(t, dir, opts, rs...).Run(Program(t, dir, opts))
}

// NewRunner returns the runner Lint runs over the tree in dir: the given
// rules at their default severities, with their options from opts, else
// from the fixture's .ducklint.toml, else the rules' defaults.
func NewRunner(t *testing.T, dir string, opts Options, rs ...*rules.Rule) *rules.Runner {
	t.Helper()
	all := rs
	if !slices.ContainsFunc(rs, func(r *rules.Rule) bool { return r.ID == "unused-ignore" }) {
		// Control comments must resolve every rule name, even of rules not under test.
		all = append(slices.Clone(rs), rules.UnusedIgnore())
	}
	reg, err := rules.NewRegistry(all...)
	if err != nil {
		t.Fatal(err)
	}
	cfg := fixtureConfig(t, dir)
	if opts.Puppet == 0 && cfg != nil {
		opts.Puppet = cfg.PuppetVersion
	}
	var active []rules.Active
	for _, r := range rs {
		a := rules.Active{Rule: r, Severity: r.DefaultSeverity(opts.Puppet.OrDefault())}
		if o, ok := opts.RuleOptions[r.ID]; ok {
			a.Options = o
		} else if rc, ok := cfg.RuleSettings(r.ID); ok && rc.Options != nil {
			a.Options = rc.Options // the fixture's .ducklint.toml sets the rule's options
		} else if r.NewOptions != nil {
			a.Options = r.NewOptions()
		}
		active = append(active, a)
	}
	return activeRunner(t, dir, opts, reg, active)
}

// LintActive lints the tree in dir with an explicit registry and rule
// selection (as rules.Select makes them from a configuration).
func LintActive(t *testing.T, dir string, opts Options, reg *rules.Registry, active []rules.Active) []rules.Diagnostic {
	t.Helper()
	return activeRunner(t, dir, opts, reg, active).Run(Program(t, dir, opts))
}

// activeRunner returns the runner of a registry and rule selection for
// the fixture in dir.
func activeRunner(t *testing.T, dir string, opts Options, reg *rules.Registry, active []rules.Active) *rules.Runner {
	t.Helper()
	if cfg := fixtureConfig(t, dir); opts.Puppet == 0 && cfg != nil {
		opts.Puppet = cfg.PuppetVersion // 0: each file's own target (rules.FileTarget)
	}
	return &rules.Runner{Registry: reg, Rules: active, Jobs: 2, Puppet: opts.Puppet}
}

// fixtureConfig returns the configuration of the fixture in dir, its
// .ducklint.toml; nil when it has none.
func fixtureConfig(t *testing.T, dir string) *rules.Config {
	t.Helper()
	cfgPath := filepath.Join(dir, rules.ConfigFileName)
	if !fileExists(cfgPath) {
		return nil
	}
	cfg, err := rules.LoadConfig(cfgPath, rules.Default())
	if err != nil {
		t.Fatalf("fixture configuration: %v", err)
	}
	return cfg
}

// Program loads the tree in dir — reporting opts.Reported, or all of it —
// and builds its model. Load problems fail the test.
func Program(t *testing.T, dir string, opts Options) *model.Program {
	t.Helper()
	paths := opts.Reported
	if len(paths) == 0 {
		paths = []string{"."}
	}
	tree, err := load.Load(load.Options{Paths: paths, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatalf("loading fixture: %v", err)
	}
	// A fixture's .ducklint.toml contributes what the model reads from
	// the configuration.
	if cfg := fixtureConfig(t, dir); cfg != nil {
		opts.KnownVariables = append(slices.Clone(opts.KnownVariables), cfg.KnownVariables...)
		if opts.DeclaringFunctions == nil {
			opts.DeclaringFunctions = cfg.DeclaringFunctions
		}
	}
	for _, p := range tree.Problems {
		t.Errorf("loading fixture: %v", p.Error())
	}
	return model.Build(tree, model.Options{KnownVariables: opts.KnownVariables, Jobs: 2,
		DeclaringFunctions: model.TreeDeclaringFunctions(tree, opts.DeclaringFunctions)})
}

func fileExists(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir()
}

// Extract copies a single fixture file, or unpacks a txtar archive, into dir.
func Extract(path, dir string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !strings.HasSuffix(path, ".txtar") {
		return os.WriteFile(filepath.Join(dir, filepath.Base(path)), data, 0o644)
	}
	return WriteArchive(txtar.Parse(data), dir)
}

// WriteArchive writes the files of a txtar archive under dir.
func WriteArchive(ar *txtar.Archive, dir string) error {
	for _, f := range ar.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// wantPattern finds the expectations on a line. `# want-prev` expects the
// findings on the line before, for a finding that cannot share its line
// with a comment (whitespace at the end of a line), and `# want-next` on
// the line after (an empty line at the end of the file).
var wantPattern = regexp.MustCompile(`#\s*want(-prev|-next)?((?:\s+(?:(?:error|warning|info):)?(?:"(?:[^"\\]|\\.)*"|` + "`[^`]*`" + `))+)\s*$`)

// expectation is one wanted finding.
type expectation struct {
	file string
	line int
	re   *regexp.Regexp
	// severity is the severity the finding must have; 0 for any.
	severity rules.Severity
	met      bool
}

// Check compares diags with the `# want` comments of the Puppet files under dir.
func Check(t *testing.T, dir string, diags []rules.Diagnostic) {
	t.Helper()
	wants, err := Expectations(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		found := false
		for _, w := range wants {
			if !w.met && w.file == d.File && w.line == int(d.Start.Line) && w.matches(d) &&
				(w.severity == 0 || w.severity == d.Severity) {
				w.met, found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s:%d:%d: unexpected %s finding [%s]: %s\n\tdetail: %s", d.File, d.Start.Line, d.Start.Column, d.Severity, d.Rule,
				d.Message, d.Detail)
		}
	}
	for _, w := range wants {
		if !w.met {
			if w.severity != 0 {
				t.Errorf("%s:%d: no %s finding matched %q", w.file, w.line, w.severity, w.re)
			} else {
				t.Errorf("%s:%d: no finding matched %q", w.file, w.line, w.re)
			}
		}
	}
}

// matches reports whether the expectation's regular expression matches
// the finding's message, or its message and detail joined by a space.
func (w *expectation) matches(d rules.Diagnostic) bool {
	return w.re.MatchString(d.Message) || d.Detail != "" && w.re.MatchString(d.Message+" "+d.Detail)
}

// Expectations reads the `# want` comments of every .pp, .epp and YAML
// (Hiera) file under dir.
func Expectations(dir string) ([]*expectation, error) {
	var out []*expectation
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp") ||
			strings.HasSuffix(path, ".yaml") || strings.HasSuffix(path, ".yml") || strings.HasSuffix(path, ".eyaml")) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		for i, line := range strings.Split(string(data), "\n") {
			m := wantPattern.FindStringSubmatch(strings.TrimRight(line, "\r"))
			if m == nil {
				continue
			}
			ws, err := parseWant(m[2])
			if err != nil {
				return fmt.Errorf("%s:%d: %w", rel, i+1, err)
			}
			for _, w := range ws {
				w.file, w.line = rel, i+1
				switch m[1] {
				case "-prev":
					w.line--
				case "-next":
					w.line++
				}
				out = append(out, w)
			}
		}
		return nil
	})
	return out, err
}

// parseWant parses the quoted regular expressions after "want", each
// with an optional severity.
func parseWant(s string) ([]*expectation, error) {
	var out []*expectation
	s = strings.TrimSpace(s)
	for s != "" {
		var sev rules.Severity
		if word, rest, ok := strings.Cut(s, ":"); ok && !strings.ContainsAny(word, "\"`") {
			parsed, err := rules.ParseSeverity(word)
			if err != nil {
				return nil, fmt.Errorf("bad want expectation %q: %w", s, err)
			}
			sev, s = parsed, rest
		}
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return nil, fmt.Errorf("bad want expectation %q: %w", s, err)
		}
		u, _ := strconv.Unquote(q)
		re, err := regexp.Compile(u)
		if err != nil {
			return nil, fmt.Errorf("bad want regexp %q: %w", u, err)
		}
		out = append(out, &expectation{re: re, severity: sev})
		s = strings.TrimSpace(s[len(q):])
	}
	return out, nil
}
