// Package hooklist keeps registered hooks in the order they run, for
// tensorlib's tensor hooks and nnlib's module hooks. Each added hook gets an
// id, unique in the process, by which its handle removes it; removing twice
// is harmless.
//
// A List is not safe for concurrent use; a caller that shares one between
// goroutines (nnlib's global hooks) holds its own lock. Hooks run over a
// copy (AppendTo), because a hook may add or remove hooks while it runs.
package hooklist

import "sync/atomic"

var ids atomic.Uint64

// List holds hooks of type H in running order. The zero value is empty.
type List[H any] struct {
	items []item[H]
}

type item[H any] struct {
	id uint64
	h  H
}

// Add adds h last, or first with front, and returns its id.
func (l *List[H]) Add(h H, front bool) uint64 {
	it := item[H]{ids.Add(1), h}
	if front {
		l.items = append([]item[H]{it}, l.items...)
	} else {
		l.items = append(l.items, it)
	}
	return it.id
}

// Remove removes the hook with id, if it is still there. It does not
// change a slice AppendTo returned before.
func (l *List[H]) Remove(id uint64) {
	for i, it := range l.items {
		if it.id == id {
			l.items = append(l.items[:i:i], l.items[i+1:]...)
			return
		}
	}
}

// Len returns the number of hooks.
func (l *List[H]) Len() int { return len(l.items) }

// AppendTo appends the hooks to dst in running order and returns it.
func (l *List[H]) AppendTo(dst []H) []H {
	for _, it := range l.items {
		dst = append(dst, it.h)
	}
	return dst
}
