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

// A cell is split into top-level pieces by a scan of its tokens: a piece
// ends at a semicolon (written or inserted at a newline) outside brackets.
// yaegi decides "file or function body" from the first token of what it is
// given, so declarations and statements must reach it separately.

type pieceKind int

const (
	pieceStmt   pieceKind = iota // statements, var and const: run as a function body
	pieceImport                  // import declarations
	pieceType                    // type declarations
	pieceFunc                    // a non-generic function: becomes a func-typed variable
	pieceDecl                    // methods and generic functions: package-level declarations
	pieceSkip                    // a package clause: dropped
)

// piece is a top-level run of the cell's source.
type piece struct {
	kind       pieceKind
	start, end int // byte offsets in the (rewritten) cell
	text       string
	line, col  int // where text starts in the cell (1-based)
	name       string
	firstTok   token.Token
}

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

// rewriteGo wraps every go statement so that a panic in the goroutine is
// recovered and reported, and the running cell knows which of its
// goroutines still run: `go func(){ BODY }()` gets `defer R(S());` as the
// first statement of BODY (S counts the goroutine in as it starts; R counts
// it out and recovers), and `go CALL` becomes `go func() { defer R(S());
// CALL }()`. Only columns change, never lines.
func rewriteGo(src string, toks []tok) string {
	type edit struct {
		at   int
		drop int
		text string
	}
	var edits []edit
	for i := 0; i < len(toks); i++ {
		if toks[i].tok != token.GO {
			continue
		}
		if i+1 < len(toks) && toks[i+1].tok == token.FUNC {
			// find the body's opening brace: after the parameter list
			// and results, the first '{' at depth 0.
			depth := 0
			for j := i + 2; j < len(toks); j++ {
				switch toks[j].tok {
				case token.LPAREN, token.LBRACK:
					depth++
				case token.RPAREN, token.RBRACK:
					depth--
				case token.LBRACE:
					if depth == 0 {
						edits = append(edits, edit{toks[j].pos + 1, 0, " defer " + recoverFunc + "(" + goStartCall + ");"})
						j = len(toks)
					} else {
						depth++
					}
				case token.RBRACE:
					depth--
				}
			}
			continue
		}
		// go CALL: find the end of the statement.
		depth := 0
		end := len(src)
		for j := i + 1; j < len(toks); j++ {
			switch toks[j].tok {
			case token.LPAREN, token.LBRACK, token.LBRACE:
				depth++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				depth--
			}
			if depth < 0 || (depth == 0 && toks[j].tok == token.SEMICOLON) {
				end = toks[j].pos
				break
			}
		}
		edits = append(edits, edit{toks[i].pos, 2, "go func() { defer " + recoverFunc + "(" + goStartCall + ");"})
		edits = append(edits, edit{end, 0, " }()"})
	}
	if len(edits) == 0 {
		return src
	}
	var b strings.Builder
	last := 0
	// edits are in increasing order except that an outer `go CALL` end may
	// come after inner edits: sort by position.
	sortEdits(edits, func(a, b edit) bool { return a.at < b.at })
	for _, e := range edits {
		b.WriteString(src[last:e.at])
		b.WriteString(e.text)
		last = e.at + e.drop
	}
	b.WriteString(src[last:])
	return b.String()
}

func sortEdits[E any](s []E, less func(a, b E) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// splitCell cuts the cell into top-level pieces and classifies them.
func splitCell(src string) ([]piece, error) {
	toks, err := scanCell(src)
	if err != nil {
		return nil, err
	}
	var pieces []piece
	depth := 0
	start := -1
	for i, t := range toks {
		if start < 0 {
			if t.tok == token.SEMICOLON {
				continue
			}
			start = i
		}
		switch t.tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
		if depth == 0 && t.tok == token.SEMICOLON && t.lit == ";" && i > start && inHeader(src, toks[start:i]) {
			// for i := 0; i < n; i++ {, if v := f(); v > 0 {: the
			// semicolons of a header do not end the statement.
			continue
		}
		if depth == 0 && (t.tok == token.SEMICOLON || i == len(toks)-1) {
			end := t.pos
			if t.tok != token.SEMICOLON {
				end = t.pos + tokLen(t)
			} else if t.lit == ";" && i == start {
				end = t.pos
			}
			p, err := classify(src, toks[start:i+1], toks[start].pos, end)
			if err != nil {
				return nil, err
			}
			pieces = append(pieces, p)
			start = -1
		}
	}
	if depth != 0 {
		l, c := lineCol(src, len(src))
		return nil, &cellError{l, c, "unbalanced brackets"}
	}
	return pieces, nil
}

// inHeader reports whether toks, the start of a statement up to a written
// semicolon, is the unfinished header of an if, for or switch statement
// (possibly labeled, or after else): the semicolon belongs to the header.
func inHeader(src string, toks []tok) bool {
	k := 0
	if len(toks) > 2 && toks[0].tok == token.IDENT && toks[1].tok == token.COLON {
		k = 2 // a label
	}
	switch toks[k].tok {
	case token.IF, token.FOR, token.SWITCH:
	default:
		return false
	}
	last := toks[len(toks)-1]
	text := src[toks[0].pos : last.pos+tokLen(last)]
	_, _, err := parseStmts(text, 1, 1)
	return err != nil
}

func tokLen(t tok) int {
	if t.lit != "" && t.tok != token.SEMICOLON {
		return len(t.lit)
	}
	return len(t.tok.String())
}

func classify(src string, toks []tok, start, end int) (piece, error) {
	p := piece{start: start, end: end, text: src[start:end], firstTok: toks[0].tok}
	p.line, p.col = lineCol(src, start)
	switch toks[0].tok {
	case token.IMPORT:
		p.kind = pieceImport
	case token.TYPE:
		p.kind = pieceType
	case token.PACKAGE:
		p.kind = pieceSkip
	case token.FUNC:
		if len(toks) > 1 && toks[1].tok == token.IDENT {
			p.kind = pieceFunc
			p.name = toks[1].lit
			if p.name == "main" || p.name == "init" {
				return p, &cellError{p.line, p.col, "func " + p.name + " is not needed in a cell (a cell runs its statements in order): write the statements at the top level of the cell, or give the function another name"}
			}
			if len(toks) > 2 && toks[2].tok == token.LBRACK {
				p.kind = pieceDecl // generic function
			}
		} else if len(toks) > 1 && toks[1].tok == token.LPAREN {
			// method receiver or a function literal: a receiver is
			// followed by the method name.
			depth := 0
			for j := 1; j < len(toks); j++ {
				if toks[j].tok == token.LPAREN {
					depth++
				} else if toks[j].tok == token.RPAREN {
					depth--
					if depth == 0 {
						if j+1 < len(toks) && toks[j+1].tok == token.IDENT {
							p.kind = pieceDecl
						}
						break
					}
				}
			}
		}
	}
	if p.kind == pieceStmt && declaresMain(toks) {
		return p, &cellError{p.line, p.col, "main cannot be declared in a cell (the session runs cells inside its own main): use another name"}
	}
	return p, nil
}

// declaresMain reports whether a top-level statement declares the name
// main (with :=, var or const), which breaks yaegi's session.
func declaresMain(toks []tok) bool {
	decl := toks[0].tok == token.VAR || toks[0].tok == token.CONST
	depth := 0
	sawMain := false
	for _, t := range toks {
		switch t.tok {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		case token.IDENT:
			if t.lit == "main" && (depth == 0 || decl && depth == 1 && toks[1].tok == token.LPAREN) {
				sawMain = true
			}
		case token.DEFINE:
			if depth == 0 && sawMain {
				return true
			}
		case token.ASSIGN:
			if decl && sawMain {
				return true
			}
		}
		if decl && sawMain && (t.tok == token.SEMICOLON || t.tok == token.IDENT && t.lit != "main") {
			return true
		}
	}
	return decl && sawMain
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
