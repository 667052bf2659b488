package builtin

import "sync"

// metaparameters are the attributes every resource type accepts, and
// classes and defined types too.
//
// Source: Puppet::Type.metaparams of Puppet 7.23.0 (lib/puppet/type.rb,
// newmetaparam), recorded in testdata/types-puppet7.txt by
// scripts/record-puppet-types; puppet 8.11.0's lib/puppet/type.rb defines
// the same ones.
var metaparameters = []string{
	"alias", "audit", "before", "loglevel", "noop", "notify", "require", "schedule", "stage", "subscribe", "tag",
}

// typeAttributes are the attributes of each core resource type: its
// parameters and properties, namevar first.
//
// Source: Puppet::Type.type(name).parameters and .validproperties of
// Puppet 7.23.0 (lib/puppet/type/*.rb), recorded in
// testdata/types-puppet7.txt by scripts/record-puppet-types. Puppet 8.11.0
// has the same types; its attribute lists are taken to be the same (the
// recorded check runs against the installed Puppet 7).
var typeAttributes = map[string][]string{
	"component":  {"name"},
	"exec":       {"command", "creates", "cwd", "environment", "group", "logoutput", "onlyif", "path", "provider", "refresh", "refreshonly", "returns", "timeout", "tries", "try_sleep", "umask", "unless", "user"},
	"file":       {"path", "backup", "checksum", "checksum_value", "content", "ctime", "ensure", "force", "group", "ignore", "links", "max_files", "mode", "mtime", "owner", "provider", "purge", "recurse", "recurselimit", "replace", "selinux_ignore_defaults", "selrange", "selrole", "seltype", "seluser", "show_diff", "source", "source_permissions", "sourceselect", "staging_location", "target", "type", "validate_cmd", "validate_replacement"},
	"filebucket": {"name", "path", "port", "server"},
	"group":      {"name", "allowdupe", "attribute_membership", "attributes", "auth_membership", "ensure", "forcelocal", "gid", "ia_load_module", "members", "provider", "system"},
	"notify":     {"name", "message", "withpath"},
	"package":    {"name", "adminfile", "allow_virtual", "allowcdrom", "category", "command", "configfiles", "description", "enable_only", "ensure", "flavor", "install_only", "install_options", "instance", "mark", "package_settings", "platform", "provider", "reinstall_on_refresh", "responsefile", "root", "source", "status", "uninstall_options", "vendor"},
	"resources":  {"name", "purge", "unless_system_user", "unless_uid"},
	"schedule":   {"name", "period", "periodmatch", "range", "repeat", "weekday"},
	"service":    {"name", "binary", "control", "enable", "ensure", "flags", "hasrestart", "hasstatus", "logonaccount", "logonpassword", "manifest", "path", "pattern", "provider", "restart", "start", "status", "stop", "timeout"},
	"stage":      {"name"},
	"tidy":       {"path", "age", "backup", "matches", "max_files", "recurse", "rmdirs", "size", "type"},
	"user":       {"name", "allowdupe", "attribute_membership", "attributes", "auth_membership", "auths", "comment", "ensure", "expiry", "forcelocal", "gid", "groups", "home", "ia_load_module", "iterations", "key_membership", "keys", "loginclass", "managehome", "membership", "password", "password_max_age", "password_min_age", "password_warn_days", "profile_membership", "profiles", "project", "provider", "purge_ssh_keys", "role_membership", "roles", "salt", "shell", "system", "uid"},
	"whit":       {"name"},
}

var metaparameterSet = newNameSet(metaparameters)

// typeAttributeSets are typeAttributes as sets.
var typeAttributeSets = sync.OnceValue(func() map[string]*nameSet {
	out := make(map[string]*nameSet, len(typeAttributes))
	for t, attrs := range typeAttributes {
		out[t] = newNameSet(attrs)
	}
	return out
})

// IsMetaparameter reports whether name is a metaparameter (before,
// require, notify, subscribe, tag, ...), which every resource accepts.
func IsMetaparameter(name string) bool { return metaparameterSet.has(name) }

// Metaparameters returns a sorted copy of the metaparameters.
func Metaparameters() []string { return metaparameterSet.sorted() }

// TypeAttributes returns a sorted copy of the parameters and properties of
// the core resource type typ (lower case), and false when Puppet itself
// does not implement typ (a type from a module, or no type at all).
func TypeAttributes(typ string) ([]string, bool) {
	s, ok := typeAttributeSets()[typ]
	if !ok {
		return nil, false
	}
	return s.sorted(), true
}

// HasTypeAttribute reports whether the core resource type typ accepts
// attribute attr: one of its parameters or properties, a metaparameter, or
// "name", which every type accepts for its namevar. ok is false when typ
// is not a core type, whose attributes this package does not know.
func HasTypeAttribute(typ, attr string) (has, ok bool) {
	s, ok := typeAttributeSets()[typ]
	if !ok {
		return false, false
	}
	return s.has(attr) || attr == "name" || metaparameterSet.has(attr), true
}

// IsCoreType reports whether typ is one of Puppet's core resource types.
func IsCoreType(typ string) bool {
	_, ok := typeAttributes[typ]
	return ok
}

// Namevar returns the namevar of the core resource type typ: the
// attribute a resource's title sets when it is not given ("path" for file,
// "command" for exec).
func Namevar(typ string) (string, bool) {
	attrs, ok := typeAttributes[typ]
	if !ok {
		return "", false
	}
	return attrs[0], true
}
