// Package style holds ducklint's layout and style rules: the checks of
// puppet-lint, each over the tokens of one manifest with their whitespace
// and comments (parser.TokenView). Each rule is one file and a leaf: it
// imports the view and the helpers of this package's shared files
// (lines.go, ...), never another rule. Package rules registers them.
package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// Rule is a style rule: its ducklint id, the puppet-lint check it stands
// for, and what puppet-lint does with that check by default.
type Rule struct {
	// ID is the ducklint rule id.
	ID string
	// Check is the puppet-lint check name, the rule's alias.
	Check string
	// Title is a one-line summary; Doc explains the rule.
	Title, Doc string
	// Detail is what every finding of the rule says below its message:
	// why it matters and how to fix it.
	Detail string
	// Severity is what puppet-lint reports the check as: its ERROR is
	// Error, its WARNING Warning.
	Severity diagnostics.Severity
	// PuppetLintDefault is set when puppet-lint runs the check unless told
	// not to; the puppet-lint preset enables exactly these.
	PuppetLintDefault bool
	// NewOptions returns the rule's options with their defaults, or is nil.
	NewOptions func() any
	// Run finds the problems of one file.
	Run func(*Pass)
}

// Pass is one run of a rule over one file.
type Pass struct {
	View    *parser.TokenView
	Options any
	report  func(Finding)
}

// NewPass returns a pass over v that hands each finding to report.
func NewPass(v *parser.TokenView, options any, report func(Finding)) *Pass {
	return &Pass{View: v, Options: options, report: report}
}

// Finding is a problem a rule found: the byte range [Start, End) of the
// file, a message, and the edits that fix it, if the rule can.
type Finding struct {
	Start, End int
	Message    string
	Edits      []Edit
}

// Edit replaces the bytes [Start, End) of the file with NewText.
type Edit struct {
	Start, End int
	NewText    string
}

// Report records a finding.
func (p *Pass) Report(f Finding) { p.report(f) }

// Rules returns a fresh slice of every style rule.
func Rules() []*Rule {
	return []*Rule{
		TrailingWhitespace(),
		HardTab(),
		LineLength(),
		LineLength80(),
		SoftTabs(),
		DoubleQuotedString(),
		QuotedBoolean(),
		RightToLeftRelationship(),
		StarComment(),
		PuppetURLWithoutModules(),
		Documentation(),
		ParameterOrder(),
		InheritsAcrossNamespaces(),
		NestedDefinition(),
		InheritsParamsClass(),
		UnquotedNodeName(),
		ArrowOnRightOperandLine(),
		CodeOnTopScope(),
		VariableWithDash(),
		VariableUppercase(),
		SlashComment(),
		OnlyVariableString(),
		VariableNotEnclosed(),
		UnquotedFileMode(),
		FileMode(),
		UnquotedResourceTitle(),
		CaseWithoutDefault(),
		SelectorInsideResource(),
		SingleQuotedInterpolation(),
		EnsureFirst(),
		EnsureNotSymlinkTarget(),
		ArrowAlignment(),
		SpaceBeforeArrow(),
	}
}
