package interp

import (
	"go/token"
	"strings"
)

// rewriteGo wraps every go statement so that a panic in the goroutine is
// recovered and reported, and the running cell knows which of its
// goroutines still run: `go func(){ BODY }()` gets `defer R(S());` as the
// first statement of BODY (S counts the goroutine in as it starts; R counts
// it out and recovers), and `go CALL` becomes `go func() { defer R(S());
// CALL }()`. Only columns change, never lines.
func rewriteGo(src string, toks []tok) string {
	type edit struct {
		at   int
		drop int
		text string
	}
	var edits []edit
	for i := 0; i < len(toks); i++ {
		if toks[i].tok != token.GO {
			continue
		}
		if i+1 < len(toks) && toks[i+1].tok == token.FUNC {
			// find the body's opening brace: after the parameter list
			// and results, the first '{' at depth 0.
			depth := 0
			for j := i + 2; j < len(toks); j++ {
				switch toks[j].tok {
				case token.LPAREN, token.LBRACK:
					depth++
				case token.RPAREN, token.RBRACK:
					depth--
				case token.LBRACE:
					if depth == 0 {
						edits = append(edits, edit{toks[j].pos + 1, 0, " defer " + recoverFunc + "(" + goStartCall + ");"})
						j = len(toks)
					} else {
						depth++
					}
				case token.RBRACE:
					depth--
				}
			}
			continue
		}
		// go CALL: find the end of the statement.
		depth := 0
		end := len(src)
		for j := i + 1; j < len(toks); j++ {
			switch toks[j].tok {
			case token.LPAREN, token.LBRACK, token.LBRACE:
				depth++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				depth--
			}
			if depth < 0 || (depth == 0 && toks[j].tok == token.SEMICOLON) {
				end = toks[j].pos
				break
			}
		}
		edits = append(edits, edit{toks[i].pos, 2, "go func() { defer " + recoverFunc + "(" + goStartCall + ");"})
		edits = append(edits, edit{end, 0, " }()"})
	}
	if len(edits) == 0 {
		return src
	}
	var b strings.Builder
	last := 0
	// edits are in increasing order except that an outer `go CALL` end may
	// come after inner edits: sort by position.
	sortEdits(edits, func(a, b edit) bool { return a.at < b.at })
	for _, e := range edits {
		b.WriteString(src[last:e.at])
		b.WriteString(e.text)
		last = e.at + e.drop
	}
	b.WriteString(src[last:])
	return b.String()
}

func sortEdits[E any](s []E, less func(a, b E) bool) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
