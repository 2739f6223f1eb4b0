package kernel

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestCompleteInspectIsComplete(t *testing.T) {
	tk := startKernel(t, Options{})
	c := tk.request("complete_request", map[string]any{"code": "fmt.Pri", "cursor_pos": 7})
	if !reflect.DeepEqual(c["matches"], []any{"Print", "Printf", "Println"}) || c["cursor_start"] != 4.0 || c["cursor_end"] != 7.0 {
		t.Fatalf("complete_reply %v", c)
	}
	types := c["metadata"].(map[string]any)["_jupyter_types_experimental"].([]any)
	if first := types[0].(map[string]any); first["text"] != "Print" || first["type"] != "function" || first["start"] != 4.0 {
		t.Fatalf("types %v", types)
	}
	c = tk.request("complete_request", map[string]any{"code": "zzz", "cursor_pos": 3})
	if m, ok := c["matches"].([]any); !ok || len(m) != 0 {
		t.Fatalf("no matches must be an empty list: %v", c)
	}

	c = tk.request("inspect_request", map[string]any{"code": "fmt.Println", "cursor_pos": 5, "detail_level": 1})
	if c["status"] != "ok" || c["found"] != true || !strings.HasSuffix(c["data"].(map[string]any)["text/plain"].(string), "detail=1") {
		t.Fatalf("inspect_reply %v", c)
	}
	c = tk.request("inspect_request", map[string]any{"code": "nothing", "cursor_pos": 3, "detail_level": 0})
	if c["found"] != false || c["data"] == nil || c["metadata"] == nil {
		t.Fatalf("inspect_reply not found %v", c)
	}

	for code, want := range map[string]map[string]any{
		"x := 1":         {"status": "complete"},
		"func f() {":     {"status": "incomplete", "indent": "\t"},
		"}":              {"status": "invalid"},
		"if x { y() } }": {"status": "invalid"},
	} {
		if c := tk.request("is_complete_request", map[string]any{"code": code}); !reflect.DeepEqual(c, want) {
			t.Errorf("is_complete(%q) = %v, want %v", code, c, want)
		}
	}
}

func TestHelpCellPagesTheInspection(t *testing.T) {
	tk := startKernel(t, Options{})
	rep, msgs := tk.execute("fmt.Println??", nil)
	p := rep["payload"].([]any)
	if len(p) != 1 {
		t.Fatalf("payload %v", p)
	}
	page := p[0].(map[string]any)
	if page["source"] != "page" || !strings.HasSuffix(page["data"].(map[string]any)["text/plain"].(string), "detail=1") {
		t.Fatalf("page %v", page)
	}
	if got := types(msgs); got != "status:busy execute_input status:idle" {
		t.Fatalf("iopub %s", got)
	}
	rep, msgs = tk.execute("?missing", nil)
	if len(rep["payload"].([]any)) != 0 || types(msgs) != "status:busy execute_input stream status:idle" {
		t.Fatalf("not found: %v %s", rep, types(msgs))
	}
	if len(tk.backend.requests) != 0 {
		t.Fatal("help cells reached the backend's Execute")
	}
}

func TestHistoryTailRangeSearchAndPersistence(t *testing.T) {
	file := filepath.Join(t.TempDir(), "gohooks", "history.jsonl")
	tk := startKernel(t, Options{HistoryFile: file})
	for _, code := range []string{"result 1", "print 2", "result 1", "result 3"} {
		tk.execute(code, nil)
	}
	tk.execute("print not stored", map[string]any{"store_history": false})
	hist := func(c map[string]any) [][]any {
		t.Helper()
		r := tk.request("history_request", c)
		var out [][]any
		for _, e := range r["history"].([]any) {
			out = append(out, e.([]any))
		}
		return out
	}
	tail := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 2})
	if want := [][]any{{1.0, 3.0, "result 1"}, {1.0, 4.0, "result 3"}}; !reflect.DeepEqual(tail, want) {
		t.Fatalf("tail %v, want %v", tail, want)
	}
	out := hist(map[string]any{"output": true, "raw": true, "hist_access_type": "tail", "n": 1})
	if want := [][]any{{1.0, 4.0, []any{"result 3", "3"}}}; !reflect.DeepEqual(out, want) {
		t.Fatalf("tail with output %v, want %v", out, want)
	}
	rng := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": 1, "start": 2, "stop": 4})
	if want := [][]any{{1.0, 2.0, "print 2"}, {1.0, 3.0, "result 1"}}; !reflect.DeepEqual(rng, want) {
		t.Fatalf("range %v, want %v", rng, want)
	}
	if cur := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": 0, "start": 4, "stop": 0}); len(cur) != 1 {
		t.Fatalf("range in session 0: %v", cur)
	}
	search := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "res*1"})
	if len(search) != 2 {
		t.Fatalf("search %v", search)
	}
	if u := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "result ?", "unique": true}); len(u) != 2 || u[0][2] != "result 1" || u[1][2] != "result 3" {
		t.Fatalf("unique search %v", u)
	}
	if n := hist(map[string]any{"output": false, "raw": true, "hist_access_type": "search", "pattern": "*", "n": 3}); len(n) != 3 || n[2][1] != 4.0 {
		t.Fatalf("search n=3 %v", n)
	}

	// A new kernel is session 2 and sees session 1.
	tk.close()
	tk2 := startKernel(t, Options{HistoryFile: file})
	tk2.execute("print new", nil)
	tail2 := tk2.request("history_request", map[string]any{"output": false, "raw": true, "hist_access_type": "tail", "n": 2})["history"].([]any)
	if want := []any{[]any{1.0, 4.0, "result 3"}, []any{2.0, 1.0, "print new"}}; !reflect.DeepEqual(tail2, want) {
		t.Fatalf("after restart tail %v, want %v", tail2, want)
	}
	prev := tk2.request("history_request", map[string]any{"output": false, "raw": true, "hist_access_type": "range", "session": -1, "start": 1, "stop": 2})["history"].([]any)
	if want := []any{[]any{1.0, 1.0, "result 1"}}; !reflect.DeepEqual(prev, want) {
		t.Fatalf("range session -1: %v", prev)
	}
}

func TestHistoryIsReadInTheBackgroundBeforeItIsUsed(t *testing.T) {
	file := filepath.Join(t.TempDir(), "history.jsonl")
	var b strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&b, "{\"session\":%d,\"line\":%d,\"input\":\"cell %d\"}\n", 1+i/100, 1+i%100, i)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	// Used at once, it waits for the file: this run is session 31.
	h := openHistory(file, t.Logf)
	h.add(1, "new cell", "")
	got, err := h.query(historyRequest{HistAccessType: "tail", N: 2})
	if err != nil {
		t.Fatal(err)
	}
	if want := [][]any{{30, 100, "cell 2999"}, {31, 1, "new cell"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("tail %v, want %v", got, want)
	}
}
