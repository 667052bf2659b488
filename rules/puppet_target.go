package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
)

// TargetSource says where a file's target Puppet version comes from.
type TargetSource int

const (
	// TargetDefault is DefaultPuppetVersion: nothing says otherwise.
	TargetDefault TargetSource = iota
	// TargetConfigured is the configuration's [puppet] version or
	// --puppet-version.
	TargetConfigured
	// TargetMetadata is the puppet range of the module's metadata.json
	// "requirements".
	TargetMetadata
	// TargetGemfile is the puppet gem's requirement in the environment's
	// Gemfile.
	TargetGemfile
	// TargetContainer is the Puppet version the environment's container
	// build files install (a Dockerfile's puppet-agent package).
	TargetContainer
)

// Target is the Puppet version code is checked for, and why.
type Target struct {
	Version PuppetVersion
	Source  TargetSource
	// Requirement is metadata.json's puppet range, for TargetMetadata,
	// the Gemfile's puppet requirement, for TargetGemfile, or the version
	// a container build file installs, for TargetContainer.
	Requirement string
	// File is the Gemfile, for TargetGemfile, or the build file, for
	// TargetContainer.
	File string
}

// String says the version and where it comes from, as `ducklint layout`
// shows it: "Puppet 7 (metadata.json requirements: puppet >= 5.5.10 < 6.0.0)".
// A source allowing a release before 7 reads "Puppet 7 or earlier": ducklint
// checks Puppet 5 and 6 code as Puppet 7 code, since what the rules tell
// apart is before and from Puppet 8.
func (t Target) String() string {
	version := t.Version.String()
	if t.Version == Puppet7 && t.allowsBefore7() {
		version += " or earlier"
	}
	switch t.Source {
	case TargetConfigured:
		return version + " (configured)"
	case TargetMetadata:
		return fmt.Sprintf("%s (metadata.json requirements: puppet %s)", version, t.Requirement)
	case TargetGemfile:
		return fmt.Sprintf("%s (%s: gem 'puppet', '%s')", version, t.File, strings.ReplaceAll(t.Requirement, ", ", "', '"))
	case TargetContainer:
		return fmt.Sprintf("%s (%s installs Puppet %s)", version, t.File, t.Requirement)
	}
	return version + " (default)"
}

// allowsBefore7 reports whether the requirement t comes from allows a
// release before Puppet 7.
func (t Target) allowsBefore7() bool {
	var ranges []versionInterval
	var ok bool
	switch t.Source {
	case TargetMetadata, TargetContainer:
		ranges, ok = parseVersionRange(t.Requirement)
	case TargetGemfile:
		ranges, ok = parseGemRequirement(t.Requirement)
	}
	return ok && overlaps(ranges, versionBound{0, 0, 0}, versionBound{7, 0, 0})
}

// FileTarget is the target version of the code of file f when the
// configuration sets configured (0: not set). A configured version wins.
// Otherwise a module checked out on its own (in no environment) whose
// metadata.json requires a puppet range without any 8.x release is
// Puppet 7 code, and one whose range includes 8 is Puppet 8 code
// (ModuleTarget). Code of an environment (its main manifest and its
// modules) is checked for the Puppet its Gemfile pins when that Gemfile
// declares the puppet gem with a requirement: a control repository whose
// tests run `gem 'puppet', '7.23.0'` runs Puppet 7. Without one, it is
// checked for the Puppet its container build files install (a Dockerfile
// pinning puppet-agent 5.3.2 runs Puppet 5 code). Anything else keeps the
// default. f may be nil.
func FileTarget(f *load.File, configured PuppetVersion) Target {
	if configured != 0 || f == nil {
		return ModuleTarget(nil, configured)
	}
	if t := ModuleTarget(f.Module, 0); t.Source != TargetDefault {
		return t
	}
	env := f.Env
	if env == nil && f.Module != nil {
		env = f.Module.Env
	}
	if env == nil {
		return Target{Version: DefaultPuppetVersion}
	}
	if req := env.Dependencies.PuppetGem; req != "" {
		if ranges, ok := parseGemRequirement(req); ok {
			return Target{Version: rangeTarget(ranges), Source: TargetGemfile, Requirement: req, File: env.Dependencies.Gemfile}
		}
	}
	if v := env.Dependencies.PuppetContainer; v != "" {
		// A partial version ("5", from puppet5-release) is every release
		// of it, as a Forge range reads it.
		if ranges, ok := parseVersionRange(v); ok {
			return Target{Version: rangeTarget(ranges), Source: TargetContainer, Requirement: v, File: env.Dependencies.Containerfile}
		}
	}
	return Target{Version: DefaultPuppetVersion}
}

// ModuleTarget is the target version of the code of module m when the
// configuration sets configured (0: not set). A configured version wins.
// Otherwise a module checked out on its own (in no environment) whose
// metadata.json requires a puppet range without any 8.x release is
// Puppet 7 code, and one whose range includes 8 is Puppet 8 code; a
// module of an environment (a control repo's) keeps the default, as does
// a range ducklint cannot read. m may be nil (code outside modules).
func ModuleTarget(m *load.Module, configured PuppetVersion) Target {
	if configured != 0 {
		return Target{Version: configured, Source: TargetConfigured}
	}
	if m == nil || m.Env != nil || m.Dependencies.PuppetRequirement == "" {
		return Target{Version: DefaultPuppetVersion}
	}
	req := m.Dependencies.PuppetRequirement
	ranges, ok := parseVersionRange(req)
	if !ok {
		return Target{Version: DefaultPuppetVersion}
	}
	return Target{Version: rangeTarget(ranges), Source: TargetMetadata, Requirement: req}
}

// rangeTarget is Puppet 8 when a version of ranges is an 8.x release,
// else Puppet 7.
func rangeTarget(ranges []versionInterval) PuppetVersion {
	if overlaps(ranges, versionBound{8, 0, 0}, versionBound{9, 0, 0}) {
		return Puppet8
	}
	return Puppet7
}

// parseGemRequirement parses RubyGems requirements joined by ", " ("~> 7.0,
// >= 7.23") into intervals. RubyGems' ~> differs from the Forge's ~:
// "~> 7.0" allows every 7.x (< 8), "~> 7.23.0" every 7.23.x, and "~> 7"
// every 7.x. "!=" excludes one release and is left out.
func parseGemRequirement(s string) ([]versionInterval, bool) {
	var comps []string
	for c := range strings.SplitSeq(s, ",") {
		c = strings.TrimSpace(c)
		op := c[:len(c)-len(strings.TrimLeft(c, "<>=~!"))]
		v := strings.TrimSpace(c[len(op):])
		switch op {
		case "!=":
			continue
		case "~>":
			lo, _, ok := parsePartial(v)
			if !ok {
				return nil, false
			}
			hi := versionBound{lo[0] + 1, 0, 0}
			if n := strings.Count(v, "."); n >= 2 {
				hi = versionBound{lo[0], lo[1] + 1, 0}
			}
			comps = append(comps, ">="+v, fmt.Sprintf("<%d.%d.%d", hi[0], hi[1], hi[2]))
		default:
			comps = append(comps, op+v)
		}
	}
	if len(comps) == 0 {
		return nil, false
	}
	return parseVersionRange(strings.Join(comps, " "))
}

// versionBound is a version as major, minor and patch.
type versionBound [3]int

func (a versionBound) less(b versionBound) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// versionInterval is the half-open interval [lo, hi) of versions; hi is
// unbounded when open is set.
type versionInterval struct {
	lo, hi versionBound
	open   bool
}

// overlaps reports whether a version of [lo, hi) is in one of ranges.
func overlaps(ranges []versionInterval, lo, hi versionBound) bool {
	for _, r := range ranges {
		if r.lo.less(hi) && (r.open || lo.less(r.hi)) {
			return true
		}
	}
	return false
}

// parseVersionRange parses a Forge version range (semantic_puppet's
// VersionRange: "||" between alternatives, each comparators separated by
// spaces, or "a - b"; comparators >=, >, <=, <, = and the ~ and ^ forms;
// versions may be partial, "1", "1.2", "1.x", "*") into intervals. ok is
// false for text it cannot read.
func parseVersionRange(s string) ([]versionInterval, bool) {
	var out []versionInterval
	for alt := range strings.SplitSeq(s, "||") {
		fields := strings.Fields(alt)
		// "a - b"
		if len(fields) == 3 && fields[1] == "-" {
			lo, _, ok1 := parsePartial(fields[0])
			_, hiNext, ok2 := parsePartial(fields[2])
			if !ok1 || !ok2 {
				return nil, false
			}
			out = append(out, versionInterval{lo: lo, hi: hiNext})
			continue
		}
		// Operators written apart from their version (">= 1.0").
		var comps []string
		for i := 0; i < len(fields); i++ {
			f := fields[i]
			if strings.Trim(f, "<>=~^") == "" && i+1 < len(fields) {
				f += fields[i+1]
				i++
			}
			comps = append(comps, f)
		}
		iv := versionInterval{open: true}
		if len(comps) == 0 {
			out = append(out, iv)
			continue
		}
		for _, c := range comps {
			op := c[:len(c)-len(strings.TrimLeft(c, "<>=~^"))]
			lo, next, ok := parsePartial(c[len(op):])
			if !ok {
				return nil, false
			}
			switch op {
			case ">=":
				iv = intersect(iv, versionInterval{lo: lo, open: true})
			case ">":
				iv = intersect(iv, versionInterval{lo: next, open: true})
			case "<":
				iv = intersect(iv, versionInterval{hi: lo})
			case "<=":
				iv = intersect(iv, versionInterval{hi: next})
			case "", "=":
				iv = intersect(iv, versionInterval{lo: lo, hi: next})
			case "~", "~>":
				iv = intersect(iv, versionInterval{lo: lo, hi: tildeLimit(c[len(op):], lo)})
			case "^":
				iv = intersect(iv, versionInterval{lo: lo, hi: versionBound{lo[0] + 1, 0, 0}})
			default:
				return nil, false
			}
		}
		out = append(out, iv)
	}
	return out, len(out) > 0
}

// intersect is the intersection of two intervals (possibly empty: lo not
// below hi).
func intersect(a, b versionInterval) versionInterval {
	out := versionInterval{lo: a.lo, hi: a.hi, open: a.open && b.open}
	if out.lo.less(b.lo) {
		out.lo = b.lo
	}
	switch {
	case a.open:
		out.hi = b.hi
	case b.open:
		out.hi = a.hi
	case b.hi.less(a.hi):
		out.hi = b.hi
	}
	return out
}

// parsePartial parses a version that may leave out parts ("1", "1.2",
// "1.x", "*"): lo is its first version, next the first version after
// every version it matches. A pre-release or build suffix is ignored.
func parsePartial(s string) (lo, next versionBound, ok bool) {
	s = strings.TrimPrefix(s, "v")
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	if s == "*" || s == "x" || s == "X" {
		return versionBound{}, versionBound{1 << 30, 0, 0}, true
	}
	parts := strings.Split(s, ".")
	if len(parts) == 0 || len(parts) > 3 {
		return lo, next, false
	}
	given := 0
	for i, p := range parts {
		if p == "x" || p == "X" || p == "*" {
			break
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return lo, next, false
		}
		lo[i] = n
		given = i + 1
	}
	if given == 0 {
		return versionBound{}, versionBound{1 << 30, 0, 0}, true
	}
	next = lo
	if given == 3 {
		next[2]++
	} else {
		next[given-1]++
	}
	return lo, next, true
}

// tildeLimit is the first version a ~ range excludes: ~1.2.3 and ~1.2
// allow patch releases (< 1.3.0), ~1 minor ones (< 2.0.0).
func tildeLimit(s string, lo versionBound) versionBound {
	if strings.Count(s, ".") == 0 {
		return versionBound{lo[0] + 1, 0, 0}
	}
	return versionBound{lo[0], lo[1] + 1, 0}
}
