// Package comm is the Jupyter comm protocol as a Go session sees it: named
// channels between the session and the front end, over which either side
// sends JSON messages (widgets are built on them).
//
// The session's side of a comm is a *Comm. The session opens one with Open;
// the front end opens one by naming a target that the session registered
// with RegisterTarget. Messages from the front end reach the comm's OnMsg
// handler; Send and Close go to the front end.
//
// Rules:
//   - The package keeps the comms of the process, and the one Publisher
//     installed with SetPublisher, in package state: the gohooks worker
//     installs the publisher and delivers the front end's messages with
//     Deliver. Without a publisher (outside a kernel) Open, Send and Close
//     only update the package's own bookkeeping.
//   - Handlers run on the goroutine that calls Deliver: in the worker, the
//     session's cell goroutine, between cells, so a handler never runs
//     beside a cell. A handler that panics makes Deliver return an error;
//     the comm stays open.
//   - A message for a comm that is not open, or an open for a target that
//     is not registered, is an error from Deliver, never a panic.
package comm

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
)

// Message is the payload of a comm message: the JSON object "data", the
// message's metadata, and binary buffers.
type Message struct {
	Data     map[string]any
	Metadata map[string]any
	Buffers  [][]byte
}

// Kinds of message, as the protocol names them without the "comm_" prefix.
const (
	KindOpen  = "open"
	KindMsg   = "msg"
	KindClose = "close"
)

// Publisher sends comm messages to the front end. kind is KindOpen, KindMsg
// or KindClose; target is set for KindOpen.
type Publisher interface {
	PublishComm(kind, id, target string, m Message)
}

// Comm is one open comm.
type Comm struct {
	id, target string

	mu      sync.Mutex
	onMsg   func(Message)
	onClose func(Message)
	closed  bool
}

var (
	mu        sync.Mutex
	publisher Publisher
	parent    string
	comms     = map[string]*Comm{}
	targets   = map[string]func(*Comm, Message){}
)

// SetPublisher installs p as the way to the front end; nil removes it.
func SetPublisher(p Publisher) {
	mu.Lock()
	publisher = p
	mu.Unlock()
}

func publish(kind, id, target string, m Message) {
	mu.Lock()
	p := publisher
	mu.Unlock()
	if p != nil {
		p.PublishComm(kind, id, target, m)
	}
}

// SetParent records the front end's id of the request being served (a
// cell or a comm message); the worker sets it before each.
func SetParent(msgID string) {
	mu.Lock()
	parent = msgID
	mu.Unlock()
}

// Parent returns the id of the request being served, "" when unknown.
// Output sent while it is served has that request as parent, which is how
// a front end's Output widget captures it.
func Parent() string {
	mu.Lock()
	defer mu.Unlock()
	return parent
}

// NewID returns a new comm id: 32 hexadecimal digits, as Jupyter's are.
func NewID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Open opens a comm to the front end's target with the given id (NewID()
// when empty), sending data and metadata with the comm_open.
func Open(target, id string, m Message) *Comm {
	if id == "" {
		id = NewID()
	}
	c := &Comm{id: id, target: target}
	mu.Lock()
	comms[id] = c
	mu.Unlock()
	publish(KindOpen, id, target, m)
	return c
}

// ID returns the comm's id.
func (c *Comm) ID() string { return c.id }

// Target returns the name of the comm's target.
func (c *Comm) Target() string { return c.target }

// OnMsg sets the handler of the front end's messages on c.
func (c *Comm) OnMsg(f func(Message)) {
	c.mu.Lock()
	c.onMsg = f
	c.mu.Unlock()
}

// OnClose sets the handler called when the front end closes c.
func (c *Comm) OnClose(f func(Message)) {
	c.mu.Lock()
	c.onClose = f
	c.mu.Unlock()
}

// Send sends a comm_msg on c. It does nothing once c is closed.
func (c *Comm) Send(m Message) {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if !closed {
		publish(KindMsg, c.id, "", m)
	}
}

// Close closes c from the session's side; a second Close does nothing.
func (c *Comm) Close(m Message) {
	if !c.markClosed() {
		return
	}
	publish(KindClose, c.id, "", m)
}

// markClosed forgets c and reports whether it was open.
func (c *Comm) markClosed() bool {
	c.mu.Lock()
	was := !c.closed
	c.closed = true
	c.mu.Unlock()
	mu.Lock()
	delete(comms, c.id)
	mu.Unlock()
	return was
}

// RegisterTarget registers the handler of comm_open messages from the
// front end for target name; it replaces an earlier one. The handler gets
// the new comm and the open message's payload.
func RegisterTarget(name string, open func(c *Comm, m Message)) {
	mu.Lock()
	targets[name] = open
	mu.Unlock()
}

// Info returns the open comms, id to target name; with a non-empty target,
// only that target's.
func Info(target string) map[string]string {
	mu.Lock()
	defer mu.Unlock()
	out := map[string]string{}
	for id, c := range comms {
		if target == "" || c.target == target {
			out[id] = c.target
		}
	}
	return out
}

// Deliver hands a message from the front end to its comm: a comm_open to
// its target's handler, a comm_msg to the comm's OnMsg, a comm_close to
// its OnClose (and forgets the comm). It returns an error, and changes
// nothing, for an unknown kind, an unregistered target, a comm that is not
// open or an open of an id that is taken; and an error when a handler
// panics.
func Deliver(kind, id, target string, m Message) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &HandlerError{Kind: kind, CommID: id, Value: r}
		}
	}()
	mu.Lock()
	c := comms[id]
	open := targets[target]
	mu.Unlock()
	switch kind {
	case KindOpen:
		if open == nil {
			return fmt.Errorf("comm: comm_open for target %q, which is not registered", target)
		}
		if c != nil || id == "" {
			return fmt.Errorf("comm: comm_open with id %q, which is empty or taken", id)
		}
		c = &Comm{id: id, target: target}
		mu.Lock()
		comms[id] = c
		mu.Unlock()
		open(c, m)
	case KindMsg:
		if c == nil {
			return fmt.Errorf("comm: comm_msg for comm %q, which is not open", id)
		}
		c.mu.Lock()
		f := c.onMsg
		c.mu.Unlock()
		if f != nil {
			f(m)
		}
	case KindClose:
		if c == nil {
			return fmt.Errorf("comm: comm_close for comm %q, which is not open", id)
		}
		c.markClosed()
		c.mu.Lock()
		f := c.onClose
		c.mu.Unlock()
		if f != nil {
			f(m)
		}
	default:
		return fmt.Errorf("comm: unknown message kind %q", kind)
	}
	return nil
}

// HandlerError is the error of a handler that panicked.
type HandlerError struct {
	Kind   string // the message's kind
	CommID string
	Value  any // what the handler panicked with
}

func (e *HandlerError) Error() string {
	return fmt.Sprintf("panic in the %s handler of comm %s: %v", e.Kind, e.CommID, e.Value)
}

// Reset forgets every open comm without telling the front end (its end of
// them belongs to a session that is gone). Registered targets stay.
func Reset() {
	mu.Lock()
	for _, c := range comms {
		c.mu.Lock()
		c.closed = true
		c.mu.Unlock()
	}
	comms = map[string]*Comm{}
	mu.Unlock()
}
