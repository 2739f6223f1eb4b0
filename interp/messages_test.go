package interp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
)

func TestEveryMessageKindRoundTrips(t *testing.T) {
	cases := []struct {
		kinds kinds
		m     message
	}{
		{toWorker, &executeRequest{seq{1}, backend.ExecuteRequest{Code: "x := 1\n\"é\"", StoreHistory: true, ExecutionCount: 7, UserExpressions: map[string]string{"a": "x"}}}},
		{toWorker, &completeRequest{seq{2}, "fmt.Pr", 6}},
		{toWorker, &inspectRequest{seq{3}, "fmt.Println", 4, 1}},
		{toWorker, &isCompleteRequest{seq{4}, "func f() {"}},
		{toWorker, &interruptRequest{}},
		{toWorker, &inputReply{Text: "blue", Err: ""}},
		{toWorker, &inputReply{Err: "no stdin"}},
		{fromWorker, &streamMsg{"stdout", "line\n<b>&</b> \x00 €"}},
		{fromWorker, &displayMsg{display.Bundle{Data: map[string]any{"text/plain": "x", "text/html": "<i>x</i>"}, Metadata: map[string]any{}}, "d1", true}},
		{fromWorker, &clearMsg{Wait: true}},
		{fromWorker, &inputRequest{Prompt: "color? ", Password: true}},
		{fromWorker, &executeReply{seq{1}, backend.ExecuteReply{Err: &backend.Error{Name: "panic", Value: "v", Traceback: []string{"a", "b"}}}}},
		{fromWorker, &completeReply{seq{2}, backend.Completion{Matches: []string{"Print", "Println"}, CursorStart: 4, CursorEnd: 6, Types: []string{"function"}}}},
		{fromWorker, &inspectReply{seq{3}, backend.Inspection{Found: true, Data: display.Bundle{Data: map[string]any{"text/plain": "doc"}}}}},
		{fromWorker, &isCompleteReply{seq{4}, backend.Completeness{Status: "incomplete", Indent: "\t"}}},
	}
	for _, tc := range cases {
		var pipe bytes.Buffer
		if err := newConn(&pipe).send(tc.m); err != nil {
			t.Fatal(err)
		}
		other := fromWorker
		if reflect.ValueOf(tc.kinds).Pointer() == reflect.ValueOf(fromWorker).Pointer() {
			other = toWorker
		}
		r := newFrameReader(bytes.NewReader(pipe.Bytes()), tc.kinds)
		got, err := r.read()
		if err != nil {
			t.Fatalf("%s: %v", tc.m.kind(), err)
		}
		if !reflect.DeepEqual(got, tc.m) {
			t.Errorf("%s: sent %#v, read %#v", tc.m.kind(), tc.m, got)
		}
		if _, err := r.read(); err != io.EOF {
			t.Fatalf("%s: after the frame: %v", tc.m.kind(), err)
		}
		// The other side does not take this kind.
		if _, err := newFrameReader(bytes.NewReader(pipe.Bytes()), other).read(); !errors.Is(err, errBadFrame) {
			t.Errorf("%s read by the wrong side: %v", tc.m.kind(), err)
		}
	}
}

var badFrames = []string{
	"stream 2\n{}x",                         // body longer than said: the rest is a bad header
	"stream 10\n{}",                         // cut short
	"stream\n{}",                            // no length
	"stream -1\n",                           // negative length
	"stream 99999999999999999999\n",         // length overflows
	"stream 2000000000\n{}",                 // over maxFrame
	"stream x\n",                            // not a number
	"nosuchkind 2\n{}",                      // unknown kind
	"execute 2\n{}",                         // a kind the client does not take
	"stream 5\n[1,2]",                       // not an object
	"stream 14\n{\"text\": 3.5}",            // wrong field type
	"display 24\n{\"bundle\":{\"data\":1}}", // wrong nested type
	strings.Repeat("s", 5000),               // a header that never ends
	"stream 2",                              // a header cut short
}

func TestBadFramesAreErrorsNotPanics(t *testing.T) {
	for _, in := range badFrames {
		r := newFrameReader(strings.NewReader(in), fromWorker)
		var err error
		for err == nil {
			_, err = r.read()
		}
		if !errors.Is(err, errBadFrame) {
			t.Errorf("%.40q: %v, want a bad frame error", in, err)
		}
	}
}

func FuzzFrameReader(f *testing.F) {
	var pipe bytes.Buffer
	c := newConn(&pipe)
	c.send(&streamMsg{"stdout", "hi"})
	c.send(&executeReply{seq{3}, backend.ExecuteReply{Result: &display.Bundle{Data: map[string]any{"text/plain": "1"}}}})
	f.Add(pipe.Bytes())
	for _, b := range badFrames {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, k := range []kinds{toWorker, fromWorker} {
			r := newFrameReader(bytes.NewReader(in), k)
			for range 100 {
				if _, err := r.read(); err != nil {
					break
				}
			}
		}
	})
}

// A worker that writes something other than frames is stopped, and the
// cell ends with the reason; the client starts a new worker.
func TestAWorkerThatSendsGarbageIsStopped(t *testing.T) {
	c, err := NewClient(ClientOptions{Executable: "/bin/sh", Args: []string{"-c", "echo 'this is not a frame'; read line"}, Log: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	done := make(chan ExecuteReply, 1)
	go func() { done <- c.Execute(context.Background(), ExecuteRequest{Code: "1"}, &recorder{}) }()
	select {
	case rep := <-done:
		if rep.Err == nil || !strings.Contains(rep.Err.Value, "sent a message that could not be read") || !strings.Contains(rep.Err.Value, "variables were lost") {
			t.Fatalf("reply %+v", rep.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the cell did not end")
	}
}
