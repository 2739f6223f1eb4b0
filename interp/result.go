package interp

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"github.com/gohooks/gohooks/display"
)

// result evaluates the cell's last expression statement and decides what
// it shows: a call with no result or several shows nothing.
func (s *Session) result(ctx context.Context, base int, x ast.Expr, text string, line, col int) (*display.Bundle, *Error) {
	show := true
	if call, ok := x.(*ast.CallExpr); ok {
		if lit, ok := call.Fun.(*ast.FuncLit); ok {
			res := lit.Type.Results
			show = res != nil && (len(res.List) == 1 && len(res.List[0].Names) <= 1)
		}
	}
	// pure: evaluating x again runs no code (String below).
	pure := !containsCall(x)
	if call, ok := x.(*ast.CallExpr); ok && !containsCall(call.Fun) {
		// yaegi evaluates a type (a conversion's) to a func value of its
		// own, typeMarker: that is not a function.
		if f, err := s.peek(exprSource(call.Fun)); err == nil && f.IsValid() && f.Kind() == reflect.Func {
			if f.Pointer() != s.typeMarker {
				show = f.Type().NumOut() == 1
			} else if len(call.Args) == 1 && !containsCall(call.Args[0]) {
				pure = true // a conversion: Celsius(21.5)
			}
		}
	}
	if call, ok := x.(*ast.CallExpr); ok && containsCall(call.Fun) {
		if _, lit := call.Fun.(*ast.FuncLit); !lit {
			// yaegi's value for a call through a call, as in
			// t.Sum().Backward(), is not the call's result when the method
			// returns nothing. The receiver (or the function) is evaluated
			// first into a variable, which tells how many results the call
			// has, and the call is made through it. (A method value of a
			// compiled type cannot be stored: yaegi gives it the wrong type.)
			part := call.Fun
			if sel, ok := part.(*ast.SelectorExpr); ok && containsCall(sel.X) {
				part = sel.X
			}
			tmp := fmt.Sprintf("_gohooksR%d", base)
			from, to := int(part.Pos()-x.Pos()), int(part.End()-x.Pos())
			var b srcBuilder
			b.header = "{}"
			b.place(base, line, col, tmp+" := "+text[from:to])
			if _, e := s.eval(ctx, b.header, b.b.String(), 0, 0, false); e != nil {
				return nil, e
			}
			defer s.peek(tmp + " = nil") // the receiver is not kept alive
			text = text[:from] + strings.Repeat("\n", strings.Count(text[from:to], "\n")) + tmp + text[to:]
			fun := tmp
			if part != call.Fun {
				fun = tmp + "." + call.Fun.(*ast.SelectorExpr).Sel.Name
			}
			if f, err := s.peek(fun); err == nil && f.IsValid() && f.Kind() == reflect.Func {
				show = f.Type().NumOut() == 1
			}
		}
	}
	var b srcBuilder
	b.header = "{}"
	b.place(base, line, col, text)
	v, e := s.eval(ctx, b.header, b.b.String(), 0, 0, false)
	if e != nil || !show || !v.IsValid() || !v.CanInterface() {
		return nil, e
	}
	val := v.Interface()
	if display.IsNil(val) {
		return nil, nil
	}
	bundle := display.BundleOf(val)
	if s.stringers && pure {
		// A type defined in a cell has its String and Error methods only
		// inside the interpreter: let the interpreter's fmt print it.
		if str, err := s.peek("fmt.Sprint(" + exprSource(x) + ")"); err == nil && str.Kind() == reflect.String {
			bundle = bundle.WithText(str.String())
		}
	}
	return &bundle, nil
}

func exprSource(e ast.Expr) string {
	return nodeText(token.NewFileSet(), e)
}
