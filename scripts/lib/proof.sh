# Helpers of the proof scripts (scripts/proof-*.sh, issue 25): source after serve.sh.
#
#   proof_tools                  builds the load generator (scripts/load) into $LOAD
#   pg_create                    a fresh database on $PROOF_PG (default: the CI-like instance on
#                                127.0.0.1:5432); exports DATABASE_URL
#   pg_drop                      drops every database pg_create made
#   cluster_init / cluster_start / cluster_stop
#                                a throw-away PostgreSQL cluster of our own (initdb, pg_ctl, run as
#                                the postgres user, on a loopback port), to restart under load
#                                without touching the shared instance; exports DATABASE_URL
#   cluster_remove               stops it and removes its files
#   machine_load                 the machine's load averages (1, 5, 15 min), for the figures
#   load_errors FILE             the errors of a run's report, less the refused ones

LOAD=${LOAD:-tmp/load}
PROOF_PG=${PROOF_PG:-postgres://postgres@127.0.0.1:5432}
PG_DBS=()
CLUSTER_DIR=

proof_tools() {
	mkdir -p "$(dirname "$LOAD")"
	go build -o "$LOAD" ./scripts/load
}

pg_create() {
	local db=tremplin_proof_$$_$RANDOM
	psql -q "$PROOF_PG/postgres?sslmode=disable" -c "CREATE DATABASE $db" >/dev/null
	PG_DBS+=("$db")
	export DATABASE_URL="$PROOF_PG/$db?sslmode=disable"
}

pg_drop() {
	local db
	for db in "${PG_DBS[@]}"; do
		psql -q "$PROOF_PG/postgres?sslmode=disable" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
	done
	PG_DBS=()
}

cluster_init() {
	CLUSTER_DIR=$(mktemp -d)
	chown postgres "$CLUSTER_DIR"
	CLUSTER_PORT=$((40000 + RANDOM % 20000))
	runuser -u postgres -- initdb -D "$CLUSTER_DIR/data" -A trust -U postgres >"$CLUSTER_DIR/initdb.log" 2>&1
	export DATABASE_URL="postgres://postgres@127.0.0.1:$CLUSTER_PORT/postgres?sslmode=disable"
}

cluster_start() {
	runuser -u postgres -- pg_ctl -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/postgres.log" -w -t 60 \
		-o "-p $CLUSTER_PORT -k $CLUSTER_DIR -c listen_addresses=127.0.0.1" start >/dev/null
}

cluster_stop() {
	runuser -u postgres -- pg_ctl -D "$CLUSTER_DIR/data" -m fast -w -t 60 stop >/dev/null
}

cluster_remove() {
	[ -n "$CLUSTER_DIR" ] || return 0
	runuser -u postgres -- pg_ctl -D "$CLUSTER_DIR/data" -m immediate stop >/dev/null 2>&1 || true
	rm -rf "${CLUSTER_DIR:?}"
	CLUSTER_DIR=
}

machine_load() { cut -d' ' -f1-3 /proc/loadavg; }

load_errors() { jq '.errors - .refused' "$1"; }
