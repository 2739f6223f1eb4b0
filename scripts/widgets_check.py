#!/usr/bin/python3
"""Drives headless chromium through its DevTools protocol for
scripts/widgets-check.sh: opens notebooks/10-widgets.ipynb in the classic
Jupyter Notebook UI with the ipywidgets 6 front end, runs all cells, waits
for the widget views, then moves the controls with the keyboard as a user
does and checks what the kernel did in answer:

  - the first slider's OnChange callback printed "channel 3" under its
    cell after its handle got → three times;
  - after → five times on the Interact slider and ↓ on its layer list, the
    heatmap under them was redrawn in place: still one image, 260×260, and
    its PNG is byte for byte the one viz.Heatmap draws, in the same session,
    for the new layer and channel with the title "layer L, channel 5";
  - no error output, no error and no widget warning in the browser console
    (the front end warns when the kernel does not answer its version comm).

On failure it prints the widget areas' HTML, the kernel messages the page
sent and received, and the browser console. WIDGETS_DUMP=1 prints them on
success too.

  widgets_check.py DEVTOOLS_PORT NOTEBOOK_URL BEFORE_PNG AFTER_PNG TIMEOUT_S

Only the standard library and devtools.py (websocket, Debian python3-websocket).
"""
import base64
import json
import os
import sys
import time

from devtools import DevTools


def fail(msg):
    raise SystemExit("widgets-check: " + msg)


def wait_for(dt, expr, timeout, what):
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        try:
            last = dt.eval(expr)
            if last:
                return last
        except RuntimeError as e:
            last = str(e)
        time.sleep(0.3)
    report(dt)
    fail("timed out after %.0fs waiting for %s (last: %r)" % (timeout, what, last))


# Records the kernel messages the page sends and receives, by type, with the
# comm and display details that matter here.
HOOK = """(() => {
  const k = Jupyter.notebook.kernel;
  window.__msgs = [];
  const brief = (dir, m) => {
    const c = m.content || {};
    let s = dir + ' ' + m.header.msg_type;
    if (c.target_name) s += ' target=' + c.target_name;
    if (m.parent_header && m.parent_header.msg_type) s += ' (parent ' + m.parent_header.msg_type + ' ' + String(m.parent_header.msg_id).slice(0, 8) + ')';
    if (c.comm_id) s += ' comm=' + c.comm_id.slice(0, 8);
    if (c.data && c.data.method) s += ' method=' + c.data.method;
    if (m.header.msg_type === 'comm_open') s += ' data=' + JSON.stringify(c.data).slice(0, 400);
    if (c.data && c.data.state) s += ' state=' + JSON.stringify(c.data.state).slice(0, 160);
    if (c.data && c.data.sync_data) s += ' sync=' + JSON.stringify(c.data.sync_data);
    if (m.header.msg_type === 'stream') s += ' ' + JSON.stringify(c.text).slice(0, 120);
    if (c.transient && c.transient.display_id) s += ' display_id=' + c.transient.display_id;
    if (c.data && c.data['text/plain'] !== undefined) s += ' text=' + JSON.stringify(c.data['text/plain']).slice(0, 120);
    if (c.ename) s += ' ' + c.ename + ': ' + c.evalue;
    window.__msgs.push(s);
  };
  const fin = k._finish_ws_message.bind(k);
  k._finish_ws_message = (m) => { try { brief('<-', m); } catch (e) {} return fin(m); };
  const send = k.send_shell_message.bind(k);
  k.send_shell_message = function (t, c, cb, md, bufs) {
    const id = send(t, c, cb, md, bufs);
    try { brief('->', {header: {msg_type: t}, content: c}); window.__msgs[window.__msgs.length - 1] += ' id=' + String(id).slice(0, 8); } catch (e) {}
    return id;
  };
  return true;
})()"""

# What the page shows: the state of each code cell, its widget views and
# its images.
STATE = """(() => {
  const cells = Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code');
  return {
    code: cells.length,
    done: cells.filter(c => typeof c.input_prompt_number === 'number').length,
    running: cells.filter(c => c.input_prompt_number === '*').length,
    errors: Array.from(document.querySelectorAll('.output_error, .output_stderr')).map(e => e.innerText.slice(0, 300)),
    cells: cells.map(c => {
      const el = c.element[0];
      const imgs = Array.from(el.querySelectorAll('.output_area img[src^="data:image/png"]'));
      return {
        sliders: el.querySelectorAll('.widget-area .widget-subarea .widget-hslider .ui-slider-handle').length,
        dropdowns: el.querySelectorAll('.widget-area .widget-subarea .widget-select select').length,
        readouts: Array.from(el.querySelectorAll('.widget-area .widget-readout')).map(r => r.innerText || r.value || ''),
        stdout: Array.from(el.querySelectorAll('.output_stdout')).map(e => e.innerText).join(''),
        imgs: imgs.map(i => ({src: i.src, w: i.naturalWidth, h: i.naturalHeight})),
        texts: (c.output_area.outputs || []).filter(o => o.data && o.data['text/plain'] !== undefined && o.data['image/png'])
                  .map(o => o.data['text/plain']),
      };
    }),
  };
})()"""


WIDGET_AREAS = """(() => Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code').map((c, i) =>
  'cell ' + i + ': ' + (c.element[0].querySelector('.widget-area') || {outerHTML: 'no .widget-area'}).outerHTML.slice(0, 1500)).join('\\n'))()"""


def report(dt):
    try:
        print("--- widget areas\n" + dt.eval(WIDGET_AREAS), file=sys.stderr)
    except RuntimeError as e:
        print("--- widget areas: %s" % e, file=sys.stderr)
    try:
        msgs = dt.eval("window.__msgs || []") or []
    except RuntimeError:
        msgs = []
    print("--- kernel messages seen by the page (last 60 of %d)" % len(msgs), file=sys.stderr)
    for m in msgs[-60:]:
        print("  " + m, file=sys.stderr)
    print("--- browser console (%d lines)" % len(dt.console), file=sys.stderr)
    for c in dt.console[-40:]:
        print("  " + c, file=sys.stderr)


def png_size(src):
    raw = base64.b64decode(src.split(",", 1)[1])
    if raw[:8] != b"\x89PNG\r\n\x1a\n":
        fail("the heatmap is not a PNG")
    return int.from_bytes(raw[16:20], "big"), int.from_bytes(raw[20:24], "big"), raw


def focus(dt, cell, selector, nth=0):
    """Focuses the nth element matching selector in the widget area of the
    cell-th code cell and scrolls it into view; returns its description."""
    return dt.eval("""(() => {
      const c = Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code')[%d];
      const els = c.element[0].querySelectorAll('.widget-area .widget-subarea ' + %s);
      const el = els[%d];
      if (!el) return null;
      el.scrollIntoView({block: 'center'});
      el.focus();
      return document.activeElement === el ? el.outerHTML.slice(0, 120) : null;
    })()""" % (cell, json.dumps(selector), nth))


# The heatmap the Interact function must draw for a layer and channel,
# drawn again in the same session: its PNG, base64-encoded.
REFERENCE = """import "encoding/base64"
fmt.Print(base64.StdEncoding.EncodeToString(viz.Heatmap(acts.Get(%s).Select(0, 0).Select(0, %d), viz.Title(%s), viz.Size(260, 260)).PNG()))"""


def run_in_kernel(dt, code):
    """Runs code in the notebook's kernel, out of any cell; returns its stdout."""
    return dt.eval("""new Promise((resolve) => {
      let out = '';
      Jupyter.notebook.kernel.execute(%s, {
        iopub: {output: (m) => {
          if (m.msg_type === 'stream') out += m.content.text;
          if (m.msg_type === 'error') out += 'ERROR ' + m.content.ename + ': ' + m.content.evalue;
        }},
        shell: {reply: () => setTimeout(() => resolve(out), 300)},
      }, {silent: false, store_history: false});
    })""" % json.dumps(code))


def main(argv):
    if len(argv) != 6:
        print(__doc__, file=sys.stderr)
        return 2
    port, url, before_png, after_png, timeout = int(argv[1]), argv[2], argv[3], argv[4], int(argv[5])
    start = time.time()
    dt = DevTools(port, "widgets-check")
    for domain in ("Page", "Runtime", "Log"):
        dt.call(domain + ".enable")
    dt.call("Emulation.setDeviceMetricsOverride", width=1200, height=1600, deviceScaleFactor=1, mobile=False)
    dt.call("Page.navigate", url=url)
    wait_for(dt, "typeof Jupyter !== 'undefined' && Jupyter.notebook && Jupyter.notebook.kernel && "
             "Jupyter.notebook.kernel.is_connected() && Jupyter.notebook.kernel_selector.current_selection === 'gohooks' && "
             "Jupyter.notebook.kernel.widget_manager !== undefined",
             60, "the notebook page, its gohooks kernel and the widget manager")
    print("widgets-check: notebook open, kernel and widget manager ready (%.1fs)" % (time.time() - start))
    dt.eval(HOOK)
    dt.eval("Jupyter.notebook.clear_all_output(); true")
    dt.eval("Jupyter.notebook.execute_all_cells(); true")
    wait_for(dt, "(() => { const s = %s; return s.done === s.code && s.running === 0; })()" % STATE,
             timeout, "every cell to run")
    # The views: one slider under cell 1; a drop-down list, a slider and the
    # heatmap under cell 2 (Interact); the same under cell 3 (Explore).
    want = "s.cells[1].sliders === 1 && s.cells[2].sliders === 1 && s.cells[2].dropdowns === 1 && " \
           "s.cells[2].imgs.length === 1 && s.cells[3].sliders === 1 && s.cells[3].dropdowns === 1 && s.cells[3].imgs.length === 1"
    state = wait_for(dt, "(() => { const s = %s; return (%s) ? s : null; })()" % (STATE, want), 15,
                     "the widget views (slider under cell 1; drop-down, slider and heatmap under cells 2 and 3)")
    print("widgets-check: ran %d code cells, widget views shown (%.1fs)" % (state["code"], time.time() - start))
    if state["errors"]:
        report(dt)
        fail("error outputs in the page:\n  " + "\n  ".join(state["errors"]))
    interact = state["cells"][2]
    w0, h0, png0 = png_size(interact["imgs"][0]["src"])
    dt.eval("Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code')[2].element[0].scrollIntoView({block: 'start'}); true")
    time.sleep(0.3)
    dt.screenshot(before_png)

    # A user moves the first slider: focus its handle, press → three times.
    if not focus(dt, 1, ".widget-hslider .ui-slider-handle"):
        fail("cannot focus the handle of the slider under cell 1")
    dt.key("ArrowRight", "ArrowRight", 39, 3)
    printed = wait_for(dt, "(() => { const s = %s; return s.cells[1].stdout.includes('channel 3') ? s.cells[1].stdout : null; })()"
                       % STATE, 10, "the OnChange callback of the slider under cell 1 to print \"channel 3\"")
    print("widgets-check: slider under cell 1 moved to 3 with the keyboard; its callback printed %r"
          % printed.strip().splitlines()[-1])

    # The Interact controls: the channel slider → 5 times, the layer list ↓ once.
    if not focus(dt, 2, ".widget-hslider .ui-slider-handle"):
        fail("cannot focus the handle of the Interact slider under cell 2")
    dt.key("ArrowRight", "ArrowRight", 39, 5)
    if not focus(dt, 2, ".widget-select select"):
        fail("cannot focus the drop-down list under cell 2")
    dt.key("ArrowDown", "ArrowDown", 40, 1)
    layer = dt.eval("""(() => {
      const c = Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code')[2];
      return c.element[0].querySelector('.widget-area .widget-subarea .widget-select select').value;
    })()""")
    if layer == "0":
        fail("the drop-down list under cell 2 still shows layer 0 after ↓")
    title = "layer %s, channel 5" % layer
    ref = run_in_kernel(dt, REFERENCE % (json.dumps(layer), 5, json.dumps(title)))
    try:
        want_png = base64.b64decode(ref, validate=True)
    except ValueError:
        fail("could not draw the reference heatmap in the session: %r" % ref[:300])
    want_src = "data:image/png;base64," + base64.b64encode(want_png).decode()
    state = wait_for(dt, "(() => { const s = %s; const c = s.cells[2]; return c.imgs.length === 1 && "
                     "c.imgs[0].src === %s ? s : null; })()" % (STATE, json.dumps(want_src)), 10,
                     "the Interact heatmap to be redrawn as %r (the PNG viz.Heatmap draws for it)" % title)
    interact = state["cells"][2]
    w1, h1, png1 = png_size(interact["imgs"][0]["src"])
    print("widgets-check: Interact moved to %r with the keyboard; the heatmap under it was redrawn in place, "
          "PNG %d×%d identical to viz.Heatmap's for %r (%.1fs)" % (title, w1, h1, title, time.time() - start))
    dt.eval("Jupyter.notebook.get_cells().filter(c => c.cell_type === 'code')[2].element[0].scrollIntoView({block: 'start'}); true")
    time.sleep(0.3)
    dt.screenshot(after_png)
    failed = []
    if png1 == png0:
        failed.append("the Interact heatmap's PNG did not change")
    if (w1, h1) != (w0, h0) or (w1, h1) != (260, 260):
        failed.append("the Interact heatmap is %d×%d, was %d×%d, want 260×260" % (w1, h1, w0, h0))
    if state["errors"]:
        failed.append("error outputs in the page:\n  " + "\n  ".join(state["errors"]))
    # The notebook page itself logs a bad data: URL of a GIF (its spinner);
    # anything else that is an error or a warning of the widget manager counts.
    bad = [c for c in dt.console
           if (c.startswith(("exception", "console.error", "log.error")) or
               (c.startswith("console.warning") and "widget" in c.lower()))
           and "ERR_INVALID_URL data:image/gif" not in c]
    if bad:
        failed.append("errors in the browser console:\n  " + "\n  ".join(bad[-20:]))
    dt.eval("Jupyter.notebook.session.delete(); true")
    if failed:
        report(dt)
        print("widgets-check: " + "\n".join(failed), file=sys.stderr)
        return 1
    if os.environ.get("WIDGETS_DUMP"):
        report(dt)
    print("widgets-check: done in %.1fs" % (time.time() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
