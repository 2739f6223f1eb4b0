package display

import "sync"

// Formatters let a package that knows a type from elsewhere (viz knows
// gonum's *plot.Plot and mat.Matrix) say how it shows, so that display
// keeps no dependencies. They are the package's second piece of mutable
// state, set by the init functions of the packages that register them.
var (
	formatMu   sync.RWMutex
	formatters []func(v any) (Bundle, bool)
)

// RegisterFormatter adds f to the formatters BundleOf tries, in order of
// registration, for a value that is not a Bundler: the first f that
// returns true gives the value's bundle. A package registers its
// formatters in an init function.
func RegisterFormatter(f func(v any) (Bundle, bool)) {
	formatMu.Lock()
	formatters = append(formatters, f)
	formatMu.Unlock()
}

// format returns the bundle of the first formatter that knows v.
func format(v any) (Bundle, bool) {
	formatMu.RLock()
	fs := formatters
	formatMu.RUnlock()
	for _, f := range fs {
		if b, ok := f(v); ok {
			return b, true
		}
	}
	return Bundle{}, false
}
