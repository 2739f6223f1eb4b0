// math/bits and bit tricks: counting, rotating, and a bitset type.
package main

import (
	"fmt"
	"math/bits"
	"strings"
)

type Bitset uint64

func (b Bitset) Has(i uint) bool { return b&(1<<i) != 0 }
func (b *Bitset) Set(i uint)     { *b |= 1 << i }
func (b *Bitset) Clear(i uint)   { *b &^= 1 << i }
func (b Bitset) Len() int        { return bits.OnesCount64(uint64(b)) }
func (b Bitset) String() string {
	var parts []string
	for i := uint(0); i < 64; i++ {
		if b.Has(i) {
			parts = append(parts, fmt.Sprint(i))
		}
	}
	return "{" + strings.Join(parts, " ") + "}"
}

func main() {
	x := uint32(0b1011_0000)
	fmt.Println(bits.OnesCount32(x), bits.LeadingZeros32(x), bits.TrailingZeros32(x), bits.Len32(x))
	fmt.Printf("%08b %08b\n", bits.RotateLeft8(0b1001_0110, 2), bits.Reverse8(0b0000_0011))
	hi, lo := bits.Mul64(1<<63, 4)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(^uint64(0), 1, 0)
	fmt.Println(sum, carry)

	var s Bitset
	for _, i := range []uint{1, 3, 5, 63} {
		s.Set(i)
	}
	s.Clear(3)
	fmt.Println(s, s.Len(), s.Has(5), s.Has(3))
	fmt.Println(1<<10, 0xFF>>4, 6&3, 6|3, 6^3, 6&^3)
	n := 40
	fmt.Println(n&(n-1) == 0, 64&(64-1) == 0)
}
