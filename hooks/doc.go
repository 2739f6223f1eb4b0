// Package hooks is a toolkit built on nnlib's module hooks and tensorlib's
// tensor hooks: the one-call tools that PyTorch users get from TorchLens,
// torchvision's feature_extraction and torch.nn.utils.
//
// # Tools
//
//   - Group collects hook handles so that one Remove takes them all away.
//   - Capture runs a model once and returns the outputs of chosen modules by
//     path; CaptureWithGrad also runs backward from a loss and keeps the
//     gradient with respect to each of those outputs.
//   - FeatureExtractor keeps forward hooks on chosen modules and returns
//     their outputs by path from each Forward.
//   - TraceShapes prints each module's input and output shapes as forward
//     runs.
//   - GradientMonitor records every parameter's gradient norm after each
//     backward and warns when one is above or below a bound.
//   - ClipGradNorm and ClipGradValue clip gradients with tensor hooks as they
//     are computed; ClipGradNormParams and ClipGradValueParams clip after
//     backward as torch.nn.utils.clip_grad_norm_ and clip_grad_value_ do.
//   - CaptureLimit keeps at most a number of bytes of outputs (the first
//     batch items that fit); CaptureReduce keeps what a function makes of
//     each output as the model runs.
//   - With attaches hooks for the duration of a function and removes them on
//     return or panic; Active lists the hooks attached to a model.
//   - PatchActivations does activation patching: a module × index table of a
//     metric, each cell a corrupted run with one slice of one output taken
//     from a clean run.
//   - GradCAM and IntegratedGradients attribute a class score to the input.
//   - ActivationStats records a statistic of chosen outputs per training
//     step.
//
// # Rules
//
// Modules are named by the dotted paths NamedModules gives ("" is the model
// itself, "0", "features.3", "blocks.0.attn.pattern" for a hook point);
// passing no paths means every module. A path with *, ? or [ is a glob
// pattern whose * stays within one dotted part ("blocks.*.attn.pattern"),
// standing for every module it matches in NamedModules order. A path
// NamedModules does not give, or a pattern that matches nothing, panics, and
// the message lists the valid paths. A module registered under two names is
// known by the first.
//
// Tools that register hooks work on the modules and parameters the model has
// when they are called: a module or parameter added later is not covered.
// Capture and its variants, With, PatchActivations, GradCAM and
// IntegratedGradients remove their hooks before they return, even when
// forward panics. Every other tool leaves its hooks in place and returns
// a value whose Remove takes them off; Remove may be called any number of
// times.
//
// Hooks are added after the hooks a module or parameter already has, so they
// see what earlier hooks produced. Only CaptureWithGrad changes what flows
// through a model: while it runs, each captured module's output passes
// through an identity node (values unchanged), as in PyTorch with full
// backward hooks. ClipGradNorm and ClipGradValue change gradients; that is
// their purpose.
//
// Misuse (a nil model, a bad path, a negative clip bound, asking a capture
// for a path it did not record) panics with a message of the form
// "hooks: Op: what went wrong (the values)".
//
// # Output
//
// TraceShapes writes to os.Stdout and a Monitor's warnings go to os.Stderr,
// both looked up when they write, so that a notebook shows them under the
// cell that runs forward or backward. TraceShapesTo and Monitor.Out send them
// elsewhere.
//
// # Concurrency
//
// The package has no global state. A Group and a Monitor may be used from
// several goroutines; a Captured result, once returned, only reads. An
// Extractor, like the model it runs, is for one goroutine at a time.
package hooks
