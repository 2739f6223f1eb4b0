package nnlib

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"sync"

	"github.com/gohooks/gohooks/tensorlib"
)

//go:embed data/*.gz
var dataFiles embed.FS

// fashionMNISTClasses are the names of Fashion-MNIST's ten classes, by label.
var fashionMNISTClasses = []string{
	"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
	"Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot",
}

// Dataset is a set of labelled greyscale images, like MNIST's. It is read
// only: every method returns fresh tensors.
type Dataset struct {
	images     []byte // n*rows*cols pixels, 0..255
	labels     []byte
	n          int
	rows, cols int
	classes    []string
}

var (
	fashionOnce        sync.Once
	fashionTrain       *Dataset
	fashionTest        *Dataset
	errEmbeddedDataset error
)

func loadEmbedded() {
	read := func(images, labels string) *Dataset {
		img, err := dataFiles.ReadFile("data/" + images)
		if err == nil {
			var lab []byte
			lab, err = dataFiles.ReadFile("data/" + labels)
			if err == nil {
				var d *Dataset
				d, err = parseIDX(images, img, labels, lab)
				if err == nil {
					d.classes = fashionMNISTClasses
					return d
				}
			}
		}
		errEmbeddedDataset = err
		return nil
	}
	fashionTrain = read("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz")
	fashionTest = read("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")
}

// FashionMNIST returns the shipped sample of Fashion-MNIST's training set:
// its first 2,000 images, in the official order, so Sample(0) is an ankle
// boot (label 9). The sample is embedded in the package.
func FashionMNIST() *Dataset {
	fashionOnce.Do(loadEmbedded)
	if fashionTrain == nil {
		panic(fmt.Sprintf("nnlib: FashionMNIST: embedded data is damaged: %v", errEmbeddedDataset))
	}
	return fashionTrain
}

// FashionMNISTTest returns the shipped sample of Fashion-MNIST's test set:
// its first 500 images.
func FashionMNISTTest() *Dataset {
	fashionOnce.Do(loadEmbedded)
	if fashionTest == nil {
		panic(fmt.Sprintf("nnlib: FashionMNISTTest: embedded data is damaged: %v", errEmbeddedDataset))
	}
	return fashionTest
}

// LoadIDX reads an MNIST-style data set from an images file and a labels
// file in the IDX format, gzip-compressed or not (train-images-idx3-ubyte.gz
// and train-labels-idx1-ubyte.gz, for example). A missing, malformed or
// truncated file gives an error that names the file and the problem.
func LoadIDX(imagesPath, labelsPath string) (*Dataset, error) {
	img, err := os.ReadFile(imagesPath)
	if err != nil {
		return nil, fmt.Errorf("nnlib: LoadIDX: %w", err)
	}
	lab, err := os.ReadFile(labelsPath)
	if err != nil {
		return nil, fmt.Errorf("nnlib: LoadIDX: %w", err)
	}
	return parseIDX(imagesPath, img, labelsPath, lab)
}

func parseIDX(imagesName string, images []byte, labelsName string, labels []byte) (*Dataset, error) {
	imgDims, imgData, err := readIDX(imagesName, images, 3)
	if err != nil {
		return nil, err
	}
	labDims, labData, err := readIDX(labelsName, labels, 1)
	if err != nil {
		return nil, err
	}
	if imgDims[0] != labDims[0] {
		return nil, fmt.Errorf("nnlib: LoadIDX: %s has %d images but %s has %d labels", imagesName, imgDims[0], labelsName, labDims[0])
	}
	return &Dataset{images: imgData, labels: labData, n: imgDims[0], rows: imgDims[1], cols: imgDims[2]}, nil
}

// readIDX decodes one IDX file of unsigned bytes with ndim dimensions.
func readIDX(name string, raw []byte, ndim int) ([]int, []byte, error) {
	if len(raw) >= 2 && raw[0] == 0x1f && raw[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(raw))
		if err != nil {
			return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: bad gzip data: %v", name, err)
		}
		raw, err = io.ReadAll(zr)
		if err != nil {
			return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: bad or truncated gzip data: %v", name, err)
		}
	}
	if len(raw) < 4 {
		return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: truncated: %d bytes, too short for an IDX header", name, len(raw))
	}
	magic := binary.BigEndian.Uint32(raw)
	if magic>>16 != 0 || raw[2] != 0x08 {
		return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: not an IDX file of unsigned bytes (magic number %#08x)", name, magic)
	}
	if int(raw[3]) != ndim {
		return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: has %d dimensions, want %d (%s)", name, raw[3], ndim, map[int]string{1: "a labels file", 3: "an images file"}[ndim])
	}
	head := 4 + 4*ndim
	if len(raw) < head {
		return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: truncated: %d bytes, the header needs %d", name, len(raw), head)
	}
	dims := make([]int, ndim)
	size := 1
	for i := range dims {
		dims[i] = int(binary.BigEndian.Uint32(raw[4+4*i:]))
		// Checked at each step, so that a product that overflows an int
		// (dims [4, 2^31, 2^31] made 0) is never taken for a small size.
		if dims[i] != 0 && size > math.MaxInt/dims[i] {
			return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: dimensions %v in the header: more bytes than an int counts", name, dimsOf(raw[4:head]))
		}
		size *= dims[i]
	}
	if len(raw)-head < size {
		return nil, nil, fmt.Errorf("nnlib: LoadIDX: %s: truncated: the header says %v (%d bytes of data), the file has %d", name, dims, size, len(raw)-head)
	}
	return dims, raw[head : head+size], nil
}

// Len returns the number of images.
func (d *Dataset) Len() int { return d.n }

// Classes returns the class names by label; for files read with LoadIDX
// they are the label numbers.
func (d *Dataset) Classes() []string {
	if d.classes != nil {
		return append([]string(nil), d.classes...)
	}
	out := make([]string, 10)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
}

// ClassName returns the name of class label.
func (d *Dataset) ClassName(label int) string {
	c := d.Classes()
	if label < 0 || label >= len(c) {
		panic(fmt.Sprintf("nnlib: ClassName: label %d out of range [0, %d)", label, len(c)))
	}
	return c[label]
}

// Label returns the label of image i.
func (d *Dataset) Label(i int) int {
	d.check("Label", i)
	return int(d.labels[i])
}

func (d *Dataset) check(op string, i int) {
	if i < 0 || i >= d.n {
		panic(fmt.Sprintf("nnlib: %s: index %d out of range for a data set of %d images", op, i, d.n))
	}
}

// Sample returns image i as a [1, 1, rows, cols] tensor with pixels scaled
// to [0, 1] (PyTorch's ToTensor), and its label.
func (d *Dataset) Sample(i int) (*tensorlib.Tensor, int) {
	d.check("Sample", i)
	return d.pixels(i, 1), int(d.labels[i])
}

func (d *Dataset) pixels(start, n int) *tensorlib.Tensor {
	px := d.rows * d.cols
	src := d.images[start*px : (start+n)*px]
	out := make([]float32, len(src))
	for i, v := range src {
		out[i] = float32(v) / 255
	}
	return tensorlib.New(out, n, 1, d.rows, d.cols)
}

// Batch returns images start, start+1, ... as an [n, 1, rows, cols] tensor
// and their labels as a float32 tensor of class indices of shape [n], ready
// for CrossEntropyLoss. A batch that would run past the end is cut short,
// as a DataLoader's last batch is.
func (d *Dataset) Batch(start, n int) (x, y *tensorlib.Tensor) {
	d.check("Batch", start)
	if n <= 0 {
		panic(fmt.Sprintf("nnlib: Batch: batch size %d must be positive", n))
	}
	if start+n > d.n {
		n = d.n - start
	}
	labels := make([]float32, n)
	for i := range labels {
		labels[i] = float32(d.labels[start+i])
	}
	return d.pixels(start, n), tensorlib.New(labels, n)
}

// dimsOf decodes the dimensions of an IDX header, for error messages.
func dimsOf(b []byte) []uint32 {
	d := make([]uint32, len(b)/4)
	for i := range d {
		d[i] = binary.BigEndian.Uint32(b[4*i:])
	}
	return d
}
