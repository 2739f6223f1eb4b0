// Go by Example: logging with log (custom loggers, prefixes, flags) and log/slog, without timestamps.
package main

import (
	"bytes"
	"fmt"
	"log"
	"log/slog"
	"os"
)

func main() {
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.Println("standard logger")

	mylog := log.New(os.Stdout, "my:", 0)
	mylog.Println("from mylog")

	mylog.SetPrefix("ohmy:")
	mylog.Println("from mylog")

	msgp := log.New(os.Stdout, "[app] ", log.Lmsgprefix)
	msgp.Printf("%d items", 3)

	var buf bytes.Buffer
	buflog := log.New(&buf, "buf:", 0)

	buflog.Println("hello")

	fmt.Print("from buflog:", buf.String())

	drop := func(groups []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey && len(groups) == 0 {
			return slog.Attr{}
		}
		return a
	}
	jsonHandler := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: drop})
	myslog := slog.New(jsonHandler)
	myslog.Info("hi there")

	myslog.Info("hello again", "key", "val", "age", 25)

	text := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: drop, Level: slog.LevelDebug}))
	text.With("req", 7).Debug("details", slog.Group("user", "id", 1, "name", "ann"))
}
