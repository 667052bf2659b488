package validate

import (
	"encoding/base64"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// duplicateKeys is check_LiteralHash: a literal key given twice. Puppet
// compares keys by value ('a', "a" and a are one key; 1 and 1.0 are two).
func (c *checker) duplicateKeys(h *parser.Hash) {
	if len(h.Entries) < 2 {
		return
	}
	seen := make(map[string]bool, len(h.Entries))
	for _, e := range h.Entries {
		key, ok := literalKey(e.Key)
		if !ok {
			continue
		}
		if seen[key] {
			c.issues = append(c.issues, Issue{Span: e.Span(), Code: "DUPLICATE_KEY", Strict: true,
				Message: "The key '" + c.keyText(e.Key) + "' is declared more than once"})
		}
		seen[key] = true
	}
}

// literalKey encodes the value of a literal expression so that equal
// values, as Ruby's Hash compares them, encode alike; ok is false when the
// expression is not a literal (Puppet's LiteralEvaluator throws).
func literalKey(e parser.Expr) (string, bool) {
	switch n := e.(type) {
	case *parser.StringLit:
		return "s" + n.Value, true
	case *parser.Name:
		return "s" + n.Value, true
	case *parser.Number:
		if n.IsFloat {
			f, err := strconv.ParseFloat(n.Raw, 64)
			if err != nil {
				return "", false
			}
			return "f" + strconv.FormatFloat(f, 'g', -1, 64), true
		}
		v, ok := integerValue(n)
		if !ok {
			return "", false
		}
		return "i" + v.String(), true
	case *parser.Bool:
		return "b" + strconv.FormatBool(n.Value), true
	case *parser.Undef:
		return "u", true
	case *parser.Default:
		return "d", true
	case *parser.Regex:
		return "r" + n.Pattern, true
	case *parser.Array:
		var b strings.Builder
		b.WriteString("a")
		for _, el := range n.Elems {
			k, ok := literalKey(el)
			if !ok {
				return "", false
			}
			b.WriteString(strconv.Itoa(len(k)) + ":" + k)
		}
		return b.String(), true
	case *parser.Hash:
		entries := make([]string, 0, len(n.Entries))
		for _, en := range n.Entries {
			k, ok := literalKey(en.Key)
			if !ok {
				return "", false
			}
			v, ok := literalKey(en.Value)
			if !ok {
				return "", false
			}
			entries = append(entries, strconv.Itoa(len(k))+":"+k+strconv.Itoa(len(v))+":"+v)
		}
		slices.Sort(entries) // Ruby's Hash equality ignores order
		return "h" + strings.Join(entries, ""), true
	}
	return "", false
}

// keyText is a key as the message shows it.
func (c *checker) keyText(e parser.Expr) string {
	switch n := e.(type) {
	case *parser.StringLit:
		return n.Value
	case *parser.Name:
		return n.Value
	case *parser.Number:
		if v, ok := integerValue(n); ok && !n.IsFloat {
			return v.String()
		}
	case *parser.Undef:
		return ""
	case *parser.Default:
		return "default"
	}
	s := e.Span()
	return string(c.file.Src[s.Start.Offset:s.End.Offset])
}

// externalSyntax is check_HeredocExpression: static heredoc text tagged
// with a syntax Puppet has a checker for (json, base64, pp, epp; for
// a+b the most specific, rightmost, name with a checker) must be valid.
func (c *checker) externalSyntax(syntax string, text *parser.StringLit) {
	if syntax == "" {
		return
	}
	segs := strings.Split(syntax, "+")
	for len(segs) > 1 && segs[len(segs)-1] == "" {
		segs = segs[:len(segs)-1] // Ruby's split drops trailing empty fields
	}
	for i := range segs {
		var problem string
		switch strings.Join(segs[i:], "+") {
		case "json":
			problem = checkJSON(text.Value)
		case "base64":
			problem = checkBase64(text.Value)
		case "pp":
			problem = checkPuppet(text.Value, false)
		case "epp":
			problem = checkPuppet(text.Value, true)
		default:
			continue
		}
		if problem != "" {
			c.report(text, "ILLEGAL_"+strings.ToUpper(strings.Join(segs[i:], "+")),
				"Invalid produced text having syntax: '"+syntax+"'. "+problem)
		}
		return
	}
}

// jsonMaxNesting is Ruby's JSON.parse default max_nesting.
const jsonMaxNesting = 100

// checkJSON is Puppet's JSON syntax checker (Ruby's JSON.parse): standard
// JSON, where /* */ and // comments count as white space, nested at most
// 100 deep. It returns the problem, or "".
func checkJSON(text string) string {
	const prefix = "JSON syntax checker: Cannot parse invalid JSON string."
	var b strings.Builder
	b.Grow(len(text))
	depth, inString := 0, false
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if inString {
			b.WriteByte(ch)
			switch ch {
			case '\\':
				if i+1 < len(text) {
					i++
					b.WriteByte(text[i])
				}
			case '"':
				inString = false
			}
			continue
		}
		switch {
		case ch == '"':
			inString = true
		case ch == '[' || ch == '{':
			if depth++; depth > jsonMaxNesting {
				return prefix + " \"nesting of " + strconv.Itoa(depth) + " is too deep\""
			}
		case ch == ']' || ch == '}':
			depth--
		case ch == '/' && strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return prefix
			}
			i += 2 + end + 1
			b.WriteByte(' ')
			continue
		case ch == '/' && strings.HasPrefix(text[i:], "//"):
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			i += end - 1
			b.WriteByte(' ')
			continue
		}
		b.WriteByte(ch)
	}
	if !json.Valid([]byte(b.String())) {
		return prefix
	}
	return ""
}

// checkBase64 is Puppet's Base64 syntax checker: strict Base64 once
// carriage returns, line feeds, '?', spaces and tabs are removed (the
// character class Puppet uses, [\r?\n[:blank:]], includes '?').
func checkBase64(text string) string {
	cleaned := strings.Map(func(r rune) rune {
		switch r {
		case '\r', '?', '\n', ' ', '\t':
			return -1
		}
		return r
	}, text)
	if _, err := base64.StdEncoding.Strict().DecodeString(cleaned); err == nil {
		return ""
	}
	if len(cleaned)*8%6 != 0 {
		return "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct"
	}
	return "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside strict base 64 range (or whitespace)"
}

// checkPuppet is Puppet's PP and EPP syntax checkers: the text parses, and
// passes validation, as a manifest or a template.
func checkPuppet(text string, epp bool) string {
	name := "PP"
	var f *parser.File
	if epp {
		name = "EPP"
		f = parser.ParseEPP("", []byte(text))
	} else {
		f = parser.ParseManifest("", []byte(text))
	}
	msg := ""
	if len(f.Errors) > 0 {
		msg = f.Errors[0].Error()
	} else {
		c := &checker{file: f}
		parser.InspectStack(f.Program, func(n parser.Node, stack []parser.Node) bool {
			c.stack = stack
			c.check(n)
			return true
		})
		for _, is := range c.issues {
			if !is.Strict {
				msg = is.Message + " (line: " + strconv.Itoa(int(is.Start.Line)) + ", column: " + strconv.Itoa(int(is.Start.Column)) + ")"
				break
			}
		}
	}
	if msg == "" {
		return ""
	}
	return name + " syntax checker: \"" + msg + "\""
}

// definition is a named definition of the file, for duplicates.
type definition struct {
	kind string // "class", "define", "node", "function", "plan" or "type" (a type alias)
	name string // lowercased, as Puppet registers it
	node parser.Node
	span parser.Span
}

// duplicates reports what `puppet parser validate` rejects when it
// registers the file's definitions: two classes, defined types, nodes,
// functions, plans or type aliases of one name, or a class and a defined
// type or a node of one name. Nested definitions are named inside the
// classes that enclose them.
func (c *checker) duplicates() {
	var defs []definition
	parser.InspectStack(c.file.Program, func(n parser.Node, stack []parser.Node) bool {
		prefix := ""
		for _, s := range stack {
			if cl, ok := s.(*parser.ClassDef); ok {
				prefix = nested(prefix, cl.Name)
			}
		}
		switch n := n.(type) {
		case *parser.ClassDef:
			defs = append(defs, definition{"class", nested(prefix, n.Name), n, n.NameSpan})
		case *parser.DefineDef:
			defs = append(defs, definition{"define", nested(prefix, n.Name), n, n.NameSpan})
		case *parser.FunctionDef:
			defs = append(defs, definition{"function", strings.ToLower(n.Name), n, n.NameSpan})
		case *parser.PlanDef:
			defs = append(defs, definition{"plan", strings.ToLower(n.Name), n, n.NameSpan})
		case *parser.TypeAlias:
			if n.Mapping == nil {
				defs = append(defs, definition{"type", strings.ToLower(n.Name), n, n.NameSpan})
			}
		case *parser.NodeDef:
			for _, m := range n.Matchers {
				name := ""
				switch m := m.(type) {
				case *parser.StringLit:
					name = strings.ToLower(m.Value)
				case *parser.Name:
					name = strings.ToLower(m.Value)
				case *parser.Regex:
					name = "__node_regexp__" + m.Pattern
				case *parser.Default:
					name = "default"
				default:
					continue
				}
				defs = append(defs, definition{"node", name, n, m.Span()})
			}
		}
		return true
	})
	if len(defs) < 2 {
		return
	}
	first := make(map[defKey]definition, len(defs))
	for _, d := range defs {
		sp := spaces[d.kind]
		if o, clash := lookup(first, sp.clashes, d.name); clash {
			c.reportSpan(d.span, "DUPLICATE_DEFINITION", redefinition(o, d))
			continue
		}
		for _, space := range sp.registers {
			first[defKey{space, d.name}] = d
		}
	}
}

// spaces says, per kind of definition, which name spaces it is registered
// in and which ones it clashes with, first match first. Classes, nodes
// and defined types are checked by Puppet's resource type collection
// (a node may share a defined type's name); defined types, functions,
// plans and type aliases are also entities of the loader, where a defined
// type and a type alias share the namespace of types.
var spaces = map[string]struct{ registers, clashes []string }{
	"class":    {[]string{"class"}, []string{"class", "node", "define"}},
	"node":     {[]string{"node"}, []string{"node", "class"}},
	"define":   {[]string{"define", "type"}, []string{"class", "type"}},
	"type":     {[]string{"type"}, []string{"type"}},
	"function": {[]string{"function"}, []string{"function"}},
	"plan":     {[]string{"plan"}, []string{"plan"}},
}

// defKey is a name in one of the name spaces.
type defKey struct{ space, name string }

// lookup finds the first earlier definition name clashes with.
func lookup(first map[defKey]definition, clashes []string, name string) (definition, bool) {
	for _, space := range clashes {
		if d, ok := first[defKey{space, name}]; ok {
			return d, true
		}
	}
	return definition{}, false
}

// redefinition is Puppet's message for d, defined after earlier.
func redefinition(earlier, d definition) string {
	at := " (line: " + strconv.Itoa(int(earlier.span.Start.Line)) + ")"
	switch {
	case earlier.kind == "class" && d.kind == "class":
		return "Class '" + d.name + "' is already defined" + at + "; cannot redefine"
	case earlier.kind == "node" && d.kind == "node":
		return "Node '" + d.name + "' is already defined" + at + "; cannot redefine"
	case earlier.kind == "node" && d.kind == "class":
		return "Node '" + d.name + "' is already defined" + at + "; cannot be redefined as a class"
	case earlier.kind == "class" && d.kind == "node":
		return "Class '" + d.name + "' is already defined" + at + "; cannot be redefined as a node"
	case earlier.kind == "class" && d.kind == "define":
		return "'" + d.name + "' is already defined" + at + " as a class; cannot redefine as a definition"
	case earlier.kind == "define" && d.kind == "class":
		return "Definition '" + d.name + "' is already defined" + at + "; cannot be redefined as a class"
	}
	kind := d.kind
	if kind == "define" {
		kind = "type"
	}
	return "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/" + kind + "/" + d.name + "'. Originally set at line " +
		strconv.Itoa(int(earlier.span.Start.Line)) + "."
}

// nested is the full name of a definition named name inside the class
// prefix ("" at top level), lowercased.
func nested(prefix, name string) string {
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	if prefix == "" {
		return name
	}
	return prefix + "::" + name
}
