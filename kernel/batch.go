package kernel

import (
	"context"
	"net"
	"sync"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// go-zeromq/zmq4 writes every frame of a message with two write system
// calls, its header and its body: a Jupyter reply of seven frames took
// fourteen, and a trivial cell's five messages seventy, each waking the
// front end's reader. The kernel listens through the transports below
// instead, whose connections hold what zmq4 writes until a message or a
// command is complete and then send it in one write. Nothing else changes:
// the bytes on the wire are the same, and front ends connect with plain
// tcp:// or ipc://.
const (
	batchedTCP = "gohooks-tcp"
	batchedIPC = "gohooks-ipc"
)

func init() {
	for name, network := range map[string]string{batchedTCP: "tcp", batchedIPC: "unix"} {
		if err := zmq4.RegisterTransport(name, batchedTransport{transport.New(network)}); err != nil {
			panic(err)
		}
	}
}

// batchedTransport listens like the transport it wraps and batches the
// writes of the connections it accepts.
type batchedTransport struct{ transport.Transport }

func (t batchedTransport) Listen(ctx context.Context, addr string) (net.Listener, error) {
	l, err := t.Transport.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	return batchedListener{l}, nil
}

type batchedListener struct{ net.Listener }

func (l batchedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &batchedConn{Conn: c}, nil
}

// ZMTP 3 framing: a 64-byte greeting, then frames of a flag byte, a size
// (one byte, or eight when the flag says long) and the body.
const (
	greetingSize = 64
	flagMore     = 0x01
	flagLong     = 0x02
	flagCommand  = 0x04
	// maxBatch bounds what a connection holds: a larger message goes out
	// in pieces of about this size, as it would without batching.
	maxBatch = 256 << 10
)

// batchedConn follows the ZMTP stream written to it and writes it to the
// connection at the end of the greeting, of each command and of each
// message's last frame. Its state is only the position in the stream. A
// flag byte with unknown bits set (not ZMTP 3) turns batching off for
// good, so that a stream it cannot follow is never held back.
type batchedConn struct {
	net.Conn
	mu        sync.Mutex
	buf       []byte
	greetLeft int // greeting bytes still to come
	started   bool
	flag      byte   // the current frame's flag byte
	sizeLeft  int    // size bytes still to come for the current frame
	size      uint64 // the current frame's size, as read so far
	bodyLeft  uint64 // body bytes still to come
	inFrame   bool   // between a flag byte and the end of its body
	passing   bool   // batching turned off
}

func (c *batchedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.passing {
		return c.Conn.Write(p)
	}
	c.buf = append(c.buf, p...)
	if c.follow(p) || c.passing || len(c.buf) >= maxBatch {
		return len(p), c.flushLocked()
	}
	return len(p), nil
}

// follow advances the stream position over p and reports whether p ended
// with the end of the greeting, of a command or of a message. (zmq4 writes
// a frame's header and body separately, never two messages at once.)
func (c *batchedConn) follow(p []byte) (ended bool) {
	if !c.started {
		c.started, c.greetLeft = true, greetingSize
	}
	for len(p) > 0 {
		ended = false
		switch {
		case c.greetLeft > 0:
			n := min(len(p), c.greetLeft)
			c.greetLeft -= n
			p = p[n:]
			ended = c.greetLeft == 0
			continue
		case !c.inFrame:
			c.flag = p[0]
			if c.flag&^(flagMore|flagLong|flagCommand) != 0 {
				c.passing = true
				return true
			}
			c.inFrame, c.size, c.sizeLeft = true, 0, 1
			if c.flag&flagLong != 0 {
				c.sizeLeft = 8
			}
			p = p[1:]
			continue
		case c.sizeLeft > 0:
			c.size = c.size<<8 | uint64(p[0])
			c.sizeLeft--
			p = p[1:]
			c.bodyLeft = c.size
			if c.sizeLeft > 0 {
				continue
			}
		default:
			n := min(uint64(len(p)), c.bodyLeft)
			c.bodyLeft -= n
			p = p[n:]
		}
		if c.bodyLeft == 0 {
			c.inFrame = false
			ended = c.flag&flagCommand != 0 || c.flag&flagMore == 0
		}
	}
	return ended
}

func (c *batchedConn) flushLocked() error {
	if len(c.buf) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.buf)
	c.buf = c.buf[:0]
	return err
}
