// Hello prints a greeting, a few values and their types.
package main

import "fmt"

func main() {
	name := "gopher"
	age := 13
	height := 1.25
	fmt.Println("Hello,", name)
	fmt.Printf("%s is %d years old and %.2f m tall\n", name, age, height)
	fmt.Printf("types: %T %T %T\n", name, age, height)
	var greeting string
	greeting = fmt.Sprintf("Hi %s!", name)
	fmt.Println(greeting, len(greeting))
}
