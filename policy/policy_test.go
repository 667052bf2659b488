package policy_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/policy"
	"github.com/ducklint/ducklint/rules"
)

// spec is a policy of one example: bad must be flagged, good not.
func spec(match, condition, path, bad, good string) rules.PolicySpec {
	return rules.PolicySpec{ID: "test-policy", Title: "t", Severity: rules.Warning, Match: match,
		Condition: condition, Message: "flagged", File: "policies.toml", Line: 1, ConditionLine: 2,
		Examples: []rules.PolicyExample{{Bad: bad, Good: good, Path: path}}}
}

// check compiles s and runs its examples, failing the test for each
// side that does not hold.
func check(t *testing.T, s rules.PolicySpec) []policy.Outcome {
	t.Helper()
	pols, err := policy.Compile([]rules.PolicySpec{s})
	if err != nil {
		t.Fatalf("%s: %v", s.Condition, err)
	}
	outcomes, err := pols[0].Test(rules.DefaultPuppetVersion)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outcomes {
		if !o.Passed() {
			side := "good"
			if o.Bad {
				side = "bad"
			}
			t.Errorf("%s: %s example: %d findings, problem %q", s.Condition, side, len(o.Findings), o.Problem)
		}
	}
	return outcomes
}

// Every field of every object a policy sees, read by a condition that
// is true on the bad code and false on the good.
func TestObjectFields(t *testing.T) {
	const site = "manifests/site.pp"
	const web = "modules/profile/manifests/web.pp"
	cases := []struct {
		name, match, condition, path, bad, good string
	}{
		{"resource.type", "resource", "resource.type == 'package'", site, "package { 'x': }", "file { '/x': }"},
		{"resource.title", "resource", "resource.title == 'git'", site, "package { 'git': }", "package { 'vim': }"},
		{"resource.title computed", "resource", "resource.title == '$name' && size(resource.titles) == 0", site, "package { $name: }", "package { 'x': }"},
		{"resource.titles", "resource", "resource.titles == ['a', 'b']", site, "package { ['a', 'b']: }", "package { ['a']: }"},
		{"resource.attributes string", "resource", "resource.attributes.ensure == 'latest'", site, "package { 'x': ensure => 'latest' }", "package { 'x': ensure => 'installed' }"},
		{"resource.attributes bare word", "resource", "resource.attributes.ensure == 'latest'", site, "package { 'x': ensure => latest }", "package { 'x': ensure => present }"},
		{"resource.attributes int", "resource", "resource.attributes.mode == 420", site, "file { '/x': mode => 0644 }", "file { '/x': mode => '0644' }"},
		{"resource.attributes bool", "resource", "resource.attributes.refreshonly == true", site, "exec { 'x': refreshonly => true }", "exec { 'x': refreshonly => false }"},
		{"resource.attributes list", "resource", "resource.attributes.require.size() == 2", site, "file { '/x': require => ['a', 'b'] }", "file { '/x': require => ['a'] }"},
		{"resource.attributes hash", "resource", "resource.attributes.options.k == 1", site, "thing { 'x': options => { 'k' => 1 } }", "thing { 'x': options => { 'k' => 2 } }"},
		{"resource.attributes computed", "resource", "resource.attributes.mode == null", site, "file { '/x': mode => $m }", "file { '/x': mode => '0644' }"},
		{"resource.attributes absent", "resource", "!('mode' in resource.attributes)", site, "file { '/x': }", "file { '/x': mode => '0644' }"},
		{"resource.attribute_source", "resource", "resource.attribute_source.mode == \"'0644'\"", site, "file { '/x': mode => '0644' }", "file { '/x': mode => 0644 }"},
		{"resource.virtual", "resource", "resource.virtual && !resource.exported", site, "@user { 'x': }", "@@user { 'x': }"},
		{"resource.exported", "resource", "resource.exported", site, "@@user { 'x': }", "user { 'x': }"},
		{"resource.file and line", "resource", "resource.file.endsWith('manifests/site.pp') && resource.line == 2", site, "\nuser { 'x': }", "user { 'x': }"},
		{"resource.module", "resource", "resource.module == 'profile'", web, "class profile::web { user { 'x': } }", ""},
		{"resource.module none", "resource", "resource.module == ''", site, "user { 'x': }", ""},
		{"resource.class", "resource", "resource.class == 'profile::web'", web, "class profile::web { user { 'x': } }", "user { 'x': }"},
		{"resource.define", "resource", "resource.define == 'profile::web'", web, "define profile::web { user { 'x': } }", "class profile::web { user { 'x': } }"},
		{"resource.node", "resource", "resource.node == 'web01'", site, "node 'web01' { user { 'x': } }", "node 'db01' { user { 'x': } }"},

		{"class.name", "class", "class.name == 'profile::web'", web, "class profile::web {}", "class profile::db {}"},
		{"class.parent", "class", "class.parent == 'profile::base'", web, "class profile::web inherits profile::base {}", "class profile::web {}"},
		{"class.parameters.name", "class", "class.parameters.exists(p, p.name == 'port')", web, "class profile::web ($port) {}", "class profile::web ($host) {}"},
		{"class.parameters.type", "class", "class.parameters.exists(p, p.type == 'Optional[Integer]')", web, "class profile::web (Optional[Integer] $port) {}", "class profile::web ($port) {}"},
		{"class.parameters.has_default", "class", "class.parameters.exists(p, p.has_default)", web, "class profile::web ($port = $x) {}", "class profile::web ($port) {}"},
		{"class.parameters.default", "class", "class.parameters.exists(p, p.default == 80)", web, "class profile::web ($port = 80) {}", "class profile::web ($port = $x) {}"},
		{"class.parameters.documented", "class", "class.parameters.exists(p, p.documented)", web, "# @param port the port\nclass profile::web ($port) {}", "# Web server\nclass profile::web ($port) {}"},
		{"class.documented", "class", "class.documented", web, "# Web server\nclass profile::web {}", "class profile::web {}"},
		{"class.resources", "class", "class.resources == ['package', 'service']", web, "class profile::web { package { 'x': } service { 'x': } }", "class profile::web { package { 'x': } }"},
		{"class.declares", "class", "'apache' in class.declares", web, "class profile::web { include apache }", "class profile::web { include nginx }"},
		{"class.catalog.reached_from_main", "class", "class.catalog.reached_from_main", site, "class profile::web {}\nnode default { include profile::web }", "class profile::web {}\nnode default {}"},
		{"class.catalog.entry_points", "class", "class.name == 'b' && class.catalog.entry_points == 2", site, "class a { include b }\nclass b {}\nnode x { include b }", "class a { include b }\nclass b {}"},
		{"class.module", "class", "class.module == 'profile'", web, "class profile::web {}", ""},
		{"define.name", "define", "define.name == 'profile::vhost' && define.parameters.size() == 1", web, "define profile::vhost ($port) {}", "class profile::vhost ($port) {}"},

		{"declaration.kind include", "declaration", "declaration.kind == 'include' && declaration.to == 'apache'", web, "class profile::web { include apache }", "class profile::web { require apache }"},
		{"declaration.kind require", "declaration", "declaration.kind == 'require'", web, "class profile::web { require apache }", "class profile::web { contain apache }"},
		{"declaration.kind contain", "declaration", "declaration.kind == 'contain'", web, "class profile::web { contain apache }", "class profile::web { include apache }"},
		{"declaration.kind resource-like", "declaration", "declaration.kind == 'resource-like'", web, "class profile::web { class { 'apache': } }", "class profile::web { include apache }"},
		{"declaration.kind inherits", "declaration", "declaration.kind == 'inherits' && declaration.to == 'profile::base'", web, "class profile::web inherits profile::base {}", "class profile::web {}"},
		{"declaration.kind instance", "declaration", "declaration.kind == 'instance' && declaration.to == 'profile::vhost'", web, "define profile::vhost {}\nclass profile::web { profile::vhost { 'x': } }", "class profile::web { user { 'x': } }"},
		{"declaration.written", "declaration", "declaration.written == '::apache' && declaration.to == 'apache'", web, "class profile::web { include ::apache }", "class profile::web { include apache }"},
		{"declaration.from", "declaration", "declaration.from == 'profile::web' && declaration.from_kind == 'class'", web, "class profile::web { include apache }", "include apache"},
		{"declaration.from node", "declaration", "declaration.from == 'web01' && declaration.from_kind == 'node' && declaration.node == 'web01'", site, "node 'web01' { include apache }", "include apache"},
		{"declaration.from top", "declaration", "declaration.from == '' && declaration.from_kind == 'top'", site, "include apache", "node 'web01' { include apache }"},
		{"declaration.conditional", "declaration", "declaration.conditional", web, "class profile::web { if $x { include apache } }", "class profile::web { include apache }"},
		{"declaration.line", "declaration", "declaration.line == 3 && declaration.module == 'profile' && declaration.class == 'profile::web'", web, "class profile::web {\n\n  include apache\n}", "class profile::web { include apache }"},

		{"node.names", "node", "node.names == ['web01', '/^db/'] && !node.is_default", site, "node 'web01', /^db/ {}", "node 'web01' {}"},
		{"node.is_default", "node", "node.is_default", site, "node default {}", "node 'x' {}"},
		{"node.resources", "node", "node.resources == ['file']", site, "node 'x' { file { '/x': } }", "node 'x' { include y }"},
		{"node.declares", "node", "node.declares == ['role::web']", site, "node 'x' { include role::web }", "node 'x' {}"},

		{"function_call.name", "function_call", "function_call.name == 'hiera'", web, "class profile::web { $x = hiera('k') }", "class profile::web { $x = lookup('k') }"},
		{"function_call.arguments", "function_call", "function_call.arguments == ['k', 1]", web, "class profile::web { $x = lookup('k', 1) }", "class profile::web { $x = lookup('k', $y) }"},
		{"function_call.arguments computed", "function_call", "function_call.name == 'lookup' && function_call.arguments[0] == null", web, "class profile::web { $x = lookup($k) }", "class profile::web { $x = lookup('k') }"},
		{"function_call method", "function_call", "function_call.name == 'each' && function_call.arguments[0] == [1, 2]", site, "[1, 2].each |$x| { }", "each([1, 3]) |$x| { }"},
		{"function_call.class", "function_call", "function_call.class == 'profile::web'", web, "class profile::web { fail('x') }", "fail('x')"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := spec(c.match, c.condition, c.path, c.bad, c.good)
			check(t, s)
		})
	}
}

// A bad example that is not flagged and a good one that is both fail,
// and the outcomes say which.
func TestFailingExamples(t *testing.T) {
	s := spec("resource", "resource.type == 'package'", "manifests/site.pp", "file { '/x': }", "package { 'y': }")
	pols, err := policy.Compile([]rules.PolicySpec{s})
	if err != nil {
		t.Fatal(err)
	}
	outcomes, err := pols[0].Test(rules.DefaultPuppetVersion)
	if err != nil {
		t.Fatal(err)
	}
	if len(outcomes) != 2 || outcomes[0].Passed() || outcomes[1].Passed() || !outcomes[0].Bad || outcomes[1].Bad {
		t.Fatalf("outcomes = %+v; want the bad and the good side to fail", outcomes)
	}
	if len(outcomes[1].Findings) != 1 {
		t.Errorf("good side: %d findings, want 1", len(outcomes[1].Findings))
	}
	// Code that does not parse is a problem, not a pass.
	s = spec("resource", "resource.type == 'package'", "manifests/site.pp", "", "package { 'y': ")
	pols, _ = policy.Compile([]rules.PolicySpec{s})
	outcomes, _ = pols[0].Test(rules.DefaultPuppetVersion)
	if len(outcomes) != 1 || outcomes[0].Passed() || !strings.Contains(outcomes[0].Problem, "does not parse") {
		t.Errorf("unparsable good code: %+v", outcomes)
	}
}

// A condition or placeholder that does not compile is a configuration
// error at its line in the file and column in the expression.
func TestCompileErrors(t *testing.T) {
	cases := []struct {
		name, match, condition, message string
		line                            int
		want                            string
	}{
		{"syntax", "resource", "resource.type == ", "m", 2, `policies.toml:2: policy.condition: policy "test-policy": column 18 of the expression: Syntax error`},
		{"unknown field", "resource", "resource.type == 'exec' && resource.atributes.x == 1", "m", 2, "column 36 of the expression: undefined field 'atributes'"},
		{"unknown field of a parameter", "class", "class.parameters.exists(p, p.typ == '')", "m", 2, "undefined field 'typ'"},
		{"second line", "resource", "resource.type == 'exec' &&\n  resource.nope", "m", 3, "column 11 of the expression: undefined field 'nope'"},
		{"wrong type", "resource", "resource.line == 'x'", "m", 2, "no matching overload"},
		{"not a bool", "resource", "resource.title", "m", 2, "the condition is of type string; it must be true or false"},
		{"other kind's variable", "resource", "class.name == 'x'", "m", 2, "undeclared reference to 'class'"},
		{"message placeholder", "resource", "true", "{{resource.titel}}", 1, `policy.message: policy "test-policy": column 9 of the expression: undefined field 'titel'`},
		{"unclosed placeholder", "resource", "true", "x {{resource.title", 1, "a {{ that no }} closes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := spec(c.match, c.condition, "", "", "")
			s.Message = c.message
			_, err := policy.Compile([]rules.PolicySpec{s})
			var ce *rules.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v (%T); want a *rules.ConfigError", err, err)
			}
			if ce.Line != c.line || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q (line %d); want line %d and %q", err, ce.Line, c.line, c.want)
			}
		})
	}
}

// Messages show what their placeholders evaluate to.
func TestMessage(t *testing.T) {
	s := spec("class", "true", "", "", "")
	s.Message = "{{class.name}}: {{class.parameters.map(p, p.name)}} {{class.parameters.size()}} {{class.parameters[0].default}} {{class.parameters[5].name}}"
	pols, err := policy.Compile([]rules.PolicySpec{s})
	if err != nil {
		t.Fatal(err)
	}
	obj := policy.Definition{Name: "a::b", Parameters: []policy.Parameter{{Name: "x"}, {Name: "y"}}}
	flagged, msg, err := pols[0].Eval(obj)
	if err != nil || !flagged {
		t.Fatalf("Eval: %v, %v", flagged, err)
	}
	if want := "a::b: x, y 2 undef ?"; msg != want {
		t.Errorf("message %q, want %q", msg, want)
	}
}

// An evaluation over the cost limit is an error, not a silent pass.
func TestCostLimit(t *testing.T) {
	s := spec("resource", "resource.titles.all(a, resource.titles.all(b, resource.titles.all(c, a + b + c != '')))", "", "", "")
	pols, err := policy.Compile([]rules.PolicySpec{s})
	if err != nil {
		t.Fatal(err)
	}
	titles := make([]string, 200)
	for i := range titles {
		titles[i] = "t"
	}
	if _, _, err := pols[0].Eval(policy.Resource{Titles: titles}); err == nil || !strings.Contains(err.Error(), "cost limit") {
		t.Errorf("Eval over 200³ titles: %v; want the cost limit error", err)
	}
	if flagged, _, err := pols[0].Eval(policy.Resource{Titles: titles[:3]}); err != nil || !flagged {
		t.Errorf("Eval over 3³ titles: %v, %v; want flagged", flagged, err)
	}
}

// The worked policies of docs/policies hold on their examples.
func TestWorkedPolicies(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "docs", "policies", "*.toml"))
	if err != nil || len(files) < 8 {
		t.Fatalf("found %d worked policies (%v); want at least 8", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			specs, err := rules.LoadPolicies(f, rules.Default(), nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range specs {
				if len(s.Examples) == 0 {
					t.Errorf("%s has no examples", s.ID)
				}
				bad := 0
				for _, e := range s.Examples {
					if e.Bad != "" {
						bad++
					}
				}
				if bad == 0 {
					t.Errorf("%s has no bad example", s.ID)
				}
				check(t, s)
			}
		})
	}
	if _, err := os.Stat(filepath.Join("..", "docs", "policies.md")); err != nil {
		t.Error(err)
	}
}

// Policies compiled together share the objects of a file, made only for
// the keys some policy can flag: each still sees every object it can.
func TestPoliciesShareObjects(t *testing.T) {
	code := "file { 'x': }\npackage { 'y': }\nexec { 'z': }\n$a = hiera('k')\n$b = lookup('k')\n"
	specs := []rules.PolicySpec{
		spec("resource", "resource.type == 'package'", "manifests/site.pp", code, "file { 'y': }"),
		spec("resource", "resource.type in ['file', 'exec'] && resource.title == 'x'", "manifests/site.pp", code, "exec { 'x2': }"),
		spec("resource", "resource.title == 'z'", "manifests/site.pp", code, "package { 'y': }"),
		spec("function_call", "function_call.name == 'hiera'", "manifests/site.pp", code, "lookup('k')"),
		spec("function_call", "function_call.name == 'lookup'", "manifests/site.pp", code, "hiera('k')"),
	}
	for i := range specs {
		specs[i].ID = fmt.Sprintf("policy-%d", i)
	}
	pols, err := policy.Compile(specs)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pols {
		outcomes, err := p.Test(rules.DefaultPuppetVersion)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range outcomes {
			if !o.Passed() || (o.Bad && len(o.Findings) != 1) {
				t.Errorf("%s (bad %v): %d findings, problem %q", p.Spec.Condition, o.Bad, len(o.Findings), o.Problem)
			}
		}
	}
}
