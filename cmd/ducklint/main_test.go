package main

import (
	"runtime/debug"
	"testing"

	"github.com/ducklint/ducklint/lsp"
)

// TestServerCollects checks that the language server's process collects
// at lsp.GCPercent, and that GOGC set by the user wins.
func TestServerCollects(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	tuneServerGC()
	if got := debug.SetGCPercent(100); got != lsp.GCPercent {
		t.Errorf("the server's GOGC is %d, want %d", got, lsp.GCPercent)
	}
	t.Setenv("GOGC", "50")
	tuneServerGC()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, the server changed the collector to %d", got)
	}
}
