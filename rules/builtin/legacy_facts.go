package builtin

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// LegacyFact is one of Facter's legacy (flat) facts and the structured
// fact that replaces it.
//
// Source: the fact classes of facter 4.11 (commit c22260225, 2025),
// lib/facter/facts/<platform>/**/*.rb: a structured fact's FACT_NAME and
// its legacy ALIASES, and the classes of TYPE = :legacy; the paths are
// those of lib/schema/facter.yaml. testdata/legacy-facts/facter.txt is
// the record scripts/extract-legacy-facts makes of both, and a test checks
// this table against it. Puppet 8 no longer sends legacy facts
// (include_legacy_facts is false by default).
type LegacyFact struct {
	// Name is the legacy name. For a name that embeds a device of the
	// node it is a pattern: Prefix<device>Suffix, with Name "<prefix><x><suffix>"
	// and Device the kind of device ("interface", "disk"...).
	Name string
	// Prefix and Suffix surround the device in a pattern name; both empty
	// for a fixed name.
	Prefix, Suffix string
	// Device names what a pattern's middle part is ("interface", "disk",
	// "processor number", "zone"); "" for a fixed name.
	Device string
	// Path is the replacement's path in $facts, with "*" where a
	// pattern's device goes; nil when no structured fact holds the value.
	Path []string
	// Differs says how the replacement's value differs from the legacy
	// fact's ("in bytes, not MiB"); "" when it is the same value, so that
	// replacing the read is an exact fix.
	Differs string
}

// legacyFactTable is every legacy fact of Facter 4 with its replacement,
// built on first use: splitting its paths at dots costs hundreds of
// allocations, which --version, and a run whose files read no fact, need
// not pay at start.
var legacyFactTable = sync.OnceValue(func() []LegacyFact {
	return []LegacyFact{
		fixed("architecture", "os.architecture"),
		fixed("augeasversion", "augeas.version"),
		fixed("bios_release_date", "dmi.bios.release_date"),
		fixed("bios_vendor", "dmi.bios.vendor"),
		fixed("bios_version", "dmi.bios.version"),
		differs(fixed("blockdevices", "disks"), "a comma-separated list of the disk names; $facts['disks'] is a hash by disk name"),
		fixed("boardassettag", "dmi.board.asset_tag"),
		fixed("boardmanufacturer", "dmi.board.manufacturer"),
		fixed("boardproductname", "dmi.board.product"),
		fixed("boardserialnumber", "dmi.board.serial_number"),
		fixed("chassisassettag", "dmi.chassis.asset_tag"),
		fixed("chassistype", "dmi.chassis.type"),
		differs(fixed("dhcp_servers", "networking.dhcp"), "a hash of the primary DHCP server (key system) and each interface's; "+
			"$facts['networking']['dhcp'] is the primary one, $facts['networking']['interfaces'][...]['dhcp'] each interface's"),
		fixed("domain", "networking.domain"),
		fixed("fqdn", "networking.fqdn"),
		fixed("gid", "identity.group"),
		fixed("hardwareisa", "processors.isa"),
		fixed("hardwaremodel", "os.hardware"),
		fixed("hostname", "networking.hostname"),
		fixed("id", "identity.user"),
		differs(fixed("interfaces", "networking.interfaces"), "a comma-separated list of the interface names; $facts['networking']['interfaces'] is a hash by name"),
		fixed("ipaddress", "networking.ip"),
		fixed("ipaddress6", "networking.ip6"),
		fixed("ldom_domainchassis", "ldom.domainchassis"),
		fixed("ldom_domaincontrol", "ldom.domaincontrol"),
		fixed("ldom_domainname", "ldom.domainname"),
		fixed("ldom_domainrole_control", "ldom.domainrole.control"),
		fixed("ldom_domainrole_impl", "ldom.domainrole.impl"),
		fixed("ldom_domainrole_io", "ldom.domainrole.io"),
		fixed("ldom_domainrole_root", "ldom.domainrole.root"),
		fixed("ldom_domainrole_service", "ldom.domainrole.service"),
		fixed("ldom_domainuuid", "ldom.domainuuid"),
		fixed("lsbdistcodename", "os.distro.codename"),
		fixed("lsbdistdescription", "os.distro.description"),
		fixed("lsbdistid", "os.distro.id"),
		fixed("lsbdistrelease", "os.distro.release.full"),
		fixed("lsbmajdistrelease", "os.distro.release.major"),
		fixed("lsbminordistrelease", "os.distro.release.minor"),
		fixed("lsbrelease", "os.distro.specification"),
		fixed("macaddress", "networking.mac"),
		fixed("macosx_buildversion", "os.macosx.build"),
		fixed("macosx_productname", "os.macosx.product"),
		fixed("macosx_productversion", "os.macosx.version.full"),
		fixed("macosx_productversion_major", "os.macosx.version.major"),
		fixed("macosx_productversion_minor", "os.macosx.version.minor"),
		fixed("macosx_productversion_patch", "os.macosx.version.patch"),
		fixed("manufacturer", "dmi.manufacturer"),
		fixed("memoryfree", "memory.system.available"),
		differs(fixed("memoryfree_mb", "memory.system.available_bytes"), "in MiB; the replacement is in bytes"),
		fixed("memorysize", "memory.system.total"),
		differs(fixed("memorysize_mb", "memory.system.total_bytes"), "in MiB; the replacement is in bytes"),
		fixed("netmask", "networking.netmask"),
		fixed("netmask6", "networking.netmask6"),
		fixed("network", "networking.network"),
		fixed("network6", "networking.network6"),
		fixed("operatingsystem", "os.name"),
		fixed("operatingsystemmajrelease", "os.release.major"),
		fixed("operatingsystemrelease", "os.release.full"),
		fixed("osfamily", "os.family"),
		fixed("physicalprocessorcount", "processors.physicalcount"),
		fixed("processorcount", "processors.count"),
		fixed("productname", "dmi.product.name"),
		fixed("productversion", "dmi.product.version"),
		fixed("rubyplatform", "ruby.platform"),
		fixed("rubysitedir", "ruby.sitedir"),
		fixed("rubyversion", "ruby.version"),
		fixed("scope6", "networking.scope6"),
		fixed("selinux", "os.selinux.enabled"),
		fixed("selinux_config_mode", "os.selinux.config_mode"),
		fixed("selinux_config_policy", "os.selinux.config_policy"),
		fixed("selinux_current_mode", "os.selinux.current_mode"),
		fixed("selinux_enforced", "os.selinux.enforced"),
		fixed("selinux_policyversion", "os.selinux.policy_version"),
		fixed("serialnumber", "dmi.product.serial_number"),
		fixed("sp_boot_mode", "system_profiler.boot_mode"),
		fixed("sp_boot_rom_version", "system_profiler.boot_rom_version"),
		fixed("sp_boot_volume", "system_profiler.boot_volume"),
		fixed("sp_cpu_type", "system_profiler.processor_name"),
		fixed("sp_current_processor_speed", "system_profiler.processor_speed"),
		fixed("sp_kernel_version", "system_profiler.kernel_version"),
		fixed("sp_l2_cache_core", "system_profiler.l2_cache_per_core"),
		fixed("sp_l3_cache", "system_profiler.l3_cache"),
		fixed("sp_local_host_name", "system_profiler.computer_name"),
		fixed("sp_machine_model", "system_profiler.model_identifier"),
		fixed("sp_machine_name", "system_profiler.model_name"),
		fixed("sp_number_processors", "system_profiler.cores"),
		fixed("sp_os_version", "system_profiler.system_version"),
		fixed("sp_packages", "system_profiler.processors"),
		fixed("sp_physical_memory", "system_profiler.memory"),
		fixed("sp_platform_uuid", "system_profiler.hardware_uuid"),
		fixed("sp_secure_vm", "system_profiler.secure_virtual_memory"),
		fixed("sp_serial_number", "system_profiler.serial_number"),
		fixed("sp_smc_version_system", "system_profiler.smc_version"),
		fixed("sp_uptime", "system_profiler.uptime"),
		fixed("sp_user_name", "system_profiler.username"),
		// ssh<algorithm>key and sshfp_<algorithm> (sshalgorithmkey.rb,
		// sshfp_algorithm.rb) for the host keys Facter's ssh resolver reads.
		fixed("sshdsakey", "ssh.dsa.key"),
		fixed("sshecdsakey", "ssh.ecdsa.key"),
		fixed("sshed25519key", "ssh.ed25519.key"),
		fixed("sshrsakey", "ssh.rsa.key"),
		differs(fixed("sshfp_dsa", "ssh.dsa.fingerprints"), sshfpDiffers),
		differs(fixed("sshfp_ecdsa", "ssh.ecdsa.fingerprints"), sshfpDiffers),
		differs(fixed("sshfp_ed25519", "ssh.ed25519.fingerprints"), sshfpDiffers),
		differs(fixed("sshfp_rsa", "ssh.rsa.fingerprints"), sshfpDiffers),
		fixed("swapencrypted", "memory.swap.encrypted"),
		fixed("swapfree", "memory.swap.available"),
		differs(fixed("swapfree_mb", "memory.swap.available_bytes"), "in MiB; the replacement is in bytes"),
		fixed("swapsize", "memory.swap.total"),
		differs(fixed("swapsize_mb", "memory.swap.total_bytes"), "in MiB; the replacement is in bytes"),
		fixed("system32", "os.windows.system32"),
		fixed("uptime", "system_uptime.uptime"),
		fixed("uptime_days", "system_uptime.days"),
		fixed("uptime_hours", "system_uptime.hours"),
		fixed("uptime_seconds", "system_uptime.seconds"),
		fixed("uuid", "dmi.product.uuid"),
		fixed("windows_display_version", "os.windows.display_version"),
		fixed("windows_edition_id", "os.windows.edition_id"),
		fixed("windows_installation_type", "os.windows.installation_type"),
		fixed("windows_product_name", "os.windows.product_name"),
		fixed("windows_release_id", "os.windows.release_id"),
		differs(fixed("xendomains", "xen.domains"), "a comma-separated list; the replacement is an array"),
		fixed("zonename", "solaris_zones.current"),
		differs(fixed("zones", "solaris_zones.zones"), "the number of zones; the replacement is a hash by zone name (use its length)"),

		pattern("blockdevice_", "_model", "disk", "disks.*.model"),
		pattern("blockdevice_", "_size", "disk", "disks.*.size_bytes"),
		pattern("blockdevice_", "_vendor", "disk", "disks.*.vendor"),
		pattern("ipaddress_", "", "interface", "networking.interfaces.*.ip"),
		pattern("ipaddress6_", "", "interface", "networking.interfaces.*.ip6"),
		pattern("macaddress_", "", "interface", "networking.interfaces.*.mac"),
		pattern("mtu_", "", "interface", "networking.interfaces.*.mtu"),
		pattern("netmask_", "", "interface", "networking.interfaces.*.netmask"),
		pattern("netmask6_", "", "interface", "networking.interfaces.*.netmask6"),
		pattern("network_", "", "interface", "networking.interfaces.*.network"),
		pattern("network6_", "", "interface", "networking.interfaces.*.network6"),
		pattern("scope6_", "", "interface", "networking.interfaces.*.scope6"),
		pattern("processor", "", "processor number", "processors.models.*"),
		pattern("zone_", "_brand", "zone", "solaris_zones.zones.*.brand"),
		pattern("zone_", "_id", "zone", "solaris_zones.zones.*.id"),
		pattern("zone_", "_iptype", "zone", "solaris_zones.zones.*.ip_type"),
		differs(pattern("zone_", "_name", "zone", "solaris_zones.zones"), "the zone's name, which is the key of its entry in the hash"),
		pattern("zone_", "_path", "zone", "solaris_zones.zones.*.path"),
		pattern("zone_", "_status", "zone", "solaris_zones.zones.*.status"),
		differs(pattern("zone_", "_uuid", "zone", ""), "the zone's UUID, which no structured fact has"),
	}
})

const sshfpDiffers = "the SHA1 and SHA256 fingerprints on two lines; the replacement is a hash with keys sha1 and sha256"

func fixed(name, path string) LegacyFact {
	return LegacyFact{Name: name, Path: splitPath(path)}
}

func pattern(prefix, suffix, device, path string) LegacyFact {
	return LegacyFact{Name: prefix + "<" + device + ">" + suffix, Prefix: prefix, Suffix: suffix, Device: device, Path: splitPath(path)}
}

func differs(f LegacyFact, how string) LegacyFact {
	f.Differs = how
	return f
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, ".")
}

// LegacyFacts returns the table of Facter's legacy facts, fixed names
// first, then the patterns of names that embed a device. The slice is a
// copy.
func LegacyFacts() []LegacyFact {
	return slices.Clone(legacyFactTable())
}

var legacyByName = sync.OnceValue(func() map[string]*LegacyFact {
	table := legacyFactTable()
	m := make(map[string]*LegacyFact, len(table))
	for i := range table {
		if f := &table[i]; f.Device == "" {
			m[f.Name] = f
		}
	}
	return m
})

// LegacyFactRead is a name resolved against the table: the legacy fact
// and, for a pattern, the device the name embeds.
type LegacyFactRead struct {
	Fact   *LegacyFact
	Device string
}

// LookupLegacyFact returns the legacy fact name is (without '$',
// optionally with a leading "::"): a fixed name, or a name embedding a
// device (ipaddress_eth0, blockdevice_sda_size, processor0). Fixed names
// win: ipaddress6 is not ipaddress_ of device "6".
func LookupLegacyFact(name string) (LegacyFactRead, bool) {
	n := trimTopScope(name)
	if f, ok := legacyByName()[n]; ok {
		return LegacyFactRead{Fact: f}, true
	}
	var best LegacyFactRead
	table := legacyFactTable()
	for i := range table {
		f := &table[i]
		if f.Device == "" || !strings.HasPrefix(n, f.Prefix) || !strings.HasSuffix(n, f.Suffix) ||
			len(n) <= len(f.Prefix)+len(f.Suffix) {
			continue
		}
		dev := n[len(f.Prefix) : len(n)-len(f.Suffix)]
		if f.Device == "processor number" {
			if _, err := strconv.Atoi(dev); err != nil || strings.TrimLeft(dev, "0123456789") != "" {
				continue
			}
		}
		// The longest prefix and suffix win: ipaddress6_eth0 is
		// ipaddress6_ of eth0, not ipaddress_ of 6_eth0.
		if best.Fact == nil || len(f.Prefix)+len(f.Suffix) > len(best.Fact.Prefix)+len(best.Fact.Suffix) {
			best = LegacyFactRead{Fact: f, Device: dev}
		}
	}
	return best, best.Fact != nil
}

// Replacement returns the $facts path that replaces the read, with the
// device in place of "*"; nil when no structured fact holds the value.
func (r LegacyFactRead) Replacement() []string {
	if r.Fact.Path == nil {
		return nil
	}
	out := make([]string, len(r.Fact.Path))
	for i, k := range r.Fact.Path {
		if k == "*" {
			k = r.Device
		}
		out[i] = k
	}
	return out
}

// FactsAccess writes a $facts path as Puppet code: $facts['os']['family'];
// a processor number is an array index, $facts['processors']['models'][0].
func (r LegacyFactRead) FactsAccess() string {
	var b strings.Builder
	b.WriteString("$facts")
	for i, k := range r.Replacement() {
		if r.Fact.Device == "processor number" && i < len(r.Fact.Path) && r.Fact.Path[i] == "*" {
			b.WriteString("[" + k + "]")
			continue
		}
		b.WriteString("['")
		for _, c := range k { // a single-quoted string escapes only \ and '
			if c == '\\' || c == '\'' {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		}
		b.WriteString("']")
	}
	return b.String()
}
