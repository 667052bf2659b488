//go:build linux

package main

import "testing"

// Touching 4 MiB in 4 KB pages faults each page once.
func TestTouchFaultsEveryPage(t *testing.T) {
	m, err := touch(4, false)
	if err != nil {
		t.Fatal(err)
	}
	if m.faults < 4<<20/4096 {
		t.Errorf("%d faults for 4 MiB of 4 KB pages, want at least %d", m.faults, 4<<20/4096)
	}
}
