// A bank simulation: accounts with a mutex, concurrent transfers ordered by lock order, and an audit.
package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

var ErrInsufficient = errors.New("insufficient funds")

type Account struct {
	ID      int
	mu      sync.Mutex
	balance int
}

type Bank struct {
	accounts map[int]*Account
	mu       sync.Mutex
	failed   int
}

func NewBank(n, initial int) *Bank {
	b := &Bank{accounts: map[int]*Account{}}
	for i := 1; i <= n; i++ {
		b.accounts[i] = &Account{ID: i, balance: initial}
	}
	return b
}

func (b *Bank) Transfer(from, to, amount int) error {
	a1, a2 := b.accounts[from], b.accounts[to]
	first, second := a1, a2
	if first.ID > second.ID {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	if a1.balance < amount {
		return fmt.Errorf("transfer %d from %d: %w", amount, from, ErrInsufficient)
	}
	a1.balance -= amount
	a2.balance += amount
	return nil
}

func (b *Bank) Total() int {
	t := 0
	for _, a := range b.accounts {
		a.mu.Lock()
		t += a.balance
		a.mu.Unlock()
	}
	return t
}

func main() {
	bank := NewBank(4, 100)
	var wg sync.WaitGroup
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			from := i%4 + 1
			to := (i+1)%4 + 1
			if err := bank.Transfer(from, to, 2); err != nil {
				bank.mu.Lock()
				bank.failed++
				bank.mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	fmt.Println("total:", bank.Total())

	ids := make([]int, 0, len(bank.accounts))
	for id := range bank.accounts {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		fmt.Printf("account %d: %d\n", id, bank.accounts[id].balance)
	}
	fmt.Println("failed:", bank.failed)

	err := bank.Transfer(1, 2, 1000)
	fmt.Println(err, errors.Is(err, ErrInsufficient))
}
