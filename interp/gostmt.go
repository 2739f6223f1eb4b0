package interp

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// rewriteGo wraps every go statement so that a panic in the goroutine is
// recovered and reported, and the running cell knows which of its
// goroutines still run: `go func(){ BODY }()` gets `defer R(S());` as the
// first statement of BODY (S counts the goroutine in as it starts; R counts
// it out and recovers), and `go CALL` becomes
//
//	go func(g func()) { defer R(S()); g() }(func() func() {
//		f := FUN; a0 := ARG0; ...; return func() { f(a0, ...) } }())
//
// As Go does, the function value and the arguments of CALL are evaluated
// at the go statement, in the goroutine that runs it (`go filter(ch, out);
// ch = out` hands filter the old ch), and only the call runs in the new
// goroutine. Not bound, as they cannot change: a function declared with
// func, a builtin, a method's receiver that is a variable (its address,
// for a pointer method), constants (bound, an untyped constant would take
// its default type). Only columns change, never lines. names (nil for
// none) says which names are constants, functions and packages.
func rewriteGo(src string, toks []tok, names *goNames) string {
	if names == nil {
		names = &goNames{}
	}
	depth, _ := bracketDepths(toks)
	var edits []stmtEdit
	for i := 0; i < len(toks); i++ {
		if toks[i].tok != token.GO {
			continue
		}
		if i+1 < len(toks) && toks[i+1].tok == token.FUNC {
			// The body's opening brace: after the parameter list and
			// results, the first '{' at the go statement's depth.
			for j := i + 2; j < len(toks); j++ {
				if toks[j].tok == token.LBRACE && depth[j] == depth[i] {
					at := toks[j].pos + 1
					edits = append(edits, stmtEdit{at, at, " defer " + recoverFunc + "(" + goStartCall + ");"})
					break
				}
			}
			continue
		}
		// go CALL ends at a semicolon at its depth, or at the bracket
		// that closes the block around it.
		end := len(src)
		for j := i + 1; j < len(toks); j++ {
			if depth[j] == depth[i] && (isCloser(toks[j].tok) || toks[j].tok == token.SEMICOLON) {
				end = toks[j].pos
				break
			}
		}
		start := toks[i].pos + len("go")
		if bound := bindGoCall(src, start, end, names); bound != nil {
			edits = append(edits, bound...)
			continue
		}
		edits = append(edits, stmtEdit{toks[i].pos, start, "go func() { defer " + recoverFunc + "(" + goStartCall + ");"})
		edits = append(edits, stmtEdit{end, end, " }()"})
	}
	return applyEdits(src, edits)
}

// goNames is what rewriteGo knows of the names of the session and the
// cell.
type goNames struct {
	consts, funcs, packages map[string]bool
}

// goBuiltins are the builtin functions, never bound.
var goBuiltins = map[string]bool{
	"append": true, "cap": true, "clear": true, "close": true, "complex": true, "copy": true,
	"delete": true, "imag": true, "len": true, "make": true, "max": true, "min": true,
	"new": true, "panic": true, "print": true, "println": true, "real": true, "recover": true,
}

// bindGoCall returns the edits that make `go CALL`, with CALL at
// src[start:end], evaluate its function and arguments at once (see
// rewriteGo), or nil when there is nothing to bind (or CALL is not a call
// that parses: yaegi reports it).
func bindGoCall(src string, start, end int, names *goNames) []stmtEdit {
	text := src[start:end]
	fset := token.NewFileSet()
	x, err := parser.ParseExprFrom(fset, "", text, 0)
	if err != nil {
		return nil
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return nil
	}
	off := func(p token.Pos) int { return start + fset.Position(p).Offset }
	srcOf := func(n ast.Node) string { return src[off(n.Pos()):off(n.End())] }
	if hasComment(text) {
		return nil // a comment would swallow what follows it
	}
	type item struct {
		node ast.Expr
		name string
	}
	var bound []item // in source order
	var fun string   // the function in the goroutine's call
	switch f := call.Fun.(type) {
	case *ast.Ident:
		fun = f.Name
		if !goBuiltins[f.Name] && !names.funcs[f.Name] {
			bound = append(bound, item{f, "_gohooksF"})
			fun = "_gohooksF"
		}
	case *ast.SelectorExpr:
		fun = srcOf(f)
		if id, pkg := f.X.(*ast.Ident); !(pkg && names.packages[id.Name]) && !isVarPath(f.X) {
			bound = append(bound, item{f.X, "_gohooksR"})
			fun = "_gohooksR." + f.Sel.Name
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		fun = srcOf(f) // an instantiated generic function
	default:
		bound = append(bound, item{f, "_gohooksF"})
		fun = "_gohooksF"
	}
	args := make([]string, len(call.Args))
	for k, a := range call.Args {
		args[k] = srcOf(a)
		if !names.constant(a) {
			name := fmt.Sprintf("_gohooksA%d", k)
			bound = append(bound, item{a, name})
			args[k] = name
		}
	}
	if len(bound) == 0 {
		return nil
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	head := "go func(_gohooksG func()) { defer " + recoverFunc + "(" + goStartCall + "); _gohooksG() }(func() func() { "
	var edits []stmtEdit
	at := start - len("go")
	for k, b := range bound {
		sep := "; "
		if k == 0 {
			sep = head
		}
		edits = append(edits, stmtEdit{at, off(b.node.Pos()), sep + b.name + " := "})
		at = off(b.node.End())
	}
	tail := fmt.Sprintf("; return func() { %s(%s%s) } }())", fun, strings.Join(args, ", "), ell)
	return append(edits, stmtEdit{at, off(call.End()), tail})
}

// constant reports whether e is a constant expression: literals, and names
// of constants and of packages' members (math.Pi), with no calls.
func (n *goNames) constant(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.Ident:
			ok = ok && (n.consts[x.Name] || x.Name == "nil" || x.Name == "true" || x.Name == "false" || x.Name == "iota")
		case *ast.SelectorExpr:
			if id, isID := x.X.(*ast.Ident); !isID || !n.packages[id.Name] {
				ok = false
			}
			return false
		case *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr, nil:
		case *ast.UnaryExpr:
			ok = ok && x.Op != token.AND && x.Op != token.ARROW
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// goNamesOf collects, from the sources of the cells, the names of the
// constants and of the functions declared with func (which cannot change
// between a go statement and its goroutine); packages are the session's
// imported packages.
func goNamesOf(sources []string, packages map[string]bool) *goNames {
	n := &goNames{consts: map[string]bool{}, funcs: map[string]bool{}, packages: packages}
	for _, src := range sources {
		toks, _ := scanCell(src)
		depth, _ := bracketDepths(toks)
		for i := 0; i+1 < len(toks); i++ {
			switch toks[i].tok {
			case token.FUNC:
				if toks[i+1].tok == token.IDENT && depth[i] == 0 {
					n.funcs[toks[i+1].lit] = true
				}
			case token.CONST:
				if toks[i+1].tok != token.LPAREN {
					constNames(toks[i+1:], n.consts)
					continue
				}
				// A group: each spec starts after ( or ;.
				d := depth[i+1] + 1
				for j := i + 2; j < len(toks) && depth[j] >= d; j++ {
					if depth[j] == d && (toks[j-1].tok == token.LPAREN && j-1 == i+1 || toks[j-1].tok == token.SEMICOLON && depth[j-1] == d) {
						constNames(toks[j:], n.consts)
					}
				}
			}
		}
	}
	return n
}

// hasComment reports whether src has a comment.
func hasComment(src string) bool {
	fset := token.NewFileSet()
	var s scanner.Scanner
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), nil, scanner.ScanComments)
	for {
		_, t, _ := s.Scan()
		switch t {
		case token.EOF:
			return false
		case token.COMMENT:
			return true
		}
	}
}

// constNames adds the names of a constant spec (a, b = ...) that starts
// toks.
func constNames(toks []tok, to map[string]bool) {
	for k := 0; k < len(toks) && toks[k].tok == token.IDENT; k += 2 {
		to[toks[k].lit] = true
		if k+1 >= len(toks) || toks[k+1].tok != token.COMMA {
			return
		}
	}
}
