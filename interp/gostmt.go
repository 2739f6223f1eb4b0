package interp

import (
	"go/token"
)

// rewriteGo wraps every go statement so that a panic in the goroutine is
// recovered and reported, and the running cell knows which of its
// goroutines still run: `go func(){ BODY }()` gets `defer R(S());` as the
// first statement of BODY (S counts the goroutine in as it starts; R counts
// it out and recovers), and `go CALL` becomes `go func() { defer R(S());
// CALL }()`. Only columns change, never lines.
func rewriteGo(src string, toks []tok) string {
	depth, _ := bracketDepths(toks)
	var edits []stmtEdit
	for i := 0; i < len(toks); i++ {
		if toks[i].tok != token.GO {
			continue
		}
		if i+1 < len(toks) && toks[i+1].tok == token.FUNC {
			// The body's opening brace: after the parameter list and
			// results, the first '{' at the go statement's depth.
			for j := i + 2; j < len(toks); j++ {
				if toks[j].tok == token.LBRACE && depth[j] == depth[i] {
					at := toks[j].pos + 1
					edits = append(edits, stmtEdit{at, at, " defer " + recoverFunc + "(" + goStartCall + ");"})
					break
				}
			}
			continue
		}
		// go CALL ends at a semicolon at its depth, or at the bracket
		// that closes the block around it.
		end := len(src)
		for j := i + 1; j < len(toks); j++ {
			if depth[j] == depth[i] && (isCloser(toks[j].tok) || toks[j].tok == token.SEMICOLON) {
				end = toks[j].pos
				break
			}
		}
		edits = append(edits, stmtEdit{toks[i].pos, toks[i].pos + len("go"), "go func() { defer " + recoverFunc + "(" + goStartCall + ");"})
		edits = append(edits, stmtEdit{end, end, " }()"})
	}
	return applyEdits(src, edits)
}
