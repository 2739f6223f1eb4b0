// Package cblas calls OpenBLAS's cblas_sgemm through cgo. It has code only
// in the openblas build (cgo and libopenblas-dev); package gemm uses it
// there. Keeping cgo out of package gemm lets gemm keep its Go assembly
// kernels in that build too (a package that uses cgo cannot hold Go
// assembly).
package cblas
