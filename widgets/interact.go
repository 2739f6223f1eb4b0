package widgets

import (
	"fmt"
	"reflect"

	"github.com/gohooks/gohooks/display"
)

// Interact shows controls in a column and, under them, what f returns for
// their values; whenever a control changes, f runs again and its result
// replaces the one shown, in place. f takes one argument per control, in
// order: an int for an IntSlider, a float64 for a FloatSlider, a bool for
// a Checkbox, a string for a Dropdown or a Text. It returns one value to
// show (a viz figure, a tensor, a string) or nothing (then what it prints
// appears under the controls). Interact panics, before showing anything,
// when f does not fit the controls.
func Interact(f any, controls ...*Widget) {
	fn := reflect.ValueOf(f)
	if err := checkInteract(fn, controls); err != nil {
		panic("widgets: Interact: " + err.Error())
	}
	call := func() any {
		args := make([]reflect.Value, len(controls))
		for i, c := range controls {
			args[i] = reflect.ValueOf(c.Value()).Convert(fn.Type().In(i))
		}
		out := fn.Call(args)
		if len(out) == 0 {
			return nil
		}
		return out[0].Interface()
	}
	display.Show(VBox(controls...))
	if fn.Type().NumOut() == 0 {
		call()
		for _, c := range controls {
			c.OnChange(func(*Widget) { call() })
		}
		return
	}
	id := display.NewDisplayID()
	display.ShowID(id, shown(call()))
	for _, c := range controls {
		c.OnChange(func(*Widget) { display.Update(id, shown(call())) })
	}
}

// shown is what a result shows as: nothing shows as an empty text.
func shown(v any) any {
	if v == nil {
		return display.Bundle{Data: map[string]any{"text/plain": ""}}
	}
	return v
}

func checkInteract(fn reflect.Value, controls []*Widget) error {
	if fn.Kind() != reflect.Func {
		return fmt.Errorf("the first argument is a %T, not a function", fn.Interface())
	}
	t := fn.Type()
	if t.NumIn() != len(controls) || t.IsVariadic() {
		return fmt.Errorf("the function takes %d arguments for %d controls", t.NumIn(), len(controls))
	}
	if t.NumOut() > 1 {
		return fmt.Errorf("the function returns %d values; it may return one, to show, or none", t.NumOut())
	}
	for i, c := range controls {
		if c == nil {
			return fmt.Errorf("control %d is nil", i)
		}
		var want reflect.Kind
		switch c.kind {
		case "IntSlider":
			want = reflect.Int
		case "FloatSlider":
			want = reflect.Float64
		case "Checkbox":
			want = reflect.Bool
		case "Dropdown", "Text":
			want = reflect.String
		default:
			return fmt.Errorf("control %d is a %s, which has no value", i, c.kind)
		}
		if t.In(i).Kind() != want {
			return fmt.Errorf("argument %d is a %s, but control %d is a %s (a %s)", i, t.In(i), i, c.kind, want)
		}
	}
	return nil
}
