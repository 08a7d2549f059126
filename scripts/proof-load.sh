#!/usr/bin/env bash
# The mixed load of the proof suite (issue 25), on SQLite or PostgreSQL: a fresh
# `tremplin serve --demo` on loopback, CANDIDATES (default 200) candidates made through the
# API (scripts/load seed), then RATE (default 500) calls a second for DURATION (default 60)
# seconds — lists, revalidations, single reads, the dashboard, creates, reports, sign-ins,
# over /api and Connect, each call for a candidate drawn at random (scripts/load run). Prints
# the figures by kind of call and the server's resident memory after the load; then leaves
# the server idle IDLE_SECONDS (default 600) and reads its memory again. Fails when a call
# failed; says whether the lists' p99 kept under 50 ms.
#
# Usage: scripts/proof-load.sh sqlite|postgres [bin/tremplin]
#   ROUNDS (default 1): loads run one after the other on the same server (for medians)
#   OUT (default tmp/proof): the reports (JSON) are written there
#   PROOF_PG: PostgreSQL server where a database is made for the run and dropped after
#   (default postgres://postgres@127.0.0.1:5432)
set -euo pipefail
cd "$(dirname "$0")/.."
dialect=${1:?usage: $0 sqlite|postgres [bin/tremplin]}
binary=${2:-bin/tremplin}
. scripts/lib/serve.sh
. scripts/lib/proof.sh
rate=${RATE:-500} duration=${DURATION:-60} candidates=${CANDIDATES:-200}
rounds=${ROUNDS:-1} idle=${IDLE_SECONDS:-600} out=${OUT:-tmp/proof}
mkdir -p "$out"
trap 'serve_stop 2>/dev/null || true; pg_drop' EXIT

proof_tools
case $dialect in
sqlite) unset DATABASE_URL ;;
postgres) pg_create ;;
*) echo "usage: $0 sqlite|postgres [bin/tremplin]" >&2; exit 2 ;;
esac
serve_start "$binary" --demo
echo "$dialect: server $SERVER_PID at $BASE, RSS $(rss_mb) MB; load average $(machine_load)"
timeout 600 "$LOAD" seed -base "$BASE" -outbox "$SERVE_DIR/outbox" -state "$SERVE_DIR/state.json" -candidates "$candidates"
echo "after seeding: RSS $(rss_mb) MB"

failed=0
for r in $(seq 1 "$rounds"); do
	report=$out/load-$dialect-$r.json
	echo
	echo "round $r of $rounds — load average before: $(machine_load)"
	timeout $((duration + 120)) "$LOAD" run -base "$BASE" -state "$SERVE_DIR/state.json" -rate "$rate" \
		-duration "${duration}s" -pids "$SERVER_PID" -out "$report" -label "$dialect, round $r"
	echo "load average after: $(machine_load)"
	p99=$(jq '.classes[] | select(.name == "list") | .p99' "$report")
	verdict=$(jq -n --argjson p "$p99" 'if $p < 50 then "under" else "OVER" end')
	echo "lists' p99: $p99 ms, ${verdict//\"/} the 50 ms budget"
	[ "$(jq .errors "$report")" = 0 ] || failed=1
done

if [ "$idle" -gt 0 ]; then
	echo
	echo "idle for $idle s…"
	sleep "$idle"
	echo "after $idle s idle: RSS $(rss_mb) MB (peak $(awk '/^VmHWM/ {print int($2/1024)}' "/proc/$SERVER_PID/status") MB); load average $(machine_load)" |
		tee "$out/idle-$dialect.txt"
fi
[ "$failed" = 0 ] || { echo "calls failed under load"; exit 1; }
