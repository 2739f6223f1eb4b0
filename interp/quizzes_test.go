package interp

import (
	"context"
	"os"
	"strings"
	"testing"
)

// TestQuizzes runs the hook exercises (testdata/quizzes.txt: sections 1 to
// 4 of the exercises, one cell per block) in order in one session and
// compares each cell's output with what its comments promise.
func TestQuizzes(t *testing.T) {
	data, err := os.ReadFile("testdata/quizzes.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := newTestSession(t)
	blocks := strings.Split(string(data), "-- cell --\n")[1:]
	for i, b := range blocks {
		code, want, ok := strings.Cut(b, "-- stdout --\n")
		if !ok {
			t.Fatalf("block %d has no stdout section", i+1)
		}
		r := &recorder{}
		rep := s.Execute(context.Background(), ExecuteRequest{Code: code}, r)
		if rep.Err != nil {
			t.Fatalf("cell %d failed: %s: %s\n%s\n%s", i+1, rep.Err.Name, rep.Err.Value, strings.Join(rep.Err.Traceback, "\n"), code)
		}
		if got := r.stdout.String(); got != want {
			t.Errorf("cell %d printed\n%s\nwant\n%s", i+1, got, want)
		}
	}
}
