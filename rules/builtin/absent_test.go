package builtin

import (
	"maps"
	"slices"
	"testing"
)

// TestAbsentAgreesWithPuppet compares the ensure values that remove a
// resource and the properties ignored on a removed one with what an
// installed Puppet 7 reports (recorded by gen/absent-puppet7.sh): the tables
// must hold exactly the recorded names, nothing invented or forgotten.
func TestAbsentAgreesWithPuppet(t *testing.T) {
	removes, props := map[string][]string{}, map[string][]string{}
	for _, rec := range readRecords(t, "testdata/absent-puppet7.txt", " ") {
		if len(rec) != 3 {
			t.Fatalf("bad record %q", rec)
		}
		switch rec[0] {
		case "removes":
			removes[rec[1]] = append(removes[rec[1]], rec[2])
		case "property":
			props[rec[1]] = append(props[rec[1]], rec[2])
		default:
			t.Fatalf("bad record %q", rec)
		}
	}
	same := func(label string, got, want map[string][]string) {
		if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
			t.Errorf("%s: types %v, Puppet has %v", label, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
		for typ, names := range want {
			if g := slices.Sorted(slices.Values(got[typ])); !slices.Equal(g, slices.Sorted(slices.Values(names))) {
				t.Errorf("%s %s: %v, Puppet has %v", label, typ, g, names)
			}
		}
	}
	same("removing ensure values", removingEnsures, removes)
	same("properties", absentIgnoredProperties, props)
	for typ, vs := range removes {
		for _, v := range vs {
			if !RemovesResource(typ, v) {
				t.Errorf("RemovesResource(%q, %q) = false", typ, v)
			}
		}
	}
	for typ, ps := range props {
		for _, p := range ps {
			if !IgnoredWhenAbsent(typ, p) {
				t.Errorf("IgnoredWhenAbsent(%q, %q) = false", typ, p)
			}
		}
	}
	for _, c := range []struct{ typ, name string }{
		{"file", "ensure"}, {"file", "force"}, {"file", "backup"}, {"package", "provider"}, {"file", "before"}, {"notify", "message"},
	} {
		if IgnoredWhenAbsent(c.typ, c.name) {
			t.Errorf("IgnoredWhenAbsent(%q, %q) = true: a parameter or metaparameter still applies", c.typ, c.name)
		}
	}
	for _, c := range []struct{ typ, v string }{{"file", "file"}, {"service", "stopped"}, {"package", "latest"}, {"apache::vhost", "absent"}} {
		if RemovesResource(c.typ, c.v) {
			t.Errorf("RemovesResource(%q, %q) = true", c.typ, c.v)
		}
	}
}

func TestAbsentIgnoredProperties(t *testing.T) {
	if got := AbsentIgnoredProperties("file"); !slices.Contains(got, "mode") || slices.Contains(got, "force") || !slices.IsSorted(got) {
		t.Errorf("AbsentIgnoredProperties(file) = %v", got)
	}
	if got := AbsentIgnoredProperties("service"); len(got) != 0 {
		t.Errorf("AbsentIgnoredProperties(service) = %v, want none", got)
	}
}
