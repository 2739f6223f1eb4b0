package interp

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

var updateFmt = flag.Bool("fmt.update", false, "write testdata/fmt/*.out with the output of go run")

// TestFmtPrintsProgramTypes runs the programs of testdata/fmt in a bare
// interpreter and compares what they print with what go run printed for
// them (the .out files; -fmt.update makes them again). The programs print
// values of their own types with every print function of fmt and log:
// type names (%T, %#v), the String, Error, Format and GoString methods of
// values at any depth, verbs that do not call them, panics in them.
func TestFmtPrintsProgramTypes(t *testing.T) {
	progs, err := filepath.Glob("testdata/fmt/*.go")
	if err != nil || len(progs) == 0 {
		t.Fatalf("no programs in testdata/fmt: %v", err)
	}
	for _, prog := range progs {
		name := strings.TrimSuffix(filepath.Base(prog), ".go")
		t.Run(name, func(t *testing.T) {
			golden := strings.TrimSuffix(prog, ".go") + ".out"
			if *updateFmt {
				out, err := exec.Command("go", "run", prog).CombinedOutput()
				if err != nil {
					t.Fatalf("go run %s: %v\n%s", prog, err, out)
				}
				if err := os.WriteFile(golden, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(prog)
			if err != nil {
				t.Fatal(err)
			}
			if got := runProgramStdout(t, string(src)); got != string(want) {
				t.Errorf("%s prints\n%s\ngo run printed\n%s", prog, got, want)
			}
		})
	}
}

// runProgramStdout runs a whole program in a bare interpreter and returns
// its standard output, os.Stdout included (yaegi writes a line to stderr
// for each interpreted frame a panic passes through, even one that fmt
// recovers).
func runProgramStdout(t *testing.T, src string) string {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stdout := os.Stdout
	os.Stdout = f
	defer func() { os.Stdout = stdout }()
	var errOut strings.Builder
	i := yaegi.New(yaegi.Options{Stdout: f, Stderr: &errOut})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	out, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// BenchmarkFmtSprint times fmt.Sprint in interpreted code, of compiled
// values (which reach fmt as they are) and of values of the program's
// types (which fmt prints through the interpreter's printer).
func BenchmarkFmtSprint(b *testing.B) {
	const src = `package main

import "fmt"

type point struct{ x, y int }

type S struct{ n int }

func (s S) String() string { return "S" }

var a any = 3.5

var xs = []float64{1, 2, 3}

func Compiled(i int) string { return fmt.Sprint(i, "abc", xs, a) }

func Program(i int) string { return fmt.Sprint(point{i, 2}, S{i}, []point{{1, 2}, {3, 4}}) }
`
	i := yaegi.New(yaegi.Options{})
	if err := i.Use(stdlib.Symbols); err != nil {
		b.Fatal(err)
	}
	if _, err := i.Eval(src); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"Compiled", "Program"} {
		v, err := i.Eval("main." + name)
		if err != nil {
			b.Fatal(err)
		}
		f := v.Interface().(func(int) string)
		b.Run(name, func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				f(n)
			}
		})
	}
}
