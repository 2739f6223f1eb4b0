// The fmt verbs: general, integers, floats, strings, pointers-free structs and widths.
package main

import (
	"fmt"
	"os"
)

type point struct {
	x, y int
}

type Named struct {
	Name string
	Tags []string
	Meta map[string]int
}

func main() {
	p := point{1, 2}
	fmt.Printf("struct1: %v\n", p)
	fmt.Printf("struct2: %+v\n", p)
	fmt.Printf("struct3: %#v\n", p)
	fmt.Printf("type: %T\n", p)
	fmt.Printf("bool: %t\n", true)
	fmt.Printf("int: %d\n", 123)
	fmt.Printf("bin: %b\n", 14)
	fmt.Printf("char: %c\n", 33)
	fmt.Printf("hex: %x %X %#x\n", 456, 456, 456)
	fmt.Printf("float1: %f\n", 78.9)
	fmt.Printf("float2: %e\n", 123400000.0)
	fmt.Printf("float3: %E %g %G\n", 123400000.0, 0.000012, 1e21)
	fmt.Printf("str1: %s\n", "\"string\"")
	fmt.Printf("str2: %q\n", "\"string\"")
	fmt.Printf("str3: %x % x\n", "hex this", "hi")
	fmt.Printf("width1: |%6d|%6d|\n", 12, 345)
	fmt.Printf("width2: |%6.2f|%6.2f|\n", 1.2, 3.45)
	fmt.Printf("width3: |%-6.2f|%-6.2f|\n", 1.2, 3.45)
	fmt.Printf("width4: |%6s|%6s|\n", "foo", "b")
	fmt.Printf("width5: |%-6s|%-6s|\n", "foo", "b")
	fmt.Printf("pad: %08.3f %+d %05d %x\n", 3.14159, 7, -42, -255)
	fmt.Printf("%8.3f|%-8.3f|%.0f\n", 2.0/3, 2.0/3, 2.5)
	fmt.Printf("%v %d %s\n", []int{1, 2}, []int{3, 4}, []string{"a", "b"})
	fmt.Printf("%q %v %U\n", 'x', 'x', 'x')
	fmt.Printf("%#v\n", Named{"n", []string{"t"}, map[string]int{"k": 1}})
	fmt.Printf("%+v\n", Named{Name: "m"})
	fmt.Printf("%v %#v\n", []any{1, "a", nil}, []any{1, "a"})
	fmt.Printf("%d%%\n", 50)
	fmt.Printf("%[2]d %[1]d\n", 1, 2)
	fmt.Printf("%*d|%-*d|\n", 5, 42, 4, 7)
	bad := []string{"%!\n", "%d\n", "%d %d\n"}
	fmt.Printf(bad[0], 1)
	fmt.Printf(bad[1], "str")
	fmt.Printf(bad[2], 1)
	s := fmt.Sprintf("sprintf: a %s", "string")
	fmt.Println(s)
	fmt.Fprintf(os.Stdout, "fprintf: %v\n", map[string]int{"z": 26, "a": 1})
	fmt.Print("print", 1, 2, "x", "y", 3, "\n")
	fmt.Println(fmt.Sprintln("sprintln", 1) == "sprintln 1\n")
}
