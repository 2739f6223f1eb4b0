package tensorlib

import (
	"slices"
	"testing"
)

// TestChunkAndUnbind checks the pieces' shapes and values (PyTorch's
// chunk gives pieces of ⌈size/n⌉, so 5 elements in 4 chunks are 2, 2, 1),
// and that the gradient of t puts each piece's gradient in its place, with
// zeros for a piece that got none, through one node.
func TestChunkAndUnbind(t *testing.T) {
	x := Arange(0, 10, 1).Reshape(2, 5).SetRequiresGrad(true)
	cs := x.Chunk(4, 1)
	var shapes [][]int
	for _, c := range cs {
		shapes = append(shapes, c.Shape())
	}
	if want := [][]int{{2, 2}, {2, 2}, {2, 1}}; !slices.EqualFunc(shapes, want, slices.Equal) {
		t.Fatalf("Chunk(4, 1) of a 2×5 tensor: shapes %v, want %v", shapes, want)
	}
	if got, want := cs[1].Data(), []float32{2, 3, 7, 8}; !slices.Equal(got, want) {
		t.Errorf("Chunk(4, 1)[1] = %v, want %v", got, want)
	}
	if got := cs[0].GradFn().Name(); got != "SplitBackward0" {
		t.Errorf("chunk's GradFn = %q, want SplitBackward0", got)
	}
	cs[0].MulScalar(2).Add(cs[2].MulScalar(3).Expand(2, 2)).Sum().Backward()
	if got, want := x.Grad().Data(), []float32{2, 2, 0, 0, 6, 2, 2, 0, 0, 6}; !slices.Equal(got, want) {
		t.Errorf("gradient through Chunk = %v, want %v", got, want)
	}
	if n := len(Arange(0, 10, 1).Chunk(4, 0)); n != 4 {
		t.Errorf("Chunk(4) of 10 elements gave %d pieces, want 4 (3, 3, 3, 1)", n)
	}

	y := Arange(0, 6, 1).Reshape(3, 2).SetRequiresGrad(true)
	us := y.Unbind(0)
	if len(us) != 3 || !slices.Equal(us[2].Shape(), []int{2}) || !slices.Equal(us[2].Data(), []float32{4, 5}) {
		t.Fatalf("Unbind(0) of a 3×2 tensor: %d pieces, the last %v of shape %v", len(us), us[2].Data(), us[2].Shape())
	}
	if got := us[0].GradFn().Name(); got != "UnbindBackward0" {
		t.Errorf("unbind's GradFn = %q, want UnbindBackward0", got)
	}
	us[2].Mul(us[0]).Sum().Backward()
	if got, want := y.Grad().Data(), []float32{4, 5, 0, 0, 0, 1}; !slices.Equal(got, want) {
		t.Errorf("gradient through Unbind = %v, want %v", got, want)
	}
	cols := y.Detach().Unbind(-1)
	if len(cols) != 2 || !slices.Equal(cols[1].Data(), []float32{1, 3, 5}) {
		t.Errorf("Unbind(-1) of a 3×2 tensor: %v", cols)
	}
}
