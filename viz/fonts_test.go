package viz

import (
	"testing"

	"gonum.org/v1/plot/font"
)

// TestTextWithoutKerning checks that the face figures draw with has no
// kerning pairs left, so that "11" is two advances wide as drawn and as
// measured (with Liberation Sans's kerning it was 0.074 em narrower).
func TestTextWithoutKerning(t *testing.T) {
	face := font.DefaultCache.Lookup(sans, 10)
	drawn := face.FontFace(DPI)
	for _, pair := range []string{"11", "AV", "To"} {
		if k := drawn.Kern(rune(pair[0]), rune(pair[1])); k != 0 {
			t.Errorf("kerning of %q when drawn: %v, want 0", pair, k)
		}
		one, two := face.Width(pair[:1])+face.Width(pair[1:]), face.Width(pair)
		if one != two {
			t.Errorf("width of %q measured: %v, want %v (no kerning)", pair, two, one)
		}
	}
}
