package zmtp

import (
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

	"github.com/gohooks/gohooks/kernel/internal/zmtp/zmtptest"
)

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
func echoRouter(t testing.TB, timeout time.Duration) (*Socket, *testLog) {
	t.Helper()
	l := &testLog{}
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Listen(ctx, zmq4.Router, "tcp", "127.0.0.1:0", Rules{SendTimeout: timeout, Logf: l.printf})
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ctx, l.printf, "echo", func(frames [][]byte) { s.Send(frames) })
	t.Cleanup(func() { cancel(); s.Close() })
	return s, l
}

func TestRouterRoutesByIdentity(t *testing.T) {
	s, _ := echoRouter(t, time.Second)
	a := zmtptest.Dial(t, s.Addr().String(), "DEALER", "alice")
	b := zmtptest.Dial(t, s.Addr().String(), "DEALER", "") // no identity: the router makes one
	a.Send("<IDS|MSG>", "from a")
	b.Send("<IDS|MSG>", "from b", strings.Repeat("x", 300)) // a long frame
	if got := a.Recv(); strings.Join(got, "|") != "<IDS|MSG>|from a" {
		t.Fatalf("a got %q", got)
	}
	if got := b.Recv(); len(got) != 3 || got[1] != "from b" || len(got[2]) != 300 {
		t.Fatalf("b got %q", got)
	}
	a.RecvNothing(50 * time.Millisecond)
	if err := s.Send([][]byte{[]byte("alice"), []byte("to alice")}); err != nil {
		t.Fatal(err)
	}
	if got := a.Recv(); got[0] != "to alice" {
		t.Fatalf("a got %q", got)
	}
	b.RecvNothing(50 * time.Millisecond)
}

func TestRouterDropsAStuckPeerAfterTheSendTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	s, l := echoRouter(t, timeout)
	stuck := zmtptest.Dial(t, s.Addr().String(), "DEALER", "stuck")
	stuck.Conn.(*net.TCPConn).SetReadBuffer(4 << 10) // and it never reads
	big := bytes.Repeat([]byte("x"), 64<<20)
	start := time.Now()
	err := s.Send([][]byte{[]byte("stuck"), big})
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
	s.Send([][]byte{[]byte("stuck"), []byte("more")})
	if took := time.Since(start); took > timeout {
		t.Fatalf("a send to the dropped peer took %v", took)
	}
	ok := zmtptest.Dial(t, s.Addr().String(), "DEALER", "ok")
	ok.Send("ping")
	if got := ok.Recv(); got[0] != "ping" {
		t.Fatalf("got %q", got)
	}
}

func TestPubSendsBySubscription(t *testing.T) {
	l := &testLog{}
	pub, err := Listen(context.Background(), zmq4.Pub, "tcp", "127.0.0.1:0", Rules{SendTimeout: time.Second, Logf: l.printf})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	if pub.Subscribed() {
		t.Fatal("subscribed before any peer")
	}
	all := zmtptest.Dial(t, pub.Addr().String(), "SUB", "")
	all.Send("\x01") // a message that subscribes (ZMTP 3.0)
	some := zmtptest.Dial(t, pub.Addr().String(), "SUB", "")
	some.Send("\x01kernel.x")
	for deadline := time.Now().Add(time.Second); len(pub.z.(zmq4.Topics).Topics()) < 2; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("subscriptions %q", pub.z.(zmq4.Topics).Topics())
		}
	}
	if !pub.Subscribed() {
		t.Fatal("not subscribed after two subscriptions")
	}
	pub.Publish([][]byte{[]byte("kernel.x.status"), []byte("1")}, [][]byte{[]byte("kernel.y.status"), []byte("2")})
	if got := all.Recv(); got[1] != "1" {
		t.Fatalf("all got %q", got)
	}
	if got := all.Recv(); got[1] != "2" {
		t.Fatalf("all got %q", got)
	}
	if got := some.Recv(); got[1] != "1" {
		t.Fatalf("some got %q", got)
	}
	some.RecvNothing(50 * time.Millisecond)
}

func TestBadPeersAreDroppedAndOthersServed(t *testing.T) {
	s, l := echoRouter(t, time.Second)
	// A peer that connects and says nothing does not hold up the others.
	silent := zmtptest.DialTCP(t, s.Addr().String())
	_ = silent

	hello := func(b []byte) net.Conn {
		c := zmtptest.DialTCP(t, s.Addr().String())
		c.Write(b)
		return c
	}
	hello([]byte("GET / HTTP/1.1\r\n\r\n" + strings.Repeat(" ", 64)))
	l.waitFor(t, "not a ZMTP peer (first byte 0x47)")

	curve := append([]byte(nil), zmtptest.Greeting()...)
	copy(curve[12:32], "CURVE\x00\x00\x00\x00")
	hello(curve)
	l.waitFor(t, `security mechanism "CURVE" is not supported`)

	old := append([]byte(nil), zmtptest.Greeting()...)
	old[10] = 2
	hello(old)
	l.waitFor(t, "ZMTP 2.0 is not supported")

	// A PUB is no peer of a ROUTER (zmq4 refuses it).
	wrong := hello(zmtptest.Greeting())
	var g [greetingSize]byte
	io.ReadFull(wrong, g[:])
	zmtptest.NewPeer(t, wrong).WriteFrames([][]byte{zmtptest.ReadyCommand("Socket-Type", "PUB")}, true)
	l.waitFor(t, "not compatible")

	// A frame that claims 1 TiB is refused before any of it is read.
	p := zmtptest.Dial(t, s.Addr().String(), "DEALER", "liar")
	var hdr [9]byte
	hdr[0] = flagLong
	binary.BigEndian.PutUint64(hdr[1:], 1<<40)
	p.Conn.Write(hdr[:])
	l.waitFor(t, "larger than 256 MiB; dropped")

	p2 := zmtptest.Dial(t, s.Addr().String(), "DEALER", "flags")
	p2.Conn.Write([]byte{0x80, 1, 'x'})
	l.waitFor(t, "bad frame flags 0x80; dropped")

	good := zmtptest.Dial(t, s.Addr().String(), "DEALER", "good")
	good.Send("still", "here")
	if got := good.Recv(); strings.Join(got, " ") != "still here" {
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
	c := &conn{Conn: raw, rules: Rules{SendTimeout: time.Second, Logf: t.Logf}}
	c.out.greetLeft = greetingSize
	// What zmq4 writes: the greeting at once, then each frame's header and
	// body apart.
	c.Write(zmtptest.Greeting())
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
	writeFrame(flagCommand, zmtptest.ReadyCommand("Socket-Type", "ROUTER"))
	writeFrame(flagMore, []byte("<IDS|MSG>"))
	writeFrame(flagMore, []byte("signature"))
	writeFrame(0, []byte("{}"))
	big := bytes.Repeat([]byte("y"), 3*writeChunk)
	writeFrame(flagMore, []byte("id"))
	writeFrame(0, big)
	ready := 2 + len(zmtptest.ReadyCommand("Socket-Type", "ROUTER"))
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
	msg := func(frames ...[]byte) []byte { return zmtptest.Encode(frames, false) }
	f.Add(append(append([]byte(nil), zmtptest.Greeting()...), msg([]byte("<IDS|MSG>"), []byte("sig"), []byte("{}"))...), 5)
	f.Add(append(append([]byte(nil), zmtptest.Greeting()...), msg(bytes.Repeat([]byte("y"), 300))...), 70)
	f.Add(append(append([]byte(nil), zmtptest.Greeting()...), flagLong, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff), 66)
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

func TestPublishingWaitsForASlowSubscriber(t *testing.T) {
	l := &testLog{}
	pub, err := Listen(context.Background(), zmq4.Pub, "tcp", "127.0.0.1:0", Rules{SendTimeout: 5 * time.Second, Logf: l.printf})
	if err != nil {
		t.Fatal(err)
	}
	defer pub.Close()
	slow := zmtptest.Dial(t, pub.Addr().String(), "SUB", "")
	slow.Send("\x01")
	for !pub.Subscribed() {
		time.Sleep(time.Millisecond)
	}
	const n, size = 3000, 32 << 10
	var published atomic.Int64
	go func() {
		body := bytes.Repeat([]byte("z"), size)
		for i := range n {
			pub.Publish([][]byte{[]byte("kernel.x"), []byte(strconv.Itoa(i)), body})
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
		slow.Conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		frames, _, err := slow.ReadMessage()
		if err != nil {
			t.Fatalf("message %d: %v (published %d; log %q)", i, err, published.Load(), l.lines)
		}
		if string(frames[1]) != strconv.Itoa(i) || len(frames[2]) != size {
			t.Fatalf("message %d: got %q", i, frames[1])
		}
	}
}
