#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (never a browser downloaded by a test tool).
set -euo pipefail
if command -v chromium >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
	echo "Chromium is missing: run 'sudo apt-get install -y chromium' and try again." >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
chromium --version
