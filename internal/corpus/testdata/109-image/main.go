// The image package: an RGBA image, pixels, bounds, and a PNG encoded in memory.
package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
)

type Gradient struct{ w, h int }

func (g Gradient) ColorModel() color.Model { return color.RGBAModel }
func (g Gradient) Bounds() image.Rectangle { return image.Rect(0, 0, g.w, g.h) }
func (g Gradient) At(x, y int) color.Color {
	return color.RGBA{uint8(x * 255 / g.w), uint8(y * 255 / g.h), 128, 255}
}

func main() {
	m := image.NewRGBA(image.Rect(0, 0, 100, 50))
	fmt.Println(m.Bounds(), m.Bounds().Dx(), m.Bounds().Dy())
	m.Set(10, 5, color.RGBA{255, 0, 0, 255})
	fmt.Println(m.At(10, 5).RGBA())
	fmt.Println(m.At(0, 0))

	var img image.Image = Gradient{4, 2}
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
			fmt.Printf("(%3d,%3d) ", c.R, c.G)
		}
		fmt.Println()
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		fmt.Println(err)
	}
	back, format, err := image.Decode(&buf)
	fmt.Println(format, err, back.Bounds())
	gray := color.GrayModel.Convert(color.RGBA{200, 100, 50, 255})
	fmt.Println(gray)
	fmt.Println(image.Pt(3, 4).Add(image.Pt(1, 1)), image.Rect(0, 0, 10, 10).Intersect(image.Rect(5, 5, 20, 20)))
}
