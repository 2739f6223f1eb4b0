// log/slog: structured logs as text and JSON, without timestamps so the output is stable.
package main

import (
	"log/slog"
	"os"
)

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == slog.TimeKey && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

func main() {
	text := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: noTime}))
	text.Info("hello", "count", 3)
	text.Warn("disk", "free", 0.12, "path", "/var")
	text.Debug("not shown at the default level")

	js := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelDebug, ReplaceAttr: noTime}))
	js.Debug("shown", "ok", true)
	reqLog := js.With("request", 42)
	reqLog.Info("start", slog.String("method", "GET"), slog.Int("status", 200))
	reqLog.Error("failed", slog.Group("user", "id", 7, "name", "ann"))
}
