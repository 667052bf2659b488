package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func BenchmarkCorpusTmp(b *testing.B) {
	var files []string
	var srcs [][]byte
	total := 0
	filepath.Walk("/tmp/corpus", func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && (strings.HasSuffix(p, ".pp") || strings.HasSuffix(p, ".epp")) {
			s, _ := os.ReadFile(p)
			files = append(files, p)
			srcs = append(srcs, s)
			total += len(s)
		}
		return nil
	})
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for i, f := range files {
			ParseFile(f, srcs[i])
		}
	}
}
