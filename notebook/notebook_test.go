package notebook

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// A notebook as Jupyter saved it (nbformat's writes) comes back byte for
// byte: unknown metadata, attachments, CRLF line
// breaks, HTML characters and non-ASCII text unescaped.
func TestReadWriteRoundTripsJupyterBytes(t *testing.T) {
	in, err := os.ReadFile("testdata/jupyter-saved.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := Read(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Write(&out, nb); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(in) {
		t.Errorf("round trip changed the notebook:\n%s", diff(string(in), out.String()))
	}
}

func TestReadJoinsMultilineStrings(t *testing.T) {
	nb, err := ReadFile("testdata/jupyter-saved.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(nb.Cells) != 4 {
		t.Fatalf("got %d cells, want 4", len(nb.Cells))
	}
	c := nb.Cells[1]
	if c.Type != Code || c.ID != "a1b2c3d4" || *c.ExecutionCount != 3 {
		t.Errorf("code cell: type %q id %q count %v", c.Type, c.ID, *c.ExecutionCount)
	}
	if want := "fmt.Println(\"one\")\nfmt.Println(\"two\")\nx"; c.Source != want {
		t.Errorf("source = %q, want %q", c.Source, want)
	}
	if len(c.Outputs) != 3 {
		t.Fatalf("got %d outputs, want 3", len(c.Outputs))
	}
	if o := c.Outputs[0]; o.Type != Stream || o.Name != "stdout" || o.Text != "one\ntwo\n" {
		t.Errorf("stream output = %+v", o)
	}
	r := c.Outputs[1]
	if r.Data["text/plain"] != "tensor([1., 2.])" || r.Data["image/svg+xml"] != "<svg>\n</svg>" || *r.ExecutionCount != 3 {
		t.Errorf("execute_result = %+v", r)
	}
	if e := c.Outputs[2]; e.EName != "panic" || len(e.Traceback) != 1 || !strings.HasPrefix(e.Traceback[0], "\x1b[31m") {
		t.Errorf("error output = %+v", e)
	}
	if nb.Cells[2].ExecutionCount != nil || nb.Cells[2].Source != "" {
		t.Errorf("empty cell = %+v", nb.Cells[2])
	}
	if got := nb.Cells[3].Source; got != "raw\r\ntext" {
		t.Errorf("raw source = %q", got)
	}
}

// An nbformat 4.4 notebook (no cell ids, sources as strings) is written as
// 4.5 with new ids.
func TestWriteUpgradesTo45WithIDs(t *testing.T) {
	nb, err := ReadFile("testdata/old-4.4.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Write(&out, nb); err != nil {
		t.Fatal(err)
	}
	again, err := Read(&out)
	if err != nil {
		t.Fatal(err)
	}
	if again.Minor != 5 {
		t.Errorf("nbformat_minor = %d, want 5", again.Minor)
	}
	for i, c := range again.Cells {
		if len(c.ID) != 8 {
			t.Errorf("cell %d id = %q, want 8 hex digits", i, c.ID)
		}
	}
	if again.Cells[0].Source != "# Title\nText" || again.Cells[1].Outputs[0].Text != "1\n" {
		t.Errorf("contents changed: %+v %+v", again.Cells[0], again.Cells[1].Outputs[0])
	}
}

func TestSplitLinesMatchesPython(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"", []string{}},
		{"a", []string{"a"}},
		{"a\n", []string{"a\n"}},
		{"a\nb", []string{"a\n", "b"}},
		{"a\r\nb\rc\n\n", []string{"a\r\n", "b\r", "c\n", "\n"}},
		{"é\u2028x", []string{"é\u2028", "x"}},
	}
	for _, c := range cases {
		got := splitLines(c.in)
		if strings.Join(got, "|") != strings.Join(c.want, "|") || len(got) != len(c.want) {
			t.Errorf("splitLines(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestReadRejectsOtherFormats(t *testing.T) {
	for _, in := range []string{`{"nbformat": 3, "worksheets": []}`, `[1]`, `{"nbformat": 4, "cells": [{"cell_type": "heading"}]}`} {
		if _, err := Read(strings.NewReader(in)); err == nil {
			t.Errorf("Read(%s) succeeded, want an error", in)
		}
	}
}

// diff shows the first differing line of two texts.
func diff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\n want " + w + "\n  got " + g
		}
	}
	return "(no difference)"
}

func itoa(i int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
		if i == 0 {
			return string(b)
		}
	}
}

// Numbers in metadata keep their spelling: no float64 round trip.
func TestWriteKeepsNumbersAsWritten(t *testing.T) {
	in := `{"cells": [], "metadata": {"big": 12345678901234567890, "x": 2.50, "e": 1e-07}, "nbformat": 4, "nbformat_minor": 5}`
	nb, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Write(&out, nb); err != nil {
		t.Fatal(err)
	}
	want := "{\n \"cells\": [],\n \"metadata\": {\n  \"big\": 12345678901234567890,\n  \"e\": 1e-07,\n  \"x\": 2.50\n },\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
