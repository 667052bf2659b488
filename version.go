package ducklint

import (
	"fmt"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
)

// build is what a ducklint binary knows about its own version, from the
// build information the Go toolchain embeds: the module version `go install
// ...@vX.Y.Z` gives (or a pseudo-version for an untagged commit), and, for a
// binary built in a git checkout, the commit and whether it had local
// changes. Nothing is stamped by hand, so a release is a tag and nothing
// else (see the README's "Releases").
type build struct {
	version   string // "v1.2.0", a pseudo-version, "(devel)" when Go recorded none, "(unknown)" without build info
	revision  string // commit of a binary built in a checkout; "" otherwise
	time      string // that commit's time (RFC 3339)
	modified  bool   // the checkout had uncommitted changes
	goVersion string // toolchain that built the binary
}

// readBuild interprets the build information; ok is false when the binary
// has none.
func readBuild(info *debug.BuildInfo, ok bool) build {
	if !ok || info == nil {
		return build{version: "(unknown)"}
	}
	b := build{version: info.Main.Version, goVersion: info.GoVersion}
	if b.version == "" {
		b.version = "(devel)" // a test binary, or a build outside module mode
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.revision = s.Value
		case "vcs.time":
			b.time = s.Value
		case "vcs.modified":
			b.modified = s.Value == "true"
		}
	}
	return b
}

// pseudoRevision finds the commit in a pseudo-version
// (v0.0.0-20251125125600-7f0294b1c2d3, v1.2.1-0.20251125125600-7f0294b1c2d3).
var pseudoRevision = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[-.]\d{14}-([0-9a-f]{12})(\+dirty)?$`) })

// String is the line `ducklint --version` prints.
func (b build) String() string {
	var sb strings.Builder
	sb.WriteString("ducklint " + b.version)
	switch {
	case b.revision != "":
		rev := b.revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		fmt.Fprintf(&sb, ", commit %s", rev)
		if b.time != "" {
			fmt.Fprintf(&sb, " of %s", b.time)
		}
		if b.modified {
			sb.WriteString(" with uncommitted changes")
		}
	case pseudoRevision().MatchString(b.version):
		fmt.Fprintf(&sb, ", commit %s (not a release)", pseudoRevision().FindStringSubmatch(b.version)[1])
	case b.version == "(devel)":
		sb.WriteString(", built without version control information (go run, or -buildvcs=false)")
	}
	if b.goVersion != "" {
		fmt.Fprintf(&sb, ", built with %s", b.goVersion)
	}
	return sb.String()
}

// reportVersion is the version reports name (SARIF's tool.driver.version)
// and the context cache is keyed on: the module version, and for a
// development build the commit it was built from.
func (b build) reportVersion() string {
	if b.version == "(devel)" && b.revision != "" {
		rev := b.revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		return "(devel) " + rev
	}
	return b.version
}

// ReleaseBuildInfo returns build information as the release build stamps
// it (.goreleaser.yaml sets version, commit and date with -ldflags -X in
// package main): the binary's own, with the release's tag as the module
// version and its commit and commit date in place of those Go recorded.
// Empty values (a `go build` or `go install`) change nothing.
func ReleaseBuildInfo(version, commit, date string) func() (*debug.BuildInfo, bool) {
	return func() (*debug.BuildInfo, bool) {
		info, ok := debug.ReadBuildInfo()
		return stampRelease(info, ok, version, commit, date)
	}
}

// stampRelease puts version, commit and date (those not empty) into a copy
// of info.
func stampRelease(info *debug.BuildInfo, ok bool, version, commit, date string) (*debug.BuildInfo, bool) {
	if version == "" && commit == "" && date == "" {
		return info, ok
	}
	stamped := &debug.BuildInfo{}
	if ok && info != nil {
		*stamped = *info
		stamped.Settings = slices.Clone(info.Settings)
	}
	if version != "" {
		stamped.Main.Version = version
	}
	set := func(key, value string) {
		if value == "" {
			return
		}
		for i, s := range stamped.Settings {
			if s.Key == key {
				stamped.Settings[i].Value = value
				return
			}
		}
		stamped.Settings = append(stamped.Settings, debug.BuildSetting{Key: key, Value: value})
	}
	set("vcs.revision", commit)
	set("vcs.time", date)
	return stamped, true
}
