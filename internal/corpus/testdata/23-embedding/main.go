// Embedding: promoted fields and methods, overriding, and interface embedding.
package main

import "fmt"

type base struct {
	num int
}

func (b base) describe() string {
	return fmt.Sprintf("base with num=%v", b.num)
}

type container struct {
	base
	str string
}

type Logger struct{ prefix string }

func (l *Logger) Log(msg string) { fmt.Println(l.prefix + msg) }

type Service struct {
	*Logger
	Name string
}

func (s Service) describe() string { return "service " + s.Name }

type Reader interface{ Read() string }
type Writer interface{ Write(s string) }
type ReadWriter interface {
	Reader
	Writer
}

type buffer struct{ data []string }

func (b *buffer) Read() string {
	if len(b.data) == 0 {
		return ""
	}
	s := b.data[0]
	b.data = b.data[1:]
	return s
}
func (b *buffer) Write(s string) { b.data = append(b.data, s) }

func main() {
	co := container{base: base{num: 1}, str: "some name"}
	fmt.Printf("co={num: %v, str: %v}\n", co.num, co.str)
	fmt.Println("also num:", co.base.num)
	fmt.Println("describe:", co.describe())

	type describer interface{ describe() string }
	var d describer = co
	fmt.Println("describer:", d.describe())

	s := Service{Logger: &Logger{prefix: "[svc] "}, Name: "api"}
	s.Log("starting")
	fmt.Println(s.describe())

	var rw ReadWriter = &buffer{}
	rw.Write("one")
	rw.Write("two")
	fmt.Println(rw.Read(), rw.Read(), rw.Read() == "")
}
