// Package backend is the contract between the Jupyter kernel and whatever
// runs the cells: the requests a front end makes of a Go session, and their
// answers. It holds types only and knows no language: package kernel
// translates Jupyter messages into these types, and package interp (in
// process, or through its worker client) answers them. Keeping the contract
// here lets kernel and notebook build and be tested without the
// interpreter or the tensor libraries.
//
// The interfaces that use these types live with their callers
// (kernel.Backend, notebook.Backend), each asking for what it needs.
package backend

import "github.com/gohooks/gohooks/display"

// ExecuteRequest is one cell to run.
type ExecuteRequest struct {
	Code            string
	Silent          bool              // run without output or history
	StoreHistory    bool              // count the cell in the execution counter
	AllowStdin      bool              // reading os.Stdin may ask the front end
	UserExpressions map[string]string // name -> Go expression, evaluated after the cell
	// ExecutionCount is the number the front end shows for this cell
	// (In [n]); error messages name the cell by it ("cell 3, line 4").
	// The caller owns the count: the session keeps none of its own, so
	// the numbers stay the front end's across help cells and restarts.
	ExecutionCount int
	// MsgID is the front end's id of the request: the parent of the
	// cell's output messages (an Output widget captures output by it).
	MsgID string
}

// ExecuteReply is what a cell gave back once it finished.
type ExecuteReply struct {
	// Result is the value of the cell's last expression statement, or nil
	// when the cell shows nothing.
	Result *display.Bundle
	// Err is set when the cell failed; the cell's outputs before the failure
	// have already been sent to the Sink.
	Err *Error
	// UserExpressions holds one entry per requested expression, in the shape
	// the Jupyter execute_reply asks for: {"status":"ok","data":...,
	// "metadata":{}} or {"status":"error","ename":...,"evalue":...,
	// "traceback":[...]}.
	UserExpressions map[string]any
}

// Error describes a failed cell in the Jupyter error shape.
type Error struct {
	Name      string   // ename, for example "panic" or "compile error"
	Value     string   // evalue: the message
	Traceback []string // lines shown to the user, cell line numbers included
}

func (e *Error) Error() string { return e.Name + ": " + e.Value }

// Sink receives what a running cell emits, in order, while it runs.
type Sink interface {
	// Stream delivers text written to "stdout" or "stderr".
	Stream(name, text string)
	// Display shows a bundle. A non-empty id names the display so that a
	// later call with update=true replaces it in place.
	Display(b display.Bundle, id string, update bool)
	// ClearOutput clears the cell's output; with wait, only when new output
	// arrives.
	ClearOutput(wait bool)
	// Input asks the front end for a line of input (input_request). It
	// returns an error when the front end does not allow stdin.
	Input(prompt string, password bool) (string, error)
}

// Completion answers a complete_request. Positions are in Unicode code
// points, as the Jupyter protocol defines cursor positions.
type Completion struct {
	Matches     []string
	CursorStart int
	CursorEnd   int
	// Types gives, per match, a kind such as "function", "variable",
	// "package", "keyword" or "method" (used for the
	// _jupyter_types_experimental metadata). It may be shorter than Matches.
	Types []string
}

// Inspection answers an inspect_request.
type Inspection struct {
	Found bool
	Data  display.Bundle
}

// Completeness answers an is_complete_request.
type Completeness struct {
	Status string // "complete", "incomplete", "invalid" or "unknown"
	Indent string // with "incomplete": what to put at the start of the next line
}

// CommMessage is one message of the Jupyter comm protocol (comm_open,
// comm_msg or comm_close), from the front end to the session or back.
type CommMessage struct {
	Kind       string // "open", "msg" or "close"
	MsgID      string // the front end's message id, for a message from it
	CommID     string
	TargetName string // the target of an "open"
	Data       map[string]any
	Metadata   map[string]any
	Buffers    [][]byte
}

// CommSink is a Sink that also carries comm messages to the front end.
// Comm messages sent to a Sink that is not a CommSink (a terminal) are
// dropped.
type CommSink interface {
	Sink
	Comm(m CommMessage)
}
