package viz

import (
	"encoding/binary"
	"fmt"
	"slices"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot/font"
)

// Figures draw Liberation Sans without kerning. golang.org/x/image's
// opentype face, which puts text into the PNG, scales a kerning pair as if
// the font were 32 pixels high whatever its size (its Kern passes the units
// per em as the size): at a figure's 8 to 12 points the two digits of "11"
// were pulled 2.4 px together, so a title "ch 11" read as "ch 1 1", while
// gonum/plot measured the same text with the right, smaller kerning. Without
// kerning, drawing and measuring agree.
func init() {
	font.DefaultCache.Add(font.Collection{{Font: sans, Face: withoutKerning(liberationsansregular.TTF)}})
}

// withoutKerning parses a TrueType font whose kerning tables ("GPOS" and
// "kern") are renamed so that no reader finds them. A tag is renamed by
// raising its last letter, which keeps the table directory in tag order, as
// the parser requires.
func withoutKerning(ttf []byte) *opentype.Font {
	b := slices.Clone(ttf)
	const headerSize, recordSize = 12, 16
	n := int(binary.BigEndian.Uint16(b[4:6]))
	for i := range n {
		tag := b[headerSize+recordSize*i:][:4]
		if string(tag) == "GPOS" || string(tag) == "kern" {
			tag[3]++
		}
	}
	f, err := opentype.Parse(b)
	if err != nil {
		panic(fmt.Sprintf("viz: Liberation Sans without kerning: %v", err))
	}
	return f
}
