package fix

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// replace returns the edit replacing the first occurrence of old in src.
func replace(t *testing.T, src, old, text string) diagnostics.Edit {
	t.Helper()
	i := strings.Index(src, old)
	if i < 0 {
		t.Fatalf("%q not in %q", old, src)
	}
	return diagnostics.Edit{Start: pos(src, i), End: pos(src, i+len(old)), NewText: text}
}

// pos is the position of byte offset off in src.
func pos(src string, off int) parser.Pos {
	line := int32(1 + strings.Count(src[:off], "\n"))
	col := int32(off - strings.LastIndex(src[:off], "\n"))
	return parser.Pos{Offset: int32(off), Line: line, Column: col}
}

// Fixes keep what surrounds the edited expressions byte for byte:
// puppet-lint's --fix removed commas after fixed values.
func TestApplyKeepsTheRest(t *testing.T) {
	src := "notify { 'x': message => $::osfamily, }\n$a = [$::os, $::osfamily, { k => $facts['ipaddress'], },]\n" +
		"notice(\"${osfamily}-$::osfamily.\")\n"
	var edits []diagnostics.Edit
	at := 0
	for _, e := range []struct{ old, text string }{
		{"$::osfamily", "$facts['os']['family']"},
		{"$::os", "$facts['os']"},
		{"$::osfamily", "$facts['os']['family']"},
		{"$facts['ipaddress']", "$facts['networking']['ip']"},
		{"osfamily", "facts['os']['family']"},
		{"$::osfamily", "${facts['os']['family']}"},
	} {
		i := at + strings.Index(src[at:], e.old)
		edits = append(edits, diagnostics.Edit{Start: pos(src, i), End: pos(src, i+len(e.old)), NewText: e.text})
		at = i + len(e.old)
	}
	out, n, err := Apply("site.pp", []byte(src), edits)
	if err != nil || n != len(edits) {
		t.Fatalf("Apply: %d edits, %v", n, err)
	}
	want := "notify { 'x': message => $facts['os']['family'], }\n" +
		"$a = [$facts['os'], $facts['os']['family'], { k => $facts['networking']['ip'], },]\n" +
		"notice(\"${facts['os']['family']}-${facts['os']['family']}.\")\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// Fixing the fixed source again changes nothing: there is nothing
	// left to edit, and an empty edit list is no change.
	if again, n, err := Apply("site.pp", out, nil); err != nil || n != 0 || again != nil {
		t.Errorf("second Apply: %q, %d, %v", again, n, err)
	}
}

// Every unsafe fix leaves the source as it is and says why.
func TestApplyRefuses(t *testing.T) {
	const src = "notice($::osfamily, $y) # the osfamily\n$h = $facts[ # which\n'osfamily']\n"
	cases := []struct {
		name, path string
		edit       diagnostics.Edit
		why        string
	}{
		// puppet-lint's --fix wrote manifest content over Hiera YAML.
		{"not Puppet", "data/common.yaml", replace(t, src, "$::osfamily", "$facts['os']['family']"), "only Puppet manifests"},
		{"not Puppet either", "templates/x.erb", replace(t, src, "$::osfamily", "$facts['os']['family']"), "only Puppet manifests"},
		{"does not parse", "a.pp", replace(t, src, "$::osfamily", "$facts['os'"), "would not parse"},
		{"more than intended", "a.pp", replace(t, src, "$::osfamily", "$facts['os'], $x"), "differs from the original"},
		{"another expression", "a.pp", replace(t, src, "$::osfamily", "$facts['kernel']"), ""},
		{"part of a name", "a.pp", replace(t, src, "osfam", "OSFAM"), "differs from the original"},
		{"a comment", "a.pp", replace(t, src, "$facts[ # which\n'osfamily']", "$facts['os']['family']"), "would change a comment"},
		{"rejected by the validator", "a.pp", replace(t, src, "$y", "$y += 1"), "validator would reject"},
		{"outside the file", "a.pp", diagnostics.Edit{Start: parser.Pos{Offset: 500}, End: parser.Pos{Offset: 501}}, "outside the file"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, n, err := Apply(c.path, []byte(src), []diagnostics.Edit{c.edit})
			if c.why == "" && c.name == "another expression" {
				// An edit that parses to its own text is what it says:
				// whether it is right is the rule's business.
				if err != nil || n != 1 {
					t.Fatalf("Apply: %d, %v", n, err)
				}
				return
			}
			if err == nil || out != nil || n != 0 {
				t.Fatalf("Apply = %q, %d, %v; want a refusal", out, n, err)
			}
			if !strings.Contains(err.Error(), c.why) {
				t.Errorf("error %q does not say %q", err, c.why)
			}
		})
	}
}

func TestApplyRefusesAFileThatDoesNotParse(t *testing.T) {
	src := "notice($::osfamily)\n$x = [1,\n"
	if _, _, err := Apply("a.pp", []byte(src), []diagnostics.Edit{replace(t, src, "$::osfamily", "$facts['os']['family']")}); err == nil ||
		!strings.Contains(err.Error(), "the file does not parse") {
		t.Errorf("Apply on a file with a syntax error: %v", err)
	}
}

// Overlapping edits: the first in file order is applied, the other left
// for the next round; identical edits from two findings are one.
func TestApplyOverlapping(t *testing.T) {
	src := "notice($::os['family'])\n"
	whole := replace(t, src, "$::os['family']", "$facts['os']['family']")
	inner := replace(t, src, "$::os", "$facts['os']")
	out, n, err := Apply("a.pp", []byte(src), []diagnostics.Edit{inner, whole, inner})
	if err != nil || n != 1 {
		t.Fatalf("Apply: %d, %v", n, err)
	}
	if string(out) != "notice($facts['os']['family'])\n" {
		t.Errorf("got %q", out)
	}
}

func TestApplyEPP(t *testing.T) {
	src := "<%- | $x = 1 | -%>\n<%= $fqdn %> ${x}\n"
	out, n, err := Apply("t.epp", []byte(src), []diagnostics.Edit{replace(t, src, "$fqdn", "$facts['networking']['fqdn']")})
	if err != nil || n != 1 || string(out) != "<%- | $x = 1 | -%>\n<%= $facts['networking']['fqdn'] %> ${x}\n" {
		t.Errorf("Apply = %q, %d, %v", out, n, err)
	}
}

// WriteFile replaces the file whole, keeps its permissions, writes a
// symbolic link's target and leaves no temporary file behind.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.pp")
	if err := os.WriteFile(target, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.pp")
	if err := os.Symlink("real.pp", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(target); string(data) != "new" {
		t.Errorf("target = %q", data)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode = %v, want 0640", fi.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("directory holds %d entries, want the file and the link", len(entries))
	}
	if err := WriteFile(filepath.Join(dir, "missing.pp"), []byte("x")); err == nil {
		t.Error("WriteFile created a missing file")
	}
}

// Edits of comments and whitespace only, such as removing a control
// comment or a name from one, are applied when the tree stays as it is
// and every other comment stays byte for byte.
func TestApplyCommentEdits(t *testing.T) {
	const src = "# lint:ignore:a-b\nnotice(1) # lint:ignore:c-d,e-f why\nnotice(2)  # lint:ignore:g-h\n/* x */ notice(3)\n# lint:endignore\n"
	for _, c := range []struct {
		name  string
		edits []diagnostics.Edit
		want  string
	}{
		{"a comment line", []diagnostics.Edit{replace(t, src, "# lint:ignore:a-b\n", "")},
			"notice(1) # lint:ignore:c-d,e-f why\nnotice(2)  # lint:ignore:g-h\n/* x */ notice(3)\n# lint:endignore\n"},
		{"a name in a comment", []diagnostics.Edit{replace(t, src, "c-d,", "")},
			"# lint:ignore:a-b\nnotice(1) # lint:ignore:e-f why\nnotice(2)  # lint:ignore:g-h\n/* x */ notice(3)\n# lint:endignore\n"},
		{"a trailing comment", []diagnostics.Edit{replace(t, src, "  # lint:ignore:g-h", "")},
			"# lint:ignore:a-b\nnotice(1) # lint:ignore:c-d,e-f why\nnotice(2)\n/* x */ notice(3)\n# lint:endignore\n"},
		{"two lines and a name", []diagnostics.Edit{replace(t, src, "# lint:ignore:a-b\n", ""), replace(t, src, ",e-f", ""), replace(t, src, "# lint:endignore\n", "")},
			"notice(1) # lint:ignore:c-d why\nnotice(2)  # lint:ignore:g-h\n/* x */ notice(3)\n"},
		{"one comment into two", []diagnostics.Edit{replace(t, src, " x ", " x */ /* y ")},
			"# lint:ignore:a-b\nnotice(1) # lint:ignore:c-d,e-f why\nnotice(2)  # lint:ignore:g-h\n/* x */ /* y */ notice(3)\n# lint:endignore\n"},
	} {
		out, n, err := Apply("a.pp", []byte(src), c.edits)
		if err != nil || n != len(c.edits) || string(out) != c.want {
			t.Errorf("%s: Apply = %q, %d, %v; want %q", c.name, out, n, err, c.want)
		}
	}
	for _, c := range []struct {
		name string
		edit diagnostics.Edit
		why  string
	}{
		{"code with a comment", replace(t, src, "notice(1) # lint:ignore:c-d,e-f why", ""), "would change a comment"},
		{"a comment and code", replace(t, src, "# lint:ignore:a-b\nnotice(1)", ""), "would change a comment"},
		{"the end of a block comment", replace(t, src, " */", ""), "would not parse"},
		{"code into a comment", replace(t, src, " x ", " x */ $y = 1 /* y "), "would write code into a comment"},
		{"a comment's break", replace(t, src, "why\n", "why "), "would change a comment"},
		{"the end of a comment and the break after it", replace(t, src, "g-h\n", ""), "part of a comment"},
		{"code glued by whitespace", replace(t, src, "\n/* x */ ", ""), "differ"},
		{"text outside a comment", replace(t, src, "  # lint:ignore:g-h", " x"), "validator would reject"},
	} {
		out, n, err := Apply("a.pp", []byte(src), []diagnostics.Edit{c.edit})
		if err == nil || out != nil || n != 0 || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: Apply = %q, %d, %v; want a refusal saying %q", c.name, out, n, err, c.why)
		}
	}
}

// TestApplyLiteralEdits: an edit may replace a literal with another (new
// quotes, a corrected string); a variable-shaped reading of its text must
// not stand in the way, and the rest of the tree must still be unchanged.
func TestApplyLiteralEdits(t *testing.T) {
	const src = "file { '/a': source => \"puppet:///x/a\", mode => '0644' }\n"
	out, n, err := Apply("a.pp", []byte(src), []diagnostics.Edit{replace(t, src, `"puppet:///x/a"`, `'puppet:///modules/x/a'`)})
	if err != nil || n != 1 {
		t.Fatalf("Apply: %d, %v", n, err)
	}
	if want := "file { '/a': source => 'puppet:///modules/x/a', mode => '0644' }\n"; string(out) != want {
		t.Errorf("Apply = %q, want %q", out, want)
	}
	// A literal that takes more than its expression is still refused.
	if _, _, err := Apply("a.pp", []byte(src), []diagnostics.Edit{replace(t, src, `"puppet:///x/a"`, `'a', mode => 'b'`)}); err == nil {
		t.Error("an edit of more than one expression was applied")
	}
}

// A layout edit moves code without replacing an expression: moving a
// chaining arrow to the right operand's line is accepted; an edit that
// keeps the tree but adds a token is not.
func TestApplyLayoutEdits(t *testing.T) {
	src := "package { 'a': } ->\n  service { 'a': }\n"
	arrow := strings.Index(src, " ->")
	right := strings.Index(src, "service")
	out, n, err := Apply("x.pp", []byte(src), []diagnostics.Edit{
		{Start: pos(src, arrow), End: pos(src, arrow+3)},
		{Start: pos(src, right), End: pos(src, right), NewText: "-> "},
	})
	if want := "package { 'a': }\n  -> service { 'a': }\n"; err != nil || n != 2 || string(out) != want {
		t.Errorf("arrow moved: %q, %d, %v; want %q", out, n, err, want)
	}

	// A trailing comma is layout: the tree does not keep it.
	src = "$a = [1, 2]\n$b = { 'k' => 1 }\n"
	end := strings.Index(src, "]")
	brace := strings.Index(src, " }")
	out, n, err = Apply("x.pp", []byte(src), []diagnostics.Edit{
		{Start: pos(src, end), End: pos(src, end), NewText: ","},
		{Start: pos(src, brace), End: pos(src, brace), NewText: ","},
	})
	if want := "$a = [1, 2,]\n$b = { 'k' => 1, }\n"; err != nil || n != 2 || string(out) != want {
		t.Errorf("trailing commas added: %q, %d, %v; want %q", out, n, err, want)
	}
	// A bare name replacing a bare name, not a variable's name.
	src = "include ::c\n"
	out, _, err = Apply("x.pp", []byte(src), []diagnostics.Edit{replace(t, src, "::c", "c")})
	if want := "include c\n"; err != nil || string(out) != want {
		t.Errorf("a name's :: removed: %q, %v; want %q", out, err, want)
	}
	src = "$c = {\n  'k' => @(END)\n    text\n    | END\n}\n"
	opener := strings.Index(src, "\n    text")
	out, _, err = Apply("x.pp", []byte(src), []diagnostics.Edit{{Start: pos(src, opener), End: pos(src, opener), NewText: ","}})
	if want := "$c = {\n  'k' => @(END),\n    text\n    | END\n}\n"; err != nil || string(out) != want {
		t.Errorf("a trailing comma after a heredoc's opener: %q, %v; want %q", out, err, want)
	}
	// Layout and expression edits together: the code tokens are compared
	// with the source with the expression edits applied.
	src = "node web01 {\n  package { 'a': } ->\n  service { 'a': }\n}\n"
	arrow = strings.Index(src, " ->")
	right = strings.Index(src, "service")
	out, _, err = Apply("x.pp", []byte(src), []diagnostics.Edit{
		replace(t, src, "web01", "'web01'"),
		{Start: pos(src, arrow), End: pos(src, arrow+3)},
		{Start: pos(src, right), End: pos(src, right), NewText: "-> "},
	})
	if want := "node 'web01' {\n  package { 'a': }\n  -> service { 'a': }\n}\n"; err != nil || string(out) != want {
		t.Errorf("with an expression edit: %q, %v; want %q", out, err, want)
	}
}

// A comment edit may write a comment as several (a /* */ comment as #
// lines), but not write code into it.
func TestApplyCommentSplit(t *testing.T) {
	src := "$a = 1\n/* one\n   two */\n$b = 2\n"
	out, _, err := Apply("x.pp", []byte(src), []diagnostics.Edit{replace(t, src, "/* one\n   two */", "# one\n# two")})
	if want := "$a = 1\n# one\n# two\n$b = 2\n"; err != nil || string(out) != want {
		t.Errorf("split: %q, %v; want %q", out, err, want)
	}
	if out, _, err := Apply("x.pp", []byte(src), []diagnostics.Edit{replace(t, src, "/* one\n   two */", "# one\n$c = 3")}); err == nil {
		t.Errorf("code written into a comment: accepted, %q", out)
	}
}

// A heredoc with a | margin may move left or right as a whole: Puppet
// strips the margin, so its value stays. Without a margin, or with a line
// whose value would change, the move is refused.
func TestApplyHeredocMoves(t *testing.T) {
	body := func(src string) (int, int) {
		start := strings.Index(src, "\n") + 1
		return start, len(src) - len("\n")
	}
	tests := []struct {
		src, moved string
		ok         bool
	}{
		{"$x = @(EOT)\n      one\n        two\n      | EOT\n", "  one\n    two\n  | EOT", true},
		{"$x = @(EOT)\n  one\n  | EOT\n", "      one\n      | EOT", true},
		// Without a margin the blanks are part of the text.
		{"$x = @(EOT)\n      one\n      EOT\n", "  one\n  EOT", false},
		// "  x" is shorter than the margin of 6, which Puppet keeps as it
		// is; with a margin of 2 it would lose its blanks.
		{"$x = @(EOT)\n      one\n  x\n      | EOT\n", "  one\n  x\n  | EOT", false},
	}
	for _, tt := range tests {
		s, e := body(tt.src)
		out, _, err := Apply("x.pp", []byte(tt.src), []diagnostics.Edit{{Start: pos(tt.src, s), End: pos(tt.src, e), NewText: tt.moved}})
		if (err == nil) != tt.ok {
			t.Errorf("%q moved to %q: %q, %v; want accepted %v", tt.src, tt.moved, out, err, tt.ok)
		}
	}
}

// A file's ensure => '/path' may be written as ensure => link with the
// path as target, which Puppet's file type reads the same; not where the
// body sets target itself, splats attributes, or is not a file.
func TestApplyLinkTarget(t *testing.T) {
	const text = "link,\n  target => '/etc/b'"
	cases := []struct {
		name, src, want, why string
	}{
		{"file", "file { '/a':\n  ensure => '/etc/b',\n  owner  => root,\n}\n",
			"file { '/a':\n  ensure => link,\n  target => '/etc/b',\n  owner  => root,\n}\n", ""},
		{"second body", "file { '/x': ensure => file; '/a':\n  ensure => '/etc/b',\n}\n",
			"file { '/x': ensure => file; '/a':\n  ensure => link,\n  target => '/etc/b',\n}\n", ""},
		{"own target", "file { '/a':\n  ensure => '/etc/b',\n  target => '/c',\n}\n", "", "differs from the original"},
		{"splat", "file { '/a':\n  ensure => '/etc/b',\n  * => $h,\n}\n", "", "differs from the original"},
		{"not a file", "notfile { '/a':\n  ensure => '/etc/b',\n}\n", "", "differs from the original"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, n, err := Apply("a.pp", []byte(c.src), []diagnostics.Edit{replace(t, c.src, "'/etc/b'", text)})
			if c.why != "" {
				if err == nil || !strings.Contains(err.Error(), c.why) {
					t.Fatalf("Apply = %q, %v; want a refusal saying %q", out, err, c.why)
				}
				return
			}
			if err != nil || n != 1 || string(out) != c.want {
				t.Fatalf("Apply = %q, %d, %v; want %q", out, n, err, c.want)
			}
		})
	}
	// The edit must write link, and the path unchanged.
	src := "file { '/a':\n  ensure => '/etc/b',\n}\n"
	for _, bad := range []string{"symlink,\n  target => '/etc/b'", "link,\n  target => '/etc/c'", "'link',\n  target => '/etc/b'"} {
		if _, _, err := Apply("a.pp", []byte(src), []diagnostics.Edit{replace(t, src, "'/etc/b'", bad)}); err == nil {
			t.Errorf("Apply accepted %q", bad)
		}
	}
}

// swap returns the two edits that make the attributes old1 and old2 of
// src change places.
func swap(t *testing.T, src, old1, old2 string) []diagnostics.Edit {
	t.Helper()
	return []diagnostics.Edit{replace(t, src, old1, old2), replace(t, src, old2, old1)}
}

// Attributes of a resource body may change places, but for values whose
// evaluation order matters.
func TestApplyReorder(t *testing.T) {
	cases := []struct {
		name, src, old1, old2, want, why string
	}{
		{"swap", "file { '/a':\n  owner  => root,\n  mode   => '0644',\n  ensure => $ensure,\n}\n",
			"owner  => root", "ensure => $ensure",
			"file { '/a':\n  ensure => $ensure,\n  mode   => '0644',\n  owner  => root,\n}\n", ""},
		{"multi-line value, second body", "file { '/b': ensure => directory; '/a': content => {\n  a => 1,\n}, ensure => file }\n",
			"content => {\n  a => 1,\n}", "ensure => file }",
			"file { '/b': ensure => directory; '/a': ensure => file, content => {\n  a => 1,\n} }\n", ""},
		{"a call and a qualified variable", "file { '/a': content => include('x'), ensure => $x::ensure }\n",
			"content => include('x')", "ensure => $x::ensure", "", "evaluated in"},
		{"an assignment and a read", "file { '/a': content => ($e = 'file'), ensure => $e }\n",
			"content => ($e = 'file')", "ensure => $e", "", "evaluated in"},
		{"a call and a variable", "file { '/a': content => template('x'), ensure => $e }\n",
			"content => template('x')", "ensure => $e",
			"file { '/a': ensure => $e, content => template('x') }\n", ""},
		{"not the same value", "file { '/a': owner => root, ensure => file }\n",
			"owner => root", "ensure => file", "", "does not move the attribute owner whole"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			edits := swap(t, c.src, c.old1, strings.TrimSuffix(c.old2, " }"))
			if c.name == "not the same value" {
				edits[1].NewText = "owner => nobody"
			}
			out, n, err := Apply("a.pp", []byte(c.src), edits)
			if c.why != "" {
				if err == nil || !strings.Contains(err.Error(), c.why) {
					t.Fatalf("Apply = %q, %v; want a refusal saying %q", out, err, c.why)
				}
				return
			}
			if err != nil || n != 2 || string(out) != c.want {
				t.Fatalf("Apply = %q, %d, %v; want %q", out, n, err, c.want)
			}
		})
	}
}
