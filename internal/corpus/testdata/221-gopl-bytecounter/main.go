// The Go Programming Language's examples: a ByteCounter io.Writer, a popcount table built in init, and tempconv.
package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

type ByteCounter int

func (c *ByteCounter) Write(p []byte) (int, error) {
	*c += ByteCounter(len(p))
	return len(p), nil
}

type WordCounter int

func (c *WordCounter) Write(p []byte) (int, error) {
	sc := bufio.NewScanner(strings.NewReader(string(p)))
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		*c++
	}
	return len(p), nil
}

var pc [256]byte

func init() {
	for i := range pc {
		pc[i] = pc[i/2] + byte(i&1)
	}
}

func PopCount(x uint64) int {
	return int(pc[byte(x>>(0*8))] +
		pc[byte(x>>(1*8))] +
		pc[byte(x>>(2*8))] +
		pc[byte(x>>(3*8))] +
		pc[byte(x>>(4*8))] +
		pc[byte(x>>(5*8))] +
		pc[byte(x>>(6*8))] +
		pc[byte(x>>(7*8))])
}

type Celsius float64
type Fahrenheit float64

const (
	AbsoluteZeroC Celsius = -273.15
	FreezingC     Celsius = 0
	BoilingC      Celsius = 100
)

func CToF(c Celsius) Fahrenheit { return Fahrenheit(c*9/5 + 32) }
func FToC(f Fahrenheit) Celsius { return Celsius((f - 32) * 5 / 9) }

func main() {
	var c ByteCounter
	c.Write([]byte("hello"))
	fmt.Println(c)

	c = 0
	var name = "Dolly"
	fmt.Fprintf(&c, "hello, %s", name)
	fmt.Println(c)

	var w WordCounter
	fmt.Fprintf(&w, "one two  three\nfour")
	fmt.Println(w)

	var sink io.Writer = &c
	n, err := io.Copy(sink, strings.NewReader("12345"))
	fmt.Println(n, err, c)

	fmt.Println(PopCount(0xFF), PopCount(1<<63|1), PopCount(0x1234567890ABCDEF))

	fmt.Printf("%g %g\n", BoilingC-FreezingC, CToF(BoilingC)-CToF(FreezingC))
	fmt.Printf("%.2f %.2f\n", CToF(AbsoluteZeroC), FToC(212))
}
