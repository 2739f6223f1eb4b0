package interp

import (
	"fmt"
	"go/token"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/interp/exports"
	"github.com/traefik/yaegi/stdlib"
)

var keywords = []string{"break", "case", "chan", "const", "continue", "default", "defer", "else",
	"fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map", "package",
	"range", "return", "select", "struct", "switch", "type", "var"}

// identAt returns the identifier (with its dotted prefix, "x.Fi") ending at
// cursor, as runes, and where it starts.
func identAt(code []rune, cursor int) (prefix string, start int, qual string) {
	cursor = max(0, min(cursor, len(code)))
	start = cursor
	for start > 0 && (unicode.IsLetter(code[start-1]) || unicode.IsDigit(code[start-1]) || code[start-1] == '_') {
		start--
	}
	prefix = string(code[start:cursor])
	q := start
	if q > 0 && code[q-1] == '.' {
		q--
		e := q
		for q > 0 && (unicode.IsLetter(code[q-1]) || unicode.IsDigit(code[q-1]) || code[q-1] == '_' || code[q-1] == '.') {
			q--
		}
		qual = string(code[q:e])
	}
	return prefix, start, qual
}

// packageMembers lists the exported names of an imported package.
func (s *Session) packageMembers(name string) []string {
	for path, n := range s.imports {
		if n != name {
			continue
		}
		syms := exports.Symbols[path+"/"+name]
		if syms == nil {
			syms = stdlib.Symbols[path+"/"+name]
		}
		var out []string
		for k := range syms {
			if token.IsExported(k) {
				out = append(out, k)
			}
		}
		return out
	}
	return nil
}

// members lists the fields and methods of a live value.
func members(v reflect.Value) []string {
	var out []string
	t := v.Type()
	for i := 0; i < t.NumMethod(); i++ {
		out = append(out, t.Method(i).Name)
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.Struct {
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

// Complete answers a completion request at cursor (in code points):
// keywords, packages, the session's names, and after "x." the members of
// a package or of the live value x. While a cell runs, live values are not
// looked at.
func (s *Session) Complete(code string, cursor int) Completion {
	runes := []rune(code)
	prefix, start, qual := identAt(runes, cursor)
	res := Completion{CursorStart: start, CursorEnd: max(0, min(cursor, len(runes)))}
	var cands []string
	var kinds []string
	versions := map[string]bool{}
	for _, v := range s.alias {
		versions[v] = true
	}
	add := func(names []string, kind string) {
		for _, n := range names {
			if strings.HasPrefix(n, prefix) && !strings.HasPrefix(n, "_gohooks") && !versions[n] && !isWithdrawn(s.withdrawn, n) {
				cands = append(cands, n)
				kinds = append(kinds, kind)
			}
		}
	}
	locked := s.mu.TryLock()
	if locked {
		defer s.mu.Unlock()
	}
	if qual != "" {
		if m := s.packageMembers(qual); m != nil {
			add(m, "function")
		} else if locked && !strings.ContainsAny(qual, "()") {
			if v, err := s.peek(qual); err == nil && v.IsValid() {
				add(members(v), "method")
			}
		}
	} else {
		add(keywords, "keyword")
		var pkgs []string
		for _, n := range s.imports {
			pkgs = append(pkgs, n)
		}
		add(pkgs, "package")
		if locked {
			add(sortedKeys(s.globals()), "variable")
		}
		add(sortedKeys(s.decls), "function")
	}
	seen := map[string]bool{}
	idx := make([]int, len(cands))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return cands[idx[a]] < cands[idx[b]] })
	for _, i := range idx {
		if !seen[cands[i]] {
			seen[cands[i]] = true
			res.Matches = append(res.Matches, cands[i])
			res.Types = append(res.Types, kinds[i])
		}
	}
	return res
}

// Inspect answers an inspection request at cursor (in code points): the
// doc comment and signature of an exported name of our packages, or the
// type and value of a live variable.
func (s *Session) Inspect(code string, cursor, detail int) Inspection {
	runes := []rune(code)
	end := max(0, min(cursor, len(runes)))
	for end < len(runes) && (unicode.IsLetter(runes[end]) || unicode.IsDigit(runes[end]) || runes[end] == '_') {
		end++
	}
	name, _, qual := identAt(runes, end)
	if name == "" {
		return Inspection{}
	}
	key := name
	if qual != "" {
		key = qual + "." + name
	}
	if d, ok := exports.Docs[key]; ok {
		return Inspection{Found: true, Data: display.Text(d.Signature + "\n\n" + d.Text)}
	}
	if !s.mu.TryLock() {
		return Inspection{}
	}
	defer s.mu.Unlock()
	if strings.ContainsAny(key, "()") {
		return Inspection{}
	}
	if qual != "" {
		// x.Method of a live x of one of our types: the method's doc.
		if q, err := s.peek(qual); err == nil && q.IsValid() {
			t := strings.TrimPrefix(q.Type().String(), "*")
			if d, ok := exports.Docs[t+"."+name]; ok {
				return Inspection{Found: true, Data: display.Text(d.Signature + "\n\n" + d.Text)}
			}
		}
	}
	v, err := s.peek(key)
	if err != nil || !v.IsValid() || !v.CanInterface() {
		return Inspection{}
	}
	text := fmt.Sprintf("%s: %s", key, v.Type())
	if d, ok := exports.Docs[strings.TrimPrefix(v.Type().String(), "*")]; ok {
		text += "\n\n" + d.Signature + "\n" + d.Text
	}
	val := fmt.Sprint(v.Interface())
	if len(val) > 2000 {
		val = val[:2000] + "…"
	}
	return Inspection{Found: true, Data: display.Text(text + "\n\n" + val)}
}

// IsComplete says whether code is ready to run: "incomplete" while
// brackets, a raw string or a comment are open or the code ends inside an
// expression (with an indent of one tab per open bracket), "invalid" for
// other syntax errors, "complete" otherwise.
func (s *Session) IsComplete(code string) Completeness {
	if strings.HasPrefix(strings.TrimSpace(code), "%") {
		return Completeness{Status: "complete"}
	}
	toks, err := scanCell(code)
	if err != nil {
		if strings.Contains(err.Error(), "not terminated") {
			return Completeness{Status: "incomplete"}
		}
		return Completeness{Status: "invalid"}
	}
	_, depth := bracketDepths(toks)
	if depth > 0 {
		return Completeness{Status: "incomplete", Indent: strings.Repeat("\t", depth)}
	}
	if depth < 0 {
		return Completeness{Status: "invalid"}
	}
	pieces, err := splitCell(code)
	if err != nil {
		return Completeness{Status: "invalid"}
	}
	for _, p := range pieces {
		var perr error
		if p.kind == pieceStmt {
			_, _, perr = parseStmts(p.text, p.line, p.col)
		} else {
			_, _, perr = parseDecl(p)
		}
		if perr != nil {
			if strings.Contains(perr.Error(), "EOF") || strings.Contains(perr.Error(), "found '}'") {
				return Completeness{Status: "incomplete"}
			}
			return Completeness{Status: "invalid"}
		}
	}
	return Completeness{Status: "complete"}
}
