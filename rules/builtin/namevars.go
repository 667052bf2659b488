package builtin

// namevars are the namevar attributes of Puppet's core resource types whose
// name is the identity of what they manage (Puppet calls such types
// isomorphic). The catalog holds a resource of such a type under its title
// and, when its namevars give another identity, under that identity too:
// a second resource with the same identity fails ("Cannot alias File[b] to
// ["/x"] ... already declared").
//
// Source: puppet 7.23.0 (Debian, /usr/lib/ruby/vendor_ruby/puppet/type/)
// and 8.11.0 lib/puppet/type/*.rb: the parameters marked isnamevar. exec
// and tidy set @isomorphic = false, so two of them may share a command or
// path; resources, stage and whit have no namevar a manifest sets. Package
// has a composite identity: name, with provider and command
// (paramclass(:provider).isnamevar and the command parameter's isnamevar).
var namevars = map[string][]string{
	"file":       {"path"},
	"filebucket": {"name"},
	"group":      {"name"},
	"notify":     {"name"},
	"package":    {"name", "provider", "command"},
	"schedule":   {"name"},
	"service":    {"name"},
	"user":       {"name"},
}

// Namevars returns the namevar attributes of a core resource type whose
// name identifies what it manages, primary namevar first; nil for other
// types (exec and tidy, whose names are not identities, and types outside
// Puppet's core).
func Namevars(typ string) []string { return namevars[typ] }
