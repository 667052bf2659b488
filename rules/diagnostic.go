package rules

import "github.com/ducklint/ducklint/diagnostics"

// Diagnostic is one finding (see package diagnostics): rules report them,
// the runner returns them.
type Diagnostic = diagnostics.Diagnostic

// Related is a secondary location of a diagnostic.
type Related = diagnostics.Related
