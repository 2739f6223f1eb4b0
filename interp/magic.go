package interp

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gohooks/gohooks/display"
)

const helpText = `Magics (a cell that starts with one):
  %help        this text
  %who         the session's variables, with their types
  %reset       a fresh session: every variable, function and type is lost
  %time        times the rest of the cell (on the same line or below)
  %require M@V pins module M at version V (without @V: the newest) for imports
  %modules     the modules loaded, their versions and how they are loaded

A cell is Go: declarations (import, type, func, methods) and statements, in any
order. tensorlib, nnlib, hooks, viz, display, fmt, math, strings, os and time
are imported already. The value of the last expression is shown.`

// magic runs a cell that starts with %.
func (s *Session) magic(ctx context.Context, code string, sink Sink) (*display.Bundle, *Error) {
	code = strings.TrimLeft(code, " \t\r\n")
	word, rest, _ := strings.Cut(code, "\n")
	word, arg, _ := strings.Cut(strings.TrimSpace(word), " ")
	switch word {
	case "%help":
		b := display.Text(helpText)
		return &b, nil
	case "%who":
		b := display.Text(s.who())
		return &b, nil
	case "%reset":
		if err := s.reset(); err != nil {
			return nil, &Error{Name: "error", Value: err.Error(), Traceback: []string{err.Error()}}
		}
		b := display.Text("the session was reset: all variables were removed")
		return &b, nil
	case "%require":
		return s.require(ctx, arg)
	case "%modules":
		text := s.modulesText(ctx)
		if arg == "-require" {
			text = strings.Join(s.requirements(ctx), " ")
		}
		b := display.Text(text)
		return &b, nil
	case "%time":
		// Keep the cell's line numbers: the code after %time starts on
		// line 2, or on line 1 when it follows %time on the same line.
		body := "\n" + rest
		if arg != "" {
			body = arg + "\n" + rest
		}
		start := time.Now()
		res, err := s.run(ctx, body)
		d := time.Since(start)
		msg := fmt.Sprintf("time: %v\n", d.Round(time.Microsecond))
		if s.opts.Stdout != nil {
			fmt.Fprint(s.opts.Stdout, msg)
		} else if sink != nil {
			sink.Stream("stdout", msg)
		}
		return res, err
	}
	msg := fmt.Sprintf("unknown magic %s: %%help lists the magics", word)
	return nil, &Error{Name: "unknown magic", Value: msg, Traceback: []string{msg}}
}

// who lists the session's variables and their types.
func (s *Session) who() string {
	g := s.globals()
	// A variable that shadows a package variable is listed by the name
	// the cells use, in its place (shadow.go).
	for user, shadow := range s.shadows {
		if v, ok := g[shadow]; ok {
			g[user] = v
		}
	}
	var b strings.Builder
	for _, name := range sortedKeys(g) {
		if strings.HasPrefix(name, "_gohooks") || name == "_" {
			continue
		}
		if _, isFunc := s.funcs[name]; isFunc || isWithdrawn(s.withdrawn, name) {
			continue
		}
		v := g[name]
		if !v.IsValid() {
			continue
		}
		fmt.Fprintf(&b, "%-12s %s\n", name, v.Type())
	}
	if b.Len() == 0 {
		return "no variables"
	}
	return strings.TrimRight(b.String(), "\n")
}
