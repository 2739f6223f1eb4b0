package display

import (
	"crypto/rand"
	"fmt"
	"image"
	"reflect"
	"sync"
)

// The package keeps one piece of mutable state: the publisher installed with
// SetPublisher. mu guards it and also serialises the calls into it, so a
// Publisher sees one call at a time even when hooks running in goroutines
// call Show concurrently with the cell.
var (
	mu        sync.Mutex
	publisher Publisher
)

// SetPublisher installs p as the publisher used by Show, ShowID, Update and
// Clear; nil removes it, after which those functions do nothing. The gohooks
// worker installs a publisher for each session. SetPublisher is safe to call
// concurrently with the functions that publish; it waits for a call in
// progress to return.
func SetPublisher(p Publisher) {
	mu.Lock()
	publisher = p
	mu.Unlock()
}

// active reports whether a publisher is installed, so that values are not
// rendered (a figure's PNG, say) only to be dropped.
func active() bool {
	mu.Lock()
	defer mu.Unlock()
	return publisher != nil
}

// publish hands one message to the installed publisher, if any.
func publish(f func(Publisher)) {
	mu.Lock()
	defer mu.Unlock()
	if publisher != nil {
		f(publisher)
	}
}

// Show displays v below the running cell, as BundleOf renders it. A nil v
// shows nothing. Without a publisher (outside a kernel) Show does nothing and
// returns, without rendering v.
func Show(v any) {
	if v == nil || !active() {
		return
	}
	b := BundleOf(v)
	publish(func(p Publisher) { p.Display(b, "", false) })
}

// ShowID displays v like Show, under the display id id, so that a later
// Update(id, w) replaces it in place. Ids come from NewDisplayID. ShowID with
// an id that is already shown adds a second output that later updates also
// replace. It panics if id is empty.
func ShowID(id string, v any) {
	if id == "" {
		panic("display: ShowID: empty display id")
	}
	if !active() {
		return
	}
	b := BundleOf(v)
	publish(func(p Publisher) { p.Display(b, id, false) })
}

// Update replaces every output shown with ShowID under id with v, wherever
// that output is in the notebook, even in a cell that has finished. It panics
// if id is empty. Without a publisher it does nothing and does not render v.
func Update(id string, v any) {
	if id == "" {
		panic("display: Update: empty display id")
	}
	if !active() {
		return
	}
	b := BundleOf(v)
	publish(func(p Publisher) { p.Display(b, id, true) })
}

// NewDisplayID returns a new random display id for ShowID and Update. Ids are
// random rather than counted so that they stay unique across kernel restarts:
// a front end updates every output that carries the id, old ones included.
func NewDisplayID() string {
	return "gohooks-" + rand.Text()
}

// Clear clears the running cell's output. With wait, the front end clears
// only when the next output arrives, which avoids flicker when a figure is
// redrawn in a loop. Without a publisher it does nothing.
func Clear(wait bool) {
	publish(func(p Publisher) { p.ClearOutput(wait) })
}

// BundleOf returns the bundle that Show displays for v:
//   - a Bundler shows its Bundle (a text/plain entry is added if it has none);
//   - a value a registered formatter knows shows as it says (see
//     RegisterFormatter);
//   - an image.Image shows as PNG (see Image);
//   - a value with a method HTML() string shows that HTML, with fmt.Sprint(v)
//     as its text/plain (tensors use this to show as a table);
//   - anything else shows as text/plain: fmt.Sprint(v), which uses the
//     Error method of an error and the String method of a fmt.Stringer.
//
// A nil pointer (or map, slice, func, chan, interface) never has its methods
// called: it shows as fmt.Sprint does.
func BundleOf(v any) Bundle {
	if IsNil(v) {
		return Text(fmt.Sprint(v))
	}
	b, ok := Bundle{}, false
	if bu, is := v.(Bundler); is {
		b, ok = bu.Bundle(), true
	} else {
		b, ok = format(v)
	}
	if ok {
		if _, has := b.Data[MIMEText]; !has {
			b = b.WithText(fmt.Sprintf("<%T>", v))
		}
		return b
	}
	switch v := v.(type) {
	case image.Image:
		return Image(v)
	case interface{ HTML() string }:
		return HTML(v.HTML()).WithText(fmt.Sprint(v))
	}
	return Text(fmt.Sprint(v))
}

// IsNil reports whether v is nil or holds a nil pointer, map, slice, func,
// chan or interface. Such a value has nothing to show: a cell whose last
// expression is one shows no result, and BundleOf calls none of its
// methods, which would likely panic.
func IsNil(v any) bool {
	if v == nil {
		return true
	}
	switch r := reflect.ValueOf(v); r.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return r.IsNil()
	}
	return false
}
