package ducklint_test

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// styledClass is a class and a defined type with many resources and the
// usual style problems, named by i: scripts/gen-large-manifest writes the
// same kind of input at tens of megabytes.
func styledClass(b *strings.Builder, i int) {
	fmt.Fprintf(b, `# Manages service %[1]d.
class profile::svc%[1]d (
  $port = 80,
  String $user = "svc%[1]d",
  $packages = ["svc%[1]d-server", "svc%[1]d-client"],
) {
  include ::profile::base
  package { $packages:
    ensure => installed,
  }
  file { "/etc/svc%[1]d":
    ensure => directory,
    owner => $user,
    mode   => 755,
  }
  if $::osfamily == "Debian" {
    $provider = "systemd"
  }
  case $::architecture {
    "amd64": { $arch = "amd64" }
  }
  service { "svc%[1]d":
    ensure => running,
    provider => $provider,
    subscribe => File["/etc/svc%[1]d"],
  } 
}
define profile::svc%[1]d::rule($port, $proto = "tcp") {
  exec { "svc%[1]d-rule-${title}":
    command => "/sbin/iptables -A INPUT -p ${proto} --dport ${port} -j ACCEPT",
    path    => "/sbin:/usr/sbin",
  }
}
`, i)
}

// A manifest four times as large, with four times the findings, allocates
// about four times as much, whatever the rules and output: this holds
// every stage's memory linear in the input, as the time of a run depends
// on it (each byte allocated is a fresh page until the heap is large for
// the input, package gcpolicy). Lists that grow by doubling and what
// earlier tests leave in pools move the ratio by a fifth either way; a
// cost quadratic in the input would make it 16.
func TestLargeManifestAllocatesLinearly(t *testing.T) {
	alloc := func(n int, args ...string) uint64 {
		var b strings.Builder
		for i := range n {
			styledClass(&b, i)
		}
		dir := writeTree(t, map[string]string{"big.pp": b.String()})
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Dir: dir}
		if code := cmd.Main(append(append([]string{"ducklint"}, args...), "big.pp")); code != ducklint.ExitFindings {
			t.Fatalf("%v: exit %d, want %d (findings)", args, code, ducklint.ExitFindings)
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc
	}
	for _, args := range [][]string{{"-f", "json"}, {"--preset", "voxpupuli", "-f", "json"}, {"--preset", "voxpupuli", "-f", "text"}} {
		small, large := alloc(200, args...), alloc(800, args...)
		if ratio := float64(large) / float64(small); ratio > 5 {
			t.Errorf("%v: 800 classes allocate %.2f× what 200 do (%d KB, %d KB), want at most 5×", args, ratio, large>>10, small>>10)
		} else {
			t.Logf("%v: 800 classes allocate %.2f× what 200 do (%d KB, %d KB)", args, ratio, large>>10, small>>10)
		}
	}
}
