// A small publish/subscribe event bus with handler functions and unsubscribe.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Event struct {
	Topic   string
	Payload map[string]any
}

type Handler func(Event)

type Bus struct {
	next     int
	handlers map[string]map[int]Handler
}

func NewBus() *Bus { return &Bus{handlers: map[string]map[int]Handler{}} }

func (b *Bus) Subscribe(topic string, h Handler) (unsubscribe func()) {
	if b.handlers[topic] == nil {
		b.handlers[topic] = map[int]Handler{}
	}
	id := b.next
	b.next++
	b.handlers[topic][id] = h
	return func() { delete(b.handlers[topic], id) }
}

func (b *Bus) Publish(e Event) int {
	hs := b.handlers[e.Topic]
	ids := make([]int, 0, len(hs))
	for id := range hs {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		hs[id](e)
	}
	return len(ids)
}

func main() {
	bus := NewBus()
	var log []string
	audit := func(e Event) { log = append(log, "audit:"+e.Topic) }
	bus.Subscribe("user.created", func(e Event) {
		fmt.Printf("welcome mail to %v\n", e.Payload["email"])
	})
	stop := bus.Subscribe("user.created", audit)
	bus.Subscribe("order.paid", func(e Event) {
		fmt.Printf("ship order %v (%.2f)\n", e.Payload["id"], e.Payload["total"].(float64))
	})
	bus.Subscribe("order.paid", audit)

	fmt.Println(bus.Publish(Event{"user.created", map[string]any{"email": "ann@example.com"}}))
	fmt.Println(bus.Publish(Event{"order.paid", map[string]any{"id": 42, "total": 99.5}}))
	stop()
	fmt.Println(bus.Publish(Event{"user.created", map[string]any{"email": "bob@example.com"}}))
	fmt.Println(bus.Publish(Event{"nobody.listens", nil}))
	fmt.Println(strings.Join(log, ", "))
}
