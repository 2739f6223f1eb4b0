//go:build !amd64 || purego

package vmath

func sqrtBlock(dst, src []float32) { panic("vmath: no vector kernel") }
