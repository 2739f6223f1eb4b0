package interp

import "testing"

// Patch 0091: a struct of the program embedded in another, beside other
// fields, is an embedded field in reflect, so encoding/json promotes its
// fields as Go does.
func TestEmbeddedStructsInReflect(t *testing.T) {
	const decl = "import \"encoding/json\"\n" +
		"type Meta struct {\n\tTags []string `json:\"tags\"`\n}\n" +
		"type Base struct{ ID int }\n" +
		"func (b Base) Describe() string { return fmt.Sprint(\"base \", b.ID) }\n" +
		"type Task struct {\n\tMeta\n\t*Base\n\tTitle string `json:\"title\"`\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"marshal", decl + "b, err := json.Marshal(Task{Meta{[]string{\"a\"}}, &Base{3}, \"t\"})\nfmt.Println(string(b), err)",
			cellOut{stdout: `{"tags":["a"],"ID":3,"title":"t"} <nil>` + "\n"}},
		{"unmarshal", decl + "var t Task\nerr := json.Unmarshal([]byte(`{\"tags\":[\"x\"],\"ID\":4,\"title\":\"u\"}`), &t)\nfmt.Println(err, t.Tags, t.ID, t.Title)",
			cellOut{stdout: "<nil> [x] 4 u\n"}},
		{"promoted fields and methods", decl + "t := Task{Meta{nil}, &Base{5}, \"v\"}\nt.Tags = append(t.Tags, \"y\")\nfmt.Printf(\"%+v %d %s\\n\", t.Meta, t.ID, t.Describe())",
			cellOut{stdout: "{Tags:[y]} 5 base 5\n"}},
		{"compiled struct embedded beside others", "import \"sync\"\ntype C struct {\n\tsync.Mutex\n\tN int\n}\nvar c C\nc.Lock()\nc.N++\nc.Unlock()\nfmt.Println(c.N)",
			cellOut{stdout: "1\n"}},
	})
}
