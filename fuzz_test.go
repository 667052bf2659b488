package ducklint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// fuzzLayout places the fuzzer's file contents in a small control repo, so
// that every rule — per file and whole program — sees them in context.
var fuzzLayout = []string{
	"manifests/site.pp",
	"site/profile/manifests/base.pp",
	"modules/app/manifests/init.pp",
	"modules/app/manifests/config.pp",
	"modules/app/templates/conf.epp",
}

// FuzzPipeline runs random small trees through load, parse, model, every
// rule and every reporter. Nothing may panic: the command turns a panic into
// exit 3, and the runner turns a panicking rule into an "internal error"
// finding, so both are checked. Each file is also linted on its own, with
// the narrowed context and with the whole one, which must agree.
func FuzzPipeline(f *testing.F) {
	f.Add("node default { include profile::base }\x00class profile::base { include app }\x00class app($x = 1) { contain app::config File { mode => '0644' } }\x00class app::config { file { '/x': content => epp('app/conf.epp', {'p' => $app::x}) } }\x00<%- | $p | -%><%= $p %>")
	f.Add("$a = 1\x00class profile::base inherits app { $b = $a $b = $::c }\x00define app::d() { Exec { path => '/bin' } }\x00class app::config { app::d { 'x': } if defined(Class['app']) { class { 'app': } } }\x00<% $x.each |$y| { %><%= $y %><% } %>")
	f.Add("include app::config\n$late = 1\nnode default { Service { enable => false } include profile::base }\x00class profile::base inherits app { include app::config }\x00class app { Package { ensure => latest } $x = 1 }\x00class app::config { package { 'p': } service { 's': } notify { $late: } $y = $app::x }\x00<%= $app::x %>")
	f.Add("class main {}\x00class profile::base { $facts = 1 tag 'a b' }\x00class app::Bad-Name { $Foo = $title }\x00# lint:ignore:unknown-variable\x00<%# %>")
	f.Fuzz(func(t *testing.T, data string) {
		dir := t.TempDir()
		parts := strings.SplitN(data, "\x00", len(fuzzLayout))
		for i, content := range parts {
			p := filepath.Join(dir, filepath.FromSlash(fuzzLayout[i]))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, format := range []string{"json", "text", "sarif", "github"} {
			var out, errOut strings.Builder
			cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir}
			code := cmd.Main([]string{"ducklint", "-f", format, "--jobs", "2", "."})
			if code == ducklint.ExitInternal || strings.Contains(out.String(), "internal error") {
				t.Fatalf("-f %s: exit %d\nstdout: %s\nstderr: %s", format, code, out.String(), errOut.String())
			}
			if code == ducklint.ExitUsage && !strings.Contains(errOut.String(), "binary file") {
				t.Fatalf("-f %s: exit 2 for a readable tree: %s", format, errOut.String())
			}
		}
		for _, file := range fuzzLayout[:len(parts)] {
			wCode, wOut, wErr := lintOne(t, dir, "", file, true)
			nCode, nOut, nErr := lintOne(t, dir, "", file, false)
			if wCode != nCode || wOut != nOut || wErr != nErr {
				t.Fatalf("%s: narrowed context differs from the whole context\nwhole (exit %d):\n%s%s\nnarrowed (exit %d):\n%s%s",
					file, wCode, wOut, wErr, nCode, nOut, nErr)
			}
		}
	})
}
