package corpus

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
	"github.com/traefik/yaegi/stdlib/unrestricted"

	"github.com/gohooks/gohooks/interp"
	"github.com/gohooks/gohooks/notebook"
)

var (
	only   = flag.String("corpus.run", "", "run only the programs whose name matches this regular expression")
	report = flag.String("corpus.report", "", "write every program's result, as markdown, to `FILE`")
	keep   = flag.String("corpus.keep", "", "keep the executed notebooks in `DIR`")
	whole  = flag.Bool("corpus.yaegi", false, "also run each program as one file in a bare yaegi, for the report")
)

// TestMain lets the test binary serve as the Go session worker, as the
// gohooks binary does for `gohooks run`, and as `yaegi run` of the
// module's yaegi for -corpus.yaegi.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		if err := interp.ServeWorker(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if len(os.Args) > 2 && os.Args[1] == "yaegi-run" {
		os.Exit(yaegiRun(os.Args[2]))
	}
	os.Exit(m.Run())
}

// outcome is what a program printed and whether it failed.
type outcome struct {
	stdout, stderr string
	failed         bool
	errText        string // go run: the exit status; notebook: the failed cell's error
	shown          string // notebook: the first result or display, which go run never prints
}

// programs lists the corpus: the folders of testdata named NN-name.
func programs(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile(`^[0-9]{2,3}-[a-z0-9-]+$`)
	var filter *regexp.Regexp
	if *only != "" {
		filter = regexp.MustCompile(*only)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && name.MatchString(e.Name()) && (filter == nil || filter.MatchString(e.Name())) {
			names = append(names, e.Name())
		}
	}
	return names
}

// knownFailures reads testdata/known-failures.txt: lines "name: reason",
// with # comments and blank lines.
func knownFailures(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open("testdata/known-failures.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, reason, ok := strings.Cut(line, ":")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("known-failures.txt:%d: want \"name: reason\", got %q", n, line)
		}
		if _, err := os.Stat(filepath.Join("testdata", name, "main.go")); err != nil {
			t.Fatalf("known-failures.txt:%d: no program %s", n, name)
		}
		known[name] = strings.TrimSpace(reason)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}

// yaegiRun runs a Go file in a bare yaegi interpreter, as the yaegi
// command does (yaegi run -unrestricted), without gohooks' session.
func yaegiRun(path string) int {
	i := yaegi.New(yaegi.Options{Stdout: os.Stdout, Stderr: os.Stderr})
	for _, s := range []yaegi.Exports{stdlib.Symbols, yaegi.Symbols, unrestricted.Symbols} {
		if err := i.Use(s); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	if _, err := i.EvalPath(path); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// result is what became of a program.
type result struct {
	diff  string  // how the notebook differs from go run, "" when it does not
	whole *string // with -corpus.yaegi: how yaegi run of the whole file differs
	err   error   // the test could not run it
}

// runProgram runs a program and its notebook (and with -corpus.yaegi, the
// program as one file in yaegi) and compares them.
func runProgram(name, tmp string) result {
	src, err := os.ReadFile(filepath.Join("testdata", name, "main.go"))
	if err != nil {
		return result{err: err}
	}
	want := goRun(name)
	got, err := notebookRun(string(src), filepath.Join(tmp, name+".ipynb"))
	if err != nil {
		return result{err: fmt.Errorf("running the notebook: %w", err)}
	}
	r := result{diff: compare(want, got)}
	if *whole {
		d := compare(want, run(os.Args[0], "yaegi-run", filepath.Join("testdata", name, "main.go")))
		r.whole = &d
	}
	return r
}

var exitStatus = regexp.MustCompile(`(?m)^exit status [0-9]+\n\z`)

// goRun runs a program with go run, which keeps the executable in the
// build cache for the next time.
func goRun(name string) outcome {
	return run("go", "run", "./testdata/"+name)
}

// run runs a command and says what it printed and whether it failed.
func run(name string, args ...string) outcome {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	o := outcome{stdout: stdout.String(), stderr: stderr.String()}
	if err != nil {
		// go run exits with status 1 and reports the program's own exit
		// status as the last line of stderr.
		o.failed, o.errText = true, err.Error()+": "+firstLine(o.stderr)
		if m := exitStatus.FindStringIndex(o.stderr); m != nil {
			o.errText = strings.TrimSpace(o.stderr[m[0]:])
			o.stderr = o.stderr[:m[0]]
		}
	}
	return o
}

// notebookRun splits the program into cells, saves them as a notebook,
// reads it back and runs it in a fresh worker, as gohooks run does.
func notebookRun(src, path string) (outcome, error) {
	cells, err := Split(src)
	if err != nil {
		return outcome{}, fmt.Errorf("splitting: %w", err)
	}
	nb := notebook.New()
	nb.Metadata["kernelspec"] = map[string]any{"name": "gohooks", "display_name": "Go (gohooks)", "language": "go"}
	for _, c := range cells {
		nb.Cells = append(nb.Cells, notebook.NewCode(c))
	}
	if err := notebook.WriteFile(path, nb); err != nil {
		return outcome{}, err
	}
	if nb, err = notebook.ReadFile(path); err != nil {
		return outcome{}, err
	}
	var log bytes.Buffer
	client, err := interp.NewClient(interp.ClientOptions{Log: &log})
	if err != nil {
		return outcome{}, err
	}
	runErr := notebook.Run(context.Background(), nb, client, notebook.Options{Timeout: 30 * time.Second})
	client.Close()
	var o outcome
	var stdout, stderr strings.Builder
	for i, c := range nb.Cells {
		for _, out := range c.Outputs {
			if (out.Type == notebook.ExecuteResult || out.Type == notebook.DisplayData) && o.shown == "" {
				o.shown = fmt.Sprintf("cell %d shows %q", i+1, out.Data["text/plain"])
			}
			if out.Type != notebook.Stream {
				continue
			}
			if out.Name == "stderr" {
				stderr.WriteString(out.Text)
			} else {
				stdout.WriteString(out.Text)
			}
		}
	}
	o.stdout, o.stderr = stdout.String(), stderr.String()
	var ce *notebook.CellError
	switch {
	case errors.As(runErr, &ce):
		o.failed = true
		o.errText = fmt.Sprintf("cell %d: %s: %s", ce.Index+1, ce.Err.Name, ce.Err.Value)
	case runErr != nil:
		return o, runErr
	}
	return o, notebook.WriteFile(path, nb)
}

// compare says how the notebook's outcome differs from go run's, or ""
// when it does not: the same standard output, the same standard error
// when the program succeeds, a failed cell when the program fails (with
// the panic's message, when it panicked), and no cell result (main's
// last statement discards its value).
func compare(want, got outcome) string {
	if got.failed && !want.failed {
		return got.errText
	}
	if got.shown != "" {
		return got.shown + ", which go run does not print"
	}
	if d := firstDiff(want.stdout, got.stdout); d != "" {
		return "stdout " + d
	}
	if !want.failed {
		if d := firstDiff(want.stderr, got.stderr); d != "" {
			return "stderr " + d
		}
		return ""
	}
	if !got.failed {
		return "go run failed (" + want.errText + "), the notebook did not"
	}
	if msg, ok := strings.CutPrefix(firstLine(want.stderr), "panic: "); ok {
		msg = strings.TrimSuffix(msg, " [recovered]")
		if !strings.Contains(got.errText, msg) {
			return fmt.Sprintf("go run panicked with %q; the notebook failed with %q", msg, got.errText)
		}
	}
	return ""
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// firstDiff names the first line where got differs from want.
func firstDiff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.SplitAfter(want, "\n"), strings.SplitAfter(got, "\n")
	for i := 0; ; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d: go run %q, notebook %q", i+1, wl, gl)
		}
	}
}

// TestCorpus runs every program of testdata with go and as a notebook, and
// compares what they print.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the corpus builds and runs every program")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	names := programs(t)
	known := knownFailures(t)
	tmp := *keep
	if tmp == "" {
		tmp = t.TempDir()
	} else if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}

	// The programs run in a pool of their own, wider than go test's
	// -parallel: many of them sleep, or wait for go run or their worker to
	// start.
	start := time.Now()
	results := make([]result, len(names))
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(4, 2*runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range next {
				results[i] = runProgram(names[i], tmp)
			}
		})
	}
	for i := range names {
		next <- i
	}
	close(next)
	wg.Wait()
	t.Logf("ran %d programs and their notebooks in %.1fs", len(names), time.Since(start).Seconds())

	diffs := map[string]string{}
	for i, name := range names {
		r := results[i]
		diffs[name] = r.diff
		if r.whole != nil {
			diffs[name+" yaegi"] = *r.whole
		}
		t.Run(name, func(t *testing.T) {
			reason, listed := known[name]
			switch {
			case r.err != nil:
				t.Fatal(r.err)
			case r.diff != "" && !listed:
				t.Errorf("the notebook differs from go run: %s", r.diff)
			case r.diff == "" && listed && strings.HasPrefix(reason, "sometimes"):
				t.Logf("passed this time; listed as failing in some runs: %s", reason)
			case r.diff == "" && listed:
				t.Errorf("passes now: remove it from testdata/known-failures.txt (listed as %q)", reason)
			}
		})
	}
	pass := 0
	for _, n := range names {
		if diffs[n] == "" {
			pass++
		}
	}
	t.Logf("%d of %d programs give go run's output as notebooks", pass, len(names))
	if *report != "" {
		writeReport(t, *report, names, diffs, known, pass)
	}
}

func writeReport(t *testing.T, path string, names []string, results, known map[string]string, pass int) {
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d programs give go run's output as notebooks.\n\n", pass, len(names))
	failing := []string{}
	for _, n := range names {
		if results[n] != "" {
			failing = append(failing, n)
		}
	}
	sort.Strings(failing)
	for _, n := range failing {
		fmt.Fprintf(&b, "- **%s**: %s\n", n, results[n])
		if r := known[n]; r != "" {
			fmt.Fprintf(&b, "  - known: %s\n", r)
		}
		if d, ok := results[n+" yaegi"]; ok {
			if d == "" {
				d = "same as go run"
			}
			fmt.Fprintf(&b, "  - yaegi run of the whole file: %s\n", d)
		}
	}
	if *whole {
		same := 0
		for _, n := range names {
			if results[n+" yaegi"] == "" {
				same++
			}
		}
		fmt.Fprintf(&b, "\nyaegi run of the whole file gives go run's output for %d of %d programs.\n", same, len(names))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Error(err)
	}
}

// The README's Cells section states how many programs pass: the corpus
// less its known failures (TestCorpus keeps that list true).
func TestReadmeStatesThePassCount(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	names := programs(t)
	if *only != "" {
		t.Skip("-corpus.run selects a part of the corpus")
	}
	want := fmt.Sprintf("**%d of the %d give `go run`'s output", len(names)-len(knownFailures(t)), len(names))
	if !strings.Contains(strings.Join(strings.Fields(string(readme)), " "), want) {
		t.Errorf("README.md does not say %q", want)
	}
}
