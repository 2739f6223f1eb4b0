package interp

import (
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
	clientRun(t, c, "kept := 7")
	for _, code := range []string{
		"time.Sleep(time.Hour)",
		"done := make(chan bool)\ngo func() { time.Sleep(time.Hour); done <- true }()\n<-done",
		"for {\n\ttime.Sleep(time.Millisecond)\n}",
	} {
		start := time.Now()
		rep := interruptAfter(t, c, code, 200*time.Millisecond)
		if rep.Err == nil || rep.Err.Name != "interrupted" {
			t.Fatalf("%q after %v: %+v", code, time.Since(start), rep.Err)
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
