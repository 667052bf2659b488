package parser

import (
	"os"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
)

// BenchmarkParse parses every parse fixture once per iteration and reports
// throughput in bytes of source.
func BenchmarkParse(b *testing.B) {
	type fixture struct {
		path string
		src  []byte
	}
	var fixtures []fixture
	total := 0
	for _, path := range goldenFixtures(b) {
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		fixtures = append(fixtures, fixture{path, src})
		total += len(src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, fx := range fixtures {
			ParseFile(fx.path, fx.src)
		}
	}
}

// BenchmarkParseRealistic parses a generated control repo of about 500
// files — params classes, profiles, defines, heredocs, EPP templates — in
// the proportions of real modules, and reports throughput per core.
func BenchmarkParseRealistic(b *testing.B) {
	type fixture struct {
		path string
		src  []byte
	}
	var fixtures []fixture
	total := 0
	for path, content := range gentree.Generate(500, 1) {
		if strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp") {
			fixtures = append(fixtures, fixture{path, []byte(content)})
			total += len(content)
		}
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, fx := range fixtures {
			ParseFile(fx.path, fx.src)
		}
	}
}

// BenchmarkTokenViewRealistic builds the token view of the manifests of
// BenchmarkParseRealistic's tree: the cost the style rules add to parsing
// when one of them is on (nothing when none is).
func BenchmarkTokenViewRealistic(b *testing.B) {
	var srcs [][]byte
	total := 0
	for path, content := range gentree.Generate(500, 1) {
		if strings.HasSuffix(path, ".pp") {
			srcs = append(srcs, []byte(content))
			total += len(content)
		}
	}
	b.Run("new", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for _, src := range srcs {
				NewTokenView(src, nil)
			}
		}
	})
	// One view reset for each file, as the rule runner's workers do.
	b.Run("reset", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		var v TokenView
		for b.Loop() {
			for _, src := range srcs {
				v.Reset(src, nil)
			}
		}
	})
}
