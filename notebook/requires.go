package notebook

import (
	"context"
	"fmt"
	"strings"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/display"
)

// A notebook records the Go modules its cells imported, with their
// versions, in its metadata under "gohooks" → "requires" (a list of
// "module@version"), so that running it again, here or on another
// machine, loads the same versions.

// Requirements returns the modules recorded in nb's metadata.
func Requirements(nb *Notebook) []string {
	g, _ := nb.Metadata["gohooks"].(map[string]any)
	list, _ := g["requires"].([]any)
	var reqs []string
	for _, r := range list {
		if s, ok := r.(string); ok && s != "" {
			reqs = append(reqs, s)
		}
	}
	return reqs
}

// SetRequirements records reqs in nb's metadata (none: the entry is
// removed).
func SetRequirements(nb *Notebook, reqs []string) {
	g, _ := nb.Metadata["gohooks"].(map[string]any)
	if len(reqs) == 0 {
		if g != nil {
			delete(g, "requires")
			if len(g) == 0 {
				delete(nb.Metadata, "gohooks")
			}
		}
		return
	}
	if g == nil {
		g = map[string]any{}
		nb.Metadata["gohooks"] = g
	}
	list := make([]any, len(reqs))
	for i, r := range reqs {
		list[i] = r
	}
	g["requires"] = list
}

// LoadRequirements pins the modules recorded in nb in the session of b
// (%require), before its first cell runs.
func LoadRequirements(ctx context.Context, nb *Notebook, b Backend) error {
	reqs := Requirements(nb)
	if len(reqs) == 0 {
		return nil
	}
	rep := b.Execute(ctx, backend.ExecuteRequest{Code: "%require " + strings.Join(reqs, " ")}, discard{})
	if rep.Err != nil {
		return fmt.Errorf("loading the notebook's modules: %s", rep.Err.Value)
	}
	return nil
}

// SaveRequirements records in nb the modules the session of b imported or
// required (%modules -require).
func SaveRequirements(ctx context.Context, nb *Notebook, b Backend) error {
	rep := b.Execute(ctx, backend.ExecuteRequest{Code: "%modules -require"}, discard{})
	if rep.Err != nil {
		return fmt.Errorf("listing the session's modules: %s", rep.Err.Value)
	}
	var text string
	if rep.Result != nil {
		text, _ = rep.Result.Data[display.MIMEText].(string)
	}
	SetRequirements(nb, strings.Fields(text))
	return nil
}

// discard is a Sink for the cells Run adds itself.
type discard struct{}

func (discard) Stream(string, string)                {}
func (discard) Display(display.Bundle, string, bool) {}
func (discard) ClearOutput(bool)                     {}
func (discard) Input(string, bool) (string, error)   { return "", fmt.Errorf("no input") }
