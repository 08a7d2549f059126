#!/usr/bin/env bash
# Sends a gzip bomb — about 1 MB on the wire, 1 GiB of JSON once inflated — to the JSON
# routes of a real `tremplin serve` (SQLite in a temporary dir, loopback only), one fresh
# server per route, and prints the answer and the server's peak resident memory.
#
# Usage: scripts/gzip-bomb.sh [bin/tremplin]
#   RSS_CEILING_MB (default 3072): the server is killed past it, so that probing a build
#   that inflates whole bodies cannot exhaust the machine ("killed" in the table).
#   BOMB_MIB (default 1024): size of the inflated JSON.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-bin/tremplin}
. scripts/lib/serve.sh

work=$(mktemp -d)
trap 'serve_stop 2>/dev/null || true; rm -rf "$work"' EXIT
mib=${BOMB_MIB:-1024}

# bomb FILE PREFIX SUFFIX: PREFIX, BOMB_MIB MiB of "a", SUFFIX, gzip-compressed.
bomb() {
	{ printf '%s' "$2"; head -c $((mib << 20)) /dev/zero | tr '\0' a; printf '%s' "$3"; } | gzip -9 >"$1"
}
bomb "$work/login.gz" '{"email":"bombe@exemple.fr","password":"' '"}'
bomb "$work/contact.gz" '{"lastName":"' '","firstName":"Bombe"}'
echo "bombs: $(stat -c %s "$work/login.gz") and $(stat -c %s "$work/contact.gz") bytes compressed, ${mib} MiB of JSON inflated"
printf '%-52s %-8s %-14s %-16s %s\n' "request" "answer" "peak RSS (MB)" "RSS 3 s after" "time"

# shoot LABEL PATH BOMB [signed-in]: one fresh server, one bomb.
shoot() {
	local label=$1 path=$2 file=$3 signed=${4:-}
	serve_start "$binary" --demo
	local jar=$work/jar
	rm -f "$jar"
	if [ -n "$signed" ]; then
		curl -s -o /dev/null -c "$jar" -H 'Content-Type: application/json' \
			-d '{"email":"candidat@demo.tremplin.fr","password":"Tremplin-demo-2026"}' "$BASE/api/auth/login"
	fi
	local before
	before=$(rss_mb)
	watch_start
	local start code after
	start=$(date +%s%N)
	code=$(curl -s -o "$work/answer" -w '%{http_code}' --max-time 90 -b "$jar" \
		-H 'Content-Type: application/json' -H 'Content-Encoding: gzip' \
		--data-binary "@$file" "$BASE$path" || true)
	local took=$((($(date +%s%N) - start) / 1000000))
	sleep 3
	if server_killed; then
		after="killed"
		code="$code (server killed at ${RSS_CEILING_MB} MB)"
	else
		after="$(rss_mb)"
	fi
	printf '%-52s %-8s %-14s %-16s %s\n' "$label" "$code" "$(peak_mb) (idle $before)" "$after" "${took} ms"
	if [ -s "$work/answer" ]; then
		echo "    answer: $(head -c 300 "$work/answer")"
	fi
	serve_stop
}

shoot "POST /api/auth/login (anonymous)" /api/auth/login "$work/login.gz"
shoot "POST /api/contact (anonymous)" /api/contact "$work/contact.gz"
shoot "POST /api/contact (signed in)" /api/contact "$work/contact.gz" signed
shoot "Connect AuthService/Login (anonymous, for reference)" /tremplin.auth.v1.AuthService/Login "$work/login.gz"
