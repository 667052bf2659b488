package rules

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// osFamilies maps the operating systems a module's metadata.json lists
// (lower case) to the os.family fact Facter gives them.
var osFamilies = map[string]string{
	"redhat": "RedHat", "centos": "RedHat", "oraclelinux": "RedHat", "scientific": "RedHat", "rocky": "RedHat",
	"almalinux": "RedHat", "fedora": "RedHat", "amazon": "RedHat", "cloudlinux": "RedHat", "virtuozzolinux": "RedHat",
	"debian": "Debian", "ubuntu": "Debian", "linuxmint": "Debian", "raspbian": "Debian", "devuan": "Debian",
	"sles": "Suse", "sled": "Suse", "opensuse": "Suse", "suse": "Suse",
	"gentoo": "Gentoo", "archlinux": "Archlinux", "manjaro": "Archlinux",
	"freebsd": "FreeBSD", "openbsd": "OpenBSD", "solaris": "Solaris", "windows": "windows", "darwin": "Darwin",
	"aix": "AIX",
}

// knownFamilies are the os.family values of osFamilies, sorted.
var knownFamilies = []string{"AIX", "Archlinux", "Darwin", "Debian", "FreeBSD", "Gentoo", "OpenBSD", "RedHat", "Solaris", "Suse", "windows"}

// unsupportedPlatform returns the OS families that code at node i of
// p.Nodes() can run on, when its module's metadata.json lists the
// operating systems the module supports and none of them is of those
// families: the code runs only on nodes the module is not meant for
// (`if $facts['os']['family'] == 'Gentoo'` in a module listing RedHat and
// Debian). Nil when the conditionals around the code do not restrict the
// family, when the module lists no operating systems or one of unknown
// family, or when a supported family can run it.
func unsupportedPlatform(p *Pass, i int) []string {
	mod := fileModule(p.File)
	if mod == nil || len(mod.Dependencies.SupportedOS) == 0 {
		return nil
	}
	var supported []string
	for _, os := range mod.Dependencies.SupportedOS {
		f, ok := osFamilies[strings.ToLower(os)]
		if !ok {
			return nil
		}
		supported = append(supported, f)
	}
	allowed := slices.Clone(knownFamilies)
	restricted := false
	for _, b := range siteAt(p, i).branch {
		cs, _ := model.ArmConditions(b, familySubject)
		for _, c := range cs {
			if c.Subject != familyFact {
				continue
			}
			restricted = true
			allowed = slices.DeleteFunc(allowed, func(f string) bool {
				v, _ := model.LiteralValue(&parser.StringLit{Value: f})
				return !c.Holds(v)
			})
		}
	}
	if !restricted || len(allowed) == 0 || slices.ContainsFunc(allowed, func(f string) bool { return slices.Contains(supported, f) }) {
		return nil
	}
	return allowed
}

// familyFact is the canonical name of the os.family fact (model.FactKey).
const familyFact = "facts.os.family"

// familySubject names only tests of the os.family fact.
func familySubject(e parser.Expr) string {
	if model.FactKey(e) == familyFact {
		return familyFact
	}
	return ""
}

// unsupportedPlatformNote says why code that runs only on families, none
// of which the module supports, is info.
func unsupportedPlatformNote(families []string) string {
	on := strings.Join(families, " or ") + " nodes"
	if len(families) > 3 {
		var others []string
		for _, f := range knownFamilies {
			if !slices.Contains(families, f) {
				others = append(others, f)
			}
		}
		on = "nodes of other families than " + strings.Join(others, " and ")
	}
	family := "that family"
	if len(families) > 1 {
		family = "those families"
	}
	return "It runs only on " + on + ", and the module's metadata.json lists no operating system of " + family + " among those it supports."
}
