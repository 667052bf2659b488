package model

import (
	"bytes"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestLookupCallsInSkipsOnlyFilesWithoutLookups checks the text test
// lookupCallsIn skips a walk by: every lookup function's name holds one
// of the words it looks for, and files calling each are still walked.
func TestLookupCallsInSkipsOnlyFilesWithoutLookups(t *testing.T) {
	for _, fn := range lookupFunctions {
		if !bytes.Contains([]byte(fn), []byte("lookup")) && !bytes.Contains([]byte(fn), []byte("hiera")) {
			t.Errorf("lookup function %s holds neither word lookupCallsIn looks for", fn)
		}
		src := "class a { $x = " + fn + "('k') }\n"
		if got := lookupCallsIn(parser.ParseFile("a.pp", []byte(src))); len(got) != 1 {
			t.Errorf("%s: found %d calls, want 1", src, len(got))
		}
	}
	if got := lookupCallsIn(parser.ParseFile("a.pp", []byte("class a { $x = look('k') }\n"))); len(got) != 0 {
		t.Errorf("found %d calls in a file without lookups", len(got))
	}
}
