package load

import (
	"slices"
	"strings"
	"testing"
)

// TestScanFunction checks what the light scan of a Ruby function finds:
// scope variables it assigns and class name patterns it declares.
func TestScanFunction(t *testing.T) {
	tests := []struct {
		name, src      string
		sets, declares []string
	}{
		{name: "closure scope", src: "scope = closure_scope\nscope['_role'] = x\n", sets: []string{"_role"}},
		{name: "closure scope directly", src: `closure_scope["x"]=1`, sets: []string{"x"}},
		{name: "top scope", src: "compiler.topscope.setvar('::top', v)", sets: []string{"top"}},
		{name: "setvar without parentheses", src: `setvar "kind", 1`, sets: []string{"kind"}},
		{name: "3.x self", src: "self['a'] = 1\nself['a'] = 2", sets: []string{"a"}},
		{name: "comparison", src: "scope['x'] == 1\nscope['y'] =~ /z/\n{ scope['h'] => 1 }"},
		{name: "other object", src: "settings['x'] = 1\nhash['y'] = 2"},
		{name: "computed name", src: `scope["#{n}"] = 1`},
		{name: "uppercase name", src: `scope['Foo'] = 1`},
		{name: "prefix concatenated", src: "call_function('include', 'role::' + r)", declares: []string{"role::%s"}},
		{name: "prefix interpolated", src: `call_function("require", "profile::#{r}")`, declares: []string{"profile::%s"}},
		{name: "literal", src: "call_function('contain', 'base')\nfunction_include(['::ntp'])"},
		{name: "3.x prefix", src: `function_include(["::site::#{args[0]}"])`, declares: []string{"site::%s"}},
		{name: "through a local", src: "n = 'role::' + r\ncall_function('include', n)", declares: []string{"role::%s"}},
		{name: "unknown local", src: "call_function('include', n)"},
		{name: "other function", src: "call_function('lookup', 'role::' + r)"},
		{name: "computed", src: "call_function('include', r.map { |x| x })"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sets, declares := scanFunction([]byte(tt.src))
			if !slices.Equal(sets, tt.sets) || !slices.Equal(declares, tt.declares) {
				t.Errorf("sets %q declares %q, want %q and %q", sets, declares, tt.sets, tt.declares)
			}
		})
	}
}

// BenchmarkScanFunction scans function source in which one line in
// twenty matches, like the functions of public modules (which scan at a
// few hundred MB/s).
func BenchmarkScanFunction(b *testing.B) {
	body := "  # Returns the value for the given key, or the default.\n  def lookup_value(key, default = nil)\n" +
		"    value = @values[key]\n    return default if value.nil? || value.empty?\n    self.class.convert(value)\n  end\n"
	src := []byte(strings.Repeat(body+strings.Repeat("  x = 1\n", 13)+"  scope['v'] = call_function('include', 'role::' + r)\n", 500))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		scanFunction(src)
	}
}
