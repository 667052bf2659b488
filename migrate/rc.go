package migrate

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// rcOption is one of puppet-lint's fixed command-line options.
type rcOption struct {
	name string // long name, with "-" between words
	arg  bool   // takes a value
}

// rcOptions are the fixed long options of puppet-lint 3.0.1's option
// parser; the per-check --no-<check>-check and --<check>-check are added
// from the known checks.
var rcOptions = []rcOption{
	{"version", false}, {"no-config", false}, {"config", true}, {"with-context", false},
	{"with-filename", false}, {"fail-on-warnings", false}, {"error-level", true},
	{"show-ignored", false}, {"relative", false}, {"load", true}, {"load-from-puppet", true},
	{"fix", false}, {"log-format", true}, {"json", false}, {"sarif", false},
	{"list-checks", false}, {"only-checks", true}, {"ignore-paths", true}, {"help", false},
}

// shortOptions are puppet-lint's one-letter options and their long names.
var shortOptions = map[string]string{"c": "config", "l": "load", "f": "fix", "h": "help"}

// checkOption is the shape of a check's option, --no-<check>-check or
// --<check>-check, for checks init does not know.
var checkOption = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_-]+-check$`) })

// rcReader reads the lines of a .puppet-lint.rc into Settings.
type rcReader struct {
	s      *Settings
	file   string // as shown to the user
	under  string // the target directory relative to the file's, "" when it is the same
	checks []string
}

// ReadRC applies the lines of a .puppet-lint.rc to s as puppet-lint's
// option parser does: each line is one command-line argument, so an
// option and its value are written "--ignore-paths=a,b", or the value is
// the next line. Lines that do not start with "-" are not options and
// puppet-lint passes over them, comments included. file is the file's
// name as shown to the user; under is the target directory relative to
// the file's directory ("" when it is the same). known are check names
// besides puppet-lint's own that abbreviated options may name.
func ReadRC(s *Settings, src []byte, file, under string, known []string) {
	r := &rcReader{s: s, file: file, under: under, checks: knownChecks(known)}
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	s.Read = append(s.Read, file)
	for i := 0; i < len(lines); i++ {
		o := Origin{File: file, Line: i + 1}
		line := lines[i]
		if !strings.HasPrefix(line, "-") {
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "-") {
				s.note(o, line, "puppet-lint ignores this line: an option must start the line, without spaces before it")
			}
			continue
		}
		opt, value, hasValue, err := r.resolve(line)
		if err != nil {
			s.note(o, line, err.Error())
			continue
		}
		if opt.arg && !hasValue {
			if i+1 >= len(lines) {
				s.note(o, line, "puppet-lint stops with an error: the option needs a value (write --"+opt.name+"=VALUE)")
				continue
			}
			i++
			value = lines[i]
		}
		if !opt.arg && hasValue {
			s.note(o, line, "puppet-lint stops with an error: the option takes no value")
			continue
		}
		r.apply(opt, value, line, o)
	}
}

// knownChecks are puppet-lint's checks and extra, for abbreviations.
func knownChecks(extra []string) []string {
	out := slices.Clone(coreChecks)
	for _, c := range extra {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// optionName is how puppet-lint's parser compares option names: "_"
// and "-" are the same.
func optionName(s string) string { return strings.ReplaceAll(s, "_", "-") }

// resolve finds the option a line names: exactly, as --no-<check>-check
// or --<check>-check of any check, or as an unambiguous abbreviation of
// one puppet-lint knows, as its parser accepts.
func (r *rcReader) resolve(line string) (opt rcOption, value string, hasValue bool, err error) {
	if !strings.HasPrefix(line, "--") {
		short := line[1:]
		long, ok := shortOptions[short[:min(1, len(short))]]
		if !ok {
			return opt, "", false, fmt.Errorf("puppet-lint stops with an error: it has no option %s", line)
		}
		for _, o := range rcOptions {
			if o.name == long {
				opt = o
			}
		}
		if rest := strings.TrimPrefix(short[1:], " "); rest != "" {
			return opt, rest, true, nil
		}
		return opt, "", false, nil
	}
	name, value, hasValue := strings.Cut(line[2:], "=")
	norm := optionName(name)
	var candidates []rcOption
	for _, o := range rcOptions {
		candidates = append(candidates, o)
		if o.name == norm {
			return o, value, hasValue, nil
		}
	}
	for _, c := range r.checks {
		off := rcOption{name: "no-" + optionName(c) + "-check"}
		on := rcOption{name: optionName(c) + "-check"}
		switch norm {
		case off.name:
			return rcOption{name: "no-" + c + "-check"}, value, hasValue, nil
		case on.name:
			if slices.Contains(coreChecks, c) && !offByDefault[c] {
				return opt, "", false, fmt.Errorf("puppet-lint stops with an error: it has no option --%s, as %s is on by default", name, c)
			}
			return rcOption{name: c + "-check"}, value, hasValue, nil
		}
		candidates = append(candidates, rcOption{name: "no-" + c + "-check"})
		if offByDefault[c] {
			candidates = append(candidates, rcOption{name: c + "-check"})
		}
	}
	// A check puppet-lint's plugins add, which init does not know. Check
	// names are written with "_", and the parser takes "-" for it.
	if checkOption().MatchString(norm) {
		check := strings.ReplaceAll(norm[:len(norm)-len("-check")], "-", "_")
		if strings.HasPrefix(norm, "no-") {
			return rcOption{name: "no-" + check[len("no_"):] + "-check"}, value, hasValue, nil
		}
		return rcOption{name: check + "-check"}, value, hasValue, nil
	}
	var matches []rcOption
	for _, c := range candidates {
		if strings.HasPrefix(optionName(c.name), norm) {
			matches = append(matches, c)
		}
	}
	switch len(matches) {
	case 1:
		return matches[0], value, hasValue, nil
	case 0:
		return opt, "", false, fmt.Errorf("puppet-lint stops with an error: it has no option --%s", name)
	}
	names := make([]string, len(matches))
	for i, m := range matches {
		names[i] = "--" + m.name
	}
	return opt, "", false, fmt.Errorf("puppet-lint stops with an error: --%s is ambiguous (%s)", name, strings.Join(names, ", "))
}

// apply carries out one option.
func (r *rcReader) apply(opt rcOption, value, line string, o Origin) {
	s := r.s
	switch opt.name {
	case "only-checks":
		s.setOnly(splitList(value), o)
	case "ignore-paths":
		s.setIgnore(splitList(value), o, r.under)
	case "fail-on-warnings":
		s.failOnWarnings = &o
	case "relative":
		s.relative = &o
	case "error-level":
		s.note(o, line, "not carried over: ducklint reports every severity; --fail-on sets which ones fail the run")
	case "log-format", "with-filename", "with-context", "json", "sarif", "show-ignored", "list-checks", "version", "help":
		s.note(o, line, "ignored: an output option; ducklint's output is chosen with -f/--format and --output")
	case "fix":
		s.note(o, line, "not carried over: ducklint fixes with --fix on the command line")
	case "no-config":
		s.note(o, line, "ignored: it matters on puppet-lint's command line only")
	case "config":
		s.note(o, line, "not followed: run ducklint init where that file is, or carry its lines over by hand")
	case "load", "load-from-puppet":
		s.note(o, line, "not carried over: custom puppet-lint checks have no ducklint rule")
	default:
		name := opt.name
		if check, ok := strings.CutPrefix(name, "no-"); ok && strings.HasSuffix(check, "-check") {
			s.check(strings.TrimSuffix(check, "-check"), false, o, line)
		} else {
			s.check(strings.TrimSuffix(name, "-check"), true, o, line)
		}
	}
}

// splitList splits a comma-separated option value, as puppet-lint does
// (it keeps empty items, which match nothing; init drops them).
func splitList(v string) []string {
	var out []string
	for item := range strings.SplitSeq(v, ",") {
		if item != "" {
			out = append(out, item)
		}
	}
	return out
}
