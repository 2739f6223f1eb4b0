package corpus

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{
			name: "imports, declarations with their comments, main dedented",
			src: "// Package doc.\npackage main\n\nimport \"fmt\"\n\nimport (\n\t\"os\"\n)\n\n" +
				"// T is a type.\ntype T int\n\n// free comment, dropped\n\nfunc (t T) M() int { return int(t) }\n\n" +
				"var v = 1\n\nfunc main() {\n\tfmt.Println(v)\n\tif v > 0 {\n\t\tos.Exit(0)\n\t}\n}\n",
			want: []string{
				"import \"fmt\"\nimport (\n\t\"os\"\n)",
				"// T is a type.\ntype T int\n\nfunc (t T) M() int { return int(t) }\n\nvar v = 1",
				"fmt.Println(v)\nif v > 0 {\n\tos.Exit(0)\n}",
			},
		},
		{
			name: "no declarations: two cells",
			src:  "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1)\n}\n",
			want: []string{"import \"fmt\"", "fmt.Println(1)"},
		},
		{
			name: "declarations after main keep their order",
			src:  "package main\n\nfunc main() {\n\tf()\n}\n\nfunc f() {}\n\nconst c = 2\n",
			want: []string{"func f() {}\n\nconst c = 2", "f()"},
		},
		{
			name: "a raw string keeps its indentation",
			src:  "package main\n\nfunc main() {\n\ts := `a\n\tb\n\t\tc`\n\tprintln(s)\n}\n",
			want: []string{"s := `a\n\tb\n\t\tc`\nprintln(s)"},
		},
		{
			name: "an empty main makes no cell",
			src:  "package main\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n\nfunc main() {\n}\n",
			want: []string{"import \"fmt\"", "var _ = fmt.Sprint"},
		},
		{
			name: "a method named main is a declaration",
			src:  "package main\n\ntype T struct{}\n\nfunc (T) main() {}\n\nfunc main() {\n\tT{}.main()\n}\n",
			want: []string{"type T struct{}\n\nfunc (T) main() {}", "T{}.main()"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Split(c.src)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Split gave\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

func TestSplitRefuses(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"package lib\n\nfunc main() {}\n", "package lib, want package main"},
		{"package main\n\nfunc helper() {}\n", "no func main"},
		{"package main\n\nfunc main() {\n", "expected '}'"},
	} {
		if _, err := Split(c.src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Split(%q) error = %v, want %q", c.src, err, c.want)
		}
	}
}

// Every program of the corpus splits, and its cells hold every line of the
// program but the package clause, func main's braces and comments outside
// declarations.
func TestSplitKeepsTheCorpus(t *testing.T) {
	dirs, err := filepath.Glob("testdata/[0-9]*/main.go")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no programs: %v", err)
	}
	for _, path := range dirs {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cells, err := Split(string(src))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		joined := strings.Join(cells, "\n")
		for _, line := range strings.Split(string(src), "\n") {
			l := strings.TrimSpace(line)
			if l == "" || strings.HasPrefix(l, "package ") || l == "func main() {" || line == "}" || strings.HasPrefix(line, "//") {
				continue
			}
			if !strings.Contains(joined, l) {
				t.Errorf("%s: the cells lost the line %q", path, line)
			}
		}
	}
}

// FuzzSplit feeds programs of the corpus's shape to the splitter: it never
// panics, and a program put back together from its cells (main's body
// indented again) splits into the same cells.
func FuzzSplit(f *testing.F) {
	paths, _ := filepath.Glob("testdata/[0-9]*/main.go")
	for _, p := range paths {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := split(src)
		if err != nil || strings.Contains(p.body, "`") {
			return // raw strings keep their indentation: no simple inverse
		}
		lines := strings.Split(p.body, "\n")
		for i, l := range lines {
			if l != "" {
				lines[i] = "\t" + l
			}
		}
		again := "package main\n\n" + p.imports + "\n\n" + p.decls + "\n\nfunc main() {\n" + strings.Join(lines, "\n") + "\n}\n"
		q, err := split(again)
		if err != nil {
			t.Fatalf("the program put back together does not split: %v\n%s", err, again)
		}
		if q != p {
			t.Fatalf("split differently after putting back together:\n%q\n%q", p, q)
		}
	})
}
