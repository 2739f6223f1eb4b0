package interp

import (
	"context"
	"testing"
	"time"
)

// TestClientInterruptsASleep: time.Sleep is compiled code, which no
// interrupt check reaches; the session's time.Sleep wakes at the
// interrupt, so the worker is not restarted and the variables stay. The
// same holds in a goroutine of the cell, which ends without a panic
// report.
func TestClientInterruptsASleep(t *testing.T) {
	c := newTestClient(t) // a worker that does not stop within 1 s is restarted
	clientRun(t, c, "kept := 7\nbig := tensorlib.Rand(2000, 2000)")
	for _, code := range []string{
		"time.Sleep(time.Hour)\nfmt.Println(\"after the sleep\")",
		// A product in a goroutine stops at its interrupt check, which
		// panics in the goroutine after the interpreter stopped.
		"done := make(chan bool)\ngo func() { big.MatMul(big).MatMul(big).MatMul(big); done <- true }()\n<-done",
		"done := make(chan bool)\ngo func() { time.Sleep(time.Hour); done <- true }()\n<-done",
		"for {\n\ttime.Sleep(time.Millisecond)\n}",
	} {
		start := time.Now()
		rep, r := interruptAfterRecorded(t, c, code, 200*time.Millisecond)
		if rep.Err == nil || rep.Err.Name != "interrupted" {
			t.Fatalf("%q after %v: %+v", code, time.Since(start), rep.Err)
		}
		if out := r.stdout.String(); out != "started\n" {
			t.Errorf("%q printed %q after the interrupt", code, out)
		}
		if rep, _ := clientRun(t, c, "kept"); rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "7" {
			t.Fatalf("after interrupting %q the session is lost: %+v", code, rep.Err)
		}
	}
	rep, r := clientRun(t, c, "start := time.Now()\ntime.Sleep(30 * time.Millisecond)\nfmt.Println(time.Since(start) >= 30*time.Millisecond)")
	if rep.Err != nil || r.stdout.String() != "true\n" {
		t.Fatalf("a sleep that is not interrupted: %+v %q", rep.Err, r.stdout.String())
	}
}

// interruptAfterRecorded is interruptAfter that also returns what the cell
// printed.
func interruptAfterRecorded(t *testing.T, c *Client, code string, d time.Duration) (ExecuteReply, *recorder) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &recorder{}
	sink := &startedSink{recorder: r, started: func() { time.AfterFunc(d, cancel) }}
	return c.Execute(ctx, ExecuteRequest{Code: "fmt.Println(\"started\")\n" + code}, sink), r
}
