// Package tensorlib is a float32 tensor library with reverse-mode automatic
// differentiation and tensor hooks that behave like PyTorch's.
//
// # Tensors
//
// A Tensor holds float32 values in contiguous row-major order and a shape.
// Tensors are values: every operation returns a new tensor and leaves its
// operands untouched. The only methods that change a tensor in place are Fill
// and CopyFrom (for initialisation and optimizers, like PyTorch's
// `.data.fill_()`), and they are documented as such. View, Reshape, Detach and
// Flatten share storage with their operand, as in PyTorch, so Fill on a view
// is seen through the original.
//
// Binary element-wise operations broadcast like PyTorch: shapes are aligned on
// their trailing dimensions, and a dimension of size 1 (or a missing one)
// stretches to match the other. Reductions accumulate in float64, so a sum of
// a million float32 values keeps its precision.
//
// # Network operations
//
// Linear, Conv2d, MaxPool2d, AvgPool2d, BatchNorm, Dropout and Pad are
// torch.nn.functional's operations on NCHW tensors, recorded under
// PyTorch's node names. Conv2d is one matrix product per group and block
// of samples with the unfolded input (im2col), which the product packs
// straight from the input for stride-1 "same" and stride-2 convolutions;
// MaxPool2d sends the gradient to the first
// maximum of each window. BatchNorm in training mode updates the running statistics it is
// given, in place. Dropout draws its mask from the package's random number
// generator.
//
// Every matrix product goes through one GEMM entry point (internal/gemm), so
// a faster kernel speeds up MatMul, Linear and Conv2d at once. Long
// operations split a batch across cores and check between samples whether
// the user interrupted the cell, stopping with a panic the session recovers
// from.
//
// # Errors
//
// Misuse is a programmer error and panics with a message that names the
// operation and the values, for example
//
//	tensorlib: MatMul: shapes [2 3] and [2 3] do not fit (3 != 2)
//
// # Autograd
//
// A tensor that requires grad (SetRequiresGrad, or any result computed from
// one while gradients are enabled) records the operation that made it; its
// GradFn names that operation with PyTorch's names (AddBackward0,
// MmBackward0, ...). Backward (on a one-element tensor) or BackwardWith
// computes gradients in reverse topological order, visiting each node once,
// without recursion, and accumulates them into the Grad of leaf tensors that
// require grad. Nodes run in PyTorch's order: the node created last runs first
// among those that are ready, and gradient accumulation into a leaf runs as
// soon as all of the leaf's gradients have arrived. Operations that backward
// performs on the graph's tensors are not recorded. NoGrad runs a function
// with recording switched off.
//
// # Hooks
//
// RegisterHook adds a function called each time the gradient with respect to
// a tensor is computed; a non-nil return replaces that gradient. On a leaf the
// replaced value is what accumulates into Grad; on a non-leaf it is what flows
// on to the tensor's inputs. Hooks see this backward's incoming gradient, not
// the accumulated one. RegisterPostAccumulateGradHook (leaf tensors only)
// runs after Grad has been updated. RetainGrad keeps a non-leaf tensor's
// gradient after all of its hooks have run. Every registration returns a
// *Handle whose Remove is idempotent; nnlib's module hooks return the same
// type.
//
// # Package state
//
// ManualSeed sets the state of the package's random number generator, which
// Rand, Randn and Dropout use. NoGrad switches recording off for the duration
// of its function, for every goroutine (see NoGrad). Backward does not use
// that switch: while a graph runs backward, only operations on that graph's
// tensors go unrecorded, so other goroutines, and hooks that train another
// model during backward, record as usual.
package tensorlib
