package interp

import (
	"slices"
	"strings"
	"testing"
)

func TestIsComplete(t *testing.T) {
	s := newTestSession(t)
	for code, want := range map[string]string{
		"x := 1":                      "complete",
		"func f() {":                  "incomplete",
		"x := `raw":                   "incomplete",
		"y := 1 +":                    "incomplete",
		"x := )":                      "invalid",
		"for i := range 3 {\n}":       "complete",
		"%time":                       "complete",
		"type T struct {\n\tA int":    "incomplete",
		"for i := 0; i < 3; i++ {\n}": "complete",
		"for i := 0; i < 3; i++ {":    "incomplete",
		"if v := f(); v > 0 {\n} else if w := g(); w {\n}": "complete",
		"x := 1; y := 2": "complete",
	} {
		if got := s.IsComplete(code); got.Status != want {
			t.Errorf("IsComplete(%q) = %+v, want %s", code, got, want)
		}
	}
	if got := s.IsComplete("if x {\n\tfor {"); got.Indent != "\t\t" {
		t.Errorf("indent = %q", got.Indent)
	}
}

func TestComplete(t *testing.T) {
	s := newTestSession(t)
	runCell(t, s, "type Pt struct{ Xval, Yval int }\npt := &Pt{1, 2}\nnumber := 3")
	cases := []struct {
		code   string
		cursor int
		want   string
		start  int
	}{
		{"fmt.Prin", 8, "Println", 4},
		{"display.Mark", 12, "Markdown", 8},
		{"numb", 4, "number", 0},
		{"fo", 2, "for", 0},
		{"pt.Xv", 5, "Xval", 3},
		{"é := pt.Yv", 10, "Yval", 8}, // code points, not bytes
	}
	for _, c := range cases {
		got := s.Complete(c.code, c.cursor)
		if !slices.Contains(got.Matches, c.want) || got.CursorStart != c.start || got.CursorEnd != c.cursor {
			t.Errorf("Complete(%q, %d) = %+v, want %s from %d", c.code, c.cursor, got, c.want, c.start)
		}
	}
}

func TestInspect(t *testing.T) {
	s := newTestSession(t)
	got := s.Inspect("display.Text(\"a\")", 9, 0)
	text, _ := got.Data.Data["text/plain"].(string)
	if !got.Found || !strings.HasPrefix(text, "func Text(s string) Bundle") {
		t.Errorf("Inspect display.Text = %+v", got)
	}
	runCell(t, s, "tt := tensorlib.Tensor1(1, 2)")
	got = s.Inspect("tt.Shape()", 5, 0)
	text, _ = got.Data.Data["text/plain"].(string)
	if !got.Found || !strings.HasPrefix(text, "func (t *Tensor) Shape()") {
		t.Errorf("Inspect tt.Shape = %q", text)
	}
	runCell(t, s, "nums := []int{1, 2}")
	got = s.Inspect("nums", 2, 0)
	text, _ = got.Data.Data["text/plain"].(string)
	if !got.Found || text != "nums: []int\n\n[1 2]" {
		t.Errorf("Inspect nums = %q", text)
	}
}
