package lsp

import (
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// A finding's edits are offered as a quick fix only when the fix package
// accepts their result.
func TestQuickFixOnlyWhatTheFixPackageAccepts(t *testing.T) {
	at := func(off int) parser.Pos { return parser.Pos{Offset: int32(off), Line: 1, Column: int32(off) + 1} }
	const text = "notice($osfamily) # why\n"
	for _, tc := range []struct {
		name, path, text string
		edits            []diagnostics.Edit
		ok               bool
	}{
		{"a whole expression", "a.pp", text, []diagnostics.Edit{{Start: at(7), End: at(16), NewText: "$facts['os']['family']"}}, true},
		{"no edits", "a.pp", text, nil, false},
		{"part of an expression", "a.pp", text, []diagnostics.Edit{{Start: at(8), End: at(10), NewText: "x"}}, false},
		{"code and a comment", "a.pp", text, []diagnostics.Edit{{Start: at(7), End: at(23), NewText: "$x) # how"}}, false},
		{"a result that does not parse", "a.pp", text, []diagnostics.Edit{{Start: at(7), End: at(16), NewText: "$facts['os'"}}, false},
		{"a file that does not parse", "a.pp", "notice($osfamily\n", []diagnostics.Edit{{Start: at(7), End: at(16), NewText: "$facts['os']['family']"}}, false},
		{"not a manifest", "a.yaml", text, []diagnostics.Edit{{Start: at(7), End: at(16), NewText: "$facts['os']['family']"}}, false},
	} {
		edits, ok := quickFix(tc.path, tc.text, parser.FileOptions(tc.path), Finding{Rule: "legacy-fact", Edits: tc.edits}, newMapper(tc.text, utf16Encoding))
		if ok != tc.ok {
			t.Errorf("%s: offered %v (%+v), want %v", tc.name, ok, edits, tc.ok)
			continue
		}
		if ok && (len(edits) != 1 || edits[0].Range.Start.Character != 7 || edits[0].Range.End.Character != 16 || edits[0].NewText != tc.edits[0].NewText) {
			t.Errorf("%s: edits %+v", tc.name, edits)
		}
	}
}

// TestPullForAnUnsentVersionWaitsWithoutWork checks the analysis loop's
// decision for a pull request that asks for a version of its buffer the
// client has not sent yet: it is no work until that edit arrives (before,
// it was put back as pending work at once, and the loop spun analysing
// nothing until the edit came), and work once it has, or once the buffer
// is closed (the request is then answered with an error).
func TestPullForAnUnsentVersionWaitsWithoutWork(t *testing.T) {
	r := &root{buffers: map[string]overlay{"a.pp": {version: 1}}}
	r.diagWaiters = []*diagWaiter{{path: "a.pp", version: 2}}
	if r.foregroundPending() {
		t.Error("a pull for version 2 of a buffer at version 1 is pending work")
	}
	r.buffers["a.pp"] = overlay{version: 2}
	if !r.foregroundPending() {
		t.Error("a pull for version 2 of a buffer at version 2 is not pending work")
	}
	delete(r.buffers, "a.pp")
	if !r.foregroundPending() {
		t.Error("a pull for a closed buffer is not pending work (it is to be answered with an error)")
	}
}
