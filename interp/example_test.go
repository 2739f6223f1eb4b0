package interp_test

import (
	"context"
	"fmt"

	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/interp"
)

// printSink prints what a cell emits.
type printSink struct{}

func (printSink) Stream(name, text string)                    { fmt.Printf("%s: %s", name, text) }
func (printSink) Display(b display.Bundle, id string, u bool) {}
func (printSink) ClearOutput(wait bool)                       {}
func (printSink) Input(string, bool) (string, error)          { return "", fmt.Errorf("no input") }

// A session runs cells one after the other; the value of a cell's last
// expression is its result, and a failing cell reports where, in its own
// line numbers.
func ExampleSession() {
	s, err := interp.NewSession(interp.Options{})
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	s.Execute(ctx, interp.ExecuteRequest{Code: "func square(x int) int { return x * x }\nfmt.Println(square(3))"}, printSink{})
	rep := s.Execute(ctx, interp.ExecuteRequest{Code: "tensorlib.Tensor1(1, 2).MulScalar(float32(square(2)))"}, printSink{})
	fmt.Println(rep.Result.Data[display.MIMEText])
	rep = s.Execute(ctx, interp.ExecuteRequest{Code: "xs := []int{1, 2, 3}\ni := 5\nxs[i]"}, printSink{})
	fmt.Println(rep.Err.Traceback[0])
	// Output:
	// stdout: 9
	// tensor([4., 8.])
	// panic: runtime error: index out of range [5] with length 3
}
