// Context: cancellation, deadlines and request-scoped values.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type ctxKey string

func slowOp(ctx context.Context, d time.Duration) error {
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func handler(ctx context.Context) string {
	user, _ := ctx.Value(ctxKey("user")).(string)
	return "hello " + user
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	fmt.Println("fast:", slowOp(ctx, time.Millisecond))
	err := slowOp(ctx, 10*time.Second)
	fmt.Println("slow:", err, errors.Is(err, context.DeadlineExceeded))

	ctx2, cancel2 := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- slowOp(ctx2, 10*time.Second) }()
	cancel2()
	fmt.Println("cancelled:", <-done)
	fmt.Println(ctx2.Err() == context.Canceled)

	vctx := context.WithValue(context.Background(), ctxKey("user"), "gopher")
	fmt.Println(handler(vctx))
	fmt.Println(handler(context.Background()))

	cctx, ccancel := context.WithCancelCause(context.Background())
	ccancel(errors.New("shutting down"))
	fmt.Println(context.Cause(cctx))

	_, hasDeadline := ctx.Deadline()
	_, bgDeadline := context.Background().Deadline()
	fmt.Println(hasDeadline, bgDeadline)
}
