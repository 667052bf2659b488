package parser

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// goldenFixtures lists the parse fixtures: testdata/parse/*.pp, *.epp and
// plans/*.pp (parsed in tasks mode because of their directory).
func goldenFixtures(t testing.TB) []string {
	var files []string
	for _, pat := range []string{"*.pp", "*.epp", "plans/*.pp"} {
		m, err := filepath.Glob(filepath.Join("..", "testdata", "parse", pat))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures in testdata/parse")
	}
	return files
}

// render is the golden form of a parsed file: the tree, the comments and
// the errors, all with positions.
func render(f *File) string {
	var b strings.Builder
	b.WriteString(Dump(f.Program))
	b.WriteString("\n")
	for _, c := range f.Comments {
		fmt.Fprintf(&b, "comment %s block=%v ownline=%v %q\n", fmtSpan(c.Span), c.Block, c.OwnLine, c.Text)
	}
	for _, e := range f.Errors {
		fmt.Fprintf(&b, "error %s %s\n", fmtSpan(e.Span), e.Message)
	}
	return b.String()
}

func TestGolden(t *testing.T) {
	for _, path := range goldenFixtures(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f := ParseFile(filepath.ToSlash(path), src)
			got := render(f)
			golden := strings.TrimSuffix(path, filepath.Ext(path)) + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./parser -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s; run go test ./parser -update and review the diff\n%s", path, golden, firstDiff(string(want), got))
			}
			checkSpans(t, f)
		})
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return fmt.Sprintf("line %d:\nwant: %s\n got: %s", i+1, w, g)
		}
	}
	return ""
}

// checkSpans verifies that every node's span lies within the file, starts
// before it ends, and that line/column agree with the offsets.
func checkSpans(t testing.TB, f *File) {
	t.Helper()
	check := func(what string, s Span) {
		if int(s.Start.Offset) < 0 || int(s.End.Offset) > len(f.Src) || int(s.Start.Offset) > int(s.End.Offset) {
			t.Fatalf("%s: bad span %+v (file length %d)", what, s, len(f.Src))
		}
		for _, p := range []Pos{s.Start, s.End} {
			if want := f.Lines.Pos(int(p.Offset)); want != p {
				t.Fatalf("%s: position %+v, want %+v", what, p, want)
			}
		}
	}
	Inspect(f.Program, func(n Node) bool {
		check(fmt.Sprintf("%T", n), n.Span())
		return true
	})
	for _, c := range f.Comments {
		check("comment", c.Span)
	}
	for _, e := range f.Errors {
		check("error "+e.Message, e.Span)
	}
}

// TestTokenWindow parses every fixture and snippet with a tiny token
// window, so that compaction happens after almost every token, and checks
// that the result is identical to the default.
func TestTokenWindow(t *testing.T) {
	files := goldenFixtures(t)
	snippets, _ := filepath.Glob(filepath.Join("..", "testdata", "parse", "snippets", "*.*p"))
	for _, path := range append(files, snippets...) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		opts := ParseOptions{EPP: strings.HasSuffix(path, ".epp"), Tasks: strings.Contains(path, "/plans/")}
		want := render(ParseFileWithOptions(path, src, opts))
		opts.window = 1
		if got := render(ParseFileWithOptions(path, src, opts)); got != want {
			t.Errorf("%s: window 1 differs:\n%s", path, firstDiff(want, got))
		}
	}
}

// TestQuotedStringSpansCoverTheQuotes checks that a quoted string literal's
// span is its whole source text, quotes included: StringLit keeps no copy
// of that text, callers slice the source with the span.
func TestQuotedStringSpansCoverTheQuotes(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "parse", "*.pp"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no inputs: %v", err)
	}
	fixtures, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*.pp"))
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, fixtures...)
	quoted := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := ParseFile(path, src)
		if f.Program == nil {
			continue
		}
		Inspect(f.Program, func(n Node) bool {
			s, ok := n.(*StringLit)
			if !ok || s.Quote == 0 {
				return true
			}
			quoted++
			sp := s.Span()
			text := src[sp.Start.Offset:sp.End.Offset]
			if len(text) < 2 || text[0] != s.Quote || text[len(text)-1] != s.Quote {
				t.Errorf("%s:%d:%d: string %q spans %q", path, sp.Start.Line, sp.Start.Column, s.Value, text)
			}
			return true
		})
	}
	if quoted < 100 {
		t.Errorf("only %d quoted strings in the inputs", quoted)
	}
}
