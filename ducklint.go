// Package ducklint is the ducklint command: flag handling, the lint pipeline
// (load, parse, model, rules, report) and exit codes. cmd/ducklint only wires
// it to the process, so the whole CLI is tested in-process.
package ducklint

// Exit codes of the command, part of the CLI contract.
const (
	ExitClean    = 0 // nothing at or above --fail-on
	ExitFindings = 1 // findings at or above --fail-on
	ExitUsage    = 2 // bad flags, bad configuration, unusable paths
	ExitInternal = 3 // ducklint itself failed
)
