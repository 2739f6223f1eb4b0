package nnlib

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"slices"

	"fmt"
	"math"
	"os"
	"sort"
	"strings"

	"github.com/gohooks/gohooks/tensorlib"
)

// StateDict returns m's parameters and persistent buffers and those of the
// modules below it, with dotted names: each module's parameters, then its
// buffers, then its children's entries, as PyTorch's state_dict orders them.
// The tensors share their values with the module's (they are detached, not
// copied). A module added under two names appears under both.
func (m *Module) StateDict() []NamedTensor {
	var out []NamedTensor
	var walk func(prefix string, mod *Module)
	walk = func(prefix string, mod *Module) {
		for _, p := range mod.params {
			if p.t != nil {
				out = append(out, NamedTensor{prefix + p.name, p.t.Detach()})
			}
		}
		for _, b := range mod.buffers {
			if b.t != nil && b.persistent {
				out = append(out, NamedTensor{prefix + b.name, b.t.Detach()})
			}
		}
		for _, c := range mod.children {
			if c.m != nil {
				walk(prefix+c.name+".", c.m)
			}
		}
	}
	walk("", m)
	return out
}

// LoadStateDict copies the values in sd into m's parameters and persistent
// buffers with the same names. It returns the names m has that sd lacks
// (missing) and the names in sd that m lacks (unexpected). A shape mismatch
// is an error and that entry is not copied; with strict, missing or
// unexpected names are an error too. Entries that fit are copied either way,
// as in PyTorch.
func (m *Module) LoadStateDict(sd []NamedTensor, strict bool) (missing, unexpected []string, err error) {
	given := map[string]*tensorlib.Tensor{}
	for _, e := range sd {
		given[e.Name] = e.Tensor
	}
	own := map[string]bool{}
	var problems []string
	for _, e := range m.StateDict() {
		own[e.Name] = true
		src, ok := given[e.Name]
		if !ok {
			missing = append(missing, e.Name)
			continue
		}
		if !slices.Equal(src.Shape(), e.Tensor.Shape()) {
			problems = append(problems, fmt.Sprintf("size mismatch for %s: copying a tensor of shape %v, the shape in the current model is %v", e.Name, src.Shape(), e.Tensor.Shape()))
			continue
		}
		e.Tensor.CopyFrom(src)
	}
	for _, e := range sd {
		if !own[e.Name] {
			unexpected = append(unexpected, e.Name)
			own[e.Name] = true // report a repeated name once
		}
	}
	if strict && len(unexpected) > 0 {
		problems = append([]string{"unexpected keys: " + strings.Join(unexpected, ", ")}, problems...)
	}
	if strict && len(missing) > 0 {
		problems = append([]string{"missing keys: " + strings.Join(missing, ", ")}, problems...)
	}
	if len(problems) > 0 {
		err = fmt.Errorf("nnlib: LoadStateDict: error(s) loading the state of %s: %s", m.name, strings.Join(problems, "; "))
	}
	return missing, unexpected, err
}

// SaveFile writes m's StateDict to path in the safetensors format.
func (m *Module) SaveFile(path string) error {
	return SaveSafetensors(path, m.StateDict())
}

// LoadFile reads a safetensors file written by SaveFile (or by PyTorch's
// safetensors.torch.save_file for a model with the same names) into m, with
// LoadStateDict's strict rules.
func (m *Module) LoadFile(path string) error {
	sd, err := LoadSafetensors(path)
	if err != nil {
		return err
	}
	_, _, err = m.LoadStateDict(sd, true)
	if err != nil {
		return fmt.Errorf("%w (file %s)", err, path)
	}
	return nil
}

// SaveSafetensors writes tensors to path in the safetensors format: an
// 8-byte little-endian header length, a JSON header giving each tensor's
// dtype ("F32"), shape and data_offsets, padded with spaces to a multiple of
// 8 bytes, then the raw little-endian values. Tensors are laid out sorted by
// name, as the safetensors writers do. Names must be unique.
func SaveSafetensors(path string, tensors []NamedTensor) error {
	sorted := append([]NamedTensor(nil), tensors...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	var header bytes.Buffer
	header.WriteByte('{')
	offset := 0
	for i, t := range sorted {
		if i > 0 && sorted[i-1].Name == t.Name {
			return fmt.Errorf("nnlib: SaveSafetensors: %s: tensor name %q appears twice", path, t.Name)
		}
		if t.Name == "__metadata__" {
			return fmt.Errorf("nnlib: SaveSafetensors: %s: %q cannot name a tensor", path, t.Name)
		}
		if i > 0 {
			header.WriteByte(',')
		}
		key, _ := json.Marshal(t.Name)
		shape, _ := json.Marshal(nonNilShape(t.Tensor.Shape()))
		end := offset + 4*t.Tensor.Numel()
		fmt.Fprintf(&header, `%s:{"dtype":"F32","shape":%s,"data_offsets":[%d,%d]}`, key, shape, offset, end)
		offset = end
	}
	header.WriteByte('}')
	for header.Len()%8 != 0 {
		header.WriteByte(' ')
	}
	buf := make([]byte, 8, 8+header.Len()+offset)
	binary.LittleEndian.PutUint64(buf, uint64(header.Len()))
	buf = append(buf, header.Bytes()...)
	for _, t := range sorted {
		for _, v := range t.Tensor.Data() {
			buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(v))
		}
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		return fmt.Errorf("nnlib: SaveSafetensors: %w", err)
	}
	return nil
}

func nonNilShape(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

type safetensorsEntry struct {
	Dtype       string `json:"dtype"`
	Shape       []int  `json:"shape"`
	DataOffsets []int  `json:"data_offsets"`
}

// LoadSafetensors reads every tensor in the safetensors file at path, in
// the order of their data in the file. F32 tensors are read as they are;
// F64, F16, BF16 and integer tensors (PyTorch saves BatchNorm's
// num_batches_tracked as I64) are converted to float32. The __metadata__
// entry is ignored.
func LoadSafetensors(path string) ([]NamedTensor, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("nnlib: LoadSafetensors: %w", err)
	}
	return parseSafetensors(path, raw)
}

// parseSafetensors decodes the contents raw of the file path.
func parseSafetensors(path string, raw []byte) ([]NamedTensor, error) {
	fail := func(format string, a ...any) error {
		return fmt.Errorf("nnlib: LoadSafetensors: %s: "+format, append([]any{path}, a...)...)
	}
	if len(raw) < 8 {
		return nil, fail("truncated: %d bytes, too short for the header length", len(raw))
	}
	n := binary.LittleEndian.Uint64(raw)
	if n > uint64(len(raw)-8) {
		return nil, fail("header length %d runs past the end of the file (%d bytes)", n, len(raw))
	}
	items, err := readSafetensorsHeader(raw[8 : 8+n])
	if err != nil {
		return nil, fail("%v", err)
	}
	data := raw[8+n:]
	// Every entry is checked before any tensor is allocated: sizes that
	// overflow, and data_offsets that overlap, repeat, leave gaps or do
	// not cover the data (the rules of the format), are errors.
	for _, it := range items {
		if err := checkSafetensorsEntry(it.e, len(data)); err != nil {
			return nil, fail("tensor %q: %v", it.name, err)
		}
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i].e.DataOffsets, items[j].e.DataOffsets
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		return a[1] < b[1]
	})
	next := 0
	for i, it := range items {
		begin, end := it.e.DataOffsets[0], it.e.DataOffsets[1]
		switch {
		case begin > next:
			return nil, fail("tensor %q: data_offsets [%d, %d] leave bytes %d to %d unused (a gap)", it.name, begin, end, next, begin)
		case begin < next:
			return nil, fail("tensor %q: data_offsets [%d, %d] overlap tensor %q's [%d, %d]", it.name, begin, end, items[i-1].name, items[i-1].e.DataOffsets[0], items[i-1].e.DataOffsets[1])
		}
		next = end
	}
	if next != len(data) {
		return nil, fail("the tensors' data ends at byte %d, the file has %d bytes of data after the header", next, len(data))
	}
	out := make([]NamedTensor, 0, len(items))
	for _, it := range items {
		out = append(out, NamedTensor{it.name, decodeSafetensor(it.e, data)})
	}
	return out, nil
}

type safetensorsItem struct {
	name string
	e    safetensorsEntry
}

// readSafetensorsHeader decodes the JSON header: an object of entries by
// tensor name, without duplicate names, and an optional __metadata__.
func readSafetensorsHeader(h []byte) ([]safetensorsItem, error) {
	dec := json.NewDecoder(bytes.NewReader(h))
	if tok, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("bad JSON header: %v", err)
	} else if tok != json.Delim('{') {
		return nil, fmt.Errorf("the header is %v, not a JSON object", tok)
	}
	seen := map[string]bool{}
	var items []safetensorsItem
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("bad JSON header: %v", err)
		}
		name, _ := tok.(string)
		var msg json.RawMessage
		if err := dec.Decode(&msg); err != nil {
			return nil, fmt.Errorf("bad JSON header at %q: %v", name, err)
		}
		if seen[name] {
			return nil, fmt.Errorf("the header names %q twice", name)
		}
		seen[name] = true
		if name == "__metadata__" {
			continue
		}
		var e safetensorsEntry
		if err := json.Unmarshal(msg, &e); err != nil {
			return nil, fmt.Errorf("bad entry for %q: %v", name, err)
		}
		items = append(items, safetensorsItem{name, e})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("bad JSON header: %v", err)
	}
	if rest := bytes.TrimSpace(h[dec.InputOffset():]); len(rest) > 0 {
		return nil, fmt.Errorf("bad JSON header: %d bytes after the object", len(rest))
	}
	return items, nil
}

var dtypeSizes = map[string]int{"F32": 4, "F64": 8, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U8": 1, "BOOL": 1}

// checkSafetensorsEntry checks an entry against the n bytes of data.
func checkSafetensorsEntry(e safetensorsEntry, n int) error {
	size, ok := dtypeSizes[e.Dtype]
	if !ok {
		return fmt.Errorf("unsupported dtype %q", e.Dtype)
	}
	if len(e.DataOffsets) != 2 {
		return fmt.Errorf("data_offsets %v must have two entries", e.DataOffsets)
	}
	bytes, err := shapeBytes(e.Shape, size)
	if err != nil {
		return err
	}
	begin, end := e.DataOffsets[0], e.DataOffsets[1]
	if begin < 0 || end < begin || end > n {
		return fmt.Errorf("data_offsets [%d, %d] outside the %d bytes of data (truncated file?)", begin, end, n)
	}
	if end-begin != bytes {
		return fmt.Errorf("data_offsets [%d, %d] hold %d bytes, shape %v of %s needs %d", begin, end, end-begin, e.Shape, e.Dtype, bytes)
	}
	return nil
}

// shapeBytes returns the size in bytes of a tensor of shape whose
// elements take size bytes, or an error when a dimension is negative or
// the size does not fit in an int.
func shapeBytes(shape []int, size int) (int, error) {
	n := size
	for _, s := range shape {
		if s < 0 {
			return 0, fmt.Errorf("negative dimension in shape %v", shape)
		}
		if s != 0 && n > math.MaxInt/s {
			return 0, fmt.Errorf("shape %v is too large (more than %d bytes)", shape, math.MaxInt)
		}
		n *= s
	}
	return n, nil
}

// decodeSafetensor converts a checked entry's data to a tensor.
func decodeSafetensor(e safetensorsEntry, data []byte) *tensorlib.Tensor {
	size := dtypeSizes[e.Dtype]
	begin, end := e.DataOffsets[0], e.DataOffsets[1]
	count := (end - begin) / size
	b := data[begin:end]
	vals := make([]float32, count)
	for i := range vals {
		p := b[i*size:]
		switch e.Dtype {
		case "F32":
			vals[i] = math.Float32frombits(binary.LittleEndian.Uint32(p))
		case "F64":
			vals[i] = float32(math.Float64frombits(binary.LittleEndian.Uint64(p)))
		case "F16":
			vals[i] = half(binary.LittleEndian.Uint16(p))
		case "BF16":
			vals[i] = math.Float32frombits(uint32(binary.LittleEndian.Uint16(p)) << 16)
		case "I64":
			vals[i] = float32(int64(binary.LittleEndian.Uint64(p)))
		case "I32":
			vals[i] = float32(int32(binary.LittleEndian.Uint32(p)))
		case "I16":
			vals[i] = float32(int16(binary.LittleEndian.Uint16(p)))
		case "I8":
			vals[i] = float32(int8(p[0]))
		case "U8", "BOOL":
			vals[i] = float32(p[0])
		}
	}
	if len(e.Shape) == 0 {
		return tensorlib.Scalar(vals[0])
	}
	return tensorlib.New(vals, e.Shape...)
}

// half converts an IEEE 754 half-precision value to float32.
func half(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0xff<<23 | frac<<13)
	case exp == 0 && frac == 0:
		return math.Float32frombits(sign)
	case exp == 0:
		v := float32(frac) / 1024 * float32(math.Pow(2, -14))
		if sign != 0 {
			return -v
		}
		return v
	}
	return math.Float32frombits(sign | (exp+127-15)<<23 | frac<<13)
}
