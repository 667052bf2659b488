package baseline

import (
	"bytes"
	"strings"
	"testing"
)

func hashOf(p string) string { return "h-" + p }

func TestWriteIsSortedAndOneEntryPerLine(t *testing.T) {
	b := New([]Finding{
		{Rule: "unknown-variable", Path: "b.pp", Message: "unknown variable $x", Flagged: "$x"},
		{Rule: "legacy-fact", Path: "a.pp", Message: "legacy fact <$osfamily> & co", Flagged: "$osfamily"},
		{Rule: "legacy-fact", Path: "a.pp", Message: "legacy fact <$osfamily> & co", Flagged: "$osfamily"},
	}, hashOf)
	var buf bytes.Buffer
	if err := b.Write(&buf); err != nil {
		t.Fatal(err)
	}
	fa := Finding{Rule: "legacy-fact", Path: "a.pp", Flagged: "$osfamily"}.fingerprintAt("a.pp")
	fb := Finding{Rule: "unknown-variable", Path: "b.pp", Flagged: "$x"}.fingerprintAt("b.pp")
	want := `{
  "version": 1,
  "files": {
    "a.pp": "h-a.pp",
    "b.pp": "h-b.pp"
  },
  "findings": [
    {"rule": "legacy-fact", "path": "a.pp", "count": 2, "fingerprint": "` + fa + `", "message": "legacy fact <$osfamily> & co"},
    {"rule": "unknown-variable", "path": "b.pp", "count": 1, "fingerprint": "` + fb + `", "message": "unknown variable $x"}
  ]
}
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	back, err := Parse(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := back.Write(&again); err != nil || again.String() != want {
		t.Errorf("a read and written baseline changed:\n%s (%v)", again.String(), err)
	}

	var empty bytes.Buffer
	if err := New(nil, hashOf).Write(&empty); err != nil || empty.String() != "{\n  \"version\": 1,\n  \"files\": {},\n  \"findings\": []\n}\n" {
		t.Errorf("empty baseline: %q, %v", empty.String(), err)
	}
}

func TestParseErrors(t *testing.T) {
	for src, want := range map[string]string{
		`[]`:                             "not a ducklint baseline",
		`{"version": 2, "findings": []}`: "baseline version 2 is not supported",
		`{"findings": []}`:               "baseline version (none)",
		`{"version": 1, "findings": [], "extra": 1}`:                                                                                                           `unknown field "extra"`,
		`{"version": 1, "findings": [{"rule": "r", "path": "p", "count": 0, "fingerprint": "f"}]}`:                                                             "count 0",
		`{"version": 1, "findings": [{"rule": "r", "path": "p", "count": 1}]}`:                                                                                 "no rule, path or fingerprint",
		`{"version": 1, "findings": [{"rule": "r", "path": "p", "count": 1, "fingerprint": "f"}, {"rule": "r", "path": "p", "count": 2, "fingerprint": "f"}]}`: "repeats",
	} {
		if _, err := Parse([]byte(src)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%s) = %v, want an error with %q", src, err, want)
		}
	}
}

func TestMatchCountsAndRenames(t *testing.T) {
	x := Finding{Rule: "r", Path: "a.pp", Message: "m", Enclosing: "class a", Flagged: "$x"}
	b := New([]Finding{x, x}, hashOf)
	all := Scope{Checked: func(string) bool { return true }, Exists: func(string) bool { return true }, Hash: hashOf}

	m := b.Match([]Finding{x, x, x}, all)
	if got := m.States; got[0] != StateUnchanged || got[1] != StateUnchanged || got[2] != StateNew {
		t.Errorf("three of a finding the baseline has twice: %v", got)
	}
	m = b.Match([]Finding{x}, all)
	if m.Stale != 1 || len(m.Absent) != 1 || m.Absent[0].Count != 1 {
		t.Errorf("one of two left: stale %d, absent %+v", m.Stale, m.Absent)
	}
	if p := m.Pruned([]Finding{x}, hashOf); p.Findings() != 1 {
		t.Errorf("pruned to %d findings, want 1", p.Findings())
	}
	// Outside the run's scope nothing is stale.
	none := Scope{Checked: func(string) bool { return false }, Exists: func(string) bool { return true }, Hash: hashOf}
	if m := b.Match(nil, none); m.Stale != 0 {
		t.Errorf("entries of files the run did not check are stale: %+v", m.Absent)
	}

	// a.pp renamed to z.pp with the same content.
	moved := x
	moved.Path = "z.pp"
	renamed := Scope{
		Checked: func(p string) bool { return p == "z.pp" },
		Exists:  func(p string) bool { return p == "z.pp" },
		Hash:    func(p string) string { return "h-a.pp" },
	}
	m = b.Match([]Finding{moved, moved}, renamed)
	if m.States[0] != StateUnchanged || m.States[1] != StateUnchanged || m.Stale != 0 {
		t.Errorf("renamed file: states %v, stale %d", m.States, m.Stale)
	}
	p := m.Pruned([]Finding{moved, moved}, func(p string) string { return "h-" + p })
	if len(p.Entries) != 1 || p.Entries[0].Path != "z.pp" || p.Entries[0].Count != 2 || p.Entries[0].Fingerprint != moved.fingerprintAt("z.pp") {
		t.Errorf("pruning a renamed file's entries: %+v", p.Entries)
	}
	// Different content: not the same file.
	renamed.Hash = func(string) string { return "other" }
	if m := b.Match([]Finding{moved}, renamed); m.States[0] != StateNew || m.Stale != 1 {
		t.Errorf("a new file with other content matched a gone one: %v, stale %d", m.States, m.Stale)
	}
}
