package rules_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// What Puppet 7 says about Hiera, in the recordings of
// testdata/puppet-apply/hiera.
var (
	// puppetAPL is a class parameter's type check failing on the value
	// automatic parameter lookup found; the group is Puppet's text.
	puppetAPL = regexp.MustCompile(`(Class\[[^\]]+\]: parameter '[^']+' .*?) \(file: `)
	// puppetNoData is an explicit lookup finding no value; the group is
	// the key.
	puppetNoData = regexp.MustCompile(`Function \w+\(\) did not find a value for the name '([^']+)'`)
	// puppetHieraFile names a hiera.yaml or data file Puppet cannot use.
	puppetHieraFile = []*regexp.Regexp{
		regexp.MustCompile(`Unable to parse \(([^)]+)\)`),
		regexp.MustCompile(`Function Call, \(([^)]*hiera\.yaml)\): `),
		regexp.MustCompile(`The Lookup Configuration at '([^']+)'`),
	}
	// puppetIgnoredConfig is a version 3 hiera.yaml Puppet ignores; the
	// file is on the next line.
	puppetIgnoredConfig = regexp.MustCompile(`hiera\.yaml version 3 found at .* was ignored\s*\(file: ([^)]+)\)`)
	// puppetModuleKeys is Puppet's warning about a module's data file
	// with keys outside the module's namespace.
	puppetModuleKeys = regexp.MustCompile(`Module '[^']+': Value returned from data_hash function '[^']+', when using location '([^']+)', must use keys qualified with the name of the module`)
)

// hieraRules are the rules whose findings Puppet's Hiera verdicts decide.
func hieraRules() []*rules.Rule {
	return []*rules.Rule{rules.ParameterTypeMismatch(), rules.LookupWithoutData(), rules.HieraConfig(), rules.HieraModuleKeyUnqualified()}
}

// TestHieraAgreesWithPuppet compares the Hiera rules with Puppet 7's
// verdicts recorded in testdata/puppet-apply/hiera (one node per failure,
// as Puppet stops at the first). Each failure Puppet reports is found:
//   - a parameter's type check failing on a value automatic parameter
//     lookup found: a parameter-type-mismatch finding in a data file with
//     Puppet's very text (Puppet names the declaration; ducklint the
//     data key);
//   - an explicit lookup finding no value: a lookup-without-data finding
//     naming the key (Puppet's apply names no line);
//   - a hiera.yaml or data file Puppet cannot parse or use, or a version 3
//     hiera.yaml it ignores: a hiera-config finding in that file;
//   - a module's data file with keys outside its namespace:
//     hiera-module-key-unqualified findings in that file.
//
// And every error-severity finding of these rules is one of Puppet's
// failures in some run, and every hiera-module-key-unqualified finding is
// in a file Puppet warned about.
func TestHieraAgreesWithPuppet(t *testing.T) {
	failures, clean := 0, 0
	eachRecording(t, "hiera", func(t *testing.T, path string, recorded []byte) {
		prog, diags := lintArchive(t, path, hieraRules()...)
		isData := map[string]bool{}
		for _, f := range prog.Files {
			isData[f.Path] = f.Hiera != nil && f.Hiera.Data != nil
		}
		find := func(rule string, match func(rules.Diagnostic) bool) bool {
			for _, d := range diags {
				if d.Rule == rule && match(d) {
					return true
				}
			}
			return false
		}
		texts, keys, files, warned := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
		for _, run := range strings.Split(string(recorded), "# run: ")[1:] {
			failed := false
			for _, line := range errorLines(run) {
				if m := puppetModuleKeys.FindStringSubmatch(line); m != nil {
					warned[m[1]] = true
					if !find("hiera-module-key-unqualified", func(d rules.Diagnostic) bool { return d.File == m[1] }) {
						t.Errorf("Puppet: %s\nno hiera-module-key-unqualified finding in %s", line, m[1])
					}
				}
				if m := puppetIgnoredConfig.FindStringSubmatch(line); m != nil {
					if !find("hiera-config", func(d rules.Diagnostic) bool { return d.File == m[1] }) {
						t.Errorf("Puppet: %s\nno hiera-config finding in %s", line, m[1])
					}
				}
				if !strings.HasPrefix(line, "Error: ") {
					continue
				}
				failed = true
				if m := puppetAPL.FindStringSubmatch(line); m != nil {
					texts[m[1]] = true
					if !find("parameter-type-mismatch", func(d rules.Diagnostic) bool { return isData[d.File] && d.Message == m[1] }) {
						t.Errorf("Puppet: %s\nno parameter-type-mismatch finding in a data file says %q", line, m[1])
					}
					continue
				}
				if m := puppetNoData.FindStringSubmatch(line); m != nil {
					keys[m[1]] = true
					if !find("lookup-without-data", func(d rules.Diagnostic) bool { return strings.Contains(d.Message, `"`+m[1]+`"`) }) {
						t.Errorf("Puppet: %s\nno lookup-without-data finding names %s", line, m[1])
					}
					continue
				}
				placed := false
				for _, re := range puppetHieraFile {
					if m := re.FindStringSubmatch(line); m != nil {
						placed = true
						files[m[1]] = true
						if !find("hiera-config", func(d rules.Diagnostic) bool { return d.File == m[1] && d.Severity == rules.Error }) {
							t.Errorf("Puppet: %s\nno hiera-config error in %s", line, m[1])
						}
						break
					}
				}
				if !placed {
					t.Errorf("Puppet failed in a way this test does not know: %s", line)
				}
			}
			if failed {
				failures++
			} else {
				clean++
			}
		}
		for _, d := range diags {
			where := d.File + ":" + d.Start.String()
			switch {
			case d.Rule == "hiera-module-key-unqualified" && !warned[d.File]:
				t.Errorf("%s: %q, but Puppet warned about no key of %s", where, d.Message, d.File)
			case d.Severity != rules.Error:
			case d.Rule == "parameter-type-mismatch" && !texts[d.Message]:
				t.Errorf("%s: error %q, but Puppet never failed so", where, d.Message)
			case d.Rule == "lookup-without-data" && !namesAny(d.Message, keys):
				t.Errorf("%s: error %q, but every recorded lookup found a value", where, d.Message)
			case d.Rule == "hiera-config" && !files[d.File]:
				t.Errorf("%s: error %q, but Puppet used %s in every recorded run", where, d.Message, d.File)
			}
		}
	})
	if failures == 0 || clean == 0 {
		t.Errorf("the fixtures record %d failures and %d clean runs; both kinds are needed", failures, clean)
	}
}

// namesAny reports whether msg names one of keys, quoted.
func namesAny(msg string, keys map[string]bool) bool {
	for k := range keys {
		if strings.Contains(msg, `"`+k+`"`) {
			return true
		}
	}
	return false
}
