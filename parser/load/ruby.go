package load

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/internal/par"
)

// Custom facts are found with a light regular expression, not a Ruby
// parser. Types and functions are named by their path, as Puppet's
// autoloader finds them; a function's file is read only for the variables
// it sets and the classes it declares (see scanFunction).
var reFacterAdd = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`Facter\.add\(\s*(?::(\w+)|'([^']*)'|"([^"]*)")`) })

// rubyDefs are the Ruby extensions found under one lib/ directory.
type rubyDefs struct {
	types, functions, facts []Defined
}

// scanModulesRuby scans the modules' lib/ directories and reads their
// dependency files, with l.jobs workers: most modules have little or none
// of either, too little to be worth a goroutine each.
func (l *loader) scanModulesRuby(mods []*Module) {
	par.For(len(mods), l.jobs, func(i int) {
		m := mods[i]
		l.lay.mu.Lock()
		dir := l.lay.abs[m]
		l.lay.mu.Unlock()
		d := l.scanRuby(dir)
		m.RubyTypes, m.RubyFunctions, m.Facts = d.types, d.functions, d.facts
		m.Dependencies = l.readDependencies(dir)
	})
}

// scanEnvRuby scans the environment's own lib/ directory.
func (l *loader) scanEnvRuby(e *Environment) {
	d := l.scanRuby(l.lay.envInfo(e).dir)
	e.RubyTypes, e.RubyFunctions, e.Facts = d.types, d.functions, d.facts
}

// scanRuby finds resource types (lib/puppet/type/*.rb), functions
// (lib/puppet/functions/**/*.rb, namespaced by directory, and
// lib/puppet/parser/functions/*.rb) and custom facts (Facter.add in
// lib/facter/**/*.rb) under dir.
func (l *loader) scanRuby(dir string) rubyDefs {
	var d rubyDefs
	lib := filepath.Join(dir, "lib")
	if !l.lay.entryTest(dir)("lib", true) {
		return d
	}
	for _, c := range l.rubyFiles(filepath.Join(lib, "puppet", "type"), walkRubyFlat) {
		name := strings.TrimSuffix(filepath.Base(c), ".rb")
		d.types = append(d.types, Defined{Name: name, File: l.rel(c)})
	}
	fnDir := filepath.Join(lib, "puppet", "functions")
	for _, c := range l.rubyFiles(fnDir, walkRuby) {
		rel, _ := relUnder(fnDir, c)
		name := strings.ReplaceAll(strings.TrimSuffix(rel, ".rb"), "/", "::")
		d.functions = append(d.functions, l.function(name, c))
	}
	for _, c := range l.rubyFiles(filepath.Join(lib, "puppet", "parser", "functions"), walkRubyFlat) {
		name := strings.TrimSuffix(filepath.Base(c), ".rb")
		d.functions = append(d.functions, l.function(name, c))
	}
	for _, c := range l.rubyFiles(filepath.Join(lib, "facter"), walkRuby) {
		facts, err := derive(l, "facts", c, scanFacts, encodeFacts, decodeFacts)
		if err != nil {
			l.problem(c, fmt.Errorf("cannot read file: %w", pathError(err)))
			continue
		}
		for _, f := range facts {
			f.File = l.rel(c)
			d.facts = append(d.facts, f)
		}
	}
	sortDefined(d.types)
	sortDefined(d.functions)
	sortDefined(d.facts)
	return d
}

// function returns the Defined entry of the Ruby function name in file
// path, with what its source sets and declares.
func (l *loader) function(name, path string) Defined {
	d := Defined{Name: name, File: l.rel(path)}
	effects, err := derive(l, "function", path, scanFunctionEffects, encodeFunctionEffects, decodeFunctionEffects)
	if err != nil {
		l.problem(path, fmt.Errorf("cannot read file: %w", pathError(err)))
		return d
	}
	d.Sets, d.Declares = effects.sets, effects.declares
	return d
}

// scanFacts returns the facts a Ruby file adds with Facter.add, with their
// lines; File is left for the caller.
func scanFacts(src []byte) []Defined {
	var out []Defined
	for _, m := range reFacterAdd().FindAllSubmatchIndex(src, -1) {
		var name string
		for g := 1; g <= 3; g++ {
			if m[2*g] >= 0 {
				name = string(src[m[2*g]:m[2*g+1]])
			}
		}
		line := 1 + bytes.Count(src[:m[0]], []byte("\n"))
		out = append(out, Defined{Name: name, Line: line})
	}
	return out
}

func encodeFacts(facts []Defined) []byte {
	var b []byte
	b = binary.AppendUvarint(b, uint64(len(facts)))
	for _, f := range facts {
		b = appendStrings(b, []string{f.Name})
		b = binary.AppendUvarint(b, uint64(f.Line))
	}
	return b
}

func decodeFacts(b []byte) ([]Defined, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)) {
		return nil, errBadMemo
	}
	b = b[k:]
	var out []Defined
	for range n {
		name, rest, err := readStrings(b)
		if err != nil || len(name) != 1 {
			return nil, errBadMemo
		}
		line, k := binary.Uvarint(rest)
		if k <= 0 {
			return nil, errBadMemo
		}
		b = rest[k:]
		out = append(out, Defined{Name: name[0], Line: int(line)})
	}
	if len(b) != 0 {
		return nil, errBadMemo
	}
	return out, nil
}

// functionEffects are what a Ruby function's source sets and declares
// (see scanFunction).
type functionEffects struct {
	sets, declares []string
}

func scanFunctionEffects(src []byte) functionEffects {
	sets, declares := scanFunction(src)
	return functionEffects{sets: sets, declares: declares}
}

func encodeFunctionEffects(e functionEffects) []byte {
	return appendStrings(appendStrings(nil, e.sets), e.declares)
}

func decodeFunctionEffects(b []byte) (functionEffects, error) {
	sets, rest, err := readStrings(b)
	if err != nil {
		return functionEffects{}, err
	}
	declares, rest, err := readStrings(rest)
	if err != nil || len(rest) != 0 {
		return functionEffects{}, errBadMemo
	}
	return functionEffects{sets: sets, declares: declares}, nil
}

// A Ruby function's effects on the catalog are found with light regular
// expressions, not a Ruby parser, in one pass each over the file: a tree
// may hold thousands of function files.
var (
	// reScopeVar is an assignment to a variable of a scope object:
	// scope['x'] = ..., closure_scope["x"] = ..., self['x'] = ... (a 3.x
	// function runs as its calling scope); not ==, =~ or =>.
	reScopeVar = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:\w*scope|self)\s*\[\s*(?:'(?:::)?([a-z_]\w*)'|"(?:::)?([a-z_]\w*)")\s*\]\s*=(?:[^=~>]|$)`)
	})
	// reSetvar is scope.setvar('x', ...), compiler.topscope.setvar("x", ...)
	// or a 3.x function's bare setvar('x', ...).
	reSetvar = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\bsetvar\(?\s*(?:'(?:::)?([a-z_]\w*)'|"(?:::)?([a-z_]\w*)")`)
	})
	// reDeclare is a call that declares classes; the group is the rest of
	// the line, starting with the class name argument.
	reDeclare = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:call_function\(\s*['"](?:include|require|contain)['"]\s*,\s*|function_(?:include|require|contain)\(?\s*\[?\s*)([^\n]*)`)
	})
	// reClassPrefix is a class name argument built from a literal prefix
	// and a computed rest: 'role::' + x, "role::" + x or "role::#{x}";
	// reClassVar a local variable (rolename = 'role::' + x).
	reClassPrefix = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:'(?:::)?([a-z][\w:]*)'\s*\+|"(?:::)?([a-z][\w:]*)"\s*\+|"(?:::)?([a-z][\w:]*)#\{)`)
	})
	reClassVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([a-z_]\w*)\s*(?:[,)\]]|$)`) })
	// reLocalAssign is a local variable assigned a class name built from a
	// literal prefix; the second group is the value, matched by reClassPrefix.
	reLocalAssign = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b([a-z_]\w*)\s*=\s*((?:'(?:::)?[a-z][\w:]*'\s*\+|"(?:::)?[a-z][\w:]*"\s*\+|"(?:::)?[a-z][\w:]*#\{))`)
	})
)

// scanFunction returns the variables a Ruby function's source sets in a
// Puppet scope and the class name patterns it declares for its argument, each sorted and
// without duplicates. The expressions run only on the lines holding a
// keyword, found with bytes.Index: running them over whole files was 40 MB/s,
// a tenth of a second of CPU for a tree with a few thousand function files.
func scanFunction(src []byte) (sets, declares []string) {
	addSets := func(re *regexp.Regexp, line []byte) {
		for _, m := range re.FindAllSubmatch(line, -1) {
			sets = append(sets, string(firstGroup(m)))
		}
	}
	// A scope variable's name is a string literal in brackets; '[' is
	// rarer in Ruby than the first letters of scope and self.
	for _, kw := range []string{"['", `["`, "[ "} {
		eachLineWith(src, kw, func(line []byte) {
			if bytes.Contains(line, []byte("scope")) || bytes.Contains(line, []byte("self")) {
				addSets(reScopeVar(), line)
			}
		})
	}
	eachLineWith(src, "setvar", func(line []byte) { addSets(reSetvar(), line) })
	var locals map[string]string // variable -> class pattern, found on first use
	for _, kw := range []string{"call_function", "function_include", "function_require", "function_contain"} {
		eachLineWith(src, kw, func(line []byte) {
			for _, m := range reDeclare().FindAllSubmatch(line, -1) {
				arg := bytes.TrimSpace(m[1])
				if p := classPattern(arg); p != "" {
					declares = append(declares, p)
					continue
				}
				v := reClassVar().FindSubmatch(arg)
				if v == nil {
					continue
				}
				if locals == nil {
					locals = localClassPatterns(src)
				}
				if p := locals[string(v[1])]; p != "" {
					declares = append(declares, p)
				}
			}
		})
	}
	slices.Sort(sets)
	slices.Sort(declares)
	return slices.Compact(sets), slices.Compact(declares)
}

// eachLineWith calls f once with each line of src that holds keyword.
func eachLineWith(src []byte, keyword string, f func(line []byte)) {
	kw := []byte(keyword)
	for off := 0; ; {
		i := bytes.Index(src[off:], kw)
		if i < 0 {
			return
		}
		i += off
		start := bytes.LastIndexByte(src[:i], '\n') + 1
		end := len(src)
		if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
			end = i + j
		}
		f(src[start:end])
		off = end
	}
}

// classPattern returns the class name pattern of a call's argument text:
// "prefix%s" for a literal prefix and a computed rest (the function's
// argument, as far as a light scan can tell), or "". A literal class name
// is no pattern: it does not depend on the call.
func classPattern(arg []byte) string {
	if m := reClassPrefix().FindSubmatch(arg); m != nil {
		return string(firstGroup(m)) + "%s"
	}
	return ""
}

// localClassPatterns returns the class name patterns assigned to local
// variables in src (rolename = 'role::' + role). A variable assigned more
// than once keeps its last pattern.
func localClassPatterns(src []byte) map[string]string {
	out := map[string]string{}
	for _, m := range reLocalAssign().FindAllSubmatch(src, -1) {
		if p := classPattern(m[2]); p != "" {
			out[string(m[1])] = p
		}
	}
	return out
}

// firstGroup returns the first submatch group that matched.
func firstGroup(m [][]byte) []byte {
	for _, g := range m[1:] {
		if g != nil {
			return g
		}
	}
	return nil
}

// rubyFiles lists the .rb files under dir, sorted, or none if dir does
// not exist.
func (l *loader) rubyFiles(dir string, walk int) []string {
	if !l.exists(dir, true) {
		return nil
	}
	var out []string
	for _, c := range dedupe(l.walk(dir, walk)) {
		out = append(out, c.abs)
	}
	slices.Sort(out)
	return out
}

func sortDefined(ds []Defined) {
	slices.SortFunc(ds, func(a, b Defined) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
}
