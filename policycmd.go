package ducklint

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/policy"
	"github.com/ducklint/ducklint/rules"
)

const policyUsage = `usage: ducklint policy test [FILE ...]

Runs the examples of the policies of each FILE (a .ducklint.toml with the
policy files it names, or a policy file; default: the nearest .ducklint.toml
upward): every bad example must be flagged by its policy and no good one.

Exit codes: 0 every example holds, 1 some does not, 2 usage or configuration error.
`

// policyCommand runs `ducklint policy ...`; args follow "policy".
func (c *Command) policyCommand(args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(c.Stdout, policyUsage)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitClean
	}
	if args[0] != "test" {
		fmt.Fprintf(c.Stderr, "ducklint: unknown policy command %q (want: ducklint policy test [FILE ...])\n", args[0])
		return ExitUsage
	}
	code, err := c.policyTest(args[1:])
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint: %v\n", err)
	}
	return code
}

// policyTest runs the examples of the policies of files.
func (c *Command) policyTest(files []string) (int, error) {
	dir := c.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return ExitInternal, fmt.Errorf("working directory: %w", err)
		}
		dir = wd
	}
	if len(files) == 0 {
		found, err := rules.FindConfig(dir)
		if err != nil {
			return ExitUsage, err
		}
		if found == "" {
			return ExitUsage, fmt.Errorf("no %s here or above, and no FILE given", rules.ConfigFileName)
		}
		files = []string{found}
	}
	builtin := rules.Default()
	var specs []rules.PolicySpec
	seen := map[string]string{}
	for _, f := range files {
		if strings.HasPrefix(f, "-") {
			return ExitUsage, fmt.Errorf("unknown flag %q (ducklint policy test takes files)", f)
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(dir, f)
		}
		// The file is the user's choice; what it names stays in its tree.
		got, err := rules.LoadPolicies(f, builtin, load.NewBoundary(dir, []string{f}).Contains)
		if err != nil {
			return ExitUsage, err
		}
		for _, s := range got {
			if other, dup := seen[s.ID]; dup {
				return ExitUsage, fmt.Errorf("%s:%d: a policy with id %q is already declared in %s", c.rel(dir, s.File), s.Line, s.ID, c.rel(dir, other))
			}
			seen[s.ID] = s.File
		}
		specs = append(specs, got...)
	}
	pols, err := policy.Compile(specs)
	if err != nil {
		var ce *rules.ConfigError
		if errors.As(err, &ce) {
			return ExitUsage, err
		}
		return ExitInternal, err
	}
	failed, examples := 0, 0
	for _, p := range pols {
		outcomes, err := p.Test(rules.DefaultPuppetVersion)
		if err != nil {
			return ExitInternal, err
		}
		var bad []string
		for _, o := range outcomes {
			examples++
			if o.Passed() {
				continue
			}
			failed++
			side := "good"
			if o.Bad {
				side = "bad"
			}
			why := o.Problem
			switch {
			case why != "":
			case o.Bad:
				why = "not flagged"
			default:
				why = "flagged: " + o.Findings[0].Message
				if len(o.Findings) > 1 {
					why += fmt.Sprintf(" (and %d more)", len(o.Findings)-1)
				}
			}
			bad = append(bad, fmt.Sprintf("    %s:%d: %s example (%s): %s", c.rel(dir, p.Spec.File), o.Example.Line, side, o.Example.Path, why))
		}
		switch {
		case len(outcomes) == 0:
			fmt.Fprintf(c.Stdout, "?    %s (no examples)\n", p.Spec.ID)
		case len(bad) == 0:
			fmt.Fprintf(c.Stdout, "ok   %s (%d examples)\n", p.Spec.ID, len(outcomes))
		default:
			fmt.Fprintf(c.Stdout, "FAIL %s\n%s\n", p.Spec.ID, strings.Join(bad, "\n"))
		}
	}
	fmt.Fprintf(c.Stdout, "%d policies, %d examples, %d failed\n", len(pols), examples, failed)
	if failed > 0 {
		return ExitFindings, nil
	}
	return ExitClean, nil
}

// rel is path relative to dir when it is inside it.
func (c *Command) rel(dir, path string) string {
	if r, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return path
}
