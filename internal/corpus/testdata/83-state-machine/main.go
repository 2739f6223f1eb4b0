// A traffic light and a vending machine as state machines with iota states.
package main

import "fmt"

type State int

const (
	Idle State = iota
	HasCoin
	Vending
	OutOfStock
)

var stateNames = map[State]string{
	Idle:       "idle",
	HasCoin:    "has-coin",
	Vending:    "vending",
	OutOfStock: "out-of-stock",
}

func (s State) String() string { return stateNames[s] }

type Machine struct {
	state State
	stock int
	coins int
}

func (m *Machine) Handle(event string) {
	prev := m.state
	switch m.state {
	case Idle:
		if event == "coin" {
			m.coins++
			m.state = HasCoin
		}
	case HasCoin:
		switch event {
		case "push":
			m.state = Vending
		case "refund":
			m.coins--
			m.state = Idle
		}
	case Vending:
		m.stock--
		if m.stock == 0 {
			m.state = OutOfStock
		} else {
			m.state = Idle
		}
	case OutOfStock:
	}
	fmt.Printf("%-8s %v -> %v\n", event, prev, m.state)
}

func main() {
	m := &Machine{stock: 2}
	for _, e := range []string{"push", "coin", "refund", "coin", "push", "tick", "coin", "push", "tick", "coin"} {
		m.Handle(e)
	}
	fmt.Println("coins:", m.coins, "stock:", m.stock, "state:", m.state)
	fmt.Printf("%v %d %s\n", Vending, Vending, State(1))
}
