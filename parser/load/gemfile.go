package load

import (
	"regexp"
	"strings"
	"sync"
)

// reGemPuppet matches a Gemfile line declaring the puppet gem,
// `gem 'puppet', ...` (parenthesised or not); the rest of the line holds
// its requirements.
var reGemPuppet = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\s*gem\s*\(?\s*['"]puppet['"]\s*(,.*)?$`) })

// reQuoted matches a single- or double-quoted Ruby string without escapes.
var reQuoted = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`'([^'\\]*)'|"([^"\\]*)"`) })

// reGemRequirement matches one RubyGems version requirement ("7.23.0",
// "~> 7.0", ">= 6", "< 8").
var reGemRequirement = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*(~>|>=|<=|!=|>|<|=)?\s*[0-9]+(\.[0-9A-Za-z]+)*\s*$`)
})

// gemfilePuppetRequirement returns the requirements a Gemfile gives the
// puppet gem, joined by ", " as RubyGems writes them ("~> 7.0, >= 7.23"):
// the quoted version requirements on its `gem 'puppet'` line, which may
// read the version from the environment first (`ENV['PUPPET_GEM_VERSION']
// || '7.23.0'`: the literal is the default a checkout runs with). "" when
// the Gemfile declares no puppet gem with a literal requirement, or
// declares it more than once with different ones (a version chosen by a
// condition the Gemfile evaluates at run time).
func gemfilePuppetRequirement(src []byte) string {
	found := ""
	for line := range strings.SplitSeq(string(src), "\n") {
		m := reGemPuppet().FindStringSubmatch(stripRubyComment(line))
		if m == nil {
			continue
		}
		var reqs []string
		for _, q := range reQuoted().FindAllStringSubmatch(m[1], -1) {
			s := q[1] + q[2]
			if reGemRequirement().MatchString(s) {
				reqs = append(reqs, strings.Join(strings.Fields(s), " "))
			}
		}
		if len(reqs) == 0 {
			continue
		}
		req := strings.Join(reqs, ", ")
		if found != "" && found != req {
			return ""
		}
		found = req
	}
	return found
}

// stripRubyComment cuts a trailing `#` comment from a line of Ruby, outside
// quotes.
func stripRubyComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#':
			return line[:i]
		}
	}
	return line
}
