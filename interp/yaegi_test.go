package interp

import "testing"

// The tests of this file check the patches that third_party/yaegi carries
// (third_party/yaegi/README.md lists them): each fails without its patch.

// yaegiRow is one cell and the output that go run gives for the same code
// in a main function.
type yaegiRow struct {
	name string
	code string
	want cellOut
}

func runYaegiRows(t *testing.T, rows []yaegiRow) {
	t.Helper()
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			check(t, newTestSession(t), r.code, r.want)
		})
	}
}

func TestNewOfExpression(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"constant", "p := new(42)\nfmt.Println(*p)", cellOut{stdout: "42\n"}},
		{"untyped float", "p := new(2.5)\nfmt.Printf(\"%T %v\\n\", p, *p)", cellOut{stdout: "*float64 2.5\n"}},
		{"expression", "x := 3\np := new(x * 2)\n*p++\nfmt.Println(*p, x)", cellOut{stdout: "7 3\n"}},
		{"composite", "type box struct{ N int }\nb := new(box{4})\nfmt.Println(b.N)", cellOut{stdout: "4\n"}},
		{"type still zero", "p := new(int)\nfmt.Println(*p)", cellOut{stdout: "0\n"}},
		{"package level", "var gp = new(\"s\")\nfmt.Println(*gp)", cellOut{stdout: "s\n"}},
	})
}

func TestUnexportedFieldNames(t *testing.T) {
	const decl = "type point struct{ x, y int }\ntype Rec struct {\n\tName string `json:\"name\"`\n\tAge  int\n\tnote string\n\tAt   point\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"verbs", decl + "p := point{1, 2}\nfmt.Printf(\"%v %+v\\n\", p, &p)", cellOut{stdout: "{1 2} &{x:1 y:2}\n"}},
		{"nested", decl + "r := Rec{\"a\", 3, \"n\", point{4, 5}}\nfmt.Printf(\"%+v\\n\", r)", cellOut{stdout: "{Name:a Age:3 note:n At:{x:4 y:5}}\n"}},
		{"json skips unexported", "import \"encoding/json\"\n" + decl + "b, _ := json.Marshal(Rec{\"a\", 3, \"n\", point{4, 5}})\nfmt.Println(string(b))", cellOut{stdout: `{"name":"a","Age":3,"At":{}}` + "\n"}},
		{"json decodes exported", "import \"encoding/json\"\n" + decl + "var r Rec\nerr := json.Unmarshal([]byte(`{\"name\":\"b\",\"note\":\"x\"}`), &r)\nfmt.Printf(\"%+v %v\\n\", r, err)", cellOut{stdout: "{Name:b Age:0 note: At:{x:0 y:0}} <nil>\n"}},
		{"read and write", decl + "p := point{1, 2}\nq := &p\nq.x += 10\np.y *= 3\nps := []point{p}\nps[0].x = 0\nm := map[point]int{p: 1}\nfmt.Println(p, q.x, ps, m[point{11, 6}], p == point{11, 6})", cellOut{stdout: "{11 6} 11 [{0 6}] 1 true\n"}},
		{"embedded unexported", "type base struct{ id int }\nfunc (b *base) set(i int) { b.id = i }\ntype one struct{ base }\ntype two struct {\n\tbase\n\tn int\n}\no, w := one{}, two{}\no.set(3)\nw.set(4)\nfmt.Printf(\"%+v %+v %d\\n\", o, w, o.id+w.id)", cellOut{stdout: "{base:{id:3}} {base:{id:4} n:0} 7\n"}},
		{"names that clashed", "type c struct {\n\tx  int\n\tXx int\n}\nfmt.Printf(\"%+v\\n\", c{1, 2})", cellOut{stdout: "{x:1 Xx:2}\n"}},
	})
}

func TestLogLogger(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"SetPrefix", "import \"log\"\nvar sb strings.Builder\nl := log.New(&sb, \"a: \", 0)\nl.SetPrefix(\"b: \")\nl.Println(\"hi\", l.Prefix())\nfmt.Print(sb.String())", cellOut{stdout: "b: hi b: \n"}},
		{"Default is the standard logger", "import \"log\"\nd := log.Default()\nvar sb strings.Builder\nd.SetOutput(&sb)\nd.SetFlags(0)\nd.SetPrefix(\"d: \")\nlog.Println(\"x\")\nfmt.Print(sb.String())\nfmt.Println(log.Prefix(), d == log.Default())", cellOut{stdout: "d: x\nd:  true\n"}},
	})
}

func TestUndefinedPackage(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "s := nosuch.X()", cellOut{err: "compile error: undefined: nosuch"})
	check(t, s, "nosuch.Y()", cellOut{err: "compile error: undefined: nosuch"})
	check(t, s, "b, _ := json.Marshal(1)", cellOut{err: "compile error: undefined: json"})
	check(t, s, "json.Marshal(1)", cellOut{err: "compile error: undefined: json"})
	check(t, s, "x := 1\nx + 1", cellOut{result: "2"})
}

func TestImportMajorVersionPath(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "import \"math/rand/v2\"\nr := rand.New(rand.NewPCG(1, 2))\nr.IntN(1000) < 1000", cellOut{result: "true"})
}

// TestPackageVariablesInitInGoOrder imports github.com/google/uuid (from
// the module cache, or through GOPROXY): its NameSpaceURL (hash.go) is
// initialized by Parse, which reads the table xvalues of util.go. yaegi
// initialized variables in file order unless one referenced another
// directly, so NameSpaceURL was parsed with an empty table: all zeros.
func TestPackageVariablesInitInGoOrder(t *testing.T) {
	s := newTestSession(t)
	defer s.Close()
	check(t, s, "%require github.com/google/uuid@v1.6.0", cellOut{result: "github.com/google/uuid v1.6.0"})
	check(t, s, "import \"github.com/google/uuid\"\nuuid.NameSpaceURL.String()", cellOut{result: "6ba7b811-9dad-11d1-80b4-00c04fd430c8"})
}

// TestGenericTypeInference checks that type arguments are inferred by
// name, in declaration order, and from core types, as Go does: yaegi
// listed them in the order the parameters used them, so Map's U became
// int, and it could not infer E from S ~[]E, the signature of most of
// package slices.
func TestGenericTypeInference(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"order of use", "func Map[T, U any](s []T, f func(T) U) []U {\n\tvar r []U\n\tfor _, v := range s {\n\t\tr = append(r, f(v))\n\t}\n\treturn r\n}\nfmt.Printf(\"%q\\n\", Map([]int{1, 2}, func(i int) string { return fmt.Sprint(i * 10) }))", cellOut{stdout: "[\"10\" \"20\"]\n"}},
		{"core type", "func Last[S ~[]E, E any](s S) E { return s[len(s)-1] }\nfmt.Println(Last([]string{\"a\", \"b\"}))", cellOut{stdout: "b\n"}},
		{"named slice", "type Names []string\nfunc Count[S ~[]E, E comparable](s S, v E) int {\n\tn := 0\n\tfor _, x := range s {\n\t\tif x == v {\n\t\t\tn++\n\t\t}\n\t}\n\treturn n\n}\nfmt.Println(Count(Names{\"a\", \"b\", \"a\"}, \"a\"))", cellOut{stdout: "2\n"}},
		{"variadic", "func Count[T any](xs ...T) int { return len(xs) }\nfmt.Println(Count(\"a\", \"b\"))", cellOut{stdout: "2\n"}},
		{"variadic with s...", "func Count[T any](xs ...T) int { return len(xs) }\nfmt.Println(Count([]string{\"a\", \"b\", \"c\"}...))", cellOut{stdout: "3\n"}},
		{"map core type", "func Keys[M ~map[K]V, K comparable, V any](m M) int { return len(m) }\nfmt.Println(Keys(map[string]bool{\"x\": true}))", cellOut{stdout: "1\n"}},
	})
}

// TestCallResultKeepsItsMethods passes the result of a call straight to
// a compiled function: yaegi passed it without the wrapper that carries an
// interpreted type's methods, so fmt printed {2} where Go prints D2 (and
// shopspring/decimal's a.Add(b) printed as a struct). The results of a
// call with several, as in fmt.Println(f()), still lose their methods.
func TestCallResultKeepsItsMethods(t *testing.T) {
	const decl = "type D struct{ v int }\nfunc (d D) String() string { return fmt.Sprint(\"D\", d.v) }\nfunc (d D) Add(o D) D { return D{d.v + o.v} }\n"
	runYaegiRows(t, []yaegiRow{
		{"Println", decl + "a := D{1}\nfmt.Println(a, a.Add(a))", cellOut{stdout: "D1 D2\n"}},
		{"Printf", decl + "a := D{1}\nfmt.Printf(\"%v|%s|%d\\n\", a.Add(a), a.Add(a), a.Add(a).v)", cellOut{stdout: "D2|D2|2\n"}},
		{"Sprint", decl + "fmt.Sprint(D{1}.Add(D{4}))", cellOut{result: "D5"}},
	})
}
