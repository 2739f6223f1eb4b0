# Sourced by the bench scripts: sets python to Debian's /usr/bin/python3
# (the one its python3-torch is for) and installs python3-torch and
# python3-torchvision with apt-get when they are missing.
python=/usr/bin/python3
if ! "$python" -c 'import torch, torchvision' 2>/dev/null; then
	echo "installing python3-torch and python3-torchvision with apt-get" >&2
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-torch python3-torchvision >/dev/null
fi
