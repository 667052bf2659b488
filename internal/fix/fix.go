// Package fix applies the exact edits that findings carry to a Puppet
// file's source, and accepts the result only when it is safe: the file is a
// manifest or an EPP template, the result parses and passes the checks of
// Puppet's validator that the original passes, and its syntax tree differs
// from the original's exactly where the edits say — each edited
// expression is replaced by the expression of its edit, and everything
// else is unchanged. An edit of comments and whitespace only (removing a
// control comment or a word of one) must leave the tree as it is and the
// other comments byte for byte. An edit that is neither (moving a chaining
// arrow, adding a trailing comma) must leave the code tokens as the other
// edits alone leave them, but for commas right before a closing bracket,
// which the syntax tree does not keep. Two changes to a resource body
// are accepted besides: attributes that change places, each edit
// replacing one whole attribute by another, where the order their values
// are evaluated in cannot matter; and a file's ensure => '/path' written
// as ensure => link, target => '/path'.
// Edits that overlap an earlier one are
// left for a later round, after the file has been linted again.
package fix

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/validate"
)

// Fixable reports whether a file of this path may be fixed: a Puppet
// manifest or EPP template. No other file is ever written.
func Fixable(path string) bool {
	ext := filepath.Ext(path)
	return ext == ".pp" || ext == ".epp"
}

// Apply is ApplyWithOptions for a file known by its path alone, parsed
// with the options parser.ParseFile takes from it.
func Apply(path string, src []byte, edits []diagnostics.Edit) ([]byte, int, error) {
	return ApplyWithOptions(path, src, parser.FileOptions(path), edits)
}

// ApplyWithOptions applies edits to src, the content of the Puppet file
// at path, parsed with opts (the options the file's findings were found
// with), and checks the result. It returns the new content and how many
// edits it applied; edits overlapping one applied before it (in file
// order) are not applied, for a later round. An error says why nothing
// was applied: the result would not be safe, and src stands.
func ApplyWithOptions(path string, src []byte, opts parser.ParseOptions, edits []diagnostics.Edit) ([]byte, int, error) {
	if !Fixable(path) {
		return nil, 0, errors.New("only Puppet manifests (.pp) and EPP templates (.epp) are fixed")
	}
	todo, err := nonOverlapping(src, edits)
	if err != nil || len(todo) == 0 {
		return nil, 0, err
	}
	old := parser.ParseFileWithOptions(path, src, opts)
	if len(old.Errors) > 0 {
		return nil, 0, fmt.Errorf("the file does not parse (%s at %s), so the result could not be checked",
			old.Errors[0].Message, old.Errors[0].Start)
	}
	var out []byte
	last := 0
	for _, e := range todo {
		out = append(out, src[last:e.Start.Offset]...)
		out = append(out, e.NewText...)
		last = int(e.End.Offset)
	}
	out = append(out, src[last:]...)
	if err := check(path, old, out, todo); err != nil {
		return nil, 0, err
	}
	return out, len(todo), nil
}

// nonOverlapping sorts edits by position, drops exact duplicates (two
// findings may ask for one edit) and those that overlap an edit before
// them, and checks that each lies within src.
func nonOverlapping(src []byte, edits []diagnostics.Edit) ([]diagnostics.Edit, error) {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b diagnostics.Edit) int {
		return cmp.Or(cmp.Compare(a.Start.Offset, b.Start.Offset), cmp.Compare(a.End.Offset, b.End.Offset))
	})
	sorted = slices.Compact(sorted)
	var out []diagnostics.Edit
	end := int32(-1)
	for _, e := range sorted {
		if e.Start.Offset < 0 || e.End.Offset < e.Start.Offset || int(e.End.Offset) > len(src) {
			return nil, fmt.Errorf("an edit at %s lies outside the file", e.Start)
		}
		if e.Start.Offset < end || (e.Start.Offset == end && e.Start.Offset == e.End.Offset) {
			continue // overlaps the previous edit: next round
		}
		out = append(out, e)
		end = e.End.Offset
	}
	return out, nil
}

// check accepts out, the source with edits applied to old's, when it
// parses, passes the validator checks old passes, keeps every comment,
// and its tree is old's with each edited expression replaced by its
// edit's.
func check(path string, old *parser.File, out []byte, edits []diagnostics.Edit) error {
	fixed := parser.ParseFileWithOptions(path, out, old.Options())
	if len(fixed.Errors) > 0 {
		return fmt.Errorf("the result would not parse: %s at %s", fixed.Errors[0].Message, fixed.Errors[0].Start)
	}
	had := map[string]bool{}
	for _, is := range validate.File(old) {
		had[is.Code+is.Message] = true
	}
	for _, is := range validate.File(fixed) {
		if !had[is.Code+is.Message] {
			return fmt.Errorf("the validator would reject the result: %s", is.Message)
		}
	}
	var exprEdits, commentEdits []diagnostics.Edit
	for _, e := range edits {
		if commentEdit(old, e) {
			commentEdits = append(commentEdits, e)
			continue
		}
		if overlapsComment(old, e) {
			return fmt.Errorf("an edit at %s would change a comment", e.Start)
		}
		exprEdits = append(exprEdits, e)
	}
	wantComments, err := editedComments(old, commentEdits)
	if err != nil {
		return err
	}
	if !slices.EqualFunc(wantComments, fixed.Comments, func(text string, c *parser.Comment) bool { return text == commentText(fixed, c) }) {
		return errors.New("the result's comments differ from what the edits say")
	}
	want := map[[2]int32]diagnostics.Edit{}
	for _, e := range exprEdits {
		want[[2]int32{e.Start.Offset, e.End.Offset}] = e
	}
	cmp := &comparison{edits: want, used: map[[2]int32]bool{}}
	if err := cmp.same(old.Program, fixed.Program); err != nil {
		return err
	}
	var layout []diagnostics.Edit
	for k, e := range want {
		if !cmp.used[k] {
			layout = append(layout, e)
		}
	}
	if len(layout) > 0 {
		return checkLayout(old, out, edits, layout)
	}
	return nil
}

// checkLayout accepts layout edits, those that replace no whole expression
// and are not comment edits (moving a chaining arrow to the next line),
// when they only move code: the result's code tokens are those of the
// source with the other edits alone applied, in the same order and with
// the same text. The trees were compared before, so the program is the same.
func checkLayout(old *parser.File, out []byte, edits, layout []diagnostics.Edit) error {
	slices.SortFunc(layout, func(a, b diagnostics.Edit) int { return int(a.Start.Offset - b.Start.Offset) })
	if old.EPP {
		return fmt.Errorf("the edit at %s does not replace a whole expression", layout[0].Start)
	}
	var ref []byte
	last := 0
	for _, e := range edits {
		if slices.Contains(layout, e) {
			continue
		}
		ref = append(ref, old.Src[last:e.Start.Offset]...)
		ref = append(ref, e.NewText...)
		last = int(e.End.Offset)
	}
	ref = append(ref, old.Src[last:]...)
	if !slices.Equal(codeTokens(ref), codeTokens(out)) {
		return fmt.Errorf("the edit at %s does not replace a whole expression, and the edits change more than the layout", layout[0].Start)
	}
	return nil
}

// codeTokens returns the text of each token of the manifest src that is
// not whitespace, a newline or a comment, leaving out trailing commas:
// those right before a closing bracket (heredoc bodies between them
// aside), which the syntax tree does not keep ([1, 2,] is [1, 2]).
func codeTokens(src []byte) []string {
	var out []string
	toks := parser.NewTokenView(src, nil).Tokens
	for i, t := range toks {
		switch {
		case t.Kind == parser.TokHeredocBody:
			out = append(out, heredocWithoutMargin(t.Text))
		case t.Kind == parser.TokPunct && t.Text == "," && beforeClosing(toks, i):
		case !t.Kind.IsTrivia():
			out = append(out, t.Text)
		}
	}
	return out
}

// beforeClosing reports whether the next code token after toks[i] that is
// not a heredoc body is a closing bracket.
func beforeClosing(toks []parser.Token, i int) bool {
	for _, t := range toks[i+1:] {
		if t.Kind.IsTrivia() || t.Kind == parser.TokHeredocBody {
			continue
		}
		return t.Kind == parser.TokPunct && (t.Text == "]" || t.Text == "}" || t.Text == ")")
	}
	return false
}

// heredocWithoutMargin returns a heredoc's body (its text and closing tag
// line) without the margin a | before the tag sets: Puppet removes up to
// the tag line's indentation of blanks from each line, so moving the
// whole heredoc left or right keeps its value. Without a | the body is
// returned as it is.
func heredocWithoutMargin(body string) string {
	lines := strings.Split(body, "\n")
	last := lines[len(lines)-1]
	tag := strings.TrimLeft(last, " \t")
	if !strings.HasPrefix(tag, "|") {
		return body
	}
	margin := len(last) - len(tag)
	for i, l := range lines {
		n := 0
		for n < margin && n < len(l) && (l[n] == ' ' || l[n] == '\t') {
			n++
		}
		lines[i] = l[n:]
	}
	return strings.Join(lines, "\n")
}

// commentEdit reports whether e edits comments and whitespace only: its
// range lies within one comment, or holds nothing but whole comments and
// whitespace and its text is whitespace.
func commentEdit(f *parser.File, e diagnostics.Edit) bool {
	i := firstCommentEndingAfter(f, e.Start.Offset)
	if i < len(f.Comments) && f.Comments[i].Start.Offset <= e.Start.Offset && e.End.Offset <= f.Comments[i].End.Offset {
		return true
	}
	if strings.TrimSpace(e.NewText) != "" {
		return false
	}
	for off := e.Start.Offset; off < e.End.Offset; {
		if i < len(f.Comments) && f.Comments[i].Start.Offset <= off {
			if f.Comments[i].End.Offset > e.End.Offset {
				return false // ends inside a comment
			}
			off = f.Comments[i].End.Offset
			i++
			continue
		}
		if !isSpace(f.Src[off]) {
			return false
		}
		off++
	}
	return true
}

// firstCommentEndingAfter returns the index of the first comment of f
// (they are in source order) that ends after offset off.
func firstCommentEndingAfter(f *parser.File, off int32) int {
	i, _ := slices.BinarySearchFunc(f.Comments, off, func(c *parser.Comment, off int32) int {
		if c.End.Offset <= off {
			return -1
		}
		return 1
	})
	return i
}

// overlapsComment reports whether e's range overlaps a comment of f.
func overlapsComment(f *parser.File, e diagnostics.Edit) bool {
	i := firstCommentEndingAfter(f, e.Start.Offset)
	return i < len(f.Comments) && f.Comments[i].Start.Offset < e.End.Offset
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\r' || b == '\n' }

// editedComments returns the text of each comment of f, in order, as
// edits (comment edits, sorted and not overlapping) leave it: edits
// within a comment change its text, or make it several comments, and a
// comment an edit covers, or whose text an edit empties, is gone.
func editedComments(f *parser.File, edits []diagnostics.Edit) ([]string, error) {
	out := make([]string, 0, len(f.Comments))
	j := 0
	for _, c := range f.Comments {
		for j < len(edits) && edits[j].End.Offset < c.Start.Offset {
			j++
		}
		var within []diagnostics.Edit
		gone := false
		for _, e := range edits[j:] {
			if e.Start.Offset > c.End.Offset {
				break
			}
			switch {
			case c.Start.Offset <= e.Start.Offset && e.End.Offset <= c.End.Offset:
				within = append(within, e)
			case e.End.Offset <= c.Start.Offset || c.End.Offset <= e.Start.Offset:
				// touches the comment's edge from outside
			case e.Start.Offset <= c.Start.Offset && c.End.Offset <= e.End.Offset:
				gone = true
			default:
				return nil, fmt.Errorf("the edit at %s would change part of a comment and what is outside it", e.Start)
			}
		}
		if gone {
			continue
		}
		text := commentText(f, c)
		if len(within) > 0 {
			var b strings.Builder
			last := c.Start.Offset
			for _, e := range within {
				b.Write(f.Src[last:e.Start.Offset])
				b.WriteString(e.NewText)
				last = e.End.Offset
			}
			b.Write(f.Src[last:c.End.Offset])
			if text = b.String(); text == "" {
				continue
			}
			// A rewritten comment may be several (a /* */ comment
			// written as # lines), but nothing else.
			for _, t := range parser.NewTokenView([]byte(text), nil).Tokens {
				switch t.Kind {
				case parser.TokComment, parser.TokBlockComment:
					out = append(out, t.Text)
				case parser.TokWhitespace, parser.TokNewline:
				default:
					return nil, fmt.Errorf("the edit at %s would write code into a comment", within[0].Start)
				}
			}
			continue
		}
		out = append(out, text)
	}
	return out, nil
}

func commentText(f *parser.File, c *parser.Comment) string {
	return string(f.Src[c.Start.Offset:c.End.Offset])
}

// comparison walks an original tree and the fixed one side by side.
type comparison struct {
	edits map[[2]int32]diagnostics.Edit // by the original range they replace
	used  map[[2]int32]bool
}

// same reports how the fixed tree b differs from the original a beyond
// the edits, or nil when it does not.
func (c *comparison) same(a, b parser.Node) error {
	key := [2]int32{a.Span().Start.Offset, a.Span().End.Offset}
	if e, ok := c.edits[key]; ok && !c.used[key] {
		if _, isExpr := a.(parser.Expr); isExpr {
			c.used[key] = true
			want, err := editExpr(e.NewText)
			if err != nil {
				return err
			}
			if shape(want) != shape(b) {
				// A bare name (c for ::c) is read as a variable's name
				// first; it may also be the name itself.
				if lit, err := oneExpr(e.NewText); err != nil || shape(lit) != shape(b) {
					return fmt.Errorf("the edit at %s does not give the expression %q there", e.Start, e.NewText)
				}
			}
			return nil
		}
	}
	if node(a) != node(b) {
		return fmt.Errorf("the result differs from the original at %s, where no edit is", a.Span().Start)
	}
	if ar, ok := a.(*parser.Resource); ok && ar.TypeName() == "file" {
		return c.sameFile(ar, b.(*parser.Resource))
	}
	if ab, ok := a.(*parser.ResourceBody); ok {
		if bb := b.(*parser.ResourceBody); reordered(ab.Attrs, bb.Attrs) {
			return c.sameReordered(ab, bb)
		}
	}
	ac, bc := parser.Children(a), parser.Children(b)
	if len(ac) != len(bc) {
		return fmt.Errorf("the result differs from the original at %s, where no edit is", a.Span().Start)
	}
	for i := range ac {
		if err := c.same(ac[i], bc[i]); err != nil {
			return err
		}
	}
	return nil
}

// sameFile compares two file resources, whose bodies may differ by one
// equivalence: ensure => '/path' (a string naming the link's target)
// written as ensure => link, target => '/path', where one edit replaces
// the string. Puppet's file type reads the first as the second. It is
// accepted only where the body has no target of its own and no splat (*
// =>), either of which would then set target twice.
func (c *comparison) sameFile(a, b *parser.Resource) error {
	if len(a.Bodies) != len(b.Bodies) {
		return fmt.Errorf("the result differs from the original at %s, where no edit is", a.Span().Start)
	}
	if err := c.same(a.Type, b.Type); err != nil {
		return err
	}
	for i, ab := range a.Bodies {
		bb := b.Bodies[i]
		if len(bb.Attrs) != len(ab.Attrs)+1 {
			if err := c.same(ab, bb); err != nil {
				return err
			}
			continue
		}
		k, err := c.linkTarget(ab, bb)
		if err != nil {
			return err
		}
		if err := c.same(ab.Title, bb.Title); err != nil {
			return err
		}
		for j, op := range ab.Attrs {
			bj := j
			if j >= k {
				bj++ // past target
			}
			if j == k {
				continue
			}
			if err := c.same(op, bb.Attrs[bj]); err != nil {
				return err
			}
		}
	}
	return nil
}

// reordered reports whether b holds the attributes of a, by name, in
// another order.
func reordered(a, b []*parser.AttributeOp) bool {
	if len(a) != len(b) {
		return false
	}
	same := true
	count := map[string]int{}
	for i := range a {
		same = same && a[i].Name == b[i].Name
		count[a[i].Name]++
		count[b[i].Name]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return !same
}

// sameReordered compares two resource bodies whose attributes are the
// same in another order, as edits that each replace a whole attribute by
// another write them. The order of a body's attributes has no meaning to
// Puppet but for the order their values are evaluated in, so two values
// may change places only when neither can change what the other reads or
// does (valueEffects).
func (c *comparison) sameReordered(a, b *parser.ResourceBody) error {
	if err := c.same(a.Title, b.Title); err != nil {
		return err
	}
	pos := map[*parser.AttributeOp]int{} // an attribute of a, by its place in b
	taken := make([]bool, len(b.Attrs))
	for _, op := range a.Attrs {
		for j, bop := range b.Attrs {
			if !taken[j] && bop.Name == op.Name {
				taken[j], pos[op] = true, j
				break
			}
		}
	}
	for i, op := range a.Attrs {
		bop := b.Attrs[pos[op]]
		key := [2]int32{op.Span().Start.Offset, op.Span().End.Offset}
		if pos[op] != i {
			e, ok := c.edits[key]
			if !ok || c.used[key] {
				return fmt.Errorf("the result differs from the original at %s, where no edit is", op.Span().Start)
			}
			if op.Append != bop.Append || op.Splat != bop.Splat || shape(op.Value) != shape(bop.Value) {
				return fmt.Errorf("the edit at %s does not move the attribute %s whole", e.Start, op.Name)
			}
			c.used[key] = true
			continue
		}
		if err := c.same(op, bop); err != nil {
			return err
		}
	}
	for i, p := range a.Attrs {
		for _, q := range a.Attrs[i+1:] {
			if pos[p] > pos[q] && conflict(valueEffects(p.Value), valueEffects(q.Value)) {
				return fmt.Errorf("the attributes %s and %s would change places, and their values depend on the order they are evaluated in", p.Name, q.Name)
			}
		}
	}
	return nil
}

// effects says what evaluating a value may change or depend on.
type effects struct {
	assigns   bool // assigns a variable
	calls     bool // calls a function (which may declare classes, or look at what was declared)
	matches   bool // matches a regular expression, setting $0, $1...
	reads     bool // reads a local or top-scope variable
	qualified bool // reads a variable of a class ($a::b), which a call may declare
	numbered  bool // reads a match variable ($1)
}

// conflict reports whether two values' evaluation order can matter.
func conflict(p, q effects) bool {
	return (p.assigns && (q.assigns || q.reads || q.qualified)) || (q.assigns && (p.reads || p.qualified)) ||
		(p.calls && (q.calls || q.qualified)) || (q.calls && p.qualified) ||
		(p.matches && (q.matches || q.numbered)) || (q.matches && p.numbered)
}

// valueEffects returns what evaluating e may change or depend on. A node
// of a kind not known to be plain counts as everything.
func valueEffects(e parser.Node) effects {
	var f effects
	var walk func(parser.Node)
	walk = func(n parser.Node) {
		switch n := n.(type) {
		case *parser.Assign:
			f.assigns = true
		case *parser.Call, *parser.MethodCall, *parser.Lambda:
			f.calls = true
		case *parser.Binary:
			f.matches = f.matches || n.Op == "=~" || n.Op == "!~"
		case *parser.SelectorCase:
			if _, ok := parser.Unparen(n.Match).(*parser.Regex); ok {
				f.matches = true
			}
		case *parser.Variable:
			switch {
			case n.IsNumeric():
				f.numbered = true
			case n.IsQualified():
				f.qualified = true
			default:
				f.reads = true
			}
		case *parser.StringLit, *parser.InterpolatedString, *parser.Heredoc, *parser.Number, *parser.Bool,
			*parser.Undef, *parser.Default, *parser.Regex, *parser.Name, *parser.TypeRef, *parser.Array,
			*parser.Hash, *parser.HashEntry, *parser.Access, *parser.Unary, *parser.Paren, *parser.Selector:
		default:
			f = effects{true, true, true, true, true, true}
		}
		parser.EachChild(n, walk)
	}
	walk(e)
	return f
}

// linkTarget returns the index of the ensure attribute of a that an edit
// writes as ensure => link, target => (its path) in b, or an error.
func (c *comparison) linkTarget(a, b *parser.ResourceBody) (int, error) {
	k := -1
	for j, op := range a.Attrs {
		switch {
		case op.Splat || op.Name == "target":
			return 0, fmt.Errorf("the result differs from the original at %s, where no edit is", a.Span().Start)
		case op.Name == "ensure":
			k = j
		}
	}
	if k < 0 {
		return 0, fmt.Errorf("the result differs from the original at %s, where no edit is", a.Span().Start)
	}
	value := a.Attrs[k].Value
	key := [2]int32{value.Span().Start.Offset, value.Span().End.Offset}
	e, ok := c.edits[key]
	if !ok || c.used[key] || !linkPath(value) {
		return 0, fmt.Errorf("the result differs from the original at %s, where no edit is", a.Span().Start)
	}
	ensure, target := b.Attrs[k], b.Attrs[k+1]
	link, isName := ensure.Value.(*parser.Name)
	if ensure.Name != "ensure" || ensure.Append || !isName || link.Value != "link" || link.Word ||
		target.Name != "target" || target.Append || target.Splat || shape(target.Value) != shape(value) {
		return 0, fmt.Errorf("the edit at %s does not write ensure => link and the path as target", e.Start)
	}
	c.used[key] = true
	return k, nil
}

// linkPath reports whether e is a string that starts with "/", which a
// file's ensure takes as the target of a symbolic link.
func linkPath(e parser.Expr) bool {
	switch s := e.(type) {
	case *parser.StringLit:
		return strings.HasPrefix(s.Value, "/")
	case *parser.InterpolatedString:
		if len(s.Parts) > 0 {
			lit, ok := s.Parts[0].(*parser.StringLit)
			return ok && strings.HasPrefix(lit.Value, "/")
		}
	}
	return false
}

// editExpr parses an edit's text as the expression it writes: as is, or
// with its '$' restored when it is written inside "${...}", or without
// the "${...}" it is wrapped in inside a string. Text that is not a
// variable that way is taken as is (a literal, such as a string with new
// quotes).
func editExpr(text string) (parser.Node, error) {
	src := text
	switch {
	case strings.HasPrefix(src, "${") && strings.HasSuffix(src, "}"):
		src = "$" + src[2:len(src)-1]
	case !strings.HasPrefix(src, "$"):
		src = "$" + src
	}
	n, err := oneExpr(src)
	if err != nil && src != text {
		if lit, litErr := oneExpr(text); litErr == nil {
			return lit, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("an edit's text %q %w", text, err)
	}
	return n, nil
}

// oneExpr parses src as a single expression.
func oneExpr(src string) (parser.Node, error) {
	f := parser.ParseManifest("edit.pp", []byte(src))
	if len(f.Errors) > 0 || f.Program == nil {
		return nil, errors.New("is not an expression")
	}
	stmts := parser.Children(f.Program)
	for len(stmts) == 1 {
		if _, ok := stmts[0].(*parser.Block); !ok {
			return stmts[0], nil
		}
		stmts = parser.Children(stmts[0])
	}
	return nil, errors.New("is not one expression")
}

// shape renders a subtree without positions, for comparing expressions.
func shape(n parser.Node) string {
	var b strings.Builder
	var walk func(parser.Node)
	walk = func(n parser.Node) {
		b.WriteString("(" + node(n))
		parser.EachChild(n, walk)
		b.WriteString(")")
	}
	walk(n)
	return b.String()
}

var spanType = reflect.TypeOf(parser.Span{})

// node renders one node without its children and positions: its type and
// its scalar fields (names, values, operators, quotes).
func node(n parser.Node) string {
	v := reflect.ValueOf(n)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	t := v.Type()
	var b strings.Builder
	b.WriteString(t.Name())
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous || !f.IsExported() || f.Type == spanType {
			continue
		}
		switch fv := v.Field(i); fv.Kind() {
		case reflect.String:
			b.WriteString(" " + f.Name + "=" + strconv.Quote(fv.String()))
		case reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint8:
			fmt.Fprintf(&b, " %s=%v", f.Name, fv.Interface())
		}
	}
	return b.String()
}

// WriteFile replaces the file at path with data atomically: it writes a
// temporary file in the same directory, with the file's permissions, and
// renames it over the file, so that a reader sees the old content or the
// new, never a part. A symbolic link is followed: its target is replaced.
func WriteFile(path string, data []byte) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	fi, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".ducklint-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
