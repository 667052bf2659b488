package load

import (
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
		g = strings.TrimPrefix(strings.TrimSuffix(g, "/"), "./")
		if g == "" {
			continue
		}
		var segs []string
		for _, s := range strings.Split(g, "/") {
			if _, err := path.Match(s, ""); err != nil {
				return nil, fmt.Errorf("exclude glob %q: %w", g, err)
			}
			if s == "**" && len(segs) > 0 && segs[len(segs)-1] == "**" {
				continue // "**/**" is "**", and collapsing it keeps matching linear
			}
			segs = append(segs, s)
		}
		gs.globs = append(gs.globs, segs)
	}
	return gs, nil
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
