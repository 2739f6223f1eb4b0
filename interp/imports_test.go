package interp

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/display"
)

// These tests fetch real modules through the user's GOPROXY into the
// user's module cache, as a session does.

// moduleCases are run in a cell and by go run; the outputs must agree.
var moduleCases = []struct {
	module, version, body string
	// gap is the start of the import error the interpreter gives today,
	// if it cannot load the module yet.
	gap string
	// imports are the other packages body uses (fmt and module are
	// imported).
	imports []string
}{
	{"github.com/google/uuid", "v1.6.0", `ns := uuid.MustParse("6ba7b811-9dad-11d1-80b4-00c04fd430c8")
u := uuid.NewSHA1(ns, []byte("gohooks"))
v, variant := u.Version(), u.Variant()
fmt.Println(u, v == 5, variant == uuid.RFC4122)
p, err := uuid.Parse("f47ac10b-58cc-4372-a567-0e02b2c3d479")
fmt.Println(p.Version() == 4, err, len(uuid.New().String()))`, "", nil},
	{"github.com/montanaflynn/stats", "v0.14.0", `d := stats.Float64Data{1, 2, 3, 4, 10}
m, _ := d.Median()
sd, _ := d.StandardDeviation()
p, _ := d.Percentile(75)
fmt.Println(m, sd, p)`, "", nil},
	{"github.com/shopspring/decimal", "v1.6.0", `a := decimal.RequireFromString("0.1")
b := decimal.NewFromFloat(0.2)
fmt.Println(a.Add(b), a.Add(b).Equal(decimal.RequireFromString("0.3")), decimal.NewFromInt(10).DivRound(decimal.NewFromInt(3), 4))`, "", nil},
	{"github.com/dustin/go-humanize", "v1.1.0", `fmt.Println(humanize.Bytes(82854982), humanize.Comma(1234567), humanize.Ordinal(3))`, "", nil},
	{"github.com/samber/lo", "v1.53.0", `xs := []int{5, 1, 4, 1, 5, 9, 2, 6, 5, 3}
fmt.Println(lo.Uniq(xs), lo.Map(xs[:3], func(x int, _ int) string { return strconv.Itoa(x * 10) }))
fmt.Println(lo.Filter(xs, func(x int, _ int) bool { return x%2 == 1 }), lo.Chunk(xs, 4))
groups := lo.GroupBy(xs, func(x int) string { return lo.Ternary(x%2 == 0, "even", "odd") })
keys := lo.Keys(groups)
sort.Strings(keys)
fmt.Println(keys, groups["even"], lo.Sum(xs), lo.Max(xs), lo.Contains(xs, 9))
fmt.Println(lo.Reduce(xs, func(acc int, x int, _ int) int { return acc*2 + x }, 0))
n := lo.Must(strconv.Atoi("42"))
fmt.Println(n, lo.Capitalize("hello"), lo.CamelCase("some_name here"), lo.Times(3, func(i int) int { return i * i }))
ys := []int{1, 2, 3}
mutable.Reverse(ys)
fmt.Println(ys, lop.Map([]int{1, 2, 3}, func(x int, _ int) int { return x * x }))
fmt.Println(lo.PartitionBy(xs, func(x int) string { return lo.Ternary(x > 4, "big", "small") }))
fmt.Println(lo.SliceToMap([]string{"a", "bb"}, func(s string) (string, int) { return s, len(s) }))
_, err := lo.Find(xs, func(x int) bool { return x > 100 })
fmt.Println(err, lo.IndexOf(xs, 9), lo.Flatten([][]int{{1}, {2, 3}}))`, "", []string{"sort", "strconv", "github.com/samber/lo/mutable", `lop "github.com/samber/lo/parallel"`}},
	{"gopkg.in/yaml.v3", "v3.0.1", `type Config struct {
	Name  string   ` + "`yaml:\"name\"`" + `
	Port  int      ` + "`yaml:\"port\"`" + `
	Tags  []string ` + "`yaml:\"tags\"`" + `
	Debug bool     ` + "`yaml:\"debug\"`" + `
}
var c Config
err := yaml.Unmarshal([]byte("name: web\nport: 8080\ntags: [a, b]\ndebug: true\n"), &c)
fmt.Println(c, err)
out, _ := yaml.Marshal(map[string]any{"x": 1, "y": []int{2, 3}})
fmt.Print(string(out))`, "", nil},
	{"github.com/spf13/cast", "v1.10.0", `fmt.Println(cast.ToInt("42"), cast.ToString(3.5), cast.ToBool("true"), cast.ToStringSlice([]any{"a", 1}))
n, err := cast.ToIntE("x")
fmt.Println(n, err)
fmt.Println(cast.ToStringMap(map[string]any{"a": 1}), cast.ToDuration("1m30s"))`, "", nil},
	{"github.com/pkg/errors", "v0.9.1", `base := errors.New("disk full")
err := errors.Wrap(base, "saving")
fmt.Println(err, errors.Cause(err) == base)
err2 := errors.Wrapf(err, "job %d", 7)
fmt.Println(err2.Error(), errors.Is(err2, base))`, "", nil},
}

// importLines returns the import declaration of fmt, module and the
// other imports ("path" or `name "path"`).
func importLines(module string, imports []string) string {
	lines := "import (\n\t\"fmt\"\n\t\"" + module + "\"\n"
	for _, imp := range imports {
		if !strings.HasSuffix(imp, `"`) {
			imp = strconv.Quote(imp)
		}
		lines += "\t" + imp + "\n"
	}
	return lines + ")\n"
}

// goRun runs body as the main function of a program that requires
// module at version and imports fmt, module and imports, and returns what
// it printed.
func goRun(t *testing.T, module, version, body string, imports ...string) string {
	t.Helper()
	dir := t.TempDir()
	mod := "module example.com/run\n\ngo 1.26\n\nrequire " + module + " " + version + "\n"
	src := "package main\n\n" + importLines(module, imports) + "\nfunc main() {\n" + body + "\n}\n"
	for name, text := range map[string]string{"go.mod": mod, "main.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, err.(*exec.ExitError).Stderr)
	}
	return string(out)
}

func TestImportedModulesPrintWhatGoRunPrints(t *testing.T) {
	for _, c := range moduleCases {
		t.Run(c.module[strings.LastIndex(c.module, "/")+1:], func(t *testing.T) {
			s := newTestSession(t)
			defer s.Close()
			if rep, _ := runCell(t, s, "%require "+c.module+"@"+c.version); rep.Err != nil {
				t.Fatalf("%%require: %s", rep.Err.Value)
			}
			rep, r := runCell(t, s, importLines(c.module, c.imports)+c.body)
			if rep.Err != nil {
				if c.gap != "" && strings.Contains(rep.Err.Value, c.gap) && strings.HasPrefix(rep.Err.Value, "cannot import \""+c.module+"\"") {
					t.Skipf("the interpreter cannot load %s yet: %s", c.module, rep.Err.Value)
				}
				t.Fatalf("cell: %s", rep.Err.Value)
			}
			if want := goRun(t, c.module, c.version, c.body, c.imports...); r.stdout.String() != want {
				t.Errorf("cell printed %q, go run %q", r.stdout.String(), want)
			}
			if rep, _ := runCell(t, s, "%modules"); rep.Result == nil || !strings.Contains(rep.Result.Data[display.MIMEText].(string), c.module+" ") {
				t.Errorf("%%modules does not list %s: %+v", c.module, rep.Result)
			}
		})
	}
}

// sessionWithVariable returns a session in which x is 42.
func sessionWithVariable(t *testing.T) *Session {
	t.Helper()
	s := newTestSession(t)
	t.Cleanup(func() { s.Close() })
	check(t, s, "x := 42", cellOut{})
	return s
}

// importFails runs code and checks that it fails with an error containing
// each of want, and that x survives.
func importFails(t *testing.T, s *Session, code string, want ...string) {
	t.Helper()
	rep, _ := runCell(t, s, code)
	if rep.Err == nil {
		t.Fatalf("cell %q: no error", code)
	}
	for _, w := range want {
		if !strings.Contains(rep.Err.Value, w) {
			t.Errorf("cell %q: error %q does not contain %q", code, rep.Err.Value, w)
		}
	}
	check(t, s, "x", cellOut{result: "42"})
}

func TestImportOfAModuleThatDoesNotExist(t *testing.T) {
	s := sessionWithVariable(t)
	importFails(t, s, "import \"github.com/gohooks-nosuch/nosuchmodule\"\ny := 1",
		`cannot import "github.com/gohooks-nosuch/nosuchmodule": no module provides it`, "check the import path")
	check(t, s, "y", cellOut{err: "compile error: undefined: y", where: "line 1"})
}

func TestRequireOfAVersionThatDoesNotExist(t *testing.T) {
	s := sessionWithVariable(t)
	importFails(t, s, "%require github.com/google/uuid@v9.9.9",
		"cannot require github.com/google/uuid@v9.9.9: no such version", "go list -m -versions github.com/google/uuid")
}

func TestImportWithoutNetworkAndAnEmptyCache(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOMODCACHE", t.TempDir())
	s := sessionWithVariable(t)
	importFails(t, s, "import \"github.com/google/uuid\"",
		`cannot import "github.com/google/uuid"`, "the module cache has no copy", "connect to the network")
}

func TestImportWithoutNetworkFromAWarmCache(t *testing.T) {
	// Fill the user's cache first (a no-op when it holds the module).
	goRun(t, "github.com/google/uuid", "v1.6.0", "fmt.Println(uuid.Nil)")
	t.Setenv("GOPROXY", "off")
	s := sessionWithVariable(t)
	check(t, s, "import \"github.com/google/uuid\"\nuuid.Nil.String()", cellOut{result: "00000000-0000-0000-0000-000000000000"})
}

func TestImportOfAPackageTheInterpreterCannotLoad(t *testing.T) {
	// Initializing the package overflows the stack: the probe process
	// dies, the session does not.
	fakeProxy(t, "example.com/deep", map[string]string{
		"deep.go": "package deep\n\nvar Depth = down(0)\n\nfunc down(n int) int { return down(n+1) + 1 }\n",
	})
	s := sessionWithVariable(t)
	importFails(t, s, "import \"example.com/deep\"",
		`cannot import "example.com/deep" (module example.com/deep v1.0.0): the interpreter cannot run its source: the interpreter crashed loading it (fatal error: stack overflow)`, "variables are kept")
	// Tried once: the second import gives the same error at once.
	importFails(t, s, "import \"example.com/deep\"", "the interpreter cannot run its source")
}

// plotCell is viz's golden gonum/plot figure (viz/gonum_test.go), made in a
// cell.
const plotCell = `import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)
p := plot.New()
p.Title.Text = "squares"
p.X.Label.Text = "x"
p.Y.Label.Text = "x²"
pts := make(plotter.XYs, 11)
for i := range pts {
	pts[i].X = float64(i)
	pts[i].Y = float64(i * i)
}
line, _ := plotter.NewLine(pts)
sc, _ := plotter.NewScatter(pts)
p.Add(line, sc, plotter.NewGrid())
`

func TestAGonumPlotShowsInline(t *testing.T) {
	golden, err := os.ReadFile(filepath.Join("..", "viz", "testdata", "gonum_plot.png"))
	if err != nil {
		t.Fatal(err)
	}
	want := base64.StdEncoding.EncodeToString(golden)
	s := newTestSession(t)
	defer s.Close()
	rep, _ := runCell(t, s, plotCell+"p")
	if rep.Err != nil {
		t.Fatal(rep.Err.Value)
	}
	if got, _ := rep.Result.Data[display.MIMEPNG].(string); got != want {
		t.Errorf("the cell's *plot.Plot is not the golden image viz/testdata/gonum_plot.png (text %q)", rep.Result.Data[display.MIMEText])
	}
	r := &recorder{}
	display.SetPublisher(r)
	rep = s.Execute(context.Background(), ExecuteRequest{Code: "display.Show(p)"}, r)
	display.SetPublisher(nil)
	if rep.Err != nil || len(r.displays) != 1 {
		t.Fatalf("display.Show(p): %v, %d displays", rep.Err, len(r.displays))
	}
	if got, _ := r.displays[0].Data[display.MIMEPNG].(string); got != want {
		t.Error("display.Show(p) does not show the golden image")
	}
}

func TestAGonumMatrixShowsAsAMatrix(t *testing.T) {
	s := newTestSession(t)
	defer s.Close()
	check(t, s, "import \"gonum.org/v1/gonum/mat\"\nm := mat.NewDense(2, 2, []float64{1, 2, 3, 4})\nvar c mat.Dense\nc.Mul(m, m)\n&c",
		cellOut{result: "2×2 *mat.Dense\n⎡ 7  10⎤\n⎣15  22⎦"})
}

// fakeProxy writes a module proxy (GOPROXY=file://...) serving module at
// v1.0.0 with the given files, and points the go command at it with an
// empty module cache.
func fakeProxy(t *testing.T, module string, files map[string]string) {
	t.Helper()
	root := t.TempDir()
	dir := filepath.Join(root, filepath.FromSlash(module), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	mod := "module " + module + "\n\ngo 1.21\n"
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	files["go.mod"] = mod
	for name, text := range files {
		f, err := zw.Create(module + "@v1.0.0/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(text))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"list":        []byte("v1.0.0\n"),
		"v1.0.0.info": []byte(`{"Version":"v1.0.0","Time":"2024-01-01T00:00:00Z"}`),
		"v1.0.0.mod":  []byte(mod),
		"v1.0.0.zip":  zbuf.Bytes(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOPROXY", "file://"+filepath.ToSlash(root))
	t.Setenv("GONOSUMDB", module)
	t.Setenv("GOMODCACHE", t.TempDir())
	t.Setenv("GOFLAGS", "-modcacherw")
}

func TestImportOfAPackageThatNeedsCgo(t *testing.T) {
	fakeProxy(t, "example.com/cgomod", map[string]string{
		"cgo.go": "package cgomod\n\n// int two(void) { return 2; }\nimport \"C\"\n\nfunc Two() int { return int(C.two()) }\n",
	})
	t.Setenv("CGO_ENABLED", "1")
	s := sessionWithVariable(t)
	importFails(t, s, "import \"example.com/cgomod\"",
		`cannot import "example.com/cgomod": package example.com/cgomod of module example.com/cgomod v1.0.0 uses cgo (cgo.go)`, "use a pure-Go package")
}

func TestImportFromAPrivateProxy(t *testing.T) {
	// GOPROXY and GONOSUMDB are the user's: a module only that proxy has.
	fakeProxy(t, "example.com/hello", map[string]string{
		"hello.go": "package hello\n\nfunc Hello(name string) string { return \"hello, \" + name }\n",
	})
	s := sessionWithVariable(t)
	check(t, s, "import \"example.com/hello\"\nhello.Hello(\"gopher\")", cellOut{result: "hello, gopher"})
	check(t, s, "%modules -require", cellOut{result: "example.com/hello@v1.0.0"})
	check(t, s, "x", cellOut{result: "42"}) // the import kept the session's variables
}
