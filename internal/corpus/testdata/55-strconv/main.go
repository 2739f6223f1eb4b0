// strconv: parsing and formatting numbers, booleans and quoted strings.
package main

import (
	"errors"
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
	_, err := strconv.Atoi("wat")
	fmt.Println(err)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err, errors.Is(err, strconv.ErrRange))
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		fmt.Println(ne.Func, ne.Num)
	}
	b, _ := strconv.ParseBool("true")
	fmt.Println(b)

	fmt.Println(strconv.Itoa(-45), strconv.FormatInt(255, 2), strconv.FormatInt(255, 16))
	fmt.Println(strconv.FormatFloat(3.14159, 'f', 2, 64), strconv.FormatFloat(1e6, 'e', -1, 64))
	fmt.Println(strconv.FormatBool(false), strconv.Quote("hi\n\"there\""), strconv.QuoteRune('☺'))
	s, err := strconv.Unquote(`"a\tb"`)
	fmt.Printf("%q %v\n", s, err)
	buf := []byte("n=")
	buf = strconv.AppendInt(buf, 42, 10)
	fmt.Println(string(buf))
	fmt.Println(strconv.QuoteToASCII("héllo"))
}
