// A bank account with a mutex, typed errors and a transaction log.
package main

import (
	"errors"
	"fmt"
	"sync"
)

var ErrInsufficient = errors.New("insufficient funds")

type Account struct {
	mu      sync.Mutex
	owner   string
	balance int
	log     []string
}

func (a *Account) Deposit(amount int) error {
	if amount <= 0 {
		return fmt.Errorf("deposit %d: amount must be positive", amount)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.balance += amount
	a.log = append(a.log, fmt.Sprintf("+%d", amount))
	return nil
}

func (a *Account) Withdraw(amount int) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if amount > a.balance {
		return fmt.Errorf("withdraw %d from %s: %w", amount, a.owner, ErrInsufficient)
	}
	a.balance -= amount
	a.log = append(a.log, fmt.Sprintf("-%d", amount))
	return nil
}

func (a *Account) Balance() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.balance
}

func Transfer(from, to *Account, amount int) error {
	if err := from.Withdraw(amount); err != nil {
		return fmt.Errorf("transfer: %w", err)
	}
	return to.Deposit(amount)
}

func main() {
	alice := &Account{owner: "alice"}
	bob := &Account{owner: "bob"}
	var wg sync.WaitGroup
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			alice.Deposit(10)
		}()
	}
	wg.Wait()
	fmt.Println("alice:", alice.Balance())
	fmt.Println(Transfer(alice, bob, 300))
	err := Transfer(bob, alice, 500)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrInsufficient))
	fmt.Println(alice.Deposit(-5))
	fmt.Println(alice.Balance(), bob.Balance(), bob.log)
}
