// Package ducklint is the ducklint command: flag handling, outputs and exit
// codes around the lint pipeline of package engine. cmd/ducklint only wires
// it to the process, so the whole CLI is tested in-process.
package ducklint

// Exit codes of the command, part of the CLI contract.
const (
	ExitClean    = 0 // nothing at or above --fail-on
	ExitFindings = 1 // findings at or above --fail-on
	ExitUsage    = 2 // bad flags, bad configuration, unusable paths
	ExitInternal = 3 // ducklint itself failed
)
