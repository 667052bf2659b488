package rules

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

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
}

// RuleConfig is the [rules.<id>] table of one rule.
type RuleConfig struct {
	Enabled  *bool
	Severity Severity // 0: the rule's default
	// Options is the rule's option value (from Rule.NewOptions) with the
	// table decoded into it; nil when the rule has no options.
	Options any
}

// ConfigError is a problem in a configuration file, with the line it is on
// when that is known.
type ConfigError struct {
	Path string
	Line int // 0 when unknown
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
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

// rawConfig mirrors the file; rule tables are decoded later, per rule.
type rawConfig struct {
	Exclude []string                  `toml:"exclude"`
	Rules   map[string]toml.Primitive `toml:"rules"`
	Scope   struct {
		KnownVariables []string `toml:"known_variables"`
	} `toml:"scope"`
	Catalog struct {
		DeclaringFunctions map[string]string `toml:"declaring_functions"`
	} `toml:"catalog"`
}

type rawRuleConfig struct {
	Enabled  *bool    `toml:"enabled"`
	Severity Severity `toml:"severity"`
}

// LoadConfig reads and validates a configuration file against the rules of
// reg. Unknown keys, unknown rule ids and wrong types are errors.
func LoadConfig(path string, reg *Registry) (*Config, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &ConfigError{Path: path, Msg: fmt.Sprintf("cannot read config: %v", errors.Unwrap(err))}
	}
	return ParseConfig(path, src, reg)
}

// ParseConfig decodes configuration text; path is used in error messages.
func ParseConfig(path string, src []byte, reg *Registry) (*Config, error) {
	var raw rawConfig
	md, err := toml.Decode(string(src), &raw)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return nil, &ConfigError{Path: path, Line: perr.Position.Line, Msg: perr.Message}
		}
		return nil, &ConfigError{Path: path, Msg: err.Error()}
	}
	cfg := &Config{Path: path, Exclude: raw.Exclude, KnownVariables: raw.Scope.KnownVariables, Rules: map[string]RuleConfig{}}
	for _, fn := range slices.Sorted(maps.Keys(raw.Catalog.DeclaringFunctions)) {
		pattern := raw.Catalog.DeclaringFunctions[fn]
		if strings.Count(pattern, "%s") != 1 {
			return nil, &ConfigError{Path: path, Line: tableLine(src, "catalog"), Msg: fmt.Sprintf(
				"[catalog] declaring_functions: the class pattern of %s must contain %%s once, where the argument goes (like \"role::%%s\"), not %q", fn, pattern)}
		}
		if cfg.DeclaringFunctions == nil {
			cfg.DeclaringFunctions = model.DeclaringFunctions{}
		}
		cfg.DeclaringFunctions[strings.ToLower(strings.TrimPrefix(fn, "::"))] = pattern
	}
	for _, id := range slices.Sorted(maps.Keys(raw.Rules)) {
		rule, ok := reg.Lookup(id)
		if !ok {
			return nil, &ConfigError{Path: path, Line: tableLine(src, "rules."+id), Msg: fmt.Sprintf("unknown rule %q in [rules.%s]", id, id)}
		}
		var rc rawRuleConfig
		if err := md.PrimitiveDecode(raw.Rules[id], &rc); err != nil {
			return nil, &ConfigError{Path: path, Line: tableLine(src, "rules."+id), Msg: fmt.Sprintf("[rules.%s]: %v", id, err)}
		}
		out := RuleConfig{Enabled: rc.Enabled, Severity: rc.Severity}
		if rule.NewOptions != nil {
			out.Options = rule.NewOptions()
			if err := md.PrimitiveDecode(raw.Rules[id], out.Options); err != nil {
				return nil, &ConfigError{Path: path, Line: tableLine(src, "rules."+id), Msg: fmt.Sprintf("[rules.%s]: %v", id, err)}
			}
		}
		cfg.Rules[id] = out
	}
	if err := checkKeys(path, src, md, reg); err != nil {
		return nil, err
	}
	return cfg, nil
}

// checkKeys rejects keys the decoder did not use, and keys it matched only
// case-insensitively, since BurntSushi/toml accepts "Exclude" for "exclude".
func checkKeys(path string, src []byte, md toml.MetaData, reg *Registry) error {
	for _, k := range md.Undecoded() {
		return &ConfigError{Path: path, Line: keyLine(src, k), Msg: fmt.Sprintf("unknown key %q", k.String())}
	}
	for _, k := range md.Keys() {
		if !knownKey(k, reg) {
			return &ConfigError{Path: path, Line: keyLine(src, k), Msg: fmt.Sprintf("unknown key %q", k.String())}
		}
	}
	return nil
}

func knownKey(k toml.Key, reg *Registry) bool {
	switch {
	case len(k) == 1:
		return k[0] == "exclude" || k[0] == "rules" || k[0] == "scope" || k[0] == "catalog"
	case k[0] == "scope":
		return len(k) == 2 && k[1] == "known_variables"
	case k[0] == "catalog":
		return k[1] == "declaring_functions" // its keys are function names
	case k[0] == "rules" && len(k) == 2:
		_, ok := reg.Lookup(k[1])
		return ok
	case k[0] == "rules" && len(k) >= 3:
		rule, ok := reg.Lookup(k[1])
		if !ok {
			return false
		}
		if len(k) == 3 && (k[2] == "enabled" || k[2] == "severity") {
			return true
		}
		return rule.NewOptions != nil && hasTOMLField(rule.NewOptions(), k[2])
	}
	return false
}

// hasTOMLField reports whether the struct v points to has a field whose
// toml tag is exactly name.
func hasTOMLField(v any, name string) bool {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return false
	}
	for i := range t.NumField() {
		tag, _, _ := strings.Cut(t.Field(i).Tag.Get("toml"), ",")
		if tag == name {
			return true
		}
	}
	return false
}

// tableLine finds the line of the [name] header in src (0 if absent).
func tableLine(src []byte, name string) int {
	for i, line := range bytes.Split(src, []byte("\n")) {
		t := strings.TrimSpace(string(line))
		if t == "["+name+"]" || strings.HasPrefix(t, "["+name+"]") {
			return i + 1
		}
	}
	return 0
}

// keyLine finds the line that defines key k: the assignment of its last
// segment within its table, or the table header. The decoder does not
// expose key positions, so this is a scan of the text.
func keyLine(src []byte, k toml.Key) int {
	table := strings.Join(k[:len(k)-1], ".")
	last := k[len(k)-1]
	current := ""
	for i, line := range bytes.Split(src, []byte("\n")) {
		t := strings.TrimSpace(string(line))
		if strings.HasPrefix(t, "[") {
			current = strings.Trim(strings.TrimSpace(strings.SplitN(t, "#", 2)[0]), "[]")
			if current == k.String() {
				return i + 1
			}
			continue
		}
		name, _, ok := strings.Cut(t, "=")
		if ok && current == table && strings.Trim(strings.TrimSpace(name), `"'`) == last {
			return i + 1
		}
	}
	return 0
}

// Select resolves which rules run and how: every rule of reg unless disabled
// by the config; then --enable and --disable (ids) on top. Unknown ids in
// enable or disable are an error.
func Select(reg *Registry, cfg *Config, enable, disable []string) ([]Active, error) {
	on := map[string]bool{}
	for _, r := range reg.Rules() {
		on[r.ID] = true
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
			if _, ok := reg.Lookup(id); !ok {
				return nil, fmt.Errorf("%s: unknown rule %q (see --list-rules)", list.opt, id)
			}
			on[id] = list.val
		}
	}
	var out []Active
	for _, r := range reg.Rules() {
		if !on[r.ID] {
			continue
		}
		a := Active{Rule: r, Severity: r.Severity}
		if r.NewOptions != nil {
			a.Options = r.NewOptions()
		}
		if cfg != nil {
			if rc, ok := cfg.Rules[r.ID]; ok {
				if rc.Severity != 0 {
					a.Severity = rc.Severity
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
