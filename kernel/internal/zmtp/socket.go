package zmtp

import (
	"context"
	"errors"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Socket is a go-zeromq/zmq4 socket listening through this package's
// transport.
type Socket struct {
	z    zmq4.Socket
	mu   sync.Mutex // one sender at a time
	flow *pubFlow   // PUB only
}

// Listen makes a socket of the given type and binds it to network
// ("tcp" or "unix") and addr.
func Listen(ctx context.Context, typ zmq4.SocketType, network, addr string, rules Rules) (*Socket, error) {
	if typ == zmq4.Pub {
		rules.flow = newPubFlow(rules.SendTimeout)
	}
	ctx = withRules(ctx, rules)
	zlog := zmq4.WithLogger(log.New(logAdapter(rules.Logf), "zmq4: ", 0))
	var z zmq4.Socket
	switch typ {
	case zmq4.Router:
		z = zmq4.NewRouter(ctx, zlog, zmq4.WithTimeout(rules.SendTimeout))
	case zmq4.Pub:
		z = zmq4.NewPub(ctx, zlog, zmq4.WithTimeout(rules.SendTimeout))
	case zmq4.Rep:
		z = zmq4.NewRep(ctx, zlog, zmq4.WithTimeout(rules.SendTimeout))
	default:
		return nil, errors.New("zmtp: no socket of type " + string(typ))
	}
	scheme := schemeTCP
	if network == "unix" {
		scheme = schemeIPC
	}
	if err := z.Listen(scheme + "://" + addr); err != nil {
		z.Close()
		return nil, err
	}
	return &Socket{z: z, flow: rules.flow}, nil
}

// Addr is the address bound.
func (s *Socket) Addr() net.Addr { return s.z.Addr() }

// Port is the TCP port bound, or 0.
func (s *Socket) Port() int {
	if a, ok := s.z.Addr().(*net.TCPAddr); ok {
		return a.Port
	}
	return 0
}

// Send sends one message; on a ROUTER its first frame names the peer.
func (s *Socket) Send(frames [][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.z.Send(zmq4.NewMsgFrom(frames...))
}

// Publish sends messages in order and returns the first error. It waits
// while a subscriber is far behind (pubFlow).
func (s *Socket) Publish(msgs ...[][]byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var first error
	for _, m := range msgs {
		if s.flow != nil {
			s.flow.send()
		}
		if err := s.z.Send(zmq4.NewMsgFrom(m...)); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Serve receives messages until ctx ends and hands each to handle (on a
// ROUTER, with the sender's routing id first).
func (s *Socket) Serve(ctx context.Context, logf func(string, ...any), name string, handle func([][]byte)) {
	for {
		msg, err := s.z.Recv()
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			logf("%s: receive: %v", name, err)
			time.Sleep(10 * time.Millisecond)
			continue
		}
		handle(msg.Frames)
	}
}

// Subscribed reports whether a peer of this PUB socket has subscribed.
func (s *Socket) Subscribed() bool { return len(s.Topics()) > 0 }

// Topics returns the subscriptions of a PUB socket's peers.
func (s *Socket) Topics() []string {
	if t, ok := s.z.(zmq4.Topics); ok {
		return t.Topics()
	}
	return nil
}

// Close closes the socket.
func (s *Socket) Close() { s.z.Close() }

// logAdapter routes zmq4's log lines to Rules.Logf.
type logAdapter func(format string, args ...any)

func (l logAdapter) Write(p []byte) (int, error) {
	l("%s", strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}
