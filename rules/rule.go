// Package rules is ducklint's rule framework — rules as values, the pass
// each rule runs with, the registry, configuration and control comments —
// and the rules themselves, one file each.
//
// # Adding a rule
//
// A rule is a constructor returning a *Rule (its file's first function),
// listed in All, with a page in docs/rules/ and fixtures in
// testdata/rules/<id>/. A rule that looks beyond the file it reports on
// declares what it looks at in Rule.Context: the model.Needs kinds its
// Run consults, directly (p.Program.Lookup of a name the file mentions is
// model.NeedDefinitions) or through an analysis of package model (each
// kind's documentation names the analyses that consult it; a rule asking
// Static for where reads resolve needs definitions and top scope, for
// instance). An editor run, or a command-line run given some files,
// keeps only the context the enabled rules declare, so an undeclared kind
// makes the rule find differently there than over the whole tree; the
// engine's TestEachRuleNarrowsToTheContextItDeclares compares the two for
// every rule on every fixture, so give the rule fixtures where its
// findings depend on other files. What no kind keeps yet is a new kind in
// model/needs.go, kept by model.Index.Relevant.
package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/rules/model"
)

// Kind says how often a rule runs.
type Kind int

const (
	// PerFile rules run once for every reported file, in parallel.
	PerFile Kind = iota
	// WholeProgram rules run once per run with the whole program model.
	WholeProgram
)

// DocsBaseURL is where the rule documentation (docs/rules/<id>.md) is published.
const DocsBaseURL = "https://github.com/ducklint/ducklint/blob/main/docs/rules/"

// Rule is a lint rule: its identity and documentation, and the function that
// finds problems. Rules are plain values; nothing about a rule changes at run time.
type Rule struct {
	// ID is the rule's stable identifier, part of the output contract.
	ID string
	// Title is a one-line summary.
	Title string
	// Doc explains what the rule flags and why, in a paragraph or two.
	Doc string
	// Severity is the default severity when the target is Puppet 8 (the
	// default target, see PuppetVersion).
	Severity Severity
	// Puppet7Severity is the default severity when the target is Puppet
	// 7, for a rule whose strongest finding Puppet 8 fails the catalog
	// for and Puppet 7 does not; 0 means Severity.
	Puppet7Severity Severity
	// Kind says whether Run is called per file or once per program.
	Kind Kind
	// UsesSimulation is set for a rule that may need the whole-program
	// simulation (Program.Dynamic). The runner checks every file with the
	// other per-file rules first and with per-file rules that set it last,
	// so that no worker waits for the simulation while files are left to
	// check. A whole-program rule that sets it always runs the simulation
	// (Runner.Simulates).
	UsesSimulation bool
	// OneJob is set for a per-file rule whose checks of different files
	// wait on each other: they ask an analysis that answers one question
	// at a time (Static.Guarantee holds its lock while it works out the
	// fixed points a question needs). The runner checks every file with it
	// one after another in a job of its own, beside the jobs of the other
	// rules, instead of in each file's job, so that workers checking
	// files at once do not wait on the lock with their cores idle. A rule
	// that sets it cannot set UsesSimulation (NewRegistry refuses it).
	OneJob bool
	// OffByDefault is set for a rule that runs only when the
	// configuration ([rules.<id>] enabled = true) or --enable switches
	// it on: a policy, a convention a team chooses to hold its code to.
	OffByDefault bool
	// Validation is set for rules whose errors are what `puppet parser
	// validate` rejects a file for. They stay errors in documentation files
	// (examples, tests), where every other finding is info.
	Validation bool
	// Aliases are puppet-lint check names whose control comments this rule honours.
	Aliases []string
	// NewOptions returns a pointer to the rule's options with their defaults
	// set; configuration is decoded into it. Nil when the rule has no options.
	// When the value has a method Validate() error, the configuration
	// calls it after decoding, and its error is a configuration error.
	NewOptions func() any
	// Context is what the rule's findings on a file depend on outside
	// that file: the context kinds its Run consults, directly or through
	// the model's analyses (each kind's documentation says which). A run
	// that reports some files keeps, besides them, only the context the
	// enabled rules declare, so a rule that consults a kind it does not
	// declare gets different findings in an editor than on the whole
	// tree. Zero for a rule that looks at its file (and the layout) alone.
	Context model.Needs
	// Run finds problems and reports them through the pass.
	Run func(*Pass)
	// DocURL is the address of the rule's documentation when it is not
	// a page of docs/rules/: a policy's is the file declaring it.
	DocURL string
}

// ContextOf returns the union of the context kinds the rules of active
// declare: what a run of them must keep besides the files it reports.
func ContextOf(active []Active) model.Needs {
	var n model.Needs
	for _, a := range active {
		n |= a.Rule.Context
	}
	return n
}

// DefaultSeverity returns the rule's default severity when the target
// is Puppet v.
func (r *Rule) DefaultSeverity(v PuppetVersion) Severity {
	if v.OrDefault() == Puppet7 && r.Puppet7Severity != 0 {
		return r.Puppet7Severity
	}
	return r.Severity
}

// URL returns the address of the rule's documentation.
func (r *Rule) URL() string {
	if r.DocURL != "" {
		return r.DocURL
	}
	return DocsBaseURL + r.ID + ".md"
}

// isRuleID reports whether id is spelled as a rule id: lower-case words
// (letters, then letters and digits) joined by single '-', as
// ^[a-z][a-z0-9]*(-[a-z0-9]+)*$ says. Every run checks every built-in
// rule's id as it starts: a loop over the bytes, with nothing to compile.
func isRuleID(id string) bool {
	if id == "" || id[0] < 'a' || id[0] > 'z' {
		return false
	}
	for i := 1; i < len(id); i++ {
		switch c := id[i]; {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '-' && id[i-1] != '-' && i+1 < len(id):
		default:
			return false
		}
	}
	return true
}

// validate checks the invariants the registry relies on.
func (r *Rule) validate() error {
	switch {
	case !isRuleID(r.ID):
		return fmt.Errorf("rule %q: id must be lower-case words joined by '-'", r.ID)
	case r.Title == "" || r.Doc == "":
		return fmt.Errorf("rule %q: title and doc are required", r.ID)
	case r.Severity < Info || r.Severity > Error:
		return fmt.Errorf("rule %q: invalid default severity", r.ID)
	case r.Puppet7Severity < 0 || r.Puppet7Severity > Error:
		return fmt.Errorf("rule %q: invalid Puppet 7 severity", r.ID)
	case r.Run == nil:
		return fmt.Errorf("rule %q: no Run function", r.ID)
	case r.OneJob && r.UsesSimulation:
		// The one job is handed out while the simulation may still be
		// under way: its rules would keep a worker waiting for it.
		return fmt.Errorf("rule %q: OneJob and UsesSimulation do not go together", r.ID)
	}
	return nil
}

// Describe returns what a report says of the rule when the target is
// Puppet v.
func (r *Rule) Describe(v PuppetVersion) diagnostics.Rule {
	return diagnostics.Rule{ID: r.ID, Title: r.Title, Doc: r.Doc, Severity: r.DefaultSeverity(v), URL: r.URL(),
		OffByDefault: r.OffByDefault, Aliases: r.Aliases}
}
