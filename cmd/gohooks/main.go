// Command gohooks is the gohooks Jupyter kernel: one binary that installs
// its kernelspec, serves the Jupyter protocol, and runs the Go session
// worker the kernel starts as a child process.
//
//	gohooks install [--user | --sys-prefix | --prefix DIR]
//	gohooks kernel CONNECTION_FILE
//	gohooks worker
//	gohooks run NOTEBOOK
//	gohooks console
//	gohooks version
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/gohooks/gohooks/kernel"
)

// version is set with -ldflags "-X main.version=..."; otherwise it comes
// from the module build info.
var version = ""

func versionString() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

const usage = `gohooks: a Jupyter kernel for Go, with tensors, modules and PyTorch-style hooks

Usage:
  gohooks install [--user | --sys-prefix | --prefix DIR]
                              install the Jupyter kernelspec "gohooks"
  gohooks kernel CONNECTION_FILE
                              serve the Jupyter protocol (Jupyter runs this)
  gohooks worker              run the Go session on stdin/stdout (the kernel runs this)
  gohooks run FILE.ipynb      run a notebook top to bottom
  gohooks console             an interactive Go session in the terminal
  gohooks version             print the version
  gohooks help [COMMAND]      show help
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches a subcommand and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cmd, rest := args[0], args[1:]
	var err error
	switch cmd {
	case "-h", "-help", "--help", "help":
		if len(rest) > 0 {
			switch rest[0] {
			case "install":
				return runInstall([]string{"--help"}, stdout, stderr)
			case "run":
				return runNotebook([]string{"--help"}, stdout, stderr)
			case "console":
				return runConsole([]string{"--help"}, os.Stdin, stdout, stderr)
			}
		}
		fmt.Fprint(stdout, usage)
		return 0
	case "version", "--version":
		fmt.Fprintf(stdout, "gohooks %s (%s, %s/%s)\n", versionString(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return 0
	case "install":
		return runInstall(rest, stdout, stderr)
	case "kernel":
		err = runKernel(rest)
	case "worker":
		err = runWorker(rest)
	case "run":
		return runNotebook(rest, stdout, stderr)
	case "console":
		return runConsole(rest, os.Stdin, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "gohooks: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if err != nil {
		fmt.Fprintln(stderr, "gohooks "+cmd+":", err)
		return 1
	}
	return 0
}

// runInstall writes the kernelspec.
func runInstall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("gohooks install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	user := fs.Bool("user", false, "install for the current user, in the Jupyter data directory (the default)")
	sysPrefix := fs.Bool("sys-prefix", false, "install into the active Python environment ($CONDA_PREFIX or $VIRTUAL_ENV)")
	prefix := fs.String("prefix", "", "install into `DIR`/share/jupyter/kernels")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: gohooks install [--user | --sys-prefix | --prefix DIR]\n\n"+
			"Writes the Jupyter kernelspec %q (kernel.json and logos). JUPYTER_DATA_DIR,\n"+
			"when set, is the user data directory.\n\n", kernel.KernelName)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "gohooks install: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	chosen := 0
	for _, b := range []bool{*user, *sysPrefix, *prefix != ""} {
		if b {
			chosen++
		}
	}
	if chosen > 1 {
		fmt.Fprintln(stderr, "gohooks install: choose one of --user, --sys-prefix and --prefix")
		return 2
	}
	var dataDir string
	switch {
	case *prefix != "":
		dataDir = filepath.Join(*prefix, "share", "jupyter")
	case *sysPrefix:
		env := os.Getenv("CONDA_PREFIX")
		if env == "" {
			env = os.Getenv("VIRTUAL_ENV")
		}
		if env == "" {
			fmt.Fprintln(stderr, "gohooks install: --sys-prefix: no Python environment is active (neither CONDA_PREFIX nor VIRTUAL_ENV is set); use --prefix DIR")
			return 1
		}
		dataDir = filepath.Join(env, "share", "jupyter")
	default:
		dataDir = kernel.JupyterDataDir()
	}
	bin, err := os.Executable()
	if err == nil {
		bin, err = filepath.EvalSymlinks(bin)
	}
	if err == nil {
		bin, err = filepath.Abs(bin)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gohooks install: cannot find this program's path:", err)
		return 1
	}
	dir, err := kernel.InstallKernelspec(kernel.KernelsDir(dataDir), bin)
	if err != nil {
		fmt.Fprintln(stderr, "gohooks install:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Installed kernelspec %s in %s\n  (starts %s kernel {connection_file})\n", kernel.KernelName, dir, bin)
	return 0
}

// runKernel serves the Jupyter protocol on the connection file's sockets.
func runKernel(args []string) error {
	parent := os.Getppid()
	fs := flag.NewFlagSet("gohooks kernel", flag.ContinueOnError)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: gohooks kernel CONNECTION_FILE")
	}
	info, err := kernel.ReadConnectionFile(fs.Arg(0))
	if err != nil {
		return err
	}
	backend := startBackend(newBackend)
	k, err := kernel.New(info, backend, kernel.Options{Version: versionString()})
	if err != nil {
		backend.Close()
		return err
	}
	// Jupyter may interrupt with SIGINT as well as with interrupt_request.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt)
	go func() {
		for range sigs {
			k.Interrupt()
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go exitWithParent(ctx, cancel, parent, time.Second)
	return k.Run(ctx)
}

// exitWithParent cancels ctx once parent, the process that started the
// kernel, is gone. A front end that dies without a shutdown_request (jupyter killed,
// a terminal closed under jupyter console) would otherwise leave the
// kernel and its worker running for good, which ipykernel's parent poller
// also prevents. The parent is gone when the kernel's parent process
// changes: it becomes init or a subreaper. A kernel that init started
// (a container's entrypoint) has no parent to watch.
func exitWithParent(ctx context.Context, cancel func(), parent int, every time.Duration) {
	if parent <= 1 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if os.Getppid() != parent {
				fmt.Fprintf(os.Stderr, "gohooks kernel: the process that started it (%d) has exited; shutting down\n", parent)
				cancel()
				return
			}
		}
	}
}
