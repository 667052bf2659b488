package migrate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// checksSince are the style checks in puppet-lint's default set that
// came after 3.0.1, with the release that added them. A tree whose
// Gemfile pins an older puppet-lint has never run them, so init leaves
// them off rather than greet the tree with findings its linter never
// reported. (2.4.2 and 3.0.1 define the same checks.)
var checksSince = []struct {
	check   string
	release [3]int
}{
	{"space_before_arrow", [3]int{4, 3, 0}},
}

// rePuppetLintGem matches the puppet-lint gem in a Gemfile (gem
// 'puppet-lint', '2.4.2') with its requirements, and rePuppetLintLocked
// the version a Gemfile.lock resolved it to (4 spaces, "puppet-lint
// (2.4.2)").
// They are compiled on first use, as init alone needs them.
var (
	rePuppetLintGem = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^\s*gem\s*\(?\s*['"]puppet-lint['"]\s*((?:,\s*['"][^'"]*['"]\s*)*)`)
	})
	rePuppetLintLocked = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^    puppet-lint \(([0-9][0-9.]*)\)`) })
	reGemVersionReq    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(~>|>=|<=|!=|>|<|=)?\s*([0-9]+(?:\.[0-9]+){0,2})`) })
)

// readPuppetLintPin turns off the default checks newer than the
// puppet-lint release a Gemfile or Gemfile.lock pins, when its
// requirements allow no release that has them.
func readPuppetLintPin(s *Settings, src []byte, file string) {
	lock := strings.HasSuffix(file, ".lock")
	for i, line := range strings.Split(string(src), "\n") {
		var newest [3]int
		var text string
		if lock {
			m := rePuppetLintLocked().FindStringSubmatch(line)
			if m == nil {
				continue
			}
			newest, text = parseRelease(m[1]), "puppet-lint "+m[1]
		} else {
			m := rePuppetLintGem().FindStringSubmatch(line)
			if m == nil || strings.TrimSpace(m[1]) == "" {
				continue
			}
			var ok bool
			if newest, ok = newestAllowed(m[1]); !ok {
				continue
			}
			text = strings.TrimSpace(line)
		}
		o := Origin{File: file, Line: i + 1}
		for _, c := range checksSince {
			if !before(newest, c.release) {
				continue
			}
			if _, set := s.checks[c.check]; set {
				continue
			}
			s.setCheck(c.check, false, o)
			s.note(o, text, fmt.Sprintf("the tree's puppet-lint is older than %d.%d.%d, which added %s: it stays off", c.release[0], c.release[1], c.release[2], c.check))
		}
		return
	}
}

// newestAllowed returns the newest release the quoted RubyGems
// requirements in reqs allow, when one bounds them from above ("2.4.2",
// "~> 2.4", "< 3"); ok is false when nothing does.
func newestAllowed(reqs string) (newest [3]int, ok bool) {
	newest = [3]int{1 << 30, 0, 0}
	for _, q := range strings.FieldsFunc(reqs, func(r rune) bool { return r == ',' || r == '\'' || r == '"' }) {
		m := reGemVersionReq().FindStringSubmatch(strings.TrimSpace(q))
		if m == nil {
			continue
		}
		v := parseRelease(m[2])
		var bound [3]int
		switch m[1] {
		case "", "=", "<=":
			bound = v
		case "<":
			bound = justBelow(v)
		case "~>":
			parts := strings.Count(m[2], ".")
			switch parts {
			case 0, 1:
				bound = [3]int{v[0] + 1, 0, 0}
			default:
				bound = [3]int{v[0], v[1] + 1, 0}
			}
			bound = justBelow(bound)
		default:
			continue
		}
		if before(bound, newest) {
			newest, ok = bound, true
		}
	}
	return newest, ok
}

// justBelow is a release between every release before v and v itself, for
// comparisons: v with its last part lowered, as far as before() goes.
func justBelow(v [3]int) [3]int {
	switch {
	case v[2] > 0:
		v[2]--
	case v[1] > 0:
		v[1], v[2] = v[1]-1, 1<<30
	default:
		v[0], v[1], v[2] = v[0]-1, 1<<30, 1<<30
	}
	return v
}

// parseRelease parses "2.4.2", "4.3" or "4" into major, minor and patch.
func parseRelease(s string) [3]int {
	var v [3]int
	for i, p := range strings.SplitN(s, ".", 3) {
		n, _ := strconv.Atoi(p)
		v[i] = n
	}
	return v
}

// before reports whether release a comes before b.
func before(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
