#!/usr/bin/env bash
# test/bench/04-mint-clients.sh: minting throughput with 1 and 2 client
# sessions (pgbench), gen_snowflake() against nextval() and gen_random_uuid().
# Run by test/bench/run, which exports the connection and PGBENCH, SECONDS_PER_RUN.
set -euo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo 'SELECT gen_snowflake();' >"$dir/snowflake.sql"
echo "SELECT nextval('m_seq');" >"$dir/nextval.sql"
echo 'SELECT gen_random_uuid();' >"$dir/uuid.sql"

tps() { # tps SCRIPT CLIENTS
	"$PGBENCH" -n -M prepared -T "$SECONDS_PER_RUN" -c "$2" -j "$2" -f "$dir/$1.sql" 2>/dev/null |
		sed -n -E 's/^tps = ([0-9.]+).*/\1/p'
}

echo
echo "| pgbench, ${SECONDS_PER_RUN} s per run | 1 client (tps) | 2 clients (tps) | 2 clients / 1 client |"
echo "|---|---:|---:|---:|"
for f in snowflake nextval uuid; do
	one=$(tps $f 1)
	two=$(tps $f 2)
	case $f in
	snowflake) name='`SELECT gen_snowflake()`' ;;
	nextval) name="\`SELECT nextval('seq')\`" ;;
	uuid) name='`SELECT gen_random_uuid()`' ;;
	esac
	awk -v n="$name" -v a="$one" -v b="$two" 'BEGIN { printf "| %s | %.0f | %.0f | %.2f |\n", n, a, b, b / a }'
done
