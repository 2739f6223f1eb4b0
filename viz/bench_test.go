package viz

import (
	"testing"

	"github.com/gohooks/gohooks/tensorlib"
)

func BenchmarkHeatmapPNG(b *testing.B) {
	b.Run("28x28", func(b *testing.B) {
		t := tensorlib.New(wave(28, 28, 0), 28, 28)
		for b.Loop() {
			Heatmap(t).PNG()
		}
	})
}

func BenchmarkFeatureMapsPNG(b *testing.B) {
	b.Run("16maps_14x14", func(b *testing.B) {
		data := make([]float32, 0, 16*14*14)
		for ch := range 16 {
			data = append(data, wave(14, 14, float64(ch))...)
		}
		t := tensorlib.New(data, 1, 16, 14, 14)
		for b.Loop() {
			FeatureMaps(t, 16).PNG()
		}
	})
}

func BenchmarkLinePNG(b *testing.B) {
	b.Run("2x1000points", func(b *testing.B) {
		y := make([]float32, 1000)
		for i := range y {
			y[i] = 1 / float32(i+1)
		}
		for b.Loop() {
			Line(NewSeries("train", y), NewSeries("test", y)).PNG()
		}
	})
}
