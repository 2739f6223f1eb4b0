// Package zmtp is the kernel's transport under go-zeromq/zmq4: the five
// Jupyter sockets are zmq4 sockets, but they listen through the
// connections of this package, which follow the ZMTP 3 stream in both
// directions and add what zmq4 v0.17.0 lacks. It is a shim, kept apart so
// that it can go once zmq4 does these things itself; UPSTREAM.md beside this
// file says what zmq4 would need.
//
// What it adds, and why:
//
//   - A write that makes no progress for the send timeout fails, and the
//     connection is closed, so that a front end that stopped reading is
//     dropped (it reconnects) instead of stalling shell, or iopub for every
//     front end, for good. zmq4's own timeout bounds only its queueing.
//   - Each message and each command goes out in one write: zmq4 writes a
//     frame's header and body apart, 70 writes for a trivial cell, each
//     waking the front end.
//   - A frame larger than maxMessage, a frame with unknown flag bits or a
//     stream that is not ZMTP 3 closes the connection before zmq4 reads
//     it: zmq4 allocates whatever size a frame header claims.
//   - zmq4's PUB socket queues without bound (zmq4#151) in front of the
//     one goroutine that writes to every subscriber. Publish waits while a
//     subscriber of everything is more than pubWindow messages behind
//     (pubFlow), so a cell that prints faster than a front end reads is
//     slowed down instead of filling memory.
//   - zmq4 handshakes in its accept loop. A connection is handed to it
//     only once it has sent its first byte, and the handshake must end
//     within handshakeTimeout, so a silent peer holds up no one and a
//     peer that stalls mid-handshake holds up new connections for at most
//     that long.
//
// The bytes on the wire are what zmq4 writes; front ends connect with
// plain tcp:// or ipc://. The shim registers two zmq4 transports,
// "gohooks-tcp" and "gohooks-ipc", which Listen uses.
package zmtp

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

const (
	schemeTCP = "gohooks-tcp"
	schemeIPC = "gohooks-ipc"

	// handshakeTimeout bounds the greeting and READY exchange.
	handshakeTimeout = 10 * time.Second
	// maxMessage bounds what one incoming frame may hold.
	maxMessage = 256 << 20
	// writeChunk is the most one write system call is given, so that a
	// deadline measures progress rather than the size of a message; it also
	// bounds what a connection holds back.
	writeChunk = 256 << 10
)

func init() {
	for name, network := range map[string]string{schemeTCP: "tcp", schemeIPC: "unix"} {
		if err := zmq4.RegisterTransport(name, shimTransport{transport.New(network), network}); err != nil {
			panic(err)
		}
	}
}

// Rules is what a socket's connections enforce; it reaches the
// transport through the context the socket was made with.
type Rules struct {
	// SendTimeout is how long a write may make no progress before the
	// peer is dropped; it also bounds how long Publish waits.
	SendTimeout time.Duration
	// Logf receives one line per dropped peer and zmq4's own log.
	Logf func(format string, args ...any)

	flow *pubFlow // PUB sockets only
}

type rulesKey struct{}

func withRules(ctx context.Context, r Rules) context.Context {
	return context.WithValue(ctx, rulesKey{}, r)
}

type shimTransport struct {
	transport.Transport
	network string
}

func (t shimTransport) Listen(ctx context.Context, addr string) (net.Listener, error) {
	rules, ok := ctx.Value(rulesKey{}).(Rules)
	if !ok {
		return nil, errors.New("zmtp: a socket made without Rules")
	}
	ln, err := net.Listen(t.network, addr)
	if err != nil {
		return nil, err
	}
	l := &listener{Listener: ln, rules: rules, ready: make(chan net.Conn), done: make(chan struct{})}
	go l.acceptLoop()
	return l, nil
}

// listener accepts connections on its own goroutine and hands zmq4
// those that have started their greeting.
type listener struct {
	net.Listener
	rules     Rules
	ready     chan net.Conn
	done      chan struct{}
	closeOnce sync.Once
}

func (l *listener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			select {
			case <-l.done:
				return
			default:
			}
			l.rules.Logf("accept: %v", err)
			time.Sleep(10 * time.Millisecond)
			continue
		}
		go l.admit(c)
	}
}

// admit waits for c's first byte, which must open a ZMTP greeting, and
// then queues it for zmq4 with the handshake's deadline set.
func (l *listener) admit(c net.Conn) {
	c.SetDeadline(time.Now().Add(handshakeTimeout))
	var first [1]byte
	if _, err := c.Read(first[:]); err != nil {
		l.rules.Logf("peer %s: no greeting: %v", c.RemoteAddr(), err)
		c.Close()
		return
	}
	if first[0] != 0xff {
		l.rules.Logf("peer %s: not a ZMTP peer (first byte %#x)", c.RemoteAddr(), first[0])
		c.Close()
		return
	}
	kc := &conn{Conn: c, rules: l.rules, pending: first[:]}
	kc.in.greetLeft, kc.out.greetLeft = greetingSize, greetingSize
	if f := l.rules.flow; f != nil {
		kc.in.onByteFrame = func(b byte) { f.subscribeAll(kc, b == 1) }
	}
	kc.in.follow(first[:]) // cannot fail: the signature's first byte
	select {
	case l.ready <- kc:
	case <-l.done:
		c.Close()
	}
}

func (l *listener) Accept() (net.Conn, error) {
	select {
	case c := <-l.ready:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *listener) Close() error {
	err := net.ErrClosed
	l.closeOnce.Do(func() {
		close(l.done)
		err = l.Listener.Close()
	})
	return err
}

// ZMTP 3 framing: a 64-byte greeting, then frames of a flag byte, a size
// (one byte, or eight when the flag says long) and the body.
const (
	greetingSize = 64
	flagMore     = 0x01
	flagLong     = 0x02
	flagCommand  = 0x04
)

// zmtpStream follows one direction of a ZMTP stream, byte by byte as it
// passes; its state is only the position in the stream.
type zmtpStream struct {
	greetLeft int // greeting bytes still to come
	greeting  [greetingSize]byte
	flag      byte   // the current frame's flag byte
	sizeLeft  int    // size bytes still to come for the current frame
	size      uint64 // the current frame's size, as read so far
	bodyLeft  uint64 // body bytes still to come
	inFrame   bool   // between a flag byte and the end of its body
	commands  int    // commands seen whole
	messages  int    // messages seen whole
	first     byte   // the current frame's first body byte
	// onByteFrame, if set, is called with each one-byte message frame
	// (on a PUB socket: subscribe to everything, or cancel that).
	onByteFrame func(b byte)
}

// follow advances over p. It reports whether p ended with the end of the
// greeting, of a command or of a message's last frame, and fails on what
// ZMTP 3 does not allow: unknown flag bits, a frame over maxMessage, a
// greeting of another version or mechanism than zmq4's (3.x, NULL).
func (s *zmtpStream) follow(p []byte) (ended bool, err error) {
	for len(p) > 0 {
		ended = false
		switch {
		case s.greetLeft > 0:
			n := min(len(p), s.greetLeft)
			copy(s.greeting[greetingSize-s.greetLeft:], p[:n])
			s.greetLeft -= n
			p = p[n:]
			if s.greetLeft == 0 {
				if err := checkGreeting(s.greeting[:]); err != nil {
					return false, err
				}
				ended = true
			}
			continue
		case !s.inFrame:
			s.flag = p[0]
			if s.flag&^(flagMore|flagLong|flagCommand) != 0 {
				return false, fmt.Errorf("bad frame flags %#x", s.flag)
			}
			s.inFrame, s.size, s.sizeLeft = true, 0, 1
			if s.flag&flagLong != 0 {
				s.sizeLeft = 8
			}
			p = p[1:]
			continue
		case s.sizeLeft > 0:
			s.size = s.size<<8 | uint64(p[0])
			s.sizeLeft--
			p = p[1:]
			if s.sizeLeft > 0 {
				continue
			}
			if s.size > maxMessage {
				return false, fmt.Errorf("a frame of %d bytes: larger than %d MiB", s.size, maxMessage>>20)
			}
			s.bodyLeft = s.size
		default:
			if s.bodyLeft == s.size {
				s.first = p[0]
			}
			n := min(uint64(len(p)), s.bodyLeft)
			s.bodyLeft -= n
			p = p[n:]
		}
		if s.bodyLeft == 0 {
			s.inFrame = false
			switch {
			case s.flag&flagCommand != 0:
				s.commands++
			case s.flag&flagMore == 0:
				s.messages++
			}
			if s.size == 1 && s.flag&(flagCommand|flagMore) == 0 && s.onByteFrame != nil {
				s.onByteFrame(s.first)
			}
			ended = s.flag&flagCommand != 0 || s.flag&flagMore == 0
		}
	}
	return ended, nil
}

// checkGreeting accepts what zmq4 can talk to: ZMTP 3.x with the NULL
// mechanism.
func checkGreeting(g []byte) error {
	switch {
	case g[0] != 0xff || g[9] != 0x7f:
		return errors.New("not a ZMTP peer")
	case g[10] < 3:
		return fmt.Errorf("ZMTP %d.%d is not supported (3.0 or later is)", g[10], g[11])
	}
	mech := g[12:32]
	for i, b := range mech {
		if b == 0 {
			mech = mech[:i]
			break
		}
	}
	if string(mech) != "NULL" {
		return fmt.Errorf("security mechanism %q is not supported (NULL is)", mech)
	}
	return nil
}

// conn is one accepted connection. Reads are checked as they pass
// (and the handshake's read deadline lifted after the peer's first
// command); writes are held until a message or command is whole, then
// written with the send timeout. Any failure closes the connection.
type conn struct {
	net.Conn
	rules Rules

	rmu     sync.Mutex
	in      zmtpStream
	pending []byte // read before zmq4 took the connection
	shaken  bool   // the peer's READY has been read

	wmu sync.Mutex
	out zmtpStream
	buf []byte
	err error // the first write error; every later write returns it
}

func (c *conn) Read(p []byte) (int, error) {
	c.rmu.Lock()
	defer c.rmu.Unlock()
	if len(c.pending) > 0 {
		n := copy(p, c.pending)
		c.pending = c.pending[n:]
		return n, nil
	}
	n, err := c.Conn.Read(p)
	if n > 0 {
		if _, ferr := c.in.follow(p[:n]); ferr != nil {
			c.rules.Logf("peer %s: %v; dropped", c.RemoteAddr(), ferr)
			c.Close()
			return 0, dropped("read", ferr)
		}
		if !c.shaken && c.in.commands > 0 {
			c.shaken = true
			c.Conn.SetReadDeadline(time.Time{})
		}
	}
	if err != nil && c.rules.flow != nil {
		c.rules.flow.leave(c)
	}
	return n, err
}

func (c *conn) Close() error {
	if c.rules.flow != nil {
		c.rules.flow.leave(c)
	}
	return c.Conn.Close()
}

func (c *conn) Write(p []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	ended, err := c.out.follow(p)
	if err != nil {
		// zmq4 wrote something this follower does not understand: send it
		// as it is rather than hold it back.
		c.rules.Logf("peer %s: outgoing stream: %v", c.RemoteAddr(), err)
	}
	n := len(p)
	if len(c.buf)+len(p) <= writeChunk {
		c.buf = append(c.buf, p...)
		if !ended && err == nil {
			return n, nil
		}
		p = nil
	}
	// What is held goes out, then a p too large to hold.
	if err := c.writeLocked(c.buf); err != nil {
		return 0, err
	}
	c.buf = c.buf[:0]
	if err := c.writeLocked(p); err != nil {
		return 0, err
	}
	if c.rules.flow != nil {
		c.rules.flow.wrote(c, c.out.messages)
	}
	return n, nil
}

// writeLocked writes b in chunks of writeChunk that must each be taken
// within the send timeout. On failure the connection is closed: a message
// cut short cannot be taken back.
func (c *conn) writeLocked(b []byte) error {
	for len(b) > 0 {
		n := min(len(b), writeChunk)
		c.Conn.SetWriteDeadline(time.Now().Add(c.rules.SendTimeout))
		m, err := c.Conn.Write(b[:n])
		b = b[m:]
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				err = fmt.Errorf("the peer took nothing for %v", c.rules.SendTimeout)
			}
			c.rules.Logf("peer %s: %v; dropped", c.RemoteAddr(), err)
			c.err = dropped("write", err)
			c.buf = nil
			c.Close()
			return c.err
		}
	}
	return nil
}

// pubWindow is how many messages zmq4's PUB queue may hold for a
// subscriber of everything before publishing waits.
const pubWindow = 64

// pubFlow keeps zmq4's PUB queue short. zmq4 writes messages in the order
// they were sent, each to every subscriber, from one goroutine; so for a
// connection subscribed to everything, the messages sent since it
// subscribed less those written to it since are about what the queue
// holds for it (less what was queued when it subscribed). Connections
// subscribed to a prefix only are not counted, since not every message is
// written to them; no Jupyter front end subscribes so.
type pubFlow struct {
	timeout time.Duration // the longest send waits
	mu      sync.Mutex
	changed *sync.Cond
	sent    int                 // messages handed to zmq4
	written map[*conn]int       // messages written to each connection
	subs    map[*conn]flowStart // subscribers of everything
}

// flowStart is where a subscriber of everything started: the messages
// sent and the messages written to it, when it subscribed.
type flowStart struct{ sent, written int }

func newPubFlow(timeout time.Duration) *pubFlow {
	f := &pubFlow{timeout: timeout, written: map[*conn]int{}, subs: map[*conn]flowStart{}}
	f.changed = sync.NewCond(&f.mu)
	return f
}

// subscribeAll records that c subscribed to everything (on) or cancelled
// that.
func (f *pubFlow) subscribeAll(c *conn, on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !on {
		delete(f.subs, c)
		f.changed.Broadcast()
		return
	}
	if _, ok := f.subs[c]; !ok {
		f.subs[c] = flowStart{sent: f.sent, written: f.written[c]}
	}
}

// wrote records that n messages have been written to c since it connected.
func (f *pubFlow) wrote(c *conn, n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.written[c] = n
	if _, ok := f.subs[c]; ok {
		f.changed.Broadcast()
	}
}

// leave forgets c.
func (f *pubFlow) leave(c *conn) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.written, c)
	if _, ok := f.subs[c]; ok {
		delete(f.subs, c)
		f.changed.Broadcast()
	}
}

// behindLocked is how far the slowest subscriber of everything is behind.
func (f *pubFlow) behindLocked() int {
	most := 0
	for c, start := range f.subs {
		most = max(most, (f.sent-start.sent)-(f.written[c]-start.written))
	}
	return most
}

// send waits until no subscriber of everything is pubWindow messages
// behind, or for at most the send timeout, then counts one message sent. A subscriber
// that takes nothing for the send timeout is dropped, which ends the wait.
func (f *pubFlow) send() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.behindLocked() >= pubWindow {
		stop := time.AfterFunc(f.timeout, func() {
			f.mu.Lock()
			f.changed.Broadcast()
			f.mu.Unlock()
		})
		deadline := time.Now().Add(f.timeout)
		for f.behindLocked() >= pubWindow && time.Now().Before(deadline) {
			f.changed.Wait()
		}
		stop.Stop()
	}
	f.sent++
}

// dropped is the error of a connection the kernel has closed. zmq4 forgets
// a connection after an I/O error only if it is a net.Error that is not a
// timeout.
func dropped(op string, err error) error {
	return &net.OpError{Op: op, Net: "zmtp", Err: err}
}
