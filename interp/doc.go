// Package interp runs notebook cells: a Go session interpreted by yaegi,
// with cell rewriting, output capture, completion, inspection and
// is_complete, held in a supervised worker process.
//
// # Names for the kernel
//
//   - Client (NewClient, ClientOptions) is the kernel side: it starts the
//     worker (`os.Executable() worker` by default), speaks typed messages
//     over its stdin/stdout (one Go type per kind, each framed as a
//     "kind length" line and a JSON body; see messages.go), and
//     implements Execute, Complete, Inspect, IsComplete, Restart and Close.
//     Cancelling Execute's context interrupts the cell: the worker cancels
//     the cell and sets internal/interrupt's flag; if the cell has not
//     stopped within ClientOptions.Grace (1.5 s), the worker is killed and
//     restarted and the cell's error says the variables were lost. A worker
//     that dies (stack overflow, fatal runtime error), or that sends a frame
//     that is not a message, is replaced the same way.
//   - ServeWorker(in, out) is what `gohooks worker` calls, with os.Stdin
//     and os.Stdout.
//   - Session (NewSession) is the same session in this process, used by
//     the worker and by tests. In a Session, only interpreted writes
//     (fmt.Print, os.Stdout) reach the Sink; the worker also captures what
//     compiled code writes to file descriptors 1 and 2.
//
// # Cells
//
// A cell is Go: declarations (import, type, func, methods) and statements in
// any order. tensorlib, nnlib, hooks, viz, display, fmt, math, strings, os
// and time are imported in every session; importing them again, or any
// package twice, is accepted. The standard library, our packages and the
// main gonum packages are compiled in; any other package is resolved by the
// go command into the user's module cache and interpreted from source
// (imports.go; %require pins a module's version, %modules lists them). The
// README's "Cells"
// section lists what works and what does not; each of its claims is a row of
// TestDocumentedFeatures.
//
// The rules, for yaegi v0.16.2-0.20260209085605-fcb76d1ece0c:
//   - Variables, constants and functions persist from cell to cell; var and
//     const run as statements, so `var b = a + c` may use earlier cells.
//     Redefining a variable (`x := "s"` after `x := 1`) works.
//   - A top-level var and every function are package-level; the other
//     top-level statements are main's body (shadow.go): a top-level := of
//     a name declared by a top-level var and used by a function declares a
//     new variable for the statements that follow, in this cell and later
//     ones, and the functions keep the package variable, until a later
//     top-level var declares it again.
//   - Redefining a function rebinds its callers, methods included: a cell's
//     functions are kept as function-typed variables, so `g` calling `f`
//     sees a new `f`. Changing a function's signature declares a new
//     variable; functions compiled against the old one keep calling it.
//   - Types and methods: running the same definition again (re-running a
//     cell) is accepted. yaegi cannot redefine a type or a method (existing
//     values would keep the old one), so a cell that declares a type again
//     with a different definition or different methods, together with all
//     of the type's methods, gets a new version of the type: T becomes T_v2
//     inside the interpreter, in this cell and the following ones (error
//     messages show that name). Values made before keep the old type. A
//     cell that changes a method without the type, or a type without the
//     methods defined in other cells, is refused with the error "cannot
//     redefine", which says what to do (or use %reset).
//   - Within a cell, types are declared first (after the cell's constants
//     when a type uses one), then functions, then methods and generic
//     functions, then the statements run in order: a function may be used
//     above its declaration.
//   - A cell runs through named steps (cell.go): check, rewrite, plan,
//     evaluate, result; what the steps make of a cell is a cell value, what
//     lasts from cell to cell is the Session's lasting state.
//   - The cell's source is rewritten where yaegi goes wrong (rewrite.go,
//     toplevel.go): a statement that declares anything in a block at the
//     top level runs in a function literal (yaegi would take a global of
//     the same name for the new variable, and loses `x, y := f()` there);
//     comma-ok lookups, assertions and receives get Go's zero value on
//     failure and work at the top level; the values of a parallel
//     assignment with calls or receives are all assigned; a top-level var
//     of a generic function's result is a :=. Only columns change, never
//     lines.
//   - The top level of a cell is main's body (defer.go): `defer` pushes
//     the call, with its arguments evaluated, on the cell's defer stack,
//     which runs when the statements end, last in first out; recover() in
//     a deferred function literal takes the cell's panic; `return` ends the
//     statements. A var or const that a method of the cell uses is declared
//     before the methods.
//   - A cell that fails declares nothing it did not reach (failed.go), and
//     the uses of the session's variables that Go rejects and yaegi gets
//     wrong (model(x), t.shape, model[2]) fail before the cell runs, with
//     what to write instead (advice.go).
//   - A `go` statement evaluates its function value and arguments at the
//     statement, as Go does, and is wrapped so that a panic in the
//     goroutine is recovered (gostmt.go): it becomes the error of the
//     running cell, or a message on stderr when no cell runs. A cell's end waits up to 50 ms for the
//     goroutines it started, so one that panics just after signalling the
//     cell (a deferred wg.Done or close runs before the recover) still
//     fails that cell.
//   - os.Exit in a cell is turned by yaegi into a panic "os.Exit(3)": the
//     cell fails and the session is kept.
//   - An interrupted cell whose compiled code does not check the interrupt
//     flag (time.Sleep, a long loop in a library) costs the session.
//
// The value of the last expression statement is the cell's result: a
// display.Bundler by its bundle, other values by display.BundleOf (text/plain
// with %v and String, plus HTML for values with an HTML method). A call with
// no result or several results, and nil, show nothing.
//
// Errors: one per failing cell, with ename ("compile error", "syntax
// error", "panic", "cannot redefine", "interrupted", "session restarted"),
// evalue, and a traceback whose lines say "cell 3, line 4" (a panic of
// top-level code names the statement after the last one that ran). reflect's
// internal messages become the runtime errors Go prints (nil pointer
// dereference, index and slice bounds out of range, with the values when
// the failing expression is at the top level of the cell); panics of our
// libraries keep their message.
//
// Magics: %help, %who (variables and types), %reset (a fresh session),
// %time (times the rest of the cell).
package interp
