package interp

import (
	"strings"
	"sync"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// TestGoStatementsInALoopOfAFunction starts goroutines from a loop in a
// function that goroutines run too, as a concurrent crawler does (patch
// 0101). Each go statement runs a function literal (gostmt.go), kept in a
// slot of the frame between its making and the call; a goroutine that
// ended put the slot back to what it held before its own literal was made
// while the loop had made the next one, and the go statement called nil
// ("reflect.Value.Call: call of nil function", which crashed the session).
func TestGoStatementsInALoopOfAFunction(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "import \"sync\"\nfunc crawl(depth int, wg *sync.WaitGroup, count *int, mu *sync.Mutex) {\n\tdefer wg.Done()\n\tmu.Lock()\n\t*count++\n\tmu.Unlock()\n\tif depth == 0 {\n\t\treturn\n\t}\n\tfor i := 0; i < 4; i++ {\n\t\twg.Add(1)\n\t\tgo crawl(depth-1, wg, count, mu)\n\t}\n}", cellOut{})
	// 1 + 4 + ... + 4^6 = 5461 goroutines, each made by a loop; a goroutine
	// that failed to start would leave the wait to its timeout.
	for run := 0; run < 2; run++ {
		check(t, s, "var wg sync.WaitGroup\nvar mu sync.Mutex\ncount := 0\nwg.Add(1)\ngo crawl(6, &wg, &count, &mu)\nended := make(chan bool)\ngo func() { wg.Wait(); close(ended) }()\nselect {\ncase <-ended:\ncase <-time.After(10 * time.Second):\n}\nmu.Lock()\nn := count\nmu.Unlock()\nn", cellOut{result: "5461"})
	}
}

// TestGoPanicBeforeTheGoroutinesRecover: a panic in a goroutine that its
// own deferred recover cannot catch, as it comes before the goroutine's
// function runs (a nil function), goes to Options.GoPanic instead of
// crashing the program (patch 0102). A session hands it to goExit: the
// cell's error, as a panic its goroutine wrapper recovers.
func TestGoPanicBeforeTheGoroutinesRecover(t *testing.T) {
	var (
		mu  sync.Mutex
		got []any
	)
	done := make(chan bool, 1)
	var out strings.Builder
	i := yaegi.New(yaegi.Options{Stdout: &out, Stderr: &out, GoPanic: func(r any) {
		mu.Lock()
		got = append(got, r)
		mu.Unlock()
		done <- true
	}})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	// f is a nil func of a compiled type: the goroutine calls it by reflect.
	const src = "package main\n\nimport \"strings\"\n\nfunc main() {\n\tvar f func(string) string = strings.ToUpper\n\tf = nil\n\tgo f(\"x\")\n}\n"
	if _, err := i.Eval(src); err != nil {
		t.Fatal(err)
	}
	<-done
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 || !strings.Contains(panicMessage(got[0]), "nil") {
		t.Errorf("GoPanic got %v, want one panic of a nil function", got)
	}

}
