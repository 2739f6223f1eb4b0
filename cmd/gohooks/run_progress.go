package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// liveProgress passes gohooks run's line per finished cell through to a
// terminal and, while a cell runs for more than a second, shows a status
// line with its number and the time it has run so far, rewritten in place
// every second and erased before the next line.
type liveProgress struct {
	mu    sync.Mutex
	w     io.Writer
	total int       // code cells
	done  int       // lines written: cells finished
	since time.Time // when the running cell started
	shown bool      // a status line is on the screen
	stop  chan struct{}
}

// progressWriter returns w itself unless w is a terminal: the status line
// rewrites itself with \r, which a log file or a pipe would keep.
func progressWriter(w io.Writer, total int) (io.Writer, func()) {
	if f, ok := w.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return w, func() {}
	}
	p := newLiveProgress(w, total)
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case now := <-t.C:
				p.tick(now)
			}
		}
	}()
	return p, p.close
}

func newLiveProgress(w io.Writer, total int) *liveProgress {
	return &liveProgress{w: w, total: total, since: time.Now(), stop: make(chan struct{})}
}

func (p *liveProgress) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
	n, err := p.w.Write(b)
	p.done += bytes.Count(b[:n], []byte("\n"))
	p.since = time.Now()
	return n, err
}

// tick shows the running cell's status line.
func (p *liveProgress) tick(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	elapsed := now.Sub(p.since)
	if p.done >= p.total || elapsed < time.Second {
		return
	}
	n := p.done + 1
	fmt.Fprintf(p.w, "\r\033[K[%d/%d] In [%d] running %s", n, p.total, n, elapsed.Truncate(time.Second))
	p.shown = true
}

func (p *liveProgress) clearLocked() {
	if p.shown {
		io.WriteString(p.w, "\r\033[K")
		p.shown = false
	}
}

func (p *liveProgress) close() {
	close(p.stop)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}
