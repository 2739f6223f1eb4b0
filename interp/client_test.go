package interp

import (
	"context"
	"fmt"
	"os"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gohooks/gohooks/display"
)

// The test binary doubles as the worker: with GOHOOKS_TEST_WORKER set it
// serves the protocol on its stdin and stdout instead of running tests.
func TestMain(m *testing.M) {
	if os.Getenv("GOHOOKS_TEST_WORKER") == "1" {
		if f := os.Getenv("GOHOOKS_WORKER_CPUPROFILE"); f != "" {
			out, _ := os.Create(f)
			pprof.StartCPUProfile(out)
			defer pprof.StopCPUProfile()
		}
		if err := ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	os.Exit(m.Run())
}

func newTestClient(t testing.TB) *Client {
	t.Helper()
	return newTestClientGrace(t, time.Second)
}

func newTestClientGrace(t testing.TB, grace time.Duration) *Client {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewClient(ClientOptions{Executable: exe, Args: []string{}, Env: []string{"GOHOOKS_TEST_WORKER=1"}, Grace: grace, Log: &tailBuffer{}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func clientRun(t *testing.T, c *Client, code string) (ExecuteReply, *recorder) {
	t.Helper()
	r := &recorder{}
	return c.Execute(context.Background(), ExecuteRequest{Code: code, StoreHistory: true}, r), r
}

func TestClientRunsCellsInTheWorker(t *testing.T) {
	c := newTestClient(t)
	rep, r := clientRun(t, c, "x := 20\nfmt.Println(\"a\")\nos.Stdout.WriteString(\"b\\n\")\nfmt.Fprintln(os.Stderr, \"e\")\nx * 2")
	if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "40" {
		t.Fatalf("reply %+v %+v", rep.Err, rep.Result)
	}
	if r.stdout.String() != "a\nb\n" || r.stderr.String() != "e\n" {
		t.Fatalf("streams %q %q", r.stdout.String(), r.stderr.String())
	}
	// display.Show publishes at once, after what was printed before it.
	rep, r = clientRun(t, c, "fmt.Println(\"before\")\ndisplay.Show(display.Markdown(\"*md*\"))")
	if rep.Err != nil || len(r.displays) != 1 || r.displays[0].Data["text/markdown"] != "*md*" || r.stdout.String() != "before\n" {
		t.Fatalf("display: %+v %+v %q", rep.Err, r.displays, r.stdout.String())
	}
}

func TestClientSurvivesCrashes(t *testing.T) {
	c := newTestClient(t)
	cases := []struct{ code, want string }{
		{"func down(n int) int { return down(n+1) + 1 }\ndown(0)", "stack overflow"},
		{"var m = map[int]int{}\nfor i := 0; i < 4; i++ {\n\tgo func() {\n\t\tfor j := 0; ; j++ {\n\t\t\tm[j] = j\n\t\t}\n\t}()\n}\nfor { m[0] = 1 }", "concurrent map"},
	}
	for _, tc := range cases {
		clientRun(t, c, "kept := 1")
		rep, _ := clientRun(t, c, tc.code)
		if rep.Err == nil || !strings.Contains(rep.Err.Value, tc.want) || !strings.Contains(rep.Err.Value, "variables were lost") {
			t.Fatalf("%q: error %+v", tc.code, rep.Err)
		}
		rep, _ = clientRun(t, c, "1 + 2")
		if rep.Err != nil || rep.Result.Data["text/plain"] != "3" {
			t.Fatalf("after %q: %+v", tc.code, rep.Err)
		}
		rep, _ = clientRun(t, c, "kept")
		if rep.Err == nil || !strings.Contains(rep.Err.Value, "undefined: kept") {
			t.Fatalf("variables survived the crash: %+v", rep)
		}
	}
}

// os.Exit in a cell is turned into a panic by yaegi: the cell fails and
// the session is kept.
func TestClientOsExitInACell(t *testing.T) {
	c := newTestClient(t)
	clientRun(t, c, "kept := 1")
	rep, _ := clientRun(t, c, "os.Exit(3)")
	if rep.Err == nil || rep.Err.Value != "os.Exit(3)" {
		t.Fatalf("os.Exit: %+v", rep.Err)
	}
	if rep, _ := clientRun(t, c, "kept"); rep.Err != nil {
		t.Fatalf("session lost: %+v", rep.Err)
	}
}

// interruptAfter runs code after a line that prints "started", and
// interrupts it d after that line arrives, so that a slow start cannot
// make the interrupt come before the code runs.
func interruptAfter(t *testing.T, c *Client, code string, d time.Duration) ExecuteReply {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sink := &startedSink{recorder: &recorder{}, started: func() { time.AfterFunc(d, cancel) }}
	return c.Execute(ctx, ExecuteRequest{Code: "fmt.Println(\"started\")\n" + code}, sink)
}

// startedSink calls started when "started" is printed.
type startedSink struct {
	*recorder
	once    sync.Once
	started func()
}

func (s *startedSink) Stream(name, text string) {
	s.recorder.Stream(name, text)
	if strings.Contains(text, "started") {
		s.once.Do(s.started)
	}
}

func TestClientInterrupt(t *testing.T) {
	c := newTestClientGrace(t, 20*time.Second)
	clientRun(t, c, "kept := 5")
	// An interpreted loop stops at once and keeps the session.
	rep := interruptAfter(t, c, "for {}", 100*time.Millisecond)
	if rep.Err == nil || rep.Err.Name != "interrupted" {
		t.Fatalf("for {}: %+v", rep.Err)
	}
	if rep, _ := clientRun(t, c, "kept"); rep.Err != nil || rep.Result.Data["text/plain"] != "5" {
		t.Fatalf("session lost after interrupting for {}: %+v", rep.Err)
	}
	// Compiled code that ignores the interrupt costs the session.
	c = newTestClient(t)
	clientRun(t, c, `import "sync"`)
	rep = interruptAfter(t, c, "var wg sync.WaitGroup\nwg.Add(1)\nwg.Wait()", 100*time.Millisecond)
	if rep.Err == nil || !strings.Contains(rep.Err.Value, "did not stop") || !strings.Contains(rep.Err.Value, "variables were lost") {
		t.Fatalf("wg.Wait: %+v", rep.Err)
	}
	if rep, _ := clientRun(t, c, "2 * 3"); rep.Err != nil || rep.Result.Data["text/plain"] != "6" {
		t.Fatalf("after restart: %+v", rep.Err)
	}
}

func TestClientGoroutinePanic(t *testing.T) {
	c := newTestClient(t)
	rep, _ := clientRun(t, c, "done := make(chan int)\ngo func() { defer close(done); var s []int; _ = s[3] }()\n<-done")
	if rep.Err == nil || !strings.Contains(rep.Err.Value, "index out of range") {
		t.Fatalf("goroutine panic: %+v", rep.Err)
	}
	if rep, _ := clientRun(t, c, "len(\"abc\")"); rep.Err != nil || rep.Result.Data["text/plain"] != "3" {
		t.Fatalf("next cell: %+v", rep.Err)
	}
}

var _ = display.Text

func TestClientStdinAsksTheFrontEnd(t *testing.T) {
	c := newTestClient(t)
	r := &recorder{inputs: []string{"blue"}}
	rep := c.Execute(context.Background(), ExecuteRequest{Code: "var color string\nfmt.Scanln(&color)\n\"got \" + color", AllowStdin: true}, r)
	if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "got blue" {
		t.Fatalf("stdin: %+v %+v", rep.Err, rep.Result)
	}
	rep = c.Execute(context.Background(), ExecuteRequest{Code: "_, err := fmt.Scanln(&color)\nerr"}, &recorder{})
	if rep.Err != nil || rep.Result == nil || !strings.Contains(rep.Result.Data["text/plain"].(string), "does not accept input") {
		t.Fatalf("stdin not allowed: %+v %+v", rep.Err, rep.Result)
	}
}

func TestClientCompletesAndInspects(t *testing.T) {
	c := newTestClient(t)
	clientRun(t, c, "weights := []float32{1, 2}")
	if got := c.Complete("weig", 4); len(got.Matches) != 1 || got.Matches[0] != "weights" {
		t.Fatalf("Complete = %+v", got)
	}
	if got := c.Inspect("weights", 3, 0); !got.Found || got.Data.Data["text/plain"] != "weights: []float32\n\n[1 2]" {
		t.Fatalf("Inspect = %+v", got)
	}
	if got := c.IsComplete("for {"); got.Status != "incomplete" || got.Indent != "\t" {
		t.Fatalf("IsComplete = %+v", got)
	}
}

func TestClientUpdatesAndClearsDisplays(t *testing.T) {
	c := newTestClient(t)
	rep, r := clientRun(t, c, "id := \"fig\"\ndisplay.ShowID(id, display.Text(\"v1\"))\ndisplay.Clear(true)\ndisplay.Update(id, display.Text(\"v2\"))")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	if got := strings.Join(r.events, ", "); got != "display fig, clear true, update fig" || r.displays[1].Data["text/plain"] != "v2" {
		t.Fatalf("events %q displays %+v", got, r.displays)
	}
}

// Output of a goroutine that outlives its cell (here 2000 displays, one
// message each) must not stop the replies to other requests.
func TestClientBackgroundOutputDoesNotBlockReplies(t *testing.T) {
	c := newTestClient(t)
	rep, _ := clientRun(t, c, "bgDone := make(chan bool)\nrelease := make(chan bool)\ngo func() {\n\t<-release\n\tfor i := range 2000 {\n\t\tdisplay.Show(i)\n\t}\n\tclose(bgDone)\n}()")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	// The goroutine prints while no cell runs: the release comes from a
	// user expression, which runs after its (empty) cell.
	c.Execute(context.Background(), ExecuteRequest{Code: "", UserExpressions: map[string]string{"r": "func() int { close(release); return 0 }()"}}, &recorder{})
	for i := 0; i < 20; i++ {
		if got := c.Complete("bgDo", 4); len(got.Matches) != 1 || got.Matches[0] != "bgDone" {
			t.Fatalf("Complete = %+v", got)
		}
	}
	if rep, _ := clientRun(t, c, "<-bgDone\n\"done\""); rep.Err != nil || rep.Result.Data["text/plain"] != "done" {
		t.Fatalf("waiting for the goroutine: %+v", rep.Err)
	}
}
