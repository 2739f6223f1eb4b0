package interp

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"
)

func TestWorkerForwardsAllOutputBeforeTheReply(t *testing.T) {
	c := newTestClient(t)
	// A character split by the pipe's 32 KiB reads arrives whole: each
	// half alone would become U+FFFD on the way.
	for _, pad := range []int{32<<10 - 1, 32<<10 - 2, 32<<10 - 3, 64<<10 - 1} {
		want := strings.Repeat("a", pad) + "é€𝄞\n"
		rep, r := clientRun(t, c, fmt.Sprintf("os.Stdout.WriteString(strings.Repeat(\"a\", %d) + \"é€𝄞\\n\")", pad))
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if got := r.stdout.String(); got != want {
			t.Fatalf("pad %d: got %d bytes ending %q, want %d ending %q", pad, len(got), got[max(0, len(got)-12):], len(want), want[len(want)-12:])
		}
	}
	// Much output, both streams, all of it delivered, in order, by the
	// time the reply comes.
	rep, r := clientRun(t, c, "for i := 0; i < 20000; i++ { fmt.Printf(\"line %d ü\\n\", i); if i%1000 == 0 { fmt.Fprintf(os.Stderr, \"e%d\\n\", i) } }")
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	var want, wantErr strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&want, "line %d ü\n", i)
		if i%1000 == 0 {
			fmt.Fprintf(&wantErr, "e%d\n", i)
		}
	}
	if r.stdout.String() != want.String() || r.stderr.String() != wantErr.String() {
		t.Fatalf("stdout %d bytes (want %d), stderr %q", r.stdout.Len(), want.Len(), r.stderr.String())
	}
	if !utf8.ValidString(r.stdout.String()) {
		t.Fatal("stdout is not valid UTF-8")
	}
	// A cell that ends in the middle of a character still sends all it
	// wrote before the reply; the bytes that are not UTF-8 show as U+FFFD.
	rep, r = clientRun(t, c, "os.Stdout.Write([]byte{'x', 0xe2, 0x82})")
	if got := r.stdout.String(); rep.Err != nil || !strings.HasPrefix(got, "x\ufffd") {
		t.Fatalf("%v %q", rep.Err, got)
	}
}

func TestDupPipeMakesOnlyPipesNonBlocking(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	file, err := os.CreateTemp(t.TempDir(), "f")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	rfd, ffd := rawFd(t, r), rawFd(t, file)
	for _, c := range []struct {
		fd   int
		want bool
	}{{rfd, true}, {ffd, false}} {
		f, err := dupPipe(c.fd, "x")
		if err != nil {
			t.Fatal(err)
		}
		flags, err := fcntlFlags(rawFd(t, f))
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := flags&syscall.O_NONBLOCK != 0; got != c.want {
			t.Errorf("fd %d: non-blocking %v, want %v", c.fd, got, c.want)
		}
	}
}

// rawFd returns f's descriptor without making it blocking (File.Fd would).
func rawFd(t *testing.T, f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var fd int
	rc.Control(func(u uintptr) { fd = int(u) })
	return fd
}

func fcntlFlags(fd int) (int, error) {
	r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_GETFL, 0)
	if errno != 0 {
		return 0, errno
	}
	return int(r), nil
}
