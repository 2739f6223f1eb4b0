package kernel

import (
	"encoding/json"

	"github.com/gohooks/gohooks/backend"
)

// comm serves a comm_open, comm_msg or comm_close from the front end. With
// a CommBackend the message runs in the session like a cell: its handlers'
// output is published with the message as parent, and an interrupt
// cancels it. A message the session cannot take (an unknown comm or
// target, bad content) is logged, rate-limited, and dropped; an open that
// fails is answered with a comm_close, so the front end does not keep a
// comm that has no other end.
func (k *Kernel) comm(m *Message) {
	var c struct {
		CommID     string         `json:"comm_id"`
		TargetName string         `json:"target_name"`
		Data       map[string]any `json:"data"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.bad.Printf("%s: bad content: %v", m.Header.MsgType, err)
		return
	}
	if c.CommID == "" {
		k.bad.Printf("%s: no comm_id", m.Header.MsgType)
		return
	}
	kind := m.Header.MsgType[len("comm_"):]
	cb, ok := k.backend.(CommBackend)
	if !ok {
		if kind == "open" {
			k.log.Printf("comm_open: no target %q; closing comm %s", c.TargetName, c.CommID)
			k.publish(m, "comm_close", commClose{CommID: c.CommID, Data: map[string]any{}})
		} else {
			k.bad.Printf("%s for a comm that is not open; dropped", m.Header.MsgType)
		}
		return
	}
	ctx, end := k.interruptible()
	sink := newCellSink(k, m, ctx, false, false)
	err := cb.Comm(ctx, backend.CommMessage{
		Kind:       kind,
		MsgID:      m.Header.MsgID,
		CommID:     c.CommID,
		TargetName: c.TargetName,
		Data:       nonNil(c.Data),
		Metadata:   nonNil(m.Metadata),
		Buffers:    m.Buffers,
	}, sink)
	end()
	sink.finish()
	if err != nil {
		k.bad.Printf("%s: %v", m.Header.MsgType, err)
		if kind == "open" {
			k.publish(m, "comm_close", commClose{CommID: c.CommID, Data: map[string]any{}})
		}
	}
}

// Comm implements backend.CommSink: the session's comm messages go out on
// iopub with the request being served as parent.
func (s *cellSink) Comm(m backend.CommMessage) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.flushLocked()
	data := nonNil(m.Data)
	switch m.Kind {
	case "open":
		s.k.publishBuffers(s.parent, "comm_open", commOpen{CommID: m.CommID, TargetName: m.TargetName, Data: data}, m.Buffers)
	case "msg":
		s.k.publishBuffers(s.parent, "comm_msg", commMsg{CommID: m.CommID, Data: data}, m.Buffers)
	case "close":
		s.k.publishBuffers(s.parent, "comm_close", commClose{CommID: m.CommID, Data: data}, m.Buffers)
	default:
		s.k.log.Printf("comm message of unknown kind %q from the session dropped", m.Kind)
	}
}
