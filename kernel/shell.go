package kernel

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gohooks/gohooks/backend"
)

// shellLoop serves shell requests one at a time, in the order they came.
func (k *Kernel) shellLoop() {
	for {
		select {
		case <-k.done:
			return
		case m := <-k.shellq:
			if k.serveShell(m) {
				k.abortQueued()
			}
		}
	}
}

// takeQueued empties the shell queue into k.toAbort. A cell that failed
// with stop_on_error calls it before it replies: the requests queued
// behind it are the ones to abort, and a request sent after the front end
// saw the error must run (taken after the reply, it was aborted when the
// front end answered quickly).
func (k *Kernel) takeQueued() {
	for {
		select {
		case m := <-k.shellq:
			k.toAbort = append(k.toAbort, m)
		default:
			return
		}
	}
}

// abortQueued answers every execute_request in k.toAbort with status
// "aborted", after a cell failed with stop_on_error; the other requests
// taken with them are served as usual.
func (k *Kernel) abortQueued() {
	queued := k.toAbort
	k.toAbort = nil
	for _, m := range queued {
		if m.Header.MsgType != "execute_request" {
			k.serveShell(m)
			continue
		}
		k.publish(m, "status", statusContent{ExecutionState: "busy"})
		k.reply(k.shell, m, "execute_reply", abortedReply{Status: "aborted", ExecutionCount: k.execCount})
		k.publish(m, "status", statusContent{ExecutionState: "idle"})
	}
}

// serveShell answers one shell request between busy and idle. It reports
// whether a cell failed with stop_on_error set.
func (k *Kernel) serveShell(m *Message) (abort bool) {
	k.publish(m, "status", statusContent{ExecutionState: "busy"})
	defer k.publish(m, "status", statusContent{ExecutionState: "idle"})
	s := k.shell
	if m.Header.MsgType != "kernel_info_request" {
		k.handshakeOver.Store(true)
	}
	switch m.Header.MsgType {
	case "execute_request":
		return k.execute(m)
	case "kernel_info_request":
		k.reply(s, m, "kernel_info_reply", k.kernelInfo())
		k.welcome(m)
	case "complete_request":
		var req completeRequest
		if err := json.Unmarshal(m.Content, &req); err != nil {
			k.badRequest(s, m, err)
			return false
		}
		k.reply(s, m, "complete_reply", k.complete(req))
	case "inspect_request":
		var req inspectRequest
		if err := json.Unmarshal(m.Content, &req); err != nil {
			k.badRequest(s, m, err)
			return false
		}
		ins := k.backend.Inspect(req.Code, req.CursorPos, req.DetailLevel)
		k.reply(s, m, "inspect_reply", inspectReply{
			Status:   "ok",
			Found:    ins.Found,
			Data:     nonNil(ins.Data.Data),
			Metadata: nonNil(ins.Data.Metadata),
		})
	case "is_complete_request":
		var req isCompleteRequest
		if err := json.Unmarshal(m.Content, &req); err != nil {
			k.badRequest(s, m, err)
			return false
		}
		c := k.backend.IsComplete(req.Code)
		rep := isCompleteReply{Status: c.Status}
		switch c.Status {
		case "complete", "invalid", "unknown":
		case "incomplete":
			rep.Indent = c.Indent
		default:
			rep.Status = "unknown"
		}
		k.reply(s, m, "is_complete_reply", rep)
	case "history_request":
		var req historyRequest
		if err := json.Unmarshal(m.Content, &req); err != nil {
			k.badRequest(s, m, err)
			return false
		}
		h, err := k.history.query(req)
		if err != nil {
			k.badRequest(s, m, err)
			return false
		}
		k.reply(s, m, "history_reply", historyReply{Status: "ok", History: h})
	case "comm_info_request":
		var req commInfoRequest
		if err := json.Unmarshal(m.Content, &req); err != nil {
			k.badRequest(s, m, err)
			return false
		}
		comms := map[string]any{}
		if cb, ok := k.backend.(CommBackend); ok {
			for id, target := range cb.CommInfo(req.TargetName) {
				comms[id] = map[string]any{"target_name": target}
			}
		}
		k.reply(s, m, "comm_info_reply", commInfoReply{Status: "ok", Comms: comms})
	case "comm_open", "comm_msg", "comm_close":
		k.comm(m)
	case "shutdown_request":
		k.shutdown(s, m)
	case "connect_request":
		k.reply(s, m, "connect_reply", k.connectReply())
	default:
		k.bad.Printf("shell: unknown message type %q dropped", m.Header.MsgType)
	}
	return false
}

func nonNil(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

func (k *Kernel) complete(req completeRequest) completeReply {
	c := k.backend.Complete(req.Code, req.CursorPos)
	matches := c.Matches
	if matches == nil {
		matches = []string{}
	}
	types := make([]completionType, 0, len(c.Types))
	for i, t := range c.Types {
		if i >= len(matches) {
			break
		}
		types = append(types, completionType{Start: c.CursorStart, End: c.CursorEnd, Text: matches[i], Type: t})
	}
	md := map[string]any{}
	if len(types) > 0 {
		md["_jupyter_types_experimental"] = types
	}
	return completeReply{
		Status:      "ok",
		Matches:     matches,
		CursorStart: c.CursorStart,
		CursorEnd:   c.CursorEnd,
		Metadata:    md,
	}
}

// execute runs one execute_request. It reports whether the cell failed and
// the request asked to stop on error.
func (k *Kernel) execute(m *Message) (abort bool) {
	req := executeRequest{}
	if err := json.Unmarshal(m.Content, &req); err != nil {
		k.badRequest(k.shell, m, err)
		return false
	}
	storeHistory := (req.StoreHistory == nil || *req.StoreHistory) && !req.Silent
	allowStdin := req.AllowStdin == nil || *req.AllowStdin
	stopOnError := req.StopOnError == nil || *req.StopOnError
	if storeHistory {
		k.execCount++
	}
	count := k.execCount
	if !req.Silent {
		k.publish(m, "execute_input", executeInput{Code: req.Code, ExecutionCount: count})
	}

	if name, detail, ok := pagerQuery(req.Code); ok {
		return k.page(m, req, name, detail, count, storeHistory)
	}

	ctx, end := k.interruptible()
	sink := newCellSink(k, m, ctx, req.Silent, allowStdin)
	rep := k.backend.Execute(ctx, backend.ExecuteRequest{
		Code:            req.Code,
		Silent:          req.Silent,
		StoreHistory:    storeHistory,
		AllowStdin:      allowStdin,
		UserExpressions: req.UserExpressions,
		ExecutionCount:  count,
		MsgID:           m.Header.MsgID,
	}, sink)
	end()
	sink.finish()

	// History is written after the reply, which the front end waits for;
	// the next request on shell comes after it.
	defer func() {
		if !storeHistory {
			return
		}
		var output string
		if rep.Err == nil && rep.Result != nil {
			if s, ok := rep.Result.Data["text/plain"].(string); ok {
				output = s
			}
		}
		k.history.add(count, req.Code, output)
	}()

	if rep.Err != nil {
		tb := rep.Err.Traceback
		if tb == nil {
			tb = []string{rep.Err.Error()}
		}
		if !req.Silent {
			k.publish(m, "error", errorContent{EName: rep.Err.Name, EValue: rep.Err.Value, Traceback: tb})
		}
		if stopOnError {
			k.takeQueued()
		}
		k.reply(k.shell, m, "execute_reply", errorReply{
			Status:         "error",
			ExecutionCount: count,
			EName:          rep.Err.Name,
			EValue:         rep.Err.Value,
			Traceback:      tb,
		})
		return stopOnError
	}
	if rep.Result != nil && !req.Silent {
		k.publish(m, "execute_result", executeResult{
			ExecutionCount: count,
			Data:           nonNil(rep.Result.Data),
			Metadata:       nonNil(rep.Result.Metadata),
		})
	}
	ue := rep.UserExpressions
	if ue == nil {
		ue = map[string]any{}
	}
	k.reply(k.shell, m, "execute_reply", executeReply{
		Status:          "ok",
		ExecutionCount:  count,
		Payload:         []any{},
		UserExpressions: ue,
	})
	return false
}

// pagerQuery recognises a help cell, "name?" or "?name" ("??" asks for more
// detail), as IPython does; name must be a Go identifier or a selector such
// as fmt.Println.
func pagerQuery(code string) (name string, detail int, ok bool) {
	c := strings.TrimSpace(code)
	switch {
	case strings.HasSuffix(c, "??"):
		name, detail = strings.TrimSuffix(c, "??"), 1
	case strings.HasSuffix(c, "?"):
		name = strings.TrimSuffix(c, "?")
	case strings.HasPrefix(c, "??"):
		name, detail = strings.TrimPrefix(c, "??"), 1
	case strings.HasPrefix(c, "?"):
		name = strings.TrimPrefix(c, "?")
	default:
		return "", 0, false
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return "", 0, false
	}
	for _, part := range strings.Split(name, ".") {
		if part == "" {
			return "", 0, false
		}
		for i, r := range part {
			if !(r == '_' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
				return "", 0, false
			}
		}
	}
	return name, detail, true
}

// page answers a help cell with the inspection as a "page" payload, which
// front ends show in their pager.
func (k *Kernel) page(m *Message, req executeRequest, name string, detail, count int, storeHistory bool) bool {
	if storeHistory {
		k.history.add(count, req.Code, "")
	}
	ins := k.backend.Inspect(name, utf8.RuneCountInString(name), detail)
	payload := []any{}
	if ins.Found && len(ins.Data.Data) > 0 {
		data := nonNil(ins.Data.Data)
		if _, ok := data["text/plain"]; !ok {
			data["text/plain"] = fmt.Sprintf("%v", name)
		}
		payload = append(payload, pagePayload{Source: "page", Data: data, Start: 0})
	} else if !req.Silent {
		k.publish(m, "stream", streamContent{Name: "stdout", Text: "Object `" + name + "` not found.\n"})
	}
	k.reply(k.shell, m, "execute_reply", executeReply{
		Status:          "ok",
		ExecutionCount:  count,
		Payload:         payload,
		UserExpressions: map[string]any{},
	})
	return false
}
