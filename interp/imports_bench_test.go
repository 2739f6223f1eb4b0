package interp

import (
	"context"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// BenchmarkMatDenseProduct256 multiplies two 256×256 mat.Dense matrices
// in a cell and in compiled Go: gonum is compiled in, so the cell costs
// the compiled product plus one cell's overhead.
func BenchmarkMatDenseProduct256(b *testing.B) {
	const setup = `import "gonum.org/v1/gonum/mat"
data := make([]float64, 256*256)
for i := range data {
	data[i] = float64(i%17) / 17
}
a := mat.NewDense(256, 256, data)
m := mat.NewDense(256, 256, nil)
var c mat.Dense`
	b.Run("cell", func(b *testing.B) {
		s, err := NewSession(Options{})
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		if rep := s.Execute(context.Background(), ExecuteRequest{Code: setup}, &recorder{}); rep.Err != nil {
			b.Fatal(rep.Err.Value)
		}
		for b.Loop() {
			if rep := s.Execute(context.Background(), ExecuteRequest{Code: "c.Mul(a, a)"}, &recorder{}); rep.Err != nil {
				b.Fatal(rep.Err.Value)
			}
		}
	})
	b.Run("compiled", func(b *testing.B) {
		data := make([]float64, 256*256)
		for i := range data {
			data[i] = float64(i%17) / 17
		}
		a := mat.NewDense(256, 256, data)
		var c mat.Dense
		for b.Loop() {
			c.Mul(a, a)
		}
	})
}

// BenchmarkImportModule imports a module into a new session,
// github.com/google/uuid (one small package) and github.com/samber/lo
// (generics, with golang.org/x/text/cases and its dependencies, eleven
// packages from source): "cold" with an empty module cache (the go
// command downloads it through GOPROXY), "warm-newest" from the user's
// cache (the go command asks the proxy which version is newest),
// "warm-pinned" after %require names the version (no network).
func BenchmarkImportModule(b *testing.B) {
	run := func(b *testing.B, s *Session, code string) {
		b.Helper()
		if rep := s.Execute(context.Background(), ExecuteRequest{Code: code}, &recorder{}); rep.Err != nil {
			b.Fatal(rep.Err.Value)
		}
	}
	for _, m := range []struct{ name, module, version, use string }{
		{"uuid", "github.com/google/uuid", "v1.6.0", "uuid.Nil"},
		{"lo", "github.com/samber/lo", "v1.53.0", "lo.Uniq([]int{1, 1})"},
	} {
		imp := "import \"" + m.module + "\"\n_ = " + m.use
		b.Run(m.name+"/cold", func(b *testing.B) {
			b.Setenv("GOFLAGS", "-modcacherw")
			for b.Loop() {
				b.StopTimer()
				b.Setenv("GOMODCACHE", b.TempDir())
				s, err := NewSession(Options{})
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				run(b, s, imp)
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
		})
		for _, pin := range []bool{false, true} {
			name := "/warm-newest"
			if pin {
				name = "/warm-pinned"
			}
			b.Run(m.name+name, func(b *testing.B) {
				for b.Loop() {
					b.StopTimer()
					s, err := NewSession(Options{})
					if err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if pin {
						run(b, s, "%require "+m.module+"@"+m.version)
					}
					run(b, s, imp)
					b.StopTimer()
					s.Close()
					b.StartTimer()
				}
			})
		}
		b.Run(m.name+"/second-import", func(b *testing.B) {
			// The same package again in the same session: nothing to do.
			s, err := NewSession(Options{})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			run(b, s, imp)
			for b.Loop() {
				run(b, s, imp)
			}
		})
	}
}
