package interp

import (
	"context"
	"testing"
)

func BenchmarkTrivialCell(b *testing.B) {
	b.Run("in-process", func(b *testing.B) {
		s, err := NewSession(Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.Execute(context.Background(), ExecuteRequest{Code: "x := 1"}, &recorder{})
		b.ResetTimer()
		for b.Loop() {
			s.Execute(context.Background(), ExecuteRequest{Code: "x + 1"}, &recorder{})
		}
	})
	b.Run("worker", func(b *testing.B) {
		c := newTestClient(b)
		c.Execute(context.Background(), ExecuteRequest{Code: "x := 1"}, &recorder{})
		b.ResetTimer()
		for b.Loop() {
			c.Execute(context.Background(), ExecuteRequest{Code: "x + 1"}, &recorder{})
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
