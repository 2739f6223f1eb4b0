// flag: a FlagSet parsing an explicit argument list, as a subcommand would.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"strings"
	"time"
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

func main() {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	var out bytes.Buffer
	fs.SetOutput(&out)
	port := fs.Int("port", 8080, "port to listen on")
	host := fs.String("host", "localhost", "host name")
	verbose := fs.Bool("v", false, "verbose output")
	timeout := fs.Duration("timeout", 5*time.Second, "request timeout")
	var tags listFlag
	fs.Var(&tags, "tag", "a tag (repeatable)")

	args := []string{"-port=9000", "-v", "--tag", "a", "-tag=b", "-timeout", "1m30s", "file1", "file2"}
	if err := fs.Parse(args); err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println(*host, *port, *verbose, *timeout, tags)
	fmt.Println("rest:", fs.Args(), fs.NArg())
	fs.Visit(func(f *flag.Flag) { fmt.Print(f.Name, " ") })
	fmt.Println()

	fs2 := flag.NewFlagSet("bad", flag.ContinueOnError)
	fs2.SetOutput(&out)
	fs2.Int("n", 0, "a number")
	err := fs2.Parse([]string{"-n", "xyz"})
	fmt.Println("error:", err)
	err = fs2.Parse([]string{"-unknown"})
	fmt.Println("error:", err)
	fmt.Println(strings.Count(out.String(), "Usage of bad"))
	fs.PrintDefaults()
	fmt.Print(out.String()[strings.LastIndex(out.String(), "  -timeout"):])
}
