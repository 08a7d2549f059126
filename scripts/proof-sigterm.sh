#!/usr/bin/env bash
# SIGTERM under load (issue 25). COPIES (default 2) copies of `tremplin serve` on one
# database (SQLite: one file; PostgreSQL: a fresh database), the first with --demo;
# CANDIDATES (default 100) candidates; the mixed load at RATE (default 200) calls a second for
# 20 s through scripts/load's round-robin, which, like a balancer, takes a copy out while its
# /healthz is not 200 (checked every 100 ms); SIGTERM to the first copy 10 s in. Every call
# must be answered (0 failed calls) and the stopped copy must exit 0.
#
# The stopped copy drains for SHUTDOWN_DRAIN (default 1s: its /healthz answers 503, every
# answer closes its connection) before it stops listening; SHUTDOWN_DRAIN=0s shows what the
# drain is for. With COPIES=1 there is no other copy to go to: the calls sent after the copy
# stopped listening are refused by the system (counted apart, they never reached a server),
# and a client talking to a stopping server directly meets the races of TCP and HTTP/1.1
# keep-alive (a connection the server closes as the request is written, a connection still
# in the listen queue when the listener closes): those count as failures.
#
# Usage: scripts/proof-sigterm.sh sqlite|postgres [bin/tremplin]
set -euo pipefail
cd "$(dirname "$0")/.."
dialect=${1:?usage: $0 sqlite|postgres [bin/tremplin]}
binary=${2:-bin/tremplin}
. scripts/lib/serve.sh
. scripts/lib/proof.sh
rate=${RATE:-200} candidates=${CANDIDATES:-100} copies=${COPIES:-2} out=${OUT:-tmp/proof}
mkdir -p "$out"
B_PID= B_DIR= shared=
cleanup() {
	serve_stop 2>/dev/null || true
	[ -z "$B_PID" ] || { kill "$B_PID" 2>/dev/null || true; wait "$B_PID" 2>/dev/null || true; }
	rm -rf "${B_DIR:-/nonexistent}" "${shared:-/nonexistent}"
	pg_drop
}
trap cleanup EXIT

proof_tools
case $dialect in
sqlite) shared=$(mktemp -d) && export DATABASE_URL=sqlite:$shared/tremplin.db ;;
postgres) pg_create ;;
*) echo "usage: $0 sqlite|postgres [bin/tremplin]" >&2; exit 2 ;;
esac
bases=
if [ "$copies" = 2 ]; then
	serve_start "$binary"
	B_PID=$SERVER_PID B_DIR=$SERVE_DIR bases=,$BASE
	kill -TERM "$B_PID" && wait "$B_PID" # made the schema; starts again once the demo is seeded
	SERVER_PID=
fi
serve_start "$binary" --demo
a_pid=$SERVER_PID
if [ "$copies" = 2 ]; then
	SERVE_DIR_A=$SERVE_DIR BASE_A=$BASE
	SERVE_DIR=$B_DIR BASE=${bases#,}
	serve_restart "$binary"
	B_PID=$SERVER_PID
	SERVE_DIR=$SERVE_DIR_A BASE=$BASE_A SERVER_PID=$a_pid
fi
timeout 600 "$LOAD" seed -base "$BASE" -outbox "$SERVE_DIR/outbox" -state "$SERVE_DIR/state.json" \
	-candidates "$candidates" -contacts 20 -applications 5 -tasks 10
echo "$copies copies on $dialect, SHUTDOWN_DRAIN=${SHUTDOWN_DRAIN:-1s (default)}; load average $(machine_load)"
report=$out/sigterm-$dialect-$copies.json
timeout 180 "$LOAD" run -base "$BASE$bases" -state "$SERVE_DIR/state.json" -rate "$rate" -duration 20s \
	-out "$report" -label "$dialect, $copies copies, SIGTERM to the first at 10 s" &
load=$!
sleep 10
echo "SIGTERM to $SERVER_PID"
stopped_at=$(date +%s%N)
kill -TERM "$SERVER_PID"
code=0
wait "$SERVER_PID" || code=$?
echo "the copy exited with status $code after $((($(date +%s%N) - stopped_at) / 1000000)) ms"
SERVER_PID=
wait "$load"
failed=$(load_errors "$report")
echo "failed calls: $failed; refused (no copy listening, never sent): $(jq .refused "$report")"
jq -r '(.errorsBy // {}) | to_entries | map(select(.key | test("connection refused") | not))[] | "  \(.value) × \(.key)"' "$report" | cut -c1-220
[ "$code" = 0 ] && [ "$failed" = 0 ] || { echo "SIGTERM lost calls or did not exit 0"; exit 1; }
