package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// addSeeds adds the parse fixtures and conformance cases as fuzz seeds.
func addSeeds(f *testing.F, exts ...string) {
	for _, dir := range []string{"parse", "parse/plans", "parse/snippets", "conformance/*"} {
		for _, ext := range exts {
			files, _ := filepath.Glob(filepath.Join("..", "testdata", dir, "*"+ext))
			for _, file := range files {
				if src, err := os.ReadFile(file); err == nil {
					f.Add(src)
				}
			}
		}
	}
}

func FuzzLex(f *testing.F) {
	addSeeds(f, ".pp", ".epp")
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, epp := range []bool{false, true} {
			l := newLexer(src, true, nil)
			if epp {
				l.epp = eppText
			}
			toks := l.lex()
			if len(toks) == 0 {
				t.Fatal("no tokens")
			}
			if k := toks[len(toks)-1].kind; k != tEOF && k != tLexErr {
				t.Fatalf("last token kind %d, want EOF or error", k)
			}
			for _, tk := range toks {
				if int(tk.start) < 0 || int(tk.end) > len(src) || int(tk.start) > int(tk.end) {
					t.Fatalf("token %d [%d,%d) outside [0,%d]", tk.kind, int(tk.start), int(tk.end), len(src))
				}
			}
		}
	})
}

func FuzzParse(f *testing.F) {
	addSeeds(f, ".pp")
	f.Fuzz(func(t *testing.T, src []byte) {
		file := ParseManifest("fuzz.pp", src)
		checkSpans(t, file)
		file = ParseFileWithOptions("fuzz.pp", src, ParseOptions{Tasks: true})
		checkSpans(t, file)
		checkNodesMade(t, src, ParseOptions{})
		checkNodesMade(t, src, ParseOptions{Tasks: true})
	})
}

func FuzzParseEPP(f *testing.F) {
	addSeeds(f, ".epp")
	f.Fuzz(func(t *testing.T, src []byte) {
		checkSpans(t, ParseEPP("fuzz.epp", src))
		checkNodesMade(t, src, ParseOptions{EPP: true})
	})
}

// checkNodesMade fails when a parse counted fewer nodes than its tree
// holds: the count is what lets a parse skip the depth bound.
func checkNodesMade(t *testing.T, src []byte, opts ParseOptions) {
	t.Helper()
	if made, reached := nodesMadeAndReached(src, opts); reached > made {
		t.Fatalf("the tree holds %d nodes, the parse counted %d", reached, made)
	}
}
