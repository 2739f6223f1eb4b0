// Go by Example: spawning processes with os/exec, capturing output and exit codes.
package main

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

func main() {
	dateCmd := exec.Command("echo", "hello", "from", "echo")

	out, err := dateCmd.Output()
	if err != nil {
		panic(err)
	}
	fmt.Print("> echo\n", string(out))

	_, err = exec.Command("sh", "-c", "exit 3").Output()
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		fmt.Println("exit code:", exitErr.ExitCode())
	} else {
		fmt.Println("unexpected:", err)
	}

	grepCmd := exec.Command("grep", "hello")
	grepCmd.Stdin = strings.NewReader("hello grep\ngoodbye grep\nhello again\n")
	grepBytes, _ := grepCmd.Output()
	fmt.Println("> grep hello")
	fmt.Print(string(grepBytes))

	lsCmd := exec.Command("sh", "-c", "printf '%s\\n' b a c | sort")
	lsOut, err := lsCmd.CombinedOutput()
	if err != nil {
		panic(err)
	}
	fmt.Print(string(lsOut))

	_, err = exec.LookPath("no-such-program-xyz")
	fmt.Println(err != nil)
}
