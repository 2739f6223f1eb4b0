package kernel

import (
	"context"
	"encoding/json"
	"io"
	"log"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

func TestKernelInfoReply(t *testing.T) {
	tk := startKernel(t, Options{Version: "1.2.3"})
	c := tk.request("kernel_info_request", map[string]any{})
	if c["status"] != "ok" || c["protocol_version"] != "5.3" || c["implementation"] != "gohooks" || c["implementation_version"] != "1.2.3" {
		t.Fatalf("kernel_info_reply: %v", c)
	}
	li := c["language_info"].(map[string]any)
	want := map[string]any{
		"name": "go", "version": strings.TrimPrefix(runtime.Version(), "go"), "mimetype": "text/x-go",
		"file_extension": ".go", "pygments_lexer": "go", "codemirror_mode": "go", "nbconvert_exporter": "script",
	}
	if !reflect.DeepEqual(li, want) {
		t.Fatalf("language_info = %v, want %v", li, want)
	}
	if b, _ := c["banner"].(string); !strings.Contains(b, "gohooks 1.2.3") {
		t.Fatalf("banner %q", b)
	}
	if links, _ := c["help_links"].([]any); len(links) == 0 {
		t.Fatal("no help_links")
	}
}

func TestHandshakeRepublishesIdleForALateSubscriber(t *testing.T) {
	// A front end whose iopub subscription arrives after the
	// kernel_info_reply: the busy and idle of that request went to no one.
	info := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", Key: testKey, SignatureScheme: "hmac-sha256"}
	k, err := New(info, newFakeBackend(), Options{HistoryFile: "-", Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- k.Run(context.Background()) }()
	defer func() { k.stop(); <-done }()
	tk := &testKernel{t: t, k: k, signer: k.signer, session: newMsgID()}
	ctx := context.Background()
	tk.shell = zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(tk.session)))
	defer tk.shell.Close()
	if err := tk.shell.Dial(k.Connection().endpoint(k.Connection().ShellPort)); err != nil {
		t.Fatal(err)
	}
	tk.shellIn = tk.pump(tk.shell)
	id := tk.send(tk.shell, "kernel_info_request", map[string]any{})
	tk.recvReply(tk.shellIn, id)
	time.Sleep(50 * time.Millisecond) // busy and idle are gone

	tk.iopub = zmq4.NewSub(ctx)
	defer tk.iopub.Close()
	if err := tk.iopub.Dial(k.Connection().endpoint(k.Connection().IOPubPort)); err != nil {
		t.Fatal(err)
	}
	if err := tk.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	tk.iopubIn = tk.pump(tk.iopub)
	select {
	case m := <-tk.iopubIn:
		if parentID(m) != id || m.Header.MsgType != "status" || state(m) != "idle" {
			t.Fatalf("the late subscriber got %s %s for %s, want status idle for the kernel_info_request %s", m.Header.MsgType, state(m), parentID(m), id)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the late subscriber got nothing")
	}
	select {
	case m := <-tk.iopubIn:
		t.Fatalf("a second %s %s after the welcome", m.Header.MsgType, state(m))
	case <-time.After(200 * time.Millisecond):
	}
}

func TestHandshakeWithASubscriberPublishesBusyAndIdleOnly(t *testing.T) {
	// The harness subscribes before its first request; a Jupyter client
	// drains iopub until it is quiet for 0.2 s, so any extra status would
	// delay "ready".
	tk := startKernel(t, Options{})
	tk.request("kernel_info_request", map[string]any{})
	select {
	case m := <-tk.iopubIn:
		t.Fatalf("unexpected %s %s after kernel_info's busy and idle", m.Header.MsgType, state(m))
	case <-time.After(200 * time.Millisecond):
	}
}

func TestCommsWithoutTargets(t *testing.T) {
	tk := startKernel(t, Options{})
	c := tk.request("comm_info_request", map[string]any{"target_name": "jupyter.widget"})
	if c["status"] != "ok" || len(c["comms"].(map[string]any)) != 0 {
		t.Fatalf("comm_info_reply %v", c)
	}
	id := tk.send(tk.shell, "comm_open", map[string]any{"comm_id": "c1", "target_name": "jupyter.widget", "data": map[string]any{}})
	msgs := tk.iopubUntilIdle(id)
	if got := types(msgs); got != "status:busy comm_close status:idle" {
		t.Fatalf("iopub %s", got)
	}
	if cc := content(t, msgs[1]); cc["comm_id"] != "c1" {
		t.Fatalf("comm_close %v", cc)
	}
	id = tk.send(tk.shell, "comm_msg", map[string]any{"comm_id": "c1", "data": map[string]any{}})
	if got := types(tk.iopubUntilIdle(id)); got != "status:busy status:idle" {
		t.Fatalf("comm_msg iopub %s", got)
	}
	// comm messages get no reply; the next request's reply is the next
	// message on shell.
	tk.request("kernel_info_request", map[string]any{})
}

func TestConnectAndDebugRequests(t *testing.T) {
	tk := startKernel(t, Options{})
	c := tk.request("connect_request", map[string]any{})
	if c["shell_port"] != float64(tk.k.Connection().ShellPort) || c["hb_port"] != float64(tk.k.Connection().HBPort) {
		t.Fatalf("connect_reply %v", c)
	}
	id := tk.send(tk.control, "debug_request", map[string]any{"seq": 7, "type": "request", "command": "initialize"})
	d := content(t, tk.recvReply(tk.controlIn, id))
	if d["success"] != false || d["request_seq"] != 7.0 || d["command"] != "initialize" {
		t.Fatalf("debug_reply %v", d)
	}
}

func TestHeartbeatEchoes(t *testing.T) {
	tk := startKernel(t, Options{})
	if err := tk.hb.Send(zmqMsg("ping")); err != nil {
		t.Fatal(err)
	}
	m, err := tk.hb.Recv()
	if err != nil || string(m.Frames[0]) != "ping" {
		t.Fatalf("heartbeat: %q %v", m.Frames, err)
	}
}

func TestShutdownStopsTheKernel(t *testing.T) {
	for _, restart := range []bool{false, true} {
		tk := startKernel(t, Options{})
		id := tk.send(tk.control, "shutdown_request", map[string]any{"restart": restart})
		c := content(t, tk.recvReply(tk.controlIn, id))
		if c["status"] != "ok" || c["restart"] != restart {
			t.Fatalf("shutdown_reply %v", c)
		}
		select {
		case <-tk.runErr:
		case <-time.After(wait):
			t.Fatal("Run did not return")
		}
		tk.closeOnce.Do(func() {})
		if !tk.backend.closed {
			t.Fatal("backend not closed")
		}
	}
}

func TestBadInputIsDroppedAndTheKernelKeepsAnswering(t *testing.T) {
	tk := startKernel(t, Options{badBurst: 1000}) // every line is checked
	_, good := tk.frames("kernel_info_request", map[string]any{})
	body := good[1:] // signature, header, parent, metadata, content
	wrongSig := append([][]byte{[]byte(delimiter), []byte(strings.Repeat("0", 64))}, body[1:]...)
	badHeader := [][]byte{[]byte("{not json"), []byte("{}"), []byte("{}"), []byte("{}")}
	badContent := [][]byte{body[1], body[2], body[3], []byte("[1,2]")}
	sign := func(parts [][]byte) [][]byte {
		return append([][]byte{[]byte(delimiter), tk.signer.sign(parts...)}, parts...)
	}
	unknownID, unknown := tk.frames("frobnicate_request", map[string]any{})
	cases := []struct {
		name   string
		frames [][]byte
		log    string
	}{
		{"wrong signature", wrongSig, "signature does not match"},
		{"no delimiter", body, "no <IDS|MSG> delimiter"},
		{"too few frames", good[:3], "want at least 5"},
		{"bad JSON header", sign(badHeader), "header"},
		{"content not an object", sign(badContent), "content is not a JSON object"},
		{"unknown msg_type", unknown, "unknown message type \"frobnicate_request\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, s := range []struct {
				sock interface{ Send(m zmqMsgT) error }
				in   chan *Message
			}{{tk.shell, tk.shellIn}, {tk.control, tk.controlIn}} {
				if err := s.sock.Send(zmqMsgFrom(c.frames)); err != nil {
					t.Fatal(err)
				}
				// The next good request is answered, and its reply is the
				// first message back: the bad one got none.
				id, f := tk.frames("kernel_info_request", map[string]any{})
				if err := s.sock.Send(zmqMsgFrom(f)); err != nil {
					t.Fatal(err)
				}
				if r := tk.recvReply(s.in, id); r.Header.MsgType != "kernel_info_reply" {
					t.Fatalf("got %s", r.Header.MsgType)
				}
			}
			if !strings.Contains(tk.logs.String(), c.log) {
				t.Fatalf("log lacks %q:\n%s", c.log, tk.logs.String())
			}
		})
	}
	_ = unknownID
	tk.drainIOPub()
}

func TestUnsignedKernelAcceptsUnsignedMessages(t *testing.T) {
	s, err := NewSigner("hmac-sha256", "")
	if err != nil {
		t.Fatal(err)
	}
	o := &outgoing{header: Header{MsgID: "1", MsgType: "kernel_info_request", Version: "5.3"}, content: map[string]any{}}
	f, _ := o.encode(s)
	if len(f[1]) != 0 {
		t.Fatalf("signature %q, want empty", f[1])
	}
	if _, err := Decode(f, s); err != nil {
		t.Fatal(err)
	}
}

func TestSignatureKnownValue(t *testing.T) {
	// hmac.new(b"secret", b'{"a":1}{}{}{}', hashlib.sha256).hexdigest()
	s, _ := NewSigner("hmac-sha256", "secret")
	got := string(s.sign([]byte(`{"a":1}`), []byte("{}"), []byte("{}"), []byte("{}")))
	if want := "5439160579203ae5952244a353b0f81b6ca58a3fb44727217799b393ee79601c"; got != want {
		t.Fatalf("signature %s, want %s", got, want)
	}
	if _, err := NewSigner("hmac-md5", "k"); err == nil {
		t.Fatal("hmac-md5 accepted")
	}
}

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"*", "", true}, {"a*", "abc", true}, {"*c", "abc", true}, {"a?c", "abc", true},
		{"a?c", "ac", false}, {"1?2*", "1+2", true}, {"*b*", "a\nb\nc", true}, {"ab", "abc", false},
		{"*x*y", "axbxcy", true}, {"**", "z", true},
	} {
		if got := globMatch(c.p, c.s); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v", c.p, c.s, got)
		}
	}
}

func TestPagerQuery(t *testing.T) {
	for code, want := range map[string]string{
		"fmt.Println?": "fmt.Println", "?x": "x", "  tensorlib.Rand??\n": "tensorlib.Rand",
		"x?y": "", "a + b?": "", "?": "", "fmt.?": "", "1x?": "",
	} {
		name, _, ok := pagerQuery(code)
		if name != want || ok != (want != "") {
			t.Errorf("pagerQuery(%q) = %q %v, want %q", code, name, ok, want)
		}
	}
}

func TestConnectionFile(t *testing.T) {
	var info ConnectionInfo
	if err := json.Unmarshal([]byte(`{"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "hb_port": 5,
		"ip": "127.0.0.1", "key": "k", "transport": "tcp", "signature_scheme": "hmac-sha256", "kernel_name": "gohooks"}`), &info); err != nil {
		t.Fatal(err)
	}
	if info.endpoint(info.IOPubPort) != "tcp://127.0.0.1:2" || info.Key != "k" {
		t.Fatalf("%+v", info)
	}
}
