package kernel

import (
	"strings"
	"testing"
	"time"
)

// A peer that sends bad messages in a loop gets badLogBurst lines in
// full, then one line that says the rest are counted, then the count when
// the window ends; the kernel goes on answering.
func TestBadMessagesAreLoggedAtARateLimit(t *testing.T) {
	tk := startKernel(t, Options{badLog: 500 * time.Millisecond})
	_, good := tk.frames("kernel_info_request", map[string]any{})
	wrongSig := append([][]byte{[]byte(delimiter), []byte(strings.Repeat("0", 64))}, good[2:]...)
	const n = 300
	for range n {
		if err := tk.shell.Send(zmqMsgFrom(wrongSig)); err != nil {
			t.Fatal(err)
		}
	}
	id, f := tk.frames("kernel_info_request", map[string]any{})
	if err := tk.shell.Send(zmqMsgFrom(f)); err != nil {
		t.Fatal(err)
	}
	if r := tk.recvReply(tk.shellIn, id); r.Header.MsgType != "kernel_info_reply" {
		t.Fatalf("got %s", r.Header.MsgType)
	}
	var logs string
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if logs = tk.logs.String(); strings.Contains(logs, "more bad messages dropped") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	lines := strings.Split(strings.TrimSpace(logs), "\n")
	full, notes, counts := 0, 0, 0
	for _, l := range lines {
		switch {
		case strings.Contains(l, "signature does not match"):
			full++
		case strings.Contains(l, "counted, not logged"):
			notes++
		case strings.Contains(l, "more bad messages dropped"):
			counts++
			if !strings.Contains(l, "290 more bad messages dropped") {
				t.Errorf("count line %q, want 290 dropped", l)
			}
		}
	}
	if full != badLogBurst || notes != 1 || counts != 1 {
		t.Fatalf("%d bad messages gave %d full lines (want %d), %d notes (want 1) and %d counts (want 1); log:\n%s",
			n, full, badLogBurst, notes, counts, logs)
	}
	tk.drainIOPub()
}
