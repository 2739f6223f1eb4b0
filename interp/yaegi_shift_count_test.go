package interp

import "testing"

// Patch 0092: the count of a shift does not take the type the shift is
// given by its declaration.
func TestShiftCountType(t *testing.T) {
	runYaegiRows(t, []yaegiRow{
		{"typed float constants repeated", "type ByteSize float64\nconst (\n\t_ = iota\n\tKB ByteSize = 1 << (10 * iota)\n\tMB\n\tGB\n)\nfmt.Println(KB, MB, GB)",
			cellOut{stdout: "1024 1.048576e+06 1.073741824e+09\n"}},
		{"typed float variable", "type B float64\nconst k = 2\nvar y B = 1 << (k * 3)\nfmt.Println(y)", cellOut{stdout: "64\n"}},
		{"integer types still", "n := 3\nvar x int64 = 1 << (n + 1)\nvar z uint8 = 200 >> (n - 2)\nfmt.Println(x, z)", cellOut{stdout: "16 100\n"}},
	})
}
