package interp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
)

// The messages between a Client and its worker, one Go type per kind. On
// the pipe a message is a frame: a header line "kind length\n", then length
// bytes of the message as JSON. The kind picks the type before the body is
// read, so a body decodes once, into the one struct it can be; the length
// lets the reader check a frame before it reads it.
//
// Client to worker: executeRequest, completeRequest, inspectRequest,
// isCompleteRequest (each with a request id), interruptRequest and
// inputReply, commRequest, commInfoRequest. Worker to client: streamMsg,
// displayMsg, clearMsg, inputRequest, commMsg, and one reply per request,
// with the request's id: executeReply, completeReply, inspectReply,
// isCompleteReply, commReply, commInfoReply.

// message is one kind of message.
type message interface {
	kind() string
}

// seq is the id that pairs a request with its reply.
type seq struct {
	ID uint64 `json:"id"`
}

func (s *seq) requestID() uint64      { return s.ID }
func (s *seq) setRequestID(id uint64) { s.ID = id }

// request is a message the worker answers with a reply.
type request interface {
	message
	setRequestID(uint64)
}

// reply answers the request with its id.
type reply interface {
	message
	requestID() uint64
}

type executeRequest struct {
	seq
	Req backend.ExecuteRequest `json:"req"`
}

type completeRequest struct {
	seq
	Code   string `json:"code"`
	Cursor int    `json:"cursor"`
}

type inspectRequest struct {
	seq
	Code   string `json:"code"`
	Cursor int    `json:"cursor"`
	Detail int    `json:"detail"`
}

type isCompleteRequest struct {
	seq
	Code string `json:"code"`
}

// interruptRequest cancels the running cell; it has no reply.
type interruptRequest struct{}

// inputReply answers an inputRequest: the line the user typed, or why
// there is none.
type inputReply struct {
	Text string `json:"text"`
	Err  string `json:"err,omitempty"`
}

// streamMsg is text a cell wrote to "stdout" or "stderr".
type streamMsg struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

type displayMsg struct {
	Bundle    display.Bundle `json:"bundle"`
	DisplayID string         `json:"display_id,omitempty"`
	Update    bool           `json:"update,omitempty"`
}

type clearMsg struct {
	Wait bool `json:"wait,omitempty"`
}

// inputRequest asks the front end for a line of input.
type inputRequest struct {
	Prompt   string `json:"prompt"`
	Password bool   `json:"password,omitempty"`
}

// commRequest delivers a comm message from the front end; it runs on the
// cell goroutine, like a cell, and is answered by a commReply.
type commRequest struct {
	seq
	Msg backend.CommMessage `json:"msg"`
}

type commReply struct {
	seq
	Err string `json:"err,omitempty"`
}

type commInfoRequest struct {
	seq
	Target string `json:"target"`
}

type commInfoReply struct {
	seq
	Comms map[string]string `json:"comms"`
}

// commMsg is a comm message from the session to the front end.
type commMsg struct {
	Msg backend.CommMessage `json:"msg"`
}

type executeReply struct {
	seq
	Reply backend.ExecuteReply `json:"reply"`
}

type completeReply struct {
	seq
	Completion backend.Completion `json:"completion"`
}

type inspectReply struct {
	seq
	Inspection backend.Inspection `json:"inspection"`
}

type isCompleteReply struct {
	seq
	Completeness backend.Completeness `json:"completeness"`
}

func (*executeRequest) kind() string    { return "execute" }
func (*completeRequest) kind() string   { return "complete" }
func (*inspectRequest) kind() string    { return "inspect" }
func (*isCompleteRequest) kind() string { return "is_complete" }
func (*interruptRequest) kind() string  { return "interrupt" }
func (*inputReply) kind() string        { return "input_reply" }
func (*streamMsg) kind() string         { return "stream" }
func (*displayMsg) kind() string        { return "display" }
func (*clearMsg) kind() string          { return "clear" }
func (*inputRequest) kind() string      { return "input_request" }
func (*executeReply) kind() string      { return "execute_reply" }
func (*completeReply) kind() string     { return "complete_reply" }
func (*inspectReply) kind() string      { return "inspect_reply" }
func (*isCompleteReply) kind() string   { return "is_complete_reply" }
func (*commRequest) kind() string       { return "comm" }
func (*commReply) kind() string         { return "comm_reply" }
func (*commInfoRequest) kind() string   { return "comm_info" }
func (*commInfoReply) kind() string     { return "comm_info_reply" }
func (*commMsg) kind() string           { return "comm_msg" }

// kinds lists what each side may receive: a frame of any other kind is an
// error.
type kinds map[string]func() message

func kindsOf(ms ...func() message) kinds {
	k := kinds{}
	for _, m := range ms {
		k[m().kind()] = m
	}
	return k
}

var (
	toWorker = kindsOf(
		func() message { return new(executeRequest) },
		func() message { return new(completeRequest) },
		func() message { return new(inspectRequest) },
		func() message { return new(isCompleteRequest) },
		func() message { return new(interruptRequest) },
		func() message { return new(inputReply) },
		func() message { return new(commRequest) },
		func() message { return new(commInfoRequest) },
	)
	fromWorker = kindsOf(
		func() message { return new(streamMsg) },
		func() message { return new(displayMsg) },
		func() message { return new(clearMsg) },
		func() message { return new(inputRequest) },
		func() message { return new(executeReply) },
		func() message { return new(completeReply) },
		func() message { return new(inspectReply) },
		func() message { return new(isCompleteReply) },
		func() message { return new(commReply) },
		func() message { return new(commInfoReply) },
		func() message { return new(commMsg) },
	)
)

// maxFrame bounds one frame. A display of a large figure runs to tens of
// MiB; a length past this is a broken pipe, not a message.
const maxFrame = 1 << 30

// conn writes messages, one frame at a time.
type conn struct {
	mu  sync.Mutex
	w   io.Writer
	buf bytes.Buffer
	enc *json.Encoder // into buf
}

func newConn(w io.Writer) *conn {
	c := &conn{w: w}
	c.enc = json.NewEncoder(&c.buf)
	c.enc.SetEscapeHTML(false)
	return c
}

func (c *conn) send(m message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.buf.Reset()
	// Room for the header, written in front of the body once its length
	// is known, so that a frame is one write.
	const room = 32
	var pad [room]byte
	c.buf.Write(pad[:])
	if err := c.enc.Encode(m); err != nil {
		return fmt.Errorf("interp: encoding a %s message: %w", m.kind(), err)
	}
	b := c.buf.Bytes()
	body := len(b) - room - 1 // Encode ends the body with a newline
	head := append(pad[:0], m.kind()...)
	head = append(strconv.AppendInt(append(head, ' '), int64(body), 10), '\n')
	if len(head) > room {
		return fmt.Errorf("interp: a %s message header of %d bytes", m.kind(), len(head))
	}
	start := room - len(head)
	copy(b[start:], head)
	_, err := c.w.Write(b[start : len(b)-1])
	return err
}

// frameReader reads the frames one side receives.
type frameReader struct {
	r     *bufio.Reader
	kinds kinds
	body  bytes.Buffer
}

func newFrameReader(r io.Reader, k kinds) *frameReader {
	return &frameReader{r: bufio.NewReader(r), kinds: k}
}

// errBadFrame marks a frame that is not a message of this side.
var errBadFrame = errors.New("interp: bad frame")

// read returns the next message. It returns io.EOF at a clean end, and an
// error wrapping errBadFrame for a frame that is malformed, too long, cut
// short or of a kind this side does not receive.
func (f *frameReader) read() (message, error) {
	line, err := f.r.ReadSlice('\n')
	if err != nil {
		if err == io.EOF && len(line) == 0 {
			return nil, io.EOF
		}
		if err == bufio.ErrBufferFull || err == io.EOF {
			return nil, fmt.Errorf("%w: header %.40q is not a line of kind and length", errBadFrame, line)
		}
		return nil, err
	}
	kind, length, ok := bytes.Cut(line[:len(line)-1], []byte{' '})
	n, perr := strconv.Atoi(string(length))
	if !ok || perr != nil || n < 0 {
		return nil, fmt.Errorf("%w: header %.40q is not a line of kind and length", errBadFrame, line)
	}
	if n > maxFrame {
		return nil, fmt.Errorf("%w: a %.20q message of %d bytes (at most %d)", errBadFrame, kind, n, maxFrame)
	}
	mk := f.kinds[string(kind)]
	if mk == nil {
		return nil, fmt.Errorf("%w: unexpected message kind %.40q", errBadFrame, kind)
	}
	m := mk()
	// The body grows as it arrives rather than by the length announced.
	f.body.Reset()
	got, err := f.body.ReadFrom(io.LimitReader(f.r, int64(n)))
	if err != nil {
		return nil, err
	}
	if got < int64(n) {
		return nil, fmt.Errorf("%w: a %s message cut short (%d of %d bytes)", errBadFrame, kind, got, n)
	}
	if err := json.Unmarshal(f.body.Bytes(), m); err != nil {
		return nil, fmt.Errorf("%w: a %s message: %v", errBadFrame, kind, err)
	}
	return m, nil
}
