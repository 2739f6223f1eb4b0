// Package nnlib is a PyTorch-style module library on tensorlib: modules with
// parameters, buffers and children, module hooks that behave exactly like
// PyTorch's, layers, losses, optimizers, state dicts in the safetensors
// format, and a sample of Fashion-MNIST.
//
// # Modules
//
// Every module is a *Module made by NewModule(className, forward); built-in
// layers (Linear, Conv2d, ReLU, ...) are constructors that return one, and a
// user model is a function that does the same, so notebook cells never define
// Go types for modules. Forward runs a module with its hooks; Param, Buffer
// and Child look up a module's own members and panic, naming what exists, if
// the name is wrong. RegisterParameter marks its tensor as a leaf that
// requires grad; registering an existing name replaces the tensor and keeps
// its place. Children, parameters and buffers keep their insertion order.
//
// The tree methods follow PyTorch: Apply visits children first, then the
// module (post-order); NamedModules is pre-order with dotted paths and ""
// for the root. A module or tensor reachable along several paths is listed
// once, under its first name, by NamedModules, NamedParameters and
// NamedBuffers; Children and Apply skip a module added to the same parent
// under a second name; String and StateDict show it under every name. All of
// this is what PyTorch does. Lists are slices of NamedModule and NamedTensor. String prints the
// tree as PyTorch prints a module, with each module's ExtraRepr.
//
// # Hooks
//
// Forward runs, in PyTorch's order: forward pre-hooks (global ones, then the
// module's), an identity autograd node around the inputs that need grad if
// there are full backward hooks or pre-hooks, the forward function, forward
// hooks (global, then the module's), and an identity node around the output.
// A non-nil return from a pre-hook replaces the inputs; from a forward hook,
// the output. Hooks run under tensorlib.NoGrad too. Prepend puts a hook
// before the others of its kind; AlwaysCall makes a forward hook run even if
// forward panics.
//
// In backward, the output's node runs the full backward pre-hooks (which may
// replace gradOut) and keeps gradOut; the inputs' node runs the full backward
// hooks once the gradients with respect to the inputs are known. gradIn has
// one slot per positional input: a zero tensor for an input that needs no
// grad while another does; nil in every slot if no input needs grad, in which
// case the hook must return nil. A returned slice replaces gradIn (a nil
// entry drops that gradient); hooks chain, each seeing the previous result.
// A module called twice fires its backward hooks once per call, the later
// call first. Parameters never appear in gradIn. Returning a slice of the
// wrong length panics during Backward, naming both lengths. Every
// registration returns a *tensorlib.Handle whose Remove is idempotent.
//
// # Several outputs and hook points
//
// A module made by NewMultiOutputModule returns several tensors, as
// PyTorch's MultiheadAttention returns (output, weights); a nil entry is an
// absent output (PyTorch's None). ForwardAll returns them all, Forward the
// first. A forward hook registered with RegisterForwardHookAll sees and may
// replace every output (a non-nil return must have one entry per output);
// one registered with RegisterForwardHook sees and replaces the first. The
// identity node of full backward hooks wraps every output that requires
// grad, so gradOut has one slot per output, nil where no gradient reached
// it, as in PyTorch. LSTM returns (output, h_n, c_n) where PyTorch returns
// (output, (h_n, c_n)): its hooks see three outputs, PyTorch's two.
//
// AddHookPoint adds an identity child at a named place inside a module's
// forward (Point runs a tensor through it), so that hooks can read and
// replace intermediate tensors such as attention patterns by path
// ("blocks.0.attn.pattern"). Hook points are listed by NamedModules but not
// printed by String, so a model prints as in PyTorch.
//
// # Layers, losses and optimizers
//
// Layers have PyTorch's class names, parameter names (weight, bias,
// running_mean, ...), default initialisation and printed form. Settings
// beyond the required arguments are Options: Conv2d(1, 8, 3, Padding(1)).
// Each constructor documents the options it takes and panics on others.
// Losses are functions of (input, target, options...); class targets are
// float32 tensors of class indices. NewSGD and NewAdam follow PyTorch's
// update rules; their Step updates parameters in place.
//
// # State and data
//
// StateDict lists parameters and persistent buffers with dotted names in
// PyTorch's order; LoadStateDict copies values in and reports missing and
// unexpected names; SaveFile and LoadFile use the safetensors format, so
// weights can travel to and from PyTorch. FashionMNIST and FashionMNISTTest
// return the embedded sample (2,000 training and 500 test images of
// Fashion-MNIST, MIT licence, Zalando SE); LoadIDX reads full MNIST-style
// files from disk.
//
// # Errors and package state
//
// Misuse panics with a message of the form "nnlib: Op: what went wrong (the
// values)"; failures of files return errors naming the file. The global hook
// registries (RegisterModuleForwardHook and its kin) are the package's only
// mutable state; they are safe to change from several goroutines. Modules
// themselves are not safe for concurrent use.
package nnlib
