// Recover in main: a deferred function in main stops a panic and reports it.
package main

import (
	"fmt"
	"strings"
)

type parser struct {
	tokens []string
	pos    int
}

func (p *parser) next() string {
	if p.pos >= len(p.tokens) {
		panic(fmt.Sprintf("unexpected end of input after %d tokens", p.pos))
	}
	t := p.tokens[p.pos]
	p.pos++
	return t
}

func (p *parser) expr() int {
	n := len(p.next())
	for p.pos < len(p.tokens) && p.tokens[p.pos] == "+" {
		p.next()
		n += len(p.next())
	}
	return n
}

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("error:", r)
		}
	}()
	p := &parser{tokens: strings.Fields("ab + cde + f")}
	fmt.Println("value:", p.expr())
	p = &parser{tokens: strings.Fields("ab + ")}
	fmt.Println("value:", p.expr())
	fmt.Println("not reached")
}
