package style

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// ParameterDocumentationOptions are the options of parameter-documentation.
type ParameterDocumentationOptions struct {
	// Styles are the documentation styles accepted: "strings" (Puppet
	// Strings' @param), "kafo" ($name:: text) and "doc" ([*name*] text,
	// the old puppetdoc).
	Styles []string `toml:"styles"`
}

// docStyles are the styles a parameter's documentation can be written in.
var docStyles = []string{"doc", "kafo", "strings"}

// Validate checks the options after decoding.
func (o *ParameterDocumentationOptions) Validate() error {
	for _, s := range o.Styles {
		if !slices.Contains(docStyles, s) {
			return fmt.Errorf("styles: unknown style %q (known: %s)", s, strings.Join(docStyles, ", "))
		}
	}
	return nil
}

// ParameterDocumentation flags class and defined type parameters the
// comment above the definition does not document, and documentation of
// parameters the definition does not have.
func ParameterDocumentation() *Rule {
	return &Rule{
		ID:       "parameter-documentation",
		Check:    "parameter_documentation",
		Title:    "A class or defined type parameter is not documented, or documentation names no parameter",
		Detail:   `Document each parameter in the comment above the definition with "@param <name> <text>" (Puppet Strings reads it); remove documentation of parameters that are gone.`,
		Severity: diagnostics.Warning,
		NewOptions: func() any {
			return &ParameterDocumentationOptions{Styles: slices.Clone(docStyles)}
		},
		Doc: `The comment block right above a class or defined type (its Puppet Strings docstring) documents
each parameter: "@param name text", with an optional type before or after the name
("@param [String] name", "@param name [String]") and text that may go on over indented lines; the
older "$name:: text" (kafo) and "[*name*] text" (puppetdoc) styles count too. Flagged: a parameter
with no documentation (unless the block says "@api private"); documentation of a parameter the
definition does not have (a defined type may document name or title); a parameter documented
twice; and, when the styles option leaves a style out, documentation in that style. The check of
the voxpupuli plugin puppet-lint-param-docs. The fix adds "@param name" to a block written with
@param tags, after the documentation of the parameter before it (in parameter order), or before
that of the one after it, or at the end of the block; the text is the author's to write. A
definition with no comment above it is missing-documentation's, and is not fixed.`,
		Run: runParameterDocumentation,
	}
}

// paramDoc is one comment of a docstring that documents a parameter.
type paramDoc struct {
	name  string
	style string
	tok   int // the comment token
	at    int // the byte offset of the name in the file
}

func runParameterDocumentation(p *Pass) {
	toks := p.View.Tokens
	styles := p.Options.(*ParameterDocumentationOptions).Styles
	for _, d := range p.Definitions() {
		kind := "defined type"
		if d.IsClass(toks) {
			kind = "class"
		}
		name := toks[d.Name].Text
		block := docBlock(toks, d.Keyword)
		var docs []paramDoc
		private := false
		for _, i := range block {
			text := commentBody(toks[i])
			if isAPIPrivate(text) {
				private = true
				continue
			}
			if pd, ok := parseParamDoc(text); ok {
				pd.tok = i
				pd.at += toks[i].Start + commentPrefixLen(toks[i])
				if kind == "defined type" && (pd.name == "name" || pd.name == "title") {
					pd.name = "name/title"
				}
				docs = append(docs, pd)
			}
		}
		params := definitionParams(toks, d)
		paramNames := make([]string, len(params))
		for i, pi := range params {
			paramNames[i] = strings.TrimPrefix(toks[pi].Text, "$")
		}

		// A name documented twice is reported at each place; one no
		// parameter has is reported once, at its documentation nearest
		// the definition.
		count := map[string]int{}
		for _, pd := range docs {
			count[pd.name]++
		}
		for i, pd := range docs {
			if count[pd.name] > 1 {
				p.Report(Finding{Start: pd.at, End: pd.at + len(pd.name),
					Message: fmt.Sprintf("Duplicate %s parameter documentation for %s::%s", kind, name, pd.name)})
			}
			nearest := !slices.ContainsFunc(docs[i+1:], func(o paramDoc) bool { return o.name == pd.name })
			if nearest && pd.name != "name/title" && !slices.Contains(paramNames, pd.name) {
				p.Report(Finding{Start: pd.at, End: pd.at + len(pd.name),
					Message: fmt.Sprintf("No matching %s parameter for documentation of %s::%s", kind, name, pd.name)})
			}
		}
		if private {
			continue
		}
		for k, pi := range params {
			pn := paramNames[k]
			i := slices.IndexFunc(docs, func(pd paramDoc) bool { return pd.name == pn })
			t := toks[pi]
			if i >= 0 {
				if !slices.Contains(styles, docs[i].style) {
					p.Report(Finding{Start: t.Start, End: t.End, Message: fmt.Sprintf(
						"invalid documentation style for %s parameter %s::%s (%s)", kind, name, pn, docs[i].style)})
				}
				continue
			}
			f := Finding{Start: t.Start, End: t.End, Message: fmt.Sprintf("missing documentation for %s parameter %s::%s", kind, name, pn)}
			if slices.Contains(styles, "strings") {
				if e, ok := paramDocStub(p.View, block, docs, paramNames, k); ok {
					f.Edits = []Edit{e}
				}
			}
			p.Report(f)
		}
	}
}

// docBlock returns the comment tokens of the docstring of the definition
// whose keyword is token kw: the comments on lines of their own right
// above it, with no blank line between them or before the keyword, in
// source order.
func docBlock(toks []parser.Token, kw int) []int {
	var out []int
	newlines := 0
	for j := kw - 1; j >= 0; j-- {
		switch t := toks[j]; t.Kind {
		case parser.TokWhitespace:
		case parser.TokNewline:
			newlines++
			if newlines > 1 {
				slices.Reverse(out)
				return out
			}
		case parser.TokComment, parser.TokBlockComment:
			if !ownLine(toks, j) {
				slices.Reverse(out)
				return out
			}
			out = append(out, j)
			newlines = 0
		default:
			slices.Reverse(out)
			return out
		}
	}
	slices.Reverse(out)
	return out
}

// ownLine reports whether only blanks precede token i on its line.
func ownLine(toks []parser.Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch toks[j].Kind {
		case parser.TokWhitespace:
			continue
		case parser.TokNewline:
			return true
		}
		return false
	}
	return true
}

// commentPrefixLen is the length of a comment token's # or /*.
func commentPrefixLen(t parser.Token) int {
	if t.Kind == parser.TokBlockComment {
		return 2
	}
	return 1
}

// commentBody returns the text of a comment token without its # or its
// /* and */.
func commentBody(t parser.Token) string {
	if t.Kind == parser.TokBlockComment {
		return strings.TrimSuffix(strings.TrimPrefix(t.Text, "/*"), "*/")
	}
	return strings.TrimPrefix(t.Text, "#")
}

// isAPIPrivate reports whether a comment's text is the tag "@api private".
func isAPIPrivate(text string) bool {
	if !strings.Contains(text, "@api") {
		return false // most comments: no need to split them into words
	}
	f := strings.Fields(text)
	return len(f) == 2 && f[0] == "@api" && f[1] == "private" && strings.HasPrefix(strings.TrimLeft(text, " \t"), "@api")
}

// parseParamDoc reads a comment's text as the documentation of one
// parameter: "@param [Type] name text" or "@param name [Type] text"
// (strings), "$name:: text" (kafo), "[*name*] text" (doc). at is the
// offset of the name within text.
func parseParamDoc(text string) (paramDoc, bool) {
	lead := len(text) - len(strings.TrimLeft(text, " \t"))
	rest := text[lead:]
	switch {
	case strings.HasPrefix(rest, "@param "):
		pos := lead + len("@param ")
		r := text[pos:]
		if strings.HasPrefix(r, "[") {
			// A type before the name; brackets nest (Hash[String, Array[Integer]]).
			end := closingBracket(r)
			if end < 0 || end+1 >= len(r) || r[end+1] != ' ' {
				return paramDoc{}, false
			}
			pos += end + 2
			r = text[pos:]
		}
		n := nameLen(r)
		if n == 0 || n < len(r) && r[n] != ' ' && r[n] != '\t' {
			return paramDoc{}, false
		}
		return paramDoc{name: r[:n], style: "strings", at: pos}, true
	case strings.HasPrefix(rest, "$"):
		n := nameLen(rest[1:])
		if n == 0 || !strings.HasPrefix(rest[1+n:], ":: ") {
			return paramDoc{}, false
		}
		return paramDoc{name: rest[1 : 1+n], style: "kafo", at: lead + 1}, true
	case strings.HasPrefix(rest, "[*"):
		n := nameLen(rest[2:])
		if n == 0 || !strings.HasPrefix(rest[2+n:], "*]") {
			return paramDoc{}, false
		}
		return paramDoc{name: rest[2 : 2+n], style: "doc", at: lead + 2}, true
	}
	return paramDoc{}, false
}

// closingBracket returns the index of the ] closing the [ that s starts
// with, or -1.
func closingBracket(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// nameLen returns the length of the parameter name s starts with (letters,
// digits and underscores).
func nameLen(s string) int {
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return n
}

// definitionParams returns the variable tokens naming d's parameters, in
// order: the first variable of the list and the first after each comma
// outside brackets (a default's variables are not parameters).
func definitionParams(toks []parser.Token, d definition) []int {
	if d.ParamOpen < 0 || d.ParamClose < 0 {
		return nil
	}
	var out []int
	nesting, want := 0, true
	for j := d.ParamOpen + 1; j < d.ParamClose; j++ {
		t := toks[j]
		switch {
		case t.Kind == parser.TokVariable && want && nesting == 0:
			out = append(out, j)
			want = false
		case t.Kind == parser.TokPunct:
			switch t.Text {
			case "(", "[", "{":
				nesting++
			case ")", "]", "}":
				nesting--
			case ",":
				if nesting == 0 {
					want = true
				}
			}
		}
	}
	return out
}

// paramDocStub returns the edit adding "@param <name>" for parameter k of
// params to the docstring block, when the block exists and documents
// parameters only with @param: after the documentation of the nearest
// parameter before k that has some (its @param line and the lines that
// continue it), else before that of the nearest after k, else at the end
// of the block.
func paramDocStub(v *parser.TokenView, block []int, docs []paramDoc, params []string, k int) (Edit, bool) {
	if len(block) == 0 {
		return Edit{}, false
	}
	for _, pd := range docs {
		if pd.style != "strings" {
			return Edit{}, false
		}
	}
	toks := v.Tokens
	for _, i := range block {
		if toks[i].Kind == parser.TokBlockComment {
			return Edit{}, false
		}
	}
	docOf := func(name string) (paramDoc, bool) {
		for _, pd := range docs {
			if pd.name == name {
				return pd, true
			}
		}
		return paramDoc{}, false
	}
	stub := func(anchor int) string {
		text := toks[anchor].Text
		prefix := "# "
		if body := commentBody(toks[anchor]); strings.HasPrefix(strings.TrimLeft(body, " \t"), "@") {
			prefix = "#" + body[:len(body)-len(strings.TrimLeft(body, " \t"))]
		} else if strings.HasPrefix(text, "#  ") {
			prefix = "#  "
		}
		return prefix + "@param " + params[k]
	}
	indent := func(anchor int) string {
		if anchor > 0 && toks[anchor-1].Kind == parser.TokWhitespace {
			return toks[anchor-1].Text
		}
		return ""
	}
	// Each edit rewrites the comment it goes next to as that comment and
	// the new one, so that it is an edit of comments only.
	after := func(c int, line string) Edit {
		return Edit{Start: toks[c].Start, End: toks[c].End, NewText: toks[c].Text + "\n" + indent(c) + line}
	}
	for j := k - 1; j >= 0; j-- {
		if pd, ok := docOf(params[j]); ok {
			return after(entryEnd(toks, block, pd.tok), stub(pd.tok)), true
		}
	}
	for j := k + 1; j < len(params); j++ {
		if pd, ok := docOf(params[j]); ok {
			c := pd.tok
			return Edit{Start: toks[c].Start, End: toks[c].End, NewText: stub(c) + "\n" + indent(c) + toks[c].Text}, true
		}
	}
	last := block[len(block)-1]
	return after(last, stub(last)), true
}

// entryEnd returns the last comment token of the tag that starts at
// comment token tok in block: the lines after it up to the next tag, a
// blank comment line or the end of the block continue it.
func entryEnd(toks []parser.Token, block []int, tok int) int {
	i := slices.Index(block, tok)
	end := tok
	for _, c := range block[i+1:] {
		body := strings.TrimSpace(commentBody(toks[c]))
		if body == "" || strings.HasPrefix(body, "@") {
			break
		}
		end = c
	}
	return end
}
