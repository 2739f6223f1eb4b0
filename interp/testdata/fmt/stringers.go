package main

import (
	"errors"
	"fmt"
	"os"
)

type Suit int

func (s Suit) String() string { return [...]string{"S", "H", "D", "C"}[s] }

type Card struct {
	Rank int
	Suit Suit
}

func (c Card) String() string { return fmt.Sprint(c.Rank) + c.Suit.String() }

type Money struct{ Cents int }

func (m Money) String() string { return fmt.Sprintf("$%d.%02d", m.Cents/100, m.Cents%100) }

type Order struct {
	ID    int
	Total Money
	note  Money
}

type Hand []Card

type PtrS struct{ n int }

func (p *PtrS) String() string { return fmt.Sprintf("P%d", p.n) }

type MyErr struct{ code int }

func (e *MyErr) Error() string { return fmt.Sprintf("err %d", e.code) }

type Both struct{}

func (Both) Error() string  { return "as error" }
func (Both) String() string { return "as string" }

type Go struct{ n int }

func (g Go) GoString() string { return fmt.Sprintf("Go(%d)", g.n) }
func (g Go) String() string   { return "go" }

type Fmt struct{ n int }

func (f Fmt) Format(s fmt.State, verb rune) {
	w, wok := s.Width()
	fmt.Fprintf(s, "F[%c %v %v %v %d]", verb, s.Flag('+'), s.Flag('#'), wok, w)
}

type Panicky struct{}

func (Panicky) String() string { panic("boom") }

type Val struct{ n int }

func (v Val) String() string { return fmt.Sprintf("V%d", v.n) }

type Embeds struct {
	Val
	x int
}

type Named string

func (n Named) String() string { return "N:" + string(n) }

func main() {
	c := Card{1, 1}
	fmt.Println(c, &c, []Card{{1, 1}, {2, 0}}, [2]Card{})
	fmt.Println(map[Suit]int{1: 2, 0: 3}, map[string]Card{"a": c})
	fmt.Println(Order{7, Money{12345}, Money{5}})
	fmt.Printf("%v %+v\n", Order{7, Money{12345}, Money{5}}, &Order{1, Money{1}, Money{2}})
	fmt.Println(Hand{c, {3, 2}})
	fmt.Printf("%d %v %s %q %x %X %5v|%-5v|\n", Suit(1), Suit(1), Suit(2), Suit(3), Suit(1), Suit(1), Suit(1), Suit(1))
	fmt.Printf("%d %v\n", Money{5}, Money{5})
	fmt.Printf("%d\n", []Suit{0, 1})
	p := PtrS{3}
	fmt.Println(p, &p, []*PtrS{&p}, []PtrS{p})
	var np *PtrS
	fmt.Println(np)
	var e error = &MyErr{4}
	fmt.Println(e, []error{e}, &MyErr{5})
	var ne *MyErr
	fmt.Println(ne)
	fmt.Println(Both{}, []Both{{}})
	fmt.Printf("%v %#v %+v %s\n", Go{1}, Go{1}, Go{1}, []Go{{2}})
	fmt.Printf("%#v\n", []Go{{2}})
	fmt.Printf("%v|%+v|%#v|%8d|%s\n", Fmt{}, Fmt{}, Fmt{}, Fmt{}, []Fmt{{}})
	fmt.Println(Panicky{}, []Panicky{{}})
	fmt.Printf("%s|%d\n", Panicky{}, Panicky{})
	fmt.Println([]any{Val{2}, 3, "x", nil}, map[string]any{"k": Val{4}})
	fmt.Println(Embeds{Val{5}, 1}, &Embeds{Val{6}, 2})
	fmt.Println(Named("x"), []Named{"y"}, struct{ N Named }{"z"})
	fmt.Printf("%s %q %v %x\n", Named("a"), Named("b"), Named("c"), Named("d"))
	fmt.Print(Val{7}, Val{8}, "\n")
	fmt.Print(Val{7}, " ", 1, 2, "\n")
	s := fmt.Sprint(Val{9}) + fmt.Sprintln(Val{10}) + fmt.Sprintf("%v", Val{11})
	fmt.Println(s)
	fmt.Fprintln(os.Stdout, Val{12}, []Val{{13}})
	fmt.Fprintf(os.Stdout, "%v %T\n", Val{14}, Val{14})
	fmt.Fprint(os.Stdout, Val{15}, "\n")
	b := fmt.Append(nil, Val{16})
	b = fmt.Appendf(b, " %v %T", Val{17}, Val{17})
	b = fmt.Appendln(b, Val{18})
	fmt.Print(string(b))
	fmt.Printf("%v %s\n", e, e)
	err := fmt.Errorf("wrapped: %w (%v, %T)", &MyErr{6}, Val{19}, &MyErr{7})
	fmt.Println(err, errors.Unwrap(err))
	err2 := fmt.Errorf("val: %v", Val{20})
	fmt.Println(err2)
	fmt.Printf("%v %d\n", struct {
		S Suit
		n Suit
	}{1, 2}, struct{ S Suit }{1})
	fmt.Printf("%!\n")
	fmt.Printf("%d %d\n", Val{1})
	fmt.Printf("%t %z\n", Suit(1), Card{1, 1})
	fmt.Printf("%p %v\n", nil, true)
}
