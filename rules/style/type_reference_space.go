package style

import "github.com/ducklint/ducklint/diagnostics"

// TypeReferenceSpace flags blanks between a data type or Class and its [.
func TypeReferenceSpace() *Rule {
	return &Rule{
		ID:     "type-reference-space",
		Check:  "resource_reference_chain_without_whitespace",
		Title:  "A data type or Class has blanks before its [",
		Detail: `Write the [ right after the type name (Class['apache'], String[1]): Puppet reads a [ after a blank as an array.`,
		Doc: `A data type or Class followed by blanks and a [ (Class ['apache'], String [1]). The check
resource_reference_chain_without_whitespace of the voxpupuli plugin
puppet-lint-resource_reference_syntax; other type names are resource-reference-space's. Puppet reads
the [ after a blank as the start of an array, so the code usually does not parse, or means a type
and an array. Not fixed, as the plugin does not fix it.`,
		Severity: diagnostics.Error,
		Run: func(p *Pass) {
			runTypeSpace(p, "TYPE")
		},
	}
}
