package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// `gohooks help run` and `gohooks help console` print the command's own
// help, not the general usage.
func TestHelpForACommandPrintsItsOwnHelp(t *testing.T) {
	for cmd, want := range map[string]string{"run": "Usage: gohooks run NOTEBOOK", "console": "Usage: gohooks console"} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"help", cmd}, &stdout, &stderr)
		out := stdout.String() + stderr.String()
		if code != 0 || !strings.Contains(out, want) || strings.Contains(out, "gohooks help [COMMAND]") {
			t.Errorf("help %s: exit %d, output %q, want %q only", cmd, code, out, want)
		}
	}
}

// On a terminal, a cell that runs longer than a second shows its number
// and its time so far, erased before the next line.
func TestRunShowsTheRunningCell(t *testing.T) {
	var b bytes.Buffer
	p := newLiveProgress(&b, 3)
	p.Write([]byte("[1/3] In [1] ok (0.01s)  a := 1\n"))
	p.tick(p.since.Add(500 * time.Millisecond))
	if strings.Contains(b.String(), "running") {
		t.Fatalf("a status line before a second: %q", b.String())
	}
	p.tick(p.since.Add(3200 * time.Millisecond))
	if !strings.HasSuffix(b.String(), "\r\033[K[2/3] In [2] running 3s") {
		t.Fatalf("status line %q, want cell 2 running 3s", b.String())
	}
	p.Write([]byte("[2/3] In [2] ok (3.30s)  train()\n"))
	if !strings.HasSuffix(b.String(), "running 3s\r\033[K[2/3] In [2] ok (3.30s)  train()\n") {
		t.Fatalf("the status line is not erased before the next line: %q", b.String())
	}
	// Not a terminal: the writer is passed as it is.
	var plain bytes.Buffer
	if w, stop := progressWriter(&plain, 3); w != &plain {
		t.Fatalf("progressWriter wrapped a buffer")
	} else {
		stop()
	}
}
