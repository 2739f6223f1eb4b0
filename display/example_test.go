package display_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"

	"github.com/gohooks/gohooks/display"
)

// printer is a Publisher that prints what it would send to the front end.
type printer struct{}

func (printer) Display(b display.Bundle, id string, update bool) {
	var keys []string
	for k := range b.Data {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	kind := "display"
	if update {
		kind = "update"
	}
	if id != "" {
		id = "(with id)"
	}
	fmt.Printf("%s %s %v: %v\n", kind, id, keys, b.Data["text/plain"])
}

func (printer) ClearOutput(wait bool) { fmt.Printf("clear wait=%v\n", wait) }

func ExampleShow() {
	// Outside a kernel there is no publisher: Show does nothing.
	display.Show("not shown anywhere")

	display.SetPublisher(printer{})
	defer display.SetPublisher(nil)
	display.Show(display.Markdown("**bold**"))
	display.Show(fmt.Errorf("an error shows its message"))
	display.Show(nil) // shows nothing
	// Output:
	// display  [text/markdown text/plain]: **bold**
	// display  [text/plain]: an error shows its message
}

// A loss curve redrawn in place while training runs: show it once under a
// new id, then update that display after each epoch.
func ExampleUpdate() {
	display.SetPublisher(printer{})
	defer display.SetPublisher(nil)

	id := display.NewDisplayID()
	display.ShowID(id, "epoch 0: waiting")
	for epoch := 1; epoch <= 2; epoch++ {
		display.Update(id, fmt.Sprintf("epoch %d: loss %.2f", epoch, 1/float64(epoch)))
	}
	// Output:
	// display (with id) [text/plain]: epoch 0: waiting
	// update (with id) [text/plain]: epoch 1: loss 1.00
	// update (with id) [text/plain]: epoch 2: loss 0.50
}

func ExampleShowID() {
	display.SetPublisher(printer{})
	defer display.SetPublisher(nil)
	display.ShowID(display.NewDisplayID(), display.HTML("<progress value=3 max=10>"))
	// Output:
	// display (with id) [text/html text/plain]: <HTML>
}

func ExampleClear() {
	display.SetPublisher(printer{})
	defer display.SetPublisher(nil)
	display.Clear(true)
	// Output:
	// clear wait=true
}

func ExampleSetPublisher() {
	display.SetPublisher(printer{})
	display.Show(42)
	display.SetPublisher(nil) // back to doing nothing
	display.Show(43)
	// Output:
	// display  [text/plain]: 42
}

func ExampleNewDisplayID() {
	a, b := display.NewDisplayID(), display.NewDisplayID()
	fmt.Println(strings.HasPrefix(a, "gohooks-"), a != b)
	// Output:
	// true true
}

// table has an HTML method, as tensorlib's tensors do: BundleOf uses it.
type table [][]int

func (t table) HTML() string { return "<table>…</table>" }

func ExampleBundleOf() {
	b := display.BundleOf(table{{1, 2}, {3, 4}})
	fmt.Println(b.Data["text/html"])
	fmt.Println(b.Data["text/plain"])
	// Output:
	// <table>…</table>
	// [[1 2] [3 4]]
}

func ExampleText() {
	fmt.Println(display.Text("plain").Data)
	// Output:
	// map[text/plain:plain]
}

func ExampleImage() {
	img := image.NewGray(image.Rect(0, 0, 28, 28))
	img.SetGray(14, 14, color.Gray{Y: 255})
	b := display.Image(img)
	fmt.Println(b.Data["text/plain"], b.Metadata["image/png"])
	// Output:
	// <PNG image 28×28> map[height:28 width:28]
}

func ExamplePNG() {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 4, 3))); err != nil {
		panic(err)
	}
	b := display.PNG(buf.Bytes())
	fmt.Println(b.Data["text/plain"])
	// Output:
	// <PNG image 4×3>
}

func ExampleSVG() {
	b := display.SVG(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>`)
	fmt.Println(b.Data["text/plain"])
	// Output:
	// <SVG image>
}

func ExampleHTML() {
	b := display.HTML("<b>bold</b>").WithText("bold")
	fmt.Println(b.Data["text/html"], b.Data["text/plain"])
	// Output:
	// <b>bold</b> bold
}

func ExampleMarkdown() {
	fmt.Println(display.Markdown("# Title").Data["text/markdown"])
	// Output:
	// # Title
}

func ExampleLaTeX() {
	fmt.Println(display.LaTeX(`$\nabla_W L$`).Data["text/latex"])
	// Output:
	// $\nabla_W L$
}

func ExampleJSON() {
	b := display.JSON(map[string]any{"layer": "conv1", "shape": []int{1, 8, 28, 28}})
	fmt.Println(b.Data["text/plain"])
	// Output:
	// {
	//   "layer": "conv1",
	//   "shape": [
	//     1,
	//     8,
	//     28,
	//     28
	//   ]
	// }
}

func ExampleBundle_WithText() {
	b := display.SVG("<svg/>").WithText("a circle")
	fmt.Println(b.Data["text/plain"])
	// Output:
	// a circle
}

func ExampleIsNil() {
	var p *image.RGBA
	var err error
	fmt.Println(display.IsNil(nil), display.IsNil(p), display.IsNil(err), display.IsNil([]int(nil)), display.IsNil(0))
	// Output: true true true true false
}
