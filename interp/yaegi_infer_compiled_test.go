package interp

import "testing"

// Patch 0093: type arguments are inferred from compiled values (a function
// of the standard library for a func parameter) and from channels with a
// direction.
func TestInferFromCompiledValuesAndChannels(t *testing.T) {
	const mapFn = "func Map[T, U any](xs []T, f func(T) U) []U {\n\tvar out []U\n\tfor _, x := range xs {\n\t\tout = append(out, f(x))\n\t}\n\treturn out\n}\n"
	const recv = "func Drain[T any](in <-chan T) []T {\n\tvar out []T\n\tfor v := range in {\n\t\tout = append(out, v)\n\t}\n\treturn out\n}\n" +
		"func Gen[T any](xs ...T) <-chan T {\n\tc := make(chan T, len(xs))\n\tfor _, x := range xs {\n\t\tc <- x\n\t}\n\tclose(c)\n\treturn c\n}\n"
	runYaegiRows(t, []yaegiRow{
		{"compiled function", mapFn + "fmt.Println(Map([]string{\"go\", \"is\"}, strings.ToUpper))", cellOut{stdout: "[GO IS]\n"}},
		{"compiled function with other result type", "import \"strconv\"\n" + mapFn + "fmt.Println(Map([]int{1, 22}, strconv.Itoa))", cellOut{stdout: "[1 22]\n"}},
		{"receive-only channel", recv + "fmt.Println(Drain(Gen(1, 2, 3)))", cellOut{stdout: "[1 2 3]\n"}},
		{"bidirectional channel for a receive-only parameter", recv + "c := make(chan string, 1)\nc <- \"a\"\nclose(c)\nfmt.Println(Drain(c))", cellOut{stdout: "[a]\n"}},
	})
}
