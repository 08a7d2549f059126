#!/usr/bin/env bash
# A sign-in storm against a real `tremplin serve` (SQLite in a temporary dir, loopback
# only): STORM (default 60) concurrent POST /api/auth/login with the right password, spread
# over the six demo accounts, then as many at once each for a different unknown e-mail (every
# one costs a password hash). Prints the answers counted by status, the peak resident memory
# of the server (VmHWM), its memory a few seconds later, and whether it still answers.
#
# Usage: scripts/signin-storm.sh [bin/tremplin]
#   RSS_CEILING_MB (default 3072): the server is killed past it.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-bin/tremplin}
. scripts/lib/serve.sh

n=${STORM:-60}
work=$(mktemp -d)
trap 'serve_stop 2>/dev/null || true; rm -rf "$work"' EXIT

# wave NAME EMAIL-OF-I PASSWORD: n sign-ins at once; prints the answers counted by status.
wave() {
	local conf=$work/$1.curl
	: >"$conf"
	for i in $(seq 1 "$n"); do
		[ "$i" -gt 1 ] && echo next >>"$conf"
		cat >>"$conf" <<CONF
url = "$BASE/api/auth/login"
header = "Content-Type: application/json"
data = "{\"email\":\"$($2 "$i")\",\"password\":\"$3\"}"
output = "/dev/null"
write-out = "%{http_code}\n"
CONF
	done
	local start
	start=$(date +%s%N)
	curl -s --no-progress-meter --parallel --parallel-immediate --parallel-max "$n" --max-time 60 -K "$conf" >"$work/$1.codes" || true
	local took=$((($(date +%s%N) - start) / 1000000))
	echo "  answers: $(sort "$work/$1.codes" | uniq -c | awk '{printf "%s×%s ", $2, $1}')in ${took} ms"
}
unknown() { echo "tempete-$1@exemple.fr"; }
demo_accounts=(admin agence candidat essai expire licence-expiree)
demo() { echo "${demo_accounts[$(($1 % 6))]}@demo.tremplin.fr"; }

serve_start "$binary" --demo
echo "server ready, idle RSS $(rss_mb) MB; $n concurrent sign-ins per wave"
watch_start

echo "wave 1: the six demo accounts, right password"
wave demo demo "Tremplin-demo-2026"
echo "  peak RSS so far $(peak_mb) MB, RSS now $(rss_mb) MB"

echo "wave 2: $n unknown e-mails, wrong passwords"
wave unknown unknown "Mauvais-mdp-1"
echo "  peak RSS $(peak_mb) MB, RSS now $(rss_mb) MB"

sleep 5
if server_killed; then
	echo "the server passed ${RSS_CEILING_MB} MB and was killed"
	exit 1
fi
echo "5 s later: RSS $(rss_mb) MB (peak $(peak_mb) MB); /healthz $(curl -s -o /dev/null -w '%{http_code}' "$BASE/healthz")"
