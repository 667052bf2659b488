package load

import (
	"os"
	"path/filepath"
	"strings"

	gitignore "github.com/sabhiram/go-gitignore"
)

// ignoreRule is one pattern line of a .gitignore file. The library
// compiles the pattern; the parts of git's semantics it gets wrong are
// handled here: trailing-slash patterns only match directories, a pattern
// with a slash before its end is anchored to its .gitignore's directory,
// and negation follows git's "last matching pattern wins".
type ignoreRule struct {
	match   *gitignore.GitIgnore // nil when simple decides
	simple  simplePattern
	negate  bool
	dirOnly bool
}

// simplePattern is a pattern line that needs no regular expression: a
// plain name ("pkg", "/spec/fixtures" is not one: it has an inner slash)
// or a star followed by a plain suffix ("*.swp"), optionally anchored by a
// leading slash. Most .gitignore lines are of this kind, and compiling and
// running the library's regexps for them was most of the time spent on
// .gitignore files.
type simplePattern struct {
	name     string // the plain name, or the suffix after '*'
	star     bool   // name is a suffix: the pattern was "*" + name
	anchored bool   // only the first path component can match
}

// compileSimple returns the simplePattern for line, if it is one.
func compileSimple(line string) (simplePattern, bool) {
	var p simplePattern
	if rest, ok := strings.CutPrefix(line, "/"); ok {
		p.anchored, line = true, rest
	}
	if rest, ok := strings.CutPrefix(line, "*"); ok {
		p.star, line = true, rest
	}
	if line == "" {
		return p, false
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return p, false
		}
	}
	p.name = line
	return p, true
}

// matches reports whether the slash-separated relative path rel matches,
// with the library's semantics: a whole path component (the first one
// when anchored) equals the name, or ends with it for a star pattern.
func (p simplePattern) matches(rel string) bool {
	for {
		comp, rest, more := strings.Cut(rel, "/")
		if p.star && strings.HasSuffix(comp, p.name) || !p.star && comp == p.name {
			return true
		}
		if !more || p.anchored {
			return false
		}
		rel = rest
	}
}

// matchesPath reports whether r's pattern matches rel.
func (r *ignoreRule) matchesPath(rel string) bool {
	if r.match == nil {
		return r.simple.matches(rel)
	}
	return r.match.MatchesPath(rel)
}

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
		// Escape a leading '!' or '#' again so the library keeps it literal.
		if line[0] == '!' || line[0] == '#' {
			line = `\` + line
		}
		if sp, ok := compileSimple(line); ok {
			r.simple = sp
		} else {
			r.match = gitignore.CompileIgnoreLines(line)
		}
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
