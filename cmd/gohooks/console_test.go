package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
)

// braceSession is a fake Go session: a cell is incomplete while it has
// more '{' than '}', and each complete cell is answered from a table.
type braceSession struct {
	ran   []string
	cells map[string]func(s backend.Sink) backend.ExecuteReply
}

func (b *braceSession) Execute(ctx context.Context, req backend.ExecuteRequest, s backend.Sink) backend.ExecuteReply {
	b.ran = append(b.ran, req.Code)
	if f, ok := b.cells[req.Code]; ok {
		return f(s)
	}
	return backend.ExecuteReply{}
}

func (b *braceSession) IsComplete(code string) backend.Completeness {
	depth := strings.Count(code, "{") - strings.Count(code, "}")
	if depth > 0 {
		return backend.Completeness{Status: "incomplete", Indent: strings.Repeat("\t", depth)}
	}
	return backend.Completeness{Status: "complete"}
}

func (b *braceSession) Complete(code string, cursor int) backend.Completion {
	// Complete the identifier before the cursor from a fixed vocabulary.
	r := []rune(code)[:cursor]
	start := len(r)
	for start > 0 && (r[start-1] == '.' || r[start-1] >= 'A' && r[start-1] <= 'z') {
		start--
	}
	word := string(r[start:])
	var m []string
	for _, w := range []string{"tensorlib.Rand", "tensorlib.Randn", "tensorlib.Zeros", "fmt.Println"} {
		if strings.HasPrefix(w, word) {
			m = append(m, w)
		}
	}
	return backend.Completion{Matches: m, CursorStart: start, CursorEnd: cursor}
}

var onePixelPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==")

func TestConsoleRunsPipedCells(t *testing.T) {
	sess := &braceSession{cells: map[string]func(backend.Sink) backend.ExecuteReply{
		"func f() int {\n\treturn 1\n}": func(s backend.Sink) backend.ExecuteReply { return backend.ExecuteReply{} },
		"f() + 1": func(s backend.Sink) backend.ExecuteReply {
			r := display.Text("2")
			return backend.ExecuteReply{Result: &r}
		},
		"fmt.Println(\"hi\")": func(s backend.Sink) backend.ExecuteReply {
			s.Stream("stdout", "hi\n")
			return backend.ExecuteReply{}
		},
		"viz.Heatmap(x)": func(s backend.Sink) backend.ExecuteReply {
			s.Display(display.PNG(onePixelPNG), "", false)
			r := display.PNG(onePixelPNG)
			return backend.ExecuteReply{Result: &r}
		},
		"panic(1)": func(s backend.Sink) backend.ExecuteReply {
			return backend.ExecuteReply{Err: &backend.Error{Name: "panic", Value: "1", Traceback: []string{"panic: 1", "  at line 1"}}}
		},
		"name := input()": func(s backend.Sink) backend.ExecuteReply {
			line, err := s.Input("name? ", false)
			if err != nil {
				t.Errorf("Input: %v", err)
			}
			s.Stream("stdout", "hello "+line+"\n")
			return backend.ExecuteReply{}
		},
	}}
	in := "func f() int {\n\treturn 1\n}\n\nf() + 1\nfmt.Println(\"hi\")\nviz.Heatmap(x)\npanic(1)\nname := input()\nGopher\nfor {"
	var out, errOut bytes.Buffer
	dir := t.TempDir()
	c := &console{session: sess, in: &plainReader{r: bufio.NewReader(strings.NewReader(in))}, out: &out, errOut: &errOut, imageDir: dir}
	if code := c.loop(); code != 1 {
		t.Errorf("exit code %d, want 1 after a failed cell", code)
	}
	wantRan := []string{"func f() int {\n\treturn 1\n}", "f() + 1", "fmt.Println(\"hi\")", "viz.Heatmap(x)", "panic(1)", "name := input()", "for {"}
	if strings.Join(sess.ran, "|") != strings.Join(wantRan, "|") {
		t.Errorf("cells run:\n%q\nwant\n%q", sess.ran, wantRan)
	}
	img1, img2 := filepath.Join(dir, "out-4-1.png"), filepath.Join(dir, "out-4-2.png")
	wantOut := "2\nhi\n[image: " + img1 + "]\n[image: " + img2 + "]\nname? hello Gopher\n"
	if out.String() != wantOut {
		t.Errorf("stdout:\n%s\nwant\n%s", out.String(), wantOut)
	}
	if errOut.String() != "panic: 1\n  at line 1\n" {
		t.Errorf("stderr = %q", errOut.String())
	}
	for _, p := range []string{img1, img2} {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(b, onePixelPNG) {
			t.Errorf("%s: %v, %d bytes, want the PNG shown", p, err, len(b))
		}
	}
}

func TestConsoleCompletesInContext(t *testing.T) {
	c := &console{session: &braceSession{}}
	var listed string
	list := func(s string) { listed += s }
	line, pos, ok := c.complete("x := tensorlib.Ze", 17, list)
	if !ok || line != "x := tensorlib.Zeros" || pos != len(line) {
		t.Errorf("unique match: %q %d %v", line, pos, ok)
	}
	line, pos, ok = c.complete("y := tensorlib.Ra(1)", 17, list)
	if !ok || line != "y := tensorlib.Rand(1)" || pos != 19 {
		t.Errorf("common prefix: %q %d %v", line, pos, ok)
	}
	_, _, ok = c.complete("tensorlib.Rand", 14, list)
	if ok || listed != "tensorlib.Rand  tensorlib.Randn\n" {
		t.Errorf("ambiguous: ok %v, listed %q", ok, listed)
	}
	// On a continuation line the typed lines are part of the code.
	c.setBuffer("for i := range 3 {", true)
	line, _, ok = c.complete("\tfmt.P", 6, list)
	if !ok || line != "\tfmt.Println" {
		t.Errorf("continuation: %q %v", line, ok)
	}
}

func TestConsoleHistoryPersists(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "console-history")
	h := newConsoleHistory(path, 3)
	for _, s := range []string{"a := 1", "a := 1", "b := \"two\"", "c", "d"} {
		h.Add(s)
	}
	if h.Len() != 3 || h.At(0) != "d" || h.At(2) != "b := \"two\"" {
		t.Errorf("in memory: len %d, newest %q, oldest %q", h.Len(), h.At(0), h.At(h.Len()-1))
	}
	again := newConsoleHistory(path, 3)
	if again.Len() != 3 || again.At(0) != "d" || again.At(1) != "c" || again.At(2) != "b := \"two\"" {
		t.Errorf("reloaded: %q", again.entries)
	}
	mem := newConsoleHistory("-", 3)
	mem.Add("x")
	if mem.Len() != 1 {
		t.Errorf("in-memory history has %d entries", mem.Len())
	}
}
