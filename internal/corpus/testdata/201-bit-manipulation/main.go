// Bit manipulation: masks, shifts, flags with iota, popcount by hand and with math/bits.
package main

import (
	"fmt"
	"math/bits"
	"strings"
)

type Perm uint8

const (
	Read Perm = 1 << iota
	Write
	Exec
)

func (p Perm) String() string {
	var sb strings.Builder
	for i, c := range "rwx" {
		if p&(1<<i) != 0 {
			sb.WriteRune(c)
		} else {
			sb.WriteByte('-')
		}
	}
	return sb.String()
}

func popcount(x uint64) int {
	n := 0
	for x != 0 {
		x &= x - 1
		n++
	}
	return n
}

func isPowerOfTwo(x uint) bool { return x != 0 && x&(x-1) == 0 }

func main() {
	var p Perm = Read | Exec
	fmt.Println(p, p|Write, p&^Read, p^Exec)
	fmt.Printf("%03b %d\n", p, p)

	x := uint64(0b1011_0110)
	fmt.Printf("%08b has %d ones (%d)\n", x, popcount(x), bits.OnesCount64(x))
	fmt.Println(bits.LeadingZeros8(uint8(x)), bits.TrailingZeros64(x), bits.Len64(x))
	fmt.Printf("%08b\n", bits.Reverse8(uint8(x)))
	fmt.Printf("%08b\n", bits.RotateLeft8(uint8(x), 3))

	for _, n := range []uint{0, 1, 6, 64, 96} {
		fmt.Print(n, ":", isPowerOfTwo(n), " ")
	}
	fmt.Println()

	var set uint32
	for _, i := range []int{1, 5, 9, 31} {
		set |= 1 << i
	}
	fmt.Printf("%032b %#x\n", set, set)
	fmt.Println(set>>5&1 == 1, set>>6&1 == 1)

	a, b := 12, 25
	a ^= b
	b ^= a
	a ^= b
	fmt.Println("xor swap:", a, b)

	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(^uint64(0), 1, 0)
	fmt.Println(sum, carry, int8(-128)>>1, uint8(200)>>2, -7>>1)
}
