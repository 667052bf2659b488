package parser

import (
	"math"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds the parser's recursion (several calls per bracket or
// block level) so that deeply nested input is reported as an error instead
// of exhausting the stack. It lets through the 1,000 nested arrays and
// 1,900 nested parentheses or ifs Puppet 7 accepts (testdata/parse/deep).
const maxDepth = 20000

// parseAbort is panicked on a syntax error and recovered at statement
// level; it never escapes the package.
type parseAbort struct{}

// statementCalls are the names Puppet calls without parentheses
// (STATEMENT_CALLS in pops/model/factory.rb).
var statementCalls = map[string]bool{
	"require": true, "realize": true, "include": true, "contain": true, "tag": true,
	"debug": true, "info": true, "notice": true, "warning": true, "err": true,
	"fail": true, "import": true, "break": true, "next": true, "return": true,
}

type parser struct {
	f     *File
	lx    *lexer
	nodes *nodeSlabs // where the most frequent nodes are allocated
	// i is the absolute index of the current token; the lexer's token
	// slice holds a window of tokens starting at absolute index base.
	i, base int
	// cur is the current token's kind, kept with i (moveTo, skip,
	// advance): it is read before nearly every decision, and from here
	// in one load instead of through the lexer's window.
	cur tokKind
	// spec counts active speculative parses, which pin the window.
	spec int
	// window is the number of consumed tokens that triggers compaction.
	window int
	depth  int
	lines  *LineIndex
	// caches for mostly increasing position lookups
	lastLine                         int
	lastColLine, lastColOff, lastCol int
}

// bomError returns Puppet's message when src starts with a byte order mark.
func bomError(src []byte) string {
	has := func(b ...byte) bool {
		if len(src) < len(b) {
			return false
		}
		for i, c := range b {
			if src[i] != c {
				return false
			}
		}
		return true
	}
	var name, bytes string
	switch {
	case has(0x00, 0x00, 0xFE, 0xFF):
		name, bytes = "UTF-32", "[0 0 FE FF]"
	case has(0xFF, 0xFE, 0x00, 0x00):
		name, bytes = "UTF-32", "[FF FE 0 0]"
	case has(0x84, 0x31, 0x95, 0x33):
		name, bytes = "GB-18030", "[84 31 95 33]"
	case has(0xDD, 0x73, 0x66, 0x73):
		name, bytes = "UTF-EBCDIC", "[DD 73 66 73]"
	case has(0x0E, 0xFE, 0xFF):
		name, bytes = "SCSU", "[E FE FF]"
	case has(0xEF, 0xBB, 0xBF):
		name, bytes = "UTF-8", "[EF BB BF]"
	case has(0xF7, 0x64, 0x4C):
		name, bytes = "UTF-1", "[F7 64 4C]"
	case has(0xFB, 0xEE, 0x28):
		name, bytes = "BOCU", "[FB EE 28]"
	case has(0xFE, 0xFF), has(0xFF, 0xFE):
		name, bytes = "UTF-16", "["+hex2(src[0])+" "+hex2(src[1])+"]"
	default:
		return ""
	}
	return "Illegal " + name + " Byte Order mark at beginning of input: " + bytes + " - remove these from the puppet source"
}

func hex2(b byte) string {
	const digits = "0123456789ABCDEF"
	if b < 16 {
		return string(digits[b])
	}
	return string([]byte{digits[b>>4], digits[b&15]})
}

func parse(f *File, opts ParseOptions) {
	p := &parser{f: f, lines: f.Lines, lastColLine: -1, window: tokenWindow}
	if opts.window > 0 {
		p.window = opts.window
	}
	f.Program = &Program{Body: &Block{}}
	f.Program.Range = p.span(0, len(f.Src))
	f.Program.Body.Range = f.Program.Range
	if len(f.Src) > math.MaxInt32 {
		f.Errors = append(f.Errors, &SyntaxError{Span: p.span(0, 0), Message: "File too large to parse (over 2 GiB)"})
		return
	}
	if msg := bomError(f.Src); msg != "" {
		f.Errors = append(f.Errors, &SyntaxError{Span: p.span(0, 0), Message: msg})
		return
	}
	if !utf8.Valid(f.Src) {
		// Puppet (Ruby) fails on any invalid byte sequence, wherever it is.
		off := 0
		for off < len(f.Src) {
			r, n := utf8.DecodeRune(f.Src[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		f.Errors = append(f.Errors, &SyntaxError{Span: p.span(off, off+1), Message: "invalid byte sequence in UTF-8"})
	}
	arena := opts.arena
	if arena == nil {
		arena = &Arena{}
	}
	p.nodes = &arena.nodes
	made := p.nodes.made
	// The comments go on a stack of the arena, to be handed out exactly
	// sized when the file is lexed.
	comments := len(p.nodes.commentList.items)
	lx := newLexer(f.Src, opts.Tasks, &p.nodes.commentList.items)
	if opts.EPP {
		lx.epp = eppText
	}
	p.lx = lx
	lx.nodes = p.nodes
	lx.fill(64)
	p.moveTo(0)
	if opts.EPP {
		p.parseEPPProgram()
	} else {
		f.Program.Body.Stmts = p.parseTop()
	}
	// The Program and its Body, made above, and the nodes made since.
	// With no more nodes than MaxTreeDepth, no node can be deeper, and
	// the walk of boundDepth would remove nothing: most files are far
	// smaller than that.
	if 2+p.nodes.made-made > MaxTreeDepth {
		arena.depth = boundDepth(f, arena.depth)
	}
	p.finishComments(comments)
	lx.release()
}

// finishComments lexes whatever the parser did not reach, so that every
// comment is collected, then positions the comments and puts them in file
// order (heredoc bodies are lexed ahead of the rest of their line).
func (p *parser) finishComments(mark int) {
	lx, f := p.lx, p.f
	for !lx.done {
		lx.toks = lx.toks[:0]
		lx.fill(tokenWindow)
	}
	f.Comments = p.nodes.commentList.take(mark)
	less := func(i, j int) bool { return f.Comments[i].Start.Offset < f.Comments[j].Start.Offset }
	if !sort.SliceIsSorted(f.Comments, less) {
		sort.SliceStable(f.Comments, less)
	}
	for _, c := range f.Comments {
		c.Span = p.span(int(c.Start.Offset), int(c.End.Offset))
	}
}

// pos converts a byte offset to a position.
func (p *parser) pos(off int) Pos {
	li := p.lines
	if off < 0 {
		off = 0
	}
	if off > len(li.src) {
		off = len(li.src)
	}
	ls := li.lineStarts
	line := lineOf(ls, off, p.lastLine)
	p.lastLine = line
	if li.ascii {
		return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(off - ls[line] + 1)}
	}
	// Columns count code points from the line start; continue from the
	// previous lookup when it is earlier on the same line.
	start, col := ls[line], 1
	if p.lastColLine == line && p.lastColOff >= start && p.lastColOff <= off &&
		(p.lastColOff == len(li.src) || utf8.RuneStart(li.src[p.lastColOff])) {
		start, col = p.lastColOff, p.lastCol
	}
	col += utf8.RuneCount(li.src[start:off])
	p.lastColLine, p.lastColOff, p.lastCol = line, off, col
	return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(col)}
}

func (p *parser) span(start, end int) Span {
	if end < start {
		end = start
	}
	s := p.pos(start)
	// Most spans end on the line they start on: in an ASCII file, the
	// end's column then follows from the start's line without a search.
	li := p.lines
	if li.ascii && end >= int(s.Offset) && end <= len(li.src) {
		ls := li.lineStarts
		if line := int(s.Line) - 1; line+1 == len(ls) || end < ls[line+1] {
			return Span{Start: s, End: Pos{Offset: int32(end), Line: s.Line, Column: int32(end - ls[line] + 1)}}
		}
	}
	return Span{Start: s, End: p.pos(end)}
}

func (p *parser) tokSpan(t token) Span { return p.span(int(t.start), int(t.end)) }

// spanFrom spans from the start of a to the end of b.
func spanFrom(a, b Span) Span { return Span{Start: a.Start, End: b.End} }

// tokenWindow is the number of tokens after which the parser drops the
// tokens it has consumed.
const tokenWindow = 256

// at returns the token at absolute index i, lexing more as needed; past
// the end it returns the final token.
func (p *parser) at(i int) token {
	// The token is nearly always lexed already: that case first.
	toks := p.lx.toks
	if j := i - p.base; uint(j) < uint(len(toks)) {
		return toks[j]
	}
	return p.lexAt(i)
}

// lexAt is at when token i may not be lexed yet.
func (p *parser) lexAt(i int) token {
	toks := p.lx.toks
	for i-p.base >= len(toks) && !p.lx.done {
		p.lx.fill(len(toks) + 64)
		toks = p.lx.toks
	}
	if j := i - p.base; j < len(toks) {
		return toks[max(j, 0)]
	}
	return toks[len(toks)-1]
}

// The current token is always lexed: parse lexes the first, and advance
// and skip lex the next before moving on to it. So tok reads it from the
// window, and kind, the most frequent call of a parse, reads its kind as
// kept, both without a check that would keep them from being inlined.
func (p *parser) tok() token { return p.lx.toks[p.i-p.base] }

func (p *parser) kind() tokKind { return p.cur }

// moveTo makes token i, which is lexed, the current token.
func (p *parser) moveTo(i int) {
	p.i = i
	p.cur = p.lx.toks[i-p.base].kind
}

func (p *parser) peek(n int) tokKind { return p.at(p.i + n).kind }

func (p *parser) advance() token {
	t := p.tok()
	if t.kind != tEOF && t.kind != tLexErr {
		p.i++
		p.compact()
		if p.i-p.base >= len(p.lx.toks) {
			// A token before the end is never the last lexed: the
			// end (tEOF or tLexErr) comes after it.
			p.lexAt(p.i)
		}
		p.cur = p.lx.toks[p.i-p.base].kind
	}
	return t
}

// skip is advance for a caller that already knows the token: it copies
// none, where advance's copy of the token it returns was a tenth of
// parsing. Its common case is a token that is not the last lexed, nor
// the end, with no compaction due.
func (p *parser) skip() {
	toks, j := p.lx.toks, p.i-p.base
	if j+1 < len(toks) && toks[j].kind > tLexErr && j < p.window+compactKeep-1 {
		p.i++
		p.cur = toks[j+1].kind
		return
	}
	p.advance()
}

// compact drops consumed tokens, keeping a few for look-behind, so that
// the token slice stays the size of the window.
func (p *parser) compact() {
	drop := p.i - p.base - compactKeep
	if drop < p.window || p.spec > 0 {
		return
	}
	toks := p.lx.toks
	n := copy(toks, toks[drop:])
	p.lx.toks = toks[:n]
	p.base += drop
}

// compactKeep is how many consumed tokens compact keeps for look-behind.
const compactKeep = 16

// prevEnd is the end offset of the previous token.
func (p *parser) prevEnd() int {
	if p.i == 0 {
		return 0
	}
	return int(p.at(p.i - 1).end)
}

// val returns t's value.
func (p *parser) val(t token) string { return p.lx.store.val(t) }

// tokenText is the token value Puppet shows in "Syntax error at '...'".
func (p *parser) tokenText(t token) string {
	switch t.kind {
	case tREGEX:
		return "(?-mix:" + p.val(t) + ")"
	}
	return p.val(t)
}

// errorAt records a syntax error at t and aborts the current statement.
func (p *parser) errorAt(t token) {
	switch t.kind {
	case tEOF:
		// Puppet gives no position here. Just after the last token is
		// where an editor or annotation can show it: the end of the file
		// may be a line that does not exist.
		end := int32(p.prevEnd())
		t.start, t.end = end, end
		p.failMsg(t, "Syntax error at end of input")
	case tLexErr:
		p.failMsg(t, p.val(t))
	}
	p.failMsg(t, "Syntax error at '"+p.tokenText(t)+"'")
}

// failMsg records an error with the given message at t and aborts.
func (p *parser) failMsg(t token, msg string) {
	if t.kind == tLexErr {
		msg = p.val(t)
	}
	p.f.Errors = append(p.f.Errors, &SyntaxError{Span: p.tokSpan(t), Message: msg})
	panic(parseAbort{})
}

func (p *parser) expect(k tokKind) token {
	t := p.tok()
	if t.kind != k {
		p.errorAt(t)
	}
	p.skip()
	return t
}

// want is expect for a caller that does not need the token.
func (p *parser) want(k tokKind) {
	if p.kind() != k {
		p.errorAt(p.tok())
	}
	p.skip()
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failMsg(p.tok(), "Expression nesting too deep")
	}
}

func (p *parser) leave() { p.depth-- }

// tryParse runs f, reporting whether it finished without a syntax error.
func (p *parser) tryParse(f func()) (ok bool) {
	marks := p.nodes.listMarks()
	defer func() {
		if r := recover(); r != nil {
			if _, isAbort := r.(parseAbort); !isAbort {
				panic(r)
			}
			p.nodes.dropLists(marks)
			ok = false
		}
	}()
	f()
	return true
}

// stmtItem is one syntactic statement: a single expression or a comma list.
type stmtItem struct {
	first    Expr
	rest     []Expr // the expressions after commas
	comma    token  // first comma of a comma list
	hasComma bool
}

// parseTop parses the top-level statements with error recovery.
func (p *parser) parseTop() []Expr {
	var items []stmtItem
	for p.kind() != tEOF && p.kind() != tLexErr {
		ok := p.tryParse(func() {
			if p.kind() == tSEMIC && (len(items) == 0 || p.at(p.i-1).kind == tSEMIC) {
				p.errorAt(p.tok())
			}
			items = append(items, p.parseSyntacticStatement())
			if p.kind() == tSEMIC {
				p.skip()
				if p.kind() == tEOF || p.kind() == tLexErr {
					p.errorAt(p.tok())
				}
			}
		})
		if !ok {
			if p.kind() == tLexErr {
				break
			}
			p.moveTo(p.syncIndex(p.i + 1))
		}
	}
	p.reportLexErr()
	return p.transformOrRecord(items)
}

// reportLexErr records the lexer's fatal error when parsing stopped at it
// without reporting it.
func (p *parser) reportLexErr() {
	if !p.lx.done {
		return
	}
	t := p.lx.toks[len(p.lx.toks)-1]
	if t.kind != tLexErr {
		return
	}
	for _, e := range p.f.Errors {
		if e.Message == p.val(t) && int(e.Start.Offset) == int(t.start) {
			return
		}
	}
	p.tryParse(func() { p.failMsg(t, p.val(t)) })
}

// transformOrRecord applies the statement-call transform, recording an
// error instead of aborting.
func (p *parser) transformOrRecord(items []stmtItem) []Expr {
	var out []Expr
	if !p.tryParse(func() { out = p.transformCalls(items) }) {
		for _, it := range items {
			out = append(append(out, it.first), it.rest...)
		}
	}
	return out
}

// syncIndex finds where to resume after an error: the next token at
// column 1 that can start a definition or a top-level statement.
func (p *parser) syncIndex(from int) int {
	src := p.f.Src
	for i := from; ; i++ {
		t := p.at(i)
		switch t.kind {
		case tEOF, tLexErr:
			// i may be past the end, where at gives the end's token:
			// the index returned is the end's, the current token's to be.
			return min(i, p.base+len(p.lx.toks)-1)
		case tCLASS, tDEFINE, tNODE, tFUNCTION, tTYPE, tPLAN, tNAME, tVARIABLE, tCLASSREF:
			if t.start == 0 || src[t.start-1] == '\n' {
				return i
			}
		}
	}
}

// parseStatements parses statements up to (not including) a closing brace
// or the end of input.
func (p *parser) parseStatements() []Expr {
	p.enter()
	defer p.leave()
	stack := &p.nodes.exprLists
	mark := len(stack.items)
	// The first bad comma list, copied: a pointer to the loop's item
	// would move every statement's item to the heap.
	var badComma stmtItem
	hasBadComma := false
	for {
		k := p.kind()
		if k == tRBRACE || k == tEOF || k == tLexErr {
			break
		}
		if k == tSEMIC {
			p.errorAt(p.tok())
		}
		it := p.parseSyntacticStatement()
		var ok bool
		if stack.items, ok = p.addStatement(stack.items, mark, &it); !ok && !hasBadComma {
			// Puppet transforms calls once the whole block has parsed, so
			// a syntax error later in the block is the one it reports.
			badComma, hasBadComma = it, true
		}
		if p.kind() == tSEMIC {
			p.skip()
			if k := p.kind(); k == tRBRACE || k == tEOF || k == tLexErr {
				p.errorAt(p.tok())
			}
		}
	}
	if hasBadComma {
		p.failBadComma(stack.items[mark:], &badComma)
	}
	return stack.take(mark)
}

func (p *parser) parseSyntacticStatement() stmtItem {
	it := stmtItem{first: p.parseAssignment()}
	if p.kind() != tCOMMA {
		return it
	}
	it.comma, it.hasComma = p.tok(), true
	for p.kind() == tCOMMA {
		p.skip()
		it.rest = append(it.rest, p.parseAssignment())
	}
	return it
}

// transformCalls turns "name args" into statement calls for Puppet's
// STATEMENT_CALLS names (Factory.transform_calls).
func (p *parser) transformCalls(items []stmtItem) []Expr {
	var memo []Expr
	for i := range items {
		var ok bool
		if memo, ok = p.addStatement(memo, 0, &items[i]); !ok {
			p.failBadComma(memo, &items[i])
		}
	}
	return memo
}

// addStatement adds one statement to the list stmts[from:], turning a statement-call name
// followed by arguments into a call. It reports false for a comma list
// that is not the arguments of such a call, which Puppet rejects.
func (p *parser) addStatement(stmts []Expr, from int, it *stmtItem) ([]Expr, bool) {
	if len(stmts) > from {
		if n, ok := stmts[len(stmts)-1].(*Name); ok && !n.Word && statementCalls[n.Value] {
			args := p.nodes.exprLists.lists.Concat([]Expr{it.first}, it.rest)
			c := alloc(p.nodes, &p.nodes.calls, Call{Func: n, Args: args, Statement: true})
			c.Range = spanFrom(n.Range, args[len(args)-1].Span())
			stmts[len(stmts)-1] = c
			return stmts, true
		}
	}
	return append(stmts, it.first), !it.hasComma
}

// failBadComma fails on an illegal comma-separated list; stmts are the
// statements before it.
func (p *parser) failBadComma(stmts []Expr, it *stmtItem) {
	// The list's first expression follows what precedes it in stmts.
	if i := slices.Index(stmts, it.first); i > 0 {
		if n, ok := stmts[i-1].(*Name); ok && !n.Word {
			p.failMsg(it.comma, "attempt to pass argument list to the function '"+n.Value+"' which cannot be called without parentheses")
		}
	}
	p.failMsg(it.comma, "illegal comma separated argument list")
}

// parseBlockBody parses "{ statements }" with the opening brace current.
func (p *parser) parseBlockBody() *Block {
	lb := p.expect(tLBRACE)
	b := alloc(p.nodes, &p.nodes.blocks, Block{Stmts: p.parseStatements()})
	rb := p.expect(tRBRACE)
	b.Range = p.span(int(lb.start), int(rb.end))
	return b
}

func (p *parser) parseAssignment() Expr {
	p.enter()
	defer p.leave()
	lhs := p.parseRelationship()
	switch p.kind() {
	case tEQUALS, tAPPENDS, tDELETES:
		op := p.advance()
		rhs := p.parseAssignment()
		a := alloc(p.nodes, &p.nodes.assigns, Assign{Op: p.val(op), LHS: lhs, RHS: rhs, OpSpan: p.tokSpan(op)})
		a.Range = spanFrom(lhs.Span(), rhs.Span())
		return a
	}
	return lhs
}

func (p *parser) parseRelationship() Expr {
	left := p.parseResource()
	for {
		switch p.kind() {
		case tINEDGE, tINEDGESUB, tOUTEDGE, tOUTEDGESUB:
			op := p.advance()
			right := p.parseResource()
			r := newNode(p.nodes, &Relationship{Op: p.val(op), Left: left, Right: right, OpSpan: p.tokSpan(op)})
			r.Range = spanFrom(left.Span(), right.Span())
			left = r
		default:
			return left
		}
	}
}

func (p *parser) parseResource() Expr {
	p.enter()
	defer p.leave()
	switch p.kind() {
	case tAT, tATAT:
		at := p.advance()
		form, what := "virtual", "Virtual (@)"
		if at.kind == tATAT {
			form, what = "exported", "Exported (@@)"
		}
		r := p.parseResource()
		switch r := r.(type) {
		case *Resource:
			r.Form = form
			r.Range.Start = p.pos(int(at.start))
		case *ResourceDefaults:
			r.Form = form
			r.Range.Start = p.pos(int(at.start))
		case *ResourceOverride:
			r.Form = form
			r.Range.Start = p.pos(int(at.start))
		default:
			p.failMsg(at, what+" can only be applied to a Resource Expression")
		}
		return r
	case tCLASS:
		if p.peek(1) == tLBRACE {
			ct := p.advance()
			n := alloc(p.nodes, &p.nodes.names, Name{Value: "class"})
			n.Range = p.tokSpan(ct)
			p.advance() // {
			bodies := p.parseTitledBodies()
			rb := p.expect(tRBRACE)
			r := alloc(p.nodes, &p.nodes.resources, Resource{Type: n, Bodies: bodies})
			r.Range = p.span(int(ct.start), int(rb.end))
			return r
		}
	}
	e := p.parseExpr(0)
	// The grammar's resource rule is left-recursive: file {'a':} {'b':}
	// is a resource whose type is a resource.
	for p.kind() == tLBRACE {
		e = p.parseResourceBody(e)
	}
	return e
}

// canStartAttrOp reports whether the current token starts an attribute
// operation (NAME or keyword followed by => or +>, or * =>).
func (p *parser) atAttrOp() bool {
	k := p.kind()
	if k == tTIMES {
		return p.peek(1) == tFARROW
	}
	return (k == tNAME || k.isKeyword()) && (p.peek(1) == tFARROW || p.peek(1) == tPARROW)
}

func (p *parser) parseResourceBody(typ Expr) Expr {
	lb := p.advance()
	if p.kind() == tRBRACE || p.atAttrOp() || p.kind() == tCOMMA {
		attrs := p.parseAttrOps()
		rb := p.expect(tRBRACE)
		rng := spanFrom(typ.Span(), p.tokSpan(rb))
		if n, ok := typ.(*Name); ok && n.Word {
			p.failExpr(typ, "Expression is not valid as a resource, resource-default, or resource-override")
		}
		switch t := typ.(type) {
		case *Name:
			h := alloc(p.nodes, &p.nodes.hashes, Hash{})
			h.Range = p.span(int(lb.start), int(rb.end))
			for _, a := range attrs {
				if a.Append {
					p.failMsg(lb, "Syntax error resource body without title or hash with +>")
				}
				k := alloc(p.nodes, &p.nodes.names, Name{Value: a.Name})
				k.Range = a.NameSpan
				e := alloc(p.nodes, &p.nodes.hashEntries, HashEntry{Key: k, Value: a.Value})
				e.Range = a.Range
				h.Entries = append(h.Entries, e)
			}
			if statementCalls[t.Value] {
				c := alloc(p.nodes, &p.nodes.calls, Call{Func: t, Args: []Expr{h}, Statement: true})
				c.Range = rng
				return c
			}
			b := alloc(p.nodes, &p.nodes.blocks, Block{Stmts: []Expr{t, h}})
			b.Range = rng
			return b
		case *TypeRef:
			d := newNode(p.nodes, &ResourceDefaults{Type: t, Attrs: attrs})
			d.Range = rng
			return d
		case *Access:
			o := newNode(p.nodes, &ResourceOverride{Target: t, Attrs: attrs})
			o.Range = rng
			return o
		default:
			p.failExpr(typ, "Expression is not valid as a resource, resource-default, or resource-override")
		}
	}
	bodies := p.parseTitledBodies()
	rb := p.expect(tRBRACE)
	r := alloc(p.nodes, &p.nodes.resources, Resource{Type: typ, Bodies: bodies})
	r.Range = spanFrom(typ.Span(), p.tokSpan(rb))
	return r
}

// puppetStart is the offset at which Puppet positions expression e in
// error messages: the operator of binary expressions, the dot of method
// calls, the name of type aliases, else the start.
func (p *parser) puppetStart(e Expr) int {
	switch e := e.(type) {
	case *Binary:
		return int(e.OpSpan.Start.Offset)
	case *TypeAlias:
		return int(e.NameSpan.Start.Offset)
	case *MethodCall:
		off := int(e.NameSpan.Start.Offset) - 1
		for off > 0 && p.f.Src[off] != '.' {
			off--
		}
		return off
	}
	return int(e.Span().Start.Offset)
}

// failExpr reports msg at Puppet's position of expression e and aborts.
func (p *parser) failExpr(e Expr, msg string) {
	off := p.puppetStart(e)
	p.f.Errors = append(p.f.Errors, &SyntaxError{Span: p.span(off, off+1), Message: msg})
	panic(parseAbort{})
}

// parseTitledBodies parses "title: attrs; title: attrs ;?" up to '}'.
func (p *parser) parseTitledBodies() []*ResourceBody {
	bodies := &p.nodes.bodyLists
	mark := len(bodies.items)
	for {
		title := p.parseExpr(0)
		p.want(tCOLON)
		attrs := p.parseAttrOps()
		b := alloc(p.nodes, &p.nodes.bodies, ResourceBody{Title: title, Attrs: attrs})
		b.Range = p.span(int(title.Span().Start.Offset), p.prevEnd())
		bodies.items = append(bodies.items, b)
		if p.kind() == tSEMIC {
			p.skip()
			if p.kind() == tRBRACE {
				return bodies.take(mark)
			}
			continue
		}
		return bodies.take(mark)
	}
}

// parseAttrOps parses attribute operations with an optional trailing comma.
func (p *parser) parseAttrOps() []*AttributeOp {
	stack := &p.nodes.attrLists
	mark := len(stack.items)
	p.collectAttrOps()
	return stack.take(mark)
}

// collectAttrOps parses the attribute operations of parseAttrOps onto
// the nodes' attrLists.
func (p *parser) collectAttrOps() {
	stack := &p.nodes.attrLists
	if !p.atAttrOp() {
		if k := p.kind(); k == tNAME || k.isKeyword() || k == tTIMES {
			// an attribute name must be followed by => or +>
			p.skip()
			p.errorAt(p.tok())
		}
		if p.kind() != tCOMMA {
			return
		}
		// The grammar lets the operation list start empty, so a comma may
		// lead the operations or stand alone as the end comma.
		p.skip()
		if !p.atAttrOp() {
			return
		}
	}
	for {
		op := p.parseAttrOp()
		stack.items = append(stack.items, op)
		if p.kind() != tCOMMA {
			return
		}
		p.skip()
		if !p.atAttrOp() {
			if p.kind() == tNAME || p.kind().isKeyword() || p.kind() == tTIMES {
				// a name not followed by => is an error at the next token
				p.skip()
				p.errorAt(p.tok())
			}
			return
		}
	}
}

func (p *parser) parseAttrOp() *AttributeOp {
	t := p.advance()
	a := alloc(p.nodes, &p.nodes.attrs, AttributeOp{Name: p.val(t), NameSpan: p.tokSpan(t)})
	if t.kind == tTIMES {
		a.Name, a.Splat = "*", true
	}
	op := p.advance() // => or +>, checked by atAttrOp
	a.Append = op.kind == tPARROW
	a.Value = p.parseExpr(0)
	a.Range = spanFrom(a.NameSpan, a.Value.Span())
	return a
}

// Binary operator precedences, higher binds tighter (egrammar.ra).
const (
	precOr = iota + 1
	precAnd
	precSelector
	precCompare
	precEquality
	precShift
	precAdd
	precMul
	precMatch
	precIn
)

func binaryPrec(k tokKind) int {
	switch k {
	case tOR:
		return precOr
	case tAND:
		return precAnd
	case tQMARK:
		return precSelector
	case tLESSTHAN, tLESSEQUAL, tGREATERTHAN, tGREATEREQUAL:
		return precCompare
	case tISEQUAL, tNOTEQUAL:
		return precEquality
	case tLSHIFT, tRSHIFT:
		return precShift
	case tPLUS, tMINUS:
		return precAdd
	case tTIMES, tDIV, tMODULO:
		return precMul
	case tMATCH, tNOMATCH:
		return precMatch
	case tIN:
		return precIn
	}
	return 0
}

// parseExpr parses an expression whose binary operators bind at least as
// tightly as minPrec.
func (p *parser) parseExpr(minPrec int) Expr {
	p.enter()
	defer p.leave()
	left := p.parseUnary()
	for {
		k := p.kind()
		prec := binaryPrec(k)
		if prec == 0 || prec < minPrec {
			return left
		}
		op := p.advance()
		if k == tQMARK {
			left = p.parseSelector(left)
			continue
		}
		right := p.parseExpr(prec + 1)
		b := newNode(p.nodes, &Binary{Op: p.val(op), X: left, Y: right, OpSpan: p.tokSpan(op)})
		b.Range = spanFrom(left.Span(), right.Span())
		left = b
	}
}

func (p *parser) parseSelector(x Expr) Expr {
	s := newNode(p.nodes, &Selector{X: x})
	if p.kind() == tSELBRACE {
		p.skip()
		for {
			s.Cases = append(s.Cases, p.parseSelectorCase(0))
			if p.kind() == tCOMMA {
				p.skip()
				if p.kind() == tRBRACE {
					break
				}
				continue
			}
			break
		}
		rb := p.expect(tRBRACE)
		s.Range = spanFrom(x.Span(), p.tokSpan(rb))
		// Access, method calls and the rest apply to the whole selector:
		// `$m ? {...}.split(' ')` is the selector's value split (egrammar:
		// `expression DOT NAME`, `expression LBRACK ...`).
		return p.parsePostfix(s)
	}
	c := p.parseSelectorCase(precSelector + 1)
	s.Cases = append(s.Cases, c)
	s.Range = spanFrom(x.Span(), c.Range)
	return s
}

func (p *parser) parseSelectorCase(valuePrec int) *SelectorCase {
	m := p.parseExpr(0)
	p.want(tFARROW)
	v := p.parseExpr(valuePrec)
	c := newNode(p.nodes, &SelectorCase{Match: m, Value: v})
	c.Range = spanFrom(m.Span(), v.Span())
	return c
}

func (p *parser) parseUnary() Expr {
	var op string
	switch p.kind() {
	case tNOT:
		op = "!"
	case tMINUS:
		op = "-"
	case tTIMES:
		op = "*"
	default:
		return p.parsePostfix(p.parsePrimary())
	}
	p.enter()
	defer p.leave()
	t := p.advance()
	x := p.parseUnary()
	u := newNode(p.nodes, &Unary{Op: op, X: x})
	u.Range = spanFrom(p.tokSpan(t), x.Span())
	return u
}

func (p *parser) parsePostfix(e Expr) Expr {
	for {
		switch p.kind() {
		case tLBRACK:
			p.skip()
			keys := p.parseAccessArgs(true)
			rb := p.expect(tRBRACK)
			a := alloc(p.nodes, &p.nodes.accesses, Access{Target: e, Keys: keys})
			a.Range = spanFrom(e.Span(), p.tokSpan(rb))
			e = a
		case tDOT:
			p.skip()
			nt := p.tok()
			if nt.kind != tNAME && nt.kind != tTYPE {
				p.errorAt(nt)
			}
			p.skip()
			m := newNode(p.nodes, &MethodCall{Receiver: e, Name: p.val(nt), NameSpan: p.tokSpan(nt)})
			end := m.NameSpan
			if p.kind() == tLPAREN {
				p.skip()
				m.HasParens = true
				m.Args = p.parseArguments(tRPAREN, false)
				end = p.tokSpan(p.expect(tRPAREN))
			}
			if p.kind() == tPIPE {
				m.Lambda = p.parseLambda()
				end = m.Lambda.Range
			}
			m.Range = spanFrom(e.Span(), end)
			e = m
		case tLPAREN:
			p.skip()
			c := alloc(p.nodes, &p.nodes.calls, Call{Func: e})
			c.Args = p.parseArguments(tRPAREN, true)
			end := p.tokSpan(p.expect(tRPAREN))
			if p.kind() == tPIPE {
				c.Lambda = p.parseLambda()
				end = c.Lambda.Range
			}
			c.Range = spanFrom(e.Span(), end)
			e = c
		case tLCOLLECT, tLLCOLLECT:
			open := p.advance()
			c := newNode(p.nodes, &Collector{Exported: open.kind == tLLCOLLECT})
			if t, ok := e.(*TypeRef); ok {
				c.Type = t
			} else {
				c.Other = e
			}
			closeKind := tRCOLLECT
			if c.Exported {
				closeKind = tRRCOLLECT
			}
			if p.kind() != closeKind {
				c.Query = p.parseExpr(0)
			}
			end := p.tokSpan(p.expect(closeKind))
			if p.kind() == tLBRACE {
				p.skip()
				c.Attrs = p.parseAttrOps()
				end = p.tokSpan(p.expect(tRBRACE))
			}
			c.Range = spanFrom(e.Span(), end)
			e = c
		default:
			return e
		}
	}
}

// parseArguments parses call arguments up to (not including) the closing
// token. Adjacent "k => v" arguments form one Hash without braces.
func (p *parser) parseArguments(closing tokKind, trailingComma bool) []Expr {
	if p.kind() == closing {
		return nil
	}
	args := p.nodes.startArgs()
	for {
		a := p.parseArgument(false)
		args.add(a)
		if p.kind() != tCOMMA {
			return args.finish()
		}
		p.skip()
		if trailingComma && p.kind() == closing {
			return args.finish()
		}
	}
}

// argNode is an argument: an expression or a hash entry (HashEntry
// satisfies Expr through Base).
func (p *parser) parseArgument(collection bool) Expr {
	var k Expr
	if p.keywordKey(collection) {
		k = p.keywordName()
	} else {
		k = p.parseAssignment()
	}
	if p.kind() != tFARROW {
		return k
	}
	p.skip()
	v := p.parseAssignmentOrKeyword()
	he := alloc(p.nodes, &p.nodes.hashEntries, HashEntry{Key: k, Value: v})
	he.Range = spanFrom(k.Span(), v.Span())
	return he
}

// keywordKey reports whether the current token is 'type' or 'function'
// used as a hash key (or, in a collection, as a bare entry).
func (p *parser) keywordKey(collection bool) bool {
	k := p.kind()
	if k != tTYPE && k != tFUNCTION {
		return false
	}
	n := p.peek(1)
	return n == tFARROW || collection && (n == tCOMMA || n == tRBRACK)
}

// keywordValue reports whether the current token is 'type' or 'function'
// used as a bare hash value.
func (p *parser) keywordValue() bool {
	k := p.kind()
	if k != tTYPE && k != tFUNCTION {
		return false
	}
	switch p.peek(1) {
	case tLPAREN, tCLASSREF, tNAME, tWORD:
		return false
	}
	return true
}

func (p *parser) keywordName() Expr {
	t := p.advance()
	n := alloc(p.nodes, &p.nodes.names, Name{Value: p.val(t)})
	n.Range = p.tokSpan(t)
	return n
}

// parseAccessArgs parses [ ... ] contents: expressions or hash pairs.
func (p *parser) parseAccessArgs(trailingComma bool) []Expr {
	args := p.nodes.startArgs()
	for {
		var k Expr
		if p.keywordKey(false) {
			k = p.keywordName()
		} else {
			k = p.parseAssignment()
		}
		a := k
		if p.kind() != tFARROW && beyondExpression(k) {
			// Only a hash key may be an assignment-level expression.
			p.errorAt(p.tok())
		}
		if p.kind() == tFARROW {
			p.skip()
			v := p.parseAssignmentOrKeyword()
			he := alloc(p.nodes, &p.nodes.hashEntries, HashEntry{Key: k, Value: v})
			he.Range = spanFrom(k.Span(), v.Span())
			args.addEntry(he)
		} else {
			args.addValue(a)
		}
		if p.kind() != tCOMMA {
			return args.finish()
		}
		p.skip()
		if trailingComma && p.kind() == tRBRACK {
			return args.finish()
		}
	}
}

// beyondExpression reports whether e is an assignment, relationship or
// resource expression, which only statement-level contexts accept.
func beyondExpression(e Expr) bool {
	switch e.(type) {
	case *Assign, *Relationship, *Resource, *ResourceDefaults, *ResourceOverride, *Block:
		return true
	}
	return false
}

func (p *parser) parseAssignmentOrKeyword() Expr {
	if p.keywordValue() {
		return p.keywordName()
	}
	return p.parseAssignment()
}

func (p *parser) parseLambda() *Lambda {
	p.enter()
	defer p.leave()
	open := p.expect(tPIPE)
	l := newNode(p.nodes, &Lambda{})
	if p.kind() != tPIPE {
		l.Params = p.parseParams(tPIPE)
	}
	p.want(tPIPE)
	if p.kind() == tRSHIFT {
		p.skip()
		l.ReturnType = p.parseTypeWithArgs()
	}
	l.Body = p.parseBlockBody()
	l.Range = spanFrom(p.tokSpan(open), l.Body.Range)
	return l
}

// parseTypeWithArgs parses CLASSREF ('[' access_args ']')? without a
// trailing comma (parameter types and return types).
func (p *parser) parseTypeWithArgs() Expr {
	t := p.expect(tCLASSREF)
	var e Expr = alloc(p.nodes, &p.nodes.typeRefs, TypeRef{Value: p.val(t)})
	e.(*TypeRef).Range = p.tokSpan(t)
	if p.kind() == tLBRACK {
		p.skip()
		keys := p.parseAccessArgs(false)
		rb := p.expect(tRBRACK)
		a := alloc(p.nodes, &p.nodes.accesses, Access{Target: e, Keys: keys})
		a.Range = spanFrom(e.Span(), p.tokSpan(rb))
		e = a
	}
	return e
}

// parseParams parses parameters with an optional trailing comma, up to
// the closing token.
func (p *parser) parseParams(closing tokKind) []*Parameter {
	stack := &p.nodes.paramLists
	mark := len(stack.items)
	for {
		par := p.parseParam()
		stack.items = append(stack.items, par)
		if p.kind() != tCOMMA {
			return stack.take(mark)
		}
		p.skip()
		if p.kind() == closing {
			return stack.take(mark)
		}
	}
}

func (p *parser) parseParam() *Parameter {
	par := alloc(p.nodes, &p.nodes.params, Parameter{})
	start := int(p.tok().start)
	if p.kind() == tCLASSREF {
		par.Type = p.parseTypeWithArgs()
	}
	if p.kind() == tTIMES {
		p.skip()
		par.CapturesRest = true
	}
	v := p.expect(tVARIABLE)
	par.Name = p.val(v)
	par.NameSpan = p.tokSpan(v)
	if p.kind() == tEQUALS {
		p.skip()
		par.Default = p.parseExpr(0)
	}
	par.Range = p.span(start, p.prevEnd())
	return par
}

// parseParamList parses an optional "( params )" of a definition.
func (p *parser) parseParamList() []*Parameter {
	if k := p.kind(); k != tLPAREN && k != tWSLPAREN {
		return nil
	}
	p.skip()
	var ps []*Parameter
	if p.kind() != tRPAREN {
		ps = p.parseParams(tRPAREN)
	}
	p.want(tRPAREN)
	return ps
}

// parseClassName parses a definition name (NAME, WORD or CLASSREF).
// definer is the keyword that introduced the name ("" for a parent class
// after inherits); a keyword in its place is marked on the error, so that
// rules can report it as a reserved word.
func (p *parser) parseClassName(definer string) token {
	t := p.tok()
	switch t.kind {
	case tNAME, tWORD, tCLASSREF:
		return p.advance()
	case tSTRING:
		p.failMsg(t, "A quoted string is not valid as a name here")
	}
	msg := "Syntax error at '" + p.tokenText(t) + "'"
	if t.kind == tCLASS {
		msg = "'class' keyword not allowed at this location"
	}
	if definer != "" && (t.kind.isKeyword() || t.kind == tBOOLEAN) {
		p.f.Errors = append(p.f.Errors, &SyntaxError{Span: p.tokSpan(t), Message: msg, Definer: definer})
		panic(parseAbort{})
	}
	if t.kind == tCLASS {
		p.failMsg(t, msg)
	}
	p.errorAt(t)
	return token{}
}

func (p *parser) parsePrimary() Expr {
	p.enter()
	// One return beside the defer keeps it open-coded: primary's many
	// returns would make it a deferred record on every call, a few per
	// cent of parsing.
	defer p.leave()
	return p.primary()
}

// primary parses a primary expression; parsePrimary bounds its depth.
func (p *parser) primary() Expr {
	t := p.tok()
	switch t.kind {
	case tVARIABLE:
		p.skip()
		v := alloc(p.nodes, &p.nodes.vars, Variable{Name: p.val(t)})
		v.Range = p.tokSpan(t)
		return v
	case tNUMBER:
		p.skip()
		return p.number(t)
	case tBOOLEAN:
		p.skip()
		b := alloc(p.nodes, &p.nodes.bools, Bool{Value: p.val(t) == "true"})
		b.Range = p.tokSpan(t)
		return b
	case tDEFAULT:
		p.skip()
		d := newNode(p.nodes, &Default{})
		d.Range = p.tokSpan(t)
		return d
	case tUNDEF:
		p.skip()
		u := alloc(p.nodes, &p.nodes.undefs, Undef{})
		u.Range = p.tokSpan(t)
		return u
	case tNAME, tWORD:
		p.skip()
		n := alloc(p.nodes, &p.nodes.names, Name{Value: p.val(t), Word: t.kind == tWORD})
		n.Range = p.tokSpan(t)
		return n
	case tCLASSREF:
		p.skip()
		r := alloc(p.nodes, &p.nodes.typeRefs, TypeRef{Value: p.val(t)})
		r.Range = p.tokSpan(t)
		return r
	case tSTRING:
		p.skip()
		return p.stringLit(t)
	case tDQPRE:
		return p.parseDQ()
	case tHEREDOC:
		return p.parseHeredoc()
	case tREGEX:
		p.skip()
		r := newNode(p.nodes, &Regex{Pattern: p.val(t)})
		r.Range = p.tokSpan(t)
		return r
	case tLISTSTART, tLBRACK:
		return p.parseArray()
	case tLBRACE:
		return p.parseHash()
	case tLPAREN, tWSLPAREN:
		p.skip()
		x := p.parseAssignment()
		rp := p.expect(tRPAREN)
		pe := newNode(p.nodes, &Paren{X: x})
		pe.Range = p.span(int(t.start), int(rp.end))
		return pe
	case tPRIVATE, tATTR:
		p.skip()
		r := newNode(p.nodes, &Reserved{Word: p.val(t)})
		r.Range = p.tokSpan(t)
		return r
	case tCASE:
		return p.parseCase()
	case tIF:
		p.skip()
		return p.parseIfPart(t)
	case tUNLESS:
		return p.parseUnless()
	case tCLASS:
		return p.parseClassDef()
	case tDEFINE:
		p.skip()
		n := p.parseClassName("define")
		d := newNode(p.nodes, &DefineDef{Name: p.val(n), NameSpan: p.tokSpan(n)})
		d.Params = p.parseParamList()
		d.Body = p.parseBlockBody()
		d.Range = spanFrom(p.tokSpan(t), d.Body.Range)
		return d
	case tFUNCTION:
		p.skip()
		n := p.parseClassName("function")
		fd := newNode(p.nodes, &FunctionDef{Name: p.val(n), NameSpan: p.tokSpan(n)})
		fd.Params = p.parseParamList()
		if p.kind() == tRSHIFT {
			p.skip()
			fd.ReturnType = p.parseTypeWithArgs()
		}
		fd.Body = p.parseBlockBody()
		fd.Range = spanFrom(p.tokSpan(t), fd.Body.Range)
		return fd
	case tPLAN:
		p.skip()
		n := p.parseClassName("plan")
		pd := newNode(p.nodes, &PlanDef{Name: p.val(n), NameSpan: p.tokSpan(n)})
		pd.Params = p.parseParamList()
		pd.Body = p.parseBlockBody()
		pd.Range = spanFrom(p.tokSpan(t), pd.Body.Range)
		return pd
	case tAPPLY:
		p.skip()
		p.want(tLPAREN)
		a := newNode(p.nodes, &Apply{})
		if p.kind() == tRPAREN {
			p.errorAt(p.tok())
		}
		a.Args = p.parseArguments(tRPAREN, true)
		p.want(tRPAREN)
		a.Body = p.parseBlockBody()
		a.Range = spanFrom(p.tokSpan(t), a.Body.Range)
		return a
	case tNODE:
		return p.parseNode()
	case tTYPE:
		return p.parseType()
	case tRENDERSTRING:
		p.skip()
		r := newNode(p.nodes, &RenderString{Text: p.val(t)})
		r.Range = p.tokSpan(t)
		return r
	case tRENDEREXPR:
		p.skip()
		r := newNode(p.nodes, &RenderExpr{})
		if p.kind() == tLBRACE {
			// "<%= {" opens a hash expression or a block; like Puppet's
			// LALR parser, prefer the expression when it parses.
			save, nerr := p.i, len(p.f.Errors)
			p.spec++ // keep the tokens from save on
			ok := p.tryParse(func() { r.X = p.parseExpr(0) })
			p.spec--
			if !ok || (p.kind() != tEPPEND && p.kind() != tEPPENDTRIM) {
				p.moveTo(save)
				p.f.Errors = p.f.Errors[:nerr]
				r.X = p.parseBlockBody()
			}
		} else {
			r.X = p.parseExpr(0)
		}
		end := p.tok()
		if end.kind != tEPPEND && end.kind != tEPPENDTRIM {
			p.errorAt(end)
		}
		p.skip()
		r.Range = p.span(int(t.start), int(end.end))
		return r
	}
	p.errorAt(t)
	return nil
}

func (p *parser) number(t token) *Number {
	n := alloc(p.nodes, &p.nodes.numbers, Number{Raw: p.val(t), Radix: 10})
	n.Range = p.tokSpan(t)
	v := p.val(t)
	switch {
	case len(v) > 1 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X'):
		n.Radix = 16
	case strings.ContainsAny(v, ".eE"):
		n.IsFloat = true
	case len(v) > 1 && v[0] == '0':
		n.Radix = 8
	}
	return n
}

func (p *parser) stringLit(t token) Expr {
	if t.kind == tWORD {
		n := alloc(p.nodes, &p.nodes.names, Name{Value: p.val(t), Word: true})
		n.Range = p.tokSpan(t)
		return n
	}
	s := alloc(p.nodes, &p.nodes.strings, StringLit{Value: p.val(t), Quote: t.quote})
	s.Range = p.tokSpan(t)
	return s
}

// parseDQ parses DQPRE expr (DQMID expr)* DQPOST into an InterpolatedString.
func (p *parser) parseDQ() Expr {
	first := p.advance()
	is := alloc(p.nodes, &p.nodes.interpolated, InterpolatedString{})
	parts := &p.nodes.exprLists
	mark := len(parts.items)
	p.addTextPart(first)
	for {
		x := p.parseAssignment()
		parts.items = append(parts.items, x)
		t := p.tok()
		switch t.kind {
		case tDQMID:
			p.skip()
			p.addTextPart(t)
			continue
		case tDQPOST:
			p.skip()
			p.addTextPart(t)
			is.Parts = parts.take(mark)
			is.Range = p.span(int(first.start), int(t.end))
			return is
		}
		p.errorAt(t)
	}
}

// addTextPart adds the text of string part t, unless empty, to the parts
// parseDQ collects on exprLists.
func (p *parser) addTextPart(t token) {
	if p.val(t) == "" && int(t.textStart) == int(t.textEnd) {
		return
	}
	s := alloc(p.nodes, &p.nodes.strings, StringLit{Value: p.val(t)})
	s.Range = p.span(int(t.textStart), int(t.textEnd))
	p.nodes.exprLists.items = append(p.nodes.exprLists.items, s)
}

func (p *parser) parseHeredoc() Expr {
	t := p.advance()
	hd := p.lx.store.heredoc(t)
	h := newNode(p.nodes, &Heredoc{Tag: hd.tag, Syntax: hd.syntax, Escapes: hd.escapes, Interpolated: hd.interpolated})
	h.Range = p.tokSpan(t)
	switch p.kind() {
	case tSTRING:
		st := p.advance()
		s := alloc(p.nodes, &p.nodes.strings, StringLit{Value: p.val(st)})
		s.Range = p.span(int(st.start), int(st.end))
		h.Text = s
	case tDQPRE:
		h.Text = p.parseDQ()
	default:
		p.errorAt(p.tok())
	}
	return h
}

func (p *parser) parseArray() Expr {
	open := p.advance()
	a := alloc(p.nodes, &p.nodes.arrays, Array{})
	if p.kind() != tRBRACK {
		elems := p.nodes.startArgs()
		for {
			e := p.parseArgument(true)
			elems.add(e)
			if p.kind() != tCOMMA {
				break
			}
			p.skip()
			if p.kind() == tRBRACK {
				break
			}
		}
		a.Elems = elems.finish()
	}
	rb := p.expect(tRBRACK)
	a.Range = p.span(int(open.start), int(rb.end))
	return a
}

func (p *parser) parseHash() Expr {
	open := p.advance()
	h := alloc(p.nodes, &p.nodes.hashes, Hash{})
	if p.kind() != tRBRACE {
		stack := &p.nodes.entryLists
		mark := len(stack.items)
		for {
			var k Expr
			if p.keywordKey(false) {
				k = p.keywordName()
			} else {
				k = p.parseAssignment()
			}
			p.want(tFARROW)
			v := p.parseAssignmentOrKeyword()
			e := alloc(p.nodes, &p.nodes.hashEntries, HashEntry{Key: k, Value: v})
			e.Range = spanFrom(k.Span(), v.Span())
			stack.items = append(stack.items, e)
			if p.kind() != tCOMMA {
				break
			}
			p.skip()
			if p.kind() == tRBRACE {
				break
			}
		}
		h.Entries = stack.take(mark)
	}
	rb := p.expect(tRBRACE)
	h.Range = p.span(int(open.start), int(rb.end))
	return h
}

func (p *parser) parseCase() Expr {
	t := p.advance()
	c := newNode(p.nodes, &Case{Test: p.parseExpr(0)})
	p.want(tLBRACE)
	for {
		o := newNode(p.nodes, &CaseOption{})
		for {
			o.Values = append(o.Values, p.parseExpr(0))
			if p.kind() != tCOMMA {
				break
			}
			p.skip()
		}
		p.want(tCOLON)
		o.Body = p.parseBlockBody()
		o.Range = spanFrom(o.Values[0].Span(), o.Body.Range)
		c.Options = append(c.Options, o)
		if p.kind() == tRBRACE {
			break
		}
	}
	rb := p.advance()
	c.Range = p.span(int(t.start), int(rb.end))
	return c
}

// parseIfPart parses an if and its elsif and else parts. An elsif chain is
// parsed in a loop, like a chain of operators, so its length costs no
// parser recursion and no nesting level; the tree still nests each elsif
// in the Else of the one before it, and boundDepth bounds that.
func (p *parser) parseIfPart(kw token) Expr {
	p.enter()
	defer p.leave()
	var (
		chain []*If
		kws   []token
	)
	for {
		n := newNode(p.nodes, &If{Cond: p.parseExpr(0)})
		n.Then = p.parseBlockBody()
		n.Range = spanFrom(p.tokSpan(kw), n.Then.Range)
		if len(chain) > 0 {
			chain[len(chain)-1].Else = n
		}
		chain, kws = append(chain, n), append(kws, kw)
		if p.kind() != tELSIF {
			break
		}
		kw = p.advance()
	}
	last := chain[len(chain)-1]
	if p.kind() == tELSE {
		p.skip()
		b := p.parseBlockBody()
		last.Else = b
		last.Range = spanFrom(p.tokSpan(kws[len(kws)-1]), b.Range)
	}
	// Each part's range runs to the end of the whole chain.
	end := last.Range
	for i := len(chain) - 2; i >= 0; i-- {
		chain[i].Range = spanFrom(p.tokSpan(kws[i]), end)
	}
	return chain[0]
}

func (p *parser) parseUnless() Expr {
	t := p.advance()
	n := newNode(p.nodes, &Unless{Cond: p.parseExpr(0)})
	n.Then = p.parseBlockBody()
	end := n.Then.Range
	if p.kind() == tELSE {
		p.skip()
		n.Else = p.parseBlockBody()
		end = n.Else.Range
	}
	n.Range = spanFrom(p.tokSpan(t), end)
	return n
}

func (p *parser) parseClassDef() Expr {
	t := p.advance()
	n := p.parseClassName("class")
	c := newNode(p.nodes, &ClassDef{Name: p.val(n), NameSpan: p.tokSpan(n)})
	c.Params = p.parseParamList()
	if p.kind() == tINHERITS {
		p.skip()
		pt := p.tok()
		if pt.kind == tDEFAULT {
			p.skip()
		} else {
			pt = p.parseClassName("")
		}
		c.Parent, c.ParentSpan = p.val(pt), p.tokSpan(pt)
	}
	c.Body = p.parseBlockBody()
	c.Range = spanFrom(p.tokSpan(t), c.Body.Range)
	return c
}

func (p *parser) parseNode() Expr {
	t := p.advance()
	n := newNode(p.nodes, &NodeDef{})
	for {
		n.Matchers = append(n.Matchers, p.parseHostname())
		if p.kind() != tCOMMA {
			break
		}
		p.skip()
		if p.kind() == tINHERITS || p.kind() == tLBRACE {
			break
		}
	}
	if p.kind() == tINHERITS {
		p.skip()
		n.Parent = p.parseHostname()
	}
	n.Body = p.parseBlockBody()
	n.Range = spanFrom(p.tokSpan(t), n.Body.Range)
	return n
}

func (p *parser) parseHostname() Expr {
	t := p.tok()
	switch t.kind {
	case tNAME, tNUMBER:
		var sb strings.Builder
		start := int(t.start)
		for {
			nt := p.tok()
			if nt.kind != tNAME && nt.kind != tNUMBER {
				p.errorAt(nt)
			}
			p.skip()
			sb.WriteString(p.val(nt))
			if p.kind() != tDOT {
				break
			}
			p.skip()
			sb.WriteByte('.')
		}
		n := alloc(p.nodes, &p.nodes.names, Name{Value: sb.String()})
		n.Range = p.span(start, p.prevEnd())
		return n
	case tSTRING, tWORD:
		p.skip()
		return p.stringLit(t)
	case tDQPRE:
		return p.parseDQ()
	case tHEREDOC:
		return p.parseHeredoc()
	case tDEFAULT:
		p.skip()
		d := newNode(p.nodes, &Default{})
		d.Range = p.tokSpan(t)
		return d
	case tREGEX:
		p.skip()
		r := newNode(p.nodes, &Regex{Pattern: p.val(t)})
		r.Range = p.tokSpan(t)
		return r
	}
	p.errorAt(t)
	return nil
}

// parseType parses what follows the 'type' keyword: a call type(...), a
// type alias, a type mapping or a type definition.
func (p *parser) parseType() Expr {
	t := p.advance()
	switch p.kind() {
	case tLPAREN:
		n := alloc(p.nodes, &p.nodes.names, Name{Value: "type"})
		n.Range = p.tokSpan(t)
		return n // parsePostfix turns it into a call
	case tCLASSREF:
	default:
		p.errorAt(p.tok())
	}
	nameTok := p.tok()
	if k := p.peek(1); k == tLBRACE || k == tINHERITS {
		p.skip()
		td := newNode(p.nodes, &TypeDefinition{Name: p.val(nameTok), NameSpan: p.tokSpan(nameTok)})
		if p.kind() == tINHERITS {
			p.skip()
			pt := p.expect(tCLASSREF)
			td.Parent = p.val(pt)
		}
		td.Body = p.parseBlockBody()
		td.Range = spanFrom(p.tokSpan(t), td.Body.Range)
		return td
	}
	lhs := p.parseTypeWithArgs()
	ta := newNode(p.nodes, &TypeAlias{Name: p.val(nameTok), NameSpan: p.tokSpan(nameTok)})
	if _, ok := lhs.(*Access); ok {
		ta.Mapping = lhs
	}
	p.want(tEQUALS)
	rt := p.tok()
	switch rt.kind {
	case tCLASSREF:
		p.skip()
		var e Expr = alloc(p.nodes, &p.nodes.typeRefs, TypeRef{Value: p.val(rt)})
		e.(*TypeRef).Range = p.tokSpan(rt)
		switch p.kind() {
		case tLBRACE:
			h := p.parseHash()
			a := alloc(p.nodes, &p.nodes.accesses, Access{Target: e, Keys: []Expr{h}})
			a.Range = spanFrom(e.Span(), h.Span())
			e = a
		case tLBRACK:
			p.skip()
			keys := p.parseAccessArgs(true)
			rb := p.expect(tRBRACK)
			a := alloc(p.nodes, &p.nodes.accesses, Access{Target: e, Keys: keys})
			a.Range = spanFrom(e.Span(), p.tokSpan(rb))
			e = a
		}
		ta.Type = e
	case tLBRACE:
		ta.Type = p.parseHash()
	case tLISTSTART, tLBRACK:
		ta.Type = p.parseArray()
	default:
		p.errorAt(rt)
	}
	ta.Range = spanFrom(p.tokSpan(t), ta.Type.Span())
	return ta
}

// parseEPPProgram parses an EPP template: optional |params| then
// statements interleaved with rendered text.
func (p *parser) parseEPPProgram() {
	prog := p.f.Program
	tpl := newNode(p.nodes, &EPPTemplate{Body: prog.Body})
	tpl.Range = prog.Range
	prog.EPP = tpl
	var stmts []Expr
	p.tryParse(func() {
		if p.kind() == tPIPE {
			tpl.HasParams = true
			p.skip()
			if p.kind() != tPIPE {
				tpl.Params = p.parseParams(tPIPE)
			}
			p.want(tPIPE)
		}
		stmts = p.parseStatements()
		if p.kind() != tEOF {
			p.errorAt(p.tok())
		}
	})
	p.reportLexErr()
	prog.Body.Stmts = stmts
}
