package kernel

import (
	"bytes"
	"net"
	"strings"
	"testing"
)

// recordingConn records each write that reaches the connection.
type recordingConn struct {
	net.Conn
	writes [][]byte
}

func (r *recordingConn) Write(p []byte) (int, error) {
	r.writes = append(r.writes, append([]byte(nil), p...))
	return len(p), nil
}

// frame returns a ZMTP frame as zmq4 writes it: header, then body.
func frame(flag byte, body string) [][]byte {
	if len(body) > 255 {
		h := []byte{flag | flagLong, 0, 0, 0, 0, 0, 0, 0, 0}
		n := len(body)
		for i := 8; i >= 1; i-- {
			h[i] = byte(n)
			n >>= 8
		}
		return [][]byte{h, []byte(body)}
	}
	if body == "" {
		return [][]byte{{flag, 0}} // zmq4 writes an empty body as nothing
	}
	return [][]byte{{flag, byte(len(body))}, []byte(body)}
}

func TestBatchedConnWritesWholeMessages(t *testing.T) {
	greeting := bytes.Repeat([]byte{0x7f}, greetingSize)
	ready := frame(flagCommand, "\x05READY")
	long := strings.Repeat("x", 300)
	// A Jupyter message: identity, delimiter, signature, header, parent,
	// metadata, content (long), then an empty frame closing a second one.
	var msg [][]byte
	for _, b := range []string{"id", "<IDS|MSG>", "sig", "{}", "{}", "{}"} {
		msg = append(msg, frame(flagMore, b)...)
	}
	msg = append(msg, frame(0, long)...)
	second := append(frame(flagMore, "a"), frame(0, "")...)

	rec := &recordingConn{}
	c := &batchedConn{Conn: rec}
	var want [][]byte
	// The greeting in two writes goes out when complete.
	c.Write(greeting[:10])
	c.Write(greeting[10:])
	want = append(want, greeting)
	for _, part := range ready {
		c.Write(part)
	}
	want = append(want, bytes.Join(ready, nil))
	for _, part := range msg {
		c.Write(part)
	}
	want = append(want, bytes.Join(msg, nil))
	for _, part := range second {
		c.Write(part)
	}
	want = append(want, bytes.Join(second, nil))

	if len(rec.writes) != len(want) {
		t.Fatalf("%d writes reached the connection, want %d (greeting, command, two messages)", len(rec.writes), len(want))
	}
	for i := range want {
		if !bytes.Equal(rec.writes[i], want[i]) {
			t.Errorf("write %d: %d bytes %q..., want %d bytes %q...", i, len(rec.writes[i]), rec.writes[i][:min(12, len(rec.writes[i]))], len(want[i]), want[i][:min(12, len(want[i]))])
		}
	}
}

func TestBatchedConnPassesAStreamItCannotFollow(t *testing.T) {
	rec := &recordingConn{}
	c := &batchedConn{Conn: rec}
	c.Write(bytes.Repeat([]byte{0x7f}, greetingSize))
	c.Write([]byte{0x80, 3}) // a reserved flag bit: not ZMTP 3
	c.Write([]byte("abc"))
	if len(rec.writes) != 3 || string(rec.writes[2]) != "abc" {
		t.Fatalf("writes %q, want the greeting, the odd header and then each write as it comes", rec.writes)
	}
}

func TestBatchedConnBoundsWhatItHolds(t *testing.T) {
	rec := &recordingConn{}
	c := &batchedConn{Conn: rec}
	c.Write(bytes.Repeat([]byte{0x7f}, greetingSize))
	big := strings.Repeat("y", maxBatch)
	for _, part := range frame(flagMore, big) {
		c.Write(part)
	}
	if len(rec.writes) != 2 {
		t.Fatalf("%d writes, want the greeting and the first %d bytes of an unfinished message", len(rec.writes), maxBatch)
	}
	for _, part := range frame(0, "end") {
		c.Write(part)
	}
	if got := len(rec.writes); got != 3 || string(rec.writes[2]) != "\x00\x03end" {
		t.Fatalf("after the last frame: %d writes, last %q", got, rec.writes[got-1])
	}
}
