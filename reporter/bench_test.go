package reporter

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
)

// benchReport has 10,000 findings spread over 100 files of 1,000 lines.
func benchReport() *Report {
	line := "  $value = \"ünïcode ${other}\" # comment\n"
	src := []byte(strings.Repeat(line, 1000))
	r := &Report{Files: 100, Rules: fixtureRules(), Version: "0.1.0", Source: func(string) []byte { return src }}
	for f := range 100 {
		for l := range 100 {
			r.Findings = append(r.Findings, &diagnostics.Diagnostic{
				Rule: "unknown-variable", Severity: diagnostics.Warning, File: fmt.Sprintf("modules/m%d/manifests/init.pp", f),
				Start: pos(l*10+1, 3), End: pos(l*10+1, 9), Message: "unknown variable $value",
				Related: []diagnostics.Related{{Message: "assigned here", File: "site.pp", Start: pos(1, 1), End: pos(1, 5)}},
			})
		}
	}
	return r
}

func BenchmarkFormat(b *testing.B) {
	r := benchReport()
	for _, name := range Names() {
		f, _ := Lookup(name)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if err := f(io.Discard, r, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
