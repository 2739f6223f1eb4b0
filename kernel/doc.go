// Package kernel is the Jupyter side of gohooks: it speaks the Jupyter
// messaging protocol, version 5.3, on five ZeroMQ sockets and hands cells to
// a Backend. It never runs user code itself.
//
// The rules it keeps:
//
//   - Every message it sends carries a 5.3 header and, when the connection
//     file has a key, an HMAC signature in the scheme the file names.
//   - A message it cannot trust or read (wrong signature, no <IDS|MSG>
//     delimiter, too few frames, bad JSON, unknown msg_type) is logged to
//     standard error and dropped; the kernel keeps serving.
//   - Every request on shell and control is answered between a "busy" and
//     an "idle" status whose parent header is the request's header, and all
//     of a cell's output is published before its "idle". A request's
//     "busy" and execute_input may be held up to 1 ms, so that a quick
//     request's iopub messages go out in one write after its reply.
//   - Shell requests run one at a time, in order. Control is served on its
//     own goroutine, so interrupt_request and shutdown_request are answered
//     while a cell runs; an interrupt cancels the cell's context.
//   - After a cell fails with stop_on_error, execute requests already
//     queued are answered with status "aborted".
//   - Stream text is batched (every 50 ms or 64 KiB by default) and each
//     cell's output is capped (10 MiB by default) with a note that says what
//     was dropped. iopub messages wait in a bounded queue.
//   - The sockets are go-zeromq/zmq4 sockets listening through the
//     kernel's own transport (package kernel/internal/zmtp). A send that
//     makes no progress for SendTimeout (5 s by default) drops that peer,
//     so a front end that stopped reading never stalls the kernel; a peer
//     that sends a frame over 256 MiB or breaks the framing is dropped
//     before zmq4 reads it; each message goes out in one write.
//   - History is kept, across kernel runs, in gohooks/history.jsonl under
//     the Jupyter data directory.
//   - A cell that is only "name?" or "?name" is a help request: the
//     Backend's inspection comes back as a "page" payload.
package kernel
