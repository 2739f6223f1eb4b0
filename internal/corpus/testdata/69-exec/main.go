// os/exec: running commands, capturing output, stdin, and exit codes.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

func main() {
	out, err := exec.Command("echo", "hello", "from", "echo").Output()
	fmt.Printf("%q %v\n", out, err)

	cmd := exec.Command("sh", "-c", "echo out; echo err 1>&2")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	err = cmd.Run()
	fmt.Printf("stdout=%q stderr=%q err=%v\n", stdout.String(), stderr.String(), err)

	grep := exec.Command("sh", "-c", "tr a-z A-Z")
	grep.Stdin = strings.NewReader("shout this\n")
	up, _ := grep.Output()
	fmt.Print(string(up))

	err = exec.Command("sh", "-c", "exit 3").Run()
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		fmt.Println("exit code:", exitErr.ExitCode())
	}

	both, _ := exec.Command("sh", "-c", "echo a; echo b >&2").CombinedOutput()
	fmt.Println(len(strings.Fields(string(both))), "lines combined")

	_, err = exec.LookPath("surely-not-a-command-xyz")
	fmt.Println(errors.Is(err, exec.ErrNotFound))
	c := exec.Command("sh", "-c", "echo $GREETING")
	c.Env = []string{"GREETING=hi from env"}
	o, _ := c.Output()
	fmt.Print(string(o))
}
