package hiera

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/ducklint/ducklint/parser"
	yaml "go.yaml.in/yaml/v3"
)

// Data is a parsed data file.
type Data struct {
	// Syntax holds the file's source, line index and comments (control
	// comments work in data files as in manifests).
	Syntax *parser.File
	// Keys are the top-level keys in source order, lookup_options left out.
	Keys []Key
	// References are the keys other data names in %{lookup('k')},
	// %{hiera('k')}, %{alias('k')} and %{strict_alias('k')}
	// interpolations, anywhere in the file, in source order.
	References []string
	// LookupOptions are the keys (or, starting with '^', patterns) that
	// lookup_options names.
	LookupOptions []string
	// Problems are syntax errors and a top level that is not a hash.
	Problems []Problem
	// Interpolations are the %{...} of the file's values, in source order.
	Interpolations []Interpolation
}

// Interpolation is one %{...} in a string Hiera interpolates.
type Interpolation struct {
	// Expr is what is between %{ and }, without surrounding blanks:
	// a variable (osfamily, ::osfamily, facts.os.family) or a function
	// call (lookup('k'), scope('osfamily'), literal('%')).
	Expr string
	// Span is the %{...} in the source, or the start of its string when
	// an escape in the string hides where it is.
	Span parser.Span
}

// Key is a top-level key of a data file.
type Key struct {
	Name string
	Span parser.Span
	// Value is the key's value as YAML reads it (JSON is read as YAML).
	Value *yaml.Node
}

// ParseData parses a data file of the given format; path is the path
// reported.
func ParseData(path string, src []byte, format Format) *Data {
	d := &Data{}
	if format == JSON {
		if err := json.Unmarshal(src, new(any)); err != nil {
			d.Syntax = syntaxFile(path, src)
			off := 0
			var se *json.SyntaxError
			if errors.As(err, &se) {
				off = int(se.Offset)
			} else if len(bytes.TrimSpace(src)) > 0 {
				off = len(src)
			}
			if len(bytes.TrimSpace(src)) == 0 {
				return d // Puppet's json_data reads an empty file as no data
			}
			pos := d.Syntax.Lines.Pos(max(off-1, 0))
			d.Problems = append(d.Problems, Problem{Span: parser.Span{Start: pos, End: pos}, Message: "JSON syntax error: " + err.Error(), Detail: "Puppet fails every lookup reaching the file."})
			return d
		}
	}
	doc, syn, prob := parseYAML(path, src)
	d.Syntax = syn
	if prob != nil {
		if format == JSON {
			return d // valid JSON YAML cannot read (tab indentation): no keys known
		}
		d.Problems = append(d.Problems, *prob)
		return d
	}
	root := docRoot(doc)
	if root == nil || (root.Kind == yaml.ScalarNode && root.Tag == "!!null") {
		return d // an empty file holds no data
	}
	if root.Kind != yaml.MappingNode {
		d.Problems = append(d.Problems, Problem{Span: span(syn, root),
			Message: "data file does not contain a hash of keys", Detail: "Puppet fails every lookup reaching it: the file does not contain a valid YAML hash."})
		return d
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			continue
		}
		if k.Value == "lookup_options" && v.Kind == yaml.MappingNode {
			for j := 0; j+1 < len(v.Content); j += 2 {
				d.LookupOptions = append(d.LookupOptions, v.Content[j].Value)
			}
			continue
		}
		d.Keys = append(d.Keys, Key{Name: k.Value, Span: span(syn, k), Value: v})
	}
	d.References = references(root, nil)
	d.Interpolations = interpolations(syn, root, make([]Interpolation, 0, bytes.Count(src, []byte("%{"))))
	return d
}

// indexIn returns the index of the first occurrence of text, which
// starts with "%{", in b, or -1.
func indexIn(b []byte, text string) int {
	for off := 0; ; {
		i := bytes.Index(b[off:], []byte("%{"))
		if i < 0 {
			return -1
		}
		off += i
		if len(b)-off >= len(text) && string(b[off:off+len(text)]) == text {
			return off
		}
		off += 2
	}
}

// nextInterpolation returns the range [start, end) of the first %{...}
// of s at or after from, with no brace inside; ok is false when there is
// none.
func nextInterpolation(s string, from int) (start, end int, ok bool) {
	for {
		i := strings.Index(s[from:], "%{")
		if i < 0 {
			return 0, 0, false
		}
		start = from + i
		j := strings.IndexAny(s[start+2:], "{}")
		if j < 0 {
			return 0, 0, false
		}
		if s[start+2+j] == '}' {
			return start, start + 2 + j + 1, true
		}
		from = start + 2 + j // a '{' inside: look again from it
	}
}

// interpolations returns the %{...} of the string values below n (not
// of mapping keys, which Hiera does not interpolate), in source order.
func interpolations(syn *parser.File, n *yaml.Node, out []Interpolation) []Interpolation {
	switch n.Kind {
	case yaml.ScalarNode:
		if !strings.Contains(n.Value, "%{") {
			return out
		}
		// Find each interpolation's text in the source, after the
		// previous one, within what the string's source can span (an
		// escape is at most six bytes for a character): a plain, quoted
		// or block string holds it verbatim unless an escape is inside.
		start := offsetOf(syn.Lines, n.Line, n.Column)
		limit := min(len(syn.Src), start+6*len(n.Value)+16)
		at := start
		for from := 0; ; {
			is, ie, ok := nextInterpolation(n.Value, from)
			if !ok {
				break
			}
			from = ie
			text := n.Value[is:ie]
			var sp parser.Span
			if i := indexIn(syn.Src[at:limit], text); i >= 0 {
				sp = parser.Span{Start: syn.Lines.Pos(at + i), End: syn.Lines.Pos(at + i + len(text))}
				at += i + len(text)
			} else {
				sp.Start = syn.Lines.Pos(start)
				sp.End = sp.Start
			}
			out = append(out, Interpolation{Expr: strings.TrimSpace(text[2 : len(text)-1]), Span: sp})
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			out = interpolations(syn, n.Content[i+1], out)
		}
	default:
		for _, c := range n.Content {
			out = interpolations(syn, c, out)
		}
	}
	return out
}

// interpolatedKey matches an interpolation that looks a key up.
var interpolatedKey = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`%\{\s*(?:lookup|hiera|alias|strict_alias)\(\s*(?:'([^']*)'|"([^"]*)")\s*\)\s*\}`)
})

// references returns the keys looked up by interpolations in the strings
// below n.
func references(n *yaml.Node, out []string) []string {
	if n.Kind == yaml.ScalarNode && strings.Contains(n.Value, "%{") {
		for _, m := range interpolatedKey().FindAllStringSubmatch(n.Value, -1) {
			out = append(out, m[1]+m[2])
		}
	}
	for _, c := range n.Content {
		out = references(c, out)
	}
	return out
}

// parseYAML parses src into a document node, with the parser.File giving
// its source, lines and comments; a syntax error is returned as a Problem.
func parseYAML(path string, src []byte) (*yaml.Node, *parser.File, *Problem) {
	syn := syntaxFile(path, src)
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		line := 1
		if m := yamlErrLine().FindStringSubmatch(err.Error()); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
		start, _, ok := syn.Lines.LineBounds(line)
		if !ok {
			start = 0
		}
		pos := syn.Lines.Pos(start)
		return nil, syn, &Problem{Span: parser.Span{Start: pos, End: pos},
			Message: "YAML syntax error: " + strings.TrimPrefix(err.Error(), "yaml: "), Detail: "Puppet fails every lookup reaching the file."}
	}
	syn.Comments = comments(syn, &doc)
	return &doc, syn, nil
}

var yamlErrLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+)`) })

func syntaxFile(path string, src []byte) *parser.File {
	return &parser.File{Path: path, Src: src, Lines: parser.NewLineIndex(src)}
}

// docRoot returns the content of a document node, nil for an empty one.
func docRoot(doc *yaml.Node) *yaml.Node {
	if doc == nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	return doc.Content[0]
}

// mapKey returns the key node of key in mapping m, nil when absent.
func mapKey(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i]
		}
	}
	return nil
}

// mapValue returns the value of key in mapping m, nil when absent.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// span returns the source span of a node: a scalar's text (with its
// quotes), or the start of a collection. A nil node is the file's start.
func span(syn *parser.File, n *yaml.Node) parser.Span {
	if n == nil {
		one := syn.Lines.Pos(0)
		return parser.Span{Start: one, End: one}
	}
	start := offsetOf(syn.Lines, n.Line, n.Column)
	end := start
	if n.Kind == yaml.ScalarNode {
		end = start + len(n.Value)
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			end += 2
		}
		if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 || strings.Contains(n.Value, "\n") {
			end = start + 1
		}
		if _, lineEnd, ok := syn.Lines.LineBounds(n.Line); ok && end > lineEnd {
			end = lineEnd
		}
	}
	return parser.Span{Start: syn.Lines.Pos(start), End: syn.Lines.Pos(end)}
}

// offsetOf returns the byte offset of a 1-based line and column (counted
// in characters, as YAML counts them).
func offsetOf(li *parser.LineIndex, line, col int) int {
	start, end, ok := li.LineBounds(line)
	if !ok {
		return len(li.Source())
	}
	text := li.Source()[start:end]
	off := 0
	for c := 1; c < col && off < len(text); c++ {
		_, size := utf8.DecodeRune(text[off:])
		off += size
	}
	return start + off
}

// comments returns the file's comments, found where the YAML library
// says it met them: each comment line it attached to a node is located
// in the source, so '#' inside strings is never taken for one.
func comments(syn *parser.File, doc *yaml.Node) []*parser.Comment {
	texts := map[string]bool{}
	var collect func(n *yaml.Node)
	collect = func(n *yaml.Node) {
		for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for l := range strings.SplitSeq(c, "\n") {
				if l = strings.TrimSpace(l); strings.HasPrefix(l, "#") {
					texts[l] = true
				}
			}
		}
		for _, k := range n.Content {
			collect(k)
		}
	}
	collect(doc)
	if len(texts) == 0 {
		return nil
	}
	var out []*parser.Comment
	for n := 1; n <= syn.Lines.LineCount(); n++ {
		start, end, ok := syn.Lines.LineBounds(n)
		if !ok {
			break
		}
		line := syn.Src[start:end]
		for i := 0; i < len(line); i++ {
			if line[i] != '#' || (i > 0 && line[i-1] != ' ' && line[i-1] != '\t') {
				continue
			}
			text := strings.TrimRight(string(line[i:]), " \t\r")
			if !texts[text] {
				continue
			}
			own := len(bytes.TrimSpace(line[:i])) == 0
			out = append(out, &parser.Comment{
				Span:    parser.Span{Start: syn.Lines.Pos(start + i), End: syn.Lines.Pos(start + i + len(text))},
				Text:    text[1:],
				OwnLine: own,
			})
			break
		}
	}
	return out
}

// String describes a problem with its position.
func (p Problem) String() string { return fmt.Sprintf("%s: %s", p.Span.Start, p.Message) }
