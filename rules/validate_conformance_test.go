package rules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// validationDifferences are the inputs on which ducklint's verdict
// deliberately differs from `puppet parser validate`'s, by directory and
// file, with the reason; docs/validation.md lists them too.
var validationDifferences = map[string]string{
	"conformance/appmgmt/as-names.pp":                  reservedWords,
	"conformance/keywords/array-type-function.pp":      reservedWords,
	"conformance/keywords/define-named-application.pp": reservedWords,
	"conformance/keywords/define-named-site.pp":        reservedWords,
	"conformance/keywords/value-application.pp":        reservedWords,
	"conformance/keywords/value-site.pp":               reservedWords,
	"conformance/validation/application-as-value.pp":   reservedWords,
	"conformance-names/bare-application.pp":            reservedWords,
	"conformance-names/class-accepted-application.pp":  reservedWords,
	"conformance-names/class-accepted-component.pp":    reservedWords,
	"conformance-names/class-accepted-consumes.pp":     reservedWords,
	"conformance-names/class-accepted-environment.pp":  reservedWords,
	"conformance-names/class-accepted-import.pp":       reservedWords,
	"conformance-names/class-accepted-produces.pp":     reservedWords,
	"conformance-names/class-accepted-site.pp":         reservedWords,
}

// reservedWords is why reserved-word reports files Puppet 7 accepts.
const reservedWords = "reserved-word reports the words Puppet's \"Reserved words and acceptable names\" " +
	"document reserves, which Puppet 7's validator no longer rejects in these places"

// alsoValidation are the rules that are not Rule.Validation because some
// of their errors are catalog failures rather than validation errors, but
// whose other errors are what `puppet parser validate` rejects: reserved
// type names, reserved parameters and numeric variables assigned, and
// definitions in the wrong file.
var alsoValidation = map[string]bool{"reserved-name": true, "reserved-variable": true, "autoload-layout": true}

// TestValidationAgainstPuppet checks ducklint's validation against
// Puppet 7's recorded verdicts (scripts/record-puppet-verdicts): a file
// Puppet rejects gets an error on the line Puppet names (from a rule whose
// errors stand for what `puppet parser validate` rejects, Rule.Validation,
// or from alsoValidation), and a file it accepts gets no error from a
// Rule.Validation rule. The inputs are those of Puppet's own validator
// spec (testdata/validator-spec, extracted by
// scripts/extract-validator-spec), of the parser's conformance corpus and
// of the naming rules' corpus.
func TestValidationAgainstPuppet(t *testing.T) {
	var validation []*rules.Rule
	for _, r := range rules.All() {
		if r.Validation || alsoValidation[r.ID] {
			validation = append(validation, r)
		}
	}
	for _, dir := range []string{"validator-spec", "conformance", "conformance-names"} {
		t.Run(dir, func(t *testing.T) {
			checkValidation(t, filepath.Join("..", "testdata", dir), validation)
		})
	}
}

func checkValidation(t *testing.T, dir string, validation []*rules.Rule) {
	data, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var recorded struct {
		PuppetVersion string `json:"puppet_version"`
		Cases         []struct {
			File     string        `json:"file"`
			Validate puppetVerdict `json:"validate"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		t.Fatalf("verdicts.json: %v", err)
	}
	if len(recorded.Cases) == 0 {
		t.Fatal("verdicts.json has no cases")
	}
	errors := map[string][]rules.Diagnostic{}
	// The verdicts are Puppet 7's: Puppet 8's strict=error default rejects
	// a duplicate hash key Puppet 7 accepts (testdata/puppet-apply/puppet8).
	for _, d := range ruletest.Lint(t, dir, ruletest.Options{Puppet: rules.Puppet7}, validation...) {
		if d.Severity == rules.Error {
			errors[d.File] = append(errors[d.File], d)
		}
	}
	rejected := 0
	for _, c := range recorded.Cases {
		t.Run(c.File, func(t *testing.T) {
			key := filepath.Base(dir) + "/" + c.File
			if reason, ok := validationDifferences[key]; ok {
				t.Skipf("deliberate difference (docs/validation.md): %s", reason)
			}
			got := errors[c.File]
			if c.Validate.OK {
				for _, d := range got {
					if alsoValidation[d.Rule] {
						continue
					}
					t.Errorf("Puppet %s accepts the file; %s reports %d:%d %s", recorded.PuppetVersion, d.Rule, d.Start.Line, d.Start.Column, d.Message)
				}
				return
			}
			rejected++
			if strings.HasPrefix(c.Validate.Message, "Puppet crashed") && len(got) > 0 {
				return
			}
			if !hasFindingOn(got, c.Validate.Line) {
				t.Errorf("Puppet %s rejects the file at line %d: %s; ducklint's errors: %s",
					recorded.PuppetVersion, c.Validate.Line, c.Validate.Message, describe(got))
			}
		})
	}
	if rejected == 0 {
		t.Error("Puppet rejects no file: the comparison tests nothing")
	}
}

// puppetVerdict is one verdict of verdicts.json.
type puppetVerdict struct {
	OK      bool   `json:"ok"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}
