package interp

import (
	"strings"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
)

// TestVarOfAnUnimportedPackagesType: a var whose type names a package that
// was not imported is an error about that package, at the top level of a
// file as in a statement (patch 0104), and in a cell, which declares
// nothing and leaves the session usable.
func TestVarOfAnUnimportedPackagesType(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"var h bytes.Buffer", "undefined: bytes"},
		{"var h bytes.Buffer\nfunc main() {}", "undefined: bytes"},
		{"{}\nvar h bytes.Buffer", "2:7: undefined: bytes"},
		{"{}\nvar a, b sync.Mutex", "2:10: undefined: sync"},
		{"{}\nvar m map[string]bytes.Buffer", "2:18: undefined: bytes"},
	} {
		_, err := yaegi.New(yaegi.Options{}).Eval(c.src)
		if err == nil || !strings.HasSuffix(err.Error(), c.want) {
			t.Errorf("%q: got error %v, want %q", c.src, err, c.want)
		}
	}

	s := newTestSession(t)
	check(t, s, "var h bytes.Buffer\nh.WriteString(\"x\")", cellOut{err: "compile error: undefined: bytes"})
	check(t, s, "var z sync.Mutex\nz.Lock()", cellOut{err: "compile error: undefined: sync"})
	check(t, s, "import \"bytes\"\nvar h bytes.Buffer\nh.WriteString(\"ok\")\nfmt.Println(h.String())", cellOut{stdout: "ok\n"})
}

// TestFuncWithAVarOfAnUnimportedPackagesType: inside a function the
// message is the same.
func TestFuncWithAVarOfAnUnimportedPackagesType(t *testing.T) {
	s := newTestSession(t)
	check(t, s, "func f() string {\n\tvar b bytes.Buffer\n\tb.WriteString(\"x\")\n\treturn b.String()\n}", cellOut{err: "compile error: undefined: bytes"})
	check(t, s, "func f() int { return 1 }\nfmt.Println(f())", cellOut{stdout: "1\n"})
}
