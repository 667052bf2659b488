// Package hiera reads Hiera 5 configuration (hiera.yaml) and Hiera data
// files (YAML, JSON, eyaml) with the position of every key, and says which
// data files a configuration's hierarchy can reach. It does not evaluate
// lookups: interpolations in hierarchy paths stand for any text, so a
// pattern reaches every file some node could read through it.
//
// YAML is read with go.yaml.in/yaml/v3's node API, which keeps the line
// and column of every key and value and the comments around them; JSON
// data is checked with encoding/json (as strict as Puppet's json_data)
// and then read the same way for positions.
package hiera

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
	yaml "go.yaml.in/yaml/v3"
)

// ConfigFileName is the name of a layer's configuration file, at the root
// of an environment or a module.
const ConfigFileName = "hiera.yaml"

// Problem is something wrong with a configuration or data file, at a
// position in it.
type Problem struct {
	Span    parser.Span
	Message string
	// Detail says why, in Puppet's words where it has some, and the fix.
	Detail string
	// Warning is set for what Puppet accepts or ignores with a warning (a
	// version 4 configuration, a version 3 one at a layer's root).
	Warning bool
}

// Config is a parsed hiera.yaml.
type Config struct {
	// Syntax holds the file's source, line index and comments.
	Syntax *parser.File
	// Version is the version key's value, 0 when absent or unreadable.
	Version int
	// Levels are the hierarchy's entries (of hierarchy and, in a module,
	// default_hierarchy) for a version 5 configuration.
	Levels []Level
	// PlanLevels are the entries of an environment's plan_hierarchy, which
	// Bolt reads for lookups in plans outside apply blocks; HasPlanHierarchy
	// is set when the file has the key.
	PlanLevels       []Level
	HasPlanHierarchy bool
	// Problems are the file's syntax errors and what Puppet rejects or
	// warns about in its structure.
	Problems []Problem
	// Interpolations are the %{...} of the file's values (hierarchy
	// paths, datadir, options), in source order.
	Interpolations []Interpolation
}

// Level is one entry of a hierarchy.
type Level struct {
	Name     string
	NameSpan parser.Span
	// Kind is the backend's kind: data_hash, lookup_key or data_dig
	// (from the entry or the defaults).
	Kind string
	// Backend is the function reading the data: yaml_data, json_data,
	// eyaml_lookup_key, or another function.
	Backend     string
	BackendSpan parser.Span
	// Datadir is the entry's data directory relative to the
	// configuration's directory ('/' separators, cleaned).
	Datadir string
	// Patterns are the data file paths relative to Datadir, from path,
	// paths, glob, globs or mapped_paths' template; Glob is set for glob
	// and globs.
	Patterns []string
	Glob     bool
	// Default is set for an entry of a module's default_hierarchy.
	Default bool

	// matchers returns the Patterns, joined to Datadir, as regular
	// expressions, compiled on first use: a configuration read for its
	// layers' data keys or problems never matches a path.
	matchers func() []*regexp.Regexp
}

// compiled returns the level's matchers.
func (l Level) compiled() []*regexp.Regexp {
	if l.matchers == nil {
		return nil
	}
	return l.matchers()
}

// levelMatchers returns the matchers of the patterns of a level with data
// directory datadir, compiled on first use.
func levelMatchers(datadir string, patterns []string, glob bool) func() []*regexp.Regexp {
	return sync.OnceValue(func() []*regexp.Regexp {
		out := make([]*regexp.Regexp, len(patterns))
		for i, p := range patterns {
			out[i] = patternRegexp(path.Join(datadir, p), glob)
		}
		return out
	})
}

// Format is the format of the data files a level reads, "" for a backend
// whose files ducklint cannot read (a custom function, hocon_data).
func (l Level) Format() Format {
	switch l.Backend {
	case "yaml_data":
		return YAML
	case "json_data":
		return JSON
	case "eyaml_lookup_key":
		return EYAML
	}
	return ""
}

// Format is a data file's format.
type Format string

// The data formats ducklint reads.
const (
	YAML  Format = "yaml"
	JSON  Format = "json"
	EYAML Format = "eyaml"
)

// BuiltinBackends are the backend functions every Puppet 7 installation
// has (eyaml_lookup_key needs the hiera-eyaml gem, which is how every
// site using eyaml runs), by kind.
var builtinBackends = map[string]string{
	"yaml_data": "data_hash", "json_data": "data_hash", "hocon_data": "data_hash",
	"eyaml_lookup_key": "lookup_key",
}

// IsBuiltinBackend reports whether name is a backend function Puppet
// ships (or hiera-eyaml adds).
func IsBuiltinBackend(name string) bool { _, ok := builtinBackends[name]; return ok }

var (
	topKeys   = []string{"version", "defaults", "hierarchy", "plan_hierarchy", "default_hierarchy"}
	funcKeys  = []string{"data_hash", "lookup_key", "data_dig", "hiera3_backend"}
	locKeys   = []string{"path", "paths", "glob", "globs", "uri", "uris", "mapped_paths"}
	entryKeys = slices.Concat([]string{"name", "options", "datadir"}, funcKeys, locKeys)
	defKeys   = []string{"data_hash", "lookup_key", "data_dig", "datadir", "options"}
)

// ParseConfig parses the hiera.yaml at file (the path reported) with
// content src. module is set for a module's layer, where
// default_hierarchy is allowed.
func ParseConfig(file string, src []byte, module bool) *Config {
	c := &Config{}
	doc, syn, prob := parseYAML(file, src)
	c.Syntax = syn
	if prob != nil {
		c.Problems = append(c.Problems, *prob)
		return c
	}
	root := docRoot(doc)
	if root == nil || root.Kind != yaml.MappingNode {
		// Puppet: "File exists but does not contain a valid YAML hash.
		// Falling back to Hiera version 3 default config".
		c.problemD(syn, root, "hiera.yaml is not a YAML hash", "Puppet falls back to the Hiera 3 default configuration, which ducklint does not read.")
		return c
	}
	mapped := mappedVariables(root)
	c.Interpolations = slices.DeleteFunc(interpolations(syn, root, make([]Interpolation, 0, bytes.Count(src, []byte("%{")))), func(in Interpolation) bool { return mapped[in.Expr] })
	layer := "the environment root"
	if module {
		layer = "module root"
	}
	// Puppet ignores a version 3 configuration at an environment's or a
	// module's root (only the global layer may be version 3), with a
	// warning: the layer's data is not used.
	ignored := fmt.Sprintf("Puppet 7: \"hiera.yaml version 3 found at %s was ignored\": the layer's data is not used. Convert it to version 5.", layer)
	ver := mapValue(root, "version")
	if ver == nil {
		c.Problems = append(c.Problems, Problem{Span: span(syn, root), Warning: true,
			Message: "hiera.yaml has no version key: a Hiera 3 configuration, which Puppet ignores here", Detail: ignored})
		return c
	}
	if ver.Kind != yaml.ScalarNode || ver.Tag != "!!int" {
		c.problem(syn, ver, fmt.Sprintf("version must be an integer, not %q", ver.Value))
		return c
	}
	if v, err := strconv.Atoi(ver.Value); err == nil {
		c.Version = v
	}
	switch c.Version {
	case 5:
	case 3:
		c.Problems = append(c.Problems, Problem{Span: span(syn, ver), Warning: true,
			Message: "Hiera 3 configuration, which Puppet ignores here", Detail: ignored})
		return c
	case 4:
		c.Problems = append(c.Problems, Problem{Span: span(syn, ver), Warning: true,
			Message: "Hiera 4 configuration", Detail: "Puppet 7 deprecates it and ducklint does not read its data; convert it to version 5."})
		return c
	default:
		c.problem(syn, ver, fmt.Sprintf("unsupported Hiera version %d: Puppet accepts 3, 4 and 5", c.Version))
		return c
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i]
		if !slices.Contains(topKeys, k.Value) {
			c.problemD(syn, k, fmt.Sprintf("unrecognized key %q in hiera.yaml", k.Value),
				"Puppet: the Lookup Configuration has wrong type. Expected one of "+strings.Join(topKeys, ", ")+".")
		}
	}
	datadir, kind, backend := "data", "", ""
	var backendNode *yaml.Node
	if d := mapValue(root, "defaults"); d != nil {
		if d.Kind != yaml.MappingNode {
			c.problem(syn, d, "defaults must be a hash")
		} else {
			c.checkKeys(syn, d, defKeys, "defaults")
			if v := c.stringValue(syn, d, "datadir"); v != "" {
				datadir = v
			}
			kind, backend, backendNode = c.function(syn, d)
		}
	}
	if !module {
		if d := mapValue(root, "default_hierarchy"); d != nil {
			c.problem(syn, mapKey(root, "default_hierarchy"), "default_hierarchy is only allowed in a module's hiera.yaml")
		}
	}
	for _, key := range []string{"hierarchy", "default_hierarchy"} {
		h := mapValue(root, key)
		if h == nil || (key == "default_hierarchy" && !module) {
			continue
		}
		if h.Kind != yaml.SequenceNode {
			c.problem(syn, h, key+" must be an array of hierarchy entries")
			continue
		}
		names := map[string]bool{}
		for _, e := range h.Content {
			c.level(syn, e, key == "default_hierarchy", datadir, kind, backend, backendNode, names)
		}
	}
	if h := mapValue(root, "plan_hierarchy"); h != nil && !module {
		c.HasPlanHierarchy = true
		if h.Kind != yaml.SequenceNode {
			c.problem(syn, h, "plan_hierarchy must be an array of hierarchy entries")
		} else {
			levels := c.Levels
			c.Levels = nil
			names := map[string]bool{}
			for _, e := range h.Content {
				c.level(syn, e, false, datadir, kind, backend, backendNode, names)
			}
			c.PlanLevels, c.Levels = c.Levels, levels
		}
	}
	if mapValue(root, "hierarchy") == nil {
		// Puppet's default hierarchy: common.yaml with the defaults.
		if backend == "" {
			kind, backend = "data_hash", "yaml_data"
		}
		c.Levels = append(c.Levels, Level{Name: "Common", Kind: kind, Backend: backend, BackendSpan: span(syn, backendNode),
			Datadir: path.Clean(datadir), Patterns: []string{"common.yaml"},
			matchers: levelMatchers(path.Clean(datadir), []string{"common.yaml"}, false)})
	}
	return c
}

// level reads one hierarchy entry.
func (c *Config) level(syn *parser.File, e *yaml.Node, dflt bool, datadir, kind, backend string, backendNode *yaml.Node, names map[string]bool) {
	if e.Kind != yaml.MappingNode {
		c.problem(syn, e, "a hierarchy entry must be a hash")
		return
	}
	c.checkKeys(syn, e, entryKeys, "hierarchy entry")
	l := Level{Default: dflt}
	if n := mapValue(e, "name"); n == nil || n.Kind != yaml.ScalarNode || n.Value == "" {
		c.problem(syn, e, "hierarchy entry without a name")
	} else {
		l.Name, l.NameSpan = n.Value, span(syn, n)
		if names[n.Value] {
			c.problem(syn, n, fmt.Sprintf("hierarchy name %q defined more than once", n.Value))
		}
		names[n.Value] = true
	}
	if k, b, bn := c.function(syn, e); b != "" {
		kind, backend, backendNode = k, b, bn
	}
	if backend == "" {
		// Puppet 7 reads such a level with yaml_data (checked with
		// `puppet lookup --explain` on a module whose hiera.yaml names
		// no backend, as voxpupuli's selinux and php modules do).
		kind, backend = "data_hash", "yaml_data"
	}
	l.Kind, l.Backend, l.BackendSpan = kind, backend, span(syn, backendNode)
	if d := c.stringValue(syn, e, "datadir"); d != "" {
		datadir = d
	}
	l.Datadir = path.Clean(datadir)
	var locs []string
	for i := 0; i+1 < len(e.Content); i += 2 {
		if slices.Contains(locKeys, e.Content[i].Value) {
			locs = append(locs, e.Content[i].Value)
		}
	}
	if len(locs) > 1 {
		c.problem(syn, mapKey(e, locs[1]), fmt.Sprintf("hierarchy entry %s has both %s and %s: only one of %s is allowed", quote(l.Name), locs[0], locs[1], strings.Join(locKeys, ", ")))
	}
	for _, loc := range locs {
		v := mapValue(e, loc)
		switch loc {
		case "path", "glob":
			if s := c.nonEmpty(syn, v, loc); s != "" {
				l.Patterns = append(l.Patterns, s)
			}
		case "paths", "globs":
			if v.Kind != yaml.SequenceNode || len(v.Content) == 0 {
				c.problem(syn, v, loc+" must be a non-empty array of strings")
				continue
			}
			for _, p := range v.Content {
				if s := c.nonEmpty(syn, p, loc); s != "" {
					l.Patterns = append(l.Patterns, s)
				}
			}
		case "mapped_paths":
			if v.Kind != yaml.SequenceNode || len(v.Content) != 3 {
				c.problem(syn, v, "mapped_paths must be an array of three strings: the fact, the variable, the path template")
				continue
			}
			if s := c.nonEmpty(syn, v.Content[2], loc); s != "" {
				l.Patterns = append(l.Patterns, s)
			}
		}
		l.Glob = loc == "glob" || loc == "globs"
	}
	l.matchers = levelMatchers(l.Datadir, slices.Clone(l.Patterns), l.Glob)
	c.Levels = append(c.Levels, l)
}

// function returns the backend function named in a hash (an entry or the
// defaults), checking that at most one is.
func (c *Config) function(syn *parser.File, m *yaml.Node) (kind, name string, node *yaml.Node) {
	for _, k := range funcKeys {
		v := mapValue(m, k)
		if v == nil {
			continue
		}
		if name != "" {
			c.problem(syn, mapKey(m, k), fmt.Sprintf("both %s and %s are set: only one backend function is allowed", kind, k))
			continue
		}
		if k == "hiera3_backend" {
			c.problem(syn, v, "hiera3_backend: ducklint does not read Hiera 3 backends' data")
		}
		kind, name, node = k, c.nonEmpty(syn, v, k), v
	}
	return kind, name, node
}

func (c *Config) checkKeys(syn *parser.File, m *yaml.Node, allowed []string, where string) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if !slices.Contains(allowed, k.Value) {
			c.problemD(syn, k, fmt.Sprintf("unrecognized key %q in %s", k.Value, where),
				"Puppet: the Lookup Configuration has wrong type. Expected one of "+strings.Join(allowed, ", ")+".")
		}
	}
}

func (c *Config) stringValue(syn *parser.File, m *yaml.Node, key string) string {
	v := mapValue(m, key)
	if v == nil {
		return ""
	}
	return c.nonEmpty(syn, v, key)
}

func (c *Config) nonEmpty(syn *parser.File, v *yaml.Node, key string) string {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!str" || v.Value == "" {
		c.problem(syn, v, key+" must be a non-empty string")
		return ""
	}
	return v.Value
}

func (c *Config) problem(syn *parser.File, n *yaml.Node, msg string) {
	c.problemD(syn, n, msg, "Puppet rejects the configuration: every lookup through this layer fails.")
}

func (c *Config) problemD(syn *parser.File, n *yaml.Node, msg, detail string) {
	c.Problems = append(c.Problems, Problem{Span: span(syn, n), Message: msg, Detail: detail})
}

func quote(s string) string {
	if s == "" {
		return "(unnamed)"
	}
	return fmt.Sprintf("%q", s)
}

// ReachesLiterally reports whether the level names the data file at rel
// (relative to the configuration's directory) by a path without
// interpolations or wildcards: every node reads it, not only those whose
// facts or data make a pattern name it.
func (l Level) ReachesLiterally(rel string) bool {
	if l.Glob {
		return false
	}
	for _, p := range l.Patterns {
		if !strings.Contains(p, "%{") && path.Join(l.Datadir, p) == rel {
			return true
		}
	}
	return false
}

// Reaches reports whether the level can read the data file at rel (its
// path relative to the configuration's directory, '/' separators), some
// interpolation in its patterns standing for any text.
func (l Level) Reaches(rel string) bool {
	for _, m := range l.compiled() {
		if m.MatchString(rel) {
			return true
		}
	}
	return false
}

// patternRegexp turns a hierarchy path (or glob) into a regular
// expression matching every path it can stand for: an interpolation
// %{...} is any text (facts like a role name may hold '/'); in a glob,
// * and ? do not cross '/', ** does, and {a,b} and [...] are Ruby's.
func patternRegexp(p string, glob bool) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	depth := 0 // inside {...} of a glob
	for i := 0; i < len(p); i++ {
		ch := p[i]
		if ch == '%' && i+1 < len(p) && p[i+1] == '{' {
			if end := strings.IndexByte(p[i:], '}'); end > 0 {
				b.WriteString(".*")
				i += end
				continue
			}
		}
		if !glob {
			b.WriteString(regexp.QuoteMeta(string(ch)))
			continue
		}
		switch ch {
		case '*':
			if i+1 < len(p) && p[i+1] == '*' {
				b.WriteString(".*")
				i++
				if i+1 < len(p) && p[i+1] == '/' {
					b.WriteString("/?")
					i++
				}
			} else {
				b.WriteString("[^/]*")
			}
		case '?':
			b.WriteString("[^/]")
		case '{':
			depth++
			b.WriteString("(?:")
		case '}':
			if depth > 0 {
				depth--
				b.WriteString(")")
			} else {
				b.WriteString(`\}`)
			}
		case ',':
			if depth > 0 {
				b.WriteString("|")
			} else {
				b.WriteString(",")
			}
		case '[':
			if end := strings.IndexByte(p[i+1:], ']'); end >= 0 {
				class := p[i+1 : i+1+end]
				class = strings.Replace(class, "!", "^", 1)
				b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
				i += end + 1
			} else {
				b.WriteString(`\[`)
			}
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	for ; depth > 0; depth-- {
		b.WriteString(")")
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return regexp.MustCompile(`^` + regexp.QuoteMeta(p) + `$`) // a malformed class: the text itself
	}
	return re
}

// mappedVariables returns the variables that mapped_paths entries below n
// bind ([hash, variable, template]): a template's %{variable} is the
// element of the hash's value, not a variable of Puppet's scope.
func mappedVariables(n *yaml.Node) map[string]bool {
	out := map[string]bool{}
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		if mp := mapValue(n, "mapped_paths"); mp != nil && mp.Kind == yaml.SequenceNode && len(mp.Content) == 3 {
			out[mp.Content[1].Value] = true
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	return out
}

// Rank returns where in the hierarchy the data file at rel (relative to
// the configuration's directory, '/' separators) is read: first is the
// earliest position of a level that can read it, literal the earliest
// that names it literally (every node reads it there), -1 for none. A
// position is a level's index, then its path's: a lower one is searched
// first, so its value wins a first-found lookup.
func (c *Config) Rank(rel string) (first, literal int) {
	first, literal = -1, -1
	for i, l := range c.Levels {
		if l.Format() == "" {
			continue
		}
		for j, m := range l.compiled() {
			if first < 0 && m.MatchString(rel) {
				first = rank(i, j)
			}
		}
		if literal >= 0 || l.Glob {
			continue
		}
		for j, p := range l.Patterns {
			if !strings.Contains(p, "%{") && path.Join(l.Datadir, p) == rel {
				literal = rank(i, j)
				break
			}
		}
	}
	return first, literal
}

// rank is the position of path j of level i (the matchers are the
// level's paths, one for one).
func rank(i, j int) int {
	const perLevel = 1 << 16
	return i*perLevel + min(j, perLevel-1)
}
