package corpus

import (
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	ok := outcome{stdout: "a\nb\n"}
	for _, c := range []struct {
		name      string
		want, got outcome
		diff      string // "" or a substring of the difference
	}{
		{"same output", ok, ok, ""},
		{"stdout differs at a line", ok, outcome{stdout: "a\nc\n"}, `stdout line 2: go run "b\n", notebook "c\n"`},
		{"stdout shorter", ok, outcome{stdout: "a\n"}, `stdout line 2: go run "b\n", notebook ""`},
		{"stderr differs", outcome{stderr: "warn\n"}, outcome{}, `stderr line 1`},
		{"the notebook fails", ok, outcome{stdout: "a\n", failed: true, errText: "cell 3: panic: boom"}, "cell 3: panic: boom"},
		{"a cell shows a result", ok, outcome{stdout: "a\nb\n", shown: `cell 3 shows "7"`}, `cell 3 shows "7", which go run does not print`},
		{"both fail", outcome{stdout: "a\n", failed: true, errText: "exit status 3"},
			outcome{stdout: "a\n", failed: true, errText: "cell 3: panic: os.Exit(3)"}, ""},
		{"stderr is not compared after a failure", outcome{failed: true, stderr: "usage\n"}, outcome{failed: true}, ""},
		{"go run fails, the notebook does not", outcome{failed: true, errText: "exit status 1"}, outcome{}, "go run failed (exit status 1), the notebook did not"},
		{"the same panic", outcome{failed: true, stderr: "panic: pop from empty stack\n\ngoroutine 1 [running]:\n"},
			outcome{failed: true, errText: "cell 3: panic: pop from empty stack"}, ""},
		{"another panic", outcome{failed: true, stderr: "panic: pop from empty stack [recovered]\n"},
			outcome{failed: true, errText: "cell 3: compile error: undefined: x"}, `go run panicked with "pop from empty stack"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := compare(c.want, c.got)
			if (c.diff == "") != (d == "") || !strings.Contains(d, c.diff) {
				t.Errorf("compare = %q, want %q", d, c.diff)
			}
		})
	}
}

func TestExitStatusLineIsCut(t *testing.T) {
	o := run("sh", "-c", "echo out; echo err >&2; echo 'exit status 3' >&2; exit 1")
	if !o.failed || o.stdout != "out\n" || o.stderr != "err\n" || o.errText != "exit status 3" {
		t.Errorf("run = %+v", o)
	}
}
