// A tokenizer and recursive-descent evaluator for arithmetic with precedence and parentheses.
package main

import (
	"fmt"
	"strconv"
	"unicode"
)

type tokenKind int

const (
	number tokenKind = iota
	op
	lparen
	rparen
)

type token struct {
	kind tokenKind
	text string
}

func tokenize(s string) ([]token, error) {
	var toks []token
	for i := 0; i < len(s); {
		c := rune(s[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsDigit(c) || c == '.':
			j := i
			for j < len(s) && (unicode.IsDigit(rune(s[j])) || s[j] == '.') {
				j++
			}
			toks = append(toks, token{number, s[i:j]})
			i = j
		case c == '+' || c == '-' || c == '*' || c == '/':
			toks = append(toks, token{op, string(c)})
			i++
		case c == '(':
			toks = append(toks, token{lparen, "("})
			i++
		case c == ')':
			toks = append(toks, token{rparen, ")"})
			i++
		default:
			return nil, fmt.Errorf("unexpected %q at %d", c, i)
		}
	}
	return toks, nil
}

type parser struct {
	toks []token
	pos  int
}

func (p *parser) peek() *token {
	if p.pos < len(p.toks) {
		return &p.toks[p.pos]
	}
	return nil
}

func (p *parser) expr() float64 {
	v := p.term()
	for t := p.peek(); t != nil && t.kind == op && (t.text == "+" || t.text == "-"); t = p.peek() {
		p.pos++
		if t.text == "+" {
			v += p.term()
		} else {
			v -= p.term()
		}
	}
	return v
}

func (p *parser) term() float64 {
	v := p.factor()
	for t := p.peek(); t != nil && t.kind == op && (t.text == "*" || t.text == "/"); t = p.peek() {
		p.pos++
		if t.text == "*" {
			v *= p.factor()
		} else {
			v /= p.factor()
		}
	}
	return v
}

func (p *parser) factor() float64 {
	t := p.peek()
	p.pos++
	switch {
	case t == nil:
		panic("unexpected end")
	case t.kind == lparen:
		v := p.expr()
		p.pos++
		return v
	case t.kind == op && t.text == "-":
		return -p.factor()
	}
	n, err := strconv.ParseFloat(t.text, 64)
	if err != nil {
		panic(err)
	}
	return n
}

func eval(s string) (v float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	toks, err := tokenize(s)
	if err != nil {
		return 0, err
	}
	p := &parser{toks: toks}
	return p.expr(), nil
}

func main() {
	for _, s := range []string{"1 + 2 * 3", "(1 + 2) * 3", "-4 / (2 - 4)", "2 * (3 + 4) * 5 - 1.5", "7 $ 2", "(1 +"} {
		v, err := eval(s)
		fmt.Printf("%-22s => %v %v\n", s, v, err)
	}
}
