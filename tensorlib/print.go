package tensorlib

import (
	"fmt"
	"math"
	"strings"
)

// Printing follows torch/_tensor_str.py with PyTorch's default print
// options: precision 4, line width 80, summarised with 3 edge items per
// dimension when a tensor has more than 1000 elements.
const (
	printPrecision = 4
	printLineWidth = 80
	printEdgeItems = 3
	printThreshold = 1000
)

// String prints the tensor as PyTorch does, e.g.
// tensor([[0.4963, 0.7682]], requires_grad=True).
func (t *Tensor) String() string {
	const prefix = "tensor("
	indent := len(prefix)
	var suffixes []string
	var body string
	switch {
	case len(t.data) == 0 && !(len(t.shape) == 1 && t.shape[0] == 0):
		body = "[]"
		parts := make([]string, len(t.shape))
		for i, s := range t.shape {
			parts[i] = fmt.Sprint(s)
		}
		size := strings.Join(parts, ", ")
		if len(parts) == 1 {
			size += ","
		}
		suffixes = append(suffixes, "size=("+size+")")
	case len(t.data) == 0:
		body = "[]"
	default:
		summarize := len(t.data) > printThreshold
		f := newFormatter(t.summarized(summarize))
		body = f.tensorString(t.data, t.shape, indent, summarize)
	}
	if t.node != nil {
		suffixes = append(suffixes, "grad_fn=<"+t.node.name+">")
	} else if t.requiresGrad {
		suffixes = append(suffixes, "requires_grad=True")
	}
	return addSuffixes(prefix+body, suffixes, indent)
}

func addSuffixes(s string, suffixes []string, indent int) string {
	var b strings.Builder
	b.WriteString(s)
	last := len(s) - strings.LastIndex(s, "\n") + 1
	for _, suf := range suffixes {
		if last+len(suf)+2 > printLineWidth {
			b.WriteString(",\n" + strings.Repeat(" ", indent) + suf)
			last = indent + len(suf)
		} else {
			b.WriteString(", " + suf)
			last += len(suf) + 2
		}
	}
	b.WriteString(")")
	return b.String()
}

// summarized returns the values that remain visible when the tensor is
// summarised: the edge items of every dimension.
func (t *Tensor) summarized(summarize bool) []float32 {
	if !summarize || len(t.shape) == 0 {
		return t.data
	}
	var out []float32
	var walk func(data []float32, shape []int)
	walk = func(data []float32, shape []int) {
		n := shape[0]
		inner := len(data) / max(n, 1)
		visit := func(i int) {
			if len(shape) == 1 {
				out = append(out, data[i])
			} else {
				walk(data[i*inner:(i+1)*inner], shape[1:])
			}
		}
		if n > 2*printEdgeItems {
			for i := 0; i < printEdgeItems; i++ {
				visit(i)
			}
			for i := n - printEdgeItems; i < n; i++ {
				visit(i)
			}
			return
		}
		for i := 0; i < n; i++ {
			visit(i)
		}
	}
	walk(t.data, t.shape)
	return out
}

// formatter decides, from the visible values, between integer, fixed and
// scientific notation and the common width, as PyTorch's _Formatter does.
type formatter struct {
	intMode, sciMode bool
	width            int
}

func newFormatter(vals []float32) formatter {
	f := formatter{intMode: true, width: 1}
	minAbs, maxAbs := math.Inf(1), 0.0
	var finite []float64
	for _, v := range vals {
		x := float64(v)
		if math.IsInf(x, 0) || math.IsNaN(x) || x == 0 {
			continue
		}
		finite = append(finite, x)
		minAbs = math.Min(minAbs, math.Abs(x))
		maxAbs = math.Max(maxAbs, math.Abs(x))
		if x != math.Ceil(x) {
			f.intMode = false
		}
	}
	if len(finite) == 0 {
		return f
	}
	ratio := maxAbs / minAbs
	if f.intMode {
		f.sciMode = ratio > 1000 || maxAbs > 1e8
	} else {
		f.sciMode = ratio > 1000 || maxAbs > 1e8 || minAbs < 1e-4
	}
	for _, x := range finite {
		var s string
		switch {
		case f.sciMode:
			s = fmt.Sprintf("%.*e", printPrecision, x)
		case f.intMode:
			s = fmt.Sprintf("%.0f", x) + "."
		default:
			s = fmt.Sprintf("%.*f", printPrecision, x)
		}
		f.width = max(f.width, len(s))
	}
	return f
}

func (f formatter) format(v float32) string {
	x := float64(v)
	var s string
	switch {
	case math.IsNaN(x):
		s = "nan"
	case math.IsInf(x, 1):
		s = "inf"
	case math.IsInf(x, -1):
		s = "-inf"
	case f.sciMode:
		s = fmt.Sprintf("%.*e", printPrecision, x)
	case f.intMode:
		s = fmt.Sprintf("%.0f", x) + "."
	default:
		s = fmt.Sprintf("%.*f", printPrecision, x)
	}
	if pad := f.width - len(s); pad > 0 {
		s = strings.Repeat(" ", pad) + s
	}
	return s
}

func (f formatter) tensorString(data []float32, shape []int, indent int, summarize bool) string {
	switch len(shape) {
	case 0:
		return f.format(data[0])
	case 1:
		return f.vectorString(data, indent, summarize)
	}
	n := shape[0]
	inner := len(data) / n
	sub := func(i int) string {
		return f.tensorString(data[i*inner:(i+1)*inner], shape[1:], indent+1, summarize)
	}
	var slices []string
	if summarize && n > 2*printEdgeItems {
		for i := 0; i < printEdgeItems; i++ {
			slices = append(slices, sub(i))
		}
		slices = append(slices, "...")
		for i := n - printEdgeItems; i < n; i++ {
			slices = append(slices, sub(i))
		}
	} else {
		for i := 0; i < n; i++ {
			slices = append(slices, sub(i))
		}
	}
	sep := "," + strings.Repeat("\n", len(shape)-1) + strings.Repeat(" ", indent+1)
	return "[" + strings.Join(slices, sep) + "]"
}

func (f formatter) vectorString(data []float32, indent int, summarize bool) string {
	perLine := max(1, (printLineWidth-indent)/(f.width+2))
	var items []string
	if summarize && len(data) > 2*printEdgeItems {
		for _, v := range data[:printEdgeItems] {
			items = append(items, f.format(v))
		}
		items = append(items, " ...")
		for _, v := range data[len(data)-printEdgeItems:] {
			items = append(items, f.format(v))
		}
	} else {
		for _, v := range data {
			items = append(items, f.format(v))
		}
	}
	var lines []string
	for i := 0; i < len(items); i += perLine {
		lines = append(lines, strings.Join(items[i:min(i+perLine, len(items))], ", "))
	}
	return "[" + strings.Join(lines, ",\n"+strings.Repeat(" ", indent+1)) + "]"
}

// AllClose reports whether a and b have the same shape and every pair of
// elements satisfies |a-b| <= atol + rtol*|b|, with rtol 1e-5 and atol 1e-8
// (PyTorch's defaults). NaNs are never close.
func AllClose(a, b *Tensor) bool { return AllCloseTol(a, b, 1e-5, 1e-8) }

// AllCloseTol is AllClose with the given tolerances.
func AllCloseTol(a, b *Tensor, rtol, atol float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	if !sameShape(a.shape, b.shape) {
		// PyTorch broadcasts; a one-element operand is the common case.
		shape := broadcastShapeOK(a.shape, b.shape)
		if shape == nil {
			return false
		}
		ad, bd := expandData(a, shape), expandData(b, shape)
		return closeData(ad, bd, rtol, atol)
	}
	return closeData(a.data, b.data, rtol, atol)
}

func closeData(a, b []float32, rtol, atol float64) bool {
	for i := range a {
		x, y := float64(a[i]), float64(b[i])
		if x == y {
			continue
		}
		if math.IsNaN(x) || math.IsNaN(y) || math.Abs(x-y) > atol+rtol*math.Abs(y) {
			return false
		}
	}
	return true
}

func broadcastShapeOK(a, b []int) (shape []int) {
	defer func() {
		if recover() != nil {
			shape = nil
		}
	}()
	return broadcastShape("AllClose", a, b)
}

// Equal reports whether a and b have the same shape and the same values.
func Equal(a, b *Tensor) bool {
	if !sameShape(a.shape, b.shape) {
		return false
	}
	for i := range a.data {
		if a.data[i] != b.data[i] {
			return false
		}
	}
	return true
}

// htmlMaxCells bounds the table HTML draws per dimension; larger tensors
// show their first and last rows and columns around an ellipsis.
const htmlMaxCells = 16

// HTML renders the tensor for a notebook: its shape and autograd state,
// then a table of its values for up to two dimensions (the printed form for
// more). The display package uses it to show a tensor as rich output.
func (t *Tensor) HTML() string {
	var b strings.Builder
	fmt.Fprintf(&b, "<div class=\"gohooks-tensor\"><small>tensor of shape %v", t.shape)
	if t.node != nil {
		fmt.Fprintf(&b, ", grad_fn=&lt;%s&gt;", t.node.name)
	} else if t.requiresGrad {
		b.WriteString(", requires_grad=True")
	}
	b.WriteString("</small>")
	if len(t.shape) > 2 || len(t.data) == 0 {
		b.WriteString("<pre>" + htmlEscape(t.String()) + "</pre></div>")
		return b.String()
	}
	rows, cols := 1, 1
	switch len(t.shape) {
	case 1:
		cols = t.shape[0]
	case 2:
		rows, cols = t.shape[0], t.shape[1]
	}
	f := newFormatter(t.summarized(len(t.data) > printThreshold))
	b.WriteString("<table style=\"font-family:monospace\">")
	for _, r := range htmlIndices(rows) {
		b.WriteString("<tr>")
		for _, c := range htmlIndices(cols) {
			if r < 0 || c < 0 {
				b.WriteString("<td>…</td>")
				continue
			}
			fmt.Fprintf(&b, "<td style=\"text-align:right\">%s</td>", strings.TrimSpace(f.format(t.data[r*cols+c])))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</table></div>")
	return b.String()
}

// htmlIndices lists the positions a table shows along a dimension of size
// n, with -1 where an ellipsis stands for the rest.
func htmlIndices(n int) []int {
	var idx []int
	if n <= htmlMaxCells {
		for i := 0; i < n; i++ {
			idx = append(idx, i)
		}
		return idx
	}
	half := htmlMaxCells / 2
	for i := 0; i < half; i++ {
		idx = append(idx, i)
	}
	idx = append(idx, -1)
	for i := n - half; i < n; i++ {
		idx = append(idx, i)
	}
	return idx
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
