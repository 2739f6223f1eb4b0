package nnlib_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gohooks/gohooks/nnlib"
	"github.com/gohooks/gohooks/tensorlib"
)

// pixelSum returns the sum of an image's pixels back on the 0..255 scale.
func pixelSum(img *tensorlib.Tensor) int {
	s := 0.0
	for _, v := range img.Data() {
		s += math.Round(float64(v) * 255)
	}
	return int(s)
}

func TestFashionMNISTSampleIsTheOfficialData(t *testing.T) {
	train, test := nnlib.FashionMNIST(), nnlib.FashionMNISTTest()
	if train.Len() != 2000 || test.Len() != 500 {
		t.Fatalf("sizes %d and %d", train.Len(), test.Len())
	}
	img, label := train.Sample(0)
	// Values read from the official files with numpy.
	if fmt.Sprint(img.Shape()) != "[1 1 28 28]" || label != 9 || train.ClassName(label) != "Ankle boot" {
		t.Fatalf("Sample(0): shape %v label %d (%s)", img.Shape(), label, train.ClassName(label))
	}
	if s := pixelSum(img); s != 76247 {
		t.Fatalf("image 0 pixel sum %d, want 76247", s)
	}
	checkClose(t, "row 10", img.Narrow(2, 10, 1).Narrow(3, 10, 6), []float32{0, 0, 0, 193.0 / 255, 228.0 / 255, 218.0 / 255})
	if img, label := train.Sample(1999); pixelSum(img) != 49119 || label != 8 {
		t.Fatalf("Sample(1999): sum %d label %d", pixelSum(img), label)
	}
	if img, label := test.Sample(0); pixelSum(img) != 33456 || label != 9 {
		t.Fatalf("test Sample(0): sum %d label %d", pixelSum(img), label)
	}
	if img, label := test.Sample(499); pixelSum(img) != 70958 || label != 0 {
		t.Fatalf("test Sample(499): sum %d label %d", pixelSum(img), label)
	}
	x, y := train.Batch(0, 10)
	if fmt.Sprint(x.Shape(), y.Data()) != "[10 1 28 28] [9 0 0 3 0 2 7 2 5 5]" {
		t.Fatalf("Batch: %v %v", x.Shape(), y.Data())
	}
	if x, y := train.Batch(1990, 64); x.Size(0) != 10 || y.Size(0) != 10 {
		t.Fatalf("the last batch must be cut short: %v", x.Shape())
	}
	if fmt.Sprint(train.Classes()) != "[T-shirt/top Trouser Pullover Dress Coat Sandal Shirt Sneaker Bag Ankle boot]" {
		t.Fatalf("Classes %v", train.Classes())
	}
	expectPanic(t, "nnlib: Sample: index 2000 out of range for a data set of 2000 images", func() { train.Sample(2000) })
}

// idx builds an IDX file of unsigned bytes.
func idx(dims []int, data []byte) []byte {
	var b bytes.Buffer
	b.Write([]byte{0, 0, 8, byte(len(dims))})
	for _, d := range dims {
		binary.Write(&b, binary.BigEndian, uint32(d))
	}
	b.Write(data)
	return b.Bytes()
}

func gz(data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func TestLoadIDXReadsRawAndGzipFiles(t *testing.T) {
	dir := t.TempDir()
	pixels := make([]byte, 3*2*2)
	for i := range pixels {
		pixels[i] = byte(i * 20)
	}
	images, labels := idx([]int{3, 2, 2}, pixels), idx([]int{3}, []byte{4, 1, 7})
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct{ img, lab string }{
		{write("i-ubyte", images), write("l-ubyte", labels)},
		{write("i-ubyte.gz", gz(images)), write("l-ubyte.gz", gz(labels))},
	} {
		d, err := nnlib.LoadIDX(c.img, c.lab)
		if err != nil {
			t.Fatal(err)
		}
		img, label := d.Sample(2)
		if d.Len() != 3 || label != 7 || fmt.Sprint(img.Shape()) != "[1 1 2 2]" || pixelSum(img) != 160+180+200+220 {
			t.Fatalf("%s: len %d label %d shape %v sum %d", c.img, d.Len(), label, img.Shape(), pixelSum(img))
		}
		if d.ClassName(7) != "7" {
			t.Fatalf("ClassName(7) = %q", d.ClassName(7))
		}
	}

	good := write("good-images", images)
	goodLabels := write("good-labels", labels)
	cases := []struct {
		name      string
		img, lab  string
		wantInErr string
	}{
		{"truncated data", write("short-images", images[:len(images)-1]), goodLabels, "truncated: the header says [3 2 2] (12 bytes of data), the file has 11"},
		{"truncated header", write("tiny-images", images[:10]), goodLabels, "truncated: 10 bytes, the header needs 16"},
		{"truncated gzip", write("cut.gz", gz(images)[:20]), goodLabels, "bad or truncated gzip data"},
		{"bad magic", write("text-images", []byte("hello, world, this is no idx")), goodLabels, "not an IDX file of unsigned bytes"},
		{"labels as images", goodLabels, goodLabels, "has 1 dimensions, want 3 (an images file)"},
		{"count mismatch", good, write("two-labels", idx([]int{2}, []byte{1, 2})), "has 3 images but"},
		{"missing file", filepath.Join(dir, "absent"), goodLabels, "absent"},
	}
	for _, c := range cases {
		_, err := nnlib.LoadIDX(c.img, c.lab)
		if err == nil || !strings.Contains(err.Error(), c.wantInErr) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.wantInErr)
			continue
		}
		named := filepath.Base(c.img)
		if c.name == "count mismatch" {
			named = "two-labels"
		}
		if !strings.Contains(err.Error(), named) {
			t.Errorf("%s: error %q does not name the file %s", c.name, err, named)
		}
	}
}
