package kernel

import (
	"bytes"
	"testing"
)

// FuzzDecode feeds arbitrary frames to the decoder: it must return a
// message or an error, never panic, and whatever it accepts must carry a
// valid signature and a msg_type.
func FuzzDecode(f *testing.F) {
	s, _ := NewSigner("hmac-sha256", "key")
	o := &outgoing{
		identities: [][]byte{[]byte("client-1")},
		header:     Header{MsgID: "m1", Session: "s", Username: "u", Date: "2026-01-01T00:00:00Z", MsgType: "execute_request", Version: "5.3"},
		content:    map[string]any{"code": "fmt.Println(1)"},
	}
	good, _ := o.encode(s)
	join := func(frames [][]byte) []byte { return bytes.Join(frames, []byte{0}) }
	f.Add(join(good))
	f.Add(join(good[1:]))                                          // no identity
	f.Add(join(good[2:]))                                          // no delimiter
	f.Add(join(good[:4]))                                          // too few frames
	f.Add(join(append(good[:len(good):len(good)], []byte("buf")))) // a buffer
	f.Add([]byte("<IDS|MSG>\x00\x00{}\x00{}\x00{}\x00{}"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		frames := bytes.Split(data, []byte{0})
		m, err := Decode(frames, s)
		if err != nil {
			return
		}
		if m.Header.MsgType == "" {
			t.Fatal("accepted a message without msg_type")
		}
		i := len(m.Identities)
		if !s.verify(frames[i+1], frames[i+2], frames[i+3], frames[i+4], frames[i+5]) {
			t.Fatal("accepted a bad signature")
		}
	})
}

func TestDecodeRoundTrip(t *testing.T) {
	s, _ := NewSigner("hmac-sha256", "key")
	o := &outgoing{
		identities: [][]byte{[]byte("a"), []byte("b")},
		header:     Header{MsgID: "m1", Session: "s", Username: "u", Date: "d", MsgType: "complete_request", Version: "5.3"},
		parent:     []byte(`{"msg_id":"p"}`),
		metadata:   map[string]any{"k": "v"},
		content:    completeRequest{Code: "fmt.P", CursorPos: 5},
	}
	frames, err := o.encode(s)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Decode(frames, s)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Identities) != 2 || string(m.Identities[1]) != "b" || m.Header != o.header ||
		string(m.ParentHeader) != `{"msg_id":"p"}` || m.Metadata["k"] != "v" || string(m.Content) != `{"code":"fmt.P","cursor_pos":5}` {
		t.Fatalf("decoded %+v", m)
	}
	other, _ := NewSigner("hmac-sha256", "other")
	if _, err := Decode(frames, other); err == nil {
		t.Fatal("decoded with the wrong key")
	}
}
