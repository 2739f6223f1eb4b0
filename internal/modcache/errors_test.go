package modcache

import (
	"strings"
	"testing"
)

// The go command's messages, as it printed them, and what the user reads.
func TestErrorsSayWhatWentWrongAndWhatToDo(t *testing.T) {
	w := &Workspace{}
	rows := []struct {
		name, path, module, version, stderr string
		want                                []string
	}{
		{"no module", "github.com/nosuch/x", "", "",
			"go: module github.com/nosuch/x: reading https://proxy.golang.org/github.com/nosuch/x/@v/list: 404 Not Found\n\tserver response: not found\n",
			[]string{`cannot import "github.com/nosuch/x": no module provides it`, "check the import path"}},
		{"no version", "github.com/google/uuid", "github.com/google/uuid", "v9.9.9",
			"go: github.com/google/uuid@v9.9.9: reading https://proxy.golang.org/github.com/google/uuid/@v/v9.9.9.info: 404 Not Found\n",
			[]string{"cannot require github.com/google/uuid@v9.9.9: no such version", "go list -m -versions github.com/google/uuid"}},
		{"no package", "github.com/google/uuid/nosuch", "", "",
			"go: downloading github.com/google/uuid v1.6.0\ngo: module github.com/google/uuid@upgrade found (v1.6.0), but does not contain package github.com/google/uuid/nosuch\n",
			[]string{"no such package", "does not contain package github.com/google/uuid/nosuch"}},
	}
	for _, r := range rows {
		err := w.explain(r.path, r.module, r.version, &goError{stderr: r.stderr}).Error()
		for _, want := range r.want {
			if !strings.Contains(err, want) {
				t.Errorf("%s: %q does not contain %q", r.name, err, want)
			}
		}
		if strings.Contains(err, "downloading") {
			t.Errorf("%s: progress lines are kept: %q", r.name, err)
		}
	}
	off := w.explain("github.com/google/uuid", "", "", &offlineError{cache: &goError{stderr: "go: github.com/google/uuid: module lookup disabled by GOPROXY=off\n"}}).Error()
	if !strings.Contains(off, "the module cache has no copy of github.com/google/uuid") || !strings.Contains(off, "go mod download github.com/google/uuid@VERSION") {
		t.Errorf("offline: %q", off)
	}
}
