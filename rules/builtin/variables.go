package builtin

import (
	"regexp"
	"strings"
	"sync"
)

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

// topScopeBuiltinVariables are the other variables Puppet sets at top scope
// on every node; like facts, they may not be assigned there but may be
// reused in a class or define.
//
// Sources: Puppet 8 "Built-in variables" page
// (https://www.puppet.com/docs/puppet/8/lang_facts_builtin_variables):
// agent facts clientcert, clientversion, clientnoop; environment
// (lib/puppet/parser/compiler.rb, set from the node's environment);
// puppetversion, the fact Puppet adds to Facter's (lib/puppet.rb). Each
// fails "Cannot reassign variable" at top scope under puppet apply 7.23.0
// (testdata/puppet-apply/names/top-*.txtar).
var topScopeBuiltinVariables = []string{
	"clientcert",
	"clientnoop",
	"clientversion",
	"environment",
	"puppetversion",
}

// serverVariables are set at top scope only when a Puppet server compiles
// the catalog: puppet 7.23.0 lib/puppet/indirector/catalog/compiler.rb
// (set_server_facts) merges them into the node's parameters, which become
// top-scope variables; puppet apply does not set them
// (testdata/puppet-apply/names/accepted-server-variables.txtar).
var serverVariables = []string{
	"serverip",
	"serverip6",
	"servername",
	"serverversion",
}

// conditionalBuiltinVariables are set at top scope only on some runs:
// agent_specified_environment only when the run names its environment
// (testdata/puppet-apply/names/top-agent-specified-environment.txtar fails
// with --environment; puppet apply without one accepts assigning it).
var conditionalBuiltinVariables = []string{
	"agent_specified_environment",
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
// the schema omits (productversion, windows_display_version), plus the
// names the schema's ssh\w*key, sshfp_\w* and sp_\w+ patterns stand for
// (facter 4.3 lib/facter/facts/linux/sshalgorithmkey.rb and
// sshfp_algorithm.rb over the rsa, dsa, ecdsa and ed25519 host keys of
// resolvers/ssh.rb; facts/macosx/system_profiler/*.rb).
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
	"serialnumber", "sp_boot_mode", "sp_boot_rom_version", "sp_boot_volume",
	"sp_cpu_type", "sp_current_processor_speed", "sp_kernel_version",
	"sp_l2_cache_core", "sp_l3_cache", "sp_local_host_name", "sp_machine_model",
	"sp_machine_name", "sp_number_processors", "sp_os_version", "sp_packages",
	"sp_physical_memory", "sp_platform_uuid", "sp_secure_vm", "sp_serial_number",
	"sp_smc_version_system", "sp_uptime", "sp_user_name", "sshdsakey",
	"sshecdsakey", "sshed25519key", "sshfp_dsa", "sshfp_ecdsa", "sshfp_ed25519",
	"sshfp_rsa", "sshrsakey", "swapencrypted", "swapfree", "swapfree_mb", "swapsize",
	"swapsize_mb", "system32", "uptime", "uptime_days", "uptime_hours",
	"uptime_seconds", "uuid", "windows_display_version",
	"windows_edition_id", "windows_installation_type",
	"windows_product_name", "windows_release_id", "xendomains", "zonename",
	"zones",
}

// deviceFactPatterns are the legacy facts whose names embed an interface,
// device, processor number, zone or logical domain of the node, in Go
// syntax: which of them a node has depends on its hardware, so a name
// matching one is a fact only on some nodes ($network_zone is one only on
// a node with an interface named zone).
//
// Source: the "pattern" entries of facter 4.11 lib/schema/facter.yaml, with
// Ruby's ^...$ anchors written as \A...\z; the ssh, sshfp and sp_ patterns
// there stand for the fixed names in legacyFacts.
var deviceFactPatterns = []string{
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
	`\Azone_[\w\-.]+_brand\z`,
	`\Azone_[\w\-.]+_id\z`,
	`\Azone_[\w\-.]+_iptype\z`,
	`\Azone_[\w\-.]+_name\z`,
	`\Azone_[\w\-.]+_path\z`,
	`\Azone_[\w\-.]+_status\z`,
	`\Azone_[\w\-.]+_uuid\z`,
}

// peFacts are the facts Puppet Enterprise adds to the nodes it manages:
// the custom facts of the puppet_enterprise module that PE's primary server
// syncs to every agent (lib/facter/pe_build.rb, pe_concat_basedir.rb,
// pe_razor_server_version.rb, pe_server_version.rb, pe_version.rb,
// platform_symlink_writable.rb, platform_tag.rb,
// puppet_files_dir_present.rb, aio_agent_build), with the facts
// pe_version.rb adds beside pe_version (is_pe and the version parts, also
// in puppetlabs-stdlib before 9). A node without PE has none of them.
//
// Source: an agent's first run against a PE 2016.4 primary server (the
// files it syncs into lib/facter), its `facter -p` output, and
// puppetlabs-stdlib's lib/facter/pe_version.rb.
var peFacts = []string{
	"aio_agent_build", "is_pe", "pe_build", "pe_concat_basedir", "pe_major_version", "pe_minor_version",
	"pe_patch_version", "pe_razor_server_version", "pe_server_version", "pe_version", "platform_symlink_writable",
	"platform_tag", "puppet_files_dir_present",
}

var (
	peFactSet            = newNameSet(peFacts)
	neverAssignableSet   = newNameSet(neverAssignable)
	classScopeBuiltinSet = newNameSet(classScopeBuiltins)
	topScopeBuiltinSet   = newNameSet(topScopeBuiltinVariables)
	serverVariableSet    = newNameSet(serverVariables)
	conditionalSet       = newNameSet(conditionalBuiltinVariables)
	coreFactSet          = newNameSet(coreFacts)
	legacyFactSet        = newNameSet(legacyFacts)
	deviceFactREs        = sync.OnceValue(func() []*regexp.Regexp { return mustCompileAll(deviceFactPatterns) })
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
// Facts from Facter are separate: IsCoreFact, IsLegacyFact, IsDeviceFact.
func IsBuiltinVariable(name string) bool {
	n := trimTopScope(name)
	return neverAssignableSet.has(n) || classScopeBuiltinSet.has(n) ||
		topScopeBuiltinSet.has(n) || serverVariableSet.has(n) || conditionalSet.has(n) ||
		IsSettingsVariable(n)
}

// IsServerVariable reports whether name is one of the variables a Puppet
// server sets at top scope and puppet apply does not ($servername...).
func IsServerVariable(name string) bool { return serverVariableSet.has(trimTopScope(name)) }

// IsConditionalBuiltin reports whether name is a built-in variable set only
// on some runs (agent_specified_environment).
func IsConditionalBuiltin(name string) bool { return conditionalSet.has(trimTopScope(name)) }

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

// IsPEFact reports whether name (optionally with a leading "::") is a fact
// that Puppet Enterprise adds to the nodes it manages (pe_build,
// pe_server_version, is_pe...): set on PE nodes, unset elsewhere.
func IsPEFact(name string) bool {
	return peFactSet.has(trimTopScope(name))
}

// IsLegacyFact reports whether name (optionally with a leading "::") is one
// of Facter's legacy flat facts with a fixed name, such as osfamily,
// ipaddress, sshrsakey or sp_serial_number. The names are matched exactly;
// per-device names are IsDeviceFact's.
func IsLegacyFact(name string) bool {
	return legacyFactSet.has(trimTopScope(name))
}

// IsDeviceFact reports whether name (optionally with a leading "::") has
// the shape of a legacy fact named after a device of the node:
// ipaddress_eth0, macaddress_eth0, mtu_eth0, processor0,
// blockdevice_sda_size, zone_global_id... Such a fact exists only on nodes
// with that device.
func IsDeviceFact(name string) bool {
	n := trimTopScope(name)
	for _, re := range deviceFactREs() {
		if re.MatchString(n) {
			return true
		}
	}
	return false
}

// IsKnownTopScopeVariable reports whether static analysis may take name
// (without '$', optionally with a leading "::") as defined at top scope
// without seeing an assignment: a built-in variable or a core, legacy or
// per-device fact (which some node may have). Regex captures are not
// top-scope variables (IsCaptureVariable).
func IsKnownTopScopeVariable(name string) bool {
	return IsBuiltinVariable(name) || IsCoreFact(name) || IsLegacyFact(name) || IsDeviceFact(name)
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
// at top scope on any node: every reserved variable, the built-in
// variables every run sets, and every core or fixed-name legacy fact,
// except caller_module_name, which Puppet sets only in classes and
// defines. Server variables, agent_specified_environment and per-device
// facts are set only on some runs or nodes and are not included. In a
// class, define or node scope only IsReservedVariable applies.
func IsTopScopeReserved(name string) bool {
	if classScopeBuiltinSet.has(name) {
		return false
	}
	return IsReservedVariable(name) || topScopeBuiltinSet.has(name) || IsSettingsVariable(name) ||
		IsCoreFact(name) || IsLegacyFact(name)
}
