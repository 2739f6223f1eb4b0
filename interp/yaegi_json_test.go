package interp

import (
	"bytes"
	"os"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// TestJSONMarshalersInsideValues: json.Marshal, MarshalIndent and
// (*json.Encoder).Encode call the MarshalJSON and MarshalText methods of
// the program's types at any depth (patch 0106): struct fields, embedded
// structs, slices, maps, pointers (a nil one gives null), omitempty. The
// program is testdata/jsonmarshalers/main.go.txt, want.txt what go run
// prints.
func TestJSONMarshalersInsideValues(t *testing.T) {
	runProgramFile(t, "testdata/jsonmarshalers")
}

// TestJSONUnmarshalersInsideValues: json.Unmarshal and
// (*json.Decoder).Decode call the UnmarshalJSON and UnmarshalText methods
// of the program's types at any depth (patch 0107): struct fields, slice
// elements, map values, pointers; fields absent from the input and
// unexported ones keep their values; a method's error, a type error and a
// syntax error are the call's error.
func TestJSONUnmarshalersInsideValues(t *testing.T) {
	runProgramFile(t, "testdata/jsonunmarshalers")
}

// runProgramFile runs dir/main.go.txt in a bare yaegi and compares its
// output with dir/want.txt, what go run prints.
func runProgramFile(t *testing.T, dir string) {
	t.Helper()
	src, err := os.ReadFile(dir + "/main.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(dir + "/want.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	i := yaegi.New(yaegi.Options{Stdout: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	if _, err := i.Eval(string(src)); err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Errorf("got\n%s\nwant (go run)\n%s", out.String(), want)
	}
}
