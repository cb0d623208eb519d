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
SF_TOOLS="clang-14 libclang-rt-14-dev python3-psycopg2 faketime gdb"
if [ -n "${PG_CONFIG:-}" ]; then
	SF_PACKAGES=$SF_TOOLS
else
	SF_PACKAGES="postgresql-$SF_PG_MAJOR postgresql-server-dev-$SF_PG_MAJOR $SF_TOOLS"
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
	make -C "$SF_ROOT" -s PG_CONFIG="$(sf_pg_config)" WERROR=1 >/dev/null
	make -C "$SF_ROOT" -s PG_CONFIG="$(sf_pg_config)" install >/dev/null
}

sf_setup() {
	sf_check_pg_config
	sf_deps
	sf_build_install
}

# Run a command as the cluster's owner: postgres when we are root.
sf_as_owner() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

# A free TCP port on the loopback, chosen at random in 20000-39999.
sf_free_port() {
	local p
	for _ in $(seq 50); do
		p=$((20000 + RANDOM % 20000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
			echo "$p"
			return 0
		fi
	done
	echo 54329
}

# sf_node_start DIR PORT [postgresql.conf lines...]: a throwaway cluster in
# DIR (data, sock, logs), on PORT, run by a non-root owner.
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
		for line in "$@"; do echo "$line"; done
	} >>"$dir/data/postgresql.conf"
	sf_as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null || {
		cat "$dir/server.log"
		return 1
	}
}

sf_node_stop() {
	sf_as_owner "${SF_NODE_BINDIR:-$(sf_bindir)}/pg_ctl" -D "$1/data" -m fast -w stop >/dev/null 2>&1 || true
}

# sf_cluster_start [postgresql.conf lines...]: the main throwaway cluster.
# Sets SF_DIR, PGHOST, PGPORT, PGUSER, PGDATABASE for the rest of the script.
sf_cluster_start() {
	SF_DIR=$(mktemp -d /tmp/snowflake-test.XXXXXX)
	chmod 755 "$SF_DIR"
	export PGHOST="$SF_DIR/sock" PGPORT=$(sf_free_port) PGUSER=postgres PGDATABASE=postgres
	sf_log "starting a throwaway cluster in $SF_DIR on port $PGPORT"
	# autovacuum off: the suites VACUUM ANALYZE what they plan on, and an
	# autovacuum snapshot held during that VACUUM would cost index-only scans.
	sf_node_start "$SF_DIR" "$PGPORT" "max_worker_processes = 16" "autovacuum = off" "$@"
}

sf_cluster_stop() {
	[ -n "${SF_DIR:-}" ] && [ -d "$SF_DIR/data" ] || return 0
	sf_node_stop "$SF_DIR"
	rm -rf "$SF_DIR"
	SF_DIR=
}

sf_psql() {
	"$(sf_bindir)/psql" -X -v ON_ERROR_STOP=1 "$@"
}
