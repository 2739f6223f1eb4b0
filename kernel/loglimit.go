package kernel

import (
	"sync"
	"time"
)

// Bad messages are logged in full up to badLogBurst in a badLogWindow;
// the rest are counted and the count is logged when the window ends. A
// peer that sends garbage in a loop (an unsigned local client, a port
// scanner) wrote one line per message into Jupyter's log: a million lines
// in two minutes.
const (
	badLogBurst  = 10
	badLogWindow = time.Minute
)

// logLimiter rate-limits a log of repeated events.
type logLimiter struct {
	logf   func(format string, args ...any)
	burst  int
	window time.Duration

	mu      sync.Mutex
	start   time.Time // of the current window
	logged  int       // lines logged in full in it
	dropped int       // events counted, not logged, in it
	timer   *time.Timer
}

func newLogLimiter(logf func(string, ...any), burst int, window time.Duration) *logLimiter {
	return &logLimiter{logf: logf, burst: burst, window: window}
}

// Printf logs the event in full while the window's burst lasts, and
// counts it after.
func (l *logLimiter) Printf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if l.start.IsZero() || now.Sub(l.start) >= l.window {
		l.flushLocked()
		l.start, l.logged = now, 0
	}
	if l.logged < l.burst {
		l.logged++
		l.logf(format, args...)
		return
	}
	if l.dropped == 0 {
		l.logf("more bad messages: counted, not logged, until %s", l.start.Add(l.window).Format(time.TimeOnly))
		l.timer = time.AfterFunc(time.Until(l.start.Add(l.window)), l.flush)
	}
	l.dropped++
}

func (l *logLimiter) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.flushLocked()
}

// flushLocked logs the count of the window's unlogged events.
func (l *logLimiter) flushLocked() {
	if l.timer != nil {
		l.timer.Stop()
		l.timer = nil
	}
	if l.dropped > 0 {
		l.logf("%d more bad messages dropped in %v", l.dropped, l.window)
		l.dropped = 0
		// A new window starts with the next event; until then nothing is
		// counted.
		l.start = time.Time{}
	}
}
