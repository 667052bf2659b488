package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// puppetBodyError is the text of an evaluation error of a resource
// expression in the recordings, with "for on File[...]" cut at the
// resource, which ducklint's detail does not name.
var puppetBodyError = regexp.MustCompile(`^Error: (?:Evaluation Error: )?(.*?)(?: for on [^ ]+)? \(file: `)

// TestResourceBodyErrorsQuotePuppet checks that each of Puppet's
// evaluation errors recorded for testdata/puppet-apply/compile/resource-bodies
// is quoted in the detail of a duplicate-attribute or
// invalid-resource-title finding.
func TestResourceBodyErrorsQuotePuppet(t *testing.T) {
	path := filepath.Join("..", "testdata", "puppet-apply", "compile", "resource-bodies.txtar")
	recorded, err := os.ReadFile(path + ".puppet.txt")
	if err != nil {
		t.Fatal(err)
	}
	_, diags := lintArchive(t, path, rules.DuplicateAttribute(), rules.InvalidResourceTitle())
	checked := 0
	for _, line := range errorLines(string(recorded)) {
		m := puppetBodyError.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		checked++
		found := false
		for _, d := range diags {
			if strings.Contains(d.Detail, m[1]) {
				found = true
			}
		}
		if !found {
			t.Errorf("no finding quotes Puppet's %q", m[1])
		}
	}
	if checked != 13 {
		t.Errorf("%d of Puppet's errors checked, want the 13 recorded", checked)
	}
}
