#!/usr/bin/python3
"""Drives headless chromium through its DevTools protocol for
scripts/browser-check.sh: opens a notebook in the classic Jupyter Notebook
UI, runs all cells, checks that the page shows PNG images and no error
output, and saves a screenshot.

  browser_check.py DEVTOOLS_PORT NOTEBOOK_URL SCREENSHOT MIN_IMAGES TIMEOUT_S

Only the standard library and devtools.py (websocket, Debian python3-websocket).
"""
import sys
import time

from devtools import DevTools


def wait_for(dt, expr, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if dt.eval(expr):
                return
        except RuntimeError:
            pass
        time.sleep(0.5)
    raise SystemExit("browser-check: timed out after %ds waiting for %s" % (timeout, what))


STATE = """(() => {
  const cells = Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code');
  return {
    code: cells.length,
    done: cells.filter(c => typeof c.input_prompt_number === 'number').length,
    running: cells.filter(c => c.input_prompt_number === '*').length,
    pngs: document.querySelectorAll('.output_area img[src^="data:image/png"]').length,
    errors: Array.from(document.querySelectorAll('.output_error')).map(e => e.innerText.slice(0, 300)),
    status: Jupyter.notebook.kernel ? Jupyter.notebook.kernel._msg_callbacks !== undefined : false,
  };
})()"""


def main(argv):
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    port, url, shot, min_images, timeout = int(argv[1]), argv[2], argv[3], int(argv[4]), int(argv[5])
    start = time.time()
    dt = DevTools(port, "browser-check")
    dt.call("Page.enable")
    dt.call("Emulation.setDeviceMetricsOverride", width=1200, height=1600, deviceScaleFactor=1, mobile=False)
    dt.call("Page.navigate", url=url)
    wait_for(dt, "typeof Jupyter !== 'undefined' && Jupyter.notebook && Jupyter.notebook.kernel && "
             "Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel_selector.current_selection === 'gohooks'",
             60, "the notebook page and its gohooks kernel")
    print("browser-check: notebook open, kernel connected (%.1fs)" % (time.time() - start))
    # Outputs saved in the file must not count: clear them, then run all.
    dt.eval("Jupyter.notebook.clear_all_output(); true")
    before = dt.eval(STATE)
    if before["pngs"] != 0:
        raise SystemExit("browser-check: %d images left after clearing the outputs" % before["pngs"])
    dt.eval("Jupyter.notebook.execute_all_cells(); true")
    wait_for(dt, "(() => { const s = %s; return s.done === s.code && s.running === 0; })()" % STATE,
             timeout, "every cell to run")
    time.sleep(1)  # let the last outputs render
    state = dt.eval(STATE)
    print("browser-check: ran %d code cells in %.1fs; %d PNG images in the page"
          % (state["code"], time.time() - start, state["pngs"]))
    # Scroll the feature-map heatmap of the gradient cell into view for the screenshot.
    dt.eval("""(() => {
      const imgs = document.querySelectorAll('.output_area img[src^="data:image/png"]');
      const target = imgs.length > 2 ? imgs[2] : imgs[0];
      if (target) target.scrollIntoView({block: 'start'});
      return true;
    })()""")
    time.sleep(0.5)
    dt.screenshot(shot)
    failed = False
    if state["errors"]:
        print("browser-check: error outputs in the page:\n  " + "\n  ".join(state["errors"]), file=sys.stderr)
        failed = True
    if state["pngs"] < min_images:
        print("browser-check: %d PNG images in the page, want at least %d" % (state["pngs"], min_images), file=sys.stderr)
        failed = True
    dt.eval("Jupyter.notebook.session.delete(); true")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
