package parser

// MaxTreeDepth bounds how deep a parsed tree may be, counted in nodes from
// the Program. The parser's nesting limit (maxDepth) bounds brackets and
// blocks, but operator and postfix chains (`1 + 1 + …`, `$a[0][0]…`,
// `.then |$v| {…}.then …`) are parsed in loops and build left-deep trees of
// any depth. Every walk after parsing recurses over the tree, so an
// unbounded depth would exhaust the stack; with this bound, no walk goes
// deeper than MaxTreeDepth frames.
//
// The bound is above what Puppet 7 evaluates, so that no file Puppet
// accepts is rejected: `puppet parser validate` accepts chains of 1,800
// links and 1,900 nested ifs (two tree levels each here), and fails with
// "stack level too deep" from 2,500 links and 2,000 nested levels on;
// testdata/parse/deep records such verdicts. Real manifests stay far below
// either.
const MaxTreeDepth = 5000

// depthFrame is one node waiting in boundDepth's walk, with the innermost
// statement that holds it (block nil: none).
type depthFrame struct {
	n     Node
	block *Block
	index int32 // the statement's index in block
	depth int32
}

// boundDepth removes from f's tree every statement that holds a node deeper
// than MaxTreeDepth, and reports where the first such statement starts as a
// syntax error. The walk keeps its own stack (stack, reused between files
// when the parse has an Arena), so it is safe on trees of any depth, and
// visits each node once.
func boundDepth(f *File, stack []depthFrame) []depthFrame {
	type statement struct {
		block *Block
		index int32
	}
	var (
		removed map[statement]bool
		whole   bool // a node outside every statement is too deep
		first   Pos  // where the earliest statement removed starts
	)
	stack = append(stack[:0], depthFrame{n: f.Program, depth: 1})
	used := 0 // the most frames the stack held
	for len(stack) > 0 {
		used = max(used, len(stack))
		fr := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if fr.depth > MaxTreeDepth {
			if fr.block == nil {
				whole = true
				break
			}
			if removed == nil {
				removed = map[statement]bool{}
			}
			if start := fr.block.Stmts[fr.index].Span().Start; len(removed) == 0 || start.Offset < first.Offset {
				first = start
			}
			removed[statement{fr.block, fr.index}] = true
			continue // its children are gone with the statement
		}
		if b, ok := fr.n.(*Block); ok {
			for i, s := range b.Stmts {
				if !isNil(s) {
					stack = append(stack, depthFrame{n: s, block: b, index: int32(i), depth: fr.depth + 1})
				}
			}
			continue
		}
		EachChild(fr.n, func(c Node) {
			stack = append(stack, depthFrame{n: c, block: fr.block, index: fr.index, depth: fr.depth + 1})
		})
	}
	clear(stack[:used]) // keep no tree alive through the reused stack
	stack = stack[:0]
	if !whole && len(removed) == 0 {
		return stack
	}
	// One error, where the outermost (earliest) dropped statement starts:
	// the too-deep node itself may sit anywhere in a long chain.
	if whole {
		first = f.Program.Span().Start
	}
	f.Errors = append(f.Errors, &SyntaxError{Span: Span{Start: first, End: first},
		Message: "Expression nesting too deep (over " + itoa(MaxTreeDepth) + " levels)"})
	if whole {
		f.Program.Body.Stmts = nil
		if f.Program.EPP != nil {
			f.Program.EPP.Params = nil
		}
		return stack
	}
	// Remove from each block the statements marked, keeping the others in
	// order. A block inside a removed statement may be edited too; that is
	// harmless, as nothing reaches it any more.
	blocks := map[*Block]bool{}
	for s := range removed {
		blocks[s.block] = true
	}
	for b := range blocks {
		kept := b.Stmts[:0]
		for i, s := range b.Stmts {
			if !removed[statement{b, int32(i)}] {
				kept = append(kept, s)
			}
		}
		clear(b.Stmts[len(kept):])
		b.Stmts = kept
	}
	return stack
}
