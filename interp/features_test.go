package interp

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestMagics(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "alpha := 3\nname := \"n\"\nfunc helper() {}")
	rep, _ := runCell(t, s, "%who")
	if rep.Result == nil || rep.Result.Data["text/plain"] != "alpha        int\nname         string" {
		t.Fatalf("%%who = %+v", rep.Result)
	}
	rep, r := runCell(t, s, "%time\nsum := 0\nfor i := range 1000 { sum += i }\nsum")
	if rep.Err != nil || rep.Result.Data["text/plain"] != "499500" || !strings.HasPrefix(r.stdout.String(), "time: ") {
		t.Fatalf("%%time: %+v %+v %q", rep.Err, rep.Result, r.stdout.String())
	}
	rep, _ = runCell(t, s, "%reset")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	rep, _ = runCell(t, s, "alpha")
	if rep.Err == nil || rep.Err.Value != "undefined: alpha" {
		t.Fatalf("after %%reset: %+v", rep.Err)
	}
	rep, _ = runCell(t, s, "%nope")
	if rep.Err == nil || rep.Err.Name != "unknown magic" {
		t.Fatalf("unknown magic: %+v", rep.Err)
	}
}

func TestUserExpressions(t *testing.T) {
	s := newTestSession(t)
	rep := s.Execute(context.Background(), ExecuteRequest{
		Code:            "v := 21",
		UserExpressions: map[string]string{"double": "v * 2", "bad": "v +"},
	}, &recorder{})
	ok, _ := rep.UserExpressions["double"].(map[string]any)
	if ok["status"] != "ok" || ok["data"].(map[string]any)["text/plain"] != "42" {
		t.Fatalf("double = %+v", rep.UserExpressions["double"])
	}
	bad, _ := rep.UserExpressions["bad"].(map[string]any)
	if bad["status"] != "error" || bad["ename"] == "" {
		t.Fatalf("bad = %+v", rep.UserExpressions["bad"])
	}
}

func TestStdinNotAllowed(t *testing.T) {
	s := newTestSession(t)
	rep := s.Execute(context.Background(), ExecuteRequest{Code: "var l string\n_, err := fmt.Scanln(&l)\nerr"}, &recorder{})
	if rep.Err != nil || rep.Result == nil || !strings.Contains(rep.Result.Data["text/plain"].(string), "this front end does not accept input") {
		t.Fatalf("stdin without AllowStdin: %+v %+v", rep.Err, rep.Result)
	}
}

func TestGoroutinePanicAfterTheCell(t *testing.T) {
	s := newTestSession(t)
	// The goroutine gets its channels as arguments: reading a global
	// variable from a goroutine while a later cell runs is a data race
	// inside yaegi (the next Eval grows the global frame, resizeFrame,
	// under a lock that reads of globals do not take).
	rep, _ := runCell(t, s, "release := make(chan bool)\nfinished := make(chan bool)\ngo func(release, finished chan bool) {\n\tdefer close(finished)\n\t<-release\n\tpanic(\"late\")\n}(release, finished)")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	// The panic happens while the next cell runs: it is that cell's error.
	rep, _ = runCell(t, s, "close(release)\n<-finished")
	if rep.Err == nil || rep.Err.Value != "late" {
		t.Fatalf("panic during the next cell: %+v", rep.Err)
	}
	if rep, _ = runCell(t, s, "1"); rep.Err != nil {
		t.Fatal(rep.Err)
	}
}

func TestApplyShowsTheModuleTree(t *testing.T) {
	s := newTestSession(t)
	rep, _ := runCell(t, s, `m := nnlib.NewModule("Net", func(self *nnlib.Module, x ...*tensorlib.Tensor) *tensorlib.Tensor { return x[0] })
m.Apply(func(m *nnlib.Module) {})`)
	if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "Net()" {
		t.Fatalf("Apply result: %+v %+v", rep.Err, rep.Result)
	}
}

func TestTensorResult(t *testing.T) {
	s := newTestSession(t)
	rep, _ := runCell(t, s, "tensorlib.Tensor1(1, 2)")
	if rep.Err != nil || rep.Result == nil || rep.Result.Data["text/plain"] != "tensor([1., 2.])" {
		t.Fatalf("tensor result: %+v %+v", rep.Err, rep.Result)
	}
}

func TestClientDisplaysFromAHookDuringBackward(t *testing.T) {
	c := newTestClient(t)
	rep, r := clientRun(t, c, `x := tensorlib.Tensor1(1, 2).SetRequiresGrad(true)
x.RegisterHook(func(g *tensorlib.Tensor) *tensorlib.Tensor {
	fmt.Println("in hook")
	display.Show(display.Markdown("grad shown"))
	return nil
})
x.MulScalar(3).Sum().Backward()
fmt.Println("after")`)
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	if len(r.displays) != 1 || r.displays[0].Data["text/markdown"] != "grad shown" || r.stdout.String() != "in hook\nafter\n" {
		t.Fatalf("displays %+v stdout %q", r.displays, r.stdout.String())
	}
}

func TestClientInterruptsALongCompiledOperation(t *testing.T) {
	// A long grace: on a loaded machine, the time between two interrupt
	// checks of the MatMul must not cost the session.
	c := newTestClientGrace(t, 20*time.Second)
	clientRun(t, c, "big := tensorlib.Rand(3000, 3000)")
	start := time.Now()
	rep := interruptAfter(t, c, "big.MatMul(big).MatMul(big)", 300*time.Millisecond)
	if rep.Err == nil || rep.Err.Name != "interrupted" {
		t.Fatalf("MatMul interrupted after %v: %+v", time.Since(start), rep.Err)
	}
	if rep, _ := clientRun(t, c, "big.Shape()"); rep.Err != nil || rep.Result.Data["text/plain"] != "[3000 3000]" {
		t.Fatalf("session lost: %+v %+v", rep.Err, rep.Result)
	}
}

func TestClientNothingAfterTheCellEnds(t *testing.T) {
	c := newTestClient(t)
	rep, r := clientRun(t, c, "for i := range 200 { fmt.Print(i%10) }\nos.Stdout.WriteString(\"|end\")")
	if rep.Err != nil || len(r.stdout.String()) != 204 || !strings.HasSuffix(r.stdout.String(), "|end") {
		t.Fatalf("stdout %q", r.stdout.String())
	}
}

func TestSessionInterruptKeepsVariables(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "kept := 7")
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	rep := s.Execute(ctx, ExecuteRequest{Code: "n := 0\nfor {\n\tn++\n}"}, &recorder{})
	if rep.Err == nil || rep.Err.Name != "interrupted" {
		t.Fatalf("for {}: %+v", rep.Err)
	}
	if rep, _ := runCell(t, s, "kept"); rep.Err != nil || rep.Result.Data["text/plain"] != "7" {
		t.Fatalf("after the interrupt: %+v", rep.Err)
	}
}

func TestErrorsQuoteTheLine(t *testing.T) {
	s := newTestSession(t)
	rep, _ := runCell(t, s, "%time\nok := 1\nbad := ok + \"s\"")
	tb := strings.Join(rep.Err.Traceback, "\n")
	if rep.Err == nil || !strings.Contains(tb, "line 3") || !strings.Contains(tb, "    bad := ok + \"s\"") {
		t.Fatalf("traceback %q", tb)
	}
	runCell(t, s, "func boom(xs []int) int {\n\tvar p *struct{ X int }\n\treturn p.X\n}")
	rep, _ = runCell(t, s, "boom(nil)")
	tb = strings.Join(rep.Err.Traceback, "\n")
	if rep.Err.Value != "runtime error: invalid memory address or nil pointer dereference" || !strings.Contains(tb, "in boom, cell 2, line ") {
		t.Fatalf("panic in a function of an earlier cell: %q: %q", rep.Err.Value, tb)
	}
}

func TestSessionRestart(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "gone := 1")
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	if rep, _ := runCell(t, s, "gone"); rep.Err == nil || rep.Err.Value != "undefined: gone" {
		t.Fatalf("after Restart: %+v", rep.Err)
	}
}

func TestCellNumbersFollowTheFrontEnd(t *testing.T) {
	s := newTestSession(t)
	s.Execute(context.Background(), ExecuteRequest{Code: "func bad() int { var m map[string]int; m[\"k\"] = 1; return 0 }", ExecutionCount: 7}, &recorder{})
	s.Execute(context.Background(), ExecuteRequest{Code: "1", Silent: true}, &recorder{})
	rep := s.Execute(context.Background(), ExecuteRequest{Code: "x := 1\nbad()", StoreHistory: true}, &recorder{})
	tb := strings.Join(rep.Err.Traceback, "\n")
	if !strings.Contains(tb, "in bad, cell 7, line 1") || !strings.Contains(tb, "in cell 8") {
		t.Fatalf("traceback %q", tb)
	}
}
