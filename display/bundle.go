// Package display defines what a cell shows: a MIME bundle, and helpers that
// publish bundles while a cell runs.
//
// A Bundle maps MIME types to data. Text formats (text/plain, text/html,
// image/svg+xml, text/markdown, text/latex) are strings; binary formats
// (image/png) are base64 strings, as the Jupyter protocol carries them;
// application/json is any JSON-marshalable value. Every bundle made by this
// package has a text/plain entry, so every front end can show something.
//
// The helpers Text, PNG, Image, SVG, HTML, Markdown, LaTeX and JSON make
// bundles. BundleOf turns any value into a bundle: a Bundler by its Bundle
// method, an image.Image as PNG, a value with a method HTML() string as that
// HTML (this is how a package that cannot import display, such as tensorlib,
// gives its values a rich rendering), and anything else as fmt.Sprint text.
//
// Show, ShowID, Update and Clear publish through the Publisher installed with
// SetPublisher, the package's only mutable state. The gohooks worker installs
// one for each session; outside a kernel (a go test, a plain program) no
// publisher is installed and those functions do nothing and return. They are
// safe for concurrent use (a hook running in a goroutine may call Show): the
// calls reach the Publisher one at a time.
//
// A figure updated in place, such as a loss curve redrawn while training runs,
// takes an id from NewDisplayID, is shown once with ShowID and then replaced
// with Update (see the example of Update).
package display

// Bundle is one displayable value: MIME type to data, plus per-MIME metadata
// (for example image sizes).
type Bundle struct {
	Data     map[string]any
	Metadata map[string]any
}

// Bundler is implemented by values that know how to show themselves. A cell
// whose last expression is a Bundler shows its bundle.
type Bundler interface {
	Bundle() Bundle
}

// Bundle makes a Bundler of a Bundle itself, so helpers can return Bundles.
func (b Bundle) Bundle() Bundle { return b }

// Publisher sends bundles to the front end while a cell runs. The gohooks
// worker installs one per session with SetPublisher.
type Publisher interface {
	// Display shows b; a non-empty id names the display so that a later
	// call with update=true replaces it in place.
	Display(b Bundle, id string, update bool)
	// ClearOutput clears the cell's output; with wait, only when new output
	// arrives.
	ClearOutput(wait bool)
}
