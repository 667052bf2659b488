package builtin

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// recordedFacter is testdata/legacy-facts/facter.txt, the record of
// Facter's legacy facts and fact schema that scripts/extract-legacy-facts
// makes from a Facter checkout.
type recordedFacter struct {
	legacy []recordedLegacy
	schema map[string]bool
}

type recordedLegacy struct {
	name  string // a name, or a Ruby pattern such as ipaddress_.*
	alias string // the structured fact it aliases; "-" for a legacy fact of its own
}

func readRecordedFacter(t *testing.T) recordedFacter {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "legacy-facts", "facter.txt"))
	if err != nil {
		t.Fatalf("no record of Facter's legacy facts (go run ./scripts/extract-legacy-facts FACTER_CHECKOUT): %v", err)
	}
	rec := recordedFacter{schema: map[string]bool{}}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		switch {
		case f[0] == "legacy" && len(f) == 4:
			rec.legacy = append(rec.legacy, recordedLegacy{f[1], f[2]})
		case f[0] == "schema" && len(f) == 2:
			rec.schema[f[1]] = true
		}
	}
	if len(rec.legacy) < 100 || len(rec.schema) < 100 {
		t.Fatalf("facter.txt records %d legacy facts and %d schema paths; too few", len(rec.legacy), len(rec.schema))
	}
	return rec
}

// isPattern reports whether a recorded legacy name is a Ruby pattern.
func isPattern(name string) bool { return strings.Contains(name, ".*") }

// TestLegacyFactTableMatchesFacter checks the table against the recorded
// source both ways: every legacy fact Facter defines is in the table, with
// a replacement under the structured fact it aliases; every table entry
// is one Facter defines; and every replacement is a path of Facter's
// schema.
func TestLegacyFactTableMatchesFacter(t *testing.T) {
	rec := readRecordedFacter(t)
	legacyNames := map[string]bool{}
	for _, l := range rec.legacy {
		legacyNames[l.name] = true
	}
	covered := map[*LegacyFact]bool{}
	aliasOf := map[*LegacyFact]string{} // the structured fact Facter's source makes it an alias of
	for _, l := range rec.legacy {
		if !isPattern(l.name) {
			r, ok := LookupLegacyFact(l.name)
			if !ok || r.Fact.Device != "" {
				t.Errorf("Facter's legacy fact %s is not in the table", l.name)
				continue
			}
			covered[r.Fact] = true
			if l.alias != "-" && !legacyNames[l.alias] {
				aliasOf[r.Fact] = l.alias
			}
			if l.alias != "-" && !legacyNames[l.alias] && !slices.Equal(r.Fact.Path[:min(len(r.Fact.Path), len(strings.Split(l.alias, ".")))], strings.Split(l.alias, ".")) {
				t.Errorf("%s: Facter makes it an alias of %s; the table replaces it with %s", l.name, l.alias, strings.Join(r.Fact.Path, "."))
			}
			continue
		}
		prefix, suffix, _ := strings.Cut(l.name, ".*")
		found := false
		for i := range legacyFactTable() {
			f := &legacyFactTable()[i]
			if f.Device != "" && f.Prefix == prefix && f.Suffix == suffix {
				found, covered[f] = true, true
				if l.alias != "-" {
					aliasOf[f] = l.alias
				}
				if l.alias != "-" && f.Path != nil && !strings.HasPrefix(strings.Join(f.Path, "."), l.alias) {
					t.Errorf("%s: Facter makes it an alias of %s; the table replaces it with %s", l.name, l.alias, strings.Join(f.Path, "."))
				}
			}
		}
		if found {
			continue
		}
		// A pattern the fixed names of the table spell out (ssh.*key for
		// the host key algorithms).
		re := regexp.MustCompile(`\A` + l.name + `\z`)
		for i := range legacyFactTable() {
			if f := &legacyFactTable()[i]; f.Device == "" && re.MatchString(f.Name) {
				found, covered[f] = true, true
			}
		}
		if !found {
			t.Errorf("Facter's legacy facts %s are not in the table", l.name)
		}
	}
	for i := range legacyFactTable() {
		f := &legacyFactTable()[i]
		if !covered[f] {
			t.Errorf("table entry %s is no legacy fact of the recorded Facter", f.Name)
		}
		if f.Path == nil {
			if f.Differs == "" {
				t.Errorf("%s: no replacement, and no word on why", f.Name)
			}
			continue
		}
		if !schemaHas(rec.schema, f.Path) && !underUnlistedFact(rec.schema, f.Path, aliasOf[f]) {
			t.Errorf("%s: replacement %s is not a path of Facter's schema", f.Name, strings.Join(f.Path, "."))
		}
	}
}

// underUnlistedFact reports whether path is the structured fact alias
// that Facter's source makes the legacy fact an alias of, or a key below
// it when the schema lists none below it (ldom is "validate: false"): the
// fact classes are the source there.
func underUnlistedFact(schema map[string]bool, path []string, alias string) bool {
	p := strings.Join(path, ".")
	if alias == "" || (p != alias && !strings.HasPrefix(p, alias+".")) {
		return false
	}
	if p == alias {
		return true
	}
	for s := range schema {
		if strings.HasPrefix(s, alias+".") {
			return false
		}
	}
	return schema[alias]
}

// schemaHas reports whether path is in the schema, "*" matching a
// <placeholder> key; a trailing "*" indexes an array, whose path is the
// rest.
func schemaHas(schema map[string]bool, path []string) bool {
	if path[len(path)-1] == "*" {
		return schemaHas(schema, path[:len(path)-1])
	}
	want := regexp.QuoteMeta(strings.Join(path, "."))
	re := regexp.MustCompile(`\A` + strings.ReplaceAll(want, `\*`, `<[^.>]+>`) + `\z`)
	for p := range schema {
		if re.MatchString(p) {
			return true
		}
	}
	return false
}

// The table and the name lists static scope uses agree: a legacy fact is
// a known top-scope variable.
func TestLegacyFactTableMatchesNameLists(t *testing.T) {
	for _, f := range legacyFactTable() {
		name := f.Name
		if f.Device != "" {
			name = f.Prefix + "x1" + f.Suffix
			if f.Device == "processor number" {
				name = f.Prefix + "1"
			}
		}
		if !IsLegacyFact(name) && !IsDeviceFact(name) {
			t.Errorf("%s is in the table but neither IsLegacyFact nor IsDeviceFact", name)
		}
	}
	for _, n := range legacyFacts {
		if _, ok := LookupLegacyFact(n); !ok {
			t.Errorf("IsLegacyFact(%q), but it is not in the table", n)
		}
	}
}

func TestLookupLegacyFact(t *testing.T) {
	for _, c := range []struct{ name, access string }{
		{"osfamily", "$facts['os']['family']"},
		{"::osfamily", "$facts['os']['family']"},
		{"ipaddress", "$facts['networking']['ip']"},
		{"ipaddress6", "$facts['networking']['ip6']"},
		{"ipaddress_eth0", "$facts['networking']['interfaces']['eth0']['ip']"},
		{"ipaddress6_eth0", "$facts['networking']['interfaces']['eth0']['ip6']"},
		{"network6_br_ex", "$facts['networking']['interfaces']['br_ex']['network6']"},
		{"blockdevice_sda_size", "$facts['disks']['sda']['size_bytes']"},
		{"processor0", "$facts['processors']['models'][0]"},
		{"processorcount", "$facts['processors']['count']"},
		{"operatingsystemmajrelease", "$facts['os']['release']['major']"},
		{"zone_global_iptype", "$facts['solaris_zones']['zones']['global']['ip_type']"},
		{"ipaddress_it's", `$facts['networking']['interfaces']['it\'s']['ip']`},
	} {
		r, ok := LookupLegacyFact(c.name)
		if !ok || r.FactsAccess() != c.access {
			t.Errorf("LookupLegacyFact(%q) = %v, %v; want %s", c.name, r.FactsAccess(), ok, c.access)
		}
	}
	for _, n := range []string{"os", "processors", "processor", "processorx", "ipaddress_", "networking", "facts", "role"} {
		if r, ok := LookupLegacyFact(n); ok {
			t.Errorf("LookupLegacyFact(%q) = %s, want no legacy fact", n, r.Fact.Name)
		}
	}
}
