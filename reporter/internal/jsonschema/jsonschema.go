// Package jsonschema validates JSON documents against a JSON Schema
// (draft-04). It implements the subset of the vocabulary that the SARIF
// 2.1.0 schema uses, and refuses to compile a schema that uses anything
// else, so a keyword is never silently ignored.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Schema is a compiled schema, safe for concurrent use.
type Schema struct {
	root *node
}

// node is one compiled (sub)schema.
type node struct {
	ref     string // "$ref": when set, every other keyword is ignored
	refNode *node

	types      []string
	enum       []any
	properties map[string]*node
	required   []string
	// additional validates properties not named in properties; noAdditional
	// forbids them (additionalProperties: false).
	additional   *node
	noAdditional bool
	items        *node   // items as one schema for every element
	tupleItems   []*node // items as an array of positional schemas
	minItems     int
	maxItems     int // -1: no limit
	uniqueItems  bool
	minLength    int
	maxLength    int // -1: no limit
	minimum      *float64
	maximum      *float64
	exclusiveMin bool
	exclusiveMax bool
	pattern      *regexp.Regexp
	format       string
	anyOf        []*node
	oneOf        []*node
	allOf        []*node
	not          *node
}

// annotations are keywords that carry no assertion and are skipped.
var annotations = []string{"$schema", "id", "title", "description", "default", "definitions"}

// assertions are the keywords this package implements.
var assertions = []string{
	"$ref", "type", "enum", "properties", "required", "additionalProperties", "items",
	"minItems", "maxItems", "uniqueItems", "minLength", "maxLength", "minimum", "maximum",
	"exclusiveMinimum", "exclusiveMaximum", "pattern", "format", "anyOf", "oneOf", "allOf", "not",
}

// compiler compiles a schema document, sharing the node of every JSON
// pointer so recursive references terminate.
type compiler struct {
	doc   any
	nodes map[string]*node // by JSON pointer ("#/definitions/x")
}

// Compile parses and compiles a JSON Schema document.
func Compile(data []byte) (*Schema, error) {
	doc, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("parsing schema: %w", err)
	}
	c := &compiler{doc: doc, nodes: map[string]*node{}}
	root, err := c.compileAt("#")
	if err != nil {
		return nil, err
	}
	// Resolving a reference can compile new nodes with references of their
	// own, so repeat until every reference is resolved.
	for resolved := true; resolved; {
		resolved = false
		for ptr, n := range c.nodes {
			if n.ref == "" || n.refNode != nil {
				continue
			}
			target, err := c.compileAt(n.ref)
			if err != nil {
				return nil, fmt.Errorf("%s: $ref %q: %w", ptr, n.ref, err)
			}
			n.refNode = target
			resolved = true
		}
	}
	for ptr, n := range c.nodes {
		if err := checkRefChain(n); err != nil {
			return nil, fmt.Errorf("%s: %w", ptr, err)
		}
	}
	return &Schema{root: root}, nil
}

// checkRefChain rejects a reference that leads back to itself through
// references only: validating it would never end.
func checkRefChain(n *node) error {
	seen := map[*node]bool{}
	for ; n.refNode != nil; n = n.refNode {
		if seen[n] {
			return fmt.Errorf("$ref %q refers to itself", n.ref)
		}
		seen[n] = true
	}
	return nil
}

// compileAt compiles the subschema at a JSON pointer of the document.
func (c *compiler) compileAt(ptr string) (*node, error) {
	if n, ok := c.nodes[ptr]; ok {
		return n, nil
	}
	v, err := resolvePointer(c.doc, ptr)
	if err != nil {
		return nil, err
	}
	return c.compile(v, ptr)
}

// compile compiles schema value v found at pointer ptr.
func (c *compiler) compile(v any, ptr string) (*node, error) {
	if n, ok := c.nodes[ptr]; ok {
		return n, nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: schema is %s, not an object", ptr, typeOf(v))
	}
	n := &node{maxItems: -1, maxLength: -1}
	c.nodes[ptr] = n
	for key, val := range obj {
		if !slices.Contains(annotations, key) && !slices.Contains(assertions, key) {
			return nil, fmt.Errorf("%s: unsupported keyword %q", ptr, key)
		}
		if err := c.keyword(n, key, val, ptr+"/"+escapePointer(key)); err != nil {
			return nil, err
		}
	}
	if defs, ok := obj["definitions"].(map[string]any); ok {
		for name, def := range defs {
			if _, err := c.compile(def, ptr+"/definitions/"+escapePointer(name)); err != nil {
				return nil, err
			}
		}
	}
	return n, nil
}

// keyword compiles one keyword of a schema into n.
func (c *compiler) keyword(n *node, key string, val any, ptr string) error {
	var err error
	switch key {
	case "$ref":
		s, ok := val.(string)
		if !ok || !strings.HasPrefix(s, "#") {
			return fmt.Errorf("%s: only local references (#...) are supported", ptr)
		}
		n.ref = s
	case "type":
		switch t := val.(type) {
		case string:
			n.types = []string{t}
		case []any:
			for _, e := range t {
				s, ok := e.(string)
				if !ok {
					return fmt.Errorf("%s: type names must be strings", ptr)
				}
				n.types = append(n.types, s)
			}
		default:
			return fmt.Errorf("%s: type must be a string or an array", ptr)
		}
		for _, t := range n.types {
			if !slices.Contains([]string{"object", "array", "string", "integer", "number", "boolean", "null"}, t) {
				return fmt.Errorf("%s: unknown type %q", ptr, t)
			}
		}
	case "enum":
		list, ok := val.([]any)
		if !ok || len(list) == 0 {
			return fmt.Errorf("%s: enum must be a non-empty array", ptr)
		}
		n.enum = list
	case "properties":
		props, ok := val.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: properties must be an object", ptr)
		}
		n.properties = map[string]*node{}
		for name, sub := range props {
			if n.properties[name], err = c.compile(sub, ptr+"/"+escapePointer(name)); err != nil {
				return err
			}
		}
	case "required":
		list, ok := val.([]any)
		if !ok {
			return fmt.Errorf("%s: required must be an array", ptr)
		}
		for _, e := range list {
			s, ok := e.(string)
			if !ok {
				return fmt.Errorf("%s: required names must be strings", ptr)
			}
			n.required = append(n.required, s)
		}
	case "additionalProperties":
		switch a := val.(type) {
		case bool:
			n.noAdditional = !a
		default:
			n.additional, err = c.compile(a, ptr)
		}
	case "items":
		if list, ok := val.([]any); ok {
			for i, sub := range list {
				item, err := c.compile(sub, ptr+"/"+strconv.Itoa(i))
				if err != nil {
					return err
				}
				n.tupleItems = append(n.tupleItems, item)
			}
		} else {
			n.items, err = c.compile(val, ptr)
		}
	case "minItems":
		n.minItems, err = count(val, ptr)
	case "maxItems":
		n.maxItems, err = count(val, ptr)
	case "minLength":
		n.minLength, err = count(val, ptr)
	case "maxLength":
		n.maxLength, err = count(val, ptr)
	case "uniqueItems":
		n.uniqueItems, err = boolean(val, ptr)
	case "exclusiveMinimum":
		n.exclusiveMin, err = boolean(val, ptr)
	case "exclusiveMaximum":
		n.exclusiveMax, err = boolean(val, ptr)
	case "minimum":
		n.minimum, err = number(val, ptr)
	case "maximum":
		n.maximum, err = number(val, ptr)
	case "pattern":
		s, ok := val.(string)
		if !ok {
			return fmt.Errorf("%s: pattern must be a string", ptr)
		}
		if n.pattern, err = regexp.Compile(s); err != nil {
			return fmt.Errorf("%s: %w", ptr, err)
		}
	case "format":
		s, ok := val.(string)
		if !ok {
			return fmt.Errorf("%s: format must be a string", ptr)
		}
		n.format = s
	case "anyOf", "oneOf", "allOf":
		list, ok := val.([]any)
		if !ok || len(list) == 0 {
			return fmt.Errorf("%s: %s must be a non-empty array", ptr, key)
		}
		var subs []*node
		for i, sub := range list {
			s, err := c.compile(sub, ptr+"/"+strconv.Itoa(i))
			if err != nil {
				return err
			}
			subs = append(subs, s)
		}
		switch key {
		case "anyOf":
			n.anyOf = subs
		case "oneOf":
			n.oneOf = subs
		default:
			n.allOf = subs
		}
	case "not":
		n.not, err = c.compile(val, ptr)
	}
	return err
}

func count(v any, ptr string) (int, error) {
	f, ok := toFloat(v)
	if !ok || f < 0 || f != math.Trunc(f) || f > math.MaxInt32 {
		return 0, fmt.Errorf("%s: want a non-negative integer", ptr)
	}
	return int(f), nil
}

func boolean(v any, ptr string) (bool, error) {
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("%s: want a boolean", ptr)
	}
	return b, nil
}

func number(v any, ptr string) (*float64, error) {
	f, ok := toFloat(v)
	if !ok {
		return nil, fmt.Errorf("%s: want a number", ptr)
	}
	return &f, nil
}

// Error is one way in which a document breaks the schema.
type Error struct {
	// Path is the JSON pointer of the offending value in the document ("" is the root).
	Path string
	// Message says what is wrong.
	Message string
}

func (e Error) String() string { return fmt.Sprintf("%s: %s", displayPath(e.Path), e.Message) }

func displayPath(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

// ValidationError lists everything wrong with a document.
type ValidationError struct {
	Errors []Error
}

func (e *ValidationError) Error() string {
	lines := make([]string, len(e.Errors))
	for i, err := range e.Errors {
		lines[i] = err.String()
	}
	return "document does not match the schema:\n" + strings.Join(lines, "\n")
}

// Validate checks a JSON document. It returns a *ValidationError listing
// every violation, or another error when doc is not JSON.
func (s *Schema) Validate(doc []byte) error {
	v, err := decode(doc)
	if err != nil {
		return fmt.Errorf("parsing document: %w", err)
	}
	if errs := s.root.validate(v, ""); len(errs) > 0 {
		return &ValidationError{Errors: errs}
	}
	return nil
}

// validate returns the violations of n by value v at document path path.
func (n *node) validate(v any, path string) []Error {
	if n.refNode != nil {
		return n.refNode.validate(v, path)
	}
	var errs []Error
	fail := func(format string, args ...any) {
		errs = append(errs, Error{Path: path, Message: fmt.Sprintf(format, args...)})
	}
	if len(n.types) > 0 && !slices.ContainsFunc(n.types, func(t string) bool { return hasType(v, t) }) {
		fail("is %s, want %s", typeOf(v), strings.Join(n.types, " or "))
		return errs // the other keywords would only repeat the mismatch
	}
	if n.enum != nil && !slices.ContainsFunc(n.enum, func(e any) bool { return equal(e, v) }) {
		fail("%s is not one of the allowed values %s", encode(v), encode(n.enum))
	}
	switch v := v.(type) {
	case map[string]any:
		errs = append(errs, n.validateObject(v, path)...)
	case []any:
		errs = append(errs, n.validateArray(v, path)...)
	case string:
		errs = append(errs, n.validateString(v, path)...)
	case json.Number:
		f, _ := toFloat(v)
		if n.minimum != nil && (f < *n.minimum || (n.exclusiveMin && f == *n.minimum)) {
			fail("%s is below the minimum %v", v, *n.minimum)
		}
		if n.maximum != nil && (f > *n.maximum || (n.exclusiveMax && f == *n.maximum)) {
			fail("%s is above the maximum %v", v, *n.maximum)
		}
	}
	for _, sub := range n.allOf {
		errs = append(errs, sub.validate(v, path)...)
	}
	if len(n.anyOf) > 0 {
		if matched, branchErrs := matchCount(n.anyOf, v, path); matched == 0 {
			fail("matches none of the anyOf alternatives: %s", summarize(branchErrs))
		}
	}
	if len(n.oneOf) > 0 {
		if matched, branchErrs := matchCount(n.oneOf, v, path); matched != 1 {
			fail("matches %d of the oneOf alternatives, want exactly 1: %s", matched, summarize(branchErrs))
		}
	}
	if n.not != nil && len(n.not.validate(v, path)) == 0 {
		fail("matches a schema it must not match")
	}
	return errs
}

func (n *node) validateObject(obj map[string]any, path string) []Error {
	var errs []Error
	for _, name := range n.required {
		if _, ok := obj[name]; !ok {
			errs = append(errs, Error{Path: path, Message: fmt.Sprintf("missing required property %q", name)})
		}
	}
	names := make([]string, 0, len(obj))
	for name := range obj {
		names = append(names, name)
	}
	slices.Sort(names) // deterministic error order
	for _, name := range names {
		sub := path + "/" + escapePointer(name)
		switch prop, ok := n.properties[name]; {
		case ok:
			errs = append(errs, prop.validate(obj[name], sub)...)
		case n.noAdditional:
			errs = append(errs, Error{Path: path, Message: fmt.Sprintf("property %q is not allowed", name)})
		case n.additional != nil:
			errs = append(errs, n.additional.validate(obj[name], sub)...)
		}
	}
	return errs
}

func (n *node) validateArray(list []any, path string) []Error {
	var errs []Error
	if len(list) < n.minItems {
		errs = append(errs, Error{Path: path, Message: fmt.Sprintf("has %d items, want at least %d", len(list), n.minItems)})
	}
	if n.maxItems >= 0 && len(list) > n.maxItems {
		errs = append(errs, Error{Path: path, Message: fmt.Sprintf("has %d items, want at most %d", len(list), n.maxItems)})
	}
	if n.uniqueItems {
		for i := range list {
			for j := range i {
				if equal(list[i], list[j]) {
					errs = append(errs, Error{Path: path, Message: fmt.Sprintf("items %d and %d are equal, want unique items", j, i)})
				}
			}
		}
	}
	for i, item := range list {
		sub := path + "/" + strconv.Itoa(i)
		switch {
		case n.items != nil:
			errs = append(errs, n.items.validate(item, sub)...)
		case i < len(n.tupleItems):
			errs = append(errs, n.tupleItems[i].validate(item, sub)...)
		}
	}
	return errs
}

func (n *node) validateString(s, path string) []Error {
	var errs []Error
	fail := func(format string, args ...any) {
		errs = append(errs, Error{Path: path, Message: fmt.Sprintf(format, args...)})
	}
	if length := utf8.RuneCountInString(s); length < n.minLength {
		fail("has length %d, want at least %d", length, n.minLength)
	} else if n.maxLength >= 0 && length > n.maxLength {
		fail("has length %d, want at most %d", length, n.maxLength)
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		fail("%q does not match the pattern %q", s, n.pattern)
	}
	if err := checkFormat(n.format, s); err != nil {
		fail("%q is not a valid %s: %v", s, n.format, err)
	}
	return errs
}

// checkFormat checks the formats the SARIF schema uses; other formats are
// annotations only, as the specification allows. URI checks are loose: what
// Go's URL parser accepts.
func checkFormat(format, s string) error {
	switch format {
	case "uri":
		u, err := url.Parse(s)
		if err != nil {
			return err
		}
		if !u.IsAbs() {
			return errors.New("no scheme")
		}
	case "uri-reference":
		_, err := url.Parse(s)
		return err
	case "date-time":
		_, err := time.Parse(time.RFC3339, s)
		return err
	}
	return nil
}

// matchCount validates v against each alternative and counts the matches,
// returning the violations of the alternatives that failed.
func matchCount(alts []*node, v any, path string) (int, [][]Error) {
	matched := 0
	var failures [][]Error
	for _, alt := range alts {
		if errs := alt.validate(v, path); len(errs) == 0 {
			matched++
		} else {
			failures = append(failures, errs)
		}
	}
	return matched, failures
}

// summarize condenses the failures of alternatives into one line: the
// first violation of each.
func summarize(failures [][]Error) string {
	parts := make([]string, 0, len(failures))
	for _, errs := range failures {
		parts = append(parts, errs[0].String())
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// hasType reports whether v is an instance of the JSON Schema type t.
func hasType(v any, t string) bool {
	switch t {
	case "null":
		return v == nil
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		f, ok := v.(json.Number)
		if !ok {
			return false
		}
		x, ok := toFloat(f)
		return ok && x == math.Trunc(x)
	}
	return false
}

// typeOf names the JSON type of a decoded value.
func typeOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case json.Number:
		if hasType(v, "integer") {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// equal compares decoded JSON values, numbers by value.
func equal(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		bn, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, _ := toFloat(a)
		y, _ := toFloat(bn)
		return x == y
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, av := range a {
			bv, ok := bm[k]
			if !ok || !equal(av, bv) {
				return false
			}
		}
		return true
	case []any:
		bl, ok := b.([]any)
		return ok && slices.EqualFunc(a, bl, equal)
	}
	return a == b
}

func toFloat(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// decode parses one JSON value, keeping numbers exact and rejecting
// trailing data.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// resolvePointer finds the value at a URI-fragment JSON pointer ("#",
// "#/definitions/x") in doc.
func resolvePointer(doc any, ptr string) (any, error) {
	frag, ok := strings.CutPrefix(ptr, "#")
	if !ok {
		return nil, fmt.Errorf("pointer %q does not start with #", ptr)
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return nil, fmt.Errorf("pointer %q: %w", ptr, err)
	}
	if frag == "" {
		return doc, nil
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, fmt.Errorf("pointer %q: want a fragment starting with #/", ptr)
	}
	cur := doc
	for tok := range strings.SplitSeq(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch c := cur.(type) {
		case map[string]any:
			next, ok := c[tok]
			if !ok {
				return nil, fmt.Errorf("pointer %q: no member %q", ptr, tok)
			}
			cur = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("pointer %q: no element %q", ptr, tok)
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("pointer %q: %q is inside a %s", ptr, tok, typeOf(cur))
		}
	}
	return cur, nil
}

// escapePointer escapes a member name as a JSON pointer token.
func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
