#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests (never a browser downloaded by a test tool):
# chromium-headless-shell, the headless-only build the tests drive (a quarter less CPU than the
# full browser in its headless mode: no browser UI renderer), and chromium for a person looking
# at the app.
set -euo pipefail
if command -v chromium >/dev/null && command -v chromium-headless-shell >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
	echo "Chromium is missing: run 'sudo apt-get install -y chromium chromium-headless-shell' and try again." >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell >/dev/null
chromium-headless-shell --version
