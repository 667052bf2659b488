package builtin

import "testing"

func TestVariables(t *testing.T) {
	tests := []struct {
		name                                          string
		builtin, core, legacy, device, known, capture bool
		reserved, topReserved                         bool
	}{
		{name: "facts", builtin: true, known: true, reserved: true, topReserved: true},
		{name: "trusted", builtin: true, known: true, reserved: true, topReserved: true},
		{name: "server_facts", builtin: true, known: true, reserved: true, topReserved: true},
		{name: "title", builtin: true, known: true, reserved: true, topReserved: true},
		{name: "name", builtin: true, known: true, reserved: true, topReserved: true},
		{name: "module_name", builtin: true, known: true, reserved: true, topReserved: true},
		{name: "caller_module_name", builtin: true, known: true, reserved: true, topReserved: false},
		{name: "environment", builtin: true, known: true, topReserved: true},
		{name: "clientcert", builtin: true, known: true, topReserved: true},
		{name: "agent_specified_environment", builtin: true, known: true},
		{name: "servername", builtin: true, known: true},
		{name: "serverversion", builtin: true, known: true},
		{name: "::clientcert", builtin: true, known: true},
		{name: "settings::vardir", builtin: true, known: true, topReserved: true},
		{name: "::settings::vardir", builtin: true, known: true},
		{name: "settings::", known: false},
		{name: "settings::a::b", known: false},
		{name: "os", core: true, known: true, topReserved: true},
		{name: "networking", core: true, known: true, topReserved: true},
		{name: "processors", core: true, known: true, topReserved: true},
		{name: "kernel", core: true, known: true, topReserved: true},
		{name: "::os", core: true, known: true},
		{name: "hostname", legacy: true, known: true, topReserved: true},
		{name: "osfamily", legacy: true, known: true, topReserved: true},
		{name: "::operatingsystem", legacy: true, known: true},
		{name: "ipaddress", legacy: true, known: true, topReserved: true},
		{name: "ipaddress_eth0", device: true, known: true},
		{name: "ipaddress6_ens3", device: true, known: true},
		{name: "macaddress_eth0", device: true, known: true},
		{name: "netmask_lo", device: true, known: true},
		{name: "mtu_eth0", device: true, known: true},
		{name: "network_eth0", device: true, known: true},
		{name: "processor0", device: true, known: true},
		{name: "processor12", device: true, known: true},
		{name: "sp_serial_number", legacy: true, known: true, topReserved: true},
		{name: "sshrsakey", legacy: true, known: true, topReserved: true},
		{name: "sshed25519key", legacy: true, known: true, topReserved: true},
		{name: "sshfp_rsa", legacy: true, known: true, topReserved: true},
		{name: "blockdevice_sda_size", device: true, known: true},
		{name: "zone_global_id", device: true, known: true},
		{name: "0", capture: true, reserved: true, topReserved: true},
		{name: "12", capture: true, reserved: true, topReserved: true},
		{name: "network_zone", device: true, known: true},
		{name: "sshecdsakey", legacy: true, known: true, topReserved: true},
		{name: "sshfp_ed25519", legacy: true, known: true, topReserved: true},
		{name: "sp_boot_mode", legacy: true, known: true, topReserved: true},
		{name: "sshkey", known: false},
		{name: "sshfp_", known: false},
		{name: "sp_custom", known: false},
		{name: "processor", known: false},
		{name: "processorx", known: false},
		{name: "ipaddress_", known: false},
		{name: "mtu", known: false},
		{name: "x", known: false},
		{name: "apache::port", known: false},
		{name: "", known: false},
		{name: "1a", known: false},
	}
	for _, tt := range tests {
		check := func(fn string, got, want bool) {
			t.Helper()
			if got != want {
				t.Errorf("%s(%q) = %v, want %v", fn, tt.name, got, want)
			}
		}
		check("IsBuiltinVariable", IsBuiltinVariable(tt.name), tt.builtin)
		check("IsCoreFact", IsCoreFact(tt.name), tt.core)
		check("IsLegacyFact", IsLegacyFact(tt.name), tt.legacy)
		check("IsDeviceFact", IsDeviceFact(tt.name), tt.device)
		check("IsKnownTopScopeVariable", IsKnownTopScopeVariable(tt.name), tt.known)
		check("IsCaptureVariable", IsCaptureVariable(tt.name), tt.capture)
		check("IsReservedVariable", IsReservedVariable(tt.name), tt.reserved)
		if tt.name == "" || tt.name[0] != ':' {
			check("IsTopScopeReserved", IsTopScopeReserved(tt.name), tt.topReserved)
		}
	}
}

// TestVariablesMatchPuppet7 compares IsReservedVariable and
// IsTopScopeReserved with what Puppet 7 does when a manifest assigns the
// variable at top scope and in a class (gen/variables-puppet7.sh).
func TestVariablesMatchPuppet7(t *testing.T) {
	seen := 0
	for _, rec := range readRecords(t, "testdata/variables-puppet7.txt", "\t") {
		if len(rec) < 3 {
			t.Fatalf("bad record %q", rec)
		}
		name, where, rejected := rec[0], rec[1], rec[2] == "error"
		var got bool
		switch where {
		case "top":
			got = IsTopScopeReserved(name)
		case "class":
			got = IsReservedVariable(name)
		default:
			t.Fatalf("bad scope in %q", rec)
		}
		if got != rejected {
			t.Errorf("$%s = 1 at %s scope: Puppet 7 rejected=%v, we say %v (%s)", name, where, rejected, got, rec[len(rec)-1])
		}
		seen++
	}
	if seen < 2 {
		t.Errorf("only %d verdicts recorded", seen)
	}
}

// TestRunDependentBuiltins checks the built-in variables that only some
// runs set at top scope.
func TestRunDependentBuiltins(t *testing.T) {
	for _, n := range []string{"servername", "::serverip", "serverip6", "serverversion"} {
		if !IsServerVariable(n) || IsConditionalBuiltin(n) {
			t.Errorf("%s: want a server variable", n)
		}
	}
	if !IsConditionalBuiltin("agent_specified_environment") || IsServerVariable("agent_specified_environment") {
		t.Error("agent_specified_environment: want a conditional built-in")
	}
	for _, n := range []string{"clientcert", "environment", "hostname", "x"} {
		if IsServerVariable(n) || IsConditionalBuiltin(n) {
			t.Errorf("%s: set on every run, or not built in", n)
		}
	}
}
