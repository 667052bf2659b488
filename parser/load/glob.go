package load

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// globSet holds the configuration's exclude globs. A glob is matched
// against a path relative to the glob base with '/' separators, segment by
// segment with path.Match; a `**` segment matches any number of segments,
// including none. A glob that matches a directory excludes everything
// below it.
type globSet struct {
	base  string // absolute directory the globs are relative to
	globs [][]string
}

// compileGlobs validates the globs and splits them into segments.
func compileGlobs(base string, globs []string) (*globSet, error) {
	gs := &globSet{base: base}
	for _, g := range globs {
		if err := CheckGlob(g); err != nil {
			return nil, fmt.Errorf("exclude glob %q: %w", g, err)
		}
		var segs []string
		for _, s := range strings.Split(trimGlob(g), "/") {
			if s == "**" && len(segs) > 0 && segs[len(segs)-1] == "**" {
				continue // "**/**" is "**", and collapsing it keeps matching linear
			}
			segs = append(segs, s)
		}
		gs.globs = append(gs.globs, segs)
	}
	return gs, nil
}

// trimGlob drops what a glob may carry without changing what it matches:
// a leading "./" and a trailing "/".
func trimGlob(g string) string {
	return strings.TrimPrefix(strings.TrimSuffix(g, "/"), "./")
}

// CheckGlob says, in words a configuration's author can act on, why g can
// never exclude anything or cannot be matched at all; nil when it is
// usable. Globs are matched against paths below their base directory, so
// one that is empty, absolute or climbs out with ".." matches nothing.
func CheckGlob(g string) error {
	if strings.HasPrefix(g, "/") {
		return errors.New(`it starts with "/", but exclude globs are relative to the directory of the configuration file; leave the "/" out`)
	}
	g = trimGlob(g)
	if g == "" {
		return errors.New("it is empty and matches nothing")
	}
	for _, s := range strings.Split(g, "/") {
		if s == ".." {
			return errors.New(`it climbs out with "..", but exclude globs match only below the directory of the configuration file`)
		}
		if _, err := path.Match(s, ""); err != nil {
			return globSyntaxProblem(s)
		}
	}
	return nil
}

// globSyntaxProblem explains why path.Match rejects the glob segment s.
func globSyntaxProblem(s string) error {
	if strings.HasSuffix(strings.ReplaceAll(s, `\\`, ""), `\`) {
		return errors.New(`it ends with a backslash, which escapes nothing`)
	}
	if open := strings.LastIndex(s, "["); open >= 0 && !strings.Contains(s[open+1:], "]") {
		return errors.New(`its "[" starts a character class that no "]" closes`)
	}
	return errors.New(`it has a malformed character class, such as "[]" or "[z-a]"`)
}

// excluded reports whether the absolute path abs, or one of its parent
// directories below the base, matches an exclude glob.
func (gs *globSet) excluded(abs string) bool {
	if gs == nil || len(gs.globs) == 0 {
		return false
	}
	rel, ok := relUnder(gs.base, abs)
	if !ok {
		return false
	}
	segs := strings.Split(rel, "/")
	for n := 1; n <= len(segs); n++ {
		for _, g := range gs.globs {
			if matchSegments(g, segs[:n]) {
				return true
			}
		}
	}
	return false
}

// matchSegments matches path segments against glob segments.
func matchSegments(glob, segs []string) bool {
	for len(glob) > 0 {
		if glob[0] == "**" {
			glob = glob[1:]
			if len(glob) == 0 {
				return true
			}
			for i := range len(segs) + 1 {
				if matchSegments(glob, segs[i:]) {
					return true
				}
			}
			return false
		}
		if len(segs) == 0 {
			return false
		}
		if ok, _ := path.Match(glob[0], segs[0]); !ok {
			return false
		}
		glob, segs = glob[1:], segs[1:]
	}
	return len(segs) == 0
}
