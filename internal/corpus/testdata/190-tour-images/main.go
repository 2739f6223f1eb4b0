// A Tour of Go exercise: Images, a type implementing image.Image, encoded as PNG and hashed.
package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

type Image struct {
	w, h int
}

func (m Image) ColorModel() color.Model {
	return color.RGBAModel
}

func (m Image) Bounds() image.Rectangle {
	return image.Rect(0, 0, m.w, m.h)
}

func (m Image) At(x, y int) color.Color {
	v := uint8((x ^ y) * 4)
	return color.RGBA{v, v, 255, 255}
}

func main() {
	m := Image{64, 32}
	fmt.Println(m.Bounds())
	fmt.Println(m.At(3, 5))
	r, g, b, a := m.At(10, 1).RGBA()
	fmt.Println(r, g, b, a)

	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		panic(err)
	}
	fmt.Printf("png %d bytes, sha256 %x\n", buf.Len(), sha256.Sum256(buf.Bytes()))

	decoded, format, err := image.Decode(&buf)
	if err != nil {
		panic(err)
	}
	fmt.Println(format, decoded.Bounds().Dx(), decoded.Bounds().Dy(), decoded.At(3, 5))

	rgba := image.NewRGBA(image.Rect(0, 0, 4, 4))
	rgba.Set(1, 2, color.RGBA{255, 0, 0, 255})
	fmt.Println(rgba.RGBAAt(1, 2), rgba.Bounds().Size())
}
