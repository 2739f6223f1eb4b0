package interp

import "testing"

// TestMainBodyShadowsPackageVars runs the rule of shadow.go: a top-level
// := of a name declared by a top-level var and used by a function is a
// new variable, as in main's body; other := of existing names replace
// them, as when a cell runs again.
func TestMainBodyShadowsPackageVars(t *testing.T) {
	s := newTestSession(t)
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"package-level declarations", "var x = \"package\"\nfunc show() string { return x }\ntype P struct{ x int }", cellOut{}},
		{"main's body: the := shadows, functions keep the package variable", "fmt.Println(x)\nx := \"main\"\nfmt.Println(x, show())\n{\n\tx := \"block\"\n\t_ = x\n}\nfmt.Println(x)", cellOut{stdout: "package\nmain package\nmain\n"}},
		{"the shadow lasts into later cells", "x + \"!\"", cellOut{result: "main!"}},
		{"assignments go to the shadow", "x = \"changed\"\nfmt.Println(x, show())", cellOut{stdout: "changed package\n"}},
		{"running the body again", "fmt.Println(x)\nx := \"main\"\nfmt.Println(x, show())", cellOut{stdout: "changed\nmain package\n"}},
		{"field names and selectors are not the variable", "p := P{x: 2}\nfmt.Println(p.x, x)", cellOut{stdout: "2 main\n"}},
		{"a function of a later cell is package-level", "func show2() string { return x }\nshow2()", cellOut{result: "package"}},
		{"var declares the package variable again and ends the shadow", "var x = \"package 2\"\nfmt.Println(x, show(), show2())", cellOut{stdout: "package 2 package 2 package 2\n"}},
		{"a var no function uses", "var y = 1", cellOut{}},
		{"a := of it replaces it", "y := 2", cellOut{}},
		{"a function declared after sees that variable", "func getY() int { return y }\ngetY()", cellOut{result: "2"}},
		{"in one cell, a function uses the package variable", "var y2 = 1\ny2 := 2\nfunc getY2() int { return y2 }\nfmt.Println(getY2(), y2)", cellOut{stdout: "1 2\n"}},
		{"a := variable a function uses", "n := 1\nfunc getN() int { return n }", cellOut{}},
		{"a := of it replaces it, as when a cell runs again", "n := 5\ngetN()", cellOut{result: "5"}},
		{"a shadow declared with another variable", "x, z := \"multi\", 3\nfmt.Println(x, z, show())", cellOut{stdout: "multi 3 package 2\n"}},
		{"the value of x as a user expression is the shadow's", "x", cellOut{result: "multi"}},
		{"%who lists it by its name", "%who", cellOut{result: "n            int\np            struct { x int }\nx            string\ny            int\ny2           int\nz            int"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
}

// TestUnshadowedErrors checks that an error names a shadowing variable as
// the cell wrote it.
func TestUnshadowedErrors(t *testing.T) {
	e := &Error{Name: "compile error", Value: "undefined: " + shadowPrefix + "x", Traceback: []string{"compile error: undefined: " + shadowPrefix + "x", "  at cell 1, line 1"}}
	unshadowed(e)
	if e.Value != "undefined: x" || e.Traceback[0] != "compile error: undefined: x" {
		t.Fatalf("%+v", e)
	}
}
