package interrupt

import (
	"testing"
	"time"
)

func TestSleepWakesAtARequest(t *testing.T) {
	defer Clear()
	Clear()
	time.AfterFunc(20*time.Millisecond, Request)
	start := time.Now()
	defer func() {
		if r := recover(); r != ErrInterrupted {
			t.Fatalf("recovered %v, want ErrInterrupted", r)
		}
		if waited := time.Since(start); waited > 30*time.Second {
			t.Fatalf("slept %v of an hour", waited)
		}
	}()
	Sleep(time.Hour)
	t.Fatal("Sleep returned")
}

func TestSleepAfterClear(t *testing.T) {
	Request()
	Clear()
	Sleep(time.Millisecond) // a withdrawn request does not stop it
	select {
	case <-Done():
		t.Fatal("Done is closed after Clear")
	default:
	}
}
