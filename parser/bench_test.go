package parser

import (
	"os"
	"testing"
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
