# notebook-browser.sh is sourced by the browser checks (browser-check.sh,
# widgets-check.sh). start_notebook_and_chromium starts Jupyter Notebook
# serving $tmp/nb on a free loopback port with a random token, waits until it
# answers, and starts headless Chromium with its DevTools port open. It uses
# the caller's $py and $tmp, appends both processes to the caller's pids
# array, and sets nbport, token and cdport. Logs: $tmp/jupyter.log and
# $tmp/chromium.log.

free_port() { "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

start_notebook_and_chromium() {
	nbport=$(free_port)
	token=$("$py" -c 'import secrets; print(secrets.token_hex(16))')

	echo "== jupyter-notebook on 127.0.0.1:$nbport"
	local root=()
	[ "$(id -u)" = 0 ] && root=(--allow-root)
	jupyter-notebook "${root[@]}" --no-browser --ip=127.0.0.1 --port="$nbport" --port-retries=0 \
		--NotebookApp.token="$token" --notebook-dir="$tmp/nb" \
		>"$tmp/jupyter.log" 2>&1 &
	pids+=($!)
	for _ in $(seq 1 60); do
		if "$py" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$nbport/api/status?token=$token', timeout=2)" 2>/dev/null; then
			break
		fi
		sleep 0.5
	done

	echo "== headless chromium"
	cdport=$(free_port)
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$tmp/chromium" --remote-debugging-address=127.0.0.1 \
		--remote-debugging-port="$cdport" --window-size=1200,1600 about:blank \
		>"$tmp/chromium.log" 2>&1 &
	# (chromium logs D-Bus errors in a container; they are harmless and stay in its log)
	pids+=($!)
}
