// Package viz draws what a network holds, on gonum/plot: heatmaps of
// activations and gradients, grids of feature maps, input images with
// heatmaps blended over them, gradient flow per parameter, histograms and
// loss curves.
//
// Every function returns a *Figure, a display.Bundler: a cell that ends with
// viz.Heatmap(x) shows the picture, and display.Show(viz.Heatmap(x)) shows it
// from inside a loop or a hook. A figure is a PNG unless made with the SVG
// option.
//
// # Rules
//
//   - Figures copy their data when they are made: changing a tensor or a
//     slice afterwards does not change the figure. A Figure is never
//     modified; With returns a new one.
//   - Options (Size, Title, SVG, Viridis, Diverging, Range, Bins, Alpha,
//     Columns, LogScale, XLabel, YLabel) are passed to the function that
//     makes a figure, or to With. An option a figure does not use is
//     ignored.
//   - Colours: viridis, exactly matplotlib's table, for data of one sign;
//     a diverging blue-white-red map (matplotlib's RdBu_r) over a range
//     symmetric about zero for data of both signs, such as gradients, so that
//     zero is white. Viridis and Diverging force either.
//   - Arrays are drawn as matplotlib's imshow draws them: row 0 at the top,
//     one square block of solid colour per value (no smoothing, so a 28×28
//     map shows 784 crisp cells).
//   - Rendering is deterministic: fonts are the Liberation fonts built into
//     gonum/plot, nothing depends on the time or the machine, and the same
//     figure gives the same PNG bytes.
//   - Bad arguments (a nil or empty tensor, a shape the figure cannot draw,
//     an option out of range) panic with "viz: Func: what (the values)".
//
// Sizes are in pixels, at DPI dots per inch; text is in points.
package viz
