package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/notebook"
)

// TestMain lets the test binary serve as the Go session worker: `gohooks
// run` starts os.Executable() with the argument "worker".
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func writeNotebook(t *testing.T, cells ...string) string {
	t.Helper()
	nb := notebook.New()
	nb.Metadata["kernelspec"] = map[string]any{"name": "gohooks", "display_name": "Go (gohooks)", "language": "go"}
	for i, src := range cells {
		c := notebook.NewCode(src)
		c.ID = "cell" + string(rune('a'+i))
		nb.Cells = append(nb.Cells, c)
	}
	path := filepath.Join(t.TempDir(), "nb.ipynb")
	if err := notebook.WriteFile(path, nb); err != nil {
		t.Fatal(err)
	}
	return path
}

// gohooks run executes the cells in the worker and stores what Jupyter
// would: merged streams, a display updated in place, results with their
// count, and the error that stops the run.
func TestRunNotebookThroughTheWorker(t *testing.T) {
	path := writeNotebook(t,
		"x := tensorlib.Tensor1(1, 2)\nfmt.Print(\"a\")\nfmt.Println(\"b\")",
		"id := display.NewDisplayID()\ndisplay.ShowID(id, \"loss 1\")\nfmt.Println(\"step\")\ndisplay.Update(id, \"loss 2\")\nx.Sum()",
		"var t *tensorlib.Tensor\nt.Sum()",
		"fmt.Println(\"never\")",
	)
	out := filepath.Join(filepath.Dir(path), "out.ipynb")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"run", path, "--out", out, "--timeout", "60"}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit code %d, want 1 (a cell fails); stderr:\n%s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "[1/4] In [1] ok") || !strings.Contains(stderr.String(), "[3/4] In [3] error") {
		t.Errorf("progress lines:\n%s", stderr.String())
	}
	nb, err := notebook.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	c := nb.Cells
	if o := c[0].Outputs; len(o) != 1 || o[0].Text != "ab\n" {
		t.Errorf("cell 1 outputs: %+v", o)
	}
	o := c[1].Outputs
	if len(o) != 3 || o[0].Type != notebook.DisplayData || o[0].Data["text/plain"] != "loss 2" ||
		o[1].Text != "step\n" || o[2].Type != notebook.ExecuteResult || o[2].Data["text/plain"] != "tensor(3.)" || *o[2].ExecutionCount != 2 {
		for _, x := range o {
			t.Logf("%+v", *x)
		}
		t.Errorf("cell 2 outputs are not [display loss 2, stream step, result tensor(3.)]")
	}
	if o := c[2].Outputs; len(o) != 1 || o[0].Type != notebook.ErrorOutput {
		t.Errorf("cell 3 outputs: %+v", o)
	}
	if c[3].ExecutionCount != nil || len(c[3].Outputs) != 0 {
		t.Errorf("cell 4 ran after the error: %+v", c[3])
	}
	if li, _ := nb.Metadata["language_info"].(map[string]any); li["name"] != "go" || li["file_extension"] != ".go" {
		t.Errorf("language_info = %v", nb.Metadata["language_info"])
	}

	// With --allow-errors every cell runs, in place, and the exit code is 0.
	stderr.Reset()
	if code := run([]string{"run", "--allow-errors", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("--allow-errors: exit code %d; stderr:\n%s", code, stderr.String())
	}
	nb, err = notebook.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if o := nb.Cells[3].Outputs; *nb.Cells[3].ExecutionCount != 4 || len(o) != 1 || o[0].Text != "never\n" {
		t.Errorf("last cell with --allow-errors: %+v", o)
	}
}

func TestRunNotebookUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"run"}, &stdout, &stderr); code != 2 {
		t.Errorf("no notebook: exit code %d, want 2", code)
	}
	if code := run([]string{"run", filepath.Join(t.TempDir(), "missing.ipynb")}, &stdout, &stderr); code != 1 {
		t.Errorf("missing notebook: exit code %d, want 1", code)
	}
}

// gohooks console with cells piped in: multi-line input decided by the
// session, results, streams, images to files, and exit code 1 after a
// failed cell.
func TestConsoleThroughTheWorker(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "cells.go")
	cells := "func double(t *tensorlib.Tensor) *tensorlib.Tensor {\n\treturn t.MulScalar(2)\n}\n" +
		"double(tensorlib.Tensor1(1, 2))\nfmt.Println(\"hi\")\nviz.Heatmap(tensorlib.Ones(2, 2))\npanic(\"boom\")\n"
	if err := os.WriteFile(in, []byte(cells), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	images := filepath.Join(dir, "images")
	var stdout, stderr bytes.Buffer
	if code := runConsole([]string{"--images", images, "--history", "-"}, f, &stdout, &stderr); code != 1 {
		t.Errorf("exit code %d, want 1 after the panic", code)
	}
	png := filepath.Join(images, "out-4-1.png")
	want := "tensor([2., 4.])\nhi\n[image: " + png + "]\n"
	if stdout.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), want)
	}
	if !strings.Contains(stderr.String(), "boom") {
		t.Errorf("stderr = %q, want the panic", stderr.String())
	}
	b, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("%s: %v, not a PNG", png, err)
	}
}
