package interp

import (
	"context"
	"errors"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/comm"
)

// Comm delivers a comm message from the front end to the comms of the
// process (package comm), on the caller's goroutine: the worker calls it
// on the cell goroutine, so a handler never runs beside a cell. A handler
// that panics is the user's error: its message goes to sink's stderr, as a
// failing cell's would, and Comm returns nil. Any other error (an unknown
// comm or target) is returned for the kernel to log.
func (s *Session) Comm(ctx context.Context, m backend.CommMessage, sink Sink) error {
	err := comm.Deliver(m.Kind, m.CommID, m.TargetName, comm.Message{Data: m.Data, Metadata: m.Metadata, Buffers: m.Buffers})
	var he *comm.HandlerError
	if errors.As(err, &he) {
		sink.Stream("stderr", he.Error()+"\n")
		return nil
	}
	return err
}

// CommInfo lists the open comms, id to target name.
func (s *Session) CommInfo(target string) map[string]string {
	return comm.Info(target)
}
