// Package tensordata gives gohooks's own packages the storage of a
// tensorlib tensor without a copy. tensorlib's API never hands out its
// slices (Data copies), so that users cannot change a tensor behind
// autograd's back; nnlib's optimizers, which update parameters in place as
// PyTorch's do, need the storage itself: copying every parameter and
// gradient out and back costs more than the update.
//
// Of is set once, when tensorlib is initialised, and never changes.
package tensordata

// Of returns the elements of t, a *tensorlib.Tensor: its storage, which
// the caller may change in place.
var Of func(t any) []float32
