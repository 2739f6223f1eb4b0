// Go by Example: command-line flags and subcommands with flag.FlagSet, parsing fixed argument lists.
package main

import (
	"flag"
	"fmt"
	"os"
)

func run(args []string) {
	fooCmd := flag.NewFlagSet("foo", flag.ContinueOnError)
	fooEnable := fooCmd.Bool("enable", false, "enable")
	fooName := fooCmd.String("name", "", "name")

	barCmd := flag.NewFlagSet("bar", flag.ContinueOnError)
	barLevel := barCmd.Int("level", 0, "level")

	if len(args) < 1 {
		fmt.Println("expected 'foo' or 'bar' subcommands")
		return
	}

	switch args[0] {
	case "foo":
		fooCmd.Parse(args[1:])
		fmt.Println("subcommand 'foo'")
		fmt.Println("  enable:", *fooEnable)
		fmt.Println("  name:", *fooName)
		fmt.Println("  tail:", fooCmd.Args())
	case "bar":
		barCmd.Parse(args[1:])
		fmt.Println("subcommand 'bar'")
		fmt.Println("  level:", *barLevel)
		fmt.Println("  tail:", barCmd.Args())
	default:
		fmt.Println("expected 'foo' or 'bar' subcommands")
	}
}

func main() {
	run([]string{"foo", "-enable", "-name=joe", "a1", "a2"})
	run([]string{"bar", "-level", "8", "a1"})
	run([]string{"baz"})

	fs := flag.NewFlagSet("tool", flag.ContinueOnError)
	fs.SetOutput(os.Stdout)
	word := fs.String("word", "foo", "a string")
	numb := fs.Int("numb", 42, "an int")
	var svar string
	fs.StringVar(&svar, "svar", "bar", "a string var")
	err := fs.Parse([]string{"-word=opt", "-numb=7", "-fork", "x"})
	fmt.Println("error:", err)
	fmt.Println(*word, *numb, svar)
}
