package style

import "github.com/ducklint/ducklint/parser"

// This file finds resource bodies in a token stream the way puppet-lint's
// resource_indexes does, so that the resource checks see the resources
// puppet-lint sees: a body starts at a colon not followed by "{" and ends
// at the next ";" or "}" outside nested brackets.

// nextCode returns the index of the first token after i that is not
// whitespace, a newline or a comment; -1 if there is none.
func nextCode(toks []parser.Token, i int) int {
	for j := i + 1; j < len(toks); j++ {
		if !toks[j].Kind.IsTrivia() {
			return j
		}
	}
	return -1
}

// prevCode returns the index of the last token before i that is not
// whitespace, a newline or a comment; -1 if there is none.
func prevCode(toks []parser.Token, i int) int {
	for j := i - 1; j >= 0; j-- {
		if !toks[j].Kind.IsTrivia() {
			return j
		}
	}
	return -1
}

// punctAt reports whether toks[i] is the punctuation text.
func punctAt(toks []parser.Token, i int, text string) bool {
	return i >= 0 && i < len(toks) && toks[i].Kind == parser.TokPunct && toks[i].Text == text
}

// closing maps an opening bracket to its closing one.
var closing = map[string]string{"{": "}", "[": "]", "(": ")"}

// nextOf returns the index of the first token after i that is punctuation
// in texts, skipping whole bracketed blocks; -1 if there is none.
func nextOf(toks []parser.Token, i int, texts ...string) int {
	for j := i + 1; j < len(toks); j++ {
		t := toks[j]
		if t.Kind != parser.TokPunct {
			continue
		}
		for _, s := range texts {
			if t.Text == s {
				return j
			}
		}
		if c, ok := closing[t.Text]; ok {
			if j = nextOf(toks, j, c); j < 0 {
				return -1
			}
		}
	}
	return -1
}

// resource is one resource body: the tokens from its title's colon to the
// ";" or "}" that ends it.
type resource struct {
	// Colon and End are the indexes of the colon and the body's end.
	Colon, End int
	// Type is the index of the resource type's token (the code token
	// before the "{" the body is in); -1 if there is none.
	Type int
	// Params are the indexes of the attribute names: the names at the
	// body's top level that are followed by "=>".
	Params []int
}

// TypeName returns the text of the resource's type token, or "".
func (r resource) TypeName(toks []parser.Token) string {
	if r.Type < 0 {
		return ""
	}
	return toks[r.Type].Text
}

// valueOf returns the index of the value of the attribute at index param:
// the code token after its "=>"; -1 if there is none.
func valueOf(toks []parser.Token, param int) int {
	arrow := nextCode(toks, param)
	if arrow < 0 {
		return -1
	}
	return nextCode(toks, arrow)
}

// appendResources appends the resource bodies of toks to out, in order.
// As in puppet-lint, a colon that falls inside the body before it ends
// the search, and so does a body without an end. The attribute indexes of
// all of them are appended to params, which each resource's Params is a
// part of; it returns both. Rules get the bodies from Pass.Resources,
// which scans each file once. puncts are the indexes of the punctuation
// tokens of toks, in order: a body starts at a colon.
func appendResources(out []resource, params []int, toks []parser.Token, puncts []int32) ([]resource, []int) {
	marker := 0
	for _, at := range puncts {
		i := int(at)
		if t := &toks[i]; t.Kind != parser.TokPunct || t.Text != ":" {
			continue
		}
		next := nextCode(toks, i)
		if next < 0 || punctAt(toks, next, "{") {
			continue
		}
		if i < marker {
			break
		}
		end := nextOf(toks, i, ";", "}")
		if end < 0 {
			break
		}
		marker = end
		r := resource{Colon: i, End: end, Type: -1}
		first := len(params)
		for j := i; j >= 0; j-- {
			if punctAt(toks, j, "{") && !punctAt(toks, prevCode(toks, j), "?") {
				r.Type = prevCode(toks, j)
				break
			}
		}
		for j := i + 1; j < end; j++ {
			t := toks[j]
			if t.Kind == parser.TokPunct {
				if c, ok := closing[t.Text]; ok {
					if j = nextOf(toks, j, c); j < 0 {
						break
					}
				}
				continue
			}
			if t.Kind == parser.TokName && !t.Keyword {
				if n := nextCode(toks, j); n >= 0 && toks[n].Kind == parser.TokFarrow {
					params = append(params, j)
				}
			}
		}
		if len(params) > first {
			r.Params = params[first:len(params):len(params)]
		}
		out = append(out, r)
	}
	return out, params
}
