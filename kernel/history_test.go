package kernel

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A kernel that starts with more than 2·maxHistory cells rewrites the file
// to the last maxHistory; the file holds every cell's source and stays
// readable by its owner only, also when a leftover copy was world-readable.
func TestHistoryRewriteKeepsTheFilePrivate(t *testing.T) {
	file := filepath.Join(t.TempDir(), "history.jsonl")
	var b strings.Builder
	n := 2*maxHistory + 5
	for i := range n {
		fmt.Fprintf(&b, "{\"session\":1,\"line\":%d,\"input\":\"cell %d\"}\n", i+1, i)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file+".tmp", []byte("left over\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := openHistory(file, t.Logf)
	<-h.loaded
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if lines := bytes.Count(data, []byte("\n")); lines != maxHistory {
		t.Fatalf("the file has %d lines after the rewrite, want %d", lines, maxHistory)
	}
	st, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if mode := st.Mode().Perm(); mode != 0o600 {
		t.Fatalf("history file mode after the rewrite is %#o, want 0600", mode)
	}
}
