package nnlib

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// safetensorsFile builds a safetensors file from a JSON header and n
// bytes of data.
func safetensorsFile(header string, n int) []byte {
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	return append(append(b, header...), make([]byte, n)...)
}

// Files from elsewhere are checked before anything is allocated from
// their headers: each bad one gives an error naming the file and the
// problem, never a panic or a tensor that does not hold its shape.
func TestHostileSafetensorsHeadersAreErrors(t *testing.T) {
	const path = "model.safetensors"
	f32 := func(name string, shape string, b, e int) string {
		return fmt.Sprintf(`%q:{"dtype":"F32","shape":%s,"data_offsets":[%d,%d]}`, name, shape, b, e)
	}
	cases := []struct {
		name, header string
		data         int
		want         string
	}{
		{"a shape whose size overflows", "{" + f32("w", "[4294967296,4294967296]", 0, 0) + "}", 0, "shape [4294967296 4294967296] is too large"},
		{"a shape of 2^62", "{" + f32("w", "[4611686018427387904]", 0, 0) + "}", 0, "shape [4611686018427387904] is too large"},
		{"overlapping offsets", "{" + f32("a", "[2]", 0, 8) + "," + f32("b", "[2]", 4, 12) + "}", 12, `tensor "b": data_offsets [4, 12] overlap tensor "a"'s [0, 8]`},
		{"identical offsets", "{" + f32("a", "[2]", 0, 8) + "," + f32("b", "[2]", 0, 8) + "}", 8, "overlap"},
		{"a bias inside its weight", "{" + f32("weight", "[2,2]", 0, 16) + "," + f32("bias", "[2]", 8, 16) + "}", 16, `tensor "bias": data_offsets [8, 16] overlap tensor "weight"'s [0, 16]`},
		{"a gap", "{" + f32("a", "[2]", 0, 8) + "," + f32("b", "[2]", 12, 20) + "}", 20, `tensor "b": data_offsets [12, 20] leave bytes 8 to 12 unused (a gap)`},
		{"data nothing names", "{" + f32("a", "[2]", 0, 8) + "}", 12, "the tensors' data ends at byte 8, the file has 12 bytes of data"},
		{"a name twice", "{" + f32("a", "[2]", 0, 8) + "," + f32("a", "[2]", 8, 16) + "}", 16, `the header names "a" twice`},
		{"a null header", "null", 0, "the header is <nil>, not a JSON object"},
		{"an array header", "[]", 0, "not a JSON object"},
		{"a dtype that does not fit the size", `{"a":{"dtype":"F64","shape":[2],"data_offsets":[0,8]}}`, 8, "hold 8 bytes, shape [2] of F64 needs 16"},
		{"text after the header", "{" + f32("a", "[2]", 0, 8) + "} x", 8, "after the object"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ts, err := parseSafetensors(path, safetensorsFile(c.header, c.data))
			if err == nil {
				t.Fatalf("loaded %d tensors, want an error with %q", len(ts), c.want)
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want the file name and %q", err, c.want)
			}
		})
	}
}

func idxFile(dims ...uint32) []byte {
	b := []byte{0, 0, 8, byte(len(dims))}
	for _, d := range dims {
		b = binary.BigEndian.AppendUint32(b, d)
	}
	return append(b, make([]byte, 64)...)
}

func TestHostileIDXHeadersAreErrors(t *testing.T) {
	labels := idxFile(4)
	cases := []struct {
		name string
		dims []uint32
		want string
	}{
		// The product overflowed: a slice bounds panic, and a data set
		// whose Sample(0) panicked.
		{"[1, 2^32-1, 2^32-1]", []uint32{1, 0xFFFFFFFF, 0xFFFFFFFF}, "dimensions [1 4294967295 4294967295] in the header: more bytes than an int counts"},
		{"[4, 2^31, 2^31]", []uint32{4, 1 << 31, 1 << 31}, "dimensions [4 2147483648 2147483648] in the header: more bytes than an int counts"},
		{"[4, 2^20, 2^20]", []uint32{4, 1 << 20, 1 << 20}, "truncated: the header says [4 1048576 1048576]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := parseIDX("images.idx", idxFile(c.dims...), "labels.idx", labels)
			if err == nil {
				t.Fatalf("loaded %d images of %dx%d, want an error with %q", d.Len(), d.rows, d.cols, c.want)
			}
			if !strings.Contains(err.Error(), "images.idx") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want the file name and %q", err, c.want)
			}
		})
	}
}

// The seed corpora in testdata/fuzz run in every go test; go test -fuzz
// explores from them.
func FuzzLoadSafetensors(f *testing.F) {
	f.Add(safetensorsFile(`{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"U8","shape":[],"data_offsets":[8,9]}}`, 9))
	f.Add(safetensorsFile(`{"__metadata__":{"format":"pt"},"a":{"dtype":"F16","shape":[1,2],"data_offsets":[0,4]}}`, 4))
	f.Fuzz(func(t *testing.T, raw []byte) {
		ts, err := parseSafetensors("fuzz.safetensors", raw)
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.safetensors") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		total := 0
		for _, nt := range ts {
			n := 1
			for _, s := range nt.Tensor.Shape() {
				n *= s
			}
			if n != nt.Tensor.Numel() {
				t.Fatalf("tensor %q of shape %v holds %d values", nt.Name, nt.Tensor.Shape(), nt.Tensor.Numel())
			}
			total += n
		}
		if total > len(raw) {
			t.Fatalf("%d values from a file of %d bytes", total, len(raw))
		}
	})
}

func FuzzLoadIDX(f *testing.F) {
	img := []byte{0, 0, 8, 3, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 1, 2, 3, 4, 5, 6, 7, 8}
	lab := []byte{0, 0, 8, 1, 0, 0, 0, 2, 3, 9}
	f.Add(img, lab)
	f.Fuzz(func(t *testing.T, images, labels []byte) {
		d, err := parseIDX("fuzz-images", images, "fuzz-labels", labels)
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz-") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		if d.Len() > 0 {
			x, _ := d.Sample(d.Len() - 1)
			if x.Numel() != d.rows*d.cols {
				t.Fatalf("a sample of %d values, want %dx%d", x.Numel(), d.rows, d.cols)
			}
			d.Batch(0, d.Len())
		}
	})
}
