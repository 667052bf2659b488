package jsonschema

import (
	"errors"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		doc    string
		// wantErr lists substrings of the expected violations; none means valid.
		wantErr []string
	}{
		{"type ok", `{"type": "string"}`, `"x"`, nil},
		{"type mismatch", `{"type": "string"}`, `1`, []string{"(root): is integer, want string"}},
		{"type list", `{"type": ["array", "null"]}`, `null`, nil},
		{"type list mismatch", `{"type": ["array", "null"]}`, `{}`, []string{"want array or null"}},
		{"integer accepts integral", `{"type": "integer"}`, `3`, nil},
		{"integer rejects fraction", `{"type": "integer"}`, `3.5`, []string{"is number, want integer"}},
		{"number accepts integer", `{"type": "number"}`, `3`, nil},
		{"boolean", `{"type": "boolean"}`, `"true"`, []string{"is string, want boolean"}},
		{"enum ok", `{"enum": ["a", "b"]}`, `"b"`, nil},
		{"enum bad", `{"enum": ["a", "b"]}`, `"c"`, []string{`"c" is not one of the allowed values ["a","b"]`}},
		{"enum numbers by value", `{"enum": [1]}`, `1.0`, nil},
		{"required", `{"type": "object", "required": ["a", "b"]}`, `{"a": 1}`, []string{`missing required property "b"`}},
		{"properties", `{"properties": {"a": {"type": "string"}}}`, `{"a": 1}`, []string{"/a: is integer, want string"}},
		{"additional false", `{"properties": {"a": {}}, "additionalProperties": false}`, `{"a": 1, "b": 2}`, []string{`property "b" is not allowed`}},
		{"additional schema", `{"additionalProperties": {"type": "string"}}`, `{"x": "y", "z": 1}`, []string{"/z: is integer"}},
		{"items", `{"items": {"type": "integer"}}`, `[1, "2", 3]`, []string{"/1: is string, want integer"}},
		{"tuple items", `{"items": [{"type": "string"}, {"type": "integer"}]}`, `["a", "b", true]`, []string{"/1: is string, want integer"}},
		{"minItems", `{"minItems": 1}`, `[]`, []string{"has 0 items, want at least 1"}},
		{"maxItems", `{"maxItems": 1}`, `[1, 2]`, []string{"has 2 items, want at most 1"}},
		{"uniqueItems", `{"uniqueItems": true}`, `[1, {"a": [2]}, {"a": [2]}]`, []string{"items 1 and 2 are equal"}},
		{"uniqueItems ok", `{"uniqueItems": true}`, `[1, 2, "1"]`, nil},
		{"minimum", `{"minimum": 1}`, `0`, []string{"0 is below the minimum 1"}},
		{"minimum inclusive", `{"minimum": 1}`, `1`, nil},
		{"exclusive minimum", `{"minimum": 1, "exclusiveMinimum": true}`, `1`, []string{"below the minimum"}},
		{"maximum", `{"maximum": 2}`, `3`, []string{"3 is above the maximum 2"}},
		{"minLength counts code points", `{"minLength": 2}`, `"é"`, []string{"has length 1, want at least 2"}},
		{"maxLength", `{"maxLength": 1}`, `"ab"`, []string{"has length 2, want at most 1"}},
		{"pattern", `{"pattern": "^[a-z]+$"}`, `"aB"`, []string{`"aB" does not match the pattern`}},
		{"pattern unanchored", `{"pattern": "[0-9]+"}`, `"ab1"`, nil},
		{"pattern ignores non-strings", `{"pattern": "^a$"}`, `5`, nil},
		{"format uri", `{"format": "uri"}`, `"https://example.com/x"`, nil},
		{"format uri needs scheme", `{"format": "uri"}`, `"a/b.pp"`, []string{"is not a valid uri"}},
		{"format uri-reference", `{"format": "uri-reference"}`, `"a/b%20c.pp"`, nil},
		{"format uri-reference bad", `{"format": "uri-reference"}`, `"a%zz"`, []string{"is not a valid uri-reference"}},
		{"format date-time", `{"format": "date-time"}`, `"yesterday"`, []string{"is not a valid date-time"}},
		{"unknown format is an annotation", `{"format": "email"}`, `"x"`, nil},
		{"ref", `{"definitions": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/definitions/s"}}}`, `{"a": 1}`, []string{"/a: is integer, want string"}},
		{"ref ignores siblings", `{"definitions": {"s": {}}, "$ref": "#/definitions/s", "type": "string"}`, `1`, nil},
		{"recursive ref", `{"definitions": {"n": {"type": "object", "properties": {"next": {"$ref": "#/definitions/n"}}}}, "$ref": "#/definitions/n"}`,
			`{"next": {"next": {"next": 1}}}`, []string{"/next/next/next: is integer, want object"}},
		{"anyOf ok", `{"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}`, `{"b": 1}`, nil},
		{"anyOf none", `{"anyOf": [{"required": ["a"]}, {"required": ["b"]}]}`, `{"c": 1}`, []string{"matches none of the anyOf alternatives"}},
		{"oneOf one", `{"oneOf": [{"type": "string"}, {"type": "integer"}]}`, `1`, nil},
		{"oneOf two", `{"oneOf": [{"type": "number"}, {"type": "integer"}]}`, `1`, []string{"matches 2 of the oneOf alternatives"}},
		{"allOf", `{"allOf": [{"minimum": 1}, {"maximum": 2}]}`, `3`, []string{"above the maximum"}},
		{"not", `{"not": {"type": "string"}}`, `"x"`, []string{"matches a schema it must not match"}},
		{"annotations ignored", `{"title": "t", "description": "d", "default": 5, "type": "integer"}`, `1`, nil},
		{"several errors", `{"type": "object", "required": ["v"], "properties": {"l": {"enum": ["x"]}}}`, `{"l": "y"}`,
			[]string{`missing required property "v"`, `/l: "y" is not one of`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Compile([]byte(tt.schema))
			if err != nil {
				t.Fatalf("Compile: %v", err)
			}
			err = s.Validate([]byte(tt.doc))
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatalf("Validate(%s) = %v, want valid", tt.doc, err)
				}
				return
			}
			var verr *ValidationError
			if !errors.As(err, &verr) {
				t.Fatalf("Validate(%s) = %v, want a *ValidationError", tt.doc, err)
			}
			if len(verr.Errors) != len(tt.wantErr) {
				t.Errorf("got %d violations, want %d:\n%v", len(verr.Errors), len(tt.wantErr), err)
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("violations do not mention %q:\n%v", want, err)
				}
			}
		})
	}
}

func TestCompileRejects(t *testing.T) {
	tests := []struct {
		name, schema, want string
	}{
		{"not JSON", `{`, "parsing schema"},
		{"unsupported keyword", `{"properties": {"a": {"patternProperties": {}}}}`, `unsupported keyword "patternProperties"`},
		{"bad type name", `{"type": "text"}`, `unknown type "text"`},
		{"bad pattern", `{"pattern": "("}`, "missing closing )"},
		{"dangling ref", `{"definitions": {}, "$ref": "#/definitions/missing"}`, `no member "missing"`},
		{"remote ref", `{"$ref": "http://example.com/s.json"}`, "only local references"},
		{"self ref", `{"definitions": {"a": {"$ref": "#/definitions/a"}}}`, "refers to itself"},
		{"schema not an object", `{"items": 5}`, "not an object"},
		{"negative minItems", `{"minItems": -1}`, "non-negative integer"},
		{"empty enum", `{"enum": []}`, "non-empty array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compile([]byte(tt.schema))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Compile(%s) = %v, want an error containing %q", tt.schema, err, tt.want)
			}
		})
	}
}

func TestValidateRejectsMalformedDocument(t *testing.T) {
	s, err := Compile([]byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{``, `{`, `{} {}`} {
		err := s.Validate([]byte(doc))
		var verr *ValidationError
		if err == nil || errors.As(err, &verr) {
			t.Errorf("Validate(%q) = %v, want a parse error", doc, err)
		}
	}
}
