package interp

import (
	"bytes"
	"context"
	"encoding/base64"
	"os"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/display"
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

// TestQuizzesSection5 runs the "hooks at work" cells: a feature
// extractor, a grid of heatmaps as the cell's result, and a heatmap shown
// from a backward hook while backward runs.
func TestQuizzesSection5(t *testing.T) {
	data, err := os.ReadFile("testdata/quizzes5.txt")
	if err != nil {
		t.Fatal(err)
	}
	display.SetPublisher(nil)
	s := newTestSession(t)
	blocks := strings.Split(string(data), "-- cell --\n")[1:]
	var recs []*recorder
	var reps []ExecuteReply
	for i, code := range blocks {
		r := &recorder{}
		display.SetPublisher(r)
		rep := s.Execute(context.Background(), ExecuteRequest{Code: code}, r)
		display.SetPublisher(nil)
		if rep.Err != nil {
			t.Fatalf("cell %d failed: %s: %s\n%s", i+1, rep.Err.Name, rep.Err.Value, strings.Join(rep.Err.Traceback, "\n"))
		}
		recs, reps = append(recs, r), append(reps, rep)
	}
	if got := recs[0].stdout.String(); got != "[1 8 28 28] [1 16 14 14] 9\n" {
		t.Errorf("cell 1 printed %q", got)
	}
	if reps[1].Result == nil || !isPNG(reps[1].Result.Data["image/png"]) {
		t.Errorf("cell 2 result is not a PNG figure: %v", reps[1].Result)
	}
	if len(recs[2].displays) != 1 || !isPNG(recs[2].displays[0].Data["image/png"]) {
		t.Errorf("cell 3 showed %d displays, want one PNG", len(recs[2].displays))
	}
}

// isPNG reports whether v is base64 of a PNG file.
func isPNG(v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(s)
	return err == nil && bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n"))
}
