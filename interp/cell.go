package interp

import (
	"context"
	"go/ast"
	"sort"

	"github.com/gohooks/gohooks/display"
)

// A cell runs through named steps, the way yaegi's own compile reads:
//
//	check     uses of withdrawn names and PyTorch habits (failed.go, advice.go)
//	parse     the cell's tokens (parse.go)
//	split     top-level pieces, classified (split.go)
//	rewrite   what yaegi gets wrong, in the cell's source (rewrite.go,
//	          gostmt.go, toplevel.go, defer.go)
//	plan      imports made, declarations checked, pieces placed in the
//	          sources to run (evaluate.go)
//	evaluate  those sources, in order (evaluate.go)
//	result    the last expression's value (result.go)
//
// then the deferred calls of its statements (defer.go), and on failure,
// better messages (explain.go, advice.go) and the withdrawal of what the
// cell did not declare (failed.go). What the steps make of one cell is
// in a cell; what lasts from cell to cell is the Session's lasting state.

// cell is the scratch state of the running cell.
type cell struct {
	src    string // as written
	code   string // after rewrite: columns change, never lines
	base   int    // the cell's id in yaegi line numbers
	pieces []piece

	// Made by plan, run by evaluate.
	consts, types, vars, decls, stmts srcBuilder
	funcVars                          []string
	inits                             []string  // the cell's init functions, to call
	last                              *lastExpr // the cell's value, if any
	defers, exits                     bool      // the statements defer calls; they defer or return
	stmtLines                         []int     // first lines of the top-level statements, in order

	before   map[string]bool // global names before the statements ran (explain)
	declared map[string]bool // names the statements declare (explain)
}

// lastExpr is the cell's last expression statement, kept as written.
type lastExpr struct {
	x         ast.Expr
	text      string
	line, col int
}

// run runs a cell by the steps above.
func (s *Session) run(ctx context.Context, code string) (*display.Bundle, *Error) {
	s.sources[s.id] = code
	c := &cell{src: code, base: s.id}
	declared := topLevelNames(code)
	if e := s.useOfWithdrawn(code, declared); e != nil {
		return nil, e
	}
	if e := s.habits(code, declared); e != nil {
		return nil, e
	}
	prior := s.priorNames(declared)
	res, e := s.steps(ctx, c)
	if e != nil {
		s.explain(c, e)
		inGoWords(e)
		unshadowed(e)
		s.withdraw(declared, prior)
		return nil, e
	}
	s.redeclared(declared)
	return res, nil
}

func (s *Session) steps(ctx context.Context, c *cell) (*display.Bundle, *Error) {
	if e := s.rewrite(c); e != nil {
		return nil, e
	}
	if e := s.plan(ctx, c); e != nil {
		return nil, e
	}
	sort.Ints(c.stmtLines)
	s.cur.Lock()
	s.cur.stmtLines = c.stmtLines
	s.cur.Unlock()
	e := s.evaluate(ctx, c)
	var res *display.Bundle
	if e == nil && c.last != nil {
		res, e = s.result(ctx, c.base, c.last.x, c.last.text, c.last.line, c.last.col)
	}
	if c.exits {
		e = s.endStatements(ctx, e, c.defers)
	}
	if e != nil {
		return nil, e
	}
	return res, nil
}
