package notebook

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gohooks/gohooks/backend"
)

// A cell that does not stop when its timeout cancels it makes the session
// restart; the Timeout error says so, and that the variables were lost.
func TestRunTimeoutSaysTheSessionWasRestarted(t *testing.T) {
	nb := New()
	nb.Cells = []*Cell{NewCode("sleep")}
	b := scriptedBackend()
	const restarted = "the Go session was restarted because the cell did not stop within 1.5s of the interrupt; its variables were lost and a new session was started"
	b.cells["sleep"] = func(ctx context.Context, s backend.Sink) backend.ExecuteReply {
		<-ctx.Done()
		return backend.ExecuteReply{Err: &backend.Error{Name: "session restarted", Value: restarted}}
	}
	err := Run(context.Background(), nb, b, Options{Timeout: 20 * time.Millisecond})
	var ce *CellError
	if !errors.As(err, &ce) || ce.Err.Name != "Timeout" {
		t.Fatalf("Run error = %v, want a Timeout cell error", err)
	}
	if v := ce.Err.Value; !strings.Contains(v, "ran longer than 20ms") || !strings.Contains(v, "restarted") || !strings.Contains(v, "variables were lost") {
		t.Errorf("Timeout error %q does not say the session was restarted and the variables lost", v)
	}
}
