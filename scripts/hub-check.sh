#!/usr/bin/env bash
# Runs gohooks under Debian's JupyterHub, as a class or a team would: the hub
# on 127.0.0.1 with DummyAuthenticator and SimpleLocalProcessSpawner (no
# system users needed), two users, each with a single-user notebook server
# started through the hub's REST API. scripts/hub_check.py then runs a
# gohooks notebook for each user through the notebook server's kernel
# websocket and checks that the sessions and files are separate and that one
# user's token cannot reach the other's kernel. Installs jupyterhub (with its
# configurable-http-proxy) and jupyter-notebook with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

py=/usr/bin/python3
need=()
command -v jupyterhub >/dev/null || need+=(jupyterhub)
command -v configurable-http-proxy >/dev/null || need+=(node-configurable-http-proxy)
command -v jupyter-notebook >/dev/null || need+=(jupyter-notebook)
"$py" -c "import websocket" 2>/dev/null || need+=(python3-websocket)
if [ ${#need[@]} -gt 0 ]; then
	echo "== installing ${need[*]}"
	if [ "$(id -u)" = 0 ]; then sudo=; else sudo=sudo; fi
	log=$(mktemp)
	if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"; } >"$log" 2>&1; then
		cat "$log"; exit 1
	fi
	rm -f "$log"
fi

tmp=$(mktemp -d)
hubpid=
cleanup() {
	if [ -n "$hubpid" ]; then
		# The hub stops the single-user servers it spawned when it exits.
		kill -TERM "$hubpid" 2>/dev/null || true
		for _ in $(seq 50); do kill -0 "$hubpid" 2>/dev/null || break; sleep 0.2; done
		kill -KILL "$hubpid" 2>/dev/null || true
	fi
	pkill -f "$tmp/" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT

echo "== building gohooks"
go build -o "$tmp/bin/gohooks" ./cmd/gohooks
"$tmp/bin/gohooks" install --prefix "$tmp/prefix" >/dev/null

free_port() { "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
hubport=$(free_port)
apiport=$(free_port)
token=$("$py" -c 'import secrets; print(secrets.token_hex(32))')
mkdir -p "$tmp/home" "$tmp/hub"

# NodeSource's node does not search /usr/share/nodejs, where Debian puts
# configurable-http-proxy's modules ("Cannot find module 'commander'").
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

cat >"$tmp/hub/jupyterhub_config.py" <<CONFIG
import os
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = $port
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = $hubport
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:$apiport"
c.JupyterHub.db_url = "sqlite:///$tmp/hub/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "$tmp/hub/cookie_secret"
c.JupyterHub.pid_file = "$tmp/hub/jupyterhub.pid"
c.JupyterHub.authenticator_class = "dummy"
# Spawn requests return at once; the check polls until each server is ready.
c.JupyterHub.tornado_settings = {"slow_spawn_timeout": 0}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "$tmp/home/{username}"
c.Spawner.default_url = "/tree"
c.Spawner.start_timeout = 60
c.Spawner.http_timeout = 60
# Only the kernelspec that install wrote into the temporary prefix.
c.Spawner.environment = {
    "JUPYTER_PATH": "$tmp/prefix/share/jupyter",
    "JUPYTER_CONFIG_DIR": "$tmp/jupyter-config",
}
if os.getuid() == 0:
    c.Spawner.args = ["--allow-root"]
c.JupyterHub.services = [{"name": "hub-check", "api_token": "$token"}]
c.JupyterHub.load_roles = [{
    "name": "hub-check",
    "scopes": ["admin:users", "admin:servers", "tokens"],
    "services": ["hub-check"],
}]
CONFIG

echo "== jupyterhub on 127.0.0.1:$port"
(cd "$tmp/hub" && exec jupyterhub -f "$tmp/hub/jupyterhub_config.py") >"$tmp/hub/hub.log" 2>&1 &
hubpid=$!

if ! HUB_URL="http://127.0.0.1:$port" HUB_TOKEN="$token" HUB_HOME="$tmp/home" \
	"$py" scripts/hub_check.py; then
	echo "--- jupyterhub log (last 60 lines)"
	tail -n 60 "$tmp/hub/hub.log"
	exit 1
fi
