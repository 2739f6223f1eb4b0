"""Checks gohooks under a running JupyterHub (started by hub-check.sh).

Two users, alice and bob, get single-user servers through the hub's REST API
and each runs a gohooks notebook through the notebook server's kernel
websocket. The check fails unless:
  - each user's kernel computes with the tensor library and shows a picture;
  - the two sessions are separate (a variable of one is not in the other);
  - each kernel runs in its user's home and writes its files there;
  - an interrupt sent through the hub stops a running cell and keeps the
    session's variables;
  - bob's token cannot list, reach or connect to alice's kernel.
"""

import json
import os
import sys
import time
import urllib.error
import urllib.request
import uuid

import websocket

HUB = os.environ["HUB_URL"]
ADMIN = os.environ["HUB_TOKEN"]
HOME = os.environ["HUB_HOME"]
USERS = ["alice", "bob"]


def fail(msg):
    print("hub-check: FAIL: " + msg)
    sys.exit(1)


def request(method, url, token=None, body=None, ok=(200, 201, 202, 204)):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method)
    if token:
        req.add_header("Authorization", "token " + token)
    if data is not None:
        req.add_header("Content-Type", "application/json")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(req, timeout=30) as resp:
            status, raw = resp.status, resp.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    if ok is not None and status not in ok:
        fail(f"{method} {url}: HTTP {status}: {raw[:300]!r}")
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, None


def wait_for_hub():
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            status, _ = request("GET", HUB + "/hub/api/", ok=None)
            if status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    fail("the hub did not answer within 60 s")


def spawn(user):
    request("POST", f"{HUB}/hub/api/users/{user}", ADMIN, ok=(201, 409))
    request("POST", f"{HUB}/hub/api/users/{user}/server", ADMIN, ok=(201, 202, 400))


def wait_for_server(user):
    deadline = time.time() + 90
    while time.time() < deadline:
        _, info = request("GET", f"{HUB}/hub/api/users/{user}", ADMIN)
        server = (info.get("servers") or {}).get("")
        if server and server.get("ready"):
            break
        time.sleep(0.3)
    else:
        fail(f"{user}'s server was not ready within 90 s")
    _, tok = request("POST", f"{HUB}/hub/api/users/{user}/tokens", ADMIN,
                     {"note": "hub-check", "expires_in": 900})
    return tok["token"]


class Kernel:
    """A gohooks kernel of one user, reached through the hub's proxy."""

    def __init__(self, user, token):
        self.user, self.token = user, token
        self.base = f"{HUB}/user/{user}"
        nb = {"cells": [], "metadata": {"kernelspec": {"name": "gohooks", "display_name": "Go (gohooks)", "language": "go"}},
              "nbformat": 4, "nbformat_minor": 5}
        request("PUT", self.base + "/api/contents/check.ipynb", token,
                {"type": "notebook", "format": "json", "content": nb})
        _, sess = request("POST", self.base + "/api/sessions", token,
                          {"path": "check.ipynb", "type": "notebook", "name": "",
                           "kernel": {"name": "gohooks"}})
        self.kernel_id = sess["kernel"]["id"]
        if sess["kernel"]["name"] != "gohooks":
            fail(f"{user}: session started kernel {sess['kernel']['name']!r}")
        self.ws = connect(self.base, self.kernel_id, token)
        self.session = uuid.uuid4().hex

    def execute(self, code, timeout=60, interrupt_after=None):
        msg_id = uuid.uuid4().hex
        self.ws.send(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": self.user,
                       "session": self.session, "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True,
                        "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
        }))
        out = {"stdout": "", "mimes": [], "error": None, "reply": None}
        idle = False
        deadline = time.time() + timeout
        interrupted = False
        self.ws.settimeout(0.5)
        while not (idle and out["reply"]):
            if time.time() > deadline:
                fail(f"{self.user}: no reply to {code!r} within {timeout} s")
            if interrupt_after is not None and not interrupted and time.time() > deadline - timeout + interrupt_after:
                request("POST", f"{self.base}/api/kernels/{self.kernel_id}/interrupt", self.token)
                interrupted = True
            try:
                msg = json.loads(self.ws.recv())
            except websocket.WebSocketTimeoutException:
                continue
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                out["stdout"] += content["text"]
            elif kind in ("execute_result", "display_data"):
                out["mimes"] += list(content["data"])
            elif kind == "error":
                out["error"] = content["ename"] + ": " + content["evalue"]
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
            elif kind == "execute_reply":
                out["reply"] = content["status"]
        return out


def connect(base, kernel_id, token):
    url = base.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels"
    return websocket.create_connection(url, header=["Authorization: token " + token], timeout=30)


def expect(cond, msg):
    if not cond:
        fail(msg)


def main():
    wait_for_hub()
    for u in USERS:
        spawn(u)
    tokens = {u: wait_for_server(u) for u in USERS}
    print("hub-check: servers of " + " and ".join(USERS) + " ready")
    kernels = {u: Kernel(u, tokens[u]) for u in USERS}

    for user, k in kernels.items():
        r = k.execute(f'who := "{user}"\n'
                      'wd, _ := os.Getwd()\n'
                      'os.WriteFile("owner.txt", []byte(who), 0o600)\n'
                      'fmt.Println(who, strings.HasSuffix(wd, "/"+who), tensorlib.Tensor1(1, 2, 3).Sum().Item())',
                      timeout=120)
        expect(r["reply"] == "ok", f"{user}: first cell failed: {r['error']}")
        expect(r["stdout"] == f"{user} true 6\n", f"{user}: first cell printed {r['stdout']!r}")
        r = k.execute("viz.Heatmap(tensorlib.Arange(0, 12, 1).Reshape(3, 4))")
        expect("image/png" in r["mimes"], f"{user}: heatmap showed {r['mimes']}")

    for user, k in kernels.items():
        r = k.execute("fmt.Println(who)")
        expect(r["stdout"] == user + "\n", f"{user}'s session sees who = {r['stdout']!r}")
        with open(os.path.join(HOME, user, "owner.txt")) as f:
            expect(f.read() == user, f"{user}'s owner.txt holds something else")
    print("hub-check: two kernels, separate sessions and files")

    alice = kernels["alice"]
    start = time.time()
    r = alice.execute("for {\n}", timeout=30, interrupt_after=1.0)
    expect(r["reply"] == "error", f"interrupted cell replied {r['reply']}")
    r = alice.execute("fmt.Println(who)")
    expect(r["stdout"] == "alice\n", f"after the interrupt alice's session printed {r['stdout']!r} ({r['error']})")
    print(f"hub-check: interrupt through the hub stopped the cell in {time.time() - start:.1f} s, variables kept")

    bob = tokens["bob"]
    status, _ = request("GET", f"{HUB}/user/alice/api/kernels", bob, ok=None)
    expect(status in (302, 403, 404), f"bob listed alice's kernels: HTTP {status}")
    status, _ = request("GET", f"{HUB}/user/alice/api/kernels/{alice.kernel_id}", bob, ok=None)
    expect(status in (302, 403, 404), f"bob read alice's kernel: HTTP {status}")
    status, _ = request("POST", f"{HUB}/user/alice/api/kernels/{alice.kernel_id}/interrupt", bob, ok=None)
    expect(status in (302, 403, 404), f"bob interrupted alice's kernel: HTTP {status}")
    try:
        ws = connect(f"{HUB}/user/alice", alice.kernel_id, bob)
        ws.close()
        fail("bob opened a websocket to alice's kernel")
    except websocket.WebSocketException:
        pass
    status, _ = request("GET", f"{HUB}/user/alice/api/kernels", None, ok=None)
    expect(status in (302, 403), f"an anonymous request listed alice's kernels: HTTP {status}")
    print("hub-check: bob's token cannot list, read, interrupt or connect to alice's kernel")

    for user, k in kernels.items():
        k.ws.close()
        request("DELETE", f"{HUB}/hub/api/users/{user}/server", ADMIN, ok=(202, 204))
    print("hub-check: ok")


if __name__ == "__main__":
    main()
