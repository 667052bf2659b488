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
	// AlsoChecks are the names of plugin checks that find the same
	// problems as Check, also the rule's aliases.
	AlsoChecks []string
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
	file    *File
	report  func(Finding)
}

// NewPass returns a pass over v that hands each finding to report. The
// scans rules share are done for this pass alone; passes of several rules
// over one file share them through File.Pass.
func NewPass(v *parser.TokenView, options any, report func(Finding)) *Pass {
	return NewFile(v).Pass(options, report)
}

// Definitions returns the class and defined type definitions of the
// pass's file, scanned once per file; callers must not modify them.
func (p *Pass) Definitions() []definition { return p.file.Definitions() }

// Resources returns the resource bodies of the pass's file, scanned once
// per file; callers must not modify them.
func (p *Pass) Resources() []resource { return p.file.Resources() }

// LexedAway returns, for each token of the pass's file, whether
// puppet-lint's lexer never sees it; computed once per file, callers must
// not modify it.
func (p *Pass) LexedAway() []bool { return p.file.LexedAway() }

// PuppetLintTokens returns the tokens of the pass's file typed as
// puppet-lint's lexer types them, computed once per file; callers must not
// modify them.
func (p *Pass) PuppetLintTokens() []plToken { return p.file.PuppetLintTokens() }

// OneEdit returns a slice of the one edit e for a finding's Edits, in
// memory the pass's file keeps and the next call overwrites: a rule
// reporting an edit on most lines of a file makes no slice per finding.
func (p *Pass) OneEdit(e Edit) []Edit {
	p.file.edit[0] = e
	return p.file.edit[:1:1]
}

// Intern returns b as a string, the same string for the same bytes
// through the passes over every file the File is reset to: a rule whose
// messages repeat (strict-indent's "indent should be 4 chars and is 2")
// makes each once.
func (p *Pass) Intern(b []byte) string {
	f := p.file
	if s, ok := f.strings[string(b)]; ok {
		return s
	}
	if f.strings == nil {
		f.strings = map[string]string{}
	}
	s := string(b)
	f.strings[s] = s
	return s
}

// TokensOf returns the indexes of the view's tokens of kind k (see
// File.TokensOf).
func (p *Pass) TokensOf(k parser.TokenKind) []int32 { return p.file.TokensOf(k) }

// plTokensOf returns the indexes of the tokens of PuppetLintTokens of
// type typ (see File.PuppetLintTokensOf).
func (p *Pass) plTokensOf(typ string) []int32 { return p.file.PuppetLintTokensOf(typ) }

// plParamsOf returns the parameters of the pass's i-th definition on the
// puppet-lint tokens (see File.PuppetLintParams); callers must not modify
// them.
func (p *Pass) plParamsOf(i int) []plParam { return p.file.PuppetLintParams(i) }

// plIndexOf returns the index in PuppetLintTokens of the token starting
// where the view's token i starts, or -1: the seam from a view token to
// its puppet-lint token.
func (p *Pass) plIndexOf(i int) int { return int(p.file.PuppetLintIndex()[i]) }

// TokenLines returns the 1-based line each token of the pass's file
// starts on, computed once per file; callers must not modify it.
func (p *Pass) TokenLines() []int32 { return p.file.TokenLines() }

// BracketPairs returns, for each token of the pass's file, the index of
// the bracket it pairs with or -1, computed once per file; callers must
// not modify it.
func (p *Pass) BracketPairs() []int32 { return p.file.BracketPairs() }

// Finding is a problem a rule found: the byte range [Start, End) of the
// file, a message, and the edits that fix it, if the rule can. The
// function a pass reports to must not keep Edits after it returns: a rule
// may pass the slice of OneEdit, which the next call overwrites.
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

// Report records a finding. Edits that would leave the text as it is are
// dropped: a fix that changes nothing would be asked for again after it.
func (p *Pass) Report(f Finding) {
	for i, e := range f.Edits {
		if !p.changes(e) {
			// The edits that change something, in a new slice: the
			// rule's stays as it is. When every edit changes the file,
			// as nearly always, the finding keeps the rule's slice.
			edits := f.Edits[:i:i]
			for _, e := range f.Edits[i+1:] {
				if p.changes(e) {
					edits = append(edits, e)
				}
			}
			f.Edits = edits
			break
		}
	}
	p.report(f)
}

// changes reports whether edit e changes the pass's file.
func (p *Pass) changes(e Edit) bool {
	if e.Start == e.End && e.NewText == "" {
		return false
	}
	return e.End > len(p.View.Src) || string(p.View.Src[e.Start:e.End]) != e.NewText
}

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
		SpaceAfterArrow(),
		SpaceBeforeInheritedName(),
		SpaceBeforeDefinitionName(),
		SpaceAfterDefinitionName(),
		SpaceBeforeClosingBrace(),
		AfterClosingBrace(),
		SpaceBeforeClosingBracket(),
		AfterClosingBracket(),
		TwoEmptyLines(),
		NewlineAtStart(),
		MissingFinalNewline(),
		ExtraFinalNewline(),
		SpaceBeforeOpeningBrace(),
		SpaceAfterOpeningBrace(),
		SpaceBeforeOpeningBracket(),
		SpaceAfterOpeningBracket(),
		StrictIndent(),
		ParameterDocumentation(),
		ArrowAlignment(),
		SpaceBeforeArrow(),
		TrailingComma(),
		AbsoluteClassInclusion(),
		AbsoluteClassReference(),
		ResourceReferenceUnquotedTitle(),
		ResourceReferenceCapitalisedTitle(),
		ResourceReferenceSpace(),
		TypeReferenceSpace(),
		LeadingZero(),
		TopScopeVariablePrefix(),
		UnquotedCaseOption(),
		UnquotedSelectorOption(),
		VersionComparison(),
		FileEnsurePresent(),
		AnchorResource(),
		LookupInParameter(),
		OptionalDefault(),
		EmptyStringDefault(),
		DefinitionNameLeadingDigit(),
	}
}
