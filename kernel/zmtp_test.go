package kernel

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// rawPeer is a ZMTP peer written out by hand, for what a ZeroMQ library
// would not do: stall, lie about sizes, speak 3.1 commands.
type rawPeer struct {
	t testing.TB
	c net.Conn
	*zpeer
}

// dialRaw connects to s and completes the handshake as a peer of type typ
// with the given identity, announcing ZMTP 3.minor.
func dialRaw(t testing.TB, s *zsocket, typ, identity string, minor byte) *rawPeer {
	t.Helper()
	c, err := net.Dial("tcp", s.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	p := &rawPeer{t: t, c: c, zpeer: &zpeer{s: &zsocket{timeout: time.Second}, c: c, r: bufio.NewReader(c)}}
	p.w = bufio.NewWriter(deadlineWriter{c, time.Second})
	g := append([]byte(nil), greeting...)
	g[11] = minor
	if _, err := c.Write(g); err != nil {
		t.Fatal(err)
	}
	var theirs [64]byte
	if _, err := io.ReadFull(p.r, theirs[:]); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(theirs[:], greeting) {
		t.Fatalf("greeting % x", theirs)
	}
	props := []string{"Socket-Type", typ}
	if identity != "" {
		props = append(props, "Identity", identity)
	}
	if err := p.writeFrames([][]byte{zmtpCommandBody("READY", props...)}, true); err != nil {
		t.Fatal(err)
	}
	frames, cmd, err := p.readMessage()
	if err != nil || !cmd {
		t.Fatalf("READY: %v %v", frames, err)
	}
	name, got, err := parseCommand(frames[0])
	if err != nil || name != "READY" || got["socket-type"] != string(s.kind) {
		t.Fatalf("READY %q %v %v", name, got, err)
	}
	return p
}

func (p *rawPeer) send(frames ...string) {
	p.t.Helper()
	var b [][]byte
	for _, f := range frames {
		b = append(b, []byte(f))
	}
	if err := p.writeFrames(b, false); err != nil {
		p.t.Fatal(err)
	}
}

// recv reads one message within a second.
func (p *rawPeer) recv() []string {
	p.t.Helper()
	p.c.SetReadDeadline(time.Now().Add(time.Second))
	defer p.c.SetReadDeadline(time.Time{})
	frames, _, err := p.readMessage()
	if err != nil {
		p.t.Fatalf("recv: %v", err)
	}
	var out []string
	for _, f := range frames {
		out = append(out, string(f))
	}
	return out
}

// recvMessage reads and decodes one Jupyter message.
func (p *rawPeer) recvMessage(s *Signer) *Message {
	p.t.Helper()
	frames, _, err := p.readMessage()
	if err != nil {
		p.t.Fatalf("recv: %v", err)
	}
	m, err := Decode(frames, s)
	if err != nil {
		p.t.Fatal(err)
	}
	return m
}

// recvNothing checks that nothing arrives for a while.
func (p *rawPeer) recvNothing(d time.Duration) {
	p.t.Helper()
	p.c.SetReadDeadline(time.Now().Add(d))
	defer p.c.SetReadDeadline(time.Time{})
	if frames, _, err := p.readMessage(); err == nil {
		p.t.Fatalf("unexpected message %q", frames)
	}
}

// testLog collects what a socket logs.
type testLog struct {
	mu    sync.Mutex
	lines []string
}

func (l *testLog) printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

// waitFor waits until a logged line contains s.
func (l *testLog) waitFor(t *testing.T, s string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		l.mu.Lock()
		for _, line := range l.lines {
			if strings.Contains(line, s) {
				l.mu.Unlock()
				return
			}
		}
		l.mu.Unlock()
	}
	t.Fatalf("nothing logged with %q: %q", s, l.lines)
}

// echoRouter listens as a ROUTER that sends every message back to its
// sender.
func echoRouter(t *testing.T, timeout time.Duration) (*zsocket, *testLog) {
	t.Helper()
	l := &testLog{}
	var s *zsocket
	s, err := listenZMTP(kindRouter, "tcp", "127.0.0.1:0", timeout, l.printf, func(_ *zpeer, frames [][]byte) {
		s.send(frames)
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeSockets(s) })
	return s, l
}

func TestRouterRoutesByIdentity(t *testing.T) {
	s, _ := echoRouter(t, time.Second)
	a := dialRaw(t, s, "DEALER", "alice", 0)
	b := dialRaw(t, s, "DEALER", "", 1) // no identity: the router makes one
	a.send("<IDS|MSG>", "from a")
	b.send("<IDS|MSG>", "from b", strings.Repeat("x", 300)) // a long frame
	if got := a.recv(); strings.Join(got, "|") != "<IDS|MSG>|from a" {
		t.Fatalf("a got %q", got)
	}
	if got := b.recv(); len(got) != 3 || got[1] != "from b" || len(got[2]) != 300 {
		t.Fatalf("b got %q", got)
	}
	a.recvNothing(50 * time.Millisecond)
	if err := s.send([][]byte{[]byte("nobody"), []byte("x")}); err == nil || !strings.Contains(err.Error(), "no peer") {
		t.Fatalf("send to an unknown id: %v", err)
	}
	// A newer peer with the same identity takes it over.
	a2 := dialRaw(t, s, "DEALER", "alice", 0)
	a2.send("hello") // answered once the router has taken a2 on
	if got := a2.recv(); got[0] != "hello" {
		t.Fatalf("a2 got %q", got)
	}
	if err := s.send([][]byte{[]byte("alice"), []byte("to the new one")}); err != nil {
		t.Fatal(err)
	}
	if got := a2.recv(); got[0] != "to the new one" {
		t.Fatalf("a2 got %q", got)
	}
	a.recvNothing(50 * time.Millisecond)
}

func TestRouterDropsAStuckPeerAfterTheSendTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	s, l := echoRouter(t, timeout)
	stuck := dialRaw(t, s, "DEALER", "stuck", 0)
	stuck.c.(*net.TCPConn).SetReadBuffer(4 << 10) // and it never reads
	big := bytes.Repeat([]byte("x"), 64<<20)
	start := time.Now()
	err := s.send([][]byte{[]byte("stuck"), big})
	took := time.Since(start)
	if err == nil || !strings.Contains(err.Error(), "took nothing for 200ms") {
		t.Fatalf("send to a stuck peer: %v", err)
	}
	if took > 10*timeout {
		t.Fatalf("the send gave up after %v, want about %v", took, timeout)
	}
	// The stuck peer is dropped; others are served.
	if err := s.send([][]byte{[]byte("stuck"), []byte("more")}); err == nil {
		t.Fatal("a second send to the dropped peer succeeded")
	}
	ok := dialRaw(t, s, "DEALER", "ok", 0)
	ok.send("ping")
	if got := ok.recv(); got[0] != "ping" {
		t.Fatalf("got %q", got)
	}
	_ = l
}

func TestPubSubscriptionsOfZMTP30And31(t *testing.T) {
	l := &testLog{}
	pub, err := listenZMTP(kindPub, "tcp", "127.0.0.1:0", time.Second, l.printf, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer closeSockets(pub)
	if ok, _ := pub.subscribed(); ok {
		t.Fatal("subscribed before any peer")
	}
	_, next := pub.subscribed()
	old := dialRaw(t, pub, "SUB", "", 0)
	old.send("\x01kernel.") // 3.0: a message subscribes
	select {
	case <-next:
	case <-time.After(time.Second):
		t.Fatal("no signal at the first subscription")
	}
	cur := dialRaw(t, pub, "SUB", "", 1)
	if err := cur.writeFrames([][]byte{append([]byte("\x09SUBSCRIBE"), "kernel.x"...)}, true); err != nil { // 3.1: a command
		t.Fatal(err)
	}
	waitSubs := func(want int) {
		for deadline := time.Now().Add(time.Second); ; time.Sleep(time.Millisecond) {
			pub.mu.Lock()
			n := len(old.subsOn(pub)) + len(cur.subsOn(pub))
			pub.mu.Unlock()
			if n == want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d subscriptions, want %d", n, want)
			}
		}
	}
	waitSubs(2)
	pub.publish([][]byte{[]byte("kernel.x.status"), []byte("1")})
	pub.publish([][]byte{[]byte("kernel.y.status"), []byte("2")})
	pub.publish([][]byte{[]byte("other"), []byte("3")})
	if got := old.recv(); got[1] != "1" {
		t.Fatalf("3.0 peer got %q", got)
	}
	if got := old.recv(); got[1] != "2" {
		t.Fatalf("3.0 peer got %q", got)
	}
	if got := cur.recv(); got[1] != "1" {
		t.Fatalf("3.1 peer got %q", got)
	}
	cur.recvNothing(50 * time.Millisecond)
	old.send("\x00kernel.")
	if err := cur.writeFrames([][]byte{append([]byte("\x06CANCEL"), "kernel.x"...)}, true); err != nil {
		t.Fatal(err)
	}
	waitSubs(0)
	pub.publish([][]byte{[]byte("kernel.x.status"), []byte("4")})
	old.recvNothing(50 * time.Millisecond)
	cur.recvNothing(0)
}

// subsOn returns the subscriptions the server side holds for this peer.
func (p *rawPeer) subsOn(s *zsocket) []string {
	local := p.c.LocalAddr().String()
	for sp := range s.peers {
		if sp.c.RemoteAddr().String() == local {
			return sp.subs
		}
	}
	return nil
}

func TestPingIsAnsweredWithPong(t *testing.T) {
	s, _ := echoRouter(t, time.Second)
	p := dialRaw(t, s, "DEALER", "", 1)
	if err := p.writeFrames([][]byte{[]byte("\x04PING\x00\x0acontext")}, true); err != nil {
		t.Fatal(err)
	}
	p.c.SetReadDeadline(time.Now().Add(time.Second))
	frames, cmd, err := p.readMessage()
	if err != nil || !cmd || string(frames[0]) != "\x04PONGcontext" {
		t.Fatalf("got %q %v %v", frames, cmd, err)
	}
}

func TestBadPeersAreDroppedAndOthersServed(t *testing.T) {
	s, l := echoRouter(t, time.Second)
	// A peer that connects and says nothing does not hold up the others.
	silent, err := net.Dial("tcp", s.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()

	hello := func(b []byte) net.Conn {
		c, err := net.Dial("tcp", s.ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		c.Write(b)
		return c
	}
	hello([]byte("GET / HTTP/1.1\r\n\r\n" + strings.Repeat(" ", 64)))
	l.waitFor(t, "not a ZMTP peer")

	curve := append([]byte(nil), greeting...)
	copy(curve[12:32], "CURVE\x00\x00\x00\x00")
	hello(curve)
	l.waitFor(t, `security mechanism "CURVE" is not supported`)

	old := append([]byte(nil), greeting...)
	old[10] = 2
	hello(old)
	l.waitFor(t, "ZMTP 2.0 is not supported")

	_ = dialRawWrongType(t, s)
	l.waitFor(t, `socket type "PUB" cannot talk to ROUTER`)

	// A frame that claims 1 TiB is refused before any of it is read.
	p := dialRaw(t, s, "DEALER", "liar", 0)
	var hdr [9]byte
	hdr[0] = zmtpLong
	binary.BigEndian.PutUint64(hdr[1:], 1<<40)
	p.c.Write(hdr[:])
	l.waitFor(t, "message larger than 256 MiB")

	// Bad frame flags.
	p2 := dialRaw(t, s, "DEALER", "flags", 0)
	p2.c.Write([]byte{0x80, 1, 'x'})
	l.waitFor(t, "bad frame flags 0x80")

	good := dialRaw(t, s, "DEALER", "good", 0)
	good.send("still", "here")
	if got := good.recv(); strings.Join(got, " ") != "still here" {
		t.Fatalf("got %q", got)
	}
}

// dialRawWrongType connects as a PUB, which a ROUTER does not talk to.
func dialRawWrongType(t *testing.T, s *zsocket) net.Conn {
	c, err := net.Dial("tcp", s.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	p := &zpeer{s: &zsocket{timeout: time.Second}, c: c, r: bufio.NewReader(c)}
	p.w = bufio.NewWriter(deadlineWriter{c, time.Second})
	c.Write(greeting)
	var g [64]byte
	io.ReadFull(p.r, g[:])
	p.writeFrames([][]byte{zmtpCommandBody("READY", "Socket-Type", "PUB")}, true)
	return c
}

// FuzzZMTPRead feeds arbitrary bytes to the frame reader and command
// parser as if a peer had sent them: they must return messages or an
// error, never panic, and never hold more than maxMessage.
func FuzzZMTPRead(f *testing.F) {
	writeTo := func(frames [][]byte, cmd bool) []byte {
		var msg bytes.Buffer
		p := &zpeer{c: nopConn{}, w: bufio.NewWriter(&msg)}
		p.writeFrames(frames, cmd)
		return msg.Bytes()
	}
	f.Add(writeTo([][]byte{[]byte("<IDS|MSG>"), []byte("sig"), []byte("{}")}, false))
	f.Add(writeTo([][]byte{zmtpCommandBody("READY", "Socket-Type", "DEALER", "Identity", "x")}, true))
	f.Add(writeTo([][]byte{bytes.Repeat([]byte("y"), 300)}, false))
	f.Add([]byte{zmtpCommand | zmtpMore, 0})
	f.Add([]byte{zmtpLong, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{zmtpCommand, 6, 5, 'R', 'E', 'A', 'D', 'Y'})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := &zpeer{r: bufio.NewReader(bytes.NewReader(data))}
		for {
			frames, cmd, err := p.readMessage()
			if err != nil {
				return
			}
			n := 0
			for _, fr := range frames {
				n += len(fr)
			}
			if n > maxMessage || n > len(data) {
				t.Fatalf("a message of %d bytes from %d bytes of input", n, len(data))
			}
			if cmd {
				parseCommand(frames[0])
			}
		}
	})
}

// nopConn is a net.Conn that is never written to (the fuzz seeds write
// to a buffer) but can be closed.
type nopConn struct{ net.Conn }

func (nopConn) Close() error { return nil }

// countingConn counts the writes that reach it.
type countingConn struct {
	net.Conn
	writes int
	bytes  int
}

func (c *countingConn) Write(b []byte) (int, error) {
	c.writes++
	c.bytes += len(b)
	return len(b), nil
}
func (c *countingConn) SetWriteDeadline(time.Time) error { return nil }
func (c *countingConn) Close() error                     { return nil }

func TestPublishWritesEachPeersShareAtOnce(t *testing.T) {
	s := &zsocket{kind: kindPub, peers: map[*zpeer]bool{}}
	all, some := &countingConn{}, &countingConn{}
	for c, subs := range map[*countingConn][]string{all: {""}, some: {"a"}} {
		p := &zpeer{s: s, c: c, subs: subs}
		p.w = bufio.NewWriterSize(deadlineWriter{c, time.Second}, 64<<10)
		s.peers[p] = true
	}
	msg := func(topic string) [][]byte { return [][]byte{[]byte(topic), []byte("body")} }
	if err := s.publish(msg("a.busy"), msg("b.input"), msg("a.idle")); err != nil {
		t.Fatal(err)
	}
	// Each frame is a flag and a size byte, then the body: all three
	// messages to one peer, the two "a." ones to the other, in one write.
	if all.writes != 1 || all.bytes != (2+6)+(2+7)+(2+6)+3*(2+4) || some.writes != 1 || some.bytes != 2*(2+6)+2*(2+4) {
		t.Fatalf("all: %d writes of %d bytes, some: %d writes of %d bytes", all.writes, all.bytes, some.writes, some.bytes)
	}
}
