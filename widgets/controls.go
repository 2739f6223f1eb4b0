package widgets

import (
	"fmt"
	"math"

	"github.com/gohooks/gohooks/comm"
	"github.com/gohooks/gohooks/display"
)

// IntSlider makes a slider over the integers min..max, step 1, at min.
func IntSlider(min, max int) *Widget {
	if min > max {
		panic(fmt.Sprintf("widgets: IntSlider: min %d is greater than max %d", min, max))
	}
	style := open("SliderStyle", styleState("SliderStyleModel", map[string]any{"handle_color": nil}))
	return domWidget("IntSlider", "IntSliderModel", "IntSliderView", map[string]any{
		"_range": false, "continuous_update": true, "description": "", "disabled": false,
		"max": max, "min": min, "orientation": "horizontal", "readout": true,
		"readout_format": "d", "step": 1, "style": ref(style), "value": min,
	}, style)
}

// FloatSlider makes a slider over min..max in steps of step, at min.
func FloatSlider(min, max, step float64) *Widget {
	if !(min <= max) || !(step > 0) || math.IsInf(max-min, 0) {
		panic(fmt.Sprintf("widgets: FloatSlider: bad range [%v, %v] or step %v", min, max, step))
	}
	return domWidget("FloatSlider", "FloatSliderModel", "FloatSliderView", map[string]any{
		"_range": false, "continuous_update": true, "description": "", "disabled": false,
		"max": max, "min": min, "orientation": "horizontal", "readout": true,
		"readout_format": ".2f", "slider_color": nil, "step": step, "value": min,
	})
}

// Dropdown makes a drop-down list of options, the first one chosen.
func Dropdown(options []string) *Widget {
	if len(options) == 0 {
		panic("widgets: Dropdown: no options")
	}
	labels := make([]any, len(options))
	for i, o := range options {
		labels[i] = o
	}
	return domWidget("Dropdown", "DropdownModel", "DropdownView", map[string]any{
		"_options_labels": labels, "description": "", "disabled": false, "value": options[0],
	})
}

// Checkbox makes a check box with a description, checked or not.
func Checkbox(description string, value bool) *Widget {
	return domWidget("Checkbox", "CheckboxModel", "CheckboxView", map[string]any{
		"description": description, "disabled": false, "value": value,
	})
}

// Button makes a button; OnClick sets what it does.
func Button(description string) *Widget {
	style := open("ButtonStyle", styleState("ButtonStyleModel", map[string]any{"button_color": nil, "font_weight": ""}))
	return domWidget("Button", "ButtonModel", "ButtonView", map[string]any{
		"button_style": "", "description": description, "disabled": false, "icon": "",
		"style": ref(style), "tooltip": "",
	}, style)
}

// Text makes a one-line text field holding value.
func Text(value string) *Widget {
	return domWidget("Text", "TextModel", "TextView", map[string]any{
		"description": "", "disabled": false, "placeholder": "\u200b", "value": value,
	})
}

// Output makes an area that shows what Capture, Show and Clear send to it.
func Output() *Widget {
	return domWidget("Output", "OutputModel", "OutputView", map[string]any{"msg_id": ""})
}

// HBox lays children out in a row.
func HBox(children ...*Widget) *Widget { return box("HBox", children) }

// VBox lays children out in a column.
func VBox(children ...*Widget) *Widget { return box("VBox", children) }

func box(kind string, children []*Widget) *Widget {
	refs := make([]any, len(children))
	for i, c := range children {
		if c == nil {
			panic(fmt.Sprintf("widgets: %s: child %d is nil", kind, i))
		}
		refs[i] = ref(c)
	}
	return domWidget(kind, kind+"Model", kind+"View", map[string]any{"box_style": "", "children": refs}, children...)
}

func styleState(model string, fields map[string]any) map[string]any {
	s := baseState(model, "StyleView")
	for k, v := range fields {
		s[k] = v
	}
	return s
}

// Value returns w's value: an int for an IntSlider, a float64 for a
// FloatSlider, a bool for a Checkbox, a string for a Dropdown or a Text.
func (w *Widget) Value() any {
	w.must("Value", "IntSlider", "FloatSlider", "Checkbox", "Dropdown", "Text")
	switch v := w.Get("value").(type) {
	case float64:
		if w.kind == "IntSlider" {
			return int(v)
		}
		return v
	default:
		return v
	}
}

// SetValue sets w's value (see Value for its type) and calls the OnChange
// callbacks when it changed. It panics on a value that does not fit.
func (w *Widget) SetValue(v any) *Widget {
	if i, ok := v.(int); ok {
		v = float64(i)
	}
	checked, err := w.checkValue(v)
	if err != nil {
		panic(fmt.Sprintf("widgets: SetValue: %s: %v", w.kind, err))
	}
	return w.Set("value", checked)
}

// Int returns an IntSlider's value.
func (w *Widget) Int() int {
	w.must("Int", "IntSlider")
	return int(toFloat(w.Get("value")))
}

// Float returns a FloatSlider's or an IntSlider's value.
func (w *Widget) Float() float64 {
	w.must("Float", "FloatSlider", "IntSlider")
	return toFloat(w.Get("value"))
}

// Bool returns a Checkbox's value.
func (w *Widget) Bool() bool {
	w.must("Bool", "Checkbox")
	b, _ := w.Get("value").(bool)
	return b
}

// Text returns a Dropdown's choice or a Text's contents.
func (w *Widget) Text() string {
	w.must("Text", "Dropdown", "Text")
	s, _ := w.Get("value").(string)
	return s
}

// Options returns a Dropdown's options.
func (w *Widget) Options() []string {
	w.must("Options", "Dropdown")
	labels, _ := w.Get("_options_labels").([]any)
	out := make([]string, len(labels))
	for i, l := range labels {
		out[i], _ = l.(string)
	}
	return out
}

// Capture runs f with its output (prints and displays) sent to the Output
// widget w instead of the cell: the front end shows, in w, the output of
// the request being served.
func (w *Widget) Capture(f func()) {
	w.must("Capture", "Output")
	w.Set("msg_id", comm.Parent())
	defer w.Set("msg_id", "")
	f()
}

// Show displays v in the Output widget w, below what it holds.
func (w *Widget) Show(v any) { w.Capture(func() { display.Show(v) }) }

// Clear empties the Output widget w.
func (w *Widget) Clear() { w.Capture(func() { display.Clear(false) }) }
