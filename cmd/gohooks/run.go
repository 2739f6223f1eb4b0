package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"time"

	"github.com/gohooks/gohooks/notebook"
)

// runNotebook is `gohooks run`: it executes a notebook's code cells in one
// Go session and writes their outputs into the notebook.
func runNotebook(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gohooks run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "write the executed notebook to `FILE` instead of over NOTEBOOK")
	allowErrors := fs.Bool("allow-errors", false, "run every cell even after one fails, and exit 0")
	timeout := fs.Float64("timeout", 0, "stop a cell that runs longer than `S` seconds (0: no limit)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: gohooks run NOTEBOOK [--out FILE] [--allow-errors] [--timeout S]\n\n"+
			"Runs the code cells of NOTEBOOK (.ipynb) top to bottom in one Go session, the\n"+
			"same session the Jupyter kernel uses, and saves their outputs into the\n"+
			"notebook. A line per cell goes to standard error; on a terminal, a cell that\n"+
			"runs longer than a second shows its number and how long it has run. The Go\n"+
			"modules the cells import are recorded with their versions in the notebook's\n"+
			"metadata and loaded at those versions before the first cell. At the first\n"+
			"failed cell the notebook is saved with its outputs so far and the exit status\n"+
			"is 1. With --timeout, a cell that does not stop when its time is up restarts\n"+
			"the session, and its variables are lost.\n\n")
		fs.PrintDefaults()
	}
	// Accept flags before and after the notebook name.
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		paths = append(paths, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(paths) != 1 {
		fs.Usage()
		return 2
	}
	if *timeout < 0 {
		fmt.Fprintln(stderr, "gohooks run: --timeout must not be negative")
		return 2
	}
	in := paths[0]
	dest := in
	if *out != "" {
		dest = *out
	}
	nb, err := notebook.ReadFile(in)
	if err != nil {
		fmt.Fprintln(stderr, "gohooks run:", err)
		return 1
	}
	backend, err := newBackend()
	if err != nil {
		fmt.Fprintln(stderr, "gohooks run:", err)
		return 1
	}
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	start := time.Now()
	runErr := notebook.LoadRequirements(ctx, nb, backend)
	if runErr == nil {
		progress, stopProgress := progressWriter(stderr, len(nb.CodeCells()))
		runErr = notebook.Run(ctx, nb, backend, notebook.Options{
			AllowErrors: *allowErrors,
			Timeout:     time.Duration(*timeout * float64(time.Second)),
			Progress:    progress,
		})
		stopProgress()
		if err := notebook.SaveRequirements(ctx, nb, backend); err != nil && runErr == nil {
			runErr = err
		}
	}
	backend.Close()
	setLanguageInfo(nb)
	if err := notebook.WriteFile(dest, nb); err != nil {
		fmt.Fprintln(stderr, "gohooks run:", err)
		return 1
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "gohooks run: %s: %v\ngohooks run: wrote the outputs so far to %s\n", in, runErr, dest)
		return 1
	}
	fmt.Fprintf(stderr, "gohooks run: %d code cells in %.1fs, wrote %s\n", len(nb.CodeCells()), time.Since(start).Seconds(), dest)
	return 0
}

// setLanguageInfo records the language as the kernel reports it in
// kernel_info, so a notebook run here and one run in Jupyter carry the same
// metadata.
func setLanguageInfo(nb *notebook.Notebook) {
	li, _ := nb.Metadata["language_info"].(map[string]any)
	if li == nil {
		li = map[string]any{}
	}
	li["name"] = "go"
	li["version"] = strings.TrimPrefix(runtime.Version(), "go")
	li["mimetype"] = "text/x-go"
	li["file_extension"] = ".go"
	li["pygments_lexer"] = "go"
	li["codemirror_mode"] = "go"
	li["nbconvert_exporter"] = "script"
	nb.Metadata["language_info"] = li
}
