package authz

import (
	"slices"
	"sync"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// evalCache is the topdown.VirtualCache of one evaluation: the memo of the rule and function
// results computed so far, so that a rule named twice is evaluated once. OPA's default builds a
// trie of hash maps for every evaluation, about a third of the allocations of a decision; this
// one keeps flat entries with a hash index and is reused through a pool, so a decision
// allocates nothing for it. It is never shared: the values depend on the input.
type evalCache struct {
	frames []cacheFrame // the last one is active; `with` pushes a fresh frame and pops it after
	depth  int
	terms  []*ast.Term // the keys' terms, copied (callers reuse their key slices)
}

type cacheFrame struct {
	index   map[int]int32 // key hash -> 1 + index of the newest entry with that hash
	entries []cacheEntry
}

type cacheEntry struct {
	key       ast.Ref
	value     *ast.Term
	undefined bool
	next      int32 // 1 + index of the previous entry with the same hash, 0 for none
}

var _ topdown.VirtualCache = (*evalCache)(nil)

// A cache that grew larger than this is dropped rather than pooled.
const maxPooledEntries = 4096

var evalCaches = sync.Pool{New: func() any {
	c := &evalCache{}
	c.Push()
	return c
}}

func getEvalCache() *evalCache { return evalCaches.Get().(*evalCache) }

// release resets c and returns it to the pool.
func (c *evalCache) release() {
	n := 0
	for i := range c.frames {
		n += len(c.frames[i].entries)
		clear(c.frames[i].index)
		clear(c.frames[i].entries)
		c.frames[i].entries = c.frames[i].entries[:0]
	}
	if n > maxPooledEntries {
		return
	}
	clear(c.terms)
	c.terms = c.terms[:0]
	c.depth = 1
	evalCaches.Put(c)
}

// Push starts a new, empty frame.
func (c *evalCache) Push() {
	if c.depth == len(c.frames) {
		c.frames = append(c.frames, cacheFrame{index: map[int]int32{}})
	}
	c.depth++
}

// Pop drops the active frame.
func (c *evalCache) Pop() {
	f := &c.frames[c.depth-1]
	clear(f.index)
	clear(f.entries)
	f.entries = f.entries[:0]
	c.depth--
}

func (c *evalCache) find(ref ast.Ref, hash int) *cacheEntry {
	f := &c.frames[c.depth-1]
	for i := f.index[hash]; i != 0; {
		e := &f.entries[i-1]
		if slices.EqualFunc(e.key, ref, (*ast.Term).Equal) {
			return e
		}
		i = e.next
	}
	return nil
}

// Get returns the cached value of ref: (value, false) when defined, (nil, true) when recorded as
// undefined, (nil, false) when not cached.
func (c *evalCache) Get(ref ast.Ref) (*ast.Term, bool) {
	e := c.find(ref, ref.Hash())
	if e == nil {
		return nil, false
	}
	if e.undefined {
		return nil, true
	}
	return e.value, false
}

// Put records the value of ref; a nil value records it as undefined.
func (c *evalCache) Put(ref ast.Ref, value *ast.Term) {
	hash := ref.Hash()
	e := c.find(ref, hash)
	if e == nil {
		f := &c.frames[c.depth-1]
		start := len(c.terms)
		c.terms = append(c.terms, ref...)
		f.entries = append(f.entries, cacheEntry{key: c.terms[start:len(c.terms):len(c.terms)], next: f.index[hash]})
		f.index[hash] = int32(len(f.entries))
		e = &f.entries[len(f.entries)-1]
	}
	if value != nil {
		e.value = value
	} else {
		e.undefined = true
	}
}

// Keys lists the refs with a cached value in the active frame.
func (c *evalCache) Keys() []ast.Ref {
	var keys []ast.Ref
	for _, e := range c.frames[c.depth-1].entries {
		if e.value != nil {
			keys = append(keys, e.key)
		}
	}
	return keys
}
