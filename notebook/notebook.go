// Package notebook reads, writes and runs Jupyter notebooks (nbformat 4.5)
// without Python or Jupyter.
//
// Read accepts any nbformat 4 notebook. What this package does not model
// (notebook and cell metadata, unknown keys in cells and outputs, numbers in
// metadata) is kept as read and written back unchanged. Multi-line strings
// (sources, stream text, text-like MIME data) may be stored as a string or
// as a list of lines; Read joins them.
//
// Write produces the bytes Jupyter itself writes (nbformat's writes: keys
// sorted, one-space indent, non-ASCII text unescaped, multi-line strings
// split into lists of lines, a trailing newline), so a notebook saved by
// this package and by Jupyter diff cleanly. Cells without an id get one, as
// nbformat 4.5 requires.
//
// Run executes the code cells of a notebook in order, in one session,
// through a Backend, and stores their outputs as Jupyter does: consecutive
// stream outputs with the same name are merged into one, an update of a
// display id replaces every output shown under that id in place, a cleared
// output is cleared (with wait, when the next output arrives), and the
// value of a cell's last expression becomes its execute_result.
package notebook

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// Cell types.
const (
	Code     = "code"
	Markdown = "markdown"
	Raw      = "raw"
)

// Output types, as nbformat names them.
const (
	Stream        = "stream"
	DisplayData   = "display_data"
	ExecuteResult = "execute_result"
	ErrorOutput   = "error"
)

// Notebook is an nbformat 4 notebook.
type Notebook struct {
	Cells    []*Cell
	Metadata map[string]any // kernelspec, language_info and anything else
	Format   int            // nbformat, 4
	Minor    int            // nbformat_minor; Write stores at least 5
	extra    map[string]any // unknown top-level keys
}

// Cell is one cell. Outputs and ExecutionCount are used by code cells only.
type Cell struct {
	ID             string
	Type           string // Code, Markdown or Raw
	Source         string
	Metadata       map[string]any
	Outputs        []*Output
	ExecutionCount *int           // nil is "execution_count": null
	Attachments    map[string]any // markdown and raw cells; nil omits it
	extra          map[string]any
}

// Output is one output of a code cell.
type Output struct {
	Type string // Stream, DisplayData, ExecuteResult or ErrorOutput

	Name string // stream: "stdout" or "stderr"
	Text string // stream

	Data     map[string]any // display_data, execute_result: MIME type -> data
	Metadata map[string]any // display_data, execute_result

	ExecutionCount *int // execute_result

	EName     string   // error
	EValue    string   // error
	Traceback []string // error

	// DisplayID is the transient display id a display_data was shown with;
	// it is not saved (Jupyter does not save it either).
	DisplayID string

	extra map[string]any
}

// New returns an empty nbformat 4.5 notebook.
func New() *Notebook {
	return &Notebook{Metadata: map[string]any{}, Format: 4, Minor: 5}
}

// NewCode returns a code cell with a new id.
func NewCode(source string) *Cell {
	return &Cell{ID: NewID(), Type: Code, Source: source, Metadata: map[string]any{}}
}

// NewMarkdown returns a markdown cell with a new id.
func NewMarkdown(source string) *Cell {
	return &Cell{ID: NewID(), Type: Markdown, Source: source, Metadata: map[string]any{}}
}

// NewID returns a random cell id of 8 hex digits, the length Jupyter uses.
func NewID() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// ReadFile reads a notebook file.
func ReadFile(path string) (*Notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	nb, err := Read(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return nb, nil
}

// WriteFile writes nb to path, replacing it through a temporary file in the
// same directory so that a failed write leaves the old file intact.
func WriteFile(path string, nb *Notebook) error {
	var buf bytes.Buffer
	if err := Write(&buf, nb); err != nil {
		return err
	}
	dir, base := splitPath(path)
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), mode)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), path)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing %s: %w", path, werr)
	}
	return nil
}

func splitPath(path string) (dir, base string) {
	i := strings.LastIndexAny(path, `/\`)
	if i < 0 {
		return ".", path
	}
	return path[:i+1], path[i+1:]
}

// Read decodes a notebook. It accepts nbformat 4 (any minor version).
func Read(r io.Reader) (*Notebook, error) {
	dec := json.NewDecoder(r)
	dec.UseNumber()
	var top map[string]any
	if err := dec.Decode(&top); err != nil {
		return nil, fmt.Errorf("not a notebook: %w", err)
	}
	nb := &Notebook{extra: map[string]any{}}
	major, ok := intOf(top["nbformat"])
	if !ok || major != 4 {
		return nil, fmt.Errorf("not an nbformat 4 notebook (nbformat is %v)", top["nbformat"])
	}
	nb.Format = major
	nb.Minor, _ = intOf(top["nbformat_minor"])
	nb.Metadata = mapOf(top["metadata"])
	rawCells, _ := top["cells"].([]any)
	for i, rc := range rawCells {
		m, ok := rc.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("cell %d is not an object", i)
		}
		c, err := readCell(m)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %w", i, err)
		}
		nb.Cells = append(nb.Cells, c)
	}
	for k, v := range top {
		switch k {
		case "nbformat", "nbformat_minor", "metadata", "cells":
		default:
			nb.extra[k] = v
		}
	}
	return nb, nil
}

func readCell(m map[string]any) (*Cell, error) {
	c := &Cell{extra: map[string]any{}}
	c.Type, _ = m["cell_type"].(string)
	switch c.Type {
	case Code, Markdown, Raw:
	default:
		return nil, fmt.Errorf("unknown cell_type %q", m["cell_type"])
	}
	c.ID, _ = m["id"].(string)
	c.Source = joinLines(m["source"])
	c.Metadata = mapOf(m["metadata"])
	if a, ok := m["attachments"].(map[string]any); ok {
		c.Attachments = a
	}
	if n, ok := intOf(m["execution_count"]); ok {
		c.ExecutionCount = &n
	}
	if outs, ok := m["outputs"].([]any); ok {
		for j, ro := range outs {
			om, ok := ro.(map[string]any)
			if !ok {
				return nil, fmt.Errorf("output %d is not an object", j)
			}
			c.Outputs = append(c.Outputs, readOutput(om))
		}
	}
	for k, v := range m {
		switch k {
		case "cell_type", "id", "source", "metadata", "attachments", "execution_count", "outputs":
		default:
			c.extra[k] = v
		}
	}
	return c, nil
}

func readOutput(m map[string]any) *Output {
	o := &Output{extra: map[string]any{}}
	o.Type, _ = m["output_type"].(string)
	known := map[string]bool{"output_type": true}
	switch o.Type {
	case Stream:
		o.Name, _ = m["name"].(string)
		o.Text = joinLines(m["text"])
		known["name"], known["text"] = true, true
	case DisplayData, ExecuteResult:
		o.Data = mapOf(m["data"])
		for k, v := range o.Data {
			if !isJSONMIME(k) {
				if lines, ok := v.([]any); ok && allStrings(lines) {
					o.Data[k] = joinLines(lines)
				}
			}
		}
		o.Metadata = mapOf(m["metadata"])
		known["data"], known["metadata"] = true, true
		if o.Type == ExecuteResult {
			if n, ok := intOf(m["execution_count"]); ok {
				o.ExecutionCount = &n
			}
			known["execution_count"] = true
		}
	case ErrorOutput:
		o.EName, _ = m["ename"].(string)
		o.EValue, _ = m["evalue"].(string)
		if tb, ok := m["traceback"].([]any); ok {
			for _, l := range tb {
				s, _ := l.(string)
				o.Traceback = append(o.Traceback, s)
			}
		}
		known["ename"], known["evalue"], known["traceback"] = true, true, true
	}
	for k, v := range m {
		if !known[k] {
			o.extra[k] = v
		}
	}
	return o
}

// Write encodes nb as Jupyter writes it. Cells without an id get a new one;
// a notebook older than 4.5 is written as 4.5.
func Write(w io.Writer, nb *Notebook) error {
	top := map[string]any{}
	for k, v := range nb.extra {
		top[k] = v
	}
	top["nbformat"] = 4
	minor := nb.Minor
	if minor < 5 {
		minor = 5
	}
	top["nbformat_minor"] = minor
	top["metadata"] = orEmpty(nb.Metadata)
	cells := make([]any, 0, len(nb.Cells))
	for _, c := range nb.Cells {
		cells = append(cells, c.toJSON())
	}
	top["cells"] = cells
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(top); err != nil {
		return fmt.Errorf("notebook: Write: %w", err)
	}
	// Encode ends with "\n", which is the trailing newline nbformat writes.
	_, err := w.Write(buf.Bytes())
	return err
}

func (c *Cell) toJSON() map[string]any {
	m := map[string]any{}
	for k, v := range c.extra {
		m[k] = v
	}
	if c.ID == "" {
		c.ID = NewID()
	}
	m["id"] = c.ID
	m["cell_type"] = c.Type
	m["metadata"] = orEmpty(c.Metadata)
	m["source"] = splitLines(c.Source)
	if c.Type == Code {
		if c.ExecutionCount != nil {
			m["execution_count"] = *c.ExecutionCount
		} else {
			m["execution_count"] = nil
		}
		outs := make([]any, 0, len(c.Outputs))
		for _, o := range c.Outputs {
			outs = append(outs, o.toJSON())
		}
		m["outputs"] = outs
	} else if c.Attachments != nil {
		m["attachments"] = c.Attachments
	}
	return m
}

func (o *Output) toJSON() map[string]any {
	m := map[string]any{}
	for k, v := range o.extra {
		m[k] = v
	}
	m["output_type"] = o.Type
	switch o.Type {
	case Stream:
		m["name"] = o.Name
		m["text"] = splitLines(o.Text)
	case DisplayData, ExecuteResult:
		data := map[string]any{}
		for k, v := range o.Data {
			if s, ok := v.(string); ok && (strings.HasPrefix(k, "text/") || k == "application/javascript" || k == "image/svg+xml") {
				data[k] = splitLines(s)
			} else {
				data[k] = v
			}
		}
		m["data"] = data
		m["metadata"] = orEmpty(o.Metadata)
		if o.Type == ExecuteResult {
			if o.ExecutionCount != nil {
				m["execution_count"] = *o.ExecutionCount
			} else {
				m["execution_count"] = nil
			}
		}
	case ErrorOutput:
		m["ename"] = o.EName
		m["evalue"] = o.EValue
		tb := o.Traceback
		if tb == nil {
			tb = []string{}
		}
		m["traceback"] = tb
	}
	return m
}

// splitLines splits s after each line break, as Python's
// str.splitlines(keepends=True) does; "" gives an empty list.
func splitLines(s string) []string {
	lines := []string{}
	start := 0
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		end := -1
		switch r {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				end = i + 2
			} else {
				end = i + 1
			}
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			end = i + size
		}
		if end >= 0 {
			lines = append(lines, s[start:end])
			start = end
			i = end
			continue
		}
		i += size
	}
	if start < len(s) {
		lines = append(lines, s[start:])
	}
	return lines
}

// joinLines turns a multi-line string as stored (a string or a list of
// strings) into one string.
func joinLines(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []any:
		var b strings.Builder
		for _, l := range v {
			s, _ := l.(string)
			b.WriteString(s)
		}
		return b.String()
	}
	return ""
}

func isJSONMIME(mime string) bool {
	return mime == "application/json" || (strings.HasPrefix(mime, "application/") && strings.HasSuffix(mime, "+json"))
}

func allStrings(v []any) bool {
	for _, x := range v {
		if _, ok := x.(string); !ok {
			return false
		}
	}
	return true
}

func intOf(v any) (int, bool) {
	switch v := v.(type) {
	case json.Number:
		n, err := v.Int64()
		return int(n), err == nil
	case float64:
		return int(v), v == float64(int(v))
	case int:
		return v, true
	}
	return 0, false
}

func mapOf(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// CodeCells returns the code cells of nb in order.
func (nb *Notebook) CodeCells() []*Cell {
	var cs []*Cell
	for _, c := range nb.Cells {
		if c.Type == Code {
			cs = append(cs, c)
		}
	}
	return cs
}

// ClearOutputs removes the outputs and execution counts of every code cell.
func (nb *Notebook) ClearOutputs() {
	for _, c := range nb.CodeCells() {
		c.Outputs = nil
		c.ExecutionCount = nil
	}
}
