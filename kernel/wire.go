package kernel

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"time"
)

// ProtocolVersion is the version of the Jupyter messaging protocol the
// kernel speaks; it goes into every header it sends.
const ProtocolVersion = "5.3"

// delimiter separates the routing identities from the message proper.
const delimiter = "<IDS|MSG>"

// Header is a Jupyter message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is one decoded Jupyter message. Content stays raw until the
// handler for its type decodes it into the typed request struct, so the
// decoder never needs to know every message type.
type Message struct {
	Identities [][]byte
	Header     Header
	// RawHeader is the header exactly as received; replies carry it as
	// their parent_header, so fields this kernel does not know survive.
	RawHeader    json.RawMessage
	ParentHeader json.RawMessage
	Metadata     map[string]any
	Content      json.RawMessage
	Buffers      [][]byte
}

// WireError says why a multipart message was rejected.
type WireError struct {
	Reason string
}

func (e *WireError) Error() string { return "kernel: bad message: " + e.Reason }

func wireErr(format string, args ...any) error {
	return &WireError{Reason: fmt.Sprintf(format, args...)}
}

// Signer signs and verifies messages with the connection file's key and
// signature scheme. A Signer with an empty key neither signs nor checks.
type Signer struct {
	key     []byte
	newHash func() hash.Hash
}

// NewSigner returns a Signer for scheme ("hmac-sha256", "hmac-sha512",
// or "" which means hmac-sha256) and key.
func NewSigner(scheme, key string) (*Signer, error) {
	s := &Signer{key: []byte(key)}
	switch scheme {
	case "", "hmac-sha256":
		s.newHash = sha256.New
	case "hmac-sha512":
		s.newHash = sha512.New
	default:
		return nil, fmt.Errorf("kernel: signature scheme %q is not supported (use hmac-sha256)", scheme)
	}
	return s, nil
}

// sign returns the hex signature of the four message parts, or "" when the
// key is empty.
func (s *Signer) sign(parts ...[]byte) []byte {
	if len(s.key) == 0 {
		return nil
	}
	mac := hmac.New(s.newHash, s.key)
	for _, p := range parts {
		mac.Write(p)
	}
	sum := mac.Sum(nil)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// verify reports whether sig is the signature of parts.
func (s *Signer) verify(sig []byte, parts ...[]byte) bool {
	if len(s.key) == 0 {
		return true
	}
	return hmac.Equal(sig, s.sign(parts...))
}

// Decode parses the frames of one multipart message as received on a
// ROUTER socket: routing identities, the <IDS|MSG> delimiter, the
// signature, header, parent header, metadata, content and any buffers. It
// checks the signature before it parses any JSON.
func Decode(frames [][]byte, s *Signer) (*Message, error) {
	split := -1
	for i, f := range frames {
		if string(f) == delimiter {
			split = i
			break
		}
	}
	if split < 0 {
		return nil, wireErr("no %s delimiter among %d frames", delimiter, len(frames))
	}
	rest := frames[split+1:]
	if len(rest) < 5 {
		return nil, wireErr("%d frames after the delimiter, want at least 5", len(rest))
	}
	sig, header, parent, metadata, content := rest[0], rest[1], rest[2], rest[3], rest[4]
	if !s.verify(sig, header, parent, metadata, content) {
		return nil, wireErr("signature does not match")
	}
	m := &Message{
		Identities: frames[:split],
		Buffers:    rest[5:],
	}
	if err := json.Unmarshal(header, &m.Header); err != nil {
		return nil, wireErr("header: %v", err)
	}
	if m.Header.MsgType == "" {
		return nil, wireErr("header has no msg_type")
	}
	if !isObject(parent) {
		return nil, wireErr("parent_header is not a JSON object")
	}
	if err := json.Unmarshal(metadata, &m.Metadata); err != nil || m.Metadata == nil {
		if err == nil {
			err = errors.New("null")
		}
		return nil, wireErr("metadata: %v", err)
	}
	if !isObject(content) {
		return nil, wireErr("content is not a JSON object")
	}
	m.RawHeader = json.RawMessage(header)
	m.ParentHeader = json.RawMessage(parent)
	m.Content = json.RawMessage(content)
	return m, nil
}

// isObject reports whether b is one valid JSON object.
func isObject(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' || !json.Valid(b) {
		return false
	}
	return true
}

// outgoing is a message the kernel sends: a reply, a broadcast on iopub or
// an input_request.
type outgoing struct {
	identities [][]byte
	header     Header
	parent     json.RawMessage // nil means {}
	metadata   map[string]any
	content    any
	buffers    [][]byte
}

// encode returns the frames of m, signed with s.
func (m *outgoing) encode(s *Signer) ([][]byte, error) {
	header, err := json.Marshal(m.header)
	if err != nil {
		return nil, err
	}
	parent := []byte(m.parent)
	if len(parent) == 0 {
		parent = []byte("{}")
	}
	md := m.metadata
	if md == nil {
		md = map[string]any{}
	}
	metadata, err := json.Marshal(md)
	if err != nil {
		return nil, err
	}
	content, err := json.Marshal(m.content)
	if err != nil {
		return nil, fmt.Errorf("kernel: encode %s content: %w", m.header.MsgType, err)
	}
	frames := make([][]byte, 0, len(m.identities)+6+len(m.buffers))
	frames = append(frames, m.identities...)
	frames = append(frames, []byte(delimiter), s.sign(header, parent, metadata, content), header, parent, metadata, content)
	frames = append(frames, m.buffers...)
	return frames, nil
}

// newMsgID returns a random UUID-4 string.
func newMsgID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// nowISO returns the current time in the ISO 8601 form Jupyter uses.
func nowISO() string {
	return time.Now().UTC().Format("2006-01-02T15:04:05.000000Z")
}
