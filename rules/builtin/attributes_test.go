package builtin

import (
	"slices"
	"strings"
	"testing"
)

// TestAttributesAgreeWithPuppet compares the metaparameters and each core
// type's attributes and namevar with what Puppet's own classes answer, as
// recorded by scripts/record-puppet-types.
func TestAttributesAgreeWithPuppet(t *testing.T) {
	recorded := map[string]bool{}
	for _, rec := range readRecords(t, "testdata/types-puppet7.txt", " ") {
		switch rec[0] {
		case "meta":
			if got := Metaparameters(); !slices.Equal(got, slices.Sorted(slices.Values(rec[1:]))) {
				t.Errorf("Metaparameters() = %v, Puppet has %v", got, rec[1:])
			}
		case "type":
			if len(rec) != 5 {
				t.Fatalf("bad record %q", rec)
			}
			name := rec[1]
			recorded[name] = true
			fields := map[string]string{}
			for _, f := range rec[2:] {
				k, v, _ := strings.Cut(f, "=")
				fields[k] = v
			}
			var want []string
			for _, list := range []string{fields["params"], fields["properties"]} {
				if list != "" {
					want = append(want, strings.Split(list, ",")...)
				}
			}
			slices.Sort(want)
			want = slices.Compact(want)
			got, ok := TypeAttributes(name)
			if !ok || !slices.Equal(got, want) {
				t.Errorf("TypeAttributes(%q) = %v, %v; Puppet has %v", name, got, ok, want)
			}
			if nv, _ := Namevar(name); nv != fields["namevar"] {
				t.Errorf("Namevar(%q) = %q, Puppet says %q", name, nv, fields["namevar"])
			}
			if !IsResourceType(name) {
				t.Errorf("Puppet has type %q, IsResourceType says no", name)
			}
		default:
			t.Fatalf("bad record %q", rec)
		}
	}
	for name := range typeAttributes {
		if !recorded[name] {
			t.Errorf("typeAttributes has %q, which Puppet does not", name)
		}
	}
}

func TestHasTypeAttribute(t *testing.T) {
	tests := []struct {
		typ, attr string
		has, ok   bool
	}{
		{"file", "mode", true, true},
		{"file", "mdoe", false, true},
		{"file", "name", true, true},    // every type's namevar alias
		{"file", "require", true, true}, // a metaparameter
		{"file", "title", false, true},
		{"exec", "command", true, true},
		{"cron", "command", false, false}, // a type from a module: not known here
		{"apache::vhost", "port", false, false},
	}
	for _, tt := range tests {
		has, ok := HasTypeAttribute(tt.typ, tt.attr)
		if has != tt.has || ok != tt.ok {
			t.Errorf("HasTypeAttribute(%q, %q) = %v, %v; want %v, %v", tt.typ, tt.attr, has, ok, tt.has, tt.ok)
		}
		if core := IsCoreType(tt.typ); core != tt.ok {
			t.Errorf("IsCoreType(%q) = %v; want %v", tt.typ, core, tt.ok)
		}
	}
}
