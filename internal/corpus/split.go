package corpus

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// Split cuts the source of a program in package main into the cells of a
// notebook: the imports, the other top-level declarations, and the body of
// main, dedented. Cells that would be empty are left out. Declarations keep
// their doc comments; comments between declarations that belong to none
// are dropped. Lines inside a raw string literal are never dedented.
func Split(src string) ([]string, error) {
	p, err := split(src)
	if err != nil {
		return nil, err
	}
	var cells []string
	for _, c := range []string{p.imports, p.decls, p.body} {
		if c != "" {
			cells = append(cells, c)
		}
	}
	return cells, nil
}

// parts are the three cells of a program; each may be empty.
type parts struct {
	imports, decls, body string
}

func split(src string) (parts, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "main.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return parts{}, err
	}
	if f.Name.Name != "main" {
		return parts{}, fmt.Errorf("package %s, want package main", f.Name.Name)
	}
	text := func(from, to token.Pos) string {
		return src[fset.Position(from).Offset:fset.Position(to).Offset]
	}
	// end is where a declaration ends, with a comment on its last line.
	end := func(d ast.Decl) token.Pos {
		e := d.End()
		for _, c := range f.Comments {
			if c.Pos() >= e && fset.Position(c.Pos()).Line == fset.Position(e).Line {
				e = c.End()
			}
		}
		return e
	}
	var imports, decls []string
	var body *ast.BlockStmt
	for _, d := range f.Decls {
		start := d.Pos()
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
			if d.Tok == token.IMPORT {
				imports = append(imports, text(start, end(d)))
				continue
			}
		case *ast.FuncDecl:
			if d.Doc != nil {
				start = d.Doc.Pos()
			}
			if d.Recv == nil && d.Name.Name == "main" && d.Type.TypeParams == nil {
				body = d.Body
				continue
			}
		}
		decls = append(decls, text(start, end(d)))
	}
	if body == nil {
		return parts{}, errors.New("no func main")
	}
	return parts{
		imports: strings.Join(imports, "\n"),
		decls:   strings.Join(decls, "\n\n"),
		body:    dedent(text(body.Lbrace+1, body.Rbrace), rawLines(fset, src, body)),
	}, nil
}

// rawLines reports, by offset into the body's text, the line starts that
// lie inside a raw string literal of body: dedenting them would change the
// string.
func rawLines(fset *token.FileSet, src string, body *ast.BlockStmt) map[int]bool {
	base := fset.Position(body.Lbrace).Offset + 1
	inside := map[int]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || !strings.HasPrefix(lit.Value, "`") {
			return true
		}
		from := fset.Position(lit.Pos()).Offset
		for i := from; i < from+len(lit.Value); i++ {
			if src[i] == '\n' {
				inside[i+1-base] = true
			}
		}
		return true
	})
	return inside
}

// dedent removes one tab from the start of every line of a function body,
// except the lines that start inside a raw string, and trims the blank
// lines around it.
func dedent(body string, raw map[int]bool) string {
	var b strings.Builder
	off := 0
	for _, line := range strings.SplitAfter(body, "\n") {
		start := off
		off += len(line)
		if !raw[start] {
			line = strings.TrimPrefix(line, "\t")
		}
		b.WriteString(line)
	}
	lines := strings.Split(b.String(), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
