// Type switches: classify values of any type.
package main

import (
	"errors"
	"fmt"
)

type Celsius float64

type Stringer interface{ String() string }

type ID int

func (i ID) String() string { return fmt.Sprintf("ID-%03d", int(i)) }

func describe(i any) string {
	switch v := i.(type) {
	case nil:
		return "nil"
	case int:
		return fmt.Sprintf("int %d (doubled %d)", v, v*2)
	case string:
		return fmt.Sprintf("string %q of length %d", v, len(v))
	case bool:
		return fmt.Sprintf("bool %t", v)
	case Celsius:
		return fmt.Sprintf("temperature %.1f", float64(v))
	case []int:
		return fmt.Sprintf("slice of %d ints", len(v))
	case error:
		return "error: " + v.Error()
	case Stringer:
		return "stringer " + v.String()
	case func() int:
		return fmt.Sprint("func returning ", v())
	case int8, int16:
		return fmt.Sprintf("small int %v", v)
	default:
		return fmt.Sprintf("other %T", v)
	}
}

func main() {
	values := []any{42, "hi", true, Celsius(21.5), []int{1, 2}, errors.New("bad"),
		ID(7), func() int { return 3 }, int8(4), 3.5, nil, map[string]int{}}
	for _, v := range values {
		fmt.Println(describe(v))
	}
}
