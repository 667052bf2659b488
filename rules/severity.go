package rules

import "github.com/ducklint/ducklint/diagnostics"

// Severity ranks a finding (diagnostics.Severity).
type Severity = diagnostics.Severity

// Severities, from least to most severe.
const (
	Info    = diagnostics.Info
	Warning = diagnostics.Warning
	Error   = diagnostics.Error
)

// ParseSeverity parses "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) { return diagnostics.ParseSeverity(s) }
