package rules

import (
	"fmt"
	"strconv"
)

// PuppetVersion is the major version of Puppet the code is checked for.
// It decides what Puppet does with what a rule finds, and so a finding's
// message and severity: Puppet 8 turns strict_variables on and strict to
// error by default (an unknown variable or a duplicate hash key fails the
// catalog where Puppet 7 warns) and no longer collects legacy facts.
// OpenVox 8 behaves as Puppet 8.
type PuppetVersion int

// The supported target versions.
const (
	Puppet7 PuppetVersion = 7
	Puppet8 PuppetVersion = 8
	// DefaultPuppetVersion is the target when neither the configuration
	// nor the command line names one.
	DefaultPuppetVersion = Puppet8
)

// ParsePuppetVersion parses a major version, "7" or "8".
func ParsePuppetVersion(s string) (PuppetVersion, error) {
	n, err := strconv.Atoi(s)
	if err != nil || !PuppetVersion(n).Supported() {
		return 0, fmt.Errorf("unsupported Puppet version %q (want 7 or 8)", s)
	}
	return PuppetVersion(n), nil
}

// Supported reports whether v is a version ducklint can target.
func (v PuppetVersion) Supported() bool { return v == Puppet7 || v == Puppet8 }

// OrDefault returns v, or DefaultPuppetVersion when v is zero (not set).
func (v PuppetVersion) OrDefault() PuppetVersion {
	if v == 0 {
		return DefaultPuppetVersion
	}
	return v
}

// StrictVariables reports whether the version's defaults fail the catalog
// on a read of an unknown variable (strict_variables) and on what the
// strict setting governs, such as a duplicate hash key (strict=error):
// Puppet 8 and later.
func (v PuppetVersion) StrictVariables() bool { return v.OrDefault() >= Puppet8 }

// CollectsLegacyFacts reports whether the version's agents send Facter's
// legacy facts ($osfamily, $ipaddress...) by default: Puppet 8 sets
// include_legacy_facts to false.
func (v PuppetVersion) CollectsLegacyFacts() bool { return v.OrDefault() < Puppet8 }

// String returns "Puppet 7" or "Puppet 8".
func (v PuppetVersion) String() string { return fmt.Sprintf("Puppet %d", int(v.OrDefault())) }
