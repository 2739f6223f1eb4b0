// Go by Example: sorting by functions, slices.SortFunc with cmp.Compare and sort.SliceStable.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
)

type Person struct {
	name string
	age  int
}

func main() {
	fruits := []string{"peach", "banana", "kiwi"}

	lenCmp := func(a, b string) int {
		return cmp.Compare(len(a), len(b))
	}

	slices.SortFunc(fruits, lenCmp)
	fmt.Println(fruits)

	people := []Person{
		Person{name: "Jax", age: 37},
		Person{name: "TJ", age: 25},
		Person{name: "Alex", age: 72},
	}

	slices.SortFunc(people,
		func(a, b Person) int {
			return cmp.Compare(a.age, b.age)
		})
	fmt.Println(people)

	staff := []Person{{"Ann", 30}, {"Bob", 25}, {"Cid", 30}, {"Dee", 25}}
	sort.SliceStable(staff, func(i, j int) bool { return staff[i].age > staff[j].age })
	fmt.Println(staff)

	idx, found := slices.BinarySearchFunc(people, 37, func(p Person, age int) int {
		return cmp.Compare(p.age, age)
	})
	fmt.Println(idx, found)
}
