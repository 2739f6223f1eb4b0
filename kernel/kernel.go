package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/gohooks/gohooks/backend"
	"github.com/gohooks/gohooks/kernel/internal/zmtp"
)

// Backend runs cells and answers questions about code. The worker client in
// package interp implements it; kernel tests use a fake. Execute, Complete,
// Inspect and IsComplete are called from one goroutine, one at a time.
type Backend interface {
	// Execute runs one cell, sending its output to sink while it runs. ctx
	// is cancelled when the user interrupts the kernel.
	Execute(ctx context.Context, req backend.ExecuteRequest, sink backend.Sink) backend.ExecuteReply
	// Complete answers a complete_request; cursor counts code points.
	Complete(code string, cursor int) backend.Completion
	// Inspect answers an inspect_request; cursor counts code points.
	Inspect(code string, cursor, detailLevel int) backend.Inspection
	// IsComplete answers an is_complete_request.
	IsComplete(code string) backend.Completeness
	// Restart replaces the session with a fresh one.
	Restart() error
	// Close ends the session for good.
	Close() error
}

// CommBackend is a Backend whose session speaks the comm protocol (the
// widgets' transport). The kernel hands it the front end's comm messages;
// comm messages from the session reach the front end through a Sink that
// is a backend.CommSink. A Backend that is not a CommBackend has no comm
// targets: every comm_open is closed at once.
type CommBackend interface {
	// Comm delivers one comm message from the front end. It runs like a
	// cell (output goes to sink, ctx is cancelled on interrupt) and
	// returns an error for a message the session could not take.
	Comm(ctx context.Context, m backend.CommMessage, sink backend.Sink) error
	// CommInfo lists the open comms, id to target name; an empty target
	// means all.
	CommInfo(target string) map[string]string
}

// Options tune a Kernel. The zero value gives the defaults.
type Options struct {
	// Version is the implementation_version in kernel_info_reply.
	Version string
	// HistoryFile is where history persists across runs. Empty means
	// DefaultHistoryFile(); "-" keeps history in memory only.
	HistoryFile string
	// Log receives one line per dropped message or failed send; nil means
	// standard error, which Jupyter shows in its log.
	Log *log.Logger
	// StreamFlushInterval is how long stream text may wait to be batched
	// (default 50 ms); StreamFlushBytes flushes sooner (default 64 KiB).
	StreamFlushInterval time.Duration
	StreamFlushBytes    int
	// OutputLimit caps the bytes of output one cell may publish (default
	// 10 MiB); past it, output is dropped and a note says so.
	OutputLimit int
	// SendTimeout is how long a send may make no progress before the
	// peer is dropped as stuck (default 5 s).
	SendTimeout time.Duration
	// IOPubQueue is how many messages may wait to be published (default
	// 1024); a cell that outputs faster than that waits. Past this queue,
	// at most 64 more wait in zmq4's for the slowest front end.
	IOPubQueue int

	coalesce time.Duration // coalesceWindow; tests lengthen it
	badLog   time.Duration // badLogWindow; tests shorten it
	badBurst int           // badLogBurst; tests raise it
}

func (o *Options) fill() {
	if o.Version == "" {
		o.Version = "devel"
	}
	if o.HistoryFile == "" {
		o.HistoryFile = DefaultHistoryFile()
	}
	if o.HistoryFile == "-" {
		o.HistoryFile = ""
	}
	if o.Log == nil {
		o.Log = log.New(os.Stderr, "gohooks kernel: ", log.LstdFlags)
	}
	if o.StreamFlushInterval <= 0 {
		o.StreamFlushInterval = 50 * time.Millisecond
	}
	if o.StreamFlushBytes <= 0 {
		o.StreamFlushBytes = 64 << 10
	}
	if o.OutputLimit <= 0 {
		o.OutputLimit = 10 << 20
	}
	if o.SendTimeout <= 0 {
		o.SendTimeout = 5 * time.Second
	}
	if o.IOPubQueue <= 0 {
		o.IOPubQueue = 1024
	}
	if o.coalesce <= 0 {
		o.coalesce = coalesceWindow
	}
	if o.badLog <= 0 {
		o.badLog = badLogWindow
	}
	if o.badBurst <= 0 {
		o.badBurst = badLogBurst
	}
}

// Kernel serves the Jupyter messaging protocol on five ZeroMQ sockets and
// hands cells to a Backend.
type Kernel struct {
	info    ConnectionInfo
	backend Backend
	opts    Options
	log     *log.Logger
	bad     *logLimiter // the log of bad messages and peers
	signer  *Signer
	session string

	shell, control, stdin, iopub, hb *zmtp.Socket

	ctx    context.Context
	cancel context.CancelFunc

	pubq     chan *outgoing
	pubDone  chan struct{}
	shellq   chan *Message
	stdinq   chan *Message
	done     chan struct{}
	running  chan struct{} // closed when Run has started
	stopOnce sync.Once

	execCount int        // touched only by the shell goroutine
	toAbort   []*Message // likewise: see takeQueued
	history   *history

	started       time.Time
	handshakeOver atomic.Bool // a shell request other than kernel_info came

	cellMu     sync.Mutex
	cancelCell context.CancelFunc
}

// New binds the kernel's sockets as the connection info says. A port of 0
// (tcp) binds any free port; Connection reports the ports bound.
func New(info ConnectionInfo, backend Backend, opts Options) (*Kernel, error) {
	opts.fill()
	signer, err := NewSigner(info.SignatureScheme, info.Key)
	if err != nil {
		return nil, err
	}
	if info.Transport == "" {
		info.Transport = "tcp"
	}
	if info.IP == "" {
		info.IP = "127.0.0.1"
	}
	ctx, cancel := context.WithCancel(context.Background())
	k := &Kernel{
		info:    info,
		backend: backend,
		opts:    opts,
		log:     opts.Log,
		bad:     newLogLimiter(opts.Log.Printf, opts.badBurst, opts.badLog),
		signer:  signer,
		session: newMsgID(),
		ctx:     ctx,
		cancel:  cancel,
		pubq:    make(chan *outgoing, opts.IOPubQueue),
		pubDone: make(chan struct{}),
		shellq:  make(chan *Message, 4096),
		stdinq:  make(chan *Message, 16),
		done:    make(chan struct{}),
		running: make(chan struct{}),
	}
	rules := zmtp.Rules{SendTimeout: opts.SendTimeout, Logf: k.bad.Printf}
	binds := []struct {
		s      **zmtp.Socket
		typ    zmq4.SocketType
		port   *int
		name   string
		handle func([][]byte)
	}{
		{&k.shell, zmq4.Router, &k.info.ShellPort, "shell", k.receive("shell", k.queueShell)},
		{&k.control, zmq4.Router, &k.info.ControlPort, "control", k.receive("control", k.serveControl)},
		{&k.stdin, zmq4.Router, &k.info.StdinPort, "stdin", k.receive("stdin", k.queueInput)},
		{&k.iopub, zmq4.Pub, &k.info.IOPubPort, "iopub", nil},
		{&k.hb, zmq4.Rep, &k.info.HBPort, "heartbeat", k.heartbeat},
	}
	for _, b := range binds {
		network, addr := k.info.listenAddr(*b.port)
		s, err := zmtp.Listen(ctx, b.typ, network, addr, rules)
		if err != nil {
			k.closeSockets()
			cancel()
			return nil, fmt.Errorf("kernel: bind %s: %w", b.name, err)
		}
		*b.s = s
		if p := s.Port(); p != 0 {
			*b.port = p
		}
	}
	for _, b := range binds {
		if b.handle != nil {
			go (*b.s).Serve(ctx, k.log.Printf, b.name, b.handle)
		}
	}
	k.history = openHistory(opts.HistoryFile, k.log.Printf)
	return k, nil
}

// Connection returns the connection info with the ports actually bound.
func (k *Kernel) Connection() ConnectionInfo { return k.info }

func (k *Kernel) closeSockets() {
	for _, s := range []*zmtp.Socket{k.shell, k.control, k.stdin, k.iopub, k.hb} {
		if s != nil {
			s.Close()
		}
	}
}

// Run serves requests until a shutdown_request arrives or ctx is
// cancelled, then closes the backend and the sockets.
func (k *Kernel) Run(ctx context.Context) error {
	go k.publishLoop()
	go k.shellLoop()
	k.started = time.Now()
	k.publish(nil, "status", statusContent{ExecutionState: "starting"})
	close(k.running)

	select {
	case <-ctx.Done():
	case <-k.done:
	}
	k.Interrupt()
	if err := k.backend.Close(); err != nil {
		k.log.Printf("closing the session: %v", err)
	}
	k.pubq <- nil // publishLoop sends what is queued before it, then exits
	<-k.pubDone
	// zmq4's PUB sends from its own goroutine; give the last messages a
	// moment to reach the wire before the connections close.
	time.Sleep(50 * time.Millisecond)
	k.cancel()
	k.closeSockets()
	return nil
}

// stop makes Run return.
func (k *Kernel) stop() { k.stopOnce.Do(func() { close(k.done) }) }

// Interrupt cancels the running cell, if any. The kernel calls it for
// interrupt_request; the command calls it on SIGINT.
func (k *Kernel) Interrupt() {
	k.cellMu.Lock()
	if k.cancelCell != nil {
		k.cancelCell()
	}
	k.cellMu.Unlock()
}

// interruptible returns the context of a request that runs in the
// session (a cell, a comm message), which Interrupt cancels, and the
// function that ends it.
func (k *Kernel) interruptible() (context.Context, func()) {
	ctx, cancel := context.WithCancel(k.ctx)
	k.cellMu.Lock()
	k.cancelCell = cancel
	k.cellMu.Unlock()
	return ctx, func() {
		k.cellMu.Lock()
		k.cancelCell = nil
		k.cellMu.Unlock()
		cancel()
	}
}

// receive returns the handler of a ROUTER socket's messages: it decodes
// each and hands the good ones to handle once Run has started. Bad
// messages are logged and dropped.
func (k *Kernel) receive(name string, handle func(*Message)) func([][]byte) {
	return func(frames [][]byte) {
		m, err := Decode(frames, k.signer)
		if err != nil {
			k.bad.Printf("%s: dropped: %v", name, err)
			return
		}
		<-k.running
		handle(m)
	}
}

// queueShell queues a shell request for shellLoop.
func (k *Kernel) queueShell(m *Message) {
	select {
	case k.shellq <- m:
	default:
		k.log.Printf("shell: queue full, dropped %s", m.Header.MsgType)
	}
}

// queueInput hands an input_reply to the cell that waits for it.
func (k *Kernel) queueInput(m *Message) {
	if m.Header.MsgType != "input_reply" {
		k.bad.Printf("stdin: unexpected %s dropped", m.Header.MsgType)
		return
	}
	select {
	case k.stdinq <- m:
	default:
		k.bad.Printf("stdin: nobody waits for this input_reply; dropped")
	}
}

// heartbeat echoes every ping on the heartbeat socket.
func (k *Kernel) heartbeat(frames [][]byte) {
	if err := k.hb.Send(frames); err != nil && k.ctx.Err() == nil {
		k.log.Printf("heartbeat: %v", err)
	}
}

// header makes the header of a message the kernel sends.
func (k *Kernel) header(msgType string) Header {
	return Header{
		MsgID:    newMsgID(),
		Session:  k.session,
		Username: "kernel",
		Date:     nowISO(),
		MsgType:  msgType,
		Version:  ProtocolVersion,
	}
}

// coalesceWindow is how long a request's "busy" status and execute_input
// may wait to go out in one write with what follows them. Most requests
// end within it, and then all their iopub messages leave in one write after
// the reply, instead of waking the front end while the cell runs: that cost
// a trivial cell about 0.1 ms, on two cores shared with the front end. A
// longer cell shows busy 1 ms late, which no one sees.
const coalesceWindow = time.Millisecond

// mayWait reports whether o may wait up to coalesceWindow.
func (o *outgoing) mayWait() bool {
	if st, ok := o.content.(statusContent); ok {
		return st.ExecutionState == "busy"
	}
	return o.header.MsgType == "execute_input"
}

// publishLoop sends queued iopub messages in order. It writes whatever is
// queued together; a message that may wait is held until another one comes
// that may not, or until coalesceWindow has passed.
func (k *Kernel) publishLoop() {
	defer close(k.pubDone)
	var batch [][][]byte
	var types []string
	hold := time.NewTimer(time.Hour)
	hold.Stop()
	flush := func() {
		hold.Stop()
		if len(batch) == 0 {
			return
		}
		if err := k.iopub.Publish(batch...); err != nil {
			k.log.Printf("iopub: send %s: %v", strings.Join(types, ", "), err)
		}
		batch, types = batch[:0], types[:0]
	}
	for {
		var o *outgoing
		if len(batch) == 0 {
			o = <-k.pubq
		} else {
			select {
			case o = <-k.pubq:
			case <-hold.C:
				flush()
				continue
			}
		}
		if o == nil {
			flush()
			return
		}
		frames, err := o.encode(k.signer)
		if err != nil {
			k.log.Printf("iopub: %v", err)
			continue
		}
		batch = append(batch, frames)
		types = append(types, o.header.MsgType)
		switch {
		case !o.mayWait():
			flush()
		case len(batch) == 1:
			hold.Reset(k.opts.coalesce)
		}
	}
}

// publish queues a message on iopub; parent may be nil. It waits while the
// queue is full, which slows a cell that prints faster than the front end
// reads.
func (k *Kernel) publish(parent *Message, msgType string, content any) {
	k.publishBuffers(parent, msgType, content, nil)
}

// publishBuffers is publish with binary buffers after the content.
func (k *Kernel) publishBuffers(parent *Message, msgType string, content any, buffers [][]byte) {
	o := &outgoing{
		buffers:    buffers,
		identities: [][]byte{[]byte("kernel." + k.session + "." + msgType)},
		header:     k.header(msgType),
		content:    content,
	}
	if parent != nil {
		o.parent = parent.RawHeader
	}
	select {
	case k.pubq <- o:
	case <-k.pubDone:
		k.log.Printf("iopub: kernel stopped, dropped %s", msgType)
	}
}

// reply sends the reply to req on the socket it came from.
func (k *Kernel) reply(s *zmtp.Socket, req *Message, msgType string, content any) {
	k.send(s, req.Identities, req.RawHeader, msgType, content)
}

func (k *Kernel) send(s *zmtp.Socket, ids [][]byte, parent json.RawMessage, msgType string, content any) {
	o := &outgoing{identities: ids, header: k.header(msgType), parent: parent, content: content}
	frames, err := o.encode(k.signer)
	if err != nil {
		k.log.Printf("%s: %v", msgType, err)
		return
	}
	if err := s.Send(frames); err != nil {
		k.log.Printf("send %s: %v", msgType, err)
	}
}

// replyType turns "x_request" into "x_reply".
func replyType(reqType string) string {
	return strings.TrimSuffix(reqType, "_request") + "_reply"
}

// badRequest answers a request whose content does not fit its type.
func (k *Kernel) badRequest(s *zmtp.Socket, req *Message, err error) {
	k.bad.Printf("%s: bad content: %v", req.Header.MsgType, err)
	k.reply(s, req, replyType(req.Header.MsgType), errorReply{
		Status:    "error",
		EName:     "BadRequest",
		EValue:    err.Error(),
		Traceback: []string{fmt.Sprintf("%s: %v", req.Header.MsgType, err)},
	})
}

// serveControl answers one control message, at once, even while a cell
// runs on shell.
func (k *Kernel) serveControl(m *Message) {
	k.publish(m, "status", statusContent{ExecutionState: "busy"})
	defer k.publish(m, "status", statusContent{ExecutionState: "idle"})
	switch m.Header.MsgType {
	case "interrupt_request":
		k.Interrupt()
		k.reply(k.control, m, "interrupt_reply", statusReply{Status: "ok"})
	case "shutdown_request":
		k.shutdown(k.control, m)
	case "kernel_info_request":
		k.reply(k.control, m, "kernel_info_reply", k.kernelInfo())
	case "debug_request":
		k.debug(k.control, m)
	case "connect_request":
		k.reply(k.control, m, "connect_reply", k.connectReply())
	default:
		k.bad.Printf("control: unknown message type %q dropped", m.Header.MsgType)
	}
}

// shutdown answers a shutdown_request and stops the kernel. Jupyter
// restarts a kernel by shutting its process down (restart=true) and
// starting a new one, waiting for the old process to exit, so the kernel
// exits in both cases.
func (k *Kernel) shutdown(s *zmtp.Socket, m *Message) {
	var req shutdownRequest
	if err := json.Unmarshal(m.Content, &req); err != nil {
		k.badRequest(s, m, err)
		return
	}
	rep := shutdownReply{Status: "ok", Restart: req.Restart}
	k.reply(s, m, "shutdown_reply", rep)
	k.publish(m, "shutdown_reply", rep) // older front ends watch iopub for it
	k.Interrupt()
	k.stop()
}

func (k *Kernel) debug(s *zmtp.Socket, m *Message) {
	var req debugRequest
	_ = json.Unmarshal(m.Content, &req)
	k.reply(s, m, "debug_reply", debugReply{
		Type:       "response",
		RequestSeq: req.Seq,
		Success:    false,
		Command:    req.Command,
		Message:    "gohooks has no debugger",
	})
}

func (k *Kernel) connectReply() connectReply {
	return connectReply{
		Status:      "ok",
		ShellPort:   k.info.ShellPort,
		IOPubPort:   k.info.IOPubPort,
		StdinPort:   k.info.StdinPort,
		HBPort:      k.info.HBPort,
		ControlPort: k.info.ControlPort,
	}
}

// welcomeWindow is how long after start kernel_info_request counts as the
// front end's first handshake.
const welcomeWindow = 5 * time.Second

// welcome works around ZeroMQ's slow joiner while a front end connects.
// Jupyter clients call the kernel ready when a kernel_info_reply and then
// any iopub message arrive; if their SUB socket's subscription reaches the
// kernel after the busy and idle of that request were published, those are
// lost and the client waits 0.2 s before it asks again. So during the
// first seconds of the kernel's life, when no one has subscribed to iopub
// yet at a kernel_info_reply, the kernel publishes the idle status again as
// soon as a subscription arrives. (Repeating it blindly cost more: a
// client drains iopub until it has been quiet for 0.2 s, so every
// repetition delayed "ready".)
func (k *Kernel) welcome(m *Message) {
	if k.handshakeOver.Load() || time.Since(k.started) > welcomeWindow {
		return
	}
	if k.iopub.Subscribed() {
		return
	}
	go func() {
		poll := time.NewTicker(2 * time.Millisecond)
		defer poll.Stop()
		giveUp := time.After(time.Second)
		for {
			select {
			case <-poll.C:
				if k.iopub.Subscribed() {
					k.publish(m, "status", statusContent{ExecutionState: "idle"})
					return
				}
			case <-giveUp:
				return
			case <-k.done:
				return
			}
		}
	}()
}

// kernelInfo is the kernel_info_reply content.
func (k *Kernel) kernelInfo() kernelInfoReply {
	goVersion := strings.TrimPrefix(runtime.Version(), "go")
	return kernelInfoReply{
		Status:                "ok",
		ProtocolVersion:       ProtocolVersion,
		Implementation:        "gohooks",
		ImplementationVersion: k.opts.Version,
		LanguageInfo: languageInfo{
			Name:              "go",
			Version:           goVersion,
			Mimetype:          "text/x-go",
			FileExtension:     ".go",
			PygmentsLexer:     "go",
			CodemirrorMode:    "go",
			NbconvertExporter: "script",
		},
		Banner: "gohooks " + k.opts.Version + " (Go " + goVersion + ", yaegi interpreter)\n" +
			"tensorlib, nnlib, hooks, viz and display are imported; `name?` shows documentation.",
		HelpLinks: []helpLink{
			{Text: "Go documentation", URL: "https://go.dev/doc/"},
			{Text: "Go standard library", URL: "https://pkg.go.dev/std"},
			{Text: "gohooks", URL: "https://github.com/gohooks/gohooks"},
		},
	}
}

// errStdinNotAllowed is what Sink.Input returns when the request said
// allow_stdin=false.
var errStdinNotAllowed = errors.New("kernel: the front end does not accept input for this cell (allow_stdin is false)")
