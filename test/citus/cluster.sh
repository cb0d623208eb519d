# test/citus/cluster.sh: a Citus test cluster on the loopback, for
# test/citus/run and test/bench/citus.  Source it after test/lib.sh, with
# PG_CONFIG naming a server that has Citus and snowflake installed.
#
#   citus_start BASE   coordinator c (snowflake.worker_id = 1) and workers
#                      w1 (2) and w2 (3), each with Citus and snowflake
#                      preloaded; plus solo (10), one plain server with
#                      snowflake only, to check results against
#   citus_stop         stops every node that citus_start started
#   cq NODE SQL...     psql -At on NODE's database "postgres"
#   cport NODE         NODE's port

declare -A CITUS_PORT
CITUS_BASE=

cport() { echo "${CITUS_PORT[$1]}"; }

cq() {
	local node=$1
	shift
	PGOPTIONS="-c client_min_messages=warning" "$(sf_bindir)/psql" -X -q -At -v ON_ERROR_STOP=1 \
		-h 127.0.0.1 -p "${CITUS_PORT[$node]}" -U postgres -d postgres "$@"
}

# The Citus library is present in the server that PG_CONFIG names.
citus_available() {
	[ -f "$("$(sf_pg_config)" --pkglibdir)/citus.so" ]
}

citus_start() {
	local node worker preload extra
	CITUS_BASE=$1
	for node in c w1 w2 solo; do
		CITUS_PORT[$node]=$(sf_free_port)
	done
	for node in c w1 w2 solo; do
		case $node in
		c) worker=1 ;; w1) worker=2 ;; w2) worker=3 ;; solo) worker=10 ;;
		esac
		preload="citus,snowflake"
		[ "$node" = solo ] && preload=snowflake
		# Citus connects to the nodes over TCP; trust on 127.0.0.1 is
		# initdb's default.  Shard moves use logical replication, and
		# transactions over several nodes use two-phase commit.
		extra=("listen_addresses = '127.0.0.1'" "shared_preload_libraries = '$preload'"
			"snowflake.worker_id = $worker" "wal_level = logical" "max_prepared_transactions = 100"
			"max_worker_processes = 32" "max_wal_senders = 20" "max_replication_slots = 20"
			"shared_buffers = '${CITUS_SHARED_BUFFERS:-128MB}'")
		[ "$node" = solo ] && extra=("listen_addresses = '127.0.0.1'" "snowflake.worker_id = $worker"
			"shared_buffers = '${CITUS_SHARED_BUFFERS:-128MB}'")
		sf_node_start "$CITUS_BASE/$node" "${CITUS_PORT[$node]}" "${extra[@]}" || return 1
	done
	for node in c w1 w2; do
		cq "$node" -c "CREATE EXTENSION citus" || return 1
	done
	cq c -c "SELECT citus_set_coordinator_host('127.0.0.1', $(cport c))" \
		-c "SELECT citus_add_node('127.0.0.1', $(cport w1))" \
		-c "SELECT citus_add_node('127.0.0.1', $(cport w2))" >/dev/null
}

citus_stop() {
	local node
	[ -n "$CITUS_BASE" ] || return 0
	for node in c w1 w2 solo; do
		sf_node_stop "$CITUS_BASE/$node"
	done
}
