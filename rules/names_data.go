package rules

import (
	"regexp"
	"strings"
)

// This file holds the word lists of the reserved-words-and-names rules:
// Puppet's reserved words, data type names, built-in resource types,
// functions and variables, and the naming regular expressions of the
// "Reserved words and acceptable names" document.

// reservedWordRoles maps every reserved word of the document to the role
// the document gives it.
var reservedWordRoles = map[string]string{
	"and": "an expression operator", "application": "a language keyword", "attr": "reserved for future use",
	"case": "a language keyword", "class": "a language keyword", "component": "reserved",
	"consumes": "a language keyword", "default": "a language keyword", "define": "a language keyword",
	"else": "a language keyword", "elsif": "a language keyword",
	"environment": "reserved for symbolic namespace use", "false": "a boolean value",
	"function": "a language keyword", "if": "a language keyword", "import": "a former language keyword (now removed)",
	"in": "an expression operator", "inherits": "a language keyword", "node": "a language keyword",
	"or": "an expression operator", "private": "reserved for future use", "produces": "a language keyword",
	"regexp": "reserved", "site": "a language keyword", "true": "a boolean value", "type": "a language keyword",
	"undef": "a special value", "unit": "reserved", "unless": "a language keyword",
}

// keywordTokens are the reserved words Puppet's lexer turns into keyword
// tokens, so that the grammar rejects them as definition names.
var keywordTokens = map[string]bool{
	"and": true, "attr": true, "case": true, "class": true, "default": true, "define": true,
	"else": true, "elsif": true, "false": true, "function": true, "if": true, "in": true,
	"inherits": true, "node": true, "or": true, "private": true, "true": true, "type": true,
	"undef": true, "unless": true,
}

// puppetReservedTypeNames are the names Puppet's validator refuses as the
// name of a class, define, function or plan ("The name: 'x' is already
// defined by Puppet"), from checker4_0.rb's RESERVED_TYPE_NAMES.
var puppetReservedTypeNames = map[string]bool{
	"type": true, "any": true, "unit": true, "scalar": true, "boolean": true, "numeric": true,
	"integer": true, "float": true, "collection": true, "array": true, "hash": true, "tuple": true,
	"struct": true, "variant": true, "optional": true, "enum": true, "regexp": true, "pattern": true,
	"runtime": true, "init": true, "object": true, "sensitive": true, "semver": true,
	"semverrange": true, "string": true, "timestamp": true, "timespan": true, "typeset": true,
}

// dataTypeNames are Puppet's data type names, lower-cased (the document's
// list and the rest of Puppet 7's type system).
var dataTypeNames = map[string]string{
	"any": "Any", "array": "Array", "binary": "Binary", "boolean": "Boolean", "callable": "Callable",
	"catalogentry": "CatalogEntry", "class": "Class", "collection": "Collection", "data": "Data",
	"default": "Default", "deferred": "Deferred", "enum": "Enum", "error": "Error", "float": "Float",
	"hash": "Hash", "init": "Init", "integer": "Integer", "iterable": "Iterable", "iterator": "Iterator",
	"notundef": "NotUndef", "numeric": "Numeric", "object": "Object", "optional": "Optional",
	"pattern": "Pattern", "regexp": "Regexp", "resource": "Resource", "richdata": "RichData",
	"runtime": "Runtime", "scalar": "Scalar", "scalardata": "ScalarData", "semver": "SemVer",
	"semverrange": "SemVerRange", "sensitive": "Sensitive", "string": "String", "struct": "Struct",
	"timespan": "Timespan", "timestamp": "Timestamp", "tuple": "Tuple", "type": "Type",
	"typealias": "TypeAlias", "typereference": "TypeReference", "typeset": "TypeSet", "undef": "Undef",
	"unit": "Unit", "uri": "URI", "variant": "Variant",
}

// coreResourceTypes are the resource types built into Puppet itself.
var coreResourceTypes = map[string]bool{
	"component": true, "exec": true, "file": true, "filebucket": true, "group": true, "notify": true,
	"package": true, "resources": true, "schedule": true, "service": true, "stage": true, "tidy": true,
	"user": true, "whit": true,
}

// agentResourceTypes are the resource types of the core modules the Puppet
// agent package ships with (augeas_core, cron_core, host_core, ...).
var agentResourceTypes = map[string]bool{
	"augeas": true, "cron": true, "host": true, "k5login": true, "mailalias": true, "maillist": true,
	"mount": true, "scheduled_task": true, "selboolean": true, "selmodule": true,
	"ssh_authorized_key": true, "sshkey": true, "yumrepo": true, "zfs": true, "zone": true, "zpool": true,
}

// builtinFunctions are the functions built into Puppet 7 and 8.
var builtinFunctions = toSet(`abs alert all annotate any assert_type binary_file break call camelcase
capitalize ceiling chomp chop compare contain convert_to create_resources crit debug defined dig digest
downcase each emerg empty epp err eyaml_lookup_key fail file filter find_file find_template flatten floor
fqdn_rand generate get getvar group_by hiera hiera_array hiera_hash hiera_include hocon_data import include
index info inline_epp inline_template join json_data keys length lest lookup lstrip map match max md5 min
module_directory new next notice partition realize reduce regsubst require return reverse_each round
rstrip scanf sha1 sha256 shellquote size slice sort split sprintf step strftime strip tag tagged template
then tree_each type unique unwrap upcase values versioncmp warning with yaml_data`)

// builtinVariables are the variables Puppet sets at top scope besides facts.
var builtinVariables = toSet(`facts trusted server_facts clientcert clientversion clientnoop
agent_specified_environment environment servername serverip serverversion module_name caller_module_name
title name`)

// factNames are the core facts and the legacy facts of Facter 4.
var factNames = toSet(`aio_agent_version augeas az_metadata cloud disks dmi ec2_metadata ec2_userdata
env_windows_installdir facterversion filesystems fips_enabled gce hypervisors identity is_virtual kernel
kernelmajversion kernelrelease kernelversion ldom load_averages memory mountpoints networking os
partitions path processors ruby solaris_zones ssh system_profiler system_uptime timezone virtual xen
zfs_featurenumbers zfs_version zpool_featureflags zpool_featurenumbers zpool_version
architecture augeasversion blockdevices bios_release_date bios_vendor bios_version boardassettag
boardmanufacturer boardproductname boardserialnumber chassisassettag chassistype dhcp_servers domain fqdn
gid hardwareisa hardwaremodel hostname id interfaces ipaddress ipaddress6 lsbdistcodename
lsbdistdescription lsbdistid lsbdistrelease lsbmajdistrelease lsbminordistrelease lsbrelease macaddress
manufacturer memoryfree memoryfree_mb memorysize memorysize_mb netmask netmask6 network network6
operatingsystem operatingsystemmajrelease operatingsystemrelease osfamily physicalprocessorcount
processorcount productname rubyplatform rubysitedir rubyversion selinux selinux_config_mode
selinux_config_policy selinux_current_mode selinux_enforced selinux_policyversion serialnumber
swapencrypted swapfree swapfree_mb swapsize swapsize_mb system32 uptime uptime_days uptime_hours
uptime_seconds uuid xendomains zonename zones sshdsakey sshecdsakey sshed25519key sshrsakey
macosx_buildversion macosx_productname macosx_productversion macosx_productversion_major
macosx_productversion_minor`)

// factPrefixes start the names of legacy facts made per interface, block
// device, processor or key (ipaddress_eth0, blockdevice_sda_size, ...).
var factPatterns = regexp.MustCompile(`^(ipaddress6?_|macaddress_|netmask6?_|network6?_|mtu_|scope6_|blockdevice_|processor[0-9]+$|sp_|sshfp_|ldom_|zone_|dhcp_servers_)`)

func toSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// isFactName reports whether name is a core or legacy fact.
func isFactName(name string) bool { return factNames[name] || factPatterns.MatchString(name) }

// The naming regular expressions of the document, translated from Ruby:
// \A, \Z and \z become ^ and $ (Go's $ without the m flag is the end of
// the text, and names never end in a newline), \w is ASCII as in Ruby.
var (
	shortVariableName     = regexp.MustCompile(`^\$[a-z0-9_][a-zA-Z0-9_]*$`)
	qualifiedVariableName = regexp.MustCompile(`^\$([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*$`)
	classNameSegment      = regexp.MustCompile(`^[a-z]\w*$`)
	className             = regexp.MustCompile(`^((::)?[a-z]\w*)(::[a-z]\w*)*$`)
	moduleName            = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	parameterName         = regexp.MustCompile(`^\$[a-z][a-z0-9_]*$`)
	tagName               = regexp.MustCompile(`^[\p{L}\p{M}\p{Nd}_][\p{L}\p{M}\p{Nd}_:.-]*$`)
	nodeName              = regexp.MustCompile(`^[a-z0-9._-]+$`)
	environmentName       = regexp.MustCompile(`^[a-z0-9_]+$`)
)
