package kernel

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"time"
)

// The kernel serves its five sockets with the small ZMTP 3.0 server below,
// not with a general ZeroMQ library. It needs only the server side of three
// socket types with the NULL mechanism, and doing that itself saves most of
// what a round trip cost in go-zeromq/zmq4 (BenchmarkRouterRoundTrip against
// BenchmarkZMQRoundTrip): a message is read from a buffer, not with two
// system calls per frame, handed to the kernel by the goroutine that read
// it, and written by the goroutine that sends it, in one system call,
// instead of passing through a queue and a goroutine each way.
//
// The rules it keeps:
//
//   - ROUTER (shell, control, stdin) prefixes every message it receives
//     with the peer's routing id: the Identity the peer announced, or a
//     generated one. A message sent goes to the peer whose id is its first
//     frame; a newer peer with the same id takes the id over.
//   - PUB (iopub) sends a message to every peer subscribed to a prefix of
//     its first frame; subscriptions come as ZMTP 3.0 messages or 3.1
//     SUBSCRIBE and CANCEL commands.
//   - REP (heartbeat) is served as an echo: every message goes back to the
//     peer that sent it, frames unchanged, which is what a REQ peer's ping
//     needs.
//   - A write that makes no progress for the send timeout fails, and the
//     peer is dropped (its front end reconnects); other peers are not held
//     up by it for longer than that.
//   - A peer that fails the handshake (within handshakeTimeout), breaks
//     the framing, or sends a message over maxMessage is logged and
//     dropped. Each peer is served on its own goroutine, so none can stall
//     the others or the accepting of new ones.

// zmtpKind is the socket type a zsocket plays.
type zmtpKind string

const (
	kindRouter zmtpKind = "ROUTER"
	kindPub    zmtpKind = "PUB"
	kindRep    zmtpKind = "REP"
)

// peersOf lists the socket types each kind accepts as a peer (ZMTP 3.0's
// compatibility table).
var peersOf = map[zmtpKind][]string{
	kindRouter: {"DEALER", "REQ", "ROUTER"},
	kindPub:    {"SUB", "XSUB"},
	kindRep:    {"REQ", "DEALER"},
}

const (
	zmtpMore    = 0x01
	zmtpLong    = 0x02
	zmtpCommand = 0x04

	// handshakeTimeout bounds the greeting and READY exchange.
	handshakeTimeout = 10 * time.Second
	// maxMessage bounds what one incoming message may hold.
	maxMessage = 256 << 20
	// writeChunk is the most one write system call is given, so that a
	// deadline measures progress rather than the size of a message.
	writeChunk = 256 << 10
	// closeLinger is how long closing waits for peers to read what was
	// sent and hang up.
	closeLinger = 100 * time.Millisecond
)

// greeting is the ZMTP 3.0 greeting with the NULL mechanism, as a server.
var greeting = func() []byte {
	g := make([]byte, 64)
	g[0], g[9] = 0xff, 0x7f
	g[10], g[11] = 3, 0
	copy(g[12:32], "NULL")
	return g
}()

// zsocket is one listening socket and the peers connected to it.
type zsocket struct {
	kind    zmtpKind
	ln      net.Listener
	ipcPath string // removed on close
	timeout time.Duration
	logf    func(format string, args ...any)
	// handle receives each message of a ROUTER (the routing id first) or
	// REP peer, on that peer's goroutine.
	handle func(p *zpeer, frames [][]byte)

	mu      sync.Mutex
	peers   map[*zpeer]bool
	byID    map[string]*zpeer // ROUTER
	nextID  uint32
	subWait chan struct{} // PUB: closed at the next subscription
	closed  bool
	readers sync.WaitGroup
}

// zpeer is one connection to a zsocket.
type zpeer struct {
	s    *zsocket
	c    net.Conn
	r    *bufio.Reader
	id   string   // ROUTER routing id
	subs []string // PUB subscriptions, guarded by s.mu

	wmu  sync.Mutex
	w    *bufio.Writer
	werr error
}

// listenZMTP binds a socket of kind on network ("tcp" or "unix") and addr
// and starts accepting peers.
func listenZMTP(kind zmtpKind, network, addr string, timeout time.Duration, logf func(string, ...any), handle func(*zpeer, [][]byte)) (*zsocket, error) {
	ln, err := net.Listen(network, addr)
	if err != nil {
		return nil, err
	}
	s := &zsocket{
		kind: kind, ln: ln, timeout: timeout, logf: logf, handle: handle,
		peers: map[*zpeer]bool{}, byID: map[string]*zpeer{}, subWait: make(chan struct{}),
	}
	if network == "unix" {
		s.ipcPath = addr
	}
	go s.accept()
	return s, nil
}

// port is the TCP port bound, or 0.
func (s *zsocket) port() int {
	if a, ok := s.ln.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

func (s *zsocket) accept() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			if s.isClosed() || errors.Is(err, net.ErrClosed) {
				return
			}
			s.logf("%s: accept: %v", strings.ToLower(string(s.kind)), err)
			time.Sleep(10 * time.Millisecond) // e.g. out of file descriptors
			continue
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.readers.Add(1) // under mu, so never after close has begun to wait
		s.mu.Unlock()
		go s.serve(c)
	}
}

func (s *zsocket) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// serve runs one peer: the handshake, then its messages until it hangs up.
func (s *zsocket) serve(c net.Conn) {
	defer s.readers.Done()
	p := &zpeer{s: s, c: c, r: bufio.NewReaderSize(c, 64<<10)}
	p.w = bufio.NewWriterSize(deadlineWriter{c, s.timeout}, 64<<10)
	if err := p.handshake(); err != nil {
		s.logf("%s: peer %s: handshake: %v", strings.ToLower(string(s.kind)), c.RemoteAddr(), err)
		c.Close()
		return
	}
	if !s.add(p) {
		c.Close()
		return
	}
	defer s.remove(p)
	for {
		frames, cmd, err := p.readMessage()
		if err != nil {
			if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) && !s.isClosed() {
				s.logf("%s: peer %s dropped: %v", strings.ToLower(string(s.kind)), c.RemoteAddr(), err)
			}
			return
		}
		if cmd {
			p.command(frames[0])
			continue
		}
		switch s.kind {
		case kindPub:
			// ZMTP 3.0 subscriptions: \x01topic subscribes, \x00topic cancels.
			if len(frames) == 1 && len(frames[0]) > 0 && frames[0][0] <= 1 {
				p.subscribe(string(frames[0][1:]), frames[0][0] == 1)
			}
		case kindRouter:
			s.handle(p, append([][]byte{[]byte(p.id)}, frames...))
		case kindRep:
			s.handle(p, frames)
		}
	}
}

// add registers a peer after its handshake; it reports false once the
// socket is closed.
func (s *zsocket) add(p *zpeer) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.peers[p] = true
	if s.kind == kindRouter {
		if p.id == "" {
			// Like libzmq: a 0 byte, then a counter, which no announced
			// identity may start with.
			s.nextID++
			var b [5]byte
			binary.BigEndian.PutUint32(b[1:], s.nextID)
			p.id = string(b[:])
		}
		s.byID[p.id] = p
	}
	return true
}

func (s *zsocket) remove(p *zpeer) {
	s.mu.Lock()
	delete(s.peers, p)
	if s.byID[p.id] == p {
		delete(s.byID, p.id)
	}
	s.mu.Unlock()
	p.c.Close()
}

// handshake exchanges greetings and READY commands.
func (p *zpeer) handshake() error {
	p.c.SetDeadline(time.Now().Add(handshakeTimeout))
	defer p.c.SetDeadline(time.Time{})
	if _, err := p.c.Write(greeting); err != nil {
		return err
	}
	var g [64]byte
	if _, err := io.ReadFull(p.r, g[:]); err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	if g[0] != 0xff || g[9]&1 != 1 {
		return errors.New("not a ZMTP peer")
	}
	if g[10] < 3 {
		return fmt.Errorf("ZMTP %d.%d is not supported (want 3.0 or later)", g[10], g[11])
	}
	if mech := string(bytes.TrimRight(g[12:32], "\x00")); mech != "NULL" {
		p.sendError("security mechanism " + mech + " is not supported")
		return fmt.Errorf("security mechanism %q is not supported (want NULL)", mech)
	}
	ready := zmtpCommandBody("READY", "Socket-Type", string(p.s.kind))
	if err := p.writeFrames([][]byte{ready}, true); err != nil {
		return err
	}
	frames, cmd, err := p.readMessage()
	if err != nil {
		return fmt.Errorf("READY: %w", err)
	}
	name, props, err := parseCommand(frames[0])
	if !cmd || err != nil || name != "READY" {
		return fmt.Errorf("want a READY command (%v)", err)
	}
	typ := strings.ToUpper(props["socket-type"])
	ok := false
	for _, t := range peersOf[p.s.kind] {
		ok = ok || t == typ
	}
	if !ok {
		p.sendError("a " + string(p.s.kind) + " socket does not talk to " + typ)
		return fmt.Errorf("socket type %q cannot talk to %s", typ, p.s.kind)
	}
	if p.s.kind == kindRouter {
		p.id = props["identity"]
	}
	return nil
}

// command answers a command after the handshake.
func (p *zpeer) command(body []byte) {
	name, _, err := parseCommand(body)
	if err != nil {
		return
	}
	switch name {
	case "SUBSCRIBE", "CANCEL": // ZMTP 3.1
		if p.s.kind == kindPub {
			p.subscribe(string(body[1+len(name):]), name == "SUBSCRIBE")
		}
	case "PING": // ZMTP 3.1 heartbeat: TTL (2 bytes), then context to echo
		if ctx := body[1+len(name):]; len(ctx) >= 2 {
			pong := append([]byte("\x04PONG"), ctx[2:]...)
			p.writeFrames([][]byte{pong}, true)
		}
	}
}

// subscribe adds or cancels one subscription of a PUB peer.
func (p *zpeer) subscribe(topic string, on bool) {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if on {
		p.subs = append(p.subs, topic)
		close(s.subWait)
		s.subWait = make(chan struct{})
		return
	}
	for i, t := range p.subs {
		if t == topic {
			p.subs = append(p.subs[:i], p.subs[i+1:]...)
			return
		}
	}
}

// subscribed reports whether any peer has a subscription and, if none
// has, returns a channel closed at the next one.
func (s *zsocket) subscribed() (bool, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.peers {
		if len(p.subs) > 0 {
			return true, nil
		}
	}
	return false, s.subWait
}

// readMessage reads the frames of one message, or one command.
func (p *zpeer) readMessage() (frames [][]byte, cmd bool, err error) {
	total := 0
	for {
		flag, err := p.r.ReadByte()
		if err != nil {
			return nil, false, err
		}
		if flag&^(zmtpMore|zmtpLong|zmtpCommand) != 0 {
			return nil, false, fmt.Errorf("bad frame flags %#x", flag)
		}
		var size uint64
		if flag&zmtpLong != 0 {
			var b [8]byte
			if _, err := io.ReadFull(p.r, b[:]); err != nil {
				return nil, false, err
			}
			size = binary.BigEndian.Uint64(b[:])
		} else {
			b, err := p.r.ReadByte()
			if err != nil {
				return nil, false, err
			}
			size = uint64(b)
		}
		if size > uint64(maxMessage-total) {
			return nil, false, fmt.Errorf("message larger than %d MiB", maxMessage>>20)
		}
		body, err := p.readBody(int(size))
		if err != nil {
			return nil, false, err
		}
		total += len(body)
		if flag&zmtpCommand != 0 {
			if len(frames) > 0 || flag&zmtpMore != 0 {
				return nil, false, errors.New("a command inside a message")
			}
			return [][]byte{body}, true, nil
		}
		frames = append(frames, body)
		if flag&zmtpMore == 0 {
			return frames, false, nil
		}
	}
}

// readBody reads n bytes; memory grows with what arrives, not with what
// the size field claims.
func (p *zpeer) readBody(n int) ([]byte, error) {
	if n <= 1<<20 {
		b := make([]byte, n)
		_, err := io.ReadFull(p.r, b)
		return b, err
	}
	var buf bytes.Buffer
	if _, err := io.CopyN(&buf, p.r, int64(n)); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writeFrames sends one message (or one command) in as few system calls
// as its size allows.
func (p *zpeer) writeFrames(frames [][]byte, cmd bool) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if p.werr != nil {
		return p.werr
	}
	p.bufferLocked(frames, cmd)
	return p.flushLocked()
}

// writeMessages sends messages together, in one system call when they fit.
func (p *zpeer) writeMessages(msgs [][][]byte) error {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	if p.werr != nil {
		return p.werr
	}
	for _, m := range msgs {
		p.bufferLocked(m, false)
	}
	return p.flushLocked()
}

// bufferLocked frames a message into the write buffer, which writes out
// what does not fit.
func (p *zpeer) bufferLocked(frames [][]byte, cmd bool) {
	for i, f := range frames {
		var flag byte
		switch {
		case cmd:
			flag = zmtpCommand
		case i < len(frames)-1:
			flag = zmtpMore
		}
		var hdr [9]byte
		n := 2
		if len(f) > 255 {
			hdr[0] = flag | zmtpLong
			binary.BigEndian.PutUint64(hdr[1:], uint64(len(f)))
			n = 9
		} else {
			hdr[0], hdr[1] = flag, byte(len(f))
		}
		p.w.Write(hdr[:n])
		p.w.Write(f)
	}
}

// flushLocked writes out the buffer. After a failed write the peer is
// closed: the stream may end mid-frame, and a stuck front end reconnects.
func (p *zpeer) flushLocked() error {
	if err := p.w.Flush(); err != nil {
		p.werr = err
		p.c.Close()
		return err
	}
	return nil
}

// sendError sends an ERROR command during a failed handshake.
func (p *zpeer) sendError(reason string) {
	if len(reason) > 255 {
		reason = reason[:255]
	}
	body := append([]byte("\x05ERROR"), byte(len(reason)))
	p.writeFrames([][]byte{append(body, reason...)}, true)
}

// send routes a message to the ROUTER peer named by frames[0].
func (s *zsocket) send(frames [][]byte) error {
	if len(frames) < 2 {
		return errors.New("no routing id")
	}
	s.mu.Lock()
	p := s.byID[string(frames[0])]
	s.mu.Unlock()
	if p == nil {
		return fmt.Errorf("no peer with routing id %q (it hung up)", frames[0])
	}
	return p.writeFrames(frames[1:], false)
}

// publish sends messages to every PUB peer subscribed to a prefix of
// their first frames, each peer's share in one write when it fits; it
// returns the first write error.
func (s *zsocket) publish(msgs ...[][]byte) error {
	type share struct {
		p    *zpeer
		msgs [][][]byte
	}
	var to []share
	s.mu.Lock()
	for p := range s.peers {
		var mine [][][]byte
		for _, m := range msgs {
			for _, t := range p.subs {
				if strings.HasPrefix(string(m[0]), t) {
					mine = append(mine, m)
					break
				}
			}
		}
		if len(mine) > 0 {
			to = append(to, share{p, mine})
		}
	}
	s.mu.Unlock()
	var first error
	for _, sh := range to {
		if err := sh.p.writeMessages(sh.msgs); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// closeWrite stops accepting and tells every peer that nothing more will
// be sent, so that what was sent is read before the connections close.
func (s *zsocket) closeWrite() {
	s.mu.Lock()
	s.closed = true
	peers := make([]*zpeer, 0, len(s.peers))
	for p := range s.peers {
		peers = append(peers, p)
	}
	s.mu.Unlock()
	s.ln.Close()
	for _, p := range peers {
		p.wmu.Lock()
		if cw, ok := p.c.(interface{ CloseWrite() error }); ok && p.werr == nil {
			cw.CloseWrite()
		}
		p.wmu.Unlock()
	}
}

// close closes every connection still open and waits for their goroutines.
func (s *zsocket) close() {
	s.mu.Lock()
	s.closed = true
	for p := range s.peers {
		p.c.Close()
	}
	s.mu.Unlock()
	s.ln.Close()
	s.readers.Wait()
	if s.ipcPath != "" {
		os.Remove(s.ipcPath)
	}
}

// closeSockets closes ss, first giving their peers up to closeLinger to
// read what was sent last and hang up: closing a connection with unread
// input resets it, and the reset can destroy a reply still in flight.
func closeSockets(ss ...*zsocket) {
	for _, s := range ss {
		s.closeWrite()
	}
	done := make(chan struct{})
	go func() {
		for _, s := range ss {
			s.readers.Wait()
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(closeLinger):
	}
	for _, s := range ss {
		s.close()
	}
}

// zmtpCommandBody encodes a command with metadata properties (name, value
// pairs).
func zmtpCommandBody(name string, props ...string) []byte {
	b := append([]byte{byte(len(name))}, name...)
	for i := 0; i+1 < len(props); i += 2 {
		b = append(b, byte(len(props[i])))
		b = append(b, props[i]...)
		b = binary.BigEndian.AppendUint32(b, uint32(len(props[i+1])))
		b = append(b, props[i+1]...)
	}
	return b
}

// parseCommand splits a command into its name and, for READY, its
// properties (names lower-cased: ZMTP compares them case-insensitively).
func parseCommand(body []byte) (name string, props map[string]string, err error) {
	if len(body) < 1 || len(body) < 1+int(body[0]) {
		return "", nil, errors.New("short command")
	}
	name, rest := string(body[1:1+body[0]]), body[1+body[0]:]
	if name != "READY" {
		return name, nil, nil
	}
	props = map[string]string{}
	for len(rest) > 0 {
		n := int(rest[0])
		if len(rest) < 1+n+4 {
			return name, nil, errors.New("short property")
		}
		key := strings.ToLower(string(rest[1 : 1+n]))
		size := binary.BigEndian.Uint32(rest[1+n:])
		rest = rest[1+n+4:]
		if uint64(size) > uint64(len(rest)) {
			return name, nil, errors.New("short property value")
		}
		props[key] = string(rest[:size])
		rest = rest[size:]
	}
	return name, props, nil
}

// deadlineWriter writes in chunks of at most writeChunk bytes, each of
// which must be taken within timeout.
type deadlineWriter struct {
	c       net.Conn
	timeout time.Duration
}

func (d deadlineWriter) Write(b []byte) (int, error) {
	written := 0
	for len(b) > 0 {
		n := min(len(b), writeChunk)
		d.c.SetWriteDeadline(time.Now().Add(d.timeout))
		m, err := d.c.Write(b[:n])
		written += m
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				err = fmt.Errorf("the peer took nothing for %v: %w", d.timeout, err)
			}
			return written, err
		}
		b = b[n:]
	}
	return written, nil
}
