package ptype_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules/ptype"
	yaml "go.yaml.in/yaml/v3"
)

// TestFromYAML reads data values as Puppet (Psych, YAML 1.1) does, and
// leaves unknown what it cannot be sure of.
func TestFromYAML(t *testing.T) {
	for _, tc := range []struct {
		src  string // the value of key v
		want string // Kind and, for scalars, the value
	}{
		{"'8080'", "string 8080"},
		{"8080", "integer 8080"},
		{"-3", "integer -3"},
		{"0644", "integer 420"}, // octal
		{"0x1F", "integer 31"},
		{"0b101", "integer 5"},
		{"1.5", "float 1.5"},
		{"yes", "boolean true"}, // YAML 1.1
		{"Off", "boolean false"},
		{"TRUE", "boolean true"},
		{"~", "undef"},
		{"", "undef"},
		{"NULL", "undef"},
		{"'yes'", "string yes"},
		{"y", "unknown"},
		{"1_000", "unknown"},
		{"1,000", "unknown"},
		{"1:30", "unknown"},
		{"2024-01-01", "unknown"},
		{"1e3", "unknown"},
		{".inf", "unknown"},
		{":sym", "unknown"},
		{"!!int '5'", "unknown"},
		{"!!str 5", "string 5"},
		{"ENC[PKCS7,MIIB]", "unknown"},
		{"\"%{alias('k')}\"", "unknown"},
		{"\"%{facts.x}:80\"", "string of unknown text"},
		{"web", "string web"},
		{"[1, '2']", "array"},
		{"{a: 1}", "hash"},
		{"{<<: {a: 1}}", "unknown"},
		{"{1:30: a}", "unknown"},
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte("v: "+tc.src+"\n"), &doc); err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		got := describeValue(ptype.FromYAML(doc.Content[0].Content[1]))
		if got != tc.want {
			t.Errorf("%q: got %s, want %s", tc.src, got, tc.want)
		}
	}
}

// TestFromYAMLAlias leaves an alias unknown: its value is elsewhere.
func TestFromYAMLAlias(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("a: &x [1]\nb: *x\n"), &doc); err != nil {
		t.Fatal(err)
	}
	if got := describeValue(ptype.FromYAML(doc.Content[0].Content[3])); got != "unknown" {
		t.Errorf("alias: got %s", got)
	}
}

// TestFromYAMLDeep bounds the depth it reads, however deep the data.
func TestFromYAMLDeep(t *testing.T) {
	src := "v: " + strings.Repeat("[", 5000) + strings.Repeat("]", 5000) + "\n"
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	v := ptype.FromYAML(doc.Content[0].Content[1])
	depth := 0
	for v.Kind == ptype.VArray && len(v.Elems) == 1 {
		v, depth = v.Elems[0], depth+1
	}
	if v.Kind != ptype.VUnknown || depth > 100 {
		t.Errorf("read %d levels deep, ending in kind %d", depth, v.Kind)
	}
}

func describeValue(v ptype.Value) string {
	switch v.Kind {
	case ptype.VString:
		if !v.Known {
			return "string of unknown text"
		}
		return "string " + v.Str
	case ptype.VInteger:
		return "integer " + strconv.FormatInt(v.Int, 10)
	case ptype.VFloat:
		return "float " + strconv.FormatFloat(v.Float, 'g', -1, 64)
	case ptype.VBoolean:
		return "boolean " + strconv.FormatBool(v.Bool)
	case ptype.VUndef:
		return "undef"
	case ptype.VArray:
		return "array"
	case ptype.VHash:
		return "hash"
	}
	return "unknown"
}
