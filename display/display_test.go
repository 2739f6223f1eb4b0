package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"
)

// message is one call a recorder received.
type message struct {
	b      Bundle
	id     string
	update bool
	clear  bool
	wait   bool
}

// recorder is a Publisher that keeps what it is sent. It is not safe for
// concurrent use on purpose: the package must serialise calls into it.
type recorder struct {
	msgs   []message
	inCall bool
	t      *testing.T
}

func (r *recorder) Display(b Bundle, id string, update bool) {
	r.enter()
	defer r.leave()
	r.msgs = append(r.msgs, message{b: b, id: id, update: update})
}

func (r *recorder) ClearOutput(wait bool) {
	r.enter()
	defer r.leave()
	r.msgs = append(r.msgs, message{clear: true, wait: wait})
}

func (r *recorder) enter() {
	if r.inCall {
		r.t.Error("publisher called concurrently")
	}
	r.inCall = true
}

func (r *recorder) leave() { r.inCall = false }

// install sets a fresh recorder as the publisher for the length of the test.
func install(t *testing.T) *recorder {
	r := &recorder{t: t}
	SetPublisher(r)
	t.Cleanup(func() { SetPublisher(nil) })
	return r
}

func TestShowPublishesTheBundleOfABundler(t *testing.T) {
	r := install(t)
	Show(HTML("<b>hi</b>"))
	if len(r.msgs) != 1 {
		t.Fatalf("got %d messages, want 1", len(r.msgs))
	}
	m := r.msgs[0]
	if m.id != "" || m.update || m.clear {
		t.Errorf("message %+v: want a plain display", m)
	}
	if got := m.b.Data[MIMEHTML]; got != "<b>hi</b>" {
		t.Errorf("text/html = %v", got)
	}
}

type stringer struct{}

func (stringer) String() string { return "I am a stringer" }

type htmlValue struct{}

func (h htmlValue) HTML() string   { return "<table><tr><td>1</td></tr></table>" }
func (h htmlValue) String() string { return "value 1" }

type noText struct{}

func (noText) Bundle() Bundle { return Bundle{Data: map[string]any{MIMEHTML: "<i>x</i>"}} }

type nilBundler struct{ b Bundle }

func (n *nilBundler) Bundle() Bundle { return n.b }

func TestBundleOf(t *testing.T) {
	cases := []struct {
		name  string
		v     any
		text  string
		extra string // a MIME type the bundle must also have
	}{
		{"string", "hello", "hello", ""},
		{"int", 42, "42", ""},
		{"error", errors.New("boom"), "boom", ""},
		{"stringer", stringer{}, "I am a stringer", ""},
		{"html method", htmlValue{}, "value 1", MIMEHTML},
		{"bundler without text", noText{}, "<display.noText>", MIMEHTML},
		{"nil pointer bundler", (*nilBundler)(nil), "<nil>", ""},
		{"image", image.NewGray(image.Rect(0, 0, 3, 2)), "<PNG image 3×2>", MIMEPNG},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := BundleOf(c.v)
			if got := b.Data[MIMEText]; got != c.text {
				t.Errorf("text/plain = %q, want %q", got, c.text)
			}
			if c.extra != "" {
				if _, ok := b.Data[c.extra]; !ok {
					t.Errorf("no %s in %v", c.extra, b.Data)
				}
			}
			if c.extra == "" && len(b.Data) != 1 {
				t.Errorf("bundle has %d entries, want only text/plain", len(b.Data))
			}
		})
	}
}

func TestShowOfNilShowsNothing(t *testing.T) {
	r := install(t)
	Show(nil)
	if len(r.msgs) != 0 {
		t.Errorf("got %d messages for Show(nil), want 0", len(r.msgs))
	}
}

func TestShowIDThenUpdateCarryTheID(t *testing.T) {
	r := install(t)
	id := NewDisplayID()
	ShowID(id, "epoch 1")
	Update(id, "epoch 2")
	Clear(true)
	want := []message{
		{id: id, update: false},
		{id: id, update: true},
		{clear: true, wait: true},
	}
	if len(r.msgs) != len(want) {
		t.Fatalf("got %d messages, want %d", len(r.msgs), len(want))
	}
	for i, w := range want {
		m := r.msgs[i]
		if m.id != w.id || m.update != w.update || m.clear != w.clear || m.wait != w.wait {
			t.Errorf("message %d = {id:%q update:%v clear:%v wait:%v}, want %+v", i, m.id, m.update, m.clear, m.wait, w)
		}
	}
	if got := r.msgs[1].b.Data[MIMEText]; got != "epoch 2" {
		t.Errorf("updated text = %v, want epoch 2", got)
	}
}

func TestEmptyIDPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"ShowID": func() { ShowID("", 1) },
		"Update": func() { Update("", 1) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "display: "+name+": empty display id") {
					t.Errorf("panic = %v", r)
				}
			}()
			f()
		})
	}
}

func TestNewDisplayIDIsUnique(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		id := NewDisplayID()
		if seen[id] || !strings.HasPrefix(id, "gohooks-") {
			t.Fatalf("id %q repeated or malformed", id)
		}
		seen[id] = true
	}
}

func TestWithoutPublisherNothingHappens(t *testing.T) {
	SetPublisher(nil)
	// None of these may panic or block; there is nothing to observe but that
	// they return, and that a publisher installed afterwards sees none of them.
	Show("x")
	ShowID("id", "x")
	Update("id", "x")
	Clear(false)
	r := install(t)
	if len(r.msgs) != 0 {
		t.Errorf("publisher installed later received %d messages", len(r.msgs))
	}
}

// counting is a Bundler that counts how often it is rendered.
type counting struct{ n *int }

func (c counting) Bundle() Bundle { *c.n++; return Text("x") }

func TestWithoutPublisherValuesAreNotRendered(t *testing.T) {
	SetPublisher(nil)
	n := 0
	Show(counting{&n})
	ShowID("id", counting{&n})
	Update("id", counting{&n})
	if n != 0 {
		t.Errorf("rendered %d times without a publisher, want 0", n)
	}
	install(t)
	Show(counting{&n})
	if n != 1 {
		t.Errorf("rendered %d times with a publisher, want 1", n)
	}
}

func TestConcurrentShowReachesPublisherOneAtATime(t *testing.T) {
	r := install(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				Show(i)
			}
		}()
	}
	// Swapping the publisher while others publish must be safe too.
	SetPublisher(r)
	wg.Wait()
	if len(r.msgs) != 400 {
		t.Errorf("got %d messages, want 400", len(r.msgs))
	}
}

func TestPNGCarriesBase64AndSize(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 5, 7))
	img.Set(1, 2, color.RGBA{R: 255, A: 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	b := PNG(buf.Bytes())
	raw, err := base64.StdEncoding.DecodeString(b.Data[MIMEPNG].(string))
	if err != nil || !bytes.Equal(raw, buf.Bytes()) {
		t.Fatalf("image/png does not decode to the input bytes (err %v)", err)
	}
	meta := b.Metadata[MIMEPNG].(map[string]any)
	if meta["width"] != 5 || meta["height"] != 7 {
		t.Errorf("metadata = %v, want width 5 height 7", meta)
	}
	got, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if r, _, _, _ := got.At(1, 2).RGBA(); r != 0xffff {
		t.Errorf("pixel (1,2) lost its red")
	}
}

func TestPNGOfNonPNGPanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.HasPrefix(r.(string), "display: PNG: not a PNG image (3 bytes)") {
			t.Errorf("panic = %v", r)
		}
	}()
	PNG([]byte("abc"))
}

func TestJSONMarshalsNowAndRoundTrips(t *testing.T) {
	m := map[string]int{"a": 1}
	b := JSON(m)
	m["a"] = 2 // later changes must not show
	out, err := json.Marshal(b.Data)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"application/json":{"a":1},"text/plain":"{\n  \"a\": 1\n}"}`
	if string(out) != want {
		t.Errorf("marshalled bundle = %s, want %s", out, want)
	}
}

func TestJSONOfUnmarshalablePanics(t *testing.T) {
	defer func() {
		if r := recover(); r == nil || !strings.HasPrefix(r.(string), "display: JSON: cannot marshal chan int") {
			t.Errorf("panic = %v", r)
		}
	}()
	JSON(make(chan int))
}

func TestWithTextDoesNotChangeTheOriginal(t *testing.T) {
	a := HTML("<p>x</p>")
	b := a.WithText("x")
	if a.Data[MIMEText] != "<HTML>" || b.Data[MIMEText] != "x" || b.Data[MIMEHTML] != "<p>x</p>" {
		t.Errorf("a = %v, b = %v", a.Data, b.Data)
	}
}
