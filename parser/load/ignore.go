package load

import (
	"os"
	"path/filepath"
	"strings"
)

// ignoreRule is one pattern line of a .gitignore file, with git's
// semantics: trailing-slash patterns only match directories, a pattern with
// a slash before its end is anchored to its .gitignore's directory, and
// negation follows git's "last matching pattern wins".
type ignoreRule struct {
	pattern wildPattern
	negate  bool
	dirOnly bool
}

// wildPattern is a .gitignore pattern split at its slashes. It is matched
// by hand, segment by segment: compiling a regular expression per line
// (what go-gitignore does, with a dozen helper expressions each time) was
// 19 ms for the 51 .gitignore files of 45 public repositories, and
// matching with them a sixth of the directory walk.
type wildPattern struct {
	segs []wildSegment
	// anchored patterns match from the first component of the path
	// (after a leading slash, or with a slash inside); the others match
	// any one component.
	anchored bool
}

// wildSegment is one slash-free part of a pattern.
type wildSegment struct {
	text string
	kind segmentKind
}

// segmentKind says how a segment matches, cheapest first.
type segmentKind uint8

const (
	segLiteral  segmentKind = iota // text equals the component
	segSuffix                      // "*" + text: the component ends with text
	segWildcard                    // anything else: wildmatch
	segAnyDirs                     // "**": any number of components, none included
)

// compileWild splits a pattern line (negation and trailing slash already
// removed) into segments.
func compileWild(line string) wildPattern {
	var p wildPattern
	if rest, ok := strings.CutPrefix(line, "/"); ok {
		p.anchored, line = true, rest
	} else if strings.Contains(line, "/") {
		p.anchored = true // only "**/..." gets here unanchored: ** gives the depth
	}
	for seg := range strings.SplitSeq(line, "/") {
		switch {
		case seg == "**" && !p.anchored:
			// Alone, "**" is two stars in one component: anything.
			p.segs = append(p.segs, wildSegment{kind: segSuffix})
		case seg == "**":
			if n := len(p.segs); n > 0 && p.segs[n-1].kind == segAnyDirs {
				continue // "**/**" is "**": keeps matching linear
			}
			p.segs = append(p.segs, wildSegment{kind: segAnyDirs})
		case !strings.ContainsAny(seg, `*?[\`):
			p.segs = append(p.segs, wildSegment{text: seg, kind: segLiteral})
		case seg[0] == '*' && !strings.ContainsAny(seg[1:], `*?[\`):
			p.segs = append(p.segs, wildSegment{text: seg[1:], kind: segSuffix})
		default:
			p.segs = append(p.segs, wildSegment{text: seg, kind: segWildcard})
		}
	}
	return p
}

// matches reports whether the slash-separated relative path rel, or a
// directory above it, matches: an unanchored pattern any one component,
// an anchored one the components from the first on.
func (p *wildPattern) matches(rel string) bool {
	if !p.anchored { // one segment: there is no slash
		for {
			comp, rest, more := strings.Cut(rel, "/")
			if p.segs[0].matches(comp) {
				return true
			}
			if !more {
				return false
			}
			rel = rest
		}
	}
	return matchFrom(p.segs, rel)
}

// matchFrom reports whether segs match the leading components of rel (all
// of them, or those of a directory above what rel names).
func matchFrom(segs []wildSegment, rel string) bool {
	for len(segs) > 0 {
		if segs[0].kind == segAnyDirs {
			segs = segs[1:]
			if len(segs) == 0 {
				return rel != "" // "a/**" is what is inside a, not a
			}
			for {
				if matchFrom(segs, rel) {
					return true
				}
				_, rest, more := strings.Cut(rel, "/")
				if !more {
					return false
				}
				rel = rest
			}
		}
		if rel == "" {
			return false
		}
		comp, rest, _ := strings.Cut(rel, "/")
		if !segs[0].matches(comp) {
			return false
		}
		segs, rel = segs[1:], rest
	}
	return true
}

// matches reports whether one path component matches the segment.
func (s wildSegment) matches(comp string) bool {
	switch s.kind {
	case segLiteral:
		return comp == s.text
	case segSuffix:
		return strings.HasSuffix(comp, s.text)
	}
	return wildmatch(s.text, comp)
}

// wildmatch matches one component against a glob segment as git does:
// '*' any run of characters, '?' any one, "[...]" a class (negated by a
// leading '!' or '^', with ranges; unclosed, nothing matches), '\'
// escapes the next character. On a mismatch it backtracks to the last '*'
// only, so it runs in linear time per star.
func wildmatch(pat, name string) bool {
	px, nx := 0, 0
	starPx, starNx := -1, -1
	for nx < len(name) {
		if px < len(pat) {
			switch c := pat[px]; c {
			case '*':
				starPx, starNx = px, nx
				px++
				continue
			case '?':
				px++
				nx++
				continue
			case '[':
				ok, width, valid := matchClass(pat[px:], name[nx])
				if !valid {
					return false // no closing ']': git matches nothing
				}
				if ok {
					px += width
					nx++
					continue
				}
			case '\\':
				if px+1 < len(pat) && pat[px+1] == name[nx] {
					px += 2
					nx++
					continue
				}
			default:
				if c == name[nx] {
					px++
					nx++
					continue
				}
			}
		}
		if starPx < 0 {
			return false
		}
		starNx++
		px, nx = starPx+1, starNx
	}
	for px < len(pat) && pat[px] == '*' {
		px++
	}
	return px == len(pat)
}

// matchClass matches byte c against the class at the start of pat ("[...]").
// width is the length of the class; valid is false when it is not closed.
func matchClass(pat string, c byte) (ok bool, width int, valid bool) {
	i := 1
	negate := i < len(pat) && (pat[i] == '!' || pat[i] == '^')
	if negate {
		i++
	}
	first := true
	for i < len(pat) {
		lo := pat[i]
		if lo == ']' && !first {
			return ok != negate, i + 1, true
		}
		first = false
		if lo == '\\' && i+1 < len(pat) {
			i++
			lo = pat[i]
		}
		hi := lo
		if i+2 < len(pat) && pat[i+1] == '-' && pat[i+2] != ']' {
			hi = pat[i+2]
			if hi == '\\' && i+3 < len(pat) {
				i++
				hi = pat[i+2]
			}
			i += 2
		}
		if lo <= c && c <= hi {
			ok = true
		}
		i++
	}
	return false, 0, false
}

// matchesPath reports whether r's pattern matches rel.
func (r *ignoreRule) matchesPath(rel string) bool { return r.pattern.matches(rel) }

// parseIgnore turns the text of a .gitignore file into rules.
func parseIgnore(text string) []ignoreRule {
	var rules []ignoreRule
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "#") {
			continue
		}
		// Trailing spaces are ignored unless escaped.
		for strings.HasSuffix(line, " ") && !strings.HasSuffix(line, `\ `) {
			line = line[:len(line)-1]
		}
		if line == "" {
			continue
		}
		var r ignoreRule
		if line[0] == '!' {
			r.negate = true
			line = line[1:]
		} else if strings.HasPrefix(line, `\!`) || strings.HasPrefix(line, `\#`) {
			line = line[1:]
		}
		if strings.HasSuffix(line, "/") {
			r.dirOnly = true
			line = strings.TrimRight(line, "/")
		}
		if line == "" {
			continue
		}
		// git anchors any pattern with a slash at its start or middle.
		if strings.Contains(line, "/") && !strings.HasPrefix(line, "/") && !strings.HasPrefix(line, "**/") {
			line = "/" + line
		}
		r.pattern = compileWild(line)
		rules = append(rules, r)
	}
	return rules
}

// ignoreLevel is the .gitignore of one directory, chained to the levels
// of its ancestors. A nil *ignoreLevel ignores nothing.
type ignoreLevel struct {
	dir    string // absolute directory holding the .gitignore
	rules  []ignoreRule
	parent *ignoreLevel
}

// push returns a new level for dir on top of l, or l itself when dir has
// no rules.
func (l *ignoreLevel) push(dir string, rules []ignoreRule) *ignoreLevel {
	if len(rules) == 0 {
		return l
	}
	return &ignoreLevel{dir: dir, rules: rules, parent: l}
}

// ignored reports whether the absolute path abs is ignored. Deeper
// .gitignore files take precedence over shallower ones and later lines
// over earlier ones, as in git. Callers prune ignored directories, so a
// file below an ignored directory is never asked about and cannot be
// re-included — which is also git's rule.
func (l *ignoreLevel) ignored(abs string, isDir bool) bool {
	var chain []*ignoreLevel
	for c := l; c != nil; c = c.parent {
		chain = append(chain, c)
	}
	ignored := false
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		rel, ok := relUnder(c.dir, abs)
		if !ok {
			continue
		}
		for i := range c.rules {
			r := &c.rules[i]
			if r.dirOnly && !isDir {
				continue
			}
			if r.matchesPath(rel) {
				ignored = !r.negate
			}
		}
	}
	return ignored
}

// dirIgnores is what the .gitignore levels say about the entries of one
// directory. What the directory's own path decides (an unanchored rule
// matching a component of it, an anchored rule matching a directory above
// the entries or failing on the way) is the same for all its entries, and
// is carried down from directory to subdirectory one component at a time,
// so that an entry is matched by its name alone. Matching each entry's
// whole path against every rule was most of the walk's own work.
type dirIgnores struct {
	levels []dirLevel // outermost first
}

// dirLevel is one .gitignore level as it applies in the directory.
type dirLevel struct {
	rules []ignoreRule
	// rel is the directory relative to the level's ('/'-separated), ""
	// when it is the level's own.
	rel string
	// fates are what each rule says about the entries, given rel; nil
	// means every rule is still at its start (rel is "").
	fates []ruleFate
}

// ruleFate is how a rule matches the entries of a directory. For an
// anchored rule, n >= 0 means its first n segments matched the
// directory's path and the rest must match the entry's name; an
// unanchored rule is 0 until a component matches.
type ruleFate int16

const (
	fateAlways  ruleFate = -1 // matches every entry
	fateNever   ruleFate = -2 // matches none
	fateAnyDirs ruleFate = -3 // reached a "**": the entry's whole path decides
)

// push returns d with a level for rules added, at the directory itself.
func (d dirIgnores) push(rules []ignoreRule) dirIgnores {
	if len(rules) == 0 {
		return d
	}
	levels := make([]dirLevel, len(d.levels), len(d.levels)+1)
	copy(levels, d.levels)
	return dirIgnores{levels: append(levels, dirLevel{rules: rules})}
}

// descend returns what the levels say about the entries of subdirectory
// name.
func (d dirIgnores) descend(name string) dirIgnores {
	if len(d.levels) == 0 {
		return d
	}
	out := dirIgnores{levels: make([]dirLevel, len(d.levels))}
	for li, lv := range d.levels {
		next := dirLevel{rules: lv.rules, rel: name, fates: make([]ruleFate, len(lv.rules))}
		if lv.rel != "" {
			next.rel = lv.rel + "/" + name
		}
		for i := range lv.rules {
			fate := ruleFate(0)
			if lv.fates != nil {
				fate = lv.fates[i]
			}
			next.fates[i] = lv.rules[i].pattern.descend(fate, name)
		}
		out.levels[li] = next
	}
	return out
}

// descend returns the fate of pattern p one component, comp, further down.
func (p *wildPattern) descend(fate ruleFate, comp string) ruleFate {
	switch {
	case fate < 0:
		return fate
	case !p.anchored:
		if p.segs[0].matches(comp) {
			return fateAlways
		}
		return 0
	case p.segs[fate].kind == segAnyDirs && int(fate)+2 == len(p.segs):
		// "**/name" (or "dir/**/name") from here: it matches what is
		// below any component matching name, and an entry called so. As
		// long as no component has, the fate stays, and the entry's name
		// alone decides, without matching the whole path at every depth.
		if p.segs[fate+1].matches(comp) {
			return fateAlways
		}
		return fate
	case p.segs[fate].kind == segAnyDirs:
		return fateAnyDirs
	case !p.segs[fate].matches(comp):
		return fateNever
	case int(fate)+1 == len(p.segs):
		return fateAlways // a directory above the entries matches
	}
	return fate + 1
}

// forDir returns what the levels up to l say about the entries of dir,
// descending from each level's directory.
func (l *ignoreLevel) forDir(dir string) dirIgnores {
	var levels []*ignoreLevel
	for c := l; c != nil; c = c.parent {
		levels = append(levels, c)
	}
	var d dirIgnores
	for i := len(levels) - 1; i >= 0; i-- {
		c := levels[i]
		lv := dirIgnores{levels: []dirLevel{{rules: c.rules}}}
		if c.dir != dir {
			rel, ok := relUnder(c.dir, dir)
			if !ok {
				continue // an entry of dir is not inside c.dir
			}
			for comp := range strings.SplitSeq(rel, "/") {
				lv = lv.descend(comp)
			}
		}
		d.levels = append(d.levels, lv.levels[0])
	}
	return d
}

// ignored reports whether the entry name of the directory is ignored:
// ignoreLevel.ignored for the entry's path.
func (d *dirIgnores) ignored(name string, isDir bool) bool {
	ignored := false
	for _, lv := range d.levels {
		for i := range lv.rules {
			r := &lv.rules[i]
			if r.dirOnly && !isDir {
				continue
			}
			fate := ruleFate(0)
			if lv.fates != nil {
				fate = lv.fates[i]
			}
			var match bool
			switch {
			case fate == fateAlways:
				match = true
			case fate == fateNever:
			case fate == fateAnyDirs:
				rel := name
				if lv.rel != "" {
					rel = lv.rel + "/" + name
				}
				match = matchFrom(r.pattern.segs, rel)
			case !r.pattern.anchored:
				match = r.pattern.segs[0].matches(name)
			default:
				match = matchFrom(r.pattern.segs[fate:], name)
			}
			if match {
				ignored = !r.negate
			}
		}
	}
	return ignored
}

// relUnder returns abs relative to dir with '/' separators, when abs is
// strictly inside dir.
func relUnder(dir, abs string) (string, bool) {
	prefix := dir
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	rest, ok := strings.CutPrefix(abs, prefix)
	if !ok || rest == "" {
		return "", false
	}
	return filepath.ToSlash(rest), true
}

// readIgnoreFile reads dir/.gitignore; a missing file gives no rules.
func readIgnoreFile(dir string) ([]ignoreRule, error) {
	b, err := readFile(filepath.Join(dir, ".gitignore"))
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, err
	}
	return parseIgnore(string(b)), nil
}
