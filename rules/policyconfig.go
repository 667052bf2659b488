package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// PolicySpec is one [[policy]] of the configuration, as written: package
// policy compiles it into a rule. Its condition and message are checked
// there, where the objects a policy sees are known.
type PolicySpec struct {
	// ID is the rule id the policy's findings carry.
	ID string
	// Title is a one-line summary (default: the id); Help explains the
	// policy, for SARIF rule entries and --list-rules.
	Title, Help string
	Severity    Severity
	// Match names the kind of object the condition is evaluated on
	// (Matches lists them).
	Match string
	// Condition is a CEL expression; each object it is true for is a
	// finding.
	Condition string
	// Message is the finding's message, with {{field}} placeholders.
	Message string
	// Examples are code the policy must flag (Bad) or must not (Good).
	Examples []PolicyExample
	// File is the configuration or policy file declaring the policy
	// (absolute when the configuration's path is); Line is the line of
	// its first key.
	File string
	Line int
	// ConditionLine is the line of the file where the condition's text
	// starts: the expression's line 1.
	ConditionLine int
}

// PolicyExample is one [[policy.example]]: code the policy flags (Bad)
// or does not (Good), placed at Path in a tree of its own. The code is
// written in the table or read from a fixture file (bad_file,
// good_file, relative to the file declaring the policy).
type PolicyExample struct {
	Bad, Good string
	// Path is where the code sits in the example tree, which decides its
	// module and role ("site-modules/role/manifests/web.pp"); default
	// "manifests/site.pp".
	Path string
	Line int
}

// PolicyMatches are the kinds of object a policy can match, its match key.
var PolicyMatches = []string{"resource", "class", "define", "declaration", "node", "function_call"}

// policies checks [policies]: files are globs, relative to the
// configuration's directory, of TOML files holding [[policy]] tables.
func (d *configDoc) policies(e configEntry, reg *Registry, seen map[string]bool) ([]PolicySpec, error) {
	keys, ok := d.table(e)
	if !ok {
		return nil, d.wrongType(e, `a table, like [policies] with files = ["policies/*.toml"]`)
	}
	var out []PolicySpec
	for _, k := range keys {
		if k.key[1] != "files" {
			return nil, d.unknownKey(k, "[policies] takes files")
		}
		globs, err := d.stringList(k, `a list of globs, like ["policies/*.toml"]`, "a glob")
		if err != nil {
			return nil, err
		}
		for _, g := range globs {
			pattern := g
			if !filepath.IsAbs(pattern) {
				pattern = filepath.Join(filepath.Dir(d.path), filepath.FromSlash(g))
			}
			matches, err := filepath.Glob(pattern)
			if err != nil {
				return nil, d.errorf(k, "%q is not a usable glob: %v", g, err)
			}
			if len(matches) == 0 {
				return nil, d.errorf(k, "%q matches no file", g)
			}
			slices.Sort(matches)
			for _, m := range matches {
				if m, err = d.namedPath(k, m); err != nil {
					return nil, err
				}
				specs, err := loadPolicyFile(m, reg, seen, d.inside)
				if err != nil {
					return nil, err
				}
				out = append(out, specs...)
			}
		}
	}
	return out, nil
}

// loadPolicyFile reads a policy file: [[policy]] tables and nothing else.
func loadPolicyFile(path string, reg *Registry, seen map[string]bool, inside func(abs string) bool) ([]PolicySpec, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &ConfigError{Path: path, Msg: fmt.Sprintf("cannot read the policy file: %v", err)}
	}
	var top map[string]toml.Primitive
	md, err := toml.Decode(string(src), &top)
	if err != nil {
		return nil, tomlError(path, err)
	}
	d := &configDoc{path: path, md: md, src: src, inside: inside}
	var out []PolicySpec
	for _, e := range d.entries(nil, top) {
		if e.key[0] != "policy" {
			return nil, d.unknownKey(e, "a policy file takes [[policy]] tables")
		}
		specs, err := d.policyList(e, reg, seen)
		if err != nil {
			return nil, err
		}
		out = append(out, specs...)
	}
	return out, nil
}

// policyList checks the [[policy]] tables of e.
func (d *configDoc) policyList(e configEntry, reg *Registry, seen map[string]bool) ([]PolicySpec, error) {
	tables, ok := d.tableList(e)
	if !ok {
		return nil, d.wrongType(e, `[[policy]] tables, each with id, match, condition and message`)
	}
	blocks := d.arrayBlocks("policy", 1, len(d.lines()))
	out := make([]PolicySpec, 0, len(tables))
	for i, keys := range tables {
		pe := e
		if len(blocks) == len(tables) {
			// The decoder knows one line per key path, the last
			// table's: find each table's keys in its own lines.
			pe.line = blocks[i].start
			d.relocate(keys, blocks[i])
		}
		p, err := d.policy(pe, keys, reg, seen)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// tableList returns the keys of each table of an array of tables.
func (d *configDoc) tableList(e configEntry) ([][]configEntry, bool) {
	if _, ok := e.val.([]map[string]any); !ok {
		return nil, false
	}
	var prims []map[string]toml.Primitive
	if err := d.md.PrimitiveDecode(e.prim, &prims); err != nil {
		return nil, false
	}
	out := make([][]configEntry, len(prims))
	for i, m := range prims {
		out[i] = d.entries(e.key, m)
	}
	return out, true
}

// policy checks one [[policy]] table.
func (d *configDoc) policy(e configEntry, keys []configEntry, reg *Registry, seen map[string]bool) (PolicySpec, error) {
	p := PolicySpec{File: d.path, Line: e.line}
	if p.Line == 0 && len(keys) > 0 {
		p.Line = keys[0].line
	}
	str := func(k configEntry, want string) (string, error) {
		s, ok := k.val.(string)
		if !ok {
			return "", d.wrongType(k, want)
		}
		return s, nil
	}
	var err error
	for _, k := range keys {
		switch k.key[1] {
		case "id":
			p.ID, err = str(k, `the policy's id in quotes, like "no-latest"`)
		case "title":
			p.Title, err = str(k, "a one-line summary in quotes")
		case "help":
			p.Help, err = str(k, "the policy's explanation in quotes")
		case "severity":
			var s string
			if s, err = str(k, `"error", "warning" or "info"`); err == nil {
				if p.Severity, err = ParseSeverity(s); err != nil {
					err = d.errorf(k, `unknown severity %q; use "error", "warning" or "info"`, s)
				}
			}
		case "match":
			if p.Match, err = str(k, `the kind of object in quotes, like "resource"`); err == nil && !slices.Contains(PolicyMatches, p.Match) {
				err = d.errorf(k, "unknown match %q; a policy matches one of %s", p.Match, strings.Join(PolicyMatches, ", "))
			}
		case "condition":
			p.Condition, err = str(k, `a CEL expression in quotes, like "resource.type == 'package'"`)
			p.ConditionLine = d.valueLine(k)
		case "message":
			p.Message, err = str(k, `the finding's message in quotes, like "'{{resource.title}}' is banned"`)
		case "example":
			p.Examples, err = d.policyExamples(k, p.Line)
		default:
			err = d.unknownKey(k, "a [[policy]] takes id, title, help, severity, match, condition, message and [[policy.example]]")
		}
		if err != nil {
			return p, err
		}
	}
	missing := func(key string) error {
		return &ConfigError{Path: d.path, Line: p.Line, Msg: fmt.Sprintf("a [[policy]] needs %s", key)}
	}
	switch {
	case p.ID == "":
		return p, missing(`an id, like id = "no-latest"`)
	case !isRuleID(p.ID):
		return p, &ConfigError{Path: d.path, Line: p.Line, Key: "policy.id", Msg: fmt.Sprintf("%q is not a rule id: lower-case words joined by '-', like \"no-latest\"", p.ID)}
	case p.Match == "":
		return p, missing(fmt.Sprintf("match, one of %s", strings.Join(PolicyMatches, ", ")))
	case strings.TrimSpace(p.Condition) == "":
		return p, missing("a condition, a CEL expression that is true for what the policy flags")
	case strings.TrimSpace(p.Message) == "":
		return p, missing("a message")
	}
	if _, builtin := reg.Lookup(p.ID); builtin {
		return p, &ConfigError{Path: d.path, Line: p.Line, Key: "policy.id", Msg: fmt.Sprintf("%q is the id of a built-in rule; give the policy an id of its own", p.ID)}
	}
	if seen[p.ID] {
		return p, &ConfigError{Path: d.path, Line: p.Line, Key: "policy.id", Msg: fmt.Sprintf("a policy with id %q is already declared", p.ID)}
	}
	seen[p.ID] = true
	if p.Severity == 0 {
		p.Severity = Warning
	}
	if p.Title == "" {
		p.Title = p.ID
	}
	return p, nil
}

// policyExamples checks the [[policy.example]] tables of the policy
// whose table starts at line policyLine.
func (d *configDoc) policyExamples(e configEntry, policyLine int) ([]PolicyExample, error) {
	tables, ok := d.tableList(e)
	if !ok {
		return nil, d.wrongType(e, "[[policy.example]] tables, each with bad or good code")
	}
	var blocks []lineBlock
	if policyLine > 0 {
		end := len(d.lines())
		if next := d.arrayBlocks("policy", policyLine+1, end); len(next) > 0 {
			end = next[0].start - 1
		}
		blocks = d.arrayBlocks("policy.example", policyLine, end)
	}
	var out []PolicyExample
	for i, keys := range tables {
		ex := PolicyExample{Line: e.line}
		if len(blocks) == len(tables) {
			ex.Line = blocks[i].start
			d.relocate(keys, blocks[i])
		} else if len(keys) > 0 {
			ex.Line = keys[0].line
		}
		for _, k := range keys {
			s, ok := k.val.(string)
			if !ok {
				return nil, d.wrongType(k, "Puppet code in quotes, like '''package { 'git': }'''")
			}
			switch k.key[len(k.key)-1] {
			case "bad":
				ex.Bad = s
			case "good":
				ex.Good = s
			case "bad_file", "good_file":
				code, err := d.fixture(k, s)
				if err != nil {
					return nil, err
				}
				if k.key[len(k.key)-1] == "bad_file" {
					ex.Bad = code
				} else {
					ex.Good = code
				}
			case "path":
				if filepath.IsAbs(s) || strings.HasPrefix(filepath.Clean(s), "..") || !(strings.HasSuffix(s, ".pp") || strings.HasSuffix(s, ".epp")) {
					return nil, d.errorf(k, "%q is not a relative path of a .pp or .epp file inside the example tree", s)
				}
				ex.Path = s
			default:
				return nil, d.unknownKey(k, "a [[policy.example]] takes bad, good, bad_file, good_file and path")
			}
		}
		if ex.Bad == "" && ex.Good == "" {
			return nil, &ConfigError{Path: d.path, Line: ex.Line, Msg: "a [[policy.example]] needs bad or good code"}
		}
		if ex.Path == "" {
			ex.Path = "manifests/site.pp"
		}
		out = append(out, ex)
	}
	return out, nil
}

// fixture reads an example's code from the file at rel, relative to
// the file declaring the policy.
func (d *configDoc) fixture(k configEntry, rel string) (string, error) {
	p, err := d.namedPath(k, rel)
	if err != nil {
		return "", err
	}
	code, err := os.ReadFile(p)
	if err != nil {
		return "", d.errorf(k, "cannot read the example %q: %v", rel, errors.Unwrap(err))
	}
	if len(code) == 0 {
		return "", d.errorf(k, "the example %q is empty", rel)
	}
	return string(code), nil
}

// valueLine returns the line where the string value of k starts: the
// key's, or the next one for a multi-line string whose first line break
// TOML drops (condition = ”'<newline>...).
func (d *configDoc) valueLine(k configEntry) int {
	lines := strings.Split(string(d.src), "\n")
	if k.line < 1 || k.line > len(lines) {
		return k.line
	}
	_, value, ok := strings.Cut(lines[k.line-1], "=")
	if !ok {
		return k.line
	}
	value = strings.TrimSpace(value)
	if value == "'''" || value == `"""` {
		return k.line + 1
	}
	return k.line
}

// LoadPolicies returns the policies of a file: a configuration file
// (.ducklint.toml, with the policy files it names) or a policy file,
// checked against the rules of reg. The files it names are read only
// where inside says (see LoadConfigWithin); nil allows every path.
func LoadPolicies(path string, reg *Registry, inside func(abs string) bool) ([]PolicySpec, error) {
	if filepath.Base(path) == ConfigFileName {
		cfg, err := LoadConfigWithin(path, reg, inside)
		if err != nil {
			return nil, err
		}
		return cfg.Policies, nil
	}
	return loadPolicyFile(path, reg, map[string]bool{}, inside)
}

// lineBlock is the lines [start, end] of one table of an array of tables.
type lineBlock struct{ start, end int }

// lines returns the file's lines.
func (d *configDoc) lines() []string { return strings.Split(string(d.src), "\n") }

// arrayBlocks returns the tables [[name]] whose headers are on lines
// from to to (1-based), each up to the line before the next header.
func (d *configDoc) arrayBlocks(name string, from, to int) []lineBlock {
	lines := d.lines()
	var out []lineBlock
	for i := from; i <= to && i <= len(lines); i++ {
		t := strings.TrimSpace(lines[i-1])
		if !strings.HasPrefix(t, "[") {
			continue
		}
		if len(out) > 0 && out[len(out)-1].end == 0 {
			out[len(out)-1].end = i - 1
		}
		if h, ok := strings.CutPrefix(t, "[["); ok {
			if h, _, ok = strings.Cut(h, "]]"); ok && strings.Join(strings.Fields(h), "") == name {
				out = append(out, lineBlock{start: i})
			}
		}
	}
	if len(out) > 0 && out[len(out)-1].end == 0 {
		out[len(out)-1].end = min(to, len(lines))
	}
	return out
}

// relocate sets the line of each key to the line in b where it is
// written, when it is found there.
func (d *configDoc) relocate(keys []configEntry, b lineBlock) {
	lines := d.lines()
	for j := range keys {
		name := keys[j].key[len(keys[j].key)-1]
		for i := b.start + 1; i <= b.end && i <= len(lines); i++ {
			k, v, ok := strings.Cut(lines[i-1], "=")
			// Not Puppet code in a multi-line string: `path => '/x'`.
			if ok && !strings.HasPrefix(v, ">") && !strings.HasPrefix(v, "=") && strings.Trim(strings.TrimSpace(k), `"'`) == name {
				keys[j].line = i
				break
			}
		}
	}
}
