// sync.Once: lazy initialization that runs once however many goroutines ask.
package main

import (
	"fmt"
	"sync"
)

type Config struct {
	Name  string
	Debug bool
}

var (
	once   sync.Once
	config *Config
	loads  int
)

func getConfig() *Config {
	once.Do(func() {
		loads++
		config = &Config{Name: "prod", Debug: false}
	})
	return config
}

func main() {
	var wg sync.WaitGroup
	names := make([]string, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			names[i] = getConfig().Name
		}()
	}
	wg.Wait()
	fmt.Println(names)
	fmt.Println("loads:", loads)
	fmt.Printf("%+v\n", *getConfig())

	var o sync.Once
	for i := range 3 {
		o.Do(func() { fmt.Println("only once, i =", i) })
	}
}
