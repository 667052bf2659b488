package builtin

import "sync"

// removingEnsures are, for the core types whose ensure can remove the
// resource, the ensure values (with their aliases) that do.
//
// Source: Puppet::Type.type(T).attrclass(:ensure).value_collection of
// Puppet 7.23.0 (recorded by gen/absent-puppet7.sh in
// testdata/absent-puppet7.txt); lib/puppet/type/{file,group,package,user}.rb.
var removingEnsures = map[string][]string{
	"file":    {"absent", "false"},
	"group":   {"absent"},
	"package": {"absent", "purged"},
	"user":    {"absent"},
}

// absentIgnoredProperties are the properties, other than ensure, of the
// types in removingEnsures. Puppet's resource harness syncs a resource's
// other properties only when ensure is in sync and the resource exists
// (Puppet::Transaction::ResourceHarness#perform_changes), so on a resource
// being removed they are never applied. Parameters (file's force, backup,
// recurse; package's provider) and metaparameters still take effect.
//
// Source: Puppet::Type.type(T).validproperties of Puppet 7.23.0 (recorded by
// gen/absent-puppet7.sh in testdata/absent-puppet7.txt).
var absentIgnoredProperties = map[string][]string{
	"file": {"checksum_value", "content", "ctime", "group", "mode", "mtime", "owner", "selrange", "selrole",
		"seltype", "seluser", "target", "type"},
	"group":   {"attributes", "gid", "members"},
	"package": {"flavor", "mark", "package_settings"},
	"user": {"attributes", "auths", "comment", "expiry", "gid", "groups", "home", "iterations", "keys",
		"loginclass", "password", "password_max_age", "password_min_age", "password_warn_days", "profiles",
		"project", "roles", "salt", "shell", "uid"},
}

// The tables above as sets, built on first use like every index of this
// package.
var (
	removingEnsureSets = sync.OnceValue(func() map[string]*nameSet {
		m := make(map[string]*nameSet, len(removingEnsures))
		for t, vs := range removingEnsures {
			m[t] = newNameSet(vs)
		}
		return m
	})
	absentIgnoredSets = sync.OnceValue(func() map[string]*nameSet {
		m := make(map[string]*nameSet, len(absentIgnoredProperties))
		for t, ps := range absentIgnoredProperties {
			m[t] = newNameSet(ps)
		}
		return m
	})
)

// RemovesResource reports whether ensure value v (as written, without
// quotes) makes a resource of core type typ absent: "absent" for file,
// group, package and user, its alias "false" for file, "purged" for
// package.
func RemovesResource(typ, v string) bool {
	s, ok := removingEnsureSets()[typ]
	return ok && s.has(v)
}

// IgnoredWhenAbsent reports whether attribute attr of core type typ is a
// property Puppet never applies to a resource whose ensure removes it (see
// RemovesResource): file's owner, group, mode or content on a file being
// deleted change nothing.
func IgnoredWhenAbsent(typ, attr string) bool {
	s, ok := absentIgnoredSets()[typ]
	return ok && s.has(attr)
}

// AbsentIgnoredProperties returns a sorted copy of the properties
// IgnoredWhenAbsent accepts for typ (none for other types).
func AbsentIgnoredProperties(typ string) []string {
	return absentIgnoredSets()[typ].sorted()
}
