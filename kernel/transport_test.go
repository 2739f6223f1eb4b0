package kernel

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// rawPeer is a ZMTP 3.0 peer written out by hand, for what a ZeroMQ
// library would not do: stall, lie about sizes, break the framing.
type rawPeer struct {
	t testing.TB
	c net.Conn
	r *bufio.Reader
}

// testGreeting is a ZMTP 3.0 greeting with the NULL mechanism, as a client.
var testGreeting = func() []byte {
	g := make([]byte, greetingSize)
	g[0], g[9] = 0xff, 0x7f
	g[10], g[11] = 3, 0
	copy(g[12:32], "NULL")
	return g
}()

// dialRaw connects to s and completes the handshake as a peer of type typ
// with the given identity.
func dialRaw(t testing.TB, s *socket, typ, identity string) *rawPeer {
	t.Helper()
	p := &rawPeer{t: t, c: dialTCP(t, s)}
	p.r = bufio.NewReader(p.c)
	if _, err := p.c.Write(testGreeting); err != nil {
		t.Fatal(err)
	}
	var theirs [greetingSize]byte
	if _, err := io.ReadFull(p.r, theirs[:]); err != nil {
		t.Fatal(err)
	}
	if err := checkGreeting(theirs[:]); err != nil {
		t.Fatalf("greeting % x: %v", theirs, err)
	}
	props := []string{"Socket-Type", typ}
	if identity != "" {
		props = append(props, "Identity", identity)
	}
	if err := p.writeFrames([][]byte{readyCommand(props...)}, true); err != nil {
		t.Fatal(err)
	}
	frames, cmd, err := p.readMessage()
	if err != nil || !cmd || !bytes.HasPrefix(frames[0], []byte("\x05READY")) {
		t.Fatalf("READY: %q %v %v", frames, cmd, err)
	}
	return p
}

func dialTCP(t testing.TB, s *socket) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", s.z.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// readyCommand encodes a READY command with metadata (name, value pairs).
func readyCommand(props ...string) []byte {
	b := []byte("\x05READY")
	for i := 0; i+1 < len(props); i += 2 {
		b = append(b, byte(len(props[i])))
		b = append(b, props[i]...)
		b = binary.BigEndian.AppendUint32(b, uint32(len(props[i+1])))
		b = append(b, props[i+1]...)
	}
	return b
}

func (p *rawPeer) writeFrames(frames [][]byte, cmd bool) error {
	var b []byte
	for i, f := range frames {
		var flag byte
		if cmd {
			flag |= flagCommand
		} else if i < len(frames)-1 {
			flag |= flagMore
		}
		if len(f) > 255 {
			b = append(b, flag|flagLong)
			b = binary.BigEndian.AppendUint64(b, uint64(len(f)))
		} else {
			b = append(b, flag, byte(len(f)))
		}
		b = append(b, f...)
	}
	_, err := p.c.Write(b)
	return err
}

func (p *rawPeer) readMessage() (frames [][]byte, cmd bool, err error) {
	for {
		flag, err := p.r.ReadByte()
		if err != nil {
			return nil, false, err
		}
		var size uint64
		if flag&flagLong != 0 {
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
		body := make([]byte, size)
		if _, err := io.ReadFull(p.r, body); err != nil {
			return nil, false, err
		}
		frames = append(frames, body)
		if flag&flagCommand != 0 || flag&flagMore == 0 {
			return frames, flag&flagCommand != 0, nil
		}
	}
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
func echoRouter(t testing.TB, timeout time.Duration) (*socket, *testLog) {
	t.Helper()
	l := &testLog{}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := listenSocket(ctx, zmq4.Router, "tcp", "127.0.0.1:0", connRules{sendTimeout: timeout, logf: l.printf})
	if err != nil {
		t.Fatal(err)
	}
	go s.serve(ctx, l.printf, "echo", func(frames [][]byte) { s.send(frames) })
	t.Cleanup(func() { cancel(); s.close() })
	return s, l
}

func TestRouterRoutesByIdentity(t *testing.T) {
	s, _ := echoRouter(t, time.Second)
	a := dialRaw(t, s, "DEALER", "alice")
	b := dialRaw(t, s, "DEALER", "") // no identity: the router makes one
	a.send("<IDS|MSG>", "from a")
	b.send("<IDS|MSG>", "from b", strings.Repeat("x", 300)) // a long frame
	if got := a.recv(); strings.Join(got, "|") != "<IDS|MSG>|from a" {
		t.Fatalf("a got %q", got)
	}
	if got := b.recv(); len(got) != 3 || got[1] != "from b" || len(got[2]) != 300 {
		t.Fatalf("b got %q", got)
	}
	a.recvNothing(50 * time.Millisecond)
	if err := s.send([][]byte{[]byte("alice"), []byte("to alice")}); err != nil {
		t.Fatal(err)
	}
	if got := a.recv(); got[0] != "to alice" {
		t.Fatalf("a got %q", got)
	}
	b.recvNothing(50 * time.Millisecond)
}

func TestRouterDropsAStuckPeerAfterTheSendTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	s, l := echoRouter(t, timeout)
	stuck := dialRaw(t, s, "DEALER", "stuck")
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
	l.waitFor(t, "took nothing for 200ms; dropped")
	// The stuck peer is dropped and sends to it end at once; others are
	// served.
	start = time.Now()
	s.send([][]byte{[]byte("stuck"), []byte("more")})
	if took := time.Since(start); took > timeout {
		t.Fatalf("a send to the dropped peer took %v", took)
	}
	ok := dialRaw(t, s, "DEALER", "ok")
	ok.send("ping")
	if got := ok.recv(); got[0] != "ping" {
		t.Fatalf("got %q", got)
	}
}

func TestPubSendsBySubscription(t *testing.T) {
	l := &testLog{}
	pub, err := listenSocket(context.Background(), zmq4.Pub, "tcp", "127.0.0.1:0", connRules{sendTimeout: time.Second, logf: l.printf})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.close()
	if pub.subscribed() {
		t.Fatal("subscribed before any peer")
	}
	all := dialRaw(t, pub, "SUB", "")
	all.send("\x01") // a message that subscribes (ZMTP 3.0)
	some := dialRaw(t, pub, "SUB", "")
	some.send("\x01kernel.x")
	for deadline := time.Now().Add(time.Second); len(pub.z.(zmq4.Topics).Topics()) < 2; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("subscriptions %q", pub.z.(zmq4.Topics).Topics())
		}
	}
	if !pub.subscribed() {
		t.Fatal("not subscribed after two subscriptions")
	}
	pub.publish([][]byte{[]byte("kernel.x.status"), []byte("1")}, [][]byte{[]byte("kernel.y.status"), []byte("2")})
	if got := all.recv(); got[1] != "1" {
		t.Fatalf("all got %q", got)
	}
	if got := all.recv(); got[1] != "2" {
		t.Fatalf("all got %q", got)
	}
	if got := some.recv(); got[1] != "1" {
		t.Fatalf("some got %q", got)
	}
	some.recvNothing(50 * time.Millisecond)
}

func TestBadPeersAreDroppedAndOthersServed(t *testing.T) {
	s, l := echoRouter(t, time.Second)
	// A peer that connects and says nothing does not hold up the others.
	silent := dialTCP(t, s)
	_ = silent

	hello := func(b []byte) net.Conn {
		c := dialTCP(t, s)
		c.Write(b)
		return c
	}
	hello([]byte("GET / HTTP/1.1\r\n\r\n" + strings.Repeat(" ", 64)))
	l.waitFor(t, "not a ZMTP peer (first byte 0x47)")

	curve := append([]byte(nil), testGreeting...)
	copy(curve[12:32], "CURVE\x00\x00\x00\x00")
	hello(curve)
	l.waitFor(t, `security mechanism "CURVE" is not supported`)

	old := append([]byte(nil), testGreeting...)
	old[10] = 2
	hello(old)
	l.waitFor(t, "ZMTP 2.0 is not supported")

	// A PUB is no peer of a ROUTER (zmq4 refuses it).
	wrong := hello(testGreeting)
	var g [greetingSize]byte
	io.ReadFull(wrong, g[:])
	(&rawPeer{t: t, c: wrong}).writeFrames([][]byte{readyCommand("Socket-Type", "PUB")}, true)
	l.waitFor(t, "not compatible")

	// A frame that claims 1 TiB is refused before any of it is read.
	p := dialRaw(t, s, "DEALER", "liar")
	var hdr [9]byte
	hdr[0] = flagLong
	binary.BigEndian.PutUint64(hdr[1:], 1<<40)
	p.c.Write(hdr[:])
	l.waitFor(t, "larger than 256 MiB; dropped")

	p2 := dialRaw(t, s, "DEALER", "flags")
	p2.c.Write([]byte{0x80, 1, 'x'})
	l.waitFor(t, "bad frame flags 0x80; dropped")

	good := dialRaw(t, s, "DEALER", "good")
	good.send("still", "here")
	if got := good.recv(); strings.Join(got, " ") != "still here" {
		t.Fatalf("got %q", got)
	}
}

// countingConn counts the writes that reach it.
type countingConn struct {
	net.Conn
	writes []int
}

func (c *countingConn) Write(b []byte) (int, error) {
	c.writes = append(c.writes, len(b))
	return len(b), nil
}
func (c *countingConn) SetWriteDeadline(time.Time) error { return nil }
func (c *countingConn) RemoteAddr() net.Addr             { return &net.TCPAddr{} }

func TestEachMessageGoesOutInOneWrite(t *testing.T) {
	raw := &countingConn{}
	c := &kernelConn{Conn: raw, rules: connRules{sendTimeout: time.Second, logf: t.Logf}}
	c.out.greetLeft = greetingSize
	// What zmq4 writes: the greeting at once, then each frame's header and
	// body apart.
	c.Write(testGreeting)
	writeFrame := func(flag byte, body []byte) {
		if len(body) > 255 {
			var h [9]byte
			h[0] = flag | flagLong
			binary.BigEndian.PutUint64(h[1:], uint64(len(body)))
			c.Write(h[:])
		} else {
			c.Write([]byte{flag, byte(len(body))})
		}
		c.Write(body)
	}
	writeFrame(flagCommand, readyCommand("Socket-Type", "ROUTER"))
	writeFrame(flagMore, []byte("<IDS|MSG>"))
	writeFrame(flagMore, []byte("signature"))
	writeFrame(0, []byte("{}"))
	big := bytes.Repeat([]byte("y"), 3*writeChunk)
	writeFrame(flagMore, []byte("id"))
	writeFrame(0, big)
	ready := 2 + len(readyCommand("Socket-Type", "ROUTER"))
	want := []int{greetingSize, ready, (2 + 9) + (2 + 9) + (2 + 2),
		2 + 2 + 9, writeChunk, writeChunk, writeChunk}
	if fmt.Sprint(raw.writes) != fmt.Sprint(want) {
		t.Fatalf("writes %v, want %v", raw.writes, want)
	}
}

// FuzzZMTPStream feeds arbitrary bytes to the stream follower as a peer
// would send them: whatever the bytes and however they are split, it must
// not panic, must reach the same verdict, and must refuse a frame over
// maxMessage.
func FuzzZMTPStream(f *testing.F) {
	msg := func(frames ...[]byte) []byte {
		var b bytes.Buffer
		p := &rawPeer{c: writerConn{&b}}
		p.writeFrames(frames, false)
		return b.Bytes()
	}
	f.Add(append(append([]byte(nil), testGreeting...), msg([]byte("<IDS|MSG>"), []byte("sig"), []byte("{}"))...), 5)
	f.Add(append(append([]byte(nil), testGreeting...), msg(bytes.Repeat([]byte("y"), 300))...), 70)
	f.Add(append(append([]byte(nil), testGreeting...), flagLong, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 66)
	f.Add([]byte("GET / HTTP/1.1\r\n"), 1)
	f.Fuzz(func(t *testing.T, data []byte, split int) {
		whole := zmtpStream{greetLeft: greetingSize}
		_, errWhole := whole.follow(data)
		parts := zmtpStream{greetLeft: greetingSize}
		var errParts error
		if split = max(split, 1); split < len(data) {
			if _, errParts = parts.follow(data[:split]); errParts == nil {
				_, errParts = parts.follow(data[split:])
			}
		} else {
			_, errParts = parts.follow(data)
		}
		if (errWhole == nil) != (errParts == nil) {
			t.Fatalf("in one piece: %v; split at %d: %v", errWhole, split, errParts)
		}
		if errWhole == nil && whole.inFrame && whole.sizeLeft == 0 && whole.size > maxMessage {
			t.Fatalf("a frame of %d bytes accepted", whole.size)
		}
	})
}

// writerConn is a net.Conn that writes to a buffer.
type writerConn struct{ w io.Writer }

func (c writerConn) Write(b []byte) (int, error)    { return c.w.Write(b) }
func (writerConn) Read([]byte) (int, error)         { return 0, io.EOF }
func (writerConn) Close() error                     { return nil }
func (writerConn) LocalAddr() net.Addr              { return nil }
func (writerConn) RemoteAddr() net.Addr             { return nil }
func (writerConn) SetDeadline(time.Time) error      { return nil }
func (writerConn) SetReadDeadline(time.Time) error  { return nil }
func (writerConn) SetWriteDeadline(time.Time) error { return nil }

func TestPublishingWaitsForASlowSubscriber(t *testing.T) {
	l := &testLog{}
	pub, err := listenSocket(context.Background(), zmq4.Pub, "tcp", "127.0.0.1:0", connRules{sendTimeout: 5 * time.Second, logf: l.printf})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.close()
	slow := dialRaw(t, pub, "SUB", "")
	slow.send("\x01")
	for !pub.subscribed() {
		time.Sleep(time.Millisecond)
	}
	const n, size = 3000, 32 << 10
	var published atomic.Int64
	go func() {
		body := bytes.Repeat([]byte("z"), size)
		for i := range n {
			pub.publish([][]byte{[]byte("kernel.x"), []byte(strconv.Itoa(i)), body})
			published.Add(1)
		}
	}()
	// Unbounded, zmq4 would take all of them at once; the socket buffers
	// hold a few hundred.
	time.Sleep(300 * time.Millisecond)
	t.Logf("%d messages published after 300 ms", published.Load())
	if got := published.Load(); got >= n/2 {
		t.Fatalf("%d of %d messages published to a subscriber that reads nothing", got, n)
	}
	for i := range n {
		slow.c.SetReadDeadline(time.Now().Add(5 * time.Second))
		frames, _, err := slow.readMessage()
		if err != nil {
			t.Fatalf("message %d: %v (published %d; log %q)", i, err, published.Load(), l.lines)
		}
		if string(frames[1]) != strconv.Itoa(i) || len(frames[2]) != size {
			t.Fatalf("message %d: got %q", i, frames[1])
		}
	}
}
