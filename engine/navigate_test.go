package engine_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// navigationTree is a small control repo: an environment with a node, a
// module with a class inheriting its params class, a defined type, a
// function, a type alias, and a class defined twice. Line comments name
// what the tests point at.
var navigationTree = gentree.Tree{
	"environment.conf": "modulepath = modules\n",
	"manifests/site.pp": `# Top-scope settings.
$dns = '10.0.0.1'
node 'web01' {
  $role = 'web'
  include ntp
  include dup
  include nosuch
}
`,
	"modules/ntp/manifests/init.pp": `# @summary Keeps time.
#
# @param servers
#   The NTP servers to use.
class ntp (
  Array[String] $servers = ['pool.ntp.org'],
  Boolean $enable = true,
  Ntp::Port $port = 123,
) inherits ntp::params {
  $conf = '/etc/ntp.conf'
  include ntp::config
  ntp::server { 'a': }
  $x = ntp::helper($servers)
  notify { "café — ünï ${servers} ${conf}": }
  file { $conf: content => $dns }
  $y = $::osfamily
  $z = $facts['os']
  [1].each |$n| { notice($n, $conf) }
  notice($ntp::params::package, $package)
  Class['ntp::config'] -> Service['ntpd']

  # a comment
}
`,
	"modules/ntp/manifests/params.pp": `class ntp::params {
  $package = 'ntp'
}
`,
	"modules/ntp/manifests/config.pp": `class ntp::config {
  $file = $ntp::conf
  if $ntp::enable { notice($role) }
  contain ntp::params
}
`,
	"modules/ntp/manifests/server.pp": `# One server line.
define ntp::server (String $host = $title) {
  notice($host)
}
`,
	"modules/ntp/functions/helper.pp": `function ntp::helper(Array $s) >> String {
  join($s, ' ')
}
`,
	"modules/ntp/types/port.pp":      "type Ntp::Port = Integer[1, 65535]\n",
	"modules/dup/manifests/init.pp":  "class dup {}\n",
	"modules/dup/manifests/other.pp": "\n\nclass dup {}\n",
}

// at returns the position of the nth (1-based) occurrence of needle in
// the file's text, moved by delta bytes, with its line and column in code
// points, worked out here independently of the parser.
func at(t *testing.T, file, needle string, nth, delta int) parser.Pos {
	t.Helper()
	text := navigationTree[file]
	off := -1
	for range nth {
		i := strings.Index(text[off+1:], needle)
		if i < 0 {
			t.Fatalf("%s: no occurrence %d of %q", file, nth, needle)
		}
		off += 1 + i
	}
	off += delta
	line := strings.Count(text[:off], "\n") + 1
	col := utf8.RuneCountInString(text[strings.LastIndex(text[:off], "\n")+1:off]) + 1
	return parser.Pos{Offset: int32(off), Line: int32(line), Column: int32(col)}
}

// loc writes a location as file:line:column, with the offset checked to
// be that line and column.
func loc(t *testing.T, file string, p parser.Pos) string {
	t.Helper()
	if text, ok := navigationTree[file]; ok {
		if want := at(t, file, text[p.Offset:], 1, 0); want != p {
			t.Errorf("%s: position %+v is not consistent (offset %d is at %+v)", file, p, p.Offset, want)
		}
	}
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Column)
}

func TestDefinitionAndHover(t *testing.T) {
	dir := t.TempDir()
	if err := navigationTree.Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	const (
		site   = "manifests/site.pp"
		initPP = "modules/ntp/manifests/init.pp"
		params = "modules/ntp/manifests/params.pp"
		config = "modules/ntp/manifests/config.pp"
		server = "modules/ntp/manifests/server.pp"
		helper = "modules/ntp/functions/helper.pp"
	)
	tests := []struct {
		name   string
		file   string
		needle string
		nth    int
		delta  int
		want   []string // locations, file:line:column
		hover  []string // in the hover, in order; none: no hover
	}{
		{"included class in another file", site, "include ntp", 1, 9, []string{initPP + ":5:7"},
			[]string{"**class** `ntp`", "class ntp(\n  Array[String] $servers = ['pool.ntp.org'],\n  Boolean $enable = true,", ") inherits ntp::params", "Defined at `" + initPP + ":5`", "@summary Keeps time."}},
		{"class defined twice", site, "include dup", 1, 9, []string{"modules/dup/manifests/init.pp:1:7", "modules/dup/manifests/other.pp:3:7"},
			[]string{"**class** `dup`", "Defined 2 times: `modules/dup/manifests/init.pp:1`, `modules/dup/manifests/other.pp:3`."}},
		{"class defined nowhere", site, "nosuch", 1, 0, nil, nil},
		{"include keyword", site, "include ntp", 1, 2, nil, nil},
		{"inherited class", initPP, "inherits ntp::params", 1, 12, []string{params + ":1:7"}, []string{"**class** `ntp::params`"}},
		{"contained class", config, "contain ntp::params", 1, 8, []string{params + ":1:7"}, []string{"**class** `ntp::params`\n\n```puppet\nclass ntp::params\n```"}},
		{"class reference", initPP, "Class['ntp::config']", 1, 8, []string{config + ":1:7"}, []string{"**class** `ntp::config`"}},
		{"Class itself", initPP, "Class['ntp::config']", 1, 1, nil, nil},
		{"definition itself", initPP, "class ntp (", 1, 7, []string{initPP + ":5:7"}, []string{"**class** `ntp`"}},
		{"defined type", initPP, "ntp::server {", 1, 3, []string{server + ":2:8"},
			[]string{"**defined type** `ntp::server`", "define ntp::server(\n  String $host = $title,\n)", "One server line."}},
		{"built-in resource type", initPP, "notify {", 1, 1, nil, nil},
		{"function call", initPP, "ntp::helper(", 1, 5, []string{helper + ":1:10"},
			[]string{"**function** `ntp::helper`", "function ntp::helper(\n  Array $s,\n) >> String"}},
		{"built-in function", helper, "join", 1, 0, nil, nil},
		{"type alias", initPP, "Ntp::Port", 1, 2, []string{"modules/ntp/types/port.pp:1:6"}, []string{"**type alias** `Ntp::Port`", "type Ntp::Port = Integer[1, 65535]"}},
		{"parameter read after multi-byte text", initPP, "${servers}", 1, 3, []string{initPP + ":6:17"},
			[]string{"**parameter** `$servers` of class `ntp`", "Array[String] $servers = ['pool.ntp.org']", "@param servers\nThe NTP servers to use."}},
		{"local variable after multi-byte text", initPP, "${conf}", 1, 2, []string{initPP + ":10:3"},
			[]string{"**local variable** `$conf` of class `ntp`", "$conf = '/etc/ntp.conf'", "Assigned at `" + initPP + ":10`."}},
		{"assignment target", initPP, "$conf =", 1, 1, []string{initPP + ":10:3"}, []string{"`$conf`"}},
		{"parameter declaration", initPP, "$enable", 1, 2, []string{initPP + ":7:11"}, []string{"**parameter** `$enable`", "Boolean $enable = true"}},
		{"top-scope variable", initPP, "$dns", 1, 1, []string{site + ":2:1"}, []string{"**top-scope variable** `$dns` of top scope", "$dns = '10.0.0.1'"}},
		{"fact", initPP, "$::osfamily", 1, 4, nil, []string{"**fact** `$osfamily`"}},
		{"built-in variable", initPP, "$facts", 1, 1, nil, []string{"**built-in variable** `$facts`"}},
		{"lambda parameter", initPP, "notice($n", 1, 8, []string{initPP + ":18:13"}, []string{"**parameter** `$n` of class `ntp`"}},
		{"variable of the scope enclosing a lambda", initPP, "$n, $conf", 1, 5, []string{initPP + ":10:3"}, []string{"`$conf`"}},
		{"qualified variable", initPP, "$ntp::params::package", 1, 14, []string{params + ":2:3"}, []string{"**class variable** `$package` of class `ntp::params`"}},
		{"inherited variable", initPP, "$package)", 1, 2, []string{params + ":2:3"}, []string{"**inherited variable** `$package` of class `ntp::params`"}},
		{"qualified variable of another file", config, "$ntp::conf", 1, 1, []string{initPP + ":10:3"}, []string{"`$conf` of class `ntp`"}},
		{"qualified parameter", config, "$ntp::enable", 1, 1, []string{initPP + ":7:11"}, []string{"**parameter** `$enable` of class `ntp`"}},
		{"node-scope variable", config, "$role", 1, 1, []string{site + ":4:3"}, []string{"**node-scope variable** `$role` of node `web01`"}},
		{"defined type's default", server, "$title", 1, 1, nil, []string{"**built-in variable** `$title`"}},
		{"whitespace", initPP, "  $conf =", 1, 0, nil, nil},
		{"comment", initPP, "# a comment", 1, 3, nil, nil},
		{"doc comment", initPP, "@summary", 1, 1, nil, nil},
		{"string", initPP, "'/etc/ntp.conf'", 1, 3, nil, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pos := at(t, tc.file, tc.needle, tc.nth, tc.delta)
			for _, form := range []struct {
				name string
				pos  parser.Pos
			}{{"line and column", parser.Pos{Line: pos.Line, Column: pos.Column}}, {"offset", parser.Pos{Offset: pos.Offset}}, {"both", pos}} {
				var got []string
				for _, l := range snap.Definition(tc.file, form.pos) {
					got = append(got, loc(t, l.File, l.Start))
					if l.End.Offset < l.Start.Offset {
						t.Errorf("%s: location ends before it starts: %+v", form.name, l)
					}
				}
				if !slices.Equal(got, tc.want) {
					t.Errorf("%s %+v: Definition = %q, want %q", form.name, form.pos, got, tc.want)
				}
				md, ok := snap.Hover(tc.file, form.pos)
				if ok != (len(tc.hover) > 0) {
					t.Errorf("%s: Hover ok = %v, markdown:\n%s", form.name, ok, md)
				}
				rest := md
				for _, want := range tc.hover {
					i := strings.Index(rest, want)
					if i < 0 {
						t.Errorf("%s: hover lacks %q (in order):\n%s", form.name, want, md)
						break
					}
					rest = rest[i+len(want):]
				}
			}
		})
	}
}
