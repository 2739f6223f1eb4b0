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
