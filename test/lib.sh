# test/lib.sh: shared steps of test/check, test/demo and test/bench.
# Source it; do not run it.
#
#   sf_setup        install the build dependencies (as root), build, install
#   sf_cluster_start / sf_cluster_stop
#                   a throwaway cluster in a temp dir, on a private port and
#                   socket dir, run by a non-root user; never a system cluster
#   sf_psql ARGS    psql against that cluster

SF_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SF_PG_MAJOR=${SF_PG_MAJOR:-15}
# The majors the C code supports; CI builds and tests 15 and 18.
SF_MIN_MAJOR=15
SF_MAX_MAJOR=18
# What the tests need besides a server; Debian's server too unless
# PG_CONFIG names one.
SF_TOOLS="clang-14 libclang-rt-14-dev python3-pglast python3-yaml python3-psycopg2 python3-psycopg libpostgresql-jdbc-java default-jdk-headless pgxnclient unzip gdb"
# the application tests of test/clients: Django, SQLAlchemy, ActiveRecord, Go's lib/pq, Jackson
SF_TOOLS="$SF_TOOLS python3-django python3-sqlalchemy ruby-activerecord ruby-pg golang-go golang-github-lib-pq-dev libjackson2-databind-java"
if [ -n "${PG_CONFIG:-}" ]; then
	SF_PACKAGES=$SF_TOOLS
else
	# pg_cron, for test/cron/run: Debian packages it for 15, not for 18
	SF_PACKAGES="postgresql-$SF_PG_MAJOR postgresql-server-dev-$SF_PG_MAJOR postgresql-$SF_PG_MAJOR-cron $SF_TOOLS"
fi

sf_log() { printf '== %s\n' "$*" >&2; }

# Install what the build and the tests need.  Always as CI does it; set
# SF_SKIP_DEPS=1 to skip when iterating on a machine that has them.
sf_deps() {
	if [ "${SF_SKIP_DEPS:-0}" = 1 ]; then
		return 0
	fi
	if [ "$(id -u)" != 0 ]; then
		sf_log "not root: assuming $SF_PACKAGES are installed"
		return 0
	fi
	sf_log "installing $SF_PACKAGES"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	apt-get install -y -qq $SF_PACKAGES >/dev/null
	# the client tests need Node.js; this kind of machine ships it
	command -v npm >/dev/null || apt-get install -y -qq nodejs npm >/dev/null
}

# sf_verify_tarball FILE: check FILE against a SHA256SUMS beside it, if any;
# exit on a mismatch.
sf_verify_tarball() {
	local sums want sha
	sums="$(dirname "$1")/SHA256SUMS"
	[ -f "$sums" ] || return 0
	sha=$(sha256sum "$1" | cut -d' ' -f1)
	want=$(awk -v f="$(basename "$1")" '$2 == f || $2 == "*" f {print $1}' "$sums")
	if [ -z "$want" ]; then
		sf_log "$(basename "$1") is not listed in $sums: not verified"
	elif [ "$want" != "$sha" ]; then
		echo "snowflake: $(basename "$1") does not match $sums ($sha, expected $want)" >&2
		exit 1
	else
		sf_log "$(basename "$1"): SHA-256 matches $sums"
	fi
}

sf_bindir() { "$(sf_pg_config)" --bindir; }
# The server to build and test against: $PG_CONFIG if given, else Debian's.
sf_pg_config() {
	if [ -n "${PG_CONFIG:-}" ]; then
		echo "$PG_CONFIG"
		return 0
	fi
	local c=/usr/lib/postgresql/$SF_PG_MAJOR/bin/pg_config
	[ -x "$c" ] && echo "$c" || echo pg_config
}
# The server's major version, e.g. 18.
sf_major() { "$(sf_pg_config)" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/'; }

# A PG_CONFIG that is missing or names an unsupported major stops here,
# with one line, before anything is installed.
sf_check_pg_config() {
	local version major
	[ -n "${PG_CONFIG:-}" ] || return 0
	if [ ! -x "$PG_CONFIG" ] || ! version=$("$PG_CONFIG" --version 2>/dev/null); then
		echo "snowflake: PG_CONFIG=$PG_CONFIG is not an executable pg_config" >&2
		exit 1
	fi
	major=$(sed -E -n 's/^PostgreSQL ([0-9]+).*/\1/p' <<<"$version")
	if [ -z "$major" ] || [ "$major" -lt "$SF_MIN_MAJOR" ] || [ "$major" -gt "$SF_MAX_MAJOR" ]; then
		echo "snowflake: $version (PG_CONFIG=$PG_CONFIG) is not supported: snowflake supports PostgreSQL $SF_MIN_MAJOR to $SF_MAX_MAJOR" >&2
		exit 1
	fi
}

# Build warning-free (-Werror), from clean (the objects of another server
# must not be reused), then install into the server's directories.
sf_build_install() {
	sf_log "building and installing for $("$(sf_pg_config)" --version)"
	make -C "$SF_ROOT" -s PG_CONFIG="$(sf_pg_config)" clean >/dev/null
	# make install removes the retired full scripts (Makefile), not the
	# scripts of versions another checkout installed (a later one's update
	# scripts, say): every script of the extension goes first.
	rm -f "$("$(sf_pg_config)" --sharedir)/extension/snowflake--"*.sql
	make -C "$SF_ROOT" -s -j"$(nproc)" PG_CONFIG="$(sf_pg_config)" WERROR=1 >/dev/null
	make -C "$SF_ROOT" -s PG_CONFIG="$(sf_pg_config)" install >/dev/null
}

sf_setup() {
	sf_check_pg_config
	sf_deps
	sf_build_install
}

# sf_timed SECONDS WHAT COMMAND...: run COMMAND (a program or a function)
# for at most SECONDS, in a process group of its own, with TMPDIR a fresh
# directory that its servers and files go in.  On expiry: print what it was
# waiting for (its processes, and what the servers under TMPDIR and the
# main cluster were doing), end the group (TERM, then KILL after
# $SF_TIMED_GRACE s, 20 by default) and return 124.  Either way, stop
# every server still running under TMPDIR (a server started by pg_ctl
# leaves the group), then remove TMPDIR.  Limits nest (a test within the
# whole run), and so do their directories, whose names are therefore
# short: a server's socket path must stay within 107 bytes.
sf_timed() {
	local limit=$1 what=$2 dir pid rc start=$SECONDS
	shift 2
	dir=$(mktemp -d "${TMPDIR:-/tmp}/sf.XXXXXX")
	chmod 1777 "$dir"
	set -m
	TMPDIR=$dir "$@" &
	pid=$!
	set +m
	if sf_wait_for "$pid" "$limit"; then
		rc=$sf_rc
	else
		echo "TIMEOUT: $what: still running after $limit s, waiting for:"
		ps -eo pgid=,pid=,etimes=,args= | awk -v g="$pid" '$1 == g { $1 = "   "; print }'
		sf_activity "$dir"
		kill -TERM -- "-$pid" 2>/dev/null
		sf_wait_for "$pid" "${SF_TIMED_GRACE:-20}" || kill -KILL -- "-$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		rc=124
		echo "TIMEOUT: $what: killed after $limit s"
	fi
	sf_reap "$dir"
	rm -rf "$dir"
	# SF_TIMINGS=FILE: how long each test took, "SECONDS TITLE" a line
	[ -n "${SF_TIMINGS:-}" ] && echo "$((SECONDS - start)) $what" >>"$SF_TIMINGS"
	return "$rc"
}

# sf_wait_for PID SECONDS: wait at most SECONDS for PID, a job of this
# shell; true if it ended, with its status in sf_rc.
sf_wait_for() {
	local sleeper done_pid
	# no EXIT trap of this shell runs in the sleeper when it is killed
	(trap - EXIT; exec sleep "$2") &
	sleeper=$!
	wait -n -p done_pid "$1" "$sleeper"
	sf_rc=$?
	kill "$sleeper" 2>/dev/null
	wait "$sleeper" 2>/dev/null
	[ "${done_pid:-}" = "$1" ]
}

# sf_activity DIR: what the servers under DIR, and the main cluster, are
# doing (pg_stat_activity), each asked for at most 10 s.
sf_activity() {
	local pidfile sock port
	{
		find "$1" -maxdepth 6 -name postmaster.pid 2>/dev/null | while read -r pidfile; do
			echo "$(sed -n 5p "$pidfile") $(sed -n 4p "$pidfile")"
		done
		[ -n "${PGHOST:-}" ] && [ -n "${PGPORT:-}" ] && echo "$PGHOST $PGPORT"
	} | while read -r sock port; do
		echo "    server on $sock port $port:"
		timeout 10 "$(sf_bindir)/psql" -X -At -h "$sock" -p "$port" -U postgres -d postgres -c "
			SELECT format('%s %s %s, waiting %s:%s, for %s s: %s', pid, backend_type, state,
			              wait_event_type, wait_event,
			              round(extract(epoch FROM clock_timestamp() - query_start)), left(query, 200))
			FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND state IS NOT NULL
			  AND state <> 'idle'" 2>&1 | sed 's/^/      /'
	done
}

# sf_reap DIR: stop the servers still running under DIR: an immediate
# shutdown (SIGQUIT), then SIGKILL for the postmaster and its children
# after 15 s.
sf_reap() {
	local pidfile pm
	find "$1" -maxdepth 6 -name postmaster.pid 2>/dev/null | while read -r pidfile; do
		pm=$(head -n 1 "$pidfile")
		[ -n "$pm" ] && kill -0 "$pm" 2>/dev/null || continue
		echo "    stopping the server left running in $(dirname "$pidfile") (pid $pm)"
		kill -QUIT "$pm" 2>/dev/null
		for _ in $(seq 30); do
			kill -0 "$pm" 2>/dev/null || break
			sleep 0.5
		done
		if kill -0 "$pm" 2>/dev/null; then
			pkill -KILL -P "$pm"
			kill -KILL "$pm" 2>/dev/null
		fi
	done
}

# Run a command as the cluster's owner: postgres when we are root.
sf_as_owner() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

# A free TCP port on the loopback, chosen at random below the kernel's
# ephemeral range (net.ipv4.ip_local_port_range, 32768 and up by default):
# a server restarted on its port must not find it taken as the local port
# of some client's connection (the Citus test restarts a worker under load).
sf_free_port() {
	local p low=32768
	read -r low _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || low=32768
	[ "$low" -gt 21024 ] || low=32768
	for _ in $(seq 50); do
		p=$((20000 + RANDOM % (low - 20000)))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return 0
		fi
	done
	echo 19999
}

# sf_node_start DIR PORT [postgresql.conf lines...]: a throwaway cluster in
# DIR (data, sock, logs), on PORT, run by a non-root owner.  Autovacuum is
# off on every node: a test that checks a plan ANALYZEs (or VACUUMs) what
# it plans on itself, so no plan depends on when a worker ran, or on an
# autovacuum snapshot held during the test's VACUUM (which would cost
# index-only scans).  Every node mints as worker 0 (snowflake.worker_id,
# which has no default), unless a line in the arguments gives another:
# a line in the arguments overrides any of these.
# SF_NODE_BINDIR picks another server's binaries (the version matrix).
sf_node_start() {
	local dir=$1 port=$2 line bin=${SF_NODE_BINDIR:-$(sf_bindir)}
	shift 2
	mkdir -p "$dir/sock"
	[ "$(id -u)" = 0 ] && chown -R postgres: "$dir"
	sf_as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust \
		--no-sync -E UTF8 --locale=C >"$dir/initdb.log" 2>&1 || {
		cat "$dir/initdb.log"
		return 1
	}
	{
		echo "port = $port"
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$dir/sock'"
		echo "shared_preload_libraries = '${SF_PRELOAD-snowflake}'"
		echo "fsync = off"
		echo "timezone = 'UTC'"
		echo "autovacuum = off"
		echo "snowflake.worker_id = 0"
		for line in "$@"; do echo "$line"; done
	} >>"$dir/data/postgresql.conf"
	sf_pg_ctl_start "$dir" || {
		cat "$dir/server.log"
		return 1
	}
}

# sf_pg_ctl_start DIR: start the server of a node made by sf_node_start,
# under the moved clock of $SF_NODE_CLOCK (a directory sf_clock_build made)
# if that is set.
sf_pg_ctl_start() {
	local bin=${SF_NODE_BINDIR:-$(sf_bindir)} clock=()
	[ -n "${SF_NODE_CLOCK:-}" ] &&
		clock=(env LD_PRELOAD="$SF_NODE_CLOCK/shift.so" SF_CLOCK_FILE="$SF_NODE_CLOCK/clock.offset")
	sf_as_owner "${clock[@]}" "$bin/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 start >/dev/null
}

# sf_node_stop DIR: a fast shutdown; an immediate one if that takes more
# than 30 s (a backend that does not answer).
sf_node_stop() {
	local ctl=${SF_NODE_BINDIR:-$(sf_bindir)}/pg_ctl
	sf_as_owner "$ctl" -D "$1/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
		sf_as_owner "$ctl" -D "$1/data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
}

# sf_cluster_start [postgresql.conf lines...]: the main throwaway cluster.
# Sets SF_DIR, PGHOST, PGPORT, PGUSER, PGDATABASE for the rest of the script.
sf_cluster_start() {
	SF_DIR=$(mktemp -d "${TMPDIR:-/tmp}/snowflake-test.XXXXXX")
	chmod 755 "$SF_DIR"
	export PGHOST="$SF_DIR/sock" PGPORT=$(sf_free_port) PGUSER=postgres PGDATABASE=postgres
	sf_log "starting a throwaway cluster in $SF_DIR on port $PGPORT"
	sf_node_start "$SF_DIR" "$PGPORT" "max_worker_processes = 16" "$@"
}

sf_cluster_stop() {
	[ -n "${SF_DIR:-}" ] && [ -d "$SF_DIR/data" ] || return 0
	sf_node_stop "$SF_DIR"
	rm -rf "$SF_DIR"
	SF_DIR=
}

# Clocks that a test moves (test/clock/shift.c), for servers started under
# them: the wall clock, and apart from it the monotonic clocks.
# Async-signal-safe: a clock call reads a mapped integer.
#   sf_clock_build DIR            build DIR/shift.so and DIR/shift, offsets 0
#   sf_clock_set DIR MS [MONO_MS] move the wall clock to real time + MS, and
#                                 the monotonic clocks to real + MONO_MS if
#                                 given (else they stay where they are)
#   sf_clock_start DIR BIN NODE   start the node NODE (made by sf_node_start,
#                                 stopped) with the server binaries in BIN
sf_clock_build() {
	cc -O2 -Wall -Wextra -Werror -shared -fPIC -o "$1/shift.so" "$SF_ROOT/test/clock/shift.c" -ldl &&
		cc -O2 -Wall -Wextra -Werror -DSHIFT_MAIN -o "$1/shift" "$SF_ROOT/test/clock/shift.c" &&
		sf_clock_set "$1" 0 0 && chmod 644 "$1/clock.offset" && chmod 755 "$1/shift.so"
}
sf_clock_set() { "$1/shift" "$1/clock.offset" "$2" ${3:+"$3"}; }
sf_clock_start() { SF_NODE_CLOCK=$1 SF_NODE_BINDIR=$2 sf_pg_ctl_start "$3"; }

sf_psql() {
	"$(sf_bindir)/psql" -X -v ON_ERROR_STOP=1 "$@"
}
