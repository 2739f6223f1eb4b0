// Package zmtptest is a ZMTP 3.0 peer written out by hand, for tests that
// need what a ZeroMQ library would not do: stall, lie about sizes, break the
// framing. It knows the wire format only, not package zmtp, so that it
// checks the transport from outside.
package zmtptest

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"testing"
	"time"
)

// ZMTP 3 framing: a 64-byte greeting, then frames of a flag byte, a size
// (one byte, or eight when the flag says long) and the body.
const (
	GreetingSize = 64
	FlagMore     = 0x01
	FlagLong     = 0x02
	FlagCommand  = 0x04
)

// Greeting returns a ZMTP 3.0 greeting with the NULL mechanism, as a client.
func Greeting() []byte {
	g := make([]byte, GreetingSize)
	g[0], g[9] = 0xff, 0x7f
	g[10], g[11] = 3, 0
	copy(g[12:32], "NULL")
	return g
}

// Peer is one connection, handshake done or not.
type Peer struct {
	T    testing.TB
	Conn net.Conn
	r    *bufio.Reader
}

// NewPeer wraps a connection; nothing is sent.
func NewPeer(t testing.TB, c net.Conn) *Peer {
	return &Peer{T: t, Conn: c, r: bufio.NewReader(c)}
}

// DialTCP connects to addr; the connection is closed when the test ends.
func DialTCP(t testing.TB, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Dial connects to addr and completes the handshake as a peer of type typ
// ("DEALER", "SUB", ...) with the given identity ("" for none).
func Dial(t testing.TB, addr, typ, identity string) *Peer {
	t.Helper()
	p := NewPeer(t, DialTCP(t, addr))
	if _, err := p.Conn.Write(Greeting()); err != nil {
		t.Fatal(err)
	}
	var theirs [GreetingSize]byte
	if _, err := io.ReadFull(p.r, theirs[:]); err != nil {
		t.Fatal(err)
	}
	if theirs[0] != 0xff || theirs[9] != 0x7f || theirs[10] != 3 || string(bytes.TrimRight(theirs[12:32], "\x00")) != "NULL" {
		t.Fatalf("greeting % x is not ZMTP 3 with NULL", theirs)
	}
	props := []string{"Socket-Type", typ}
	if identity != "" {
		props = append(props, "Identity", identity)
	}
	if err := p.WriteFrames([][]byte{ReadyCommand(props...)}, true); err != nil {
		t.Fatal(err)
	}
	frames, cmd, err := p.ReadMessage()
	if err != nil || !cmd || !bytes.HasPrefix(frames[0], []byte("\x05READY")) {
		t.Fatalf("READY: %q %v %v", frames, cmd, err)
	}
	return p
}

// ReadyCommand encodes a READY command with metadata (name, value pairs).
func ReadyCommand(props ...string) []byte {
	b := []byte("\x05READY")
	for i := 0; i+1 < len(props); i += 2 {
		b = append(b, byte(len(props[i])))
		b = append(b, props[i]...)
		b = binary.BigEndian.AppendUint32(b, uint32(len(props[i+1])))
		b = append(b, props[i+1]...)
	}
	return b
}

// Encode returns the frames as they go on the wire: one command, or one
// message.
func Encode(frames [][]byte, cmd bool) []byte {
	var b []byte
	for i, f := range frames {
		var flag byte
		if cmd {
			flag |= FlagCommand
		} else if i < len(frames)-1 {
			flag |= FlagMore
		}
		if len(f) > 255 {
			b = append(b, flag|FlagLong)
			b = binary.BigEndian.AppendUint64(b, uint64(len(f)))
		} else {
			b = append(b, flag, byte(len(f)))
		}
		b = append(b, f...)
	}
	return b
}

// WriteFrames sends one command or one message in a single write.
func (p *Peer) WriteFrames(frames [][]byte, cmd bool) error {
	_, err := p.Conn.Write(Encode(frames, cmd))
	return err
}

// ReadMessage reads one command or message.
func (p *Peer) ReadMessage() (frames [][]byte, cmd bool, err error) {
	for {
		flag, err := p.r.ReadByte()
		if err != nil {
			return nil, false, err
		}
		var size uint64
		if flag&FlagLong != 0 {
			var b [8]byte
			if _, err := io.ReadFull(p.r, b[:]); err != nil {
				return nil, false, err
			}
			size = binary.BigEndian.Uint64(b[:])
		} else {
			n, err := p.r.ReadByte()
			if err != nil {
				return nil, false, err
			}
			size = uint64(n)
		}
		if size > 1<<30 {
			return nil, false, errors.New("zmtptest: a frame over 1 GiB")
		}
		body := make([]byte, size)
		if _, err := io.ReadFull(p.r, body); err != nil {
			return nil, false, err
		}
		frames = append(frames, body)
		if flag&FlagCommand != 0 || flag&FlagMore == 0 {
			return frames, flag&FlagCommand != 0, nil
		}
	}
}

// Send sends one message.
func (p *Peer) Send(frames ...string) {
	p.T.Helper()
	var b [][]byte
	for _, f := range frames {
		b = append(b, []byte(f))
	}
	if err := p.WriteFrames(b, false); err != nil {
		p.T.Fatal(err)
	}
}

// Recv reads one message within a second.
func (p *Peer) Recv() []string {
	p.T.Helper()
	p.Conn.SetReadDeadline(time.Now().Add(time.Second))
	defer p.Conn.SetReadDeadline(time.Time{})
	frames, _, err := p.ReadMessage()
	if err != nil {
		p.T.Fatalf("recv: %v", err)
	}
	var out []string
	for _, f := range frames {
		out = append(out, string(f))
	}
	return out
}

// RecvNothing checks that nothing arrives for d.
func (p *Peer) RecvNothing(d time.Duration) {
	p.T.Helper()
	p.Conn.SetReadDeadline(time.Now().Add(d))
	defer p.Conn.SetReadDeadline(time.Time{})
	if frames, _, err := p.ReadMessage(); err == nil {
		p.T.Fatalf("unexpected message %q", frames)
	}
}
