package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gohooks/gohooks/display"
)

// cellSink is the backend.Sink of one execute_request. It batches stream
// text (a flush every StreamFlushInterval or StreamFlushBytes, and before
// any other output so the order holds), caps the cell's output at
// OutputLimit bytes, and publishes everything with the request as parent.
// finish flushes it; output that arrives later, from goroutines the cell
// left running, is published at once.
type cellSink struct {
	k          *Kernel
	parent     *Message
	ctx        context.Context
	silent     bool
	allowStdin bool

	mu       sync.Mutex
	name     string // stream of the pending text
	pending  strings.Builder
	timer    *time.Timer
	written  int  // bytes of output published or pending
	capped   bool // the cap was hit; the rest is dropped
	finished bool
}

func newCellSink(k *Kernel, parent *Message, ctx context.Context, silent, allowStdin bool) *cellSink {
	return &cellSink{k: k, parent: parent, ctx: ctx, silent: silent, allowStdin: allowStdin}
}

// admit counts n more bytes of output and reports how many of them fit
// under the cap. The first time the cap is hit it queues the note.
func (s *cellSink) admit(n int) int {
	if s.capped {
		return 0
	}
	room := s.k.opts.OutputLimit - s.written
	if n <= room {
		s.written += n
		return n
	}
	s.written = s.k.opts.OutputLimit
	s.capped = true
	return max(room, 0)
}

func (s *cellSink) capNote() string {
	return fmt.Sprintf("\n[gohooks: this cell's output passed %d MiB; the rest was dropped]\n", s.k.opts.OutputLimit>>20)
}

// Stream implements backend.Sink.
func (s *cellSink) Stream(name, text string) {
	if s.silent || text == "" {
		return
	}
	if name != "stdout" && name != "stderr" {
		name = "stdout"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.capped {
		return
	}
	n := s.admit(len(text))
	if n < len(text) {
		for n > 0 && !utf8.RuneStart(text[n]) {
			n--
		}
		text = text[:n]
	}
	if s.name != name {
		s.flushLocked()
		s.name = name
	}
	s.pending.WriteString(text)
	if s.capped {
		s.flushLocked()
		s.k.publish(s.parent, "stream", streamContent{Name: "stderr", Text: s.capNote()})
		return
	}
	if s.finished || s.pending.Len() >= s.k.opts.StreamFlushBytes {
		s.flushLocked()
		return
	}
	if s.timer == nil {
		s.timer = time.AfterFunc(s.k.opts.StreamFlushInterval, s.flush)
	}
}

// flush publishes the pending stream text.
func (s *cellSink) flush() {
	s.mu.Lock()
	s.flushLocked()
	s.mu.Unlock()
}

func (s *cellSink) flushLocked() {
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	if s.pending.Len() == 0 {
		return
	}
	s.k.publish(s.parent, "stream", streamContent{Name: s.name, Text: s.pending.String()})
	s.pending.Reset()
}

// bundleSize estimates the bytes a bundle adds to the output.
func bundleSize(b display.Bundle) int {
	n := 0
	for k, v := range b.Data {
		n += len(k)
		if str, ok := v.(string); ok {
			n += len(str)
		} else if j, err := json.Marshal(v); err == nil {
			n += len(j)
		}
	}
	return n
}

// Display implements backend.Sink.
func (s *cellSink) Display(b display.Bundle, id string, update bool) {
	if s.silent {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	if s.capped {
		return
	}
	if size := bundleSize(b); s.admit(size) < size {
		s.k.publish(s.parent, "stream", streamContent{Name: "stderr", Text: s.capNote()})
		return
	}
	content := displayData{Data: nonNil(b.Data), Metadata: nonNil(b.Metadata), Transient: map[string]any{}}
	if id != "" {
		content.Transient["display_id"] = id
	}
	msgType := "display_data"
	if update {
		if id == "" {
			s.k.log.Printf("update_display_data without a display id dropped")
			return
		}
		msgType = "update_display_data"
	}
	s.k.publish(s.parent, msgType, content)
}

// ClearOutput implements backend.Sink.
func (s *cellSink) ClearOutput(wait bool) {
	if s.silent {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	s.k.publish(s.parent, "clear_output", clearOutput{Wait: wait})
}

// Input implements backend.Sink: it sends an input_request on stdin to the
// front end that sent the cell and waits for the input_reply, or for an
// interrupt.
func (s *cellSink) Input(prompt string, password bool) (string, error) {
	if !s.allowStdin {
		return "", errStdinNotAllowed
	}
	s.flush()
	k := s.k
	for { // a reply nobody waited for must not answer this request
		select {
		case <-k.stdinq:
			continue
		default:
		}
		break
	}
	k.send(k.stdin, s.parent.Identities, s.parent.RawHeader, "input_request", inputRequest{Prompt: prompt, Password: password})
	select {
	case m := <-k.stdinq:
		var rep inputReply
		if err := json.Unmarshal(m.Content, &rep); err != nil {
			return "", fmt.Errorf("kernel: input_reply: %w", err)
		}
		return rep.Value, nil
	case <-s.ctx.Done():
		return "", fmt.Errorf("kernel: input interrupted: %w", s.ctx.Err())
	}
}

// finish publishes what is pending; later output is published unbatched.
func (s *cellSink) finish() {
	s.mu.Lock()
	s.finished = true
	s.flushLocked()
	s.mu.Unlock()
}
