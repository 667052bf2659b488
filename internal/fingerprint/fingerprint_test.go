package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestHashIsStable pins the hash: baselines and code scanning alerts
// already keyed by it would all turn new if it changed. A change to what
// it hashes needs a new SARIF fingerprint key and baseline version.
func TestHashIsStable(t *testing.T) {
	got := Hash("legacy-fact", "modules/a/manifests/init.pp", "class a", "$osfamily")
	if want := "55bd7b82c4ee17030b46143f4bab3bf9"; got != want {
		t.Errorf("Hash = %s, want %s", got, want)
	}
	if Hash("r", "p", "e", "a  b\n\tc") != Hash("r", "p", "e", " a b c ") {
		t.Error("whitespace in the flagged code changes the hash")
	}
	if Occurrence("abc", 2) != "abc:2" {
		t.Errorf("Occurrence = %s", Occurrence("abc", 2))
	}
}

func TestFlagged(t *testing.T) {
	src := []byte("class a {\n  notice($osfamily)\n}\n")
	idx := parser.NewLineIndex(src)
	at := func(line, col, off int) parser.Pos {
		return parser.Pos{Line: int32(line), Column: int32(col), Offset: int32(off)}
	}
	if got := Flagged(idx, at(2, 10, 19), at(2, 19, 28)); got != "$osfamily" {
		t.Errorf("a range: %q", got)
	}
	// An empty range: the text around its start on its line.
	if got := Flagged(idx, at(2, 10, 19), parser.Pos{}); got != "  notice($osfamily)" {
		t.Errorf("an empty range: %q", got)
	}
	// Offsets that are not on the line: nothing, rather than the line number.
	if got := Flagged(idx, at(2, 10, 2), at(2, 19, 5)); got != "" {
		t.Errorf("offsets off the line: %q", got)
	}
	if Flagged(nil, at(2, 10, 19), at(2, 19, 28)) != "" {
		t.Error("no source: want no text")
	}
}

// TestHashInput holds Hash to the composition it is defined by: the
// fields of the flagged code joined by one space, the parts by NUL bytes.
func TestHashInput(t *testing.T) {
	flagged := []string{"", " ", "a", "  a\u00a0b\u2003c\t\n d  ", "ünï\x00code", strings.Repeat("x y ", 300)}
	for _, f := range flagged {
		for _, enclosing := range []string{"", "class a", strings.Repeat("é", 400)} {
			input := strings.Join([]string{"rule", "m/a.pp", enclosing, strings.Join(strings.Fields(f), " ")}, "\x00")
			sum := sha256.Sum256([]byte(input))
			if got, want := Hash("rule", "m/a.pp", enclosing, f), hex.EncodeToString(sum[:16]); got != want {
				t.Errorf("Hash(%q, %q) = %s, want %s", enclosing, f, got, want)
			}
		}
	}
}
