package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type testContext struct {
	values map[string]any
	failed bool
}

func (c testContext) lookup(path []string) (any, error) {
	return c.values[strings.Join(path, ".")], nil
}

func (c testContext) status(fn string) (bool, error) {
	switch fn {
	case "success":
		return !c.failed, nil
	case "failure":
		return c.failed, nil
	}
	return fn == "always", nil
}

// The expressions and conditions action.yml relies on, with GitHub's
// equality and truth.
func TestConditions(t *testing.T) {
	ctx := testContext{values: map[string]any{"steps.restore.outputs.cache-hit": "true", "inputs.x": ""}}
	cases := []struct {
		cond string
		want bool
	}{
		{"steps.restore.outputs.cache-hit != 'true'", false},
		{"steps.restore.outputs.cache-hit == 'TRUE'", true}, // strings ignore case
		{"steps.missing.outputs.cache-hit != 'true'", true}, // null is not 'true'
		{"steps.missing.outputs.x == ''", true},             // null equals '' as numbers
		{"${{ inputs.x == '' && !failure() }}", true},
		{"inputs.x || 'fallback'", true},
		{"", true},
		{"always()", true},
		{"(1 == 1) && (true != false)", true},
	}
	for _, c := range cases {
		got, err := evalCondition(c.cond, ctx)
		if err != nil || got != c.want {
			t.Errorf("%q = %v, %v; want %v", c.cond, got, err, c.want)
		}
	}
	// A failed step skips the steps after it unless they ask.
	failed := testContext{failed: true}
	if ok, _ := evalCondition("1 == 1", failed); ok {
		t.Error("a plain condition runs after a failure")
	}
	if ok, _ := evalCondition("failure()", failed); !ok {
		t.Error("failure() does not run after a failure")
	}
	for _, bad := range []string{"hashFiles('x')", "a[0]", "'unclosed", "1 <"} {
		if _, err := evalCondition(bad, ctx); err == nil {
			t.Errorf("%q: no error for unsupported syntax", bad)
		}
	}
}

func TestSubstitute(t *testing.T) {
	ctx := testContext{values: map[string]any{"runner.temp": "/tmp/r", "steps.v.outputs.key": "k1"}}
	got, err := substitute("${{ runner.temp }}/bin-${{steps.v.outputs.key}}-${{ steps.none.outputs.x }}.", ctx)
	if err != nil || got != "/tmp/r/bin-k1-." {
		t.Errorf("substitute = %q, %v", got, err)
	}
}

func TestReadCommandFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(path, []byte("a=1\nb=x=y\nmulti<<EOF\nline 1\nline 2\nEOF\nc=\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readCommandFile(path)
	if err != nil || got["a"] != "1" || got["b"] != "x=y" || got["multi"] != "line 1\nline 2" || got["c"] != "" || len(got) != 4 {
		t.Errorf("readCommandFile = %q, %v", got, err)
	}
	if err := os.WriteFile(path, []byte("m<<EOF\nno end\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readCommandFile(path); err == nil {
		t.Error("an unclosed block is not an error")
	}
}
