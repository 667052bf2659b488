package rules

import (
	"slices"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/style"
)

// StyleRules returns the rules of package style as ducklint rules: per
// file, off by default, with the puppet-lint check name as their alias.
func StyleRules() []*Rule {
	var out []*Rule
	for _, s := range style.Rules() {
		out = append(out, styleRule(s))
	}
	return out
}

// The presets [style] preset and --preset accept.
const (
	// PuppetLintPresetName is the checks puppet-lint runs by default.
	PuppetLintPresetName = "puppet-lint"
	// VoxPupuliPresetName is puppet-lint's default checks and the
	// plugins of the voxpupuli-puppet-lint-plugins gem.
	VoxPupuliPresetName = "voxpupuli"
)

// PresetNames returns the names [style] preset and --preset accept.
func PresetNames() []string { return []string{PuppetLintPresetName, VoxPupuliPresetName} }

// IsPreset reports whether name is a preset.
func IsPreset(name string) bool {
	return name == PuppetLintPresetName || name == VoxPupuliPresetName
}

// voxPupuliChecks are the checks of the voxpupuli-puppet-lint-plugins
// gem's plugins that ducklint has a rule for, by check name; a rule
// answering to one of them is in the voxpupuli preset. A rule added for
// another of the plugins' checks adds the check's name here.
var voxPupuliChecks = []string{"legacy_facts", "top_scope_facts", "parameter_types", "parameter_documentation", "strict_indent",
	"manifest_whitespace_arrows_single_space_after", "manifest_whitespace_inherits_name_single_space_before", "manifest_whitespace_class_name_single_space_before", "manifest_whitespace_class_name_single_space_after", "manifest_whitespace_closing_brace_before", "manifest_whitespace_closing_brace_after", "manifest_whitespace_closing_bracket_before", "manifest_whitespace_closing_bracket_after", "manifest_whitespace_two_empty_lines", "manifest_whitespace_newline_beginning_of_file", "manifest_whitespace_missing_newline_end_of_file", "manifest_whitespace_double_newline_end_of_file", "manifest_whitespace_opening_brace_before", "manifest_whitespace_opening_brace_after", "manifest_whitespace_opening_bracket_before", "manifest_whitespace_opening_bracket_after",
	"trailing_comma", "relative_classname_inclusion", "relative_classname_reference",
	"resource_reference_with_unquoted_title", "resource_reference_without_title_capital", "resource_reference_without_whitespace", "resource_reference_chain_without_whitespace",
	"leading_zero", "file_ensure", "variable_contains_upcase",
	"topscope_variable", "unquoted_string_in_case", "unquoted_string_in_selector", "version_comparison",
	"anchor_resource", "lookup_in_parameter", "optional_default", "params_empty_string_assignment",
	"classes_and_types_beginning_with_digits"}

// IsVoxPupuliCheck reports whether check is a check of Vox Pupuli's
// plugin set that a rule answers to: puppet-lint runs it only where the
// plugins are installed.
func IsVoxPupuliCheck(check string) bool { return slices.Contains(voxPupuliChecks, check) }

// Preset returns the ids of the rules of reg the named preset enables; nil
// for an unknown name. The puppet-lint preset is the style rules of the
// checks puppet-lint runs unless told not to; its other default checks
// are covered by rules ducklint runs by default. The voxpupuli preset adds
// the rules answering to a check of Vox Pupuli's plugin set.
func Preset(reg *Registry, name string) []string {
	if !IsPreset(name) {
		return nil
	}
	var ids []string
	for _, s := range style.Rules() {
		if s.PuppetLintDefault {
			ids = append(ids, s.ID)
		}
	}
	if name == VoxPupuliPresetName {
		for _, r := range reg.Rules() {
			if slices.ContainsFunc(r.Aliases, func(a string) bool { return slices.Contains(voxPupuliChecks, a) }) && !slices.Contains(ids, r.ID) {
				ids = append(ids, r.ID)
			}
		}
	}
	return ids
}

func styleRule(s *style.Rule) *Rule {
	return &Rule{
		ID:           s.ID,
		Title:        s.Title,
		Doc:          s.Doc,
		Severity:     s.Severity,
		Kind:         PerFile,
		OffByDefault: true,
		Aliases:      append([]string{s.Check}, s.AlsoChecks...),
		NewOptions:   s.NewOptions,
		Run: func(p *Pass) {
			file := p.styleFile()
			if file == nil {
				return
			}
			c := p.nodes
			c.stylePass, c.styleRule = p, s
			if c.styleReport == nil {
				c.styleReport = c.reportStyle
			}
			s.Run(file.Pass(p.Options, c.styleReport))
		},
	}
}

// reportStyle reports a finding of the style rule being run over the
// file (stylePass, styleRule) as a diagnostic. It is one function value
// per worker, not a closure per rule and file.
func (c *fileNodes) reportStyle(f style.Finding) {
	p, lines := c.stylePass, c.view.Lines
	// A rule reports in about source order: each position is looked for
	// from the last one first.
	start := lines.PosNear(f.Start, c.stylePos)
	end := start
	if f.End != f.Start {
		end = lines.PosNear(f.End, start)
	}
	c.stylePos = start
	// An edit usually replaces the finding's own range: its ends are
	// positions already worked out.
	pos := func(off int) parser.Pos {
		switch off {
		case f.Start:
			return start
		case f.End:
			return end
		}
		return lines.PosNear(off, start)
	}
	d := Diagnostic{File: p.File.Path, Start: start, End: end, Message: f.Message, Detail: c.styleRule.Detail}
	if n := len(f.Edits); n > 0 {
		// The findings' edits are cut from shared blocks, each capped to
		// its own length so that appending to one copies it, instead of
		// one allocation per finding: strict-indent alone has 110,000
		// findings with an edit on a large tree.
		if cap(c.editBlock)-len(c.editBlock) < n {
			c.editBlock = make([]Edit, 0, max(n, editBlockSize))
		}
		at := len(c.editBlock)
		for _, e := range f.Edits {
			c.editBlock = append(c.editBlock, Edit{Start: pos(e.Start), End: pos(e.End), NewText: e.NewText})
		}
		d.Edits = c.editBlock[at:len(c.editBlock):len(c.editBlock)]
	}
	p.Report(d)
}

// editBlockSize is how many edits reportStyle allocates at once.
const editBlockSize = 256

// styleFile returns the pass's file as the style rules see it, made once
// per file and shared by the style rules, so that each scan of the tokens
// several of them need is done once; nil for EPP files, Hiera files (whose
// Parsed holds YAML) and passes without a file. Its tokens and scans live
// in the runner's per-worker memory and are overwritten by the next file.
func (p *Pass) styleFile() *style.File {
	if p.File == nil || p.File.Parsed == nil || p.File.Parsed.EPP || p.File.Hiera != nil {
		return nil
	}
	if p.nodes == nil {
		p.nodes = &fileNodes{}
	}
	c := p.nodes
	if !c.styleDone {
		f := p.File.Parsed
		c.view.Reset(f.Src, f.Lines)
		c.style.Reset(&c.view)
		c.styleDone = true
	}
	return &c.style
}
