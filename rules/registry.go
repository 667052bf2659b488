package rules

import (
	"fmt"
	"github.com/ducklint/ducklint/diagnostics"
	"slices"
	"strings"
)

// Registry is an immutable set of rules, looked up by id or by puppet-lint alias.
type Registry struct {
	rules   []*Rule          // sorted by ID
	byID    map[string]*Rule // id -> rule
	byAlias map[string]*Rule // puppet-lint check name -> rule
}

// NewRegistry builds a registry from rules, checking that every rule is well
// formed and that ids and aliases are unique.
func NewRegistry(rules ...*Rule) (*Registry, error) {
	aliases := 0
	for _, r := range rules {
		aliases += len(r.Aliases)
	}
	reg := &Registry{rules: make([]*Rule, 0, len(rules)), byID: make(map[string]*Rule, len(rules)), byAlias: make(map[string]*Rule, aliases)}
	for _, r := range rules {
		if err := r.validate(); err != nil {
			return nil, err
		}
		if _, dup := reg.byID[r.ID]; dup {
			return nil, fmt.Errorf("rule %q registered twice", r.ID)
		}
		reg.byID[r.ID] = r
		for _, a := range r.Aliases {
			if other, dup := reg.byAlias[a]; dup {
				return nil, fmt.Errorf("alias %q used by rules %q and %q", a, other.ID, r.ID)
			}
			reg.byAlias[a] = r
		}
		reg.rules = append(reg.rules, r)
	}
	slices.SortFunc(reg.rules, func(a, b *Rule) int { return strings.Compare(a.ID, b.ID) })
	return reg, nil
}

// Default returns a registry of every built-in rule.
func Default() *Registry {
	reg, err := NewRegistry(All()...)
	if err != nil {
		// The built-in rules are fixed at compile time; tests cover this.
		panic(err)
	}
	return reg
}

// Rules returns every rule, sorted by id. The slice is a copy.
func (r *Registry) Rules() []*Rule { return slices.Clone(r.rules) }

// Lookup returns the rule with the given id.
func (r *Registry) Lookup(id string) (*Rule, bool) {
	rule, ok := r.byID[id]
	return rule, ok
}

// Resolve returns the rule named by a control comment: a ducklint id or a
// puppet-lint check name that has an equivalent rule.
func (r *Registry) Resolve(name string) (*Rule, bool) {
	if rule, ok := r.byID[name]; ok {
		return rule, true
	}
	rule, ok := r.byAlias[name]
	return rule, ok
}

// Descriptions returns what a report says of every rule, sorted by id,
// with the default severities of target version v.
func (r *Registry) Descriptions(v PuppetVersion) []diagnostics.Rule {
	out := make([]diagnostics.Rule, len(r.rules))
	for i, rule := range r.rules {
		out[i] = rule.Describe(v)
	}
	return out
}
