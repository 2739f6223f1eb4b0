package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
)

// KernelName is the kernelspec's directory name.
const KernelName = "gohooks"

// Kernelspec is the kernel.json Jupyter reads to start the kernel.
type Kernelspec struct {
	Argv          []string       `json:"argv"`
	DisplayName   string         `json:"display_name"`
	Language      string         `json:"language"`
	InterruptMode string         `json:"interrupt_mode"`
	Env           map[string]any `json:"env,omitempty"`
	Metadata      map[string]any `json:"metadata"`
}

// NewKernelspec returns the kernelspec that starts binary (an absolute
// path) as a kernel.
func NewKernelspec(binary string) Kernelspec {
	return Kernelspec{
		Argv:          []string{binary, "kernel", "{connection_file}"},
		DisplayName:   "Go (gohooks)",
		Language:      "go",
		InterruptMode: "message",
		Metadata:      map[string]any{},
	}
}

// KernelsDir returns the directory kernelspecs go in for a data directory
// (for example JupyterDataDir(), or PREFIX/share/jupyter).
func KernelsDir(dataDir string) string {
	return filepath.Join(dataDir, "kernels")
}

// InstallKernelspec writes kernel.json, logo-32x32.png and logo-64x64.png
// into kernelsDir/gohooks and returns that directory. binary must be
// absolute: Jupyter starts the kernel from any working directory.
func InstallKernelspec(kernelsDir, binary string) (string, error) {
	if !filepath.IsAbs(binary) {
		return "", fmt.Errorf("kernel: install: binary path %q is not absolute", binary)
	}
	dir := filepath.Join(kernelsDir, KernelName)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("kernel: install: %w", err)
	}
	spec, err := json.MarshalIndent(NewKernelspec(binary), "", "  ")
	if err != nil {
		return "", err
	}
	files := map[string][]byte{
		"kernel.json":    append(spec, '\n'),
		"logo-32x32.png": Logo(32),
		"logo-64x64.png": Logo(64),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return "", fmt.Errorf("kernel: install: %w", err)
		}
	}
	return dir, nil
}

// Logo draws the gohooks logo, size×size pixels, as PNG: a white fish hook
// on a Go-blue rounded square. It is drawn here rather than shipped as a
// file so that the binary alone can install the kernelspec.
func Logo(size int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	blue := [3]float64{0x00, 0xAD, 0xD8}
	const ss = 4 // supersampling per axis
	for py := 0; py < size; py++ {
		for px := 0; px < size; px++ {
			var bg, fg float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) / float64(size)
					y := (float64(py) + (float64(sy)+0.5)/ss) / float64(size)
					if roundedSquare(x, y, 0.2) {
						bg++
						if hook(x, y) {
							fg++
						}
					}
				}
			}
			bg /= ss * ss
			fg /= ss * ss
			// White over blue, both with coverage alpha.
			var c [3]float64
			for i := range c {
				if bg > 0 {
					c[i] = (blue[i]*(bg-fg) + 255*fg) / bg
				}
			}
			img.SetNRGBA(px, py, color.NRGBA{R: uint8(c[0] + 0.5), G: uint8(c[1] + 0.5), B: uint8(c[2] + 0.5), A: uint8(255*bg + 0.5)})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic("kernel: Logo: " + err.Error())
	}
	return buf.Bytes()
}

// roundedSquare reports whether (x, y) in the unit square lies inside the
// square with corner radius r.
func roundedSquare(x, y, r float64) bool {
	cx := math.Max(r-x, math.Max(x-(1-r), 0))
	cy := math.Max(r-y, math.Max(y-(1-r), 0))
	return cx*cx+cy*cy <= r*r
}

// hook reports whether (x, y) lies on the hook: an eye at the top, a shank,
// a bend and a barb.
func hook(x, y float64) bool {
	const w = 0.05 // half the stroke width
	// Eye: a ring at the top of the shank.
	if d := math.Abs(math.Hypot(x-0.6, y-0.2) - 0.065); d <= w*0.8 {
		return true
	}
	// Shank.
	if segDist(x, y, 0.6, 0.265, 0.6, 0.6) <= w {
		return true
	}
	// Bend: the lower half of a circle from the shank to the point.
	cx, cy, r := 0.44, 0.6, 0.16
	if y >= cy && math.Abs(math.Hypot(x-cx, y-cy)-r) <= w {
		return true
	}
	// Point and barb.
	if segDist(x, y, 0.28, 0.6, 0.28, 0.45) <= w {
		return true
	}
	return segDist(x, y, 0.28, 0.45, 0.37, 0.53) <= w*0.8
}

// segDist is the distance from (x, y) to the segment (ax, ay)-(bx, by).
func segDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := ((x-ax)*dx + (y-ay)*dy) / (dx*dx + dy*dy)
	t = math.Max(0, math.Min(1, t))
	return math.Hypot(x-(ax+t*dx), y-(ay+t*dy))
}
