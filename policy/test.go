package policy

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// Outcome is the verdict on one side of an example: its bad code must
// get a finding of the policy, its good code none.
type Outcome struct {
	Example rules.PolicyExample
	// Bad is which side: the bad code, or the good.
	Bad bool
	// Findings are the policy's findings on the code.
	Findings []rules.Diagnostic
	// Problem says why the code could not be checked ("" when it was):
	// a syntax error, an unusable path.
	Problem string
}

// Passed reports whether the side of the example holds.
func (o Outcome) Passed() bool {
	if o.Problem != "" {
		return false
	}
	if o.Bad {
		return len(o.Findings) > 0
	}
	return len(o.Findings) == 0
}

// Test runs the policy over each of its examples' code, each in a tree
// of its own made in a temporary directory, with the policy the only
// rule enabled (control comments of every built-in rule resolve).
func (p *Policy) Test(puppet rules.PuppetVersion) ([]Outcome, error) {
	rule := p.Rule()
	reg, err := rules.NewRegistry(append(rules.All(), rule)...)
	if err != nil {
		return nil, err
	}
	var out []Outcome
	for _, ex := range p.Spec.Examples {
		for _, side := range []struct {
			code string
			bad  bool
		}{{ex.Bad, true}, {ex.Good, false}} {
			if side.code == "" {
				continue
			}
			o := Outcome{Example: ex, Bad: side.bad}
			o.Findings, o.Problem, err = lintExample(reg, rules.Active{Rule: rule, Severity: rule.Severity}, ex.Path, side.code, puppet)
			if err != nil {
				return nil, err
			}
			out = append(out, o)
		}
	}
	return out, nil
}

// lintExample lints code placed at rel in a new environment with rule.
func lintExample(reg *rules.Registry, rule rules.Active, rel, code string, puppet rules.PuppetVersion) ([]rules.Diagnostic, string, error) {
	dir, err := os.MkdirTemp("", "ducklint-policy-example-")
	if err != nil {
		return nil, "", fmt.Errorf("making an example tree: %w", err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, "", fmt.Errorf("making an example tree: %w", err)
	}
	if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
		return nil, "", fmt.Errorf("making an example tree: %w", err)
	}
	// The tree is an environment: manifests/site.pp is its main manifest,
	// modules/ and site-modules/ its module path.
	if err := os.WriteFile(filepath.Join(dir, "environment.conf"), []byte("modulepath = modules:site-modules:site\n"), 0o644); err != nil {
		return nil, "", fmt.Errorf("making an example tree: %w", err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 1})
	if err != nil {
		return nil, "", fmt.Errorf("loading an example tree: %w", err)
	}
	for _, pr := range tree.Problems {
		return nil, pr.Error(), nil
	}
	prog := model.Build(tree, model.Options{Jobs: 1})
	for _, f := range prog.Files {
		if f.Parsed != nil && len(f.Parsed.Errors) > 0 {
			e := f.Parsed.Errors[0]
			return nil, fmt.Sprintf("the code does not parse: %d:%d: %s", e.Start.Line, e.Start.Column, e.Message), nil
		}
	}
	runner := &rules.Runner{Registry: reg, Rules: []rules.Active{rule}, Jobs: 1, Puppet: puppet}
	var found []rules.Diagnostic
	for _, d := range runner.Run(prog) {
		if d.Rule == rule.Rule.ID {
			found = append(found, d)
		}
	}
	return found, "", nil
}
