// Package policy turns the policies of the configuration ([[policy]]
// tables, rules.PolicySpec) into rules: each policy's condition, a CEL
// expression (the Common Expression Language, cel.dev/cel-go) over one
// kind of object — resource, class, define, declaration, node,
// function_call, the types of objects.go — is compiled once, type-checked
// against those types (a field they lack is a configuration error), and
// evaluated, with a bounded cost, on every object of that kind in each
// reported file. Each object it is true for is a finding of the policy's
// rule, which the rest of ducklint treats like any built-in rule.
//
// Test runs a policy's examples, for `ducklint policy test`.
package policy

import (
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common"
	"cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"
	"cel.dev/cel-go/ext"
	"cel.dev/cel-go/interpreter"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// CostLimit bounds the cost (CEL's estimate of the work: one unit per
// operation, more for string and list operations by their size) of one
// evaluation of a condition or message on one object. An evaluation over
// it stops, and the object is reported as one the policy could not check.
const CostLimit = 100_000

// typeNames are the CEL object types of the match kinds.
var typeNames = map[string]reflect.Type{
	"resource":      reflect.TypeFor[Resource](),
	"class":         reflect.TypeFor[Definition](),
	"define":        reflect.TypeFor[Definition](),
	"declaration":   reflect.TypeFor[Declaration](),
	"node":          reflect.TypeFor[Node](),
	"function_call": reflect.TypeFor[FunctionCall](),
}

// celTypeName is the name ext.NativeTypes gives a Go type: its package's
// last path element and its name.
func celTypeName(t reflect.Type) string {
	return filepath.Base(t.PkgPath()) + "." + t.Name()
}

// baseEnv declares the object types and the string extension
// functions (join, split, lowerAscii, ...); each match kind extends it
// with its one variable.
func baseEnv() (*cel.Env, error) {
	return cel.NewEnv(
		ext.NativeTypes(ext.ParseStructTags(true),
			reflect.TypeFor[Resource](), reflect.TypeFor[Definition](), reflect.TypeFor[Parameter](),
			reflect.TypeFor[Catalog](), reflect.TypeFor[Declaration](), reflect.TypeFor[Node](),
			reflect.TypeFor[FunctionCall](), reflect.TypeFor[Location]()),
		ext.Strings(),
		ext.Lists(),
	)
}

// Policy is a compiled policy.
type Policy struct {
	Spec      rules.PolicySpec
	condition cel.Program
	message   []part
	// fields are the object fields the condition and the message read;
	// the costlier ones are worked out only when read, and reading
	// catalog facts makes the policy declare their context.
	fields map[string]bool
	// filter rules out objects the condition is false for whatever
	// else they hold; nil admits every object.
	filter prefilter
	// shared is what the policies of one Compile share: the fields any of
	// them reads, and the objects of the files being checked.
	shared *shared
	// overCost is the configuration error of the first evaluation over
	// CostLimit (see CostError); nil while none was.
	overCost atomic.Pointer[rules.ConfigError]
}

// CostError returns, once an evaluation of the policy's condition went
// over CostLimit, the configuration error naming the policy; nil
// otherwise. A policy comes with the tree it checks, and one that cannot
// be evaluated within the limit is a configuration to fix: the checks it
// ran are not trusted, and after the first it evaluates nothing more.
func (p *Policy) CostError() error {
	if e := p.overCost.Load(); e != nil {
		return e
	}
	return nil
}

// shared is what the policies compiled together share.
type shared struct {
	fields map[string]bool
	// filters are, by match kind, the keys some policy of the kind
	// admits (the union of their prefilters); nil when one admits every
	// object. Objects no policy admits are not made.
	filters map[string]prefilter
	cache   factCache
}

// part is a piece of a message: literal text, or a placeholder's program.
type part struct {
	text string
	prog cel.Program
}

// Compile compiles each policy and returns its rule. A condition or
// placeholder that does not compile, or a condition that is not
// true-or-false, is a *rules.ConfigError naming the file, the line and
// the column in the expression.
func Compile(specs []rules.PolicySpec) ([]*Policy, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	base, err := baseEnv()
	if err != nil {
		return nil, fmt.Errorf("policy environment: %w", err)
	}
	envs := map[string]*cel.Env{}
	out := make([]*Policy, 0, len(specs))
	sh := &shared{fields: map[string]bool{}, filters: map[string]prefilter{}}
	for _, s := range specs {
		env := envs[s.Match]
		if env == nil {
			t, ok := typeNames[s.Match]
			if !ok {
				return nil, &rules.ConfigError{Path: s.File, Line: s.Line, Key: "policy.match", Msg: fmt.Sprintf("unknown match %q", s.Match)}
			}
			if env, err = base.Extend(cel.Variable(s.Match, cel.ObjectType(celTypeName(t)))); err != nil {
				return nil, fmt.Errorf("policy environment: %w", err)
			}
			envs[s.Match] = env
		}
		p, err := compile(env, s)
		if err != nil {
			return nil, err
		}
		p.shared = sh
		for f := range p.fields {
			sh.fields[f] = true
		}
		union, seen := sh.filters[s.Match]
		switch {
		case p.filter == nil:
			sh.filters[s.Match] = nil
		case !seen:
			sh.filters[s.Match] = maps.Clone(p.filter)
		case union != nil:
			maps.Copy(union, p.filter)
		}
		out = append(out, p)
	}
	return out, nil
}

func compile(env *cel.Env, s rules.PolicySpec) (*Policy, error) {
	p := &Policy{Spec: s, fields: map[string]bool{}}
	checked, iss := env.Compile(s.Condition)
	if iss.Err() != nil {
		return nil, exprError(s, "condition", s.ConditionLine, iss.Errors())
	}
	if !checked.OutputType().IsExactType(types.BoolType) {
		return nil, &rules.ConfigError{Path: s.File, Line: s.ConditionLine, Key: "policy.condition",
			Msg: fmt.Sprintf("policy %q: the condition is of type %s; it must be true or false", s.ID, checked.OutputType())}
	}
	readFields(checked, p.fields)
	p.filter = newPrefilter(s.Match, checked)
	prog, err := env.Program(checked, cel.CostLimit(CostLimit), cel.EvalOptions(cel.OptOptimize))
	if err != nil {
		return nil, fmt.Errorf("policy %q: %w", s.ID, err)
	}
	p.condition = prog
	p.message, err = p.compileMessage(env)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// compileMessage splits the message into text and {{expression}}
// placeholders, compiling each.
func (p *Policy) compileMessage(env *cel.Env) ([]part, error) {
	s := p.Spec
	var parts []part
	rest := s.Message
	for rest != "" {
		open := strings.Index(rest, "{{")
		if open < 0 {
			parts = append(parts, part{text: rest})
			break
		}
		end := strings.Index(rest[open:], "}}")
		if end < 0 {
			return nil, &rules.ConfigError{Path: s.File, Line: s.Line, Key: "policy.message",
				Msg: fmt.Sprintf("policy %q: the message has a {{ that no }} closes", s.ID)}
		}
		if open > 0 {
			parts = append(parts, part{text: rest[:open]})
		}
		expr := rest[open+2 : open+end]
		checked, iss := env.Compile(expr)
		if iss.Err() != nil {
			return nil, exprError(s, "message", s.Line, iss.Errors())
		}
		readFields(checked, p.fields)
		prog, err := env.Program(checked, cel.CostLimit(CostLimit), cel.EvalOptions(cel.OptOptimize))
		if err != nil {
			return nil, fmt.Errorf("policy %q: %w", s.ID, err)
		}
		parts = append(parts, part{prog: prog})
		rest = rest[open+end+2:]
	}
	return parts, nil
}

// exprError is the configuration error of an expression that does not
// compile: its first problem, at its line in the file and column in
// the expression.
func exprError(s rules.PolicySpec, key string, line int, errs []*common.Error) error {
	e := errs[0]
	loc := e.Location
	if line > 0 && loc.Line() > 0 {
		line += loc.Line() - 1
	}
	return &rules.ConfigError{Path: s.File, Line: line, Key: "policy." + key,
		Msg: fmt.Sprintf("policy %q: column %d of the expression: %s", s.ID, loc.Column()+1, e.Message)}
}

// readFields adds the fields an expression selects to fields.
func readFields(a *cel.Ast, fields map[string]bool) {
	for _, e := range ast.MatchDescendants(ast.NavigateAST(a.NativeRep()), ast.KindMatcher(ast.SelectKind)) {
		fields[e.AsSelect().FieldName()] = true
	}
}

// Context is what a policy's findings on a file depend on outside it:
// nothing, unless it reads catalog facts, which the declarations
// reaching the file's definitions from the entry points decide.
func (p *Policy) Context() model.Needs {
	if p.fields["catalog"] {
		return model.NeedTopScope | model.NeedEntryPoints
	}
	return 0
}

// Rule returns the policy's rule.
func (p *Policy) Rule() *rules.Rule {
	s := p.Spec
	doc := s.Help
	if strings.TrimSpace(doc) == "" {
		doc = fmt.Sprintf("A policy of %s: each %s for which `%s` holds.", filepath.Base(s.File), s.Match, strings.TrimSpace(s.Condition))
	}
	docURL := ""
	if filepath.IsAbs(s.File) {
		docURL = (&url.URL{Scheme: "file", Path: filepath.ToSlash(s.File)}).String()
	}
	return &rules.Rule{ID: s.ID, Title: s.Title, Doc: doc, Severity: s.Severity, Kind: rules.PerFile,
		Context: p.Context(), Run: p.run, DocURL: docURL}
}

// errCost is what an evaluation over CostLimit fails with.
const errCost = "cost limit exceeded"

// Eval evaluates the policy on obj, an object of its match kind: whether
// it flags it, and the message. An evaluation that fails (a map key the
// object lacks, a null compared with <) does not flag; one over the cost
// limit is an error.
func (p *Policy) Eval(obj any) (bool, string, error) {
	vars := &activation{name: p.Spec.Match, val: obj}
	out, _, err := p.condition.Eval(vars)
	if err != nil {
		if strings.Contains(err.Error(), errCost) {
			return false, "", fmt.Errorf("policy %q: the condition exceeded its cost limit", p.Spec.ID)
		}
		return false, "", nil
	}
	if out != types.True {
		return false, "", nil
	}
	var b strings.Builder
	for _, pt := range p.message {
		if pt.prog == nil {
			b.WriteString(pt.text)
			continue
		}
		v, _, err := pt.prog.Eval(vars)
		if err != nil {
			b.WriteString("?")
			continue
		}
		b.WriteString(show(v))
	}
	return true, b.String(), nil
}

// activation binds the one variable of a policy's expressions.
type activation struct {
	name string
	val  any
}

func (a *activation) ResolveName(name string) (any, bool) {
	if name == a.name {
		return a.val, true
	}
	return nil, false
}

func (a *activation) Parent() interpreter.Activation { return nil }

// show writes a value as a message shows it: strings bare, lists
// joined with ", ", null as "undef".
func show(v ref.Val) string {
	switch v := v.(type) {
	case types.String:
		return string(v)
	case types.Null:
		return "undef"
	}
	if l, ok := v.Value().([]ref.Val); ok {
		s := make([]string, len(l))
		for i, x := range l {
			s[i] = show(x)
		}
		return strings.Join(s, ", ")
	}
	native, err := v.ConvertToNative(reflect.TypeFor[any]())
	if err != nil {
		return fmt.Sprint(v.Value())
	}
	if l, ok := native.([]any); ok {
		s := make([]string, len(l))
		for i, x := range l {
			s[i] = fmt.Sprint(x)
		}
		return strings.Join(s, ", ")
	}
	return fmt.Sprint(native)
}

// run evaluates the policy on every object of its kind in the pass's file.
func (p *Policy) run(pass *rules.Pass) {
	f := pass.File
	if f.Parsed == nil || f.Parsed.Program == nil || f.Hiera != nil {
		return
	}
	if p.overCost.Load() != nil {
		return
	}
	facts := p.shared.cache.get(pass.Program, f, pass.Nodes(), pass.NodeParents(), p.shared)
	for _, fa := range facts.of(p.Spec.Match) {
		if !p.filter.admits(fa.obj) {
			continue
		}
		flagged, msg, err := p.Eval(fa.obj)
		if err != nil {
			p.overCost.CompareAndSwap(nil, &rules.ConfigError{Path: p.Spec.File, Line: p.Spec.Line, Key: "policy.condition",
				Msg: fmt.Sprintf("policy %q: its condition exceeded the cost limit (%d units of CEL cost) on the %s at %s:%d; simplify the condition",
					p.Spec.ID, CostLimit, p.Spec.Match, f.Path, fa.span.Start.Line)})
			return
		}
		if flagged {
			pass.ReportSpan(f, fa.span, msg, strings.TrimSpace(p.Spec.Help))
		}
	}
}
