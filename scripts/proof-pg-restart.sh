#!/usr/bin/env bash
# PostgreSQL restarted under load (issue 25). A throw-away cluster of our own (initdb and
# pg_ctl on a loopback port: the shared instance is never restarted), a fresh
# `tremplin serve --demo` on it, CANDIDATES (default 100) candidates, the mixed load at RATE
# (default 200) calls a second for 40 s; 10 s in, PostgreSQL is stopped (fast shutdown) and
# started again GAP (default 5) seconds later. During the gap calls must fail cleanly — an
# error answer, well before the load's 10 s timeout, no hang — and afterwards the same server
# process must answer again without a restart. Then every write it acknowledged is read back
# and every bulk create is whole or absent (scripts/load verify), and a last 10 s of load must
# have no error.
#
# Usage: scripts/proof-pg-restart.sh [bin/tremplin]   (as root: the cluster runs as postgres)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-bin/tremplin}
. scripts/lib/serve.sh
. scripts/lib/proof.sh
rate=${RATE:-200} candidates=${CANDIDATES:-100} gap=${GAP:-5} out=${OUT:-tmp/proof}
mkdir -p "$out"
trap 'serve_stop 2>/dev/null || true; cluster_remove' EXIT

proof_tools
cluster_init
cluster_start
serve_start "$binary" --demo
pid=$SERVER_PID
timeout 600 "$LOAD" seed -base "$BASE" -outbox "$SERVE_DIR/outbox" -state "$SERVE_DIR/state.json" \
	-candidates "$candidates" -contacts 20 -applications 5 -tasks 20
echo "load average $(machine_load)"
report=$out/pg-restart.json
timeout 240 "$LOAD" run -base "$BASE" -state "$SERVE_DIR/state.json" -rate "$rate" -duration 40s -timeout 10s \
	-pids "$SERVER_PID" -out "$report" -acked "$SERVE_DIR/acked.json" -label "PostgreSQL stopped at 10 s for ${gap} s" &
load=$!
sleep 10
echo "$(date +%T) stopping PostgreSQL"
cluster_stop
sleep "$gap"
echo "$(date +%T) starting PostgreSQL"
cluster_start
echo "$(date +%T) PostgreSQL is up"
wait "$load"
echo "calls by second (answered/failed):"
jq -r '.series | to_entries | map("\(.key)s \(.value.ok)/\(.value.errors)") | join("  ")' "$report" | fold -w 120
kill -0 "$pid" || { echo "the server died"; exit 1; }
[ "$SERVER_PID" = "$pid" ] && echo "same server process ($pid), /healthz $(curl -s -o /dev/null -w '%{http_code}' "$BASE/healthz")"
"$LOAD" verify -base "$BASE" -state "$SERVE_DIR/state.json" -acked "$SERVE_DIR/acked.json"
after=$out/pg-restart-after.json
"$LOAD" run -base "$BASE" -state "$SERVE_DIR/state.json" -rate "$rate" -duration 10s -out "$after" -label "10 s after the restart" >"$SERVE_DIR/after.txt"
head -1 "$SERVE_DIR/after.txt"
[ "$(jq .errors "$after")" = 0 ] || { echo "the server did not recover"; exit 1; }
