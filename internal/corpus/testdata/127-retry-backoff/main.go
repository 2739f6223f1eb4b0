// Retrying a flaky operation with exponential backoff, using a fake clock so the output is fixed.
package main

import (
	"errors"
	"fmt"
	"time"
)

var ErrTemporary = errors.New("temporary failure")

type fakeClock struct{ now time.Duration }

func (c *fakeClock) Sleep(d time.Duration) { c.now += d }

func retry(attempts int, base time.Duration, clock *fakeClock, op func(int) error) error {
	var err error
	delay := base
	for i := 1; i <= attempts; i++ {
		err = op(i)
		if err == nil {
			return nil
		}
		if !errors.Is(err, ErrTemporary) {
			return fmt.Errorf("attempt %d: permanent: %w", i, err)
		}
		fmt.Printf("attempt %d failed at %v: %v; waiting %v\n", i, clock.now, err, delay)
		clock.Sleep(delay)
		delay *= 2
	}
	return fmt.Errorf("after %d attempts: %w", attempts, err)
}

func main() {
	clock := &fakeClock{}
	err := retry(5, 100*time.Millisecond, clock, func(i int) error {
		if i < 4 {
			return fmt.Errorf("call %d: %w", i, ErrTemporary)
		}
		return nil
	})
	fmt.Println("result:", err, "elapsed:", clock.now)

	clock = &fakeClock{}
	err = retry(3, time.Second, clock, func(int) error { return ErrTemporary })
	fmt.Println("result:", err, errors.Is(err, ErrTemporary), clock.now)

	err = retry(3, time.Second, clock, func(int) error { return errors.New("bad request") })
	fmt.Println("result:", err)
}
