package mcts

import (
	"slices"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/internal/seeds"
)

// none marks a missing node or edge index.
const none int32 = -1

// node is a position of the tree: a decision node of one player, a chance
// node (perfect-information search only) or a terminal state. Its edges form
// a linked list in the edge slice; in a perfect-information search they are
// also contiguous, nedges of them from firstEdge, which is how selection
// walks them.
type node struct {
	firstEdge int32
	nedges    int32 // perfect-information search: number of edges, contiguous from firstEdge
	visits    int32
	// passes counts the selections made at this node (perfect-information
	// search): every edge is available at every pass, so it is the N of
	// the selection formulas for all of them at once.
	passes   int32
	player   engine.Player
	expanded bool
	proven   bool // its exact max^n value is known (perfect-information search only)
}

// edge is an action from a node, with the statistics of the player who
// chooses it (the mover at the parent). What selection reads of the child
// (whether it is proven and its exact value for the mover) is kept here, so
// that selection never loads the child node.
type edge struct {
	wsum float64 // sum of the mover's values through this edge, virtual losses included
	// q is the edge's value for the mover, scaled to [0, 1], for selection:
	// the child's exact value once childProven is set, else the mean
	// wsum/visits once visited (see Search.setQ); kept up to date whenever
	// they change, so that selection divides nothing but its own terms.
	q           float64
	action      engine.Action
	prior       float32
	child       int32 // perfect-information search: the node reached; else none
	next        int32 // next edge of the same node, or none
	visits      int32 // visits, virtual ones included
	avail       int32 // information-set search: times the edge was legal when its node was passed through
	childProven bool  // the child exists and is proven
}

// tree is the flat storage of a search: nodes, edges, per-node value sums
// (nplayers per node) and, for information-set search, the table of
// children keyed on the searcher's information.
type tree struct {
	nodes    []node
	edges    []edge
	values   []float64 // values[n*nplayers+p]: sum of seat p's values through node n
	exact    []float64 // exact[n*nplayers+p]: seat p's proven value at node n, if proven
	nplayers int
	children childTable
}

func (t *tree) reset() {
	t.nodes = t.nodes[:0]
	t.edges = t.edges[:0]
	t.values = t.values[:0]
	t.exact = t.exact[:0]
	t.children.reset()
}

func (t *tree) newNode(p engine.Player) int32 {
	t.nodes = append(t.nodes, node{firstEdge: none, player: p})
	for i := 0; i < t.nplayers; i++ {
		t.values = append(t.values, 0)
		t.exact = append(t.exact, 0)
	}
	return int32(len(t.nodes) - 1)
}

// newEdges appends k edges and returns them, to be filled in completely
// (the storage is reused from earlier trees).
func (t *tree) newEdges(k int) []edge {
	n := len(t.edges)
	t.edges = slices.Grow(t.edges, k)[:n+k]
	return t.edges[n:]
}

func (t *tree) newEdge(a engine.Action, prior float32, next int32) int32 {
	t.edges = append(t.edges, edge{action: a, prior: prior, child: none, next: next})
	return int32(len(t.edges) - 1)
}

// childKey identifies a child in an information-set tree: the parent node
// and a hash of what the searcher knows after the step.
type childKey struct {
	h      uint64
	parent int32
}

type childSlot struct {
	key   childKey
	child int32 // none when the slot is empty
}

// childTable is an open-addressing hash table from childKey to node index,
// stored in one slice; it allocates only when it grows.
type childTable struct {
	slots []childSlot
	used  int
}

func (c *childTable) reset() {
	for i := range c.slots {
		c.slots[i].child = none
	}
	c.used = 0
}

func (k childKey) hash() uint64 {
	return seeds.Finalize(k.h ^ uint64(uint32(k.parent))*seeds.Golden)
}

// get finds the child for k, or none.
func (c *childTable) get(k childKey) int32 {
	if len(c.slots) == 0 {
		return none
	}
	mask := uint64(len(c.slots) - 1)
	for i := k.hash() & mask; ; i = (i + 1) & mask {
		s := &c.slots[i]
		if s.child == none {
			return none
		}
		if s.key == k {
			return s.child
		}
	}
}

// put records child for k (k must not be present).
func (c *childTable) put(k childKey, child int32) {
	if 2*(c.used+1) > len(c.slots) {
		c.grow()
	}
	mask := uint64(len(c.slots) - 1)
	i := k.hash() & mask
	for c.slots[i].child != none {
		i = (i + 1) & mask
	}
	c.slots[i] = childSlot{key: k, child: child}
	c.used++
}

func (c *childTable) grow() {
	old := c.slots
	n := max(2*len(old), 1024)
	c.slots = make([]childSlot, n)
	for i := range c.slots {
		c.slots[i].child = none
	}
	c.used = 0
	for _, s := range old {
		if s.child != none {
			c.put(s.key, s.child)
		}
	}
}
