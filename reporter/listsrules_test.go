package reporter

import (
	"bytes"
	"testing"
)

// TestListsRules checks that the formats ListsRules leaves out write the
// same report without the rules' descriptions, which a run then need not
// make, and that those it names read them.
func TestListsRules(t *testing.T) {
	for _, name := range Names() {
		format, _ := Lookup(name)
		var with, without bytes.Buffer
		if err := format(&with, fixtureReport(), Options{}); err != nil {
			t.Fatal(err)
		}
		r := fixtureReport()
		r.Rules = nil
		if err := format(&without, r, Options{}); err != nil {
			t.Fatal(err)
		}
		if same := bytes.Equal(with.Bytes(), without.Bytes()); same == ListsRules(name) {
			t.Errorf("%s: ListsRules says %v, but the output with the rules and without is the same: %v", name, ListsRules(name), same)
		}
	}
}
