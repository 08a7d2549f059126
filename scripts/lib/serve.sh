# Helpers for the load scripts: start `tremplin serve` on a temporary SQLite data dir on
# loopback, watch its memory, stop it. Source this file; it is not a script of its own.
#
#   serve_start BINARY [serve flags…]   starts the server, sets SERVER_PID and BASE (and
#                                       SERVE_DIR, its data dir; DATABASE_URL from the
#                                       environment when set, SERVE_LOG_LEVEL default warn)
#   serve_restart BINARY [serve flags…] starts it again on the same data dir and address
#   watch_start                         samples VmRSS every 50 ms into a file; kills the server
#                                       (by its pid) if it passes RSS_CEILING_MB, so a probe
#                                       of a vulnerable build cannot take the machine down
#   peak_mb                             the highest resident memory seen (VmHWM, or the
#                                       samples when the server was killed)
#   rss_mb                              the resident memory now
#   serve_stop                          stops the server and the sampler

RSS_CEILING_MB=${RSS_CEILING_MB:-3072}

serve_start() {
	local binary=$1
	shift
	SERVE_DIR=$(mktemp -d)
	local port=$((20000 + RANDOM % 20000))
	BASE=http://127.0.0.1:$port
	serve_launch "$binary" "$@"
}

serve_restart() {
	serve_launch "$@"
}

serve_launch() {
	local binary=$1
	shift
	DATA_DIR=$SERVE_DIR LISTEN_ADDR=${BASE#http://} PUBLIC_URL=$BASE LOG_LEVEL=${SERVE_LOG_LEVEL:-warn} SMTP_URL= \
		"$binary" serve "$@" >>"$SERVE_DIR/server.log" 2>&1 &
	SERVER_PID=$!
	local tries=0
	until curl -fs "$BASE/healthz" >/dev/null 2>&1; do
		tries=$((tries + 1))
		if [ "$tries" -gt 600 ] || ! kill -0 "$SERVER_PID" 2>/dev/null; then
			echo "the server did not start; its log:" >&2
			cat "$SERVE_DIR/server.log" >&2
			return 1
		fi
		sleep 0.05
	done
}

watch_start() {
	WATCH_FILE=$SERVE_DIR/peak
	echo 0 >"$WATCH_FILE"
	(
		peak=0
		while kv=$(grep '^VmRSS' "/proc/$SERVER_PID/status" 2>/dev/null); do
			kb=$(echo "$kv" | awk '{print $2}')
			if [ "$kb" -gt "$peak" ]; then
				peak=$kb
				echo "$peak" >"$WATCH_FILE"
			fi
			if [ "$kb" -gt $((RSS_CEILING_MB * 1024)) ]; then
				echo "killed" >"$WATCH_FILE.killed"
				kill -9 "$SERVER_PID" 2>/dev/null
				break
			fi
			sleep 0.05
		done
	) &
	WATCH_PID=$!
}

rss_mb() {
	awk '/^VmRSS/ {print int($2/1024)}' "/proc/$SERVER_PID/status" 2>/dev/null || echo "-"
}

peak_mb() {
	local hwm sampled
	hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$SERVER_PID/status" 2>/dev/null || echo 0)
	sampled=$(cat "$WATCH_FILE" 2>/dev/null || echo 0)
	[ -n "$hwm" ] || hwm=0
	[ "$sampled" -gt "$hwm" ] && hwm=$sampled
	echo $((hwm / 1024))
}

server_killed() { [ -f "$WATCH_FILE.killed" ]; }

serve_stop() {
	if [ -n "${WATCH_PID:-}" ]; then
		kill "$WATCH_PID" 2>/dev/null || true
		wait "$WATCH_PID" 2>/dev/null || true
	fi
	if [ -n "${SERVER_PID:-}" ]; then
		kill "$SERVER_PID" 2>/dev/null || true
		wait "$SERVER_PID" 2>/dev/null || true
	fi
	WATCH_PID= SERVER_PID=
	rm -rf "${SERVE_DIR:?}"
}
