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
	// A hash's keys are few, as a rule: they are compared in a list
	// kept from hash to hash, a large hash's in a map.
	keys := c.keys[:0]
	var seen map[hashKey]bool
	if len(h.Entries) > manyKeys {
		// Emptied before use, not after: a panic recovered part-way
		// through a file must leave nothing for the next.
		if c.keySet = emptied(c.keySet); c.keySet == nil {
			c.keySet = make(map[hashKey]bool, len(h.Entries))
		}
		seen = c.keySet
	}
	for _, e := range h.Entries {
		key, ok := literalKey(e.Key)
		if !ok {
			continue
		}
		var dup bool
		if seen != nil {
			dup, seen[key] = seen[key], true
		} else if dup = slices.Contains(keys, key); !dup {
			keys = append(keys, key)
		}
		if dup {
			c.issues = append(c.issues, Issue{Span: e.Span(), Code: "DUPLICATE_KEY", Strict: true,
				Message: "The key '" + c.keyText(e.Key) + "' is declared more than once"})
		}
	}
	clear(keys)
	c.keys = keys[:0]
}

// manyKeys is the number of keys above which duplicateKeys compares a
// hash's keys in a map rather than a list.
const manyKeys = 16

// hashKey is the value of a literal key: equal values, as Ruby's Hash
// compares them, have equal keys. kind says what the value is ('s' a
// string, 'i' an integer, 'f' a float, 'b' a boolean, 'u' undef, 'd'
// default, 'r' a regular expression, 'a' an array, 'h' a hash) and text
// encodes it.
type hashKey struct {
	kind byte
	text string
}

// encoded is k as one string, for the key of an array or a hash that
// holds it.
func (k hashKey) encoded() string { return string(k.kind) + k.text }

// literalKey is the key of the value of a literal expression; ok is false
// when the expression is not a literal (Puppet's LiteralEvaluator throws).
func literalKey(e parser.Expr) (hashKey, bool) {
	switch n := e.(type) {
	case *parser.StringLit:
		return hashKey{'s', n.Value}, true
	case *parser.Name:
		return hashKey{'s', n.Value}, true
	case *parser.Number:
		if n.IsFloat {
			f, err := strconv.ParseFloat(n.Raw, 64)
			if err != nil {
				return hashKey{}, false
			}
			return hashKey{'f', strconv.FormatFloat(f, 'g', -1, 64)}, true
		}
		if i, err := strconv.ParseInt(integerDigits(n), n.Radix, 64); err == nil {
			return hashKey{'i', strconv.FormatInt(i, 10)}, true
		}
		v, ok := integerValue(n)
		if !ok {
			return hashKey{}, false
		}
		return hashKey{'i', v.String()}, true
	case *parser.Bool:
		return hashKey{'b', strconv.FormatBool(n.Value)}, true
	case *parser.Undef:
		return hashKey{'u', ""}, true
	case *parser.Default:
		return hashKey{'d', ""}, true
	case *parser.Regex:
		return hashKey{'r', n.Pattern}, true
	case *parser.Array:
		var b strings.Builder
		for _, el := range n.Elems {
			k, ok := literalKey(el)
			if !ok {
				return hashKey{}, false
			}
			b.WriteString(strconv.Itoa(len(k.text)+1) + ":" + k.encoded())
		}
		return hashKey{'a', b.String()}, true
	case *parser.Hash:
		entries := make([]string, 0, len(n.Entries))
		for _, en := range n.Entries {
			k, ok := literalKey(en.Key)
			if !ok {
				return hashKey{}, false
			}
			v, ok := literalKey(en.Value)
			if !ok {
				return hashKey{}, false
			}
			entries = append(entries, strconv.Itoa(len(k.text)+1)+":"+k.encoded()+strconv.Itoa(len(v.text)+1)+":"+v.encoded())
		}
		slices.Sort(entries) // Ruby's Hash equality ignores order
		return hashKey{'h', strings.Join(entries, "")}, true
	}
	return hashKey{}, false
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
			c.issues = append(c.issues, Issue{Span: text.Span(), Code: "ILLEGAL_" + strings.ToUpper(strings.Join(segs[i:], "+")),
				Message: "Invalid produced text having syntax: '" + syntax + "'. " + problem, Short: problem})
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
		c := &checker{file: f, embedded: true}
		c.run()
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
	// name is the name as written (a node's matcher's text); outer is the
	// index in the list of the class it is named inside, -1 for none:
	// nested definitions are named inside the classes that enclose them.
	name  string
	outer int32
	span  parser.Span
}

// names is a trie of lowercased namespace segments: the full names of
// nested classes are built one segment at a time, so that their length
// (which grows with the depth of nesting) is never paid per definition.
type names struct {
	ids    map[segment]int
	parent []int
	seg    []string
}

type segment struct {
	parent int
	name   string
}

// child returns the id of the name of name (as written, possibly with
// "::") inside the name with id parent (0: the root).
func (t *names) child(parent int, name string) int {
	for rest, more := strings.ToLower(strings.TrimPrefix(name, "::")), true; more; {
		var s string
		s, rest, more = strings.Cut(rest, "::")
		k := segment{parent, s}
		id, ok := t.ids[k]
		if !ok {
			id = len(t.parent)
			t.ids[k] = id
			t.parent = append(t.parent, parent)
			t.seg = append(t.seg, s)
		}
		parent = id
	}
	return parent
}

// full returns the full name with the given id.
func (t *names) full(id int) string {
	var segs []string
	for ; id != 0; id = t.parent[id] {
		segs = append(segs, t.seg[id])
	}
	slices.Reverse(segs)
	return strings.Join(segs, "::")
}

// definitions are the definitions of a file in source order. Their full
// names are worked out only when there are two to compare (duplicates):
// most files define one class.
type definitions struct {
	list []definition
	// classes are the class definitions enclosing the node last noted,
	// innermost last, each with its depth (its index in the stack of
	// ancestors) and index in list.
	classes []enclosingClass
}

type enclosingClass struct{ depth, index int32 }

// note records n if it is a definition; depth is the number of its
// ancestors, and note is called for every node in preorder. A definition
// is named inside the innermost class that encloses it, as Puppet names a
// nested definition.
func (ds *definitions) note(n parser.Node, depth int) {
	// A class recorded at this depth or deeper encloses no longer: the
	// walk has left it.
	for len(ds.classes) > 0 && int(ds.classes[len(ds.classes)-1].depth) >= depth {
		ds.classes = ds.classes[:len(ds.classes)-1]
	}
	class := int32(-1)
	if len(ds.classes) > 0 {
		class = ds.classes[len(ds.classes)-1].index
	}
	switch n := n.(type) {
	case *parser.ClassDef:
		ds.classes = append(ds.classes, enclosingClass{depth: int32(depth), index: int32(len(ds.list))})
		ds.list = append(ds.list, definition{kind: "class", name: n.Name, outer: class, span: n.NameSpan})
	case *parser.DefineDef:
		ds.list = append(ds.list, definition{kind: "define", name: n.Name, outer: class, span: n.NameSpan})
	case *parser.FunctionDef:
		ds.list = append(ds.list, definition{kind: "function", name: n.Name, outer: -1, span: n.NameSpan})
	case *parser.PlanDef:
		ds.list = append(ds.list, definition{kind: "plan", name: n.Name, outer: -1, span: n.NameSpan})
	case *parser.TypeAlias:
		if n.Mapping == nil {
			ds.list = append(ds.list, definition{kind: "type", name: n.Name, outer: -1, span: n.NameSpan})
		}
	case *parser.NodeDef:
		for _, m := range n.Matchers {
			name := ""
			switch m := m.(type) {
			case *parser.StringLit:
				name = m.Value
			case *parser.Name:
				name = m.Value
			case *parser.Regex:
				name = "__node_regexp__" + m.Pattern
			case *parser.Default:
				name = "default"
			default:
				continue
			}
			// A host name has no "::", so it is one segment; the
			// trie splits it no further (see duplicates).
			ds.list = append(ds.list, definition{kind: "node", name: name, outer: -1, span: m.Span()})
		}
	}
}

// ids returns the id of each definition's lowercased full name in a trie
// of namespace segments, in the order of the list.
func (ds *definitions) ids() (*names, []int) {
	t := &names{ids: map[segment]int{}, parent: []int{0}, seg: []string{""}}
	ids := make([]int, len(ds.list))
	for i, d := range ds.list {
		outer := 0
		if d.outer >= 0 {
			outer = ids[d.outer] // a class comes before what it encloses
		}
		ids[i] = t.child(outer, d.name)
	}
	return t, ids
}

// duplicates reports what `puppet parser validate` rejects when it
// registers the file's definitions (gathered by run): two classes,
// defined types, nodes, functions, plans or type aliases of one name, or
// a class and a defined type or a node of one name.
func (c *checker) duplicates() {
	defs := c.defs.list
	if len(defs) < 2 {
		return
	}
	t, ids := c.defs.ids()
	first := make(map[defKey]definition, len(defs))
	for i, d := range defs {
		sp := spaces[d.kind]
		if o, clash := lookup(first, sp.clashes, ids[i]); clash {
			c.reportSpan(d.span, "DUPLICATE_DEFINITION", redefinition(o, d, t.full(ids[i])))
			continue
		}
		for _, space := range sp.registers {
			first[defKey{space, ids[i]}] = d
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
type defKey struct {
	space string
	id    int
}

// lookup finds the first earlier definition of the name id clashes with.
func lookup(first map[defKey]definition, clashes []string, id int) (definition, bool) {
	for _, space := range clashes {
		if o, ok := first[defKey{space, id}]; ok {
			return o, true
		}
	}
	return definition{}, false
}

// redefinition is Puppet's message for d, defined after earlier.
func redefinition(earlier, d definition, name string) string {
	at := " (line: " + strconv.Itoa(int(earlier.span.Start.Line)) + ")"
	switch {
	case earlier.kind == "class" && d.kind == "class":
		return "Class '" + name + "' is already defined" + at + "; cannot redefine"
	case earlier.kind == "node" && d.kind == "node":
		return "Node '" + name + "' is already defined" + at + "; cannot redefine"
	case earlier.kind == "node" && d.kind == "class":
		return "Node '" + name + "' is already defined" + at + "; cannot be redefined as a class"
	case earlier.kind == "class" && d.kind == "node":
		return "Class '" + name + "' is already defined" + at + "; cannot be redefined as a node"
	case earlier.kind == "class" && d.kind == "define":
		return "'" + name + "' is already defined" + at + " as a class; cannot redefine as a definition"
	case earlier.kind == "define" && d.kind == "class":
		return "Definition '" + name + "' is already defined" + at + "; cannot be redefined as a class"
	}
	kind := d.kind
	if kind == "define" {
		kind = "type"
	}
	return "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/" + kind + "/" + name + "'. Originally set at line " +
		strconv.Itoa(int(earlier.span.Start.Line)) + "."
}
