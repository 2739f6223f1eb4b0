// Structs: literals, constructors, anonymous structs, comparison and printing.
package main

import "fmt"

type person struct {
	name string
	age  int
}

func newPerson(name string) *person {
	p := person{name: name}
	p.age = 42
	return &p
}

type Rect struct {
	Min, Max struct{ X, Y int }
	Label    string
}

func main() {
	fmt.Println(person{"Bob", 20})
	fmt.Println(person{name: "Alice", age: 30})
	fmt.Println(person{name: "Fred"})
	fmt.Println(&person{name: "Ann", age: 40})
	fmt.Println(newPerson("Jon"))

	s := person{name: "Sean", age: 50}
	fmt.Println(s.name)
	sp := &s
	sp.age = 51
	fmt.Println(sp.age, s.age)

	dog := struct {
		name   string
		isGood bool
	}{"Rex", true}
	fmt.Println(dog)
	fmt.Printf("%+v\n", dog)

	fmt.Println(s == person{"Sean", 51})
	var r Rect
	r.Max.X, r.Max.Y = 3, 4
	r.Label = "box"
	fmt.Printf("%v\n%+v\n", r, r)

	people := []person{{"A", 1}, {"B", 2}}
	for _, p := range people {
		p.age *= 10
	}
	for i := range people {
		people[i].age *= 100
	}
	fmt.Println(people)
}
