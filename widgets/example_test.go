package widgets_test

import (
	"fmt"

	"github.com/gohooks/gohooks/widgets"
)

func ExampleIntSlider() {
	s := widgets.IntSlider(0, 15).Describe("channel")
	s.OnChange(func(w *widgets.Widget) { fmt.Println("channel", w.Int()) })
	s.SetValue(3) // as moving the slider in the front end does
	fmt.Println(s)
	// Output:
	// channel 3
	// IntSlider(value=3, min=0, max=15, step=1, description="channel")
}

func ExampleDropdown() {
	layer := widgets.Dropdown([]string{"conv1", "conv2"})
	layer.SetValue("conv2")
	fmt.Println(layer.Text(), layer.Options())
	// Output: conv2 [conv1 conv2]
}
