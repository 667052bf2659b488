package rules

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// ConfigFileName is the name of the configuration file looked up from the
// working directory upwards.
const ConfigFileName = ".ducklint.toml"

// Config is the decoded .ducklint.toml.
type Config struct {
	// Path is the file the configuration came from ("" for the defaults).
	Path string
	// Exclude are glob patterns (relative to the config file's directory,
	// "**" allowed) of paths not to lint.
	Exclude []string
	// Rules holds per-rule settings, by rule id.
	Rules map[string]RuleConfig
	// KnownVariables are extra variables known at top scope (ENC
	// parameters, external facts), from [scope] known_variables.
	KnownVariables []string
	// DeclaringFunctions are functions that declare a class for each
	// argument, with the class name pattern ("role::%s"), from [catalog]
	// declaring_functions.
	DeclaringFunctions model.DeclaringFunctions
	// PuppetVersion is the Puppet version the code is checked for, from
	// [puppet] version; 0 when the file does not say (see Puppet).
	PuppetVersion PuppetVersion
	// Baseline is the baseline file (see package internal/baseline) from
	// baseline = "FILE", relative to the configuration's directory; ""
	// when the file does not name one.
	Baseline string
	// Policies are the [[policy]] tables of the file and of the files
	// [policies] files names, in that order (see package policy).
	Policies []PolicySpec
	// StylePreset names the set of style rules [style] preset turns
	// on: one of PresetNames, or "" for none.
	StylePreset string
}

// Puppet returns the target Puppet version the configuration sets, or the
// default; c may be nil.
func (c *Config) Puppet() PuppetVersion {
	if c == nil {
		return DefaultPuppetVersion
	}
	return c.PuppetVersion.OrDefault()
}

// RuleSettings returns the [rules.<id>] table of rule id; c may be nil.
func (c *Config) RuleSettings(id string) (RuleConfig, bool) {
	if c == nil {
		return RuleConfig{}, false
	}
	rc, ok := c.Rules[id]
	return rc, ok
}

// RuleConfig is the [rules.<id>] table of one rule.
type RuleConfig struct {
	Enabled  *bool
	Severity Severity // 0: the rule's default
	// Options is the rule's option value (from Rule.NewOptions) with the
	// table decoded into it; nil when the rule has no options.
	Options any
}

// ConfigError is a problem in a configuration file: the file, the line it
// is on when that is known, the key it is about, and what is wrong in
// words a user can act on.
type ConfigError struct {
	Path string
	Line int    // 0 when unknown
	Key  string // dotted TOML key ("rules.syntax-error.severity"); "" when none
	Msg  string
}

func (e *ConfigError) Error() string {
	where := e.Path
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	if e.Key != "" {
		return fmt.Sprintf("%s: %s: %s", where, e.Key, e.Msg)
	}
	return fmt.Sprintf("%s: %s", where, e.Msg)
}

// FindConfig returns the path of the nearest .ducklint.toml in dir or one of
// its parents, or "" when there is none.
func FindConfig(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("finding %s: %w", ConfigFileName, err)
	}
	for {
		p := filepath.Join(dir, ConfigFileName)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("finding %s: %w", ConfigFileName, err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// LoadConfig reads and validates a configuration file against the rules of
// reg. Unknown keys, unknown rule ids, values of the wrong type and bad
// values are errors.
func LoadConfig(path string, reg *Registry) (*Config, error) {
	return LoadConfigWithin(path, reg, nil)
}

// LoadConfigWithin is LoadConfig for a configuration file that lies in a
// tree it must not lead out of: every file it names (policy files, their
// examples) is read only when inside(abs) is true, and is a configuration
// error otherwise. A nil inside allows every path.
func LoadConfigWithin(path string, reg *Registry, inside func(abs string) bool) (*Config, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &ConfigError{Path: path, Msg: fmt.Sprintf("cannot read the configuration: %v", errors.Unwrap(err))}
	}
	return parseConfig(path, src, reg, inside)
}

// ParseConfig decodes configuration text; path is used in error messages.
// It checks the file key by key, in the order of the file, and returns the
// first problem.
func ParseConfig(path string, src []byte, reg *Registry) (*Config, error) {
	return parseConfig(path, src, reg, nil)
}

func parseConfig(path string, src []byte, reg *Registry, inside func(abs string) bool) (*Config, error) {
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(src), &top)
	if err != nil {
		return nil, tomlError(path, err)
	}
	d := &configDoc{path: path, md: md, src: src, inside: inside}
	cfg := &Config{Path: path, Rules: map[string]RuleConfig{}}
	// Policies first: [rules.<id>] may configure a policy declared below it.
	entries := d.entries(nil, top)
	seen := map[string]bool{}
	for _, e := range entries {
		var specs []PolicySpec
		var err error
		switch e.key[0] {
		case "policy":
			specs, err = d.policyList(e, reg, seen)
		case "policies":
			specs, err = d.policies(e, reg, seen)
		}
		if err != nil {
			return nil, err
		}
		cfg.Policies = append(cfg.Policies, specs...)
	}
	for _, e := range entries {
		var err error
		switch e.key[0] {
		case "policy", "policies":
		case "exclude":
			cfg.Exclude, err = d.exclude(e)
		case "rules":
			err = d.rules(e, reg, seen, cfg.Rules)
		case "scope":
			cfg.KnownVariables, err = d.scope(e)
		case "catalog":
			cfg.DeclaringFunctions, err = d.catalog(e)
		case "puppet":
			cfg.PuppetVersion, err = d.puppet(e)
		case "style":
			cfg.StylePreset, err = d.style(e)
		case "baseline":
			cfg.Baseline, err = d.baseline(e)
		default:
			err = d.unknownKey(e, `the file takes exclude, baseline, [rules.<rule-id>], [scope], [catalog], [puppet], [style], [[policy]] and [policies]`)
		}
		if err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// style checks the [style] table: its one key, preset.
func (d *configDoc) style(e configEntry) (string, error) {
	tables, ok := d.table(e)
	if !ok {
		return "", d.wrongType(e, `a table, like [style] with preset = "puppet-lint"`)
	}
	names := `"` + strings.Join(PresetNames(), `" or "`) + `"`
	preset := ""
	for _, t := range tables {
		if t.key[len(t.key)-1] != "preset" {
			return "", d.unknownKey(t, "[style] takes preset")
		}
		name, ok := t.val.(string)
		if !ok {
			return "", d.wrongType(t, names)
		}
		if !IsPreset(name) {
			return "", d.errorf(t, "unknown preset %q; use %s", name, names)
		}
		preset = name
	}
	return preset, nil
}

// tomlError is the configuration error for text that is not valid TOML.
func tomlError(path string, err error) error {
	var perr toml.ParseError
	if errors.As(err, &perr) {
		return &ConfigError{Path: path, Line: perr.Position.Line, Msg: "not valid TOML: " + perr.Message}
	}
	return &ConfigError{Path: path, Msg: "not valid TOML: " + err.Error()}
}

// configDoc is a decoded configuration file, checked key by key. The TOML
// decoder knows the line of every key but shows it only in the errors it
// returns, so entry asks for one (lineProbe) rather than scanning the text.
type configDoc struct {
	path string
	md   toml.MetaData
	src  []byte
	// inside says whether an absolute path lies in the tree the file
	// belongs to; nil allows every path (see namedPath).
	inside func(abs string) bool
}

// namedPath returns the absolute path of p, a path the value of k names
// (relative to the file's directory), or a configuration error when it
// leads outside the tree the file belongs to. Every path a configuration
// file names goes through it before anything there is read: a
// repository's configuration cannot lead a run out of the repository.
func (d *configDoc) namedPath(k configEntry, p string) (string, error) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(d.path), filepath.FromSlash(p))
	}
	p = filepath.Clean(p)
	if d.inside != nil && !d.inside(p) {
		return "", d.errorf(k, "%q is outside the tree holding %s; not read", p, filepath.Base(d.path))
	}
	return p, nil
}

// configEntry is one key of the file with its value and line.
type configEntry struct {
	key  toml.Key
	line int // 0 when unknown
	val  any // string, int64, float64, bool, a date, []any, []map[string]any or map[string]any
	prim toml.Primitive
}

// lineProbe fails to decode anything, so that the decoder reports the
// position of the key it was decoding.
type lineProbe struct{}

var errLineProbe = errors.New("line probe")

func (lineProbe) UnmarshalTOML(any) error { return errLineProbe }

func (d *configDoc) entry(key toml.Key, prim toml.Primitive) configEntry {
	e := configEntry{key: key, prim: prim}
	_ = d.md.PrimitiveDecode(prim, &e.val) // decoding into any cannot fail
	var perr toml.ParseError
	if err := d.md.PrimitiveDecode(prim, &lineProbe{}); errors.As(err, &perr) {
		e.line = perr.Position.Line
	}
	return e
}

// entries returns the keys of a table (parent is its key), in the order
// of the file. A table that only dotted headers create ([rules.x] makes
// rules) has no line of its own; it takes its first key's.
func (d *configDoc) entries(parent toml.Key, table map[string]toml.Primitive) []configEntry {
	out := make([]configEntry, 0, len(table))
	for name, prim := range table {
		e := d.entry(append(slices.Clip(parent), name), prim)
		if e.line == 0 {
			if sub, ok := d.table(e); ok && len(sub) > 0 {
				e.line = sub[0].line
			}
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b configEntry) int {
		if a.line != b.line {
			return a.line - b.line
		}
		return strings.Compare(a.key.String(), b.key.String())
	})
	return out
}

// table returns the keys of e when its value is a table.
func (d *configDoc) table(e configEntry) ([]configEntry, bool) {
	if _, ok := e.val.(map[string]any); !ok {
		return nil, false
	}
	var m map[string]toml.Primitive
	if err := d.md.PrimitiveDecode(e.prim, &m); err != nil {
		return nil, false
	}
	return d.entries(e.key, m), true
}

// errorf reports a problem with the value of e.
func (d *configDoc) errorf(e configEntry, format string, args ...any) error {
	return &ConfigError{Path: d.path, Line: e.line, Key: e.key.String(), Msg: fmt.Sprintf(format, args...)}
}

// unknownKey reports a key the configuration does not have; takes says
// which keys its table does have.
func (d *configDoc) unknownKey(e configEntry, takes string) error {
	return &ConfigError{Path: d.path, Line: e.line, Msg: fmt.Sprintf("unknown key %q; %s", e.key.String(), takes)}
}

// wrongType reports a value of the wrong type; want says what it should
// be, with an example.
func (d *configDoc) wrongType(e configEntry, want string) error {
	return d.errorf(e, "expected %s, found %s", want, describeTOML(e.val))
}

// describeTOML names a decoded TOML value in words.
func describeTOML(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", v)
	case bool:
		return fmt.Sprintf("%t", v)
	case int64:
		return fmt.Sprintf("the number %d", v)
	case float64:
		return fmt.Sprintf("the number %g", v)
	case []any, []map[string]any:
		return "a list"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// stringList decodes a list of strings; what names an item, for messages.
func (d *configDoc) stringList(e configEntry, want, what string) ([]string, error) {
	items, ok := e.val.([]any)
	if !ok {
		return nil, d.wrongType(e, want)
	}
	out := make([]string, 0, len(items))
	for i, it := range items {
		s, ok := it.(string)
		if !ok {
			return nil, d.errorf(e, "item %d is %s, not %s in quotes", i+1, describeTOML(it), what)
		}
		out = append(out, s)
	}
	return out, nil
}

// exclude checks the exclude globs: each must be able to match something.
func (d *configDoc) exclude(e configEntry) ([]string, error) {
	globs, err := d.stringList(e, `a list of globs, like ["vendor/**"]`, "a glob")
	if err != nil {
		return nil, err
	}
	for _, g := range globs {
		if err := load.CheckGlob(g); err != nil {
			return nil, d.errorf(e, "%q is not a usable glob: %v", g, err)
		}
	}
	return globs, nil
}

// rules checks the [rules.<id>] tables into out; policies are the ids
// of the policies the configuration declares.
func (d *configDoc) rules(e configEntry, reg *Registry, policies map[string]bool, out map[string]RuleConfig) error {
	tables, ok := d.table(e)
	if !ok {
		return d.wrongType(e, "a table of rule settings, like [rules.unknown-variable]")
	}
	for _, t := range tables {
		id := t.key[1]
		rule, ok := reg.Resolve(id) // a ducklint id or a puppet-lint check name
		if !ok && policies[id] {
			rule, ok = &Rule{ID: id}, true // a policy has no options
		}
		if !ok {
			return &ConfigError{Path: d.path, Line: t.line, Msg: fmt.Sprintf("unknown rule %q in [%s] (ducklint --list-rules lists the rules)", id, t.key)}
		}
		rc, err := d.rule(t, rule)
		if err != nil {
			return err
		}
		out[rule.ID] = rc
	}
	return nil
}

// rule checks one rule's table: enabled, severity and the rule's options.
func (d *configDoc) rule(t configEntry, rule *Rule) (RuleConfig, error) {
	keys, ok := d.table(t)
	if !ok {
		return RuleConfig{}, d.wrongType(t, fmt.Sprintf("a table, like [%s] with enabled = false or severity = \"info\"", t.key))
	}
	var rc RuleConfig
	hasOptions := false
	for _, k := range keys {
		switch name := k.key[2]; {
		case name == "enabled":
			b, ok := k.val.(bool)
			if !ok {
				return rc, d.wrongType(k, "true or false")
			}
			rc.Enabled = &b
		case name == "severity":
			s, ok := k.val.(string)
			if !ok {
				return rc, d.wrongType(k, `"error", "warning" or "info"`)
			}
			sev, err := ParseSeverity(s)
			if err != nil {
				return rc, d.errorf(k, `unknown severity %q; use "error", "warning" or "info"`, s)
			}
			rc.Severity = sev
		case rule.NewOptions != nil && tomlField(rule.NewOptions(), name) != nil:
			if err := d.optionValue(k, tomlField(rule.NewOptions(), name)); err != nil {
				return rc, err
			}
			hasOptions = true
		default:
			return rc, d.unknownKey(k, "a rule's table takes enabled and severity")
		}
	}
	if hasOptions {
		rc.Options = rule.NewOptions()
		if err := d.md.PrimitiveDecode(t.prim, rc.Options); err != nil {
			line := t.line
			var perr toml.ParseError
			if errors.As(err, &perr) {
				line = perr.Position.Line
			}
			return rc, &ConfigError{Path: d.path, Line: line, Key: t.key.String(), Msg: strings.TrimPrefix(err.Error(), "toml: ")}
		}
		if v, ok := rc.Options.(interface{ Validate() error }); ok {
			if err := v.Validate(); err != nil {
				return rc, &ConfigError{Path: d.path, Line: t.line, Key: t.key.String(), Msg: err.Error()}
			}
		}
	}
	return rc, nil
}

// topScopeVariable is a variable name as a node's top scope has it.
var topScopeVariable = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z_]\w*$`) })

// scope checks [scope]: known_variables are top-scope variable names,
// written with or without "$" and "::".
func (d *configDoc) scope(e configEntry) ([]string, error) {
	keys, ok := d.table(e)
	if !ok {
		return nil, d.wrongType(e, `a table, like [scope] with known_variables = ["role"]`)
	}
	var known []string
	for _, k := range keys {
		if k.key[1] != "known_variables" {
			return nil, d.unknownKey(k, "[scope] takes known_variables")
		}
		names, err := d.stringList(k, `a list of variable names, like ["role", "datacenter"]`, "a variable name")
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			bare := strings.TrimPrefix(strings.TrimPrefix(n, "$"), "::")
			switch {
			case strings.Contains(bare, "::"):
				return nil, d.errorf(k, "%q is a variable of a class; known_variables are top-scope variables, like \"role\"", n)
			case !topScopeVariable().MatchString(bare):
				return nil, d.errorf(k, "%q is not a variable name (a lower-case letter or \"_\", then letters, digits and \"_\")", n)
			}
			known = append(known, bare)
		}
	}
	return known, nil
}

// puppet checks [puppet]: version is the major version of Puppet the code
// is checked for, 7 or 8.
func (d *configDoc) puppet(e configEntry) (PuppetVersion, error) {
	keys, ok := d.table(e)
	if !ok {
		return 0, d.wrongType(e, "a table, like [puppet] with version = 8")
	}
	var v PuppetVersion
	for _, k := range keys {
		if k.key[1] != "version" {
			return 0, d.unknownKey(k, "[puppet] takes version")
		}
		n, ok := k.val.(int64)
		if !ok {
			return 0, d.wrongType(k, "the major version of Puppet as a number, 7 or 8")
		}
		if v = PuppetVersion(n); !v.Supported() {
			return 0, d.errorf(k, "Puppet %d is not supported; use 7 or 8 (8 also stands for OpenVox 8)", n)
		}
	}
	return v, nil
}

// baseline checks baseline = "FILE" and returns the file's path joined to
// the configuration's directory; a file in the tree may name no place
// outside it (see namedPath).
func (d *configDoc) baseline(e configEntry) (string, error) {
	name, ok := e.val.(string)
	if !ok || strings.TrimSpace(name) == "" {
		return "", d.wrongType(e, `a path in quotes, like ".ducklint-baseline.json"`)
	}
	return d.namedPath(e, name)
}

// functionName is a Puppet function name, namespaced or not.
var functionName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9_]*(::[a-z][a-z0-9_]*)*$`) })

// className is a class name as Puppet's validator accepts it.
var className = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z][a-z0-9_]*(::[a-z][a-z0-9_]*)*$`) })

// catalog checks [catalog]: declaring_functions maps function names to
// class name patterns with one %s.
func (d *configDoc) catalog(e configEntry) (model.DeclaringFunctions, error) {
	keys, ok := d.table(e)
	if !ok {
		return nil, d.wrongType(e, `a table, like [catalog] with declaring_functions = { role = "role::%s" }`)
	}
	var out model.DeclaringFunctions
	for _, k := range keys {
		if k.key[1] != "declaring_functions" {
			return nil, d.unknownKey(k, "[catalog] takes declaring_functions")
		}
		fns, ok := d.table(k)
		if !ok {
			return nil, d.wrongType(k, `a table of function names and class patterns, like { role = "role::%s" }`)
		}
		for _, fn := range fns {
			name, pattern, err := d.declaringFunction(fn)
			if err != nil {
				return nil, err
			}
			if out == nil {
				out = model.DeclaringFunctions{}
			}
			out[name] = pattern
		}
	}
	return out, nil
}

// declaringFunction checks one entry of declaring_functions.
func (d *configDoc) declaringFunction(fn configEntry) (name, pattern string, err error) {
	name = strings.ToLower(strings.TrimPrefix(fn.key[2], "::"))
	if !functionName().MatchString(name) {
		return "", "", d.errorf(fn, "%q is not a Puppet function name", fn.key[2])
	}
	pattern, ok := fn.val.(string)
	if !ok {
		return "", "", d.wrongType(fn, `the class name pattern in quotes, like "role::%s"`)
	}
	if strings.Count(pattern, "%s") != 1 {
		return "", "", d.errorf(fn, "the class pattern %q must contain %%s once, where the argument goes, like \"role::%%s\"", pattern)
	}
	if example := model.ExpandClassPattern(pattern, "web"); !className().MatchString(example) {
		return "", "", d.errorf(fn, "the class pattern %q does not make a class name: %s(web) would declare %q", pattern, name, example)
	}
	return name, pattern, nil
}

// tomlField returns the type of the field of the struct v points to whose
// toml tag is exactly name; nil when it has none.
func tomlField(v any, name string) reflect.Type {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		if tag == name {
			return t.Field(i).Type
		}
	}
	return nil
}

// optionValue checks that the value of option k fits a field of type t,
// so that decoding it cannot fail with the decoder's own words. Options
// are strings, booleans, integers, lists of strings and tables of strings.
func (d *configDoc) optionValue(k configEntry, t reflect.Type) error {
	switch {
	case t.Kind() == reflect.String:
		if _, ok := k.val.(string); !ok {
			return d.wrongType(k, "a string in quotes")
		}
	case t.Kind() == reflect.Bool:
		if _, ok := k.val.(bool); !ok {
			return d.wrongType(k, "true or false")
		}
	case t.Kind() == reflect.Int:
		if _, ok := k.val.(int64); !ok {
			return d.wrongType(k, "a whole number")
		}
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
		_, err := d.stringList(k, `a list of strings, like ["a", "b"]`, "a string")
		return err
	case t.Kind() == reflect.Map && t.Elem().Kind() == reflect.String:
		m, ok := k.val.(map[string]any)
		if !ok {
			return d.wrongType(k, `a table of strings, like { a = "b" }`)
		}
		for key, v := range m {
			if _, ok := v.(string); !ok {
				return d.errorf(k, "%q is %s, not a string in quotes", key, describeTOML(v))
			}
		}
	}
	return nil
}

// Select resolves which rules run and how: every rule of reg that is not
// off by default, unless the config disables it, and the rules off by
// default that the config enables; then --enable and --disable (ids) on top. Unknown ids in
// enable or disable are an error. A rule's severity is the configured one,
// or its default for the configuration's target version (Config.Puppet).
func Select(reg *Registry, cfg *Config, enable, disable []string) ([]Active, error) {
	on := make(map[string]bool, len(reg.rules))
	for _, r := range reg.rules {
		on[r.ID] = !r.OffByDefault
	}
	if cfg != nil && cfg.StylePreset != "" {
		for _, id := range Preset(reg, cfg.StylePreset) {
			on[id] = true
		}
	}
	if cfg != nil {
		for id, rc := range cfg.Rules {
			if rc.Enabled != nil {
				on[id] = *rc.Enabled
			}
		}
	}
	for _, list := range []struct {
		ids []string
		val bool
		opt string
	}{{enable, true, "--enable"}, {disable, false, "--disable"}} {
		for _, id := range list.ids {
			rule, ok := reg.Resolve(id) // a ducklint id or a puppet-lint check name
			if !ok {
				return nil, fmt.Errorf("%s: unknown rule %q (see --list-rules)", list.opt, id)
			}
			on[rule.ID] = list.val
		}
	}
	out := make([]Active, 0, len(reg.rules))
	for _, r := range reg.rules {
		if !on[r.ID] {
			continue
		}
		a := Active{Rule: r, Severity: r.DefaultSeverity(cfg.Puppet())}
		if r.NewOptions != nil {
			a.Options = r.NewOptions()
		}
		if cfg != nil {
			if rc, ok := cfg.Rules[r.ID]; ok {
				if rc.Severity != 0 {
					a.Severity, a.SeverityConfigured = rc.Severity, true
				}
				if rc.Options != nil {
					a.Options = rc.Options
				}
			}
		}
		out = append(out, a)
	}
	return out, nil
}
