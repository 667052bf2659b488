package style

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// StarComment flags /* */ comments.
func StarComment() *Rule {
	return &Rule{
		ID:                "star-comment",
		Check:             "star_comments",
		Title:             "A comment uses /* */",
		Detail:            `The Puppet style guide asks for # comments; rewrite the comment with # on each line (--fix does).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A /* */ comment; the Puppet style guide asks for # comments. The fix writes each line of the
comment's text as a # comment, as puppet-lint's fix does: the text without its /* and */ and the *
that starts a line, trimmed, each line trimmed, the first in the comment's place and each other on a
line of its own after it, indented with the blanks before the comment (or the line break, when the
comment starts a line at column 1: puppet-lint leaves an empty line between the comments then). Not
fixed: a comment of several lines after code on its line (puppet-lint repeats the code before it as
the indent), and a comment followed by anything on its line (puppet-lint makes that text part of the
last # comment: code is commented out, or a following comment, such as a control comment, is merged
into it).`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for i := range toks {
				t := &toks[i]
				if t.Kind != parser.TokBlockComment {
					continue
				}
				f := Finding{Start: t.Start, End: t.End, Message: "/* */ comment found"}
				lines := starCommentLines(t.Text)
				indent, fixable := "", true
				if i > 0 {
					switch prev := toks[i-1]; prev.Kind {
					case parser.TokWhitespace, parser.TokNewline:
						indent = prev.Text
					default:
						fixable = len(lines) < 2
					}
				}
				// Text after the comment on its line would become part of
				// the last # comment: code commented out, or two comments
				// merged into one.
				after := i + 1
				if after < len(toks) && toks[after].Kind == parser.TokWhitespace {
					after++
				}
				if after < len(toks) && toks[after].Kind != parser.TokNewline {
					fixable = false
				}
				if fixable {
					text := "# " + lines[0]
					for _, l := range lines[1:] {
						text += "\n" + indent + "# " + l
					}
					f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: text}}
				}
				p.Report(f)
			}
		},
	}
}

// starCommentStar is the * that starts a line of a /* */ comment.
var starCommentStar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^ *\*`) })

// starCommentLines returns the lines of text of a /* */ comment, as
// puppet-lint's fix takes them: without the delimiters (and one space
// inside each), without the * starting a line, trimmed, and each line
// trimmed. There is always at least one line.
func starCommentLines(comment string) []string {
	body := strings.TrimPrefix(comment, "/*")
	body = strings.TrimPrefix(body, " ")
	body = strings.TrimSuffix(body, "*/")
	body = strings.TrimSuffix(body, " ")
	body = strings.TrimSpace(starCommentStar().ReplaceAllString(body, ""))
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSpace(l)
	}
	return lines
}
