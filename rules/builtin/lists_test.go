package builtin

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// checkList fails when list is empty, holds a duplicate or an empty name.
func checkList(t *testing.T, label string, list []string) {
	t.Helper()
	if len(list) == 0 {
		t.Errorf("%s: list is empty", label)
	}
	seen := map[string]bool{}
	for _, n := range list {
		if n == "" {
			t.Errorf("%s: empty name", label)
		}
		if seen[n] {
			t.Errorf("%s: duplicate %q", label, n)
		}
		seen[n] = true
	}
}

// checkSortedUnique fails when got is not strictly increasing or has fewer
// than min entries.
func checkSortedUnique(t *testing.T, label string, got []string, min int) {
	t.Helper()
	if len(got) < min {
		t.Errorf("%s: %d names, want at least %d", label, len(got), min)
	}
	for i := 1; i < len(got); i++ {
		if got[i-1] >= got[i] {
			t.Errorf("%s: not sorted and unique at %q, %q", label, got[i-1], got[i])
		}
	}
}

func TestRawListsNonEmptyAndUnique(t *testing.T) {
	words := make([]string, 0, len(reservedWords))
	for _, w := range reservedWords {
		words = append(words, w.Word)
	}
	lowerTypes := func(lists ...[]string) []string {
		var out []string
		for _, l := range lists {
			for _, n := range l {
				out = append(out, strings.ToLower(n))
			}
		}
		return out
	}
	tests := []struct {
		label string
		list  []string
	}{
		{"resource types", slices.Concat(coreResourceTypes, internalResourceTypes, metaResourceTypes, coreModuleResourceTypes, removedResourceTypes)},
		{"functions", slices.Concat(modernFunctions, legacyAPIFunctions)},
		{"statement functions", statementFunctions},
		{"data types (case-insensitive)", lowerTypes(seedDataTypes, parserDataTypes, runtimeDataTypes)},
		{"reserved type names", reservedTypeNames},
		{"reserved words", words},
		{"variables and facts", slices.Concat(neverAssignable, classScopeBuiltins, topScopeBuiltinVariables, serverVariables, conditionalBuiltinVariables, coreFacts, legacyFacts)},
		{"device fact patterns", deviceFactPatterns},
	}
	for _, tt := range tests {
		checkList(t, tt.label, tt.list)
	}
}

func TestListFunctionsSortedUniqueCopies(t *testing.T) {
	tests := []struct {
		label string
		get   func() []string
		min   int
	}{
		{"ResourceTypes", ResourceTypes, 16},
		{"CoreModuleResourceTypes", CoreModuleResourceTypes, 13},
		{"RemovedResourceTypes", RemovedResourceTypes, 23},
		{"Functions", Functions, 100},
		{"DataTypes", DataTypes, 48},
		{"ReservedWords", ReservedWords, 29},
	}
	for _, tt := range tests {
		got := tt.get()
		checkSortedUnique(t, tt.label, got, tt.min)
		if len(got) == 0 {
			continue
		}
		first := got[0]
		got[0] = "zzz-changed"
		if again := tt.get(); again[0] != first {
			t.Errorf("%s: result shares memory with the package data", tt.label)
		}
	}
}

func TestResourceTypeGroupsAreDisjoint(t *testing.T) {
	for _, n := range CoreModuleResourceTypes() {
		if IsResourceType(n) || IsRemovedResourceType(n) {
			t.Errorf("%q is both a core-module type and another kind", n)
		}
	}
	for _, n := range RemovedResourceTypes() {
		if IsResourceType(n) {
			t.Errorf("%q is both removed and built in", n)
		}
	}
	for _, n := range coreFacts {
		if IsLegacyFact(n) {
			t.Errorf("%q is both a core and a legacy fact", n)
		}
	}
}

func TestResourceTypes(t *testing.T) {
	tests := []struct {
		name                     string
		builtin, module, removed bool
	}{
		{"exec", true, false, false},
		{"file", true, false, false},
		{"notify", true, false, false},
		{"stage", true, false, false},
		{"schedule", true, false, false},
		{"filebucket", true, false, false},
		{"resources", true, false, false},
		{"tidy", true, false, false},
		{"class", true, false, false},
		{"node", true, false, false},
		{"whit", true, false, false},
		{"cron", false, true, false},
		{"mount", false, true, false},
		{"augeas", false, true, false},
		{"ssh_authorized_key", false, true, false},
		{"zpool", false, true, false},
		{"nagios_host", false, false, true},
		{"k5login", false, false, true},
		{"vlan", false, false, true},
		{"File", false, false, false},
		{"apache::vhost", false, false, false},
		{"", false, false, false},
	}
	for _, tt := range tests {
		if got := IsResourceType(tt.name); got != tt.builtin {
			t.Errorf("IsResourceType(%q) = %v, want %v", tt.name, got, tt.builtin)
		}
		if got := IsCoreModuleResourceType(tt.name); got != tt.module {
			t.Errorf("IsCoreModuleResourceType(%q) = %v, want %v", tt.name, got, tt.module)
		}
		if got := IsRemovedResourceType(tt.name); got != tt.removed {
			t.Errorf("IsRemovedResourceType(%q) = %v, want %v", tt.name, got, tt.removed)
		}
	}
}

func TestFunctions(t *testing.T) {
	tests := []struct {
		name                 string
		function, legacy, st bool
	}{
		{"include", true, false, true},
		{"require", true, false, true},
		{"contain", true, false, true},
		{"realize", true, true, true},
		{"tag", true, true, true},
		{"tagged", true, true, false},
		{"defined", true, false, false},
		{"fail", true, true, true},
		{"notice", true, false, true},
		{"alert", true, false, false},
		{"template", true, true, false},
		{"lookup", true, false, false},
		{"each", true, false, false},
		{"create_resources", true, true, false},
		{"validate_string", false, false, false}, // stdlib, not Puppet
		{"stdlib::ensure", false, false, false},
		{"Include", false, false, false},
		{"", false, false, false},
	}
	for _, tt := range tests {
		if got := IsFunction(tt.name); got != tt.function {
			t.Errorf("IsFunction(%q) = %v, want %v", tt.name, got, tt.function)
		}
		if got := IsLegacyAPIFunction(tt.name); got != tt.legacy {
			t.Errorf("IsLegacyAPIFunction(%q) = %v, want %v", tt.name, got, tt.legacy)
		}
		if got := IsStatementFunction(tt.name); got != tt.st {
			t.Errorf("IsStatementFunction(%q) = %v, want %v", tt.name, got, tt.st)
		}
	}
	for _, n := range statementFunctions {
		if !IsFunction(n) {
			t.Errorf("statement function %q is not a function", n)
		}
	}
}

// readRecords returns the non-comment lines of a testdata file split on sep.
func readRecords(t *testing.T, path, sep string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("open recorded Puppet verdicts: %v", err)
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Split(line, sep))
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	if len(out) == 0 {
		t.Fatalf("%s holds no records", path)
	}
	return out
}

// TestInstalledPuppetAgrees compares the lists with the resource types and
// functions of an installed Puppet 7 (recorded by gen/installed-puppet7.sh):
// every installed name must be known, and every name in the lists must be
// installed, so nothing is invented or forgotten.
func TestInstalledPuppetAgrees(t *testing.T) {
	installed := map[string]map[string]bool{"type": {}, "function": {}}
	for _, rec := range readRecords(t, "testdata/installed-puppet7.txt", " ") {
		if len(rec) != 2 || installed[rec[0]] == nil {
			t.Fatalf("bad record %q", rec)
		}
		installed[rec[0]][rec[1]] = true
	}
	for n := range installed["type"] {
		if !IsResourceType(n) {
			t.Errorf("installed type %q: IsResourceType = false", n)
		}
	}
	for _, n := range ResourceTypes() {
		if !installed["type"][n] && !slices.Contains(metaResourceTypes, n) {
			t.Errorf("IsResourceType(%q) but Puppet has no type/%s.rb", n, n)
		}
	}
	for n := range installed["function"] {
		if !IsFunction(n) {
			t.Errorf("installed function %q: IsFunction = false", n)
		}
	}
	for _, n := range Functions() {
		if !installed["function"][n] {
			t.Errorf("IsFunction(%q) but Puppet has no such function file", n)
		}
	}
}

// TestResourceTypeOfRef checks that every built-in resource type is found
// as a reference writes it, returning the list's name, and that no other
// spelling or name is.
func TestResourceTypeOfRef(t *testing.T) {
	for _, list := range [][]string{ResourceTypes(), CoreModuleResourceTypes()} {
		for _, n := range list {
			written := strings.ToUpper(n[:1]) + n[1:]
			if got, ok := ResourceTypeOfRef(written); !ok || got != n {
				t.Errorf("ResourceTypeOfRef(%q) = %q, %v; want %q", written, got, ok, n)
			}
		}
	}
	for _, written := range []string{"file", "FILE", "Apache::Vhost", "Nagios_host", "", "F"} {
		if got, ok := ResourceTypeOfRef(written); ok {
			t.Errorf("ResourceTypeOfRef(%q) = %q, want none", written, got)
		}
	}
}
