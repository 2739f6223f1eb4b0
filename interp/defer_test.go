package interp

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestTopLevelDefer runs, in one session, the defer and return forms of
// a main body at the top level of a cell (defer.go): they behave as in
// main, with their output in the cell.
func TestTopLevelDefer(t *testing.T) {
	s := newTestSession(t)
	file := filepath.Join(t.TempDir(), "f.txt")
	rows := []struct {
		name string
		code string
		want cellOut
	}{
		{"deferred calls run last in first out after the statements", "defer fmt.Println(\"first\")\ndefer fmt.Println(\"second\")\nfmt.Println(\"body\")", cellOut{stdout: "body\nsecond\nfirst\n"}},
		{"arguments are evaluated at the defer statement", "n := 1\ndefer fmt.Println(\"n was\", n)\nn = 2\nfmt.Println(\"n is\", n)", cellOut{stdout: "n is 2\nn was 1\n"}},
		{"defer f.Close()", "f, err := os.Create(" + strconv.Quote(file) + ")\nif err != nil {\n\tpanic(err)\n}\ndefer f.Close()\nfmt.Fprint(f, \"written\")", cellOut{}},
		{"the file was closed and written", "data, _ := os.ReadFile(" + strconv.Quote(file) + ")\nstring(data)", cellOut{result: "written"}},
		{"defer wg.Wait() waits for the goroutines", "import \"sync\"\nvar wg sync.WaitGroup\ndefer wg.Wait()\nfor i := range 3 {\n\twg.Add(1)\n\tgo func() {\n\t\tdefer wg.Done()\n\t\ttime.Sleep(time.Duration(i) * time.Millisecond)\n\t}()\n}\nfmt.Println(\"started\")", cellOut{stdout: "started\n"}},
		{"recover in a deferred function stops the cell's panic", "defer func() {\n\tif r := recover(); r != nil {\n\t\tfmt.Println(\"recovered:\", r)\n\t}\n}()\nfmt.Println(\"start\")\npanic(\"boom\")\nfmt.Println(\"not reached\")", cellOut{stdout: "start\nrecovered: boom\n"}},
		{"recover of a runtime error", "defer func() {\n\tr := recover()\n\tfmt.Println(\"recovered:\", r != nil)\n}()\nvar mp map[string]int\nmp[\"a\"] = 1", cellOut{stdout: "recovered: true\n"}},
		{"recover with no panic returns nil", "defer func() {\n\tfmt.Println(recover())\n}()\nfmt.Println(\"fine\")", cellOut{stdout: "fine\n<nil>\n"}},
		{"without recover the panic is the cell's error, after the deferred calls", "defer fmt.Println(\"cleanup\")\npanic(\"bad\")", cellOut{stdout: "cleanup\n", err: "panic: bad"}},
		{"os.Exit runs no deferred call", "defer fmt.Println(\"deferred\")\nfmt.Println(\"body\")\nos.Exit(3)", cellOut{stdout: "body\n", err: "panic: os.Exit(3)"}},
		{"a panic of a deferred call replaces the cell's", "defer func() {\n\tpanic(\"second\")\n}()\npanic(\"first\")", cellOut{err: "panic: second", where: "panic: first\n\tpanic: second\n"}},
		{"defer in a loop at the top level", "for i := 0; i < 3; i++ {\n\tdefer fmt.Print(i, \" \")\n}\nfmt.Print(\"loop \")", cellOut{stdout: "loop 2 1 0 "}},
		{"defer in a range loop with a declaration inside", "for _, w := range []string{\"a\", \"b\"} {\n\tu := strings.ToUpper(w)\n\tdefer fmt.Print(u)\n}", cellOut{stdout: "BA"}},
		{"a deferred function literal with arguments", "k := 5\ndefer func(v int) {\n\tfmt.Println(\"got\", v)\n}(k)\nk = 6", cellOut{stdout: "got 5\n"}},
		{"a deferred method of a call's result", "type Closer struct{ name string }\nfunc (c *Closer) Close() { fmt.Println(\"closed\", c.name) }\nfunc open(name string) *Closer { return &Closer{name} }\ndefer open(\"x\").Close()\nfmt.Println(\"opened\")", cellOut{stdout: "opened\nclosed x\n"}},
		{"a deferred variadic call", "parts := []any{\"a\", 1}\ndefer fmt.Println(parts...)", cellOut{stdout: "a 1\n"}},
		{"a deferred call runs after the result is computed", "defer fmt.Println(\"bye\")\n40 + 2", cellOut{stdout: "bye\n", result: "42"}},
		{"return ends the cell's statements", "for i := range 5 {\n\tif i == 2 {\n\t\treturn\n\t}\n\tfmt.Print(i)\n}\nfmt.Print(\"not reached\")", cellOut{stdout: "01"}},
		{"return runs the deferred calls", "defer fmt.Println(\" deferred\")\nfmt.Print(\"body\")\nif true {\n\treturn\n}\nfmt.Print(\"not reached\")", cellOut{stdout: "body deferred\n"}},
		{"recover does not see a return", "defer func() {\n\tfmt.Println(\"recovered\", recover())\n}()\nreturn", cellOut{stdout: "recovered <nil>\n"}},
		{"the session goes on, with the variables of the cells", "n", cellOut{result: "2"}},
		{"defer inside a function is Go's own", "func withDefer() (out string) {\n\tdefer func() { out += \" done\" }()\n\treturn \"work\"\n}\nwithDefer()", cellOut{result: "work done"}},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { check(t, s, r.code, r.want) })
	}
	if _, err := os.Stat(file); err != nil {
		t.Fatal(err)
	}
}
