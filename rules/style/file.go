package style

import (
	"slices"

	"github.com/ducklint/ducklint/parser"
)

// This file is the seam between the style rules and what they derive from
// a file's tokens: several rules need the same scan (the definitions, the
// resource bodies, the tokens puppet-lint's lexer swallows, the variable
// names as puppet-lint reads them), and each scan
// is done once per file, on first use, and shared by every rule run over
// that file.

// File is one manifest as the style rules see it: its token view and the
// scans of it that several rules share. The rules run over one file one
// after another, so it needs no lock. What its methods return is shared:
// callers must not modify it.
type File struct {
	// View is the file's tokens.
	View *parser.TokenView

	defs  []definition
	res   []resource
	param []int // the attribute indexes of res
	away  []bool
	vars  []variableName
	pl    []plToken
	plAt  []int32 // see PuppetLintIndex
	plOf  [len(plIndexedTypes)][]int32
	// plParams are the parameters of each of defs, those of defs[i] from
	// plParamsAt[i] to plParamsAt[i+1] (see PuppetLintParams).
	plParams   []plParam
	plParamsAt []int32
	kinds      [parser.TokLexError + 1][]int32 // see TokensOf
	// Kept from file to file: see Pass.OneEdit and Pass.Intern.
	edit    [1]Edit
	strings map[string]string
	lines   []int32
	pairs   []int32
	open    [3][]int32 // scratch space of BracketPairs
	ready   scans      // the scans done for View
	pass    Pass       // the pass Pass returns
}

// scans is a set of the File's shared scans.
type scans uint16

const (
	scanDefinitions scans = 1 << iota
	scanResources
	scanLexedAway
	scanVariableNames
	scanPuppetLintTokens
	scanKinds
	scanTokenLines
	scanBracketPairs
	scanPuppetLintParams
)

// NewFile returns the File of view v, its scans not yet done.
func NewFile(v *parser.TokenView) *File { return &File{View: v} }

// Reset makes f the File of view v, forgetting the previous file's scans
// but keeping their memory, for a caller that checks many files one after
// another.
func (f *File) Reset(v *parser.TokenView) {
	f.View, f.ready = v, 0
	f.defs, f.res, f.param, f.away, f.vars, f.pl = f.defs[:0], f.res[:0], f.param[:0], f.away[:0], f.vars[:0], f.pl[:0]
	f.lines, f.pairs, f.plAt = f.lines[:0], f.pairs[:0], f.plAt[:0]
	f.plParams, f.plParamsAt = f.plParams[:0], f.plParamsAt[:0]
	for i := range f.plOf {
		f.plOf[i] = f.plOf[i][:0]
	}
	for i := range f.kinds {
		f.kinds[i] = f.kinds[i][:0]
	}
}

// Definitions returns the class and defined type definitions of the file
// (see appendDefinitions).
func (f *File) Definitions() []definition {
	if f.ready&scanDefinitions == 0 {
		f.defs = appendDefinitions(f.defs[:0], f.View.Tokens, f.TokensOf(parser.TokName))
		f.ready |= scanDefinitions
	}
	return f.defs
}

// Resources returns the resource bodies of the file (see appendResources).
func (f *File) Resources() []resource {
	if f.ready&scanResources == 0 {
		f.res, f.param = appendResources(f.res[:0], f.param[:0], f.View.Tokens, f.TokensOf(parser.TokPunct))
		f.ready |= scanResources
	}
	return f.res
}

// LexedAway returns, for each token of the file, whether puppet-lint's
// lexer never sees it (see fillLexedAway).
func (f *File) LexedAway() []bool {
	if f.ready&scanLexedAway == 0 {
		f.away = fillLexedAway(f.away, f.View.Src, f.View.Tokens, f.TokensOf(parser.TokVariable))
		f.ready |= scanLexedAway
	}
	return f.away
}

// VariableNames returns the variables of the file as puppet-lint reads
// them (see variableNames).
func (f *File) VariableNames() []variableName {
	if f.ready&scanVariableNames == 0 {
		f.vars = appendVariableNames(f.vars[:0], f.View)
		f.ready |= scanVariableNames
	}
	return f.vars
}

// PuppetLintTokens returns the tokens of the file typed as puppet-lint's
// lexer types them, nil when it could not lex the file (see
// appendPuppetLintScan); the same pass makes PuppetLintIndex and
// PuppetLintTokensOf.
func (f *File) PuppetLintTokens() []plToken {
	if f.ready&scanPuppetLintTokens == 0 {
		f.pl, f.plAt = appendPuppetLintScan(f.pl[:0], f.plAt[:0], &f.plOf, f.View)
		f.ready |= scanPuppetLintTokens
	}
	return f.pl
}

// PuppetLintParams returns the parameters of the i-th of Definitions as
// the plugins reading puppet-lint's tokens read them, none when it has no
// parameter list or the file no puppet-lint tokens (see appendPLParams).
// Several rules read them: they are found once per file.
func (f *File) PuppetLintParams(i int) []plParam {
	if f.ready&scanPuppetLintParams == 0 {
		defs, toks, at := f.Definitions(), f.PuppetLintTokens(), f.PuppetLintIndex()
		f.plParams, f.plParamsAt = f.plParams[:0], append(f.plParamsAt[:0], 0)
		for _, d := range defs {
			if toks != nil {
				f.plParams = appendPLParams(f.plParams, toks, at, d)
			}
			f.plParamsAt = append(f.plParamsAt, int32(len(f.plParams)))
		}
		f.ready |= scanPuppetLintParams
	}
	return f.plParams[f.plParamsAt[i]:f.plParamsAt[i+1]:f.plParamsAt[i+1]]
}

// PuppetLintIndex returns, for each token of the view, the index of the
// token of PuppetLintTokens starting where it starts, or -1 (see
// appendPuppetLintScan).
func (f *File) PuppetLintIndex() []int32 {
	f.PuppetLintTokens() // which makes the index
	return f.plAt
}

// TokensOf returns the indexes, in order, of the view's tokens of kind k:
// rules looking at tokens of one kind range over them instead of over
// every token.
func (f *File) TokensOf(k parser.TokenKind) []int32 {
	if f.ready&scanKinds == 0 {
		f.kindsAndLines()
	}
	if int(k) >= len(f.kinds) {
		return nil
	}
	return f.kinds[k]
}

// PuppetLintTokensOf returns the indexes, in order, of the tokens of
// PuppetLintTokens of type typ, one of plIndexedTypes: rules looking for
// one type range over them instead of over every token.
func (f *File) PuppetLintTokensOf(typ string) []int32 {
	k := plIndexedType(typ)
	if k < 0 {
		panic("style: puppet-lint tokens of type " + typ + " are not indexed")
	}
	f.PuppetLintTokens() // which makes the lists
	return f.plOf[k]
}

// TokenLines returns the 1-based line each token of the file starts on.
func (f *File) TokenLines() []int32 {
	if f.ready&scanTokenLines == 0 {
		f.kindsAndLines()
	}
	return f.lines
}

// kindsAndLines makes the lists of TokensOf and TokenLines, in one pass
// over the tokens.
func (f *File) kindsAndLines() {
	toks, lines := f.View.Tokens, f.View.Lines
	f.lines = slices.Grow(f.lines[:0], len(toks))[:len(toks)]
	for i := range f.kinds {
		f.kinds[i] = f.kinds[i][:0]
	}
	// The line each token starts on, walking the line starts beside the
	// tokens instead of counting the newlines of every token's text.
	line := 1
	next, _, more := lines.LineBounds(2) // where line 2 starts
	for i := range toks {
		t := &toks[i]
		for more && next <= t.Start {
			line++
			next, _, more = lines.LineBounds(line + 1)
		}
		f.lines[i] = int32(line)
		if k := t.Kind; int(k) < len(f.kinds) {
			f.kinds[k] = append(f.kinds[k], int32(i))
		}
	}
	f.ready |= scanKinds | scanTokenLines
}

// BracketPairs returns, for each token of the file, the index of the
// bracket token it pairs with, or -1 (see appendBracketPairs).
func (f *File) BracketPairs() []int32 {
	if f.ready&scanBracketPairs == 0 {
		f.pairs = appendBracketPairs(f.pairs[:0], f.View.Tokens, f.TokensOf(parser.TokPunct), &f.open)
		f.ready |= scanBracketPairs
	}
	return f.pairs
}

// Pass returns a pass of one rule over f's file that hands each finding to
// report and shares f's scans with the other rules' passes. The pass is
// f's own, reused by the next call: rules run one after another and keep
// no pass after their Run returns.
func (f *File) Pass(options any, report func(Finding)) *Pass {
	f.pass = Pass{View: f.View, Options: options, file: f, report: report}
	return &f.pass
}
