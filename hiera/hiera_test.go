package hiera

import (
	"strings"
	"testing"
)

func TestParseConfigLevelsAndReach(t *testing.T) {
	src := `---
version: 5
defaults:
  datadir: data
  data_hash: yaml_data
hierarchy:
  - name: "Per-node data"
    path: "nodes/%{trusted.certname}.yaml"
  - name: "OS"
    paths:
      - "os/%{facts.os.family}.yaml"
      - "os/%{::environment}/common.yaml"
  - name: "Secrets"
    lookup_key: eyaml_lookup_key
    glob: "secrets/**/*.eyaml"
  - name: "Mapped"
    mapped_paths: [services, tmp, "services/%{tmp}.json"]
    data_hash: json_data
  - name: "Common"
    path: common.yaml
`
	c := ParseConfig("hiera.yaml", []byte(src), false)
	if len(c.Problems) != 0 {
		t.Fatalf("problems: %v", c.Problems)
	}
	if c.Version != 5 || len(c.Levels) != 5 {
		t.Fatalf("version %d, %d levels", c.Version, len(c.Levels))
	}
	reach := func(rel string) (string, Format) {
		for _, l := range c.Levels {
			if l.Reaches(rel) {
				return l.Name, l.Format()
			}
		}
		return "", ""
	}
	for rel, want := range map[string]string{
		"data/nodes/web1.example.com.yaml": "Per-node data",
		"data/os/RedHat.yaml":              "OS",
		"data/os/production/common.yaml":   "OS",
		"data/secrets/a/b/c.eyaml":         "Secrets",
		"data/secrets/c.eyaml":             "Secrets",
		"data/services/ntp.json":           "Mapped",
		"data/common.yaml":                 "Common",
		"data/other.yaml":                  "",
		"common.yaml":                      "",
		"data/secrets/c.yaml":              "",
	} {
		if got, _ := reach(rel); got != want {
			t.Errorf("%s reached by %q, want %q", rel, got, want)
		}
	}
	if _, f := reach("data/services/x.json"); f != JSON {
		t.Errorf("format %q", f)
	}
}

// TestLevelWithoutBackendReadsYAML checks a level that names no backend
// and no defaults: Puppet 7 reads it with yaml_data (voxpupuli's selinux
// module's hiera.yaml is such), so it is no problem.
func TestLevelWithoutBackendReadsYAML(t *testing.T) {
	c := ParseConfig("hiera.yaml", []byte("version: 5\nhierarchy:\n  - name: a\n    path: a.yaml\n"), true)
	if len(c.Problems) > 0 {
		t.Errorf("problems %v; want none", c.Problems)
	}
	if len(c.Levels) != 1 || c.Levels[0].Backend != "yaml_data" {
		t.Errorf("levels %+v; want one read with yaml_data", c.Levels)
	}
}

func TestParseConfigProblems(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{":backends:\n  - yaml\n", "no version key"},
		{"version: 3\n", "Hiera 3"},
		{"version: 5\nhierarhcy: []\n", `unrecognized key "hierarhcy"`},
		{"version: 5\nhierarchy:\n  - name: a\n    path: a.yaml\n    paht: b\n    data_hash: yaml_data\n", `unrecognized key "paht"`},
		{"version: 5\nhierarchy:\n  - name: a\n    path: a.yaml\n    glob: b\n    data_hash: yaml_data\n", "both path and glob"},
		{"version: 5\nhierarchy: [\n", "YAML syntax error"},
		{"version: 5\ndefault_hierarchy: []\n", "only allowed in a module"},
		{"version: 5\nhierarchy:\n  - name: a\n    path: a.yaml\n    data_hash: yaml_data\n  - name: a\n    path: b.yaml\n    data_hash: yaml_data\n", "more than once"},
	} {
		c := ParseConfig("hiera.yaml", []byte(tc.src), false)
		var msgs []string
		for _, p := range c.Problems {
			msgs = append(msgs, p.String())
		}
		if !strings.Contains(strings.Join(msgs, "\n"), tc.want) {
			t.Errorf("%q: problems %q, want one containing %q", tc.src, msgs, tc.want)
		}
	}
}

func TestParseDataKeysPositionsComments(t *testing.T) {
	src := "---\n# head comment\nprofile::web::port: 80 # lint:ignore:hiera-unknown-key\n\"quoted::key\": 'x # not a comment'\nlookup_options:\n  profile::web::users:\n    merge: deep\nother: \"%{lookup('a::b')} and %{alias(\\\"c\\\")}\"\n"
	d := ParseData("data/common.yaml", []byte(src), YAML)
	if len(d.Problems) != 0 {
		t.Fatal(d.Problems)
	}
	var got []string
	for _, k := range d.Keys {
		got = append(got, k.Name+"@"+k.Span.Start.String()+"-"+k.Span.End.String())
	}
	want := "profile::web::port@3:1-3:19 quoted::key@4:1-4:14 other@8:1-8:6"
	if strings.Join(got, " ") != want {
		t.Errorf("keys %q, want %q", strings.Join(got, " "), want)
	}
	if strings.Join(d.References, ",") != "a::b,c" || strings.Join(d.LookupOptions, ",") != "profile::web::users" {
		t.Errorf("references %q, lookup_options %q", d.References, d.LookupOptions)
	}
	var cs []string
	for _, c := range d.Syntax.Comments {
		cs = append(cs, c.Start.String()+c.Text)
	}
	if strings.Join(cs, "|") != "2:1 head comment|3:24 lint:ignore:hiera-unknown-key" {
		t.Errorf("comments %q", cs)
	}
}

func TestParseDataProblems(t *testing.T) {
	for _, tc := range []struct {
		src    string
		format Format
		want   string
	}{
		{"a: [1,\nb: 2\n", YAML, "YAML syntax error"},
		{"- a\n- b\n", YAML, "does not contain a hash"},
		{"{\"a\": 1,}\n", JSON, "JSON syntax error"},
		{"", YAML, ""},
		{"---\n", YAML, ""},
		{"{\"a\":\t1}", JSON, ""},
	} {
		d := ParseData("x", []byte(tc.src), tc.format)
		var msgs []string
		for _, p := range d.Problems {
			msgs = append(msgs, p.String())
		}
		got := strings.Join(msgs, "\n")
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("%q: problems %q, want %q", tc.src, got, tc.want)
		}
	}
}

// Interpolations are found in values (not keys) of every form of string,
// each at its place in the source; an escape before one in a
// double-quoted string does not move it.
func TestInterpolations(t *testing.T) {
	src := "---\n" +
		"a: \"%{::osfamily}-%{facts.ipaddress}\"\n" +
		"'%{key}': plain %{ osfamily }\n" +
		"b: \"\\t\\u00e9 %{facts.os.family}\"\n" +
		"c:\n  - '%{scope(''kernel'')}'\n  - x: |\n      line %{hostname}\n" +
		"d: \"%{osfamily}\"\n"
	d := ParseData("common.yaml", []byte(src), YAML)
	if len(d.Problems) > 0 {
		t.Fatal(d.Problems)
	}
	var got []string
	for _, in := range d.Interpolations {
		got = append(got, in.Expr+"@"+in.Span.Start.String()+"="+src[in.Span.Start.Offset:in.Span.End.Offset])
	}
	want := []string{
		"::osfamily@2:5=%{::osfamily}", "facts.ipaddress@2:19=%{facts.ipaddress}",
		"osfamily@3:17=%{ osfamily }",
		"facts.os.family@4:14=%{facts.os.family}",
		"scope('kernel')@6:5=", // the '' escape hides where it is: the string's start
		"hostname@8:12=%{hostname}",
		"osfamily@9:5=%{osfamily}",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("interpolations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A mapped_paths template's variable is the hash's element, not a
// variable of Puppet's scope.
func TestConfigInterpolationsLeaveMappedVariables(t *testing.T) {
	src := "---\nversion: 5\nhierarchy:\n  - name: os\n    path: \"os/%{::osfamily}.yaml\"\n" +
		"  - name: m\n    mapped_paths: [facts.domains, domain, \"d/%{domain}.yaml\"]\n"
	c := ParseConfig("hiera.yaml", []byte(src), false)
	if len(c.Interpolations) != 1 || c.Interpolations[0].Expr != "::osfamily" || c.Interpolations[0].Span.Start.String() != "5:15" {
		t.Errorf("interpolations %+v", c.Interpolations)
	}
}

func TestParseConfigPlanHierarchy(t *testing.T) {
	c := ParseConfig("hiera.yaml", []byte(`version: 5
hierarchy:
  - name: common
    path: common.yaml
plan_hierarchy:
  - name: plans
    path: plans/%{target}.yaml
  - name: common
    path: plans.yaml
`), false)
	if len(c.Problems) > 0 {
		t.Fatalf("problems: %+v", c.Problems)
	}
	if !c.HasPlanHierarchy || len(c.PlanLevels) != 2 || len(c.Levels) != 1 {
		t.Fatalf("plan_hierarchy %v, %d plan levels, %d levels; want true, 2, 1", c.HasPlanHierarchy, len(c.PlanLevels), len(c.Levels))
	}
	if !c.PlanLevels[1].Reaches("data/plans.yaml") || c.Levels[0].Reaches("data/plans.yaml") {
		t.Error("plans.yaml: want reached by the plan hierarchy only")
	}
	if c := ParseConfig("hiera.yaml", []byte("version: 5\n"), false); c.HasPlanHierarchy || c.PlanLevels != nil {
		t.Error("no plan_hierarchy key: want none")
	}
}
