#!/usr/bin/env bash
# Two copies on one PostgreSQL database behind a round-robin (issue 25). A fresh database
# (migrated and given the demo accounts by the operator commands), copy A started and
# CANDIDATES (default 50) candidates made through it — in the zone ZONE (default
# Europe/Brussels, which no other account uses), task e-mails on, a task due within the hour;
# then A is stopped and A and B are started together, as in a deployment: both run the
# background jobs and the webhook worker. scripts/load twoservers then checks that
#   - a session made on one copy is valid on the other, and one ended on one is ended on both;
#   - a write on one copy is never answered stale by the other (each copy keeps answers in
#     memory and revalidates ETags): a list read on A, a create on B, the same list read on A
#     with its old ETag must answer 200 with the new contact — 100 rounds, alternating;
#   - each candidate of the zone receives one morning e-mail between both copies' outboxes,
#     and each night of the zone was run by one copy (their logs);
#   - an agency's webhook endpoint (a receiver on loopback) gets each candidate.created event
#     once, in one attempt, for candidates created alternately on both copies.
# Last, the mixed load at RATE (default 200) calls a second for 30 s, alternating between
# the copies: no error.
#
# Usage: scripts/proof-two-servers.sh [bin/tremplin]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-bin/tremplin}
. scripts/lib/serve.sh
. scripts/lib/proof.sh
rate=${RATE:-200} candidates=${CANDIDATES:-50} zone=${ZONE:-Europe/Brussels} out=${OUT:-tmp/proof}
mkdir -p "$out"
A_PID= B_PID= A_DIR= B_DIR= OPS_DIR=$(mktemp -d)
cleanup() {
	for pid in $A_PID $B_PID; do kill "$pid" 2>/dev/null || true; done
	for pid in $A_PID $B_PID; do wait "$pid" 2>/dev/null || true; done
	rm -rf "${A_DIR:-/nonexistent}" "${B_DIR:-/nonexistent}" "$OPS_DIR"
	pg_drop
}
trap cleanup EXIT

proof_tools
pg_create
DATA_DIR=$OPS_DIR "$binary" migrate >/dev/null
DATA_DIR=$OPS_DIR "$binary" seed-demo >/dev/null
export SERVE_LOG_LEVEL=info # the jobs log the nights they run

serve_start "$binary"
A_PID=$SERVER_PID A_DIR=$SERVE_DIR A_BASE=$BASE
timeout 600 "$LOAD" seed -base "$A_BASE" -outbox "$A_DIR/outbox" -state "$A_DIR/state.json" -candidates "$candidates" \
	-contacts 20 -applications 5 -tasks 10 -zone "$zone" -notifications
kill -TERM "$A_PID"
wait "$A_PID" || { echo "A did not stop cleanly"; exit 1; }

# A again and B, one right after the other: both run the jobs when they start.
SERVE_DIR=$A_DIR BASE=$A_BASE
serve_restart "$binary"
A_PID=$SERVER_PID
serve_start "$binary"
B_PID=$SERVER_PID B_DIR=$SERVE_DIR B_BASE=$BASE
echo "A ($A_PID) at $A_BASE and B ($B_PID) at $B_BASE on one database; load average $(machine_load)"

timeout 600 "$LOAD" twoservers -a "$A_BASE" -b "$B_BASE" -state "$A_DIR/state.json" -zone "$zone" \
	-outboxes "$A_DIR/outbox,$B_DIR/outbox" -logs "$A_DIR/server.log,$B_DIR/server.log"

report=$out/two-servers.json
timeout 240 "$LOAD" run -base "$A_BASE,$B_BASE" -state "$A_DIR/state.json" -rate "$rate" -duration 30s \
	-pids "$A_PID,$B_PID" -out "$report" -label "two copies, PostgreSQL, round-robin"
[ "$(jq .errors "$report")" = 0 ] || { echo "calls failed"; exit 1; }
