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

// BenchmarkWalkRealistic walks every node of BenchmarkParseRealistic's
// parsed manifests, the cost each full-tree walk of a rule or analysis
// pays per node before doing its own work.
func BenchmarkWalkRealistic(b *testing.B) {
	var progs []*Program
	for path, content := range gentree.Generate(500, 1) {
		if strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp") {
			progs = append(progs, ParseFile(path, []byte(content)).Program)
		}
	}
	count := func() int {
		n := 0
		for _, p := range progs {
			Inspect(p, func(Node) bool { n++; return true })
		}
		return n
	}
	nodes := count()
	b.Run("Inspect", func(b *testing.B) {
		for b.Loop() {
			count()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
	})
	b.Run("InspectStack", func(b *testing.B) {
		for b.Loop() {
			for _, p := range progs {
				InspectStack(p, func(Node, []Node) bool { return true })
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
	})
	b.Run("EachChild", func(b *testing.B) {
		var visit func(Node)
		visit = func(n Node) { EachChild(n, visit) }
		for b.Loop() {
			for _, p := range progs {
				visit(p)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
	})
}
