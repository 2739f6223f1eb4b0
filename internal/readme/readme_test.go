package readme_test

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/interp"
)

// sink collects what a cell prints and how many figures it shows.
type sink struct {
	out      strings.Builder
	displays int
}

func (s *sink) Stream(name, text string)                    { s.out.WriteString(text) }
func (s *sink) Display(b display.Bundle, id string, u bool) { s.displays++ }
func (s *sink) ClearOutput(wait bool)                       {}
func (s *sink) Input(string, bool) (string, error)          { return "", os.ErrClosed }

var goBlock = regexp.MustCompile("(?s)```go\n(.*?)```")

// wantOutput is what each Go block of the README prints, in order; the
// blocks' own comments say the same.
var wantOutput = []string{
	"Conv2d out [1 8 28 28] mean",
	"tensor([20., 40., 60.])",
	`MLP(
  (fc1): Linear(in_features=4, out_features=8, bias=True)
  (act): ReLU()
  (fc2): Linear(in_features=8, out_features=2, bias=True)
)`,
	"", // the widgets block prints nothing: it shows the controls and a heatmap
}

func TestREADMEGoBlocksRun(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := goBlock.FindAllStringSubmatch(string(readme), -1)
	if len(blocks) != len(wantOutput) {
		t.Fatalf("README has %d Go blocks, the test knows %d: add the new block's output to wantOutput", len(blocks), len(wantOutput))
	}
	for i, b := range blocks {
		// Each block starts a fresh session, as a new notebook would.
		s, err := interp.NewSession(interp.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var out sink
		display.SetPublisher(&out) // as the worker does for its session
		rep := s.Execute(context.Background(), backend.ExecuteRequest{Code: b[1]}, &out)
		if rep.Err != nil {
			t.Fatalf("README Go block %d fails: %s: %s\n%s", i+1, rep.Err.Name, rep.Err.Value, strings.Join(rep.Err.Traceback, "\n"))
		}
		display.SetPublisher(nil)
		got := out.out.String()
		if rep.Result != nil {
			got += fmt.Sprint(rep.Result.Data[display.MIMEText])
		}
		if i == 0 && (rep.Result == nil || rep.Result.Data[display.MIMEPNG] == nil) {
			t.Errorf("README Go block 1 should end with a picture; its result is %v", rep.Result)
		}
		if i == 3 && out.displays != 2 {
			t.Errorf("README Go block 4 (widgets) showed %d displays, want the controls and the heatmap", out.displays)
		}
		if !strings.Contains(got, wantOutput[i]) {
			t.Errorf("README Go block %d printed\n%s\nwant it to contain\n%s", i+1, got, wantOutput[i])
		}
	}
}
