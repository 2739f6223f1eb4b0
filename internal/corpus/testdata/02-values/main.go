// Values shows Go's basic types, literals and arithmetic.
package main

import "fmt"

func main() {
	fmt.Println("go" + "lang")
	fmt.Println("1+1 =", 1+1)
	fmt.Println("7.0/3.0 =", 7.0/3.0)
	fmt.Println("7/3 =", 7/3, "7%3 =", 7%3, "-7/2 =", -7/2, "-7%2 =", -7%2)
	fmt.Println(true && false, true || false, !true)

	var b byte = 255
	b++
	fmt.Println("byte overflow:", b)
	var i8 int8 = 127
	i8++
	fmt.Println("int8 overflow:", i8)

	x, y := 0b1010, 0o17
	fmt.Println(x, y, 0xff, 1_000_000, 'a', "\u00e9")
	fmt.Println(x&y, x|y, x^y, x&^y, x<<2, y>>1)

	c := complex(1, 2)
	fmt.Println(c, real(c), imag(c), c*c)

	f := 3.9
	fmt.Println(int(f), float64(7)/2, uint8(300%256))
	r := 'G'
	fmt.Println(r, string(r), fmt.Sprint(r))
}
