package interp

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// A cell is the body of main to its writer, so `defer` and `return` at the
// top level of a cell work as in main:
//   - `defer CALL` pushes a closure on the cell's defer stack
//     (_gohooksDefers) instead: the function and its arguments are
//     evaluated at the defer statement, into the closure's own variables,
//     and the call is made when the cell's statements end. A receiver that
//     is a variable (`defer wg.Wait()`) is not copied: the call uses the
//     variable, as Go uses its address.
//   - recover() called by a deferred function literal becomes
//     _gohooks.Recover(), which takes the cell's panic: the deferred calls
//     run after yaegi's evaluation of the statements has returned, so
//     yaegi's own recover would find no panic.
//   - `return` becomes _gohooks.Return(), a panic that ends the statements
//     and is not an error.
//
// The session then runs the stack, last in first out (runDefers). A panic
// of a deferred call replaces the cell's panic, as in Go.

const (
	deferStack  = "_gohooksDefers"
	recoverCall = internalPkg + ".Recover()"
	returnCall  = internalPkg + ".Return()"
)

// deferPrelude is the session's part of the defer stack.
const deferPrelude = `
var ` + deferStack + ` []func()
func _gohooksRunDefers() {
	for len(` + deferStack + `) > 0 {
		f := ` + deferStack + `[len(` + deferStack + `)-1]
		` + deferStack + ` = ` + deferStack + `[:len(` + deferStack + `)-1]
		f()
	}
}
`

// cellReturn is the panic value of a top-level return.
type cellReturn struct{}

// topLevelExits returns the edits that turn the defer and return
// statements of st, outside function literals, into the session's forms;
// text is the piece's source and off converts positions into its offsets.
// It reports whether st defers anything or returns, and a return with
// values, which main cannot have.
func topLevelExits(st ast.Stmt, text string, off func(token.Pos) int) (edits []stmtEdit, defers, returns bool, bad ast.Node) {
	ast.Inspect(st, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) > 0 {
				bad = n
				return false
			}
			returns = true
			edits = append(edits, stmtEdit{off(n.Pos()), off(n.End()), returnCall})
			return false
		case *ast.DeferStmt:
			defers = true
			edits = append(edits, stmtEdit{off(n.Pos()), off(n.End()), deferPush(n.Call, text, off)})
			return false
		}
		return true
	})
	return edits, defers, returns, bad
}

// deferPush returns the statement that pushes call on the defer stack.
func deferPush(call *ast.CallExpr, text string, off func(token.Pos) int) string {
	src := func(n ast.Node) string { return text[off(n.Pos()):off(n.End())] }
	push := func(closure string) string {
		return deferStack + " = append(" + deferStack + ", " + closure + ")"
	}
	if lit, ok := call.Fun.(*ast.FuncLit); ok && len(call.Args) == 0 {
		return push(withRecover(lit, text, off))
	}
	var b strings.Builder
	b.WriteString("func() func() { ")
	fun := src(call.Fun)
	switch f := call.Fun.(type) {
	case *ast.FuncLit:
		fun = withRecover(f, text, off)
	case *ast.Ident:
	case *ast.SelectorExpr:
		if !isVarPath(f.X) {
			b.WriteString("_gohooksR := " + src(f.X) + "; ")
			fun = "_gohooksR." + f.Sel.Name
		}
	default:
		b.WriteString("_gohooksF := " + fun + "; ")
		fun = "_gohooksF"
	}
	args := make([]string, len(call.Args))
	for i, a := range call.Args {
		args[i] = src(a)
		if !constantLike(a, nil) && !isConstIdent(a) {
			fmt.Fprintf(&b, "_gohooksA%d := %s; ", i, args[i])
			args[i] = fmt.Sprintf("_gohooksA%d", i)
		}
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	fmt.Fprintf(&b, "return func() { %s(%s%s) } }()", fun, strings.Join(args, ", "), ell)
	return push(b.String())
}

// isVarPath reports whether x is a name or a chain of field selections
// (wg, s.mu): a receiver the deferred call may use at the end of the cell.
func isVarPath(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return isVarPath(x.X)
	case *ast.ParenExpr:
		return isVarPath(x.X)
	}
	return false
}

// isConstIdent reports whether x is nil, true or false: kept as written,
// since `a := nil` does not compile.
func isConstIdent(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	return ok && (id.Name == "nil" || id.Name == "true" || id.Name == "false")
}

// withRecover returns the source of a deferred function literal with its
// own calls of recover (not those of literals inside it) replaced.
func withRecover(lit *ast.FuncLit, text string, off func(token.Pos) int) string {
	start := off(lit.Pos())
	var edits []stmtEdit
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "recover" && len(n.Args) == 0 {
				edits = append(edits, stmtEdit{off(n.Pos()) - start, off(n.End()) - start, recoverCall})
			}
		}
		return true
	})
	return applyEdits(text[start:off(lit.End())], edits)
}

// cellPanic is the panic of the running cell's statements, while its
// deferred calls run.
type cellPanic struct {
	active bool
	value  any
	err    *Error
}

// recoverCell is recover() for the top-level deferred calls of a cell.
func (s *Session) recoverCell() any {
	c := &s.cur
	c.Lock()
	defer c.Unlock()
	if !c.panic.active {
		return nil
	}
	if _, ret := c.panic.value.(cellReturn); ret {
		return nil
	}
	v := c.panic.value
	c.panic = cellPanic{}
	return v
}

func cellReturnPanic() { panic(cellReturn{}) }
