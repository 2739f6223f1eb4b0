package interp

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/scanner"
	"go/token"
	"strings"
)

// cellError is an error found before the cell runs, with its cell position.
type cellError struct {
	line, col int
	msg       string
}

func (e *cellError) Error() string { return fmt.Sprintf("%d:%d: %s", e.line, e.col, e.msg) }

type tok struct {
	pos int // byte offset
	tok token.Token
	lit string
}

// scanCell returns the tokens of src (comments dropped, semicolons kept).
func scanCell(src string) ([]tok, error) {
	fset := token.NewFileSet()
	file := fset.AddFile("cell", -1, len(src))
	var s scanner.Scanner
	var firstErr error
	s.Init(file, []byte(src), func(pos token.Position, msg string) {
		if firstErr == nil {
			firstErr = &cellError{pos.Line, pos.Column, msg}
		}
	}, 0)
	var toks []tok
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		toks = append(toks, tok{file.Offset(pos), t, lit})
	}
	return toks, firstErr
}

// lineCol converts a byte offset of src into a 1-based line and column.
func lineCol(src string, off int) (int, int) {
	line := 1 + strings.Count(src[:off], "\n")
	col := off - strings.LastIndex(src[:off], "\n")
	return line, col
}

func tokLen(t tok) int {
	if t.lit != "" && t.tok != token.SEMICOLON {
		return len(t.lit)
	}
	return len(t.tok.String())
}

// padded returns text placed so that, after a one-line header, its first
// byte sits at line base+line, column col of the source yaegi sees.
func padded(base, line, col int, text string) string {
	return strings.Repeat("\n", base+line-1) + strings.Repeat(" ", col-1) + text
}

// parseDecl parses a declaration piece, with positions in cell lines.
func parseDecl(p piece) (*ast.File, *token.FileSet, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", "package p\n"+padded(0, p.line, p.col, p.text), parser.ParseComments)
	return f, fset, shiftErr(err)
}

// declLine converts a line of parseDecl's or parseStmts's file set to a
// cell line (their sources have one header line).
func declLine(l int) int { return l - 1 }

// shiftErr converts a parse error of a source with one header line into a
// cellError in cell lines.
func shiftErr(err error) error {
	var list scanner.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return &cellError{list[0].Pos.Line - 1, list[0].Pos.Column, list[0].Msg}
	}
	return err
}

const stmtHeader = "package p; func _() {\n"

// parseStmts parses a statement piece as a function body, with positions
// in cell lines (the body's first line is the header line 0).
func parseStmts(text string, line, col int) ([]ast.Stmt, *token.FileSet, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", stmtHeader+padded(0, line, col, text)+"\n}", 0)
	if err != nil {
		return nil, fset, shiftErr(err)
	}
	return f.Decls[0].(*ast.FuncDecl).Body.List, fset, nil
}

// nodeText prints n back as Go source.
func nodeText(fset *token.FileSet, n any) string {
	var b strings.Builder
	printer.Fprint(&b, fset, n)
	return b.String()
}

// containsCall reports whether evaluating e may run code (a call or a
// receive); such an expression is not evaluated twice.
func containsCall(e ast.Node) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.FuncLit:
			found = true
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				found = true
			}
		}
		return !found
	})
	return found
}

// bracketDepths is the one walker of a cell's tokens that the pieces of
// the session share: it returns, for each token, the number of brackets
// ((, [ and {) open before it (a closing bracket counts its own), and the
// depth after the last token (0 when the brackets balance).
func bracketDepths(toks []tok) (before []int, final int) {
	before = make([]int, len(toks))
	d := 0
	for i, t := range toks {
		before[i] = d
		switch t.tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			d++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			d--
		}
	}
	return before, d
}

// isCloser reports whether t closes a bracket.
func isCloser(t token.Token) bool {
	return t == token.RPAREN || t == token.RBRACK || t == token.RBRACE
}
