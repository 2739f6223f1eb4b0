package kernel

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// maxHistory is how many cells the kernel keeps in memory and rewrites the
// file to when it grows past twice that.
const maxHistory = 10000

// historyEntry is one executed cell, as stored one JSON object per line.
type historyEntry struct {
	Session int    `json:"session"`
	Line    int    `json:"line"`
	Input   string `json:"input"`
	Output  string `json:"output,omitempty"`
}

// history keeps the cells run with store_history, across kernel runs, in a
// JSON-lines file. Each kernel run is a new session number; line numbers
// are execution counts within a session. A file that cannot be read or
// written costs only persistence: the history of the current run still
// works.
//
// The file is read in the background: with the 10,000 to 20,000 cells it
// may hold that took 13-32 ms, which the kernel's first kernel_info_reply
// waited for. add and query wait until it is read.
type history struct {
	loaded  chan struct{} // closed once the file is read
	mu      sync.Mutex
	path    string // "" keeps history in memory only
	session int
	entries []historyEntry
	log     func(format string, args ...any)
	file    *os.File // opened for appending at the first add, kept open
}

func openHistory(path string, logf func(string, ...any)) *history {
	h := &history{path: path, log: logf, loaded: make(chan struct{})}
	go func() {
		defer close(h.loaded)
		h.load()
	}()
	return h
}

// load reads the file and picks this run's session number.
func (h *history) load() {
	if h.path == "" {
		h.session = 1
		return
	}
	path, logf := h.path, h.log
	f, err := os.Open(path)
	if err == nil {
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64*1024), 64*1024*1024)
		for sc.Scan() {
			var e historyEntry
			if json.Unmarshal(sc.Bytes(), &e) != nil || e.Session <= 0 {
				continue // a torn last line after a crash
			}
			h.entries = append(h.entries, e)
			if len(h.entries) > 2*maxHistory {
				h.entries = append(h.entries[:0:0], h.entries[len(h.entries)-maxHistory:]...)
			}
		}
		f.Close()
	} else if !os.IsNotExist(err) {
		logf("history: %v", err)
	}
	for _, e := range h.entries {
		if e.Session >= h.session {
			h.session = e.Session
		}
	}
	h.session++
	if len(h.entries) > maxHistory {
		h.entries = h.entries[len(h.entries)-maxHistory:]
		h.rewrite()
	}
}

// rewrite replaces the file with the entries kept in memory.
func (h *history) rewrite() {
	tmp := h.path + ".tmp"
	// The file holds every cell's source: the copy is private to its
	// owner as the file was (os.Create made it 0644), also when a
	// leftover .tmp file had other permissions.
	os.Remove(tmp)
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		h.log("history: %v", err)
		return
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, e := range h.entries {
		_ = enc.Encode(e)
	}
	if err := w.Flush(); err != nil {
		h.log("history: %v", err)
	}
	f.Close()
	if err := os.Rename(tmp, h.path); err != nil {
		h.log("history: %v", err)
	}
}

// add records one cell of the current session.
func (h *history) add(line int, input, output string) {
	<-h.loaded
	h.mu.Lock()
	defer h.mu.Unlock()
	e := historyEntry{Session: h.session, Line: line, Input: input, Output: output}
	h.entries = append(h.entries, e)
	if len(h.entries) > 2*maxHistory {
		h.entries = append(h.entries[:0:0], h.entries[len(h.entries)-maxHistory:]...)
	}
	if h.path == "" {
		return
	}
	if h.file == nil {
		// Opened once, not for every cell: the open, the directory check
		// and the close were a tenth of a trivial cell's round trip. (A
		// kernel that starts with more than 2·maxHistory cells in the file
		// rewrites it; a kernel running beside it then appends to the file
		// replaced, and those lines are lost.)
		if err := os.MkdirAll(filepath.Dir(h.path), 0o755); err != nil {
			h.log("history: %v", err)
			h.path = ""
			return
		}
		f, err := os.OpenFile(h.path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			h.log("history: %v", err)
			h.path = ""
			return
		}
		h.file = f
	}
	// One write per line, so that kernels sharing the file do not
	// interleave their lines.
	b, _ := json.Marshal(e)
	if _, err := h.file.Write(append(b, '\n')); err != nil {
		h.log("history: %v", err)
	}
}

// query answers a history_request.
func (h *history) query(r historyRequest) ([][]any, error) {
	<-h.loaded
	h.mu.Lock()
	defer h.mu.Unlock()
	var picked []historyEntry
	switch r.HistAccessType {
	case "tail":
		n := r.N
		if n <= 0 {
			n = 10
		}
		picked = h.entries[max(0, len(h.entries)-n):]
	case "range":
		session := r.Session
		if session <= 0 {
			session += h.session // 0 is this session, -1 the one before
		}
		for _, e := range h.entries {
			if e.Session == session && e.Line >= r.Start && (r.Stop <= 0 || e.Line < r.Stop) {
				picked = append(picked, e)
			}
		}
	case "search":
		pattern := r.Pattern
		if pattern == "" {
			pattern = "*"
		}
		seen := map[string]bool{}
		// Walk from the newest so that unique keeps the latest run of an
		// input and n counts the latest matches.
		for i := len(h.entries) - 1; i >= 0; i-- {
			e := h.entries[i]
			if !globMatch(pattern, e.Input) {
				continue
			}
			if r.Unique {
				if seen[e.Input] {
					continue
				}
				seen[e.Input] = true
			}
			picked = append(picked, e)
			if r.N > 0 && len(picked) == r.N {
				break
			}
		}
		for i, j := 0, len(picked)-1; i < j; i, j = i+1, j-1 {
			picked[i], picked[j] = picked[j], picked[i]
		}
	default:
		return nil, fmt.Errorf("hist_access_type %q is not tail, range or search", r.HistAccessType)
	}
	out := make([][]any, 0, len(picked))
	for _, e := range picked {
		var item any = e.Input
		if r.Output {
			var output any
			if e.Output != "" {
				output = e.Output
			}
			item = []any{e.Input, output}
		}
		out = append(out, []any{e.Session, e.Line, item})
	}
	return out, nil
}

// globMatch matches s against a shell glob in which * is any run of
// characters (newlines included) and ? is one character, as IPython's
// history search does.
func globMatch(pattern, s string) bool {
	p, t := []rune(pattern), []rune(s)
	pi, ti := 0, 0
	star, mark := -1, 0
	for ti < len(t) {
		switch {
		case pi < len(p) && (p[pi] == '?' || p[pi] == t[ti]):
			pi++
			ti++
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, ti
			pi++
		case star >= 0:
			pi = star + 1
			mark++
			ti = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}
