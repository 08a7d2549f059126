#!/usr/bin/env bash
# Measures the budgets of `tremplin serve` on SQLite: time from exec to the first 200 of
# /healthz, and the resident memory once idle. Usage: scripts/measure-startup.sh [bin/tremplin]
set -euo pipefail
binary=${1:-bin/tremplin}
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
port=$(( 20000 + RANDOM % 20000 ))
export DATA_DIR=$dir LISTEN_ADDR=127.0.0.1:$port LOG_LEVEL=warn
"$binary" migrate >/dev/null # a database that already exists, as on every start but the first
start=$(date +%s%N)
"$binary" serve >/dev/null 2>&1 &
pid=$!
until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.005; done
ready=$(( ($(date +%s%N) - start) / 1000000 ))
sleep 3
rss=$(awk '/VmRSS/ {print int($2/1024)}' "/proc/$pid/status")
echo "ready in ${ready} ms (budget 1000 ms); idle RSS ${rss} MB (budget 60 MB)"
