package baseline

import (
	"fmt"
	"testing"
)

// BenchmarkMatch matches n findings spread over n/2 files against a
// baseline of them all: what a run with a baseline adds to the lint.
func BenchmarkMatch(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("findings=%d", n), func(b *testing.B) {
			findings := make([]Finding, n)
			for i := range findings {
				findings[i] = Finding{
					Rule: "legacy-fact", Path: fmt.Sprintf("modules/m%d/manifests/init.pp", i/2),
					Message: fmt.Sprintf("legacy fact $f%d", i%7), Enclosing: fmt.Sprintf("class m%d", i/2),
					Flagged: fmt.Sprintf("$f%d", i%7),
				}
			}
			base := New(findings, func(p string) string { return "h-" + p })
			scope := Scope{Checked: func(string) bool { return true }, Exists: func(string) bool { return true },
				Hash: func(p string) string { return "h-" + p }}
			for b.Loop() {
				if m := base.Match(findings, scope); m.Stale != 0 {
					b.Fatal("stale entries")
				}
			}
		})
	}
}
