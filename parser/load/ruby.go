package load

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Custom facts are found with a light regular expression, not a Ruby
// parser. Types and functions need no reading at all: Puppet's autoloader
// finds them by path, so the path is their name.
var reFacterAdd = regexp.MustCompile(`Facter\.add\(\s*(?::(\w+)|'([^']*)'|"([^"]*)")`)

// rubyDefs are the Ruby extensions found under one lib/ directory.
type rubyDefs struct {
	types, functions, facts []Defined
}

// scanModulesRuby scans the modules' lib/ directories, l.jobs at a time.
func (l *loader) scanModulesRuby(mods []*Module) {
	sem := make(chan struct{}, l.jobs)
	var wg sync.WaitGroup
	for _, m := range mods {
		l.lay.mu.Lock()
		dir := l.lay.abs[m]
		l.lay.mu.Unlock()
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			d := l.scanRuby(dir)
			m.RubyTypes, m.RubyFunctions, m.Facts = d.types, d.functions, d.facts
		})
	}
	wg.Wait()
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
		d.functions = append(d.functions, Defined{Name: name, File: l.rel(c)})
	}
	for _, c := range l.rubyFiles(filepath.Join(lib, "puppet", "parser", "functions"), walkRubyFlat) {
		name := strings.TrimSuffix(filepath.Base(c), ".rb")
		d.functions = append(d.functions, Defined{Name: name, File: l.rel(c)})
	}
	for _, c := range l.rubyFiles(filepath.Join(lib, "facter"), walkRuby) {
		src, err := readFile(c)
		if err != nil {
			l.problem(c, fmt.Errorf("cannot read file: %w", pathError(err)))
			continue
		}
		for _, m := range reFacterAdd.FindAllSubmatchIndex(src, -1) {
			var name string
			for g := 1; g <= 3; g++ {
				if m[2*g] >= 0 {
					name = string(src[m[2*g]:m[2*g+1]])
				}
			}
			line := 1 + bytes.Count(src[:m[0]], []byte("\n"))
			d.facts = append(d.facts, Defined{Name: name, File: l.rel(c), Line: line})
		}
	}
	sortDefined(d.types)
	sortDefined(d.functions)
	sortDefined(d.facts)
	return d
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
