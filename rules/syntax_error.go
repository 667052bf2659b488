package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ducklint/ducklint/parser"
)

// SyntaxError reports files that do not parse, and files that parse but
// that Puppet's validator rejects.
func SyntaxError() *Rule {
	return &Rule{
		ID:         "syntax-error",
		Validation: true,
		Title:      "The file does not parse, or Puppet's validator rejects it",
		Severity:   Error,
		Kind:       PerFile,
		Doc: `Puppet rejects the whole catalog when one manifest of the environment does not parse.
The finding is placed on the offending token and uses Puppet's own words ("Syntax error at 'x'",
"Syntax error at end of input", "Unclosed quote after ..."). The parser recovers at statement and
definition boundaries, so later errors in the same file are reported too; they may be consequences
of the first. A reserved keyword used as the name of a class, defined type, function or plan
(class if {}) is left to the reserved-word rule, which quotes the same Puppet message, when that
rule is enabled.

A file that parses is then checked as Puppet's validator checks it (puppet parser validate): an
expression whose value is thrown away ("This Name has no effect"), a parameter declared twice, a
class or node defined twice in the file, a call of something that is not a function, node
inheritance, +=, and the other checks listed in docs/validation.md, in Puppet's words. A literal hash
key given twice is an error when the target version is 8, where strict=error rejects the file, and a
warning when it is 7, which only warns.`,
		Run: func(p *Pass) {
			f := p.File.Parsed
			for _, e := range f.Errors {
				if _, _, ok := ReservedWordSyntaxError(f, e); ok && p.RuleEnabled("reserved-word") {
					continue // reported by reserved-word, with the same message
				}
				reportPuppetMessage(p, e.Span, e.Message, "")
			}
			if len(f.Errors) > 0 {
				return // Puppet validates only what parses; a recovered tree is partial
			}
			for _, is := range p.validate() {
				msg, detail := validationMessage(is.Message, is.Short)
				if is.Strict && !p.Puppet.StrictVariables() {
					p.Report(Diagnostic{File: p.File.Path, Start: is.Start, End: is.End, Severity: Warning, Message: msg,
						Detail: strings.TrimSpace("Puppet 7 warns (its strict setting is warning by default); Puppet 8, where strict is " +
							"error by default, rejects the file. " + detail)})
					continue
				}
				if is.Strict {
					detail = strings.TrimSpace("Puppet 8 rejects the file (its strict setting is error by default; Puppet 7 only warns). " + detail)
				}
				p.ReportSpan(p.File, is.Span, msg, detail)
			}
		},
	}
}

// reportPuppetMessage reports a parse error's message on span; a message
// too long for one line is cut, and given in full in the detail.
func reportPuppetMessage(p *Pass, span parser.Span, msg, detail string) {
	if excerpt(msg) != msg || len(msg) > MessageLimit {
		// Puppet's words quote the source, which may be long.
		msg, detail = excerpt(msg), "Puppet's message in full: "+msg
	}
	p.ReportSpan(p.File, span, msg, detail)
}

// validationMessage is the message and detail of a validation issue:
// Puppet's message when it fits on a line, else the short form (an
// excerpt of it when that is too long too) or else Puppet's first sentence
// (an excerpt of the message when that is too long), with
// Puppet's message whole in the detail.
func validationMessage(puppet, short string) (msg, detail string) {
	fits := func(s string) bool {
		return s != "" && utf8.RuneCountInString(s) <= MessageLimit && !strings.ContainsFunc(s, unicode.IsControl)
	}
	if fits(puppet) {
		return puppet, ""
	}
	detail = "Puppet's message in full: " + puppet
	switch {
	case fits(short):
		return short, detail
	case short != "":
		return excerpt(short), detail
	}
	if i := strings.Index(puppet, ". "); i > 0 && fits(puppet[:i+1]) {
		return puppet[:i+1], detail
	}
	return excerpt(puppet), detail
}
