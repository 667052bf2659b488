package migrate

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// voxPupuliPlugins is the gem of Vox Pupuli's puppet-lint plugin set;
// voxpupuli-test depends on it (since voxpupuli-test 2.6.0), so a tree
// testing with voxpupuli-test runs the plugins too.
const (
	voxPupuliPlugins = "voxpupuli-puppet-lint-plugins"
	voxPupuliTest    = "voxpupuli-test"
)

// ReadSyncYAML applies the puppet-lint settings of a modulesync or PDK
// .sync.yml to s: PDK's Rakefile keys (default_disabled_lint_checks,
// extra_disabled_lint_checks, linter_options, linter_fail_on_warnings,
// linter_exclusions), Vox Pupuli's .puppet-lint.rc keys
// (disabled_lint_checks, enabled_lint_checks), and the gems of its
// Gemfile section, for the voxpupuli preset. A .sync.yml overrides its
// template's defaults, which the rendered Rakefile and .puppet-lint.rc
// carry; init reads those files too.
func ReadSyncYAML(s *Settings, src []byte, file string) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return fmt.Errorf("%s: not valid YAML: %w", file, err)
	}
	s.Read = append(s.Read, file)
	if len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		key, val := root.Content[i], root.Content[i+1]
		switch key.Value {
		case "Rakefile":
			readSyncRakefile(s, val, file)
		case ".puppet-lint.rc":
			readSyncRC(s, val, file)
		case "Gemfile":
			if n := findGem(val); n != nil {
				useGem(s, Origin{File: file, Line: n.Line}, n.Value)
			}
		}
	}
	return nil
}

// readSyncRakefile reads PDK's lint keys of the Rakefile section.
func readSyncRakefile(s *Settings, m *yaml.Node, file string) {
	forEachKey(m, func(key, val *yaml.Node) {
		o := Origin{File: file, Line: key.Line}
		text := "Rakefile: " + key.Value
		switch key.Value {
		case "default_disabled_lint_checks", "extra_disabled_lint_checks":
			for _, c := range stringItems(val) {
				s.check(strings.TrimPrefix(c, "disable_"), false, o, text+": "+c)
			}
		case "linter_fail_on_warnings":
			switch val.Value {
			case "true":
				s.failOnWarnings = &o
			case "false":
				s.failOnWarnings = nil
			}
		case "linter_exclusions":
			if items := stringItems(val); items != nil {
				s.setIgnore(items, o, "")
			}
		case "linter_options":
			// Each is an option of .puppet-lint.rc without its "--".
			for _, opt := range stringItems(val) {
				r := &rcReader{s: s, file: file, checks: knownChecks(nil)}
				line := "--" + opt
				resolved, value, _, err := r.resolve(line)
				if err != nil {
					s.note(o, text+": "+opt, err.Error())
					continue
				}
				r.apply(resolved, value, text+": "+opt, o)
			}
		}
	})
}

// readSyncRC reads Vox Pupuli's keys of the .puppet-lint.rc section; the
// template writes the disabled checks that are not also enabled.
func readSyncRC(s *Settings, m *yaml.Node, file string) {
	var disabled, enabled []string
	var origin Origin
	forEachKey(m, func(key, val *yaml.Node) {
		switch key.Value {
		case "disabled_lint_checks":
			disabled, origin = stringItems(val), Origin{File: file, Line: key.Line}
		case "enabled_lint_checks":
			enabled = stringItems(val)
		}
	})
	for _, c := range disabled {
		c = strings.TrimPrefix(c, "disable_")
		if !slices.Contains(enabled, c) {
			s.check(c, false, origin, ".puppet-lint.rc: disabled_lint_checks: "+c)
		}
	}
}

func forEachKey(m *yaml.Node, f func(key, val *yaml.Node)) {
	if m.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		f(m.Content[i], m.Content[i+1])
	}
}

// stringItems are the scalar items of a sequence; nil for anything else.
func stringItems(n *yaml.Node) []string {
	if n.Kind != yaml.SequenceNode {
		return nil
	}
	out := []string{}
	for _, it := range n.Content {
		if it.Kind == yaml.ScalarNode {
			out = append(out, it.Value)
		}
	}
	return out
}

// findGem finds a "gem: <name>" entry naming Vox Pupuli's plugin set or
// voxpupuli-test anywhere below n.
func findGem(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Value == "gem" && v.Kind == yaml.ScalarNode && (v.Value == voxPupuliPlugins || v.Value == voxPupuliTest) {
				return v
			}
		}
	}
	for _, c := range n.Content {
		if found := findGem(c); found != nil {
			return found
		}
	}
	return nil
}

// useGem records the voxpupuli preset for a gem found at o.
func useGem(s *Settings, o Origin, gem string) {
	why := "names " + voxPupuliPlugins
	if gem == voxPupuliTest {
		why = "names voxpupuli-test, which runs puppet-lint with " + voxPupuliPlugins
	}
	s.useVoxPupuli(o, gem, why)
}

// ReadGemfile looks in a Gemfile (or Gemfile.lock) for Vox Pupuli's
// puppet-lint plugin set, directly or through voxpupuli-test, and picks
// the voxpupuli preset when it is there; and for the puppet-lint release
// it pins (readPuppetLintPin).
func ReadGemfile(s *Settings, src []byte, file string) {
	s.Read = append(s.Read, file)
	readPuppetLintPin(s, src, file)
	lock := strings.HasSuffix(file, ".lock")
	for i, line := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(line)
		for _, gem := range []string{voxPupuliPlugins, voxPupuliTest} {
			if lock && (t == gem || strings.HasPrefix(t, gem+" (")) ||
				!lock && (strings.HasPrefix(t, "gem '"+gem+"'") || strings.HasPrefix(t, `gem "`+gem+`"`)) {
				useGem(s, Origin{File: file, Line: i + 1}, gem)
				return
			}
		}
	}
}
