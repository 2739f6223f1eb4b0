"""Measures gohooks' start-to-ready time and execute round trip.

Usage: /usr/bin/python3 scripts/latency.py [KERNEL_NAME] [CELLS]

Starts the kernel with jupyter_client, times start-to-ready (process start
to the first kernel_info_reply and iopub message, median of five starts
after a first one), warms up, then times CELLS (default 200)
trivial cells from execute_request sent to execute_reply received and to
the cell's idle status, and prints the medians.
"""
import statistics
import sys
import time

from jupyter_client.manager import KernelManager

name = sys.argv[1] if len(sys.argv) > 1 else "gohooks"
cells = int(sys.argv[2]) if len(sys.argv) > 2 else 200
code = "_ = 1"



def start():
    t0 = time.perf_counter()
    km = KernelManager(kernel_name=name)
    km.start_kernel()
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=60)
    return time.perf_counter() - t0, km, kc


# The first start also pays for Python's imports and the kernelspec search;
# start-to-ready is the median of the next five.
starts = []
for i in range(6):
    ready, km, kc = start()
    starts.append(ready)
    if i < 5:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
first, ready = starts[0], statistics.median(starts[1:])


def run(code):
    start = time.perf_counter()
    msg_id = kc.execute(code)
    while True:
        reply = kc.get_shell_msg(timeout=30)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    replied = time.perf_counter() - start
    while True:
        msg = kc.get_iopub_msg(timeout=30)
        if (msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "status"
                and msg["content"]["execution_state"] == "idle"):
            break
    idle = time.perf_counter() - start
    if reply["content"]["status"] != "ok":
        raise SystemExit(f"cell {code!r} failed: {reply['content']}")
    return replied, idle


try:
    for _ in range(20):
        run(code)
    replies, idles = zip(*(run(code) for _ in range(cells)))
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)

ms = 1000
print(f"kernel {name}: start to ready {ready:.3f} s median of 5 (first start {first:.3f} s)")
print(f"{cells} cells of {code!r}: median round trip to execute_reply "
      f"{statistics.median(replies) * ms:.2f} ms, to idle {statistics.median(idles) * ms:.2f} ms "
      f"(p90 {sorted(replies)[int(0.9 * cells)] * ms:.2f} ms)")
