package style

import (
	"bytes"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// SlashComment flags // comments, which Puppet does not have.
func SlashComment() *Rule {
	return &Rule{
		ID:                "slash-comment",
		Check:             "slash_comments",
		Title:             "A comment uses //",
		Detail:            `Puppet has no // comments: it reads // as an empty regular expression and fails. Write the comment with #.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A // comment: two slashes outside strings, comments and regular expressions, to the end of the
line, as puppet-lint's slash_comments check finds. Puppet reads // as an empty regular expression (or
two division signs), so the file also fails to parse (syntax-error reports where Puppet stops, once
per file; this rule reports each // comment). There is no automatic fix: the safe fix only writes a
file it can compare before and after, and a file with a // comment does not parse.`,
		Run: func(p *Pass) {
			src := p.View.Src
			if !startsSlashComment(p, parser.TokPunct) && !startsSlashComment(p, parser.TokRegex) {
				return // nothing to look at: most files
			}
			toks, base := p.View.Tokens, 0
			for i := 0; i < len(toks); i++ {
				t := &toks[i]
				if !(t.Kind == parser.TokRegex || t.Kind == parser.TokPunct) || !bytes.HasPrefix(src[base+t.Start:], []byte("//")) {
					continue
				}
				start := base + t.Start
				end := len(src)
				if n := bytes.IndexByte(src[start:], '\n'); n >= 0 {
					end = start + n
				}
				p.Report(Finding{Start: start, End: end, Message: "// comment found"})
				// The rest of the line is the comment. Puppet's lexer may
				// have read a token across its end (a regular expression
				// from the second slash): then lex again after it.
				for i+1 < len(toks) && base+toks[i+1].Start < end {
					i++
				}
				if base+toks[i].End > end && end < len(src) {
					toks, base, i = parser.NewTokenView(src[end:], nil).Tokens, end, -1
				}
			}
		},
	}
}

// startsSlashComment reports whether the source at a token of kind k
// starts with //.
func startsSlashComment(p *Pass, k parser.TokenKind) bool {
	toks, src := p.View.Tokens, p.View.Src
	for _, i := range p.TokensOf(k) {
		if bytes.HasPrefix(src[toks[i].Start:], []byte("//")) {
			return true
		}
	}
	return false
}
