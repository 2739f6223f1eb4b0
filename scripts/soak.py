"""Memory soak of the gohooks kernel, run by scripts/soak.sh.

Starts the installed gohooks kernelspec with jupyter_client, runs cells the
way long sessions do, and checks the resident memory of the worker process
(the Go session) and of the kernel process against fixed bounds, after a
garbage collection in the worker (runtime.GC and debug.FreeOSMemory):

  - 500 re-runs of a cell that declares a 4 MB tensor: the worker grows by
    less than 20 MB;
  - x = nil gives a 256 MB value back;
  - 10,000 trivial cells: the worker grows by less than 30 MB, and the
    kernel (which keeps the cells' history) by less than 30 MB.

Prints the figures it measured; exits non-zero when a bound is passed.
"""
import os
import sys
import time

from jupyter_client.manager import KernelManager

GC = 'import ("runtime"; "runtime/debug")\nruntime.GC(); debug.FreeOSMemory()'
failures = []


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for {pid}")


def child_of(pid):
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if fields[1] == str(pid):
            return int(d)
    raise RuntimeError(f"the kernel {pid} has no worker process")


def run(kc, code):
    run_many(kc, code, 1)


def run_many(kc, code, n, window=32):
    """Runs code n times, with up to window requests in flight. The client
    does not subscribe to iopub: only the replies count here."""
    sent = done = 0
    while done < n:
        while sent < n and sent - done < window:
            kc.execute(code, store_history=True)
            sent += 1
        reply = kc.get_shell_msg(timeout=120)
        if reply["msg_type"] != "execute_reply":
            continue
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"cell {code!r} failed: {reply['content']}")
        done += 1


def check(what, grown, bound):
    ok = grown < bound
    print(f"  {what}: {grown:+.1f} MB (bound {bound} MB){'' if ok else '  FAILED'}", flush=True)
    if not ok:
        failures.append(what)


def main():
    km = KernelManager(kernel_name="gohooks")
    km.start_kernel()
    kc = km.client()
    kc.start_channels(iopub=False, stdin=False, hb=False, control=False)
    try:
        kc.wait_for_ready(timeout=60)
        kernel = km.provisioner.process.pid
        run(kc, GC)
        worker = child_of(kernel)

        start = time.time()
        run(kc, "tt := tensorlib.Randn(1 << 20)")
        run(kc, GC)
        base = rss_mb(worker)
        run_many(kc, "tt := tensorlib.Randn(1 << 20)", 500)
        run(kc, GC)
        check("worker after 500 re-runs of tt := tensorlib.Randn(1 << 20) (4 MB)", rss_mb(worker) - base, 20)
        print(f"    ({time.time() - start:.0f} s)", flush=True)

        run(kc, GC)
        base = rss_mb(worker)
        run(kc, 'import "bytes"\nbig := bytes.Repeat([]byte{1}, 256<<20)')
        held = rss_mb(worker) - base
        print(f"  worker holding big (256 MB): {held:+.1f} MB", flush=True)
        if held < 200:
            failures.append("the 256 MB value was not resident")
        run(kc, "big = nil")
        run(kc, GC)
        check("worker after big = nil and a GC", rss_mb(worker) - base, 20)

        start = time.time()
        run(kc, GC)
        base, kbase = rss_mb(worker), rss_mb(kernel)
        run_many(kc, "x := 1", 10000)
        run(kc, GC)
        check("worker after 10,000 cells x := 1", rss_mb(worker) - base, 30)
        check("kernel after 10,000 cells (history kept)", rss_mb(kernel) - kbase, 30)
        print(f"    ({time.time() - start:.0f} s)", flush=True)
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    if failures:
        print("soak: FAILED:", "; ".join(failures))
        sys.exit(1)
    print("soak: all bounds held")


if __name__ == "__main__":
    main()
