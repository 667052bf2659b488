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
	nodes map[Branch]*ArmNode
	conds map[parser.Node]*armCond
	// at is the node of each item.
	at []*ArmNode
}

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
}

// armCond is a conditional with assignments below it, and its arms that
// hold some, in the order of their first assignment.
type armCond struct {
	cond  parser.Node
	first int
	arms  []*ArmNode
}

// NewArmTree indexes assignments, which must be in scope order; items are
// identified by their index in it.
func NewArmTree(as []*Assignment) *ArmTree {
	t := &ArmTree{items: as, nodes: map[Branch]*ArmNode{}, conds: map[parser.Node]*armCond{}, at: make([]*ArmNode, len(as))}
	for i, a := range as {
		n := t.node(a.Branch, a.File, i)
		n.Items = append(n.Items, i)
		t.at[i] = n
	}
	return t
}

// node returns the node of path, creating it and its missing ancestors
// with first index i. It looks up only the arms it creates and one more.
func (t *ArmTree) node(path []Branch, f *File, i int) *ArmNode {
	if t.root == nil {
		t.root = &ArmNode{File: f, first: i}
	}
	j := len(path)
	for j > 0 && t.nodes[path[j-1]] == nil {
		j--
	}
	parent := t.root
	if j > 0 {
		parent = t.nodes[path[j-1]]
	}
	for k := j; k < len(path); k++ {
		c := t.conds[path[k].Cond]
		if c == nil {
			c = &armCond{cond: path[k].Cond, first: i}
			t.conds[path[k].Cond] = c
			parent.conds = append(parent.conds, c)
		}
		n := &ArmNode{Path: path[:k+1], File: f, first: i}
		c.arms = append(c.arms, n)
		t.nodes[path[k]] = n
		parent = n
	}
	return parent
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
			if next := t.nodes[s.Path[depth]]; next != nil {
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
				if next := t.nodes[s.Path[depth]]; next != nil {
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
