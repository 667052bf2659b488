package builtin

import "strings"

// neverAssignable are the variables a manifest may not assign at top scope
// nor in a class or define (besides the all-digit regex capture variables,
// see IsCaptureVariable).
//
// Sources: the reserved-words seed ("Reserved variable names"); puppet 8.11.0
// lib/puppet/parser/scope.rb (RESERVED_VARIABLE_NAMES, VARNAME_SERVER_FACTS)
// and lib/puppet/pops/validation/checker4_0.rb (RESERVED_PARAMETERS name,
// title). module_name is set in every scope, caller_module_name only in
// class and define scopes (classScopeBuiltins). Checked with Puppet 7.23.0
// puppet apply, top scope and class scope: testdata/variables-puppet7.txt.
var neverAssignable = []string{
	"facts",
	"module_name",
	"name",
	"server_facts",
	"title",
	"trusted",
}

// classScopeBuiltins are set by Puppet in every class and define scope but
// not at top scope, where a manifest may assign them (verified with Puppet
// 7.23.0, testdata/variables-puppet7.txt).
var classScopeBuiltins = []string{
	"caller_module_name",
}

// topScopeBuiltinVariables are the other variables Puppet sets at top scope;
// like facts, they may not be assigned there but may be reused in a class
// or define.
//
// Sources: Puppet 8 "Built-in variables" page
// (https://www.puppet.com/docs/puppet/8/lang_facts_builtin_variables):
// agent facts clientcert, clientversion, clientnoop,
// agent_specified_environment; server variables servername, serverip,
// serverip6, serverversion (puppet 8.11.0 lib/puppet/node/server_facts.rb,
// set only when a server compiles); environment (lib/puppet/parser/compiler.rb,
// set from the node's environment); puppetversion, the fact Puppet adds to
// Facter's (lib/puppet.rb).
var topScopeBuiltinVariables = []string{
	"agent_specified_environment",
	"clientcert",
	"clientnoop",
	"clientversion",
	"environment",
	"puppetversion",
	"serverip",
	"serverip6",
	"servername",
	"serverversion",
}

// coreFacts are the top-level names of Facter 4's core (non-legacy) facts.
//
// Source: facter 4.11 lib/schema/facter.yaml, entries without
// "hidden: true". The Puppet 8 "Core facts" page documents the same set.
var coreFacts = []string{
	"aio_agent_version", "augeas", "az_metadata", "cloud", "disks", "dmi",
	"ec2_metadata", "ec2_userdata", "env_windows_installdir",
	"facterversion", "filesystems", "fips_enabled", "gce", "hypervisors",
	"identity", "is_virtual", "kernel", "kernelmajversion", "kernelrelease",
	"kernelversion", "ldom", "load_averages", "memory", "mountpoints",
	"networking", "nim_type", "os", "partitions", "path", "processors",
	"ruby", "solaris_zones", "ssh", "system_profiler", "system_uptime",
	"timezone", "virtual", "xen", "zfs_featurenumbers", "zfs_version",
	"zpool_featureflags", "zpool_featurenumbers", "zpool_version",
}

// legacyFacts are Facter's flat legacy facts with fixed names. Facter 4
// still resolves them, but Puppet 8 no longer sends them by default
// (include_legacy_facts is false), so $osfamily is undefined on a default
// Puppet 8 agent while it works on Puppet 7.
//
// Source: facter 4.11 lib/schema/facter.yaml entries with "hidden: true"
// and no pattern, plus the legacy ALIASES in lib/facter/facts/**/*.rb that
// the schema omits (productversion, windows_display_version).
var legacyFacts = []string{
	"architecture", "augeasversion", "bios_release_date", "bios_vendor",
	"bios_version", "blockdevices", "boardassettag", "boardmanufacturer",
	"boardproductname", "boardserialnumber", "chassisassettag",
	"chassistype", "dhcp_servers", "domain", "fqdn", "gid", "hardwareisa",
	"hardwaremodel", "hostname", "id", "interfaces", "ipaddress",
	"ipaddress6", "lsbdistcodename", "lsbdistdescription", "lsbdistid",
	"lsbdistrelease", "lsbmajdistrelease", "lsbminordistrelease",
	"lsbrelease", "macaddress", "macosx_buildversion", "macosx_productname",
	"macosx_productversion", "macosx_productversion_major",
	"macosx_productversion_minor", "macosx_productversion_patch",
	"manufacturer", "memoryfree", "memoryfree_mb", "memorysize",
	"memorysize_mb", "netmask", "netmask6", "network", "network6",
	"operatingsystem", "operatingsystemmajrelease", "operatingsystemrelease",
	"osfamily", "physicalprocessorcount", "processorcount", "productname",
	"productversion", "rubyplatform", "rubysitedir", "rubyversion", "scope6",
	"selinux", "selinux_config_mode", "selinux_config_policy",
	"selinux_current_mode", "selinux_enforced", "selinux_policyversion",
	"serialnumber", "swapencrypted", "swapfree", "swapfree_mb", "swapsize",
	"swapsize_mb", "system32", "uptime", "uptime_days", "uptime_hours",
	"uptime_seconds", "uuid", "windows_display_version",
	"windows_edition_id", "windows_installation_type",
	"windows_product_name", "windows_release_id", "xendomains", "zonename",
	"zones",
}

// legacyFactPatterns are the legacy facts whose names embed an interface,
// device, algorithm or zone, in Go syntax.
//
// Source: the "pattern" entries of facter 4.11 lib/schema/facter.yaml, with
// Ruby's ^...$ anchors written as \A...\z.
var legacyFactPatterns = []string{
	`\Ablockdevice_[A-Za-z0-9]+_model\z`,
	`\Ablockdevice_[A-Za-z0-9]+_size\z`,
	`\Ablockdevice_[A-Za-z0-9]+_vendor\z`,
	`\Aipaddress6_.+\z`,
	`\Aipaddress_.+\z`,
	`\Aldom_.+\z`,
	`\Amacaddress_.+\z`,
	`\Amtu_.+\z`,
	`\Anetmask6_.+\z`,
	`\Anetmask_.+\z`,
	`\Anetwork6_.+\z`,
	`\Anetwork_.+\z`,
	`\Aprocessor\d+\z`,
	`\Ascope6_.+\z`,
	`\Asp_\w+\z`,
	`\Assh\w*key\z`,
	`\Asshfp_\w*\z`,
	`\Azone_[\w\-.]+_brand\z`,
	`\Azone_[\w\-.]+_id\z`,
	`\Azone_[\w\-.]+_iptype\z`,
	`\Azone_[\w\-.]+_name\z`,
	`\Azone_[\w\-.]+_path\z`,
	`\Azone_[\w\-.]+_status\z`,
	`\Azone_[\w\-.]+_uuid\z`,
}

var (
	neverAssignableSet   = newNameSet(neverAssignable)
	classScopeBuiltinSet = newNameSet(classScopeBuiltins)
	topScopeBuiltinSet   = newNameSet(topScopeBuiltinVariables)
	coreFactSet          = newNameSet(coreFacts)
	legacyFactSet        = newNameSet(legacyFacts)
	legacyFactREs        = mustCompileAll(legacyFactPatterns)
)

// trimTopScope removes the "::" that marks an explicit top-scope reference
// ($::osfamily), so callers can pass either form.
func trimTopScope(name string) string {
	return strings.TrimPrefix(name, "::")
}

// IsCaptureVariable reports whether name (without '$') is a regex capture
// variable: one or more digits only ("0", "1", "42").
func IsCaptureVariable(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// IsBuiltinVariable reports whether name (without '$', optionally with a
// leading "::") is a variable Puppet itself sets: facts, trusted,
// server_facts, title, name, module_name, caller_module_name, the agent and
// server variables, environment, or a $settings::<setting> variable.
// Facts from Facter are separate: IsCoreFact, IsLegacyFact.
func IsBuiltinVariable(name string) bool {
	n := trimTopScope(name)
	return neverAssignableSet.has(n) || classScopeBuiltinSet.has(n) ||
		topScopeBuiltinSet.has(n) || IsSettingsVariable(n)
}

// IsSettingsVariable reports whether name is a qualified reference into the
// settings namespace ("settings::vardir", "::settings::vardir"). The names
// of the settings themselves are not checked.
func IsSettingsVariable(name string) bool {
	rest, ok := strings.CutPrefix(trimTopScope(name), "settings::")
	return ok && rest != "" && !strings.Contains(rest, "::")
}

// IsCoreFact reports whether name (optionally with a leading "::") is the
// top-level name of a Facter 4 core fact (os, networking, processors...).
func IsCoreFact(name string) bool {
	return coreFactSet.has(trimTopScope(name))
}

// IsLegacyFact reports whether name (optionally with a leading "::") is a
// Facter legacy flat fact: a fixed name such as osfamily or ipaddress, or
// a per-interface/device name such as ipaddress_eth0, macaddress_eth0,
// mtu_eth0, processor0, sp_serial_number, sshrsakey, sshfp_rsa,
// blockdevice_sda_size or zone_global_id.
func IsLegacyFact(name string) bool {
	n := trimTopScope(name)
	if legacyFactSet.has(n) {
		return true
	}
	for _, re := range legacyFactREs {
		if re.MatchString(n) {
			return true
		}
	}
	return false
}

// IsKnownTopScopeVariable reports whether static analysis may take name
// (without '$', optionally with a leading "::") as defined at top scope
// without seeing an assignment: a built-in variable or a core or legacy
// fact. Regex captures are not top-scope variables (IsCaptureVariable).
func IsKnownTopScopeVariable(name string) bool {
	return IsBuiltinVariable(name) || IsCoreFact(name) || IsLegacyFact(name)
}

// IsReservedVariable reports whether name (without '$') may not be assigned
// in a class or define: facts, trusted, server_facts, title, name,
// module_name, caller_module_name, and the regex captures ($0, $1, ...).
// All but caller_module_name are also forbidden at top scope. Puppet's
// validator also rejects title and name as parameter names.
func IsReservedVariable(name string) bool {
	return neverAssignableSet.has(name) || classScopeBuiltinSet.has(name) || IsCaptureVariable(name)
}

// IsTopScopeReserved reports whether name (without '$') may not be assigned
// at top scope: every reserved variable, every built-in variable and every
// core or legacy fact, except caller_module_name, which Puppet sets only in
// classes and defines. In a class, define or node scope only
// IsReservedVariable applies.
func IsTopScopeReserved(name string) bool {
	if classScopeBuiltinSet.has(name) {
		return false
	}
	return IsReservedVariable(name) || IsKnownTopScopeVariable(name)
}
