package model_test

import (
	"testing"

	"github.com/ducklint/ducklint/rules/model"
)

// The metaparameters whose values are references are the four
// relationship metaparameters, spelled as Puppet spells them.
func TestIsRelationshipParam(t *testing.T) {
	for _, name := range []string{"before", "require", "notify", "subscribe"} {
		if !model.IsRelationshipParam(name) {
			t.Errorf("%s is not taken for a relationship metaparameter", name)
		}
	}
	for _, name := range []string{"", "requires", "Require", "notifies", "subscribed", "alias", "tag", "ensure", "befor"} {
		if model.IsRelationshipParam(name) {
			t.Errorf("%q is taken for a relationship metaparameter", name)
		}
	}
}
