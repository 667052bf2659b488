package rules

import (
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

// PuppetLintPresetName is the preset of the checks puppet-lint runs by default.
const PuppetLintPresetName = "puppet-lint"

// PresetNames returns the names [style] preset and --preset accept.
func PresetNames() []string { return []string{PuppetLintPresetName} }

// IsPreset reports whether name is a preset.
func IsPreset(name string) bool { return name == PuppetLintPresetName }

// Preset returns the ids of the rules the named preset enables; nil for
// an unknown name. The puppet-lint preset is the style rules of the
// checks puppet-lint runs unless told not to; its other default checks
// are covered by rules ducklint runs by default.
func Preset(name string) []string {
	if name != PuppetLintPresetName {
		return nil
	}
	var ids []string
	for _, s := range style.Rules() {
		if s.PuppetLintDefault {
			ids = append(ids, s.ID)
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
		Aliases:      []string{s.Check},
		NewOptions:   s.NewOptions,
		Run: func(p *Pass) {
			view := p.TokenView()
			if view == nil {
				return
			}
			path := p.File.Path
			lines := view.Lines
			s.Run(style.NewPass(view, p.Options, func(f style.Finding) {
				d := Diagnostic{File: path, Start: lines.Pos(f.Start), End: lines.Pos(f.End), Message: f.Message, Detail: s.Detail}
				for _, e := range f.Edits {
					d.Edits = append(d.Edits, Edit{Start: lines.Pos(e.Start), End: lines.Pos(e.End), NewText: e.NewText})
				}
				p.Report(d)
			}))
		},
	}
}

// TokenView returns the token view of the pass's file, built once per file
// and shared by the style rules; nil for EPP files and passes without a
// file.
func (p *Pass) TokenView() *parser.TokenView {
	if p.File == nil || p.File.Parsed == nil || p.File.Parsed.EPP {
		return nil
	}
	if p.nodes == nil {
		p.nodes = &fileNodes{}
	}
	if p.nodes.tokens == nil {
		f := p.File.Parsed
		p.nodes.tokens = parser.NewTokenView(f.Src, f.Lines)
	}
	return p.nodes.tokens
}
