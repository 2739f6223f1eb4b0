package interp

import (
	"go/token"
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
	line, col  int         // where text starts in the cell (1-based)
	name       string      // of a function
	firstTok   token.Token // the piece's first token
}

// splitCell cuts the cell into top-level pieces and classifies them.
func splitCell(src string) ([]piece, error) {
	toks, err := scanCell(src)
	if err != nil {
		return nil, err
	}
	var pieces []piece
	depth, final := bracketDepths(toks)
	start := -1
	for i, t := range toks {
		if start < 0 {
			if t.tok == token.SEMICOLON {
				continue
			}
			start = i
		}
		after := final // the depth after t
		if i+1 < len(toks) {
			after = depth[i+1]
		}
		if after == 0 && t.tok == token.SEMICOLON && t.lit == ";" && i > start && i < len(toks)-1 && inHeader(src, toks[start:i]) {
			// for i := 0; i < n; i++ {, if v := f(); v > 0 {: the
			// semicolons of a header do not end the statement.
			continue
		}
		if after == 0 && (t.tok == token.SEMICOLON || i == len(toks)-1) {
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
	if final != 0 {
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
			if p.name == "main" {
				return p, &cellError{p.line, p.col, "func " + p.name + " is not needed in a cell (a cell runs its statements in order): write the statements at the top level of the cell, or give the function another name"}
			}
			if len(toks) > 2 && toks[2].tok == token.LBRACK {
				p.kind = pieceDecl // generic function
			}
		} else if len(toks) > 1 && toks[1].tok == token.LPAREN {
			// method receiver or a function literal: a receiver is
			// followed by the method name.
			depth, _ := bracketDepths(toks)
			for j := 2; j < len(toks); j++ {
				if toks[j].tok == token.RPAREN && depth[j] == 1 {
					if j+1 < len(toks) && toks[j+1].tok == token.IDENT {
						p.kind = pieceDecl
					}
					break
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
	depth, _ := bracketDepths(toks)
	sawMain := false
	for i, t := range toks {
		switch t.tok {
		case token.IDENT:
			if t.lit == "main" && (depth[i] == 0 || decl && depth[i] == 1 && toks[1].tok == token.LPAREN) {
				sawMain = true
			}
		case token.DEFINE:
			if depth[i] == 0 && sawMain {
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
