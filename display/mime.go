package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
)

// MIME types used by the bundles of this package.
const (
	MIMEText     = "text/plain"
	MIMEHTML     = "text/html"
	MIMEMarkdown = "text/markdown"
	MIMELaTeX    = "text/latex"
	MIMESVG      = "image/svg+xml"
	MIMEPNG      = "image/png"
	MIMEJSON     = "application/json"
)

// Text returns a bundle holding only s as text/plain.
func Text(s string) Bundle {
	return Bundle{Data: map[string]any{MIMEText: s}}
}

// PNG returns a bundle showing the PNG image encoded in b. The bundle's
// text/plain is "<PNG image W×H>" and its metadata gives the width and
// height in pixels, so front ends reserve the right space. It panics if b is
// not a PNG image.
func PNG(b []byte) Bundle {
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		panic(fmt.Sprintf("display: PNG: not a PNG image (%d bytes): %v", len(b), err))
	}
	return Bundle{
		Data: map[string]any{
			MIMEPNG:  base64.StdEncoding.EncodeToString(b),
			MIMEText: fmt.Sprintf("<PNG image %d×%d>", cfg.Width, cfg.Height),
		},
		Metadata: map[string]any{
			MIMEPNG: map[string]any{"width": cfg.Width, "height": cfg.Height},
		},
	}
}

// Image returns a bundle showing img, encoded as PNG. It panics if img has an
// empty bounds rectangle.
func Image(img image.Image) Bundle {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(fmt.Sprintf("display: Image: cannot encode %v image: %v", img.Bounds(), err))
	}
	return PNG(buf.Bytes())
}

// SVG returns a bundle showing the SVG document svg, with "<SVG image>" as
// its text/plain.
func SVG(svg string) Bundle {
	return Bundle{Data: map[string]any{MIMESVG: svg, MIMEText: "<SVG image>"}}
}

// HTML returns a bundle showing the HTML fragment html. Its text/plain is
// "<HTML>"; use WithText to give a better plain-text rendering.
func HTML(html string) Bundle {
	return Bundle{Data: map[string]any{MIMEHTML: html, MIMEText: "<HTML>"}}
}

// Markdown returns a bundle showing the Markdown source md; the source is
// also its text/plain.
func Markdown(md string) Bundle {
	return Bundle{Data: map[string]any{MIMEMarkdown: md, MIMEText: md}}
}

// LaTeX returns a bundle showing the LaTeX source tex (for example
// "$e^{i\pi} = -1$"); the source is also its text/plain.
func LaTeX(tex string) Bundle {
	return Bundle{Data: map[string]any{MIMELaTeX: tex, MIMEText: tex}}
}

// JSON returns a bundle showing v as JSON, for front ends with a JSON tree
// viewer; its text/plain is v marshalled with two-space indentation. v is
// marshalled at once, so later changes to v do not show. It panics if v cannot
// be marshalled.
func JSON(v any) Bundle {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("display: JSON: cannot marshal %T: %v", v, err))
	}
	var text bytes.Buffer
	_ = json.Indent(&text, raw, "", "  ") // raw is valid JSON: Indent cannot fail
	return Bundle{Data: map[string]any{MIMEJSON: json.RawMessage(raw), MIMEText: text.String()}}
}

// WithText returns a copy of b whose text/plain is s. The copy shares no maps
// with b.
func (b Bundle) WithText(s string) Bundle {
	c := b.clone()
	c.Data[MIMEText] = s
	return c
}

// clone copies the top level of b's maps, so a change to the copy's entries
// does not reach b.
func (b Bundle) clone() Bundle {
	c := Bundle{Data: make(map[string]any, len(b.Data)+1)}
	for k, v := range b.Data {
		c.Data[k] = v
	}
	if b.Metadata != nil {
		c.Metadata = make(map[string]any, len(b.Metadata))
		for k, v := range b.Metadata {
			c.Metadata[k] = v
		}
	}
	return c
}
