package lsp_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// codeAction is the part of a protocol code action the tests look at.
type codeAction struct {
	Title       string `json:"title"`
	Kind        string `json:"kind"`
	IsPreferred bool   `json:"isPreferred"`
	Diagnostics []diagnostic
	Edit        struct {
		Changes map[string][]textEdit `json:"changes"`
	} `json:"edit"`
}

type textEdit struct {
	Range struct {
		Start struct{ Line, Character int } `json:"start"`
		End   struct{ Line, Character int } `json:"end"`
	} `json:"range"`
	NewText string `json:"newText"`
}

// utf16Offset returns the byte offset in text of a UTF-16 position.
func utf16Offset(t *testing.T, text string, line, char int) int {
	t.Helper()
	off := 0
	for range line {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			t.Fatalf("line %d is past the end of %q", line, text)
		}
		off += i + 1
	}
	units := 0
	for i, r := range text[off:] {
		if units >= char || r == '\n' {
			return off + i
		}
		units += len(utf16.Encode([]rune{r}))
	}
	return len(text)
}

// applyEdits applies the protocol's edits (UTF-16 positions, not
// overlapping) to text.
func applyEdits(t *testing.T, text string, edits []textEdit) string {
	t.Helper()
	type byteEdit struct {
		start, end int
		text       string
	}
	var bes []byteEdit
	for _, e := range edits {
		bes = append(bes, byteEdit{utf16Offset(t, text, e.Range.Start.Line, e.Range.Start.Character),
			utf16Offset(t, text, e.Range.End.Line, e.Range.End.Character), e.NewText})
	}
	slices.SortFunc(bes, func(a, b byteEdit) int { return b.start - a.start }) // last first
	for _, e := range bes {
		text = text[:e.start] + e.text + text[e.end:]
	}
	return text
}

func TestCodeActionQuickFixAppliesTheFindingsEdits(t *testing.T) {
	dir := writeTree(t, map[string]string{"modules/w/manifests/init.pp": "class w {\n}\n"})
	path := filepath.Join(dir, "modules/w/manifests/init.pp")
	c := start(t)
	c.initialize(map[string]any{}, dir) // UTF-16 positions
	for _, tc := range []struct{ rule, text, want string }{
		{"legacy-fact", "class w {\n  notice($osfamily)\n}\n", "class w {\n  notice($facts['os']['family'])\n}\n"},
		// A character of two UTF-16 units before the read, and a "$x"
		// in a string, which the fix writes as "${...}".
		{"legacy-fact", "class w {\n  notice(\"😀 é $::osfamily\")\n}\n", "class w {\n  notice(\"😀 é ${facts['os']['family']}\")\n}\n"},
		{"legacy-fact", "class w {\n  notice(\"😀 ${facts['operatingsystem']}\")\n}\n", "class w {\n  notice(\"😀 ${facts['os']['name']}\")\n}\n"},
		// A control comment's clean-up, which no comment can suppress.
		{"unused-ignore", "class w {\n  notice('😀', $nope) # lint:ignore:unknown-variable,legacy-fact\n}\n",
			"class w {\n  notice('😀', $nope) # lint:ignore:unknown-variable\n}\n"},
	} {
		c.changeFullOrOpen(path, tc.text)
		c.waitPublished(path, c.version, func(ds []diagnostic) bool { return strings.Contains(rulesOf(ds), tc.rule) })
		var actions []codeAction
		c.mustCall("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri(path)},
			"range":        map[string]any{"start": map[string]int{"line": 1, "character": 0}, "end": map[string]int{"line": 1, "character": 0}},
			"context":      map[string]any{"diagnostics": []any{}},
		}, &actions)
		var fixes []codeAction
		suppress := false
		for _, a := range actions {
			switch {
			case strings.HasPrefix(a.Title, "Fix: "):
				fixes = append(fixes, a)
			case a.Title == "Suppress "+tc.rule+" on this line":
				suppress = true
			}
		}
		if len(fixes) != 1 || suppress != (tc.rule != "unused-ignore") {
			t.Fatalf("%q: actions %+v, want one fix and the suppression of %s unless it is unused-ignore", tc.text, actions, tc.rule)
		}
		a := fixes[0]
		if a.Kind != "quickfix" || !a.IsPreferred || len(a.Diagnostics) != 1 || a.Diagnostics[0].Code != tc.rule {
			t.Errorf("%q: fix %+v, want a preferred quickfix for the %s finding", tc.text, a, tc.rule)
		}
		got := applyEdits(t, tc.text, a.Edit.Changes[uri(path)])
		if got != tc.want {
			t.Errorf("%q: fixed text %q, want %q", tc.text, got, tc.want)
		}
		c.changeFullOrOpen(path, got)
		c.waitPublished(path, c.version, func(ds []diagnostic) bool { return !strings.Contains(rulesOf(ds), tc.rule) })
	}
}

// TestPlanInAWorkspaceOfItsDirectory: a module's plan opened in a
// workspace folder of its own plans/ directory is read as a plan, as from
// the module, and its fixes are checked as a plan's.
func TestPlanInAWorkspaceOfItsDirectory(t *testing.T) {
	root := writeTree(t, map[string]string{"foo/manifests/init.pp": "class foo {\n}\n", "foo/plans/deploy.pp": "plan foo::deploy() {\n}\n"})
	dir := filepath.Join(root, "foo/plans")
	path := filepath.Join(dir, "deploy.pp")
	c := start(t)
	c.initialize(map[string]any{}, dir)
	text := "plan foo::deploy(TargetSpec $targets) {\n  notice($osfamily)\n}\n"
	c.changeFullOrOpen(path, text)
	c.waitPublished(path, c.version, has("1:9 legacy-fact"))
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri(path)},
		"range":        map[string]any{"start": map[string]int{"line": 1, "character": 0}, "end": map[string]int{"line": 1, "character": 0}},
		"context":      map[string]any{"diagnostics": []any{}},
	}, &actions)
	i := slices.IndexFunc(actions, func(a codeAction) bool { return strings.HasPrefix(a.Title, "Fix: ") })
	if i < 0 {
		t.Fatalf("actions %+v: no fix", actions)
	}
	want := "plan foo::deploy(TargetSpec $targets) {\n  notice($facts['os']['family'])\n}\n"
	if got := applyEdits(t, text, actions[i].Edit.Changes[uri(path)]); got != want {
		t.Errorf("fixed text %q, want %q", got, want)
	}
}
