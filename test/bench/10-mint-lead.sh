#!/usr/bin/env bash
# test/bench/10-mint-lead.sh: the sustained rate at the bound.  1, 2 and 4
# sessions (pgbench) mint flat out, 100,000 ids a transaction (4 calls a
# row of generate_series(1, 25000)), for SECONDS_PER_RUN s each, after 2 s
# of the same that take the ids to the bound (snowflake.max_lead) if the
# sessions mint faster than 4096 ids a millisecond.  Prints the ids a
# second against the cap, 4,096,000 a second (4096 ids a millisecond of
# time), and how far ahead of the clock an id minted right after the run
# is: the bound when the sessions ran at it, less when they could not mint
# that fast.  Then waits for the clock to catch up with the ids.  Run by
# test/bench/run, which exports the connection and PGBENCH, SECONDS_PER_RUN.
set -euo pipefail
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
psql=$(dirname "$PGBENCH")/psql
q() { "$psql" -X -At -v ON_ERROR_STOP=1 -c "$1"; }
q "SET client_min_messages = warning; CREATE EXTENSION IF NOT EXISTS snowflake" >/dev/null
echo 'SELECT count(gen_snowflake()), count(gen_snowflake()), count(gen_snowflake()), count(gen_snowflake()) FROM generate_series(1, 25000);' >"$dir/flat.sql"
# how far the next id is ahead of the clock read just after it, ms
lead() { q "SELECT round(date_part('epoch', snowflake_timestamp(id) - t)::numeric * 1000)
              FROM (SELECT gen_snowflake() AS id, clock_timestamp() AS t) s"; }

echo
echo "| flat out at the bound (snowflake.max_lead = $(q "SHOW snowflake.max_lead")), ${SECONDS_PER_RUN} s per run | ids a second | of the cap (4,096,000/s) | ids ahead of the clock after the run |"
echo "|---|---:|---:|---:|"
for c in 1 2 4; do
	"$PGBENCH" -n -T 2 -c "$c" -j "$c" -f "$dir/flat.sql" >/dev/null 2>&1
	tps=$("$PGBENCH" -n -T "$SECONDS_PER_RUN" -c "$c" -j "$c" -f "$dir/flat.sql" 2>/dev/null |
		sed -n -E 's/^tps = ([0-9.]+).*/\1/p')
	ahead=$(lead)
	awk -v c="$c" -v t="$tps" -v a="$ahead" \
		'BEGIN { printf "| %d session%s | %.2f M | %.0f%% | %d ms |\n", c, (c > 1 ? "s" : ""), t / 10, t * 100000 / 4096000 * 100, a }'
done
q "SELECT pg_sleep(greatest(0, date_part('epoch', snowflake_timestamp(gen_snowflake()) - clock_timestamp())) + 0.005)" >/dev/null
