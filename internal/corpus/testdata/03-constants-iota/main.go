// Constants and iota: typed and untyped constants, enumerations and bit flags.
package main

import "fmt"

const Pi = 3.14159
const big = 1 << 100

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
)

func (d Weekday) String() string {
	return [...]string{"Sun", "Mon", "Tue", "Wed"}[d]
}

type Perm uint8

const (
	Read Perm = 1 << iota
	Write
	Exec
)

const (
	_  = iota
	KB = 1 << (10 * iota)
	MB
	GB
)

const (
	a, b = iota, iota * 10
	c, d
	e, f
)

func main() {
	fmt.Println(Pi, big>>98, float64(big)/1e30)
	fmt.Println(Sunday, Tuesday, Wednesday+0)
	fmt.Printf("%d %v %s\n", Monday, Monday, Monday)
	p := Read | Exec
	fmt.Printf("%03b read=%t write=%t\n", p, p&Read != 0, p&Write != 0)
	fmt.Println(KB, MB, GB)
	fmt.Println(a, b, c, d, e, f)
	const typed int64 = 42
	fmt.Printf("%T %T %T\n", typed, Pi, 'x')
}
