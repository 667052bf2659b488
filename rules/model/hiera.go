package model

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/hiera"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// HieraFile is a parsed Hiera file: a configuration or a data file.
type HieraFile struct {
	// Config is set for a hiera.yaml, Data for a data file.
	Config *hiera.Config
	Data   *hiera.Data
}

// Syntax returns the file's source, lines and comments.
func (h *HieraFile) Syntax() *parser.File {
	if h.Config != nil {
		return h.Config.Syntax
	}
	return h.Data.Syntax
}

// ParseHiera parses the Hiera file lf (Role HieraConfig or HieraData)
// with content src. A configuration loading parsed from the same content
// is used as it is: parsing is a function of the path, the content and
// the layer's kind, which loading checked.
func ParseHiera(lf *load.File, src []byte) *HieraFile {
	if lf.Role == load.HieraConfig {
		if c := lf.ParsedConfig; c != nil && c.Syntax != nil && bytes.Equal(c.Syntax.Src, src) {
			return &HieraFile{Config: c}
		}
		return &HieraFile{Config: hiera.ParseConfig(lf.Path, src, lf.Module != nil)}
	}
	return &HieraFile{Data: hiera.ParseData(lf.Path, src, lf.DataFormat)}
}

// SummarizeHiera returns the summary of a Hiera file: one top-level unit
// mentioning the classes its keys can name (every namespace of a key) and
// the functions a configuration names as backends. A data file mentions
// "lookup" too: it looks keys up, as explicit lookups in code do.
func SummarizeHiera(h *HieraFile) *Summary {
	mentions := map[string]bool{}
	if h.Config != nil {
		for _, l := range h.Config.Levels {
			if l.Backend != "" {
				mentions[strings.ToLower(l.Backend)] = true
			}
		}
	} else {
		mentions["lookup"] = true
		for _, k := range h.Data.Keys {
			name := strings.ToLower(strings.TrimPrefix(k.Name, "::"))
			for i := strings.LastIndex(name, "::"); i > 0; i = strings.LastIndex(name, "::") {
				name = name[:i]
				mentions[name] = true
			}
		}
	}
	return &Summary{Units: []Unit{{Kind: UnitTop, Mentions: sortedKeys(mentions)}}}
}

// LookupFunctions are the functions that look Hiera keys up explicitly.
var lookupFunctions = []string{"lookup", "hiera", "hiera_array", "hiera_hash", "hiera_include"}

// IsLookupFunction reports whether name is a function looking Hiera keys
// up explicitly.
func IsLookupFunction(name string) bool { return slices.Contains(lookupFunctions, name) }

// hieraOnce builds the program's Hiera index on first use.
type hieraOnce struct {
	once sync.Once
	h    *Hiera
}

// Hiera is what the program's Hiera files hold and what its code looks up
// explicitly. Its answers about data depend on every Hiera file and every
// explicit lookup (NeedHieraData).
type Hiera struct {
	p *Program
	// explicit are the keys data looks up by name: keys of
	// interpolations in data and of lookup_options; patterns are
	// lookup_options keys that are regular expressions.
	explicit map[string]bool
	patterns []*regexp.Regexp
	// code is what Puppet code looks up, worked out on first use: only
	// the checks of data files ask, and it reads every file's lookups.
	codeOnce sync.Once
	code     codeLookups
	// options and optionPatterns are the keys, and the patterns, that
	// lookup_options names.
	options        map[string]bool
	optionPatterns []*regexp.Regexp
	// data are the data files holding each top-level key.
	data map[string][]*File
	// broken are the configurations (by path) with a data file Puppet
	// cannot parse: which keys it holds is unknown.
	broken map[string]bool
	// brokenModules are the modules whose layer has such a data file.
	brokenModules map[string]bool
	// envLayers is each environment's hiera.yaml (see EnvironmentLayer).
	envLayers map[*load.Environment]*File
}

// codeLookups are the keys the program's Puppet code looks up explicitly.
type codeLookups struct {
	// explicit are the literal arguments of lookup() and hiera*().
	explicit map[string]bool
	// computed are the patterns of interpolated key arguments
	// ("${module}::x" is ^.*::x$); anyKey are the lookups whose key is
	// computed with no text of its own (lookup($key)): they may ask for
	// any key.
	computed []*regexp.Regexp
	anyKey   []LookupSite
}

// LookupCall is an explicit lookup of a literal key in Puppet code.
type LookupCall struct {
	Call *parser.Call
	// Func is the function called; Key the key (its first segment for a
	// dotted key), written at KeySpan.
	Func    string
	Key     string
	KeySpan parser.Span
	// HasDefault is set when the call gives a default value (a default
	// argument, default_value or default_values_hash, a lambda).
	HasDefault bool
}

// Hiera returns the program's Hiera index, built on first use.
func (p *Program) Hiera() *Hiera {
	p.hiera.once.Do(func() { p.hiera.h = newHiera(p) })
	return p.hiera.h
}

func newHiera(p *Program) *Hiera {
	h := &Hiera{p: p, explicit: map[string]bool{}, options: map[string]bool{}, data: map[string][]*File{}, broken: map[string]bool{}, brokenModules: map[string]bool{},
		envLayers: map[*load.Environment]*File{}}
	for _, f := range p.Files {
		if src := f.Source; src != nil && src.Role == load.HieraConfig && src.Module == nil {
			if _, seen := h.envLayers[src.Env]; !seen {
				h.envLayers[src.Env] = f
			}
		}
		if f.Hiera != nil {
			if d := f.Hiera.Data; d != nil {
				if slices.ContainsFunc(d.Problems, func(pr hiera.Problem) bool { return !pr.Warning }) {
					h.broken[f.Source.HieraConfig] = true
					if f.Source.Module != nil {
						h.brokenModules[f.Source.Module.Name] = true
					}
				}
				for _, k := range d.Keys {
					h.data[k.Name] = append(h.data[k.Name], f)
				}
				for _, r := range d.References {
					h.explicit[r] = true
				}
				for _, o := range d.LookupOptions {
					if strings.HasPrefix(o, "^") {
						if re, err := regexp.Compile(o); err == nil {
							h.patterns = append(h.patterns, re)
							h.optionPatterns = append(h.optionPatterns, re)
						}
						continue
					}
					h.explicit[o] = true
					h.options[o] = true
				}
			}
		}
	}
	return h
}

// lookupCalls returns the calls of lookup functions in f's code.
func (h *Hiera) lookupCalls(f *File) []*parser.Call {
	if f.Hiera != nil {
		return nil
	}
	return f.lookupCalls
}

// codeLooksUp returns what the program's code looks up, worked out on
// first use.
func (h *Hiera) codeLooksUp() *codeLookups {
	h.codeOnce.Do(func() {
		var compiled compiledPatterns
		h.code.explicit = map[string]bool{}
		for _, f := range h.p.Files {
			for _, c := range h.lookupCalls(f) {
				names, _ := lookupNames(c)
				for _, n := range names {
					literal, pattern, ok := lookupKey(n)
					switch {
					case ok:
						h.code.explicit[literal] = true
					case pattern != "":
						h.code.computed = append(h.code.computed, compiled.compile(pattern))
					default:
						h.code.anyKey = append(h.code.anyKey, LookupSite{File: f, Span: n.Span()})
					}
				}
			}
		}
	})
	return &h.code
}

// lookupNames returns the expressions naming the keys that the call c of
// a lookup function looks up, and whether it gives a default value (a
// default argument, default_value or default_values_hash, a lambda, or
// several names, any of which may have data).
func lookupNames(c *parser.Call) (names []parser.Expr, hasDefault bool) {
	if len(c.Args) == 0 {
		return nil, false
	}
	name := c.Args[0]
	hasDefault = c.Lambda != nil
	if c.FuncName() == "lookup" {
		hasDefault = hasDefault || len(c.Args) >= 4
		if opts, ok := name.(*parser.Hash); ok {
			name = hashValue(opts, "name")
			hasDefault = hasDefault || hasOption(opts)
		} else if len(c.Args) == 2 {
			if opts, ok := c.Args[1].(*parser.Hash); ok && hasOption(opts) {
				hasDefault = true
			}
		}
	} else {
		hasDefault = hasDefault || len(c.Args) >= 2
	}
	if a, ok := name.(*parser.Array); ok {
		return a.Elems, hasDefault || len(a.Elems) != 1
	}
	if name != nil {
		names = []parser.Expr{name}
	}
	return names, hasDefault
}

// lookupKey says what key a name expression of a lookup can be: a
// literal key, the source of the pattern of an interpolated one (see
// keyPatternSource), or any key (neither).
func lookupKey(n parser.Expr) (literal string, pattern string, isLiteral bool) {
	switch s := n.(type) {
	case *parser.StringLit:
		return s.Value, "", true
	case *parser.InterpolatedString:
		if src, own := keyPatternSource(s); own {
			return "", src, false
		}
	}
	return "", "", false
}

// lookupSummary returns what the Summary of a unit records of the keys
// that a call of a lookup function looks up (see Unit.Lookups).
func lookupSummary(c *parser.Call) []string {
	names, _ := lookupNames(c)
	var out []string
	for _, n := range names {
		literal, pattern, ok := lookupKey(n)
		switch {
		case ok:
			out = append(out, strings.ToLower(literal))
		case pattern != "":
			out = append(out, "~"+pattern)
		default:
			out = append(out, "*")
		}
	}
	return out
}

// lookupMayAsk reports whether a lookup recorded as entry (see
// Unit.Lookups) may ask for a key of one of the namespaces (lower case):
// a literal key of one of them, an interpolated key, or any key.
func lookupMayAsk(entry string, namespaces map[string]bool) bool {
	if entry == "*" || strings.HasPrefix(entry, "~") {
		return true
	}
	key, _, _ := strings.Cut(strings.TrimPrefix(entry, "::"), ".")
	i := strings.LastIndex(key, "::")
	return i > 0 && namespaces[key[:i]]
}

// hashValue returns the value of a literal string key of a hash.
func hashValue(m *parser.Hash, key string) parser.Expr {
	for _, e := range m.Entries {
		if k, ok := e.Key.(*parser.StringLit); ok && k.Value == key {
			return e.Value
		}
	}
	return nil
}

// hasOption reports whether a lookup options hash gives a default.
func hasOption(m *parser.Hash) bool {
	return hashValue(m, "default_value") != nil || hashValue(m, "default_values_hash") != nil
}

// LookedUp reports whether key is looked up explicitly: by a literal
// name, an interpolated name it can be, an interpolation in data or
// lookup_options.
func (h *Hiera) LookedUp(key string) bool {
	code := h.codeLooksUp()
	if h.explicit[key] || code.explicit[key] {
		return true
	}
	for _, re := range h.patterns {
		if re.MatchString(key) {
			return true
		}
	}
	for _, re := range code.computed {
		if re.MatchString(key) {
			return true
		}
	}
	return false
}

// LookupSite is where code looks a key up.
type LookupSite struct {
	File *File
	Span parser.Span
}

// AnyKey returns the first (by path and position) explicit lookup whose
// key is computed with no text of its own, as in lookup($key): it may ask
// for any key. ok is false when the program has none.
func (h *Hiera) AnyKey() (site LookupSite, ok bool) {
	for _, s := range h.codeLooksUp().anyKey {
		if !ok || s.File.Path < site.File.Path || s.File.Path == site.File.Path && s.Span.Start.Offset < site.Span.Start.Offset {
			site, ok = s, true
		}
	}
	return site, ok
}

// keyPatternSource returns the source of the regular expression matching
// every key the interpolated string s can be: its text, with any text for
// each interpolation; own is false when s has no text of its own.
func keyPatternSource(s *parser.InterpolatedString) (src string, own bool) {
	return interpolationSource(s, func(_ int, v string) (string, bool) { return v, v != "" })
}

// Calls returns the explicit lookups of literal keys in f's code.
func (h *Hiera) Calls(f *File) []LookupCall {
	var out []LookupCall
	for _, c := range h.lookupCalls(f) {
		fn := c.FuncName()
		names, hasDefault := lookupNames(c)
		for _, n := range names {
			if literal, _, ok := lookupKey(n); ok {
				key, _, _ := strings.Cut(literal, ".")
				out = append(out, LookupCall{Call: c, Func: fn, Key: key, KeySpan: n.Span(), HasDefault: hasDefault})
			}
		}
	}
	return out
}

// EnvironmentLayer returns the hiera.yaml at the root of env, nil when
// it has none: then the environment has no data layer of its own.
func (h *Hiera) EnvironmentLayer(env *load.Environment) *File {
	return h.envLayers[env] // the first in file order, found when h was built
}

// DataHas reports whether a data file of a layer that can serve a lookup
// of key from code of environment env holds the key: the environment's
// layer, and the layer of the module the key's first segment names.
func (h *Hiera) DataHas(env *load.Environment, envLayer *File, key string) bool {
	mod, _, _ := strings.Cut(strings.TrimPrefix(key, "::"), "::")
	if h.brokenModules[mod] {
		return true // a data file of the module's layer Puppet cannot parse may hold it
	}
	for _, f := range h.data[key] {
		src := f.Source
		if src.HieraConfig == envLayer.Path || src.Module != nil && src.Module.Name == mod && (src.Module.Env == env || src.Module.Env == nil) {
			return true
		}
	}
	return false
}

// HasOptions reports whether lookup_options of any data file names key,
// by name or by a pattern: its merge behaviour or conversion (convert_to)
// may make a single file's value only part of what a lookup returns.
func (h *Hiera) HasOptions(key string) bool {
	if h.options[key] {
		return true
	}
	for _, re := range h.optionPatterns {
		if re.MatchString(key) {
			return true
		}
	}
	return false
}

// Config returns the configuration whose hierarchy reads the data file f,
// nil when the program does not hold it.
func (h *Hiera) Config(f *File) *File {
	if f.Source.HieraConfig == "" {
		return nil
	}
	for _, c := range h.p.Files {
		if c.Source.Role == load.HieraConfig && c.Source.Path == f.Source.HieraConfig {
			return c
		}
	}
	return nil
}

// Precedence says which data files a first-found lookup of a key searches
// before a data file holding it.
type Precedence struct {
	// Always is a file searched first on every node that holds the key:
	// the file's value is never used.
	Always *File
	// Some are the files searched first on some nodes (a hierarchy path
	// with interpolations names them) that hold the key.
	Some []*File
}

// Before returns the data files of the layers serving code of f's
// environment that a first-found lookup of key (a key f holds) searches
// before f: files of f's own layer at earlier hierarchy positions and,
// for a file of a module's layer, the environment's layer, which Puppet
// searches before any module's. The global layer (Puppet's confdir) is
// not part of the tree.
func (h *Hiera) Before(f *File, key string) Precedence {
	var out Precedence
	conf := h.Config(f)
	if conf == nil || conf.Hiera == nil || conf.Hiera.Config == nil {
		return out
	}
	first, _ := rankIn(conf, f)
	var envLayer *File
	if f.Source.Module != nil && f.Source.Env != nil {
		envLayer = h.EnvironmentLayer(f.Source.Env)
	}
	for _, g := range h.data[key] {
		if g == f {
			continue
		}
		gc := h.Config(g)
		if gc == nil || gc.Hiera == nil || gc.Hiera.Config == nil {
			continue
		}
		gFirst, gLiteral := rankIn(gc, g)
		switch gc {
		case conf:
			if gLiteral >= 0 && gLiteral < first {
				out.Always = g
				return out
			}
			if gFirst >= 0 && gFirst < first {
				out.Some = append(out.Some, g)
			}
		case envLayer:
			if gLiteral >= 0 {
				out.Always = g
				return out
			}
			out.Some = append(out.Some, g)
		}
	}
	return out
}

// rankIn returns the positions in the hierarchy of conf that read data
// file f (see hiera.Config.Rank).
func rankIn(conf, f *File) (first, literal int) {
	rel := strings.TrimPrefix(f.Source.Path, path.Dir(conf.Source.Path)+"/")
	if path.Dir(conf.Source.Path) == "." {
		rel = f.Source.Path
	}
	return conf.Hiera.Config.Rank(rel)
}

// Broken reports whether a data file that the configuration at path
// reads cannot be parsed: any key may be in it.
func (h *Hiera) Broken(path string) bool { return h.broken[path] }
