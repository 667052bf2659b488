package builtin

import (
	"strings"
	"sync"
)

// coreResourceTypes are the resource types implemented in Puppet itself.
//
// Source: puppet 8.11.0 lib/puppet/type/*.rb (identical file list in 7.35.0
// and in the Debian puppet 7.23.0 at /usr/lib/ruby/vendor_ruby/puppet/type/),
// and the "Puppet core types" section of the Puppet 8 type reference
// (references/type.md, https://www.puppet.com/docs/puppet/8/type.html).
var coreResourceTypes = []string{
	"exec",
	"file",
	"filebucket",
	"group",
	"notify",
	"package",
	"resources",
	"schedule",
	"service",
	"stage",
	"tidy",
	"user",
}

// internalResourceTypes are types Puppet defines for its own use; they exist
// (a define of the same name clashes) but manifests rarely declare them.
//
// Source: puppet 8.11.0 lib/puppet/type/component.rb and whit.rb; both are in
// BUILTIN_TYPE_NAMES of lib/puppet/pops/loader/static_loader.rb.
var internalResourceTypes = []string{
	"component",
	"whit",
}

// metaResourceTypes are the catalog entries that are not Puppet::Type
// subclasses but can be referenced like resource types (Class['x'], Node['n']).
//
// Source: puppet 8.11.0 lib/puppet/pops/loader/static_loader.rb
// (BUILTIN_TYPE_NAMES has Node) and lib/puppet/parser/scope.rb (TYPENAME_CLASS,
// TYPENAME_NODE).
var metaResourceTypes = []string{
	"class",
	"node",
}

// coreModuleResourceTypes moved out of Puppet in 6.0 into supported modules
// that the puppet-agent package still bundles, so a control repo uses them
// as if they were built in.
//
// Source: "Supported type modules in puppet-agent" in the Puppet 8 type
// reference (puppet 8.11.0 references/type.md, section "Puppet 6.0 type
// changes"). Module per type: augeas_core, cron_core, host_core, mount_core,
// scheduled_task, selinux_core (selboolean, selmodule), sshkeys_core
// (ssh_authorized_key, sshkey), yumrepo_core, zfs_core (zfs, zpool),
// zone_core.
var coreModuleResourceTypes = []string{
	"augeas",
	"cron",
	"host",
	"mount",
	"scheduled_task",
	"selboolean",
	"selmodule",
	"ssh_authorized_key",
	"sshkey",
	"yumrepo",
	"zfs",
	"zone",
	"zpool",
}

// removedResourceTypes were built in before Puppet 6 and are neither in
// Puppet 7/8 nor bundled with puppet-agent; they work only when the Forge
// module named in the comment is installed.
//
// Source: "Type modules available on the Forge" and "Deprecated types" in the
// Puppet 8 type reference (references/type.md); nagios_* names from the
// Puppet 5.5 type index (https://puppet.com/docs/puppet/5.5/types).
var removedResourceTypes = []string{
	"computer",         // macdslocal_core (deprecated)
	"interface",        // network_device_core (deprecated)
	"k5login",          // k5login_core
	"macauthorization", // macdslocal_core (deprecated)
	"mailalias",        // mailalias_core
	"maillist",         // maillist_core
	"mcx",              // macdslocal_core (deprecated)
	"nagios_command",   // nagios_core (deprecated), and the rest of nagios_*
	"nagios_contact",
	"nagios_contactgroup",
	"nagios_host",
	"nagios_hostdependency",
	"nagios_hostescalation",
	"nagios_hostextinfo",
	"nagios_hostgroup",
	"nagios_service",
	"nagios_servicedependency",
	"nagios_serviceescalation",
	"nagios_serviceextinfo",
	"nagios_servicegroup",
	"nagios_timeperiod",
	"router", // network_device_core (deprecated)
	"vlan",   // network_device_core (deprecated)
}

var (
	resourceTypeSet           = newNameSet(coreResourceTypes, internalResourceTypes, metaResourceTypes)
	coreModuleResourceTypeSet = newNameSet(coreModuleResourceTypes)
	removedResourceTypeSet    = newNameSet(removedResourceTypes)
)

// IsResourceType reports whether name (lower case, as written in a resource
// declaration) is a resource type built into Puppet 8: the core types, the
// internal types component and whit, and the metatypes class and node.
// Types shipped as modules are not included; see IsCoreModuleResourceType.
func IsResourceType(name string) bool {
	return resourceTypeSet.has(name)
}

// ResourceTypes returns a sorted copy of the names IsResourceType accepts.
func ResourceTypes() []string {
	return resourceTypeSet.sorted()
}

// IsCoreModuleResourceType reports whether name is a resource type that
// Puppet 6 moved into a supported module bundled with puppet-agent
// (cron, mount, augeas, ...). Rules should treat these as known.
func IsCoreModuleResourceType(name string) bool {
	return coreModuleResourceTypeSet.has(name)
}

// CoreModuleResourceTypes returns a sorted copy of the names
// IsCoreModuleResourceType accepts.
func CoreModuleResourceTypes() []string {
	return coreModuleResourceTypeSet.sorted()
}

// IsRemovedResourceType reports whether name was a built-in type before
// Puppet 6 and now needs a separately installed Forge module (nagios_*,
// k5login, mailalias, ...).
func IsRemovedResourceType(name string) bool {
	return removedResourceTypeSet.has(name)
}

// RemovedResourceTypes returns a sorted copy of the names
// IsRemovedResourceType accepts.
func RemovedResourceTypes() []string {
	return removedResourceTypeSet.sorted()
}

// refTypes are the built-in resource types (IsResourceType and
// IsCoreModuleResourceType) as a resource reference writes them.
var refTypes = &refTypeTable{lists: [][]string{coreResourceTypes, internalResourceTypes, metaResourceTypes, coreModuleResourceTypes}}

// refTypeTable maps a type's name with its first letter upper-case to the
// name in its list, built on first use like a nameSet.
type refTypeTable struct {
	lists     [][]string
	once      sync.Once
	byWritten map[string]string
}

// ResourceTypeOfRef returns the built-in resource type that a reference
// names as written, with a capital first letter and the rest as the type
// is spelt (File, Class, Ssh_authorized_key). The name returned is the
// list's own string, so the most common references' types are lower-cased
// without a new string; ok is false for any other spelling or name.
func ResourceTypeOfRef(written string) (name string, ok bool) {
	t := refTypes
	t.once.Do(func() {
		t.byWritten = map[string]string{}
		for _, list := range t.lists {
			for _, n := range list {
				t.byWritten[strings.ToUpper(n[:1])+n[1:]] = n
			}
		}
	})
	name, ok = t.byWritten[written]
	return name, ok
}
