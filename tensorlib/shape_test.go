package tensorlib

import (
	"fmt"
	"strings"
	"testing"
)

// A shape whose element count overflows is refused with a message, not
// counted as 0 (New(nil, 2^32, 2^32) made a tensor with no values) or
// passed to make (a runtime makeslice panic).
func TestShapesThatOverflowAreRefused(t *testing.T) {
	cases := []struct {
		name string
		f    func()
		want string
	}{
		{"New [2^32, 2^32]", func() { New(nil, 1<<32, 1<<32) }, "tensorlib: New: shape [4294967296 4294967296] is too large"},
		{"Zeros [2^62]", func() { Zeros(1 << 62) }, "tensorlib: Zeros: shape [4611686018427387904] is too large"},
		{"Ones [2^31, 2^31, 4]", func() { Ones(1<<31, 1<<31, 4) }, "is too large"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if msg := fmt.Sprint(recover()); !strings.Contains(msg, c.want) {
					t.Fatalf("panic %q, want %q", msg, c.want)
				}
			}()
			c.f()
		})
	}
}
