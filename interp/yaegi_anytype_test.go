package interp

import "testing"

// TestDefinedBasicTypesInAny: a value of a type the program defines over a
// basic type (type Celsius float64) keeps that type in an any, however it
// got there (assignment, argument, variadic argument, composite literal,
// map value, append, channel, return, any(x)), so that a type switch, an
// assertion and %T tell it from the basic type (patch 0108). Before, an
// any held the bare float64: case Celsius matched every float64 and
// %T printed float64. The program is testdata/anytypes/main.go.txt,
// want.txt what go run prints.
func TestDefinedBasicTypesInAny(t *testing.T) {
	runProgramFile(t, "testdata/anytypes")
}
