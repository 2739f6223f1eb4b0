package notebook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/widgets"
)

// Backend is the session that runs the cells: the interp worker client, or
// a fake in tests.
type Backend interface {
	Execute(ctx context.Context, req backend.ExecuteRequest, sink backend.Sink) backend.ExecuteReply
}

// Options tune Run. The zero value runs every cell without a time limit,
// stops at the first error and reports nothing.
type Options struct {
	// AllowErrors keeps running after a cell fails; its error output is
	// stored and Run returns no error for it.
	AllowErrors bool
	// Timeout limits each cell; 0 means no limit. A cell that runs longer
	// is cancelled and gets an error output "Timeout".
	Timeout time.Duration
	// Grace is how long Run waits for the backend to return after it
	// cancelled a cell (default 10 s). A backend that does not return in
	// time ends the run.
	Grace time.Duration
	// Progress receives one line per code cell (for gohooks run,
	// standard error); nil reports nothing.
	Progress io.Writer
	// Name labels the progress lines, for example the file name.
	Name string
}

// CellError is the error Run returns when a cell fails.
type CellError struct {
	Index int // index of the cell in Notebook.Cells
	Count int // its execution count
	Err   *backend.Error
}

func (e *CellError) Error() string {
	return fmt.Sprintf("cell %d (In [%d]) failed: %s: %s", e.Index+1, e.Count, e.Err.Name, e.Err.Value)
}

// Run executes the code cells of nb in order through b, replacing their
// outputs and execution counts. Cells after a failed one keep no outputs
// (they are cleared before the run) unless opts.AllowErrors is set. It
// returns a *CellError for the first failed cell when errors are not
// allowed, and an error when the backend stops answering or ctx ends.
func Run(ctx context.Context, nb *Notebook, b Backend, opts Options) error {
	if opts.Grace == 0 {
		opts.Grace = 10 * time.Second
	}
	nb.ClearOutputs()
	code := nb.CodeCells()
	rec := &recorder{nb: nb}
	defer rec.saveWidgets()
	count := 0
	for i, c := range nb.Cells {
		if c.Type != Code {
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		count++
		n := count
		c.ExecutionCount = &n
		rec.start(c)
		started := time.Now()
		reply, err := runCell(ctx, b, c.Source, n, rec, opts)
		if err != nil {
			rec.stop()
			return fmt.Errorf("cell %d (In [%d]): %w", i+1, n, err)
		}
		if reply.Result != nil {
			rec.result(*reply.Result, n)
		}
		if reply.Err != nil {
			rec.error(reply.Err)
		}
		rec.stop()
		if opts.Progress != nil {
			status := "ok"
			if reply.Err != nil {
				status = "error: " + firstLine(reply.Err.Name+": "+reply.Err.Value)
			}
			name := ""
			if opts.Name != "" {
				name = opts.Name + " "
			}
			fmt.Fprintf(opts.Progress, "%s[%d/%d] In [%d] %s (%.2fs)  %s\n", name, n, len(code), n, status,
				time.Since(started).Seconds(), summary(c.Source))
		}
		if reply.Err != nil && !opts.AllowErrors {
			return &CellError{Index: i, Count: n, Err: reply.Err}
		}
	}
	return nil
}

// runCell runs one cell with the per-cell timeout. When the cell overruns,
// the backend's context is cancelled; if it still does not return within
// the grace period, runCell gives up.
func runCell(ctx context.Context, b Backend, src string, count int, sink backend.Sink, opts Options) (backend.ExecuteReply, error) {
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan backend.ExecuteReply, 1)
	go func() {
		done <- b.Execute(cctx, backend.ExecuteRequest{Code: src, StoreHistory: true, ExecutionCount: count}, sink)
	}()
	var timeout <-chan time.Time
	if opts.Timeout > 0 {
		t := time.NewTimer(opts.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case r := <-done:
		return r, nil
	case <-ctx.Done():
		cancel()
		select {
		case r := <-done:
			return r, nil
		case <-time.After(opts.Grace):
			return backend.ExecuteReply{}, ctx.Err()
		}
	case <-timeout:
		cancel()
	}
	msg := fmt.Sprintf("the cell ran longer than %v and was stopped", opts.Timeout)
	select {
	case r := <-done:
		r.Result = nil
		if r.Err != nil && r.Err.Name == "session restarted" {
			// The cell did not stop when asked (compiled code such as
			// time.Sleep does not see interrupts): the session was
			// replaced, and the cells after this one must not just fail
			// with "undefined: a".
			msg += "; " + r.Err.Value
		}
		r.Err = &backend.Error{Name: "Timeout", Value: msg, Traceback: []string{"Timeout: " + msg}}
		return r, nil
	case <-time.After(opts.Grace):
		return backend.ExecuteReply{}, errors.New(msg + ", and the Go session did not stop")
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// summary is the first line of a cell's source that is not blank, shortened
// for a progress line.
func summary(src string) string {
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if r := []rune(l); len(r) > 60 {
			l = string(r[:57]) + "..."
		}
		return l
	}
	return ""
}

// recorder is the Sink of a run: it turns what the running cell emits into
// the outputs Jupyter would store. The backend may call it from any
// goroutine.
type recorder struct {
	mu        sync.Mutex
	nb        *Notebook
	cell      *Cell // the running cell; nil between cells
	clearNext bool  // clear_output(wait=True) is pending
	widgets   widgets.StateRecorder
}

var _ backend.CommSink = (*recorder)(nil)

// Comm follows the session's widget messages, for the widget state saved
// with the notebook.
func (r *recorder) Comm(m backend.CommMessage) {
	r.mu.Lock()
	r.widgets.Record(m.Kind, m.CommID, m.TargetName, m.Data)
	r.mu.Unlock()
}

// saveWidgets writes the widgets' last state into the notebook's metadata,
// where Jupyter keeps it, or removes a stale one when no widget is open.
func (r *recorder) saveWidgets() {
	r.mu.Lock()
	defer r.mu.Unlock()
	w, _ := r.nb.Metadata["widgets"].(map[string]any)
	if st := r.widgets.State(); st != nil {
		if w == nil {
			w = map[string]any{}
		}
		w[widgets.MetadataKey] = st
		r.nb.Metadata["widgets"] = w
		return
	}
	if w != nil {
		delete(w, widgets.MetadataKey)
		if len(w) == 0 {
			delete(r.nb.Metadata, "widgets")
		}
	}
}

func (r *recorder) start(c *Cell) {
	r.mu.Lock()
	r.cell, r.clearNext = c, false
	r.mu.Unlock()
}

func (r *recorder) stop() {
	r.mu.Lock()
	r.cell, r.clearNext = nil, false
	r.mu.Unlock()
}

// add appends an output to the running cell, first honouring a pending
// clear. The caller holds r.mu.
func (r *recorder) add(o *Output) {
	if r.cell == nil {
		return
	}
	if r.clearNext {
		r.cell.Outputs, r.clearNext = nil, false
	}
	r.cell.Outputs = append(r.cell.Outputs, o)
}

// Stream appends text, merged into the previous output when that is a
// stream of the same name.
func (r *recorder) Stream(name, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cell == nil || text == "" {
		return
	}
	if !r.clearNext {
		if n := len(r.cell.Outputs); n > 0 {
			if last := r.cell.Outputs[n-1]; last.Type == Stream && last.Name == name {
				last.Text += text
				return
			}
		}
	}
	r.add(&Output{Type: Stream, Name: name, Text: text})
}

// Display adds a display_data, or with update replaces, in every cell,
// the outputs shown under id.
func (r *recorder) Display(b display.Bundle, id string, update bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if update {
		if id == "" {
			return
		}
		for _, c := range r.nb.Cells {
			for _, o := range c.Outputs {
				if o.DisplayID == id {
					o.Data, o.Metadata = bundleData(b)
				}
			}
		}
		return
	}
	data, meta := bundleData(b)
	r.add(&Output{Type: DisplayData, Data: data, Metadata: meta, DisplayID: id})
}

// ClearOutput clears the running cell's outputs now, or with wait when the
// next output arrives.
func (r *recorder) ClearOutput(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cell == nil {
		return
	}
	if wait {
		r.clearNext = true
		return
	}
	r.cell.Outputs, r.clearNext = nil, false
}

// Input refuses: a notebook run has nobody to type.
func (r *recorder) Input(prompt string, password bool) (string, error) {
	return "", errors.New("notebook: input is not available when running a notebook")
}

func (r *recorder) result(b display.Bundle, count int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	data, meta := bundleData(b)
	n := count
	r.add(&Output{Type: ExecuteResult, Data: data, Metadata: meta, ExecutionCount: &n})
}

func (r *recorder) error(e *backend.Error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	tb := e.Traceback
	if tb == nil {
		tb = []string{}
	}
	r.add(&Output{Type: ErrorOutput, EName: e.Name, EValue: e.Value, Traceback: tb})
}

// bundleData copies a bundle's maps so that later changes to the bundle do
// not reach the notebook.
func bundleData(b display.Bundle) (data, meta map[string]any) {
	data = make(map[string]any, len(b.Data))
	for k, v := range b.Data {
		data[k] = v
	}
	meta = make(map[string]any, len(b.Metadata))
	for k, v := range b.Metadata {
		meta[k] = v
	}
	return data, meta
}
