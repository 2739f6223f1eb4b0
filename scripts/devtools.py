"""DevTools: a small client of chromium's DevTools protocol, shared by the
browser checks (browser_check.py, widgets_check.py): it evaluates
JavaScript in the page, types keys, takes screenshots, and keeps the
browser console's lines for the report of a failed check.

Only the standard library and websocket (Debian python3-websocket).
"""
import base64
import json
import time
import urllib.request

import websocket


class DevTools:
    """The first page target of a chromium started with
    --remote-debugging-port. name prefixes what it prints ("browser-check")."""

    def __init__(self, port, name):
        self.name = name
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen("http://127.0.0.1:%d/json/list" % port, timeout=5) as r:
                    targets = [t for t in json.load(r) if t.get("type") == "page"]
                if targets:
                    break
            except OSError:
                pass
            if time.time() > deadline:
                raise SystemExit("%s: chromium's DevTools did not answer on port %d" % (name, port))
            time.sleep(0.3)
        self.ws = websocket.create_connection(targets[0]["webSocketDebuggerUrl"], timeout=60,
                                              suppress_origin=True)
        self.next_id = 0
        self.console = []  # browser console lines and uncaught exceptions

    def _event(self, msg):
        m, p = msg.get("method"), msg.get("params", {})
        if m == "Runtime.consoleAPICalled":
            args = " ".join(str(a.get("value", a.get("description", a.get("type"))))
                            for a in p.get("args", []))
            self.console.append("console.%s: %s" % (p.get("type"), args[:500]))
        elif m == "Runtime.exceptionThrown":
            d = p.get("exceptionDetails", {})
            self.console.append("exception: %s %s" % (
                d.get("text"), d.get("exception", {}).get("description", "")[:500]))
        elif m == "Log.entryAdded":
            e = p.get("entry", {})
            self.console.append("log.%s: %s %s" % (e.get("level"), e.get("text", "")[:500], e.get("url", "")))

    def call(self, method, **params):
        self.next_id += 1
        mid = self.next_id
        self.ws.send(json.dumps({"id": mid, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == mid:
                if "error" in msg:
                    raise RuntimeError("%s: %s" % (method, msg["error"]))
                return msg.get("result", {})
            self._event(msg)

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError("javascript failed: %s" % r["exceptionDetails"].get("exception", {}).get(
                "description", r["exceptionDetails"].get("text")))
        return r.get("result", {}).get("value")

    def key(self, key, code, keycode, times=1):
        for _ in range(times):
            for typ in ("rawKeyDown", "keyUp"):
                self.call("Input.dispatchKeyEvent", type=typ, key=key, code=code,
                          windowsVirtualKeyCode=keycode, nativeVirtualKeyCode=keycode)
            time.sleep(0.05)

    def screenshot(self, path):
        png = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        with open(path, "wb") as f:
            f.write(png)
        print("%s: screenshot %s (%d bytes)" % (self.name, path, len(png)))
