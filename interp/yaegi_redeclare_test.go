package interp

import (
	"strings"
	"testing"

	yaegi "github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

// TestTopLevelRedeclaration checks patch 0039: `s, err := ...` after
// `_, err := ...` at the top level of one input reuses err, as in Go. The
// marking of the variables that the CFG declares at the top level (patch
// 0030, for the results of generic calls) also took these, and gave err a
// second slot: the first statement wrote one, fmt.Println read the other
// and printed <nil>.
func TestTopLevelRedeclaration(t *testing.T) {
	var out strings.Builder
	i := yaegi.New(yaegi.Options{Stdout: &out})
	if err := i.Use(stdlib.Symbols); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		`import ("fmt"; "strconv")`,
		"_, err := strconv.Atoi(\"wat\")\nfmt.Println(err)\ns, err := strconv.Unquote(`\"a\"`)\nfmt.Println(s, err)",
	} {
		if _, err := i.Eval(src); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
	}
	if want := "strconv.Atoi: parsing \"wat\": invalid syntax\na <nil>\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}
