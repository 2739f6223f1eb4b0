// Go by Example: number parsing with strconv.
package main

import (
	"fmt"
	"strconv"
)

func main() {
	f, _ := strconv.ParseFloat("1.234", 64)
	fmt.Println(f)

	i, _ := strconv.ParseInt("123", 0, 64)
	fmt.Println(i)

	d, _ := strconv.ParseInt("0x1c8", 0, 64)
	fmt.Println(d)

	u, _ := strconv.ParseUint("789", 0, 64)
	fmt.Println(u)

	k, _ := strconv.Atoi("135")
	fmt.Println(k)

	_, e := strconv.Atoi("wat")
	fmt.Println(e)

	_, e = strconv.ParseInt("300", 10, 8)
	fmt.Println(e)

	b, err := strconv.ParseBool("true")
	fmt.Println(b, err)

	fmt.Println(strconv.Itoa(-45), strconv.FormatInt(255, 2), strconv.FormatFloat(3.14159, 'f', 2, 64))
	fmt.Println(strconv.Quote("tab\there"), strconv.AppendInt([]byte("n="), 42, 10))
	var ne *strconv.NumError
	_, err = strconv.ParseFloat("1e400", 64)
	if ne2, ok := err.(*strconv.NumError); ok {
		ne = ne2
	}
	fmt.Println(ne.Func, ne.Num, ne.Err)
}
