#!/usr/bin/env bash
# Load of GET /api/contacts, the budgets of the service-kit issue, measured side by side for
# every binary given (the change and the commit before it, on the same machine, interleaved
# so that the machine's noise falls on both). For each binary: a fresh SQLite server with the
# demo accounts, candidat@ given a network of 100 contacts and essai@ one of 1,000; then, with
# vegeta and a browser's headers (session cookie, Accept-Encoding: gzip):
#   - saturation: requests/s over 10 s with 8 workers, 100 and 1,000 contacts (median of 3 runs);
#   - latency at 200 requests/s for 20 s, 100 contacts: p50, p99;
#   - revalidation: the same with the list's ETag in If-None-Match (answers 304), p50.
# A BIN written postgres:BIN is served on PostgreSQL instead: a fresh database on $PROOF_PG
# (default postgres://postgres@127.0.0.1:5432), dropped at the end — so that one binary can be
# measured on both dialects side by side (scripts/load-contacts.sh bin/tremplin postgres:bin/tremplin).
# Loopback only; each server is stopped at the end. Figures: stdout and $OUT.
#
# Usage: scripts/load-contacts.sh [postgres:]BIN [[postgres:]BIN…]   (vegeta: make bin/vegeta)
set -euo pipefail
cd "$(dirname "$0")/.."
vegeta=${VEGETA:-bin/vegeta}
out=${OUT:-tmp/load-contacts.txt}
rounds=${ROUNDS:-3}
mkdir -p "$(dirname "$out")"
[ -x "$vegeta" ] || { echo "build vegeta first: make bin/vegeta"; exit 1; }
(($# > 0)) || { echo "usage: $0 BIN [BIN…]"; exit 1; }

. scripts/lib/proof.sh
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; wait; pg_drop; rm -rf "$work"' EXIT

# start [postgres:]BIN INDEX: serves BIN on a free port with the demo accounts (on SQLite, or on
# a fresh PostgreSQL database) and seeds the networks.
start() {
	local bin=${1#postgres:} i=$2 port=$((21000 + RANDOM % 20000)) DATABASE_URL=
	mkdir -p "$work/$i"
	[[ $1 != postgres:* ]] || pg_create # sets this call's DATABASE_URL
	DATABASE_URL=$DATABASE_URL DATA_DIR=$work/$i LISTEN_ADDR=127.0.0.1:$port PUBLIC_URL=http://127.0.0.1:$port LOG_LEVEL=error \
		"$bin" serve --demo >"$work/$i/log" 2>&1 &
	pids+=($!)
	until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.05; done
	echo "http://127.0.0.1:$port" >"$work/$i/url"
	seed "$i" candidat@demo.tremplin.fr 100
	seed "$i" essai@demo.tremplin.fr 1000
}

# seed INDEX EMAIL N: signs EMAIL in (cookie kept) and tops their network up to N contacts.
seed() {
	local i=$1 email=$2 n=$3 url
	url=$(cat "$work/$i/url")
	curl -fs -c "$work/$i/$email.jar" -H 'Content-Type: application/json' -H "Origin: $url" \
		-d "{\"email\":\"$email\",\"password\":\"Tremplin-demo-2026\"}" "$url/api/auth/login" >/dev/null
	local have
	have=$(curl -fs -b "$work/$i/$email.jar" "$url/api/contacts" | jq '.contacts | length')
	jq -n --argjson from "$have" --argjson to "$n" '{contacts: [range($from; $to) |
		{firstName: "Prénom\(.)", lastName: "CHARGE", company: "Société \(. % 37)", job: "Poste",
		 email: "contact\(.)@exemple.fr"}]}' >"$work/$i/seed.json"
	if ((n > have)); then
		curl -fs -b "$work/$i/$email.jar" -H 'Content-Type: application/json' -H "Origin: $url" \
			-d @"$work/$i/seed.json" "$url/api/contacts" >/dev/null
	fi
	local got
	got=$(curl -fs -b "$work/$i/$email.jar" "$url/api/contacts" | jq '.contacts | length')
	[ "$got" = "$n" ] || { echo "seeding $email: $got contacts, want $n"; exit 1; }
}

# targets INDEX EMAIL [ETAG]: a vegeta target file for the list, as a browser asks it.
targets() {
	local i=$1 email=$2 etag=${3:-} url cookie
	url=$(cat "$work/$i/url")
	cookie=$(awk '$6 == "tremplin_session" {print $6 "=" $7}' "$work/$i/$email.jar")
	[ -n "$cookie" ] || cookie=$(awk 'NF >= 7 && $1 !~ /^#/ {print $6 "=" $7}' "$work/$i/$email.jar" | tail -1)
	{
		echo "GET $url/api/contacts"
		echo "Cookie: $cookie"
		echo "Accept-Encoding: gzip"
		[ -z "$etag" ] || echo "If-None-Match: $etag"
	} >"$work/$i/targets-$email${etag:+-etag}"
	echo "$work/$i/targets-$email${etag:+-etag}"
}

# attack TARGETS ARGS…: runs vegeta and prints its JSON report.
attack() {
	local t=$1
	shift
	"$vegeta" attack -targets="$t" "$@" | "$vegeta" report -type=json
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

for i in $(seq 1 $#); do start "${!i}" "$i"; done

{
	echo "GET /api/contacts — $(date -u +%FT%TZ), $(nproc) cores, $rounds rounds interleaved"
	printf '%-40s %12s %12s %10s %10s %12s %12s\n' binary "sat-100/s" "sat-1000/s" "p50-200" "p99-200" "304-p50" "304-status"
} | tee "$out"
declare -A sat100 sat1000
for r in $(seq 1 "$rounds"); do
	for i in $(seq 1 $#); do
		sat100[$i]+="$(attack "$(targets "$i" candidat@demo.tremplin.fr)" -rate=0 -max-workers=8 -duration=10s | jq '.throughput') "
		sat1000[$i]+="$(attack "$(targets "$i" essai@demo.tremplin.fr)" -rate=0 -max-workers=8 -duration=10s | jq '.throughput') "
	done
done
for i in $(seq 1 $#); do
	at200=$(attack "$(targets "$i" candidat@demo.tremplin.fr)" -rate=200/s -duration=20s)
	p50=$(jq '.latencies["50th"] / 1e6' <<<"$at200")
	p99=$(jq '.latencies["99th"] / 1e6' <<<"$at200")
	url=$(cat "$work/$i/url")
	etag=$(curl -fs -D - -o /dev/null -b "$work/$i/candidat@demo.tremplin.fr.jar" -H 'Accept-Encoding: gzip' "$url/api/contacts" |
		awk 'tolower($1) == "etag:" {sub(/\r$/, ""); print $2}')
	reval=- revalcodes=-
	if [ -n "$etag" ]; then
		rep=$(attack "$(targets "$i" candidat@demo.tremplin.fr "$etag")" -rate=200/s -duration=10s)
		reval=$(jq '.latencies["50th"] / 1e6' <<<"$rep")
		revalcodes=$(jq -c '.status_codes' <<<"$rep")
	fi
	label=${!i}
	[[ $label == postgres:* ]] && label=postgres:$(basename "${label#postgres:}") || label=$(basename "$label")
	printf '%-40s %12.0f %12.0f %10.2f %10.2f %12s %12s\n' "$label" \
		"$(tr ' ' '\n' <<<"${sat100[$i]}" | grep . | median)" "$(tr ' ' '\n' <<<"${sat1000[$i]}" | grep . | median)" \
		"$p50" "$p99" "$reval" "$revalcodes" | tee -a "$out"
done
echo "(requests/s at saturation with 8 workers; latencies in ms)" | tee -a "$out"
