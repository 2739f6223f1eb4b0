package interp

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/gohooks/gohooks/internal/interrupt"
	yaegi "github.com/traefik/yaegi/interp"
)

func (s *Session) refusal(line, col int, msg string) *Error {
	return &Error{Name: "cannot redefine", Value: msg, Traceback: []string{msg, s.where(line, col)}}
}

func (s *Session) where(line, col int) string {
	w := fmt.Sprintf("  at cell %d, line %d, column %d", s.names[s.id], line, col)
	if q := s.quote(s.id*lineStride + line); q != nil {
		w += "\n" + q[0]
	}
	return w
}

// cellErr reports an error found while splitting or parsing the cell.
func (s *Session) cellErr(name string, err error) *Error {
	var ce *cellError
	if errors.As(err, &ce) {
		return &Error{Name: name, Value: ce.msg, Traceback: []string{name + ": " + ce.msg, s.where(ce.line, ce.col)}}
	}
	msg := err.Error()
	if m := errPos.FindStringSubmatch(firstLine(msg)); m != nil {
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		return &Error{Name: name, Value: m[4], Traceback: []string{name + ": " + m[4], s.where(l, c)}}
	}
	return &Error{Name: name, Value: msg, Traceback: []string{name + ": " + msg}}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

var errPos = regexp.MustCompile(`^([^:\s]*\.go:)?(\d+):(\d+): (.*)$`)

// toError turns a yaegi error into the cell's Error, in cell positions.
func (s *Session) toError(ctx context.Context, err error) *Error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return &Error{Name: "interrupted", Value: "the cell was interrupted", Traceback: []string{"interrupted: the cell was interrupted"}}
	}
	var p yaegi.Panic
	if errors.As(err, &p) {
		msg := panicMessage(p.Value)
		if p.Value == interrupt.ErrInterrupted {
			return &Error{Name: "interrupted", Value: "the cell was interrupted", Traceback: []string{"interrupted: the cell was interrupted"}}
		}
		s.cur.Lock()
		frames := s.cur.frames
		s.cur.lastPanic = p.Value
		s.cur.Unlock()
		msg, at := s.panicPosition(msg)
		return &Error{Name: "panic", Value: msg, Traceback: append(append([]string{"panic: " + msg}, at...), s.traceback(frames)...)}
	}
	var list interface{ Unwrap() []error }
	msg := err.Error()
	if errors.As(err, &list) && len(list.Unwrap()) > 0 {
		msg = list.Unwrap()[0].Error()
	}
	msg = firstLine(msg)
	if m := errPos.FindStringSubmatch(msg); m != nil {
		l, _ := strconv.Atoi(m[2])
		tb := []string{"compile error: " + m[4]}
		if where := s.position(m[1], l); where != "" {
			tb = append(tb, "  at "+where)
			tb = append(tb, s.quote(l)...)
		}
		return &Error{Name: "compile error", Value: m[4], Traceback: tb}
	}
	return &Error{Name: "error", Value: msg, Traceback: []string{msg}}
}

// panicPosition takes the position off a panic message that yaegi made
// ("700002:6: interface conversion: ..."), and returns it as traceback
// lines in cell terms.
func (s *Session) panicPosition(msg string) (string, []string) {
	m := errPos.FindStringSubmatch(msg)
	if m == nil {
		return msg, nil
	}
	l, _ := strconv.Atoi(m[2])
	where := s.position(m[1], l)
	if where == "" {
		return m[4], nil
	}
	return m[4], append([]string{"  at " + where}, s.quote(l)...)
}

// traceback turns yaegi's frame lines into "in f, cell 3, line 4" lines.
func (s *Session) traceback(frames []string) []string {
	var tb []string
	for _, f := range frames {
		m := frameLine.FindStringSubmatch(f + "\n")
		if m[1] != "" && m[1] != "_.go:" {
			continue // not a cell's line
		}
		l, _ := strconv.Atoi(m[2])
		fn := strings.TrimPrefix(strings.TrimPrefix(m[4], "main."), "main")
		if fn == "" {
			fn = "the cell"
		}
		if strings.HasPrefix(fn, "func") {
			// innermost function of the cell around the line
			for k := len(s.funcSpans) - 1; k >= 0; k-- {
				if f := s.funcSpans[k]; l >= f.first && l <= f.last {
					fn = f.name + strings.TrimPrefix(fn, "func")
					break
				}
			}
		}
		if where := s.position(m[1], l); where != "" {
			if fn == "the cell" {
				// a statement run in a function (rewrite.go)
				tb = append(tb, "  in "+where)
			} else {
				tb = append(tb, fmt.Sprintf("  in %s, %s", fn, where))
			}
			tb = append(tb, s.quote(l)...)
		} else if l == 1 {
			// yaegi places a panic of top-level code at its wrapper;
			// the statement that failed follows the last one that ran.
			top := fmt.Sprintf("  in cell %d", s.names[s.id])
			if len(tb) < 2 || !strings.HasPrefix(tb[len(tb)-2], top+",") {
				if line := s.failedStatement(); line > 0 {
					tb = append(tb, fmt.Sprintf("%s, line %d", top, line))
					tb = append(tb, s.quote(s.id*lineStride+line)...)
				} else {
					tb = append(tb, top)
				}
			}
		}
	}
	return tb
}

// failedStatement returns the line of the running cell's top-level
// statement that failed: the first after the last that ran (doneMarker),
// or 0 when unknown.
func (s *Session) failedStatement() int {
	s.cur.Lock()
	lines := s.cur.stmtLines
	s.cur.Unlock()
	ran := 0
	if v, ok := s.globals()[doneMarker]; ok && v.IsValid() && v.CanInt() && int(v.Int())/lineStride == s.id {
		ran = int(v.Int()) % lineStride
	}
	for _, l := range lines {
		if l > ran {
			return l
		}
	}
	return 0
}

// quote returns the source line at a yaegi line, indented, if known.
func (s *Session) quote(line int) []string {
	code, ok := s.sources[line/lineStride]
	if !ok {
		return nil
	}
	lines := strings.Split(code, "\n")
	if l := line % lineStride; l >= 1 && l <= len(lines) {
		if text := strings.TrimSpace(lines[l-1]); text != "" {
			return []string{"    " + text}
		}
	}
	return nil
}

// position names a yaegi line in cell terms: "cell 3, line 4". Cell 0
// holds user expressions and the session's own code.
func (s *Session) position(_ string, line int) string {
	if line < lineStride {
		return ""
	}
	return fmt.Sprintf("cell %d, line %d", s.names[line/lineStride], line%lineStride)
}

// panicMessage renders a panic value as Go prints it, with reflect's
// internal messages (how yaegi's runtime failures surface) rewritten into
// the runtime errors a Go programmer knows.
func panicMessage(r any) string {
	var msg string
	switch v := r.(type) {
	case error:
		msg = v.Error()
	case string:
		msg = v
	default:
		msg = fmt.Sprintf("%v", v)
	}
	switch {
	case strings.HasPrefix(msg, "reflect: call of reflect.Value.") && strings.HasSuffix(msg, "on zero Value"),
		msg == "reflect: Method on nil interface value",
		strings.Contains(msg, "nil pointer dereference"):
		return "runtime error: invalid memory address or nil pointer dereference"
	case msg == "reflect: slice index out of range", msg == "reflect: array index out of range",
		msg == "reflect: string index out of range":
		return "runtime error: index out of range"
	case strings.HasPrefix(msg, "reflect: slice index out of range"),
		strings.HasPrefix(msg, "reflect.Value.Slice") && strings.HasSuffix(msg, "index out of bounds"):
		return "runtime error: slice bounds out of range"
	}
	return msg
}
