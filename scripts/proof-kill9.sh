#!/usr/bin/env bash
# kill -9 during writes, SQLite (issue 25): a fresh `tremplin serve --demo`, CANDIDATES
# (default 100) candidates, the mixed load (a fifth of it writes) at RATE (default 200)
# calls a second for 20 s; 10 s in the server is killed with SIGKILL, and started again on the
# same data dir 2 s later while the load goes on. Every write acknowledged before the kill
# must be there after it (WAL: a commit is in the log before its answer leaves), no bulk
# create half written (scripts/load verify), SQLite's integrity check must pass, and the
# restarted server must take 10 s of load without an error.
#
# Usage: scripts/proof-kill9.sh [bin/tremplin]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-bin/tremplin}
. scripts/lib/serve.sh
. scripts/lib/proof.sh
rate=${RATE:-200} candidates=${CANDIDATES:-100} out=${OUT:-tmp/proof}
mkdir -p "$out"
trap 'serve_stop 2>/dev/null || true' EXIT
unset DATABASE_URL

proof_tools
serve_start "$binary" --demo
timeout 600 "$LOAD" seed -base "$BASE" -outbox "$SERVE_DIR/outbox" -state "$SERVE_DIR/state.json" \
	-candidates "$candidates" -contacts 20 -applications 5 -tasks 20
echo "load average $(machine_load)"
report=$out/kill9.json
timeout 180 "$LOAD" run -base "$BASE" -state "$SERVE_DIR/state.json" -rate "$rate" -duration 20s \
	-out "$report" -acked "$SERVE_DIR/acked.json" -label "SQLite, kill -9 at 10 s" &
load=$!
sleep 10
echo "$(date +%T) kill -9 $SERVER_PID"
kill -9 "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
ls -la "$SERVE_DIR" | grep tremplin.db
sleep 2
serve_restart "$binary" --demo
echo "$(date +%T) restarted as $SERVER_PID"
wait "$load"
echo "calls by second (answered/failed):"
jq -r '.series | to_entries | map("\(.key)s \(.value.ok)/\(.value.errors)") | join("  ")' "$report" | fold -w 120
"$LOAD" verify -base "$BASE" -state "$SERVE_DIR/state.json" -acked "$SERVE_DIR/acked.json"
echo "integrity check: $(sqlite3 "file:$SERVE_DIR/tremplin.db?mode=ro" 'PRAGMA integrity_check')"
after=$out/kill9-after.json
"$LOAD" run -base "$BASE" -state "$SERVE_DIR/state.json" -rate "$rate" -duration 10s -out "$after" -label "10 s after the restart" >"$SERVE_DIR/after.txt"
head -1 "$SERVE_DIR/after.txt"
[ "$(jq .errors "$after")" = 0 ] || { echo "the restarted server failed calls"; exit 1; }
