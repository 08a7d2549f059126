#!/usr/bin/env bash
# A benchmark of this checkout against the same benchmark at another commit, on this machine,
# the two run alternately so that the machine's drift falls on both: these machines are shared,
# and one commit measures 10-15 % apart from one run to the next, more from one day to another.
# Prints benchstat's comparison of every figure the benchmark reports (p50-ms, cpu-ms/op,
# B/op…): the medians, their spread and whether the difference is significant.
#
# Usage: scripts/bench-side-by-side.sh BASE PACKAGE BENCH
#   e.g. scripts/bench-side-by-side.sh 8ffa302 ./services/network ListContactsRebuilt1000
#   ROUNDS (default 6): runs of each, alternating
#   BENCHTIME (default 300x): -test.benchtime of each run
#   BENCH_FILES: files of this checkout copied into BASE before building it, when the
#     benchmark itself changed since (e.g. services/network/bench_test.go)
#   TEST_DATABASE_URL: PostgreSQL too, as for the tests
# Needs webapp/dist (make web): the server embeds it.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: $0 BASE PACKAGE BENCH} pkg=${2:?usage: $0 BASE PACKAGE BENCH} bench=${3:?usage: $0 BASE PACKAGE BENCH}
rounds=${ROUNDS:-6} benchtime=${BENCHTIME:-300x}
[ -f webapp/dist/index.html ] || { echo "webapp/dist is missing: make web" >&2; exit 1; }
make --no-print-directory -s bin/benchstat

work=$(mktemp -d)
trap 'git worktree remove --force "$work/base" 2>/dev/null || true; rm -rf "$work"' EXIT
git worktree add --quiet --detach "$work/base" "$base"
cp -r webapp/dist "$work/base/webapp/"
for f in ${BENCH_FILES:-}; do cp "$f" "$work/base/$f"; done
(cd "$work/base" && go test -c -o "$work/base.test" "$pkg")
go test -c -o "$work/head.test" "$pkg"

label=$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo +changes)
for r in $(seq 1 "$rounds"); do
	for side in base head; do
		echo "round $r of $rounds, $side; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
		(cd "$pkg" && "$work/$side.test" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" \
			-test.benchmem) | grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >>"$work/$side.txt"
	done
done
bin/benchstat "$base=$work/base.txt" "$label=$work/head.txt"
