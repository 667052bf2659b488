package load

import (
	"regexp"
	"strings"
	"sync"
)

// The patterns below are compiled on first use: most runs read no
// Dockerfile, and compiling them at start-up would cost every run,
// --version included.

// isDockerfileName reports whether name is a container build file a
// repository keeps at its top: Dockerfile, Containerfile, and their
// variants (Dockerfile.agent, Dockerfile-puppet-agent, agent.Dockerfile).
func isDockerfileName(name string) bool {
	lower := strings.ToLower(name)
	for _, base := range []string{"dockerfile", "containerfile"} {
		if lower == base || strings.HasPrefix(lower, base+".") || strings.HasPrefix(lower, base+"-") || strings.HasSuffix(lower, "."+base) {
			return true
		}
	}
	return false
}

// reDockerVar matches an ENV or ARG instruction's assignments; the value
// may be quoted. `ENV A="1" B=2` and `ARG A=1` are read, as is the old
// `ENV A 1` form.
var reDockerVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)^\s*(?:ENV|ARG)\s+(.*)$`) })

// reDockerAssign matches one NAME=value of an ENV or ARG instruction.
var reDockerAssign = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)`) })

// reDockerRef matches a $NAME or ${NAME} reference.
var reDockerRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?`) })

// reAgentPackage matches the puppet-agent package pinned to a version, as
// apt (puppet-agent=7.23.0-1jammy), yum and dnf (puppet-agent-7.23.0) and
// gem-style images write it; the version may come from a variable. Before
// Puppet 5, puppet-agent's own version (1.x) differed from Puppet's (4.x);
// both are before Puppet 8, which is what the target tells apart.
var reAgentPackage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\bpuppet-agent[=-]["']?((?:\$\{?[A-Za-z_][A-Za-z0-9_]*\}?|[0-9][0-9.]*)[^\s;&|'"\\]*)`)
})

// reReleasePackage matches Puppet's release package for a major version
// (puppet7-release, puppet5-release-xenial.deb), which points a system's
// package manager at that major version's repository.
var reReleasePackage = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bpuppet([0-9]+)-release\b`) })

// reAgentImage matches a FROM of Puppet's own agent or server images with
// a version tag (puppet/puppet-agent:7.23.0, puppet/puppetserver:7.17.0).
var reAgentImage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*FROM\s+(?:--\S+\s+)*(?:\S+/)?puppet/(?:puppet-agent[a-z0-9-]*|puppetserver[a-z0-9-]*):([0-9][0-9.]*)`)
})

// reVersionVar names the variables images use for the Puppet version to
// install (PUPPET_VERSION, PUPPET_AGENT_VERSION, PUPPETSERVER_VERSION).
var reVersionVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^PUPPET(?:_AGENT|SERVER)?_VERSION$`) })

// reLeadingVersion matches the release at the start of a package version
// ("7.23.0" of "7.23.0-1jammy").
var reLeadingVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]+(\.[0-9]+){0,2}`) })

// dockerfilePuppetVersion returns the Puppet version a container build
// file installs: the version of a pinned puppet-agent package, of one of
// Puppet's agent or server images, or of a PUPPET_VERSION-style variable,
// else the major version of the Puppet release package it installs ("5"
// for puppet5-release). "" when it pins none, or pins different major
// versions (images for several versions are no statement about one).
func dockerfilePuppetVersion(src []byte) string {
	vars := map[string]string{}
	var pins []string
	for line := range strings.SplitSeq(string(src), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			continue
		}
		if m := reDockerVar().FindStringSubmatch(line); m != nil {
			rest := m[1]
			assigns := reDockerAssign().FindAllStringSubmatch(rest, -1)
			if len(assigns) == 0 {
				// ENV NAME value
				if f := strings.Fields(rest); len(f) == 2 {
					assigns = [][]string{{"", f[0], f[1]}}
				}
			}
			for _, a := range assigns {
				v := strings.Trim(a[2], `"'`)
				vars[a[1]] = v
				if reVersionVar().MatchString(a[1]) {
					if r := reLeadingVersion().FindString(v); r != "" {
						pins = append(pins, r)
					}
				}
			}
			continue
		}
		if m := reAgentImage().FindStringSubmatch(line); m != nil {
			pins = append(pins, reLeadingVersion().FindString(m[1]))
		}
		for _, m := range reAgentPackage().FindAllStringSubmatch(line, -1) {
			v := reDockerRef().ReplaceAllStringFunc(m[1], func(ref string) string {
				return vars[reDockerRef().FindStringSubmatch(ref)[1]]
			})
			if r := reLeadingVersion().FindString(v); r != "" {
				pins = append(pins, r)
			}
		}
		for _, m := range reReleasePackage().FindAllStringSubmatch(line, -1) {
			pins = append(pins, m[1])
		}
	}
	return agreedVersion(pins)
}

// agreedVersion returns the most precise of versions when they all share
// one major version, else "".
func agreedVersion(versions []string) string {
	best := ""
	for _, v := range versions {
		if best != "" && majorOf(v) != majorOf(best) {
			return ""
		}
		if len(v) > len(best) {
			best = v
		}
	}
	return best
}

// majorOf returns the major version of a version ("7" of "7.23.0").
func majorOf(v string) string {
	major, _, _ := strings.Cut(v, ".")
	return major
}

// readContainerPin sets d's PuppetContainer and Containerfile from the
// container build files in the absolute directory dir: the version they
// agree on, named after the first (by name) that pins it. Files that
// cannot be read pin nothing: they are not Puppet code, and the target
// then stays what the other sources say.
func (l *loader) readContainerPin(dir string, d *Dependencies) {
	entries, err := l.readDir(dir)
	if err != nil {
		return
	}
	var versions []string
	file := ""
	for _, e := range entries {
		p := dir + "/" + e.Name
		if !isDockerfileName(e.Name) || !l.exists(p, false) || !l.inside(p) {
			continue
		}
		src, err := readFile(p)
		if err != nil {
			continue
		}
		if v := dockerfilePuppetVersion(src); v != "" {
			versions = append(versions, v)
			if file == "" {
				file = l.rel(p)
			}
		}
	}
	if v := agreedVersion(versions); v != "" {
		d.PuppetContainer, d.Containerfile = v, file
	}
}
