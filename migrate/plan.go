package migrate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
)

// RulesByCheck maps each puppet-lint check name that a rule of reg
// carries as an alias to that rule. It is how a check becomes a rule:
// a check gets a rule as soon as a rule names it.
func RulesByCheck(reg *rules.Registry) map[string]*rules.Rule {
	out := map[string]*rules.Rule{}
	for _, r := range reg.Rules() {
		for _, a := range r.Aliases {
			out[a] = r
		}
	}
	return out
}

// Plan is the ducklint configuration a puppet-lint configuration makes.
type Plan struct {
	// Preset is the [style] preset: "puppet-lint", "voxpupuli", or ""
	// when --only-checks names the checks to run.
	Preset string
	// PresetWhy says what chose the voxpupuli preset; nil otherwise.
	PresetWhy *Note
	Exclude   []Exclude
	Rules     []RuleChange
	// Missing are the checks the configuration turns off or on that no
	// ducklint rule carries yet.
	Missing []Missing
	// Carried are lines saying what was carried over, for the user.
	Carried []string
	// Notes are what was not carried over, or differently.
	Notes []Note
	// Read are the files read.
	Read []string
}

// Exclude is an exclude glob and where it came from.
type Exclude struct {
	Glob   string
	Origin Origin
}

// RuleChange is the [rules.<id>] table of one rule.
type RuleChange struct {
	ID      string
	Enabled *bool
	Length  int      // the line-length option; 0 for none
	Why     []string // the settings it comes from, as "check (origin)"
	// Kept is set for a rule ducklint runs by default, which is not a
	// style rule: the table is written commented out, and the rule stays on.
	Kept bool
}

// Missing is a check turned off or on that no rule carries.
type Missing struct {
	Check   string
	Enabled bool
	Origin  Origin
}

// Plan turns s into a ducklint configuration for the rules of reg.
func (s *Settings) Plan(reg *rules.Registry) *Plan {
	p := &Plan{Preset: s.Preset, PresetWhy: s.PresetOrigin, Notes: slices.Clone(s.Notes), Read: slices.Clone(s.Read)}
	byCheck := RulesByCheck(reg)
	// The state of every check the settings name, or the rules cover.
	state := func(check string) (bool, Origin, bool) {
		if st, ok := s.checks[check]; ok {
			return st.enabled, st.origin, true
		}
		if s.only != nil {
			return slices.Contains(s.only, check), s.onlyOrigin, true
		}
		// A plugin's check runs where the tree installs the plugins, which
		// the voxpupuli preset stands for.
		return defaultOn(check) && (s.Preset == PresetVoxPupuli || !rules.IsVoxPupuliCheck(check)), Origin{}, false
	}
	if s.only != nil {
		p.Preset = ""
		p.Carried = append(p.Carried, fmt.Sprintf("--only-checks (%s): no preset; the listed checks' rules are enabled, and ducklint's own rules still run", s.onlyOrigin))
	}
	named := slices.Clone(s.order)
	for _, c := range s.only {
		if !slices.Contains(named, c) {
			named = append(named, c)
		}
	}

	// Rules, each from the states of all its checks.
	done := map[string]bool{}
	r80, r140 := byCheck["80chars"], byCheck["140chars"]
	for _, check := range named {
		rule := byCheck[check]
		if rule == nil {
			on, o, _ := state(check)
			if on != defaultOn(check) || s.only != nil && on {
				p.Missing = append(p.Missing, Missing{Check: check, Enabled: on, Origin: o})
			}
			continue
		}
		if done[rule.ID] {
			continue
		}
		done[rule.ID] = true
		if rule == r80 && rule == r140 {
			p.lineLength(rule, state, s.only != nil)
			continue
		}
		p.rule(rule, state, s.only != nil)
	}
	p.excludes(s.ignore)
	if s.failOnWarnings != nil {
		p.Carried = append(p.Carried, fmt.Sprintf("fail_on_warnings (%s): ducklint fails on warnings by default (--fail-on warning)", s.failOnWarnings))
	} else if len(s.Read) > 0 {
		p.Notes = append(p.Notes, Note{Why: "puppet-lint fails only on errors here (no fail_on_warnings); ducklint fails on warnings too: run it with --fail-on error (the Action's fail-on input, or args in a pre-commit hook) to fail only on errors"})
	}
	if s.relative != nil {
		p.Carried = append(p.Carried, fmt.Sprintf("relative (%s): nothing to set; ducklint's autoload-layout takes each module's name as Puppet does (metadata.json, or the directory on the modulepath)", s.relative))
	}
	return p
}

// rule sets one rule from the states of its checks: on when any of them
// is on. In preset mode it is written only when that differs from
// puppet-lint's defaults; with --only-checks, when it is on.
func (p *Plan) rule(rule *rules.Rule, state func(string) (bool, Origin, bool), only bool) {
	var on, def bool
	var why, stayOn []string
	var off []Note
	for _, c := range rule.Aliases {
		st, o, set := state(c)
		on = on || st
		def = def || defaultOn(c)
		if set && o.File != "" {
			why = append(why, fmt.Sprintf("%s %s (%s)", c, onOff(st), o))
		}
		if st {
			stayOn = append(stayOn, c)
		} else if set {
			off = append(off, Note{Origin: o, Text: c + " off"})
		}
	}
	if on == def && !(only && on) {
		// Some of the rule's checks may be off while another keeps it on.
		for _, n := range off {
			if on {
				n.Why = fmt.Sprintf("not carried over: ducklint's %s also does %s, which stays on", rule.ID, strings.Join(stayOn, ", "))
				p.Notes = append(p.Notes, n)
			} else if n.Origin.File != "" {
				p.Carried = append(p.Carried, fmt.Sprintf("%s (%s): off in the preset too, nothing to write", n.Text, n.Origin))
			}
		}
		return
	}
	enabled := on
	if !enabled && !rule.OffByDefault {
		// A rule ducklint runs by default reports what Puppet fails on or
		// gets wrong, not style: puppet-lint's check being off, often for
		// that check's own false positives, does not turn it off.
		p.Rules = append(p.Rules, RuleChange{ID: rule.ID, Enabled: &enabled, Why: why, Kept: true})
		p.Notes = append(p.Notes, Note{Text: strings.Join(why, ", "), Why: fmt.Sprintf(
			"%s stays on: it is one of the rules ducklint runs by default (what Puppet fails on or gets wrong), not a style rule; the file has [rules.%s] enabled = false commented out", rule.ID, rule.ID)})
		return
	}
	p.Rules = append(p.Rules, RuleChange{ID: rule.ID, Enabled: &enabled, Why: why})
	p.Carried = append(p.Carried, fmt.Sprintf("%s → [rules.%s] enabled = %t", strings.Join(why, ", "), rule.ID, enabled))
}

// lineLength sets the rule that carries both 80chars and 140chars: off
// when both are, else on with the length of the shorter.
func (p *Plan) lineLength(rule *rules.Rule, state func(string) (bool, Origin, bool), only bool) {
	on80, o80, set80 := state("80chars")
	on140, o140, set140 := state("140chars")
	var why []string
	if set80 && o80.File != "" {
		why = append(why, fmt.Sprintf("80chars %s (%s)", onOff(on80), o80))
	}
	if set140 && o140.File != "" {
		why = append(why, fmt.Sprintf("140chars %s (%s)", onOff(on140), o140))
	}
	change := RuleChange{ID: rule.ID, Why: why}
	switch {
	case on80:
		if !on140 || only {
			change.Enabled = new(true)
		}
		if !hasOption(rule, lengthOption) {
			p.Notes = append(p.Notes, Note{Origin: o80, Text: "80chars on",
				Why: fmt.Sprintf("not carried over: ducklint's %s has no %q option to set to 80", rule.ID, lengthOption)})
		} else {
			change.Length = 80
		}
	case on140:
		if only {
			change.Enabled = new(true)
		}
	default:
		change.Enabled = new(false)
	}
	if change.Enabled == nil && change.Length == 0 {
		if set80 && !on80 && o80.File != "" {
			p.Carried = append(p.Carried, fmt.Sprintf("80chars off (%s): off in the preset too, nothing to write", o80))
		}
		return
	}
	p.Rules = append(p.Rules, change)
	var set []string
	if change.Enabled != nil {
		set = append(set, fmt.Sprintf("enabled = %t", *change.Enabled))
	}
	if change.Length != 0 {
		set = append(set, fmt.Sprintf("%s = %d", lengthOption, change.Length))
	}
	p.Carried = append(p.Carried, fmt.Sprintf("%s → [rules.%s] %s", strings.Join(why, ", "), rule.ID, strings.Join(set, ", ")))
}

// hasOption reports whether rule has an option of that TOML name.
func hasOption(rule *rules.Rule, name string) bool {
	if rule.NewOptions == nil {
		return false
	}
	_, err := rules.ParseConfig("", fmt.Appendf(nil, "[rules.%s]\n%s = 80\n", rule.ID, name), mustRegistry(rule))
	return err == nil
}

// mustRegistry is a registry of one rule, for checking its options.
func mustRegistry(rule *rules.Rule) *rules.Registry {
	reg, err := rules.NewRegistry(rule)
	if err != nil {
		panic(err) // the rule is from a registry already
	}
	return reg
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// excludes turns ignore paths into exclude globs below the target
// directory.
func (p *Plan) excludes(ignore []pattern) {
	for _, pat := range ignore {
		g := strings.TrimPrefix(pat.glob, "./")
		if pat.under != "" {
			switch {
			case strings.HasPrefix(g, pat.under+"/"):
				g = strings.TrimPrefix(g, pat.under+"/")
			case strings.HasPrefix(g, "**/"):
			default:
				p.Notes = append(p.Notes, Note{Origin: pat.origin, Text: pat.glob, Why: "not carried over: it ignores paths outside " + pat.under})
				continue
			}
		}
		if err := load.CheckGlob(g); err != nil {
			p.Notes = append(p.Notes, Note{Origin: pat.origin, Text: pat.glob, Why: "not carried over: " + err.Error()})
			continue
		}
		if slices.ContainsFunc(p.Exclude, func(e Exclude) bool { return e.Glob == g }) {
			continue
		}
		p.Exclude = append(p.Exclude, Exclude{Glob: g, Origin: pat.origin})
	}
	if len(p.Exclude) > 0 {
		globs := make([]string, len(p.Exclude))
		for i, e := range p.Exclude {
			globs[i] = e.Glob
		}
		p.Carried = append(p.Carried, "ignore paths → exclude = "+tomlStrings(globs))
	}
}

// TOML is the .ducklint.toml of the plan.
func (p *Plan) TOML() []byte {
	var b strings.Builder
	b.WriteString("# Written by `ducklint init`")
	if len(p.Read) > 0 {
		b.WriteString(" from " + comment(strings.Join(p.Read, ", ")))
	}
	b.WriteString(".\n")
	if len(p.Exclude) > 0 {
		b.WriteString("\n# puppet-lint's ignore paths.\nexclude = [\n")
		for _, e := range p.Exclude {
			fmt.Fprintf(&b, "  %s, # %s\n", tomlString(e.Glob), comment(e.Origin.String()))
		}
		b.WriteString("]\n")
	}
	if p.Preset != "" {
		b.WriteString("\n[style]\n")
		if p.PresetWhy != nil {
			fmt.Fprintf(&b, "# %s %s.\n", comment(p.PresetWhy.Origin.String()), p.PresetWhy.Why)
		} else {
			b.WriteString("# The checks puppet-lint runs by default.\n")
		}
		fmt.Fprintf(&b, "preset = %s\n", tomlString(p.Preset))
	}
	for _, r := range p.Rules {
		b.WriteString("\n")
		for _, w := range r.Why {
			fmt.Fprintf(&b, "# %s\n", comment(w))
		}
		if r.Kept {
			fmt.Fprintf(&b, "# %s is one of the rules ducklint runs by default: what Puppet fails on or gets\n# wrong, not style. It stays on; uncomment to turn it off as puppet-lint's check was.\n", r.ID)
			fmt.Fprintf(&b, "# [rules.%s]\n# enabled = false\n", r.ID)
			continue
		}
		fmt.Fprintf(&b, "[rules.%s]\n", r.ID)
		if r.Enabled != nil {
			fmt.Fprintf(&b, "enabled = %t\n", *r.Enabled)
		}
		if r.Length != 0 {
			fmt.Fprintf(&b, "%s = %d\n", lengthOption, r.Length)
		}
	}
	if len(p.Missing) > 0 {
		b.WriteString("\n# puppet-lint checks this configuration turns off or on that ducklint has no rule for yet:\n")
		for _, m := range p.Missing {
			fmt.Fprintf(&b, "#   %s\n", comment(fmt.Sprintf("%s %s (%s)", m.Check, onOff(m.Enabled), m.Origin)))
		}
	}
	return []byte(b.String())
}

// comment is s as the text of a TOML comment: valid UTF-8 on one line,
// with no control character but tab.
func comment(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' || r == 0x7f {
			return '\uFFFD'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// tomlStrings is a TOML array of strings on one line.
func tomlStrings(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = tomlString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// tomlString is s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
