package hooks

import (
	"sync"

	"github.com/gohooks/gohooks/tensorlib"
)

// Group holds many hook handles so that one Remove takes them all away. The
// zero value is an empty group ready to use. A Group is safe for use by
// several goroutines.
type Group struct {
	mu      sync.Mutex
	handles []*tensorlib.Handle
}

// NewGroup returns a group holding hs.
func NewGroup(hs ...*tensorlib.Handle) *Group {
	g := &Group{}
	g.Add(hs...)
	return g
}

// Add puts handles into the group; nil handles are skipped.
func (g *Group) Add(hs ...*tensorlib.Handle) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, h := range hs {
		if h != nil {
			g.handles = append(g.handles, h)
		}
	}
}

// Len returns the number of handles the group holds: those added since the
// last Remove.
func (g *Group) Len() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.handles)
}

// Remove removes every hook in the group, the last added first, and empties
// the group. Calling it again is harmless; handles added after a Remove are
// removed by the next one.
func (g *Group) Remove() {
	g.mu.Lock()
	hs := g.handles
	g.handles = nil
	g.mu.Unlock()
	for i := len(hs) - 1; i >= 0; i-- {
		hs[i].Remove()
	}
}

// Handle returns a handle whose Remove removes the group, so that a group
// can be added to another group or returned where a *tensorlib.Handle is
// expected.
func (g *Group) Handle() *tensorlib.Handle {
	return tensorlib.NewHandle(g.Remove)
}
