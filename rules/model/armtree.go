package model

import "github.com/ducklint/ducklint/parser"

// ArmTree indexes assignments (of one name, in one scope) by the
// conditional arms they sit on, so that finding the first one that can run
// with some code costs the arms on the way, not one Exclusive test per
// assignment: every assignment on another arm of a conditional the code
// is on lies in a subtree the search never enters.
//
// Nodes are arms; the root stands for code on no arm. A node's children
// are grouped by conditional, in the order their first assignment appears.
type ArmTree struct {
	items []*Assignment
	root  *ArmNode
	// nodes and conds find an arm's node and a conditional once the tree
	// has more than fewArms arms; a smaller tree, as most are, finds them
	// by descending from the root, and allocates no maps.
	nodes map[Branch]*ArmNode
	conds map[parser.Node]*armCond
	narms int
	// at is the node of each item.
	at []*ArmNode
	// rootNode is root: the tree's own memory, as are the first arms of
	// each conditional and each node's first conditional and items.
	rootNode ArmNode
}

// fewArms is the number of arms up to which an ArmTree finds them by
// descending from its root.
const fewArms = 8

// ArmNode is one arm of a conditional in an ArmTree.
type ArmNode struct {
	// Path is the arms from the scope down to and including this one.
	Path []Branch
	// File holds the arm (for the root, the file of the first assignment).
	File *File
	// Items are the indexes of the assignments directly on this arm, in order.
	Items []int
	// first is the smallest index of an assignment in the subtree: the
	// one that created the node, since assignments are added in order.
	first int
	conds []*armCond
	// itemBuf and condBuf are where Items and conds start.
	itemBuf [2]int
	condBuf [1]*armCond
}

// armCond is a conditional with assignments below it, and its arms that
// hold some, in the order of their first assignment.
type armCond struct {
	cond  parser.Node
	first int
	arms  []*ArmNode
	// armBuf is where arms starts: most conditionals have two arms.
	armBuf [2]*ArmNode
}

// NewArmTree indexes assignments, which must be in scope order; items are
// identified by their index in it.
func NewArmTree(as []*Assignment) *ArmTree {
	t := &ArmTree{items: as, at: make([]*ArmNode, len(as))}
	for i, a := range as {
		n := t.node(a.Branch, a.File, i)
		n.Items = append(n.Items, i)
		t.at[i] = n
	}
	return t
}

// newNode returns a node with its lists on its own memory.
func newNode(path []Branch, f *File, first int) *ArmNode {
	n := &ArmNode{Path: path, File: f, first: first}
	n.init()
	return n
}

func (n *ArmNode) init() { n.Items, n.conds = n.itemBuf[:0], n.condBuf[:0] }

// node returns the node of path, creating it and its missing ancestors
// with first index i. It looks up only the arms it creates and one more.
func (t *ArmTree) node(path []Branch, f *File, i int) *ArmNode {
	if t.root == nil {
		t.root = &t.rootNode
		t.root.File, t.root.first = f, i
		t.root.init()
	}
	var parent *ArmNode
	j := 0
	if t.nodes != nil {
		j = len(path)
		for j > 0 && t.nodes[path[j-1]] == nil {
			j--
		}
		parent = t.root
		if j > 0 {
			parent = t.nodes[path[j-1]]
		}
	} else {
		// The deepest node on path there is.
		for parent = t.root; j < len(path); j++ {
			next := t.child(parent, path[j])
			if next == nil {
				break
			}
			parent = next
		}
	}
	for k := j; k < len(path); k++ {
		c := t.cond(parent, path[k].Cond)
		if c == nil {
			c = &armCond{cond: path[k].Cond, first: i}
			c.arms = c.armBuf[:0]
			if t.conds != nil {
				t.conds[path[k].Cond] = c
			}
			parent.conds = append(parent.conds, c)
		}
		n := newNode(path[:k+1], f, i)
		c.arms = append(c.arms, n)
		if t.nodes != nil {
			t.nodes[path[k]] = n
		}
		t.narms++
		parent = n
	}
	if t.nodes == nil && t.narms > fewArms {
		t.index()
	}
	return parent
}

// cond returns the conditional cond below n, nil when none is.
func (t *ArmTree) cond(n *ArmNode, cond parser.Node) *armCond {
	if t.conds != nil {
		return t.conds[cond]
	}
	for _, c := range n.conds {
		if c.cond == cond {
			return c
		}
	}
	return nil
}

// child returns the node of arm b, whose conditional is below n; nil
// when the tree has none.
func (t *ArmTree) child(n *ArmNode, b Branch) *ArmNode {
	if t.nodes != nil {
		return t.nodes[b]
	}
	if c := t.cond(n, b.Cond); c != nil {
		for _, arm := range c.arms {
			if arm.Path[len(arm.Path)-1] == b {
				return arm
			}
		}
	}
	return nil
}

// index makes the maps that find arms and conditionals, for a tree grown
// past fewArms.
func (t *ArmTree) index() {
	t.nodes, t.conds = make(map[Branch]*ArmNode, 2*t.narms), make(map[parser.Node]*armCond, t.narms)
	var add func(n *ArmNode)
	add = func(n *ArmNode) {
		for _, c := range n.conds {
			t.conds[c.cond] = c
			for _, arm := range c.arms {
				t.nodes[arm.Path[len(arm.Path)-1]] = arm
				add(arm)
			}
		}
	}
	add(t.root)
}

// Len returns the number of assignments indexed.
func (t *ArmTree) Len() int { return len(t.items) }

// Item returns assignment i.
func (t *ArmTree) Item(i int) *Assignment { return t.items[i] }

// NodeOf returns the node assignment i sits on.
func (t *ArmTree) NodeOf(i int) *ArmNode { return t.at[i] }

// ArmVerdict is what an ArmSearch decides about a node.
type ArmVerdict uint8

// Verdicts.
const (
	ArmReject ArmVerdict = iota // not this node's assignments; look below it
	ArmAccept                   // this node's assignments, if Item agrees; look below it too
	ArmPrune                    // nothing on this node or below it
)

// ArmSearch finds the first assignment of an ArmTree that can run with
// code on Path: on a node that is not on another arm of a conditional
// Path takes.
type ArmSearch struct {
	Path []Branch
	// Verdict decides each node reached; nested tells whether the node is
	// on Path or below its end (its arms include Path's, or Path's include
	// its), rather than branching off it.
	Verdict func(n *ArmNode, nested bool) ArmVerdict
	// Item tells whether assignment i of an accepted node qualifies; nil:
	// all do.
	Item func(i int) bool
	// BranchOff tells whether to look at nodes branching off Path below its
	// first depth arms; nil: everywhere.
	BranchOff func(depth int) bool
	// Looked counts the nodes and assignments examined.
	Looked int
}

// Search returns the index of the first qualifying assignment, or -1.
// Subtrees whose first assignment comes after the best found so far are
// not entered, nor those of pruned nodes.
func (t *ArmTree) Search(s *ArmSearch) int {
	if t.root == nil {
		return -1
	}
	best := len(t.items)
	// onPath: n is on Path or below its end.
	var visit func(n *ArmNode, depth int, onPath bool)
	visit = func(n *ArmNode, depth int, onPath bool) {
		if n.first >= best {
			return
		}
		s.Looked++
		v := ArmAccept
		if s.Verdict != nil {
			v = s.Verdict(n, onPath)
		}
		if v == ArmPrune {
			return
		}
		if v == ArmAccept {
			for _, i := range n.Items {
				if i >= best {
					break
				}
				s.Looked++
				if s.Item == nil || s.Item(i) {
					best = i
					break
				}
			}
		}
		branching := onPath && depth < len(s.Path)
		if branching && s.BranchOff != nil && !s.BranchOff(depth) {
			// Only the arm Path takes: the rest branches off.
			if next := t.child(n, s.Path[depth]); next != nil {
				visit(next, depth+1, true)
			}
			return
		}
		for _, c := range n.conds {
			if c.first >= best {
				break
			}
			if branching && c.cond == s.Path[depth].Cond {
				// The other arms of a conditional Path takes never run with it.
				if next := t.child(n, s.Path[depth]); next != nil {
					visit(next, depth+1, true)
				}
				continue
			}
			for _, arm := range c.arms {
				if arm.first >= best {
					break
				}
				visit(arm, depth+1, onPath && !branching)
			}
		}
	}
	visit(t.root, 0, true)
	if best == len(t.items) {
		return -1
	}
	return best
}
