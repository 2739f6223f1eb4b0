package interp

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The generic functions and types of the standard library, which the
// interpreter compiles from GOROOT's source (third_party/yaegi-patches/
// gengeneric and patch 0030). Each row is a cell of declarations and
// statements; want is what go run prints for the same declarations with
// the statements in main. -stdgeneric.gorun checks each want against go
// run itself.

var stdgenericGoRun = flag.Bool("stdgeneric.gorun", false, "also check each row's want against go run")

type stdgenericRow struct {
	name    string
	imports []string
	decls   string // top-level declarations
	body    string // the statements of main
	want    string
}

// runStdgenericRows runs each row in a new session (one cell of imports,
// one of declarations, one of statements, as a notebook would) and, with
// -stdgeneric.gorun, as a program.
func runStdgenericRows(t *testing.T, rows []stdgenericRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			s := newTestSession(t)
			imports := "import (\n\t\"fmt\"\n"
			for _, p := range r.imports {
				imports += "\t\"" + p + "\"\n"
			}
			imports += ")\n"
			check(t, s, imports, cellOut{})
			if r.decls != "" {
				check(t, s, r.decls, cellOut{})
			}
			check(t, s, r.body, cellOut{stdout: r.want})
			if *stdgenericGoRun {
				dir := t.TempDir()
				src := "package main\n\n" + imports + "\nvar _ = fmt.Sprint\n\n" + r.decls + "\n\nfunc main() {\n" + r.body + "\n}\n"
				if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command("go", "run", "main.go")
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("go run: %v\n%s", err, out)
				}
				if string(out) != r.want {
					t.Errorf("go run prints %q, the row wants %q", out, r.want)
				}
			}
		})
	}
}

func TestStdGenericSlices(t *testing.T) {
	runStdgenericRows(t, []stdgenericRow{
		{name: "sort and search", imports: []string{"slices"}, body: `s := []int{5, 2, 8, 2, 9, 1}
slices.Sort(s)
i, found := slices.BinarySearch(s, 8)
fmt.Println(s, i, found, slices.Index(s, 9), slices.Contains(s, 3), slices.IsSorted(s))
fmt.Println(slices.Min(s), slices.Max(s), slices.Compact(slices.Clone(s)), slices.Equal(s, slices.Clone(s)))`,
			want: "[1 2 2 5 8 9] 4 true 5 false true\n1 9 [1 2 5 8 9] true\n"},
		{name: "edit", imports: []string{"slices"}, body: `s := []string{"a", "b", "c", "d"}
s = slices.Insert(s, 1, "x", "y")
s = slices.Delete(s, 4, 5)
s = slices.Replace(s, 0, 1, "A")
slices.Reverse(s)
fmt.Println(s, len(s), slices.Concat(s[:1], []string{"z"}), slices.Repeat([]string{"r"}, 3))
s = slices.DeleteFunc(s, func(v string) bool { return v == "x" })
fmt.Println(s, slices.IndexFunc(s, func(v string) bool { return v == "A" }), slices.ContainsFunc(s, func(v string) bool { return v > "b" }))
g := slices.Grow([]int{1}, 10)
fmt.Println(len(g), cap(g) >= 11, cap(slices.Clip(g)))`,
			want: "[d b y x A] 5 [d z] [r r r]\n[d b y A] 3 true\n1 true 1\n"},
		{name: "with functions", imports: []string{"slices", "strings", "cmp"}, decls: `type person struct {
	name string
	age  int
}`, body: `ps := []person{{"bob", 31}, {"alice", 29}, {"carol", 31}, {"dan", 25}}
slices.SortStableFunc(ps, func(a, b person) int { return cmp.Compare(b.age, a.age) })
fmt.Println(ps)
slices.SortFunc(ps, func(a, b person) int { return strings.Compare(a.name, b.name) })
i, ok := slices.BinarySearchFunc(ps, "carol", func(p person, name string) int { return strings.Compare(p.name, name) })
fmt.Println(ps[0].name, i, ok, slices.IsSortedFunc(ps, func(a, b person) int { return strings.Compare(a.name, b.name) }))
young := slices.MinFunc(ps, func(a, b person) int { return a.age - b.age })
fmt.Println(young.name, slices.MaxFunc(ps, func(a, b person) int { return a.age - b.age }).name)
fmt.Println(slices.EqualFunc([]int{1, 2}, []string{"1", "2"}, func(a int, b string) bool { return fmt.Sprint(a) == b }),
	slices.CompareFunc([]int{1, 2}, []int{1, 3}, func(a, b int) int { return a - b }), slices.Compare([]int{2}, []int{1, 5}))
fmt.Println(slices.CompactFunc([]string{"a", "A", "b"}, strings.EqualFold))`,
			want: "[{bob 31} {carol 31} {alice 29} {dan 25}]\nalice 2 true true\ndan bob\ntrue -1 1\n[a b]\n"},
		{name: "iterators", imports: []string{"slices"}, body: `s := []string{"a", "b", "c"}
for i, v := range slices.All(s) {
	fmt.Print(i, v, " ")
}
for i, v := range slices.Backward(s) {
	fmt.Print(i, v, " ")
}
for v := range slices.Values(s) {
	fmt.Print(v)
}
fmt.Println()
fmt.Println(slices.Collect(slices.Values(s)), slices.AppendSeq([]string{"z"}, slices.Values(s)), slices.Sorted(slices.Values([]int{3, 1, 2})))
fmt.Println(slices.SortedFunc(slices.Values([]int{3, 1, 2}), func(a, b int) int { return b - a }), slices.SortedStableFunc(slices.Values([]int{3, 1, 2}), func(a, b int) int { return a - b }))
for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
	fmt.Print(c)
}
fmt.Println()`,
			want: "0a 1b 2c 2c 1b 0a abc\n[a b c] [z a b c] [1 2 3]\n[3 2 1] [1 2 3]\n[1 2][3 4][5]\n"},
		{name: "a named slice type", imports: []string{"slices"}, decls: `type IDs []int`, body: `ids := IDs{3, 1, 2}
slices.Sort(ids)
c := slices.Clone(ids)
fmt.Printf("%v %v %T\n", ids, c, len(c))`,
			want: "[1 2 3] [1 2 3] int\n"},
	})
}

func TestStdGenericMaps(t *testing.T) {
	runStdgenericRows(t, []stdgenericRow{
		{name: "functions", imports: []string{"maps", "strings"}, body: `m := map[string]int{"a": 1, "b": 0, "c": 3}
c := maps.Clone(m)
maps.DeleteFunc(m, func(k string, v int) bool { return v == 0 })
fmt.Println(m, len(c), maps.Equal(m, c))
maps.Copy(m, map[string]int{"d": 4})
fmt.Println(m, maps.EqualFunc(map[int]string{1: "A"}, map[int]string{1: "a"}, strings.EqualFold))
var nilMap map[string]int
fmt.Println(maps.Clone(nilMap) == nil)`,
			want: "map[a:1 c:3] 3 false\nmap[a:1 c:3 d:4] true\ntrue\n"},
		{name: "iterators", imports: []string{"iter", "maps", "slices"}, body: `m := map[string]int{"x": 1, "y": 2, "z": 3}
keys := slices.Sorted(maps.Keys(m))
vals := slices.Collect(maps.Values(m))
slices.Sort(vals)
fmt.Println(keys, vals)
n := 0
for k, v := range maps.All(m) {
	n += len(k) * v
}
m2 := maps.Collect(maps.All(m))
maps.Insert(m2, maps.All(map[string]int{"w": 0}))
fmt.Println(n, len(m2), m2["w"])`,
			want: "[x y z] [1 2 3]\n6 4 0\n"},
	})
}

func TestStdGenericCmp(t *testing.T) {
	runStdgenericRows(t, []stdgenericRow{
		{name: "functions", imports: []string{"cmp", "math"}, body: `fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Less(1.5, 2.5), cmp.Compare(math.NaN(), 1.0))
fmt.Println(cmp.Or("", "default", "x"), cmp.Or(0, 0, 3), cmp.Or[int]())`,
			want: "-1 1 true -1\ndefault 3 0\n"},
		{name: "Ordered in a cell's constraint", imports: []string{"cmp"}, decls: `func Largest[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}`, body: `fmt.Println(Largest([]string{"b", "c", "a"}...), Largest([]int{3, 7, 5}...))`,
			want: "c 7\n"},
	})
}

func TestStdGenericIter(t *testing.T) {
	const count = `func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func Pairs[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}`
	runStdgenericRows(t, []stdgenericRow{
		{name: "Seq and Seq2 of a cell", imports: []string{"iter", "slices"}, decls: count, body: `for i := range Count(10) {
	if i == 3 {
		break
	}
	fmt.Print(i)
}
for i, s := range Pairs([]string{"a", "b"}) {
	fmt.Print(i, s)
}
fmt.Println(slices.Collect(Count(4)))`,
			want: "0120a1b[0 1 2 3]\n"},
		{name: "Pull", imports: []string{"iter"}, decls: count, body: `next, stop := iter.Pull(Count(3))
defer stop()
for {
	v, ok := next()
	if !ok {
		break
	}
	fmt.Print(v)
}
v, ok := next()
fmt.Println(v, ok)
next2, stop2 := iter.Pull2(Pairs([]string{"a", "b", "c"}))
i, s, ok := next2()
fmt.Println(i, s, ok)
stop2()
i, s, ok = next2()
fmt.Println(i, s, ok)`,
			want: "0120 false\n0 a true\n0  false\n"},
		{name: "Pull stops the iterator", imports: []string{"iter"}, body: `seq := func(yield func(int) bool) {
	defer fmt.Println("iterator done")
	for i := 0; ; i++ {
		if !yield(i) {
			return
		}
	}
}
next, stop := iter.Pull(iter.Seq[int](seq))
a, _ := next()
b, _ := next()
fmt.Println(a, b)
stop()
stop()
fmt.Println("stopped")`,
			want: "0 1\niterator done\nstopped\n"},
		{name: "Pull passes on a panic", imports: []string{"iter"}, body: `next, _ := iter.Pull(iter.Seq[int](func(yield func(int) bool) {
	yield(1)
	panic("broken")
}))
fmt.Println(next())
func() {
	defer func() { fmt.Println("recovered", recover()) }()
	next()
}()
fmt.Println(next())`,
			want: "1 true\nrecovered broken\n0 false\n"},
	})
}

func TestStdGenericSync(t *testing.T) {
	runStdgenericRows(t, []stdgenericRow{
		{name: "OnceValue and OnceValues", imports: []string{"sync", "strconv"}, body: `calls := 0
get := sync.OnceValue(func() int { calls++; return 42 })
fmt.Println(get(), get(), calls)
parse := sync.OnceValues(func() (int, error) { return strconv.Atoi("x") })
n, err := parse()
fmt.Println(n, err)
bad := sync.OnceValue(func() int { panic("once") })
for range 2 {
	func() {
		defer func() { fmt.Println("recovered", recover()) }()
		bad()
	}()
}`,
			want: "42 42 1\n0 strconv.Atoi: parsing \"x\": invalid syntax\nrecovered once\nrecovered once\n"},
		{name: "atomic.Pointer", imports: []string{"sync/atomic"}, decls: `type config struct{ v int }`, body: `var p atomic.Pointer[config]
fmt.Println(p.Load() == nil, p.CompareAndSwap(nil, &config{1}), p.Load().v)
old := p.Swap(&config{2})
fmt.Println(old.v, p.CompareAndSwap(old, &config{3}), p.Load().v)
cur := p.Load()
fmt.Println(p.CompareAndSwap(cur, nil), p.Load() == nil)
p.Store(&config{4})
fmt.Println(p.Load().v)`,
			want: "true true 1\n1 false 2\ntrue true\n4\n"},
	})
}

func TestStdGenericOthers(t *testing.T) {
	runStdgenericRows(t, []stdgenericRow{
		{name: "rand.N", imports: []string{"math/rand/v2", "time"}, body: `ok := true
for range 1000 {
	n := rand.N(10)
	d := rand.N(3 * time.Second)
	ok = ok && n >= 0 && n < 10 && d >= 0 && d < 3*time.Second
}
fmt.Println(ok)
defer func() { fmt.Println(recover()) }()
rand.N(0)`,
			want: "true\ninvalid argument to N\n"},
		{name: "errors.AsType", imports: []string{"errors", "io/fs", "os"}, body: `_, err := os.Open("/no/such/file")
pe, ok := errors.AsType[*fs.PathError](err)
fmt.Println(pe.Op, pe.Path, ok)
_, ok = errors.AsType[*os.LinkError](err)
fmt.Println(ok)`,
			want: "open /no/such/file true\nfalse\n"},
		{name: "unique.Make", imports: []string{"unique"}, decls: `type point struct{ x, y int }`, body: `a := unique.Make("go")
b := unique.Make("g" + "o")
c := unique.Make("gopher")
p := unique.Make(point{1, 2})
q := unique.Make(point{1, 2})
fmt.Println(a == b, a == c, a.Value(), p == q, q.Value().y)`,
			want: "true false go true 2\n"},
		{name: "reflect.TypeFor", imports: []string{"reflect"}, body: `fmt.Println(reflect.TypeFor[int](), reflect.TypeFor[[]string](), reflect.TypeFor[error]())
v, ok := reflect.TypeAssert[int](reflect.ValueOf(3))
_, ok2 := reflect.TypeAssert[string](reflect.ValueOf(3))
fmt.Println(v, ok, ok2)`,
			want: "int []string error\n3 true false\n"},
	})
}

// TestStdGenericMixed uses the generic standard library from a cell's own
// generic functions and iterators.
func TestStdGenericMixed(t *testing.T) {
	runStdgenericRows(t, []stdgenericRow{
		{name: "a cell's generics", imports: []string{"cmp", "iter", "maps", "slices"}, decls: `func SortedBy[T any, K cmp.Ordered](xs []T, key func(T) K) []T {
	out := slices.Clone(xs)
	slices.SortFunc(out, func(a, b T) int { return cmp.Compare(key(a), key(b)) })
	return out
}

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}`, body: `m := map[string]int{"pear": 3, "fig": 1, "apple": 5}
fmt.Println(slices.Collect(Filter(slices.Values(slices.Sorted(maps.Keys(m))), func(k string) bool { return m[k] > 1 })))
fmt.Println(SortedBy([]string{"ccc", "a", "bb"}, func(s string) int { return len(s) }))
keys := slices.Collect(maps.Keys(m))
slices.Sort(keys)
fmt.Println(keys)`,
			want: "[apple pear]\n[a bb ccc]\n[apple fig pear]\n"},
	})
}

// TestStdGenericEveryPackage checks that the generic source of every
// package compiles in the interpreter.
func TestStdGenericEveryPackage(t *testing.T) {
	for _, p := range []string{"cmp", "errors", "iter", "maps", "math/rand/v2", "reflect", "slices", "sync", "sync/atomic", "unique"} {
		t.Run(strings.ReplaceAll(p, "/", "_"), func(t *testing.T) {
			check(t, newTestSession(t), "import _ \""+p+"\"", cellOut{})
		})
	}
}

// BenchmarkStdGenericImport measures a cell that imports a package whose
// generic source the interpreter compiles at its first import, in a fresh
// session ("slices" compiles "iter" and "cmp" too).
func BenchmarkStdGenericImport(b *testing.B) {
	for _, p := range []string{"slices", "maps", "iter", "sync"} {
		b.Run(p, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s, err := NewSession(Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				rep := s.Execute(context.Background(), ExecuteRequest{Code: "import \"" + p + "\""}, &recorder{})
				if rep.Err != nil {
					b.Fatal(rep.Err.Value)
				}
			}
		})
	}
}

// BenchmarkSlicesSort1e5 sorts 100000 ints with slices.Sort in a cell
// (interpreted) and compiled.
func BenchmarkSlicesSort1e5(b *testing.B) {
	const n = 100000
	b.Run("cell", func(b *testing.B) {
		s, err := NewSession(Options{})
		if err != nil {
			b.Fatal(err)
		}
		setup := "import (\n\t\"math/rand/v2\"\n\t\"slices\"\n)\nr := rand.New(rand.NewPCG(1, 2))\nxs := make([]int, 100000)\n"
		if rep := s.Execute(context.Background(), ExecuteRequest{Code: setup}, &recorder{}); rep.Err != nil {
			b.Fatal(rep.Err.Value)
		}
		for b.Loop() {
			b.StopTimer()
			s.Execute(context.Background(), ExecuteRequest{Code: "for i := range xs { xs[i] = r.IntN(1 << 30) }"}, &recorder{})
			b.StartTimer()
			if rep := s.Execute(context.Background(), ExecuteRequest{Code: "slices.Sort(xs)"}, &recorder{}); rep.Err != nil {
				b.Fatal(rep.Err.Value)
			}
		}
	})
	b.Run("compiled", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		xs := make([]int, n)
		for b.Loop() {
			b.StopTimer()
			for i := range xs {
				xs[i] = r.IntN(1 << 30)
			}
			b.StartTimer()
			slices.Sort(xs)
		}
	})
}
