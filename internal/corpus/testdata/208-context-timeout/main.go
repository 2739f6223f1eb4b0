// context: a slow operation cancelled by WithTimeout, a cancel function, values, and the errors they give.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type key string

func slowOp(ctx context.Context, d time.Duration) (string, error) {
	select {
	case <-time.After(d):
		return "finished", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func worker(ctx context.Context, out chan<- int) {
	defer close(out)
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case out <- i:
		}
	}
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()

	res, err := slowOp(ctx, time.Millisecond)
	fmt.Println(res, err)

	short, cancelShort := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancelShort()
	res, err = slowOp(short, 10*time.Second)
	fmt.Printf("%q %v %v\n", res, err, errors.Is(err, context.DeadlineExceeded))

	ctx2, cancel2 := context.WithCancel(context.Background())
	out := make(chan int)
	go worker(ctx2, out)
	sum := 0
	for v := range out {
		sum += v
		if v == 9 {
			cancel2()
			break
		}
	}
	fmt.Println("sum:", sum, ctx2.Err())

	ctx3 := context.WithValue(context.Background(), key("user"), "ann")
	fmt.Println(ctx3.Value(key("user")), ctx3.Value(key("missing")))

	ctx4, cancel4 := context.WithCancelCause(context.Background())
	cancel4(errors.New("shutting down"))
	fmt.Println(ctx4.Err(), context.Cause(ctx4))
}
