package load

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// testMemo is a Memo in memory that trusts a record while the stat is the
// one recorded, as long as the record is later than the stat's times: the
// clock runs an hour ahead, so every record is trusted until its stat
// changes. It counts the records it served.
type testMemo struct {
	mu       sync.Mutex
	listings map[string]testListing
	derived  map[string]testDerived
	served   int
}

type testListing struct {
	st      Stat
	entries []DirEntry
}

type testDerived struct {
	st   Stat
	data []byte
}

func newTestMemo() *testMemo {
	return &testMemo{listings: map[string]testListing{}, derived: map[string]testDerived{}}
}

func (m *testMemo) Now() time.Time { return time.Now().Add(time.Hour) }

func (m *testMemo) Listing(abs string, st Stat) ([]DirEntry, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	l, ok := m.listings[abs]
	if ok && l.st == st {
		m.served++
		return l.entries, true
	}
	return nil, false
}

func (m *testMemo) RecordListing(abs string, st Stat, _ int64, entries []DirEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.listings[abs] = testListing{st, entries}
}

func (m *testMemo) Derived(kind, abs string, st Stat) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.derived[kind+"\x00"+abs]
	if ok && d.st == st {
		m.served++
		return d.data, true
	}
	return nil, false
}

func (m *testMemo) RecordDerived(kind, abs string, st Stat, _ int64, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.derived[kind+"\x00"+abs] = testDerived{st, data}
}

// TestMemoLoadsMatchFreshLoads changes a tree step by step and after each
// step loads one file's context with a memo kept from the earlier loads
// and without one: the trees must be the same.
func TestMemoLoadsMatchFreshLoads(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"environment.conf":                          "modulepath = site:modules\n",
		"manifests/site.pp":                         "include profile::base\n",
		"site/profile/manifests/base.pp":            "class profile::base { include app }\n",
		"modules/app/manifests/init.pp":             "class app { }\n",
		"modules/app/metadata.json":                 `{"name": "acme-app", "dependencies": [{"name": "puppetlabs/stdlib"}], "operatingsystem_support": [{"operatingsystem": "RedHat"}]}`,
		"modules/app/lib/puppet/functions/app/f.rb": "Puppet::Functions.create_function(:'app::f') do\n  def f\n    closure_scope['x'] = 1\n  end\nend\n",
		"modules/app/lib/facter/role.rb":            "Facter.add(:role) do\n  setcode { 'web' }\nend\n",
		"modules/app/hiera.yaml":                    "version: 5\nhierarchy:\n  - name: os\n    path: 'os/%{facts.os.family}.yaml'\n  - name: common\n    path: common.yaml\n",
		"modules/app/data/common.yaml":              "app::port: 80\n",
	})
	abs := func(name string) string { return filepath.Join(root, filepath.FromSlash(name)) }
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(abs(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs(name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	do := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	memo := newTestMemo()
	steps := []struct {
		name string
		edit func()
	}{
		{"first load fills the memo", func() {}},
		{"second load from the memo", func() {}},
		{"a class file is added", func() { write("modules/app/manifests/extra.pp", "class app::extra { }\n") }},
		{"a module is added", func() { write("modules/db/manifests/init.pp", "class db { }\n") }},
		{"a class file is deleted", func() { do(os.Remove(abs("modules/app/manifests/extra.pp"))) }},
		{"a module directory is renamed", func() { do(os.Rename(abs("modules/db"), abs("modules/database"))) }},
		{"a manifests directory is renamed", func() {
			do(os.Rename(abs("modules/database/manifests"), abs("modules/database/old")))
		}},
		{"a Ruby function is edited in place", func() {
			write("modules/app/lib/puppet/functions/app/f.rb", "Puppet::Functions.create_function(:'app::f') do\n  def f\n    closure_scope['y'] = 1\n  end\nend\n")
		}},
		{"a fact file is edited in place", func() {
			write("modules/app/lib/facter/role.rb", "Facter.add(:tier) do\n  setcode { 'web' }\nend\n")
		}},
		{"a function file is added", func() {
			write("modules/app/lib/puppet/functions/app/g.rb", "Puppet::Functions.create_function(:'app::g') do\nend\n")
		}},
		{"metadata.json is edited in place", func() {
			write("modules/app/metadata.json", `{"name": "acme-app2", "operatingsystem_support": [{"operatingsystem": "Debian"}, {"operatingsystem": "Ubuntu"}]}`)
		}},
		{"a fixtures file is added", func() {
			write("modules/app/.fixtures.yml", "fixtures:\n  forge_modules:\n    concat: puppetlabs/concat\n")
		}},
		{"the fixtures file is broken in place", func() { write("modules/app/.fixtures.yml", "fixtures: [\n") }},
		{"a Puppetfile and a Gemfile are added", func() {
			write("Puppetfile", "mod 'puppetlabs-stdlib', '9.0.0'\n")
			write("Gemfile", "gem 'puppet', '~> 7.0'\n")
		}},
		{"the Gemfile is edited in place", func() { write("Gemfile", "gem 'puppet', '~> 8.0'\n") }},
		{"a Hiera data file is added", func() { write("modules/app/data/os/Debian.yaml", "app::port: 8080\n") }},
		{"a Hiera data directory is renamed", func() { do(os.Rename(abs("modules/app/data/os"), abs("modules/app/data/oses"))) }},
		{"the data directory becomes a link", func() {
			do(os.Rename(abs("modules/app/data"), abs("modules/app/data.real")))
			do(os.Symlink("data.real", abs("modules/app/data")))
		}},
		{"a directory becomes a file", func() {
			do(os.RemoveAll(abs("modules/database")))
			write("modules/database", "not a module\n")
		}},
	}
	for _, st := range steps {
		st.edit()
		opts := Options{Paths: []string{"site/profile/manifests/base.pp"}, Dir: root, DeferContext: true}
		fresh, err := Load(opts)
		if err != nil {
			t.Fatal(err)
		}
		opts.ContextMemo = func([]string) Memo { return memo }
		served := memo.served
		cached, err := Load(opts)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := dump(cached)+dumpDependencies(cached), dump(fresh)+dumpDependencies(fresh); got != want {
			t.Errorf("%s: loaded with the memo:\n%s\nwithout:\n%s", st.name, got, want)
		}
		if st.name != "first load fills the memo" && memo.served == served {
			t.Errorf("%s: nothing came from the memo", st.name)
		}
	}
}

// dumpDependencies describes the dependencies and problems of a tree.
func dumpDependencies(tr *Tree) string {
	var b strings.Builder
	for _, e := range tr.Envs {
		fmt.Fprintf(&b, "env %s: %+v\n", e.Dir, e.Dependencies)
	}
	for _, m := range tr.Modules {
		fmt.Fprintf(&b, "module %s: %+v\n", m.Dir, m.Dependencies)
	}
	for _, p := range tr.Problems {
		fmt.Fprintf(&b, "problem %s\n", p.Error())
	}
	return b.String()
}
