package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
	"github.com/gohooks/gohooks/kernel"
)

// consoleSession is what the console needs of a Go session; the worker
// client (kernel.Backend) provides it.
type consoleSession interface {
	Execute(ctx context.Context, req backend.ExecuteRequest, sink backend.Sink) backend.ExecuteReply
	Complete(code string, cursor int) backend.Completion
	IsComplete(code string) backend.Completeness
}

// lineReader reads one line of input without its line break. It returns
// io.EOF at the end of input and errInterrupted when the user pressed
// Ctrl-C at the prompt.
type lineReader interface {
	ReadLine(prompt string) (string, error)
}

var errInterrupted = errors.New("interrupted")

// runConsole is `gohooks console`: a terminal REPL on one Go session.
func runConsole(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gohooks console", flag.ContinueOnError)
	fs.SetOutput(stderr)
	images := fs.String("images", "", "write images shown by cells into `DIR` (default: a new temporary directory)")
	histFile := fs.String("history", defaultConsoleHistory(), "keep the input history in `FILE` (\"-\": in memory only)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: gohooks console [--images DIR] [--history FILE]\n\n"+
			"An interactive Go session in the terminal, the same session a notebook gets.\n"+
			"A cell runs when it is complete (an open brace continues it); Tab completes;\n"+
			"Up and Down walk the history; Ctrl-C clears the input or stops a running\n"+
			"cell; Ctrl-D on an empty line quits. Images are written to files whose\n"+
			"paths are printed. When standard input is not a terminal, cells are read\n"+
			"from it without prompts, and the exit status is 1 if a cell failed.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gohooks console: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	backend, err := newBackend()
	if err != nil {
		fmt.Fprintln(stderr, "gohooks console:", err)
		return 1
	}
	defer backend.Close()

	c := &console{session: backend, out: stdout, errOut: stderr, imageDir: *images}
	fd := int(stdin.Fd())
	if term.IsTerminal(fd) {
		hist := newConsoleHistory(*histFile, 1000)
		tr, err := newTermReader(stdin, stdout, hist, c.complete)
		if err != nil {
			fmt.Fprintln(stderr, "gohooks console:", err)
			return 1
		}
		c.in, c.interactive = tr, true
		fmt.Fprintf(stdout, "gohooks %s: Go with tensorlib, nnlib, hooks, viz and display. Ctrl-D quits.\n", versionString())
	} else {
		c.in = &plainReader{r: bufio.NewReader(stdin)}
	}
	// Ctrl-C while a cell runs cancels the cell; at the prompt the line
	// editor sees it as a key.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	defer signal.Stop(sigs)
	go func() {
		for range sigs {
			c.interrupt()
		}
	}()
	return c.loop()
}

// defaultConsoleHistory is gohooks/console-history in the Jupyter data
// directory, beside the kernel's history.
func defaultConsoleHistory() string {
	return filepath.Join(kernel.JupyterDataDir(), "gohooks", "console-history")
}

// console reads cells, runs them and prints what they show.
type console struct {
	session     consoleSession
	in          lineReader
	out, errOut io.Writer
	interactive bool
	imageDir    string

	mu     sync.Mutex
	cancel context.CancelFunc // of the running cell
	count  int                // execution counter
	images int                // images written in the running cell
	buffer string             // lines of the cell being typed, for completion
}

// loop runs cells until the input ends; it returns the exit code.
func (c *console) loop() int {
	failed := false
	for {
		code, err := c.readCell()
		if code != "" {
			if !c.execute(code) {
				failed = true
			}
		}
		if err == io.EOF {
			if c.interactive {
				fmt.Fprintln(c.out)
			}
			break
		}
		if err != nil && err != errInterrupted {
			fmt.Fprintln(c.errOut, "gohooks console:", err)
			return 1
		}
	}
	if failed && !c.interactive {
		return 1
	}
	return 0
}

// readCell reads lines until the session says the code is complete. At
// the end of input it returns what was typed with io.EOF.
func (c *console) readCell() (string, error) {
	var lines []string
	indent := ""
	for {
		prompt := fmt.Sprintf("In [%d]: ", c.count+1)
		if len(lines) > 0 {
			prompt = strings.Repeat(" ", len(prompt)-5) + "...: " + indent
		}
		c.setBuffer(strings.Join(lines, "\n"), len(lines) > 0)
		line, err := c.in.ReadLine(prompt)
		if err == errInterrupted {
			if c.interactive {
				fmt.Fprintln(c.out, "^C")
			}
			lines, indent = nil, ""
			continue
		}
		if err != nil {
			return strings.Join(lines, "\n"), err
		}
		if len(lines) > 0 && c.interactive {
			line = indent + line
		}
		if len(lines) == 0 && strings.TrimSpace(line) == "" {
			continue
		}
		lines = append(lines, line)
		code := strings.Join(lines, "\n")
		res := c.session.IsComplete(code)
		if res.Status != "incomplete" {
			return code, nil
		}
		indent = res.Indent
	}
}

func (c *console) setBuffer(s string, continued bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if continued {
		c.buffer = s + "\n"
	} else {
		c.buffer = ""
	}
}

// execute runs one cell and reports whether it succeeded.
func (c *console) execute(code string) bool {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	c.count++
	c.images = 0
	c.cancel = cancel
	n := c.count
	c.mu.Unlock()
	reply := c.session.Execute(ctx, backend.ExecuteRequest{Code: code, StoreHistory: true, AllowStdin: true, ExecutionCount: n}, c)
	c.mu.Lock()
	c.cancel = nil
	c.mu.Unlock()
	cancel()
	if reply.Result != nil {
		c.show(*reply.Result, fmt.Sprintf("Out[%d]: ", n))
	}
	if e := reply.Err; e != nil {
		tb := e.Traceback
		if len(tb) == 0 {
			tb = []string{e.Name + ": " + e.Value}
		}
		c.write(c.errOut, strings.Join(tb, "\n")+"\n")
		return false
	}
	return true
}

func (c *console) interrupt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		c.cancel()
	}
}

// write sends text to w. A cell runs with the terminal in its normal
// mode, so output goes straight to it.
func (c *console) write(w io.Writer, s string) {
	io.WriteString(w, s)
}

// show prints a bundle: image/png to a file whose path is printed, then
// its text/plain.
func (c *console) show(b display.Bundle, label string) {
	if !c.interactive {
		label = ""
	}
	if s, ok := b.Data[display.MIMEPNG].(string); ok {
		path, err := c.writeImage(s)
		if err != nil {
			c.write(c.errOut, "gohooks console: cannot save the image: "+err.Error()+"\n")
		} else {
			c.write(c.out, label+"[image: "+path+"]\n")
			return
		}
	}
	if s, ok := b.Data[display.MIMEText].(string); ok {
		if strings.Contains(s, "\n") && label != "" {
			s = "\n" + s
		}
		c.write(c.out, label+s+"\n")
	}
}

func (c *console) writeImage(b64 string) (string, error) {
	data, err := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	if c.imageDir == "" {
		d, err := os.MkdirTemp("", "gohooks-console-")
		if err != nil {
			c.mu.Unlock()
			return "", err
		}
		c.imageDir = d
	}
	c.images++
	name := fmt.Sprintf("out-%d-%d.png", c.count, c.images)
	dir := c.imageDir
	c.mu.Unlock()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", err
	}
	return path, nil
}

// Stream prints what the cell writes.
func (c *console) Stream(name, text string) {
	w := c.out
	if name == "stderr" {
		w = c.errOut
	}
	c.write(w, text)
}

// Display prints a display; an update is printed again, marked as such.
func (c *console) Display(b display.Bundle, id string, update bool) {
	label := ""
	if update {
		label = "(updated) "
	}
	c.show(b, label)
}

// ClearOutput does nothing: a terminal keeps what it printed.
func (c *console) ClearOutput(wait bool) {}

// Input reads a line for the running cell.
func (c *console) Input(prompt string, password bool) (string, error) {
	if pr, ok := c.in.(*termReader); ok && password {
		return pr.t.ReadPassword(prompt)
	}
	if !c.interactive {
		c.write(c.out, prompt)
	}
	line, err := c.in.ReadLine(prompt)
	if err != nil {
		return "", err
	}
	return line, nil
}

// complete is the Tab handler: it completes the line at pos with what the
// session offers, in the context of the lines typed so far. With several
// matches it inserts their common prefix, or lists them.
func (c *console) complete(line string, pos int, list func(string)) (string, int, bool) {
	c.mu.Lock()
	buf := c.buffer
	c.mu.Unlock()
	code := buf + line
	cursor := utf8.RuneCountInString(buf) + utf8.RuneCountInString(line[:pos])
	res := c.session.Complete(code, cursor)
	if len(res.Matches) == 0 {
		return "", 0, false
	}
	// Positions are code points in code; turn them into bytes in line.
	runes := []rune(code)
	if res.CursorStart < 0 || res.CursorStart > res.CursorEnd || res.CursorEnd > len(runes) {
		return "", 0, false
	}
	start := len(string(runes[:res.CursorStart])) - len(buf)
	end := len(string(runes[:res.CursorEnd])) - len(buf)
	if start < 0 || end > len(line) {
		return "", 0, false
	}
	typed := line[start:end]
	insert := commonPrefix(res.Matches)
	if len(res.Matches) > 1 && len(insert) <= len(typed) {
		ms := append([]string(nil), res.Matches...)
		sort.Strings(ms)
		list(strings.Join(ms, "  ") + "\n")
		return "", 0, false
	}
	if !strings.HasPrefix(insert, typed) && len(res.Matches) > 1 {
		return "", 0, false
	}
	newLine := line[:start] + insert + line[end:]
	return newLine, start + len(insert), true
}

func commonPrefix(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	p := ss[0]
	for _, s := range ss[1:] {
		for !strings.HasPrefix(s, p) {
			_, size := utf8.DecodeLastRuneInString(p)
			p = p[:len(p)-size]
		}
	}
	return p
}

// plainReader reads lines from a pipe or file, without prompts.
type plainReader struct {
	r *bufio.Reader
}

func (p *plainReader) ReadLine(prompt string) (string, error) {
	line, err := p.r.ReadString('\n')
	if err == io.EOF && line != "" {
		err = nil
	}
	if err != nil {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// termReader edits lines on a terminal in raw mode (golang.org/x/term's
// line editor: arrows, history, Tab), leaving raw mode while a cell runs.
type termReader struct {
	fd      int
	t       *term.Terminal
	ctc     *ctrlCWatcher
	newTerm func() *term.Terminal
}

// ctrlCWatcher passes input through and notes a Ctrl-C, which the line
// editor reports as io.EOF, like Ctrl-D.
type ctrlCWatcher struct {
	r    io.Reader
	mu   sync.Mutex
	seen bool
}

func (w *ctrlCWatcher) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	for _, b := range p[:n] {
		if b == 3 {
			w.mu.Lock()
			w.seen = true
			w.mu.Unlock()
		}
	}
	return n, err
}

func (w *ctrlCWatcher) take() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	s := w.seen
	w.seen = false
	return s
}

func newTermReader(in *os.File, out io.Writer, hist term.History, complete func(string, int, func(string)) (string, int, bool)) (*termReader, error) {
	ctc := &ctrlCWatcher{r: in}
	rw := struct {
		io.Reader
		io.Writer
	}{ctc, out}
	tr := &termReader{fd: int(in.Fd()), ctc: ctc}
	tr.newTerm = func() *term.Terminal {
		t := term.NewTerminal(rw, "")
		t.History = hist
		t.AutoCompleteCallback = func(line string, pos int, key rune) (string, int, bool) {
			if key != '\t' {
				return "", 0, false
			}
			return complete(line, pos, func(s string) { t.Write([]byte(s)) })
		}
		return t
	}
	tr.t = tr.newTerm()
	return tr, nil
}

func (tr *termReader) ReadLine(prompt string) (string, error) {
	old, err := term.MakeRaw(tr.fd)
	if err != nil {
		return "", err
	}
	defer term.Restore(tr.fd, old)
	if w, h, err := term.GetSize(tr.fd); err == nil && w > 0 && h > 0 {
		tr.t.SetSize(w, h)
	}
	tr.ctc.take()
	tr.t.SetPrompt(prompt)
	line, err := tr.t.ReadLine()
	if err == io.EOF && tr.ctc.take() {
		// The line editor returns at a Ctrl-C with the Ctrl-C still in its
		// input buffer and the line still typed: the next ReadLine saw the
		// Ctrl-C again, as an end of input, and the console quit. A new
		// editor starts clean.
		tr.t = tr.newTerm()
		return "", errInterrupted
	}
	return line, err
}

// consoleHistory is the line editor's history: in memory, newest last,
// and appended to a file (one JSON string per line) so that it survives
// the session.
type consoleHistory struct {
	path    string
	max     int
	entries []string
}

func newConsoleHistory(path string, max int) *consoleHistory {
	h := &consoleHistory{path: path, max: max}
	if path == "-" || path == "" {
		h.path = ""
		return h
	}
	f, err := os.Open(path)
	if err != nil {
		return h
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() {
		var s string
		if json.Unmarshal(sc.Bytes(), &s) == nil && s != "" {
			h.entries = append(h.entries, s)
		}
	}
	if len(h.entries) > max {
		h.entries = h.entries[len(h.entries)-max:]
	}
	return h
}

// Add records a line, skipping a repeat of the previous one.
func (h *consoleHistory) Add(entry string) {
	if entry == "" || (len(h.entries) > 0 && h.entries[len(h.entries)-1] == entry) {
		return
	}
	h.entries = append(h.entries, entry)
	if len(h.entries) > h.max {
		h.entries = h.entries[1:]
	}
	if h.path == "" {
		return
	}
	if err := os.MkdirAll(filepath.Dir(h.path), 0o755); err != nil {
		return
	}
	f, err := os.OpenFile(h.path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return
	}
	b, _ := json.Marshal(entry)
	f.Write(append(b, '\n'))
	f.Close()
}

// Len is the number of entries.
func (h *consoleHistory) Len() int { return len(h.entries) }

// At returns an entry, 0 being the newest.
func (h *consoleHistory) At(i int) string { return h.entries[len(h.entries)-1-i] }
