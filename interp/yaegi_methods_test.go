package interp

import "testing"

// The tests of this file check patches 0050 and 0051 of third_party/yaegi:
// values of cell types handed to compiled code through an interface keep
// their type and their methods. Each want is the output of go run for the
// same code in a main function.

const errorTypes = `import "errors"
var ErrBase = errors.New("base")
type WrapErr struct {
	Op  string
	Err error
}
func (e *WrapErr) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *WrapErr) Unwrap() error { return e.Err }
type IsErr struct{ code int }
func (e IsErr) Error() string { return fmt.Sprint("code ", e.code) }
func (e IsErr) Is(target error) bool {
	t, ok := target.(IsErr)
	return ok && (t.code == 0 || t.code == e.code)
}
type Multi struct{ errs []error }
func (m Multi) Error() string   { return "multi" }
func (m Multi) Unwrap() []error { return m.errs }
type AsErr struct{}
func (AsErr) Error() string { return "aserr" }
func (AsErr) As(target any) bool {
	if p, ok := target.(*IsErr); ok {
		*p = IsErr{42}
		return true
	}
	return false
}
type NotFound struct{ Name string }
func (e NotFound) Error() string { return "not found " + e.Name }
type Forbidden struct{ Name string }
func (e Forbidden) Error() string { return "forbidden " + e.Name }
`

func TestErrorChainsOfCellTypes(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"Unwrap", errorTypes + "w := &WrapErr{\"open\", ErrBase}\nw2 := fmt.Errorf(\"outer: %w\", w)\nfmt.Println(errors.Is(w, ErrBase), errors.Unwrap(w) == ErrBase, errors.Is(w2, ErrBase), w2)",
			cellOut{stdout: "true true true outer: open: base\n"}},
		{"Is method", errorTypes + "fmt.Println(errors.Is(IsErr{3}, IsErr{0}), errors.Is(IsErr{3}, IsErr{4}), errors.Is(fmt.Errorf(\"x: %w\", IsErr{5}), IsErr{0}))",
			cellOut{stdout: "true false true\n"}},
		{"Unwrap []error", errorTypes + "m := Multi{[]error{ErrBase, IsErr{7}}}\nvar ie IsErr\nfmt.Println(errors.Is(m, ErrBase), errors.Is(m, IsErr{7}), errors.As(m, &ie), ie.code)",
			cellOut{stdout: "true true true 7\n"}},
		{"As method", errorTypes + "var ie IsErr\nfmt.Println(errors.As(AsErr{}, &ie), ie.code)",
			cellOut{stdout: "true 42\n"}},
		{"As pointer target", errorTypes + "w2 := fmt.Errorf(\"outer: %w\", &WrapErr{\"read\", ErrBase})\nvar we *WrapErr\nok := errors.As(w2, &we)\nfmt.Println(ok, we.Op, errors.Unwrap(w2) == error(we))",
			cellOut{stdout: "true read true\n"}},
		{"As tells apart types of one structure", errorTypes + "var nf NotFound\nvar fb Forbidden\ne := fmt.Errorf(\"x: %w\", Forbidden{\"f\"})\nfmt.Println(errors.As(e, &nf), errors.As(e, &fb), fb.Name)",
			cellOut{stdout: "false true f\n"}},
		{"As interface target", errorTypes + "var u interface{ Unwrap() error }\nfmt.Println(errors.As(fmt.Errorf(\"a: %w\", &WrapErr{\"b\", ErrBase}), &u), u != nil)",
			cellOut{stdout: "true true\n"}},
		{"As compiled interface target", errorTypes + "import \"net\"\ntype timeoutErr struct{ op string }\nfunc (e *timeoutErr) Error() string   { return e.op + \": timeout\" }\nfunc (e *timeoutErr) Timeout() bool   { return true }\nfunc (e *timeoutErr) Temporary() bool { return false }\nvar ne net.Error\nok := errors.As(fmt.Errorf(\"call: %w\", &timeoutErr{\"dial\"}), &ne)\nfmt.Println(ok, ne.Timeout(), ne)",
			cellOut{stdout: "true true dial: timeout\n"}},
		{"Join", errorTypes + "j := errors.Join(&WrapErr{\"w\", ErrBase}, IsErr{9})\nvar we *WrapErr\nfmt.Println(errors.Is(j, ErrBase), errors.Is(j, IsErr{9}), errors.As(j, &we), we.Op)",
			cellOut{stdout: "true true true w\n"}},
		{"compiled errors still", "import \"errors\"\nimport \"io/fs\"\nimport \"os\"\n_, err := os.Open(\"/no/such/file\")\nvar pe *fs.PathError\nfmt.Println(errors.Is(err, fs.ErrNotExist), errors.As(err, &pe), pe.Op)",
			cellOut{stdout: "true true open\n"}},
	})
}

func TestErrorsOfCellTypesCompare(t *testing.T) {
	const decl = errorTypes + `var ErrP = &WrapErr{"p", ErrBase}
var ErrV error = NotFound{"v"}
func get(i int) error {
	switch i {
	case 0:
		return ErrP
	case 1:
		return ErrV
	}
	return nil
}
`
	runYaegiRows(t, []yaegiRow{
		{"==", decl + "fmt.Println(get(0) == ErrP, get(1) == ErrV, get(0) == ErrV, get(2) == nil, get(1) != ErrV)",
			cellOut{stdout: "true true false true false\n"}},
		{"same structure", decl + "var a, b error = NotFound{\"x\"}, Forbidden{\"x\"}\nfmt.Println(a == b, a == NotFound{\"x\"})",
			cellOut{stdout: "false true\n"}},
		{"Is with a sentinel of a cell type", decl + "fmt.Println(errors.Is(fmt.Errorf(\"w: %w\", ErrV), ErrV), errors.Is(fmt.Errorf(\"w: %w\", ErrP), ErrP))",
			cellOut{stdout: "true true\n"}},
	})
}

func TestErrorValuesOfCellTypes(t *testing.T) {
	const kind = `func kind(err error) string {
	switch e := err.(type) {
	case nil:
		return "nil"
	case NotFound:
		return "not found " + e.Name
	case Forbidden:
		return "forbidden " + e.Name
	case *WrapErr:
		return "wrap " + e.Op
	case interface{ Unwrap() []error }:
		return fmt.Sprint("multi ", len(e.Unwrap()))
	default:
		return "other " + e.Error()
	}
}
`
	runYaegiRows(t, []yaegiRow{
		{"var of a value type", errorTypes + "var ev error = NotFound{\"x\"}\nfmt.Println(ev.Error())\nf, ok := ev.(NotFound)\nfmt.Println(f.Name, ok)\n_, ok = ev.(Forbidden)\nfmt.Println(ok)",
			cellOut{stdout: "not found x\nx true\nfalse\n"}},
		{"type switch", errorTypes + kind + "fmt.Println(kind(Forbidden{\"a\"}), \"|\", kind(NotFound{\"b\"}), \"|\", kind(&WrapErr{\"c\", ErrBase}), \"|\", kind(errors.Join(ErrBase, ErrBase)), \"|\", kind(ErrBase), \"|\", kind(nil))",
			cellOut{stdout: "forbidden a | not found b | wrap c | multi 2 | other base | nil\n"}},
		{"interface assertion of compiled values", "import \"errors\"\nerr := errors.Join(errors.New(\"a\"), errors.New(\"b\"))\nu, ok := err.(interface{ Unwrap() []error })\nfmt.Println(ok, len(u.Unwrap()))",
			cellOut{stdout: "true 2\n"}},
		{"recovered runtime error", "func f() (ok1, ok2 bool) {\n\tdefer func() {\n\t\tr := recover()\n\t\t_, ok1 = r.(interface{ RuntimeError() })\n\t\t_, ok2 = r.(error)\n\t}()\n\ta := []int{1}\n\ti := 3\n\treturn a[i] > 0, false\n}\nfmt.Println(f())",
			cellOut{stdout: "true true\n"}},
	})
}

func TestWritersAndReadersOfCellTypes(t *testing.T) {
	const decl = `import "bytes"
import "io"
import "bufio"
type upper struct{ w io.Writer }
func (u upper) Write(p []byte) (int, error) { return u.w.Write(bytes.ToUpper(p)) }
type embedW struct {
	io.Writer
	n int
}
type embedBuf struct {
	*bytes.Buffer
	tag string
}
type rot13 struct{ r io.Reader }
func (r rot13) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	for i := 0; i < n; i++ {
		if c := p[i]; c >= 'a' && c <= 'z' {
			p[i] = 'a' + (c-'a'+13)%26
		}
	}
	return n, err
}
var out strings.Builder
`
	runYaegiRows(t, []yaegiRow{
		{"variadic", decl + "var a bytes.Buffer\nfmt.Fprintln(io.MultiWriter(&a, upper{&out}), \"two\")\nws := []io.Writer{upper{&out}}\nfmt.Fprintln(io.MultiWriter(ws...), \"spread\")\nfmt.Print(a.String(), out.String())",
			cellOut{stdout: "two\nTWO\nSPREAD\n"}},
		{"embedded writer", decl + "fmt.Fprintln(embedW{&out, 1}, \"embedded\")\neb := embedBuf{new(bytes.Buffer), \"t\"}\nfmt.Fprint(eb, \"into buffer\")\nfmt.Println(out.String(), eb.String(), eb.Len())",
			cellOut{stdout: "embedded\n into buffer 11\n"}},
		{"conversion and type assertion", decl + "var w io.Writer = upper{&out}\nu, ok := w.(upper)\nfmt.Fprintln(u, ok)\nw2 := io.Writer(upper{&out})\nfmt.Fprint(w2, \"again\")\nfmt.Println(out.String())",
			cellOut{stdout: "TRUE\nAGAIN\n"}},
		{"bufio and io.Copy", decl + "sc := bufio.NewScanner(rot13{strings.NewReader(\"uryyb\\njbeyq\\n\")})\nfor sc.Scan() {\n\tfmt.Println(sc.Text())\n}\nn, err := io.Copy(upper{&out}, rot13{strings.NewReader(\"pbcl\\n\")})\nfmt.Print(n, err, out.String())",
			cellOut{stdout: "hello\nworld\n5 <nil>COPY\n"}},
	})
}

func TestPanicValues(t *testing.T) {
	const decl = `type ME struct{ n int }
func (m ME) Error() string { return fmt.Sprint("me", m.n) }
func catch(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}
`
	runYaegiRows(t, []yaegiRow{
		{"a string", decl + "r := catch(func() { panic(\"s\") })\ns, ok := r.(string)\nfmt.Println(s, ok)",
			cellOut{stdout: "s true\n"}},
		{"an int", decl + "r := catch(func() { panic(42) })\nn, ok := r.(int)\nfmt.Println(n+1, ok)",
			cellOut{stdout: "43 true\n"}},
		{"an error of a cell type", decl + "r := catch(func() { panic(ME{1}) })\ne, ok := r.(error)\nm, ok2 := r.(ME)\nfmt.Println(e, ok, m.n, ok2)",
			cellOut{stdout: "me1 true 1 true\n"}},
		{"an error variable", decl + "r := catch(func() {\n\tvar e error = ME{2}\n\tpanic(e)\n})\nswitch v := r.(type) {\ncase ME:\n\tfmt.Println(\"ME\", v.n)\ndefault:\n\tfmt.Println(\"other\")\n}",
			cellOut{stdout: "ME 2\n"}},
		{"any of a cell type", decl + "var x any = ME{3}\ner, ok := x.(error)\nfmt.Println(er.Error(), ok)",
			cellOut{stdout: "me3 true\n"}},
	})
}
