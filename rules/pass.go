package rules

import (
	"fmt"
	"iter"
	"slices"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/validate"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/style"
)

// Pass is what a rule sees during one run: the file it checks (for per-file
// rules), the whole program, its options and a way to report findings.
type Pass struct {
	// Rule is the rule being run.
	Rule *Rule
	// File is the file being checked; nil for whole-program rules.
	File *model.File
	// Program is the whole-program model, shared and read-only.
	Program *model.Program
	// Options is the value returned by Rule.NewOptions with the
	// configuration decoded into it; nil when the rule has no options.
	Options any
	// Puppet is the target Puppet version, which decides what Puppet does
	// with a finding (its message and severity); never zero.
	Puppet PuppetVersion

	// A pass hands its findings to sink, as rule active's, own being the
	// findings of File and slab its worker's.
	sink    *findingSink
	active  *Active
	own     *fileFindings
	slab    *findingSlab
	enabled map[string]bool
	nodes   *fileNodes // shared by the passes over one file; may be nil
	// everyNode makes nodesOf yield every node of the file, whatever the
	// set it is given. A test runs the rules so, and requires the findings
	// of a normal run: each rule's set must hold every type of node its
	// code looks at, a list kept in step with that code by hand.
	everyNode bool
}

// fileNodes is the node list of one file, shared by the per-file rules
// that check it. They run one after another, so it needs no lock.
type fileNodes struct {
	list    []parser.Node
	parents []int32 // parents[i] is the index of list[i]'s parent, -1 for the root
	// kinds[i] is the set of list[i]'s kind alone, or of every kind
	// when the pass yields every node (Pass.everyNode).
	kinds []nodeKinds
	done  bool
	// style is the file as the style rules see it: its token view and the
	// scans of it they share, made by the first style rule run over the
	// file (styleFile). view holds the tokens; both keep their memory from
	// file to file.
	style     style.File
	view      parser.TokenView
	styleDone bool
	// The pass and style rule being run, for reportStyle, and reportStyle
	// as a function value, made once.
	stylePass   *Pass
	styleRule   *style.Rule
	styleReport func(style.Finding)
	stylePos    parser.Pos // the last finding's start, where reportStyle looks first
	// lookups are the last definitions the rules looked up by name in
	// the file (Pass.lookup), next the one to replace.
	lookups [8]definitionsNamed
	next    int
	// validator is syntax-error's, whose lists keep their memory from
	// file to file.
	validator validate.Validator
	// editBlock is where reportStyle cuts findings' edits from; the
	// findings keep what they were given, so it is never reused, only
	// replaced by a fresh block when full.
	editBlock []Edit
}

// definitionsNamed is what Program.Lookup gives for kind and name.
type definitionsNamed struct {
	kind model.DefKind
	name string
	defs []*model.Definition
	set  bool
}

// reset empties the lists for the next file, keeping their memory.
func (c *fileNodes) reset() {
	clear(c.list)
	c.lookups, c.next = [len(c.lookups)]definitionsNamed{}, 0
	c.list, c.parents, c.kinds, c.done, c.styleDone, c.stylePass = c.list[:0], c.parents[:0], c.kinds[:0], false, false, nil
}

// Nodes returns every node of the pass's file in the order parser.Inspect
// visits them (parents before children, in source order). It is computed
// once per file and shared by the per-file rules, which range over it
// instead of each walking the tree again: callers must not modify it. It
// is nil for whole-program passes and files without a tree.
func (p *Pass) Nodes() []parser.Node { return p.fileNodes().list }

// NodeParents returns, for each node of Nodes, the index in Nodes of its
// parent, or -1 for the file's Program. Rules that need a node's ancestors
// follow it instead of walking the tree with parser.InspectStack.
func (p *Pass) NodeParents() []int32 { return p.fileNodes().parents }

// nodesOf returns the nodes of Nodes whose types are in set, with their
// indexes in Nodes, in its order. A rule that looks at a few types of node
// ranges over them instead of switching on the type of every node: the
// type of each is worked out once per file, when the list is made.
//
// It is small enough to be inlined, and so is the function it returns:
// a loop over it then allocates nothing (were it not inlined, the
// function and the loop's body would escape to the heap), and calls its
// body directly.
func (p *Pass) nodesOf(set nodeKinds) iter.Seq2[int, parser.Node] {
	c := p.fileNodes()
	return func(yield func(int, parser.Node) bool) {
		for i, k := range c.kinds {
			if set&k != 0 && !yield(i, c.list[i]) {
				return
			}
		}
	}
}

// nodesOfType returns the nodes of Nodes of type T, with their indexes in
// Nodes, in its order. It asserts the type of each node rather than
// testing kinds: working a kind out from T made the function too large to
// inline (see nodesOf).
func nodesOfType[T parser.Node](p *Pass) iter.Seq2[int, T] {
	c := p.fileNodes()
	return func(yield func(int, T) bool) {
		for i, n := range c.list {
			if t, ok := n.(T); ok && !yield(i, t) {
				return
			}
		}
	}
}

// nodeKind is the number of a type of node the per-file rules range over
// (nodesOf); the other types share kindOther.
type nodeKind uint8

const (
	kindOther nodeKind = iota
	kindAccess
	kindAssign
	kindBlock
	kindCall
	kindClassDef
	kindCollector
	kindDefineDef
	kindEPPTemplate
	kindFunctionDef
	kindInterpolatedString
	kindLambda
	kindMethodCall
	kindNodeDef
	kindParameter
	kindPlanDef
	kindResource
	kindResourceBody
	kindResourceDefaults
	kindResourceOverride
	kindRelationship
	kindVariable
	kindCount // the number of kinds, which a nodeKinds must have bits for
)

// nodeKinds is a set of kinds, kind k being its bit 1<<k.
type nodeKinds uint32

// A nodeKinds has a bit for each kind: this overflows when it has not.
const _ = nodeKinds(1) << (kindCount - 1)

// kindOf returns the kind of n.
func kindOf(n parser.Node) nodeKind {
	switch n.(type) {
	case *parser.Access:
		return kindAccess
	case *parser.Assign:
		return kindAssign
	case *parser.Block:
		return kindBlock
	case *parser.Call:
		return kindCall
	case *parser.ClassDef:
		return kindClassDef
	case *parser.Collector:
		return kindCollector
	case *parser.DefineDef:
		return kindDefineDef
	case *parser.EPPTemplate:
		return kindEPPTemplate
	case *parser.FunctionDef:
		return kindFunctionDef
	case *parser.InterpolatedString:
		return kindInterpolatedString
	case *parser.Lambda:
		return kindLambda
	case *parser.MethodCall:
		return kindMethodCall
	case *parser.NodeDef:
		return kindNodeDef
	case *parser.Parameter:
		return kindParameter
	case *parser.PlanDef:
		return kindPlanDef
	case *parser.Resource:
		return kindResource
	case *parser.ResourceBody:
		return kindResourceBody
	case *parser.ResourceDefaults:
		return kindResourceDefaults
	case *parser.ResourceOverride:
		return kindResourceOverride
	case *parser.Relationship:
		return kindRelationship
	case *parser.Variable:
		return kindVariable
	}
	return kindOther
}

// fileNodes lists the nodes of the pass's file on first use.
func (p *Pass) fileNodes() *fileNodes {
	if p.nodes == nil {
		p.nodes = &fileNodes{}
	}
	c := p.nodes
	if c.done || p.File == nil || p.File.Parsed == nil || p.File.Parsed.Program == nil {
		return c
	}
	every := nodeKinds(0)
	if p.everyNode {
		every = ^nodeKinds(0)
	}
	parent := int32(-1)
	var visit func(parser.Node)
	visit = func(n parser.Node) {
		i := int32(len(c.list))
		if len(c.list) == cap(c.list) {
			// Doubling, where append grows a large slice by a quarter
			// and leaves four times the list behind in copies.
			c.list = slices.Grow(c.list, len(c.list))
			c.parents = slices.Grow(c.parents, len(c.parents))
			c.kinds = slices.Grow(c.kinds, len(c.kinds))
		}
		c.list = append(c.list, n)
		c.parents = append(c.parents, parent)
		c.kinds = append(c.kinds, every|1<<kindOf(n))
		outer := parent
		parent = i
		parser.EachChild(n, visit) // skips absent children, as parser.Inspect does
		parent = outer
	}
	visit(p.File.Parsed.Program)
	c.done = true
	return c
}

// validate returns the validation issues of the pass's file, checked
// over its node list (validate.FileNodes); they are valid until the next
// file's.
func (p *Pass) validate() []validate.Issue {
	c := p.fileNodes()
	return c.validator.FileNodes(p.File.Parsed, c.list, c.parents)
}

// lookup returns p.Program.Lookup(kind, name). The per-file rules look
// up the type of each resource they check, a few types many times over
// in a file and rule after rule: the last few answers are kept for the
// file, and a name that is the same string as one of them (as a
// resource's type is for each rule) is found without hashing it.
func (p *Pass) lookup(kind model.DefKind, name string) []*model.Definition {
	c := p.nodes
	if c == nil {
		return p.Program.Lookup(kind, name)
	}
	for i := range c.lookups {
		if e := &c.lookups[i]; e.set && e.kind == kind && e.name == name {
			return e.defs
		}
	}
	defs := p.Program.Lookup(kind, name)
	c.lookups[c.next] = definitionsNamed{kind, name, defs, true}
	c.next = (c.next + 1) % len(c.lookups)
	return defs
}

// RuleEnabled reports whether the rule with the given id runs in this run,
// for rules that leave a case to a more precise rule when that one is on.
func (p *Pass) RuleEnabled(id string) bool { return p.enabled[id] }

// Report records a finding. Rule, Severity and File are filled in when empty
// (File from the pass's file), so rules usually set only message and range.
func (p *Pass) Report(d Diagnostic) {
	d.Rule = p.Rule.ID
	if d.Severity == 0 {
		d.Severity = p.Rule.DefaultSeverity(p.Puppet)
	}
	if d.File == "" && p.File != nil {
		d.File = p.File.Path
	}
	p.deliver(&d)
}

// deliver hands a finding, its rule, severity and file set, to the run.
func (p *Pass) deliver(d *Diagnostic) {
	p.sink.add(p.active, p.own, p.slab, d)
}

// ReportSpan reports a finding on span in file f, with its one-line
// message and its detail (see Diagnostic).
func (p *Pass) ReportSpan(f *model.File, span parser.Span, msg, detail string, related ...Related) {
	p.Report(Diagnostic{File: f.Path, Start: span.Start, End: span.End, Message: msg, Detail: detail, Related: related})
}

// Reportf reports a formatted finding on node n of the pass's file.
func (p *Pass) Reportf(n parser.Node, format string, args ...any) {
	p.ReportSpan(p.File, n.Span(), fmt.Sprintf(format, args...), "")
}

// RelatedAt builds a related location for span in file f.
func RelatedAt(f *model.File, span parser.Span, msg string) Related {
	return Related{Message: msg, File: f.Path, Start: span.Start, End: span.End}
}
