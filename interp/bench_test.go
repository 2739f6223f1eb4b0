package interp

import (
	"context"
	"testing"
)

// BenchmarkTrivialCell measures a cell that shows x + 1, in sessions of
// sessionCells cells: yaegi keeps a slot of its global frame for every
// top-level expression and copies the frame when it grows, so a cell costs
// more the more cells ran before it ("late": after 3000 cells).
func BenchmarkTrivialCell(b *testing.B) {
	const sessionCells = 200
	b.Run("in-process", func(b *testing.B) {
		s, err := NewSession(Options{})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for b.Loop() {
			if n%sessionCells == 0 {
				b.StopTimer()
				s.Restart()
				s.Execute(context.Background(), ExecuteRequest{Code: "x := 1"}, &recorder{})
				b.StartTimer()
			}
			n++
			s.Execute(context.Background(), ExecuteRequest{Code: "x + 1"}, &recorder{})
		}
	})
	b.Run("in-process-late", func(b *testing.B) {
		s, err := NewSession(Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.Execute(context.Background(), ExecuteRequest{Code: "x := 1"}, &recorder{})
		for range 3000 {
			s.Execute(context.Background(), ExecuteRequest{Code: "x + 1"}, &recorder{})
		}
		b.ResetTimer()
		for b.Loop() {
			s.Execute(context.Background(), ExecuteRequest{Code: "x + 1"}, &recorder{})
		}
	})
	b.Run("worker", func(b *testing.B) {
		c := newTestClient(b)
		n := 0
		for b.Loop() {
			if n%sessionCells == 0 {
				b.StopTimer()
				if n > 0 {
					c.Restart()
				}
				c.Execute(context.Background(), ExecuteRequest{Code: "x := 1"}, &recorder{})
				b.StartTimer()
			}
			n++
			if rep := c.Execute(context.Background(), ExecuteRequest{Code: "x + 1"}, &recorder{}); rep.Err != nil {
				b.Fatal(rep.Err)
			}
		}
	})
}

// BenchmarkInterpretedHook measures compiled code (sort.Slice) calling a
// closure defined in a cell, as a tensor hook is called during backward.
func BenchmarkInterpretedHook(b *testing.B) {
	s, err := NewSession(Options{})
	if err != nil {
		b.Fatal(err)
	}
	rep := s.Execute(context.Background(), ExecuteRequest{Code: "import \"sort\"\ncalls := 0\nhook := func(i, j int) bool { calls++; return i < j }"}, &recorder{})
	if rep.Err != nil {
		b.Fatal(rep.Err)
	}
	v, e := s.eval(context.Background(), "{}", "hook", 1, 1, true)
	if e != nil {
		b.Fatal(e)
	}
	hook := v.Interface().(func(int, int) bool)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		hook(i, i+1)
	}
}
