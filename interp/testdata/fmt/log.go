package main

import (
	"fmt"
	"log"
	"os"
)

type level int

func (l level) String() string { return [...]string{"debug", "info"}[l] }

type event struct {
	Level level
	Msg   string
}

type counter struct{ n int }

func (c *counter) String() string { return fmt.Sprintf("#%d", c.n) }

func main() {
	log.SetFlags(0)
	log.SetOutput(os.Stdout)
	log.Print(level(1), event{0, "start"})
	log.Printf("%v %T %d", event{1, "x"}, event{}, level(1))
	log.Println([]level{0, 1})
	l := log.New(os.Stdout, "app: ", 0)
	l.Println(event{1, "y"})
	l.Printf("%+v", event{0, "z"})
	c := &counter{1}
	defer fmt.Println("deferred:", c, *c)
	c.n = 2
	for i := 0; i < 2; i++ {
		defer fmt.Printf("%v %T\n", level(i), level(i))
	}
	func() {
		defer func() {
			fmt.Println("recovered:", recover())
		}()
		log.Panicf("bad %v", level(0))
	}()
}
