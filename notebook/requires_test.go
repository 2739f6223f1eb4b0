package notebook

import (
	"context"
	"reflect"
	"testing"

	"github.com/gohooks/gohooks/interp"
)

// TestRequirementsPinTheVersionsOfAnotherRun runs a notebook whose metadata
// pins an older uuid than the newest: the cell gets the pinned version, and
// the metadata still names it afterwards. It downloads the module through
// the user's GOPROXY if the module cache lacks it.
func TestRequirementsPinTheVersionsOfAnotherRun(t *testing.T) {
	s, err := interp.NewSession(interp.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	nb := New()
	nb.Cells = append(nb.Cells, NewCode("import \"github.com/google/uuid\"\nuuid.Nil.String()"))
	SetRequirements(nb, []string{"github.com/google/uuid@v1.5.0"})
	ctx := context.Background()
	if err := LoadRequirements(ctx, nb, s); err != nil {
		t.Fatal(err)
	}
	if err := Run(ctx, nb, s, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := SaveRequirements(ctx, nb, s); err != nil {
		t.Fatal(err)
	}
	if got, want := Requirements(nb), []string{"github.com/google/uuid@v1.5.0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("requirements after the run: %v, want %v", got, want)
	}
}

func TestNoRequirementsLeaveNoMetadata(t *testing.T) {
	nb := New()
	SetRequirements(nb, []string{"a@v1.0.0"})
	SetRequirements(nb, nil)
	if _, ok := nb.Metadata["gohooks"]; ok {
		t.Errorf("metadata keeps %v", nb.Metadata["gohooks"])
	}
}
