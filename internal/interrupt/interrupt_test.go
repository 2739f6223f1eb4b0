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
	Sleep(time.Hour)
	if waited := time.Since(start); waited > 30*time.Second {
		t.Fatalf("slept %v of an hour", waited)
	}
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
