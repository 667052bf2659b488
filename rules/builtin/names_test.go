package builtin

import (
	"regexp"
	"testing"
)

func TestNameRegexps(t *testing.T) {
	tests := []struct {
		fn    string
		valid func(string) bool
		in    []string
		out   []string
	}{
		{"ValidVariableName", ValidVariableName,
			[]string{"x", "_x", "x1", "xY_z", "0", "10", "1abc", "::x", "::osfamily", "a::b", "a::b::c", "a::_x", "a1::b2::cC", "::a::b"},
			[]string{"", "X", "Xy", "$x", "x-y", "x.y", "a::", "::", "A::b", "_a::b", "1a::b", "a::B", "a1::b2::Cc", "a:b", "x\n", "é"}},
		{"ValidParameterName", ValidParameterName,
			[]string{"x", "x1", "x_y", "abc_123"},
			[]string{"", "_x", "1x", "xY", "X", "$x", "x-y", "a::b"}},
		{"ValidClassNameSegment", ValidClassNameSegment,
			[]string{"a", "apache", "aB1_", "a_"},
			[]string{"", "_a", "1a", "A", "a-b", "a::b", "a.b"}},
		{"ValidClassName", ValidClassName,
			[]string{"a", "apache", "apache::vhost", "::apache", "a::bC::d1", "aB"},
			[]string{"", "::", "Apache", "apache::", "apache::_x", "apache::1x", "apache:vhost", "apache::Vhost", "a-b", "a::b-c"}},
		{"ValidModuleName", ValidModuleName,
			[]string{"a", "apache", "my_mod2"},
			[]string{"", "_a", "1a", "Apache", "myMod", "my-mod", "a::b"}},
		{"ValidNodeName", ValidNodeName,
			[]string{"a", "web01.example.com", "host_1-2", "10.0.0.1", "-", "."},
			[]string{"", "Web01", "host name", "host/x", "host\n"}},
		{"ValidTag", ValidTag,
			[]string{"a", "A", "_", "1", "web", "Web", "apache::vhost", "a.b-c:d", "é", "tag_Ünï"},
			[]string{"", "-a", ".a", ":a", "a b", "a/b", "a\n", "a!"}},
		{"ValidEnvironmentName", ValidEnvironmentName,
			[]string{"a", "production", "feature_1", "1", "_"},
			[]string{"", "Production", "feat-1", "a.b", "a b"}},
	}
	for _, tt := range tests {
		for _, n := range tt.in {
			if !tt.valid(n) {
				t.Errorf("%s(%q) = false, want true", tt.fn, n)
			}
		}
		for _, n := range tt.out {
			if tt.valid(n) {
				t.Errorf("%s(%q) = true, want false", tt.fn, n)
			}
		}
	}
}

// TestPatternSourcesAreTheSeeds pins the message strings to the seed text.
func TestPatternSourcesAreTheSeeds(t *testing.T) {
	tests := []struct{ got, want string }{
		{VariableNamePattern, `\A\$[a-z0-9_][a-zA-Z0-9_]*\Z`},
		{QualifiedVariableNamePattern, `\A\$([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*\Z`},
		{ParameterNamePattern, `\A\$[a-z][a-z0-9_]*\Z`},
		{ClassNameSegmentPattern, `\A[a-z]\w*\Z`},
		{ClassNamePattern, `\A((::)?[a-z]\w*)(::[a-z]\w*)*\z`},
		{ModuleNamePattern, `\A[a-z][a-z0-9_]*\Z`},
		{TagPattern, `\A[[:alnum:]_][[:alnum:]_:.-]*\Z`},
		{NodeNamePattern, `\A[a-z0-9._-]+\Z`},
		{EnvironmentNamePattern, `\A[a-z0-9_]+\Z`},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("pattern %q, want the seed's %q", tt.got, tt.want)
		}
	}
}

// FuzzLookups feeds arbitrary strings to every lookup: none may panic, and
// the case-insensitive data type lookup must agree with its canonical form.
func FuzzLookups(f *testing.F) {
	for _, s := range []string{"", "x", "::x", "settings::", "Integer", "apache::init", "ipaddress_", "\xff", "a\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, fn := range []func(string) bool{
			IsResourceType, IsCoreModuleResourceType, IsRemovedResourceType,
			IsFunction, IsLegacyAPIFunction, IsStatementFunction, IsDataType,
			IsReservedTypeName, IsReservedWord, IsBuiltinVariable,
			IsSettingsVariable, IsCoreFact, IsLegacyFact, IsKnownTopScopeVariable,
			IsCaptureVariable, IsReservedVariable, IsTopScopeReserved,
			ValidVariableName, ValidParameterName, ValidClassNameSegment,
			ValidClassName, ValidModuleName, ValidNodeName, ValidTag,
			ValidEnvironmentName,
		} {
			fn(s)
		}
		IsReservedClassName(s)
		ReservedWordInfo(s)
		if canonical, ok := CanonicalDataType(s); ok != IsDataType(s) || (ok && !IsDataType(canonical)) {
			t.Errorf("CanonicalDataType(%q) = %q, %v disagrees with IsDataType", s, canonical, ok)
		}
	})
}

// referenceMatchers are the Go translations of the seed's patterns that the
// hand-written Valid* functions implement (variable and parameter patterns
// without the leading \$, \Z as \z; see names.go).
var referenceMatchers = []struct {
	fn    string
	valid func(string) bool
	re    *regexp.Regexp
}{
	{"ValidVariableName", ValidVariableName, regexp.MustCompile(`\A(?:[a-z0-9_][a-zA-Z0-9_]*|([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*)\z`)},
	{"ValidParameterName", ValidParameterName, regexp.MustCompile(`\A[a-z][a-z0-9_]*\z`)},
	{"ValidClassNameSegment", ValidClassNameSegment, regexp.MustCompile(`\A[a-z]\w*\z`)},
	{"ValidClassName", ValidClassName, regexp.MustCompile(`\A((::)?[a-z]\w*)(::[a-z]\w*)*\z`)},
	{"ValidModuleName", ValidModuleName, regexp.MustCompile(`\A[a-z][a-z0-9_]*\z`)},
	{"ValidNodeName", ValidNodeName, regexp.MustCompile(`\A[a-z0-9._-]+\z`)},
	{"ValidEnvironmentName", ValidEnvironmentName, regexp.MustCompile(`\A[a-z0-9_]+\z`)},
	{"ValidTag", ValidTag, regexp.MustCompile(`\A[\p{L}\p{Nl}\p{Nd}_][\p{L}\p{Nl}\p{Nd}_:.\-]*\z`)},
}

// FuzzNameMatchers checks the hand-written name matchers against the
// regular expressions they implement.
func FuzzNameMatchers(f *testing.F) {
	for _, s := range []string{"", "x", "::x", "a::b::c", "::a::b", "a::::b", "::::b", "a::", "::", "a::b::", "A::b", "a::_x",
		"1a::b", "_", "0", "aB", "a1::b2::cC", "web01.example.com", "x\n", "é", "a:b", ":::a", "a:::b",
		"tag_Ünï", "Ⅻ", "٣", "a\xff", "\uFFFD", "a-b.c:d", "-a", "x\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, m := range referenceMatchers {
			if got, want := m.valid(s), m.re.MatchString(s); got != want {
				t.Errorf("%s(%q) = %v, the pattern %s says %v", m.fn, s, got, m.re, want)
			}
		}
	})
}
