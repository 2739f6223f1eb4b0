package viz

import (
	"fmt"

	"github.com/gohooks/gohooks/hooks"
	"github.com/gohooks/gohooks/tensorlib"
)

// AttentionPatterns returns a grid of heatmaps, one per head, of attention
// weights [heads, T, S] (or [1, heads, T, S], as a pattern hook point
// gives): row i is query position i, column j key position j, on viridis
// over [0, 1]. tokens label the queries and keys (nil for indices); with
// S ≠ T, keys get indices. Options (applied to every head): Size (default
// 260×240 per head), Columns, Title (of the grid), SVG.
func AttentionPatterns(pattern *tensorlib.Tensor, tokens []string, opts ...Option) *Figure {
	checkTensor("AttentionPatterns", pattern)
	s := pattern.Shape()
	if len(s) == 4 && s[0] == 1 {
		s = s[1:]
	}
	if len(s) != 3 {
		panic(fmt.Sprintf("viz: AttentionPatterns: want weights [heads T S] or [1 heads T S], have %v", pattern.Shape()))
	}
	heads, t, src := s[0], s[1], s[2]
	if tokens != nil && len(tokens) != t {
		panic(fmt.Sprintf("viz: AttentionPatterns: %d tokens for %d query positions", len(tokens), t))
	}
	data := pattern.Reshape(heads, t, src)
	var keys []string
	if src == t {
		keys = tokens
	}
	var gridOpts []Option
	tile := []Option{Size(260, 240), Viridis(), Range(0, 1), XLabel("key"), YLabel("query")}
	if tokens != nil {
		tile = append(tile, RowLabels(tokens...))
	}
	if keys != nil {
		tile = append(tile, ColumnLabels(keys...))
	}
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	if o.title != "" {
		gridOpts = append(gridOpts, Title(o.title))
	}
	if o.columns > 0 {
		gridOpts = append(gridOpts, Columns(o.columns))
	}
	if o.svg {
		gridOpts = append(gridOpts, SVG())
	}
	if o.width > 0 {
		tile = append(tile, Size(o.width, o.height))
	}
	figs := make([]*Figure, heads)
	for h := range figs {
		figs[h] = Heatmap(data.Select(0, h), append(tile, Title(fmt.Sprintf("head %d", h)))...)
	}
	g := Grid(figs...).With(gridOpts...)
	g.desc = fmt.Sprintf("AttentionPatterns: %d heads, %d queries × %d keys", heads, t, src)
	return g
}

// LayerSteps returns a heatmap of a statistic by layer (rows, labelled with
// layers) and step (columns), such as the standard deviation of each
// layer's output over training. values is [layers, steps]. Options as
// Heatmap; the x axis is labelled "step".
func LayerSteps(values *tensorlib.Tensor, layers []string, opts ...Option) *Figure {
	checkTensor("LayerSteps", values)
	if values.Dim() != 2 || values.Size(0) != len(layers) {
		panic(fmt.Sprintf("viz: LayerSteps: want values [layers steps] for %d layers, have %v", len(layers), values.Shape()))
	}
	f := Heatmap(values, append([]Option{RowLabels(layers...), XLabel("step")}, opts...)...)
	f.desc = fmt.Sprintf("LayerSteps: %d layers × %d steps; %s", len(layers), values.Size(1), f.desc)
	return f
}

// PatchingHeatmap returns the heatmap of an activation-patching result: one
// row per patched module, one column per patched index (labelled with
// labels, nil for indices), each cell the share of the clean run's metric
// that the patch restores (Patching.Normalized: 0 is the corrupted run, 1
// the clean one) on the diverging map. When the two runs' metrics are
// equal it shows the raw metric. Options as Heatmap.
func PatchingHeatmap(p *hooks.Patching, labels []string, opts ...Option) *Figure {
	if p == nil {
		panic("viz: PatchingHeatmap: nil result")
	}
	v := p.Effect
	what := "metric"
	if p.Clean != p.Corrupted {
		v, what = p.Normalized(), "share restored"
	}
	base := []Option{RowLabels(p.Rows...), Diverging(), Title("patching: " + what)}
	if labels != nil {
		base = append(base, ColumnLabels(labels...))
	}
	f := Heatmap(v, append(base, opts...)...)
	f.desc = fmt.Sprintf("PatchingHeatmap: %d modules × %d positions; %s", len(p.Rows), v.Size(1), f.desc)
	return f
}
